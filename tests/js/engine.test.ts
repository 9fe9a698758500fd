// The TypeScript wrapper over the wasm module: input checking, error types, step events,
// replay, the typed-array views and ownership. Everything created is deleted.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  DEFAULT_OPTIONS,
  MAX_GRID_SIDE,
  eventsOf,
  MapFormatError,
  gridSizeError,
  loadEngine,
  type AlgorithmName,
  type CostModelName,
  type DiagonalName,
  type Engine,
  type Grid,
  type HeuristicName,
  type Point,
  type Search,
  type SearchOptions,
  type StepEvent,
  type Walk,
  type WalkStep,
} from '../../web/src/engine/engine';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

// Deleted after each test, searches first (a grid refuses delete() while a search reads it).
const created: { grids: Grid[]; searches: Search[] } = { grids: [], searches: [] };
afterEach(() => {
  for (const search of created.searches.splice(0)) search.delete();
  for (const grid of created.grids.splice(0)) grid.delete();
});
const keepGrid = (grid: Grid): Grid => (created.grids.push(grid), grid);
const keepSearch = (search: Search): Search => (created.searches.push(search), search);

const mapText = (rows: string[]): string =>
  `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;

const SQRT2 = Math.SQRT2;

/** A step's neighbour events without their tag, as these tests compare them. */
const neighbours = (step: StepEvent) => eventsOf(step, 'neighbour').map(({ kind: _kind, side: _side, ...rest }) => rest);

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
    expect(gridSizeError(Number.NaN, 3)).toMatch(/whole numbers/);
    expect(gridSizeError(Number.POSITIVE_INFINITY, 3)).toMatch(/whole numbers/);
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
  const algorithms: Record<AlgorithmName, true> = { astar: true, dijkstra: true, greedy: true, bfs: true, dfs: true, jps: true, bidirectional: true, ida: true, theta: true, 'dstar-lite': true, 'jps-plus': true, navmesh: true, polyanya: true };
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
    expect(row('jps')).toMatchObject({ optimal: true, uniformTerrainOnly: true, diagonals: engine.catalog.diagonals });
    expect(row('ida')).toMatchObject({ optimal: true, reexpands: true });
    expect(row('theta')).toMatchObject({ anyAngle: true, optimal: false, uniformTerrainOnly: true, diagonals: ['never', 'only-when-no-obstacles'], costModels: ['exact'], defaultHeuristic: 'euclidean' });
    expect(row('dstar-lite')).toMatchObject({ label: 'D* Lite (incremental)', usesHeuristic: true, usesWeight: false, optimal: true, incremental: true, reexpands: false, uniformTerrainOnly: false, diagonals: engine.catalog.diagonals, costModels: engine.catalog.costModels, defaultHeuristic: null });
    // JPS+ takes what JPS takes, and prepares a jump table of 8 two-byte entries a cell.
    expect(row('jps-plus')).toMatchObject({ label: 'JPS+ (precomputed jumps)', usesHeuristic: true, usesWeight: false, optimal: true, uniformTerrainOnly: true, diagonals: engine.catalog.diagonals, costModels: engine.catalog.costModels, prepares: true, preparedBytesPerCell: 16 });
    expect(engine.catalog.algorithms.filter((row) => row.prepares).map((row) => row.name)).toEqual(['jps-plus', 'navmesh', 'polyanya']);
    // The mesh searches: any-angle, on a mesh that is their preparation; Polyanya optimal.
    expect(engine.catalog.algorithms.filter((row) => row.onMesh).map((row) => row.name)).toEqual(['navmesh', 'polyanya']);
    expect(row('polyanya')).toMatchObject({ optimal: true, anyAngle: true, usesHeuristic: false, uniformTerrainOnly: true, costModels: ['exact'] });
    expect(row('navmesh')).toMatchObject({ optimal: false, anyAngle: true, usesHeuristic: false, uniformTerrainOnly: true, costModels: ['exact'] });
    using tiny = engine.createGrid(3, 3);
    expect(() => engine.createSearch(tiny, { algorithm: 'polyanya' })).toThrow(/createMeshSearch/);
    for (const other of engine.catalog.algorithms.filter((row) => !row.prepares)) expect(other.preparedBytesPerCell, other.name).toBe(0);
    expect(engine.catalog.algorithms.map((row) => row.incremental)).toEqual(engine.catalog.algorithms.map((row) => row.name === 'dstar-lite'));
    expect(Object.isFrozen(engine.catalog.algorithms[0])).toBe(true);
  });

  it('says why options cannot run on a grid', () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    expect(engine.refusalFor(grid, { algorithm: 'jps', diagonal: 'always', costModel: 'exact' })).toBeNull();
    expect(engine.refusalFor(grid, { algorithm: 'theta', diagonal: 'always', costModel: 'exact' })).toBe('diagonal-rule');
    expect(engine.refusalFor(grid, { algorithm: 'theta', diagonal: 'never', costModel: '10-14' })).toBe('cost-model');
    grid.setCost(1, 1, 4);
    expect(engine.refusalFor(grid, { algorithm: 'jps', diagonal: 'never', costModel: 'exact' })).toBe('needs-uniform-terrain');
    expect(engine.refusalFor(grid, { algorithm: 'astar', diagonal: 'never', costModel: 'exact' })).toBeNull();
    const search = keepSearch(engine.createSearch(grid, { algorithm: 'jps' }));
    expect(search.reset({ x: 0, y: 0 }, { x: 3, y: 3 })).toBe(true);
    expect(search.status).toBe('refused');
    expect(search.refusal).toBe('needs-uniform-terrain');
    expect(search.step()).toBeNull();
  });
});

describe('step events', () => {
  // S(0,0) to G(2,2), diagonal=always, A* with octile. (2,0) is a wall, (1,1) costs 9.
  //   S . #
  //   . 9 .
  //   . . G
  const rows = ['..@', '.9.', '...'];

  it('report opened, improved, not-improved, closed and blocked neighbours', () => {
    const grid = keepGrid(engine.parseMap(mapText(rows)));
    const search = keepSearch(engine.createSearch(grid, { diagonal: 'always' }));
    expect(search.reset({ x: 0, y: 0 }, { x: 2, y: 2 })).toBe(true);
    expect(search.status).toBe('running');

    // Step 1 expands S: h = octile(2, 2) = 2 sqrt2. In-bounds neighbours only, in the
    // order N E S W NE SE SW NW: E (1,0) and S (0,1) at g 1, SE (1,1) at 9 sqrt2.
    const first = search.step()!;
    expect(first.cell).toEqual({ x: 0, y: 0 });
    expect(first.g).toBe(0);
    expect(first.h).toBeCloseTo(2 * SQRT2, 12);
    expect(first.f).toBeCloseTo(2 * SQRT2, 12);
    expect(first.events[0]).toEqual({ kind: 'expand', cell: { x: 0, y: 0 }, side: 'forward', g: 0, h: first.h, f: first.f, parent: null });
    expect(neighbours(first)).toEqual([
      { cell: { x: 1, y: 0 }, outcome: 'opened', oldG: null, newG: 1, parent: { x: 0, y: 0 } },
      { cell: { x: 0, y: 1 }, outcome: 'opened', oldG: null, newG: 1, parent: { x: 0, y: 0 } },
      { cell: { x: 1, y: 1 }, outcome: 'opened', oldG: null, newG: expect.closeTo(9 * SQRT2, 12), parent: { x: 0, y: 0 } },
    ]);

    // Step 2: (1,0) and (0,1) tie on f = 2 + sqrt2 and g = 1; the smaller id, (1,0), goes
    // first. E (2,0) is a wall; S (1,1) drops from 9 sqrt2 to 1 + 9; W is S, closed; SE
    // (2,1) is opened at 1 + sqrt2 (always allows cutting the wall's corner); SW (0,1)
    // would cost 1 + sqrt2 > 1.
    const second = search.step()!;
    expect(second.cell).toEqual({ x: 1, y: 0 });
    expect(second.g).toBe(1);
    expect(second.f).toBeCloseTo(2 + SQRT2, 12);
    expect(neighbours(second)).toEqual([
      { cell: { x: 2, y: 0 }, outcome: 'blocked', oldG: null, newG: null, parent: null },
      { cell: { x: 1, y: 1 }, outcome: 'improved', oldG: expect.closeTo(9 * SQRT2, 12), newG: 10, parent: { x: 1, y: 0 } },
      { cell: { x: 0, y: 0 }, outcome: 'closed', oldG: 0, newG: 0, parent: null },
      { cell: { x: 2, y: 1 }, outcome: 'opened', oldG: null, newG: expect.closeTo(1 + SQRT2, 12), parent: { x: 1, y: 0 } },
      { cell: { x: 0, y: 1 }, outcome: 'not-improved', oldG: 1, newG: 1, parent: { x: 0, y: 0 } },
    ]);
    expect(search.counters()).toEqual({ expanded: 2, opened: 5, improved: 1, maxOpen: 3, openSize: 3 });
    expect(search.phase(1, 1)).toBe('open');
    expect(search.g(1, 1)).toBe(10);
    expect(search.parent(1, 1)).toEqual({ x: 1, y: 0 });
    expect(search.order(1, 0)).toBe(2);

    // Two straight moves and one diagonal are the least any path can take to (2,2)
    // without entering (1,1); the two diagonals through (1,1) cost 10 sqrt2.
    search.run();
    expect(search.status).toBe('found');
    expect(search.pathCost).toBeCloseTo(2 + SQRT2, 12);
    expect(search.path()).toHaveLength(4);
    expect(search.step()).toBeNull();
  });

  it('say no-path when the goal is walled off, and refuse points outside the grid', () => {
    const grid = keepGrid(engine.parseMap(mapText(['..@.', '.@@.'])));
    const search = keepSearch(engine.createSearch(grid, { diagonal: 'always' }));
    expect(search.reset({ x: 0, y: 0 }, { x: 3, y: 1 })).toBe(true);
    search.run();
    expect(search.status).toBe('no-path');
    expect(search.pathCost).toBeNull();
    expect(search.path()).toEqual([]);
    expect(search.reset({ x: 0, y: 0 }, { x: 4, y: 0 })).toBe(false);
    expect(search.status).toBe('ready');
    expect(() => search.reset({ x: 0.5, y: 0 }, { x: 1, y: 0 })).toThrow(/start must have integer x and y/);
  });

  it('stop when the grid is edited, until the next reset', () => {
    const grid = keepGrid(engine.createGrid(5, 5));
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 4, y: 4 });
    search.step();
    grid.setCost(2, 2, 0);
    expect(search.stale).toBe(true);
    expect(search.step()).toBeNull();
    search.reset({ x: 0, y: 0 }, { x: 4, y: 4 });
    expect(search.stale).toBe(false);
    expect(search.step()).not.toBeNull();
  });
});

// A 40 x 30 map with walls and terrain from a fixed linear congruential sequence.
function scrambledGrid(): Grid {
  const grid = keepGrid(engine.createGrid(40, 30));
  const costs = new Uint8Array(40 * 30);
  let state = 12345;
  for (let i = 0; i < costs.length; ++i) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const roll = state % 10;
    costs[i] = roll < 3 ? 0 : roll < 8 ? 1 : roll;
  }
  costs[0] = 1;
  costs[costs.length - 1] = 1;
  grid.assign(costs);
  return grid;
}

describe('replay', () => {
  it('gives the same steps after reset, so "step back" can replay', () => {
    const grid = scrambledGrid();
    const search = keepSearch(engine.createSearch(grid, { diagonal: 'if-at-most-one-obstacle' }));
    const start = { x: 0, y: 0 };
    const goal = { x: 39, y: 29 };
    const record = (): StepEvent[] => {
      search.reset(start, goal);
      const steps: StepEvent[] = [];
      for (let step = search.step(); step; step = search.step()) steps.push(step);
      return steps;
    };
    const first = record();
    const outcome = { status: search.status, cost: search.pathCost, path: search.path() };
    expect(first.length).toBeGreaterThan(20);
    expect(record()).toEqual(first);
    expect({ status: search.status, cost: search.pathCost, path: search.path() }).toEqual(outcome);

    // Unobserved steps walk the same way: k steps leave the k-th step's cell closed.
    search.reset(start, goal);
    expect(search.runSteps(10)).toBe(10);
    const tenth = first[9]!.cell;
    expect(search.order(tenth.x, tenth.y)).toBe(10);
    expect(search.runSteps(Number.POSITIVE_INFINITY)).toBe(first.length - 10);
  });
});

describe('cell view', () => {
  function expectViewAgrees(search: Search, grid: Grid): void {
    const view = search.cellView();
    expect(view.count).toBe(grid.width * grid.height);
    const phaseNumber = { unseen: 0, open: 1, closed: 2, path: 3 } as const;
    for (let y = 0; y < grid.height; ++y) {
      for (let x = 0; x < grid.width; ++x) {
        const id = y * grid.width + x;
        expect(view.phaseAt(id)).toBe(phaseNumber[search.phase(x, y)]);
        expect(view.orderAt(id)).toBe(search.order(x, y));
        const g = search.g(x, y);
        if (g === null) expect(view.gAt(id)).toBeNaN();
        else expect(view.gAt(id)).toBe(g);
        const parent = search.parent(x, y);
        expect(view.parentAt(id)).toBe(parent === null ? -1 : parent.y * grid.width + parent.x);
      }
    }
  }

  it('agrees with phase(), g(), order() and parent() mid-search and after it', () => {
    const grid = scrambledGrid();
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 39, y: 29 });
    search.runSteps(60);
    expectViewAgrees(search, grid);
    search.run();
    expectViewAgrees(search, grid);
  });

  it('follows a reset without being fetched again', () => {
    const grid = scrambledGrid();
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 39, y: 29 });
    search.run();
    const view = search.cellView();
    search.reset({ x: 0, y: 0 }, { x: 39, y: 29 });
    expect(search.cellView()).toBe(view);
    let seen = 0;
    for (let id = 0; id < view.count; ++id) if (view.phaseAt(id) !== 0) ++seen;
    expect(seen).toBe(1); // only the start, open
    expect(view.phaseAt(0)).toBe(1);
  });

  it('is fetched anew after memory grows', () => {
    const grid = scrambledGrid();
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 39, y: 29 });
    search.runSteps(30);
    const before = search.cellView();
    const costsBefore = grid.costs();
    // 3000 x 3000 needs 18 MB for costs and masks, more than the wasm heap had: memory
    // grows and the old buffer is detached.
    const big = keepGrid(engine.createGrid(3000, 3000));
    expect(costsBefore.length).toBe(0);
    const after = search.cellView();
    expect(after === before).toBe(false); // (toBe would try to print the detached view)
    expectViewAgrees(search, grid);
    expect(grid.costs().length).toBe(40 * 30);
    expect(big.costs().length).toBe(3000 * 3000);
  });
});

describe('open list', () => {
  // A small maze with uniform terrain, so that every algorithm runs on it (JPS needs that).
  //   S . . . . . . . . .
  //   . # # # # # # # . .
  //   . . . . . . . # . .
  //   . # # # # . . # . .
  //   . . . . # . . . . .
  //   . . . . # . # # # .
  //   . . . . . . . . . G
  const rows = ['..........', '.@@@@@@@..', '.......@..', '.@@@@..@..', '....@.....', '....@.@@@.', '..........'];
  const start = { x: 0, y: 0 };
  const goal = { x: 9, y: 6 };

  it.each(['astar', 'bfs', 'dfs', 'jps', 'bidirectional', 'ida'] as const)(
    '%s: the first entry is the cell the next step expands, and entries carry g, h and f',
    (algorithm) => {
      const grid = keepGrid(engine.parseMap(mapText(rows)));
      const search = keepSearch(engine.createSearch(grid, { algorithm, maxExpansions: 5000 }));
      expect(search.openList(8)).toEqual([]); // never started
      search.reset(start, goal);
      let steps = 0;
      while (search.status === 'running') {
        const list = search.openList(8);
        expect(list.length).toBeGreaterThan(0);
        expect(list.length).toBeLessThanOrEqual(8);
        for (const entry of list) {
          expect(grid.contains(entry.cell)).toBe(true);
          expect(Number.isFinite(entry.g) && Number.isFinite(entry.h) && Number.isFinite(entry.f)).toBe(true);
          if (algorithm === 'ida') {
            expect(entry.f).toBe(entry.g + entry.h);
          } else if (entry.side === 'forward') {
            expect([entry.g, entry.h, entry.f]).toEqual([
              search.g(entry.cell.x, entry.cell.y),
              search.h(entry.cell.x, entry.cell.y),
              search.f(entry.cell.x, entry.cell.y),
            ]);
          }
        }
        const step = search.step()!;
        const first = list[0]!;
        expect({ cell: step.cell, side: step.side, g: step.g, h: step.h, f: step.f }).toEqual(first);
        steps += 1;
      }
      expect(search.status).toBe('found');
      expect(steps).toBeGreaterThan(5);
      expect(search.openList(8)).toEqual([]); // finished: nothing more to take
    },
  );

  it('lists the whole open list in priority order, and bidirectional search both lists', () => {
    const grid = keepGrid(engine.parseMap(mapText(rows)));
    const search = keepSearch(engine.createSearch(grid));
    search.reset(start, goal);
    search.runSteps(12);
    const { openSize } = search.counters();
    const list = search.openList(openSize + 10);
    expect(list).toHaveLength(openSize);
    for (let i = 1; i < list.length; ++i) expect(list[i]!.f).toBeGreaterThanOrEqual(list[i - 1]!.f - 2 ** -20);
    expect(search.openList(3)).toEqual(list.slice(0, 3));

    search.setOptions({ algorithm: 'bidirectional' });
    search.reset(start, goal);
    search.runSteps(12);
    const both = search.openList(1000);
    expect(both).toHaveLength(search.counters().openSize);
    expect(new Set(both.map((entry) => entry.side))).toEqual(new Set(['forward', 'backward']));
  });

  it('needs a whole number >= 0 as the limit', () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 3, y: 3 });
    expect(search.openList(0)).toEqual([]);
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2' as unknown as number])
      expect(() => search.openList(bad)).toThrow(RangeError);
  });
});

describe('cell values (heat maps)', () => {
  it('gives h on every walkable cell and f where the search has been, agreeing with the per-cell reads', () => {
    const grid = keepGrid(engine.parseMap(mapText(['........', '.@@@@@..', '......@.', '..@.....'])));
    for (const algorithm of ['astar', 'greedy', 'bidirectional'] as const) {
      const search = keepSearch(engine.createSearch(grid, { algorithm }));
      search.reset({ x: 0, y: 0 }, { x: 7, y: 3 });
      search.runSteps(6);
      const h = search.cellValues('h'), f = search.cellValues('f');
      expect(h).toHaveLength(grid.width * grid.height);
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          const id = y * grid.width + x;
          if (grid.cost(x, y) === 0) expect(h[id]).toBeNaN();
          else expect(h[id]).toBeCloseTo(search.h(x, y), 5);
          const reached = search.phase(x, y) !== 'unseen';
          if (reached) expect(f[id], `${algorithm} f at ${x},${y}`).toBeCloseTo(search.f(x, y)!, 5);
          else expect(f[id]).toBeNaN();
        }
      }
      // A copy: later steps do not change what was read.
      const before = Array.from(f);
      search.runSteps(4);
      expect(Array.from(f)).toEqual(before);
    }
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

describe('D* Lite', () => {
  it('searches back from the goal: expand, key and rhs events, g and rhs channels, arrows toward the goal', () => {
    const grid = keepGrid(engine.parseMap(mapText(['....', '.@@.', '....'])));
    const search = keepSearch(engine.createSearch(grid, { algorithm: 'dstar-lite', diagonal: 'never' }));
    expect(search.reset({ x: 0, y: 0 }, { x: 3, y: 2 })).toBe(true);
    const first = search.step()!;
    // The goal is popped first: over-consistent (g infinite, rhs 0), with key [h(start, goal); 0].
    expect(first).toMatchObject({ cell: { x: 3, y: 2 }, g: 0, h: 5, f: 5 });
    expect(eventsOf(first, 'key')).toEqual([{ kind: 'key', cell: { x: 3, y: 2 }, outcome: 'over-consistent', k1: 5, k2: 0, newK1: null, oldG: Infinity }]);
    expect(eventsOf(first, 'rhs')).toEqual([
      { kind: 'rhs', cell: { x: 3, y: 1 }, outcome: 'queued', oldRhs: Infinity, newRhs: 1, k1: 1 + 4, next: { x: 3, y: 2 } },
      { kind: 'rhs', cell: { x: 2, y: 2 }, outcome: 'queued', oldRhs: Infinity, newRhs: 1, k1: 1 + 4, next: { x: 3, y: 2 } },
    ]);
    // Equal keys [5; 1]: the smaller cell id first.
    expect(search.openList(5).map((item) => item.cell)).toEqual([{ x: 3, y: 1 }, { x: 2, y: 2 }]);
    expect(search.openList(1)[0]).toEqual({ cell: { x: 3, y: 1 }, g: 1, h: 4, f: 5, side: 'forward' });
    search.run();
    expect(search.status).toBe('found');
    expect(search.pathCost).toBe(5);
    expect(search.path()[0]).toEqual({ x: 0, y: 0 });
    const view = search.cellView();
    expect(view.has('rhs')).toBe(true);
    const at = (x: number, y: number) => y * 4 + x;
    expect(view.valueAt('rhs', at(3, 2))).toBe(0);
    expect(view.gAt(at(2, 2))).toBe(1);
    // The parent is the next cell toward the goal.
    expect(view.parentAt(at(2, 2))).toBe(at(3, 2));
    expect(search.parent(2, 2)).toEqual({ x: 3, y: 2 });
    expect(search.routeTo({ x: 0, y: 0 })).toEqual(search.path());
  });

  it('finds the same cost as Dijkstra', () => {
    const grid = keepGrid(engine.parseMap(mapText(['.....@....', '..@..@.@..', '..@....@..', '..@@@@.@..', '.......@..'])));
    for (const diagonal of engine.catalog.diagonals)
      for (const costModel of engine.catalog.costModels) {
        const costs = (['dijkstra', 'dstar-lite'] as const).map((algorithm) => {
          const search = keepSearch(engine.createSearch(grid, { algorithm, diagonal, costModel }));
          search.reset({ x: 0, y: 0 }, { x: 9, y: 4 });
          search.run();
          return search.pathCost;
        });
        expect(costs[1]).toBeCloseTo(costs[0]!, 9);
      }
  });
});

describe('walks', () => {
  const walks: Walk[] = [];
  afterEach(() => {
    for (const walk of walks.splice(0)) walk.delete();
  });
  const keepWalk = (walk: Walk): Walk => (walks.push(walk), walk);
  const walkToEnd = (walk: Walk): WalkStep[] => {
    const steps: WalkStep[] = [];
    for (let step = walk.step(); step; step = walk.step()) {
      steps.push(step);
      if (steps.length > 100000) throw new Error('the walk does not end');
    }
    return steps;
  };

  it('walks a cheapest path with full knowledge, planning first, then moving, without replans', () => {
    const world = keepGrid(engine.parseMap(mapText(['......', '.@@@@.', '......'])));
    const walk = keepWalk(engine.createWalk(world));
    walk.setOptions({ algorithm: 'dstar-lite' }, 0);
    expect(walk.status).toBe('ready');
    expect(walk.reset({ x: 0, y: 1 }, { x: 5, y: 1 })).toBe(true);
    expect(walk.status).toBe('planning');
    expect(walk.planner.options.algorithm).toBe('dstar-lite');
    const steps = walkToEnd(walk);
    expect(walk.status).toBe('arrived');
    const plans = steps.filter((step) => step.kind === 'plan');
    const moves = steps.filter((step): step is Extract<WalkStep, { kind: 'move' }> => step.kind === 'move');
    expect(steps.slice(0, plans.length).every((step) => step.kind === 'plan')).toBe(true);
    expect(moves.at(-1)!.arrived).toBe(true);
    expect(moves.every((move) => move.replan === null && move.discovered.length === 0)).toBe(true);
    const walked = walk.walked();
    expect(walked[0]).toEqual({ x: 0, y: 1 });
    expect(walked.at(-1)).toEqual({ x: 5, y: 1 });
    expect(walk.counters()).toEqual({ steps: steps.length, moves: moves.length, walkedCost: 7, replans: 0,
      expandedThisPlan: plans.length, expandedTotal: plans.length });
    expect(moves.reduce((sum, move) => sum + move.cost, 0)).toBe(7);
    expect(walk.plannedPath()).toEqual([{ x: 5, y: 1 }]);
    expect([...walk.knownMask()].every((known) => known === 1)).toBe(true);
  });

  it('in unknown terrain discovers walls, replans with D* Lite and reports why', () => {
    // A wall the agent cannot see from the start lies across the straight way.
    const world = keepGrid(engine.parseMap(mapText(['.........', '.........', '....@....', '....@....', '....@....', '.........'])));
    const walk = keepWalk(engine.createWalk(world));
    walk.setOptions({ algorithm: 'dstar-lite', diagonal: 'never' }, 1);
    walk.reset({ x: 0, y: 3 }, { x: 8, y: 3 });
    // 3 x 3 around the start, at the map's west edge: 2 x 3.
    expect(walk.knownMask().reduce((sum, known) => sum + known, 0)).toBe(6);
    // The planner reads like any search while it plans: its queue, g and rhs.
    const first = walk.step();
    expect(first).toMatchObject({ kind: 'plan', expansion: { cell: { x: 8, y: 3 }, g: 0 } });
    expect(walk.planner.status).toBe('running');
    expect(walk.planner.openList(3).length).toBeGreaterThan(0);
    expect(walk.planner.cellView().valueAt('rhs', 3 * 9 + 8)).toBe(0);
    expect(walk.planner.g(8, 3)).toBe(0);
    const steps = [first!, ...walkToEnd(walk)];
    expect(walk.status).toBe('arrived');
    const moves = steps.filter((step): step is Extract<WalkStep, { kind: 'move' }> => step.kind === 'move');
    const discovered = moves.flatMap((move) => move.discovered);
    expect(discovered).toEqual(expect.arrayContaining([{ x: 4, y: 3 }]));
    expect(moves.some((move) => move.replan === 'path-blocked')).toBe(true);
    expect(walk.counters().replans).toBeGreaterThan(0);
    expect(walk.counters().walkedCost).toBe(moves.length);
    expect(walk.planner.stale).toBe(false);
  });

  it('replays exactly: the same calls at the same steps give the same walk', () => {
    const world = keepGrid(engine.parseMap(mapText(['..........', '...@......', '...@..@...', '...@..@...', '......@...'])));
    const run = (edits: boolean): { steps: WalkStep[]; walked: Point[] } => {
      const walk = keepWalk(engine.createWalk(world));
      walk.setOptions({ algorithm: 'dstar-lite' }, 2);
      walk.reset({ x: 0, y: 2 }, { x: 9, y: 2 });
      const steps: WalkStep[] = [];
      for (let i = 0; i < 400; i++) {
        if (edits && i === 12) {
          world.setCost(5, 2, 0);
          walk.worldChanged([{ x: 5, y: 2 }]);
        }
        if (edits && i === 20) walk.setGoal({ x: 9, y: 4 });
        const step = walk.step();
        if (!step) break;
        steps.push(step);
      }
      return { steps, walked: walk.walked() };
    };
    const first = run(true);
    world.setCost(5, 2, 1);
    const second = run(true);
    expect(second).toEqual(first);
    expect(first.walked.at(-1)).toEqual({ x: 9, y: 4 });
  });

  it('ends with no-path when the goal is walled off, and A* from scratch walks the same way', () => {
    const world = keepGrid(engine.parseMap(mapText(['.....', '...@@', '...@.'])));
    for (const algorithm of ['dstar-lite', 'astar'] as const) {
      const walk = keepWalk(engine.createWalk(world));
      walk.setOptions({ algorithm }, 1);
      walk.reset({ x: 0, y: 0 }, { x: 4, y: 2 });
      walkToEnd(walk);
      expect(walk.status).toBe('no-path');
      expect(walk.plannedPath()).toEqual([]);
    }
  });

  it('takes edits and goal moves at any time: while planning, while moving, after arriving', () => {
    const world = keepGrid(engine.createGrid(12, 6));
    const walk = keepWalk(engine.createWalk(world));
    walk.setOptions({ algorithm: 'dstar-lite', maxExpansions: 5000 }, 0);
    walk.reset({ x: 0, y: 2 }, { x: 11, y: 2 });
    walk.step();
    // An edit while planning goes into the plan in progress: no replan.
    world.setCost(6, 2, 0);
    walk.worldChanged([{ x: 6, y: 2 }]);
    expect(walk.status).toBe('planning');
    while (walk.status === 'planning') walk.step();
    expect(walk.counters().replans).toBe(0);
    expect(walk.plannedPath().some((p) => p.x === 6 && p.y === 2)).toBe(false);
    // Erasing it while moving: a cost went down, so it plans again.
    world.setCost(6, 2, 1);
    walk.worldChanged([{ x: 6, y: 2 }]);
    expect(walk.counters().replans).toBe(1);
    walkToEnd(walk);
    expect(walk.status).toBe('arrived');
    // A new goal after arriving: it walks on.
    walk.setGoal({ x: 0, y: 5 });
    expect(walk.counters().replans).toBe(2);
    walkToEnd(walk);
    expect(walk.status).toBe('arrived');
    expect(walk.agent()).toEqual({ x: 0, y: 5 });
    // A plan limited to fewer expansions than it needs gives up.
    walk.setOptions({ maxExpansions: 3 }, 0);
    walk.reset({ x: 0, y: 0 }, { x: 11, y: 5 });
    walkToEnd(walk);
    expect(walk.status).toBe('gave-up');
    expect(walk.counters().expandedTotal).toBe(3);
  });

  it('checks its arguments and keeps its planner read-only', () => {
    const world = keepGrid(engine.createGrid(5, 5));
    const walk = keepWalk(engine.createWalk(world));
    expect(() => walk.setOptions({}, 11)).toThrow(RangeError);
    expect(() => walk.setOptions({}, 1.5)).toThrow(RangeError);
    expect(() => walk.setOptions({ algorithm: 'nope' as never }, 1)).toThrow(/unknown algorithm/);
    expect(() => walk.reset({ x: 0.5, y: 0 }, { x: 1, y: 1 })).toThrow(RangeError);
    expect(walk.reset({ x: 0, y: 0 }, { x: 9, y: 9 })).toBe(false);
    expect(walk.status).toBe('ready');
    expect(() => walk.worldChanged([{ x: 5, y: 0 }])).toThrow(RangeError);
    expect(() => walk.setGoal({ x: -1, y: 0 })).toThrow(RangeError);
    expect(() => walk.planner.step()).toThrow(/read-only/);
    expect(() => walk.planner.reset({ x: 0, y: 0 }, { x: 1, y: 1 })).toThrow(/read-only/);
    expect(() => walk.planner.setOptions({})).toThrow(/read-only/);
    expect(() => walk.planner.setGrid(world)).toThrow(/read-only/);
    walk.setOptions({ algorithm: 'theta', diagonal: 'never' }, 0);
    walk.reset({ x: 0, y: 0 }, { x: 4, y: 4 });
    expect(walk.status).toBe('refused');
    expect(walk.refusal).toBe('any-angle');
    // The walk reads its world: the world refuses delete() until the walk is gone.
    expect(() => world.delete()).toThrow(/still read/);
    walk.delete();
    walks.splice(walks.indexOf(walk), 1);
    expect(() => walk.status).toThrow(/deleted/);
    expect(() => walk.planner.status).toThrow(/deleted/);
  });
});

describe('preparation (JPS+)', () => {
  // A corridor map: S at (0, 1), G at (9, 1), a wall with a gap.
  const MAP = [
    '..........',
    '.....@....',
    '.....@....',
    '..........',
  ];
  const S = { x: 0, y: 1 }, G = { x: 9, y: 1 };
  const jpsPlus = (grid: Grid, options: Partial<SearchOptions> = {}) => keepSearch(engine.createSearch(grid, { algorithm: 'jps-plus', ...options }));

  it('is preparing after reset, prepares in slices with progress, then begins as a fresh search', () => {
    const grid = keepGrid(engine.parseMap(mapText(MAP)));
    const search = jpsPlus(grid);
    expect(search.preparation()).toEqual({ needed: true, ready: false, done: 0, total: 8, bytes: 0 });
    expect(search.reset(S, G)).toBe(true);
    expect(search.status).toBe('preparing');
    expect(search.openList(5)).toEqual([]);
    expect(search.counters().expanded).toBe(0);
    expect(search.prepareSteps(3)).toBe(3);
    expect(search.preparation()).toEqual({ needed: true, ready: false, done: 3, total: 8, bytes: 40 * 16 });
    expect(search.cellView().has('jumpE')).toBe(false);
    expect(search.prepareSteps(0)).toBe(0);
    expect(search.prepareSteps(100)).toBe(5);
    expect(search.status).toBe('running');
    expect(search.preparation()).toEqual({ needed: true, ready: true, done: 8, total: 8, bytes: 40 * 16 });
    expect(search.counters().expanded).toBe(0);
    expect(search.openList(1).map((entry) => entry.cell)).toEqual([S]);
    // The jumps as channels: from (0, 1) east the wall at (5, 1) ends the jump 4 moves on.
    const view = search.cellView();
    expect(view.valueAt('jumpE', 1 * 10 + 0)).toBe(4);
    expect(view.valueAt('jumpN', 1 * 10 + 0)).toBe(1);
    expect(() => search.prepareSteps(-1)).toThrow(RangeError);
    expect(() => search.prepareSteps(1.5)).toThrow(RangeError);
  });

  it('finds what JPS finds, expansion by expansion, and step and run prepare first', () => {
    const grid = keepGrid(engine.parseMap(mapText(MAP)));
    const jps = keepSearch(engine.createSearch(grid, { algorithm: 'jps' }));
    const plus = jpsPlus(grid);
    jps.reset(S, G);
    plus.reset(S, G);
    for (;;) {
      const a = jps.step(), b = plus.step();
      expect(b?.cell).toEqual(a?.cell);
      expect(b && neighbours(b)).toEqual(a && neighbours(a));
      if (!a || !b) break;
    }
    expect(plus.status).toBe('found');
    expect(plus.path()).toEqual(jps.path());
    expect(plus.pathCost).toBe(jps.pathCost);
    const run = jpsPlus(grid);
    run.reset(S, G);
    expect(run.runSteps(0)).toBe(0);
    expect(run.status).toBe('preparing');
    run.run();
    expect(run.status).toBe('found');
    expect(run.counters().expanded).toBe(jps.counters().expanded);
  });

  it('is prepared once for two searches on one map, and again after an edit or another rule', () => {
    const grid = keepGrid(engine.parseMap(mapText(MAP)));
    const first = jpsPlus(grid), second = jpsPlus(grid), never = jpsPlus(grid, { diagonal: 'never' });
    first.reset(S, G);
    first.prepareSteps(Number.MAX_SAFE_INTEGER);
    second.reset(G, S);
    expect(second.status).toBe('preparing');
    expect(second.adoptPreparation(first)).toBe(true);
    expect(second.status).toBe('running');
    expect(second.cellView().valueAt('jumpW', 1 * 10 + 9)).toBe(first.cellView().valueAt('jumpW', 1 * 10 + 9));
    never.reset(S, G);
    expect(never.adoptPreparation(first)).toBe(false);
    expect(never.status).toBe('preparing');
    expect(() => second.adoptPreparation({} as Search)).toThrow(TypeError);
    grid.setCost(5, 0, 0);
    expect(first.stale).toBe(true);
    expect(first.prepareSteps(10)).toBe(0);
    first.reset(S, G);
    expect(first.status).toBe('preparing');
    expect(first.preparation().ready).toBe(false);
    first.run();
    expect(first.status).toBe('found');
  });

  it('is needed by no other search', () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    for (const row of engine.catalog.algorithms.filter((row) => !row.prepares)) {
      const search = keepSearch(engine.createSearch(grid, { algorithm: row.name }));
      expect(search.preparation(), row.name).toEqual({ needed: false, ready: true, done: 0, total: 0, bytes: 0 });
      search.reset({ x: 0, y: 0 }, { x: 3, y: 3 });
      expect(search.status, row.name).not.toBe('preparing');
      expect(search.prepareSteps(5), row.name).toBe(0);
    }
  });

  it('shows on a walk\'s planner, which stays read-only', () => {
    const world = keepGrid(engine.parseMap(mapText(MAP)));
    const walk = engine.createWalk(world);
    try {
      walk.setOptions({ algorithm: 'jps-plus' }, 0);
      walk.reset(S, G);
      expect(walk.status).toBe('planning');
      expect(walk.planner.status).toBe('preparing');
      expect(walk.planner.preparation()).toMatchObject({ needed: true, ready: false });
      expect(() => walk.planner.prepareSteps(1)).toThrow(/read-only/);
      const own = jpsPlus(world);
      expect(() => walk.planner.adoptPreparation(own)).toThrow(/read-only/);
      walk.runSteps(Number.MAX_SAFE_INTEGER);
      expect(walk.status).toBe('arrived');
      expect(walk.planner.preparation().ready).toBe(true);
    } finally {
      walk.delete();
    }
  });
});
