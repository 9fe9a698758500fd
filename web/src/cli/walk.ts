// `astar walk`: an agent walks every query of a scenario file (the engine's Walk). It
// follows its planned path one cell at a time on the file's map, knowing either the whole
// map or (--sense R) only what it has sensed, with unknown cells assumed free, and replans
// when what it learns touches the rest of its path: D* Lite repairs its plan, any other
// algorithm plans again from the agent's cell. One Walk serves every query, as one Search
// serves `astar scen`.
import { DEFAULT_OPTIONS, type Engine, type Point, type SearchOptions, type Walk, type WalkStatus } from '../engine/engine';
import { DEFAULT_ALGORITHM, type WalkCommand } from './arguments';
import { CliError } from './cli-error';
import type { Output } from './main';
import { costText, describeOptions, JsonLines, listed, pointPair, refusalMessage } from './report';
import { OPTIMAL_TOLERANCE, type LoadedScenario } from './scenario-file';

// Steps per call into wasm: a step is one expansion or one move, so a walk on a large map
// takes millions; few calls keep the crossing's cost out of the time.
const STEPS_PER_CALL = 1 << 16;

/** How a walk ends. */
type WalkEnd = Extract<WalkStatus, 'arrived' | 'no-path' | 'gave-up'>;
const ENDS: readonly WalkStatus[] = ['arrived', 'no-path', 'gave-up'];

interface WalkResult {
  index: number;
  start: Point;
  goal: Point;
  /** arrived, no-path (the goal is unreachable as far as the agent knows) or gave-up (--max-expansions in one plan). */
  status: WalkEnd;
  /** The cost of the moves made, arrived or not. */
  cost: number;
  replans: number;
  /** Every plan's expansions, the first plan's included. */
  expanded: number;
  optimal: number | null;
  walk?: Point[];
}

export function runWalks(engine: Engine, scenario: LoadedScenario, command: WalkCommand, output: Output): void {
  const options: SearchOptions = { ...DEFAULT_OPTIONS, algorithm: DEFAULT_ALGORITHM.walk, ...command.options };
  // The planner reads the agent's knowledge, not this map; but unknown cells are free and
  // known ones are the map's, so what the map refuses the knowledge would soon refuse too.
  const mapRefusal = engine.refusalFor(scenario.grid, options);
  if (mapRefusal) throw new CliError(refusalMessage(engine, options, mapRefusal, scenario.mapPath));

  const walk = engine.createWalk(scenario.grid);
  try {
    walk.setOptions(options, command.senseRadius);
    const results: WalkResult[] = [];
    const lines = new JsonLines(output);
    let walkMilliseconds = 0;
    scenario.queries.forEach((query, index) => {
      const began = performance.now();
      walk.reset(query.start, query.goal);
      const status = walkToTheEnd(walk, engine, options, scenario.mapPath);
      walkMilliseconds += performance.now() - began;
      const counters = walk.counters();
      const result: WalkResult = {
        index,
        start: query.start,
        goal: query.goal,
        status,
        cost: counters.walkedCost,
        replans: counters.replans,
        expanded: counters.expandedTotal,
        optimal: query.optimal < 0 ? null : query.optimal,
      };
      if (!command.json) {
        results.push(result);
        return;
      }
      if (command.paths) result.walk = walk.walked();
      lines.add(jsonLine(result));
    });
    if (command.json) lines.flush();
    else output.out(summary(engine, scenario, options, command.senseRadius, results, walkMilliseconds));
  } finally {
    walk.delete();
  }
}

/** Steps the walk until it ends; returns how. */
function walkToTheEnd(walk: Walk, engine: Engine, options: SearchOptions, mapPath: string): WalkEnd {
  for (;;) {
    const status = walk.status;
    if (status === 'refused') throw new CliError(refusalMessage(engine, options, walk.refusal!, mapPath));
    if (ENDS.includes(status)) return status as WalkEnd;
    // A walk that has not ended always has a step to make; anything else is an engine bug.
    if (walk.runSteps(STEPS_PER_CALL) === 0) throw new Error(`the walk made no step while ${status}`);
  }
}

