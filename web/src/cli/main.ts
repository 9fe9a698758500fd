// `astar`: runs Moving AI scenario files through the WebAssembly engine in Node: `scen`
// searches every query (this file), `walk` sends an agent along every query (walk.ts).
//
// This module is bundled (with the single-file wasm module inside) into dist/cli/astar.mjs
// by `npm run build`; bin/astar.mjs calls main(). It has no side effects on import, so
// scripts/bench.mjs can import the same bundle for loadEngine and loadScenario and time
// the very engine the CLI runs.
import { writeSync } from 'node:fs';
import { DEFAULT_OPTIONS, loadEngine, type Engine, type MeshSearch, type MeshSearchOptions, type Point, type Search, type SearchOptions, type SearchStatus } from '../engine/engine';
import { DEFAULT_ALGORITHM, parseArguments, usage, type ScenCommand } from './arguments';
import { CliError } from './cli-error';
import { costText, describeOptions, Examples, headingLines, jsonHead, JsonLines, pointPair, type QueryHead, Spread } from './report';
import { matchesOptimal, OPTIMAL_TOLERANCE } from './scenario-file';
import { runScenarioFiles } from './scenario-run';
import { runWalks } from './walk';

export { loadEngine } from '../engine/engine';
export { loadScenario, matchesOptimal, OPTIMAL_TOLERANCE } from './scenario-file';
export { CliError } from './cli-error';
export { buildMesh, meshSteps } from '../engine/navmesh/build-mesh';
// The page's seeded generator, for the bench's maps painted with terrain (scripts/bench-terrain.mjs).
export { randomInt, seededRandom } from '../generators/rng';

export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** Shows `line` in place of the previous progress line ('' clears it); absent when there is nowhere to show it. */
  progress?(line: string): void;
}

/**
 * Text as it may reach a terminal: every control character but newline and tab shown as a
 * \uXXXX escape. A .scen file's map column (and any other text taken from files) could
 * otherwise carry escape sequences that retitle the terminal, recolour it or move its
 * cursor. JSON lines hold no raw C0 characters (JSON.stringify escapes them), and for the
 * C1 characters and DEL it leaves raw, the escape is valid JSON that reads back the same.
 */
export function terminalSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** stdout was closed by its reader (`astar ... | head`): the command stops, with no error. */
export class OutputClosed extends Error {
  constructor() {
    super('standard output was closed');
    this.name = 'OutputClosed';
  }
}

/**
 * Writes to a file descriptor at once, so a closed pipe or a full disk is known at the write
 * that meets it: a search loop that never awaits would otherwise run the whole file before
 * Node reported the error from the event loop.
 */
function writeNow(fd: number, text: string): void {
  let bytes = Buffer.from(text, 'utf8');
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue; // a non-blocking pipe that is full: try again
      if (code === 'EPIPE') throw new OutputClosed();
      throw new CliError(`cannot write to standard ${fd === 1 ? 'output' : 'error'}: ${(error as Error).message}`);
    }
  }
}

/** stdout and stderr; a progress line only when stderr is a terminal, cleared before anything else is written. */
function processOutput(): Output {
  let progressShown = false;
  const clearProgress = () => {
    if (progressShown) process.stderr.write('\r\x1b[K');
    progressShown = false;
  };
  return {
    out: (text) => {
      clearProgress();
      writeNow(1, terminalSafe(text));
    },
    err: (text) => {
      clearProgress();
      writeNow(2, terminalSafe(text));
    },
    progress: process.stderr.isTTY
      ? (line) => {
          clearProgress();
          if (line !== '') process.stderr.write(terminalSafe(line).slice(0, Math.max(0, (process.stderr.columns || 80) - 1)));
          progressShown = line !== '';
        }
      : undefined,
  };
}

interface QueryResult extends QueryHead {
  /** found, no-path or gave-up (at --max-expansions). */
  status: SearchStatus;
  cost: number | null;
  expanded: number;
  optimal: number | null;
  milliseconds: number;
  path?: Point[];
}

