// The side panel: search options, drawing tools, map size, generators, presets, import
// and export, the legend and the credits.
import type { AlgorithmName, AlgorithmRow, CostModelName, DiagonalName, HeuristicName, SearchOptions } from '../engine/engine';
import { GENERATOR_NAMES, type GeneratorName } from '../generators/generators';
import { readPalette } from '../render/palette';
import { importMapFile } from '../input/files';
import { PRESETS } from '../state/presets';
import { MAX_EXPANSION_LIMIT, MAX_MAP_SIDE, MIN_MAP_SIDE, type Change, type PlaygroundStore, type Tool } from '../state/store';
import { showGroups, type ControlGroup } from './controls';
import { el, Phrases, setAttribute, setText } from './dom';
import { refusalText } from './describe';
import { algorithmLabel, joinSentences, translate, type PhraseKey } from './i18n';

const TOOLS: Tool[] = ['wall', 'erase', 'terrain', 'pan'];

export interface PanelActions {
  exportMap(): void;
  exportPng(): void;
  presetUrl(file: string): string;
  /** Inside another page the wheel scrolls it and Ctrl+wheel zooms; the key hint says so. */
  embedded: boolean;
}

export interface Panel {
  element: HTMLElement;
  update(changes: ReadonlySet<Change>): void;
  refreshTheme(): void;
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
  // Every list comes from the engine's catalog (the core's algorithm table). Choices that
  // cannot run with the rest (JPS on terrain, Theta* with corner cutting) stay listed but
  // disabled, and the note under the fields says why.
  const { catalog } = store.engine;
  const algorithmOptions = catalog.algorithms.map((row) => el('option', { value: row.name }));
  const algorithm = el('select', { 'data-control': 'algorithm' }, ...algorithmOptions);
  const defaultHeuristic = el('option', { value: '' });
  const heuristic = el('select', { 'data-control': 'heuristic' }, defaultHeuristic, ...catalog.heuristics.map((h) => option(h, `heuristic.${h}` as PhraseKey)));
  const diagonalOptions = catalog.diagonals.map((d) => option(d, `diagonal.${d}` as PhraseKey));
  const diagonal = el('select', { 'data-control': 'diagonal' }, ...diagonalOptions);
  const costOptions = catalog.costModels.map((c) => option(c, `costModel.${c}` as PhraseKey));
  const costModel = el('select', { 'data-control': 'cost-model' }, ...costOptions);
  const weight = el('input', { type: 'range', min: 0, max: 5, step: 0.1, value: store.options.weight, 'data-control': 'weight' });
  const weightOutput = el('output', { class: 'ap-output' });
  const limit = el('input', { type: 'number', min: 1, max: MAX_EXPANSION_LIMIT, step: 1, inputmode: 'numeric', 'data-control': 'max-expansions' });
  const note = el('p', { class: 'ap-note', 'data-region': 'option-note', hidden: true });
  algorithm.addEventListener('change', () => store.setOptions(fitOptions(store.engine.algorithm(algorithm.value as AlgorithmName), store.options)));
  heuristic.addEventListener('change', () => store.setOptions({ heuristic: (heuristic.value || undefined) as HeuristicName | undefined }));
  diagonal.addEventListener('change', () => store.setOptions({ diagonal: diagonal.value as DiagonalName }));
  costModel.addEventListener('change', () => store.setOptions({ costModel: costModel.value as CostModelName }));
  weight.addEventListener('input', () => store.setOptions({ weight: Number(weight.value) }));
  limit.addEventListener('change', () => {
    const value = Number(limit.value);
    const ok = Number.isInteger(value) && value >= 1 && value <= MAX_EXPANSION_LIMIT;
    limit.setAttribute('aria-invalid', String(!ok));
    if (ok) store.setOptions({ maxExpansions: value });
  });

