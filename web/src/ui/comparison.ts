// Compare mode's summary: the table named "Comparison" (one row per search: cells
// expanded, the largest open list, path length, path cost marked when optimal, and the
// search's time run flat out) and beside it an SVG chart of the expansions each search has
// made so far, which grows during playback against a faint bar of the search's total.
// The table's figures are the whole searches' (each timeline measures its search flat out
// in the background); the chart follows the shared timeline.
import type { AlgorithmRow, SearchOptions, Walk } from '../engine/engine';
import { frontierOf } from '../presenters/index';
import { formatNumber } from '../scene/format';
import type { Run } from '../state/run';
import type { Change, Language, PlaygroundStore } from '../state/store';
import type { SearchResult } from '../state/timeline';
import { el, Phrases, setAttribute, setText } from './dom';
import { formatDuration, refusalText } from './describe';
import { algorithmLabel, listItems, translate, type PhraseKey } from './i18n';

const SVG = 'http://www.w3.org/2000/svg';
// The chart's own units: it scales to its box as a whole, text included.
const CHART_WIDTH = 320;
const BAR_HEIGHT = 12;
const LABEL_HEIGHT = 14;
const ROW_HEIGHT = LABEL_HEIGHT + BAR_HEIGHT + 8;

export interface Comparison {
  element: HTMLElement;
  update(changes: ReadonlySet<Change>): void;
}

/** A search's name in compare mode: its pane number and algorithm, e.g. "2 · Dijkstra". */
export function searchName(store: PlaygroundStore, run: Run): string {
  return `${store.runs.indexOf(run) + 1} · ${algorithmLabel(store.language, store.engine.algorithm(run.options.algorithm))}`;
}

/** The options that set a run apart from the defaults, in words ("Manhattan, weight 2"). */
export function optionsSummary(store: PlaygroundStore, options: SearchOptions): string {
  const { language } = store;
  const row = store.engine.algorithm(options.algorithm);
  const parts: string[] = [];
  if (row.usesHeuristic && options.heuristic) parts.push(translate(language, `heuristic.${options.heuristic}` as PhraseKey));
  parts.push(translate(language, `diagonal.${options.diagonal}` as PhraseKey));
  if (row.usesWeight && options.weight !== 1) parts.push(translate(language, 'compare.weight', { weight: formatNumber(options.weight, 1) }));
  if (options.costModel !== 'exact') parts.push(translate(language, `costModel.${options.costModel}` as PhraseKey));
  return listItems(language, parts);
}

/**
 * True when these options always find a cheapest path: an optimal algorithm, with weight 1
 * and an admissible heuristic. Every heuristic here is a lower bound on the cost of the
 * moves it is used with, except Manhattan distance once diagonal moves are allowed.
 */
export function guaranteesOptimal(row: AlgorithmRow, options: SearchOptions): boolean {
  // Polyanya is the one optimal any-angle search: the any-angle paths are checked against it.
  if (!row.optimal) return false;
  if (row.usesWeight && options.weight > 1) return false;
  const heuristic = options.heuristic ?? row.defaultHeuristic;
  return !(row.usesHeuristic && heuristic === 'manhattan' && options.diagonal !== 'never');
}

/**
 * Paths are only comparable between searches with the same moves and move costs: grid
 * searches by their diagonal rule and costs; any-angle ones (Theta*, the mesh searches) with
 * each other, for the same agent radius (Theta*'s agent is a point).
 */
function movesKey(store: PlaygroundStore, options: SearchOptions): string {
  const row = store.engine.algorithm(options.algorithm);
  return row.anyAngle ? `any-angle ${row.onMesh ? store.navMesh.radius : 0}` : `${options.diagonal} ${options.costModel}`;
}

/**
 * The cheapest cost an optimal search found for each kind of moves, from the runs whose
 * result is known: what "optimal" in the table is checked against.
 */
