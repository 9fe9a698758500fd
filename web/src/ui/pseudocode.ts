// The "Pseudocode" inspector's content: each algorithm's pseudocode in English and
// Simplified Chinese, and which of its lines an observed step went through. Pure (no DOM),
// like describe.ts, and read from the same step events as the narration and the picture,
// so the highlighted line never disagrees with them.
//
// The pseudocode says what this engine does, in its terms (the C++ headers in cpp/core
// are the reference): the open list's order and tie-break (open_list.h), neighbours in the
// direction order of moves.h, which neighbour outcomes exist (events.h), JPS's pruning and
// jumps (jump_points.h), Theta*'s line of sight (any_angle.h), bidirectional A*'s side
// choice, meeting and stopping rule (bidirectional.h) and IDA*'s steppable depth-first
// search with its transposition table (ida_star.h), and D* Lite's queue of inconsistent
// cells, grown backward from the goal and repaired as the agent learns (dstar_lite.h).
//
// How a step becomes lines:
// 1. Each event of the step gives a signal: its kind, with the outcome where the kind has
//    one ('neighbour:opened', 'scan:dead-end', 'sight:clear', ...). The search's status
//    after the step adds 'found' (the step expanded the goal) or 'no-path' (the step
//    proved there is none); see signalsOfStep for the exact rule.
// 2. STEP_SIGNAL_LINES, one table per algorithm, maps each signal the algorithm can emit
//    to the lines it passes: the line that does the work and the block header it sits
//    in (a neighbour outcome passes the "for each neighbour" line too).
// 3. linesOfStep lists those lines, once each, in the order of the pseudocode, which is
//    the order a step reaches them (every step is one expansion; only the loop over the
//    neighbours or scans repeats lines).
// 4. currentLineOfStep picks the step's headline among them by LINE_RANKING, one order
//    for every algorithm: how the search ended, if it did (goal, stop, no path), then what
//    is particular to the algorithm (a new iteration, a better meeting, a jump point, a
//    line of sight), then what the step did to the open list (improve, open, prune, ...),
//    down to taking the cell out.
import type { AlgorithmName, EventOf, NeighbourOutcome, SearchEvent, SearchStatus, StepEvent } from '../engine/engine';
import type { Language } from '../state/store';

/**
 * Every line id, most telling first: the order currentLineOfStep picks the current line by.
 * Ids name what a line does and mean the same in every algorithm that has them.
 */
export const LINE_RANKING = [
  'goal', //        the expanded cell is the goal: found
  'stop', //        bidirectional: the stopping rule fired
  'noPath', //      nothing is left to search
  'iteration', //   IDA*: a new iteration starts from the start
  'meet', //        bidirectional: the best meeting improved
  'jump', //        JPS: a scan found a jump point (or the goal): a successor
  'forced', //      JPS: a forced neighbour makes a jump point
  'sight', //       Theta*: the parent sees the neighbour
  'raise', //       D* Lite: an under-consistent cell's g goes to infinity (a cost went up)
  'lower', //       D* Lite: an over-consistent cell's g comes down to its rhs
  'requeue', //     D* Lite: a key out of date (the agent moved) goes back in the queue
  'rhs', //         D* Lite: a neighbour's rhs changes, and with it its place in the queue
  'improve', //     an open cell got a lower g
  'open', //        a new cell joins the open list (IDA*: waits to be descended into)
  'prune', //       IDA*: over the threshold, left for a later iteration
  'direct', //      Theta*: no line of sight, the ordinary move
  'backtrack', //   IDA*: cells with nothing left to try leave the path
  'table', //       IDA*: reached at least as cheaply earlier in this iteration
  'keep', //        Theta*: an open neighbour no cheaper this way
  'deadEnd', //     JPS: a scan ran into a wall or the map's edge
  'skip', //        a neighbour not worth a look
  'expand', //      IDA*: the next cell goes on the path
  'pop', //         the best open cell is taken out
  'side', //        bidirectional: which frontier grows
  'scan', //        JPS: the scan loop
  'directions', //  JPS: pruning the directions to scan
  'neighbours', //  the neighbour loop
  'loop', //        the main loop
  'repair', //      D* Lite: what happens between plans (the agent moved, costs changed)
  'initialise', //  before the first step
] as const;

