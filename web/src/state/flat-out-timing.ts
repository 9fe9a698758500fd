// How long a search takes run flat out, measured so the figure means something.
//
// One run of a search on a playground map often takes less than the browser's timer can see:
// Chromium's performance.now() moves in steps of 0.1 ms (coarsened, with jitter, against
// timing attacks), and a run of A* on a small map takes a few microseconds. Timing one run
// gave 0.10 ms to A*, Dijkstra and greedy alike, and 2.30 ms to an A* of 154 expansions
// (the first run: the engine's code not yet warm) against 0.20 ms to a Dijkstra of 2,052
// (issue 21): figures that contradicted the expansion counts the page teaches with.
//
// So the search is run again and again (reset, then run to its end, unobserved) in batches
// of back-to-back runs. A batch ends once it has taken BATCH_MS, a duration the timer
// resolves to within a few per cent, and gives one sample: its time per run. Sampling goes
// on until the samples add up to TARGET_MS and there are MIN_SAMPLES of them, or until
// ENOUGH_MS has gone by (a slow search: a few runs already swamp the timer's error). The
// figure is the median sample, so a batch that a garbage collection or another tab's work
// interrupted does not move it.
//
// The first runs are not sampled at all: for WARMUP_MS the engine's code is still the
// browser's quick first compilation (V8 compiles hot WebAssembly again, optimised, in the
// background, and calls made after that use it). Sampled from the start, every sample of a
// short search was cold: JPS on the demo map measured 33 to 77 µs the first time and 10.5 µs
// the next, against A*'s 10 to 15 µs for five times the expansions. A first run longer than
// WARMUP_MS is sampled: it is made of many calls, most of them after the optimised code came.
//
// It is background work in slices (jobs.ts): a batch that a slice's end interrupts goes on in
// the next slice, its time read only at either end of each slice, so the page never waits.
// A preparation (JPS+'s jump table) is made once, before the first run, and never timed:
// it is not the search. A mesh search (mesh-timeline.ts) is timed the same way: its mesh is
// the grid's, built before its measurement, so no run here builds one.
import type { Point, Search, SearchStatus } from '../engine/engine';
import { runChunked } from './chunks';
import type { Job } from './jobs';
import { prepareFor, preparing } from './preparation';

/** A batch's least duration: 20 times the timer's 0.1 ms steps. */
export const BATCH_MS = 2;
/** The samples' least total. */
export const TARGET_MS = 20;
/** The fewest samples a median is taken of, unless ENOUGH_MS has gone by. */
export const MIN_SAMPLES = 5;
/** Time after which a slow search's samples are enough, however few (one run at least). */
export const ENOUGH_MS = 300;
/** Running time before the first sample (unless the first run alone takes longer). */
export const WARMUP_MS = 30;

/** What can be timed: a search that resets and runs unobserved, on the grid or on the mesh. */
export interface TimedSearch {
  reset(start: Point, goal: Point): boolean;
  runSteps(n: number): number;
  readonly status: SearchStatus;
}

export class FlatOutTiming implements Job {
  private readonly samples: number[] = [];
  private sampledMs = 0;
  private batchMs = 0;
  private batchRuns = 0;
  /** True until WARMUP_MS of runs have been made (and thrown away). */
  private warming = true;
  /** True while a run has been started and not yet finished. */
  private inRun = false;
  private result: number | null = null;

  /** `others`: searches whose preparation `search` may adopt rather than make its own. */
  constructor(private readonly search: TimedSearch, private readonly start: Point, private readonly goal: Point,
    private readonly others: readonly Search[] = []) {}

  /** The median time of one run, in ms, once measured; null until then. */
  get perRunMs(): number | null {
    return this.result;
  }

  /** Runs the search again and again for about `budgetMs`; true once the timing is done. */
  run(budgetMs: number): boolean {
    if (this.result !== null) return true;
    const sliceBegan = performance.now();
    const left = () => budgetMs - (performance.now() - sliceBegan);
    let timedFrom = performance.now();
    for (;;) {
      if (!this.inRun) {
        this.search.reset(this.start, this.goal);
        this.inRun = true;
        const preparation = preparing(this.search);
        if (preparation) {
          // The first reset of a search that prepares leaves it preparing: that is not timed.
          this.batchMs += performance.now() - timedFrom;
          this.inRun = false;
          if (!prepareFor(preparation, left(), this.others)) return false;
          timedFrom = performance.now();
          continue;
        }
      }
      const finished = runChunked(() => !isRunning(this.search), (n) => this.search.runSteps(n), left());
      const now = performance.now();
      this.batchMs += now - timedFrom;
      timedFrom = now;
      if (!finished) return false;
      this.inRun = false;
      this.batchRuns++;
      if (this.warming && this.batchMs >= WARMUP_MS) {
        this.warming = false;
        if (this.batchRuns > 1) {
          this.batchMs = 0;
          this.batchRuns = 0;
        }
      }
      if (!this.warming && this.batchMs >= BATCH_MS) {
        this.samples.push(this.batchMs / this.batchRuns);
        this.sampledMs += this.batchMs;
        this.batchMs = 0;
        this.batchRuns = 0;
        if (this.enough()) {
          this.result = median(this.samples);
          return true;
        }
      }
      if (left() <= 0) return false;
    }
  }

  progress(): number | null {
    return this.result !== null ? 1 : Math.min(1, this.sampledMs / TARGET_MS);
  }

  private enough(): boolean {
    return (this.sampledMs >= TARGET_MS && this.samples.length >= MIN_SAMPLES) || this.sampledMs >= ENOUGH_MS;
  }
}

function isRunning(search: TimedSearch): boolean {
  return search.status === 'running' || search.status === 'preparing';
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
