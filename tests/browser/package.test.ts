// The npm package's module in a browser: the built dist/package/index.js (what the tarball
// ships), imported from the test server as a page would import it from a CDN or through a
// bundler, and checked against the source engine on a Moving AI query.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type * as PackageModule from '../../web/src/package/index';
import { loadEngine as loadSourceEngine } from '../../web/src/package/index';

const distUrl = inject('distUrl');
let astarPackage: typeof PackageModule;
let arenaMap: string;
beforeAll(async () => {
  astarPackage = await import(/* @vite-ignore */ `${distUrl}package/index.js`);
  // Fetched, not imported with ?raw: Vite takes a .map file for a source map.
  arenaMap = await (await fetch(new URL('/tests/fixtures/movingai/arena.map', location.href))).text();
});

describe('the built package module in a browser', () => {
  it('finds the published optimal path of an arena.map query, as the source engine does', async () => {
    const astar = await astarPackage.loadEngine();
    expect(await astarPackage.loadEngine()).toBe(astar);
    const grid = astar.parseMap(arenaMap);
    // arena.map.scen, bucket 15: (1, 3) to (41, 47), optimal length 60.5685.
    const found = astar.findPath(grid, [1, 3], [41, 47], { algorithm: 'jps', diagonal: 'only-when-no-obstacles' });
    grid.delete();
    expect(found.status).toBe('found');
    expect(found.cost).toBeCloseTo(60.5685, 3);
    expect(found.path[0]).toEqual([1, 3]);
    expect(found.path.at(-1)).toEqual([41, 47]);

    const source = await loadSourceEngine();
    using sourceGrid = source.parseMap(arenaMap);
    expect(found).toEqual(source.findPath(sourceGrid, [1, 3], [41, 47], { algorithm: 'jps' }));
  });

  it('keeps the step-by-step objects and the catalog, and names the allowed values of a bad option', async () => {
    const astar = await astarPackage.loadEngine();
    expect(astar.catalog.algorithms.map((row) => row.name)).toContain('dstar-lite');
    using grid = astar.createGrid(5, 5);
    using search = astar.createSearch(grid, { algorithm: 'bfs', diagonal: 'never' });
    search.reset({ x: 0, y: 0 }, { x: 4, y: 4 });
    expect(search.step()?.cell).toEqual({ x: 0, y: 0 });
    expect(() => astar.findPath(grid, [0, 0], [4, 4], { algorithm: 'a-star' as 'astar' })).toThrow(
      new RangeError('unknown algorithm "a-star"; expected one of astar, dijkstra, greedy, bfs, dfs, jps, bidirectional, ida, theta, dstar-lite, jps-plus'),
    );
  });

  it('reclaims searches dropped without delete() in time, in a loop that awaits now and then', async () => {
    // 3,000 searches of 4 MB each is six times the 2 GB heap, so most must be reclaimed
    // along the way. (Chromium collects more eagerly than Node: this holds here even without
    // the collector hints, which tests/js/engine-memory.test.ts shows Node needs.)
    const astar = await astarPackage.loadEngine();
    const grid = astar.createGrid(512, 512);
    const before = astar.memoryUsage().liveObjects;
    const forget = (i: number) => {
      const search = astar.createSearch(grid, { algorithm: 'dijkstra' });
      search.reset({ x: i % 512, y: 0 }, { x: 511, y: 511 });
      search.runSteps(50);
    };
    for (let i = 0; i < 3000; i++) {
      forget(i);
      if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(astar.memoryUsage().liveObjects - before).toBeLessThan(500);
    expect(astar.findPath(grid, [0, 0], [511, 511], { diagonal: 'never' }).cost).toBe(1022);
  }, 120_000);
});
