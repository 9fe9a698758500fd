// FlatOutTiming (web/src/state/flat-out-timing.ts) with a stand-in search and a stand-in clock:
// the first WARMUP_MS of runs (the engine's code not yet optimised) are not sampled, unless the
// first run alone takes longer; the figure is then the median of the rest.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_MS, ENOUGH_MS, FlatOutTiming, WARMUP_MS, type TimedSearch } from '../../web/src/state/flat-out-timing';

let now = 0;
beforeEach(() => {
  now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A search whose k-th whole run (1-based) takes `runMs(k)` on the stand-in clock. */
function searchTaking(runMs: (run: number) => number): TimedSearch & { runs: number } {
  let status: TimedSearch['status'] = 'ready';
  const search = {
    runs: 0,
    reset() {
      status = 'running';
      return true;
    },
    runSteps(n: number) {
      search.runs++;
      now += runMs(search.runs);
      status = 'found';
      return Math.min(n, 1);
    },
    get status() {
      return status;
    },
  };
  return search;
}

/** Runs the timing in slices of 5 ms until it is done; its figure. */
function measure(search: TimedSearch): number {
  const timing = new FlatOutTiming(search, { x: 0, y: 0 }, { x: 1, y: 1 });
  for (let slice = 0; slice < 100_000 && !timing.run(5); slice++);
  expect(timing.perRunMs).not.toBeNull();
  return timing.perRunMs!;
}

describe('flat-out timing', () => {
  it('does not sample the runs made while the code is cold', () => {
    // Cold: 0.08 ms a run for the first 300 runs (24 ms, inside WARMUP_MS); then 0.01 ms.
    const search = searchTaking((run) => (run <= 300 ? 0.08 : 0.01));
    expect(300 * 0.08).toBeLessThan(WARMUP_MS);
    expect(measure(search)).toBeCloseTo(0.01, 6);
  });

  it('samples whatever the runs take once the warm-up is over', () => {
    // Cold for far longer than the warm-up: the samples are cold, and so is the figure.
    const search = searchTaking((run) => (run <= 2000 ? 0.08 : 0.01));
    expect(measure(search)).toBeCloseTo(0.08, 6);
  });

  it('samples a first run longer than the warm-up, and stops at ENOUGH_MS for a slow search', () => {
    const search = searchTaking(() => 2 * WARMUP_MS);
    expect(measure(search)).toBeCloseTo(2 * WARMUP_MS, 6);
    // Sampled from the first run: ENOUGH_MS of runs, not one more for a warm-up.
    expect(search.runs).toBe(Math.ceil(ENOUGH_MS / (2 * WARMUP_MS)));
  });

  it('takes the median of the samples after the warm-up: one slow batch does not move it', () => {
    // The first batch after the warm-up is slowed tenfold (a garbage collection, another tab).
    let after = 0;
    const search = searchTaking(() => {
      if (now < WARMUP_MS) return 0.05;
      after++;
      return after * 0.5 <= BATCH_MS ? 0.5 : 0.05;
    });
    expect(measure(search)).toBeCloseTo(0.05, 6);
  });
});
