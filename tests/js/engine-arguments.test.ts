// Bad arguments to every public function of the engine (and the package's findPath): each
// is refused with a TypeError (not a number, a string, an object where one is needed) or a
// RangeError (the right type, an unacceptable value) naming the argument, before anything
// reaches wasm, where a coordinate of 2^32 would wrap to 0 and a string would be converted.
// Each coordinate is read once, so a getter cannot pass the check and then say otherwise.
import { describe, expect, it } from 'vitest';

import { MAX_WEIGHT, type Point, type SearchOptions, type Walk } from '../../web/src/engine/engine';
import { loadEngine as loadPackage } from '../../web/src/package/index';
import { engine, keepGrid, keepSearch, keepWalk, mapText, useEngine } from './engine-fixture';

useEngine();

/** A point whose x is `first` when read the first time and `later` every time after. */
function fickle(first: number, later: number, y = 0): Point {
  let reads = 0;
  return { get x() { return reads++ === 0 ? first : later; }, y };
}

describe('coordinates', () => {
  it('are never wrapped: 2^32 + k is not cell k but outside the grid, and unsafe integers are refused', () => {
    const grid = keepGrid(engine.createGrid(8, 8));
    const search = keepSearch(engine.createSearch(grid));
    expect(search.reset({ x: 2 ** 32 + 1, y: 0 }, { x: 7, y: 7 })).toBe(false);
    expect(search.status).toBe('ready');
    expect(search.reset({ x: 0, y: 0 }, { x: 7, y: -(2 ** 32) + 7 })).toBe(false);
    expect(() => search.reset({ x: 2 ** 53, y: 0 }, { x: 7, y: 7 })).toThrow(/start must have integer x and y \(safe integers\), got start\.x = 9007199254740992/);
    expect(() => search.reset({ x: 0, y: 0 }, { x: '7', y: 7 } as unknown as Point)).toThrow(TypeError);
    expect(() => search.reset(null as unknown as Point, { x: 7, y: 7 })).toThrow(/start must be a point/);
    expect(() => grid.cost(2 ** 32 + 1, 0)).toThrow(RangeError);
    expect(() => search.routeTo({ x: 2 ** 32, y: 0 })).toThrow(RangeError);
    expect(grid.contains({ x: 2 ** 32, y: 0 })).toBe(false);
    expect(grid.contains({ x: '1', y: 1 } as unknown as Point)).toBe(false);
    expect(grid.contains({ x: 1.5, y: 1 })).toBe(false);
  });

  it('are read once: a getter that passes the check cannot be read again with another value', () => {
    const grid = keepGrid(engine.createGrid(8, 1));
    const search = keepSearch(engine.createSearch(grid));
    expect(search.reset(fickle(0, 2 ** 32 + 5), { x: 7, y: 0 })).toBe(true);
    search.run();
    expect(search.path()[0]).toEqual({ x: 0, y: 0 });
    expect(search.pathCost).toBe(7);

    const walk: Walk = engine.createWalk(grid);
    try {
      walk.setOptions({ algorithm: 'astar' }, 0);
      expect(walk.reset({ x: 0, y: 0 }, fickle(6, 2 ** 32 + 2))).toBe(true);
      walk.setGoal(fickle(4, 2 ** 32 + 1));
      while (walk.step());
      expect(walk.agent()).toEqual({ x: 4, y: 0 });
      expect(() => walk.setGoal({ x: 2 ** 32 + 1, y: 0 })).toThrow(RangeError);
    } finally {
      walk.delete();
    }
  });
});

describe('grid sizes and map text', () => {
  it('must be numbers: strings and booleans are not converted', () => {
    expect(() => engine.createGrid('5' as unknown as number, '5' as unknown as number)).toThrow(TypeError);
    expect(() => engine.createGrid(true as unknown as number, true as unknown as number)).toThrow(/width must be a number, got true/);
    expect(() => engine.createGrid(5, null as unknown as number)).toThrow(/height must be a number/);
    expect(() => engine.createGrid(2 ** 32 + 5, 5)).toThrow(RangeError);
  });

  it('map and scenario text must be strings: nothing is converted (no toString is called)', () => {
    let called = false;
    const impostor = { toString: () => { called = true; return mapText(['..']); } };
    expect(() => engine.parseMap(impostor as unknown as string)).toThrow(/parseMap\(\) needs the text of a \.map file/);
    expect(() => engine.parseScenario(42 as unknown as string)).toThrow(TypeError);
    expect(called).toBe(false);
  });

  it('costs and flags are checked by type too', () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    let called = false;
    const impostor = { toJSON: () => (called = true), toString: () => String(called = true), length: 16 };
    expect(() => grid.assign(impostor as unknown as Uint8Array)).toThrow('assign() needs a Uint8Array of 16 costs (4 x 4), got an object');
    expect(() => engine.algorithm(impostor as unknown as 'astar')).toThrow(/unknown algorithm an object; expected one of astar/);
    expect(() => engine.refusalFor(grid, null as unknown as SearchOptions)).toThrow(TypeError);
    expect(() => engine.refusalFor(grid, { algorithm: 'jps', diagonal: null, costModel: 'exact' } as unknown as SearchOptions)).toThrow(/unknown diagonal mode null/);
    expect(called).toBe(false);
    expect(() => grid.setCost(0, 0, '3' as unknown as number)).toThrow(/cost must be an integer/);
    expect(() => grid.fill(true as unknown as number)).toThrow(RangeError);
    const search = keepSearch(engine.createSearch(grid));
    expect(() => search.setTracing('no' as unknown as boolean)).toThrow(/setTracing\(\) needs true or false/);
    expect(() => search.runSteps('5' as unknown as number)).toThrow(RangeError);
  });
});

