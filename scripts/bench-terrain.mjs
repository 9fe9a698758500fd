// The terrain table of `npm run bench` (issue 18): JPS against A* on the Moving AI maps painted
// with patches of costlier terrain, in one Node process through the npm package
// (dist/package/index.js).
//
// Painting. The maps have one cost; each is painted with rectangles of cost 2 to 5 (swamp,
// forest, rubble) from a fixed seed, so every run paints the same map: sides from 3 cells to
// a twelfth of the map's shorter side, as many as would cover COVER of the map if none
// overlapped, over walkable cells only (walls stay walls, so every query's start and goal
// stay walkable).
//
// Queries: the same hardest queries per map as the other tables, 8-connected (the Moving AI
// rule). Their optimal lengths do not hold on the painted map, so each JPS cost is checked
// against A*'s (both optimal: tests/native check each against Dijkstra on painted maps); a
// difference is added to the caller's list of problems. Each engine runs on one search made
// once per map and reset per query. Times are µs per query: the median over --runs of the
// set's time, each run repeating the set for at least 50 ms (timePerQuery). The ratio divides A*'s time
// by JPS's, measured within seconds of each other on this machine. This prints a table; it
// asserts no speed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatNumber, printTargetList, table, timePerQuery } from './bench-tables.mjs';
import { ROOT, say } from './shell.mjs';

const PACKAGE = join(ROOT, 'dist/package/index.js');
// The page's seeded generator (web/src/generators/rng.ts), as the CLI bundle exports it.
const CLI_BUNDLE = join(ROOT, 'dist/cli/astar.mjs');
const COVER = 0.25;
const SEED = 18;

/** Paints `grid` (walls kept) with the seeded patches; returns the share of walkable cells painted. */
function paintTerrain(grid, { seededRandom, randomInt }, seed = SEED) {
  const { width, height } = grid;
  const costs = grid.costs();
  const next = seededRandom(seed);
  const between = (low, high) => randomInt(next, low, high);
  const longest = Math.max(3, Math.round(Math.min(width, height) / 12));
  const meanSide = (3 + longest) / 2;
  const patches = Math.round((COVER * width * height) / (meanSide * meanSide));
  for (let i = 0; i < patches; i++) {
    const w = between(3, longest), h = between(3, longest);
    const x0 = between(0, width - 1), y0 = between(0, height - 1);
    const cost = between(2, 5);
    for (let y = y0; y < Math.min(height, y0 + h); y++)
      for (let x = x0; x < Math.min(width, x0 + w); x++) if (costs[y * width + x] !== 0) costs[y * width + x] = cost;
  }
  grid.assign(costs);
  let walkable = 0, painted = 0;
  for (const cost of costs) {
    if (cost !== 0) walkable++;
    if (cost > 1) painted++;
  }
  return walkable === 0 ? 0 : painted / walkable;
}

/** Runs the queries once on `search`: each cost (null for no path) and the expansions in all. */
function answers(search, queries) {
  let expansions = 0;
  const costs = queries.map((q) => {
    search.reset(q.start, q.goal);
    search.run();
    expansions += search.counters().expanded;
    return search.status === 'found' ? search.pathCost : null;
  });
  return { costs, expansions };
}

function measureMap(astar, rng, map, options, problems) {
  const grid = astar.parseMap(readFileSync(join(map.folder, `${map.name}.map`), 'utf8'));
  const queries = map.indices.map((index) => map.queries[index]);
  const searches = [];
  try {
    const painted = paintTerrain(grid, rng);
    const [aStar, jps] = ['astar', 'jps'].map((algorithm) => {
      const search = astar.createSearch(grid, { algorithm });
      searches.push(search);
      return search;
    });
    const want = answers(aStar, queries), got = answers(jps, queries);
    got.costs.forEach((cost, i) => {
      const expected = want.costs[i];
      if ((cost === null) !== (expected === null) || (cost !== null && Math.abs(cost - expected) > 1e-6 * (1 + expected)))
        problems.push(`terrain table ${map.name} query ${map.indices[i]}: jps ${cost ?? 'no path'}, astar ${expected ?? 'no path'}`);
    });
    const runAll = (search) => () => {
      for (const q of queries) {
        search.reset(q.start, q.goal);
        search.run();
      }
    };
    return {
      name: map.name, size: `${grid.width}x${grid.height}`, queries: queries.length, painted,
      astarExpansions: want.expansions / queries.length, jpsExpansions: got.expansions / queries.length,
      astar: timePerQuery(options.runs, queries.length, runAll(aStar)), jps: timePerQuery(options.runs, queries.length, runAll(jps)),
    };
  } finally {
    for (const search of searches) search.delete();
    grid.delete();
  }
}

const ratio = (value) => `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}x`;
const geometricMean = (values) => Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

function printTable(rows) {
  const total = (pick) => rows.reduce((sum, row) => sum + pick(row), 0);
  const all = { name: 'all maps (sum)', size: '', queries: total((r) => r.queries), astar: total((r) => r.astar), jps: total((r) => r.jps) };
  console.log('');
  console.log('JPS on terrain (issue 18): the maps painted with patches of cost 2 to 5 (seed ' + SEED + '), the hardest queries per map,');
  console.log('8-connected, through the npm package in one process. µs per query (median of --runs); expansions per query.');
  console.log('A*/JPS above 1: JPS is faster. Every JPS cost equals A*\'s.');
  console.log(table([
    { title: 'map', value: (r) => r.name, left: true },
    { title: 'size', value: (r) => r.size },
    { title: 'painted', value: (r) => (r.painted === undefined ? '' : `${formatNumber(100 * r.painted)}%`) },
    { title: 'A* exp', value: (r) => formatNumber(r.astarExpansions) },
    { title: 'JPS exp', value: (r) => formatNumber(r.jpsExpansions) },
    { title: 'A* µs', value: (r) => formatNumber(r.astar, 1) },
    { title: 'JPS µs', value: (r) => formatNumber(r.jps, 1) },
    { title: 'A*/JPS', value: (r) => ratio(r.astar / r.jps) },
  ], [...rows, all]));
  const slow = rows.filter((r) => r.astar < 3 * r.jps);
  printTargetList('Target (issue 18):', [[
    'JPS on the painted maps at least 3x faster than our A*, same costs',
    `${rows.length - slow.length} of ${rows.length} maps at 3x or more${slow.length ? ` (below: ${slow.map((r) => `${r.name} ${ratio(r.astar / r.jps)}`).join(', ')})` : ''}; ` +
      `all maps ${ratio(all.astar / all.jps)} (sum), geometric mean ${ratio(geometricMean(rows.map((r) => r.astar / r.jps)))}`,
    slow.length === 0,
  ]]);
}

/**
 * Measures and prints the table for `maps` (each { name, folder, queries, indices }, the
 * queries as the CLI bundle's loadScenario gives them); wrong costs go into `problems`.
 */
export async function measureTerrainTable(maps, options, problems) {
  const { loadEngine } = await import(pathToFileURL(PACKAGE).href);
  const astar = await loadEngine();
  const rng = await import(pathToFileURL(CLI_BUNDLE).href);
  const rows = [];
  for (const [i, map] of maps.entries()) {
    if (map.indices.length === 0) continue;
    say('bench', `${map.name} (${i + 1}/${maps.length}): painted with terrain, JPS against A*...`);
    rows.push(measureMap(astar, rng, map, options, problems));
  }
  if (rows.length > 0) printTable(rows);
}
