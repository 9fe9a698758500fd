// MPAA*, Multipath Adaptive A* (Hernández, Baier and Asín, ICAPS 2014; cpp/core/mpaa.h): a
// planner for an agent in terrain it learns as it walks. Each plan is a forward A* from the
// agent, but with two things kept from the plans before it: the h every expanded cell
// learned (h ← the plan's cost − g, a better lower bound than the estimate), and the paths
// it found, which let a plan stop early at a cell whose kept path still reaches the goal.
// So the picture shows what a plain A* cannot: a heat map of the learned h (state/heat.ts's
// 'learnedH' mode), the reused part of the path drawn over the path, and the narration and
// tooltip say for each cell whether its h was learned or is still the estimate.
import { eventsOf, type Search, type StepEvent } from '../engine/engine';
import { formatNumber } from '../scene/format';
import type { Overlay } from '../scene/pane-scene';
import {
  OPEN_LIST_TOOLTIP, PLAIN_NEIGHBOURS, cellName, describeNeighbours, endLines, expansionNumbers, fillOneSided, goalLines, plainStepMarks, tooltipLines,
} from './common';
import { IMPROVING_SIGNALS } from './best-first';
import type { Presenter, Say, StepStory } from './presenter';
import {
  IMPROVE_FROM_CELL, NEIGHBOURS_COSTED, NO_PATH_OPEN, OPEN_FROM_CELL, SKIP_IMPROVING, TIES, WHILE_OPEN, goalPiece, lowest, piece, popPiece, text,
  type Program, type SignalTable,
} from './pseudocode';

const MPAA_STAR: Program = [
  [0, piece('initialise',
    'put the agent’s cell in the open list, with g = 0; each cell’s h is what it learned in earlier plans, else the estimate',
    '把智能体所在格子放入开放列表，g = 0；每个格子的 h 是它在之前的规划中学到的值，没有则用估计值')],
  [0, WHILE_OPEN],
  [1, popPiece(lowest('f = g + h', TIES))],
  [1, goalPiece(text('the parents lead back to the agent; every closed cell learns h ← g(goal) − g, and the path is kept',
    '沿父节点回溯到智能体就是路径；每个已关闭的格子学到 h ← g(终点) − g，并保留这条路径'))],
  [1, piece('stop',
    'if a path kept from an earlier plan leads on from it to the goal (at each of its cells h = the move’s cost + h of the next, and the move is still legal): stop; the path is the parents back to the agent, then the kept path; every closed cell learns h ← g + h of this cell − g',
    '如果从它出发有之前规划保留下来的路径通往终点（路径上每个格子的 h = 这一步的代价 + 下一个格子的 h，且这一步仍然可走）：停止；路径是沿父节点回到智能体的部分加上保留的路径；每个已关闭的格子学到 h ← 该格子的 g + h − g')],
  [1, NEIGHBOURS_COSTED],
  [2, SKIP_IMPROVING],
  [2, OPEN_FROM_CELL],
  [2, IMPROVE_FROM_CELL],
  [0, NO_PATH_OPEN],
  [0, piece('repair',
    'between plans, as the agent learns the map: what was learned and kept stays while costs only go up (a kept path a dearer move crosses fails the test above); if a cost went down where a learned h would now overestimate, it is all forgotten',
    '两次规划之间，智能体不断了解地图：只要代价只升不降，学到的值和保留的路径都继续有效（经过变贵的一步的保留路径通不过上面的检查）；如果某处代价下降使学到的 h 会高估，就全部忘掉')],
];

const MPAA_SIGNALS: SignalTable = {
  ...IMPROVING_SIGNALS,
  // A plan that ends on a kept path comes with a Stop event and no 'found' (pseudocode.ts's signalsOfStep).
  stop: ['stop'],
};

/** The h the cell learned in earlier plans, or null where it has learned none (the estimate applies). */
function learnedH(search: Search, id: number): number | null {
  const value = search.cellView().valueAt('learnedH', id);
  return Number.isNaN(value) ? null : value;
}

/** The step's expansion: which cell, its f, and whether the h it was taken with was learned. */
function expansionLine(step: StepEvent, story: StepStory): string {
  const numbers = expansionNumbers(step, story);
  const learned = story.channelAt('learnedH', step.cell);
  return story.say(Number.isNaN(learned) ? 'narration.expand.mpaa.estimate' : 'narration.expand.mpaa.learned', numbers);
}

function narrateStep(step: StepEvent, story: StepStory): string[] {
  const { say } = story;
  const expanded = expansionLine(step, story);
  const goal = goalLines(step, story);
  if (goal) return [expanded, ...goal, say('narration.mpaa.learns')];
  const stops = eventsOf(step, 'stop');
  if (stops.length > 0) {
    // It stopped early: the rest of the path is a kept one, so no neighbour was looked at.
    return [expanded, ...stops.map((stop) => say('narration.stop.mpaa', { cost: formatNumber(stop.cost, 2), bound: formatNumber(stop.bound, 2) })),
      say('narration.mpaa.learns')];
  }
  return [expanded, ...describeNeighbours(step, say, PLAIN_NEIGHBOURS), ...endLines(story)];
}

/** The tooltip: A*'s lines, then the cell's learned h beside the estimate, and whether its part of the path was reused. */
function tooltip(cell: { x: number; y: number }, id: number, search: Search, say: Say): string[] {
  const lines = tooltipLines(cell, id, search, say, OPEN_LIST_TOOLTIP);
  if (search.status === 'ready' || search.status === 'refused') return lines;
  const learned = learnedH(search, id);
  const estimate = formatNumber(search.h(cell.x, cell.y), 2);
  lines.push(learned === null
    ? say('tooltip.mpaa.estimate', { h: estimate })
    : say('tooltip.mpaa.learned', { learned: formatNumber(learned, 2), h: estimate }));
  if (search.cellView().valueAt('reused', id) === 1) lines.push(say('tooltip.mpaa.reused'));
  return lines;
}

/**
 * The reused part of the path: from the cell where the plan stopped to the goal, the cells
 * the 'reused' channel marks. Read along the path only (a few hundred cells, not the map).
 */
export function reusedPath(search: Search): Overlay[] {
  if (search.status !== 'found') return [];
  const cells = search.cellView();
  const path = search.path();
  const first = path.findIndex((p) => cells.valueAt('reused', p.y * cells.width + p.x) === 1);
  if (first < 0) return [];
  const points = path.slice(first).map((p) => ({ x: p.x + 0.5, y: p.y + 0.5 }));
  return [
    { shape: 'polyline', role: 'reused', points },
    // Where the plan stopped and took the kept path.
    { shape: 'ring', role: 'reused', at: points[0]! },
  ];
}

export function mpaa(): Presenter {
  return {
    frontier: 'open-list',
    pseudocode: { program: MPAA_STAR, signalLines: MPAA_SIGNALS },
    // Each plan is an A* from the agent with what earlier plans learned: the repair line says what carries over.
    replanLine: 'repair',
    legend: ['reused', 'learnedH'],
    // A planner for walks: alone on a fixed map it is A* (nothing learned yet), so Compare offers A* instead.
    offeredByCompare: false,
    corners: { topLeft: 'f', topRight: 'order', backward: false },
    narrateStart: (say, start) => say('narration.start.mpaa', { cell: cellName(start) }),
    narrateStep,
    tooltip,
    fillCells: fillOneSided,
    overlays: (step, search) => ({ step: plainStepMarks(step), search: reusedPath(search) }),
  };
}
