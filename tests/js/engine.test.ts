// The TypeScript wrapper over the wasm module, its grids and options: loading, input
// checking, error types, the catalog and ownership. Searches are in engine-search.test.ts,
// walks in engine-walk.test.ts. Everything created is deleted.
import { describe, expect, it, vi } from 'vitest';

import {
  DEFAULT_OPTIONS,
  MAX_GRID_SIDE,
  MapFormatError,
  gridSizeError,
  loadEngine,
  type AlgorithmName,
  type CostModelName,
  type DiagonalName,
  type Grid,
  type HeuristicName,
} from '../../web/src/engine/engine';
import { engine, keepGrid, keepSearch, mapText, useEngine } from './engine-fixture';

useEngine();

describe('loading', () => {
  it('shares one engine per realm', async () => {
    expect(await loadEngine()).toBe(engine);
  });

  it('gridSizeError needs the engine to have loaded', async () => {
    vi.resetModules();
    const fresh = await import('../../web/src/engine/engine');
    expect(() => fresh.gridSizeError(10, 10)).toThrow(/loadEngine/);
  });
});

describe('grid sizes', () => {
  it('accepts sizes from 1 to MAX_GRID_SIDE', () => {
    expect(MAX_GRID_SIDE).toBe(4096);
    expect(gridSizeError(1, 1)).toBeNull();
    expect(gridSizeError(MAX_GRID_SIDE, 3)).toBeNull();
    const grid = keepGrid(engine.createGrid(MAX_GRID_SIDE, 1));
    expect([grid.width, grid.height]).toEqual([MAX_GRID_SIDE, 1]);
  });

  it('rejects sizes that are not positive', () => {
    expect(() => engine.createGrid(0, 5)).toThrow(RangeError);
    expect(() => engine.createGrid(0, 5)).toThrow('grid size must be positive, got 0 x 5');
    expect(() => engine.createGrid(4, -2)).toThrow('grid size must be positive, got 4 x -2');
  });

  it('rejects sizes above the maximum, naming it', () => {
    expect(() => engine.createGrid(4097, 10)).toThrow(RangeError);
    expect(gridSizeError(4097, 10)).toBe('grid size 4097 x 10 is larger than the maximum 4096 x 4096');
    // Far beyond 32 bits: must not wrap around to a small, accepted size.
    expect(gridSizeError(2 ** 32 + 4, 4)).toMatch(/larger than the maximum/);
  });

  it('rejects sizes that are not whole numbers', () => {
    expect(() => engine.createGrid(1.5, 2)).toThrow('grid size must be whole numbers, got 1.5 x 2');
    // Named as JavaScript names them.
    expect(gridSizeError(Number.NaN, 3)).toBe('grid size must be whole numbers, got NaN x 3');
    expect(gridSizeError(5, Number.NEGATIVE_INFINITY)).toBe('grid size must be whole numbers, got 5 x -Infinity');
  });
});