  const optionFields = {
    algorithm: field('algorithm', algorithm),
    heuristic: field('heuristic', heuristic),
    diagonal: field('diagonal', diagonal),
    weight: el('label', { class: 'ap-field ap-range-field' }, phrases.span('weight', 'ap-label'), weight, weightOutput),
  };
  const costField = field('costModel', costModel);
  const limitField = field('maxExpansions', limit);
  const optionsSection = section('options', phrases, ...Object.values(optionFields), costField, limitField, note);

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
  const densityOutput = el('output', { class: 'ap-output' });
  const densityField = el('label', { class: 'ap-field ap-range-field' }, phrases.span('density', 'ap-label'), density, densityOutput);
  const showDensity = () => {
    densityField.hidden = generator.value !== 'random-walls';
    setText(densityOutput, `${Math.round(Number(density.value) * 100)}%`);
  };
  generator.addEventListener('change', showDensity);
  density.addEventListener('input', showDensity);
  showDensity();
  const generate = button('generate', 'generate', () => store.generate(generator.value as GeneratorName, Number(density.value)));

  const preset = el('select', { 'data-control': 'preset' },
    ...PRESETS.map((p) => el('option', { value: p.file }, `${p.file.replace(/\.map$/, '')} ${p.width}×${p.height}`)));
  const loadPreset = button('load', 'load-preset', () => void store.loadMapUrl(actions.presetUrl(preset.value), preset.value));

