// What a search keeps its frontier in, and what that makes the page call it: the status
// line's count, a compared pane's line, the inspector's list and the comparison's column.
// A Record over the kinds, so a new kind cannot be named in one place and forgotten in
// another.
import type { PhraseKey } from '../ui/i18n';

export type FrontierKind =
  /** One open list, in priority order (breadth- and depth-first: first or last in). */
  | 'open-list'
  /** Two open lists, forward from the start and backward from the goal. */
  | 'two-lists'
  /** No list: the depth-first path from the start, with the descents pending on its stack (IDA*). */
  | 'path-stack'
  /** A queue of inconsistent cells, ordered by a two-part key, that outlives each plan (D* Lite). */
  | 'inconsistent-queue'
  /** An open list of the navigation mesh's polygons (navmesh A*). */
  | 'polygon-list'
  /** An open list of search nodes, each an interval and its root (Polyanya). */
  | 'node-list';

export interface Frontier {
  /** Its name in the status line's counters. */
  readonly countName: PhraseKey;
  /** A compared pane's line while the search runs. */
  readonly paneRunning: PhraseKey;
  /** The inspector's heading and the note on the order it lists. */
  readonly inspectTitle: PhraseKey;
  readonly inspectOrder: PhraseKey;
  /** The inspector's note once the search has ended, with {n}, what its frontier still held. */
  readonly inspectEnded: PhraseKey;
  /** The inspector lists both lists, each under its own heading. */
  readonly twoLists: boolean;
  /** The engine counts the whole frontier (IDA*'s pending descents are not counted). */
  readonly counted: boolean;
  /** Entries are ordered by the key [k1; k2], which the engine gives as f and g. */
  readonly keyed: boolean;
  /** The frontier stays once the plan is made: the next repair starts from it. */
  readonly outlivesPlan: boolean;
  /** A word after the comparison's "largest open list" figure, when it measures something else. */
  readonly largestNote: PhraseKey | null;
}

const OPEN_LIST: Frontier = {
  countName: 'status.openList',
  paneRunning: 'pane.running',
  inspectTitle: 'inspect.openList',
  inspectOrder: 'inspect.order',
  inspectEnded: 'inspect.ended',
  twoLists: false,
  counted: true,
  keyed: false,
  outlivesPlan: false,
  largestNote: null,
};

export const FRONTIERS: Readonly<Record<FrontierKind, Frontier>> = {
  'open-list': OPEN_LIST,
  'two-lists': { ...OPEN_LIST, twoLists: true },
  // The path's length is its count; the comparison's figure is the deepest it went.
  'path-stack': {
    ...OPEN_LIST, countName: 'status.stack', paneRunning: 'pane.running.ida', inspectTitle: 'inspect.stack',
    inspectOrder: 'inspect.stackOrder', inspectEnded: 'inspect.ended.stack', counted: false, largestNote: 'compare.deepest',
  },
  'inconsistent-queue': { ...OPEN_LIST, inspectTitle: 'inspect.queue', inspectOrder: 'inspect.queueOrder', keyed: true, outlivesPlan: true },
  'polygon-list': { ...OPEN_LIST, inspectOrder: 'inspect.order.navmesh', inspectEnded: 'inspect.ended.navmesh' },
  'node-list': { ...OPEN_LIST, inspectOrder: 'inspect.order.polyanya', inspectEnded: 'inspect.ended.polyanya' },
};
