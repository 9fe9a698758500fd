// The first two tables of `npm run bench` (issues 2, 8 and 17): the hardest Moving AI queries
// through the core natively and as wasm, and through PathFinding.js. A* against the other
// engines in the first table; jump point search, JPS+ and bidirectional A* in the second
// ("the search family"); then the issues' targets, met or missed. bench.mjs describes the
// engines and how they are timed; it loads the maps and their queries and calls
// measureSearches. This prints tables; it asserts no speed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PF from 'pathfinding';
import { formatNumber, median, printTargetList, table } from './bench-tables.mjs';
import { ROOT, StepError, say } from './shell.mjs';

export const NATIVE_TOOL = join(ROOT, 'build/native/bench_native');

// Each timed run of a map repeats its queries until it lasts this long (native and wasm),
// so small maps are not timed at the clock's resolution.
const MIN_RUN_MS = 20;
const WASM_WARM_UP_MS = 500;

// The issue's targets, reported as met or missed (never asserted).
const TARGET_NATIVE_EXPANSIONS_PER_SECOND = 10e6;
const TARGET_WASM_OVER_NATIVE = 1.5;
const TARGET_PATHFINDING_OVER_WASM = 25;
const TARGET_BYTES_PER_CELL = 16;
const TARGET_ASTAR_OVER_JPS = 8;
const TARGET_PATHFINDING_JPS_OVER_JPS = 40;
// The core's algorithms timed here, by CLI name (the names createSearch and bench_native
// take). A* is the reference the others are compared with; JPS+ is also compared with JPS,
// which it must equal expansion for expansion.
const ALGORITHMS = ['astar', 'jps', 'jps-plus', 'bidirectional'];

// PathFinding.js on the core's default rules: octile distances, and diagonal moves only
// between two free cells (Moving AI's rule), so its optimal lengths are the file's.
const PATHFINDING_OPTIONS = Object.freeze({
  diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
  heuristic: PF.Heuristic.octile,
});
const PATHFINDING_FINDERS = {
  astar: () => new PF.AStarFinder(PATHFINDING_OPTIONS),
  // A factory, not a class: it returns the jump point finder written for the diagonal rule.
  jps: () => PF.JumpPointFinder(PATHFINDING_OPTIONS),
  bidirectional: () => new PF.BiAStarFinder(PATHFINDING_OPTIONS),
};

// Moving AI's synthetic sets (mazes, random obstacles, rooms) and street maps follow these
// naming patterns; every other map here comes from a game. The targets name game maps.
const NON_GAME_MAP = /^(maze|random|\d+room)|_\d+_\d+$/;

