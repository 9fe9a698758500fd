// The side panel: search options, drawing tools, map size, generators, presets, import
// and export, the legend and the credits.
import { ALGORITHMS, DIAGONALS, HEURISTICS, type AlgorithmName, type DiagonalName, type HeuristicName } from '../engine/engine';
import { GENERATOR_NAMES, type GeneratorName } from '../generators/generators';
import { readPalette } from '../render/palette';
import { importMapFile } from '../input/files';
import { PRESETS } from '../state/presets';
import { MAX_MAP_SIDE, MIN_MAP_SIDE, type Change, type PlaygroundStore, type Tool } from '../state/store';
import { showGroups, type ControlGroup } from './controls';
import { el, Phrases, setAttribute, setText } from './dom';
import { translate, type PhraseKey } from './i18n';

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
  const algorithm = el('select', { 'data-control': 'algorithm' }, ...ALGORITHMS.map((a) => option(a, `algorithm.${a}` as PhraseKey)));
  const defaultHeuristic = el('option', { value: '' });
  const heuristic = el('select', { 'data-control': 'heuristic' }, defaultHeuristic, ...HEURISTICS.map((h) => option(h, `heuristic.${h}` as PhraseKey)));
  const diagonal = el('select', { 'data-control': 'diagonal' }, ...DIAGONALS.map((d) => option(d, `diagonal.${d}` as PhraseKey)));
  const weight = el('input', { type: 'range', min: 0, max: 5, step: 0.1, value: store.options.weight, 'data-control': 'weight' });
  const weightOutput = el('output', { class: 'ap-output' });
  algorithm.addEventListener('change', () => store.setOptions({ algorithm: algorithm.value as AlgorithmName }));
  heuristic.addEventListener('change', () => store.setOptions({ heuristic: (heuristic.value || undefined) as HeuristicName | undefined }));
  diagonal.addEventListener('change', () => store.setOptions({ diagonal: diagonal.value as DiagonalName }));
  weight.addEventListener('input', () => store.setOptions({ weight: Number(weight.value) }));

  const optionFields = {
    algorithm: field('algorithm', algorithm),
    heuristic: field('heuristic', heuristic),
    diagonal: field('diagonal', diagonal),
    weight: el('label', { class: 'ap-field ap-range-field' }, phrases.span('weight', 'ap-label'), weight, weightOutput),
  };
  const optionsSection = section('options', phrases, ...Object.values(optionFields));

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
  const legend = section('legend', phrases,
    el('ul', { class: 'ap-legend' },
      legendItem(swatch('ap-swatch-wall'), 'legend.wall'),
      legendItem(terrainRamp, 'legend.terrain'),
      legendItem(swatch('ap-swatch-open'), 'legend.open'),
      legendItem(swatch('ap-swatch-closed'), 'legend.closed'),
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
    const sections = showGroups({ draw: drawSection, map: mapSection, legend, about }, visible);
    element.hidden = optionsSection.hidden && !sections;
  };

  const update = (changes: ReadonlySet<Change>) => {
    if (changes.has('options') || changes.has('language')) {
      const { options } = store;
      algorithm.value = options.algorithm;
      heuristic.value = options.heuristic ?? '';
      diagonal.value = options.diagonal;
      weight.value = String(options.weight);
      setText(weightOutput, options.weight.toFixed(1));
      // Dijkstra and breadth-first ignore the heuristic; only A* uses the weight.
      heuristic.disabled = options.algorithm === 'dijkstra' || options.algorithm === 'bfs';
      weight.disabled = options.algorithm !== 'astar';
      const name = translate(store.language, options.diagonal === 'never' ? 'heuristic.manhattan' : 'heuristic.octile');
      setText(defaultHeuristic, translate(store.language, 'heuristic.default', { name }));
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

function section(titleKey: PhraseKey, phrases: Phrases, ...children: HTMLElement[]): HTMLElement {
  return el('section', { class: 'ap-section' }, phrases.text(el('h2', {}), titleKey), ...children);
}
