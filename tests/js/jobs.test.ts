// The page's one job in flight (web/src/state/jobs.ts), in Node: a foreground job's first
// slice runs at once and the rest in slices; starting another drops it; background work
// runs only while the foreground is idle, one job per owner; held animation waits; a job
// started inside a slice gets what is left of it; steps that rest end their slice.
import { afterEach, describe, expect, it } from 'vitest';
import { JobRunner, REST, stepsJob, type Job } from '../../web/src/state/jobs';

/**
 * A job of `units` units of work that does one unit per millisecond of budget it is given
 * (counted, not timed, so the machine's load changes nothing), and notes each slice's budget.
 */
function workJob(units: number): Job & { done: number; budgets: number[] } {
  const job = {
    done: 0,
    budgets: [] as number[],
    run(budgetMs: number) {
      job.budgets.push(budgetMs);
      job.done = Math.min(units, job.done + Math.max(1, Math.floor(budgetMs)));
      return job.done >= units;
    },
    progress: () => job.done / units,
  };
  return job;
}

const runners: JobRunner[] = [];
function runner(onSlice = () => {}): JobRunner {
  const made = new JobRunner(onSlice);
  runners.push(made);
  return made;
}
afterEach(() => {
  for (const made of runners.splice(0)) made.destroy();
});

