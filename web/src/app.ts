// mountPlayground builds the whole playground inside one container and wires the one-way
// flow: input (pointer, keyboard, files, controls) -> store actions -> engine -> renderer
// and controls. Everything it attaches is container-scoped or removed by destroy(), so a
// page (or a test, or an embedding element) can mount and unmount it freely.
//
// The same function builds the full page and an embedded playground; options choose the
// chrome (header or none), which control groups show, which per-cell numbers are drawn,
// whether the map can be edited, and where the stylesheet goes (a shadow root keeps it
// inside an <astar-playground> element). With no options it builds the full page.
import { loadEngine, type Engine, type Point } from './engine/engine';
import { FrameLoop } from './frame-loop';
import { attachFileDrop } from './input/files';
import { attachKeyboard } from './input/keyboard';
import type { HoverInfo } from './input/pointer';
import { readPalette } from './render/palette';
import type { PaneCanvas } from './render/pane-canvas';
import { MapLayer } from './render/rasters';
import { CELL_LABELS, type CellLabel } from './scene/pane-scene';
import { HeatCache } from './state/heat';
import type { Run } from './state/run';
import { MapSceneSource, type SceneInputs } from './state/scenes';
import { PlaygroundStore, type Change, type Language } from './state/store';
import { buildCompareBar } from './ui/compare-bar';
import { buildComparison } from './ui/comparison';
import { CONTROL_GROUPS, DEFAULT_EMBED_CONTROLS, EDITING_GROUPS, type ControlGroup } from './ui/controls';
import { el, focusedIn, Phrases } from './ui/dom';
import { exportPng, exportSvg } from './ui/exports';
import { initialLanguage, isLanguage, LANGUAGES, rememberLanguage } from './ui/i18n';
import { buildInspector } from './ui/inspector';
import { buildPanel } from './ui/panel';
import { Pane } from './ui/pane';
import { buildSharePanel, pageLinks, type ShareLinks } from './ui/share-panel';
import { buildTransport } from './ui/transport';
import { buildFirstRunHint } from './ui/first-run-hint';
import { MapCursorView } from './ui/map-cursor';
import styles from './ui/styles.css?inline';
import narrowStyles from './ui/narrow.css?inline';

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
  /** Start with the Inspect tool, as on a touch screen; default: whether the primary pointer is coarse. */
  touchFirst?: boolean;
  /**
   * Runs once the playground is built, before its first update and its first frame: what
   * it loads (the page's link) is the first state shown.
   */
  beforeFirstUpdate?: (playground: PlaygroundHandle) => void;
}

export interface PlaygroundHandle {
  readonly store: PlaygroundStore;
  readonly engine: Engine;
  /** The first pane's canvas and its drawing (the only pane outside compare mode). */
  readonly canvas: HTMLCanvasElement;
  readonly renderer: PaneCanvas;
  /** Every pane's canvas, in pane order. */
  readonly canvases: HTMLCanvasElement[];
  /** Draws every pane now instead of at the next animation frame. */
  drawNow(): void;
  /** Shows only these control groups (editing groups stay hidden while read-only). */
  setControls(groups: Iterable<ControlGroup>): void;
  setLabels(labels: Iterable<CellLabel>): void;
  setReadonly(readonly: boolean): void;
  readonly readonly: boolean;
  destroy(): void;
}

/** How long a frame spends drawing panes before it leaves the rest to the next frame. */
const DRAW_BUDGET_MS = 10;
/** While a job runs the searches on, a pane is drawn at most this often. */
const JOB_DRAW_INTERVAL_MS = 100;