/** Runs the command line `argv` (without "node" and the script); resolves with the exit code. */
export async function main(argv: readonly string[], output: Output = processOutput()): Promise<number> {
  try {
    // The engine first: its catalog names every option the arguments may use.
    const engine = await loadEngine();
    const command = parseArguments(argv, engine.catalog);
    if (command.kind === 'help') {
      output.out(`${usage(engine.catalog)}\n`);
      return 0;
    }
    if (command.kind === 'walk') {
      runWalks(engine, command, output);
      return 0;
    }
    const tally = runScenarios(engine, command, output);
    if (!command.check) return 0;
    // A check that checked nothing has shown nothing: a file cut down to its version line
    // must not pass as "0 of 0 match".
    if (tally.queries === 0) {
      output.err(`astar: --check failed: no query to check (${command.files.length === 1 ? 'the file lists' : 'the files list'} none)\n`);
      return 1;
    }
    const failed = tally.different.count + tally.gaveUp;
    if (failed === 0) return 0;
    const parts = [tally.different.count > 0 ? `${tally.different.count} differ from the file's optimal length` : '', tally.gaveUp > 0 ? `${tally.gaveUp} gave up` : ''];
    output.err(`astar: --check failed: ${failed} of ${tally.queries} queries (${parts.filter(Boolean).join(', ')})\n`);
    return 1;
  } catch (error) {
    if (error instanceof OutputClosed) return 0;
    if (error instanceof CliError) {
      try {
        output.err(`astar: ${error.message}\n`);
      } catch {
        // stderr is gone too: the exit code is all that is left to say it.
      }
      return 1;
    }
    throw error;
  }
}

/** Runs the queries and prints as asked; returns every file's tally (for --check). */
function runScenarios(engine: Engine, { files, options: given, json, paths: withPaths, mesh }: ScenCommand, output: Output): ScenTally {
  const options: SearchOptions = { ...DEFAULT_OPTIONS, algorithm: DEFAULT_ALGORITHM.scen, ...given };
  const lines = new JsonLines(output);
  const total = new ScenTally(true);
  let tally = new ScenTally(false);
  let summaries = 0;
  runScenarioFiles<Search | MeshSearch>(engine, {
    command: 'scen',
    files,
    options,
    makeTool: (map) => {
      if (!mesh) return engine.createSearch(map.grid, options);
      if (!map.grid.uniformCost())
        throw new CliError(`${mesh.algorithm} runs only on maps where every walkable cell costs the same, and ${map.path} has terrain costs`);
      return engine.createMeshSearch(map.grid, mesh);
    },
    visit: ({ file, index, query, map, tool: search }) => {
      // Preparing, once per map (JPS+'s table, a subgoal graph, a navigation mesh), is timed
      // apart from the queries: a mesh search builds its mesh in reset(), a grid search when
      // told to (reset() itself is O(1) and counted with it).
      const meshBefore = mesh ? (search as MeshSearch).mesh : null;
      const resetAt = performance.now();
      search.reset(query.start, query.goal);
      let prepared = mesh !== undefined && (search as MeshSearch).mesh !== meshBefore;
      if (search.status === 'preparing' && 'prepareSteps' in search) {
        search.prepareSteps(Number.MAX_SAFE_INTEGER);
        prepared = true;
      }
      if (prepared) {
        const preparation = performance.now() - resetAt;
        tally.preparationMs += preparation;
        total.preparationMs += preparation;
      }
      const began = performance.now();
      search.run();
      const milliseconds = performance.now() - began;
      const found = search.status === 'found';
      const result: QueryResult = {
        file,
        map: map.path,
        index,
        start: query.start,
        goal: query.goal,
        status: search.status,
        cost: found ? search.pathCost : null,
        expanded: search.counters().expanded,
        optimal: query.optimal < 0 ? null : query.optimal,
        milliseconds,
      };
      total.add(result, map.grid);
      if (json) {
        if (withPaths) result.path = found ? search.path() : [];
        lines.add(jsonLine(result));
      } else {
        tally.add(result, map.grid);
      }
    },
    endFile: (file) => {
      if (json) return;
      output.out(`${summaries++ === 0 ? '' : '\n'}${summary(engine, [file], options, tally, mesh)}`);
      tally = new ScenTally(false);
    },
  }, output);
  if (json) lines.flush();
  else if (files.length > 1) output.out(`\n${summary(engine, files, options, total, mesh)}`);
  return total;
}

function describeMeshOptions(engine: Engine, mesh: MeshSearchOptions): string {
  const parts = [`${mesh.algorithm} (${engine.algorithm(mesh.algorithm).label})`, `radius ${mesh.radius}`];
  if (mesh.maxExpansions) parts.push(`at most ${mesh.maxExpansions} expansions per query`);
  return parts.join(', ');
}