function runNative(map, runs) {
  const args = ['--algorithms', ALGORITHMS.join(','), '--runs', String(runs), '--min-run-ms', String(MIN_RUN_MS),
    map.scenarioPath, '--only', map.indices.join(',')];
  const result = spawnSync(NATIVE_TOOL, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new StepError(`could not run ${NATIVE_TOOL}: ${result.error.message}`);
  if (result.status !== 0) throw new StepError(`bench_native failed: ${result.stderr.trim() || `exit ${result.status}`}`);
  return JSON.parse(result.stdout);
}

/** Runs every query of `queries` once with `search`; returns the milliseconds taken. */
function wasmPass(search, queries) {
  const began = performance.now();
  for (const query of queries) {
    search.reset(query.start, query.goal);
    search.run();
  }
  return performance.now() - began;
}

// V8 first runs wasm through its baseline compiler and optimises hot functions later,
// in the background; the native build is optimised ahead of time. Both are compared
// in their steady state, so the wasm engine works for a while before anything is timed,
// with each algorithm, since each has its own hot functions (JPS its scans).
function warmUpWasm(engine, map, algorithm) {
  const search = engine.createSearch(map.grid, { algorithm });
  try {
    const queries = map.indices.map((index) => map.queries[index]);
    const until = performance.now() + WASM_WARM_UP_MS;
    while (performance.now() < until) wasmPass(search, queries);
  } finally {
    search.delete();
  }
}

/**
 * The per-map preparation of an algorithm that has one (JPS+'s jump table): per run, a fresh
 * search's reset and preparation to the end, in microseconds; [] for the others.
 */
function measureWasmPreparation(engine, map, algorithm, runs) {
  if (!engine.algorithm(algorithm).prepares) return [];
  const query = map.queries[map.indices[0]];
  const micros = [];
  for (let run = 0; run < runs; run++) {
    const search = engine.createSearch(map.grid, { algorithm });
    try {
      const began = performance.now();
      search.reset(query.start, query.goal);
      search.prepareSteps(Number.MAX_SAFE_INTEGER);
      micros.push((performance.now() - began) * 1000);
      if (!search.preparation().ready) throw new StepError(`${algorithm} on ${map.name}: the preparation did not finish`);
    } finally {
      search.delete();
    }
  }
  return micros;
}

function measureWasm(engine, map, algorithm, runs, matchesOptimal) {
  const search = engine.createSearch(map.grid, { algorithm });
  try {
    const queries = map.indices.map((index) => map.queries[index]);
    // The check pass below prepares what the timed passes then reuse.
    const report = { expanded: 0, mismatches: [], runMicros: [], prepareMicros: measureWasmPreparation(engine, map, algorithm, runs) };
    queries.forEach((query, i) => {
      search.reset(query.start, query.goal);
      search.run();
      const cost = search.status === 'found' ? search.pathCost : null;
      report.expanded += search.counters().expanded;
      if (!matchesOptimal(query.optimal, cost)) report.mismatches.push({ index: map.indices[i], optimal: query.optimal, cost });
    });
    // As in the native tool: a run repeats the set until it lasts MIN_RUN_MS.
    const passes = Math.min(1e6, Math.max(1, Math.ceil(MIN_RUN_MS / Math.max(wasmPass(search, queries), 1e-3))));
    for (let run = 0; run < runs; run++) {
      let total = 0;
      for (let pass = 0; pass < passes; pass++) total += wasmPass(search, queries);
      report.runMicros.push((total * 1000) / passes);
    }
    return report;
  } finally {
    search.delete();
  }
}

/**
 * Length of a PathFinding.js path ([[x, y], ...]), each segment measured as octile distance.
 * Its A* returns one cell per step; a jump point search may return only the jump points,
 * and every segment between two of them is a straight or diagonal line, whose length the
 * octile distance is. So one measure serves both.
 */
function pathLength(path) {
  let length = 0;
  for (let i = 1; i < path.length; i++) {
    const dx = Math.abs(path[i][0] - path[i - 1][0]);
    const dy = Math.abs(path[i][1] - path[i - 1][1]);
    length += Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
  }
  return length;
}

/** The map as a PathFinding.js grid; every finder searches clones of it. */
function pathfindingGrid(map) {
  const { width, height } = map.grid;
  const costs = map.grid.costs();
  if (costs.some((cost) => cost > 1)) throw new StepError(`${map.name} has terrain costs, which PathFinding.js cannot weigh`);
  const matrix = Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) => (costs[y * width + x] === 0 ? 1 : 0)),
  );
  return new PF.Grid(width, height, matrix);
}

function measurePathfinding(map, grid, finder, runs, matchesOptimal) {
  const queries = map.indices.map((index) => map.queries[index]);
  const report = { expanded: 0, mismatches: [], runMicros: [], cloneMicros: [] };
  for (let run = 0; run < runs; run++) {
    let total = 0;
    let cloning = 0;
    queries.forEach((query, i) => {
      const began = performance.now();
      const copy = grid.clone();
      const cloned = performance.now();
      const path = finder.findPath(query.start.x, query.start.y, query.goal.x, query.goal.y, copy);
      const ended = performance.now();
      total += ended - began;
      cloning += cloned - began;
      if (run > 0) return;
      // Checked outside the timed region: PathFinding.js marks what it expanded on the nodes.
      const cost = path.length > 0 ? pathLength(path) : null;
      if (!matchesOptimal(query.optimal, cost)) report.mismatches.push({ index: map.indices[i], optimal: query.optimal, cost });
      for (const row of copy.nodes) for (const node of row) if (node.closed) report.expanded++;
    });
    report.runMicros.push(total * 1000);
    report.cloneMicros.push(cloning * 1000);
  }
  return report;
}