export async function mountPlayground(container: HTMLElement, options: MountOptions = {}): Promise<PlaygroundHandle> {
  const engine = await loadEngine();
  const storage = options.storage === undefined ? safeLocalStorage() : options.storage;
  const language = options.language ?? initialLanguage(storage, navigator.languages ?? [navigator.language]);
  const store = new PlaygroundStore(engine, language);
  // Touch screens start with Inspect: a finger has no hover, so a tap is how it reads a cell,
  // and a tap that painted a wall (and restarted the search) surprised every new user
  // (issue 21). Drawing is one press on Wall away. A mouse starts with Wall, as before.
  const touchFirst = options.touchFirst ?? matchMedia('(pointer: coarse)').matches;
  if (touchFirst) store.setTool('inspect');
  const phrases = new Phrases(language);
  const cleanups: Array<() => void> = [];
  const embedded = options.chrome === 'embed';
  let readonly = options.readonly ?? false;
  let controls = new Set<ControlGroup>(options.controls ?? (embedded ? DEFAULT_EMBED_CONTROLS : CONTROL_GROUPS));
  let labels: ReadonlySet<CellLabel> = new Set(options.labels ?? CELL_LABELS);
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

  const dropHint = phrases.text(el('div', { class: 'ap-drop-hint', hidden: true }), 'dropHint');
  const paneGrid = el('div', { class: 'ap-panes', 'data-region': 'panes' }, dropHint);
  const compareBar = buildCompareBar(store, phrases);
  const comparison = buildComparison(store, phrases);
  // The one frame loop: the clock's tick, then every pane whose scene changed. A pane of a
  // big map whose search moved takes a few milliseconds to draw (its fills are painted
  // again), and four of them would hold a frame up: panes are drawn in turn, from the one
  // after the last drawn, until DRAW_BUDGET_MS is spent, and the others at the next frame.
  // While a job runs the searches on (instant, a recomputation, a replay), a pane is drawn
  // at most every JOB_DRAW_INTERVAL_MS: the picture still moves, and the job gets the time.
  let firstPane = 0;
  // New panes are measured at the next frame, first thing (see syncPanes).
  let measureAtFrame = false;
  const loop = new FrameLoop((now) => {
    measureIfDue();
    const playing = store.tick(now);
    const begin = performance.now();
    let waiting = false;
    for (let i = 0; i < panes.length; i++) {
      if (i > 0 && performance.now() - begin > DRAW_BUDGET_MS) {
        firstPane = (firstPane + i) % panes.length;
        return true;
      }
      const pane = panes[(firstPane + i) % panes.length]!;
      if (store.busy && now - pane.picture.drawnAt < JOB_DRAW_INTERVAL_MS) waiting = true;
      else pane.draw();
    }
    return playing || waiting;
  });
  cleanups.push(() => loop.destroy());
  const mapLayer = new MapLayer();
  const mapScenes = new MapSceneSource();
  const heats = new HeatCache();
  // A cell picked in the open-list inspector, ringed in the inspected run's pane.
  let highlight: { run: Run; cell: Point } | null = null;
  const inspector = buildInspector(store, phrases, (task) => loop.later(task), (run, cell) => {
    highlight = cell ? { run, cell } : null;
    requestDraw();
    // The narration follows the inspected search.
    transport.update(new Set<Change>(['search']));
  });
  // The panel (built below) holds the Moving AI query list, whose verdict joins the status line.
  let scenarioVerdict = () => '';
  const transport = buildTransport(store, phrases, () => inspector.run, compareBar.element, () => scenarioVerdict());
  cleanups.push(() => transport.destroy());
  const stage = el('section', { class: 'ap-stage' }, paneGrid, transport.element, comparison.element, inspector.element);
  // A page's first visit says what to do; an embed's page says that itself.
  // Dismissed, the hint hands the keyboard's focus to the map it is about.
  const firstRunHint = embedded ? null : buildFirstRunHint(storage, phrases, touchFirst, () => panes[0]?.canvas.focus());
  // Above the map, not over it: the map's top rows are where a learner looks first.
  if (firstRunHint) stage.prepend(firstRunHint);

  const presetBase = options.mapsBaseUrl ?? new URL('maps/', document.baseURI).href;
  const panel = buildPanel(store, phrases, {
    presetUrl: (file) => new URL(file, presetBase).href,
    exportMap: () => download(new Blob([store.grid.toMapText()], { type: 'text/plain' }), `${store.mapName}.map`),
    // The first pane's search, the whole map.
    exportPng: (size) => void exportPng(store, panes[0]!, size).then((blob) => blob && download(blob, `${store.mapName}.png`)),
    exportSvg: () => { const svg = exportSvg(store, panes[0]!, readPalette(root)); if (svg) download(svg, `${store.mapName}.svg`); },
    embedded,
    heatRange: () => heats.range(store.runs, store.grid, store.heatMode),
  });
  scenarioVerdict = panel.scenarioVerdict;
  // The page's main landmark, for landmark navigation; an embed is inside someone else's
  // page, whose landmarks are its own.
  const main = el(embedded ? 'div' : 'main', { class: 'ap-main' }, stage, panel.element);
  if (embedded) root.append(main, header);
  else root.append(header, main);
  container.append(root);

  // ------------------------------------------------------------------ panes, one per run
  // The pointer's cell is outlined in every pane (the same place on the same map); its
  // tooltip shows in the pane it is over.
  let hover: { pane: Pane; info: HoverInfo } | null = null;
  const editable = () => !readonly;
  const sceneInputs = (pane: Pane): SceneInputs | null => {
    const { run } = pane;
    if (!store.runs.includes(run)) return null;
    return {
      run,
      map: mapScenes.of(store.grid),
      start: store.start,
      goal: store.goal,
      width: store.canvasWidth,
      height: store.canvasHeight,
      view: store.view,
      labels,
      heat: heats.of(store.runs, store.grid, store.heatMode, run),
      mesh: store.navMesh.scene,
      hover: hover?.info.cell ?? null,
      highlight: highlight?.run === run ? highlight.cell : null,
      cursor: pane.canvas.matches(':focus') ? mapCursor.shown : null,
    };
  };
  const onHover = (pane: Pane, info: HoverInfo | null) => {
    // Mouse moves within one cell only move the tooltip: no wasm reads, no redraw.
    const sameCell = hover !== null && info !== null && hover.pane === pane && hover.info.cell.x === info.cell.x && hover.info.cell.y === info.cell.y;
    if (hover && hover.pane !== pane) hover.pane.showTooltip(null, false);
    hover = info ? { pane, info } : null;
    pane.showTooltip(info, !sameCell);
    if (!sameCell) requestDraw();
  };
  const panes: Pane[] = [];
  // The keyboard's cursor shows its cell's details as a tap would, beside the cell.
  const mapCursor = new MapCursorView(store, (canvas) => panes.find((pane) => pane.canvas === canvas)?.run, (canvas, cell) => {
    const pane = panes.find((candidate) => candidate.canvas === canvas);
    if (!pane) return;
    const rect = canvas.getBoundingClientRect(), { view } = store;
    onHover(pane, { cell, clientX: rect.left + view.offsetX + (cell.x + 0.5) * view.scale, clientY: rect.top + view.offsetY + (cell.y + 0.5) * view.scale, tapped: true });
    requestDraw();
  });
  root.append(mapCursor.announcer);
  const resizeObserver = new ResizeObserver(() => measurePanes());
  cleanups.push(() => resizeObserver.disconnect());
  /** Panes follow the runs: one each, in order, made and removed as runs come and go. */
  const syncPanes = () => {
    const same = panes.length === store.runs.length && panes.every((pane, i) => pane.run === store.runs[i]);
    if (same) return;
    // A pane that goes while it holds the keyboard's focus (its × pressed) hands it on below.
    const focused = focusedIn(root);
    const focusLostAt = panes.findIndex((pane) => !store.runs.includes(pane.run) && focused !== null && pane.element.contains(focused));
    for (const pane of panes.splice(0)) {
      if (store.runs.includes(pane.run)) panes.push(pane);
      else {
        if (hover?.pane === pane) hover = null;
        resizeObserver.unobserve(pane.canvasWrap);
        pane.destroy();
      }
    }
    const kept = new Map(panes.map((pane) => [pane.run, pane]));
    panes.length = 0;
    for (const run of store.runs) {
      const pane = kept.get(run) ?? new Pane(store, run, {
        mapLayer, themeSource: root, inputs: sceneInputs, wake: () => loop.wake(), later: (task) => loop.later(task), onHover, editable, wheelZoomNeedsModifier: embedded,
      });
      panes.push(pane);
    }
    paneGrid.replaceChildren(...panes.map((pane) => pane.element), dropHint);
    paneGrid.dataset.count = String(panes.length);
    root.classList.toggle('ap-comparing', panes.length > 1);
    panes.forEach((pane, i) => {
      pane.place(i, panes.length > 1);
      pane.show(visibleGroups());
      if (!kept.has(pane.run)) pane.update(new Set<Change>(['options', 'search', 'language']));
    });
    if (focusLostAt >= 0) panes[Math.min(focusLostAt, panes.length - 1)]!.takeFocus();
    // Every pane is the same size (the grid's cells are equal), so the first one's size is
    // the view's canvas size for all.
    // The panes are measured and drawn at the next frame, whose layout is needed anyway,
    // rather than by forcing a layout here: on a 1024 x 1024 map's page start, two forced
    // layouts and draws were a third of one long task. The frame's own callback measures
    // (so whoever waits for that frame finds the panes sized and drawn); the observer
    // follows later resizes.
    resizeObserver.disconnect();
    resizeObserver.observe(panes[0]!.canvasWrap);
    describeCanvases();
    measureAtFrame = true;
    requestDraw();
  };
  const measurePanes = () => {
    const rect = panes[0]!.canvasWrap.getBoundingClientRect();
    store.setCanvasSize(Math.round(rect.width), Math.round(rect.height));
    drawPanes();
  };
  const requestDraw = () => loop.wake();
  const drawPanes = () => { for (const pane of panes) pane.draw(); };
  // Whoever asks for a drawing now (the element, before it says it is ready) gets the
  // panes measured first if they have not been yet.
  const drawNow = () => {
    if (!measureIfDue()) drawPanes();
  };
  /** Measures (and so draws) new panes if they wait for it; false when none do. */
  const measureIfDue = () => {
    if (!measureAtFrame) return false;
    measureAtFrame = false;
    measurePanes();
    return true;
  };

  // ------------------------------------------------------------------ other input
  // An embedded playground hears keys only while focus is inside it: the page around it
  // keeps its own keys (Space scrolls, arrows move the caret).
  cleanups.push(attachKeyboard(options.keyboardTarget ?? (embedded ? root : container.ownerDocument), container, store, mapCursor, editable));
  cleanups.push(attachFileDrop(root, store, panel.loadScenario, (active) => { dropHint.hidden = !active; }, editable));
  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const onScheme = () => {
    for (const pane of panes) pane.picture.refreshTheme();
    requestDraw();
    // The legend's colours are read at the frame too, when its style is computed anyway.
    loop.later(() => panel.refreshTheme());
  };
  darkQuery.addEventListener('change', onScheme);
  cleanups.push(() => darkQuery.removeEventListener('change', onScheme));

  // ------------------------------------------------------------------ options that can change later
  const visibleGroups = () => {
    const visible = new Set(controls);
    if (readonly) for (const group of EDITING_GROUPS) visible.delete(group);
    return visible;
  };
  const showControls = () => {
    const visible = visibleGroups();
    compareBar.show(visible);
    transport.show(visible);
    panel.show(visible);
    for (const pane of panes) pane.show(visible);
    inspector.element.hidden = !visible.has('inspect');
    if (!inspector.element.hidden) inspector.update(new Set<Change>(['options', 'search', 'language']));
    share.element.hidden = !visible.has('share');
    languageLabel.hidden = !visible.has('language');
    header.hidden = embedded && share.element.hidden && languageLabel.hidden;
    main.classList.toggle('ap-no-panel', panel.element.hidden);
  };
  const setReadonly = (value: boolean) => {
    readonly = value;
    root.classList.toggle('ap-readonly', readonly);
    describeCanvases();
    showControls();
  };
  const describeCanvases = () => {
    const size = { width: store.grid.width, height: store.grid.height };
    for (const pane of panes) pane.canvas.setAttribute('aria-label', phrases.translate(readonly ? 'canvas.labelReadonly' : 'canvas.label', size));
  };
  // The page's title (its tab, its bookmark) and language (what screen readers read it as)
  // follow the playground's; an embed's page keeps its own.
  const nameDocument = () => {
    if (embedded) return;
    container.ownerDocument.title = phrases.translate('app.title');
    container.ownerDocument.documentElement.lang = store.language;
  };

  // ------------------------------------------------------------------ state -> view
  const onChange = (changes: ReadonlySet<Change>) => {
    if (changes.has('language')) {
      phrases.setLanguage(store.language);
      for (const pane of panes) pane.setLanguage(store.language);
      root.lang = store.language;
      languageSelect.value = store.language;
      tutorialLink.href = tutorialHref(store.language);
      rememberLanguage(storage, store.language);
      nameDocument();
    }
    // Runs come and go with 'options', but a run's measurement may report ('search')
    // before that change is announced: panes follow the runs on every change.
    syncPanes();
    if (changes.has('options') || changes.has('language')) panes.forEach((pane, i) => pane.place(i, panes.length > 1));
    transport.update(changes);
    panel.update(changes);
    compareBar.update(changes);
    comparison.update(changes);
    for (const pane of panes) pane.update(changes);
    if (!inspector.element.hidden) inspector.update(changes);
    if (changes.has('map') || changes.has('language')) {
      // Phones size the map area to the map's shape; wide screens ignore this.
      const aspect = Math.min(1.6, Math.max(0.8, store.grid.width / store.grid.height));
      paneGrid.style.setProperty('--map-aspect', aspect.toFixed(3));
      describeCanvases();
    }
    if (hover && (changes.has('search') || changes.has('map') || changes.has('language'))) hover.pane.showTooltip(hover.info, true);
    // A tapped cell's numbers stay beside the cell through a pinch or a pan.
    else if (hover?.info.tapped && changes.has('view')) hover.pane.showTooltip(hover.info, false);
    // Any change may show in a pane, or start playback: a frame looks.
    requestDraw();
  };
  const playground: PlaygroundHandle = {
    store,
    engine,
    get canvas() { return panes[0]!.canvas; },
    get renderer() { return panes[0]!.picture; },
    get canvases() { return panes.map((pane) => pane.canvas); },
    drawNow,
    setControls: (groups) => {
      controls = new Set(groups);
      showControls();
    },
    setLabels: (next) => {
      labels = new Set(next);
      requestDraw();
    },
    setReadonly,
    get readonly() { return readonly; },
    destroy: () => {
      for (const cleanup of cleanups.reverse()) cleanup();
      for (const pane of panes) pane.destroy();
      store.destroy();
      root.remove();
    },
  };
  // The controls are built; the panes and the first update come in a task of their own
  // (together they were one task of 80 to 100 ms on a 1024 x 1024 map's link). Nothing in
  // the panes can be shown before that task: they do not exist yet, and the first frame
  // after it measures and draws them. So what beforeFirstUpdate loads (the page's link)
  // is the first map shown, never the default one for a frame first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  options.beforeFirstUpdate?.(playground);
  cleanups.push(store.subscribe(onChange));
  syncPanes();
  setReadonly(readonly);
  nameDocument();
  // Colours come from the stylesheet, which applies only once the root is in the document.
  onScheme();
  onChange(new Set<Change>(['map', 'search', 'ui', 'options']));

  return playground;
}

// One parsed stylesheet for every playground in the document: the page adopts it, and so
// does each <astar-playground>'s shadow root, whose styles stay inside it.
let sharedSheet: CSSStyleSheet | undefined;
function adoptStyles(target: Document | ShadowRoot): void {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(`${styles}\n${narrowStyles}`);
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
