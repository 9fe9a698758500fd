// The npm package `astar-playground`: the engine (web/src/engine/engine.ts) for other
// people's code, plus findPath(), one whole search in one call with the option names of the
// `astar` command. Built by `vite build --mode package` into ONE ES module,
// dist/package/index.js, with the wasm inlined (it loads unchanged in Node 20+ and in
// browsers). Its declaration, dist/package/index.d.ts, is generated from this file and the
// engine's sources at the same build (vite.config.ts, bundledDeclaration), TSDoc included:
// what is exported here, with its documentation, is what users see.
//
// Everything is the engine's own: the package adds no second way to make a grid or run a
// search, only findPath's and prepare()'s [x, y] points and the names the CLI uses.
import {
  loadEngine as loadSharedEngine,
  type Engine,
  MESH_ALGORITHMS,
  type MeshAlgorithmName,
  type MeshData,
  type MeshSearchOptions,
  type Grid,
  preparationCell,
  type PreparationReport,
  type SearchOptions,
  type SearchStatus,
  type Subset,
} from '../engine/engine';

export {
  EngineMemoryError,
  eventsOf,
  FIND_PATH_EXPANSION_LIMIT,
  MapFormatError,
  MAX_GRID_SIDE,
  MAX_SENSE_RADIUS,
  MAX_TERRAIN_COST,
  MAX_WEIGHT,
} from '../engine/engine';
export type {
  AlgorithmName,
  AlgorithmRow,
  Catalog,
  CellPhase,
  CellView,
  ChannelName,
  CostModelName,
  Counters,
  DiagonalName,
  EngineMemoryUsage,
  EventOf,
  Grid,
  HeuristicName,
  NeighbourOutcome,
  OpenListEntry,
  OutcomeOf,
  PhaseChannel,
  PreparationReport,
  Point,
  Progress,
  RefusalName,
  ReplanReason,
  ScenarioQuery,
  Search,
  SearchEvent,
  SearchEventKind,
  SearchOptions,
  SearchStatus,
  Side,
  StepEvent,
  Walk,
  WalkCounters,
  WalkStatus,
  WalkStep,
} from '../engine/engine';

/** A cell as findPath returns it. */
export type XY = [x: number, y: number];
/** A cell as findPath takes it: [x, y], or { x, y } as parseScenario's queries and the searches give them. */
export type CellArgument = XY | { x: number; y: number };

/** findPath's options, each optional: the `astar` command's names (--costs is `costs`, --max-expansions `maxExpansions`). */
export interface PathOptions {
  /** Default astar. navmesh and polyanya search a navigation mesh of the map (see radius). */
  algorithm?: SearchOptions['algorithm'];
  /** navmesh and polyanya only: the agent's radius in cells, 0 (default) to MAX_RADIUS; paths keep that far from every wall. */
  radius?: number;
  /** Default only-when-no-obstacles. */
  diagonal?: SearchOptions['diagonal'];
  /** Default: the algorithm's own. */
  heuristic?: SearchOptions['heuristic'];
  /** Heuristic weight, 0 to MAX_WEIGHT (default 1; above 1 trades optimality for speed). */
  weight?: number;
  /** Default exact. */
  costs?: SearchOptions['costModel'];
  /**
   * Give up after this many expansions (status gave-up); 0: no limit. Default: no limit, but
   * FIND_PATH_EXPANSION_LIMIT for IDA*, whose work the grid does not bound (it re-expands
   * cells: a goal walled off on a 32 x 32 map took it over a minute).
   */
  maxExpansions?: number;
}

/** How findPath's search ended. */
export type PathStatus = Subset<SearchStatus, 'found' | 'no-path' | 'gave-up'>;

/** What findPath found. */
export interface PathResult {
  /** found; no-path: there is none; gave-up: maxExpansions was reached first. */
  status: PathStatus;
  /** The path's cost; null unless found. */
  cost: number | null;
  /** Start to goal, every cell (Theta*: the corners of its straight segments); empty unless found. */
  path: XY[];
  /** Cells expanded. */
  expanded: number;
}