// ---------------------------------------------------------------------------------------
// Reporting

function perEngine(report, queries) {
  if (!report) return null;
  const micros = median(report.runMicros);
  return {
    microsPerQuery: micros / queries,
    expansionsPerSecond: report.expanded / (micros / 1e6),
    totalMicros: micros,
    expanded: report.expanded,
    // PathFinding.js only: the part of its time spent cloning its grid.
    cloneMicros: report.cloneMicros ? median(report.cloneMicros) : 0,
    // Algorithms that prepare per map (JPS+): the preparation, apart from the queries.
    prepareMicros: report.prepareMicros?.length ? median(report.prepareMicros) : 0,
  };
}

/** One engine over all maps, from `pick(row)` of every row; null unless every map has it. */
function summarise(rows, pick) {
  if (rows.length === 0 || !rows.every((row) => pick(row))) return null;
  const sum = (field) => rows.reduce((total, row) => total + pick(row)[field], 0);
  const totalMicros = sum('totalMicros');
  const expanded = sum('expanded');
  const queries = rows.reduce((total, row) => total + row.queries, 0);
  return {
    microsPerQuery: totalMicros / queries, expansionsPerSecond: expanded / (totalMicros / 1e6), totalMicros, expanded,
    cloneMicros: sum('cloneMicros'), prepareMicros: sum('prepareMicros'),
  };
}

/** summarise() for each engine of a family (row.native, row.wasm, row.pathfinding: { algorithm: engine }). */
function summariseFamily(rows, family, algorithms) {
  return Object.fromEntries(algorithms.map((algorithm) => [algorithm, summarise(rows, (row) => row[family]?.[algorithm])]));
}

/** How many times longer `slower` took than `faster` (both per-map or all-map engines). */
function speedRatio(slower, faster) {
  return slower && faster ? slower.totalMicros / faster.totalMicros : null;
}

function meanExpansions(engine, queries) {
  return engine ? engine.expanded / queries : null;
}

function clonePercent(engine) {
  return engine ? (100 * engine.cloneMicros) / engine.totalMicros : null;
}

/** The row with the smallest `measure(row)`, and that value. */
function least(rows, measure) {
  return rows.reduce((best, row) => {
    const value = measure(row);
    return value !== null && value < best.value ? { row, value } : best;
  }, { row: null, value: Infinity });
}

/** Compiler and optimisation flags of a CMake build, as its cache and link line record them. */
function buildFlags(buildDir, linkTarget) {
  const read = (path) => (existsSync(join(ROOT, buildDir, path)) ? readFileSync(join(ROOT, buildDir, path), 'utf8') : '');
  const cache = read('CMakeCache.txt');
  const type = /^CMAKE_BUILD_TYPE:\w+=(.*)$/m.exec(cache)?.[1] ?? '';
  if (!cache) return 'not configured';
  const flags = type ? (new RegExp(`^CMAKE_CXX_FLAGS_${type.toUpperCase()}:\\w+=(.*)$`, 'm').exec(cache)?.[1] ?? '') : '';
  const compilerFile = readdirSync(join(ROOT, buildDir, 'CMakeFiles'))
    .map((entry) => read(`CMakeFiles/${entry}/CMakeCXXCompiler.cmake`))
    .find(Boolean) ?? '';
  const id = /CMAKE_CXX_COMPILER_ID "(\w+)"/.exec(compilerFile)?.[1] ?? 'unknown compiler';
  const version = /CMAKE_CXX_COMPILER_VERSION "([\d.]+)"/.exec(compilerFile)?.[1] ?? '';
  const linkOptimisation = linkTarget
    ? /^\S+\s(.*)$/.exec(read(`CMakeFiles/${linkTarget}.dir/link.txt`).split('\n')[0])?.[1].match(/(?<=\s|^)-O\w/g)?.pop()
    : undefined;
  const compiler = /^CMAKE_CXX_COMPILER:\w+=(.*)$/m.exec(cache)?.[1]?.split('/').pop() ?? '';
  return `${compiler} (${id} ${version}) ${flags}${linkOptimisation ? `, link ${linkOptimisation}` : ''} (CMake ${type || 'no build type'})`;
}

