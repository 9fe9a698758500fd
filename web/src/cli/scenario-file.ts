// Reading Moving AI scenarios from disk: the .scen files, read as a stream, and the .map
// files their queries name, and the checks that keep a bad file from reaching the engine.
// Used by the CLI and by the benchmark (scripts/bench.mjs imports loadScenario from the
// built bundle), so both find maps and judge answers the same way.
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { MapFormatError, MAX_GRID_SIDE, type Engine, type Grid, type ScenarioQuery } from '../engine/engine';
import { findQueryMisfit, scenarioMapFileName } from '../engine/scenarios';
import { CliError } from './cli-error';

export { matchesOptimal, OPTIMAL_TOLERANCE } from '../engine/scenarios';

// Far above any real file (the largest Moving AI scenario is under 1 MB, a 4096 x 4096 map
// is 16 MiB). A scenario file is read a chunk at a time, so its cap only bounds one line.
const MAX_SCENARIO_BYTES = 64 * 1024 * 1024;
const MAX_MAP_BYTES = 32 * 1024 * 1024;

/** How much of a scenario file is read, and parsed, at a time. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Cells of the maps a run keeps loaded (two maps of the largest size): a file that names many maps
 * reads each once while its queries come, without holding every map of a benchmark.
 */
const MAX_LOADED_CELLS = 2 * MAX_GRID_SIDE * MAX_GRID_SIDE;

export interface ScenarioMap {
  path: string;
  grid: Grid;
}

export interface LoadedScenario {
  scenarioPath: string;
  mapPath: string;
  grid: Grid; // owned by the caller: delete() it
  queries: ScenarioQuery[];
}

/**
 * Where a query's map may be, best first: "X.map" for a file named "X.map.scen", then the
 * name in the query's map column (scenarioMapFileName), both only in the .scen file's own
 * folder (the same rule as the core's candidate_map_paths).
 */
export function candidateMapPaths(scenarioPath: string, query: ScenarioQuery): string[] {
  const folder = dirname(scenarioPath);
  const candidates: string[] = [];
  const ownName = basename(scenarioPath);
  if (ownName.endsWith('.scen') && ownName.length > '.scen'.length) {
    candidates.push(join(folder, ownName.slice(0, -'.scen'.length)));
  }
  const columnName = scenarioMapFileName(query);
  if (columnName !== '') candidates.push(join(folder, columnName));
  return [...new Set(candidates)];
}

/** Refuses at once anything that cannot be a scenario file (checkRegularFile). */
export function checkScenarioFile(path: string): void {
  checkRegularFile(path, MAX_SCENARIO_BYTES, 'scenario');
}

/**
 * Refuses at once, before opening it, anything but a regular file of at most `maxBytes`:
 * a FIFO, a device such as /dev/zero or a folder would otherwise be read without end or
 * wait for a writer. Returns the file's size.
 */
function checkRegularFile(path: string, maxBytes: number, what: string): number {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${describeFileError(error)}`);
  }
  if (!stats.isFile()) throw new CliError(`${path} is ${describeKind(stats)}, not a ${what} file (astar reads regular files only)`);
  if (stats.size > maxBytes) {
    throw new CliError(`${path} is ${megabytes(stats.size)}, more than a ${what} file can be (${megabytes(maxBytes)})`);
  }
  return stats.size;
}

/**
 * A scenario file's queries, a batch at a time, in file order; memory holds one chunk of
 * the file and its queries, whatever the file's size. The engine parses each batch of whole
 * lines: the first as the file's start (its version line), the others after a version line
 * of their own, their error messages renumbered to the file's lines.
 */
export function* readScenarioBatches(engine: Engine, scenarioPath: string): Generator<ScenarioQuery[]> {
  const fd = openRegularFile(scenarioPath, MAX_SCENARIO_BYTES, 'scenario');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    const decoder = new StringDecoder('utf8'); // a character may straddle two chunks
    let pending = ''; // the start of a line whose end is not read yet
    let firstLine = 1; // the file's line number of the batch's first line
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      const text = pending + (read > 0 ? decoder.write(buffer.subarray(0, read)) : decoder.end());
      const end = read > 0 ? text.lastIndexOf('\n') + 1 : text.length;
      pending = text.slice(end);
      if (end > 0 || (firstLine === 1 && read === 0)) {
        const lines = text.slice(0, end);
        yield parseBatch(engine, scenarioPath, lines, firstLine);
        firstLine += countNewlines(lines);
      }
      if (read === 0) return;
    }
  } finally {
    closeSync(fd);
  }
}

function parseBatch(engine: Engine, scenarioPath: string, lines: string, firstLine: number): ScenarioQuery[] {
  const opensFile = firstLine === 1;
  try {
    return engine.parseScenario(opensFile ? lines : `version 1\n${lines}`);
  } catch (error) {
    if (!(error instanceof MapFormatError)) throw error;
    // The engine's message names the line in the text it was given ("line 5: expected 9 fields, found 7").
    if (error.line === 0) throw new CliError(`${scenarioPath}: ${error.message}`);
    const message = opensFile ? error.message : error.message.replace(/^line \d+: /, `line ${firstLine + error.line - 2}: `);
    throw new CliError(`${scenarioPath} ${message}`);
  }
}

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** Reads and parses a .map file; the caller owns the grid. */
export function readMap(engine: Engine, mapPath: string): Grid {
  const fd = openRegularFile(mapPath, MAX_MAP_BYTES, 'map');
  let text: string;
  try {
    text = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  try {
    return engine.parseMap(text);
  } catch (error) {
    // The engine's message names the line ("line 7: expected 49 characters, found 48"), if any.
    if (error instanceof MapFormatError) throw new CliError(`${mapPath}${error.line === 0 ? ':' : ''} ${error.message}`);
    throw error;
  }
}

/**
 * Opens a file checkRegularFile accepts. Non-blocking, and checked again once open, so a
 * FIFO put in its place in between cannot make the open wait for a writer.
 */
function openRegularFile(path: string, maxBytes: number, what: string): number {
  checkRegularFile(path, maxBytes, what);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${describeFileError(error)}`);
  }
  const stats = fstatSync(fd);
  if (!stats.isFile()) {
    closeSync(fd);
    throw new CliError(`${path} is ${describeKind(stats)}, not a ${what} file (astar reads regular files only)`);
  }
  return fd;
}

