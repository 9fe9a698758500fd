// mountPlayground builds the whole playground inside one container and wires the one-way
// flow: input (pointer, keyboard, files, controls) -> store actions -> engine -> renderer
// and controls. Everything it attaches is container-scoped or removed by destroy(), so a
// page (or a test, or an embedding element) can mount and unmount it freely.
import { loadEngine, type Engine } from './engine/engine';
import { attachFileDrop } from './input/files';
import { attachKeyboard } from './input/keyboard';
import { attachCanvasInput, type HoverInfo } from './input/pointer';
import { PlaygroundRenderer } from './render/renderer';
import { PlaygroundStore, type Change, type Language } from './state/store';
import { cellDetails } from './ui/describe';
import { el, Phrases } from './ui/dom';
import { initialLanguage, isLanguage, LANGUAGES, rememberLanguage } from './ui/i18n';
import { buildPanel } from './ui/panel';
import { buildTransport } from './ui/transport';
import './ui/styles.css';

export interface MountOptions {
  /** UI language; default: remembered choice, else the browser's language. */
  language?: Language;
  /** Where the language choice is remembered; null to remember nothing. Default localStorage. */
  storage?: Storage | null;
  /** Where keyboard shortcuts are heard; default the container's document. */
  keyboardTarget?: Document | HTMLElement;
  /** Base URL of the preset maps folder; default "maps/" next to the page. */
  mapsBaseUrl?: string;
}

export interface PlaygroundHandle {
  readonly store: PlaygroundStore;
  readonly engine: Engine;
  readonly canvas: HTMLCanvasElement;
  readonly renderer: PlaygroundRenderer;
  /** Draws now instead of at the next animation frame. */
  drawNow(): void;
  destroy(): void;
}