function allMapsRow(rows, options) {
  return {
    name: 'all maps',
    size: '',
    queries: rows.reduce((sum, row) => sum + row.queries, 0),
    native: summariseFamily(rows, 'native', ALGORITHMS),
    wasm: summariseFamily(rows, 'wasm', ALGORITHMS),
    textbook: summarise(rows, (row) => row.textbook),
    pathfinding: options.pathfinding ? summariseFamily(rows, 'pathfinding', Object.keys(PATHFINDING_FINDERS)) : null,
    pathfindingBidirectionalLonger: rows.reduce((sum, row) => sum + (row.pathfindingBidirectionalLonger ?? 0), 0),
  };
}

function printAStarTable(rows, all, native, options) {
  const columns = [
    { title: 'map', left: true, value: (r) => r.name },
    { title: 'size', left: true, value: (r) => r.size },
    { title: 'queries', value: (r) => String(r.queries) },
    { title: 'mean exp', value: (r) => formatNumber(meanExpansions(r.native.astar, r.queries)) },
    { title: 'native us/q', value: (r) => formatNumber(r.native.astar.microsPerQuery, 1) },
    { title: 'native exp/s', value: (r) => `${formatNumber(r.native.astar.expansionsPerSecond / 1e6, 2)} M` },
    { title: 'wasm us/q', value: (r) => formatNumber(r.wasm.astar.microsPerQuery, 1) },
    { title: 'wasm exp/s', value: (r) => `${formatNumber(r.wasm.astar.expansionsPerSecond / 1e6, 2)} M` },
    { title: 'wasm/native', value: (r) => formatNumber(speedRatio(r.wasm.astar, r.native.astar), 2) },
  ];
  if (options.pathfinding) {
    columns.push(
      { title: 'PF.js us/q', value: (r) => formatNumber(r.pathfinding?.astar?.microsPerQuery, 0) },
      { title: 'PF.js/wasm', value: (r) => formatNumber(speedRatio(r.pathfinding?.astar, r.wasm.astar), 1) },
      { title: 'PF clone %', value: (r) => formatNumber(clonePercent(r.pathfinding?.astar), 0) },
    );
  }
  columns.push(
    { title: 'textbook us/q', value: (r) => formatNumber(r.textbook.microsPerQuery, 1) },
    { title: 'textbook exp/s', value: (r) => `${formatNumber(r.textbook.expansionsPerSecond / 1e6, 2)} M` },
  );

  console.log('');
  console.log(table(columns, [...rows, all]));
  console.log('');
  console.log(`us/q: microseconds per query, median over runs of each map's total (native and wasm: ${options.runs} runs,` +
    ` each repeating the queries for at least ${MIN_RUN_MS} ms, after a ${WASM_WARM_UP_MS} ms wasm warm-up per algorithm` +
    (options.pathfinding ? `; PathFinding.js: ${options.pathfindingRuns} run` : '') + ').');
  console.log('exp/s: expansions per second. mean exp: expansions per query of the core (native and wasm expand the same cells).');
  if (options.pathfinding) console.log('PF clone %: share of PathFinding.js time spent cloning its grid, which its README requires per query.');
  console.log('textbook: std::priority_queue A* with lazy deletion, same queries, native, for context (its own tie-breaking).');
  console.log(`native build: ${buildFlags('build/native')}. wasm build: ${buildFlags('build/wasm', 'astar_wasm')}, Node ${process.versions.node}.`);
  console.log(`search state: ${native.cellStateBytes} bytes per cell (sizeof CellState); open list entries ${native.openEntryBytes} bytes each.`);
}

