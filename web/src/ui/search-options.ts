// The labelled options of one run's search: algorithm, heuristic, diagonal movement,
// heuristic weight, cost model and expansion limit, with the note that says why some
// choices are unavailable. The side panel shows the first run's; in compare mode each pane
// shows its own run's. Every list comes from the engine's catalog (the core's algorithm
// table); choices that cannot run with the rest (JPS+ on terrain, Theta* with corner
// cutting) stay listed but disabled.
import { fitOptions, type AlgorithmName, type CostModelName, type DiagonalName, type HeuristicName, type SearchOptions } from '../engine/engine';
import type { Run } from '../state/run';
import { MAX_EXPANSION_LIMIT } from '../state/limits';
import type { Change, PlaygroundStore } from '../state/store';
import { showGroups, type ControlGroup } from './controls';
import { el, Phrases, rangeOutput, setText, showRangeValue } from './dom';
import { countedKey } from '../presenters/common';
import { ownHeuristicOf } from '../presenters/index';
import { refusalText } from './describe';
import { algorithmLabel, joinSentences, listAll, translate, type PhraseKey } from './i18n';

/** The heuristic control's value while the search reads no heuristic (no heuristic's name). */
const NO_HEURISTIC = 'none';
const OWN_HEURISTIC = 'own';

export interface SearchOptionFields {
  algorithm: HTMLElement;
  heuristic: HTMLElement;
  diagonal: HTMLElement;
  weight: HTMLElement;
  costModel: HTMLElement;
  limit: HTMLElement;
  /** Why choices are unavailable; hidden when nothing is. */
  note: HTMLElement;
}

export interface SearchOptionsView {
  fields: SearchOptionFields;
  update(changes: ReadonlySet<Change>): void;
  /** Shows the fields whose control group is visible; returns whether any is. */
  show(visible: ReadonlySet<ControlGroup>): boolean;
}

