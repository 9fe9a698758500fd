// The npm package `astar-playground`: the engine (web/src/engine/engine.ts) for other
// people's code, plus findPath(), one whole search in one call with the option names of the
// `astar` command. Built by `vite build --mode package` into ONE ES module,
// dist/package/index.js, with the wasm inlined (it loads unchanged in Node 20+ and in
// browsers). Its declaration, dist/package/index.d.ts, is generated from this file and the
// engine's sources at the same build (vite.config.ts, bundledDeclaration), TSDoc included:
// what is exported here, with its documentation, is what users see.
//
// Everything but findPath is the engine's own: the package adds no second way to make a
// grid or run a search, only the one-call form and the names the CLI uses for it.
import {
  loadEngine as loadSharedEngine,
  MAX_WEIGHT,
  type Engine,
  MESH_ALGORITHMS,
  type MeshAlgorithmName,
  type Grid,
  type SearchOptions,
  type SearchStatus,
  type Subset,
} from '../engine/engine';

export { EngineMemoryError, eventsOf, MapFormatError, MAX_GRID_SIDE, MAX_SENSE_RADIUS, MAX_TERRAIN_COST, MAX_WEIGHT } from '../engine/engine';
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

/** A cell as findPath takes and returns it. */
export type XY = [x: number, y: number];

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
  /** Give up after this many expansions (status gave-up); default or 0: no limit. IDA* can need very many. */
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
   * (naming the allowed ones), a point outside the grid, or options the grid refuses (JPS on a
   * grid with terrain costs). Makes and deletes its own search.
   */
  findPath(grid: Grid, start: XY, goal: XY, options?: PathOptions): PathResult;
}

const PATH_OPTIONS: readonly (keyof PathOptions)[] = ['algorithm', 'diagonal', 'heuristic', 'weight', 'costs', 'maxExpansions', 'radius'];

let packaged: Promise<AstarEngine> | undefined;

/**
 * The engine of this JS realm (one WebAssembly instance, made on the first call; the
 * playground's own modules share it): grid pathfinding (A*, JPS, D* Lite and seven more) for
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
  };
}

function findPath(engine: Engine, grid: Grid, start: XY, goal: XY, options: PathOptions): PathResult {
  const mesh = MESH_ALGORITHMS.find((name) => name === options?.algorithm);
  if (mesh) return findMeshPath(engine, grid, start, goal, mesh, options);
  if (options?.radius !== undefined) throw new RangeError('radius applies only to the algorithms navmesh and polyanya');
  const search = engine.createSearch(grid, searchOptions(options));
  try {
    const from = cellOf(grid, start, 'start');
    const to = cellOf(grid, goal, 'goal');
    search.reset(from, to);
    if (search.status === 'refused') throw new RangeError(refusalSentence(engine, search.options, search.refusal!));
    search.run();
    const status = search.status as PathStatus;
    return {
      status,
      cost: search.pathCost,
      path: search.path().map(({ x, y }): XY => [x, y]),
      expanded: search.counters().expanded,
    };
  } finally {
    search.delete();
  }
}

/** findPath with a mesh search: the same steps, the mesh built (or reused) by reset(). */
function findMeshPath(engine: Engine, grid: Grid, start: XY, goal: XY, algorithm: MeshAlgorithmName, options: PathOptions): PathResult {
  for (const key of Object.keys(options)) {
    if (!['algorithm', 'radius', 'maxExpansions'].includes(key))
      throw new RangeError(`findPath() option ${JSON.stringify(key)} does not apply to ${algorithm}; it takes radius and maxExpansions`);
  }
  const search = engine.createMeshSearch(grid, { algorithm, radius: options.radius ?? 0, ...(options.maxExpansions ? { maxExpansions: options.maxExpansions } : {}) });
  try {
    search.reset(cellOf(grid, start, 'start'), cellOf(grid, goal, 'goal'));
    if (search.status === 'refused')
      throw new RangeError(`${algorithm} runs only on grids where every walkable cell costs the same, and this grid has terrain costs`);
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

/** The engine's options for findPath's; the engine checks each value and names the allowed ones. */
function searchOptions(options: PathOptions): Partial<SearchOptions> {
  if (typeof options !== 'object' || options === null) throw new RangeError(`findPath() options must be an object, got ${String(options)}`);
  for (const key of Object.keys(options)) {
    if (!(PATH_OPTIONS as readonly string[]).includes(key))
      throw new RangeError(`unknown findPath() option ${JSON.stringify(key)}; the options are ${PATH_OPTIONS.join(', ')}`);
  }
  const { costs, weight, radius: _radius, ...rest } = options;
  if (weight !== undefined && !(typeof weight === 'number' && weight >= 0 && weight <= MAX_WEIGHT))
    throw new RangeError(`weight must be a number from 0 to ${MAX_WEIGHT}, got ${String(weight)}`);
  const result: Partial<SearchOptions> = { ...rest } as Partial<SearchOptions>;
  if (weight !== undefined) result.weight = weight;
  if (costs !== undefined) result.costModel = costs;
  return result;
}

function cellOf(grid: Grid, point: XY, what: string): { x: number; y: number } {
  const [x, y] = Array.isArray(point) && point.length === 2 ? point : [NaN, NaN];
  if (!Number.isInteger(x) || !Number.isInteger(y) || !grid.contains({ x, y }))
    throw new RangeError(`${what} must be [x, y], a cell of this ${grid.width} x ${grid.height} grid; got ${JSON.stringify(point)}`);
  return { x, y };
}

function refusalSentence(engine: Engine, options: SearchOptions, refusal: NonNullable<ReturnType<Engine['refusalFor']>>): string {
  const row = engine.algorithm(options.algorithm);
  switch (refusal) {
    case 'diagonal-rule':
      return `${row.name} takes diagonal ${row.diagonals.join(' or ')}, not ${options.diagonal}`;
    case 'cost-model':
      return `${row.name} takes costs ${row.costModels.join(' or ')}, not ${options.costModel}`;
    default:
      return `${row.name} runs only on grids where every walkable cell costs the same, and this grid has terrain costs`;
  }
}
