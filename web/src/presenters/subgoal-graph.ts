// Subgoal graphs (Uras, Koenig and Hernández, ICAPS 2013; cpp/core/subgoal_graph.h): A* over
// a graph prepared once per map, whose nodes are subgoals (free cells just off an obstacle's
// corner) and whose edges join subgoals that reach each other along a shortest line the walls
// do not lengthen; a hierarchy adds shortcuts and lets a query go up from the start, across
// the top and down only into the goal's side; its h at a subgoal is also bounded by landmarks
// (subgoal_landmarks.h), which the heuristic menu names (ownHeuristic). A step expands one node (the start, a subgoal or
// the goal), and its "neighbours" are the nodes at the other ends of its edges, usually far
// away. The picture therefore shades every subgoal (the engine's "subgoal" channel) and draws
// the current expansion's edges as segments from the expanded node; the step that expands
// the goal walks the graph path back into cells, which the narration says.
import { eventsOf, type CellView, type Point, type StepEvent } from '../engine/engine';
import { formatNumber } from '../scene/format';
import { FILL, centreOf, type Overlay } from '../scene/pane-scene';
import {
  OPEN_LIST_TOOLTIP, PLAIN_NEIGHBOURS, cellName, describeNeighbours, endLines, expandedMark, expansionNumbers, goalLines, neighbourMarks,
  tooltipLines,
} from './common';
import type { Presenter } from './presenter';
import {
  IMPROVE_FROM_CELL, IS_CLOSED, NO_PATH_OPEN, OPEN_FROM_CELL, OPEN_NO_CHEAPER, POP_UNWEIGHTED, SKIPPED, WHILE_OPEN, goalPiece, piece, skipPiece,
  text, type Program, type SignalTable,
} from './pseudocode';

const SUBGOAL_GRAPH: Program = [
  [0, piece('initialise',
    'mark the goal’s side: the subgoals the goal sees, and every subgoal reached from them by edges up the hierarchy; take the goal’s distances from the landmarks through those it sees; h(n) = the larger of the octile (4-connected: Manhattan) distance and the best landmark L’s bound |d(L, goal) − d(L, n)|; put the start in the open list, with g(start) = 0',
    '标记终点一侧：终点能看到的子目标，以及从它们沿层次结构向上的边能到达的所有子目标；经终点能看到的子目标算出终点到各地标的距离；h(n) = 八方向距离（四连通时为曼哈顿距离）与最佳地标 L 的下界 |d(L, 终点) − d(L, n)| 中的较大者；把起点放入开放列表，g(起点) = 0')],
  [0, WHILE_OPEN],
  [1, POP_UNWEIGHTED],
  [1, goalPiece(text(
    'walk each edge of the graph path back into cells: a plain edge along its diagonal-then-straight line, a shortcut through the subgoal it skips',
    '把图上路径的每条边还原成格子：普通边沿着先对角后直线的走法，捷径边经过它跳过的子目标'))],
  [1, piece('neighbours',
    'for each edge to a node n, with g′ = g + the edge’s length: from the start, the subgoals it sees (and the goal, if it sees it); from a subgoal, its edges up the hierarchy, its edges down into the goal’s side, and the goal if the goal sees it:',
    '对每条通向节点 n 的边，g′ = g + 这条边的长度：起点的边通向它能看到的子目标（能看到终点时也通向终点）；子目标的边是沿层次结构向上的边、向下进入终点一侧的边，以及终点能看到它时通向终点的边：')],
  [2, skipPiece([IS_CLOSED, OPEN_NO_CHEAPER])],
  [2, OPEN_FROM_CELL],
  [2, IMPROVE_FROM_CELL],
  [0, NO_PATH_OPEN],
];

const SUBGOAL_SIGNALS: SignalTable = {
  expand: ['pop'],
  'neighbour:opened': ['neighbours', 'open'],
  'neighbour:improved': ['neighbours', 'improve'],
  'neighbour:not-improved': SKIPPED,
  'neighbour:closed': SKIPPED,
  found: ['goal'],
  'no-path': ['noPath'],
};

/** The step's edges, from the expanded node to each node it relaxed: ones that changed nothing under the ones that opened or improved a node. */
function edgeMarks(step: StepEvent): Overlay[] {
  const from = centreOf(step.cell);
  const neighbours = eventsOf(step, 'neighbour');
  const segments = (changed: boolean) => neighbours
    .filter((n) => (n.outcome === 'opened' || n.outcome === 'improved') === changed)
    .map((n) => [from, centreOf(n.cell)] as const);
  return [
    { shape: 'segments', role: 'graph-edge-kept', segments: segments(false) },
    { shape: 'segments', role: 'graph-edge', segments: segments(true) },
  ];
}

// The landmarks' cells, read from the "landmark" channel once per view: a graph prepared
// anew comes with a new view (the search's layout moves), so the list never outlives it.
const landmarkCells = new WeakMap<CellView, readonly Point[]>();

function landmarksOf(cells: CellView): readonly Point[] {
  const known = landmarkCells.get(cells);
  if (known) return known;
  const found: Point[] = [];
  if (cells.has('landmark'))
    for (let id = 0; id < cells.count; id++) if (cells.valueAt('landmark', id) > 0) found.push({ x: id % cells.width, y: Math.floor(id / cells.width) });
  landmarkCells.set(cells, found);
  return found;
}

export function subgoalGraph(): Presenter {
  return {
    frontier: 'open-list',
    ownHeuristic: 'heuristic.landmarks',
    pseudocode: { program: SUBGOAL_GRAPH, signalLines: SUBGOAL_SIGNALS },
    replanLine: 'initialise',
    legend: ['subgoal', 'landmark', 'edges'],
    offeredByCompare: true,
    corners: { topLeft: 'f', topRight: 'order', backward: false },
    narrateStart: (say, start) => say('narration.start', { cell: cellName(start) }),
    narrateStep(step, story) {
      const expanded = story.say('narration.expand', expansionNumbers(step, story));
      const goal = goalLines(step, story);
      if (goal) return [expanded, story.say('narration.subgoal.refined', { cost: formatNumber(story.pathCost, 2) }), ...goal];
      const edges = eventsOf(step, 'neighbour').length;
      return [expanded, story.say('narration.subgoal.edges', { edges }),
        ...describeNeighbours(step, story.say, PLAIN_NEIGHBOURS), ...endLines(story)];
    },
    tooltip(cell, id, search, say) {
      const lines = tooltipLines(cell, id, search, say, OPEN_LIST_TOOLTIP);
      const level = search.cellView().valueAt('subgoal', id);
      if (level > 0) lines.push(say('tooltip.subgoal', { level }));
      const landmark = search.cellView().valueAt('landmark', id);
      if (landmark > 0) lines.push(say('tooltip.landmark', { number: landmark }));
      return lines;
    },
    fillCells(cells, out) {
      cells.fillPhases(out);
      if (!cells.has('subgoal')) return;
      // Subgoals the search has not reached are shaded faintly, as JPS's scanned cells are.
      for (let id = 0; id < out.length; id++) if (out[id] === FILL.none && cells.valueAt('subgoal', id) > 0) out[id] = FILL.scanned;
    },
    overlays: (step, search) => ({
      step: step ? [...edgeMarks(step), ...neighbourMarks(step), expandedMark(step)] : [],
      search: landmarksOf(search.cellView()).map((cell) => ({ shape: 'ring', role: 'landmark', at: centreOf(cell) }) as const),
    }),
  };
}