/** The engine with findPath: what loadEngine() resolves to. */
export interface AstarEngine extends Pick<Engine, 'catalog' | 'algorithm' | 'parseMap' | 'createGrid' | 'parseScenario' | 'refusalFor' | 'createSearch' | 'createWalk' | 'memoryUsage'> {
  /**
   * The path from `start` to `goal` on `grid`. Throws RangeError on an unknown option or value
   * (naming the allowed ones), a point outside the grid, or options the grid refuses (JPS+ on a
   * grid with terrain costs). The search is kept with the grid for the next call with the
   * same algorithm, diagonal rule and costs (at most two a grid; grid.delete() frees them), so
   * repeated queries do not allocate, and an algorithm that prepares per map (jps-plus,
   * subgoal-graph) prepares on its first call and again only after an edit.
   */
  findPath(grid: Grid, start: CellArgument, goal: CellArgument, options?: PathOptions): PathResult;
  /**
   * Prepares `grid` for findPath with these options now, rather than in the first call (the
   * subgoal graph of a 1024 x 1024 map takes up to a second), and says how long it took and
   * the memory it holds. For navmesh and polyanya that is the grid's navigation mesh for the
   * radius (one for both, built as their first findPath would). Does nothing for algorithms
   * that prepare nothing (0 ms, 0 bytes). Throws RangeError as findPath does, or when an
   * algorithm that prepares is given a grid with no walkable cell.
   */
  prepare(grid: Grid, options?: PathOptions): PreparationReport;
}

const PATH_OPTIONS: readonly (keyof PathOptions)[] = ['algorithm', 'diagonal', 'heuristic', 'weight', 'costs', 'maxExpansions', 'radius'];

let packaged: Promise<AstarEngine> | undefined;

/**
 * The engine of this JS realm (one WebAssembly instance, made on the first call; the
 * playground's own modules share it): grid pathfinding (A*, JPS, D* Lite and nine more) for
 * Node 20+ and browsers.
 *
 * ```ts
 * import { loadEngine } from 'astar-playground';
 * const astar = await loadEngine();
 * const grid = astar.parseMap(text);            // Moving AI .map text; also createGrid(w, h)
 * const { cost, path, expanded } = astar.findPath(grid, [sx, sy], [gx, gy],
 *     { algorithm: 'jps', diagonal: 'only-when-no-obstacles' });
 * grid.delete();
 * ```
 *
 * Grids, searches and walks live in wasm memory: delete() each when done (or declare it with
 * `using`). One dropped without delete() is freed when the garbage collector reclaims it,
 * with a console warning the first time (unless NODE_ENV is production); a loop that never
 * awaits cannot be helped, and gets EngineMemoryError when the heap is full.
 */
export function loadEngine(): Promise<AstarEngine> {
  packaged ??= loadSharedEngine().then(
    (engine) => packageEngine(engine),
    (error: unknown) => {
      packaged = undefined; // let a later call try again
      throw error;
    },
  );
  return packaged;
}

function packageEngine(engine: Engine): AstarEngine {
  return {
    catalog: engine.catalog,
    algorithm: (name) => engine.algorithm(name),
    parseMap: (text) => engine.parseMap(text),
    createGrid: (width, height) => engine.createGrid(width, height),
    parseScenario: (text) => engine.parseScenario(text),
    refusalFor: (grid, options) => engine.refusalFor(grid, options),
    createSearch: (grid, options) => engine.createSearch(grid, options),
    createWalk: (world) => engine.createWalk(world),
    memoryUsage: () => engine.memoryUsage(),
    findPath: (grid, start, goal, options = {}) => findPath(engine, grid, start, goal, options),
    prepare: (grid, options = {}) => prepare(engine, grid, options),
  };
}

/** prepare(): a mesh search's preparation is the grid's navigation mesh for its radius, which its findPath would build. */
function prepare(engine: Engine, grid: Grid, options: PathOptions): PreparationReport {
  checkGrid(grid, 'prepare()');
  const mesh = meshAlgorithmOf(options);
  if (!mesh) return engine.prepare(grid, searchOptions(options));
  const radius = meshOptions(engine, grid, mesh, options).radius;
  preparationCell(grid); // the grid searches' rule: a grid with no walkable cell has nothing to prepare for
  if (engine.hasNavMesh(grid, radius)) return { milliseconds: 0, bytes: meshBytes(engine.navMesh(grid, radius).data) };
  const began = performance.now();
  const { data } = engine.navMesh(grid, radius);
  return { milliseconds: performance.now() - began, bytes: meshBytes(data) };
}

/** The engine checks that a grid is its own; this says so before anything reads a grid that is not one at all. */
function checkGrid(grid: unknown, what: string): void {
  if (typeof grid !== 'object' || grid === null || typeof (grid as Grid).contains !== 'function')
    throw new TypeError(`${what} needs a Grid from parseMap() or createGrid(), got ${grid === null ? 'null' : Array.isArray(grid) ? 'an array' : typeof grid}`);
}

