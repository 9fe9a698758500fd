// The side panel: search options, drawing tools, map size, generators, presets, import
// and export, the legend and the credits.
import { GENERATOR_NAMES, type GeneratorName } from '../generators/generators';
import { heatGradientCss } from '../render/heat';
import { HEAT_MODES, type HeatMode } from '../scene/pane-scene';
import { readPalette } from '../render/palette';
import { legendOf, type LegendMark } from '../presenters/index';
import { countedKey } from '../presenters/common';
import { formatNumber } from '../scene/format';
import { importFiles } from '../input/files';
import { PRESETS } from '../state/presets';
import { MAX_MAP_SIDE, MAX_SENSE_RADIUS, MIN_MAP_SIDE } from '../state/limits';
import type { Change, PlaygroundStore, Tool } from '../state/store';
import type { WalkStepSize } from '../state/walk-timeline';
import { showGroups, type ControlGroup } from './controls';
import { el, Phrases, rangeOutput, setAttribute, setText, showRangeValue } from './dom';
import { joinSentences, translate, type PhraseKey } from './i18n';
import { buildMeshControls } from './navmesh-controls';
import { buildScenarioList } from './scenario-list';
import { buildSearchOptions } from './search-options';

const TOOLS: Tool[] = ['wall', 'erase', 'terrain', 'inspect'];

/** How large an exported PNG is: a multiple of the map's size on screen, or a width in pixels. */
export type PngSize = { screens: number } | { width: number };
const PNG_SIZES: Array<{ value: string; size: PngSize }> = [
  { value: '2x', size: { screens: 2 } },
  { value: '4x', size: { screens: 4 } },
  ...[1024, 2048, 4096].map((width) => ({ value: String(width), size: { width } })),
];

export interface PanelActions {
  exportMap(): void;
  exportPng(size: PngSize): void;
  exportSvg(): void;
  presetUrl(file: string): string;
  /** Inside another page the wheel scrolls it and Ctrl+wheel zooms; the key hint says so. */
  embedded: boolean;
  /** The range the heat map's colours span (shared by every pane); null without a heat map. */
  heatRange(): { min: number; max: number } | null;
}

export interface Panel {
  element: HTMLElement;
  update(changes: ReadonlySet<Change>): void;
  refreshTheme(): void;
  /** Takes a .scen file's text for the map shown (files dropped on the page come here too). */
  loadScenario(text: string, fileName: string): Promise<boolean>;
  /** The chosen scenario query's verdict ('' for none), for the status line. */
  scenarioVerdict(): string;
  /** Shows only these control groups (the panel's own: options, draw, map, legend, about). */
  show(visible: ReadonlySet<ControlGroup>): void;
}

