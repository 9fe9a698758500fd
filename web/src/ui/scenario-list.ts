// The queries of a Moving AI scenario file (.scen) for the map shown, each with its start,
// goal and published optimal length. Choosing one moves start and goal there (one undoable
// edit) and finishes the search; the line under the list says whether the cost found is
// the published optimal length. The file is parsed by the engine, and its map and
// queries checked with the same rules as the `astar` CLI (engine/scenarios.ts).
//
// Files hold from a hundred queries to hundreds of thousands (issue 21: one of 190,000 froze
// the page for seconds in a <select> of 190,001 options and doubled the renderer's memory).
// So the file is parsed in slices, as background work (scenario-text.ts, jobs.ts), with its
// progress shown, and the picker stays small whatever the file: a choice of bucket (the
// benchmark sorts queries into buckets by length), one page of that bucket's queries at a
// time with buttons for the pages before and after, and a number field that goes to any
// query by its index in the file.
import { MapFormatError, type Point, type ScenarioQuery } from '../engine/engine';
import { findQueryMisfit, matchesOptimal, scenarioMapFileName } from '../engine/scenarios';
import { scenarioBatches } from '../scenario-text';
import { formatNumber } from '../scene/format';
import { stepsJob } from '../state/jobs';
import type { Change, Message, PlaygroundStore } from '../state/store';
import { searchName } from './comparison';
import { el, setAttribute, setText } from './dom';
import { joinSentences, translate } from './i18n';

/** Queries on one page of the picker: a screenful of options, the list's whole DOM. */
export const PAGE_SIZE = 50;
/** Characters of the file the engine parses per call (about 1,500 lines): a few ms each. */
const BATCH_CHARS = 64 * 1024;

export interface ScenarioList {
  element: HTMLElement;
  /** Takes a .scen file's text; resolves false, with a message and nothing changed, when it is refused (or replaced by a newer file). */
  load(text: string, fileName: string): Promise<boolean>;
  update(changes: ReadonlySet<Change>): void;
  /** The chosen query's verdict for the status line ('' when no query is chosen), read now. */
  verdict(): string;
}

interface LoadedScenario {
  fileName: string;
  /** The map its queries name, as the store names maps (no folder, no ".map"). */
  mapName: string;
  queries: ScenarioQuery[];
  /** Each bucket's queries' indices in the file, buckets in ascending order. */
  buckets: Map<number, number[]>;
}

