// The engine's memory: wrappers dropped without delete() are reclaimed by the engine's
// FinalizationRegistry, and their collector hints make the collector run in time (before
// them, about 1,786 forgotten searches on a 512 x 512 grid filled wasm memory and aborted the
// engine); the per-cell figures the room check relies on match the heap. A loop that never
// awaits is tested in package.test.ts, in a process of its own: it fills the whole heap.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadEngine, type Engine, type Grid } from '../../web/src/engine/engine';

// The collector on demand without starting Node with --expose-gc: the flag set now holds
// for contexts created after it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const engine: Engine = await loadEngine();
afterAll(() => vi.restoreAllMocks());

/** Garbage-collects, then lets the registry's cleanup task run (it is never synchronous). */
async function collect(): Promise<void> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Searches made, run a little and dropped without delete(), in a frame of their own
 * (nothing on the caller's stack keeps the last), awaiting a macrotask every `every`
 * searches as a program with a frame loop or I/O does. The collector is never forced.
 */
async function forgetSearches(grid: Grid, count: number, every: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const search = engine.createSearch(grid, { algorithm: 'dijkstra' });
    search.reset({ x: i % grid.width, y: 0 }, { x: grid.width - 1, y: grid.height - 1 });
    search.runSteps(50);
    if (i % every === every - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

describe('wrappers dropped without delete()', () => {
  it('5,000 forgotten searches on a 512 x 512 grid (4 MB each) are reclaimed in time, without forcing the collector', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const grid = engine.createGrid(512, 512);
    const far = { x: 511, y: 511 };
    const before = engine.memoryUsage().liveObjects;
    await forgetSearches(grid, 5000, 20);
    // 5,000 x 4 MB is ten times the 2 GB heap: most were reclaimed along the way.
    expect(engine.memoryUsage().liveObjects - before).toBeLessThan(500);
    // The engine still works.
    const search = engine.createSearch(grid, { diagonal: 'never' });
    search.reset({ x: 0, y: 0 }, far);
    search.run();
    expect(search.pathCost).toBe(1022);
    search.delete();
    // Warned once, naming what was reclaimed and what to do instead.
    const warnings = warn.mock.calls.map((call) => String(call[0])).filter((text) => text.includes('without delete()'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/a Search was garbage-collected without delete\(\).*`using`/);
    // Every forgotten search releases the grid once collected.
    await collect();
    await collect();
    grid.delete();
  }, 120_000);

  it('frees the searches findPath kept for a grid dropped without delete()', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = engine.memoryUsage();
    // In a function of its own, so that no frame still holds the grid once it returns.
    (() => {
      const grid = engine.createGrid(512, 512);
      for (const algorithm of ['astar', 'jps-plus'] as const) engine.findPath(grid, { x: 0, y: 0 }, { x: 511, y: 511 }, { algorithm });
    })();
    expect(engine.memoryUsage().inUse - before.inUse).toBeGreaterThan(512 * 512 * 16);
    for (let i = 0; i < 5 && engine.memoryUsage().liveObjects > before.liveObjects; i++) await collect();
    const after = engine.memoryUsage();
    expect(after.liveObjects).toBe(before.liveObjects);
    expect(after.inUse - before.inUse).toBeLessThan(64 * 1024);
    warn.mockRestore();
  });

  it('counts the objects made and not deleted', () => {
    const before = engine.memoryUsage().liveObjects;
    const grid = engine.createGrid(16, 16);
    const search = engine.createSearch(grid);
    const walk = engine.createWalk(grid);
    expect(engine.memoryUsage().liveObjects - before).toBe(3);
    walk.delete();
    search.delete();
    search.delete();
    grid.delete();
    expect(engine.memoryUsage().liveObjects).toBe(before);
  });
});

describe('a search larger than the whole engine', () => {
  it('says so, rather than advising to delete objects that could never make room', () => {
    const grid = engine.createGrid(4096, 4096);
    try {
      const search = () => engine.createSearch(grid, { algorithm: 'subgoal-graph' });
      expect(search).toThrow(/subgoal-graph search of 4096 x 4096 cells .*more than the engine's whole 2,048 MB/);
      expect(search).not.toThrow(/delete\(\)/);
    } finally {
      grid.delete();
    }
  });
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

describe('what the engine says each object keeps', () => {
  // The room check before each allocation and the collector hints use the catalog's figures:
  // measured here against the heap, for every algorithm, over a whole search on a maze-like
  // map (rows of wall with a gap at alternate ends, so the frontier stays small).
  const side = 256;
  const cells = side * side;
  // What a search may hold on top of its per-cell arrays here: open list, path, events.
  const slack = 2 * 2 ** 20;

  function maze(): Grid {
    const grid = engine.createGrid(side, side);
    for (let y = 2; y < side; y += 4) for (let x = 0; x < side; x++) if (x !== ((y >> 2) % 2 ? 0 : side - 1)) grid.setCost(x, y, 0);
    return grid;
  }

  it('a grid keeps gridBytesPerCell per cell', () => {
    const before = engine.memoryUsage().inUse;
    const grid = engine.createGrid(side, side);
    const held = engine.memoryUsage().inUse - before;
    grid.delete();
    expect(held).toBeGreaterThanOrEqual(cells * engine.catalog.gridBytesPerCell);
    expect(held).toBeLessThan(cells * engine.catalog.gridBytesPerCell + 64 * 1024);
  });

  // A mesh search keeps nothing per cell (its mesh is the grid's): tests/js/navmesh.test.ts.
  it.each(engine.catalog.algorithms.filter((row) => !row.onMesh).map((row) => row.name))('the %s search keeps its bytesPerCell per cell, and little more over a whole search', (algorithm) => {
    const grid = maze();
    const row = engine.algorithm(algorithm);
    const before = engine.memoryUsage().inUse;
    const search = engine.createSearch(grid, { algorithm, maxExpansions: row.reexpands ? 200_000 : undefined });
    search.setTracing(true); // JPS keeps its "scanned" cells only while tracing
    search.reset({ x: 0, y: 0 }, { x: side - 1, y: side - 1 });
    const made = engine.memoryUsage().inUse - before;
    search.run();
    const ran = engine.memoryUsage().inUse - before;
    // A search that prepares per map holds its prepared data besides, from its first run: JPS+
    // exactly preparedBytesPerCell a cell, a subgoal graph at most that (it depends on the map).
    const bound = cells * row.preparedBytesPerCell;
    const prepared = search.preparation().bytes;
    if (algorithm === 'jps-plus') expect(prepared).toBe(bound);
    else expect(prepared).toBeLessThanOrEqual(bound);
    expect(prepared > 0).toBe(row.prepares);
    expect(search.status).not.toBe('refused');
    search.delete();
    grid.delete();
    expect(made).toBeGreaterThanOrEqual(cells * row.bytesPerCell);
    expect(made).toBeLessThan(cells * row.bytesPerCell + 64 * 1024);
    expect(ran).toBeGreaterThanOrEqual(cells * row.bytesPerCell + prepared);
    expect(ran).toBeLessThan(cells * row.bytesPerCell + prepared + slack);
  });

  it('a walk keeps walkBytesPerCell per cell besides its planner', () => {
    const grid = maze();
    const before = engine.memoryUsage().inUse;
    const walk = engine.createWalk(grid);
    walk.setOptions({ algorithm: 'dstar-lite' }, 2);
    walk.reset({ x: 0, y: 0 }, { x: side - 1, y: side - 1 });
    walk.runSteps(Number.MAX_SAFE_INTEGER);
    const held = engine.memoryUsage().inUse - before;
    expect(walk.status).toBe('arrived');
    walk.delete();
    grid.delete();
    const expected = cells * (engine.catalog.walkBytesPerCell + engine.algorithm('dstar-lite').bytesPerCell);
    expect(held).toBeGreaterThanOrEqual(expected);
    expect(held).toBeLessThan(expected + slack);
  });
});