describe('counts', () => {
  it('of steps are whole numbers, as every count is: runSteps of a search, a walk and a mesh search refuse 1.5 as openList does, and take no step', () => {
    const grid = keepGrid(engine.createGrid(6, 6));
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 5, y: 5 });
    const walk = keepWalk(engine.createWalk(grid));
    walk.reset({ x: 0, y: 0 }, { x: 5, y: 5 });
    using mesh = engine.createMeshSearch(grid, { algorithm: 'polyanya', radius: 0 });
    mesh.reset({ x: 0, y: 0 }, { x: 5, y: 5 });
    for (const bad of [1.5, -1, NaN, 2 ** 53, '5'] as unknown as number[]) {
      let words = '';
      try {
        search.openList(bad);
      } catch (error) {
        words = (error as Error).message.replace('openList() limit', 'runSteps() count');
      }
      expect(words).toMatch(/^runSteps\(\) count must be a whole number >= 0, got /);
      for (const runSteps of [(n: number) => search.runSteps(n), (n: number) => walk.runSteps(n), (n: number) => mesh.runSteps(n)])
        expect(() => runSteps(bad), String(bad)).toThrow(new RangeError(words));
    }
    expect(search.counters().expanded).toBe(0);
    expect(walk.counters().steps).toBe(0);
    expect(mesh.counters().expanded).toBe(0);
    // Infinity still means as many as there are.
    expect(search.runSteps(Infinity)).toBe(search.counters().expanded);
    expect(search.status).toBe('found');
    expect(mesh.runSteps(Infinity)).toBeGreaterThan(0);
    expect(mesh.status).toBe('found');
  });
});

describe('options', () => {
  it('reject unknown option names, naming the option, in createSearch, setOptions, a walk and findPath', async () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    expect(() => engine.createSearch(grid, { algoritm: 'jps' } as Partial<SearchOptions>)).toThrow(/unknown option "algoritm"/);
    const search = keepSearch(engine.createSearch(grid));
    expect(() => search.setOptions({ diagnal: 'never' } as Partial<SearchOptions>)).toThrow(/unknown option "diagnal"; the options are algorithm, diagonal/);
    expect(() => search.setOptions('astar' as unknown as Partial<SearchOptions>)).toThrow(TypeError);
    const walk = engine.createWalk(grid);
    try {
      expect(() => walk.setOptions({ sense: 2 } as Partial<SearchOptions>, 0)).toThrow(/unknown option "sense"/);
      expect(() => walk.setOptions({}, '2' as unknown as number)).toThrow(/senseRadius/);
    } finally {
      walk.delete();
    }
    const astar = await loadPackage();
    expect(() => astar.findPath(grid, [0, 0], [3, 3], { cost: 'exact' } as object)).toThrow(/unknown findPath\(\) option "cost"/);
  });

  it('reject weights above MAX_WEIGHT, and null for any option (undefined means the default)', async () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    expect(() => engine.createSearch(grid, { weight: MAX_WEIGHT + 1 })).toThrow(`weight must be a number from 0 to ${MAX_WEIGHT}`);
    const search = keepSearch(engine.createSearch(grid, { weight: MAX_WEIGHT }));
    expect(search.options.weight).toBe(MAX_WEIGHT);
    expect(() => search.setOptions({ weight: Infinity })).toThrow(/weight/);
    // Each error names the option (enumerations by what they are: 'unknown cost model null').
    const named = { algorithm: 'algorithm', diagonal: 'diagonal mode', heuristic: 'heuristic', weight: 'weight', costModel: 'cost model', maxExpansions: 'maxExpansions' };
    for (const [key, name] of Object.entries(named))
      expect(() => search.setOptions({ [key]: null } as unknown as Partial<SearchOptions>), key).toThrow(new RegExp(`${name}.*null`));
    expect(search.options).toEqual({ algorithm: 'astar', diagonal: 'only-when-no-obstacles', weight: MAX_WEIGHT, costModel: 'exact' });
    search.setOptions({ heuristic: 'zero', maxExpansions: 5 });
    search.setOptions({ heuristic: undefined, maxExpansions: undefined, algorithm: undefined });
    expect(search.options).toEqual({ algorithm: 'astar', diagonal: 'only-when-no-obstacles', weight: MAX_WEIGHT, costModel: 'exact' });
    const astar = await loadPackage();
    expect(() => astar.findPath(grid, [0, 0], [3, 3], { algorithm: null } as unknown as object)).toThrow(/algorithm.*null/);
    expect(() => astar.findPath(grid, [0, 0], [3, 3], { weight: 101 })).toThrow(RangeError);
    expect(() => astar.findPath(grid, [0, 0], [2 ** 32 + 3, 3])).toThrow(/goal/);
  });

  it('cellValues takes only h or f', () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 3, y: 3 });
    expect(() => search.cellValues('zz' as 'h')).toThrow(/cellValues\(\) takes "h" or "f", got "zz"/);
    expect(search.cellValues('f')[0]).toBeCloseTo(3 * Math.SQRT2);
  });
});
