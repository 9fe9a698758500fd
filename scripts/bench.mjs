// `npm run bench`: the hardest Moving AI queries through three engines, as one table.
//
//   native          the core built natively (build/native/bench_native, CMake Release)
//   wasm            the same core as WebAssembly in Node, through the engine wrapper the CLI
//                   uses (imported from the CLI bundle dist/cli/astar.mjs)
//   PathFinding.js  AStarFinder, octile, OnlyWhenNoObstacles, on a clone of the grid per
//                   query as its README requires (the clone is part of its time)
//
// All three run exactly the same queries: per map, the --queries with the largest optimal
// lengths. Every answer is checked against the file's optimal length; a mismatch is
// printed and makes the exit code non-zero. Times are the median over --runs of the
// per-map total, so ratios compare numbers measured in this run on this machine. The
// native tool also times a textbook A* (std::priority_queue, lazy deletion) for context.
//
// This is a program that prints a table, not a test: nothing here asserts a speed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import PF from 'pathfinding';
import { buildAll } from './build.mjs';
import { setup } from './setup.mjs';
import { ROOT, StepError, main, say } from './shell.mjs';

const MOVINGAI = join(ROOT, '..', 'shared', 'movingai');
const NATIVE_TOOL = join(ROOT, 'build/native/bench_native');
const CLI_BUNDLE = join(ROOT, 'dist/cli/astar.mjs');

const USAGE = `usage: npm run bench -- [options]

  --maps a,b            only these maps of ../shared/movingai (names without .map.scen)
  --queries N           hardest queries per map, by optimal length (default 20)
  --runs N              timed repetitions for native and wasm; the median is shown (default 5)
  --pathfinding-runs N  timed repetitions for PathFinding.js (default 1: it is 10 to 100
                        times slower, which keeps the default run to a few minutes)
  --no-pathfinding      skip PathFinding.js
  --no-build            skip set-up and build, measure what is already built
  -h, --help            show this help`;

// Each timed run of a map repeats its queries until it lasts this long (native and wasm),
// so small maps are not timed at the clock's resolution.
const MIN_RUN_MS = 20;
const WASM_WARM_UP_MS = 500;

// The issue's targets, reported as met or missed (never asserted).
const TARGET_NATIVE_EXPANSIONS_PER_SECOND = 10e6;
const TARGET_WASM_OVER_NATIVE = 1.5;
const TARGET_PATHFINDING_OVER_WASM = 25;
const TARGET_BYTES_PER_CELL = 16;

// Moving AI's synthetic sets (mazes, random obstacles, rooms) and street maps follow these
// naming patterns; every other map here comes from a game. The targets name game maps.
const NON_GAME_MAP = /^(maze|random|\d+room)|_\d+_\d+$/;

function parseOptions(argv) {
  const options = { maps: null, queries: 20, runs: 5, pathfindingRuns: 1, pathfinding: true, build: true, help: false };
  const positive = (name, text) => {
    if (!/^[1-9]\d{0,5}$/.test(text ?? '')) throw new StepError(`${name} needs a whole number >= 1, got "${text ?? ''}"`);
    return Number(text);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') options.help = true;
    else if (arg === '--no-pathfinding') options.pathfinding = false;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--maps') options.maps = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--queries') options.queries = positive(arg, argv[++i]);
    else if (arg === '--runs') options.runs = positive(arg, argv[++i]);
    else if (arg === '--pathfinding-runs') options.pathfindingRuns = positive(arg, argv[++i]);
    else throw new StepError(`unknown option ${arg} (see npm run bench -- --help)`);
  }
  if (options.maps && options.maps.length === 0) throw new StepError('--maps needs a comma-separated list of names');
  return options;
}

