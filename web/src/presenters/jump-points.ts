// Jump point search (Harabor and Grastien, AAAI 2011; cpp/core/jump_points.h): A*'s loop
// over jump points, found by scans along straight and diagonal lines from each expanded
// cell; the cells a scan passes over are never put in the open list. The picture draws the
// scans as lines (the cells they passed faintly) and forced neighbours as diamonds, and the
// narration says why each successor is a jump point. On a map with terrain a scan also
// stops at a cell beside a change of terrain where the costs around it make a neighbour
// cheapest to reach through it, and that cell keeps, when expanded, every direction no
// cheaper way round it reaches (cpp/core/jump_terrain.h); the words and the pseudocode say
// so. JPS+ (the same search over a jump table made before the search; it refuses terrain) is
// drawn and narrated the same way, its jumps read from the table rather than scanned (so no
// cell is passed over), and zoomed in each cell shows the table's eight entries at its edges
// and corners.
import { eventsOf, type CellView, type EventOf, type JumpChannelName, type Point, type StepEvent } from '../engine/engine';
import { formatNumber } from '../scene/format';
import { FILL, centreOf, type DirectionLabel, type Overlay } from '../scene/pane-scene';
import type { PhraseKey } from '../ui/i18n';
import {
  OPEN_LIST_TOOLTIP, PLAIN_NEIGHBOURS, cellName, describeNeighbours, endLines, expandedMark, expansionNumbers, goalLines, listCells,
  neighbourMarks, samePoint, tooltipLines,
} from './common';
import type { Presenter, Say } from './presenter';
import {
  IMPROVE_FROM_CELL, INITIALISE_OPEN, IS_CLOSED, NO_PATH_OPEN, OPEN_FROM_CELL, OPEN_NO_CHEAPER, POP_UNWEIGHTED, WHILE_OPEN,
  goalPiece, piece, skipPiece, text, type LineId, type Program, type Pseudocode, type SignalTable,
} from './pseudocode';

// Where a scan stops beside a change of terrain (cpp/core/jump_points.h, "Terrain").
const TERRAIN_EDGE = piece('terrain',
  'a cell beside a change of terrain (a walkable neighbour costs differently) is a jump point when the costs around it make a neighbour cheapest to reach through it, for example a step into costlier ground along the scan',
  '旁边地形有变化的格子（有代价不同的可通行邻居），如果周围的代价使某个邻居经由它到达最便宜（例如沿扫描线走进代价更高的地形），它也是跳点');

/** JPS's program; `terrain` adds what it does beside a change of terrain (JPS+ refuses such maps). */
function jumpPointSearch(terrain: boolean): Program {
  const keepAll = terrain
    ? text('the start keeps all; a cell beside a change of terrain keeps every neighbour that no cheaper way round it reaches', '起点保留全部方向；旁边地形有变化的格子保留所有不能绕过它更便宜到达的邻居')
    : text('the start keeps all', '起点保留全部方向');
  return [
    [0, INITIALISE_OPEN],
    [0, WHILE_OPEN],
    [1, POP_UNWEIGHTED],
    [1, goalPiece(text('the parents lead back to the start jump by jump (the cells between are filled in)',
      '沿父节点一跳一跳回溯到起点就是路径（中间的格子会补上）'))],
    [1, piece('directions',
      `prune its neighbours: keep the direction of the jump that reached it (a diagonal also keeps its two straight parts) and the directions walls beside it force; ${keepAll.en}`,
      `剪枝：只保留到达它的那一跳的方向（对角方向还保留它的两个直线分量），以及旁边的墙强制需要的方向；${keepAll['zh-CN']}`)],
    [1, piece('scan',
      'for each kept direction, scan from the cell along that line (a diagonal scan also scans straight along its two parts from each cell it passes):',
      '对每个保留的方向，从当前格子沿这条线扫描（对角扫描还会从经过的每个格子沿它的两个直线分量扫描）：')],
    [2, piece('deadEnd', 'a wall or the map’s edge ends the scan: nothing in this direction', '碰到墙或地图边缘，扫描结束：这个方向什么也没有')],
    [2, piece('forced',
      'a cell with a forced neighbour is a jump point: a wall beside the scan ends there, so a neighbour past the wall is reached shortest only through this cell',
      '有强制邻居的格子是跳点：扫描线旁的墙在这里结束，墙后的邻居只有经过这个格子才能以最短路径到达')],
    ...(terrain ? [[2, TERRAIN_EDGE] as const] : []),
    [2, piece('jump',
      'the scan stops at the first jump point or at the goal (a diagonal also stops where one of its straight scans found one): that cell n is a successor, g′ = g + the jump’s cost (each move’s length × the terrain cost of the cell it enters)',
      '扫描停在第一个跳点或终点（对角扫描也停在它的直线扫描有所发现的格子）：这个格子 n 是后继，g′ = g + 这一跳的代价（每一步的长度 × 它进入的格子的地形代价）')],
    [3, skipPiece([IS_CLOSED, OPEN_NO_CHEAPER])],
    [3, OPEN_FROM_CELL],
    [3, IMPROVE_FROM_CELL],
    [0, NO_PATH_OPEN],
  ];
}

const SCANNED: readonly LineId[] = ['directions', 'scan'];

