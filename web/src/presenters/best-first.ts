// A*, Dijkstra, greedy best-first, breadth-first and depth-first: one loop over one open
// list (cpp/core/best_first.h); only the list's order differs, and whether an open cell's g
// may improve. One presenter per algorithm, made by bestFirst() from those two facts and
// the phrase that says how the expanded cell was picked.
import type { PhraseKey } from '../ui/i18n';
import {
  OPEN_LIST_TOOLTIP, PLAIN_NEIGHBOURS, cellName, describeNeighbours, endLines, expansionNumbers, fillOneSided, goalLines, plainStepMarks, tooltipLines,
} from './common';
import type { Presenter } from './presenter';
import {
  GOAL_PARENTS, IMPROVE_FROM_CELL, INITIALISE_OPEN, NEIGHBOURS_COSTED, NO_PATH_OPEN, OPEN_FROM_CELL, SKIPPED, SKIP_FIRST_FOUND, SKIP_IMPROVING,
  TIES, WHILE_OPEN, lowest, popPiece, text, type Piece, type Program, type SignalTable,
} from './pseudocode';

/** How each best-first algorithm takes the next cell: the pop line of its pseudocode and the phrase of its narration. */
export const POPS = {
  astar: { pop: popPiece(lowest('f = g + w·h', TIES)), narration: 'narration.expand', improves: true },
  // Dijkstra is A* with h = 0, so f = g and the g tie-break never decides.
  dijkstra: { pop: popPiece(lowest('g', text('ties: the smaller cell index', '并列时取编号较小的'))), narration: 'narration.expand.dijkstra', improves: true },
  greedy: { pop: popPiece(lowest('h', TIES)), narration: 'narration.expand.greedy', improves: false },
  bfs: { pop: popPiece(text('put in first (first in, first out)', '最早放入（先进先出）的')), narration: 'narration.expand.bfs', improves: false },
  dfs: {
    pop: popPiece(text(
      'put in last: the cells the latest expansion opened come first, in direction order (last in, first out)',
      '最后放入（后进先出：最近一次扩展新加入的格子优先，按方向顺序）的')),
    narration: 'narration.expand.dfs',
    improves: false,
  },
} satisfies Record<string, { pop: Piece; narration: PhraseKey; improves: boolean }>;

const program = (pop: Piece, improves: boolean): Program => [
  [0, INITIALISE_OPEN],
  [0, WHILE_OPEN],
  [1, pop],
  [1, GOAL_PARENTS],
  [1, NEIGHBOURS_COSTED],
  [2, improves ? SKIP_IMPROVING : SKIP_FIRST_FOUND],
  [2, OPEN_FROM_CELL],
  ...(improves ? ([[2, IMPROVE_FROM_CELL]] as const) : []),
  [0, NO_PATH_OPEN],
];

/** Greedy, breadth- and depth-first: a neighbour found before is 'not-improved', like a closed one. */
export const FIRST_FOUND_SIGNALS: SignalTable = {
  expand: ['pop'],
  'neighbour:opened': ['neighbours', 'open'],
  'neighbour:not-improved': SKIPPED,
  'neighbour:closed': SKIPPED,
  'neighbour:blocked': SKIPPED,
  found: ['goal'],
  'no-path': ['noPath'],
};

/** A* and Dijkstra: the same, and open cells may improve. */
export const IMPROVING_SIGNALS: SignalTable = {
  ...FIRST_FOUND_SIGNALS,
  'neighbour:improved': ['neighbours', 'improve'],
};

export function bestFirst(name: keyof typeof POPS): Presenter {
  const { pop, narration, improves } = POPS[name];
  return {
    frontier: 'open-list',
    pseudocode: { program: program(pop, improves), signalLines: improves ? IMPROVING_SIGNALS : FIRST_FOUND_SIGNALS },
    replanLine: 'initialise',
    legend: [],
    offeredByCompare: true,
    corners: { topLeft: 'f', topRight: 'order', backward: false },
    narrateStart: (say, start) => say('narration.start', { cell: cellName(start) }),
    narrateStep(step, story) {
      const expanded = story.say(narration, expansionNumbers(step, story));
      const goal = goalLines(step, story);
      if (goal) return [expanded, ...goal];
      return [expanded, ...describeNeighbours(step, story.say, PLAIN_NEIGHBOURS), ...endLines(story)];
    },
    tooltip: (cell, id, search, say) => tooltipLines(cell, id, search, say, OPEN_LIST_TOOLTIP),
    fillCells: fillOneSided,
    overlays: (step) => ({ step: plainStepMarks(step), search: [] }),
  };
}
