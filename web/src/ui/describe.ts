// Words for the current state: the status line, the narration of the current step, the
// speed and timeline labels and the cell tooltip. Pure functions of read-only state, so
// the controls only decide where the text goes. What an algorithm says about its own steps
// and cells (how it picked the cell it expanded, what its frontier is called, what a cell's
// numbers mean to it) comes from its presenter (presenters/), which reads the same step
// events the picture is drawn from, so words and picture cannot disagree; this file says
// what every search says alike.
import type { Point, RefusalName, WalkStatus } from '../engine/engine';
import { cellName, countedKey, listCells } from '../presenters/common';
import { frontierOf, meshPresenterFor, presenterFor, searchStory, type StepStory } from '../presenters/index';
import type { MeshTimeline } from '../state/mesh-timeline';
import { formatNumber } from '../scene/format';
import { preparing } from '../state/preparation';
import { SPEEDS } from '../state/speeds';
import type { Run } from '../state/run';
import type { WalkTimeline } from '../state/walk-timeline';
import { pathLength } from '../state/timeline';
import type { Language, PlaygroundStore } from '../state/store';
import { algorithmLabel, joinSentences, listItems, translate, type PhraseKey } from './i18n';
import { radiusText } from './navmesh-controls';

export function speedLabel(language: Language, index: number): string {
  const speed = SPEEDS[index];
  if (speed.kind === 'instant') return translate(language, 'speed.instant');
  return translate(language, countedKey(speed.kind === 'per-second' ? 'speed.perSecond' : 'speed.perFrame', speed.steps), { n: speed.steps });
}

/** The shared timeline's position: every run's steps, and the longest run's length once known. */
export function timelineLabel(store: PlaygroundStore): string {
  const { language, step, total } = store;
  if (store.opening) return translate(language, 'timeline.opening');
  const preparing = store.preparing;
  if (preparing) {
    const algorithm = algorithmLabel(language, store.engine.algorithm(preparing.run.options.algorithm));
    return translate(language, 'timeline.preparing', { algorithm, percent: Math.floor(preparing.progress * 100) });
  }
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
      return say('refusal.diagonal-rule', { algorithm, rules: listItems(store.language, row.diagonals.map((d) => say(`diagonal.${d}` as PhraseKey))) });
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
  // A search on the mesh reads its figures from its MeshSearch, through the run's summary.
  const search = timeline.domain === 'grid' ? timeline.display : null;
  const shown = run.shown;
  const counters = { expanded: shown.expanded, openSize: shown.openSize };
  const status = shown.status;
  if (status === 'ready') return say('status.noStart');
  if (status === 'refused') return say('status.refused', { reason: refusalText(store, shown.refusal ?? 'needs-uniform-terrain', run) });
  if ((search && preparing(search)) || status === 'preparing') return say('status.preparing', { algorithm: algorithmLabel(language, store.engine.algorithm(run.options.algorithm)) });
  const cost = shown.pathCost;
  const path = status !== 'found' ? null : search ? search.path() : timeline.domain === 'mesh' ? timeline.search.path() : null;
  const length = path === null ? null : pathLength(path);
  // Once the search has ended the headline gives the cost; the counters do not repeat it.
  const ended = status !== 'running';
  const counts = say(ended ? 'status.countersEnd' : 'status.counters', {
    // IDA* keeps no open list; its count is the length of the depth-first path.
    openName: say(frontierOf(run.options.algorithm).countName),
    expanded: counters.expanded,
    open: counters.openSize,
    length: length === null ? '–' : formatNumber(length, 2),
    cost: cost === null ? '–' : formatNumber(cost, 2),
  });
  // The time of a finished search is its flat-out time per run, once timed (flat-out-timing.ts):
  // the time spent reaching a step shown, while playing or stepping, is mostly timer noise.
  const perRunMs = ended ? timeline.result?.perRunMs ?? null : null;
  const timed = perRunMs === null ? counts : `${counts} · ${say('status.time', { time: formatDuration(language, perRunMs) })}`;
  const parts: string[] = [];
  if (status === 'found') parts.push(say('status.found', { cost: formatNumber(cost, 2) }));
  else if (status === 'no-path') parts.push(say('status.noPath'));
  else if (status === 'gave-up') parts.push(say('status.gaveUp', { n: counters.expanded.toLocaleString(language) }));
  else if (counters.expanded === 0) parts.push(say('status.ready'));
  const progress = search?.progress() ?? { iteration: null, threshold: null, meetingCost: null, meetingCell: null };
  if (status === 'running' && progress.iteration !== null && progress.threshold !== null)
    parts.push(say('status.iteration', { iteration: progress.iteration, threshold: formatNumber(progress.threshold, 2) }));
  if (status === 'running' && progress.meetingCost !== null && progress.meetingCell)
    parts.push(say('status.meeting', { cost: formatNumber(progress.meetingCost, 2), cell: cellName(progress.meetingCell) }));
  parts.push(timed);
  return joinSentences(language, parts);
}

/**
 * A duration measured by flat-out-timing.ts, to three significant figures (what its median
 * of batches supports): microseconds below a millisecond, so small differences still show.
 */