/**
 * The maps of a run: each query's map found by candidateMapPaths, read once and kept while
 * queries use it, with what the caller runs on it (a search, a walk), made on first use.
 * The least recently used maps are let go when more than MAX_LOADED_CELLS are loaded.
 * deleteAll() frees everything.
 */
export class MapShelf<Tool extends { delete(): void }> {
  // In order of use, least recent first (a Map keeps insertion order).
  private readonly loaded = new Map<string, { map: ScenarioMap; tool: Tool | null }>();
  private readonly found = new Map<string, string>();
  private loadedCells = 0;

  constructor(
    private readonly engine: Engine,
    private readonly makeTool: (map: ScenarioMap) => Tool,
  ) {}

  /** Query `index`'s map, checked to fit it. */
  mapFor(scenarioPath: string, index: number, query: ScenarioQuery): ScenarioMap {
    // Files name their map on every line: look it up once per file and name.
    const key = `${scenarioPath}\n${query.mapPath}`;
    let mapPath = this.found.get(key);
    if (mapPath === undefined) {
      mapPath = findMapPath(scenarioPath, index, query);
      this.found.set(key, mapPath);
    }
    const map = this.entry(mapPath).map;
    checkQueryFits(scenarioPath, index, map, query);
    return map;
  }

  /** What runs on `map` (one of this shelf's). */
  toolFor(map: ScenarioMap): Tool {
    const entry = this.entry(map.path);
    entry.tool ??= this.makeTool(entry.map);
    return entry.tool;
  }

  deleteAll(): void {
    for (const mapPath of [...this.loaded.keys()]) this.unload(mapPath);
  }

  private entry(mapPath: string) {
    let entry = this.loaded.get(mapPath);
    if (entry !== undefined) {
      this.loaded.delete(mapPath); // to the most recent end
    } else {
      const grid = readMap(this.engine, mapPath);
      const cells = grid.width * grid.height;
      for (const older of this.loaded.keys()) {
        if (this.loadedCells + cells <= MAX_LOADED_CELLS) break;
        this.unload(older);
      }
      this.loadedCells += cells;
      entry = { map: { path: mapPath, grid }, tool: null };
    }
    this.loaded.set(mapPath, entry);
    return entry;
  }

  private unload(mapPath: string): void {
    const entry = this.loaded.get(mapPath)!;
    this.loaded.delete(mapPath);
    this.loadedCells -= entry.map.grid.width * entry.map.grid.height;
    entry.tool?.delete();
    entry.map.grid.delete();
  }
}

/** A whole scenario file of one map, in memory: what the benchmark reads (small files). */
export function loadScenario(engine: Engine, scenarioPath: string): LoadedScenario {
  const queries = [...readScenarioBatches(engine, scenarioPath)].flat();
  const located = new Map<string, string>(); // map column -> map file
  queries.forEach((query, index) => {
    if (!located.has(query.mapPath)) located.set(query.mapPath, findMapPath(scenarioPath, index, query));
  });
  const mapPaths = [...new Set(located.values())];
  if (mapPaths.length !== 1) throw new CliError(`${scenarioPath} names ${mapPaths.length} maps; one was expected`);
  const [mapPath] = mapPaths;
  const grid = readMap(engine, mapPath);
  try {
    queries.forEach((query, index) => checkQueryFits(scenarioPath, index, { path: mapPath, grid }, query));
  } catch (error) {
    grid.delete();
    throw error;
  }
  return { scenarioPath, mapPath, grid, queries };
}

function findMapPath(scenarioPath: string, index: number, query: ScenarioQuery): string {
  const candidates = candidateMapPaths(scenarioPath, query);
  const mapPath = candidates.find(isFile);
  if (mapPath === undefined) throw new CliError(`no map found for ${scenarioPath} query ${index}; looked for ${candidates.join(', ')}`);
  return mapPath;
}

function checkQueryFits(scenarioPath: string, index: number, { path, grid }: ScenarioMap, query: ScenarioQuery): void {
  const misfit = findQueryMisfit(grid, [query]);
  if (misfit === null) return;
  if (misfit.kind === 'size') {
    throw new CliError(
      `${scenarioPath} query ${index}: it is for a ${query.mapWidth} x ${query.mapHeight} map, ` +
        `but ${path} is ${grid.width} x ${grid.height}`,
    );
  }
  throw new CliError(
    `${scenarioPath} query ${index}: ${misfit.which} (${misfit.point.x}, ${misfit.point.y}) is outside the ` +
      `${grid.width} x ${grid.height} map`,
  );
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
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
