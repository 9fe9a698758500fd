// The walk tables of `npm run bench` (issues 10 and 20): agents walking Moving AI queries
// in unknown terrain, sensing one cell around them, wasm only, with three planners on the
// same queries:
//   D* Lite   repairs its plan (cpp/core/dstar_lite.h)
//   MPAA*     plans forward, with the h learned and the paths kept from earlier plans
//             (cpp/core/mpaa.h)
//   A*        plans again from scratch from the agent's cell: the baseline
// Every planner replans only when what the agent senses touches the rest of its plan.
//
// The first table measures the planners alone: each agent walks its planner's own plans
// (canonical routes off), as the issues' targets were set. Planning work is counted in
// expansions (deterministic: the first run) and timed in milliseconds (median over
// --walk-runs runs of each map's total, the planners' runs interleaved on the same map so
// that the machine's load falls on all three alike). Planning time is the time spent in
// steps that plan: while the walk is planning, and the moves that start a replan (the
// repair or reset happens inside that move). The maps: the game and street maps (the walks
// the targets were set on), plus the mazes as extra rows (the MPAA* paper finds D* Lite
// faster there; not part of the targets; A* from scratch is left out there, where one walk
// takes it minutes).
//
// The second table walks the game and street maps again, once, with canonical routes on
// (the walk's default: cpp/core/canonical_route.h): the three agents must walk the same
// route and replan at the same moves; it shows what choosing the routes costs.
//
// Every walk is checked: it arrives (each goal is reachable, and what the agent does not
// know it assumes free), its moves are legal on the map, and with full knowledge (a
// second walk of each query, sense radius 0) each planner walks the file's optimal length
// without replanning. Problems are added to the caller's list.
//
// This is a program that prints tables, not a test: nothing here asserts a speed.
import { say } from './shell.mjs';
import { formatNumber, median, printTargetList, table } from './bench-tables.mjs';

const WALK_SENSE_RADIUS = 1;
const WALK_PLANNERS = [
  { name: 'dstar-lite', label: 'D*' },
  { name: 'mpaa', label: 'MPAA*' },
  { name: 'astar', label: 'A*' },
];
const WALK_WARM_UP_MS = 500;
// Steps per call into wasm while planning (a step is one expansion or one move).
const WALK_STEPS_PER_CALL = 1 << 16;
const WALK_ENDS = ['arrived', 'no-path', 'gave-up', 'refused'];
// The maps the issue 10 prototype measured its ratio on (about 0.025x), reported apart.
const WALK_PROTOTYPE_MAPS = ['lak303d', 'den520d', 'Berlin_0_256'];

// The issues' targets, reported as met or missed (never asserted).
const TARGET_DSTAR_OVER_REPEATED_ASTAR_ISSUE_10 = 0.1;
const TARGET_DSTAR_OVER_REPEATED_ASTAR = 0.2;
const TARGET_DSTAR_OVER_REPEATED_ASTAR_PER_MAP = 1;

// Synthetic sets: mazes, random obstacles, rooms. The walk table takes every other map (game
// and street maps) for its targets, and the mazes as extra rows.
const SYNTHETIC_MAP = /^(maze|random|\d+room)/;
const MAZE_MAP = /^maze/;

/**
 * Indices (in file order) of `count` queries with a path at evenly spaced ranks of their
 * optimal lengths (the middle of each of `count` equal slices), so the walks range from
 * short to long without being all of the longest, which repeated A* makes slow to measure.
 */
function spreadQueries(queries, count) {
  const byLength = queries
    .map((query, index) => ({ index, optimal: query.optimal }))
    .filter((entry) => entry.optimal >= 0)
    .sort((a, b) => a.optimal - b.optimal || a.index - b.index);
  const picked = new Set();
  for (let i = 0; i < Math.min(count, byLength.length); i++) picked.add(byLength[Math.floor(((i + 0.5) * byLength.length) / count)].index);
  return [...picked].sort((a, b) => a - b);
}

