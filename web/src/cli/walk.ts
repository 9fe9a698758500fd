// `astar walk`: an agent walks every query of scenario files (the engine's Walk). It
// follows its planned path one cell at a time on the query's map, knowing either the whole
// map or (--sense R) only what it has sensed, with unknown cells assumed free, and replans
// when what it learns touches the rest of its path: D* Lite repairs its plan, any other
// algorithm plans again from the agent's cell. One Walk serves every query of a map, as one
// Search does in `astar scen`.
import { DEFAULT_OPTIONS, type Engine, type Point, type SearchOptions, type Walk, type WalkStatus } from '../engine/engine';
import { DEFAULT_ALGORITHM, type WalkCommand } from './arguments';
import { CliError } from './cli-error';
import type { Output } from './main';
import { costText, describeOptions, Examples, headingLines, jsonHead, JsonLines, pointPair, type QueryHead, refusalMessage, Spread } from './report';
import { OPTIMAL_TOLERANCE } from './scenario-file';
import { runScenarioFiles } from './scenario-run';

// Steps per call into wasm: a step is one expansion or one move, so a walk on a large map
// takes millions; few calls keep the crossing's cost out of the time.
const STEPS_PER_CALL = 1 << 16;

/** How a walk ends (a refused walk stops the command instead). */
const ENDS = ['arrived', 'no-path', 'gave-up'] as const satisfies readonly WalkStatus[];
type WalkEnd = (typeof ENDS)[number];

interface WalkResult extends QueryHead {
  /** arrived, no-path (the goal is unreachable as far as the agent knows) or gave-up (--max-expansions in one plan). */
  status: WalkEnd;
  /** The cost of the moves made, arrived or not. */
  cost: number;
  replans: number;
  /** Every plan's expansions, the first plan's included. */
  expanded: number;
  optimal: number | null;
  milliseconds: number;
  walk?: Point[];
}

export function runWalks(engine: Engine, command: WalkCommand, output: Output): void {
  const options: SearchOptions = { ...DEFAULT_OPTIONS, algorithm: DEFAULT_ALGORITHM.walk, ...command.options };
  const lines = new JsonLines(output);
  const total = new WalkTally(true);
  let tally = new WalkTally(false);
  let summaries = 0;
  // The planner reads the agent's knowledge, not the map; but unknown cells are free and
  // known ones are the map's, so what the map refuses (checked before any walk) the
  // knowledge would soon refuse too.
  runScenarioFiles<Walk>(engine, {
    command: 'walk',
    files: command.files,
    options,
    makeTool: (map) => {
      const walk = engine.createWalk(map.grid);
      walk.setOptions(options, command.senseRadius);
      return walk;
    },
    visit: ({ file, index, query, map, tool: walk }) => {
      const began = performance.now();
      walk.reset(query.start, query.goal);
      const status = walkToTheEnd(walk, engine, options, map.path);
      const milliseconds = performance.now() - began;
      const counters = walk.counters();
      const result: WalkResult = {
        file,
        map: map.path,
        index,
        start: query.start,
        goal: query.goal,
        status,
        cost: counters.walkedCost,
        replans: counters.replans,
        expanded: counters.expandedTotal,
        optimal: query.optimal < 0 ? null : query.optimal,
        milliseconds,
      };
      if (command.json) {
        if (command.paths) result.walk = walk.walked();
        lines.add(jsonLine(result));
      } else {
        tally.add(result, map.grid);
        total.add(result, map.grid);
      }
    },
    endFile: (file) => {
      if (command.json) return;
      output.out(`${summaries++ === 0 ? '' : '\n'}${summary(engine, [file], options, command.senseRadius, tally)}`);
      tally = new WalkTally(false);
    },
  }, output);
  if (command.json) lines.flush();
  else if (command.files.length > 1) output.out(`\n${summary(engine, command.files, options, command.senseRadius, total)}`);
}

/** Steps the walk until it ends; returns how. */
function walkToTheEnd(walk: Walk, engine: Engine, options: SearchOptions, mapPath: string): WalkEnd {
  for (;;) {
    const status = walk.status;
    if (status === 'refused') throw new CliError(refusalMessage(engine, options, walk.refusal!, mapPath));
    if ((ENDS as readonly WalkStatus[]).includes(status)) return status as WalkEnd;
    // A walk that has not ended always has a step to make; anything else is an engine bug.
    if (walk.runSteps(STEPS_PER_CALL) === 0) throw new Error(`the walk made no step while ${status}`);
  }
}