describe('grid editing', () => {
  it('reads and writes costs, counting revisions', () => {
    const grid = keepGrid(engine.createGrid(4, 3));
    expect(grid.cost(3, 2)).toBe(1);
    const before = grid.revision;
    grid.setCost(1, 2, 0);
    grid.setCost(2, 0, 7);
    expect(grid.revision).toBeGreaterThan(before);
    expect(grid.cost(1, 2)).toBe(0);
    expect(Array.from(grid.costs())).toEqual([1, 1, 7, 1, 1, 1, 1, 1, 1, 0, 1, 1]);
    expect(grid.minCost()).toBe(1);
    grid.fill(3);
    expect(grid.minCost()).toBe(3);
    grid.assign(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 1]));
    expect(Array.from(grid.costs())).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 1]);
  });

  it('rejects cells outside the grid and costs outside 0..9', () => {
    const grid = keepGrid(engine.createGrid(4, 3));
    expect(() => grid.cost(4, 0)).toThrow('(4, 0) is not a cell of this 4 x 3 grid');
    expect(() => grid.setCost(-1, 0, 1)).toThrow(RangeError);
    expect(() => grid.setCost(0, 0.5, 1)).toThrow(RangeError);
    expect(() => grid.setCost(0, 0, 10)).toThrow('cost must be an integer from 0 (wall) to 9, got 10');
    expect(() => grid.fill(-1)).toThrow(RangeError);
    expect(() => grid.assign(new Uint8Array(11))).toThrow('assign() needs a Uint8Array of 12 costs (4 x 3), got 11');
  });

  it('hands out costs() as a copy: writing to it changes neither the grid nor what searches find', () => {
    const grid = keepGrid(engine.parseMap(mapText(['.....', '.@@@.', '.....'])));
    const revision = grid.revision;
    const costs = grid.costs();
    costs.fill(0);
    costs[2] = 7;
    expect(grid.cost(0, 0)).toBe(1);
    expect(grid.revision).toBe(revision);
    expect(grid.uniformCost()).toBe(true);
    expect(Array.from(grid.costs())).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    for (const algorithm of ['astar', 'jps'] as const) {
      const search = keepSearch(engine.createSearch(grid, { algorithm }));
      search.reset({ x: 0, y: 0 }, { x: 4, y: 0 });
      search.run();
      expect(search.pathCost, algorithm).toBe(4);
    }
  });

  it('copies costs(into) into an array the caller keeps, and refuses one of the wrong size', () => {
    const grid = keepGrid(engine.parseMap(mapText(['..@', '.2.'])));
    const into = new Uint8Array(6).fill(99);
    expect(grid.costs(into)).toBe(into);
    expect(Array.from(into)).toEqual([1, 1, 0, 1, 2, 1]);
    into[0] = 0;
    expect(grid.cost(0, 0)).toBe(1);
    expect(() => grid.costs(new Uint8Array(5))).toThrow(/width\*height = 6/);
  });

  it('writes and reads Moving AI map text, terrain included', () => {
    const text = mapText(['..@', '.2.']);
    const grid = keepGrid(engine.parseMap(text));
    expect([grid.width, grid.height]).toEqual([3, 2]);
    expect(grid.cost(2, 0)).toBe(0);
    expect(grid.cost(1, 1)).toBe(2);
    expect(grid.toMapText()).toBe(text);
  });
});

