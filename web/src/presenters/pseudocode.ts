// Pseudocode, the part every presenter shares: the line ids, the pieces the programs are
// built from (each algorithm family's program is in its presenter), and how an observed
// step becomes lines. Pure (no DOM), and read from the same step events as the narration
// and the picture, so the highlighted line never disagrees with them.
//
// The pseudocode says what this engine does, in its terms (the C++ headers in cpp/core
// are the reference): the open list's order and tie-break (open_list.h), neighbours in the
// direction order of moves.h, which neighbour outcomes exist (events.h); each family's
// presenter names the header its program follows.
//
// How a step becomes lines:
// 1. Each event of the step gives a signal: its kind, with the outcome where the kind has
//    one ('neighbour:opened', 'scan:dead-end', 'sight:clear', ...). The search's status
//    after the step adds 'found' (the step expanded the goal) or 'no-path' (the step
//    proved there is none); see signalsOfStep for the exact rule.
// 2. A presenter's signal table maps each signal its algorithm can emit to the lines it
//    passes: the line that does the work and the block header it sits in (a neighbour
//    outcome passes the "for each neighbour" line too).
// 3. linesOfStep lists those lines, once each, in the order of the pseudocode, which is
//    the order a step reaches them (every step is one expansion; only the loop over the
//    neighbours or scans repeats lines).
// 4. currentLineOfStep picks the step's headline among them by LINE_RANKING, one order
//    for every algorithm: how the search ended, if it did (goal, stop, no path), then what
//    is particular to the algorithm (a new iteration, a better meeting, a jump point, a
//    line of sight), then what the step did to the open list (improve, open, prune, ...),
//    down to taking the cell out.
import type { EventOf, NeighbourOutcome, SearchEvent, SearchStatus, StepEvent } from '../engine/engine';
import type { Language } from '../state/store';

/**
 * Every line id, most telling first: the order currentLineOfStep picks the current line by.
 * Ids name what a line does and mean the same in every algorithm that has them.
 */
