// <astar-playground>: the playground as a custom element, and mount(), the same thing for
// scripts. Built by `vite build --mode embed` into ONE self-contained ES module,
// dist/embed/astar-playground.js (the wasm is inlined in the engine module, the stylesheet
// is imported as text and adopted by each element's shadow root), so a page author adds
// one script tag and the element, with no build step. Its declaration, shipped beside it,
// is generated from this file's exports (the public types are in ./api.ts) at the same
// build: what is exported here, with its documentation, is what page authors see.
//
// Every element on a page shares the one engine that loadEngine() caches. An element
// builds its playground when it is first connected and frees it (wasm memory included)
// when it is removed for good; moving it within the page keeps it.
import { mountPlayground, type PlaygroundHandle as MountedPlayground } from '../app';
import { loadEngine, type Catalog } from '../engine/engine';
import { captureShareState, shareFragment } from '../share/playground-state';
import type { Language } from '../state/store';
import { showStartFailure } from '../ui/fatal';
import { languageFromTag } from '../ui/i18n';
import { applySize, EmbeddedPlayground } from './embedded';
import { EMBED_ATTRIBUTES, readEmbedSettings, type EmbedAttribute, type EmbedSettings } from './settings';
import type {
  AstarPlaygroundElement,
  PlaygroundEventDetail,
  PlaygroundHandle,
  PlaygroundInternals,
  PlaygroundOptions,
} from './api';

export type {
  AstarPlaygroundElement,
  CellLabel,
  ControlGroup,
  LanguageCode,
  PlaygroundEventDetail,
  PlaygroundHandle,
  PlaygroundInternals,
  PlaygroundOptions,
} from './api';
export type { AlgorithmName, CostModelName, DiagonalName, HeuristicName } from '../engine/engine';

/** The element's tag name, under which the module registers AstarPlayground when it loads. */
export const TAG_NAME = 'astar-playground';

// The element's own box: a block as wide as its container. Everything else is in the
// playground's stylesheet, adopted by the shadow root in mountPlayground.
const HOST_STYLES = ':host { display: block; min-width: 0; } :host([hidden]) { display: none; }';
let hostSheet: CSSStyleSheet | undefined;

/** The element's class, registered as `astar-playground` when the module loads. */
export class AstarPlayground extends HTMLElement implements AstarPlaygroundElement {
  static get observedAttributes(): readonly string[] {
    return EMBED_ATTRIBUTES;
  }