export async function mountPlayground(container: HTMLElement, options: MountOptions = {}): Promise<PlaygroundHandle> {
  const engine = await loadEngine();
  const storage = options.storage === undefined ? safeLocalStorage() : options.storage;
  const language = options.language ?? initialLanguage(storage, navigator.languages ?? [navigator.language]);
  const store = new PlaygroundStore(engine, language);
  const phrases = new Phrases(language);
  const cleanups: Array<() => void> = [];

  // ------------------------------------------------------------------ layout
  const root = el('div', { class: 'ap-root', lang: language });
  const languageSelect = el('select', { 'data-control': 'language' }, ...LANGUAGES.map((l) => el('option', { value: l.code }, l.name)));
  languageSelect.value = language;
  languageSelect.addEventListener('change', () => {
    if (isLanguage(languageSelect.value)) store.setLanguage(languageSelect.value);
  });
  const header = el('header', { class: 'ap-header' },
    el('div', { class: 'ap-titles' }, phrases.text(el('h1', {}), 'app.title'), phrases.text(el('p', { class: 'ap-tagline' }), 'app.tagline')),
    el('label', { class: 'ap-language' }, phrases.span('language', 'ap-label'), languageSelect));

  const canvas = el('canvas', { class: 'ap-canvas', role: 'img', tabindex: 0, 'data-region': 'canvas' });
  const tooltip = el('div', { class: 'ap-tooltip', role: 'tooltip', hidden: true, 'data-region': 'tooltip' });
  const dropHint = phrases.text(el('div', { class: 'ap-drop-hint', hidden: true }), 'dropHint');
  const canvasWrap = el('div', { class: 'ap-canvas-wrap' }, canvas, tooltip, dropHint);
  const transport = buildTransport(store, phrases);
  const stage = el('section', { class: 'ap-stage' }, canvasWrap, transport.element);

  const renderer = new PlaygroundRenderer(canvas, store, root);
  const presetBase = options.mapsBaseUrl ?? new URL('maps/', document.baseURI).href;
  const panel = buildPanel(store, phrases, {
    presetUrl: (file) => new URL(file, presetBase).href,
    exportMap: () => download(new Blob([store.grid.toMapText()], { type: 'text/plain' }), `${store.mapName}.map`),
    exportPng: () => {
      const side = Math.max(store.grid.width, store.grid.height);
      const cellPixels = Math.max(1, Math.min(32, Math.floor(2048 / side)));
      void renderer.exportPng(cellPixels).then((blob) => blob && download(blob, `${store.mapName}.png`));
    },
  });
  root.append(header, el('div', { class: 'ap-main' }, stage, panel.element));
  container.append(root);
  // Colours come from the stylesheet, which applies only once the root is in the document.
  renderer.refreshTheme();
  panel.refreshTheme();

  // ------------------------------------------------------------------ tooltip
  let hover: HoverInfo | null = null;
  const showTooltip = () => {
    if (!hover || hover.cell.x >= store.grid.width || hover.cell.y >= store.grid.height) {
      tooltip.hidden = true;
      renderer.hover = null;
      return;
    }
    tooltip.replaceChildren(...cellDetails(store, hover.cell).map((line) => el('div', {}, line)));
    tooltip.hidden = false;
    const wrapRect = canvasWrap.getBoundingClientRect();
    const x = hover.clientX - wrapRect.left, y = hover.clientY - wrapRect.top;
    // Beside the pointer, flipped to stay inside the canvas.
    const left = x + 16 + tooltip.offsetWidth > wrapRect.width ? x - 16 - tooltip.offsetWidth : x + 16;
    const top = y + 16 + tooltip.offsetHeight > wrapRect.height ? y - 16 - tooltip.offsetHeight : y + 16;
    tooltip.style.transform = `translate(${Math.max(0, left)}px, ${Math.max(0, top)}px)`;
    renderer.hover = hover.cell;
  };
  cleanups.push(attachCanvasInput(canvas, store, (info) => {
    hover = info;
    showTooltip();
    renderer.requestDraw();
  }));

  // ------------------------------------------------------------------ other input
  cleanups.push(attachKeyboard(options.keyboardTarget ?? container.ownerDocument, container, store));
  cleanups.push(attachFileDrop(root, store, (active) => { dropHint.hidden = !active; }));
  const resizeObserver = new ResizeObserver(() => {
    const rect = canvasWrap.getBoundingClientRect();
    store.setCanvasSize(Math.round(rect.width), Math.round(rect.height));
    renderer.drawNow();
  });
  resizeObserver.observe(canvasWrap);
  cleanups.push(() => resizeObserver.disconnect());
  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const onScheme = () => { renderer.refreshTheme(); panel.refreshTheme(); };
  darkQuery.addEventListener('change', onScheme);
  cleanups.push(() => darkQuery.removeEventListener('change', onScheme));

  // ------------------------------------------------------------------ state -> view
  const onChange = (changes: ReadonlySet<Change>) => {
    if (changes.has('language')) {
      phrases.setLanguage(store.language);
      root.lang = store.language;
      languageSelect.value = store.language;
      rememberLanguage(storage, store.language);
    }
    transport.update(changes);
    panel.update(changes);
    if (changes.has('map') || changes.has('language')) {
      // Phones size the map area to the map's shape; wide screens ignore this.
      const aspect = Math.min(1.6, Math.max(0.8, store.grid.width / store.grid.height));
      canvasWrap.style.setProperty('--map-aspect', aspect.toFixed(3));
      canvas.setAttribute('aria-label', phrases.translate('canvas.label', { width: store.grid.width, height: store.grid.height }));
    }
    if (hover && (changes.has('search') || changes.has('map') || changes.has('language'))) showTooltip();
    if (changes.has('map') || changes.has('endpoints') || changes.has('search') || changes.has('view')) renderer.requestDraw();
  };
  cleanups.push(store.subscribe(onChange));
  onChange(new Set<Change>(['map', 'search', 'ui', 'options']));
  const rect = canvasWrap.getBoundingClientRect();
  store.setCanvasSize(Math.round(rect.width), Math.round(rect.height));
  renderer.drawNow();

  return {
    store,
    engine,
    canvas,
    renderer,
    drawNow: () => renderer.drawNow(),
    destroy: () => {
      for (const cleanup of cleanups.reverse()) cleanup();
      renderer.destroy();
      store.destroy();
      root.remove();
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = el('a', { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
