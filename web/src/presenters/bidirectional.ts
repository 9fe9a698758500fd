// Bidirectional A* (cpp/core/bidirectional.h): two frontiers, forward from the start and
// backward from the goal, each step growing the smaller; it stops once no path can be
// cheaper than the best meeting of the two. The picture gives the backward frontier its own
// colours and rings the best meeting; cells only the backward side reached carry its numbers.
import { CELL_PHASES, eventsOf, type Point } from '../engine/engine';
import { formatNumber } from '../scene/format';
import { FILL, centreOf } from '../scene/pane-scene';
import type { PhraseKey } from '../ui/i18n';
import { OPEN_LIST_TOOLTIP, PLAIN_NEIGHBOURS, cellName, describeNeighbours, endLines, expansionNumbers, plainStepMarks, tooltipLines } from './common';
import type { Presenter } from './presenter';
import {
  IMPROVE_FROM_CELL, OPEN_FROM_CELL, SKIPPED, SKIP_IMPROVING, neighboursPiece, piece, text, type Program, type SignalTable,
} from './pseudocode';

const BIDIRECTIONAL: Program = [
  [0, piece('initialise', 'put the start in the forward open list and the goal in the backward one, both with g = 0; best meeting μ = ∞',
    '把起点放入正向开放列表，把终点放入反向开放列表，g 都为 0；最佳相遇 μ = ∞')],
  [0, piece('loop', 'repeat:', '重复：')],
  [1, piece('side', 'choose the side whose open list is smaller (forward on a tie)', '选择开放列表较小的一侧（一样大时选正向）')],
  [1, piece('pop',
    'take out that side’s open cell with the lowest f = g + h, h measured toward the other end: the goal forward, the start backward (ties: the larger g first, then the smaller cell index); close it',
    '从这一侧的开放列表取出 f = g + h 最小的格子（h 量到另一端：正向量到终点，反向量到起点；并列时先取 g 较大的，再取编号较小的），将它关闭')],
  [1, neighboursPiece(text('with g′ = g + the move’s cost (backward: of the forward move from n into the cell)',
    'g′ = g + 这一步的代价（反向一侧算从 n 走进当前格子的正向移动）'))],
  [2, SKIP_IMPROVING],
  [2, OPEN_FROM_CELL],
  [2, IMPROVE_FROM_CELL],
  [2, piece('meet', 'if the other side has reached n too and g(n) + its g(n) < μ: μ ← that sum, meeting at n',
    '如果另一侧也到达过 n，且 g(n) + 另一侧的 g(n) < μ：μ ← 这个和，相遇点为 n')],
  [1, piece('stop',
    'if μ ≤ the larger of the two open lists’ smallest f (an empty list counts as ∞): stop; the path through the meeting costs μ',
    '如果 μ ≤ 两个开放列表各自最小 f 中较大的那个（空列表按 ∞ 算）：停止；经过相遇点的路径代价为 μ')],
  [1, piece('noPath', 'if an open list is empty and the sides never met: there is no path', '如果有一侧的开放列表为空，且两侧从未相遇：没有路径')],
];

const BIDIRECTIONAL_SIGNALS: SignalTable = {
  // The side is chosen before every expansion.
  expand: ['side', 'pop'],
  'neighbour:opened': ['neighbours', 'open'],
  'neighbour:improved': ['neighbours', 'improve'],
  'neighbour:not-improved': SKIPPED,
  'neighbour:closed': SKIPPED,
  'neighbour:blocked': SKIPPED,
  meet: ['meet'],
  // Found always comes with a Stop event, so there is no 'found' signal here.
  stop: ['stop'],
  'no-path': ['noPath'],
};

export function bidirectional(): Presenter {
  return {
    frontier: 'two-lists',
    pseudocode: { program: BIDIRECTIONAL, signalLines: BIDIRECTIONAL_SIGNALS },
    replanLine: 'initialise',
    legend: ['backwardOpen', 'backwardClosed', 'meeting'],
    offeredByCompare: true,
    corners: { topLeft: 'f', topRight: 'order', backward: true },
    narrateStart: (say, start) => say('narration.start', { cell: cellName(start) }),
    narrateStep(step, story) {
      const { say } = story;
      // No goal test: it stops by its stopping rule, which the stop event tells.
      return [
        say('narration.expand.bidirectional', { ...expansionNumbers(step, story), side: say(step.side === 'forward' ? 'narration.side.forward' : 'narration.side.backward') }),
        ...describeNeighbours(step, say, PLAIN_NEIGHBOURS),
        ...eventsOf(step, 'meet').map((meet) => say('narration.meet', { cell: cellName(meet.cell), cost: formatNumber(meet.cost, 2) })),
        ...eventsOf(step, 'stop').map((stop) => say('narration.stop', { cost: formatNumber(stop.cost, 2), bound: formatNumber(stop.bound, 2) })),
        ...endLines(story),
      ];
    },
    tooltip(cell, id, search, say) {
      const lines = tooltipLines(cell, id, search, say, OPEN_LIST_TOOLTIP);
      const cells = search.cellView();
      const back = cells.phaseBackAt(id);
      if (back !== 0) {
        const phase = say(`tooltip.phase.${CELL_PHASES[back]}` as PhraseKey, { order: cells.valueAt('orderBack', id) });
        lines.push(say('tooltip.backward', { phase, g: formatNumber(cells.valueAt('gBack', id), 2) }));
      }
      return lines;
    },
    fillCells(cells, ahead, back) {
      cells.fillPhases(ahead);
      cells.fillPhases(back, 'phaseBack');
      // Either side's closed cells over the other's open ones, the forward side's first.
      for (let id = 0; id < ahead.length; id++) {
        const a = ahead[id]!, b = back[id]!;
        ahead[id] = a >= FILL.closed ? a : b >= FILL.closed ? FILL.backwardClosed : a ? a : b ? FILL.backwardOpen : FILL.none;
      }
    },
    overlays(step, search) {
      const meeting: Point | null = search.progress().meetingCell;
      return { step: plainStepMarks(step), search: meeting ? [{ shape: 'ring', role: 'meeting', at: centreOf(meeting) }] : [] };
    },
  };
}