function meshBytes(data: MeshData): number {
  return data.vertices.byteLength + data.polygonStart.byteLength + data.polygonVertices.byteLength + data.polygonNeighbours.byteLength;
}

function meshAlgorithmOf(options: PathOptions): MeshAlgorithmName | undefined {
  return MESH_ALGORITHMS.find((name) => name === options?.algorithm);
}

/** A mesh search's options from findPath's, checked: only radius and maxExpansions apply, and the grid must be one the algorithm's row allows. */
function meshOptions(engine: Engine, grid: Grid, algorithm: MeshAlgorithmName, options: PathOptions): MeshSearchOptions {
  for (const key of Object.keys(options)) {
    if (!['algorithm', 'radius', 'maxExpansions'].includes(key))
      throw new RangeError(`findPath() option ${JSON.stringify(key)} does not apply to ${algorithm}; it takes radius and maxExpansions`);
  }
  if (engine.algorithm(algorithm).uniformTerrainOnly && !grid.uniformCost())
    throw new RangeError(`${algorithm} runs only on grids where every walkable cell costs the same, and this grid has terrain costs`);
  // maxExpansions as given: the mesh search checks it as a grid search does (NaN is refused, not taken for no limit).
  return { algorithm, radius: options.radius ?? 0, maxExpansions: options.maxExpansions };
}

function findPath(engine: Engine, grid: Grid, start: CellArgument, goal: CellArgument, options: PathOptions): PathResult {
  checkGrid(grid, 'findPath()');
  const mesh = meshAlgorithmOf(options);
  if (mesh) return findMeshPath(engine, grid, start, goal, mesh, options);
  if (options?.radius !== undefined) throw new RangeError('radius applies only to the algorithms navmesh and polyanya');
  const found = engine.findPath(grid, cellOf(grid, start, 'start'), cellOf(grid, goal, 'goal'), searchOptions(options));
  return { ...found, path: found.path.map(({ x, y }): XY => [x, y]) };
}

/** findPath with a mesh search: the same steps, the mesh built (or reused) by reset(). */
function findMeshPath(engine: Engine, grid: Grid, start: CellArgument, goal: CellArgument, algorithm: MeshAlgorithmName, options: PathOptions): PathResult {
  const search = engine.createMeshSearch(grid, meshOptions(engine, grid, algorithm, options));
  try {
    search.reset(cellOf(grid, start, 'start'), cellOf(grid, goal, 'goal'));
    search.run();
    return {
      status: search.status as PathResult['status'],
      cost: search.pathCost,
      path: search.path().map(({ x, y }): XY => [x, y]),
      expanded: search.counters().expanded,
    };
  } finally {
    search.delete();
  }
}

/** The engine's options for findPath's; the engine checks each value (null included) and names the allowed ones. */
function searchOptions(options: PathOptions): Partial<SearchOptions> {
  if (typeof options !== 'object' || options === null) throw new TypeError(`findPath() options must be an object, got ${options === null ? 'null' : typeof options}`);
  for (const key of Object.keys(options)) {
    if (!(PATH_OPTIONS as readonly string[]).includes(key))
      throw new RangeError(`unknown findPath() option ${JSON.stringify(key)}; the options are ${PATH_OPTIONS.join(', ')}`);
  }
  const { costs, radius: _radius, ...rest } = options;
  const result: Partial<SearchOptions> = { ...rest };
  if (costs !== undefined) result.costModel = costs;
  return result;
}

function cellOf(grid: Grid, point: CellArgument, what: string): { x: number; y: number } {
  const asObject = typeof point === 'object' && point !== null && !Array.isArray(point);
  const [x, y] = Array.isArray(point) && point.length === 2 ? point : asObject ? [point.x, point.y] : [NaN, NaN];
  if (!Number.isInteger(x) || !Number.isInteger(y) || !grid.contains({ x, y })) {
    const shown = (value: unknown) => (typeof value === 'number' ? value : typeof value);
    const got = Array.isArray(point) ? `[${point.map(shown).join(', ')}]` : asObject ? `{ x: ${shown(point.x)}, y: ${shown(point.y)} }` : point === null ? 'null' : typeof point;
    throw new RangeError(`${what} must be [x, y] or { x, y }, a cell of this ${grid.width} x ${grid.height} grid; got ${got}`);
  }
  return { x, y };
}