export function buildScenarioList(store: PlaygroundStore): ScenarioList {
  let loaded: LoadedScenario | null = null;
  let chosen: ScenarioQuery | null = null;
  /** What the picker shows: a bucket and a page of it. */
  let bucket = NaN, page = 0;
  /** Which load is current: a newer file makes an older parse's end moot. */
  let generation = 0;
  /** Ends the parse in flight as refused, when a newer file replaces it (its job is dropped). */
  let abandon: () => void = () => {};

  const title = el('span', { class: 'ap-label' });
  const bucketSelect = el('select', { 'data-control': 'scenario-bucket' });
  const select = el('select', { 'data-control': 'scenario-query' });
  const previous = el('button', { type: 'button', class: 'ap-button', 'data-action': 'scenario-previous' }, '◀');
  const next = el('button', { type: 'button', class: 'ap-button', 'data-action': 'scenario-next' }, '▶');
  const pageText = el('span', { class: 'ap-scenario-page', 'data-region': 'scenario-page' });
  const indexLabel = el('span', { class: 'ap-label' });
  const indexInput = el('input', { type: 'number', min: 0, step: 1, inputmode: 'numeric', 'data-control': 'scenario-index' });
  const progress = el('p', { class: 'ap-note', 'data-region': 'scenario-progress', hidden: true });
  // Screen readers hear the verdict from the status line, which carries it too.
  const verdict = el('p', { class: 'ap-note ap-scenario-verdict', 'data-region': 'scenario-status' });
  const picker = el('div', { class: 'ap-scenario-picker' },
    el('label', { class: 'ap-field' }, title, bucketSelect),
    el('div', { class: 'ap-scenario-pager' }, previous, pageText, next),
    select,
    el('label', { class: 'ap-field ap-scenario-index' }, indexLabel, indexInput));
  const element = el('div', { class: 'ap-scenarios', 'data-region': 'scenarios', hidden: true }, picker, verdict);
  const section = el('div', {}, progress, element);

  const choose = (index: number) => {
    const query = loaded?.queries[index];
    if (!query) return;
    // Chosen first: the changes setEndpoints announces already show this query's verdict.
    chosen = query;
    showQuery(index);
    if (!store.setEndpoints(query.start, query.goal)) {
      // A start or goal on a wall of this map, or both on one cell.
      chosen = null;
      select.value = '';
      store.showMessage({ kind: 'error', key: 'error.scenarioQuery', detail: `${loaded!.fileName} #${index}: ${pointText(query.start)} → ${pointText(query.goal)}` });
    }
  };
  select.addEventListener('change', () => { if (select.value !== '') choose(Number(select.value)); });
  indexInput.addEventListener('change', () => {
    const index = Number(indexInput.value);
    const ok = loaded !== null && Number.isInteger(index) && index >= 0 && index < loaded.queries.length;
    indexInput.setAttribute('aria-invalid', String(!ok));
    if (ok) choose(index);
  });
  bucketSelect.addEventListener('change', () => {
    bucket = Number(bucketSelect.value);
    page = 0;
    fillPage();
  });
  previous.addEventListener('click', () => { page--; fillPage(); });
  next.addEventListener('click', () => { page++; fillPage(); });

  /** Turns the picker to the bucket and page that hold query `index`. */
  const showQuery = (index: number) => {
    if (!loaded) return;
    bucket = loaded.queries[index]!.bucket;
    page = Math.floor(binarySearch(loaded.buckets.get(bucket)!, index) / PAGE_SIZE);
    bucketSelect.value = String(bucket);
    fillPage();
  };

  const fillBuckets = () => {
    if (!loaded) return;
    const { language } = store;
    setText(title, translate(language, 'scenario.queries', { file: loaded.fileName, n: loaded.queries.length.toLocaleString(language) }));
    setText(indexLabel, translate(language, 'scenario.index', { last: (loaded.queries.length - 1).toLocaleString(language) }));
    indexInput.max = String(loaded.queries.length - 1);
    bucketSelect.replaceChildren(...[...loaded.buckets].map(([number, indices]) => el('option', { value: number }, bucketLabel(number, indices))));
    bucketSelect.value = String(bucket);
  };

  const bucketLabel = (number: number, indices: readonly number[]) => {
    let shortest = Infinity, longest = -Infinity;
    for (const index of indices) {
      const { optimal } = loaded!.queries[index]!;
      shortest = Math.min(shortest, optimal);
      longest = Math.max(longest, optimal);
    }
    return translate(store.language, 'scenario.bucket', { bucket: number, from: formatNumber(shortest, 2), to: formatNumber(longest, 2), n: indices.length.toLocaleString(store.language) });
  };

  /** The options of the page shown: at most PAGE_SIZE, in one group named by its bucket. */
  const fillPage = () => {
    if (!loaded) return;
    const { language } = store;
    const indices = loaded.buckets.get(bucket)!;
    const pages = Math.max(1, Math.ceil(indices.length / PAGE_SIZE));
    page = Math.min(pages - 1, Math.max(0, page));
    const shown = indices.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    const group = el('optgroup', { label: bucketLabel(bucket, indices) },
      ...shown.map((index) => el('option', { value: index }, queryText(index))));
    select.replaceChildren(el('option', { value: '' }, translate(language, 'scenario.choose')), group);
    const index = chosen ? loaded.queries.indexOf(chosen) : -1;
    select.value = index >= 0 && shown.includes(index) ? String(index) : '';
    if (document.activeElement !== indexInput) indexInput.value = index >= 0 ? String(index) : '';
    const range = translate(language, 'scenario.page', {
      from: (page * PAGE_SIZE + 1).toLocaleString(language), to: (page * PAGE_SIZE + shown.length).toLocaleString(language), n: indices.length.toLocaleString(language),
    });
    setText(pageText, range);
    setAttribute(previous, 'aria-label', translate(language, 'scenario.previous'));
    setAttribute(next, 'aria-label', translate(language, 'scenario.next'));
    previous.disabled = page === 0;
    next.disabled = page >= pages - 1;
  };

  const queryText = (index: number) => {
    const query = loaded!.queries[index]!;
    return `#${index}  ${pointText(query.start)} → ${pointText(query.goal)}  ${optimalText(store, query)}`;
  };

  const refuse = (message: Message) => {
    store.showMessage(message);
    return false;
  };

  const load = (text: string, fileName: string): Promise<boolean> => {
    const mine = ++generation;
    abandon();
    return new Promise((resolve) => {
      const finish = (result: boolean) => {
        if (mine === generation) progress.hidden = true;
        resolve(result);
      };
      abandon = () => finish(false);
      store.runInBackground(section, stepsJob(readAndCheck(text, fileName, mine),
        (result) => finish(mine === generation && ('key' in result ? refuse(result) : accept(result, fileName))),
        (error) => finish(mine === generation && refuse({ kind: 'error', key: 'error.scenarioFormat', detail: `${fileName}: ${error instanceof MapFormatError ? error.message : String(error)}` }))));
    });
  };

  /**
   * Parses the file a batch per step and checks each batch as it comes (its map, its cells):
   * the queries by bucket, or the message that refuses the file.
   */
  function* readAndCheck(text: string, fileName: string, mine: number): Generator<void, LoadedScenario | Message> {
    const queries: ScenarioQuery[] = [];
    const buckets = new Map<number, number[]>();
    for (const { queries: batch, fraction } of scenarioBatches(store.engine, text, BATCH_CHARS)) {
      const offset = queries.length;
      const mapFile = batch.map(scenarioMapFileName).find((name) => mapName(name) !== store.mapName);
      if (mapFile !== undefined) return { kind: 'error', key: 'error.scenarioMap', detail: `${fileName}: ${mapFile || '–'} ≠ ${store.mapName}` };
      const misfit = findQueryMisfit(store.grid, batch);
      if (misfit) {
        const query = batch[misfit.index]!;
        const what = misfit.kind === 'size' ? `${query.mapWidth} × ${query.mapHeight} ≠ ${store.grid.width} × ${store.grid.height}` : pointText(misfit.point);
        return { kind: 'error', key: 'error.scenarioQuery', detail: `${fileName} #${offset + misfit.index}: ${what}` };
      }
      batch.forEach((query, i) => {
        queries.push(query);
        const indices = buckets.get(query.bucket);
        if (indices) indices.push(offset + i);
        else buckets.set(query.bucket, [offset + i]);
      });
      if (mine === generation) {
        setText(progress, translate(store.language, 'scenario.reading', { file: fileName, percent: Math.floor(fraction * 100) }));
        progress.hidden = false;
      }
      yield;
    }
    if (queries.length === 0) return { kind: 'error', key: 'error.scenarioFormat', detail: fileName };
    return { fileName, mapName: store.mapName, queries, buckets: new Map([...buckets].sort(([a], [b]) => a - b)) };
  }

  /** Shows a checked file's queries. */
  const accept = (scenario: LoadedScenario, fileName: string): boolean => {
    loaded = scenario;
    chosen = null;
    bucket = loaded.buckets.keys().next().value!;
    page = 0;
    fillBuckets();
    fillPage();
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
      if (document.activeElement !== indexInput) indexInput.value = '';
    }
    setText(verdict, chosen ? verdictText(store, chosen) : '');
  };

  const update = (changes: ReadonlySet<Change>) => {
    if (!loaded) return;
    if (changes.has('map') && (store.mapName !== loaded.mapName || findQueryMisfit(store.grid, loaded.queries))) {
      // Another map: its queries do not belong to it.
      loaded = chosen = null;
      element.hidden = true;
      bucketSelect.replaceChildren();
      select.replaceChildren();
      setText(verdict, '');
      return;
    }
    if (changes.has('language')) {
      fillBuckets();
      fillPage();
    }
    if (changes.has('search') || changes.has('endpoints') || changes.has('map') || changes.has('options') || changes.has('language')) showVerdict();
  };

  const currentVerdict = () => {
    const stillChosen = chosen !== null && samePoint(chosen.start, store.start) && samePoint(chosen.goal, store.goal);
    return stillChosen ? verdictText(store, chosen!) : '';
  };

  return { element: section, load, update, verdict: currentVerdict };
}

/** Where `value` is in the ascending `sorted` (it is there). */
function binarySearch(sorted: readonly number[], value: number): number {
  let low = 0, high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
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
    const cost = run.shown.pathCost;
    const matches = matchesOptimal(query.optimal, cost);
    differs ||= !matches;
    const sentence = matches
      ? translate(language, 'scenario.matches', { optimal: published })
      : translate(language, 'scenario.differs', { cost: cost === null ? translate(language, 'scenario.noPath') : formatNumber(cost, 4), optimal: published });
    return runs.length > 1 ? translate(language, 'list.labelled', { label: searchName(store, run), value: sentence }) : sentence;
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
