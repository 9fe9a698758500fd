// `npm run bench`: the hardest Moving AI queries through several engines, as tables.
//
//   native          the core built natively (build/native/bench_native, CMake Release)
//   wasm            the same core as WebAssembly in Node, through the engine wrapper the CLI
//                   uses (imported from the CLI bundle dist/cli/astar.mjs)
//   PathFinding.js  its AStarFinder and JumpPointFinder, octile, OnlyWhenNoObstacles, each on a
//                   clone of the grid per query as its README requires (the clone is part of
//                   its time); its BiAStarFinder too, to count the queries it gets wrong
//
// The core runs four of its algorithms: A* (the first table, issue 2), and jump point
// search, JPS+ and bidirectional A* (the second table, "the search family", issues 8 and
// 17), each natively and as wasm. JPS+ prepares a jump table per map before its queries: its
// query times exclude it (the map is loaded once, the queries are many), and its preparation
// is timed apart, from a fresh search per run, and shown in its own columns. All engines run exactly the same queries: per map, the --queries
// with the largest optimal lengths. Every answer is checked against the file's optimal
// length; a mismatch, or native and wasm builds of one algorithm expanding different
// numbers of cells, is printed and makes the exit code non-zero. Times are the median over
// --runs of the per-map total, so ratios compare numbers measured in this run on this
// machine. The native tool also times a textbook A* (std::priority_queue, lazy deletion)
// for context. Those two tables are measured and printed by scripts/bench-searches.mjs.
//
// A third table (issues 10 and 20, walk and replan; bench-walks.mjs) sends agents along
// queries of the game, street and maze maps in unknown terrain, sensing radius 1, wasm
// only: per map, D* Lite, MPAA* and A* from scratch on the same walks, comparing planning
// work in expansions and milliseconds.
//
// A fourth table (issue 18, scripts/bench-subgoal.mjs) runs subgoal graphs through the npm
// package: 8-connected against our JPS, 4-connected against l1-path-finder, preparation apart.
// A fifth (issue 18, scripts/bench-terrain.mjs) paints the maps with terrain patches from a
// fixed seed and runs JPS against A* through the package.
//
// This is a program that prints tables, not a test: nothing here asserts a speed.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NATIVE_TOOL, measureSearches } from './bench-searches.mjs';
import { measureWalkTable } from './bench-walks.mjs';
import { buildAll } from './build.mjs';
import { measureSubgoalTable } from './bench-subgoal.mjs';
import { measureTerrainTable } from './bench-terrain.mjs';
import { measureMeshTable } from './bench-navmesh.mjs';
import { setup } from './setup.mjs';
import { ROOT, StepError, main, say } from './shell.mjs';

const MOVINGAI = join(ROOT, '..', 'shared', 'movingai');
const CLI_BUNDLE = join(ROOT, 'dist/cli/astar.mjs');

// Walks per map in the walk table: as many as the prototype walked, which keeps the
// table to seconds on most maps (repeated A* on the 900 x 900 map takes longest). Maze walks
// are long (every dead end is discovered on the way), so fewer of them.
const DEFAULT_WALKS = 15;
const DEFAULT_MAZE_WALKS = 3;
const DEFAULT_WALK_RUNS = 3;

const USAGE = `usage: npm run bench -- [options]

  --maps a,b            only these maps of ../shared/movingai (names without .map.scen)
  --queries N           hardest queries per map, by optimal length (default 30)
  --runs N              timed repetitions for native and wasm (A*, JPS, JPS+ and
                        bidirectional A*, and JPS+'s preparation); the median is shown
                        (default 5)
  --pathfinding-runs N  timed repetitions for PathFinding.js's A* and JPS (default 1: they are
                        10 to 100 times slower, which keeps the default run to a few minutes);
                        its bidirectional A* runs once, to check its paths
  --no-pathfinding      skip PathFinding.js
  --walks N             walks per map for the walk table (default ${DEFAULT_WALKS}): queries at evenly
                        spaced ranks of the file's optimal lengths, on the game and street maps
  --maze-walks N        walks per maze for the walk table (default ${DEFAULT_MAZE_WALKS})
  --walk-runs N         timed repetitions of the walks; the median is shown (default ${DEFAULT_WALK_RUNS})
  --only searches|walks|subgoal|terrain|meshes
                        only the search tables (first and second), only the walk tables,
                        only the subgoal-graph table (8-connected against JPS, 4-connected
                        against l1-path-finder; --runs applies), only the terrain table (JPS
                        against A* on the maps painted with terrain; --runs applies) or only
                        the navigation-mesh table
  --no-build            skip set-up and build, measure what is already built
  -h, --help            show this help`;


function parseOptions(argv) {
  const options = {
    maps: null, queries: 30, runs: 5, pathfindingRuns: 1, pathfinding: true, walks: DEFAULT_WALKS,
    mazeWalks: DEFAULT_MAZE_WALKS, walkRuns: DEFAULT_WALK_RUNS,
    searches: true, walkTable: true, subgoalTable: true, terrainTable: true, meshTable: true, build: true, help: false,
  };
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
    else if (arg === '--walks') options.walks = positive(arg, argv[++i]);
    else if (arg === '--maze-walks') options.mazeWalks = positive(arg, argv[++i]);
    else if (arg === '--walk-runs') options.walkRuns = positive(arg, argv[++i]);
    else if (arg === '--only') {
      const only = argv[++i];
      const tables = ['searches', 'walks', 'subgoal', 'terrain', 'meshes'];
      if (!tables.includes(only)) throw new StepError(`--only needs ${tables.join(', ')}, got "${only ?? ''}"`);
      options.searches = only === 'searches';
      options.walkTable = only === 'walks';
      options.subgoalTable = only === 'subgoal';
      options.terrainTable = only === 'terrain';
      options.meshTable = only === 'meshes';
    }
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
  for (const file of options.searches ? [NATIVE_TOOL, CLI_BUNDLE] : [CLI_BUNDLE]) {
    if (!existsSync(file)) throw new StepError(`${relative(ROOT, file)} is missing: run npm run build`);
  }
  const cli = await import(pathToFileURL(CLI_BUNDLE).href);
  const { loadEngine, loadScenario, matchesOptimal, CliError } = cli;
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
    const mismatches = [];
    if (options.searches) measureSearches(engine, maps, options, matchesOptimal, mismatches);
    if (options.walkTable) measureWalkTable(engine, maps, options, matchesOptimal, mismatches);
    if (options.subgoalTable) await measureSubgoalTable(maps.map((map) => ({ ...map, folder: MOVINGAI })), options, mismatches);
    if (options.terrainTable) await measureTerrainTable(maps.map((map) => ({ ...map, folder: MOVINGAI })), options, mismatches);
    if (options.meshTable) measureMeshTable(cli, engine, maps, options, mismatches, say);
    if (mismatches.length > 0) {
      console.log('');
      console.log(`PROBLEMS (${mismatches.length}): wrong costs (off the file's optimal length by more than 0.01), disagreeing builds` +
        ', walks that did not arrive or moved illegally, or walks with full knowledge that were not optimal or replanned:');
      for (const line of mismatches) console.log(`  ${line}`);
      throw new StepError(`${mismatches.length} problems (listed above)`);
    }
  } finally {
    for (const map of maps) map.grid.delete();
  }
});