  /** The playground shown, or null before it is and after removal. */
  private mounted: MountedPlayground | null = null;
  private readyPromise!: Promise<void>;
  private controller: EmbeddedPlayground | null = null;
  private mounting = false;
  private applyPending = false;
  private failed = false;
  private readonly container: HTMLDivElement;
  private settle!: { resolve: () => void; reject: (error: unknown) => void };

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    if (!hostSheet) {
      hostSheet = new CSSStyleSheet();
      hostSheet.replaceSync(HOST_STYLES);
    }
    shadow.adoptedStyleSheets = [hostSheet];
    this.container = document.createElement('div');
    shadow.append(this.container);
    this.resetReady();
  }

  /** Set once the playground is shown (after `astar-ready`); null before and after removal. For tests and debugging: not a stable API. */
  get playground(): PlaygroundInternals | null {
    return this.mounted;
  }

  /** Settles when the playground being built now is shown (or fails); a removed element starts afresh. */
  get ready(): Promise<void> {
    return this.readyPromise;
  }

  private resetReady(): void {
    this.readyPromise = new Promise((resolve, reject) => { this.settle = { resolve, reject }; });
    // Nobody may be awaiting `ready`; a failure is shown in the element and logged anyway.
    this.readyPromise.catch(() => undefined);
  }

  connectedCallback(): void {
    if (!this.mounted && !this.mounting) void this.mount();
  }

  disconnectedCallback(): void {
    // Moving an element disconnects and reconnects it in one go; only a removal that
    // lasts frees the playground.
    queueMicrotask(() => {
      if (!this.isConnected) this.unmount();
    });
  }

  attributeChangedCallback(): void {
    // Batched: several attributes written in one go (mount()'s update) are applied once.
    if (this.applyPending) return;
    this.applyPending = true;
    queueMicrotask(() => this.flushAttributes());
  }

  /** @internal Applies attribute changes still waiting for their microtask now (mount()'s update). */
  flushAttributes(): void {
    if (!this.applyPending) return;
    this.applyPending = false;
    this.applyAttributes();
  }

  /** The share fragment ("v2=...") of what the playground shows now. */
  shareFragment(): string {
    if (!this.mounted) throw new Error('<astar-playground> is not shown yet: await element.ready first');
    return shareFragment(this.mounted.store);
  }

  /** @internal Frees the playground now (mount()'s destroy calls it; removal does it on its own). */
  unmount(): void {
    if (!this.mounted) return;
    this.controller?.destroy();
    this.controller = null;
    this.mounted.destroy();
    this.mounted = null;
    this.resetReady(); // connected again, it builds a new playground
  }

  private async mount(): Promise<void> {
    if (this.failed) this.resetReady(); // a new attempt after a failed one
    this.failed = false;
    this.mounting = true;
    this.container.replaceChildren(); // the message of an earlier failed attempt
    try {
      const engine = await loadEngine();
      const { settings } = this.readSettings(engine.catalog);
      const playground = await mountPlayground(this.container, {
        chrome: 'embed',
        styleRoot: this.shadowRoot!,
        storage: null, // an embed never remembers anything in the host page's storage
        language: settings.language ?? this.pageLanguage(),
        controls: settings.controls ?? undefined,
        labels: settings.labels ?? undefined,
        readonly: settings.readonly,
        // The module is built into dist/embed/, beside the page and its maps: found at run time.
        mapsBaseUrl: new URL(/* @vite-ignore */ '../maps/', import.meta.url).href,
        links: { page: new URL(/* @vite-ignore */ '../index.html', import.meta.url).href, script: import.meta.url },
      });
      if (!this.isConnected) {
        playground.destroy(); // removed while the engine was loading
        this.failed = true; // connected again, it starts afresh with a new `ready`
        this.settle.reject(new DOMException('<astar-playground> was removed before it was shown', 'AbortError'));
        return;
      }
      this.mounted = playground;
      this.controller = new EmbeddedPlayground(playground, captureShareState(playground.store), this, {
        step: (detail) => this.emit('astar-step', detail),
        done: (detail) => this.emit('astar-done', detail),
      });
      this.applyAttributes();
      // Ready means shown: measured and drawn now rather than at the next frame.
      playground.drawNow();
      this.settle.resolve();
      this.dispatchEvent(new CustomEvent('astar-ready', { bubbles: true, composed: true }));
    } catch (error) {
      showStartFailure(this.container, error);
      this.failed = true;
      this.settle.reject(error);
    } finally {
      this.mounting = false;
    }
  }

  private applyAttributes(): void {
    if (!this.controller || !this.mounted) return;
    const { settings, problems } = this.readSettings(this.mounted.engine.catalog);
    applySize(this.container, settings);
    this.controller.apply(settings, problems, this.pageLanguage());
  }

  private readSettings(catalog: Catalog): { settings: EmbedSettings; problems: string[] } {
    return readEmbedSettings((name: EmbedAttribute) => this.getAttribute(name), catalog);
  }

  /** The language of the page around the element (its nearest `lang`), when it names none itself. */
  private pageLanguage(): Language {
    const lang = this.parentElement?.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang;
    return languageFromTag(lang) ?? 'en';
  }

  private emit(type: 'astar-step' | 'astar-done', detail: PlaygroundEventDetail): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** Attribute values for mount()'s options: lists joined by spaces, flags present or absent. */
function setOptions(element: HTMLElement, options: PlaygroundOptions): void {
  for (const [name, value] of Object.entries(options) as Array<[keyof PlaygroundOptions, unknown]>) {
    if (!(EMBED_ATTRIBUTES as readonly string[]).includes(name)) throw new TypeError(`mount(): unknown option "${name}"`);
    if (value === undefined || value === null || value === false) element.removeAttribute(name);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, Array.isArray(value) ? value.join(' ') : String(value));
  }
}

/** Adds a playground to the end of `target` and resolves once it is shown. */
export async function mount(target: HTMLElement, options: PlaygroundOptions = {}): Promise<PlaygroundHandle> {
  if (!(target instanceof Element)) throw new TypeError(`mount() needs the element to add the playground to, got ${target === null ? 'null' : typeof target}`);
  const element = document.createElement(TAG_NAME) as AstarPlayground;
  setOptions(element, options);
  target.append(element);
  try {
    await element.ready;
  } catch (error) {
    element.remove();
    throw error;
  }
  return {
    element,
    on(type, listener) {
      const handler = (event: Event) => listener((event as CustomEvent<PlaygroundEventDetail>).detail);
      const name = type === 'step' ? 'astar-step' : 'astar-done';
      element.addEventListener(name, handler);
      return () => element.removeEventListener(name, handler);
    },
    update(changes) {
      setOptions(element, changes);
      element.flushAttributes();
    },
    shareFragment: () => element.shareFragment(),
    destroy() {
      element.remove();
      element.unmount();
    },
  };
}

if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, AstarPlayground);