/** The option fields of `run` (looked up each time: runs come and go in compare mode). */
export function buildSearchOptions(store: PlaygroundStore, phrases: Phrases, run: () => Run): SearchOptionsView {
  const field = (key: PhraseKey, control: HTMLElement) => el('label', { class: 'ap-field' }, phrases.span(key, 'ap-label'), control);
  const option = (value: string, key: PhraseKey) => phrases.text(el('option', { value }), key);
  const { catalog } = store.engine;
  const set = (options: Partial<SearchOptions>) => {
    const index = store.runs.indexOf(run());
    if (index >= 0) store.setRunOptions(index, options);
  };

  const pageAlgorithms = catalog.algorithms;
  const algorithmOptions = pageAlgorithms.map((row) => el('option', { value: row.name }));
  const algorithm = el('select', { 'data-control': 'algorithm' }, ...algorithmOptions);
  const defaultHeuristic = el('option', { value: '' });
  // What a search that reads no heuristic shows in its place: "None" (Dijkstra, breadth- and
  // depth-first), or the h it works out itself (its presenter's ownHeuristic: the mesh
  // searches, the subgoal graph). The control says what the search uses, while the run's own
  // choice stays in its options and comes back with an algorithm that reads it.
  const noHeuristic = option(NO_HEURISTIC, 'heuristic.none');
  const ownHeuristic = el('option', { value: OWN_HEURISTIC });
  const heuristic = el('select', { 'data-control': 'heuristic' }, defaultHeuristic, ...catalog.heuristics.map((h) => option(h, `heuristic.${h}` as PhraseKey)),
    noHeuristic, ownHeuristic);
  const diagonalOptions = catalog.diagonals.map((d) => option(d, `diagonal.${d}` as PhraseKey));
  const diagonal = el('select', { 'data-control': 'diagonal' }, ...diagonalOptions);
  const costOptions = catalog.costModels.map((c) => option(c, `costModel.${c}` as PhraseKey));
  const costModel = el('select', { 'data-control': 'cost-model' }, ...costOptions);
  const weight = el('input', { type: 'range', min: 0, max: 5, step: 0.1, value: run().options.weight, 'data-control': 'weight' });
  const weightOutput = rangeOutput();
  const limit = el('input', { type: 'number', min: 1, max: MAX_EXPANSION_LIMIT, step: 1, inputmode: 'numeric', 'data-control': 'max-expansions' });
  const note = el('p', { class: 'ap-note', 'data-region': 'option-note', hidden: true });
  algorithm.addEventListener('change', () => set(fitOptions(store.engine.algorithm(algorithm.value as AlgorithmName), run().options)));
  heuristic.addEventListener('change', () => {
    if (heuristic.value !== NO_HEURISTIC && heuristic.value !== OWN_HEURISTIC) set({ heuristic: (heuristic.value || undefined) as HeuristicName | undefined });
  });
  diagonal.addEventListener('change', () => set({ diagonal: diagonal.value as DiagonalName }));
  costModel.addEventListener('change', () => set({ costModel: costModel.value as CostModelName }));
  weight.addEventListener('input', () => set({ weight: Number(weight.value) }));
  limit.addEventListener('change', () => {
    const value = Number(limit.value);
    const ok = Number.isInteger(value) && value >= 1 && value <= MAX_EXPANSION_LIMIT;
    limit.setAttribute('aria-invalid', String(!ok));
    if (ok) set({ maxExpansions: value });
  });

  const fields: SearchOptionFields = {
    algorithm: field('algorithm', algorithm),
    heuristic: field('heuristic', heuristic),
    diagonal: field('diagonal', diagonal),
    weight: el('label', { class: 'ap-field ap-range-field' }, phrases.span('weight', 'ap-label'), weight, weightOutput),
    costModel: field('costModel', costModel),
    limit: field('maxExpansions', limit),
    note,
  };
  let shown = new Set<ControlGroup>();

  const show = (visible: ReadonlySet<ControlGroup>) => {
    shown = new Set(visible);
    const any = showGroups({ algorithm: fields.algorithm, heuristic: fields.heuristic, diagonal: fields.diagonal, weight: fields.weight }, visible);
    // The cost model and the limit go with the algorithm choice; the limit only matters
    // to searches that expand cells again (IDA*).
    fields.costModel.hidden = !visible.has('algorithm');
    fields.limit.hidden = !visible.has('algorithm') || !store.engine.algorithm(run().options.algorithm).reexpands;
    return any;
  };

  const update = (changes: ReadonlySet<Change>) => {
    if (!(changes.has('options') || changes.has('language') || changes.has('map'))) return;
    const { language } = store;
    const { options } = run();
    const row = store.engine.algorithm(options.algorithm);
    const refusals = new Map(pageAlgorithms.map((r) => [r.name, store.engine.refusalFor(store.grid, { ...options, ...fitOptions(r, options) })]));
    pageAlgorithms.forEach((r, i) => {
      const label = algorithmLabel(language, r);
      const unavailable = refusals.get(r.name) === 'needs-uniform-terrain';
      setText(algorithmOptions[i]!, unavailable ? translate(language, 'option.unavailable', { option: label }) : label);
      algorithmOptions[i]!.disabled = unavailable && r.name !== options.algorithm;
    });
    catalog.diagonals.forEach((d, i) => { diagonalOptions[i]!.disabled = !row.diagonals.includes(d); });
    catalog.costModels.forEach((c, i) => { costOptions[i]!.disabled = !row.costModels.includes(c); });
    algorithm.value = options.algorithm;
    const own = row.usesHeuristic ? null : ownHeuristicOf(row.name);
    noHeuristic.hidden = noHeuristic.disabled = row.usesHeuristic || own !== null;
    ownHeuristic.hidden = ownHeuristic.disabled = own === null;
    const ruleDistance = translate(language, options.diagonal === 'never' ? 'heuristic.manhattan' : 'heuristic.octile');
    setText(ownHeuristic, own ? translate(language, own, { name: ruleDistance }) : '');
    heuristic.value = row.usesHeuristic ? options.heuristic ?? '' : own ? OWN_HEURISTIC : NO_HEURISTIC;
    diagonal.value = options.diagonal;
    costModel.value = options.costModel;
    weight.value = String(options.weight);
    showRangeValue(weight, weightOutput, options.weight.toFixed(1));
    if (document.activeElement !== limit) limit.value = String(options.maxExpansions ?? '');
    // A search on the navigation mesh reads none of them (its h is the straight-line
    // distance; it moves at any angle inside the mesh); the agent radius is its option.
    heuristic.disabled = !row.usesHeuristic;
    weight.disabled = !row.usesWeight;
    diagonal.disabled = row.onMesh;
    costModel.disabled = row.onMesh;
    fields.limit.hidden = !row.reexpands || !shown.has('algorithm');
    const name = translate(language, `heuristic.${row.defaultHeuristic ?? (options.diagonal === 'never' ? 'manhattan' : 'octile')}` as PhraseKey);
    setText(defaultHeuristic, translate(language, 'heuristic.default', { name }));
    // Why choices are unavailable: the map (for every algorithm it rules out) and the
    // chosen algorithm's own limits.
    const reasons: string[] = [];
    const ruledOut = pageAlgorithms.filter((r) => refusals.get(r.name) === 'needs-uniform-terrain');
    if (ruledOut.length > 0)
      reasons.push(translate(language, countedKey('option.needsUniformTerrain', ruledOut.length), { algorithms: listAll(language, ruledOut.map((r) => algorithmLabel(language, r))) }));
    if (row.onMesh) reasons.push(translate(language, 'option.meshOnly', { algorithm: algorithmLabel(language, row) }));
    else {
      if (row.diagonals.length < catalog.diagonals.length) reasons.push(refusalText(store, 'diagonal-rule', run()));
      if (row.costModels.length < catalog.costModels.length) reasons.push(refusalText(store, 'cost-model', run()));
    }
    // Why Walk is unavailable (transport.ts), or this run's walk would be refused.
    if (row.anyAngle) reasons.push(refusalText(store, 'any-angle', run()));
    setText(note, joinSentences(language, reasons));
    note.hidden = reasons.length === 0;
  };
  return { fields, update, show };
}