function jsonLine(result: WalkResult): Record<string, unknown> {
  const line: Record<string, unknown> = {
    ...jsonHead(result),
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

/** What a summary says of many walks, gathered as they end (a long run holds no list of them). */
class WalkTally {
  readonly maps = new Map<string, { width: number; height: number }>();
  queries = 0;
  arrived = 0;
  noPath = 0;
  gaveUp = 0;
  /** Queries the file says have no path. */
  fileNoPath = 0;
  /** Arriving where the file has no path, or finding none where it has one: wrong whatever the agent knew. */
  readonly wrongEnd = new Examples();
  arrivedCost = 0;
  /** Walked cost against the file's optimal length, for arrivals where the file has a length above 0. */
  readonly ratios = new Spread();
  equal = 0;
  readonly longer = new Examples();
  replans = 0;
  expanded = 0;
  milliseconds = 0;

  /** `namesFiles`: examples say which file they are from (the total over several files). */
  constructor(private readonly namesFiles: boolean) {}

  add(result: WalkResult, grid: { width: number; height: number }): void {
    if (!this.maps.has(result.map)) this.maps.set(result.map, { width: grid.width, height: grid.height });
    const name = `${this.namesFiles ? `${result.file} ` : ''}#${result.index}`;
    this.queries++;
    if (result.status === 'arrived') this.arrived++;
    if (result.status === 'no-path') this.noPath++;
    if (result.status === 'gave-up') this.gaveUp++;
    if (result.optimal === null) this.fileNoPath++;
    if (result.status !== 'gave-up' && (result.status === 'arrived') !== (result.optimal !== null))
      this.wrongEnd.add(() => `${name} ${result.status} where the file has ${costText(result.optimal)}`);
    if (result.status === 'arrived') {
      this.arrivedCost += result.cost;
      if (result.optimal !== null && result.optimal > 0) {
        this.ratios.add(result.cost / result.optimal);
        if (Math.abs(result.cost - result.optimal) <= OPTIMAL_TOLERANCE) this.equal++;
        else this.longer.add(() => `${name} cost ${costText(result.cost)} vs ${costText(result.optimal)}`);
      }
    }
    this.replans += result.replans;
    this.expanded += result.expanded;
    this.milliseconds += result.milliseconds;
  }
}

function summary(engine: Engine, files: readonly string[], options: SearchOptions, senseRadius: number, tally: WalkTally): string {
  const count = tally.queries;
  const perQuery = (value: number): string => (count === 0 ? '-' : value.toFixed(1));
  const lines = [
    ...headingLines(files, tally.maps),
    `options:    ${describeOptions(engine, options, 'plan')}`,
    `knowledge:  ${senseRadius === 0 ? 'the whole map' : `the cells within ${senseRadius} (Chebyshev) of every cell stood on; unknown cells assumed free`}`,
    `queries:    ${count}`,
    `reached:    ${tally.arrived} of ${count} arrived at the goal; ${tally.noPath} found it unreachable (the file has ${tally.fileNoPath} without a path)`,
  ];
  if (tally.gaveUp > 0)
    lines.push(`gave up:    ${tally.gaveUp} of ${count} reached the limit of ${options.maxExpansions} expansions in one plan (no answer either way)`);
  if (tally.wrongEnd.count > 0) lines.push(`wrong end:  ${tally.wrongEnd}`);

  if (options.costModel !== 'exact') {
    lines.push(`walked:     ${tally.arrived === 0 ? '-' : (tally.arrivedCost / tally.arrived).toFixed(2)} per arrival on average;` +
      ` not compared (the file's lengths count exact costs; these are ${options.costModel} costs)`);
  } else {
    lines.push(tally.ratios.count === 0
      ? 'walked:     no arrival to compare with the file'
      : `walked:     cost ${tally.ratios.describe("the file's optimal length")}; ${tally.equal} of ${tally.ratios.count} equal to it (within ${OPTIMAL_TOLERANCE})`);
    // Knowing the whole map, the agent walks an optimal path: anything longer is wrong.
    const row = engine.algorithm(options.algorithm);
    const optimalPlanner = row.optimal && !(row.usesWeight && options.weight > 1);
    if (senseRadius === 0 && optimalPlanner && tally.longer.count > 0) lines.push(`different:  ${tally.longer}`);
  }
  lines.push(
    `replans:    ${perQuery(tally.replans / count)} per query on average (${tally.replans} in all)`,
    `expansions: ${perQuery(tally.expanded / count)} per query on average (${tally.expanded} in all, every plan counted)`,
    `time:       ${tally.milliseconds.toFixed(1)} ms walking, ${perQuery(tally.milliseconds / count)} ms per query`,
  );
  return `${lines.join('\n')}\n`;
}