  const fileInput = el('input', { type: 'file', accept: '.map,text/plain', class: 'ap-visually-hidden', 'data-control': 'import' });
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file) void importMapFile(file, store).finally(() => { fileInput.value = ''; });
  });
  const importLabel = el('label', { class: 'ap-button ap-file' }, fileInput, phrases.span('import'));
  const exportMap = button('exportMap', 'export-map', () => actions.exportMap());
  const exportPng = button('exportPng', 'export-png', () => actions.exportPng());

  const mapSection = section('map', phrases,
    el('div', { class: 'ap-row' }, field('width', widthInput), field('height', heightInput), newMap),
    el('div', { class: 'ap-row' }, field('generator', generator), generate),
    densityField,
    el('div', { class: 'ap-row' }, field('preset', preset), loadPreset),
    el('div', { class: 'ap-toolbar' }, importLabel, exportMap, exportPng));

  // ---------------------------------------------------------------- legend and credits
  const swatch = (className: string) => el('span', { class: `ap-swatch ${className}`, 'aria-hidden': 'true' });
  const terrainRamp = el('span', { class: 'ap-ramp', 'aria-hidden': 'true' });
  const legendItem = (mark: HTMLElement, key: PhraseKey) => el('li', {}, mark, phrases.span(key));
  // Items only some algorithms draw are shown while one of them is chosen.
  const algorithmItems = {
    backwardOpen: legendItem(swatch('ap-swatch-backward-open'), 'legend.backwardOpen'),
    backwardClosed: legendItem(swatch('ap-swatch-backward-closed'), 'legend.backwardClosed'),
    meeting: legendItem(swatch('ap-swatch-meeting'), 'legend.meeting'),
    scanned: legendItem(swatch('ap-swatch-scanned'), 'legend.scanned'),
    scan: legendItem(swatch('ap-swatch-scan'), 'legend.scan'),
    sight: legendItem(swatch('ap-swatch-sight'), 'legend.sight'),
    stack: legendItem(swatch('ap-swatch-stack'), 'legend.stack'),
  };
  const legend = section('legend', phrases,
    el('ul', { class: 'ap-legend' },
      legendItem(swatch('ap-swatch-wall'), 'legend.wall'),
      legendItem(terrainRamp, 'legend.terrain'),
      legendItem(swatch('ap-swatch-open'), 'legend.open'),
      legendItem(swatch('ap-swatch-closed'), 'legend.closed'),
      ...Object.values(algorithmItems),
      legendItem(swatch('ap-swatch-path'), 'legend.path'),
      legendItem(swatch('ap-swatch-start'), 'legend.start'),
      legendItem(swatch('ap-swatch-goal'), 'legend.goal'),
      legendItem(swatch('ap-swatch-current'), 'legend.current')),
    phrases.text(el('p', { class: 'ap-note' }), 'legend.cells'),
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

  const element = el('aside', { class: 'ap-panel' }, optionsSection, drawSection, mapSection, legend, about);

  const show = (visible: ReadonlySet<ControlGroup>) => {
    optionsSection.hidden = !showGroups(optionFields, visible);
    // The cost model and the limit go with the algorithm choice.
    costField.hidden = !visible.has('algorithm');
    limitField.hidden = !visible.has('algorithm') || !store.engine.algorithm(store.options.algorithm).reexpands;
    const sections = showGroups({ draw: drawSection, map: mapSection, legend, about }, visible);
    element.hidden = optionsSection.hidden && !sections;
  };

  const update = (changes: ReadonlySet<Change>) => {
    if (changes.has('options') || changes.has('language') || changes.has('map')) {
      const { options, language } = store;
      const row = store.engine.algorithm(options.algorithm);
      const refusals = new Map(catalog.algorithms.map((r) => [r.name, store.engine.refusalFor(store.grid, { ...options, ...fitOptions(r, options) })]));
      catalog.algorithms.forEach((r, i) => {
        const label = algorithmLabel(language, r);
        const unavailable = refusals.get(r.name) === 'needs-uniform-terrain';
        setText(algorithmOptions[i]!, unavailable ? translate(language, 'option.unavailable', { option: label }) : label);
        algorithmOptions[i]!.disabled = unavailable && r.name !== options.algorithm;
      });
      catalog.diagonals.forEach((d, i) => { diagonalOptions[i]!.disabled = !row.diagonals.includes(d); });
      catalog.costModels.forEach((c, i) => { costOptions[i]!.disabled = !row.costModels.includes(c); });
      algorithm.value = options.algorithm;
      heuristic.value = options.heuristic ?? '';
      diagonal.value = options.diagonal;
      costModel.value = options.costModel;
      weight.value = String(options.weight);
      setText(weightOutput, options.weight.toFixed(1));
      if (document.activeElement !== limit) limit.value = String(options.maxExpansions ?? '');
      heuristic.disabled = !row.usesHeuristic;
      weight.disabled = !row.usesWeight;
      limitField.hidden = !row.reexpands || optionsSection.hidden;
      const name = translate(language, `heuristic.${row.defaultHeuristic ?? (options.diagonal === 'never' ? 'manhattan' : 'octile')}` as PhraseKey);
      setText(defaultHeuristic, translate(language, 'heuristic.default', { name }));
      // Why choices are unavailable: the map (for every algorithm it rules out) and the
      // chosen algorithm's own limits.
      const reasons: string[] = [];
      const ruledOut = catalog.algorithms.filter((r) => refusals.get(r.name) === 'needs-uniform-terrain');
      if (ruledOut.length > 0)
        reasons.push(translate(language, 'refusal.needs-uniform-terrain', { algorithm: ruledOut.map((r) => algorithmLabel(language, r)).join(' / ') }));
      if (row.diagonals.length < catalog.diagonals.length) reasons.push(refusalText(store, 'diagonal-rule'));
      if (row.costModels.length < catalog.costModels.length) reasons.push(refusalText(store, 'cost-model'));
      setText(note, joinSentences(language, reasons));
      note.hidden = reasons.length === 0;
      // What the chosen search draws besides open and closed cells, from the channels it keeps.
      const cells = store.timeline.display.cellView();
      const twoSided = cells.has('phaseBack'), jumps = cells.has('scanned');
      algorithmItems.backwardOpen.hidden = algorithmItems.backwardClosed.hidden = algorithmItems.meeting.hidden = !twoSided;
      algorithmItems.scanned.hidden = algorithmItems.scan.hidden = !jumps;
      algorithmItems.sight.hidden = !row.anyAngle;
      algorithmItems.stack.hidden = !cells.has('visits');
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
  update(new Set<Change>(['options', 'ui', 'map']));
  return { element, update, refreshTheme, show };
}

/**
 * The options to switch to `row`: the same, except a diagonal rule or cost model the
 * algorithm does not support, which becomes one it does (the last of its rules, which is
 * the strictest, and its first cost model).
 */
export function fitOptions(row: AlgorithmRow, options: SearchOptions): Partial<SearchOptions> {
  const fitted: Partial<SearchOptions> = { algorithm: row.name };
  if (!row.diagonals.includes(options.diagonal)) fitted.diagonal = row.diagonals[row.diagonals.length - 1];
  if (!row.costModels.includes(options.costModel)) fitted.costModel = row.costModels[0];
  return fitted;
}

function section(titleKey: PhraseKey, phrases: Phrases, ...children: HTMLElement[]): HTMLElement {
  return el('section', { class: 'ap-section' }, phrases.text(el('h2', {}), titleKey), ...children);
}