describe('the foreground', () => {
  it('runs small work before start() returns, and big work in slices that each keep to their budget', async () => {
    const jobs = runner();
    const small = workJob(3);
    let smallDone = false;
    jobs.start(small, { kind: 'seek', done: () => { smallDone = true; } });
    expect(smallDone).toBe(true);
    expect(jobs.busy).toBe(false);

    const big = workJob(80);
    let bigDone = false;
    jobs.start(big, { kind: 'seek', done: () => { bigDone = true; } });
    expect(bigDone).toBe(false);
    expect(jobs.busy).toBe(true);
    expect(jobs.kind).toBe('seek');
    // The first slice has FIRST_SLICE_MS (16 ms) of one-millisecond units: far from all 80.
    expect(big.budgets).toEqual([16]);
    await jobs.whenIdle();
    expect(bigDone).toBe(true);
    expect(big.done).toBe(80);
    // Then slices of SLICE_MS (12 ms), after a return to the event loop each.
    expect(big.budgets).toEqual([16, 12, 12, 12, 12, 12, 12]);
  });

  it('drops the job in flight when another starts: its done never runs', async () => {
    const jobs = runner();
    const first = workJob(200);
    let firstDone = false;
    jobs.start(first, { kind: 'seek', done: () => { firstDone = true; } });
    const second = workJob(30);
    jobs.start(second, { kind: 'recompute' });
    await jobs.whenIdle();
    expect(second.done).toBe(30);
    expect(first.done).toBeLessThan(200);
    expect(firstDone).toBe(false);
  });

  it('tells after each slice that leaves the job unfinished, and shows progress only after a quarter second', async () => {
    let slices = 0;
    const jobs = runner(() => slices++);
    const job = workJob(1e9);
    jobs.start(job, { kind: 'seek' });
    expect(jobs.shownProgress).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const progress = jobs.shownProgress;
    expect(progress).not.toBeNull();
    expect(progress!).toBeGreaterThan(0);
    expect(progress!).toBeLessThan(1);
    expect(slices).toBe(job.budgets.length);
    expect(slices).toBeGreaterThan(10);
    jobs.cancel();
    expect(jobs.shownProgress).toBeNull();
  });

  it('gives a job started inside a slice only what is left of that slice', async () => {
    const jobs = runner();
    const inner = workJob(40);
    // The outer job spends its whole first slice, then starts the inner one from its end.
    const outer: Job = {
      run: (budgetMs) => {
        const end = performance.now() + budgetMs;
        while (performance.now() < end);
        jobs.start(inner, { kind: 'seek' });
        return true;
      },
      progress: () => null,
    };
    jobs.start(outer, { kind: 'link' });
    // Nothing of the inner job ran in the outer one's task: it waits for a slice of its own.
    expect(inner.done).toBe(0);
    expect(jobs.kind).toBe('seek');
    await jobs.whenIdle();
    expect(inner.done).toBe(40);
  });

  it('holds animation while held and runs it on when let go; other work goes on', async () => {
    const jobs = runner();
    jobs.setHeld(true);
    const animation = workJob(40);
    jobs.start(animation, { kind: 'play', holdable: true, firstSliceMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(animation.done).toBe(0);
    expect(jobs.busy).toBe(true);
    expect(jobs.running).toBe(false);
    jobs.setHeld(false);
    await jobs.whenIdle();
    expect(animation.done).toBe(40);

    jobs.setHeld(true);
    const seek = workJob(40);
    jobs.start(seek, { kind: 'seek' });
    await jobs.whenIdle();
    expect(seek.done).toBe(40);
  });
});

describe('the background', () => {
  it('runs only while no foreground job is in flight', async () => {
    const jobs = runner();
    const foreground = workJob(60);
    jobs.start(foreground, { kind: 'seek' });
    const measured: string[] = [];
    const background = workJob(30);
    const started = () => foreground.done;
    let foregroundAtFirstSlice = -1;
    const watched: Job = {
      run: (budgetMs) => {
        if (foregroundAtFirstSlice < 0) foregroundAtFirstSlice = started();
        return background.run(budgetMs);
      },
      progress: () => background.progress(),
    };
    jobs.runInBackground({}, watched, () => measured.push('measured'), 3);
    // Its first slice waits too: the foreground is in flight.
    expect(background.done).toBe(0);
    await jobs.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(background.done).toBe(30);
    expect(measured).toEqual(['measured']);
    // It began once the foreground had finished, with ordinary slices.
    expect(foregroundAtFirstSlice).toBe(60);
    expect(background.budgets.every((budget) => budget === 12)).toBe(true);
  });

  it('runs a first slice at once when the foreground is idle, and keeps one job per owner', async () => {
    const jobs = runner();
    const owner = {};
    const small = workJob(2);
    let smallDone = false;
    jobs.runInBackground(owner, small, () => { smallDone = true; }, 5);
    expect(smallDone).toBe(true);

    const old = workJob(100), fresh = workJob(10);
    let oldDone = false, freshDone = false;
    jobs.runInBackground(owner, old, () => { oldDone = true; });
    jobs.runInBackground(owner, fresh, () => { freshDone = true; });
    const other = workJob(10);
    let otherDone = false;
    jobs.runInBackground({}, other, () => { otherDone = true; });
    const dropped = workJob(10);
    const droppedOwner = {};
    jobs.runInBackground(droppedOwner, dropped);
    jobs.dropBackground(droppedOwner);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([oldDone, freshDone, otherDone]).toEqual([false, true, true]);
    expect(old.done).toBe(0);
    expect(dropped.done).toBe(0);
  });
});

describe('stepsJob', () => {
  it('runs a generator in slices, hands over its value, and gives the work after a rest a slice of its own', async () => {
    const jobs = runner();
    let slice = 0;
    /** What ran in which slice. */
    const log: Array<[string, number]> = [];
    // Each step takes 4 ms or more, over a quarter of a slice: 20 of them cannot fit in the
    // first slice, and whichever slice reaches the rest after one of them is well under way.
    function* steps(): Generator<void | typeof REST, number> {
      for (let i = 0; i < 20; i++) {
        const end = performance.now() + 4;
        while (performance.now() < end);
        log.push(['decode', slice]);
        yield;
      }
      yield REST;
      log.push(['apply', slice]);
      return 42;
    }
    let value: number | null = null;
    const job = stepsJob(steps(), (result) => { value = result; }, (error) => { throw error; });
    jobs.start({
      run: (budgetMs) => {
        slice++;
        return job.run(budgetMs);
      },
      progress: () => job.progress(),
    }, { kind: 'link' });
    expect(value).toBeNull();
    await jobs.whenIdle();
    expect(value).toBe(42);
    const decodeSlices = new Set(log.filter(([what]) => what === 'decode').map(([, n]) => n));
    const [, applySlice] = log.find(([what]) => what === 'apply')!;
    expect(decodeSlices.size).toBeGreaterThan(1);
    expect(decodeSlices.has(applySlice)).toBe(false);

    // Small work that rests early stays in one slice: done before start() returns.
    function* small(): Generator<void | typeof REST, string> {
      yield REST;
      return 'at once';
    }
    let early: string | null = null;
    jobs.start(stepsJob(small(), (result) => { early = result; }, (error) => { throw error; }), { kind: 'link' });
    expect(early).toBe('at once');
  });

  it('hands an error thrown by the steps to its failure callback, and the runner carries on', async () => {
    const jobs = runner();
    // eslint-disable-next-line require-yield
    function* failing(): Generator<void, never> {
      throw new RangeError('bad state');
    }
    const errors: unknown[] = [];
    jobs.start(stepsJob(failing(), () => {}, (error) => errors.push(error)), { kind: 'link' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RangeError);
    const after = workJob(5);
    jobs.start(after, { kind: 'seek' });
    await jobs.whenIdle();
    expect(after.done).toBe(5);
  });
});
