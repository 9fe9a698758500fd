// The package's findPath against what it replaced, on one Moving AI map (issue 18, second
// point): findPath used to make, zero-fill and delete a search per call; now it keeps one per
// grid and algorithm and only resets it. Both are measured in this run, through the built
// package (dist/package/index.js):
//
//   fresh search  createSearch, reset, run, path(), delete: exactly the old findPath's body
//   findPath      the package's findPath, its kept search warmed by one call first
//
// for A* and JPS, on queries between neighbouring cells (where allocation was most of the
// time) and on the map's hardest scenario queries (where the search is). Each figure is the
// median per-call time over --runs rounds; a round times every query of its row once.
// Results of the two forms are compared and a mismatch stops the program.
//
//   node scripts/bench-find-path.mjs [--map NewYork_0_1024] [--runs 15] [--hard 10] [--near 200]
//
// Needs `node scripts/build.mjs` first. A program that prints a table, not a test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './shell.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const mapName = option('map', 'NewYork_0_1024');
const runs = Number(option('runs', 15));
const hardCount = Number(option('hard', 10));
const nearCount = Number(option('near', 200));

const { loadEngine } = await import(pathToFileURL(join(ROOT, 'dist/package/index.js')).href);
const astar = await loadEngine();
const folder = join(ROOT, '..', 'shared', 'movingai');
const grid = astar.parseMap(readFileSync(join(folder, `${mapName}.map`), 'utf8'));
const scenario = astar.parseScenario(readFileSync(join(folder, `${mapName}.map.scen`), 'utf8'));

// Neighbouring cells: walkable cells with a walkable east neighbour, spread over the map.
const costs = grid.costs();
const near = [];
for (let id = 0; near.length < nearCount && id < costs.length; id += 7919) {
  const x = id % grid.width, y = Math.floor(id / grid.width);
  if (x + 1 < grid.width && costs[id] && costs[id + 1]) near.push([[x, y], [x + 1, y]]);
}
const hard = [...scenario].sort((a, b) => b.optimal - a.optimal).slice(0, hardCount)
  .map((query) => [[query.start.x, query.start.y], [query.goal.x, query.goal.y]]);

function freshSearch(start, goal, options) {
  const search = astar.createSearch(grid, options);
  try {
    search.reset({ x: start[0], y: start[1] }, { x: goal[0], y: goal[1] });
    search.run();
    return { status: search.status, cost: search.pathCost, length: search.path().length, expanded: search.counters().expanded };
  } finally {
    search.delete();
  }
}

function keptSearch(start, goal, options) {
  const found = astar.findPath(grid, start, goal, options);
  return { status: found.status, cost: found.cost, length: found.path.length, expanded: found.expanded };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median over rounds of the mean time per call, in µs. */
function time(form, queries, options) {
  const perCall = [];
  for (let round = 0; round < runs; round++) {
    const began = performance.now();
    for (const [start, goal] of queries) form(start, goal, options);
    perCall.push(((performance.now() - began) * 1000) / queries.length);
  }
  return median(perCall);
}

const rows = [];
for (const algorithm of ['astar', 'jps']) {
  const options = { algorithm };
  for (const [label, queries] of [[`neighbouring cells (${near.length})`, near], [`hardest queries (${hard.length})`, hard]]) {
    for (const [start, goal] of queries) {
      const [a, b] = [freshSearch(start, goal, options), keptSearch(start, goal, options)];
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${algorithm} ${start} -> ${goal}: fresh ${JSON.stringify(a)}, kept ${JSON.stringify(b)}`);
    }
    const fresh = time(freshSearch, queries, options);
    const kept = time(keptSearch, queries, options);
    rows.push([algorithm, label, fresh, kept]);
  }
}

const format = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
console.log(`findPath on ${mapName} (${grid.width} x ${grid.height}), median of ${runs} rounds, per call`);
console.log('| algorithm | queries | fresh search per call | findPath (kept search) | speed-up |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const [algorithm, label, fresh, kept] of rows)
  console.log(`| ${algorithm} | ${label} | ${format(fresh)} | ${format(kept)} | ${(fresh / kept).toFixed(1)}x |`);
grid.delete();
