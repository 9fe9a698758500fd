// Searches that prepare before they search (JPS+'s jump table, subgoal graphs), in the page's
// state, in Chromium (whose event loop runs each slice of a job as a task of its own, as the
// page sees it). The engine's preparation contract (cpp/core/search.h) is played here by a
// stand-in: the engine's own searches, wrapped so that after a reset they stay 'preparing'
// until prepareSteps() has done `UNITS` units of work (each taking real time), with
// preparation() and adoptPreparation() as the contract describes; a preparation made for a
// grid revision stays valid until the grid changes. The wrapper counts any call that would
// prepare in one go (runSteps or step on a preparing search): the page must never make one.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine, type Grid, type Point, type Search } from '../../web/src/engine/engine';
import { preparationProgress, preparing } from '../../web/src/state/preparation';
import { PlaygroundStore } from '../../web/src/state/store';
import { statusText, timelineLabel } from '../../web/src/ui/describe';

const UNITS = 12000;
/** Each unit of preparation takes this long: 12,000 of them are about 0.6 s, many slices. */
const UNIT_MS = 0.05;

interface Stand {
  /** Units this search prepared itself, and preparations it adopted. */
  prepared: number;
  adopted: number;
  /** Calls that would have prepared in one go. */
  blocking: number;
  /** Units done of the preparation it holds, and the grid revision that preparation was made for. */
  done: number;
  madeFor: number;
}

let real: Engine;
const stands = new Map<object, Stand>();

beforeAll(async () => {
  real = await loadEngine();
});

/** A search that prepares, per the contract, around one of the engine's, over `grid` (until setGrid). */
function preparingSearch(search: Search, grid: Grid): Search {
  const stand: Stand = { prepared: 0, adopted: 0, blocking: 0, done: 0, madeFor: -1 };
  let current = grid;
  let begun = false;
  const isPreparing = () => begun && stand.done < UNITS;
  const finishAtOnce = () => {
    stand.blocking++;
    stand.done = UNITS;
    stand.madeFor = current.revision;
  };
  const proxy: Search = new Proxy(search, {
    get(target, key) {
      switch (key) {
        case 'status': return isPreparing() ? 'preparing' : target.status;
        case 'preparation': return () => ({ needed: true, ready: stand.done >= UNITS, done: stand.done, total: UNITS, bytes: UNITS });
        case 'prepareSteps': return (units: number) => {
          const made = Math.min(units, UNITS - stand.done);
          const end = performance.now() + made * UNIT_MS;
          while (performance.now() < end);
          stand.done += made;
          stand.prepared += made;
          if (stand.done >= UNITS) stand.madeFor = current.revision;
          return made;
        };
        case 'adoptPreparation': return (other: object) => {
          const from = stands.get(other);
          if (!from || from.done < UNITS || from.madeFor !== current.revision) return false;
          stand.done = UNITS;
          stand.madeFor = current.revision;
          stand.adopted++;
          return true;
        };
        case 'reset': return (start: Point, goal: Point) => {
          begun = true;
          // A preparation made for another revision of the grid is out of date.
          if (stand.madeFor !== current.revision) stand.done = 0;
          return target.reset(start, goal);
        };
        case 'setGrid': return (next: Grid) => {
          current = next;
          stand.done = 0;
          begun = false;
          target.setGrid(next);
        };
        case 'runSteps': return (n: number) => {
          if (isPreparing()) finishAtOnce();
          return target.runSteps(n);
        };
        case 'step': return () => {
          if (isPreparing()) finishAtOnce();
          return target.step();
        };
        default: {
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        }
      }
    },
  });
  stands.set(proxy, stand);
  return proxy;
}

