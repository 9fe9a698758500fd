// The subgoal-graph table of `npm run bench` (issue 18): per map, the same hardest queries
// as the other tables, in one Node process through the npm package (dist/package/index.js),
//   8-connected (the Moving AI rule)  the subgoal graph against our JPS
//   4-connected                       the subgoal graph against l1-path-finder (Mikola
//                                     Lysenko's planner over the obstacles' concave corners,
//                                     the fastest 4-connected JavaScript pathfinder we know)
// Queries run on one search per engine, made once per map and reset per query (findPath
// keeps prepared searches the same way; the per-call cost of findPath is not what this
// measures). Preparation is timed apart: the subgoal graph's from a fresh search per run
// (reset, then prepareSteps to the end), l1-path-finder's createPlanner() likewise, the
// median of --runs, or of fewer when one run passes PREPARE_BUDGET_MS (random512-10-0 takes
// seconds). Query times are the median over --runs of the map's total, each run repeating
// the queries for at least 50 ms (timePerQuery). Ratios divide the other engine's time by the subgoal
// graph's, measured within seconds of each other on this machine.
//
// Costs are checked: 8-connected against the file's optimal length, 4-connected against
// l1-path-finder's distance (the file has no 4-connected lengths); a wrong one is added to
// the caller's list of problems. This prints a table; it asserts no speed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import createL1Planner from 'l1-path-finder';
import ndarray from 'ndarray';
import { median, timePerQuery } from './bench-tables.mjs';
import { ROOT, say } from './shell.mjs';

const PACKAGE = join(ROOT, 'dist/package/index.js');
const PREPARE_BUDGET_MS = 3000;

/** Median over `runs` of `once()`'s milliseconds, stopping early once a run passes the budget. */
function timePreparation(runs, once) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const began = performance.now();
    once();
    times.push(performance.now() - began);
    if (times.at(-1) > PREPARE_BUDGET_MS) break;
  }
  return { ms: median(times), runs: times.length };
}

/** A search of `options` on `grid`, prepared (timed apart, fresh per run), ready for queries. */
function preparedSearch(astar, grid, options, runs) {
  let search = null;
  const prepare = timePreparation(runs, () => {
    search?.delete();
    search = astar.createSearch(grid, options);
    const cell = firstWalkable(grid);
    search.reset(cell, cell);
    search.prepareSteps(Number.MAX_SAFE_INTEGER);
  });
  return { search, prepare };
}

function firstWalkable(grid) {
  const id = grid.costs().findIndex((cost) => cost > 0);
  return { x: id % grid.width, y: Math.floor(id / grid.width) };
}

/** Runs `queries` on a reused search once, returning each cost (null: no path). */
function costsOf(search, queries) {
  return queries.map((q) => {
    search.reset(q.start, q.goal);
    search.run();
    return search.status === 'found' ? search.pathCost : null;
  });
}

/**
 * The per-call floor: µs for a reset and run from a cell to itself (the first query's start),
 * which any query through the package pays whatever the search. A ratio of 10 against JPS
 * needs JPS to take at least ten times this.
 */
function floorOf(search, queries, runs) {
  const here = queries[0].start;
  return timePerQuery(runs, queries.length, () => {
    for (let i = 0; i < queries.length; i++) {
      search.reset(here, here);
      search.run();
    }
  });
}

function runAll(search, queries) {
  return () => {
    for (const q of queries) {
      search.reset(q.start, q.goal);
      search.run();
    }
  };
}

/** l1-path-finder's view of the grid: x first, walls non-zero. */
function l1Grid(grid) {
  const walls = Uint8Array.from(grid.costs(), (cost) => (cost === 0 ? 1 : 0));
  return ndarray(walls, [grid.width, grid.height], [1, grid.width]);
}

function measureMap(astar, map, options, problems) {
  const grid = astar.parseMap(readFileSync(join(map.folder, `${map.name}.map`), 'utf8'));
  const queries = map.indices.map((index) => map.queries[index]);
  const row = { name: map.name, size: `${grid.width}x${grid.height}`, queries: queries.length };
  try {
    // 8-connected: the subgoal graph against our JPS, against the file's optimal lengths.
    const sg8 = preparedSearch(astar, grid, { algorithm: 'subgoal-graph' }, options.runs);
    const jps = astar.createSearch(grid, { algorithm: 'jps' });
    for (const [name, search] of [['subgoal-graph', sg8.search], ['jps', jps]]) {
      costsOf(search, queries).forEach((cost, i) => {
        if (cost === null || Math.abs(cost - queries[i].optimal) > 0.01)
          problems.push(`subgoal table ${name} ${map.name} query ${map.indices[i]}: cost ${cost ?? 'no path'}, optimal ${queries[i].optimal}`);
      });
    }
    row.eight = {
      prepareMs: sg8.prepare.ms,
      prepareRuns: sg8.prepare.runs,
      bytes: sg8.search.preparation().bytes,
      sg: timePerQuery(options.runs, queries.length, runAll(sg8.search, queries)),
      jps: timePerQuery(options.runs, queries.length, runAll(jps, queries)),
      sgFloor: floorOf(sg8.search, queries, options.runs),
    };
    sg8.search.delete();
    jps.delete();

    // 4-connected: the subgoal graph against l1-path-finder, which must agree on every distance.
    const sg4 = preparedSearch(astar, grid, { algorithm: 'subgoal-graph', diagonal: 'never' }, options.runs);
    const walls = l1Grid(grid);
    let planner = null;
    const l1Prepare = timePreparation(options.runs, () => {
      planner = createL1Planner(walls);
    });
    const ours = costsOf(sg4.search, queries);
    queries.forEach((q, i) => {
      const theirs = planner.search(q.start.x, q.start.y, q.goal.x, q.goal.y);
      const reached = Number.isFinite(theirs) && theirs >= 0;
      if ((ours[i] === null) !== !reached || (reached && Math.abs(ours[i] - theirs) > 1e-9))
        problems.push(`subgoal table 4-connected ${map.name} query ${map.indices[i]}: subgoal-graph ${ours[i] ?? 'no path'}, l1-path-finder ${theirs}`);
    });
    row.four = {
      prepareMs: sg4.prepare.ms,
      prepareRuns: sg4.prepare.runs,
      l1PrepareMs: l1Prepare.ms,
      bytes: sg4.search.preparation().bytes,
      sg: timePerQuery(options.runs, queries.length, runAll(sg4.search, queries)),
      l1: timePerQuery(options.runs, queries.length, () => {
        for (const q of queries) planner.search(q.start.x, q.start.y, q.goal.x, q.goal.y);
      }),
    };
    sg4.search.delete();
  } finally {
    grid.delete();
  }
  return row;
}

