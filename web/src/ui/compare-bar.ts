// The buttons above the panes that start and end compare mode: "Compare" (a second search
// beside the first), "Add search" (up to MAX_RUNS) and "Stop comparing" (back to the first
// search alone). Each pane's own header removes that pane.
import { fitOptions, type AlgorithmName, type SearchOptions } from '../engine/engine';
import { COMPARE_ORDER } from '../presenters/index';
import { MAX_RUNS } from '../state/run';
import type { Change, PlaygroundStore } from '../state/store';
import type { ControlGroup } from './controls';
import { el, focusedIn, Phrases } from './dom';
import type { PhraseKey } from './i18n';

export interface CompareBar {
  element: HTMLElement;
  update(changes: ReadonlySet<Change>): void;
  show(visible: ReadonlySet<ControlGroup>): void;
}

/**
 * The options of the next search to add: the first run's, with the first algorithm of
 * COMPARE_ORDER (the presenters' order) that the comparison lacks and that can run on the map.
 */
export function nextSearch(store: PlaygroundStore): SearchOptions {
  const base = store.runs[0]!.options;
  const used = new Set(store.runs.map((run) => run.options.algorithm));
  const candidates = COMPARE_ORDER.map((name) => store.engine.algorithm(name)).map((row) => ({ ...base, ...fitOptions(row, base) }));
  const runnable = candidates.filter((options) => store.engine.refusalFor(store.grid, options) === null);
  return runnable.find((options) => !used.has(options.algorithm)) ?? runnable[0] ?? { ...base };
}

/** The same map searched on its cells and on its navigation mesh: grid A*, Theta*, navmesh A* + funnel and Polyanya, each with the first run's options fitted to it. */
export const REPRESENTATIONS: readonly AlgorithmName[] = ['astar', 'theta', 'navmesh', 'polyanya'];

export function representationSearches(store: PlaygroundStore): SearchOptions[] {
  const base = store.runs[0]!.options;
  return REPRESENTATIONS.map((name) => ({ ...base, ...fitOptions(store.engine.algorithm(name), base) }));
}

export function buildCompareBar(store: PlaygroundStore, phrases: Phrases): CompareBar {
  const button = (key: PhraseKey, action: string, onClick: () => void) => {
    const b = phrases.text(el('button', { type: 'button', class: 'ap-button', 'data-action': action }), key);
    b.addEventListener('click', onClick);
    return b;
  };
  const compare = button('compare.start', 'compare', () => store.addRun(nextSearch(store)));
  const add = button('compare.add', 'add-search', () => store.addRun(nextSearch(store)));
  const stop = button('compare.stop', 'stop-compare', () => store.setSearches([store.runs[0]!.options]));
  // The lesson of the mesh searches: the representation matters as much as the search.
  const representations = button('compare.representations', 'compare-representations', () => store.setSearches(representationSearches(store)));
  phrases.attribute(representations, 'title', 'compare.representationsTitle');
  const element = el('div', { class: 'ap-compare-bar' }, compare, add, representations, stop);
  let visible = true;

  const update = (changes: ReadonlySet<Change>) => {
    if (!changes.has('options')) return;
    const focused = focusedIn(element);
    const count = store.runs.length;
    compare.hidden = count > 1;
    add.hidden = count < 2;
    add.disabled = count >= MAX_RUNS;
    stop.hidden = count < 2;
    element.hidden = !visible;
    // A pressed button that hides itself hands the keyboard's focus to the one in its place
    // (Compare becomes Add search, Stop comparing becomes Compare), not to the top of the page.
    if (focused === compare && compare.hidden) add.focus();
    else if ((focused === stop && stop.hidden) || (focused === add && add.hidden)) compare.focus();
  };
  const show = (groups: ReadonlySet<ControlGroup>) => {
    visible = groups.has('compare');
    element.hidden = !visible;
  };
  update(new Set<Change>(['options']));
  return { element, update, show };
}
