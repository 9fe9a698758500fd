// Words for the current state: the status line, the narration of the current step, the
// speed and timeline labels and the cell tooltip. Pure functions of read-only state, so
// the controls only decide where the text goes. The narration is built from the step's
// events, the same ones the renderer draws, so words and picture cannot disagree; each
// algorithm says how it picked the cell it expanded (no search but the A* family takes
// "the lowest f").
import { eventsOf, type AlgorithmName, type EventOf, type Point, type RefusalName, type StepEvent, type WalkStatus } from '../engine/engine';
import { formatNumber } from '../render/renderer';
import { SPEEDS } from '../state/speeds';
import type { Run } from '../state/run';
import type { WalkTimeline } from '../state/walk-timeline';
import { pathLength } from '../state/timeline';
import type { Language, PlaygroundStore } from '../state/store';
import { algorithmLabel, joinSentences, translate, type PhraseKey } from './i18n';

// Enough neighbours to read on one line; the rest are counted.
const MAX_LISTED_CELLS = 8;

const cellName = (p: Point) => `(${p.x}, ${p.y})`;

export function speedLabel(language: Language, index: number): string {
  const speed = SPEEDS[index];
  if (speed.kind === 'instant') return translate(language, 'speed.instant');
  const key: PhraseKey = speed.kind === 'per-second'
    ? speed.steps === 1 ? 'speed.perSecond.one' : 'speed.perSecond'
    : speed.steps === 1 ? 'speed.perFrame.one' : 'speed.perFrame';
  return translate(language, key, { n: speed.steps });
}

/** The shared timeline's position: every run's steps, and the longest run's length once known. */
export function timelineLabel(store: PlaygroundStore): string {
  const { language, step, total } = store;
  const seeking = store.seeking;
  if (seeking) {
    if (!Number.isFinite(seeking.step)) return translate(language, 'timeline.seekingEnd', { step });
    const target = seeking.step.toLocaleString(language);
    return Number.isNaN(seeking.progress)
      ? translate(language, 'timeline.seeking', { target })
      : translate(language, 'timeline.seekingPercent', { target, percent: Math.floor(seeking.progress * 100) });
  }
  // A walk's length is known when it ends: until then the user's edits may change it.
  if (total === null && store.walking) return translate(language, 'timeline.walking', { step });
  return total === null
    ? translate(language, 'timeline.measuring', { step })
    : translate(language, 'timeline.value', { step, total });
}

type Say = (key: PhraseKey, params?: Record<string, string | number>) => string;

function sayer(language: Language): Say {
  return (key, params = {}) => translate(language, key, params);
}

/** Why a run's options cannot run on this map, in words. */
export function refusalText(store: PlaygroundStore, refusal: RefusalName, run: Run = store.runs[0]!): string {
  const say = sayer(store.language);
  const row = store.engine.algorithm(run.options.algorithm);
  const algorithm = algorithmLabel(store.language, row);
  switch (refusal) {
    case 'diagonal-rule':
      return say('refusal.diagonal-rule', { algorithm, rules: row.diagonals.map((d) => say(`diagonal.${d}` as PhraseKey)).join(', ') });
    case 'cost-model':
      return say('refusal.cost-model', { algorithm });
    case 'any-angle':
      return say('refusal.any-angle', { algorithm });
    default:
      return say('refusal.needs-uniform-terrain', { algorithm });
  }
}

/** A run's status line (the first run's by default: the only one outside compare mode). */
export function statusText(store: PlaygroundStore, run: Run = store.runs[0]!): string {
  if (run.walk) return walkStatusText(store, run, run.walk);
  const { language } = store;
  const { timeline } = run;
  const say = sayer(language);
  const search = timeline.display;
  const counters = search.counters();
  const status = search.status;
  if (status === 'ready') return say('status.noStart');
  if (status === 'refused') return say('status.refused', { reason: refusalText(store, search.refusal ?? 'needs-uniform-terrain', run) });
  const cost = search.pathCost;
  const path = status === 'found' ? search.path() : null;
  const length = path === null ? null : pathLength(path);
  // Once the search has ended the headline gives the cost; the counters do not repeat it.
  const ended = status !== 'running';
  const counts = say(ended ? 'status.countersEnd' : 'status.counters', {
    // IDA* keeps no open list; its count is the length of the depth-first path.
    openName: say(search.cellView().has('visits') ? 'status.stack' : 'status.openList'),
    expanded: counters.expanded,
    open: counters.openSize,
    length: length === null ? '–' : formatNumber(length, 2),
    cost: cost === null ? '–' : formatNumber(cost, 2),
    time: timeline.elapsedMs.toFixed(timeline.elapsedMs < 10 ? 2 : 1),
  });
  const parts: string[] = [];
  if (status === 'found') parts.push(say('status.found', { cost: formatNumber(cost, 2) }));
  else if (status === 'no-path') parts.push(say('status.noPath'));
  else if (status === 'gave-up') parts.push(say('status.gaveUp', { n: counters.expanded.toLocaleString(language) }));
  else if (counters.expanded === 0) parts.push(say('status.ready'));
  const progress = search.progress();
  if (status === 'running' && progress.iteration !== null && progress.threshold !== null)
    parts.push(say('status.iteration', { iteration: progress.iteration, threshold: formatNumber(progress.threshold, 2) }));
  if (status === 'running' && progress.meetingCost !== null && progress.meetingCell)
    parts.push(say('status.meeting', { cost: formatNumber(progress.meetingCost, 2), cell: cellName(progress.meetingCell) }));
  parts.push(counts);
  return joinSentences(language, parts);
}