/**
 * One walk of `query` to its end: its counters, the milliseconds spent planning and in all,
 * and the route walked.
 */
function walkOnce(walk, query) {
  const began = performance.now();
  let planning = 0;
  let firstExpanded = null;
  let at = performance.now();
  walk.reset(query.start, query.goal);
  planning += performance.now() - at;
  while (!WALK_ENDS.includes(walk.status)) {
    if (walk.status === 'planning') {
      at = performance.now();
      const made = walk.runSteps(WALK_STEPS_PER_CALL, true);
      planning += performance.now() - at;
      if (made === 0) break;
      continue;
    }
    // The first plan apart: both planners make it from scratch; the replans' work is what
    // the incremental planners save.
    firstExpanded ??= walk.counters().expandedTotal;
    at = performance.now();
    if (walk.runSteps(1) === 0) break;
    if (walk.status === 'planning') planning += performance.now() - at;
  }
  const counters = walk.counters();
  return { counters, firstExpanded: firstExpanded ?? counters.expandedTotal, planning, total: performance.now() - began, status: walk.status };
}

/** Whether every move of `route` is legal on the map: neighbours, walkable, no corner cut (Moving AI's rule). */
function legalRoute(grid, costs, route) {
  const free = (x, y) => x >= 0 && y >= 0 && x < grid.width && y < grid.height && costs[y * grid.width + x] !== 0;
  for (let i = 1; i < route.length; i++) {
    const a = route[i - 1], b = route[i];
    const dx = b.x - a.x, dy = b.y - a.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1 || !free(a.x, a.y) || !free(b.x, b.y)) return false;
    if (dx !== 0 && dy !== 0 && (!free(a.x + dx, a.y) || !free(a.x, a.y + dy))) return false;
  }
  return true;
}

/**
 * Every walk of one map with each of `planners` (CLI names), `runs` times, canonical routes
 * on or off: the row of a table.
 */
function measureMap(engine, map, indices, { planners: names, runs, canonical }, matchesOptimal, problems) {
  const used = WALK_PLANNERS.filter(({ name }) => names.includes(name));
  const walks = Object.fromEntries(used.map(({ name }) => {
    const walk = engine.createWalk(map.grid);
    walk.setOptions({ algorithm: name }, WALK_SENSE_RADIUS);
    walk.setCanonicalRoutes(canonical);
    return [name, walk];
  }));
  try {
    const costs = map.grid.costs();
    const planners = Object.fromEntries(used.map(({ name }) => [name, {
      expanded: 0, firstExpanded: 0, routeExpanded: 0, cost: 0, replans: 0, moves: 0, planningRuns: [], totalRuns: [],
    }]));
    let sameReplans = 0;
    let sameRoutes = 0;
    let badWalks = 0;
    for (let run = 0; run < runs; run++) {
      const planning = Object.fromEntries(used.map(({ name }) => [name, 0]));
      const total = { ...planning };
      for (const index of indices) {
        const query = map.queries[index];
        const routes = [];
        const replans = [];
        for (const { name } of used) {
          const walked = walkOnce(walks[name], query);
          planning[name] += walked.planning;
          total[name] += walked.total;
          if (run > 0) continue;
          // Counters are deterministic: the first run's.
          const sums = planners[name];
          sums.expanded += walked.counters.expandedTotal;
          sums.firstExpanded += walked.firstExpanded;
          sums.routeExpanded += walked.counters.routeExpanded;
          sums.cost += walked.counters.walkedCost;
          sums.replans += walked.counters.replans;
          sums.moves += walked.counters.moves;
          const route = walks[name].walked();
          routes.push(route);
          replans.push(walked.counters.replans);
          const arrived = walked.status === 'arrived', legal = legalRoute(map.grid, costs, route);
          if (!arrived) problems.push(`walk ${name} ${map.name} query ${index}: ${walked.status}, not arrived`);
          if (!legal) problems.push(`walk ${name} ${map.name} query ${index}: an illegal move`);
          if (!arrived || !legal) badWalks++;
        }
        if (run === 0 && routes.every((route) => JSON.stringify(route) === JSON.stringify(routes[0]))) sameRoutes++;
        if (run === 0 && replans.every((count) => count === replans[0])) sameReplans++;
      }
      for (const { name } of used) {
        planners[name].planningRuns.push(planning[name]);
        planners[name].totalRuns.push(total[name]);
      }
    }
    // With full knowledge each planner walks the file's optimal length without replanning.
    let fullKnowledgeFailures = 0;
    for (const { name } of used) {
      walks[name].setOptions({ algorithm: name }, 0);
      for (const index of indices) {
        const query = map.queries[index];
        const walked = walkOnce(walks[name], query);
        if (walked.status !== 'arrived' || !matchesOptimal(query.optimal, walked.counters.walkedCost) || walked.counters.replans !== 0) {
          fullKnowledgeFailures++;
          problems.push(`walk ${name} ${map.name} query ${index} with full knowledge: ${walked.status}, cost ${walked.counters.walkedCost}` +
            ` (optimal ${query.optimal}), ${walked.counters.replans} replans`);
        }
      }
    }
    for (const sums of Object.values(planners)) {
      sums.planningMs = median(sums.planningRuns);
      sums.totalMs = median(sums.totalRuns);
    }
    return {
      name: map.name, size: `${map.grid.width}x${map.grid.height}`, maze: MAZE_MAP.test(map.name), walks: indices.length, planners,
      sameRoutes, sameReplans, badWalks, fullKnowledgeFailures,
    };
  } finally {
    for (const walk of Object.values(walks)) walk.delete();
  }
}

