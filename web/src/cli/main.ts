// `astar`: runs Moving AI scenario files through the WebAssembly engine in Node.
//
// This module is bundled (with the single-file wasm module inside) into dist/cli/astar.mjs
// by `npm run build`; bin/astar.mjs calls main(). It has no side effects on import, so
// scripts/bench.mjs can import the same bundle for loadEngine and loadScenario and time
// the very engine the CLI runs.
import { loadEngine, type Engine, type Point, type SearchOptions } from '../engine/engine';
import { parseArguments, USAGE, type ScenCommand } from './arguments';
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
  cost: number | null;
  expanded: number;
  optimal: number | null;
  path?: Point[];
}

/** Runs the command line `argv` (without "node" and the script); resolves with the exit code. */
export async function main(argv: readonly string[], output: Output = processOutput): Promise<number> {
  try {
    const command = parseArguments(argv);
    if (command.kind === 'help') {
      output.out(`${USAGE}\n`);
      return 0;
    }
    const engine = await loadEngine();
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
    else output.out(summary(scenario, search.options, results, searchMilliseconds));
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
    cost: result.cost,
    expanded: result.expanded,
    optimal: result.optimal,
  };
  if (result.path) line.path = result.path.map(point);
  return `${JSON.stringify(line)}\n`;
}

function summary(
  scenario: LoadedScenario,
  options: SearchOptions,
  results: readonly QueryResult[],
  searchMilliseconds: number,
): string {
  const count = results.length;
  const mismatches = results.filter((r) => !matchesOptimal(r.optimal ?? -1, r.cost));
  const expanded = results.reduce((sum, r) => sum + r.expanded, 0);
  const perQuery = (value: number): string => (count === 0 ? '-' : value.toFixed(1));
  const lines = [
    `file:       ${scenario.scenarioPath}`,
    `map:        ${scenario.mapPath} (${scenario.grid.width} x ${scenario.grid.height})`,
    `options:    ${describeOptions(options)}`,
    `queries:    ${count}`,
    `optimal:    ${count - mismatches.length} of ${count} match the file's optimal length (within ${OPTIMAL_TOLERANCE})`,
  ];
  if (mismatches.length > 0) {
    const shown = mismatches.slice(0, 5).map((r) => `#${r.index} cost ${costText(r.cost)} vs ${costText(r.optimal)}`);
    const more = mismatches.length > shown.length ? `, and ${mismatches.length - shown.length} more` : '';
    lines.push(`different:  ${shown.join(', ')}${more}`);
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

function describeOptions(options: SearchOptions): string {
  const parts: string[] = [options.algorithm, `diagonal ${options.diagonal}`];
  // Dijkstra and breadth-first use no heuristic, and only A* weighs it.
  if (options.algorithm === 'astar' || options.algorithm === 'greedy') {
    // The core's default: octile where diagonal moves exist, manhattan where they do not.
    const heuristic = options.heuristic ?? `${options.diagonal === 'never' ? 'manhattan' : 'octile'} (default)`;
    parts.push(`heuristic ${heuristic}`);
  }
  if (options.algorithm === 'astar') parts.push(`weight ${options.weight}`);
  return parts.join(', ');
}
