// Long work on the main thread, cut into slices, with at most one job in flight (mapgen4's
// rule: a newer edit, seek or link makes the job in flight pointless, so starting a job
// cancels it). A slice runs for about SLICE_MS and then returns to the event loop, so the
// page keeps answering input and painting frames whatever a link or an edit asks for. The
// first slice runs at once: small work (every search on a small map) is done before start()
// returns, and its caller sees the result as if it had run synchronously.
//
// Slices are scheduled with a MessageChannel rather than setTimeout(0), which browsers
// clamp to 4 ms after a few nested calls: a quarter of a 12 ms slice's time, lost.

export interface Job {
  /** Does about `budgetMs` of the work; true once all of it is done. */
  run(budgetMs: number): boolean;
  /** How far along the work is, 0 to 1, where that is known. */
  progress(): number | null;
}

export const SLICE_MS = 12;
export const FIRST_SLICE_MS = 16;
/** Work that takes longer than this shows its progress. */
export const PROGRESS_AFTER_MS = 250;

interface InFlight {
  job: Job;
  done: () => void;
  started: number;
}

export class JobRunner {
  private current: InFlight | null = null;
  private readonly channel = new MessageChannel();
  private idle: Array<() => void> = [];
  /** True while a slice is posted and not yet run: one at a time, whichever job it serves. */
  private posted = false;

  /** `onSlice` is told after every slice that leaves the job unfinished (to show progress). */
  constructor(private readonly onSlice: () => void = () => {}) {
    this.channel.port1.onmessage = () => {
      this.posted = false;
      this.slice(SLICE_MS);
    };
  }

  /** Cancels the job in flight, if any, and starts `job`; `done` runs when it is finished. */
  start(job: Job, done: () => void = () => {}): void {
    this.current = { job, done, started: performance.now() };
    this.slice(FIRST_SLICE_MS);
  }

  /** Runs the job in flight, if any, to its end now. */
  finishNow(): void {
    const current = this.current;
    if (!current) return;
    runToEnd(current.job);
    if (this.current !== current) return;
    this.current = null;
    current.done();
    if (!this.current) this.settle();
  }

  /** Drops the job in flight: its `done` never runs. */
  cancel(): void {
    this.current = null;
    this.settle();
  }

  get busy(): boolean {
    return this.current !== null;
  }

  /** The progress to show (0 to 1, or NaN when unknown), once the job in flight has run for PROGRESS_AFTER_MS; else null. */
  get shownProgress(): number | null {
    const current = this.current;
    if (!current || performance.now() - current.started < PROGRESS_AFTER_MS) return null;
    return current.job.progress() ?? NaN;
  }

  /** Resolves once no job is in flight (at once if none is). */
  whenIdle(): Promise<void> {
    if (!this.current) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Stops for good: the job in flight is dropped and no slice runs again. */
  destroy(): void {
    this.cancel();
    this.channel.port1.onmessage = null;
    this.channel.port1.close();
  }

  private slice(budgetMs: number): void {
    const current = this.current;
    if (!current) return;
    if (!current.job.run(budgetMs)) {
      if (!this.posted) {
        this.posted = true;
        this.channel.port2.postMessage(null);
      }
      this.onSlice();
      return;
    }
    if (this.current !== current) return;
    this.current = null;
    current.done();
    if (!this.current) this.settle();
  }

  private settle(): void {
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

/** A job made of parts run one after the other; its progress counts parts done. */
export function sequence(parts: readonly Job[]): Job {
  let at = 0;
  return {
    run(budgetMs) {
      const begin = performance.now();
      while (at < parts.length) {
        const left = budgetMs - (performance.now() - begin);
        if (left <= 0) return false;
        if (!parts[at]!.run(left)) return false;
        at++;
      }
      return true;
    },
    progress() {
      if (at >= parts.length) return 1;
      const within = parts[at]!.progress();
      return (at + (within ?? 0)) / parts.length;
    },
  };
}

/** Runs a job to its end now, in one go (work known to be small, or callers that must have the result). */
export function runToEnd(job: Job): void {
  while (!job.run(Infinity));
}