const ratio = (a, b) => (a !== undefined && b > 0 ? a / b : null);
const plannersOf = (row) => WALK_PLANNERS.filter(({ name }) => row.planners[name]);

/** A planner's figure in a row, undefined where it did not walk. */
const figure = (row, name, field) => row.planners[name]?.[field];

/** The rows added up (planning and walk ms: each map's median, added). */
function totalsRow(rows, name) {
  const planners = {};
  for (const { name: planner } of WALK_PLANNERS) {
    const walked = rows.filter((row) => row.planners[planner]);
    if (walked.length < rows.length) continue;  // a planner that did not walk every map has no total
    planners[planner] = Object.fromEntries(['expanded', 'firstExpanded', 'routeExpanded', 'cost', 'replans', 'moves', 'planningMs', 'totalMs']
      .map((field) => [field, walked.reduce((total, row) => total + row.planners[planner][field], 0)]));
  }
  const sum = (field) => rows.reduce((total, row) => total + row[field], 0);
  return { name, size: '', walks: sum('walks'), sameRoutes: sum('sameRoutes'), sameReplans: sum('sameReplans'), planners };
}

/** "a" when the planners agree on `field`, else "a/b/c" in table order. */
function perPlanner(row, field) {
  const values = plannersOf(row).map(({ name }) => row.planners[name][field]);
  return values.every((value) => value === values[0]) ? formatNumber(values[0]) : values.map((value) => formatNumber(value)).join('/');
}

