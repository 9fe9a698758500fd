// The queries of a Moving AI scenario file (.scen) for the map shown: one list, grouped by
// the file's buckets (files hold thousands of queries), each query with its start, goal
// and published optimal length. Choosing one moves start and goal there (one undoable
// edit) and finishes the search; the line under the list says whether the cost found is
// the published optimal length. The file is parsed by the engine, and its map and
// queries checked with the same rules as the `astar` CLI (engine/scenarios.ts).
import { MapFormatError, type Point, type ScenarioQuery } from '../engine/engine';
import { findQueryMisfit, matchesOptimal, scenarioMapFileName } from '../engine/scenarios';
import { formatNumber } from '../scene/format';
import type { Change, PlaygroundStore } from '../state/store';
import { searchName } from './comparison';
import { el, setText } from './dom';
import { joinSentences, translate } from './i18n';

export interface ScenarioList {
  element: HTMLElement;
  /** Takes a .scen file's text; false, with a message and nothing changed, when it is refused. */
  load(text: string, fileName: string): boolean;
  update(changes: ReadonlySet<Change>): void;
  /** The chosen query's verdict for the status line ('' when no query is chosen), read now. */
  verdict(): string;
}

interface LoadedScenario {
  fileName: string;
  /** The map its queries name, as the store names maps (no folder, no ".map"). */
  mapName: string;
  queries: ScenarioQuery[];
}

export function buildScenarioList(store: PlaygroundStore): ScenarioList {
  let loaded: LoadedScenario | null = null;
  let chosen: ScenarioQuery | null = null;

  const select = el('select', { 'data-control': 'scenario-query' });
  const title = el('span', { class: 'ap-label' });
  // Screen readers hear the verdict from the status line, which carries it too.
  const verdict = el('p', { class: 'ap-note ap-scenario-verdict', 'data-region': 'scenario-status' });
  const element = el('div', { class: 'ap-scenarios', 'data-region': 'scenarios', hidden: true },
    el('label', { class: 'ap-field' }, title, select), verdict);

  select.addEventListener('change', () => {
    const index = Number(select.value);
    const query = select.value === '' ? undefined : loaded?.queries[index];
    if (!query) return;
    // Chosen first: the changes setEndpoints announces already show this query's verdict.
    chosen = query;
    if (!store.setEndpoints(query.start, query.goal)) {
      // A start or goal on a wall of this map, or both on one cell.
      chosen = null;
      select.value = '';
      store.showMessage({ kind: 'error', key: 'error.scenarioQuery', detail: `${loaded!.fileName} #${index}: ${pointText(query.start)} → ${pointText(query.goal)}` });
    }
  });

  const fillList = () => {
    const { language } = store;
    if (!loaded) return;
    setText(title, translate(language, 'scenario.queries', { file: loaded.fileName, n: loaded.queries.length }));
    const placeholder = el('option', { value: '' }, translate(language, 'scenario.choose'));
    // One group per bucket, in file order: the benchmark sorts queries into buckets by length.
    const groups: HTMLOptGroupElement[] = [];
    let group: HTMLOptGroupElement | null = null;
    let bucket = NaN, shortest = 0, longest = 0;
    const closeGroup = () => {
      if (group) group.label = translate(language, 'scenario.bucket', { bucket, from: formatNumber(shortest, 2), to: formatNumber(longest, 2) });
    };
    loaded.queries.forEach((query, index) => {
      if (query.bucket !== bucket || !group) {
        closeGroup();
        bucket = query.bucket;
        shortest = longest = query.optimal;
        group = el('optgroup');
        groups.push(group);
      }
      shortest = Math.min(shortest, query.optimal);
      longest = Math.max(longest, query.optimal);
      group.append(el('option', { value: index }, `#${index}  ${pointText(query.start)} → ${pointText(query.goal)}  ${optimalText(store, query)}`));
    });
    closeGroup();
    select.replaceChildren(placeholder, ...groups);
    select.value = chosen ? String(loaded.queries.indexOf(chosen)) : '';
  };

  const load = (text: string, fileName: string): boolean => {
    let queries: ScenarioQuery[];
    try {
      queries = store.engine.parseScenario(text);
    } catch (error) {
      const detail = error instanceof MapFormatError ? error.message : String(error);
      store.showMessage({ kind: 'error', key: 'error.scenarioFormat', detail: `${fileName}: ${detail}` });
      return false;
    }
    if (queries.length === 0) {
      store.showMessage({ kind: 'error', key: 'error.scenarioFormat', detail: fileName });
      return false;
    }
    const mapFile = queries.map(scenarioMapFileName).find((name) => mapName(name) !== store.mapName);
    if (mapFile !== undefined) {
      store.showMessage({ kind: 'error', key: 'error.scenarioMap', detail: `${fileName}: ${mapFile || '–'} ≠ ${store.mapName}` });
      return false;
    }
    const misfit = findQueryMisfit(store.grid, queries);
    if (misfit) {
      const query = queries[misfit.index]!;
      const what = misfit.kind === 'size' ? `${query.mapWidth} × ${query.mapHeight} ≠ ${store.grid.width} × ${store.grid.height}` : pointText(misfit.point);
      store.showMessage({ kind: 'error', key: 'error.scenarioQuery', detail: `${fileName} #${misfit.index}: ${what}` });
      return false;
    }
    loaded = { fileName, mapName: store.mapName, queries };
    chosen = null;
    fillList();
    element.hidden = false;
    showVerdict();
    store.showMessage({ kind: 'info', key: 'info.scenarioLoaded', detail: `${fileName} (${store.grid.width} × ${store.grid.height})` });
    return true;
  };

  const showVerdict = () => {
    // The choice holds while start and goal are the query's; moving either leaves it.
    if (chosen && !(samePoint(chosen.start, store.start) && samePoint(chosen.goal, store.goal))) {
      chosen = null;
      select.value = '';
    }
    setText(verdict, chosen ? verdictText(store, chosen) : '');
  };

  const update = (changes: ReadonlySet<Change>) => {
    if (!loaded) return;
    if (changes.has('map') && (store.mapName !== loaded.mapName || findQueryMisfit(store.grid, loaded.queries))) {
      // Another map: its queries do not belong to it.
      loaded = chosen = null;
      element.hidden = true;
      select.replaceChildren();
      setText(verdict, '');
      return;
    }
    if (changes.has('language')) fillList();
    if (changes.has('search') || changes.has('endpoints') || changes.has('map') || changes.has('options') || changes.has('language')) showVerdict();
  };

  const currentVerdict = () => {
    const stillChosen = chosen !== null && samePoint(chosen.start, store.start) && samePoint(chosen.goal, store.goal);
    return stillChosen ? verdictText(store, chosen!) : '';
  };

  return { element, load, update, verdict: currentVerdict };
}

