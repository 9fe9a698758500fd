// Engine.findPath (the package's findPath runs through it): a default expansion limit for
// searches whose work the grid does not bound (IDA*), and the searches it keeps with a grid:
// reused, right after edits, bounded, and freed with the grid.
import { describe, expect, it } from 'vitest';

import { FIND_PATH_EXPANSION_LIMIT, type AlgorithmName, type Grid } from '../../web/src/engine/engine';
import { loadEngine as loadPackage } from '../../web/src/package/index';
import { engine, keepGrid, useEngine } from './engine-fixture';

useEngine();

/** An open size x size grid whose last cell is walled in: unreachable from anywhere else. */
function walledGoal(size: number): Grid {
  const grid = keepGrid(engine.createGrid(size, size));
  grid.setCost(size - 2, size - 1, 0);
  grid.setCost(size - 1, size - 2, 0);
  grid.setCost(size - 2, size - 2, 0);
  return grid;
}

describe('findPath\'s expansion limit', () => {
  it('stops IDA* at FIND_PATH_EXPANSION_LIMIT expansions by default: gave-up, not a search of minutes', () => {
    const grid = walledGoal(32);
    const far = { x: 31, y: 31 };
    expect(engine.algorithm('ida').reexpands).toBe(true);
    const found = engine.findPath(grid, { x: 0, y: 0 }, far, { algorithm: 'ida' });
    expect(found).toEqual({ status: 'gave-up', cost: null, path: [], expanded: FIND_PATH_EXPANSION_LIMIT });
    // A search the grid bounds has no default limit: A* proves there is no path.
    expect(engine.findPath(grid, { x: 0, y: 0 }, far).status).toBe('no-path');
  });

  it('is overridden by maxExpansions, in the engine and in the package', async () => {
    const grid = walledGoal(32);
    expect(engine.findPath(grid, { x: 0, y: 0 }, { x: 31, y: 31 }, { algorithm: 'ida', maxExpansions: 1000 }))
      .toMatchObject({ status: 'gave-up', expanded: 1000 });
    const astar = await loadPackage();
    expect(astar.findPath(grid, [0, 0], [31, 31], { algorithm: 'ida', maxExpansions: 50 })).toMatchObject({ status: 'gave-up', expanded: 50 });
    expect(astar.findPath(grid, [0, 0], [31, 31], { algorithm: 'ida' })).toMatchObject({ status: 'gave-up', expanded: FIND_PATH_EXPANSION_LIMIT });
    // Where IDA* gets there first, the limit changes nothing.
    const near = astar.findPath(grid, [0, 0], [3, 4], { algorithm: 'ida' });
    expect(near.status).toBe('found');
    expect(near.cost).toBeCloseTo(3 * Math.SQRT2 + 1, 9);
  });

  it('is checked alike for the mesh searches: what a grid search refuses, they refuse in the same words', async () => {
    const astar = await loadPackage();
    const grid = walledGoal(8);
    const refusal = (run: () => unknown): string => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError);
        return (error as Error).message;
      }
      return 'no error';
    };
    for (const maxExpansions of [NaN, -1, 1.5, Infinity, '5', null] as unknown as number[]) {
      const words = refusal(() => astar.findPath(grid, [0, 0], [5, 5], { maxExpansions }));
      expect(words).toMatch(/^maxExpansions must be a whole number >= 0/);
      for (const algorithm of ['navmesh', 'polyanya'] as const)
        expect(refusal(() => astar.findPath(grid, [0, 0], [5, 5], { algorithm, maxExpansions })), `${algorithm} ${maxExpansions}`).toBe(words);
    }
    // The values allowed still do what they say: 1 gives up, 0 sets no limit.
    expect(astar.findPath(grid, [0, 0], [5, 5], { algorithm: 'polyanya', maxExpansions: 1 }).status).toBe('gave-up');
    expect(astar.findPath(grid, [0, 0], [5, 5], { algorithm: 'polyanya', maxExpansions: 0 }).status).toBe('found');
  });
});

describe('findPath\'s options', () => {
  it('are each call\'s own, though the last call\'s are remembered: changed, removed, mutated or wrong', () => {
    const grid = walledGoal(32);
    const from = { x: 0, y: 0 }, far = { x: 31, y: 31 };
    const capped = { algorithm: 'astar' as const, maxExpansions: 10 };
    expect(engine.findPath(grid, from, far, capped)).toMatchObject({ status: 'gave-up', expanded: 10 });
    expect(engine.findPath(grid, from, far, { ...capped })).toMatchObject({ status: 'gave-up', expanded: 10 });
    expect(engine.findPath(grid, from, far, { algorithm: 'astar' }).status).toBe('no-path');
    capped.maxExpansions = 20;
    expect(engine.findPath(grid, from, far, capped)).toMatchObject({ status: 'gave-up', expanded: 20 });
    // Wrong values are refused every time, after calls with the same names and good values too.
    expect(() => engine.findPath(grid, from, far, { algorithm: 'astar', maxExpansions: -1 })).toThrow(RangeError);
    expect(() => engine.findPath(grid, from, far, { algorithm: 'astar', maxExpansions: -1 })).toThrow(RangeError);
    expect(engine.findPath(grid, from, { x: 3, y: 0 }, { algorithm: 'astar', diagonal: 'never' }).cost).toBe(3);
    expect(engine.findPath(grid, from, { x: 3, y: 3 }, { algorithm: 'astar', diagonal: 'never' }).cost).toBe(6);
    expect(engine.findPath(grid, from, { x: 3, y: 3 }, { algorithm: 'astar' }).cost).toBeCloseTo(3 * Math.SQRT2, 9);
  });
});