function jsonLine(result: QueryResult): Record<string, unknown> {
  const line: Record<string, unknown> = {
    ...jsonHead(result),
    status: result.status,
    cost: result.cost,
    expanded: result.expanded,
    optimal: result.optimal,
  };
  if (result.path) line.path = result.path.map(pointPair);
  return line;
}

/** What a summary says of many queries, gathered as they run (a long run holds no list of them). */
class ScenTally {
  readonly maps = new Map<string, { width: number; height: number }>();
  queries = 0;
  gaveUp = 0;
  answered = 0;
  expanded = 0;
  milliseconds = 0;
  /** Answers that disagree with the file's optimal length. */
  readonly different = new Examples();
  /** Any-angle costs against the file's (8-connected) optimal lengths, and how many are longer. */
  readonly ratios = new Spread();
  longer = 0;
  /** Time spent preparing per map, apart from `milliseconds` (searches that prepare). */
  preparationMs = 0;

  /** `namesFiles`: examples say which file they are from (the total over several files). */
  constructor(private readonly namesFiles: boolean) {}

  add(result: QueryResult, grid: { width: number; height: number }): void {
    if (!this.maps.has(result.map)) this.maps.set(result.map, { width: grid.width, height: grid.height });
    this.queries++;
    this.expanded += result.expanded;
    this.milliseconds += result.milliseconds;
    if (result.status === 'gave-up') {
      this.gaveUp++;
      return;
    }
    this.answered++;
    if (!matchesOptimal(result.optimal ?? -1, result.cost)) {
      this.different.add(() => `${this.namesFiles ? `${result.file} ` : ''}#${result.index} cost ${costText(result.cost)} vs ${costText(result.optimal)}`);
    }
    if (result.cost !== null && result.optimal !== null && result.optimal > 0) {
      this.ratios.add(result.cost / result.optimal);
      // The files round their lengths, so a ratio a hair above 1 is rounding; longer than
      // the optimum means beyond the same tolerance the grid searches are held to.
      if (result.cost > result.optimal + OPTIMAL_TOLERANCE) this.longer++;
    }
  }
}

function summary(engine: Engine, files: readonly string[], options: SearchOptions, tally: ScenTally, mesh?: MeshSearchOptions): string {
  const row = engine.algorithm(mesh ? mesh.algorithm : options.algorithm);
  const anyAngle = mesh !== undefined || row.anyAngle;
  const count = tally.queries;
  const perQuery = (value: number): string => (count === 0 ? '-' : value.toFixed(1));
  const lines = [
    ...headingLines(files, tally.maps),
    `options:    ${mesh ? describeMeshOptions(engine, mesh) : describeOptions(engine, options)}`,
    `queries:    ${count}`,
  ];
  if (tally.gaveUp > 0)
    lines.push(`gave up:    ${tally.gaveUp} of ${count} reached the limit of ${options.maxExpansions} expansions (no answer either way)`);
  if (options.costModel !== 'exact' && !mesh) {
    // The files' lengths count 1 and sqrt 2; a 10-14 optimum is another number (and may be another path).
    lines.push(`optimal:    not compared (the file's lengths count exact costs; these are ${options.costModel} costs)`);
  } else if (anyAngle) {
    // Any-angle paths may be shorter than the 8-connected optimum: report by how much.
    lines.push(tally.ratios.count === 0
      ? 'any-angle:  no query with a path to compare'
      : `any-angle:  cost ${tally.ratios.describe("the file's optimal (8-connected) length")}; ` +
        `${tally.longer} of ${tally.ratios.count} longer than it (beyond ${OPTIMAL_TOLERANCE})`);
  } else {
    lines.push(`optimal:    ${tally.answered - tally.different.count} of ${tally.answered} match the file's optimal length (within ${OPTIMAL_TOLERANCE})`);
    if (tally.different.count > 0) lines.push(`different:  ${tally.different}`);
  }
  lines.push(
    `expansions: ${perQuery(tally.expanded / count)} per query on average (${tally.expanded} in all)`,
    `time:       ${tally.milliseconds.toFixed(1)} ms searching, ${perQuery((tally.milliseconds * 1000) / count)} µs per query`,
  );
  if (row.prepares) lines.push(`preparing:  ${tally.preparationMs.toFixed(1)} ms, once per map (not in the time above)`);
  return `${lines.join('\n')}\n`;
}