function printFamilyTable(rows, all, options) {
  const columns = [
    { title: 'map', left: true, value: (r) => r.name },
    { title: 'JPS exp', value: (r) => formatNumber(meanExpansions(r.native.jps, r.queries)) },
    { title: 'wasm A* us/q', value: (r) => formatNumber(r.wasm.astar.microsPerQuery, 1) },
    { title: 'wasm JPS us/q', value: (r) => formatNumber(r.wasm.jps.microsPerQuery, 1) },
    { title: 'A*/JPS', value: (r) => formatNumber(speedRatio(r.wasm.astar, r.wasm.jps), 1) },
    { title: 'native JPS us/q', value: (r) => formatNumber(r.native.jps.microsPerQuery, 1) },
    { title: 'wasm JPS+ us/q', value: (r) => formatNumber(r.wasm['jps-plus'].microsPerQuery, 1) },
    { title: 'JPS/JPS+', value: (r) => formatNumber(speedRatio(r.wasm.jps, r.wasm['jps-plus']), 2) },
    { title: 'native JPS+ us/q', value: (r) => formatNumber(r.native['jps-plus'].microsPerQuery, 1) },
    { title: 'JPS+ prep ms', value: (r) => formatNumber(r.wasm['jps-plus'].prepareMicros / 1000, 2) },
    { title: 'native prep ms', value: (r) => formatNumber(r.native['jps-plus'].prepareMicros / 1000, 2) },
    { title: 'bidir exp', value: (r) => formatNumber(meanExpansions(r.native.bidirectional, r.queries)) },
    { title: 'wasm bidir us/q', value: (r) => formatNumber(r.wasm.bidirectional.microsPerQuery, 1) },
    { title: 'A*/bidir', value: (r) => formatNumber(speedRatio(r.wasm.astar, r.wasm.bidirectional), 2) },
    { title: 'native bidir us/q', value: (r) => formatNumber(r.native.bidirectional.microsPerQuery, 1) },
  ];
  if (options.pathfinding) {
    columns.push(
      { title: 'PF JPS us/q', value: (r) => formatNumber(r.pathfinding?.jps?.microsPerQuery, 0) },
      { title: 'PF JPS/JPS', value: (r) => formatNumber(speedRatio(r.pathfinding?.jps, r.wasm.jps), 1) },
      { title: 'PF JPS clone %', value: (r) => formatNumber(clonePercent(r.pathfinding?.jps), 0) },
      { title: 'PF bidir longer', value: (r) => `${r.pathfindingBidirectionalLonger ?? '-'}/${r.queries}` },
    );
  }

  console.log('');
  console.log('the search family (the same queries):');
  console.log('');
  console.log(table(columns, [...rows, all]));
  console.log('');
  console.log('us/q: as in the first table. A*/JPS, A*/bidir: wasm A* time over wasm JPS (bidirectional A*) time, both of this run;' +
    ' above 1 is faster than A*.');
  console.log('JPS exp: jump points expanded per query (JPS+ expands exactly the same). bidir exp: cells expanded per query by' +
    ' both frontiers together. Native and wasm expand the same.');
  console.log('JPS+: jumps read from a table prepared once per map; its us/q exclude the preparation. JPS/JPS+: wasm JPS time' +
    ' over wasm JPS+ time. JPS+ prep ms (wasm) and native prep ms: building the table from the map (median of the runs;' +
    ' all maps: their sum).');
  if (options.pathfinding) {
    console.log('PF JPS: PathFinding.js JumpPointFinder, a grid clone per query included (PF JPS clone %: its share);' +
      ' PF JPS/JPS: its time over wasm JPS time.');
    console.log('PF bidir longer: queries on which PathFinding.js BiAStarFinder (run once each) returns a path longer than' +
      ' the optimum: it stops when its frontiers first meet.');
  }
}

