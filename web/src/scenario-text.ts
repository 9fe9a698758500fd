// Moving AI scenario text parsed a batch of whole lines at a time, for the two readers of
// big files: the CLI reads a file from disk a chunk at a time (bounded memory), the page
// parses a dropped file in slices (jobs.ts: the page never waits). The engine parses each
// batch: the first as the file's start (its version line), the others after a version line
// of their own; an error names the line of the whole file, not of the batch.
import { MapFormatError, type Engine, type ScenarioQuery } from './engine/engine';

/** The queries of `lines`, whole lines whose first is line `firstLine` of the file; throws MapFormatError with the file's line. */
export function parseScenarioLines(engine: Pick<Engine, 'parseScenario'>, lines: string, firstLine: number): ScenarioQuery[] {
  const opensFile = firstLine === 1;
  try {
    return engine.parseScenario(opensFile ? lines : `version 1\n${lines}`);
  } catch (error) {
    // The engine's message names the line in the text it was given ("line 5: expected 9 fields, found 7").
    if (!(error instanceof MapFormatError) || opensFile || error.line === 0) throw error;
    const line = firstLine + error.line - 2;
    throw new MapFormatError(error.message.replace(/^line \d+: /, `line ${line}: `), line);
  }
}

/** Newlines in `text`: how many lines a batch of whole lines holds. */
export function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** One batch of a file's queries, and how far through the file it ends (0 to 1). */
export interface ScenarioBatch {
  queries: ScenarioQuery[];
  fraction: number;
}

/**
 * The queries of a whole file's `text`, in file order, a batch of whole lines of about
 * `batchChars` characters at a time: a caller takes one batch per step, so it can run them
 * in slices (and check each batch as it comes).
 */
export function* scenarioBatches(engine: Pick<Engine, 'parseScenario'>, text: string, batchChars: number): Generator<ScenarioBatch> {
  let from = 0, firstLine = 1;
  do {
    const cut = text.indexOf('\n', Math.min(text.length, from + batchChars));
    const end = cut < 0 ? text.length : cut + 1;
    const lines = text.slice(from, end);
    const queries = parseScenarioLines(engine, lines, firstLine);
    firstLine += countNewlines(lines);
    from = end;
    yield { queries, fraction: text.length === 0 ? 1 : from / text.length };
  } while (from < text.length);
}
