// The package's findPath and prepare() with algorithms that prepare per map (the engine's
// kept searches, web/src/engine/path-searches.ts):
// the subgoal graph answers as Dijkstra does on random maps under both of its rules (goals
// cut off included), prepares once per grid and options, prepares again after an edit, and
// never stands in the way of grid.delete().
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../web/src/generators/rng';
import { loadEngine, type AstarEngine, type Grid, type PathOptions, type XY } from '../../web/src/package/index';

const astar: AstarEngine = await loadEngine();

/** A width x height grid with about `density` of its cells walls; `next` is seeded, so a failure names a map that can be made again. */
function randomGrid(next: () => number, width: number, height: number, density: number): Grid {
  const grid = astar.createGrid(width, height);
  grid.assign(Uint8Array.from({ length: width * height }, () => (next() < density ? 0 : 1)));
  return grid;
}

const RULES = ['only-when-no-obstacles', 'never'] as const;

describe('findPath with a subgoal graph', () => {
  it('finds what Dijkstra finds on random maps, under both rules, unreachable goals included', () => {
    const next = seededRandom(18);
    let unreachable = 0;
    for (let trial = 0; trial < 12; trial++) {
      using grid = randomGrid(next, 24 + trial, 20, 0.3);
      for (const diagonal of RULES) {
        for (let q = 0; q < 15; q++) {
          const point = (): XY => [Math.floor(next() * grid.width), Math.floor(next() * grid.height)];
          const start = point(), goal = point();
          const reference = astar.findPath(grid, start, goal, { algorithm: 'dijkstra', diagonal });
          const found = astar.findPath(grid, start, goal, { algorithm: 'subgoal-graph', diagonal });
          const where = `trial ${trial} ${diagonal} ${JSON.stringify(start)} -> ${JSON.stringify(goal)}`;
          expect(found.status, where).toBe(reference.status);
          if (reference.status !== 'found') {
            unreachable++;
            continue;
          }
          expect(found.cost, where).toBeCloseTo(reference.cost!, 9);
          expect(found.path[0], where).toEqual(start);
          expect(found.path.at(-1), where).toEqual(goal);
        }
      }
    }
    expect(unreachable).toBeGreaterThan(0); // the maps do cut some goals off
  });

  it('prepares once per grid and options: prepare() says what it took, later calls reuse it', () => {
    using grid = randomGrid(seededRandom(7), 200, 200, 0.2);
    const options: PathOptions = { algorithm: 'subgoal-graph', diagonal: 'only-when-no-obstacles' };
    const objects = astar.memoryUsage().liveObjects;
    const before = astar.memoryUsage().inUse;
    const first = astar.prepare(grid, options);
    expect(first.bytes).toBeGreaterThan(0);
    expect(first.milliseconds).toBeGreaterThan(0);
    // The kept search is the grid's, not an object of the caller's; its graph is in the heap.
    expect(astar.memoryUsage().liveObjects).toBe(objects);
    expect(astar.memoryUsage().inUse - before).toBeGreaterThanOrEqual(first.bytes);
    const again = astar.prepare(grid, options);
    expect(again).toEqual({ milliseconds: 0, bytes: first.bytes });
    const inUse = astar.memoryUsage().inUse;
    for (let i = 0; i < 20; i++) astar.findPath(grid, [0, 0], [199, 199], options);
    expect(astar.memoryUsage().inUse).toBe(inUse); // nothing made or prepared per call
    // Another rule is another graph, kept beside the first: preparing either again costs nothing.
    const never = astar.prepare(grid, { ...options, diagonal: 'never' });
    expect(never.milliseconds).toBeGreaterThan(0);
    expect(astar.prepare(grid, options).milliseconds).toBe(0);
    expect(astar.prepare(grid, { ...options, diagonal: 'never' }).milliseconds).toBe(0);
  });

  it('prepares again after an edit, and answers for the grid as edited', () => {
    const next = seededRandom(3);
    using grid = randomGrid(next, 40, 30, 0.25);
    const options: PathOptions = { algorithm: 'subgoal-graph', diagonal: 'never' };
    astar.prepare(grid, options);
    for (let edit = 0; edit < 10; edit++) {
      const [x, y] = [Math.floor(next() * 40), Math.floor(next() * 30)];
      grid.setCost(x, y, grid.cost(x, y) === 0 ? 1 : 0);
      const start: XY = [Math.floor(next() * 40), Math.floor(next() * 30)], goal: XY = [Math.floor(next() * 40), Math.floor(next() * 30)];
      const reference = astar.findPath(grid, start, goal, { algorithm: 'dijkstra', diagonal: 'never' });
      const found = astar.findPath(grid, start, goal, options);
      expect(found.status, `edit ${edit}`).toBe(reference.status);
      expect(found.cost, `edit ${edit}`).toBe(reference.cost);
    }
  });

  it('lets the grid be deleted, deleting what it kept for it', () => {
    const objects = astar.memoryUsage().liveObjects;
    const grid = randomGrid(seededRandom(5), 30, 30, 0.2);
    astar.findPath(grid, [0, 0], [29, 29], { algorithm: 'subgoal-graph' });
    astar.findPath(grid, [0, 0], [29, 29], { algorithm: 'jps-plus' });
    const inUse = astar.memoryUsage().inUse;
    expect(astar.memoryUsage().liveObjects).toBe(objects + 1); // the grid; the kept searches are its own
    grid.delete();
    expect(astar.memoryUsage().liveObjects).toBe(objects);
    expect(astar.memoryUsage().inUse).toBeLessThan(inUse);
  });

  it('refuses rules and maps it does not fit, in words', () => {
    using grid = astar.createGrid(8, 8);
    expect(() => astar.findPath(grid, [0, 0], [7, 7], { algorithm: 'subgoal-graph', diagonal: 'always' }))
      .toThrow('subgoal-graph takes diagonal never or only-when-no-obstacles, not always');
    expect(() => astar.prepare(grid, { algorithm: 'subgoal-graph', diagonal: 'if-at-most-one-obstacle' }))
      .toThrow(/not if-at-most-one-obstacle/);
    grid.setCost(3, 3, 5);
    expect(() => astar.prepare(grid, { algorithm: 'subgoal-graph' })).toThrow(/every walkable cell costs the same/);
    // Algorithms that prepare nothing have nothing to prepare.
    expect(astar.prepare(grid, { algorithm: 'astar' })).toEqual({ milliseconds: 0, bytes: 0 });
  });
});

