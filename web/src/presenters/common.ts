// The parts several families of presenters share: how a step's neighbours are told and
// marked, how an expansion and the end of a search are said, the tooltip's lines about a
// cell and the fills of a one-sided search. Each family composes these with its own parts.
import { eventsOf, type CellView, type EventOf, type Point, type Search, type StepEvent } from '../engine/engine';
import { formatNumber } from '../scene/format';
import type { Overlay } from '../scene/pane-scene';
import type { CountedKey, PhraseKey } from '../ui/i18n';
import type { Say, StepStory } from './presenter';

// Enough neighbours to read on one line; the rest are counted.
const MAX_LISTED_CELLS = 8;

export const cellName = (p: Point) => `(${p.x}, ${p.y})`;

export function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

/** Up to MAX_LISTED_CELLS items described, then how many more there are, with the language's separator (、 in Chinese). */
export function listCells<T>(items: readonly T[], describe: (item: T) => string, say: Say): string {
  const listed = items.slice(0, MAX_LISTED_CELLS).map(describe);
  if (items.length > MAX_LISTED_CELLS) listed.push(say('narration.more', { n: items.length - MAX_LISTED_CELLS }));
  return listed.join(say('list.separator'));
}

/** The phrase for `n` things: its form for one when n is 1 ("it leads", "its root"), else the key's own. */
export function countedKey(key: CountedKey, n: number): PhraseKey {
  return n === 1 ? `${key}.one` : key;
}

/** A cost as D* Lite has them: ∞ where no way to the goal is known. */
export function formatCost(value: number | null): string {
  return value === Infinity ? '∞' : formatNumber(value, 2);
}

/** The expansion's numbers, for the phrase that says which cell was taken and why. */
export function expansionNumbers(step: StepEvent, story: StepStory) {
  return { step: story.stepNumber, cell: cellName(step.cell), f: formatNumber(step.f, 2), g: formatNumber(step.g, 2), h: formatNumber(step.h, 2) };
}

/** The step expanded the goal and so found the path (for searches with a goal test). */
export function goalLines(step: StepEvent, story: StepStory): string[] | null {
  if (story.status !== 'found' || !samePoint(step.cell, story.goal)) return null;
  return [story.say('narration.goal', { cost: formatNumber(story.pathCost, 2) })];
}

/** How the search ended with this step, if it did without a path: no path, or the expansion limit. */
export function endLines(story: StepStory, noPath: PhraseKey = 'narration.emptyOpen'): string[] {
  if (story.status === 'no-path') return [story.say(noPath)];
  if (story.status === 'gave-up') return [story.say('narration.gaveUp', { n: story.stepNumber.toLocaleString(story.language) })];
  return [];
}

/** How a family words its neighbours. */
export interface NeighbourWording {
  /** List the neighbours opened (JPS tells its successors itself, with why each is one). */
  listOpened: boolean;
  openedKey: PhraseKey;
  /** Say so when the step opened, improved and pruned nothing. */
  nothingNew: boolean;
  /** IDA* skips cells on its path where the others skip closed ones. */
  skipped: 'closed' | 'on-path';
}

export const PLAIN_NEIGHBOURS: NeighbourWording = { listOpened: true, openedKey: 'narration.opened', nothingNew: true, skipped: 'closed' };