function jsonLine(result: WalkResult): Record<string, unknown> {
  const line: Record<string, unknown> = {
    index: result.index,
    start: pointPair(result.start),
    goal: pointPair(result.goal),
    reached: result.status === 'arrived',
    status: result.status,
    cost: result.cost,
    replans: result.replans,
    expanded: result.expanded,
    optimal: result.optimal,
  };
  if (result.walk) line.walk = result.walk.map(pointPair);
  return line;
}

function summary(
  engine: Engine,
  scenario: LoadedScenario,
  options: SearchOptions,
  senseRadius: number,
  results: readonly WalkResult[],
  walkMilliseconds: number,
): string {
  const count = results.length;
  const perQuery = (value: number): string => (count === 0 ? '-' : value.toFixed(1));
  const total = (pick: (result: WalkResult) => number) => results.reduce((sum, result) => sum + pick(result), 0);
  const arrived = results.filter((r) => r.status === 'arrived');
  const noPath = results.filter((r) => r.status === 'no-path');
  const gaveUp = results.filter((r) => r.status === 'gave-up');
  const fileNoPath = results.filter((r) => r.optimal === null).length;
  const lines = [
    `file:       ${scenario.scenarioPath}`,
    `map:        ${scenario.mapPath} (${scenario.grid.width} x ${scenario.grid.height})`,
    `options:    ${describeOptions(engine, options, 'plan')}`,
    `knowledge:  ${senseRadius === 0 ? 'the whole map' : `the cells within ${senseRadius} (Chebyshev) of every cell stood on; unknown cells assumed free`}`,
    `queries:    ${count}`,
    `reached:    ${arrived.length} of ${count} arrived at the goal; ${noPath.length} found it unreachable (the file has ${fileNoPath} without a path)`,
  ];
  if (gaveUp.length > 0)
    lines.push(`gave up:    ${gaveUp.length} of ${count} reached the limit of ${options.maxExpansions} expansions in one plan (no answer either way)`);
  // Arriving where the file has no path, or finding none where it has one, is wrong whatever the agent knew.
  const wrongEnd = results.filter((r) => r.status !== 'gave-up' && (r.status === 'arrived') !== (r.optimal !== null));
  if (wrongEnd.length > 0) lines.push(`wrong end:  ${listed(wrongEnd, (r) => `#${r.index} ${r.status} where the file has ${costText(r.optimal)}`)}`);

  if (options.costModel !== 'exact') {
    lines.push(`walked:     ${arrived.length === 0 ? '-' : (total((r) => (r.status === 'arrived' ? r.cost : 0)) / arrived.length).toFixed(2)} per arrival on average;` +
      ` not compared (the file's lengths count exact costs; these are ${options.costModel} costs)`);
  } else {
    const compared = arrived.filter((r) => r.optimal !== null && r.optimal > 0);
    const ratios = compared.map((r) => r.cost / r.optimal!);
    const equal = compared.filter((r) => Math.abs(r.cost - r.optimal!) <= OPTIMAL_TOLERANCE);
    lines.push(ratios.length === 0
      ? 'walked:     no arrival to compare with the file'
      : `walked:     cost ${(ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length).toFixed(4)} of the file's optimal length on average,` +
        ` ${Math.min(...ratios).toFixed(4)} to ${Math.max(...ratios).toFixed(4)}; ${equal.length} of ${compared.length} equal to it (within ${OPTIMAL_TOLERANCE})`);
    // Knowing the whole map, the agent walks an optimal path: anything longer is wrong.
    const longer = compared.filter((r) => !equal.includes(r));
    const row = engine.algorithm(options.algorithm);
    const optimalPlanner = row.optimal && !(row.usesWeight && options.weight > 1);
    if (senseRadius === 0 && optimalPlanner && longer.length > 0)
      lines.push(`different:  ${listed(longer, (r) => `#${r.index} cost ${costText(r.cost)} vs ${costText(r.optimal)}`)}`);
  }
  const replans = total((r) => r.replans);
  const expanded = total((r) => r.expanded);
  lines.push(
    `replans:    ${perQuery(replans / count)} per query on average (${replans} in all)`,
    `expansions: ${perQuery(expanded / count)} per query on average (${expanded} in all, every plan counted)`,
    `time:       ${walkMilliseconds.toFixed(1)} ms walking, ${perQuery(walkMilliseconds / count)} ms per query`,
  );
  return `${lines.join('\n')}\n`;
}
