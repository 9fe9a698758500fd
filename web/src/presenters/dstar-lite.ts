// D* Lite (Koenig and Likhachev, AAAI 2002, the optimised version; cpp/core/dstar_lite.h):
// a search backward from the goal whose g values stay valid while the agent moves and costs
// change, repaired rather than redone. Its frontier is a queue of inconsistent cells (g ≠
// rhs) ordered by a two-part key, which outlives each plan; a cell's corner shows rhs, the
// one-step lookahead its repairs compare g with, and its arrow points toward the goal.
import { eventsOf, type EventOf, type StepEvent } from '../engine/engine';
import type { PhraseKey } from '../ui/i18n';
import { cellName, fillOneSided, formatCost, listCells, plainStepMarks, tooltipLines } from './common';
import type { Presenter, StepStory } from './presenter';
import { piece, type Program, type SignalTable } from './pseudocode';

// D* Lite (Koenig and Likhachev, the optimised version): a search backward from the goal
// whose g values stay valid while the agent moves and costs change; one pop per step.
const D_STAR_LITE: Program = [
  [0, piece('initialise',
    'km ← 0; g = rhs = ∞ for every cell but rhs(goal) = 0; the queue holds the goal with key [h(agent, goal); 0], where h(agent, s) estimates the cost from the agent to s and sees the walls and terrain within two cells of the agent: the cheapest way from the agent to a cell e two cells away (moving only within those two cells), plus the heuristic from e to s (where nothing near the agent is in the way, the heuristic itself)',
    'km ← 0；除 rhs(终点) = 0 外，每个格子的 g = rhs = ∞；队列中只有终点，键为 [h(智能体, 终点); 0]，其中 h(智能体, s) 估计从智能体到 s 的代价，并考虑智能体周围两格内的墙和地形：从智能体到两格外某个格子 e 的最便宜走法（只在这两格之内移动），加上从 e 到 s 的启发值（智能体附近没有阻挡时，就是启发值本身）')],
  [0, piece('loop',
    'while the queue’s first key comes before key(agent) or rhs(agent) ≠ g(agent), where key(s) = [k1; k2] with k1 = min(g(s), rhs(s)) + h(agent, s) + km and k2 = min(g(s), rhs(s)), in the order: the smaller k1, then under-consistent cells (g < rhs) first, then the cells the latest pop queued, in the order N, E, S, W, NE, SE, SW, NW (this test looks at k1 and the under-consistent rule only):',
    '当队列中第一个键排在 key(智能体) 之前，或 rhs(智能体) ≠ g(智能体) 时，其中 key(s) = [k1; k2]，k1 = min(g(s), rhs(s)) + h(智能体, s) + km，k2 = min(g(s), rhs(s))，顺序为：k1 较小的在前，其次欠一致（g < rhs）的格子在前，再次是最近一次取出时放入的格子，按北、东、南、西、东北、东南、西南、西北的顺序（这个判断只看 k1 和欠一致优先这一条）：')],
  [1, piece('pop', 'take out the cell u with the first key k_old = [k1; k2] (compared exactly; ties: the smaller cell index)',
    '从队列取出键 k_old = [k1; k2] 排在最前的格子 u（精确比较；并列时取编号较小的）')],
  [1, piece('lower', 'else if g(u) > rhs(u) (over-consistent): g(u) ← rhs(u); for each cell s that can move to u: rhs(s) ← min(rhs(s), c(s, u) + g(u))',
    '否则如果 g(u) > rhs(u)（过一致）：g(u) ← rhs(u)；对每个能走到 u 的格子 s：rhs(s) ← min(rhs(s), c(s, u) + g(u))')],
  [1, piece('raise', 'else (under-consistent, g(u) < rhs(u): a cost went up): g(u) ← ∞; for u and each cell s that can move to u, except the goal: rhs(s) ← min over its neighbours s′ of c(s, s′) + g(s′)',
    '否则（欠一致，g(u) < rhs(u)：某个代价变高了）：g(u) ← ∞；对 u 和每个能走到 u 的格子 s（终点除外）：rhs(s) ← 在它的邻居 s′ 中取 c(s, s′) + g(s′) 的最小值')],
  [2, piece('rhs', 'each s whose rhs changed: if g(s) ≠ rhs(s), it is inconsistent: put it in the queue or update its key; else take it out',
    '每个 rhs 变化了的 s：如果 g(s) ≠ rhs(s)，它不一致：把它放入队列或更新它的键；否则把它移出队列')],
  [1, piece('requeue', 'while the loop would take the first entry and its key is out of date (the agent has moved since it was queued): put it back with its key now (a re-key, no expansion)',
    '只要循环还会取出第一个条目而它的键已过时（它入队之后智能体移动过）：以它现在的键放回队列（只是更新键，不算扩展）')],
  [0, piece('goal', 'the plan is ready: from the agent, go to the neighbour s′ with the least c(s, s′) + g(s′) (ties: the diagonals first, then the straight moves), and so on to the goal',
    '规划完成：从智能体出发，每次走到 c(s, s′) + g(s′) 最小的邻居 s′（并列时先走对角方向，再走直线方向），直到终点')],
  [0, piece('noPath', 'if rhs(agent) = ∞ when the loop ends: as far as the agent knows, there is no path',
    '如果循环结束时 rhs(智能体) = ∞：就智能体所知，没有路径')],
  [0, piece('repair',
    'after the agent moves from s to s′ and sensed costs change: km ← km + the most any queued cell’s h can have fallen (h(s, s′) when no wall near s or s′ is in the way), so that queued keys stay lower bounds; for each cell whose ways out changed, recompute its rhs and its place in the queue; run the loop again',
    '智能体从 s 走到 s′ 并感知到代价变化后：km ← km + 队列中任一格子的 h 可能下降的最大值（s 和 s′ 附近没有墙阻挡时就是 h(s, s′)），使队列中的键仍是下界；对每个出边变化了的格子，重新计算它的 rhs 和它在队列中的位置；再次运行循环')],
];