function printTargets(rows, all, native) {
  const report = printTargetList;

  const game512 = rows.filter((row) => row.size === '512x512' && !NON_GAME_MAP.test(row.name));
  const gameNative = summarise(game512, (row) => row.native.astar);
  const wasmOverNative = (row) => speedRatio(row.wasm.astar, row.native.astar);
  const worstWasm = rows.reduce((worst, row) => (wasmOverNative(row) > (worst ? wasmOverNative(worst) : 0) ? row : worst), null);
  const issue2 = [
    [
      `native >= ${TARGET_NATIVE_EXPANSIONS_PER_SECOND / 1e6} M expansions/s on 512x512 game maps`,
      gameNative ? `${formatNumber(gameNative.expansionsPerSecond / 1e6, 2)} M (${game512.map((row) => row.name).join(', ')})` : 'no such map measured',
      gameNative ? gameNative.expansionsPerSecond >= TARGET_NATIVE_EXPANSIONS_PER_SECOND : null,
    ],
    [
      `wasm within ${TARGET_WASM_OVER_NATIVE}x of native`,
      `${formatNumber(wasmOverNative(all), 2)}x over all maps, worst ${formatNumber(wasmOverNative(worstWasm), 2)}x (${worstWasm.name})`,
      wasmOverNative(all) <= TARGET_WASM_OVER_NATIVE,
    ],
  ];
  if (all.pathfinding?.astar) {
    const pathfindingOverWasm = (row) => speedRatio(row.pathfinding?.astar, row.wasm.astar);
    const slowest = least(rows, pathfindingOverWasm);
    issue2.push([
      `wasm >= ${TARGET_PATHFINDING_OVER_WASM}x faster than PathFinding.js`,
      `${formatNumber(pathfindingOverWasm(all), 2)}x over all maps, least ${formatNumber(slowest.value, 2)}x (${slowest.row.name})`,
      pathfindingOverWasm(all) >= TARGET_PATHFINDING_OVER_WASM,
    ]);
  }
  issue2.push([
    `<= ${TARGET_BYTES_PER_CELL} bytes of search state per cell`,
    `${native.cellStateBytes} bytes`,
    native.cellStateBytes <= TARGET_BYTES_PER_CELL,
  ]);
  report('targets (issue 2):', issue2);

  // The issue asks for JPS's lead over A* on each map, so the least map decides; its lead
  // over PathFinding.js is asked for on the queries as a whole, so the overall ratio does.
  const aStarOverJps = (row) => speedRatio(row.wasm.astar, row.wasm.jps);
  const leastOverAStar = least(rows, aStarOverJps);
  const issue8 = [
    [
      `wasm JPS >= ${TARGET_ASTAR_OVER_JPS}x faster than wasm A* on every map`,
      `${formatNumber(aStarOverJps(all), 1)}x over all maps, least ${formatNumber(leastOverAStar.value, 1)}x (${leastOverAStar.row.name})`,
      leastOverAStar.value >= TARGET_ASTAR_OVER_JPS,
    ],
  ];
  if (all.pathfinding?.jps) {
    const pathfindingOverJps = (row) => speedRatio(row.pathfinding?.jps, row.wasm.jps);
    const leastOverPathfinding = least(rows, pathfindingOverJps);
    issue8.push([
      `wasm JPS >= ${TARGET_PATHFINDING_JPS_OVER_JPS}x faster than PathFinding.js JumpPointFinder`,
      `${formatNumber(pathfindingOverJps(all), 1)}x over all maps, least ${formatNumber(leastOverPathfinding.value, 1)}x (${leastOverPathfinding.row.name})`,
      pathfindingOverJps(all) >= TARGET_PATHFINDING_JPS_OVER_JPS,
    ]);
  }
  report('targets (issue 8):', issue8);
}

function printReport(rows, native, options) {
  const all = allMapsRow(rows, options);
  printAStarTable(rows, all, native, options);
  printFamilyTable(rows, all, options);
  printTargets(rows, all, native);
}