const fixed = (digits) => (value) => value.toFixed(digits);
const ratio = (value) => `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}x`;

function printTable(rows) {
  const geometricMean = (values) => Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
  const total = (pick) => rows.reduce((sum, row) => sum + pick(row), 0);
  const all = {
    name: 'all maps (sum)',
    size: '',
    queries: total((r) => r.queries),
    eight: {
      prepareMs: total((r) => r.eight.prepareMs), bytes: total((r) => r.eight.bytes), sg: total((r) => r.eight.sg), jps: total((r) => r.eight.jps),
      sgFloor: NaN,
    },
    four: {
      prepareMs: total((r) => r.four.prepareMs), l1PrepareMs: total((r) => r.four.l1PrepareMs), bytes: total((r) => r.four.bytes),
      sg: total((r) => r.four.sg), l1: total((r) => r.four.l1),
    },
  };
  const columns = [
    ['map', (r) => r.name],
    ['size', (r) => r.size],
    ['8: prep ms', (r) => fixed(1)(r.eight.prepareMs)],
    ['MB', (r) => fixed(1)(r.eight.bytes / 1e6)],
    ['sg µs', (r) => fixed(1)(r.eight.sg)],
    ['JPS µs', (r) => fixed(1)(r.eight.jps)],
    ['JPS/sg', (r) => ratio(r.eight.jps / r.eight.sg)],
    ['floor µs', (r) => (Number.isNaN(r.eight.sgFloor) ? '–' : fixed(1)(r.eight.sgFloor))],
    ['4: prep ms', (r) => fixed(1)(r.four.prepareMs)],
    ['l1 prep ms', (r) => fixed(1)(r.four.l1PrepareMs)],
    ['sg µs', (r) => fixed(1)(r.four.sg)],
    ['l1 µs', (r) => fixed(1)(r.four.l1)],
    ['l1/sg', (r) => ratio(r.four.l1 / r.four.sg)],
  ];
  const cells = [columns.map(([title]) => title), ...[...rows, all].map((row) => columns.map(([, value]) => value(row)))];
  const widths = columns.map((_, c) => Math.max(...cells.map((line) => line[c].length)));
  console.log('');
  console.log('Subgoal graphs (issue 18): µs per query, the hardest queries per map, through the npm package in one process;');
  console.log('preparation apart (ms, median of up to --runs; MB held by the graph). 8-connected against our JPS, 4-connected');
  console.log('against l1-path-finder. Ratios: the other engine\'s time over the subgoal graph\'s (above 1: the subgoal graph is faster).');
  console.log('floor: the subgoal graph\'s reset and run from a cell to itself, which every query through the package pays.');
  for (const line of cells) console.log(line.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  const faster4 = rows.filter((r) => r.four.l1 > r.four.sg).length;
  const prepNoSlower4 = rows.filter((r) => r.four.prepareMs <= r.four.l1PrepareMs).length;
  const tenfold8 = rows.filter((r) => r.eight.jps >= 10 * r.eight.sg).map((r) => r.name);
  console.log(`4-connected: faster per query than l1-path-finder on ${faster4} of ${rows.length} maps (geometric mean ` +
    `${ratio(geometricMean(rows.map((r) => r.four.l1 / r.four.sg)))}); preparation no slower than l1's on ${prepNoSlower4} of ${rows.length}.`);
  console.log(`8-connected: at least 10x faster than our JPS on ${tenfold8.length} of ${rows.length} maps (${tenfold8.join(', ') || 'none'}); ` +
    `geometric mean ${ratio(geometricMean(rows.map((r) => r.eight.jps / r.eight.sg)))}.`);
  const belowFloor = rows.filter((r) => r.eight.jps < 10 * r.eight.sgFloor).map((r) => `${r.name} (JPS ${fixed(1)(r.eight.jps)} µs, floor ${fixed(1)(r.eight.sgFloor)} µs)`);
  console.log(`8-connected: out of reach through the package, JPS under 10x the subgoal graph's floor: ${belowFloor.join(', ') || 'none'}.`);
}

/**
 * Measures and prints the table for `maps` (each { name, folder, queries, indices }, the
 * queries as the CLI bundle's loadScenario gives them); wrong costs go into `problems`.
 */
export async function measureSubgoalTable(maps, options, problems) {
  const { loadEngine } = await import(pathToFileURL(PACKAGE).href);
  const astar = await loadEngine();
  const rows = [];
  for (const [i, map] of maps.entries()) {
    if (map.indices.length === 0) continue;
    say('bench', `${map.name} (${i + 1}/${maps.length}): subgoal graph, 8- and 4-connected, against JPS and l1-path-finder...`);
    rows.push(measureMap(astar, map, options, problems));
  }
  if (rows.length > 0) printTable(rows);
}