export function optimalCosts(store: PlaygroundStore): Map<string, number> {
  const best = new Map<string, number>();
  for (const run of store.runs) {
    const result = run.timeline.result;
    if (!result || result.pathCost === null || !guaranteesOptimal(store.engine.algorithm(run.options.algorithm), run.options)) continue;
    const key = movesKey(store, run.options);
    best.set(key, Math.min(best.get(key) ?? Infinity, result.pathCost));
  }
  return best;
}

/** True when the run's path costs what the best optimal search of its kind of moves found. */
export function isOptimalCost(store: PlaygroundStore, run: Run, best = optimalCosts(store)): boolean {
  const cost = run.timeline.result?.pathCost;
  const reference = best.get(movesKey(store, run.options));
  if (cost === null || cost === undefined || reference === undefined) return false;
  return Math.abs(cost - reference) <= 1e-9 * Math.max(1, reference);
}

const SEARCH_COLUMNS: PhraseKey[] = ['compare.search', 'compare.expanded', 'compare.maxOpen', 'compare.pathLength', 'compare.pathCost', 'compare.time'];
// In walk mode each row is a walk so far: the same map, a different planner.
// The last column says where each agent's route parted from the first agent's, and why.
const WALK_COLUMNS: PhraseKey[] = ['compare.search', 'compare.walkMoves', 'compare.walkCost', 'compare.replans', 'compare.walkExpanded', 'compare.walkRoute'];