const D_STAR_SIGNALS: SignalTable = {
  expand: ['pop'],
  'key:key-raised': ['requeue'],
  'key:over-consistent': ['lower'],
  'key:under-consistent': ['raise'],
  'rhs:queued': ['rhs'],
  'rhs:requeued': ['rhs'],
  'rhs:dequeued': ['rhs'],
  found: ['goal'],
  'no-path': ['noPath'],
};

/** What the pop did to its cell, then every rhs it changed, then whether the plan is ready. */
function describeStep(step: StepEvent, story: StepStory): string[] {
  const { say } = story;
  const parts: string[] = [];
  const key = eventsOf(step, 'key')[0];
  if (key) {
    const values = { step: story.stepNumber, cell: cellName(step.cell), k1: formatCost(key.k1), k2: formatCost(key.k2), g: formatCost(step.g), oldG: formatCost(key.oldG), newK1: formatCost(key.newK1) };
    parts.push(say(`narration.dstar.${key.outcome}` as PhraseKey, values));
  }
  const changes = eventsOf(step, 'rhs');
  if (changes.length > 0) {
    const fate = (outcome: EventOf<'rhs'>['outcome']) => say(`narration.dstar.fate.${outcome}` as PhraseKey);
    parts.push(say('narration.dstar.rhs', {
      cells: listCells(changes, (change) => say('narration.dstar.change', {
        cell: cellName(change.cell), old: formatCost(change.oldRhs), new: formatCost(change.newRhs), fate: fate(change.outcome),
      }), say),
    }));
  } else if (key?.outcome !== 'key-raised') {
    parts.push(say('narration.dstar.noRhs'));
  }
  if (story.status === 'found') parts.push(say('narration.dstar.ready', { cost: formatCost(story.pathCost) }));
  else if (story.status === 'no-path') parts.push(say('narration.dstar.noPath'));
  else if (story.status === 'gave-up') parts.push(say('narration.gaveUp', { n: story.stepNumber.toLocaleString(story.language) }));
  return parts;
}

export function dStarLite(): Presenter {
  return {
    frontier: 'inconsistent-queue',
    pseudocode: { program: D_STAR_LITE, signalLines: D_STAR_SIGNALS },
    // A move that makes it plan again repairs the plan it has.
    replanLine: 'repair',
    legend: ['inconsistent'],
    // A search from the goal back to an agent: Compare offers searches, not replanners.
    offeredByCompare: false,
    corners: { topLeft: 'rhs', topRight: 'order', backward: false },
    narrateStart: (say, start, goal) => say('narration.start.dstar', { goal: cellName(goal), cell: cellName(start) }),
    narrateStep: describeStep,
    // Its "open" cells are the inconsistent ones in its queue, and a cell's arrow points to the next cell toward the goal.
    tooltip: (cell, id, search, say) => tooltipLines(cell, id, search, say,
      { open: 'tooltip.phase.queue', closed: 'tooltip.phase.consistent', numbers: 'g-rhs-h', parent: 'tooltip.next' }),
    fillCells: fillOneSided,
    overlays: (step) => ({ step: plainStepMarks(step), search: [] }),
  };
}
