// mountPlayground builds the whole playground inside one container and wires the one-way
// flow: input (pointer, keyboard, files, controls) -> store actions -> engine -> renderer
// and controls. Everything it attaches is container-scoped or removed by destroy(), so a
// page (or a test, or an embedding element) can mount and unmount it freely.
//
// The same function builds the full page and an embedded playground; options choose the
// chrome (header or none), which control groups show, which per-cell numbers are drawn,
// whether the map can be edited, and where the stylesheet goes (a shadow root keeps it
// inside an <astar-playground> element). With no options it builds the full page.
import { loadEngine, type Engine } from './engine/engine';
import { attachFileDrop } from './input/files';
import { attachKeyboard } from './input/keyboard';
import { attachCanvasInput, type HoverInfo } from './input/pointer';
import { CELL_LABELS, PlaygroundRenderer, type CellLabel } from './render/renderer';
import { PlaygroundStore, type Change, type Language } from './state/store';
import { CONTROL_GROUPS, DEFAULT_EMBED_CONTROLS, EDITING_GROUPS, type ControlGroup } from './ui/controls';
import { cellDetails } from './ui/describe';
import { el, Phrases } from './ui/dom';
import { initialLanguage, isLanguage, LANGUAGES, rememberLanguage } from './ui/i18n';
import { buildPanel } from './ui/panel';
import { buildSharePanel, pageLinks, type ShareLinks } from './ui/share-panel';
import { buildTransport } from './ui/transport';
import styles from './ui/styles.css?inline';

export interface MountOptions {
  /** UI language; default: remembered choice, else the browser's language. */
  language?: Language;
  /** Where the language choice is remembered; null to remember nothing. Default localStorage. */
  storage?: Storage | null;
  /** Where keyboard shortcuts are heard; default the container's document. */
  keyboardTarget?: Document | HTMLElement;
  /** Base URL of the preset maps folder; default "maps/" next to the page. */
  mapsBaseUrl?: string;
  /** 'page' (default): title header, full-height layout; 'embed': no header, sized by its container. */
  chrome?: 'page' | 'embed';
  /** Control groups shown; default all on the page, DEFAULT_EMBED_CONTROLS in embed chrome. */
  controls?: Iterable<ControlGroup>;
  /** Per-cell numbers drawn on reached cells; default all of CELL_LABELS. */
  labels?: Iterable<CellLabel>;
  /** When true the map cannot be edited (no painting, dragging, undo, import or editing controls). */
  readonly?: boolean;
  /** Where the stylesheet is adopted: the container's document (default) or a shadow root. */
  styleRoot?: Document | ShadowRoot;
  /** Addresses used by the Share and Embed buttons; default derived from the page's own address. */
  links?: ShareLinks;
}

export interface PlaygroundHandle {
  readonly store: PlaygroundStore;
  readonly engine: Engine;
  readonly canvas: HTMLCanvasElement;
  readonly renderer: PlaygroundRenderer;
  /** Draws now instead of at the next animation frame. */
  drawNow(): void;
  /** Shows only these control groups (editing groups stay hidden while read-only). */
  setControls(groups: Iterable<ControlGroup>): void;
  setLabels(labels: Iterable<CellLabel>): void;
  setReadonly(readonly: boolean): void;
  readonly readonly: boolean;
  destroy(): void;
}