/** A pane's one-line status in compare mode: running, or how its search finished. */
export function paneStatusText(store: PlaygroundStore, run: Run): string {
  if (run.walk) return walkStatusText(store, run, run.walk);
  const say = sayer(store.language);
  const search = run.timeline.display;
  const counters = search.counters();
  const n = counters.expanded.toLocaleString(store.language);
  switch (search.status) {
    case 'ready': return say('status.noStart');
    case 'refused': return say('status.refused', { reason: refusalText(store, search.refusal ?? 'needs-uniform-terrain', run) });
    case 'found': return say('pane.found', { n, cost: formatNumber(search.pathCost, 2) });
    case 'no-path': return say('pane.noPath', { n });
    case 'gave-up': return say('pane.gaveUp', { n });
    default: {
      if (counters.expanded === 0) return say('pane.ready');
      const open = counters.openSize.toLocaleString(store.language);
      // IDA* has no open list: its count is the depth-first path's length.
      return say(search.cellView().has('visits') ? 'pane.running.ida' : 'pane.running', { n, open });
    }
  }
}

/** The narration of a run's current step (the first run's by default). */
export function narrationText(store: PlaygroundStore, run: Run = store.runs[0]!): string {
  if (run.walk) return walkNarrationText(store, run, run.walk);
  const { language } = store;
  const { timeline } = run;
  const search = timeline.display;
  const say = sayer(language);
  const parts: string[] = [];
  const step = timeline.lastEvent;
  const steps = timeline.step;
  const algorithm = search.options.algorithm;
  if (search.status === 'ready') return '';
  if (search.status === 'refused') return say('narration.refused', { reason: refusalText(store, search.refusal ?? 'needs-uniform-terrain', run) });
  if (steps === 0) {
    parts.push(search.status === 'no-path' ? say('narration.emptyOpen')
      : algorithm === 'dstar-lite' ? say('narration.start.dstar', { goal: cellName(store.goal), cell: cellName(store.start) })
      : say('narration.start', { cell: cellName(store.start) }));
  } else if (step) {
    parts.push(...describeStep(store, run, algorithm, step, say));
  } else if (search.status === 'found') {
    parts.push(say('narration.finished', { steps, cost: formatNumber(search.pathCost, 2) }));
  } else if (search.status === 'no-path') {
    parts.push(say('narration.finishedNoPath', { steps }));
  } else if (search.status === 'gave-up') {
    parts.push(say('narration.gaveUp', { n: steps.toLocaleString(language) }));
  } else {
    parts.push(say('narration.running', { steps }));
  }
  if (store.live) parts.push(say('narration.live'));
  return joinSentences(language, parts);
}

/** A walk's status: where it stands, then its counters (moves, walked cost, replans, planning work). */
function walkStatusText(store: PlaygroundStore, run: Run, walk: WalkTimeline): string {
  const { language } = store;
  const say = sayer(language);
  const status = walk.walk.status;
  if (status === 'refused') {
    return say('status.refused', { reason: refusalText(store, walk.walk.refusal ?? 'needs-uniform-terrain', run) });
  }
  const counters = walk.walk.counters();
  const headline: Record<Exclude<WalkStatus, 'refused'>, string> = {
    ready: say('status.noStart'),
    planning: walk.step === 0 ? say('status.walk.ready') : say('status.walk.planning'),
    moving: walk.step === 0 ? say('status.walk.ready') : say('status.walk.moving'),
    arrived: say('status.walk.arrived'),
    'no-path': say('status.walk.noPath'),
    'gave-up': say('status.walk.gaveUp', { n: (walk.display.options.maxExpansions ?? 0).toLocaleString(language) }),
  };
  return joinSentences(language, [headline[status], say('status.walk', {
    moves: counters.moves.toLocaleString(language),
    cost: formatNumber(counters.walkedCost, 2),
    replans: counters.replans.toLocaleString(language),
    plan: counters.expandedThisPlan.toLocaleString(language),
    total: counters.expandedTotal.toLocaleString(language),
    time: walk.elapsedMs.toFixed(walk.elapsedMs < 10 ? 2 : 1),
  })]);
}

