// Running every query of one or more scenario files, for `astar scen` and `astar walk`.
// Everything is checked first, every file, line and map, without running anything: a bad
// line or a missing map stops the command at once, not hours into a benchmark. Then the
// queries run in file order, each on its map (a file may name several), streamed from
// the files a batch at a time, with a progress line on stderr when it is a terminal.
import type { Engine, ScenarioQuery, SearchOptions } from '../engine/engine';
import { CliError } from './cli-error';
import type { Output } from './main';
import { refusalMessage } from './report';
import { checkScenarioFile, MapShelf, readScenarioBatches, type ScenarioMap } from './scenario-file';

/** One query to run: `index` counts the queries of its file from 0. */
export interface ScenarioVisit<Tool> {
  file: string;
  index: number;
  query: ScenarioQuery;
  map: ScenarioMap;
  /** What runs on `map` (a search, a walk), made once per map while it is loaded. */
  tool: Tool;
}

export interface ScenarioRun<Tool extends { delete(): void }> {
  command: 'scen' | 'walk';
  files: readonly string[];
  /** Checked against every map before anything runs. */
  options: SearchOptions;
  makeTool(map: ScenarioMap): Tool;
  visit(visit: ScenarioVisit<Tool>): void;
  /** After the last query of `file`. */
  endFile(file: string): void;
}

/** Redraws of the progress line, at most this often. */
const PROGRESS_MILLISECONDS = 250;

export function runScenarioFiles<Tool extends { delete(): void }>(engine: Engine, run: ScenarioRun<Tool>, output: Output): void {
  for (const file of run.files) checkScenarioFile(file);
  const shelf = new MapShelf(engine, run.makeTool);
  const progress = new Progress(output, run.command);
  try {
    const checkedMaps = new Set<string>();
    let total = 0;
    forEachQuery(engine, run.files, (file, index, query) => {
      const map = shelf.mapFor(file, index, query);
      if (!checkedMaps.has(map.path)) {
        checkedMaps.add(map.path);
        const refusal = engine.refusalFor(map.grid, run.options);
        if (refusal) throw new CliError(refusalMessage(engine, run.options, refusal, map.path));
      }
      total++;
      progress.show(() => `checking ${file}, queries read: ${total}`);
    }, () => {});

    let done = 0;
    forEachQuery(engine, run.files, (file, index, query) => {
      const map = shelf.mapFor(file, index, query);
      run.visit({ file, index, query, map, tool: shelf.toolFor(map) });
      done++;
      progress.show(() => `${done} of ${total} queries (${Math.floor((100 * done) / total)}%)`);
    }, run.endFile);
  } finally {
    progress.clear();
    shelf.deleteAll();
  }
}

function forEachQuery(
  engine: Engine,
  files: readonly string[],
  visit: (file: string, index: number, query: ScenarioQuery) => void,
  endFile: (file: string) => void,
): void {
  for (const file of files) {
    let index = 0;
    for (const batch of readScenarioBatches(engine, file)) for (const query of batch) visit(file, index++, query);
    endFile(file);
  }
}

/** The progress line: what is being done and the time so far, redrawn now and then. */
class Progress {
  private readonly began = performance.now();
  private shownAt = this.began; // a run over within the first interval shows none

  constructor(
    private readonly output: Output,
    private readonly command: string,
  ) {}

  show(describe: () => string): void {
    if (!this.output.progress) return;
    const now = performance.now();
    if (now - this.shownAt < PROGRESS_MILLISECONDS) return;
    this.shownAt = now;
    this.output.progress(`astar ${this.command}: ${describe()}, ${Math.round((now - this.began) / 1000)} s`);
  }

  clear(): void {
    this.output.progress?.('');
  }
}
