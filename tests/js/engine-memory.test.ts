// Wrappers dropped without delete() are reclaimed by the engine's FinalizationRegistry:
// before it, about 1,786 forgotten searches on a 512 x 512 grid filled wasm memory and
// aborted the engine.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEngine, type Engine, type Grid } from '../../web/src/engine/engine';

// The collector on demand without starting Node with --expose-gc: the flag set now holds
// for contexts created after it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});
afterAll(() => vi.restoreAllMocks());

/** Garbage-collects, then lets the registry's cleanup task run (it is never synchronous). */
async function collect(): Promise<void> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Searches made, run a little and dropped, in a frame of their own (nothing on the caller's stack keeps the last). */
async function forgetSearches(grid: Grid, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const search = engine.createSearch(grid, { algorithm: 'dijkstra' });
    search.reset({ x: i % grid.width, y: 0 }, { x: grid.width - 1, y: grid.height - 1 });
    search.runSteps(50);
    if (i % 200 === 199) await collect();
  }
}

describe('wrappers dropped without delete()', () => {
  it('5,000 forgotten searches on a 512 x 512 grid do not exhaust wasm memory', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const grid = engine.createGrid(512, 512);
    const far = { x: 511, y: 511 };
    await forgetSearches(grid, 5000);
    await collect();
    await collect();
    // The engine still works, and every forgotten search has released the grid.
    const search = engine.createSearch(grid, { diagonal: 'never' });
    search.reset({ x: 0, y: 0 }, far);
    search.run();
    expect(search.pathCost).toBe(1022);
    search.delete();
    grid.delete();
    // Warned once, naming what was reclaimed and what to do instead.
    const warnings = warn.mock.calls.map((call) => String(call[0])).filter((text) => text.includes('without delete()'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/a Search was garbage-collected without delete\(\).*`using`/);
  }, 120_000);
});

describe('using', () => {
  it('deletes a search and its grid at the end of the block, searches first', () => {
    let grid: Grid;
    {
      using outer = engine.createGrid(8, 8);
      using search = engine.createSearch(outer);
      search.reset({ x: 0, y: 0 }, { x: 7, y: 7 });
      search.run();
      expect(search.status).toBe('found');
      grid = outer;
    }
    expect(() => grid.cost(0, 0)).toThrow('this Grid has been deleted');
  });

  it("keeps a walk alive while its planner is referenced", async () => {
    const world = engine.createGrid(16, 16);
    const planner = (() => {
      const walk = engine.createWalk(world);
      walk.reset({ x: 0, y: 0 }, { x: 15, y: 15 });
      walk.runSteps(5);
      return walk.planner;
    })();
    await collect();
    expect(planner.counters().expanded).toBeGreaterThan(0);
    expect(() => world.delete()).toThrow(/still read/);
  });
});
