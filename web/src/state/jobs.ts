// Long work on the main thread, cut into slices, with at most one job in flight (mapgen4's
// rule: a newer edit, seek or link makes the job in flight pointless, so starting a job
// cancels it). A slice runs for about SLICE_MS and then returns to the event loop, so the
// page keeps answering input and painting frames whatever a link or an edit asks for.
//
// Two lanes:
//  - the foreground: what the page is waiting for (going to a step, "instant" playback, a
//    recomputation after an edit, a search's preparation). One job; starting another drops
//    it. Its first slice runs at once, so small work (every search on a small map) is done
//    before start() returns, and its caller sees the result as if it had run synchronously;
//  - the background: work nobody waits for (measuring each search flat out for the
//    timeline's length and the comparison's figures). It runs only while no foreground job
//    is in flight, one job per owner (a search's new measurement replaces its old one).
//
// Why slices on the main thread and not a worker: the engine's searches, which the jobs
// advance, are the ones the page draws, in this thread's WebAssembly memory; a worker
// would need a second engine and a copy of every state it shows. And <astar-playground> is
// loaded from other origins into pages with strict policies, where a worker script from
// another origin is refused. Slices of a few milliseconds keep the page answering all the
// same; the engine's own calls (a chunk of expansions) are what bound a slice.
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

/** What a foreground job is for: the page words its progress by it. */
export type JobKind = 'seek' | 'play' | 'recompute' | 'prepare' | 'link';

export interface StartOptions {
  kind: JobKind;
  /** Runs when the job is finished (never when it is dropped). */
  done?: () => void;
  /** The first slice's budget, run at once; 0: the first slice waits for the event loop like the others. */
  firstSliceMs?: number;
  /** The job waits while the runner is held (animation nobody can see), rather than running on. */
  holdable?: boolean;
}

interface InFlight {
  job: Job;
  options: StartOptions;
  started: number;
}

interface Background {
  owner: object;
  job: Job;
  done: () => void;
}

export class JobRunner {
  private current: InFlight | null = null;
  private background: Background[] = [];
  private readonly channel = new MessageChannel();
  private idle: Array<() => void> = [];
  /** True while a slice is posted and not yet run: one at a time, whichever job it serves. */
  private posted = false;
  private held = false;
  /** When the slice running now began (null between slices): a job started inside one gets only what is left of its budget. */
  private sliceBegan: number | null = null;

  /** `onSlice` is told after every foreground slice that leaves the job unfinished (progress to show at the next frame). */
  constructor(private readonly onSlice: () => void = () => {}) {
    this.channel.port1.onmessage = () => {
      this.posted = false;
      this.slice(SLICE_MS);
    };
  }

  /**
   * Drops the foreground job, if any, and starts `job`. Started inside a slice (a job's end
   * starting the next, a link's map putting in its step), its first slice has only what is
   * left of that slice's budget, so one task never runs two slices' worth.
   */
  start(job: Job, options: StartOptions): void {
    const now = performance.now();
    this.current = { job, options, started: now };
    const first = options.firstSliceMs ?? FIRST_SLICE_MS;
    const budget = this.sliceBegan === null ? first : Math.min(first, SLICE_MS - (now - this.sliceBegan));
    if (budget > 0) this.slice(budget);
    else this.post();
  }

  /** Runs the foreground job, if any, to its end now. */
  finishNow(): void {
    const current = this.current;
    if (!current) return;
    runToEnd(current.job);
    this.finish(current);
  }

  /** Drops the foreground job: its `done` never runs. */
  cancel(): void {
    this.current = null;
    this.settle();
    if (this.background.length > 0) this.post();
  }

  /** True while a foreground job is in flight. */
  get busy(): boolean {
    return this.current !== null;
  }

  /** True while a foreground job is in flight and not waiting for the runner to be let go (setHeld). */
  get running(): boolean {
    return this.current !== null && !(this.held && this.current.options.holdable === true);
  }

  /** What the foreground job in flight is for; null when none is. */
  get kind(): JobKind | null {
    return this.current?.options.kind ?? null;
  }