// JPS+'s signals; JPS adds the scans that stop beside a change of terrain.
const JUMP_SIGNALS: SignalTable = {
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

const JUMP_POINT_SIGNALS: SignalTable = { ...JUMP_SIGNALS, 'scan:terrain-change': [...SCANNED, 'terrain', 'jump'] };

/** How much was scanned (JPS) or read from the table (JPS+), and why each successor is a jump point. */
function describeJumps(step: StepEvent, say: Say, precomputed: boolean): string[] {
  const scans = eventsOf(step, 'scan');
  const passed = scans.reduce((sum, scan) => sum + Math.max(Math.abs(scan.to.x - scan.from.x), Math.abs(scan.to.y - scan.from.y)), 0);
  const parts: string[] = [];
  parts.push(say(precomputed ? 'narration.jpsPlus.jumps' : 'narration.jps.scans', { scans: scans.length, cells: passed }));
  // The directions a terrain edge scans only because of the terrain (cpp/core/jump_terrain.h).
  const terrainDirs = scans.filter((scan) => scan.keptByTerrain && samePoint(scan.from, step.cell)).map((scan) => scan.dir);
  if (terrainDirs.length > 0) {
    const dirs = terrainDirs.map((dir) => say(`direction.${dir}` as PhraseKey)).join(say('list.separator'));
    parts.push(say('narration.jps.terrainKeeps', { cell: cellName(step.cell), dirs }));
  }
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
    if (scans.some((scan) => samePoint(scan.from, step.cell) && samePoint(scan.to, cell) && scan.outcome === 'terrain-change')) {
      return say('narration.jps.why.terrain');
    }
    // A diagonal jump stops where a straight scan from it found something.
    const turn = scans.find((scan) => samePoint(scan.from, cell) && scan.outcome !== 'dead-end');
    return turn ? say('narration.jps.why.turn', { cell: cellName(turn.to) }) : null;
  };
  const describe = (n: EventOf<'neighbour'>) => {
    const reason = why(n.cell);
    const numbers = { cell: cellName(n.cell), g: formatNumber(n.newG, 2) };
    return reason ? say('narration.jps.jumpPoint', { ...numbers, reason }) : say('narration.jps.jumpPoint.g', numbers);
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

/** JPS+'s jump table per direction, in the engine's order of directions (cpp/core/moves.h). */
const JUMP_CHANNELS: readonly JumpChannelName[] = ['jumpN', 'jumpE', 'jumpS', 'jumpW', 'jumpNE', 'jumpSE', 'jumpSW', 'jumpNW'];
const DIRECTION_NAMES = ['N', 'E', 'S', 'W', 'NE', 'SE', 'SW', 'NW'] as const;
/** An entry's bits (cpp/core/jump_table.h): the moves, and whether the jump stops at a jump point. */
const JUMP_STEPS = 0x7fff, JUMP_POINT = 0x8000;

/**
 * A jump-table entry as a cell shows it, Rabin's convention for JPS+ (GDC 2015): n when the
 * jump stops at a jump point n moves away, -n when it runs into a wall or the map's edge after
 * n moves (0: the first move is not allowed).
 */
export function jumpLabel(entry: number): DirectionLabel {
  const steps = entry & JUMP_STEPS;
  return entry & JUMP_POINT ? { text: String(steps), reaches: true } : { text: steps === 0 ? '0' : `-${steps}`, reaches: false };
}

/** The eight entries of a cell, once the table is made (a wall's are all 0 and it shows none). */
function jumpLabels(cells: CellView, id: number): DirectionLabel[] | null {
  if (!cells.has('jumpN')) return null;
  const entries = JUMP_CHANNELS.map((channel) => cells.valueAt(channel, id));
  if (entries.some(Number.isNaN) || entries.every((entry) => entry === 0)) return null;
  return entries.map(jumpLabel);
}

const JUMP_POINT_PSEUDOCODE: Pseudocode = { program: jumpPointSearch(true), signalLines: JUMP_POINT_SIGNALS };
const JUMP_TABLE_PSEUDOCODE: Pseudocode = { program: jumpPointSearch(false), signalLines: JUMP_SIGNALS };

/**
 * JPS, or JPS+ (`precomputed`: the same search over a table made before the search): its
 * picture, words and pseudocode.
 */
export function jumpPoints(precomputed: boolean): Presenter {
  return {
    frontier: 'open-list',
    pseudocode: precomputed ? JUMP_TABLE_PSEUDOCODE : JUMP_POINT_PSEUDOCODE,
    replanLine: 'initialise',
    // JPS+ passes over no cell; its cells show the table instead.
    legend: precomputed ? ['scan', 'jumps'] : ['scanned', 'scan'],
    offeredByCompare: true,
    corners: { topLeft: 'f', topRight: 'order', backward: false },
    ...(precomputed ? { directionLabels: jumpLabels } : {}),
    narrateStart: (say, start) => say('narration.start', { cell: cellName(start) }),
    narrateStep(step, story) {
      const expanded = story.say('narration.expand', expansionNumbers(step, story));
      const goal = goalLines(step, story);
      if (goal) return [expanded, ...goal];
      // Its "neighbours" are the jump points its scans found, told with the scans.
      return [expanded, ...describeJumps(step, story.say, precomputed),
        ...describeNeighbours(step, story.say, { ...PLAIN_NEIGHBOURS, listOpened: false, nothingNew: false }), ...endLines(story)];
    },
    tooltip(cell, id, search, say) {
      const lines = tooltipLines(cell, id, search, say, OPEN_LIST_TOOLTIP);
      const cells = search.cellView();
      if (search.phase(cell.x, cell.y) === 'unseen' && cells.scannedAt(id)) lines.push(say('tooltip.scanned'));
      const jumps = precomputed ? jumpLabels(cells, id) : null;
      if (jumps) lines.push(say('tooltip.jumps', { jumps: jumps.map((jump, dir) => `${DIRECTION_NAMES[dir]} ${jump.text}`).join(say('list.separator')) }));
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
