// The search as a timeline of steps. Step k is "reset, then k expansions"; the engine is
// deterministic, so any step is reached by replaying from the start, and going back shows
// exactly the state that step had (open and closed lists, g values, counters). The last
// expansion of a replay is observed so the narration can describe step k.
//
// A second Search on the same grid measures the total number of steps, as background work
// (jobs.ts), so the timeline slider knows its length without the visible search having to
// run ahead. The same measurement gives the search's result (what the comparison table
// shows). Then the same search is timed flat out (unobserved, no events, no display
// channels), run again and again until the timer can tell (flat-out-timing.ts says why).
//
// A search that prepares before it searches (preparation.ts) is prepared in slices by
// whichever job runs it first; the measurement adopts the visible search's preparation
// rather than making its own.
import type { Grid, Point, Search, SearchOptions, SearchStatus, StepEvent, Engine } from '../engine/engine';
import { EngineMemoryError } from '../engine/engine';
import { runChunked } from './chunks';
import { FlatOutTiming } from './flat-out-timing';
import { runToEnd, type Job, type JobRunner } from './jobs';
import { prepareFor, preparing } from './preparation';

// The first slice of a measurement runs at once: small maps know their length immediately.
// It is short because a paint stroke restarts the search on every pointer move, and on a
// big map each of those measurements is thrown away by the next move.
const FIRST_MEASURE_SLICE_MS = 3;

/** How a whole search ended, and what it took. */
export interface SearchResult {
  status: SearchStatus;
  expanded: number;
  /** The largest the open list grew (IDA*: the deepest its path went). */
  maxOpen: number;
  pathCost: number | null;
  /** The path's length in cell widths (a diagonal move is √2); null without a path. */
  pathLength: number | null;
  /** The median time of one whole run flat out, in ms (flat-out-timing.ts); null while it is being timed. */
  perRunMs: number | null;
}

/**
 * What a run's timeline offers the store and the views, for a search (SearchTimeline) and
 * for a walk (walk-timeline.ts) alike: the grid's timelines. A search on the navigation mesh
 * has a timeline of its own kind (mesh-timeline.ts) with the same moves; `domain` tells them
 * apart (RunTimeline in run.ts).
 */
export interface Timeline {
  readonly domain: 'grid';
  /** The search drawn: the run's search, or a walk's planner. */
  readonly display: Search;
  readonly step: number;
  /** Steps in the whole run, once known. */
  readonly total: number | null;
  readonly finished: boolean;
  /** The observed search step shown, when the current step was observed and was one. */
  readonly lastEvent: StepEvent | null;
  /** Engine time spent reaching what is shown, in ms. */
  readonly elapsedMs: number;
  /** Increases whenever what is shown changes; renderers compare it. */
  readonly revision: number;
  /** The whole run's result, once measured (searches only). */
  readonly result: SearchResult | null;
  goTo(step: number): void;
  /**
   * The work of goTo(step) as a job the store runs in slices (jobs.ts), so no step of any
   * search blocks the page; the timeline shows where the job has got to meanwhile.
   */
  seekJob(step: number): Job;
  advance(count: number): void;
  /** Runs unobserved for about `budgetMs`; true once finished. */
  runFor(budgetMs: number): boolean;
  delete(): void;
}

export class SearchTimeline implements Timeline {
  readonly domain = 'grid';
  readonly display: Search;
  /**
   * The search measured flat out beside the visible one. Made for each new grid only when a
   * measurement starts, in a slice of its own: its per-cell arrays (16 bytes a cell, zero-
   * filled) made together with the visible search's doubled the task that puts in a
   * 1024 x 1024 map (a link's, a loaded file's).
   */
  private measure: Search | null = null;
  private grid: Grid;
  private options: SearchOptions | null = null;
  /** True once the measuring search is reset for the current start, goal and options. */
  private measureReset = false;
  private start: Point = { x: 0, y: 0 };
  private goal: Point = { x: 0, y: 0 };

  /** Steps in the whole search, once known. */
  total: number | null = null;
  /** The observed event of the current step, when the current step was observed. */
  lastEvent: StepEvent | null = null;
  /** Engine time spent reaching the current state, in ms. */
  elapsedMs = 0;
  /** Increases whenever the visible search changes; renderers compare it. */
  revision = 0;
  /** The whole search's result, once measured. */
  result: SearchResult | null = null;
  /** True while the measurement runs in slices. */
  private measuringNow = false;
  /** True while the visible search has run unobserved since step 0: its time is flat-out time. */
  private unobservedSinceStart = true;

