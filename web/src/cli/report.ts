// What `astar scen` and `astar walk` print the same way: JSON lines written in batches,
// points as [x, y], costs, the options line and the refusal message.
import type { Engine, Point, RefusalName, SearchOptions } from '../engine/engine';
import { listOf } from './arguments';
import type { Output } from './main';

/** A point as JSON writes it: [x, y]. */
/** Where a query comes from and what it asks, as both commands' --json lines begin. */
export interface QueryHead {
  file: string;
  map: string;
  index: number;
  start: Point;
  goal: Point;
}

/** The first fields of a --json line: file, map, index, start and goal. */
export function jsonHead(query: QueryHead): Record<string, unknown> {
  return { file: query.file, map: query.map, index: query.index, start: pointPair(query.start), goal: pointPair(query.goal) };
}

export function pointPair(point: Point): [number, number] {
  return [point.x, point.y];
}

/**
 * JSON lines, written in batches: one write per query is slow for 10 000 queries, and
 * holding them all keeps every path in memory. A batch also goes out once its first line
 * has waited FLUSH_AFTER_MS, so slow queries still stream, and a reader that stops early
 * (`| head`) is noticed at the next write rather than at the end of the file.
 */
export class JsonLines {
  private static readonly BATCH = 256;
  private static readonly FLUSH_AFTER_MS = 200;
  private pending: string[] = [];
  private firstPendingAt = 0;

  constructor(private readonly output: Output) {}

  add(line: Record<string, unknown>): void {
    if (this.pending.length === 0) this.firstPendingAt = performance.now();
    this.pending.push(`${JSON.stringify(line)}\n`);
    if (this.pending.length >= JsonLines.BATCH || performance.now() - this.firstPendingAt >= JsonLines.FLUSH_AFTER_MS) this.flush();
  }

  flush(): void {
    if (this.pending.length > 0) this.output.out(this.pending.join(''));
    this.pending = [];
  }
}

/** Why the options cannot run on this map, as the one line the CLI prints. */
export function refusalMessage(engine: Engine, options: SearchOptions, refusal: RefusalName, mapPath: string): string {
  const row = engine.algorithm(options.algorithm);
  switch (refusal) {
    case 'diagonal-rule':
      return `${row.name} supports --diagonal ${listOf(row.diagonals)}, not ${options.diagonal}`;
    case 'cost-model':
      return `${row.name} measures straight lines and supports --costs ${listOf(row.costModels)} only, not ${options.costModel}`;
    case 'any-angle':
      return `${row.name} plans any-angle paths, and a walk moves from cell to cell: walk with a grid search`;
    default:
      return `${row.name} runs only on maps where every walkable cell costs the same, and ${mapPath} has terrain costs`;
  }
}

/**
 * What a summary lists of many items (queries off the optimum, say): the first few, described,
 * and how many there were in all, without holding every item of a long run.
 */
export class Examples {
  private readonly shown: string[] = [];
  count = 0;

  add(describe: () => string): void {
    if (this.shown.length < 5) this.shown.push(describe());
    this.count++;
  }

  toString(): string {
    const more = this.count > this.shown.length ? `, and ${this.count - this.shown.length} more` : '';
    return `${this.shown.join(', ')}${more}`;
  }
}

/** The mean, least and greatest of a run of ratios, kept as they come. */
export class Spread {
  count = 0;
  private sum = 0;
  private least = Infinity;
  private greatest = -Infinity;

  add(value: number): void {
    this.count++;
    this.sum += value;
    this.least = Math.min(this.least, value);
    this.greatest = Math.max(this.greatest, value);
  }

  /** "1.0123 of the file's ... on average, 1.0000 to 1.2000", with `what` after the mean. */
  describe(what: string): string {
    return `${(this.sum / this.count).toFixed(4)} of ${what} on average, ${this.least.toFixed(4)} to ${this.greatest.toFixed(4)}`;
  }
}

/** The summary's heading lines: the file (or how many, for the total) and the maps its queries ran on. */
export function headingLines(files: readonly string[], maps: ReadonlyMap<string, { width: number; height: number }>): string[] {
  const mapNames = [...maps].map(([path, grid]) => `${path} (${grid.width} x ${grid.height})`);
  const shownMaps = mapNames.slice(0, 5).join(', ') + (mapNames.length > 5 ? `, and ${mapNames.length - 5} more` : '');
  return [
    files.length === 1 ? `file:       ${files[0]}` : `files:      ${files.length}, all together`,
    mapNames.length === 0 ? 'map:        none (no queries)' : mapNames.length === 1 ? `map:        ${shownMaps}` : `maps:       ${mapNames.length}: ${shownMaps}`,
  ];
}

export function costText(cost: number | null): string {
  return cost === null ? 'no path' : String(Math.round(cost * 1e4) / 1e4);
}

/** The options line; `limitUnit`: what --max-expansions bounds (a walk's limit is per plan). */
export function describeOptions(engine: Engine, options: SearchOptions, limitUnit: 'query' | 'plan' = 'query'): string {
  const row = engine.algorithm(options.algorithm);
  const parts: string[] = [options.algorithm, `diagonal ${options.diagonal}`];
  if (row.usesHeuristic) {
    const fallback = row.defaultHeuristic ?? (options.diagonal === 'never' ? 'manhattan' : 'octile');
    parts.push(`heuristic ${options.heuristic ?? `${fallback} (default)`}`);
  }
  if (row.usesWeight) parts.push(`weight ${options.weight}`);
  parts.push(`costs ${options.costModel}`);
  if (options.maxExpansions) parts.push(`at most ${options.maxExpansions} expansions per ${limitUnit}`);
  return parts.join(', ');
}