export function formatDuration(language: Language, ms: number): string {
  const significant = (value: number) => (value >= 100 ? String(Math.round(value)) : value.toPrecision(3));
  if (ms < 1) return translate(language, 'duration.us', { n: significant(ms * 1000) });
  return translate(language, 'compare.ms', { ms: significant(ms) });
}

/** A pane's one-line status in compare mode: running, or how its search finished. */
export function paneStatusText(store: PlaygroundStore, run: Run): string {
  if (run.walk) return walkStatusText(store, run, run.walk);
  const say = sayer(store.language);
  const shown = run.shown;
  const counters = shown;
  const n = counters.expanded.toLocaleString(store.language);
  if ((run.gridTimeline && preparing(run.gridTimeline.display)) || shown.status === 'preparing') return say('status.preparing', { algorithm: algorithmLabel(store.language, store.engine.algorithm(run.options.algorithm)) });
  switch (shown.status) {
    case 'ready': return say('status.noStart');
    case 'refused': return say('status.refused', { reason: refusalText(store, shown.refusal ?? 'needs-uniform-terrain', run) });
    case 'found': return say('pane.found', { n, cost: formatNumber(shown.pathCost, 2) });
    case 'no-path': return say('pane.noPath', { n });
    case 'gave-up': return say('pane.gaveUp', { n });
    default: {
      if (counters.expanded === 0) return say('pane.ready');
      const open = counters.openSize.toLocaleString(store.language);
      // IDA* has no open list: its count is the depth-first path's length.
      return say(frontierOf(run.options.algorithm).paneRunning, { n, open });
    }
  }
}

/** The narration of a run's current step (the first run's by default). */
export function narrationText(store: PlaygroundStore, run: Run = store.runs[0]!): string {
  if (run.walk) return walkNarrationText(store, run, run.walk);
  if (run.mesh) return meshNarrationText(store, run, run.mesh);
  const { language } = store;
  const timeline = run.gridTimeline!;
  const search = timeline.display;
  const say = sayer(language);
  const parts: string[] = [];
  const step = timeline.lastEvent;
  const steps = timeline.step;
  if (search.status === 'ready') return '';
  if (search.status === 'refused') return say('narration.refused', { reason: refusalText(store, search.refusal ?? 'needs-uniform-terrain', run) });
  if (steps === 0) {
    parts.push(search.status === 'no-path' ? say('narration.emptyOpen') : presenterFor(run.options.algorithm).narrateStart(say, store.start, store.goal));
  } else if (step) {
    parts.push(...presenterFor(run.options.algorithm).narrateStep(step, stepStory(store, run)));
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

/** The narration of a search on the navigation mesh: its presenter tells the step shown; the end is told as every search's. */
function meshNarrationText(store: PlaygroundStore, run: Run, mesh: MeshTimeline): string {
  const { language } = store;
  const say = sayer(language);
  const view = mesh.view();
  const presenter = meshPresenterFor(mesh.search.options.algorithm);
  const parts: string[] = [];
  const steps = mesh.step;
  if (view.status === 'ready' || view.status === 'preparing') return '';
  if (view.status === 'refused') return say('narration.refused', { reason: refusalText(store, mesh.search.refusal ?? 'needs-uniform-terrain', run) });
  // Every mesh search expands its start in its first step: ended before it, the start or the
  // goal is off the mesh, too near a wall for the agent's radius.
  if (steps === 0) parts.push(view.status === 'no-path' ? say('narration.mesh.outside', { radius: radiusText(mesh.search.options.radius, say) }) : presenter.narrateStart(say, store.start, store.goal));
  else if (view.events) parts.push(...presenter.narrateStep(view, say));
  else if (view.status === 'found') parts.push(say('narration.finished', { steps, cost: formatNumber(mesh.search.pathCost, 2) }));
  else if (view.status === 'no-path') parts.push(say('narration.finishedNoPath', { steps }));
  else if (view.status === 'gave-up') parts.push(say('narration.gaveUp', { n: steps.toLocaleString(language) }));
  else parts.push(say('narration.running', { steps }));
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
    parts.push(...presenterFor(run.options.algorithm).narrateStep(step.expansion, stepStory(store, run)));
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

/** What a presenter may read about the step shown, besides its events. */
function stepStory(store: PlaygroundStore, run: Run): StepStory {
  return searchStory(run.gridTimeline!.display, sayer(store.language), store.language, run.timeline.step, store.goal);
}

/** Lines of the hover/tap tooltip for one cell of a run's pane (the first run's by default). */
export function cellDetails(store: PlaygroundStore, cell: Point, run: Run = store.runs[0]!): string[] {
  const { grid, language } = store;
  const say = sayer(language);
  const cost = grid.cost(cell.x, cell.y);
  const lines = [`${say('tooltip.cell', { x: cell.x, y: cell.y })} · ${cost === 0 ? say('tooltip.wall') : say('tooltip.cost', { cost })}`];
  const { mesh } = run;
  if (mesh) {
    const status = mesh.status;
    if (status === 'ready' || status === 'refused' || status === 'preparing') return lines;
    return [...lines, ...meshPresenterFor(mesh.search.options.algorithm).tooltip(cell, mesh.view(), say)];
  }
  const search = run.gridTimeline!.display;
  if (search.status === 'ready' || search.status === 'refused') return lines;
  return [...lines, ...presenterFor(run.options.algorithm).tooltip(cell, cell.y * grid.width + cell.x, search, say)];
}
