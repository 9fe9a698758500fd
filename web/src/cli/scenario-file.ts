// Loading a Moving AI scenario from disk: the .scen file, the .map it refers to, and the
// checks that keep a bad file from reaching the engine. Used by the CLI and by the
// benchmark (scripts/bench.mjs imports it from the built bundle), so both find maps and
// judge answers the same way.
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MapFormatError, type Engine, type Grid, type ScenarioQuery } from '../engine/engine';
import { findQueryMisfit, scenarioMapFileName } from '../engine/scenarios';
import { CliError } from './cli-error';

export { matchesOptimal, OPTIMAL_TOLERANCE } from '../engine/scenarios';

// Far above any real file (the largest Moving AI scenario is under 1 MB, a 4096 x 4096 map
// is 16 MiB) and low enough that a wrong path cannot make us read gigabytes.
const MAX_SCENARIO_BYTES = 64 * 1024 * 1024;
const MAX_MAP_BYTES = 32 * 1024 * 1024;

export interface LoadedScenario {
  scenarioPath: string;
  mapPath: string;
  grid: Grid; // owned by the caller: delete() it
  queries: ScenarioQuery[];
}

/**
 * Where the map of a scenario may be, best first: only names (scenarioMapFileName), and
 * only in the .scen file's own folder (the same rule as the core's candidate_map_paths).
 */
export function candidateMapPaths(scenarioPath: string, queries: readonly ScenarioQuery[]): string[] {
  const folder = dirname(scenarioPath);
  const candidates: string[] = [];
  const ownName = basename(scenarioPath);
  if (ownName.endsWith('.scen') && ownName.length > '.scen'.length) {
    candidates.push(join(folder, ownName.slice(0, -'.scen'.length)));
  }
  for (const query of queries) {
    const columnName = scenarioMapFileName(query);
    if (columnName !== '') candidates.push(join(folder, columnName));
  }
  return [...new Set(candidates)];
}

export function loadScenario(engine: Engine, scenarioPath: string): LoadedScenario {
  const scenarioText = readText(scenarioPath, MAX_SCENARIO_BYTES, 'scenario');
  const queries = parseOrExplain(scenarioPath, () => engine.parseScenario(scenarioText));

  const candidates = candidateMapPaths(scenarioPath, queries);
  const mapPath = candidates.find(isFile);
  if (mapPath === undefined) {
    const tried = candidates.length > 0 ? candidates.join(', ') : 'no candidate (the file has no queries)';
    throw new CliError(`no map found for ${scenarioPath}; looked for ${tried}`);
  }
  const mapText = readText(mapPath, MAX_MAP_BYTES, 'map');
  const grid = parseOrExplain(mapPath, () => engine.parseMap(mapText));
  try {
    checkQueriesFit(scenarioPath, mapPath, grid, queries);
  } catch (error) {
    grid.delete();
    throw error;
  }
  return { scenarioPath, mapPath, grid, queries };
}

function checkQueriesFit(scenarioPath: string, mapPath: string, grid: Grid, queries: readonly ScenarioQuery[]): void {
  const misfit = findQueryMisfit(grid, queries);
  if (misfit === null) return;
  const query = queries[misfit.index]!;
  if (misfit.kind === 'size') {
    throw new CliError(
      `${scenarioPath} query ${misfit.index}: it is for a ${query.mapWidth} x ${query.mapHeight} map, ` +
        `but ${mapPath} is ${grid.width} x ${grid.height}`,
    );
  }
  throw new CliError(
    `${scenarioPath} query ${misfit.index}: ${misfit.which} (${misfit.point.x}, ${misfit.point.y}) is outside the ` +
      `${grid.width} x ${grid.height} map`,
  );
}

function parseOrExplain<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    // The engine's message already names the line ("line 5: expected 9 fields, found 7").
    if (error instanceof MapFormatError) throw new CliError(`${path} ${error.message}`);
    throw error;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function readText(path: string, maxBytes: number, what: string): string {
  try {
    const stats = statSync(path);
    if (stats.isDirectory()) throw new CliError(`${path} is a folder, not a ${what} file`);
    if (stats.size > maxBytes) {
      throw new CliError(`${path} is ${megabytes(stats.size)}, more than a ${what} file can be (${megabytes(maxBytes)})`);
    }
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read ${path}: ${describeFileError(error)}`);
  }
}

function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT': return 'no such file';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'it is a folder';
    default: return error instanceof Error ? error.message : String(error);
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