/** What the walk's current step did: a planner expansion (told as the planner tells it), or a move and what it found. */
function walkNarrationText(store: PlaygroundStore, run: Run, walk: WalkTimeline): string {
  const { language } = store;
  const say = sayer(language);
  const status = walk.walk.status;
  if (status === 'ready') return '';
  if (status === 'refused') return say('narration.refused', { reason: refusalText(store, walk.walk.refusal ?? 'needs-uniform-terrain', run) });
  const planner = algorithmLabel(language, store.engine.algorithm(run.options.algorithm));
  const counters = walk.walk.counters();
  const agent = walk.walk.agent();
  const parts: string[] = [];
  const step = walk.lastStep;
  if (walk.step === 0) {
    parts.push(say('narration.walk.start', { cell: cellName(agent), planner }));
  } else if (step?.kind === 'plan') {
    parts.push(...describeStep(store, run, run.options.algorithm, step.expansion, say));
  } else if (step?.kind === 'move') {
    const moved = { step: walk.step, from: cellName(step.from), to: cellName(step.to), cost: formatNumber(step.cost, 2) };
    parts.push(walk.plannedBeforeMove > 0
      ? say('narration.walk.afterPlan', { ...moved, planner, n: walk.plannedBeforeMove.toLocaleString(language) })
      : say('narration.walk.move', moved));
    if (step.discovered.length > 0) parts.push(say('narration.walk.discovered', { cells: listCells(step.discovered, cellName, say) }));
    if (step.replan) parts.push(say(`narration.walk.replan.${step.replan}` as PhraseKey));
  } else if (status === 'planning') {
    parts.push(say('narration.walk.planning', { cell: cellName(agent), n: counters.expandedThisPlan.toLocaleString(language) }));
  }
  if (status === 'arrived') {
    parts.push(say('narration.walk.arrived', {
      cost: formatNumber(counters.walkedCost, 2), moves: counters.moves, replans: counters.replans, total: counters.expandedTotal.toLocaleString(language),
    }));
  } else if (status === 'no-path') {
    parts.push(say('narration.walk.noPath', { cell: cellName(agent) }));
  } else if (status === 'gave-up') {
    parts.push(say('narration.walk.gaveUp', { n: counters.expandedThisPlan.toLocaleString(language) }));
  }
  return joinSentences(language, parts);
}

/** The sentences of one observed step, in the order things happened. */
function describeStep(store: PlaygroundStore, run: Run, algorithm: AlgorithmName, step: StepEvent, say: Say): string[] {
  const search = run.timeline.display;
  const parts: string[] = [];
  // IDA*: backing up and starting a new iteration, in the order they happened.
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

  if (algorithm === 'dstar-lite') return [...parts, ...describeDStarStep(store, run, step, say)];
  const numbers = { step: run.timeline.step, cell: cellName(step.cell), f: formatNumber(step.f, 2), g: formatNumber(step.g, 2), h: formatNumber(step.h, 2) };
  switch (algorithm) {
    case 'dijkstra': parts.push(say('narration.expand.dijkstra', numbers)); break;
    case 'greedy': parts.push(say('narration.expand.greedy', numbers)); break;
    case 'bfs': parts.push(say('narration.expand.bfs', numbers)); break;
    case 'dfs': parts.push(say('narration.expand.dfs', numbers)); break;
    case 'bidirectional':
      parts.push(say('narration.expand.bidirectional', { ...numbers, side: say(step.side === 'forward' ? 'narration.side.forward' : 'narration.side.backward') }));
      break;
    case 'ida':
      parts.push(say('narration.expand.ida', { ...numbers, threshold: formatNumber(search.progress().threshold, 2) }));
      break;
    default: parts.push(say('narration.expand', numbers));
  }

  const reachedGoal = search.status === 'found' && algorithm !== 'bidirectional' && step.cell.x === store.goal.x && step.cell.y === store.goal.y;
  if (reachedGoal) {
    parts.push(say('narration.goal', { cost: formatNumber(search.pathCost, 2) }));
    return parts;
  }
  if (algorithm === 'jps') parts.push(...describeJumps(step, say));
  else if (algorithm === 'theta') parts.push(...describeSights(step, say));
  parts.push(...describeNeighbours(algorithm, step, say));
  for (const meet of eventsOf(step, 'meet')) parts.push(say('narration.meet', { cell: cellName(meet.cell), cost: formatNumber(meet.cost, 2) }));
  // Bidirectional A*'s stopping rule, or MPAA* reaching a path kept from an earlier plan.
  const stopPhrase = algorithm === 'mpaa' ? 'narration.stop.mpaa' : 'narration.stop';
  for (const stop of eventsOf(step, 'stop')) parts.push(say(stopPhrase, { cost: formatNumber(stop.cost, 2), bound: formatNumber(stop.bound, 2) }));
  if (search.status === 'no-path') parts.push(say(algorithm === 'ida' ? 'narration.noPath.ida' : 'narration.emptyOpen'));
  if (search.status === 'gave-up') parts.push(say('narration.gaveUp', { n: run.timeline.step.toLocaleString(store.language) }));
  return parts;
}