  /** The progress to show (0 to 1, or NaN when unknown), once the foreground job has run for PROGRESS_AFTER_MS; else null. */
  get shownProgress(): number | null {
    const current = this.current;
    if (!current || performance.now() - current.started < PROGRESS_AFTER_MS) return null;
    return current.job.progress() ?? NaN;
  }

  /** Resolves once no foreground job is in flight (at once if none is). */
  whenIdle(): Promise<void> {
    if (!this.current) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /**
   * Work for when the foreground is idle, replacing `owner`'s earlier background job. A
   * first slice of `firstSliceMs` runs at once when nothing is in the foreground (small
   * work is then done before this returns).
   */
  runInBackground(owner: object, job: Job, done: () => void = () => {}, firstSliceMs = 0): void {
    this.background = this.background.filter((entry) => entry.owner !== owner);
    const entry = { owner, job, done };
    this.background.push(entry);
    if (firstSliceMs > 0 && !this.current && this.runBackground(entry, firstSliceMs)) return;
    this.post();
  }

  /** Drops `owner`'s background job, if any. */
  dropBackground(owner: object): void {
    this.background = this.background.filter((entry) => entry.owner !== owner);
  }

  /**
   * Holds the jobs started `holdable` (animation) while nobody can see the playground, and
   * lets them run on when someone can. Other work goes on.
   */
  setHeld(held: boolean): void {
    this.held = held;
    if (!held) this.post();
  }

  /** Stops for good: every job is dropped and no slice runs again. */
  destroy(): void {
    this.current = null;
    this.background = [];
    this.settle();
    this.channel.port1.onmessage = null;
    this.channel.port1.close();
  }

  private post(): void {
    if (this.posted) return;
    this.posted = true;
    this.channel.port2.postMessage(null);
  }

  private slice(budgetMs: number): void {
    const outermost = this.sliceBegan === null;
    if (outermost) this.sliceBegan = performance.now();
    try {
      this.runSlice(budgetMs);
    } finally {
      if (outermost) this.sliceBegan = null;
    }
  }

  private runSlice(budgetMs: number): void {
    const current = this.current;
    if (current) {
      if (this.held && current.options.holdable) return;
      if (!current.job.run(budgetMs)) {
        this.post();
        this.onSlice();
        return;
      }
      this.finish(current);
      return;
    }
    const next = this.background[0];
    if (next && !this.runBackground(next, budgetMs)) this.post();
  }

  /** One slice of a background job; true once it is finished (and removed). */
  private runBackground(entry: Background, budgetMs: number): boolean {
    if (!entry.job.run(budgetMs)) return false;
    this.background = this.background.filter((other) => other !== entry);
    entry.done();
    if (this.background.length > 0) this.post();
    return true;
  }

  private finish(current: InFlight): void {
    if (this.current !== current) return;
    this.current = null;
    current.options.done?.();
    if (!this.current) {
      this.settle();
      if (this.background.length > 0) this.post();
    }
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

/**
 * Yielded by a job's steps where the work that follows deserves a slice of its own: the
 * slice ends there, unless it has hardly begun (small work stays in one slice).
 */
export const REST = 'rest';

/**
 * A job of a generator's steps, each a few milliseconds of work (the share codec's): its
 * value goes to `done`, an error it throws to `failed`.
 */
export function stepsJob<T>(steps: Generator<void | typeof REST, T>, done: (value: T) => void, failed: (error: unknown) => void): Job {
  let finished = false;
  return {
    run(budgetMs) {
      const begin = performance.now();
      try {
        for (;;) {
          const next = steps.next();
          if (next.done) {
            finished = true;
            done(next.value);
            return true;
          }
          const spent = performance.now() - begin;
          if (spent >= budgetMs || (next.value === REST && spent >= budgetMs / 4)) return false;
        }
      } catch (error) {
        finished = true;
        failed(error);
        return true;
      }
    },
    progress: () => (finished ? 1 : null),
  };
}

/** Runs a job to its end now, in one go (work known to be small, or callers that must have the result). */
export function runToEnd(job: Job): void {
  while (!job.run(Infinity));
}