export type LineId = (typeof LINE_RANKING)[number];

/** One line of pseudocode, in one language. `indent` counts nesting levels from 0. */
export interface PseudocodeLine {
  readonly id: LineId;
  readonly indent: number;
  readonly text: string;
}

/** What a step's event (or the search's end) says happened; see signalsOfStep. */
export type StepSignal =
  | 'expand'
  | `neighbour:${NeighbourOutcome}`
  | `scan:${EventOf<'scan'>['outcome']}`
  | 'forced'
  | 'sight:clear'
  | 'sight:obstructed'
  | 'meet'
  | 'iteration'
  | 'backtrack'
  | `key:${EventOf<'key'>['outcome']}`
  | `rhs:${EventOf<'rhs'>['outcome']}`
  | 'stop'
  | 'found'
  | 'no-path';

// ---------------------------------------------------------------------------------------
// The pieces the programs are built from. A piece is a line's id and its text in every
// language (a Record over Language, so a missing translation does not compile); the
// programs below give each piece its indent. Algorithms that do the same thing share the
// same piece, and pieces that differ in one part are built by one function.

type Text = Readonly<Record<Language, string>>;

interface Piece {
  readonly id: LineId;
  readonly text: Text;
}

const text = (en: string, zh: string): Text => ({ en, 'zh-CN': zh });
const piece = (id: LineId, en: string, zh: string): Piece => ({ id, text: text(en, zh) });

// Chinese text puts a space between Han characters and Latin letters or digits (as in
// "n 是墙"), and none between Han characters.
const LATIN_OR_DIGIT = /[A-Za-z0-9]/;
function joinChinese(before: string, after: string): string {
  const seam = LATIN_OR_DIGIT.test(before.slice(-1)) !== LATIN_OR_DIGIT.test(after.slice(0, 1));
  return seam ? `${before} ${after}` : `${before}${after}`;
}

/** "a or b", "a, b, or c" / "a、b或c" (with the spaces joinChinese adds). */
function anyOf(parts: readonly Text[]): Text {
  const en = parts.map((part) => part.en);
  const zh = parts.map((part) => part['zh-CN']);
  return text(
    en.length < 2 ? en.join('') : `${en.slice(0, -1).join(', ')}${en.length > 2 ? ',' : ''} or ${en[en.length - 1]}`,
    zh.length < 2 ? zh.join('') : joinChinese(`${zh.slice(0, -1).join('、')}或`, zh[zh.length - 1]!),
  );
}

// Why a neighbour is skipped; each algorithm lists the reasons its engine code checks.
const IS_WALL = text('n is a wall', 'n 是墙');
const MOVE_FORBIDDEN = text('the diagonal rule forbids the move', '对角规则不允许这一步');
const IS_CLOSED = text('n is closed', 'n 已关闭');
const OPEN_NO_CHEAPER = text('n is open with g(n) ≤ g′', 'n 已在开放列表中且 g(n) ≤ g′');
const FOUND_BEFORE = text('n was found before', 'n 之前已被发现');
const ON_PATH = text('n is already on the path', 'n 已在路径上');

function skipPiece(reasons: readonly Text[], note?: Text): Piece {
  const why = anyOf(reasons);
  return piece('skip', `if ${why.en}: skip it${note ? ` ${note.en}` : ''}`, `${joinChinese('如果', why['zh-CN'])}：跳过它${note ? note['zh-CN'] : ''}`);
}

// Who becomes a neighbour's parent: the expanded cell, or Theta*'s chosen p.
const THE_CELL = text('the cell', '当前格子');
const CHOSEN_P = text('p', 'p');

const openPiece = (parent: Text): Piece =>
  piece('open', `if n is new: g(n) ← g′, parent(n) ← ${parent.en}; put n in the open list`,
    `如果 n 是新的：g(n) ← g′，n 的父节点 ← ${parent['zh-CN']}；把 n 放入开放列表`);

const improvePiece = (parent: Text): Piece =>
  piece('improve', `otherwise (n is open, g′ < g(n)): g(n) ← g′, parent(n) ← ${parent.en}; n moves up the open list`,
    `否则（n 在开放列表中，g′ < g(n)）：g(n) ← g′，n 的父节点 ← ${parent['zh-CN']}；n 在开放列表中前移`);

