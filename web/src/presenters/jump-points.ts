// Jump point search (Harabor and Grastien, AAAI 2011; cpp/core/jump_points.h): A*'s loop
// over jump points, found by scans along straight and diagonal lines from each expanded
// cell; the cells a scan passes over are never put in the open list. The picture draws the
// scans as lines (the cells they passed faintly) and forced neighbours as diamonds, and the
// narration says why each successor is a jump point. JPS+ (the same search over a jump
// table made before the search) is drawn and narrated the same way.
import { eventsOf, type EventOf, type Point, type StepEvent } from '../engine/engine';
import { formatNumber } from '../scene/format';
import { FILL, centreOf, type Overlay } from '../scene/pane-scene';
import {
  OPEN_LIST_TOOLTIP, PLAIN_NEIGHBOURS, cellName, describeNeighbours, endLines, expandedMark, expansionNumbers, goalLines, listCells,
  neighbourMarks, samePoint, tooltipLines,
} from './common';
import type { Presenter, Say } from './presenter';
import {
  IMPROVE_FROM_CELL, INITIALISE_OPEN, IS_CLOSED, NO_PATH_OPEN, OPEN_FROM_CELL, OPEN_NO_CHEAPER, POP_UNWEIGHTED, WHILE_OPEN,
  goalPiece, piece, skipPiece, text, type LineId, type Program, type SignalTable,
} from './pseudocode';

const JUMP_POINT_SEARCH: Program = [
  [0, INITIALISE_OPEN],
  [0, WHILE_OPEN],
  [1, POP_UNWEIGHTED],
  [1, goalPiece(text('the parents lead back to the start jump by jump (the cells between are filled in)',
    '沿父节点一跳一跳回溯到起点就是路径（中间的格子会补上）'))],
  [1, piece('directions',
    'prune its neighbours: keep the direction of the jump that reached it (a diagonal also keeps its two straight parts) and the directions walls beside it force; the start keeps all',
    '剪枝：只保留到达它的那一跳的方向（对角方向还保留它的两个直线分量），以及旁边的墙强制需要的方向；起点保留全部方向')],
  [1, piece('scan',
    'for each kept direction, scan from the cell along that line (a diagonal scan also scans straight along its two parts from each cell it passes):',
    '对每个保留的方向，从当前格子沿这条线扫描（对角扫描还会从经过的每个格子沿它的两个直线分量扫描）：')],
  [2, piece('deadEnd', 'a wall or the map’s edge ends the scan: nothing in this direction', '碰到墙或地图边缘，扫描结束：这个方向什么也没有')],
  [2, piece('forced',
    'a cell with a forced neighbour is a jump point: a wall beside the scan ends there, so a neighbour past the wall is reached shortest only through this cell',
    '有强制邻居的格子是跳点：扫描线旁的墙在这里结束，墙后的邻居只有经过这个格子才能以最短路径到达')],
  [2, piece('jump',
    'the scan stops at the first jump point or at the goal (a diagonal also stops where one of its straight scans found one): that cell n is a successor, g′ = g + the jump’s length',
    '扫描停在第一个跳点或终点（对角扫描也停在它的直线扫描有所发现的格子）：这个格子 n 是后继，g′ = g + 这一跳的长度')],
  [3, skipPiece([IS_CLOSED, OPEN_NO_CHEAPER])],
  [3, OPEN_FROM_CELL],
  [3, IMPROVE_FROM_CELL],
  [0, NO_PATH_OPEN],
];

const SCANNED: readonly LineId[] = ['directions', 'scan'];

const JUMP_POINT_SIGNALS: SignalTable = {
  expand: ['pop'],
  'scan:dead-end': [...SCANNED, 'deadEnd'],
  'scan:jump-point': [...SCANNED, 'jump'],
  'scan:reached-goal': [...SCANNED, 'jump'],
  forced: [...SCANNED, 'forced'],
  // A jump point found by a scan is relaxed like a neighbour; scans never report walls.
  'neighbour:opened': ['open'],
  'neighbour:improved': ['improve'],
  'neighbour:not-improved': ['skip'],
  'neighbour:closed': ['skip'],
  found: ['goal'],
  'no-path': ['noPath'],
};

