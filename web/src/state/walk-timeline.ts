// A run in walk mode: an agent walking from the start to the goal, planning with the run's
// search (D* Lite repairs its plan; the others plan again from scratch), over the shared
// map, which the user may edit while it walks.
//
// Steps come in two sizes (WalkStepSize). 'move': one step is one move of the agent, made
// after whatever planning it needs, so the agent walks at the chosen speed however much a
// replan costs, and agents side by side keep pace move for move. 'expansion': one step is
// one planner expansion or one move, to watch a plan or a repair being made.
//
// Edits made during a walk are part of its timeline (WalkLog, walk-log.ts): going to step
// k means "the walk's starting map, then every step and every logged edit up to k, in
// order". The store replays that log for every run together, since they share the map;
// this class only walks forward, from a reset.
import type { Engine, Grid, Point, Search, SearchOptions, StepEvent, Walk, WalkStep } from '../engine/engine';
import type { WalkView } from '../scene/pane-scene';
import { runToEnd, type Job } from './jobs';
import { runChunked } from './chunks';
import type { SearchResult, Timeline } from './timeline';

export type WalkStepSize = 'move' | 'expansion';

/** Planning work done in one call while a 'move' step finishes its plan: any plan ends in time. */
const PLAN_CHUNK = 1 << 20;

export class WalkTimeline implements Timeline {
  readonly domain = 'grid';
  readonly walk: Walk;
  /** The last observed step, when the current step was observed. */
  lastStep: WalkStep | null = null;
  /** Planner expansions made just before the observed move, in 'move' steps (0 when it needed no planning). */
  plannedBeforeMove = 0;
  elapsedMs = 0;
  revision = 0;
  /** Walks have no measured result: their future depends on edits not made yet. */
  readonly result: SearchResult | null = null;
  private start: Point = { x: 0, y: 0 };
  /** The goal the walk started with, and the goal now (the user may move it while the agent walks). */
  private firstGoal: Point = { x: 0, y: 0 };
  private goal: Point = { x: 0, y: 0 };
  private stepSize: WalkStepSize = 'move';
  private senseRadius = 0;
  /** The world's size, which the sensed square is cut to. */
  private readonly mapSize: { width: number; height: number };
  private viewCache: { revision: number; view: WalkView } | null = null;
  /** Steps taken, in this timeline's step size. */
  private steps = 0;
  /**
   * The step the walk ended at, once it has: stepping back replays the same walk, so its
   * length stays known (the timeline keeps its end and can be scrubbed both ways). Forgotten
   * by restart() and by forgetEnd(), when an edit changes what comes after the step shown.
   */
  private endStep: number | null = null;

  constructor(engine: Engine, grid: Grid) {
    this.walk = engine.createWalk(grid);
    this.mapSize = { width: grid.width, height: grid.height };
  }

  /** What the panes draw: the planner's search. */
  get display(): Search {
    return this.walk.planner;
  }

  get lastEvent(): StepEvent | null {
    return this.lastStep?.kind === 'plan' ? this.lastStep.expansion : null;
  }

  get step(): number {
    return this.steps;
  }

  get finished(): boolean {
    const status = this.walk.status;
    return status !== 'ready' && status !== 'planning' && status !== 'moving';
  }

  /** True while the walk has begun and may still go on: edits become part of it. A walk that found no path counts: a change may open a way. */
  get underWay(): boolean {
    const status = this.walk.status;
    return status === 'planning' || status === 'moving' || status === 'no-path';
  }

  /** Known once the walk has ended (and kept while stepping back): until then the user's edits may change its length. */
  get total(): number | null {
    return this.finished ? this.step : this.endStep;
  }

  /** An edit at the step shown changes the walk from there: its end is no longer known. */
  forgetEnd(): void {
    this.endStep = null;
  }

  restart(start: Point, goal: Point, options: SearchOptions, senseRadius: number, stepSize: WalkStepSize): void {
    this.start = { ...start };
    this.firstGoal = { ...goal };
    this.stepSize = stepSize;
    this.senseRadius = senseRadius;
    this.walk.setOptions(options, senseRadius);
    this.endStep = null;
    this.begin();
  }

  /** Back to the start of the walk (the caller restores the map it started on). */
  begin(): void {
    const begin = performance.now();
    this.goal = { ...this.firstGoal };
    this.walk.reset(this.start, this.goal);
    this.steps = 0;
    this.lastStep = null;
    this.plannedBeforeMove = 0;
    this.elapsedMs = performance.now() - begin;
    this.changed();
  }

  /** Replays without a log (the store replays logs itself): the start, then `target` steps. */
  goTo(target: number): void {
    runToEnd(this.seekJob(target));
  }

