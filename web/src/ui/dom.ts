// Building the page's elements without innerHTML (nothing from input ever becomes markup)
// and keeping their words in the chosen language.
import type { Language } from '../state/store';
import { translate, type PhraseKey } from './i18n';

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** Sets text only when it differs, so per-frame updates do not churn the DOM or screen readers. */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

export function setAttribute(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** The element with the keyboard's focus in `node`'s tree (the page, or an embed's shadow root). */
export function focusedIn(node: Node): Element | null {
  return (node.getRootNode() as Document | ShadowRoot).activeElement;
}

/**
 * The value shown beside a range slider. Not a live region, which an <output> is by default:
 * the timeline's would be read out at every frame of playback. The slider itself says it
 * (showRangeValue).
 */
export function rangeOutput(): HTMLOutputElement {
  return el('output', { class: 'ap-output', 'aria-live': 'off' });
}

/** Shows a slider's value beside it and gives it to screen readers as the slider's own (30%, not 0.3). */
export function showRangeValue(input: HTMLInputElement, output: HTMLOutputElement, text: string): void {
  setText(output, text);
  setAttribute(input, 'aria-valuetext', text);
}

/** Elements whose text or attribute is a fixed phrase, re-translated on language change. */
export class Phrases {
  private readonly bindings: Array<(language: Language) => void> = [];

  constructor(private language: Language) {}

  /** An element's text content. */
  text<E extends Element>(element: E, key: PhraseKey, params?: Record<string, string | number>): E {
    return this.bind(element, (language) => setText(element, translate(language, key, params)));
  }

  /** An element's attribute (aria-label, title, placeholder). */
  attribute<E extends Element>(element: E, name: string, key: PhraseKey): E {
    return this.bind(element, (language) => setAttribute(element, name, translate(language, key)));
  }

  /** Any other language-dependent update. */
  bind<E extends Element>(element: E, apply: (language: Language) => void): E {
    this.bindings.push(apply);
    apply(this.language);
    return element;
  }

  translate(key: PhraseKey, params?: Record<string, string | number>): string {
    return translate(this.language, key, params);
  }

  /** A span holding a phrase. */
  span(key: PhraseKey, className?: string): HTMLSpanElement {
    return this.text(el('span', { class: className }), key);
  }

  setLanguage(language: Language): void {
    this.language = language;
    for (const apply of this.bindings) apply(language);
  }
}