const INITIALISE_OPEN = piece('initialise', 'put the start in the open list, with g(start) = 0', '把起点放入开放列表，g(起点) = 0');
const WHILE_OPEN = piece('loop', 'while the open list is not empty:', '当开放列表不为空时：');
const NO_PATH_OPEN = piece('noPath', 'the open list is empty: there is no path', '开放列表已空：没有路径');

// The open list's order (open_list.h): the priority, then the larger g, then the smaller cell id.
const TIES = text('ties: the larger g first, then the smaller cell index', '并列时先取 g 较大的，再取编号较小的');

/** Take out the open cell chosen by `order` (a phrase that ends "…的" in Chinese). */
const popPiece = (order: Text): Piece =>
  piece('pop', `take out the open cell ${order.en}; close it`, `${joinChinese('从开放列表取出', order['zh-CN'])}格子，将它关闭`);

const lowest = (priority: string, ties: Text | null): Text =>
  text(`with the lowest ${priority}${ties ? ` (${ties.en})` : ''}`, `${priority} 最小${ties ? `（${ties['zh-CN']}）` : ''}的`);

const POP_ASTAR = popPiece(lowest('f = g + w·h', TIES));
// Dijkstra is A* with h = 0, so f = g and the g tie-break never decides.
const POP_DIJKSTRA = popPiece(lowest('g', text('ties: the smaller cell index', '并列时取编号较小的')));
const POP_GREEDY = popPiece(lowest('h', TIES));
const POP_BREADTH_FIRST = popPiece(text('put in first (first in, first out)', '最早放入（先进先出）的'));
const POP_DEPTH_FIRST = popPiece(text(
  'put in last: the cells the latest expansion opened come first, in direction order (last in, first out)',
  '最后放入（后进先出：最近一次扩展新加入的格子优先，按方向顺序）的'));
const POP_UNWEIGHTED = popPiece(lowest('f = g + h', TIES)); // JPS and Theta*

const goalPiece = (path: Text): Piece => piece('goal', `if it is the goal: stop; ${path.en}`, `如果它是终点：停止；${path['zh-CN']}`);
const GOAL_PARENTS = goalPiece(text('the parents lead back from it to the start', '沿父节点从它回溯到起点就是路径'));

const DIRECTIONS = text('N, E, S, W, NE, SE, SW, NW', '北、东、南、西、东北、东南、西南、西北');
const neighboursPiece = (cost: Text | null): Piece =>
  piece('neighbours', `for each neighbour n, in the order ${DIRECTIONS.en}${cost ? `, ${cost.en}` : ''}:`,
    `按${DIRECTIONS['zh-CN']}的顺序，对每个邻居 n${cost ? `，${cost['zh-CN']}` : ''}：`);
const MOVE_COST = text('with g′ = g + the move’s length × n’s terrain cost', 'g′ = g + 这一步的长度 × n 的地形代价');
const NEIGHBOURS_COSTED = neighboursPiece(MOVE_COST);

// A*, Dijkstra and bidirectional A* improve open cells; closed cells are final.
const SKIP_IMPROVING = skipPiece([IS_WALL, MOVE_FORBIDDEN, IS_CLOSED, OPEN_NO_CHEAPER]);
// Greedy, breadth- and depth-first never change a cell once found.
const SKIP_FIRST_FOUND = skipPiece([IS_WALL, MOVE_FORBIDDEN, FOUND_BEFORE],
  text('(its first g and parent stay)', '（最先得到的 g 和父节点不再改变）'));
const OPEN_FROM_CELL = openPiece(THE_CELL);
const IMPROVE_FROM_CELL = improvePiece(THE_CELL);

// ---------------------------------------------------------------------------------------
// The programs: each algorithm's lines, as (indent, piece).

type Program = ReadonlyArray<readonly [indent: number, piece: Piece]>;