export function buildComparison(store: PlaygroundStore, phrases: Phrases): Comparison {
  let columns = SEARCH_COLUMNS;
  let walking = false;
  const caption = phrases.text(el('caption', {}), 'compare.title');
  const head = el('thead', {});
  const body = el('tbody', {});
  const table = el('table', { class: 'ap-compare-table', 'data-region': 'comparison-table' }, caption, head, body);
  const note = el('p', { class: 'ap-note' });
  const chart = document.createElementNS(SVG, 'svg');
  chart.setAttribute('class', 'ap-compare-chart');
  chart.setAttribute('role', 'img');
  chart.setAttribute('data-region', 'comparison-chart');
  const chartTitle = phrases.text(el('h3', { class: 'ap-compare-chart-title' }), 'compare.chart');
  const element = el('section', { class: 'ap-comparison', 'data-region': 'comparison', hidden: true },
    el('div', { class: 'ap-compare-table-wrap' }, table, note),
    el('figure', { class: 'ap-compare-figure' }, chartTitle, chart));
  phrases.attribute(element, 'aria-label', 'compare.title');

  interface Row { run: Run; cells: HTMLTableCellElement[]; bar: SVGRectElement; total: SVGRectElement; label: SVGTextElement }
  let rows: Row[] = [];

  const rebuild = () => {
    walking = store.walking;
    columns = walking ? WALK_COLUMNS : SEARCH_COLUMNS;
    head.replaceChildren(el('tr', {}, ...columns.map((key) => el('th', { scope: 'col' }, translate(store.language, key)))));
    setText(note, translate(store.language, walking ? 'compare.walkNote' : 'compare.note'));
    const lines: HTMLTableRowElement[] = [];
    rows = store.runs.map((run) => {
      const cells = columns.map((_, i) => el(i === 0 ? 'th' : 'td', i === 0 ? { scope: 'row' } : {}) as HTMLTableCellElement);
      lines.push(el('tr', { 'data-run': run.id }, ...cells));
      const rect = (className: string) => {
        const r = document.createElementNS(SVG, 'rect');
        r.setAttribute('class', className);
        r.setAttribute('height', String(BAR_HEIGHT));
        r.setAttribute('rx', '3');
        return r;
      };
      const label = document.createElementNS(SVG, 'text');
      return { run, cells, bar: rect('ap-chart-bar'), total: rect('ap-chart-total'), label };
    });
    body.replaceChildren(...lines);
    chart.setAttribute('viewBox', `0 0 ${CHART_WIDTH} ${rows.length * ROW_HEIGHT}`);
    chart.replaceChildren();
    // Each search: its name and count above, its bar below (the total faint, so far solid).
    rows.forEach((row, i) => {
      const top = i * ROW_HEIGHT;
      row.label.setAttribute('x', '0');
      row.label.setAttribute('y', String(top + LABEL_HEIGHT - 3));
      row.label.setAttribute('class', 'ap-chart-label');
      for (const r of [row.total, row.bar]) {
        r.setAttribute('x', '0');
        r.setAttribute('y', String(top + LABEL_HEIGHT));
      }
      chart.append(row.label, row.total, row.bar);
    });
  };

  const fillWalkTable = (language: Language) => {
    for (const { run, cells } of rows) {
      setText(cells[0]!, searchName(store, run));
      setAttribute(cells[0]!, 'title', optionsSummary(store, run.options));
      const walk = run.walk!;
      if (walk.walk.status === 'refused') {
        setText(cells[1]!, refusalText(store, walk.walk.refusal ?? 'needs-uniform-terrain', run));
        cells[1]!.colSpan = columns.length - 1;
        for (const cell of cells.slice(2)) cell.hidden = true;
        continue;
      }
      cells[1]!.removeAttribute('colspan');
      for (const cell of cells.slice(2)) cell.hidden = false;
      const counters = walk.walk.counters();
      const arrived = walk.walk.status === 'arrived' ? ' ✓' : walk.walk.status === 'no-path' ? ` (${translate(language, 'compare.noPath')})` : '';
      setText(cells[1]!, counters.moves.toLocaleString(language) + arrived);
      setText(cells[2]!, formatNumber(counters.walkedCost, 2));
      setText(cells[3]!, counters.replans.toLocaleString(language));
      setText(cells[4]!, counters.expandedTotal.toLocaleString(language));
      setText(cells[5]!, routeText(language, walk.walk, run === store.runs[0] ? null : store.runs[0]!.walk?.walk ?? null));
    }
  };

  const fillTable = (language: Language) => {
    if (walking) {
      fillWalkTable(language);
      return;
    }
    const best = optimalCosts(store);
    for (const row of rows) {
      const { run, cells } = row;
      const result = run.timeline.result;
      const name = searchName(store, run);
      setText(cells[0]!, name);
      const summary = optionsSummary(store, run.options);
      setAttribute(cells[0]!, 'title', summary);
      if (result?.status === 'refused') {
        setText(cells[1]!, refusalText(store, run.shown.refusal ?? 'needs-uniform-terrain', run));
        cells[1]!.colSpan = columns.length - 1;
        for (const cell of cells.slice(2)) cell.hidden = true;
        continue;
      }
      cells[1]!.removeAttribute('colspan');
      for (const cell of cells.slice(2)) cell.hidden = false;
      const pending = translate(language, 'compare.pending');
      const number = (value: number) => value.toLocaleString(language);
      setText(cells[1]!, result ? number(result.expanded) + (result.status === 'gave-up' ? ` (${translate(language, 'compare.gaveUp')})` : '') : pending);
      // IDA* keeps no open list: its figure is the deepest its path went.
      const note = frontierOf(run.options.algorithm).largestNote;
      setText(cells[2]!, result ? number(result.maxOpen) + (note ? ` ${translate(language, note)}` : '') : pending);
      setText(cells[3]!, result ? pathText(language, result, 'pathLength') : pending);
      const optimal = isOptimalCost(store, run, best);
      cells[4]!.classList.toggle('ap-optimal', optimal);
      const cost = result ? pathText(language, result, 'pathCost') : pending;
      const word = ` ${translate(language, 'compare.optimal')}`;
      if (cells[4]!.textContent !== (optimal ? `${cost} ✓${word}` : cost)) {
        // The word goes out of sight on a phone (the ✓ stays); screen readers still say it.
        cells[4]!.replaceChildren(cost, ...(optimal ? [' ✓', el('span', { class: 'ap-optimal-word' }, word)] : []));
      }
      const timing = translate(language, 'compare.timing');
      setText(cells[5]!, result ? (result.perRunMs === null ? timing : formatDuration(language, result.perRunMs)) : pending);
    }
  };

  const fillChart = (language: Language) => {
    // Bars share one scale, the largest total (or count so far, while totals are unknown).
    // Walks: the planning work so far (their totals are unknown while the map may change).
    const figures = (run: Run) => {
      const walk = run.walk;
      if (walk) return { soFar: walk.walk.counters().expandedTotal, total: walk.finished ? walk.walk.counters().expandedTotal : null };
      return { soFar: run.timeline.step, total: run.timeline.total };
    };
    const scale = Math.max(1, ...rows.map(({ run }) => Math.max(figures(run).total ?? 0, figures(run).soFar)));
    const words: string[] = [];
    for (const row of rows) {
      const { timeline } = row.run;
      const { soFar, total } = figures(row.run);
      row.bar.setAttribute('width', ((soFar / scale) * CHART_WIDTH).toFixed(2));
      row.total.setAttribute('width', (((total ?? soFar) / scale) * CHART_WIDTH).toFixed(2));
      const text = row.run.shown.status === 'refused'
        ? translate(language, 'compare.chart.notRun', { name: searchName(store, row.run) })
        : total === null
        ? translate(language, 'compare.chart.soFar', { name: searchName(store, row.run), n: soFar.toLocaleString(language) })
        : translate(language, 'compare.chart.ofTotal', { name: searchName(store, row.run), n: soFar.toLocaleString(language), total: total.toLocaleString(language) });
      if (row.label.textContent !== text) row.label.textContent = text;
      row.bar.classList.toggle('ap-chart-bar-done', timeline.finished);
      words.push(text);
    }
    setAttribute(chart, 'aria-label', words.join(translate(language, 'list.clauses')));
  };

  const update = (changes: ReadonlySet<Change>) => {
    const comparing = store.runs.length > 1;
    element.hidden = !comparing;
    if (!comparing) return;
    const runsChanged = rows.length !== store.runs.length || rows.some((row, i) => row.run !== store.runs[i]) || walking !== store.walking;
    if (runsChanged) rebuild();
    const { language } = store;
    if (changes.has('language') && !runsChanged) rebuild();
    if (runsChanged || changes.has('search') || changes.has('options') || changes.has('map') || changes.has('endpoints') || changes.has('language')) {
      fillTable(language);
      fillChart(language);
    }
  };
  return { element, update };
}