/** How much was scanned, and why each successor is a jump point. */
function describeJumps(step: StepEvent, say: Say): string[] {
  const scans = eventsOf(step, 'scan');
  const passed = scans.reduce((sum, scan) => sum + Math.max(Math.abs(scan.to.x - scan.from.x), Math.abs(scan.to.y - scan.from.y)), 0);
  const parts = [say('narration.jps.scans', { scans: scans.length, cells: passed })];
  const found = eventsOf(step, 'neighbour').filter((n) => n.outcome === 'opened' || n.outcome === 'improved');
  if (found.length === 0) {
    parts.push(say('narration.jps.none'));
    return parts;
  }
  const forced = eventsOf(step, 'forced');
  const why = (cell: Point): string | null => {
    const force = forced.find((f) => samePoint(f.jumpPoint, cell));
    if (force) return say('narration.jps.why.forced', { cell: cellName(force.cell) });
    if (scans.some((scan) => samePoint(scan.to, cell) && scan.outcome === 'reached-goal')) return say('narration.jps.why.goal');
    // A diagonal jump stops where a straight scan from it found something.
    const turn = scans.find((scan) => samePoint(scan.from, cell) && scan.outcome !== 'dead-end');
    return turn ? say('narration.jps.why.turn', { cell: cellName(turn.to) }) : null;
  };
  const describe = (n: EventOf<'neighbour'>) => {
    const reason = why(n.cell);
    return `${cellName(n.cell)} (${reason ? `${reason}, ` : ''}g = ${formatNumber(n.newG, 2)})`;
  };
  parts.push(say('narration.jps.found', { cells: listCells(found, describe, say) }));
  return parts;
}

/** The step's scans as lines from where each started to where it stopped: dead ends first, under the ones that found something. */
function scanMarks(step: StepEvent): Overlay[] {
  const scans = eventsOf(step, 'scan');
  const segments = (found: boolean) => scans.filter((scan) => (scan.outcome !== 'dead-end') === found)
    .map((scan) => [centreOf(scan.from), centreOf(scan.to)] as const);
  return [
    { shape: 'segments', role: 'scan-dead-end', segments: segments(false) },
    { shape: 'segments', role: 'scan-found', segments: segments(true) },
  ];
}

/** JPS (and JPS+, which searches the same way over a table made before the search): its picture, words and pseudocode. */
export function jumpPoints(): Presenter {
  return {
    frontier: 'open-list',
    pseudocode: { program: JUMP_POINT_SEARCH, signalLines: JUMP_POINT_SIGNALS },
    replanLine: 'initialise',
    legend: ['scanned', 'scan'],
    offeredByCompare: true,
    corners: { topLeft: 'f', topRight: 'order', backward: false },
    narrateStart: (say, start) => say('narration.start', { cell: cellName(start) }),
    narrateStep(step, story) {
      const expanded = story.say('narration.expand', expansionNumbers(step, story));
      const goal = goalLines(step, story);
      if (goal) return [expanded, ...goal];
      // Its "neighbours" are the jump points its scans found, told with the scans.
      return [expanded, ...describeJumps(step, story.say),
        ...describeNeighbours(step, story.say, { ...PLAIN_NEIGHBOURS, listOpened: false, nothingNew: false }), ...endLines(story)];
    },
    tooltip(cell, id, search, say) {
      const lines = tooltipLines(cell, id, search, say, OPEN_LIST_TOOLTIP);
      if (search.phase(cell.x, cell.y) === 'unseen' && search.cellView().scannedAt(id)) lines.push(say('tooltip.scanned'));
      return lines;
    },
    fillCells(cells, out, passed) {
      cells.fillPhases(out);
      cells.fillPhases(passed, 'scanned');
      for (let id = 0; id < out.length; id++) if (out[id] === FILL.none && passed[id]) out[id] = FILL.scanned;
    },
    overlays: (step) => ({
      step: step ? [...scanMarks(step), ...neighbourMarks(step),
        ...eventsOf(step, 'forced').map((forced): Overlay => ({ shape: 'diamond', role: 'forced', at: centreOf(forced.cell) })), expandedMark(step)] : [],
      search: [],
    }),
  };
}