/** What the step did to its neighbours: opened, improved, pruned, and how many it skipped and why. */
export function describeNeighbours(step: StepEvent, say: Say, wording: NeighbourWording): string[] {
  const neighbours = eventsOf(step, 'neighbour');
  const opened = wording.listOpened ? neighbours.filter((n) => n.outcome === 'opened') : [];
  const improved = neighbours.filter((n) => n.outcome === 'improved');
  const pruned = neighbours.filter((n) => n.outcome === 'pruned');
  const count = (outcome: EventOf<'neighbour'>['outcome']) => neighbours.filter((n) => n.outcome === outcome).length;
  const parts: string[] = [];
  if (opened.length > 0) parts.push(say(wording.openedKey, { cells: listCells(opened, (n) => `${cellName(n.cell)} g = ${formatNumber(n.newG, 2)}`, say) }));
  if (improved.length > 0) parts.push(say('narration.improved', { cells: listCells(improved, (n) => `${cellName(n.cell)} g ${formatNumber(n.oldG, 2)} → ${formatNumber(n.newG, 2)}`, say) }));
  if (pruned.length > 0) parts.push(say('narration.pruned', { cells: listCells(pruned, (n) => cellName(n.cell), say) }));
  if (wording.nothingNew && opened.length === 0 && improved.length === 0 && pruned.length === 0) parts.push(say('narration.nothingNew'));
  const closed = count('closed'), blocked = count('blocked'), worse = count('not-improved'), onPath = count('on-path');
  if (wording.skipped === 'on-path') {
    if (onPath + blocked + worse > 0) parts.push(say('narration.skipped.ida', { onPath, blocked, worse }));
  } else if (closed + blocked + worse > 0) {
    parts.push(say('narration.skipped', { closed, blocked, worse }));
  }
  return parts;
}

/** The step's neighbours as marks: a cross where it could not go, an outline on the others (bold where it opened or improved). */
export function neighbourMarks(step: StepEvent): Overlay[] {
  return eventsOf(step, 'neighbour').map((neighbour): Overlay => {
    if (neighbour.outcome === 'blocked') return { shape: 'cross', role: 'blocked', cell: neighbour.cell };
    const changed = neighbour.outcome === 'opened' || neighbour.outcome === 'improved';
    return { shape: 'outline', role: changed ? 'changed' : 'considered', cell: neighbour.cell };
  });
}

/** The cell the step expanded, drawn over its neighbours' marks. */
export function expandedMark(step: StepEvent): Overlay {
  return { shape: 'outline', role: 'expanded', cell: step.cell };
}

/** A step's marks for searches that only look at their neighbours. */
export function plainStepMarks(step: StepEvent | null): Overlay[] {
  return step ? [...neighbourMarks(step), expandedMark(step)] : [];
}

/** Open, closed and the path, as the search has them. */
export function fillOneSided(cells: CellView, out: Uint8Array): void {
  cells.fillPhases(out);
}

/** How the tooltip names a cell's phase and numbers; the defaults are an open list's. */
export interface TooltipWording {
  open: PhraseKey;
  closed: PhraseKey;
  /** D* Lite's rhs beside g; g, h and f otherwise. */
  numbers: 'g-h-f' | 'g-rhs-h';
  /** Where the cell's arrow points: its parent, or (D* Lite) the next cell toward the goal. */
  parent: PhraseKey;
}

export const OPEN_LIST_TOOLTIP: TooltipWording = { open: 'tooltip.phase.open', closed: 'tooltip.phase.closed', numbers: 'g-h-f', parent: 'tooltip.parent' };

/** The tooltip's lines about a cell of a running or ended search: its phase, its numbers and its parent. */
export function tooltipLines(cell: Point, id: number, search: Search, say: Say, wording: TooltipWording = OPEN_LIST_TOOLTIP): string[] {
  const { x, y } = cell;
  const phase = search.phase(x, y);
  const order = search.order(x, y);
  const phaseKey = phase === 'open' ? wording.open : phase === 'closed' ? wording.closed : `tooltip.phase.${phase}` as PhraseKey;
  const lines = [say(phaseKey, { order })];
  if (phase === 'unseen') return lines;
  lines.push(wording.numbers === 'g-rhs-h'
    ? `g = ${formatCost(search.g(x, y))} · rhs = ${formatCost(search.cellView().valueAt('rhs', id))} · h = ${formatNumber(search.h(x, y), 2)}`
    : `g = ${formatNumber(search.g(x, y), 2)} · h = ${formatNumber(search.h(x, y), 2)} · f = ${formatNumber(search.f(x, y), 2)}`);
  const parent = search.parent(x, y);
  lines.push(say('list.labelled', { label: say(wording.parent), value: parent ? cellName(parent) : say('tooltip.none') }));
  return lines;
}