/**
 * Where the agent's route parted from the first agent's (`first`; null for the first agent
 * itself), and whose plan was dearer there: on canonical routes, optimal planners walk the
 * same route, so a parting comes from a planner that found a dearer path or from a tie a
 * planner broke its own way.
 */
export function routeText(language: Language, walk: Walk, first: Walk | null): string {
  if (!first) return translate(language, 'compare.route.reference');
  if (walk.status === 'refused' || first.status === 'refused') return '–';
  const parting = walk.firstDivergence(first);
  if (!parting.diverged) return translate(language, 'compare.route.same');
  if (parting.afterMoves === null) return translate(language, 'compare.route.otherStart');
  const at = walk.walked()[parting.afterMoves]!;
  const numbers = {
    n: parting.afterMoves.toLocaleString(language),
    cell: `(${at.x}, ${at.y})`,
    cost: formatNumber(parting.cost, 2),
    other: formatNumber(parting.otherCost, 2),
    diff: formatNumber(Math.abs((parting.cost ?? 0) - (parting.otherCost ?? 0)), 2),
  };
  if (parting.equallyCheap || parting.cost === null || parting.otherCost === null) return translate(language, 'compare.route.partedTie', numbers);
  return translate(language, parting.cost > parting.otherCost ? 'compare.route.partedDearer' : 'compare.route.partedCheaper', numbers);
}

function pathText(language: Language, result: SearchResult, what: 'pathLength' | 'pathCost'): string {
  if (result.status === 'no-path') return translate(language, 'compare.noPath');
  if (result.status === 'gave-up') return '–';
  return formatNumber(result[what], 2);
}