/** A*, Dijkstra, greedy, breadth- and depth-first: one loop; only the open list's order differs, and whether an open cell's g may improve. */
const bestFirst = (pop: Piece, improves: boolean): Program => [
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

// D* Lite (Koenig and Likhachev, the optimised version): a search backward from the goal
// whose g values stay valid while the agent moves and costs change; one pop per step.
const D_STAR_LITE: Program = [
  [0, piece('initialise',
    'km ← 0; g = rhs = ∞ for every cell but rhs(goal) = 0; the queue holds the goal with key [h(agent, goal); 0]',
    'km ← 0；除 rhs(终点) = 0 外，每个格子的 g = rhs = ∞；队列中只有终点，键为 [h(智能体, 终点); 0]')],
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
    'after the agent moves from s to s′ and sensed costs change: km ← km + h(s, s′); for each cell whose ways out changed, recompute its rhs and its place in the queue; run the loop again',
    '智能体从 s 走到 s′ 并感知到代价变化后：km ← km + h(s, s′)；对每个出边变化了的格子，重新计算它的 rhs 和它在队列中的位置；再次运行循环')],
];

// MPAA* (Hernández, Baier and Asín): a forward A* per plan, with h learned from the plans
// before it and their paths kept, stopping on a kept path that still leads to the goal.
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

const PROGRAMS: Readonly<Record<AlgorithmName, Program>> = {
  astar: bestFirst(POP_ASTAR, true),
  dijkstra: bestFirst(POP_DIJKSTRA, true),
  greedy: bestFirst(POP_GREEDY, false),
  bfs: bestFirst(POP_BREADTH_FIRST, false),
  dfs: bestFirst(POP_DEPTH_FIRST, false),
  jps: JUMP_POINT_SEARCH,
  bidirectional: BIDIRECTIONAL,
  ida: IDA_STAR,
  theta: THETA_STAR,
  'dstar-lite': D_STAR_LITE,
  mpaa: MPAA_STAR,
};

// ---------------------------------------------------------------------------------------
// Which lines each signal passes (see the top of the file). Only the signals an algorithm
// can emit are listed; the tests check every signal of real searches against this table.

type SignalTable = Readonly<Partial<Record<StepSignal, readonly LineId[]>>>;

const SKIPPED: readonly LineId[] = ['neighbours', 'skip'];

/** Greedy, breadth- and depth-first: a neighbour found before is 'not-improved', like a closed one. */
const GRID_MOVES_FIRST_FOUND: SignalTable = {
  expand: ['pop'],
  'neighbour:opened': ['neighbours', 'open'],
  'neighbour:not-improved': SKIPPED,
  'neighbour:closed': SKIPPED,
  'neighbour:blocked': SKIPPED,
  found: ['goal'],
  'no-path': ['noPath'],
};

/** A* and Dijkstra: the same, and open cells may improve. */
const GRID_MOVES_IMPROVING: SignalTable = {
  ...GRID_MOVES_FIRST_FOUND,
  'neighbour:improved': ['neighbours', 'improve'],
};

const SCANNED: readonly LineId[] = ['directions', 'scan'];

export const STEP_SIGNAL_LINES: Readonly<Record<AlgorithmName, SignalTable>> = {
  astar: GRID_MOVES_IMPROVING,
  dijkstra: GRID_MOVES_IMPROVING,
  greedy: GRID_MOVES_FIRST_FOUND,
  bfs: GRID_MOVES_FIRST_FOUND,
  dfs: GRID_MOVES_FIRST_FOUND,
  jps: {
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
  },
  theta: {
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
  },
  bidirectional: {
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
  },
  ida: {
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
  },
  mpaa: {
    ...GRID_MOVES_IMPROVING,
    // The plan ended on a kept path (it comes with no 'found': see signalsOfStep).
    stop: ['stop'],
  },
  'dstar-lite': {
    expand: ['pop'],
    'key:key-raised': ['requeue'],
    'key:over-consistent': ['lower'],
    'key:under-consistent': ['raise'],
    'rhs:queued': ['rhs'],
    'rhs:requeued': ['rhs'],
    'rhs:dequeued': ['rhs'],
    found: ['goal'],
    'no-path': ['noPath'],
  },
};

// ---------------------------------------------------------------------------------------
// The exported reads.

/** Each algorithm's line ids, in the order of its pseudocode. */
export const PSEUDOCODE_LINE_IDS: Readonly<Record<AlgorithmName, readonly LineId[]>> = (() => {
  const ids = {} as Record<AlgorithmName, readonly LineId[]>;
  for (const algorithm of Object.keys(PROGRAMS) as AlgorithmName[]) ids[algorithm] = Object.freeze(PROGRAMS[algorithm].map(([, line]) => line.id));
  return Object.freeze(ids);
})();

