// `astar`: runs Moving AI scenario files through the WebAssembly engine in Node: `scen`
// searches every query (this file), `walk` sends an agent along every query (walk.ts).
//
// This module is bundled (with the single-file wasm module inside) into dist/cli/astar.mjs
// by `npm run build`; bin/astar.mjs calls main(). It has no side effects on import, so
// scripts/bench.mjs can import the same bundle for loadEngine and loadScenario and time
// the very engine the CLI runs.
import { loadEngine, type Engine, type Point, type SearchOptions, type SearchStatus } from '../engine/engine';
import { parseArguments, usage, type ScenCommand } from './arguments';
import { CliError } from './cli-error';
import { costText, describeOptions, JsonLines, listed, pointPair, refusalMessage } from './report';
import { loadScenario, matchesOptimal, OPTIMAL_TOLERANCE, type LoadedScenario } from './scenario-file';
import { runWalks } from './walk';

export { loadEngine } from '../engine/engine';
export { candidateMapPaths, loadScenario, matchesOptimal, OPTIMAL_TOLERANCE } from './scenario-file';
export { CliError } from './cli-error';

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: Output = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

interface QueryResult {
  index: number;
  start: Point;
  goal: Point;
  /** found, no-path or gave-up (at --max-expansions). */
  status: SearchStatus;
  cost: number | null;
  expanded: number;
  optimal: number | null;
  path?: Point[];
}

/** Runs the command line `argv` (without "node" and the script); resolves with the exit code. */
export async function main(argv: readonly string[], output: Output = processOutput): Promise<number> {
  try {
    // The engine first: its catalog names every option the arguments may use.
    const engine = await loadEngine();
    const command = parseArguments(argv, engine.catalog);
    if (command.kind === 'help') {
      output.out(`${usage(engine.catalog)}\n`);
      return 0;
    }
    const scenario = loadScenario(engine, command.file);
    try {
      if (command.kind === 'walk') runWalks(engine, scenario, command, output);
      else runScenario(engine, scenario, command, output);
    } finally {
      scenario.grid.delete();
    }
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      output.err(`astar: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function runScenario(
  engine: Engine,
  scenario: LoadedScenario,
  { options, json, paths: withPaths }: ScenCommand,
  output: Output,
): void {
  const search = engine.createSearch(scenario.grid, options);
  const refusal = engine.refusalFor(scenario.grid, search.options);
  if (refusal) {
    search.delete();
    throw new CliError(refusalMessage(engine, search.options, refusal, scenario.mapPath));
  }
  try {
    const results: QueryResult[] = [];
    let searchMilliseconds = 0;
    const lines = new JsonLines(output);
    scenario.queries.forEach((query, index) => {
      const began = performance.now();
      search.reset(query.start, query.goal);
      search.run();
      searchMilliseconds += performance.now() - began;
      const found = search.status === 'found';
      const result: QueryResult = {
        index,
        start: query.start,
        goal: query.goal,
        status: search.status,
        cost: found ? search.pathCost : null,
        expanded: search.counters().expanded,
        optimal: query.optimal < 0 ? null : query.optimal,
      };
      if (json) {
        if (withPaths) result.path = found ? search.path() : [];
        lines.add(jsonLine(result));
      } else {
        results.push(result);
      }
    });
    if (json) lines.flush();
    else output.out(summary(engine, scenario, search.options, results, searchMilliseconds));
  } finally {
    search.delete();
  }
}

function jsonLine(result: QueryResult): Record<string, unknown> {
  const line: Record<string, unknown> = {
    index: result.index,
    start: pointPair(result.start),
    goal: pointPair(result.goal),
    status: result.status,
    cost: result.cost,
    expanded: result.expanded,
    optimal: result.optimal,
  };
  if (result.path) line.path = result.path.map(pointPair);
  return line;
}

function summary(
  engine: Engine,
  scenario: LoadedScenario,
  options: SearchOptions,
  results: readonly QueryResult[],
  searchMilliseconds: number,
): string {
  const row = engine.algorithm(options.algorithm);
  const count = results.length;
  const gaveUp = results.filter((r) => r.status === 'gave-up');
  const answered = results.filter((r) => r.status !== 'gave-up');
  const mismatches = answered.filter((r) => !matchesOptimal(r.optimal ?? -1, r.cost));
  const expanded = results.reduce((sum, r) => sum + r.expanded, 0);
  const perQuery = (value: number): string => (count === 0 ? '-' : value.toFixed(1));
  const lines = [
    `file:       ${scenario.scenarioPath}`,
    `map:        ${scenario.mapPath} (${scenario.grid.width} x ${scenario.grid.height})`,
    `options:    ${describeOptions(engine, options)}`,
    `queries:    ${count}`,
  ];
  if (gaveUp.length > 0)
    lines.push(`gave up:    ${gaveUp.length} of ${count} reached the limit of ${options.maxExpansions} expansions (no answer either way)`);
  if (options.costModel !== 'exact') {
    // The files' lengths count 1 and sqrt 2; a 10-14 optimum is another number (and may be another path).
    lines.push(`optimal:    not compared (the file's lengths count exact costs; these are ${options.costModel} costs)`);
  } else if (row.anyAngle) {
    // Any-angle paths may be shorter than the 8-connected optimum: report by how much.
    const compared = answered.filter((r) => r.cost !== null && r.optimal !== null && r.optimal > 0);
    const ratios = compared.map((r) => r.cost! / r.optimal!);
    const mean = ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length;
    // The files round their lengths, so a ratio a hair above 1 is rounding; longer than
    // the optimum means beyond the same tolerance the grid searches are held to.
    const longer = compared.filter((r) => r.cost! > r.optimal! + OPTIMAL_TOLERANCE).length;
    lines.push(ratios.length === 0
      ? 'any-angle:  no query with a path to compare'
      : `any-angle:  cost ${mean.toFixed(4)} of the file's optimal (8-connected) length on average, ${Math.min(...ratios).toFixed(4)} to ${Math.max(...ratios).toFixed(4)}; ` +
        `${longer} of ${compared.length} longer than it (beyond ${OPTIMAL_TOLERANCE})`);
  } else {
    lines.push(`optimal:    ${answered.length - mismatches.length} of ${answered.length} match the file's optimal length (within ${OPTIMAL_TOLERANCE})`);
    if (mismatches.length > 0) {
      lines.push(`different:  ${listed(mismatches, (r) => `#${r.index} cost ${costText(r.cost)} vs ${costText(r.optimal)}`)}`);
    }
  }
  lines.push(
    `expansions: ${perQuery(expanded / count)} per query on average (${expanded} in all)`,
    `time:       ${searchMilliseconds.toFixed(1)} ms searching, ${perQuery((searchMilliseconds * 1000) / count)} µs per query`,
  );
  return `${lines.join('\n')}\n`;
}
