// IDA* (Korf, 1985; cpp/core/ida_star.h): depth-first descents under an f threshold that
// grows by iteration, one expansion per step, with a table of the g each cell was reached
// with in the iteration. It keeps no open list: its frontier is the depth-first path and the
// descents pending on its stack. The picture draws that path; a cell's corner counts how
// often the cell was expanded, which says more than when it last was.
import { formatNumber } from '../scene/format';
import { centreOf } from '../scene/pane-scene';
import { cornersOf } from '../scene/geometry';
import { cellName, describeNeighbours, endLines, expansionNumbers, fillOneSided, goalLines, plainStepMarks, tooltipLines } from './common';
import type { Presenter } from './presenter';
import {
  IS_WALL, MOVE_FORBIDDEN, NEIGHBOURS_COSTED, ON_PATH, SKIPPED, goalPiece, piece, skipPiece, text, type Program, type SignalTable,
} from './pseudocode';

const IDA_STAR: Program = [
  [0, piece('initialise', 'T ← h(start); the path and the table of g values are empty', 'T ← h(起点)；路径和 g 值表都为空')],
  [0, piece('loop', 'repeat, one expansion per step:', '重复（每一步扩展一个格子）：')],
  [1, piece('backtrack', 'while the last cell on the path has no neighbour left to descend into: take it off the path',
    '只要路径上最后一个格子没有剩下可深入的邻居：把它从路径上去掉')],
  [1, piece('iteration',
    'if the path is empty: start a new iteration from the start with an empty table; after the first, T ← the smallest f pruned in the last one',
    '如果路径为空：从起点开始新的一轮，清空 g 值表；从第二轮起，T ← 上一轮剪掉的最小 f')],
  [1, piece('expand', 'descend: put the next cell (the start, or the last cell’s next neighbour left) on the path and expand it',
    '深入：把下一个格子（起点，或最后一个格子剩下的下一个邻居）放到路径上并扩展它')],
  [1, goalPiece(text('the path is the way there', '当前路径就是答案'))],
  [1, NEIGHBOURS_COSTED],
  [2, skipPiece([IS_WALL, MOVE_FORBIDDEN, ON_PATH])],
  [2, piece('prune', 'else if f = g′ + h(n) > T: prune n, and remember f if it is the smallest pruned so far',
    '否则如果 f = g′ + h(n) > T：剪掉 n，若 f 是目前剪掉的最小值就记下它')],
  [2, piece('table', 'else if the table holds a g ≤ g′ for n in this iteration: skip it (reached at least as cheaply)',
    '否则如果 g 值表中本轮 n 的 g ≤ g′：跳过它（已经以不更高的代价到达过）')],
  [2, piece('open', 'else: table(n) ← g′; n waits to be descended into, in direction order',
    '否则：表(n) ← g′；n 按方向顺序等待深入')],
  [1, piece('noPath', 'if nothing is left to descend into and nothing was pruned: stop, there is no path',
    '如果没有剩下可深入的格子，也没有格子被剪掉：停止，没有路径')],
];

const IDA_SIGNALS: SignalTable = {
  backtrack: ['backtrack'],
  iteration: ['iteration'],
  expand: ['expand'],
  'neighbour:blocked': SKIPPED,
  'neighbour:on-path': SKIPPED,
  'neighbour:pruned': ['neighbours', 'prune'],
  'neighbour:not-improved': ['neighbours', 'table'],
  'neighbour:opened': ['neighbours', 'open'],
  found: ['goal'],
  'no-path': ['noPath'],
};

export function idaStar(): Presenter {
  return {
    frontier: 'path-stack',
    pseudocode: { program: IDA_STAR, signalLines: IDA_SIGNALS },
    replanLine: 'initialise',
    legend: ['stack'],
    offeredByCompare: true,
    corners: { topLeft: 'f', topRight: 'visits', backward: false },
    narrateStart: (say, start) => say('narration.start', { cell: cellName(start) }),
    narrateStep(step, story) {
      const { say } = story;
      const parts: string[] = [];
      // Backing up and starting a new iteration, in the order they happened.
      for (const event of step.events) {
        if (event.kind === 'iteration') {
          const threshold = formatNumber(event.threshold, 2);
          parts.push(event.iteration === 1
            ? say('narration.iteration.first', { threshold })
            : say('narration.iteration', { iteration: event.iteration, threshold }));
        } else if (event.kind === 'backtrack') {
          parts.push(event.cell
            ? say('narration.backtrack', { n: event.popped, cell: cellName(event.cell) })
            : say('narration.backtrack.all', { n: event.popped }));
        }
      }
      parts.push(say('narration.expand.ida', { ...expansionNumbers(step, story), threshold: formatNumber(story.progress.threshold, 2) }));
      const goal = goalLines(step, story);
      if (goal) return [...parts, ...goal];
      return [...parts, ...describeNeighbours(step, say, { listOpened: true, openedKey: 'narration.opened.ida', nothingNew: true, skipped: 'on-path' }),
        ...endLines(story, 'narration.noPath.ida')];
    },
    tooltip(cell, id, search, say) {
      // Its "open" cells are the ones on the current depth-first path.
      const lines = tooltipLines(cell, id, search, say, { open: 'tooltip.phase.stack', closed: 'tooltip.phase.visited', numbers: 'g-h-f', parent: 'tooltip.parent' });
      const visits = search.cellView().valueAt('visits', id);
      if (visits > 0) lines.push(say('tooltip.visits', { n: visits }));
      return lines;
    },
    fillCells: fillOneSided,
    overlays(step, search) {
      // The depth-first path from the start to the cell just expanded (its stack).
      const route = step && search.status === 'running' ? search.routeTo(step.cell) : [];
      const path = route.length >= 2 ? [{ shape: 'polyline', role: 'depth-first', points: cornersOf(route).map(centreOf) } as const] : [];
      return { step: [...path, ...plainStepMarks(step)], search: [] };
    },
  };
}