/** D* Lite: what the pop did to its cell, then every rhs it changed, then whether the plan is ready. */
function describeDStarStep(store: PlaygroundStore, run: Run, step: StepEvent, say: Say): string[] {
  const search = run.timeline.display;
  const parts: string[] = [];
  const number = (value: number | null) => formatCost(value);
  const key = eventsOf(step, 'key')[0];
  if (key) {
    const values = { step: run.timeline.step, cell: cellName(step.cell), k1: number(key.k1), k2: number(key.k2), g: number(step.g), oldG: number(key.oldG), newK1: number(key.newK1) };
    parts.push(say(`narration.dstar.${key.outcome}` as PhraseKey, values));
  }
  const changes = eventsOf(step, 'rhs');
  if (changes.length > 0) {
    const fate = (outcome: EventOf<'rhs'>['outcome']) => say(`narration.dstar.fate.${outcome}` as PhraseKey);
    parts.push(say('narration.dstar.rhs', {
      cells: listCells(changes, (change) => say('narration.dstar.change', {
        cell: cellName(change.cell), old: number(change.oldRhs), new: number(change.newRhs), fate: fate(change.outcome),
      }), say),
    }));
  } else if (key?.outcome !== 'key-raised') {
    parts.push(say('narration.dstar.noRhs'));
  }
  if (search.status === 'found') parts.push(say('narration.dstar.ready', { cost: number(search.pathCost) }));
  else if (search.status === 'no-path') parts.push(say('narration.dstar.noPath'));
  else if (search.status === 'gave-up') parts.push(say('narration.gaveUp', { n: run.timeline.step.toLocaleString(store.language) }));
  return parts;
}

/** A cost as D* Lite has them: ∞ where no way to the goal is known. */
function formatCost(value: number | null): string {
  return value === Infinity ? '∞' : formatNumber(value, 2);
}

function describeNeighbours(algorithm: AlgorithmName, step: StepEvent, say: Say): string[] {
  const neighbours = eventsOf(step, 'neighbour');
  // JPS's "neighbours" are the jump points its scans found; they are described there.
  const opened = algorithm === 'jps' ? [] : neighbours.filter((n) => n.outcome === 'opened');
  const improved = neighbours.filter((n) => n.outcome === 'improved');
  const pruned = neighbours.filter((n) => n.outcome === 'pruned');
  const count = (outcome: EventOf<'neighbour'>['outcome']) => neighbours.filter((n) => n.outcome === outcome).length;
  const parts: string[] = [];
  if (opened.length > 0) parts.push(say(algorithm === 'ida' ? 'narration.opened.ida' : 'narration.opened', { cells: listCells(opened, (n) => `${cellName(n.cell)} g = ${formatNumber(n.newG, 2)}`, say) }));
  if (improved.length > 0) parts.push(say('narration.improved', { cells: listCells(improved, (n) => `${cellName(n.cell)} g ${formatNumber(n.oldG, 2)} → ${formatNumber(n.newG, 2)}`, say) }));
  if (pruned.length > 0) parts.push(say('narration.pruned', { cells: listCells(pruned, (n) => cellName(n.cell), say) }));
  if (algorithm !== 'jps' && opened.length === 0 && improved.length === 0 && pruned.length === 0) parts.push(say('narration.nothingNew'));
  const closed = count('closed'), blocked = count('blocked'), worse = count('not-improved'), onPath = count('on-path');
  if (algorithm === 'ida') {
    if (onPath + blocked + worse > 0) parts.push(say('narration.skipped.ida', { onPath, blocked, worse }));
  } else if (closed + blocked + worse > 0) {
    parts.push(say('narration.skipped', { closed, blocked, worse }));
  }
  return parts;
}