describe('prepare() with a search on the navigation mesh', () => {
  it('builds the grid\'s mesh for the radius, which findPath then uses, and says what it took', () => {
    using grid = randomGrid(seededRandom(11), 60, 40, 0.2);
    const options: PathOptions = { algorithm: 'navmesh', radius: 0.5 };
    const first = astar.prepare(grid, options);
    expect(first.milliseconds).toBeGreaterThan(0);
    expect(first.bytes).toBeGreaterThan(0);
    // Built once: again, and through the other mesh search with the same radius, it costs nothing.
    expect(astar.prepare(grid, options)).toEqual({ milliseconds: 0, bytes: first.bytes });
    expect(astar.prepare(grid, { algorithm: 'polyanya', radius: 0.5 })).toEqual({ milliseconds: 0, bytes: first.bytes });
    // findPath finds the mesh made: its answer is what a grid with no mesh yet gives.
    using fresh = astar.createGrid(grid.width, grid.height);
    fresh.assign(grid.costs());
    const corners: [XY, XY] = [[0, 0], [59, 39]];
    for (const [x, y] of corners) { grid.setCost(x, y, 1); fresh.setCost(x, y, 1); }
    astar.prepare(grid, options);
    expect(astar.findPath(grid, ...corners, options)).toEqual(astar.findPath(fresh, ...corners, options));
  });

  it('refuses what findPath refuses, in the same words', () => {
    using grid = astar.createGrid(8, 8);
    expect(() => astar.prepare(grid, { algorithm: 'polyanya', diagonal: 'never' })).toThrow('findPath() option "diagonal" does not apply to polyanya');
    expect(() => astar.prepare(grid, { algorithm: 'navmesh', radius: -1 })).toThrow(RangeError);
    grid.setCost(3, 3, 5);
    expect(() => astar.prepare(grid, { algorithm: 'navmesh' })).toThrow(/every walkable cell costs the same/);
    expect(() => astar.findPath(grid, [0, 0], [7, 7], { algorithm: 'navmesh' })).toThrow(/every walkable cell costs the same/);
  });
});

describe('prepare() on a grid with no walkable cell', () => {
  it('is refused alike by every algorithm that prepares, on the grid or on its mesh, and is nothing to do for the others', () => {
    using grid = astar.createGrid(3, 3);
    grid.fill(0);
    const preparing = astar.catalog.algorithms.filter((row) => row.prepares).map((row) => row.name);
    expect(preparing).toEqual(expect.arrayContaining(['jps-plus', 'subgoal-graph', 'navmesh', 'polyanya']));
    for (const algorithm of preparing)
      expect(() => astar.prepare(grid, { algorithm }), algorithm).toThrow(new RangeError('prepare() needs a grid with a walkable cell'));
    expect(astar.prepare(grid, { algorithm: 'astar' })).toEqual({ milliseconds: 0, bytes: 0 });
    // One walkable cell is enough, for the mesh as for the grid.
    grid.setCost(1, 1, 1);
    for (const algorithm of preparing) expect(astar.prepare(grid, { algorithm }).bytes, algorithm).toBeGreaterThan(0);
  });
});

describe('findPath\'s cells', () => {
  it('takes [x, y] or { x, y } (as parseScenario gives them), returns [x, y], and names what it got when neither fits', () => {
    using grid = astar.parseMap('type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n');
    const [query] = astar.parseScenario('version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t5\n');
    const byObjects = astar.findPath(grid, query!.start, query!.goal);
    expect(byObjects).toEqual(astar.findPath(grid, [0, 0], [3, 2]));
    expect(byObjects.path[0]).toEqual([0, 0]);
    expect(() => astar.findPath(grid, { x: 4, y: 0 }, [3, 2])).toThrow('start must be [x, y] or { x, y }, a cell of this 4 x 3 grid; got { x: 4, y: 0 }');
    expect(() => astar.findPath(grid, [0, 0], { x: '1', y: 2 } as never)).toThrow('goal must be [x, y] or { x, y }, a cell of this 4 x 3 grid; got { x: string, y: 2 }');
    expect(() => astar.findPath(grid, null as never, [3, 2])).toThrow(/got null$/);
    // Something that is not a grid at all is named as such, before anything reads it.
    expect(() => astar.findPath({} as never, [0, 0], [3, 2])).toThrow(new TypeError('findPath() needs a Grid from parseMap() or createGrid(), got object'));
    expect(() => astar.prepare(null as never)).toThrow(new TypeError('prepare() needs a Grid from parseMap() or createGrid(), got null'));
  });
});