function printPlannerTable(rows, options) {
  const targetRows = rows.filter((row) => !row.maze);
  const mazeRows = rows.filter((row) => row.maze);
  const all = totalsRow(targetRows, 'game and street maps');
  const mazes = mazeRows.length > 0 ? [totalsRow(mazeRows, 'mazes')] : [];
  const columns = [
    { title: 'map', left: true, value: (r) => r.name },
    { title: 'size', left: true, value: (r) => r.size },
    { title: 'walks', value: (r) => String(r.walks) },
    { title: 'D* exp', value: (r) => formatNumber(figure(r, 'dstar-lite', 'expanded')) },
    { title: 'MPAA* exp', value: (r) => formatNumber(figure(r, 'mpaa', 'expanded')) },
    { title: 'A* exp', value: (r) => formatNumber(figure(r, 'astar', 'expanded')) },
    { title: 'D*/A*', value: (r) => formatNumber(ratio(figure(r, 'dstar-lite', 'expanded'), figure(r, 'astar', 'expanded')), 3) },
    { title: 'MPAA*/A*', value: (r) => formatNumber(ratio(figure(r, 'mpaa', 'expanded'), figure(r, 'astar', 'expanded')), 3) },
    { title: 'D*/A* 1st', value: (r) => formatNumber(ratio(figure(r, 'dstar-lite', 'firstExpanded'), figure(r, 'astar', 'firstExpanded')), 2) },
    { title: 'D* ms', value: (r) => formatNumber(figure(r, 'dstar-lite', 'planningMs'), 1) },
    { title: 'MPAA* ms', value: (r) => formatNumber(figure(r, 'mpaa', 'planningMs'), 1) },
    { title: 'A* ms', value: (r) => formatNumber(figure(r, 'astar', 'planningMs'), 1) },
    { title: 'MPAA*/D* ms', value: (r) => formatNumber(ratio(figure(r, 'mpaa', 'planningMs'), figure(r, 'dstar-lite', 'planningMs')), 2) },
    { title: 'moves', value: (r) => perPlanner(r, 'moves') },
    { title: 'replans', value: (r) => perPlanner(r, 'replans') },
    { title: 'same route', value: (r) => `${r.sameRoutes}/${r.walks}` },
  ];

  console.log('');
  console.log(`walk and replan in unknown terrain (sense radius ${WALK_SENSE_RADIUS}; wasm; the same queries for the three planners,` +
    ' each agent walking its planner\'s own plans):');
  console.log('');
  console.log(table(columns, [...targetRows, all, ...mazeRows, ...mazes]));
  console.log('');
  console.log(`The agent knows only the cells within ${WALK_SENSE_RADIUS} (Chebyshev) of every cell it has stood on and assumes` +
    ' unknown cells free; every planner replans only when what it senses touches the rest of its path.');
  console.log('D* Lite repairs its plan; MPAA* plans forward with the h it learned and the paths it kept; A* plans again from scratch' +
    ' (not in mazes). exp: expansions of all plans of all walks, the first plans included (deterministic); D*/A* 1st: of the' +
    ' first plans only.');
  console.log(`ms: planning time (the planning steps and the moves that start a replan), median of ${options.walkRuns} runs of each` +
    ' map\'s walks, the planners interleaved.');
  console.log('moves, replans: one figure when the planners agree, else D*/MPAA*/A*. same route: walks on which the agents walked' +
    ' the same route without canonical routes (their ties agree on open ground).');
  console.log('Walks: queries at evenly spaced ranks of the file\'s optimal lengths, per game or street map (and maze, apart).');

  const prototypeRows = targetRows.filter((row) => WALK_PROTOTYPE_MAPS.includes(row.name));
  if (prototypeRows.length > 0) {
    const sum = (name) => prototypeRows.reduce((total, row) => total + row.planners[name].expanded, 0);
    console.log(`On the maps of the issue 10 prototype (${prototypeRows.map((row) => row.name).join(', ')}), D*/A* exp is` +
      ` ${formatNumber(sum('dstar-lite') / sum('astar'), 4)} (the prototype measured about 0.025).`);
  }
  return { targetRows, all, mazeRows };
}