function scenarioFiles(wanted) {
  const all = readdirSync(MOVINGAI)
    .filter((name) => name.endsWith('.map.scen'))
    .map((name) => name.slice(0, -'.map.scen'.length))
    .sort((a, b) => a.localeCompare(b, 'en'));
  if (!wanted) return all;
  const names = wanted.map((name) => name.replace(/(\.map)?(\.scen)?$/, ''));
  const unknown = names.filter((name) => !all.includes(name));
  if (unknown.length > 0) throw new StepError(`no such map in ${MOVINGAI}: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  return names;
}

/** Indices (in file order) of the `count` queries with the largest optimal lengths. */
function hardestQueries(queries, count) {
  return queries
    .map((query, index) => ({ index, optimal: query.optimal }))
    .filter((entry) => entry.optimal >= 0)
    .sort((a, b) => b.optimal - a.optimal || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.index)
    .sort((a, b) => a - b);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function runNative(map, runs) {
  const args = ['--runs', String(runs), '--min-run-ms', String(MIN_RUN_MS), map.scenarioPath, '--only', map.indices.join(',')];
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
// in their steady state, so the wasm engine works for a while before anything is timed.
function warmUpWasm(engine, map) {
  const search = engine.createSearch(map.grid);
  try {
    const queries = map.indices.map((index) => map.queries[index]);
    const until = performance.now() + WASM_WARM_UP_MS;
    while (performance.now() < until) wasmPass(search, queries);
  } finally {
    search.delete();
  }
}

function measureWasm(engine, map, runs, matchesOptimal) {
  const search = engine.createSearch(map.grid);
  try {
    const queries = map.indices.map((index) => map.queries[index]);
    const report = { expanded: 0, mismatches: [], runMicros: [] };
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

/** Length of a PathFinding.js path ([[x, y], ...]) with unit straight and sqrt 2 diagonal steps. */
function pathLength(path) {
  let length = 0;
  for (let i = 1; i < path.length; i++) {
    const diagonal = path[i][0] !== path[i - 1][0] && path[i][1] !== path[i - 1][1];
    length += diagonal ? Math.SQRT2 : 1;
  }
  return length;
}

function measurePathfinding(map, runs, matchesOptimal) {
  const { width, height } = map.grid;
  const costs = map.grid.costs();
  const matrix = Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) => (costs[y * width + x] === 0 ? 1 : 0)),
  );
  if (costs.some((cost) => cost > 1)) throw new StepError(`${map.name} has terrain costs, which PathFinding.js cannot weigh`);
  const grid = new PF.Grid(width, height, matrix);
  const finder = new PF.AStarFinder({
    diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
    heuristic: PF.Heuristic.octile,
  });
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

function formatNumber(value, digits = 0) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function table(columns, rows) {
  const cells = [columns.map((c) => c.title), ...rows.map((row) => columns.map((c) => c.value(row)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  const render = (line) =>
    line.map((cell, i) => (columns[i].left ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  return [render(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(render)].join('\n');
}

function perEngine(report, queries) {
  if (!report) return null;
  const micros = median(report.runMicros);
  return {
    microsPerQuery: micros / queries,
    expansionsPerSecond: report.expanded / (micros / 1e6),
    totalMicros: micros,
    expanded: report.expanded,
  };
}

function summarise(rows, key) {
  const present = rows.filter((row) => row[key]);
  if (present.length === 0) return null;
  const totalMicros = present.reduce((sum, row) => sum + row[key].totalMicros, 0);
  const expanded = present.reduce((sum, row) => sum + row[key].expanded, 0);
  const queries = present.reduce((sum, row) => sum + row.queries, 0);
  return { microsPerQuery: totalMicros / queries, expansionsPerSecond: expanded / (totalMicros / 1e6), totalMicros, expanded };
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

function printReport(rows, native, options) {
  const ratio = (a, b) => (a && b ? a.totalMicros / b.totalMicros : null);
  for (const row of rows) {
    row.wasmOverNative = ratio(row.wasm, row.native);
    row.pathfindingOverWasm = ratio(row.pathfinding, row.wasm);
  }
  const all = {
    name: 'all maps',
    size: '',
    queries: rows.reduce((sum, row) => sum + row.queries, 0),
    meanExpanded: rows.reduce((sum, row) => sum + row.native.expanded, 0) / rows.reduce((sum, row) => sum + row.queries, 0),
    native: summarise(rows, 'native'),
    textbook: summarise(rows, 'textbook'),
    wasm: summarise(rows, 'wasm'),
    pathfinding: rows.every((row) => row.pathfinding) ? summarise(rows, 'pathfinding') : null,
  };
  all.wasmOverNative = ratio(all.wasm, all.native);
  all.pathfindingOverWasm = ratio(all.pathfinding, all.wasm);

  const columns = [
    { title: 'map', left: true, value: (r) => r.name },
    { title: 'size', left: true, value: (r) => r.size },
    { title: 'queries', value: (r) => String(r.queries) },
    { title: 'mean exp', value: (r) => formatNumber(r.meanExpanded) },
    { title: 'native us/q', value: (r) => formatNumber(r.native.microsPerQuery, 1) },
    { title: 'native exp/s', value: (r) => `${formatNumber(r.native.expansionsPerSecond / 1e6, 2)} M` },
    { title: 'wasm us/q', value: (r) => formatNumber(r.wasm.microsPerQuery, 1) },
    { title: 'wasm exp/s', value: (r) => `${formatNumber(r.wasm.expansionsPerSecond / 1e6, 2)} M` },
    { title: 'wasm/native', value: (r) => formatNumber(r.wasmOverNative, 2) },
  ];
  if (options.pathfinding) {
    columns.push(
      { title: 'PF.js us/q', value: (r) => formatNumber(r.pathfinding?.microsPerQuery, 0) },
      { title: 'PF.js/wasm', value: (r) => formatNumber(r.pathfindingOverWasm, 1) },
      { title: 'PF clone %', value: (r) => formatNumber(r.pathfindingClonePercent, 0) },
    );
  }
  columns.push(
    { title: 'textbook us/q', value: (r) => formatNumber(r.textbook.microsPerQuery, 1) },
    { title: 'textbook exp/s', value: (r) => `${formatNumber(r.textbook.expansionsPerSecond / 1e6, 2)} M` },
  );
  if (options.pathfinding) {
    const cloned = rows.reduce((sum, row) => sum + (row.pathfindingCloneMicros ?? 0), 0);
    all.pathfindingClonePercent = all.pathfinding ? (100 * cloned) / all.pathfinding.totalMicros : null;
  }

  console.log('');
  console.log(table(columns, [...rows, all]));
  console.log('');
  console.log(`us/q: microseconds per query, median over runs of each map's total (native and wasm: ${options.runs} runs,` +
    ` each repeating the queries for at least ${MIN_RUN_MS} ms, after a ${WASM_WARM_UP_MS} ms wasm warm-up` +
    (options.pathfinding ? `; PathFinding.js: ${options.pathfindingRuns} run` : '') + ').');
  console.log('exp/s: expansions per second. mean exp: expansions per query of the core (native and wasm expand the same cells).');
  if (options.pathfinding) console.log('PF clone %: share of PathFinding.js time spent cloning its grid, which its README requires per query.');
  console.log('textbook: std::priority_queue A* with lazy deletion, same queries, native, for context (its own tie-breaking).');
  console.log(`native build: ${buildFlags('build/native')}. wasm build: ${buildFlags('build/wasm', 'astar_wasm')}, Node ${process.versions.node}.`);
  console.log(`search state: ${native.cellStateBytes} bytes per cell (sizeof CellState); open list entries ${native.openEntryBytes} bytes each.`);

  const game512 = rows.filter((row) => row.size === '512x512' && !NON_GAME_MAP.test(row.name));
  const gameNative = summarise(game512, 'native');
  const worstWasm = rows.reduce((worst, row) => (row.wasmOverNative > (worst?.wasmOverNative ?? 0) ? row : worst), null);
  const targets = [
    [
      `native >= ${TARGET_NATIVE_EXPANSIONS_PER_SECOND / 1e6} M expansions/s on 512x512 game maps`,
      gameNative ? `${formatNumber(gameNative.expansionsPerSecond / 1e6, 2)} M (${game512.map((row) => row.name).join(', ')})` : 'no such map measured',
      gameNative ? gameNative.expansionsPerSecond >= TARGET_NATIVE_EXPANSIONS_PER_SECOND : null,
    ],
    [
      `wasm within ${TARGET_WASM_OVER_NATIVE}x of native`,
      `${formatNumber(all.wasmOverNative, 2)}x over all maps, worst ${formatNumber(worstWasm?.wasmOverNative, 2)}x (${worstWasm?.name})`,
      all.wasmOverNative <= TARGET_WASM_OVER_NATIVE,
    ],
  ];
  if (all.pathfinding) {
    const slowest = rows.reduce((least, row) => (row.pathfindingOverWasm < (least?.pathfindingOverWasm ?? Infinity) ? row : least), null);
    targets.push([
      `wasm >= ${TARGET_PATHFINDING_OVER_WASM}x faster than PathFinding.js`,
      `${formatNumber(all.pathfindingOverWasm, 2)}x over all maps, least ${formatNumber(slowest.pathfindingOverWasm, 2)}x (${slowest.name})`,
      all.pathfindingOverWasm >= TARGET_PATHFINDING_OVER_WASM,
    ]);
  }
  targets.push([
    `<= ${TARGET_BYTES_PER_CELL} bytes of search state per cell`,
    `${native.cellStateBytes} bytes`,
    native.cellStateBytes <= TARGET_BYTES_PER_CELL,
  ]);
  console.log('');
  console.log('targets (issue 2):');
  for (const [what, measured, met] of targets) console.log(`  ${met === null ? 'n/a ' : met ? 'met ' : 'MISS'}  ${what}: ${measured}`);
}