export function buildPanel(store: PlaygroundStore, phrases: Phrases, actions: PanelActions): Panel {
  const field = (key: PhraseKey, control: HTMLElement, extra?: HTMLElement) =>
    el('label', { class: 'ap-field' }, phrases.span(key, 'ap-label'), control, extra);
  const option = (value: string, key: PhraseKey) => phrases.text(el('option', { value }), key);
  const button = (key: PhraseKey, action: string, onClick: () => void, className = 'ap-button') => {
    const b = phrases.text(el('button', { type: 'button', class: className, 'data-action': action }), key);
    b.addEventListener('click', onClick);
    return b;
  };

  // ---------------------------------------------------------------- search options
  // The first run's; in compare mode every pane shows its own run's instead.
  const searchOptions = buildSearchOptions(store, phrases, () => store.runs[0]!);
  const optionsSection = section('options', phrases, ...Object.values(searchOptions.fields));

  // ---------------------------------------------------------------- walking
  // Shared by every run: the agents walk the same world.
  const unknownTerrain = el('input', { type: 'checkbox', 'data-control': 'unknown-terrain' });
  const senseRadius = el('input', { type: 'range', min: 1, max: MAX_SENSE_RADIUS, step: 1, 'data-control': 'sense-radius' });
  const senseOutput = rangeOutput();
  unknownTerrain.addEventListener('change', () => store.setUnknownTerrain(unknownTerrain.checked));
  senseRadius.addEventListener('input', () => store.setUnknownTerrain(store.unknownTerrain, Number(senseRadius.value)));
  const stepSize = el('select', { 'data-control': 'walk-step' },
    option('move', 'walk.stepSize.move'), option('expansion', 'walk.stepSize.expansion'));
  stepSize.addEventListener('change', () => store.setWalkStepSize(stepSize.value as WalkStepSize));
  const walkSection = section('walking', phrases,
    el('label', { class: 'ap-check' }, unknownTerrain, phrases.span('walk.unknown')),
    el('label', { class: 'ap-field ap-range-field' }, phrases.span('walk.radius', 'ap-label'), senseRadius, senseOutput),
    field('walk.stepSize', stepSize),
    phrases.text(el('p', { class: 'ap-note' }), 'walk.note'));

  // ---------------------------------------------------------------- drawing tools
  const toolButtons = TOOLS.map((tool) => {
    const b = button(`tool.${tool}` as PhraseKey, `tool-${tool}`, () => store.setTool(tool), 'ap-button ap-tool');
    b.dataset.tool = tool;
    return b;
  });
  const terrainCost = el('select', { 'data-control': 'terrain-cost' },
    ...[2, 3, 4, 5, 6, 7, 8, 9].map((cost) => el('option', { value: cost }, String(cost))));
  terrainCost.addEventListener('change', () => store.setTerrainCost(Number(terrainCost.value)));
  const undo = button('undo', 'undo', () => store.undo());
  const redo = button('redo', 'redo', () => store.redo());
  const fit = button('fitView', 'fit-view', () => store.fitView());
  const toolGroup = phrases.attribute(el('div', { class: 'ap-toolbar', role: 'group' }, ...toolButtons), 'aria-label', 'draw');
  const drawSection = section('draw', phrases, toolGroup, field('terrainCost', terrainCost),
    el('div', { class: 'ap-toolbar' }, undo, redo, fit));

  // ---------------------------------------------------------------- map
  const widthInput = el('input', { type: 'number', min: MIN_MAP_SIDE, max: MAX_MAP_SIDE, step: 1, inputmode: 'numeric', 'data-control': 'map-width' });
  const heightInput = el('input', { type: 'number', min: MIN_MAP_SIDE, max: MAX_MAP_SIDE, step: 1, inputmode: 'numeric', 'data-control': 'map-height' });
  const newMap = button('newMap', 'new-map', () => {
    const ok = store.newMap(Number(widthInput.value), Number(heightInput.value));
    widthInput.setAttribute('aria-invalid', String(!ok));
    heightInput.setAttribute('aria-invalid', String(!ok));
  });
  const generator = el('select', { 'data-control': 'generator' }, ...GENERATOR_NAMES.map((g) => option(g, `generator.${g}` as PhraseKey)));
  const density = el('input', { type: 'range', min: 0.05, max: 0.6, step: 0.05, value: 0.3, 'data-control': 'density' });
  const densityOutput = rangeOutput();
  const densityField = el('label', { class: 'ap-field ap-range-field' }, phrases.span('density', 'ap-label'), density, densityOutput);
  const showDensity = () => {
    densityField.hidden = generator.value !== 'random-walls';
    showRangeValue(density, densityOutput, `${Math.round(Number(density.value) * 100)}%`);
  };
  generator.addEventListener('change', showDensity);
  density.addEventListener('input', showDensity);
  showDensity();
  const generate = button('generate', 'generate', () => store.generate(generator.value as GeneratorName, Number(density.value)));

  const preset = el('select', { 'data-control': 'preset' },
    ...PRESETS.map((p) => el('option', { value: p.file }, `${p.file.replace(/\.map$/, '')} ${p.width}×${p.height}`)));
  const loadPreset = button('load', 'load-preset', () => void store.loadMapUrl(actions.presetUrl(preset.value), preset.value));

  const scenarios = buildScenarioList(store);
  // A map, its .scen file, or both at once.
  const fileInput = el('input', { type: 'file', accept: '.map,.scen,text/plain', multiple: true, class: 'ap-visually-hidden', 'data-control': 'import' });
  fileInput.addEventListener('change', () => {
    const files = Array.from(fileInput.files ?? []);
    if (files.length > 0) void importFiles(files, store, scenarios.load).finally(() => { fileInput.value = ''; });
  });
  const importLabel = el('label', { class: 'ap-button ap-file' }, fileInput, phrases.span('import'));
  const exportMap = button('exportMap', 'export-map', () => actions.exportMap());
  const pngSize = el('select', { 'data-control': 'png-size' });
  phrases.bind(pngSize, (language) => {
    const chosen = pngSize.value;
    pngSize.replaceChildren(...PNG_SIZES.map(({ value, size }) => el('option', { value },
      'screens' in size ? translate(language, `exportSize.${value}` as PhraseKey) : translate(language, 'exportSize.width', { n: size.width }))));
    if (chosen) pngSize.value = chosen;
  });
  const exportPng = button('exportPng', 'export-png', () => actions.exportPng(PNG_SIZES.find(({ value }) => value === pngSize.value)!.size));
  const exportSvg = button('exportSvg', 'export-svg', () => actions.exportSvg());

  const mapSection = section('map', phrases,
    el('div', { class: 'ap-row' }, field('width', widthInput), field('height', heightInput), newMap),
    el('div', { class: 'ap-row' }, field('generator', generator), generate),
    densityField,
    el('div', { class: 'ap-row' }, field('preset', preset), loadPreset),
    el('div', { class: 'ap-toolbar' }, importLabel, exportMap, exportSvg),
    el('div', { class: 'ap-row' }, field('exportSize', pngSize), exportPng),
    scenarios.element);

  // ---------------------------------------------------------------- legend and credits
  const swatch = (className: string) => el('span', { class: `ap-swatch ${className}`, 'aria-hidden': 'true' });
  const terrainRamp = el('span', { class: 'ap-ramp', 'aria-hidden': 'true' });
  const legendItem = (mark: HTMLElement, key: PhraseKey) => el('li', {}, mark, phrases.span(key));
  // The learned-h heat map's colours, as every heat map has them.
  const learnedSwatch = swatch('ap-swatch-learned');
  learnedSwatch.style.background = heatGradientCss();
  // Items only some algorithms draw are shown while one of them is chosen.
  const algorithmItems: Record<Exclude<LegendMark, 'inconsistent'>, HTMLElement> = {
    backwardOpen: legendItem(swatch('ap-swatch-backward-open'), 'legend.backwardOpen'),
    backwardClosed: legendItem(swatch('ap-swatch-backward-closed'), 'legend.backwardClosed'),
    meeting: legendItem(swatch('ap-swatch-meeting'), 'legend.meeting'),
    scanned: legendItem(swatch('ap-swatch-scanned'), 'legend.scanned'),
    scan: legendItem(swatch('ap-swatch-scan'), 'legend.scan'),
    jumps: legendItem(el('span', { class: 'ap-swatch ap-swatch-jumps', 'aria-hidden': 'true' }, '3'), 'legend.jumps'),
    sight: legendItem(swatch('ap-swatch-sight'), 'legend.sight'),
    stack: legendItem(swatch('ap-swatch-stack'), 'legend.stack'),
    reused: legendItem(swatch('ap-swatch-reused'), 'legend.reused'),
    learnedH: legendItem(learnedSwatch, 'legend.learnedH'),
    // Subgoals are shaded like scanned cells; the edges drawn like scans.
    subgoal: legendItem(swatch('ap-swatch-scanned'), 'legend.subgoal'),
    landmark: legendItem(swatch('ap-swatch-landmark'), 'legend.landmark'),
    edges: legendItem(swatch('ap-swatch-scan'), 'legend.edges'),
    // The searches on the navigation mesh.
    polygons: legendItem(swatch('ap-swatch-polygons'), 'legend.polygons'),
    corridor: legendItem(swatch('ap-swatch-corridor'), 'legend.corridor'),
    funnel: legendItem(swatch('ap-swatch-funnel'), 'legend.funnel'),
    intervals: legendItem(swatch('ap-swatch-intervals'), 'legend.intervals'),
    roots: legendItem(swatch('ap-swatch-roots'), 'legend.roots'),
    pruned: legendItem(swatch('ap-swatch-pruned'), 'legend.pruned'),
  };
  // Walk mode's marks, shown while the agents walk (fog and sensing only in unknown terrain).
  const walkItems = {
    inconsistent: legendItem(swatch('ap-swatch-open'), 'legend.inconsistent'),
    agent: legendItem(swatch('ap-swatch-agent'), 'legend.agent'),
    trail: legendItem(swatch('ap-swatch-trail'), 'legend.trail'),
    fog: legendItem(swatch('ap-swatch-fog'), 'legend.fog'),
    sense: legendItem(swatch('ap-swatch-sense'), 'legend.sense'),
  };
  const dstarCells = phrases.text(el('p', { class: 'ap-note', hidden: true }), 'legend.cells.dstar');
  // Heat maps: reached cells coloured by one number instead of open and closed.
  const heatSelect = el('select', { 'data-control': 'heat' }, ...HEAT_MODES.map((mode) => option(mode, `heat.${mode}` as PhraseKey)));
  heatSelect.addEventListener('change', () => store.setHeatMode(heatSelect.value as HeatMode));
  const heatLow = el('span', { class: 'ap-heat-value' }), heatHigh = el('span', { class: 'ap-heat-value' });
  const heatBar = el('span', { class: 'ap-heat-bar', 'aria-hidden': 'true' });
  heatBar.style.background = heatGradientCss();
  const heatNote = el('p', { class: 'ap-note' });
  const heatLegend = el('div', { class: 'ap-heat-legend', 'data-region': 'heat-legend', hidden: true },
    el('div', { class: 'ap-heat-scale' }, heatLow, heatBar, heatHigh), heatNote);
  const meshControls = buildMeshControls(store, phrases);
  const legend = section('legend', phrases,
    field('heat', heatSelect),
    heatLegend,
    meshControls.element,
    el('ul', { class: 'ap-legend' },
      legendItem(swatch('ap-swatch-wall'), 'legend.wall'),
      legendItem(terrainRamp, 'legend.terrain'),
      legendItem(swatch('ap-swatch-open'), 'legend.open'),
      legendItem(swatch('ap-swatch-closed'), 'legend.closed'),
      ...Object.values(algorithmItems),
      legendItem(swatch('ap-swatch-path'), 'legend.path'),
      legendItem(swatch('ap-swatch-start'), 'legend.start'),
      legendItem(swatch('ap-swatch-goal'), 'legend.goal'),
      legendItem(swatch('ap-swatch-current'), 'legend.current'),
      ...Object.values(walkItems)),
    phrases.text(el('p', { class: 'ap-note' }), 'legend.cells'),
    dstarCells,
    phrases.text(el('p', { class: 'ap-note' }), actions.embedded ? 'keys.embedded' : 'keys'));
  const about = el('details', { class: 'ap-about' },
    phrases.text(el('summary', {}), 'about'),
    phrases.text(el('p', {}), 'about.engine'),
    phrases.text(el('p', {}), 'about.maps'));

  const refreshTheme = () => {
    const palette = readPalette(terrainRamp);
    terrainRamp.replaceChildren(...palette.terrain.slice(1).map((colour, i) => {
      const cell = el('span', { class: 'ap-ramp-cell' }, String(i + 1));
      cell.style.background = colour;
      return cell;
    }));
  };

  const element = el('aside', { class: 'ap-panel' }, optionsSection, walkSection, drawSection, mapSection, legend, about);

  let shown: ReadonlySet<ControlGroup> = new Set();
  const show = (visible: ReadonlySet<ControlGroup>) => {
    shown = visible;
    optionsSection.hidden = !searchOptions.show(visible) || store.runs.length > 1;
    const sections = showGroups({ walk: walkSection, draw: drawSection, map: mapSection, legend, about }, visible);
    element.hidden = optionsSection.hidden && !sections;
  };

  const update = (changes: ReadonlySet<Change>) => {
    searchOptions.update(changes);
    scenarios.update(changes);
    meshControls.update(changes);
    if (changes.has('options')) show(shown);
    if (changes.has('ui') || changes.has('search') || changes.has('options') || changes.has('language')) {
      const mode = store.heatMode;
      heatSelect.value = mode;
      heatLegend.hidden = mode === 'none';
      const range = mode === 'none' ? null : actions.heatRange();
      setText(heatLow, range ? formatNumber(range.min, 1) : '–');
      setText(heatHigh, range ? formatNumber(range.max, 1) : '–');
      const notes = mode === 'none' ? [] : [translate(store.language, `heat.note.${mode}` as PhraseKey)];
      if (mode !== 'none' && store.runs.length > 1) notes.push(translate(store.language, 'heat.sameScale'));
      setText(heatNote, joinSentences(store.language, notes));
    }
    if (changes.has('options') || changes.has('language') || changes.has('map')) {
      // What the chosen searches draw besides open and closed cells, as their presenters say.
      const marks = new Set(store.runs.flatMap((run) => legendOf(run.options.algorithm)));
      for (const [mark, item] of Object.entries(algorithmItems)) item.hidden = !marks.has(mark as LegendMark);
      walkItems.inconsistent.hidden = dstarCells.hidden = !marks.has('inconsistent');
      // The learned-h heat map is offered while a search that learns h is shown.
      const learnedOption = heatSelect.querySelector<HTMLOptionElement>('option[value="learnedH"]')!;
      learnedOption.hidden = learnedOption.disabled = !marks.has('learnedH') && store.heatMode !== 'learnedH';
    }
    if (changes.has('options') || changes.has('ui') || changes.has('language')) {
      unknownTerrain.checked = store.unknownTerrain;
      senseRadius.value = String(store.senseRadius);
      senseRadius.disabled = !store.unknownTerrain;
      showRangeValue(senseRadius, senseOutput, translate(store.language, countedKey('walk.radiusValue', store.senseRadius), { n: store.senseRadius }));
      stepSize.value = store.walkStepSize;
      walkItems.agent.hidden = walkItems.trail.hidden = !store.walking;
      walkItems.fog.hidden = walkItems.sense.hidden = !store.walking || !store.unknownTerrain;
    }
    if (changes.has('ui') || changes.has('language')) {
      for (const b of toolButtons) setAttribute(b, 'aria-pressed', String(b.dataset.tool === store.tool));
      terrainCost.value = String(store.terrainCost);
      undo.disabled = !store.history.canUndo;
      redo.disabled = !store.history.canRedo;
    }
    if (changes.has('map')) {
      if (document.activeElement !== widthInput) widthInput.value = String(store.grid.width);
      if (document.activeElement !== heightInput) heightInput.value = String(store.grid.height);
    }
  };
  update(new Set<Change>(['options', 'ui', 'map', 'view']));
  return { element, update, refreshTheme, show, loadScenario: scenarios.load, scenarioVerdict: scenarios.verdict };
}

function section(titleKey: PhraseKey, phrases: Phrases, ...children: HTMLElement[]): HTMLElement {
  return el('section', { class: 'ap-section', 'data-section': titleKey }, phrases.text(el('h2', {}), titleKey), ...children);
}
