// Theta* (Nash, Daniel, Koenig and Felner, AAAI 2007; cpp/core/any_angle.h): A* whose
// neighbours may hang from the expanded cell's parent when it sees them along a straight
// line, so paths are made of straight segments at any angle. The picture draws the lines of
// sight a step checks (solid when clear, dashed when blocked, with a cross on the cell that
// blocked them) and the narration says which neighbours the parent sees.
import { eventsOf, type Point, type StepEvent } from '../engine/engine';
import { centreOf, type Overlay } from '../scene/pane-scene';
import {
  OPEN_LIST_TOOLTIP, PLAIN_NEIGHBOURS, cellName, describeNeighbours, endLines, expandedMark, expansionNumbers, fillOneSided, goalLines, listCells,
  neighbourMarks, tooltipLines,
} from './common';
import type { Presenter, Say } from './presenter';
import {
  CHOSEN_P, INITIALISE_OPEN, IS_CLOSED, IS_WALL, MOVE_FORBIDDEN, NO_PATH_OPEN, POP_UNWEIGHTED, SKIPPED, WHILE_OPEN,
  goalPiece, improvePiece, neighboursPiece, openPiece, piece, skipPiece, text, type Program, type SignalTable,
} from './pseudocode';

const THETA_STAR: Program = [
  [0, INITIALISE_OPEN],
  [0, WHILE_OPEN],
  [1, POP_UNWEIGHTED],
  [1, goalPiece(text('the parents are the corners of a path of straight segments', '沿父节点回溯得到的格子就是由直线段组成的路径的拐点'))],
  [1, neighboursPiece(null)],
  [2, skipPiece([IS_WALL, MOVE_FORBIDDEN, IS_CLOSED])],
  [2, piece('sight',
    'if the cell has a parent q that sees n (the straight line from q to n touches no blocked cell): p ← q, g′ = g(q) + the length of that line',
    '如果当前格子有父节点 q，且 q 能看到 n（q 到 n 的直线不碰到任何被阻挡的格子）：p ← q，g′ = g(q) + 这条直线的长度')],
  [2, piece('direct', 'otherwise (no parent, or the line is blocked): p ← the cell, g′ = g + the move’s length',
    '否则（没有父节点，或视线被挡住）：p ← 当前格子，g′ = g + 这一步的长度')],
  [2, piece('keep', 'if n is open with g(n) ≤ g′: leave it as it is', '如果 n 已在开放列表中且 g(n) ≤ g′：保持不变')],
  [2, openPiece(CHOSEN_P)],
  [2, improvePiece(CHOSEN_P)],
  [0, NO_PATH_OPEN],
];

const THETA_SIGNALS: SignalTable = {
  expand: ['pop'],
  'neighbour:blocked': SKIPPED,
  'neighbour:closed': SKIPPED,
  'sight:clear': ['neighbours', 'sight'],
  'sight:obstructed': ['neighbours', 'direct'],
  'neighbour:not-improved': ['neighbours', 'keep'],
  'neighbour:opened': ['neighbours', 'open'],
  'neighbour:improved': ['neighbours', 'improve'],
  found: ['goal'],
  'no-path': ['noPath'],
};

/** Which neighbours hang from the expanded cell's parent by a straight line. */
function describeSights(step: StepEvent, say: Say): string[] {
  const sights = eventsOf(step, 'sight');
  if (sights.length === 0) return [];
  const parent = cellName(sights[0]!.from);
  const clear = sights.filter((s) => s.clear).map((s) => s.to);
  const blocked = sights.filter((s) => !s.clear).map((s) => s.to);
  const parts: string[] = [];
  const list = (cells: Point[]) => listCells(cells, cellName, say);
  if (clear.length > 0) parts.push(say('narration.theta.sees', { parent, cells: list(clear) }));
  if (blocked.length > 0) parts.push(say('narration.theta.blocked', { parent, cells: list(blocked), cell: cellName(step.cell) }));
  return parts;
}

/** The lines of sight checked this step: blocked ones, then clear ones over them, then what blocked them. */
function sightMarks(step: StepEvent): Overlay[] {
  const sights = eventsOf(step, 'sight');
  const segments = (clear: boolean) => sights.filter((sight) => sight.clear === clear).map((sight) => [centreOf(sight.from), centreOf(sight.to)] as const);
  return [
    { shape: 'segments', role: 'sight-blocked', segments: segments(false) },
    { shape: 'segments', role: 'sight-clear', segments: segments(true) },
    ...sights.flatMap((sight): Overlay[] => (sight.blockedBy ? [{ shape: 'cross', role: 'sight-blocker', cell: sight.blockedBy }] : [])),
  ];
}

export function thetaStar(): Presenter {
  return {
    frontier: 'open-list',
    pseudocode: { program: THETA_STAR, signalLines: THETA_SIGNALS },
    replanLine: 'initialise',
    legend: ['sight'],
    offeredByCompare: true,
    corners: { topLeft: 'f', topRight: 'order', backward: false },
    narrateStart: (say, start) => say('narration.start', { cell: cellName(start) }),
    narrateStep(step, story) {
      const expanded = story.say('narration.expand', expansionNumbers(step, story));
      const goal = goalLines(step, story);
      if (goal) return [expanded, ...goal];
      return [expanded, ...describeSights(step, story.say), ...describeNeighbours(step, story.say, PLAIN_NEIGHBOURS), ...endLines(story)];
    },
    tooltip: (cell, id, search, say) => tooltipLines(cell, id, search, say, OPEN_LIST_TOOLTIP),
    fillCells: fillOneSided,
    overlays: (step) => ({ step: step ? [...sightMarks(step), ...neighbourMarks(step), expandedMark(step)] : [], search: [] }),
  };
}