  seekJob(target: number): Job {
    let begun = false;
    const rest = this.forwardJob(target, true);
    return {
      run: (budgetMs) => {
        if (!begun) {
          begun = true;
          this.begin();
        }
        return rest.run(budgetMs);
      },
      progress: () => rest.progress(),
    };
  }

  /** `count` steps, the last one observed. */
  advance(count: number): void {
    runToEnd(this.forwardJob(count, true));
  }

  /**
   * `count` steps from where the walk stands when the job begins, unobserved except, when
   * `observeLast`, the last. The store replays walks with it: up to a logged edit
   * (unobserved), then to the step shown (observed).
   */
  forwardJob(count: number, observeLast: boolean): Job {
    let end = -1; // the step to reach, once the job has begun
    let from = 0;
    return {
      run: (budgetMs) => {
        if (end < 0) {
          from = this.steps;
          end = from + Math.max(0, Math.floor(count));
        }
        if (this.finished || this.steps >= end) return true;
        const begin = performance.now();
        const unobservedEnd = observeLast ? end - 1 : end;
        // A move may include a whole plan: start with few of them.
        const done = runChunked(() => this.finished || this.steps >= unobservedEnd,
          (n) => this.runClockSteps(Math.min(n, unobservedEnd - this.steps)), budgetMs, this.stepSize === 'move' ? 4 : 2048);
        if (done) this.lastStep = observeLast && !this.finished ? this.observedStep() : null;
        this.elapsedMs += performance.now() - begin;
        this.changed();
        return done;
      },
      progress: () => (end <= from ? 0 : Math.min(1, (this.steps - from) / (end - from))),
    };
  }

  /** Up to `count` steps of this timeline's size, unobserved; returns the steps made. */
  private runClockSteps(count: number): number {
    if (this.stepSize === 'expansion') {
      const made = this.walk.runSteps(count);
      this.steps += made;
      return made;
    }
    let made = 0;
    while (made < count && !this.finished) {
      this.finishPlan();
      if (!this.finished) this.walk.runSteps(1);
      made++;
    }
    this.steps += made;
    return made;
  }

  /** One step, observed: the expansion or the move (the plan before a move runs unobserved). */
  private observedStep(): WalkStep | null {
    this.plannedBeforeMove = 0;
    if (this.stepSize === 'move') {
      const before = this.walk.counters().expandedTotal;
      this.finishPlan();
      this.plannedBeforeMove = this.walk.counters().expandedTotal - before;
      if (this.finished) {
        // The plan ended the walk (no path): that was the step.
        this.steps++;
        return null;
      }
    }
    const step = this.walk.step();
    this.steps++;
    return step;
  }

  private finishPlan(): void {
    while (this.walk.status === 'planning') this.walk.runSteps(PLAN_CHUNK, true);
  }

  /** The map was edited at these cells during the walk. */
  worldChanged(cells: Point[]): void {
    const stuck = this.walk.status === 'no-path';
    this.walk.worldChanged(cells);
    // An agent that found no path looks again from where it stands: the edit may have opened one.
    if (stuck && this.walk.status === 'no-path') this.walk.setGoal(this.goal);
    this.changed();
  }

  setGoal(goal: Point): void {
    this.goal = { ...goal };
    this.walk.setGoal(goal);
    this.changed();
  }

  /** What a pane draws of the walk, read from the engine once per change. */
  view(): WalkView {
    if (this.viewCache?.revision !== this.revision) {
      const step = this.lastStep;
      const agent = this.walk.agent();
      const r = this.senseRadius;
      const { width, height } = this.mapSize;
      this.viewCache = {
        revision: this.revision,
        view: {
          agent,
          walked: this.walk.walked(),
          planned: this.walk.plannedPath(),
          known: this.senseRadius > 0 ? this.walk.knownMask() : null,
          sensed: r > 0
            ? { from: { x: Math.max(0, agent.x - r), y: Math.max(0, agent.y - r) }, to: { x: Math.min(width - 1, agent.x + r), y: Math.min(height - 1, agent.y + r) } }
            : null,
          discovered: step?.kind === 'move' ? step.discovered : [],
        },
      };
    }
    return this.viewCache.view;
  }

  runFor(budgetMs: number): boolean {
    const begin = performance.now();
    // A move may include a whole plan: start with few of them.
    const done = runChunked(() => this.finished, (n) => this.runClockSteps(n), budgetMs, this.stepSize === 'move' ? 4 : 2048);
    this.lastStep = null;
    this.elapsedMs += performance.now() - begin;
    this.changed();
    return done;
  }

  delete(): void {
    this.walk.delete();
  }

  private changed(): void {
    this.revision++;
    if (this.finished) this.endStep = this.steps;
  }
}