  constructor(private readonly engine: Engine, grid: Grid, private readonly jobs: JobRunner, private readonly onMeasured: () => void) {
    this.grid = grid;
    this.display = engine.createSearch(grid);
    // The visible search keeps display-only channels (JPS's scanned cells) even while it
    // runs unobserved, so a replayed step shows what stepping there one by one shows.
    this.display.setTracing(true);
  }

  get step(): number {
    return this.display.counters().expanded;
  }

  get finished(): boolean {
    return isFinished(this.display);
  }

  setGrid(grid: Grid): void {
    this.display.setGrid(grid);
    // The old grid is deleted once no search reads it: the measuring search goes now and
    // is made again, on this grid, when a measurement needs it.
    this.stopMeasuring();
    this.measure?.delete();
    this.measure = null;
    this.grid = grid;
  }

  /**
   * New map, endpoints or options: back to step 0 and, unless the caller is about to run
   * the search to its end anyway, measure the new search's length.
   */
  restart(start: Point, goal: Point, options: SearchOptions, measure = true): void {
    this.start = { ...start };
    this.goal = { ...goal };
    this.display.setOptions(options);
    this.options = options;
    this.measure?.setOptions(options);
    this.total = null;
    this.result = null;
    this.stopMeasuring();
    this.display.reset(this.start, this.goal);
    this.lastEvent = null;
    this.elapsedMs = 0;
    this.unobservedSinceStart = true;
    this.changed();
    if (measure) this.startMeasuring();
  }

  /** Goes to step `target` (clamped to the search's length) now, in one go. */
  goTo(target: number): void {
    runToEnd(this.seekJob(target));
  }

  /**
   * Brings the visible search to step `target` (clamped to its length), the last step
   * observed so the narration can tell it. Forward from the step shown when that is on the
   * way (a timeline dragged on, a link's step after the first frames); otherwise replayed
   * from step 0, which the engine's determinism makes exact.
   */
  seekJob(target: number): Job {
    const wanted = Math.max(0, Math.floor(target));
    let from = -1; // the step the job started from, once it has begun
    let observed = false;
    return {
      run: (budgetMs) => {
        const begin = performance.now();
        if (from < 0) {
          const onTheWay = this.display.status === 'running' && !this.display.stale && this.step < wanted;
          const there = this.step === wanted && (wanted === 0 || this.lastEvent !== null);
          if (!onTheWay && !there) {
            this.display.reset(this.start, this.goal);
            this.lastEvent = null;
            this.elapsedMs = 0;
            this.unobservedSinceStart = wanted === 0;
          }
          from = this.step;
          if (there) observed = true;
        }
        if (!prepareFor(this.display, budgetMs)) {
          this.elapsedMs += performance.now() - begin;
          this.changed();
          return false;
        }
        // Every step but the last unobserved, in chunks until the budget is spent.
        let done = runChunked(() => this.finished || this.step >= wanted - 1,
          (n) => this.display.runSteps(Math.min(n, wanted - 1 - this.step)), budgetMs);
        if (done && !observed) {
          observed = true;
          if (wanted > 0 && !this.finished) {
            this.unobservedSinceStart = false;
            this.lastEvent = this.display.step();
          } else if (wanted > 0) {
            this.lastEvent = null;
          }
        }
        done &&= observed;
        this.elapsedMs += performance.now() - begin;
        this.changed();
        if (done) this.measureIfNeeded();
        return done;
      },
      progress: () => {
        const end = Math.min(wanted, this.total ?? wanted);
        return from < 0 || end <= from ? 0 : Math.min(1, (this.step - from) / (end - from));
      },
    };
  }

  private startMeasuring(): void {
    this.measureReset = false;
    this.measuringNow = true;
    // Nothing at once while the visible search prepares: its preparation's job comes first.
    const firstSliceMs = preparing(this.display) ? 0 : FIRST_MEASURE_SLICE_MS;
    this.jobs.runInBackground(this, { run: (budgetMs) => this.measureFor(budgetMs), progress: () => null }, undefined, firstSliceMs);
  }

  /** Runs the measurement for about `budgetMs`; true once it has finished. */
  private measureFor(budgetMs: number): boolean {
    const prepared = performance.now();
    // Preparing is not searching: its time is not the search's time flat out. The visible
    // search's preparation serves both (the measurement adopts it), so that is the one made.
    if (preparing(this.display)) {
      prepareFor(this.display, budgetMs);
      this.changed();
      return false;
    }
    const measure = this.measurer();
    if (!measure) {
      this.measuringNow = false;
      return true;
    }
    if (!this.measureReset) {
      measure.reset(this.start, this.goal);
      this.measureReset = true;
      // Made (or its arrays sized) for a new grid: the rest waits for the next slice.
      if (performance.now() - prepared > budgetMs / 2) return false;
    }
    if (!prepareFor(measure, budgetMs, [this.display])) return false;
    const done = runFor(measure, budgetMs - (performance.now() - prepared));
    if (!done) return false;
    this.measuringNow = false;
    this.total = measure.counters().expanded;
    this.result = resultOf(measure);
    this.onMeasured();
    this.startTiming();
    return true;
  }