/** The algorithm's pseudocode in `language`. */
export function pseudocodeFor(algorithm: AlgorithmName, language: Language): PseudocodeLine[] {
  return PROGRAMS[algorithm].map(([indent, line]) => ({ id: line.id, indent, text: line.text[language] }));
}

function signalOfEvent(event: SearchEvent): StepSignal {
  switch (event.kind) {
    case 'neighbour': return `neighbour:${event.outcome}`;
    case 'scan': return `scan:${event.outcome}`;
    case 'sight': return event.clear ? 'sight:clear' : 'sight:obstructed';
    case 'key': return `key:${event.outcome}`;
    case 'rhs': return `rhs:${event.outcome}`;
    default: return event.kind;
  }
}

/**
 * The signals of one observed step, in order: one per event, then the end of the search
 * when this step brought it. `status` is the search's status right after the step.
 * - 'found': the status is found and nothing followed the expansion. Expanding the goal
 *   ends a step at once (no neighbour, scan or sight follows it), which is how the step
 *   that reached the goal differs from the ones before it. (Bidirectional search ends
 *   with a Stop event instead, so it never gives 'found', and so does MPAA* when a plan
 *   stops on a path kept from an earlier plan.) D* Lite has no goal test: its
 *   loop ends after the pop that left nothing to do, so the step after which its status
 *   is found is the one that made the plan.
 * - 'no-path': the status is no-path and the step added nothing to search (opened,
 *   improved or pruned no cell): the step that emptied the open list, or IDA*'s last
 *   expansion of an iteration that pruned nothing.
 * Giving up at the expansion limit is no part of any algorithm and gives no signal.
 */
export function signalsOfStep(step: StepEvent, status: SearchStatus): StepSignal[] {
  const signals = step.events.map(signalOfEvent);
  const last = step.events[step.events.length - 1];
  const incremental = step.events.some((event) => event.kind === 'key');
  if (status === 'found' && (last?.kind === 'expand' || incremental)) signals.push('found');
  const addedWork = signals.some((s) => s === 'neighbour:opened' || s === 'neighbour:improved' || s === 'neighbour:pruned');
  if (status === 'no-path' && !addedWork) signals.push('no-path');
  return signals;
}

/** The line that ends the search successfully: bidirectional search has no goal test. */
export const finishingLine = (algorithm: AlgorithmName): LineId => (PSEUDOCODE_LINE_IDS[algorithm].includes('goal') ? 'goal' : 'stop');

/**
 * The lines the step went through, each once, in the order of the pseudocode (which is the
 * order one expansion reaches them). `step` null means no step has been observed: before
 * the first step that is 'initialise' (and 'noPath' when the search ended before it began,
 * because the start or the goal is a wall); once the search has ended it is the line that
 * ended it.
 */
export function linesOfStep(algorithm: AlgorithmName, step: StepEvent | null, status: SearchStatus): LineId[] {
  if (step === null) {
    if (status === 'found') return [finishingLine(algorithm)];
    return status === 'no-path' ? ['initialise', 'noPath'] : ['initialise'];
  }
  const table = STEP_SIGNAL_LINES[algorithm];
  const passed = new Set<LineId>();
  for (const signal of signalsOfStep(step, status)) for (const id of table[signal] ?? []) passed.add(id);
  return PSEUDOCODE_LINE_IDS[algorithm].filter((id) => passed.has(id));
}

/**
 * The one line to mark as current: the step's line that comes first in LINE_RANKING, so a
 * step that reached the goal shows 'goal', one whose stopping rule fired 'stop', one that
 * began an IDA* iteration 'iteration', one whose JPS scans found a successor 'jump', and an
 * ordinary A* step 'improve', else 'open', else 'skip'.
 */
export function currentLineOfStep(algorithm: AlgorithmName, step: StepEvent | null, status: SearchStatus): LineId {
  const lines = new Set(linesOfStep(algorithm, step, status));
  // linesOfStep always gives at least the step's expansion line, and the ranking holds every id.
  return LINE_RANKING.find((id) => lines.has(id)) ?? 'initialise';
}