/** The first two tables and their targets; wrong answers are added to `mismatches`. */
export function measureSearches(engine, maps, options, matchesOptimal, mismatches) {
  const measurable = maps.filter((map) => map.indices.length > 0);
  for (const map of maps) if (map.indices.length === 0) say('bench', `${map.name}: no query with a path, skipped`);

  const rows = [];
  const note = (engineName, map, list) => {
    for (const m of list) mismatches.push(`${engineName} ${map.name} query ${m.index}: cost ${m.cost ?? 'no path'}, optimal ${m.optimal}`);
  };
  // Map by map, all engines in turn: the machine is shared, so numbers that enter one
  // ratio are measured within seconds of each other rather than minutes apart.
  if (measurable.length > 0) for (const algorithm of ALGORITHMS) warmUpWasm(engine, measurable[0], algorithm);
  let nativeTool; // what the native tool reports about the build (same for every map)
  for (const [i, map] of measurable.entries()) {
    const queries = map.indices.length;
    say('bench', `${map.name} (${i + 1}/${measurable.length}): ${queries} queries, ${ALGORITHMS.join(', ')},` +
      ` native and wasm ${options.runs} runs` + (options.pathfinding ? `, PathFinding.js ${options.pathfindingRuns}` : '') + '...');
    nativeTool = runNative(map, options.runs);
    const nativeEngine = (name) => {
      const found = nativeTool.maps[0].engines.find((e) => e.name === name);
      if (!found) throw new StepError(`${relative(ROOT, NATIVE_TOOL)} reported no "${name}" engine: rebuild it (npm run build)`);
      return found;
    };
    const textbook = nativeEngine('textbook');
    note('textbook', map, textbook.mismatches);
    const row = {
      name: map.name,
      size: `${map.grid.width}x${map.grid.height}`,
      queries,
      native: {},
      wasm: {},
      textbook: perEngine(textbook, queries),
    };

    // Per algorithm, native then wasm; the two builds of one core must expand the same cells.
    for (const algorithm of ALGORITHMS) {
      const native = nativeEngine(algorithm);
      note(`native ${algorithm}`, map, native.mismatches);
      row.native[algorithm] = perEngine(native, queries);
      const wasm = measureWasm(engine, map, algorithm, options.runs, matchesOptimal);
      note(`wasm ${algorithm}`, map, wasm.mismatches);
      row.wasm[algorithm] = perEngine(wasm, queries);
      if (wasm.expanded !== native.expanded) {
        mismatches.push(`wasm ${algorithm} ${map.name}: expanded ${wasm.expanded} cells, native ${native.expanded}: the two builds of one core disagree`);
      }
    }
    // JPS+ reads from its table the jumps JPS scans for: the same search, expansion by expansion.
    if (row.native['jps-plus'].expanded !== row.native.jps.expanded)
      mismatches.push(`jps-plus ${map.name}: expanded ${row.native['jps-plus'].expanded} cells, jps ${row.native.jps.expanded}: they must be the same search`);

    if (options.pathfinding) {
      const grid = pathfindingGrid(map);
      row.pathfinding = {};
      for (const [name, makeFinder] of Object.entries(PATHFINDING_FINDERS)) {
        // Its bidirectional finder is not optimal (it stops at the first meeting), so it runs
        // once, to count its longer paths; they are its failing, not a problem of this build.
        const checkedForOptimality = name !== 'bidirectional';
        const runs = checkedForOptimality ? options.pathfindingRuns : 1;
        const pathfinding = measurePathfinding(map, grid, makeFinder(), runs, matchesOptimal);
        row.pathfinding[name] = perEngine(pathfinding, queries);
        if (checkedForOptimality) {
          note(`PathFinding.js ${name}`, map, pathfinding.mismatches);
          continue;
        }
        const longer = pathfinding.mismatches.filter((m) => m.cost !== null && m.cost > m.optimal);
        row.pathfindingBidirectionalLonger = longer.length;
        for (const m of pathfinding.mismatches.filter((m) => !longer.includes(m))) {
          say('bench', `note: PathFinding.js ${name} ${map.name} query ${m.index}: cost ${m.cost ?? 'no path'}, optimal ${m.optimal}`);
        }
      }
    }
    rows.push(row);
  }

  if (rows.length === 0) {
    say('bench', 'no query to measure');
    return;
  }
  printReport(rows, nativeTool, options);
}
