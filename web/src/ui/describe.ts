// Words for the current state: the status line, the narration of the current step, the
// speed and timeline labels and the cell tooltip. Pure functions of read-only state, so
// the controls only decide where the text goes.
import type { NeighbourEvent, Point } from '../engine/engine';
import { formatNumber } from '../render/renderer';
import { SPEEDS } from '../state/speeds';
import type { Language, PlaygroundStore } from '../state/store';
import { joinSentences, translate, type PhraseKey } from './i18n';

// Enough neighbours to read on one line; the rest are counted.
const MAX_LISTED_CELLS = 8;

const cellName = (p: Point) => `(${p.x}, ${p.y})`;

export function speedLabel(language: Language, index: number): string {
  const speed = SPEEDS[index];
  if (speed.kind === 'instant') return translate(language, 'speed.instant');
  const key: PhraseKey = speed.kind === 'per-second'
    ? speed.steps === 1 ? 'speed.perSecond.one' : 'speed.perSecond'
    : speed.steps === 1 ? 'speed.perFrame.one' : 'speed.perFrame';
  return translate(language, key, { n: speed.steps });
}

export function timelineLabel(store: PlaygroundStore): string {
  const { timeline, language } = store;
  return timeline.total === null
    ? translate(language, 'timeline.measuring', { step: timeline.step })
    : translate(language, 'timeline.value', { step: timeline.step, total: timeline.total });
}

export function statusText(store: PlaygroundStore): string {
  const { timeline, language } = store;
  const search = timeline.display;
  const counters = search.counters();
  const status = search.status;
  if (status === 'ready') return translate(language, 'status.noStart');
  const cost = search.pathCost;
  const pathLength = status === 'found' ? Math.max(0, search.path().length - 1) : null;
  // Once the search has ended the headline gives the cost; the counters do not repeat it.
  const ended = status === 'found' || status === 'no-path';
  const counts = translate(language, ended ? 'status.countersEnd' : 'status.counters', {
    expanded: counters.expanded,
    open: counters.openSize,
    length: pathLength === null ? '–' : pathLength,
    cost: cost === null ? '–' : formatNumber(cost, 2),
    time: timeline.elapsedMs.toFixed(timeline.elapsedMs < 10 ? 2 : 1),
  });
  const headline = status === 'found' ? translate(language, 'status.found', { cost: formatNumber(cost, 2) })
    : status === 'no-path' ? translate(language, 'status.noPath')
      : counters.expanded === 0 ? translate(language, 'status.ready')
        : null;
  return headline === null ? counts : joinSentences(language, [headline, counts]);
}

export function narrationText(store: PlaygroundStore): string {
  const { timeline, language } = store;
  const search = timeline.display;
  const say = (key: PhraseKey, params: Record<string, string | number> = {}) => translate(language, key, params);
  const parts: string[] = [];
  const event = timeline.lastEvent;
  const steps = timeline.step;
  if (search.status === 'ready') return '';
  if (steps === 0) {
    parts.push(search.status === 'no-path' ? say('narration.emptyOpen') : say('narration.start', { cell: cellName(store.start) }));
  } else if (event) {
    parts.push(say('narration.expand', { step: steps, cell: cellName(event.cell), f: formatNumber(event.f, 2), g: formatNumber(event.g, 2), h: formatNumber(event.h, 2) }));
    if (search.status === 'found' && event.cell.x === store.goal.x && event.cell.y === store.goal.y) {
      parts.push(say('narration.goal', { cost: formatNumber(search.pathCost, 2) }));
    } else {
      parts.push(...describeNeighbours(event.neighbours, say));
      if (search.status === 'no-path') parts.push(say('narration.emptyOpen'));
    }
  } else if (search.status === 'found') {
    parts.push(say('narration.finished', { steps, cost: formatNumber(search.pathCost, 2) }));
  } else if (search.status === 'no-path') {
    parts.push(say('narration.finishedNoPath', { steps }));
  } else {
    parts.push(say('narration.running', { steps }));
  }
  if (store.live) parts.push(say('narration.live'));
  return joinSentences(language, parts);
}

function describeNeighbours(neighbours: NeighbourEvent[], say: (key: PhraseKey, params?: Record<string, string | number>) => string): string[] {
  const opened = neighbours.filter((n) => n.outcome === 'opened');
  const improved = neighbours.filter((n) => n.outcome === 'improved');
  const count = (outcome: NeighbourEvent['outcome']) => neighbours.filter((n) => n.outcome === outcome).length;
  const parts: string[] = [];
  if (opened.length > 0) parts.push(say('narration.opened', { cells: listCells(opened, (n) => `${cellName(n.cell)} g = ${formatNumber(n.newG, 2)}`, say) }));
  if (improved.length > 0) parts.push(say('narration.improved', { cells: listCells(improved, (n) => `${cellName(n.cell)} g ${formatNumber(n.oldG, 2)} → ${formatNumber(n.newG, 2)}`, say) }));
  if (opened.length === 0 && improved.length === 0) parts.push(say('narration.nothingNew'));
  const closed = count('closed'), blocked = count('blocked'), worse = count('not-improved');
  if (closed + blocked + worse > 0) parts.push(say('narration.skipped', { closed, blocked, worse }));
  return parts;
}

function listCells(items: NeighbourEvent[], describe: (n: NeighbourEvent) => string, say: (key: PhraseKey, params?: Record<string, string | number>) => string): string {
  const listed = items.slice(0, MAX_LISTED_CELLS).map(describe);
  if (items.length > MAX_LISTED_CELLS) listed.push(say('narration.more', { n: items.length - MAX_LISTED_CELLS }));
  return listed.join(', ');
}

/** Lines of the hover/tap tooltip for one cell. */
export function cellDetails(store: PlaygroundStore, cell: Point): string[] {
  const { grid, timeline, language } = store;
  const say = (key: PhraseKey, params: Record<string, string | number> = {}) => translate(language, key, params);
  const search = timeline.display;
  const cost = grid.cost(cell.x, cell.y);
  const lines = [`${say('tooltip.cell', { x: cell.x, y: cell.y })} · ${cost === 0 ? say('tooltip.wall') : say('tooltip.cost', { cost })}`];
  if (search.status === 'ready') return lines;
  const phase = search.phase(cell.x, cell.y);
  const order = search.order(cell.x, cell.y);
  lines.push(say(`tooltip.phase.${phase}` as PhraseKey, { order }));
  if (phase !== 'unseen') {
    lines.push(`g = ${formatNumber(search.g(cell.x, cell.y), 2)} · h = ${formatNumber(search.h(cell.x, cell.y), 2)} · f = ${formatNumber(search.f(cell.x, cell.y), 2)}`);
    const parent = search.parent(cell.x, cell.y);
    lines.push(`${say('tooltip.parent')}: ${parent ? cellName(parent) : say('tooltip.none')}`);
  }
  return lines;
}