describe('the searches findPath keeps', () => {
  it('answer repeated queries without allocating, and are no objects of the caller', () => {
    const grid = keepGrid(engine.createGrid(256, 256));
    const first = engine.findPath(grid, { x: 0, y: 0 }, { x: 200, y: 100 }, { algorithm: 'jps' });
    const { inUse, liveObjects } = engine.memoryUsage();
    for (let i = 0; i < 20; i++) expect(engine.findPath(grid, { x: 0, y: 0 }, { x: 200, y: 100 }, { algorithm: 'jps' })).toEqual(first);
    expect(engine.memoryUsage().inUse).toBe(inUse);
    expect(engine.memoryUsage().liveObjects).toBe(liveObjects);
  });

  it('follow edits: a wall drawn, a terrain cost painted, the map refilled, for every algorithm', () => {
    const grid = keepGrid(engine.createGrid(20, 20));
    // The mesh searches are made with createMeshSearch (the package's findPath runs them).
    const rows = engine.catalog.algorithms.filter((row) => !row.onMesh);
    const query = (algorithm: AlgorithmName) => engine.findPath(grid, { x: 0, y: 10 }, { x: 19, y: 10 }, { algorithm, diagonal: 'never' });
    // Optimal searches find the cheapest cost; the others a path.
    const expectCost = (algorithm: AlgorithmName, cost: number) => {
      const found = query(algorithm);
      expect(found.status, algorithm).toBe('found');
      if (engine.algorithm(algorithm).optimal) expect(found.cost, algorithm).toBe(cost);
      return found;
    };
    for (const { name } of rows) expectCost(name, 19);
    for (let y = 0; y < 19; y++) grid.setCost(10, y, 0);
    for (const { name } of rows) {
      const found = expectCost(name, 19 + 18);
      expect(found.path.some((cell) => cell.x === 10 && cell.y < 19), name).toBe(false);
    }
    grid.fill(1);
    for (const { name } of rows) expectCost(name, 19);
    grid.setCost(5, 10, 3);
    expect(() => query('jps-plus')).toThrow(/every walkable cell costs the same/);
    expect(query('astar').cost).toBe(21);
  });

  it('are at most two a grid, the least recently used going first', () => {
    const grid = keepGrid(engine.createGrid(256, 256));
    const cells = grid.width * grid.height;
    const before = engine.memoryUsage().inUse;
    const rows = engine.catalog.algorithms.filter((row) => !row.reexpands && !row.onMesh);
    for (const row of rows) engine.findPath(grid, { x: 0, y: 0 }, { x: 3, y: 2 }, { algorithm: row.name });
    const twoLargest = rows.map((row) => (row.bytesPerCell + row.preparedBytesPerCell) * cells).sort((a, b) => b - a).slice(0, 2);
    expect(engine.memoryUsage().inUse - before).toBeLessThanOrEqual(twoLargest[0]! + twoLargest[1]! + 2 ** 20);
    expect(engine.memoryUsage().inUse - before).toBeGreaterThan(0);
  });

  it('refuse the mesh searches in words: createMeshSearch makes them', () => {
    const grid = keepGrid(engine.createGrid(8, 8));
    for (const row of engine.catalog.algorithms.filter((r) => r.onMesh))
      expect(() => engine.findPath(grid, { x: 0, y: 0 }, { x: 7, y: 7 }, { algorithm: row.name })).toThrow(/createMeshSearch/);
  });

  it('never stop the grid\'s delete(), which frees them', () => {
    const before = engine.memoryUsage();
    const grid = engine.createGrid(512, 512);
    for (const algorithm of ['astar', 'jps-plus'] as const) engine.findPath(grid, { x: 0, y: 0 }, { x: 511, y: 511 }, { algorithm });
    expect(engine.memoryUsage().inUse - before.inUse).toBeGreaterThan(512 * 512 * 16);
    grid.delete();
    const after = engine.memoryUsage();
    expect(after.liveObjects).toBe(before.liveObjects);
    expect(after.inUse - before.inUse).toBeLessThan(64 * 1024);
    expect(() => engine.findPath(grid, { x: 0, y: 0 }, { x: 1, y: 1 })).toThrow('this Grid has been deleted');
  });
});