await main('bench', async () => {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  if (!existsSync(MOVINGAI)) {
    say('bench', `no Moving AI maps at ${MOVINGAI}: nothing to measure`);
    return;
  }
  const names = scenarioFiles(options.maps);

  if (options.build) {
    await setup();
    await buildAll();
  }
  for (const file of [NATIVE_TOOL, CLI_BUNDLE]) {
    if (!existsSync(file)) throw new StepError(`${relative(ROOT, file)} is missing: run npm run build`);
  }
  const { loadEngine, loadScenario, matchesOptimal, CliError } = await import(pathToFileURL(CLI_BUNDLE).href);
  const engine = await loadEngine();

  const maps = [];
  try {
    for (const name of names) {
      let loaded;
      try {
        loaded = loadScenario(engine, join(MOVINGAI, `${name}.map.scen`));
      } catch (error) {
        if (error instanceof CliError) throw new StepError(error.message);
        throw error;
      }
      const indices = hardestQueries(loaded.queries, options.queries);
      maps.push({ name, ...loaded, indices });
    }
    const measurable = maps.filter((map) => map.indices.length > 0);
    for (const map of maps) if (map.indices.length === 0) say('bench', `${map.name}: no query with a path, skipped`);

    const rows = [];
    const mismatches = [];
    const note = (engineName, map, list) => {
      for (const m of list) mismatches.push(`${engineName} ${map.name} query ${m.index}: cost ${m.cost ?? 'no path'}, optimal ${m.optimal}`);
    };
    // Map by map, all engines in turn: the machine is shared, so numbers that enter one
    // ratio are measured within seconds of each other rather than minutes apart.
    if (measurable.length > 0) warmUpWasm(engine, measurable[0]);
    let nativeTool; // what the native tool reports about the build (same for every map)
    for (const [i, map] of measurable.entries()) {
      const queries = map.indices.length;
      say('bench', `${map.name} (${i + 1}/${measurable.length}): ${queries} queries, native and wasm ${options.runs} runs` +
        (options.pathfinding ? `, PathFinding.js ${options.pathfindingRuns}` : '') + '...');
      const native = runNative(map, options.runs);
      nativeTool = native;
      const [core, textbook] = ['core', 'textbook'].map((name) => native.maps[0].engines.find((e) => e.name === name));
      note('native', map, core.mismatches);
      note('textbook', map, textbook.mismatches);
      const row = {
        name: map.name,
        size: `${map.grid.width}x${map.grid.height}`,
        queries,
        meanExpanded: core.expanded / queries,
        native: perEngine(core, queries),
        textbook: perEngine(textbook, queries),
      };

      const wasm = measureWasm(engine, map, options.runs, matchesOptimal);
      note('wasm', map, wasm.mismatches);
      row.wasm = perEngine(wasm, queries);
      if (wasm.expanded !== core.expanded) {
        mismatches.push(`wasm ${map.name}: expanded ${wasm.expanded} cells, native ${core.expanded}: the two builds of one core disagree`);
      }

      if (options.pathfinding) {
        const pathfinding = measurePathfinding(map, options.pathfindingRuns, matchesOptimal);
        note('PathFinding.js', map, pathfinding.mismatches);
        row.pathfinding = perEngine(pathfinding, queries);
        row.pathfindingCloneMicros = median(pathfinding.cloneMicros);
        row.pathfindingClonePercent = (100 * row.pathfindingCloneMicros) / row.pathfinding.totalMicros;
      }
      rows.push(row);
    }

    if (rows.length === 0) {
      say('bench', 'no query to measure');
      return;
    }
    printReport(rows, nativeTool, options);
    if (mismatches.length > 0) {
      console.log('');
      console.log(`PROBLEMS (${mismatches.length}): wrong costs (off the file's optimal length by more than 0.01) or disagreeing builds:`);
      for (const line of mismatches) console.log(`  ${line}`);
      throw new StepError(`${mismatches.length} problems (listed above)`);
    }
  } finally {
    for (const map of maps) map.grid.delete();
  }
});