export const LINE_RANKING = [
  'goal', //        the expanded cell is the goal: found
  'stop', //        bidirectional: the stopping rule fired; the funnel: the path is made
  'noPath', //      nothing is left to search
  'corner', //      the funnel: a side crossed the other, its point is a corner of the path
  'narrow', //      the funnel: a side moved in
  'portal', //      the funnel: the loop over the portals
  'funnel', //      the funnel: it starts at the start, on the corridor found
  'final', //       Polyanya: the goal's polygon, a final node
  'turn', //        Polyanya: a successor beyond a ray, rooted at the corner it turns
  'iteration', //   IDA*: a new iteration starts from the start
  'meet', //        bidirectional: the best meeting improved
  'terrain', //     JPS: a scan stopped beside a change of terrain, at a jump point (cpp/core/jump_terrain.h)
  'jump', //        JPS: a scan found a jump point (or the goal): a successor
  'forced', //      JPS: a forced neighbour makes a jump point
  'sight', //       Theta*: the parent sees the neighbour, and the straight line is no dearer
  'raise', //       D* Lite: an under-consistent cell's g goes to infinity (a cost went up)
  'lower', //       D* Lite: an over-consistent cell's g comes down to its rhs
  'requeue', //     D* Lite: a key out of date (the agent moved) goes back in the queue
  'rhs', //         D* Lite: a neighbour's rhs changes, and with it its place in the queue
  'improve', //     an open cell got a lower g
  'open', //        a new cell joins the open list (IDA*: waits to be descended into)
  'prune', //       IDA*: over the threshold, left for a later iteration
  'direct', //      Theta*: no line of sight (or a dearer one), the ordinary move
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
  | 'sight:dearer'
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
// language (a Record over Language, so a missing translation does not compile); each
// family's program (in its presenter) gives each piece its indent. Algorithms that do the
// same thing share the same piece, and pieces that differ in one part are built by one
// function.

export type Text = Readonly<Record<Language, string>>;

export interface Piece {
  readonly id: LineId;
  readonly text: Text;
}

export const text = (en: string, zh: string): Text => ({ en, 'zh-CN': zh });
export const piece = (id: LineId, en: string, zh: string): Piece => ({ id, text: text(en, zh) });

// Chinese text puts a space between Han characters and Latin letters or digits (as in
// "n 是墙"), and none between Han characters.
const LATIN_OR_DIGIT = /[A-Za-z0-9]/;
function joinChinese(before: string, after: string): string {
  const seam = LATIN_OR_DIGIT.test(before.slice(-1)) !== LATIN_OR_DIGIT.test(after.slice(0, 1));
  return seam ? `${before} ${after}` : `${before}${after}`;
}

/** "a or b", "a, b, or c" / "a、b或c" (with the spaces joinChinese adds). */
export function anyOf(parts: readonly Text[]): Text {
  const en = parts.map((part) => part.en);
  const zh = parts.map((part) => part['zh-CN']);
  return text(
    en.length < 2 ? en.join('') : `${en.slice(0, -1).join(', ')}${en.length > 2 ? ',' : ''} or ${en[en.length - 1]}`,
    zh.length < 2 ? zh.join('') : joinChinese(`${zh.slice(0, -1).join('、')}或`, zh[zh.length - 1]!),
  );
}

// Why a neighbour is skipped; each algorithm lists the reasons its engine code checks.
export const IS_WALL = text('n is a wall', 'n 是墙');
export const MOVE_FORBIDDEN = text('the diagonal rule forbids the move', '对角规则不允许这一步');
export const IS_CLOSED = text('n is closed', 'n 已关闭');
export const OPEN_NO_CHEAPER = text('n is open with g(n) ≤ g′', 'n 已在开放列表中且 g(n) ≤ g′');
export const FOUND_BEFORE = text('n was found before', 'n 之前已被发现');
export const ON_PATH = text('n is already on the path', 'n 已在路径上');

export function skipPiece(reasons: readonly Text[], note?: Text): Piece {
  const why = anyOf(reasons);
  return piece('skip', `if ${why.en}: skip it${note ? ` ${note.en}` : ''}`, `${joinChinese('如果', why['zh-CN'])}：跳过它${note ? note['zh-CN'] : ''}`);
}

// Who becomes a neighbour's parent: the expanded cell, or Theta*'s chosen p.
export const THE_CELL = text('the cell', '当前格子');
export const CHOSEN_P = text('p', 'p');

export const openPiece = (parent: Text): Piece =>
  piece('open', `if n is new: g(n) ← g′, parent(n) ← ${parent.en}; put n in the open list`,
    `如果 n 是新的：g(n) ← g′，n 的父节点 ← ${parent['zh-CN']}；把 n 放入开放列表`);

export const improvePiece = (parent: Text): Piece =>
  piece('improve', `otherwise (n is open, g′ < g(n)): g(n) ← g′, parent(n) ← ${parent.en}; n moves up the open list`,
    `否则（n 在开放列表中，g′ < g(n)）：g(n) ← g′，n 的父节点 ← ${parent['zh-CN']}；n 在开放列表中前移`);

export const INITIALISE_OPEN = piece('initialise', 'put the start in the open list, with g(start) = 0', '把起点放入开放列表，g(起点) = 0');
export const WHILE_OPEN = piece('loop', 'while the open list is not empty:', '当开放列表不为空时：');
export const NO_PATH_OPEN = piece('noPath', 'the open list is empty: there is no path', '开放列表已空：没有路径');

// The open list's order (open_list.h): the priority, then the larger g, then the smaller cell id.
export const TIES = text('ties: the larger g first, then the smaller cell index', '并列时先取 g 较大的，再取编号较小的');

/** Take out the open cell chosen by `order` (a phrase that ends "…的" in Chinese). */
export const popPiece = (order: Text): Piece =>
  piece('pop', `take out the open cell ${order.en}; close it`, `${joinChinese('从开放列表取出', order['zh-CN'])}格子，将它关闭`);

export const lowest = (priority: string, ties: Text | null): Text =>
  text(`with the lowest ${priority}${ties ? ` (${ties.en})` : ''}`, `${priority} 最小${ties ? `（${ties['zh-CN']}）` : ''}的`);

export const POP_UNWEIGHTED = popPiece(lowest('f = g + h', TIES)); // JPS and Theta*

export const goalPiece = (path: Text): Piece => piece('goal', `if it is the goal: stop; ${path.en}`, `如果它是终点：停止；${path['zh-CN']}`);
export const GOAL_PARENTS = goalPiece(text('the parents lead back from it to the start', '沿父节点从它回溯到起点就是路径'));

export const DIRECTIONS = text('N, E, S, W, NE, SE, SW, NW', '北、东、南、西、东北、东南、西南、西北');
export const neighboursPiece = (cost: Text | null): Piece =>
  piece('neighbours', `for each neighbour n, in the order ${DIRECTIONS.en}${cost ? `, ${cost.en}` : ''}:`,
    `按${DIRECTIONS['zh-CN']}的顺序，对每个邻居 n${cost ? `，${cost['zh-CN']}` : ''}：`);
export const MOVE_COST = text('with g′ = g + the move’s length × n’s terrain cost', 'g′ = g + 这一步的长度 × n 的地形代价');
export const NEIGHBOURS_COSTED = neighboursPiece(MOVE_COST);

// A*, Dijkstra and bidirectional A* improve open cells; closed cells are final.
export const SKIP_IMPROVING = skipPiece([IS_WALL, MOVE_FORBIDDEN, IS_CLOSED, OPEN_NO_CHEAPER]);
// Greedy, breadth- and depth-first never change a cell once found.
export const SKIP_FIRST_FOUND = skipPiece([IS_WALL, MOVE_FORBIDDEN, FOUND_BEFORE],
  text('(its first g and parent stay)', '（最先得到的 g 和父节点不再改变）'));
export const OPEN_FROM_CELL = openPiece(THE_CELL);
export const IMPROVE_FROM_CELL = improvePiece(THE_CELL);

/** The programs' lines, as (indent, piece). */
export type Program = ReadonlyArray<readonly [indent: number, piece: Piece]>;

/**
 * Which lines each signal passes (see the top of the file): only the signals an algorithm
 * can emit are listed. The searches on the navigation mesh have signals of their own (their
 * presenters' MeshSignal).
 */
export type SignalTable<S extends string = StepSignal> = Readonly<Partial<Record<S, readonly LineId[]>>>;

/** An algorithm's pseudocode: its program and which of its lines each signal passes. */
export interface Pseudocode<S extends string = StepSignal> {
  readonly program: Program;
  readonly signalLines: SignalTable<S>;
}

/** A neighbour not worth a look passes the loop and the skip line. */
export const SKIPPED: readonly LineId[] = ['neighbours', 'skip'];

/** The program's line ids, in its order. */
export function lineIds(code: { readonly program: Program }): LineId[] {
  return code.program.map(([, line]) => line.id);
}

/** The program in `language`. */
export function pseudocodeLines(code: { readonly program: Program }, language: Language): PseudocodeLine[] {
  return code.program.map(([indent, line]) => ({ id: line.id, indent, text: line.text[language] }));
}

function signalOfEvent(event: SearchEvent): StepSignal {
  switch (event.kind) {
    case 'neighbour': return `neighbour:${event.outcome}`;
    case 'scan': return `scan:${event.outcome}`;
    case 'sight': return event.dearer ? 'sight:dearer' : event.clear ? 'sight:clear' : 'sight:obstructed';
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
 *   with a Stop event instead, so it never gives 'found'.) D* Lite has no goal test: its
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
export const finishingLine = (code: { readonly program: Program }): LineId => (lineIds(code).includes('goal') ? 'goal' : 'stop');

/**
 * The lines the step went through, each once, in the order of the pseudocode (which is the
 * order one expansion reaches them). `step` null means no step has been observed: before
 * the first step that is 'initialise' (and 'noPath' when the search ended before it began,
 * because the start or the goal is a wall); once the search has ended it is the line that
 * ended it.
 */
export function linesOfStep(code: Pseudocode, step: StepEvent | null, status: SearchStatus): LineId[] {
  if (step === null) {
    if (status === 'found') return [finishingLine(code)];
    return status === 'no-path' ? ['initialise', 'noPath'] : ['initialise'];
  }
  return linesOfSignals(code, signalsOfStep(step, status));
}

/** The lines `signals` pass, each once, in the program's order. */
export function linesOfSignals<S extends string>(code: Pseudocode<S>, signals: readonly S[]): LineId[] {
  const passed = new Set<LineId>();
  for (const signal of signals) for (const id of code.signalLines[signal] ?? []) passed.add(id);
  return lineIds(code).filter((id) => passed.has(id));
}

/** The headline among `lines`: the first in LINE_RANKING. */
export function headline(lines: readonly LineId[]): LineId {
  const set = new Set(lines);
  return LINE_RANKING.find((id) => set.has(id)) ?? 'initialise';
}

/**
 * The one line to mark as current: the step's line that comes first in LINE_RANKING, so a
 * step that reached the goal shows 'goal', one whose stopping rule fired 'stop', one that
 * began an IDA* iteration 'iteration', one whose JPS scans found a successor 'jump' (or
 * 'terrain', where a change of terrain stopped a scan), and an ordinary A* step 'improve',
 * else 'open', else 'skip'.
 */
export function currentLineOfStep(code: Pseudocode, step: StepEvent | null, status: SearchStatus): LineId {
  const lines = new Set(linesOfStep(code, step, status));
  // linesOfStep always gives at least the step's expansion line, and the ranking holds every id.
  return LINE_RANKING.find((id) => lines.has(id)) ?? 'initialise';
}