describe('format errors', () => {
  it('parseMap names the line of a short row', () => {
    const error = (() => {
      try {
        engine.parseMap(mapText(['...', '..']));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MapFormatError);
    expect((error as MapFormatError).line).toBe(6);
    expect((error as MapFormatError).message).toMatch(/^line 6: /);
    expect((error as MapFormatError).oversize).toBeNull();
  });

  it('parseMap says what size it refused as too large', () => {
    expect(() => engine.parseMap('type octile\nheight 5000\nwidth 70\nmap\n'))
      .toThrow(expect.objectContaining({ line: 3, oversize: { width: 70, height: 5000 } }));
  });

  it('parseMap names the line of a bad header', () => {
    expect(() => engine.parseMap('type octile\nheight x\n')).toThrow(expect.objectContaining({ line: 2 }));
    expect(() => engine.parseMap('hello')).toThrow(MapFormatError);
  });

  it('parseScenario reads queries and names the line of a bad one', () => {
    const queries = engine.parseScenario('version 1\n3\tmaps/a.map\t10\t12\t1\t2\t3\t4\t5.5\n');
    expect(queries).toEqual([
      { bucket: 3, mapPath: 'maps/a.map', mapWidth: 10, mapHeight: 12, start: { x: 1, y: 2 }, goal: { x: 3, y: 4 }, optimal: 5.5 },
    ]);
    expect(() => engine.parseScenario('version 1\n0 a.map 10 10 1 2 3\n')).toThrow(
      expect.objectContaining({ name: 'MapFormatError', line: 2 }),
    );
  });
});

describe('options', () => {
  it('start from the defaults and merge partial updates', () => {
    const grid = keepGrid(engine.createGrid(3, 3));
    const search = keepSearch(engine.createSearch(grid));
    expect(search.options).toEqual(DEFAULT_OPTIONS);
    search.setOptions({ algorithm: 'dijkstra', heuristic: 'chebyshev' });
    expect(search.options).toEqual({ ...DEFAULT_OPTIONS, algorithm: 'dijkstra', heuristic: 'chebyshev' });
    search.setOptions({ heuristic: undefined });
    expect(search.options.heuristic).toBeUndefined();
  });

  it('reject unknown names and bad weights, changing nothing', () => {
    const grid = keepGrid(engine.createGrid(3, 3));
    const search = keepSearch(engine.createSearch(grid, { diagonal: 'never' }));
    expect(() => search.setOptions({ algorithm: 'dstar' as never })).toThrow(/unknown algorithm "dstar"; expected one of astar, dijkstra, greedy, bfs, dfs, jps, bidirectional, ida, theta/);
    expect(() => search.setOptions({ costModel: '10-15' as never })).toThrow(/unknown cost model "10-15"/);
    expect(() => search.setOptions({ maxExpansions: 1.5 })).toThrow(/maxExpansions/);
    expect(() => search.setOptions({ diagonal: 'values' as never })).toThrow(RangeError);
    expect(() => search.setOptions({ weight: -1 })).toThrow(/weight/);
    expect(() => engine.createSearch(grid, { heuristic: 'toString' as never })).toThrow(/unknown heuristic/);
    expect(search.options).toEqual({ ...DEFAULT_OPTIONS, diagonal: 'never' });
  });
});

describe('the catalog', () => {
  // Records keyed by the name types (generated from the module's enums): TypeScript rejects
  // a missing or an extra key, so these tie the catalog to the names the module registers.
  const algorithms: Record<AlgorithmName, true> = { astar: true, dijkstra: true, greedy: true, bfs: true, dfs: true, jps: true, bidirectional: true, ida: true, theta: true, 'dstar-lite': true, 'jps-plus': true, mpaa: true, 'subgoal-graph': true, navmesh: true, polyanya: true };
  const heuristics: Record<HeuristicName, true> = { manhattan: true, euclidean: true, octile: true, chebyshev: true, zero: true };
  const diagonals: Record<DiagonalName, true> = { never: true, always: true, 'if-at-most-one-obstacle': true, 'only-when-no-obstacles': true };
  const costModels: Record<CostModelName, true> = { exact: true, '10-14': true };

  it('names exactly the options the declaration names, in the engine\'s numbering', () => {
    expect(new Set(engine.catalog.algorithms.map((row) => row.name))).toEqual(new Set(Object.keys(algorithms)));
    expect(new Set(engine.catalog.heuristics)).toEqual(new Set(Object.keys(heuristics)));
    expect(new Set(engine.catalog.diagonals)).toEqual(new Set(Object.keys(diagonals)));
    expect(new Set(engine.catalog.costModels)).toEqual(new Set(Object.keys(costModels)));
    // Share links number options by their place in these lists: the first release's four
    // algorithms keep their numbers.
    expect(engine.catalog.algorithms.slice(0, 4).map((row) => row.name)).toEqual(['astar', 'dijkstra', 'greedy', 'bfs']);
  });

  it('describes each algorithm: which options it reads, what it guarantees, where it runs', () => {
    const row = (name: AlgorithmName) => engine.algorithm(name);
    expect(row('astar')).toMatchObject({ label: 'A*', usesHeuristic: true, usesWeight: true, optimal: true, anyAngle: false });
    expect(row('dijkstra')).toMatchObject({ usesHeuristic: false, optimal: true });
    expect(row('bfs')).toMatchObject({ usesHeuristic: false, optimal: false });
    expect(row('jps')).toMatchObject({ optimal: true, uniformTerrainOnly: false, diagonals: engine.catalog.diagonals });
    expect(row('ida')).toMatchObject({ optimal: true, reexpands: true });
    expect(row('theta')).toMatchObject({ anyAngle: true, optimal: false, uniformTerrainOnly: false, diagonals: ['never', 'only-when-no-obstacles'], costModels: ['exact'], defaultHeuristic: 'euclidean' });
    expect(row('dstar-lite')).toMatchObject({ label: 'D* Lite (incremental)', usesHeuristic: true, usesWeight: false, optimal: true, incremental: true, reexpands: false, uniformTerrainOnly: false, diagonals: engine.catalog.diagonals, costModels: engine.catalog.costModels, defaultHeuristic: null });
    // JPS+ takes what JPS takes, and prepares a jump table of 8 two-byte entries a cell.
    expect(row('jps-plus')).toMatchObject({ label: 'JPS+ (precomputed jumps)', usesHeuristic: true, usesWeight: false, optimal: true, uniformTerrainOnly: true, diagonals: engine.catalog.diagonals, costModels: engine.catalog.costModels, prepares: true, preparedBytesPerCell: 16 });
    // Subgoal graphs run under the two rules their corners fit, on uniform terrain, and prepare a graph.
    expect(row('subgoal-graph')).toMatchObject({ label: 'Subgoal graph (prepared)', usesHeuristic: false, usesWeight: false, optimal: true, uniformTerrainOnly: true, diagonals: ['never', 'only-when-no-obstacles'], costModels: engine.catalog.costModels, prepares: true, preparedBytesPerCell: 128 });
    expect(engine.catalog.algorithms.filter((row) => row.prepares).map((row) => row.name)).toEqual(['jps-plus', 'subgoal-graph', 'navmesh', 'polyanya']);
    // The mesh searches: any-angle, on a mesh that is their preparation; Polyanya optimal.
    expect(engine.catalog.algorithms.filter((row) => row.onMesh).map((row) => row.name)).toEqual(['navmesh', 'polyanya']);
    expect(row('polyanya')).toMatchObject({ optimal: true, anyAngle: true, usesHeuristic: false, uniformTerrainOnly: true, costModels: ['exact'] });
    expect(row('navmesh')).toMatchObject({ optimal: false, anyAngle: true, usesHeuristic: false, uniformTerrainOnly: true, costModels: ['exact'] });
    using tiny = engine.createGrid(3, 3);
    expect(() => engine.createSearch(tiny, { algorithm: 'polyanya' })).toThrow(/createMeshSearch/);
    for (const other of engine.catalog.algorithms.filter((row) => !row.prepares)) expect(other.preparedBytesPerCell, other.name).toBe(0);
    expect(engine.catalog.algorithms.map((row) => row.incremental)).toEqual(engine.catalog.algorithms.map((row) => row.name === 'dstar-lite' || row.name === 'mpaa'));
    expect(row('mpaa')).toMatchObject({ label: 'MPAA* (multipath adaptive)', usesHeuristic: true, usesWeight: false, optimal: true, incremental: true, reexpands: false, uniformTerrainOnly: false, diagonals: engine.catalog.diagonals, costModels: engine.catalog.costModels, defaultHeuristic: null });
    expect(Object.isFrozen(engine.catalog.algorithms[0])).toBe(true);
  });

  it('says why options cannot run on a grid', () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    expect(engine.refusalFor(grid, { algorithm: 'jps', diagonal: 'always', costModel: 'exact' })).toBeNull();
    expect(engine.refusalFor(grid, { algorithm: 'theta', diagonal: 'always', costModel: 'exact' })).toBe('diagonal-rule');
    expect(engine.refusalFor(grid, { algorithm: 'theta', diagonal: 'never', costModel: '10-14' })).toBe('cost-model');
    grid.setCost(1, 1, 4);
    expect(engine.refusalFor(grid, { algorithm: 'jps-plus', diagonal: 'never', costModel: 'exact' })).toBe('needs-uniform-terrain');
    expect(engine.refusalFor(grid, { algorithm: 'jps', diagonal: 'never', costModel: 'exact' })).toBeNull();
    expect(engine.refusalFor(grid, { algorithm: 'astar', diagonal: 'never', costModel: 'exact' })).toBeNull();
    const search = keepSearch(engine.createSearch(grid, { algorithm: 'jps-plus' }));
    expect(search.reset({ x: 0, y: 0 }, { x: 3, y: 3 })).toBe(true);
    expect(search.status).toBe('refused');
    expect(search.refusal).toBe('needs-uniform-terrain');
    expect(search.step()).toBeNull();
  });
});

describe('ownership', () => {
  it('a grid refuses delete() while a search reads it', () => {
    const grid = engine.createGrid(3, 3);
    const other = keepGrid(engine.createGrid(2, 2));
    const search = engine.createSearch(grid);
    expect(() => grid.delete()).toThrow(/still read by 1 search/);
    search.setGrid(other);
    grid.delete(); // no longer read
    search.delete();
    search.delete(); // twice is harmless
    expect(() => search.run()).toThrow('this Search has been deleted');
    expect(() => grid.cost(0, 0)).toThrow('this Grid has been deleted');
    expect(() => engine.createSearch(grid)).toThrow('this Grid has been deleted');
  });

  it('a search only takes grids of its own engine', () => {
    const grid = keepGrid(engine.createGrid(3, 3));
    const search = keepSearch(engine.createSearch(grid));
    const impostor = { width: 3, height: 3 } as unknown as Grid;
    expect(() => search.setGrid(impostor)).toThrow(TypeError);
    expect(() => engine.createSearch(impostor)).toThrow('expected a Grid made by this engine');
  });
});