/** The engine, its searches all preparing ones. */
function preparingEngine(): Engine {
  return new Proxy(real, {
    get(target, key) {
      if (key === 'createSearch') return (grid: Grid, options?: object) => preparingSearch(target.createSearch(grid, options), grid);
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const stores: PlaygroundStore[] = [];
function store(): PlaygroundStore {
  const made = new PlaygroundStore(preparingEngine(), 'en');
  stores.push(made);
  return made;
}
afterEach(() => {
  for (const made of stores.splice(0)) made.destroy();
  stands.clear();
});

const standOf = (search: Search) => stands.get(search) ?? null;
const totals = () => [...stands.values()].reduce((sum, s) => ({ prepared: sum.prepared + s.prepared, adopted: sum.adopted + s.adopted, blocking: sum.blocking + s.blocking }),
  { prepared: 0, adopted: 0, blocking: 0 });

describe('a search that prepares', () => {
  it('is prepared as a job in slices, with its progress shown after a quarter second, and never in one go', async () => {
    const playground = store();
    const search = playground.gridTimeline!.display;
    expect(preparing(search)).not.toBeNull();
    expect(playground.busy).toBe(true);
    expect(statusText(playground)).toBe('A* is preparing for this map before it searches.');
    // A step waits while it prepares.
    playground.stepForward();
    expect(playground.step).toBe(0);
    // Shown once it has taken a quarter second.
    expect(playground.preparing).toBeNull();
    const began = performance.now();
    while (playground.preparing === null && preparing(search) !== null) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(performance.now() - began).toBeGreaterThanOrEqual(240);
    expect(preparing(search)).not.toBeNull();
    const shown = playground.preparing;
    expect(shown).not.toBeNull();
    expect(shown!.progress).toBeGreaterThan(0);
    expect(shown!.progress).toBeLessThan(1);
    expect(shown!.progress).toBe(preparationProgress(search));
    expect(timelineLabel(playground)).toMatch(/^Preparing A\*… \d+%$/);
    await playground.whenSettled();
    expect(preparing(search)).toBeNull();
    expect(search.status).toBe('running');
    playground.stepForward();
    expect(playground.step).toBe(1);
    expect(totals().blocking).toBe(0);
  });

  it('is measured by a search that adopts its preparation rather than making another', async () => {
    const playground = store();
    await playground.whenSettled();
    await new Promise<void>((resolve) => {
      const check = () => (playground.total !== null ? resolve() : setTimeout(check, 10));
      check();
    });
    expect(playground.total).toBeGreaterThan(0);
    const { prepared, adopted, blocking } = totals();
    // One preparation for the visible search, adopted by its measurement.
    expect(prepared).toBe(UNITS);
    expect(adopted).toBe(1);
    expect(blocking).toBe(0);
  });

  it('keeps its preparation for the same map, prepares again for an edited one, and compared searches share one', async () => {
    const playground = store();
    await playground.whenSettled();
    const before = totals().prepared;
    // Another weight: the same map, the preparation still holds.
    playground.setOptions({ weight: 2 });
    expect(preparing(playground.gridTimeline!.display)).toBeNull();
    expect(totals().prepared).toBe(before);
    // A wall painted: the grid's revision changed, so it prepares again.
    const { grid } = playground;
    const free = Array.from(grid.costs()).findIndex((cost, id) => cost === 1 && !playground.endpointAt(id % grid.width, Math.floor(id / grid.width)));
    const cell = { x: free % grid.width, y: Math.floor(free / grid.width) };
    playground.beginStroke();
    playground.paintLine(cell, cell);
    playground.endStroke();
    expect(grid.cost(cell.x, cell.y)).toBe(0);
    expect(preparing(playground.gridTimeline!.display)).not.toBeNull();
    await playground.whenSettled();
    // A second search of the same options: it adopts the first one's preparation.
    playground.addRun({ ...playground.options });
    await playground.whenSettled();
    const second = playground.runs[1]!.gridTimeline!.display;
    expect(preparing(second)).toBeNull();
    expect(standOf(second)?.adopted).toBe(1);
    expect(standOf(second)?.prepared).toBe(0);
    expect(totals().blocking).toBe(0);
  });

  it('is played and gone to without a call that prepares in one go', async () => {
    const playground = store();
    playground.seek(25);
    await playground.whenSettled();
    expect(playground.step).toBe(25);
    playground.setOptions({ weight: 3 }); // restarts: the preparation holds, the step is kept
    await playground.whenSettled();
    expect(playground.step).toBe(25);
    expect(totals().blocking).toBe(0);
  });
});