export async function mountPlayground(container: HTMLElement, options: MountOptions = {}): Promise<PlaygroundHandle> {
  const engine = await loadEngine();
  const storage = options.storage === undefined ? safeLocalStorage() : options.storage;
  const language = options.language ?? initialLanguage(storage, navigator.languages ?? [navigator.language]);
  const store = new PlaygroundStore(engine, language);
  const phrases = new Phrases(language);
  const cleanups: Array<() => void> = [];
  const embedded = options.chrome === 'embed';
  let readonly = options.readonly ?? false;
  let controls = new Set<ControlGroup>(options.controls ?? (embedded ? DEFAULT_EMBED_CONTROLS : CONTROL_GROUPS));
  adoptStyles(options.styleRoot ?? container.ownerDocument);

  // ------------------------------------------------------------------ layout
  const root = el('div', { class: embedded ? 'ap-root ap-embed' : 'ap-root', lang: language });
  const languageSelect = el('select', { 'data-control': 'language' }, ...LANGUAGES.map((l) => el('option', { value: l.code }, l.name)));
  languageSelect.value = language;
  languageSelect.addEventListener('change', () => {
    if (isLanguage(languageSelect.value)) store.setLanguage(languageSelect.value);
  });
  const languageLabel = el('label', { class: 'ap-language' }, phrases.span('language', 'ap-label'), languageSelect);
  const share = buildSharePanel(store, phrases, options.links ?? pageLinks(container.ownerDocument));
  // The tutorial ships beside the page (dist/tutorial/), in both languages.
  const tutorialLink = phrases.text(el('a', { class: 'ap-button', 'data-control': 'tutorial', href: tutorialHref(language) }), 'tutorial');
  const tools = el('div', { class: 'ap-header-tools' }, ...(embedded ? [] : [tutorialLink]), share.element, languageLabel);
  // An embedded playground has no title: the page around it says what it shows.
  const header = embedded
    ? el('div', { class: 'ap-embed-bar' }, tools)
    : el('header', { class: 'ap-header' },
      el('div', { class: 'ap-titles' }, phrases.text(el('h1', {}), 'app.title'), phrases.text(el('p', { class: 'ap-tagline' }), 'app.tagline')),
      tools);

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
    embedded,
  });
  const main = el('div', { class: 'ap-main' }, stage, panel.element);
  if (embedded) root.append(main, header);
  else root.append(header, main);
  container.append(root);
  // Colours come from the stylesheet, which applies only once the root is in the document.
  renderer.refreshTheme();
  panel.refreshTheme();

  // ------------------------------------------------------------------ tooltip
  let hover: HoverInfo | null = null;
  /** Places the tooltip at the pointer; `refill` also rebuilds its lines (a new cell or new state). */
  const showTooltip = (refill: boolean) => {
    if (!hover || hover.cell.x >= store.grid.width || hover.cell.y >= store.grid.height) {
      tooltip.hidden = true;
      renderer.hover = null;
      return;
    }
    if (refill || tooltip.hidden) tooltip.replaceChildren(...cellDetails(store, hover.cell).map((line) => el('div', {}, line)));
    tooltip.hidden = false;
    const wrapRect = canvasWrap.getBoundingClientRect();
    const x = hover.clientX - wrapRect.left, y = hover.clientY - wrapRect.top;
    // Beside the pointer, flipped to stay inside the canvas.
    const left = x + 16 + tooltip.offsetWidth > wrapRect.width ? x - 16 - tooltip.offsetWidth : x + 16;
    const top = y + 16 + tooltip.offsetHeight > wrapRect.height ? y - 16 - tooltip.offsetHeight : y + 16;
    tooltip.style.transform = `translate(${Math.max(0, left)}px, ${Math.max(0, top)}px)`;
    renderer.hover = hover.cell;
  };
  const editable = () => !readonly;
  cleanups.push(attachCanvasInput(canvas, store, (info) => {
    // Mouse moves within one cell only move the tooltip: no wasm reads, no redraw.
    const sameCell = hover !== null && info !== null && hover.cell.x === info.cell.x && hover.cell.y === info.cell.y;
    hover = info;
    showTooltip(!sameCell);
    if (!sameCell) renderer.requestDraw();
  }, { editable, wheelZoomNeedsModifier: embedded }));

  // ------------------------------------------------------------------ other input
  // An embedded playground hears keys only while focus is inside it: the page around it
  // keeps its own keys (Space scrolls, arrows move the caret).
  cleanups.push(attachKeyboard(options.keyboardTarget ?? (embedded ? root : container.ownerDocument), container, store, editable));
  cleanups.push(attachFileDrop(root, store, (active) => { dropHint.hidden = !active; }, editable));
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

  // ------------------------------------------------------------------ options that can change later
  const showControls = () => {
    const visible = new Set(controls);
    if (readonly) for (const group of EDITING_GROUPS) visible.delete(group);
    transport.show(visible);
    panel.show(visible);
    share.element.hidden = !visible.has('share');
    languageLabel.hidden = !visible.has('language');
    header.hidden = embedded && share.element.hidden && languageLabel.hidden;
    main.classList.toggle('ap-no-panel', panel.element.hidden);
  };
  const setReadonly = (value: boolean) => {
    readonly = value;
    root.classList.toggle('ap-readonly', readonly);
    describeCanvas();
    showControls();
  };
  const describeCanvas = () => {
    const size = { width: store.grid.width, height: store.grid.height };
    canvas.setAttribute('aria-label', phrases.translate(readonly ? 'canvas.labelReadonly' : 'canvas.label', size));
  };
  renderer.setLabels(options.labels ?? CELL_LABELS);
  setReadonly(readonly);

  // ------------------------------------------------------------------ state -> view
  const onChange = (changes: ReadonlySet<Change>) => {
    if (changes.has('language')) {
      phrases.setLanguage(store.language);
      root.lang = store.language;
      languageSelect.value = store.language;
      tutorialLink.href = tutorialHref(store.language);
      rememberLanguage(storage, store.language);
    }
    transport.update(changes);
    panel.update(changes);
    if (changes.has('map') || changes.has('language')) {
      // Phones size the map area to the map's shape; wide screens ignore this.
      const aspect = Math.min(1.6, Math.max(0.8, store.grid.width / store.grid.height));
      canvasWrap.style.setProperty('--map-aspect', aspect.toFixed(3));
      describeCanvas();
    }
    if (hover && (changes.has('search') || changes.has('map') || changes.has('language'))) showTooltip(true);
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
    setControls: (groups) => {
      controls = new Set(groups);
      showControls();
    },
    setLabels: (labels) => renderer.setLabels(labels),
    setReadonly,
    get readonly() { return readonly; },
    destroy: () => {
      for (const cleanup of cleanups.reverse()) cleanup();
      renderer.destroy();
      store.destroy();
      root.remove();
    },
  };
}

// One parsed stylesheet for every playground in the document: the page adopts it, and so
// does each <astar-playground>'s shadow root, whose styles stay inside it.
let sharedSheet: CSSStyleSheet | undefined;
function adoptStyles(target: Document | ShadowRoot): void {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(styles);
  }
  if (!target.adoptedStyleSheets.includes(sharedSheet)) target.adoptedStyleSheets = [...target.adoptedStyleSheets, sharedSheet];
}

function tutorialHref(language: Language): string {
  return language === 'zh-CN' ? 'tutorial/zh-CN/' : 'tutorial/';
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