/** Whether each search's cost is the query's published optimal length, once it has finished. */
function verdictText(store: PlaygroundStore, query: ScenarioQuery): string {
  const { language, runs } = store;
  const published = optimalText(store, query);
  // A walk's cost is what it walked, not a search's answer: only the number is given.
  const finished = runs.filter((run) => !run.walk && run.timeline.finished);
  if (finished.length === 0) return translate(language, 'scenario.published', { optimal: published });
  let differs = false;
  const sentences = finished.map((run) => {
    const search = run.timeline.display;
    const cost = search.status === 'found' ? search.pathCost : null;
    const matches = matchesOptimal(query.optimal, cost);
    differs ||= !matches;
    const sentence = matches
      ? translate(language, 'scenario.matches', { optimal: published })
      : translate(language, 'scenario.differs', { cost: cost === null ? translate(language, 'scenario.noPath') : formatNumber(cost, 4), optimal: published });
    return runs.length > 1 ? `${searchName(store, run)}: ${sentence}` : sentence;
  });
  if (differs) sentences.push(translate(language, 'scenario.rules'));
  return joinSentences(language, sentences);
}

function optimalText(store: PlaygroundStore, query: ScenarioQuery): string {
  // As published: the file's own decimals, not rounded again.
  return query.optimal < 0 ? translate(store.language, 'scenario.noPath') : String(query.optimal);
}

/** The store's name for a map file: no folder, no ".map". */
function mapName(fileName: string): string {
  return fileName.replace(/\.map$/i, '');
}

function pointText(point: Point): string {
  return `(${point.x}, ${point.y})`;
}

function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}