/** JPS: how much was scanned, and why each successor is a jump point. */
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

/** Theta*: which neighbours hang from the expanded cell's parent by a straight line. */
function describeSights(step: StepEvent, say: Say): string[] {
  const sights = eventsOf(step, 'sight');
  if (sights.length === 0) return [];
  const parent = cellName(sights[0]!.from);
  const clear = sights.filter((s) => s.clear).map((s) => s.to);
  const blocked = sights.filter((s) => !s.clear).map((s) => s.to);
  const parts: string[] = [];
  const list = (cells: Point[]) => listCells(cells, cellName, say);
  if (clear.length > 0) parts.push(say('narration.theta.sees', { parent, cells: list(clear) }));
  if (blocked.length > 0) parts.push(say('narration.theta.blocked', { parent, cells: list(blocked), cell: cellName(step.cell) }));
  return parts;
}

function listCells<T>(items: T[], describe: (item: T) => string, say: Say): string {
  const listed = items.slice(0, MAX_LISTED_CELLS).map(describe);
  if (items.length > MAX_LISTED_CELLS) listed.push(say('narration.more', { n: items.length - MAX_LISTED_CELLS }));
  return listed.join(', ');
}

function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

/** Lines of the hover/tap tooltip for one cell of a run's pane (the first run's by default). */
export function cellDetails(store: PlaygroundStore, cell: Point, run: Run = store.runs[0]!): string[] {
  const { grid, language } = store;
  const { timeline } = run;
  const say = sayer(language);
  const search = timeline.display;
  const cost = grid.cost(cell.x, cell.y);
  const lines = [`${say('tooltip.cell', { x: cell.x, y: cell.y })} · ${cost === 0 ? say('tooltip.wall') : say('tooltip.cost', { cost })}`];
  if (search.status === 'ready' || search.status === 'refused') return lines;
  const phase = search.phase(cell.x, cell.y);
  const order = search.order(cell.x, cell.y);
  const cells = search.cellView();
  const id = cell.y * grid.width + cell.x;
  const depthFirst = cells.has('visits');
  // D* Lite keeps rhs beside g: its "open" cells are the inconsistent ones in its queue,
  // and a cell's arrow points to the next cell toward the goal.
  const incremental = cells.has('rhs');
  // IDA* has no open list: its "open" cells are the ones on the current depth-first path.
  const phaseKey: PhraseKey = depthFirst && phase === 'open' ? 'tooltip.phase.stack'
    : depthFirst && phase === 'closed' ? 'tooltip.phase.visited'
    : incremental && phase === 'open' ? 'tooltip.phase.queue'
    : incremental && phase === 'closed' ? 'tooltip.phase.consistent'
    : `tooltip.phase.${phase}` as PhraseKey;
  lines.push(say(phaseKey, { order }));
  if (phase !== 'unseen') {
    lines.push(incremental
      ? `g = ${formatCost(search.g(cell.x, cell.y))} · rhs = ${formatCost(cells.valueAt('rhs', id))} · h = ${formatNumber(search.h(cell.x, cell.y), 2)}`
      : `g = ${formatNumber(search.g(cell.x, cell.y), 2)} · h = ${formatNumber(search.h(cell.x, cell.y), 2)} · f = ${formatNumber(search.f(cell.x, cell.y), 2)}`);
    const parent = search.parent(cell.x, cell.y);
    lines.push(`${say(incremental ? 'tooltip.next' : 'tooltip.parent')}: ${parent ? cellName(parent) : say('tooltip.none')}`);
  }
  if (depthFirst && cells.valueAt('visits', id) > 0) lines.push(say('tooltip.visits', { n: cells.valueAt('visits', id) }));
  if (cells.has('phaseBack') && cells.phaseBackAt(id) !== 0) {
    const back = (['unseen', 'open', 'closed', 'path'] as const)[cells.phaseBackAt(id)];
    lines.push(say('tooltip.backward', { phase: say(`tooltip.phase.${back}` as PhraseKey, { order: cells.valueAt('orderBack', id) }), g: formatNumber(cells.valueAt('gBack', id), 2) }));
  }
  if (phase === 'unseen' && cells.scannedAt(id)) lines.push(say('tooltip.scanned'));
  return lines;
}
