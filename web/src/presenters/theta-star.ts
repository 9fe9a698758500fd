// Theta* (Nash, Daniel, Koenig and Felner, AAAI 2007; cpp/core/any_angle.h): A* whose
// neighbours may hang from the expanded cell's parent when it sees them along a straight
// line, so paths are made of straight segments at any angle. On a map with terrain a line
// costs its length in each cell times that cell's cost, and the parent's line is taken only
// when it is no dearer than the ordinary move (cpp/core/any_angle_policy.h). The picture
// draws the lines of sight a step checks (solid when clear and taken, dashed when blocked,
// with a cross on the cell that blocked them, dotted when clear but dearer) and the narration
// says which neighbours the parent sees, and for which of those its line costs more than an
// ordinary move.
import { eventsOf, type EventOf, type StepEvent } from '../engine/engine';
import { centreOf, type Overlay } from '../scene/pane-scene';
import {
  OPEN_LIST_TOOLTIP, PLAIN_NEIGHBOURS, cellName, countedKey, describeNeighbours, endLines, expandedMark, expansionNumbers, fillOneSided, goalLines, listCells,
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
    'if the cell has a parent q that sees n (the straight line from q to n touches no blocked cell) and g(q) + the line’s cost ≤ g + the move’s cost: p ← q, g′ = g(q) + the line’s cost (a line costs its length in each cell it crosses times that cell’s terrain cost; a move, half its length in each of its two cells)',
    '如果当前格子有父节点 q，q 能看到 n（q 到 n 的直线不碰到任何被阻挡的格子），且 g(q) + 直线的代价 ≤ g + 这一步的代价：p ← q，g′ = g(q) + 直线的代价（直线的代价是它在经过的每个格子里的长度乘以该格子的地形代价；一步移动在它的两个格子里各占一半长度）')],
  [2, piece('direct', 'otherwise (no parent, the line is blocked, or it costs more): p ← the cell, g′ = g + the move’s cost',
    '否则（没有父节点、视线被挡住，或直线代价更高）：p ← 当前格子，g′ = g + 这一步的代价')],
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
  // Seen, but the line crosses costlier terrain: the ordinary move, as when the line is blocked.
  'sight:dearer': ['neighbours', 'direct'],
  'neighbour:not-improved': ['neighbours', 'keep'],
  'neighbour:opened': ['neighbours', 'open'],
  'neighbour:improved': ['neighbours', 'improve'],
  found: ['goal'],
  'no-path': ['noPath'],
};

/** The three things a line of sight can come to: taken, blocked, or seen but dearer than the ordinary move. */
type SightFate = 'taken' | 'blocked' | 'dearer';
const fateOf = (sight: EventOf<'sight'>): SightFate => (!sight.clear ? 'blocked' : sight.dearer ? 'dearer' : 'taken');

/** Which neighbours hang from the expanded cell's parent by a straight line, and why the others do not. */
function describeSights(step: StepEvent, say: Say): string[] {
  const sights = eventsOf(step, 'sight');
  if (sights.length === 0) return [];
  const parent = cellName(sights[0]!.from), cell = cellName(step.cell);
  const phrases = { taken: 'narration.theta.sees', dearer: 'narration.theta.dearer', blocked: 'narration.theta.blocked' } as const;
  return (['taken', 'dearer', 'blocked'] as const).flatMap((fate) => {
    const cells = sights.filter((sight) => fateOf(sight) === fate).map((sight) => sight.to);
    const key = fate === 'taken' ? countedKey(phrases.taken, cells.length) : phrases[fate];
    return cells.length > 0 ? [say(key, { parent, cells: listCells(cells, cellName, say), cell })] : [];
  });
}

/** The lines of sight checked this step: blocked ones, dearer ones, then taken ones over them, then what blocked them. */
function sightMarks(step: StepEvent): Overlay[] {
  const sights = eventsOf(step, 'sight');
  const segments = (fate: SightFate) => sights.filter((sight) => fateOf(sight) === fate).map((sight) => [centreOf(sight.from), centreOf(sight.to)] as const);
  return [
    { shape: 'segments', role: 'sight-blocked', segments: segments('blocked') },
    { shape: 'segments', role: 'sight-dearer', segments: segments('dearer') },
    { shape: 'segments', role: 'sight-clear', segments: segments('taken') },
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