function printCanonicalTable(rows, plannerRows) {
  const all = totalsRow(rows, 'game and street maps');
  const alone = new Map(plannerRows.map((row) => [row.name, row]));
  const walkMs = (row, name) => figure(row, name, 'totalMs');
  const aloneMs = (row, name) => (row.name === all.name ? totalsRow(plannerRows.filter((r) => !r.maze), '') : alone.get(row.name))?.planners[name]?.totalMs;
  const columns = [
    { title: 'map', left: true, value: (r) => r.name },
    { title: 'walks', value: (r) => String(r.walks) },
    { title: 'same route', value: (r) => `${r.sameRoutes}/${r.walks}` },
    { title: 'same replans', value: (r) => `${r.sameReplans}/${r.walks}` },
    { title: 'moves', value: (r) => perPlanner(r, 'moves') },
    { title: 'replans', value: (r) => perPlanner(r, 'replans') },
    { title: 'route exp', value: (r) => perPlanner(r, 'routeExpanded') },
    ...WALK_PLANNERS.map(({ name, label }) => ({
      title: `${label} walk ms (alone)`,
      value: (r) => `${formatNumber(walkMs(r, name), 0)} (${formatNumber(aloneMs(r, name), 0)})`,
    })),
  ];
  console.log('');
  console.log('the same walks with canonical routes (the walk\'s default): among equally cheap routes, every agent walks the same one' +
    ' (one run):');
  console.log('');
  console.log(table(columns, [...rows, all]));
  console.log('');
  console.log('route exp: cells the canonical routes\' searches expanded (not planning). walk ms: all of the walks, one run; in' +
    ' brackets, the median walk ms of the first table\'s runs, each agent walking its own plans.');
  return all;
}

function printWalkTargets({ targetRows, all, mazeRows }, canonical, rows) {
  if (targetRows.length === 0) return;
  const dstarOverAStar = (row) => ratio(row.planners['dstar-lite'].expanded, row.planners.astar.expanded);
  const worst = targetRows.reduce((found, row) => (dstarOverAStar(row) > (found ? dstarOverAStar(found) : -1) ? row : found), null);
  const overall = dstarOverAStar(all);
  printTargetList('targets (issue 10):', [[
    `D* Lite total expansions <= ${TARGET_DSTAR_OVER_REPEATED_ASTAR_ISSUE_10}x repeated A*'s (sense radius ${WALK_SENSE_RADIUS}, game and street maps)`,
    `${formatNumber(overall, 4)}x over all maps, worst ${formatNumber(dstarOverAStar(worst), 4)}x (${worst.name})`,
    overall !== null && overall <= TARGET_DSTAR_OVER_REPEATED_ASTAR_ISSUE_10,
  ]]);

  const mpaaOverDStar = (row) => ratio(row.planners.mpaa.planningMs, row.planners['dstar-lite'].planningMs);
  const slower = targetRows.filter((row) => !(mpaaOverDStar(row) <= 1));
  const worstTime = targetRows.reduce((found, row) => (mpaaOverDStar(row) > (found ? mpaaOverDStar(found) : -1) ? row : found), null);
  const count = (field) => rows.reduce((sum, row) => sum + row[field], 0);
  const walks = rows.reduce((sum, row) => sum + row.walks * plannersOf(row).length, 0);
  printTargetList('targets (issue 20):', [
    [
      `D* Lite total expansions <= ${TARGET_DSTAR_OVER_REPEATED_ASTAR}x repeated A*'s overall (game and street maps)`,
      `${formatNumber(overall, 4)}x`,
      overall !== null && overall <= TARGET_DSTAR_OVER_REPEATED_ASTAR,
    ],
    [
      `D* Lite total expansions <= ${TARGET_DSTAR_OVER_REPEATED_ASTAR_PER_MAP}x repeated A*'s on every game and street map`,
      `worst ${formatNumber(dstarOverAStar(worst), 4)}x (${worst.name})`,
      dstarOverAStar(worst) <= TARGET_DSTAR_OVER_REPEATED_ASTAR_PER_MAP,
    ],
    [
      'MPAA* planning time <= D* Lite\'s on every game and street map',
      `${formatNumber(mpaaOverDStar(all), 2)}x over all of them, worst ${formatNumber(mpaaOverDStar(worstTime), 2)}x (${worstTime.name})` +
        (slower.length > 0 ? `; slower on ${slower.map((row) => row.name).join(', ')}` : ''),
      slower.length === 0,
    ],
    [
      'MPAA* planning time against D* Lite\'s in mazes (reported, not a target)',
      mazeRows.length > 0 ? mazeRows.map((row) => `${formatNumber(mpaaOverDStar(row), 2)}x (${row.name})`).join(', ') : 'no maze measured',
      null,
    ],
    [
      'every walk arrives by legal moves (all planners, all maps, both tables)',
      `${count('badWalks')} of ${walks} did not (listed as problems below)`,
      count('badWalks') === 0,
    ],
    [
      'with full knowledge, every walk is optimal (the file\'s length) with no replan (all planners, all maps)',
      `${count('fullKnowledgeFailures')} of ${walks} were not`,
      count('fullKnowledgeFailures') === 0,
    ],
    [
      'with canonical routes, D* Lite, MPAA* and A* agents walk the same route (game and street maps)',
      canonical ? `${canonical.sameRoutes}/${canonical.walks} walks, replanning at the same moves on ${canonical.sameReplans}` : 'not measured',
      canonical ? canonical.sameRoutes === canonical.walks : null,
    ],
  ]);
}