  /** The measuring search, made now if need be; null when there is no room for it (the figures are then left out). */
  private measurer(): Search | null {
    if (!this.measure) {
      try {
        this.measure = this.engine.createSearch(this.grid);
      } catch (error) {
        if (error instanceof EngineMemoryError) return null;
        throw error;
      }
      if (this.options) this.measure.setOptions(this.options);
    }
    return this.measure;
  }

  /** Times the search flat out, in the background, once its result is known. */
  private startTiming(): void {
    let timing: FlatOutTiming | null = null;
    this.jobs.runInBackground(this, {
      run: (budgetMs) => {
        if (!timing) {
          const made = this.measure === null;
          const measure = this.measurer();
          if (!measure) return true;
          timing = new FlatOutTiming(measure, this.start, this.goal, [this.display]);
          // A measuring search made now (its arrays zero-filled) has had this slice.
          if (made) return false;
        }
        return timing.run(budgetMs);
      },
      progress: () => timing?.progress() ?? null,
    }, () => {
      if (this.result === null || !timing) return;
      this.result = { ...this.result, perRunMs: timing.perRunMs };
      this.onMeasured();
    });
  }

  private stopMeasuring(): void {
    this.jobs.dropBackground(this);
    this.measuringNow = false;
  }

  /**
   * A measurement set aside while the visible search ran unobserved is needed again once
   * the search is stepped, or stopped short of its end.
   */
  measureIfNeeded(): void {
    if (this.result === null && !this.measuringNow && !this.finished && (this.display.status === 'running' || preparing(this.display))) this.startMeasuring();
  }

  /** `count` expansions, the last one observed. */
  advance(count: number): void {
    // A search still preparing waits for its preparation's job.
    if (this.finished || count < 1 || preparing(this.display)) return;
    this.unobservedSinceStart = false;
    const begin = performance.now();
    if (count > 1) this.display.runSteps(count - 1);
    const event = this.display.step();
    this.lastEvent = event;
    this.elapsedMs += performance.now() - begin;
    this.changed();
    this.measureIfNeeded();
  }

  /** Runs unobserved for about `budgetMs`; true once the search has finished. */
  runFor(budgetMs: number): boolean {
    // Run from the start with nothing observed, the visible search is itself a flat-out
    // run: its end gives the result, and measuring the same search beside it would only
    // halve the speed of "instant" and live mode. If it is stopped before its end, the
    // next step starts the measurement again.
    if (this.unobservedSinceStart) this.stopMeasuring();
    const begin = performance.now();
    const done = prepareFor(this.display, budgetMs) && runFor(this.display, budgetMs - (performance.now() - begin));
    this.lastEvent = null;
    this.elapsedMs += performance.now() - begin;
    this.changed();
    return done;
  }

  delete(): void {
    this.stopMeasuring();
    this.display.delete();
    this.measure?.delete();
    this.measure = null;
  }

  private changed(): void {
    this.revision++;
    if (!this.finished) return;
    // A finished visible search knows its own length, measured or not; run unobserved
    // from the start (live mode, instant speed) it also gives the result, and the
    // measurement is not needed.
    this.total = this.step;
    if (this.result === null && this.unobservedSinceStart) {
      this.stopMeasuring();
      this.result = resultOf(this.display);
      this.startTiming();
    }
  }
}

function resultOf(search: Search): SearchResult {
  const counters = search.counters();
  const path = search.status === 'found' ? search.path() : null;
  return {
    status: search.status,
    expanded: counters.expanded,
    maxOpen: counters.maxOpen,
    pathCost: search.pathCost,
    pathLength: path === null ? null : pathLength(path),
    perRunMs: null,
  };
}

/** Euclidean length of a path's segments, in cell widths. */
export function pathLength(path: readonly Point[]): number {
  let length = 0;
  for (let i = 1; i < path.length; i++) length += Math.hypot(path[i]!.x - path[i - 1]!.x, path[i]!.y - path[i - 1]!.y);
  return length;
}

function runFor(search: Search, budgetMs: number): boolean {
  return runChunked(() => search.status !== 'running' && search.status !== 'preparing', (n) => search.runSteps(n), budgetMs);
}

/** True once a search has ended: neither waiting for a start, nor preparing, nor running. */
export function isFinished(search: Search): boolean {
  const status = search.status;
  return status !== 'running' && status !== 'ready' && preparing(search) === null;
}
