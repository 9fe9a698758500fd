// `astar`: runs Moving AI scenario files through the WebAssembly engine in Node.
//
// This module is bundled (with the single-file wasm module inside) into dist/cli/astar.mjs
// by `npm run build`; bin/astar.mjs calls main(). It has no side effects on import, so
// scripts/bench.mjs can import the same bundle for loadEngine and loadScenario and time
// the very engine the CLI runs.
import { loadEngine, type Engine, type Point, type RefusalName, type SearchOptions, type SearchStatus } from '../engine/engine';
import { listOf, parseArguments, usage, type ScenCommand } from './arguments';
import { CliError } from './cli-error';
import { loadScenario, matchesOptimal, OPTIMAL_TOLERANCE, type LoadedScenario } from './scenario-file';

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
      runScenario(engine, scenario, command, output);
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
    // JSON lines are written in batches: one write per query is slow for 10 000 queries,
    // and holding them all keeps every path in memory.
    let pending: string[] = [];
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
        pending.push(jsonLine(result));
        if (pending.length >= 256) {
          output.out(pending.join(''));
          pending = [];
        }
      } else {
        results.push(result);
      }
    });
    if (json) output.out(pending.join(''));
    else output.out(summary(engine, scenario, search.options, results, searchMilliseconds));
  } finally {
    search.delete();
  }
}

function jsonLine(result: QueryResult): string {
  const point = (p: Point): [number, number] => [p.x, p.y];
  const line: Record<string, unknown> = {
    index: result.index,
    start: point(result.start),
    goal: point(result.goal),
    status: result.status,
    cost: result.cost,
    expanded: result.expanded,
    optimal: result.optimal,
  };
  if (result.path) line.path = result.path.map(point);
  return `${JSON.stringify(line)}\n`;
}

/** Why the options cannot run on this map, as the one line the CLI prints. */
function refusalMessage(engine: Engine, options: SearchOptions, refusal: RefusalName, mapPath: string): string {
  const row = engine.algorithm(options.algorithm);
  switch (refusal) {
    case 'diagonal-rule':
      return `${row.name} supports --diagonal ${listOf(row.diagonals)}, not ${options.diagonal}`;
    case 'cost-model':
      return `${row.name} measures straight lines and supports --costs ${listOf(row.costModels)} only, not ${options.costModel}`;
    default:
      return `${row.name} runs only on maps where every walkable cell costs the same, and ${mapPath} has terrain costs`;
  }
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
      const shown = mismatches.slice(0, 5).map((r) => `#${r.index} cost ${costText(r.cost)} vs ${costText(r.optimal)}`);
      const more = mismatches.length > shown.length ? `, and ${mismatches.length - shown.length} more` : '';
      lines.push(`different:  ${shown.join(', ')}${more}`);
    }
  }
  lines.push(
    `expansions: ${perQuery(expanded / count)} per query on average (${expanded} in all)`,
    `time:       ${searchMilliseconds.toFixed(1)} ms searching, ${perQuery((searchMilliseconds * 1000) / count)} µs per query`,
  );
  return `${lines.join('\n')}\n`;
}

function costText(cost: number | null): string {
  return cost === null ? 'no path' : String(Math.round(cost * 1e4) / 1e4);
}

function describeOptions(engine: Engine, options: SearchOptions): string {
  const row = engine.algorithm(options.algorithm);
  const parts: string[] = [options.algorithm, `diagonal ${options.diagonal}`];
  if (row.usesHeuristic) {
    const fallback = row.defaultHeuristic ?? (options.diagonal === 'never' ? 'manhattan' : 'octile');
    parts.push(`heuristic ${options.heuristic ?? `${fallback} (default)`}`);
  }
  if (row.usesWeight) parts.push(`weight ${options.weight}`);
  parts.push(`costs ${options.costModel}`);
  if (options.maxExpansions) parts.push(`at most ${options.maxExpansions} expansions per query`);
  return parts.join(', ');
}