/** The walk tables and their targets; walks that do not arrive or move illegally are added to `problems`. */
export function measureWalkTable(engine, maps, options, matchesOptimal, problems) {
  const walkMaps = maps
    .filter((map) => !SYNTHETIC_MAP.test(map.name) || MAZE_MAP.test(map.name))
    .map((map) => ({ map, maze: MAZE_MAP.test(map.name) }))
    .map(({ map, maze }) => ({ map, maze, indices: spreadQueries(map.queries, maze ? options.mazeWalks : options.walks) }))
    .filter(({ indices }) => indices.length > 0);
  if (walkMaps.length === 0) {
    say('bench', 'walk table: no game, street or maze map with a query to walk');
    return;
  }
  // V8 optimises wasm in the background after its baseline compile: each planner walks for
  // a while before anything is timed, so that every one is timed in its steady state.
  const { map: first, indices: warmUp } = walkMaps[0];
  for (const { name } of WALK_PLANNERS) {
    const walk = engine.createWalk(first.grid);
    try {
      walk.setOptions({ algorithm: name }, WALK_SENSE_RADIUS);
      const until = performance.now() + WALK_WARM_UP_MS;
      for (let i = 0; performance.now() < until; i++) walkOnce(walk, first.queries[warmUp[i % warmUp.length]]);
    } finally {
      walk.delete();
    }
  }
  const all = WALK_PLANNERS.map(({ name }) => name);
  const rows = [];
  for (const [i, { map, maze, indices }] of walkMaps.entries()) {
    const planners = maze ? all.filter((name) => name !== 'astar') : all;
    say('bench', `${map.name} (${i + 1}/${walkMaps.length}): ${indices.length} walks in unknown terrain, ${planners.join(', ')},` +
      ` ${options.walkRuns} runs...`);
    rows.push({ ...measureMap(engine, map, indices, { planners, runs: options.walkRuns, canonical: false }, matchesOptimal, problems), maze });
  }
  const canonicalRows = [];
  for (const { map, maze, indices } of walkMaps.filter(({ maze }) => !maze)) {
    say('bench', `${map.name}: the same walks with canonical routes...`);
    canonicalRows.push({ ...measureMap(engine, map, indices, { planners: all, runs: 1, canonical: true }, matchesOptimal, problems), maze });
  }
  const report = printPlannerTable(rows, options);
  const canonical = canonicalRows.length > 0 ? printCanonicalTable(canonicalRows, rows) : null;
  printWalkTargets(report, canonical, [...rows, ...canonicalRows]);
}
