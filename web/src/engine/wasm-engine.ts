// The Engine over one loaded module: the enum tables, the catalog, making grids, searches
// and walks, resolving and checking options, and makeRoom, which refuses an allocation the
// heap cannot take with EngineMemoryError instead of letting the module abort. The objects
// it makes are in ./grid.ts, ./search.ts and ./walk.ts.
/// <reference path="./astar-wasm.d.ts" />
import type { AlgorithmRow, Catalog } from './catalog';
import { EnumTable, staleBuild } from './enum-table';
import { EngineMemoryError, MapFormatError } from './errors';
import type { AstarModule } from './generated/astar-wasm.mjs';
import * as names from './generated/names';
import type {
  CellPhaseName,
  ChannelTypeName,
  EventKindName,
  OutcomeName,
  ReplanReasonName,
  SideName,
  StatusName,
  WalkStatusName,
} from './generated/names';
import { checkOptionNames, numberArgument, shown, stringArgument, wholeNumber } from './checks';
import { EngineGrid } from './grid';
import type { Engine, Grid, PathFound, PreparationReport, Search, Walk } from './interfaces';
import { EngineMeshSearch, hasMeshOf, meshOf } from './mesh-search';
import type { BuiltMesh, MeshSearch, MeshSearchOptions, NavMeshInfo } from './mesh-types';
import { checkRadius } from './navmesh/build-mesh';
import { findPath, prepare, type PathSearches } from './path-searches';
import { megabytes, MEMORY_RESERVE } from './memory';
import { EngineSearch } from './search';
import type {
  AlgorithmName,
  CostModelName,
  DiagonalName,
  EngineMemoryUsage,
  HeuristicName,
  Point,
  RefusalName,
  ScenarioQuery,
  SearchOptions,
} from './types';
import { MAX_WEIGHT } from './types';
import { EngineWalk } from './walk';

export class WasmEngine implements Engine {
  readonly catalog: Catalog;
  readonly algorithms: EnumTable<AlgorithmName>;
  readonly heuristics: EnumTable<HeuristicName>;
  readonly diagonals: EnumTable<DiagonalName>;
  readonly costModels: EnumTable<CostModelName>;
  readonly statuses: EnumTable<StatusName>;
  readonly refusals: EnumTable<RefusalName>;
  readonly outcomes: EnumTable<OutcomeName>;
  readonly phases: EnumTable<CellPhaseName>;
  readonly kinds: EnumTable<EventKindName>;
  readonly sides: EnumTable<SideName>;
  readonly walkStatuses: EnumTable<WalkStatusName>;
  readonly replanReasons: EnumTable<ReplanReasonName>;
  readonly channelTypes: EnumTable<ChannelTypeName>;
  private readonly algorithmRows: ReadonlyMap<string, AlgorithmRow>;
  /** Grids, searches and walks made and neither deleted nor reclaimed. */
  liveObjects = 0;
  /** The size the wasm heap may grow to (MAXIMUM_MEMORY). */
  private readonly heapLimit: number;

  constructor(readonly raw: AstarModule) {
    for (const limit of ['MAX_GRID_SIDE', 'MAX_WEIGHT', 'MAX_SENSE_RADIUS', 'MAX_TERRAIN_COST', 'NO_CELL'] as const)
      if (raw[limit] !== names[limit]) throw staleBuild(limit);
    this.heapLimit = raw.memoryUsage().heapLimit;
    // What a raw call throws, once it has returned, when an allocation inside it failed.
    raw.memoryError = (what) => this.memoryError(what);
    this.catalog = deepFreeze(raw.catalog());
    this.algorithmRows = new Map(this.catalog.algorithms.map((row) => [row.name, row]));
    this.algorithms = new EnumTable('algorithm', raw.Algorithm, names.ALGORITHM_NAMES);
    this.heuristics = new EnumTable('heuristic', raw.Heuristic, names.HEURISTIC_NAMES);
    this.diagonals = new EnumTable('diagonal mode', raw.Diagonal, names.DIAGONAL_NAMES);
    this.costModels = new EnumTable('cost model', raw.CostModel, names.COST_MODEL_NAMES);
    this.statuses = new EnumTable('status', raw.Status, names.STATUS_NAMES);
    this.refusals = new EnumTable('refusal', raw.Refusal, names.REFUSAL_NAMES);
    this.outcomes = new EnumTable('outcome', raw.Outcome, names.OUTCOME_NAMES);
    this.phases = new EnumTable('cell phase', raw.CellPhase, names.CELL_PHASE_NAMES);
    this.kinds = new EnumTable('event kind', raw.EventKind, names.EVENT_KIND_NAMES);
    this.sides = new EnumTable('side', raw.Side, names.SIDE_NAMES);
    this.walkStatuses = new EnumTable('walk status', raw.WalkStatus, names.WALK_STATUS_NAMES);
    this.replanReasons = new EnumTable('replan reason', raw.ReplanReason, names.REPLAN_REASON_NAMES);
    this.channelTypes = new EnumTable('channel type', raw.ChannelType, names.CHANNEL_TYPE_NAMES);
    // Channels cross by name (RawChannel.name); their table is only checked against the module.
    new EnumTable('channel', raw.Channel, names.CHANNEL_NAMES);
  }

  algorithm(name: AlgorithmName): AlgorithmRow {
    // A lookup per findPath call, several times: a map rather than a search of the list.
    const row = this.algorithmRows.get(name);
    if (!row) throw new RangeError(`unknown algorithm ${shown(name)}; expected one of ${this.catalog.algorithms.map((a) => a.name).join(', ')}`);
    return row;
  }

  refusalFor(grid: Grid, options: Pick<SearchOptions, 'algorithm' | 'diagonal' | 'costModel'>): RefusalName | null {
    // Any object with these three keys (a whole SearchOptions too), so other keys are not refused.
    if (typeof options !== 'object' || options === null) throw new TypeError(`refusalFor() options must be an object, got ${shown(options)}`);
    const { algorithm, diagonal, costModel } = options;
    const refusal = this.refusals.name(this.raw.refusalFor(this.ownGrid(grid).raw, this.algorithms.member(algorithm),
      this.diagonals.member(diagonal), this.costModels.member(costModel)));
    return refusal === 'none' ? null : refusal;
  }

  createGrid(width: number, height: number): Grid {
    numberArgument(width, 'width');
    numberArgument(height, 'height');
    const error = this.raw.gridSizeError(width, height);
    if (error) throw new RangeError(error);
    this.makeRoom(width * height * this.catalog.gridBytesPerCell, `a ${width} x ${height} grid`);
    return new EngineGrid(this, this.raw.Grid.create(width, height)!);
  }

  parseMap(text: string): Grid {
    stringArgument(text, 'parseMap() needs the text of a .map file as a string');
    // The text crosses as UTF-8 (at most 3 bytes a character) and the grid needs at most
    // 2 bytes a character of it.
    this.makeRoom(text.length * (3 + this.catalog.gridBytesPerCell), 'this map');
    const result = this.raw.readMap(text);
    if (!result.ok) throw new MapFormatError(result.message, result.line);
    return new EngineGrid(this, result.grid);
  }

  parseScenario(text: string): ScenarioQuery[] {
    stringArgument(text, 'parseScenario() needs the text of a .scen file as a string');
    // The text as UTF-8, and the queries: under 100 bytes each, for lines of 20 or more characters.
    this.makeRoom(text.length * 8, 'these scenarios');
    const result = this.raw.readScenario(text);
    if (!result.ok) throw new MapFormatError(result.message, result.line);
    return result.queries;
  }

  createSearch(grid: Grid, options: Partial<SearchOptions> = {}): Search {
    return new EngineSearch(this, this.ownGrid(grid), options);
  }

  createWalk(world: Grid): Walk {
    return new EngineWalk(this, this.ownGrid(world));
  }

  createMeshSearch(grid: Grid, options: MeshSearchOptions): MeshSearch {
    return new EngineMeshSearch(this, this.ownGrid(grid), options);
  }

  navMesh(grid: Grid, radius = 0, built?: BuiltMesh): NavMeshInfo {
    const { handle: _handle, ...info } = meshOf(this, this.ownGrid(grid), radius, built);
    return info;
  }

  hasNavMesh(grid: Grid, radius = 0): boolean {
    return hasMeshOf(this.ownGrid(grid), checkRadius(radius));
  }

  findPath(grid: Grid, start: Point, goal: Point, options: Partial<SearchOptions> = {}): PathFound {
    return findPath(this, this.ownGrid(grid), start, goal, options);
  }

  prepare(grid: Grid, options: Partial<SearchOptions> = {}): PreparationReport {
    return prepare(this, this.ownGrid(grid), options);
  }

  memoryUsage(): EngineMemoryUsage {
    return { ...this.raw.memoryUsage(), liveObjects: this.liveObjects };
  }

  /**
   * Throws EngineMemoryError unless `bytes` for `what`, plus MEMORY_RESERVE, can be
   * allocated now. Called before each allocation of per-cell arrays and before running,
   * so a full heap is reported in words rather than by the module aborting.
   */
  makeRoom(bytes: number, what: string): void {
    // While the heap can still grow by that much there is room for certain, and asking
    // malloc would cost a call into wasm per reset and run (about 1 µs, a fifth of an
    // arena query); near the limit, malloc also counts the free space inside the heap.
    if (this.raw.HEAPU8.length + bytes + MEMORY_RESERVE <= this.heapLimit) return;
    if (this.raw.canAllocate(bytes + MEMORY_RESERVE)) return;
    if (this.releasePathSearches()) return this.makeRoom(bytes, what);
    throw this.memoryError(what, bytes);
  }

  /** The error for too little memory for `what` (`bytes` more, when known). */
  memoryError(what: string, bytes?: number): EngineMemoryError {
    const { inUse, heapLimit } = this.raw.memoryUsage();
    const live = this.liveObjects;
    const more = bytes === undefined ? '' : ` (about ${megabytes(bytes)} more)`;
    if (bytes !== undefined && bytes + MEMORY_RESERVE > heapLimit) {
      // Deleting objects cannot help: this alone is more than the whole engine holds.
      return new EngineMemoryError(`astar-playground: not enough engine memory for ${what}${more}: ` +
        `that is more than the engine's whole ${megabytes(heapLimit)}, so it cannot be made on this map; ` +
        'a smaller grid, or an algorithm that keeps less per cell, fits.');
    }
    return new EngineMemoryError(`astar-playground: not enough engine memory for ${what}${more}: ` +
      `${megabytes(inUse)} of the engine's ${megabytes(heapLimit)} are in use, held by the ${live.toLocaleString('en-US')} ` +
      'grids, searches and walks made and not deleted. Call delete() on each when done with it (or declare it with `using`). ' +
      'Objects dropped without delete() are freed only after the garbage collector has run, between tasks: ' +
      'a loop that drops them must await now and then.');
  }

  /** Grids' findPath searches (weakly: they must not keep a dropped grid alive), to free when the heap is full. */
  private readonly pathSearches = new Set<WeakRef<PathSearches>>();

  /** `searches` has begun keeping searches. */
  keepingPathSearches(searches: PathSearches): void {
    for (const ref of this.pathSearches) if (!ref.deref()) this.pathSearches.delete(ref);
    this.pathSearches.add(new WeakRef(searches));
  }

  /** Frees every search grids keep for findPath (but one running); true if any was freed. */
  private releasePathSearches(): boolean {
    let freed = false;
    for (const ref of this.pathSearches) {
      const searches = ref.deref();
      if (searches?.release()) freed = true;
      if (!searches) this.pathSearches.delete(ref);
    }
    return freed;
  }

  /** Bytes a search with `algorithm` keeps for `cells` cells, its prepared data included (when not shared). */
  searchBytes(algorithm: AlgorithmName, cells: number): number {
    const row = this.algorithm(algorithm);
    return cells * (row.bytesPerCell + row.preparedBytesPerCell);
  }

  /**
   * Options with `options` applied over `current`, checked, and the raw arguments of
   * `_setOptions` for them. An absent or undefined key keeps its value, except that
   * `heuristic: undefined` asks for the default heuristic again and `maxExpansions:
   * undefined` for no limit; null is never a value. An unknown key is refused, so a
   * misspelt option is not silently ignored.
   */
  resolveOptions(current: SearchOptions, options: Partial<SearchOptions>) {
    checkOptionNames(options, SEARCH_OPTION_NAMES, 'search');
    const next: SearchOptions = {
      algorithm: options.algorithm === undefined ? current.algorithm : options.algorithm,
      diagonal: options.diagonal === undefined ? current.diagonal : options.diagonal,
      heuristic: 'heuristic' in options ? options.heuristic : current.heuristic,
      weight: options.weight === undefined ? current.weight : options.weight,
      costModel: options.costModel === undefined ? current.costModel : options.costModel,
      maxExpansions: 'maxExpansions' in options ? options.maxExpansions : current.maxExpansions,
    };
    const algorithm = this.algorithms.member(next.algorithm);
    const diagonal = this.diagonals.member(next.diagonal);
    const heuristic = next.heuristic === undefined ? undefined : this.heuristics.member(next.heuristic);
    const costModel = this.costModels.member(next.costModel);
    const weight = numberArgument(next.weight, 'weight');
    if (!(weight >= 0 && weight <= MAX_WEIGHT)) throw new RangeError(`weight must be a number from 0 to ${MAX_WEIGHT}, got ${shown(weight)}`);
    const cap = next.maxExpansions === undefined ? undefined : wholeNumber(next.maxExpansions, 'maxExpansions');
    if (next.heuristic === undefined) delete next.heuristic;
    if (!cap) delete next.maxExpansions;
    const args = [algorithm, diagonal, heuristic ?? this.heuristics.member('octile'), heuristic === undefined, weight, costModel, cap ?? 0] as const;
    return { options: next, args };
  }

  ownGrid(grid: Grid): EngineGrid {
    if (!(grid instanceof EngineGrid) || grid.engine !== this) throw new TypeError('expected a Grid made by this engine');
    return grid;
  }
}

/** The raw arguments of `_setOptions` (Search and Walk) for checked options. */
export type RawOptionArgs = ReturnType<WasmEngine['resolveOptions']>['args'];

/** Every option a search takes, the compiler checking that none is missing or extra. */
const SEARCH_OPTION_NAMES = Object.keys({
  algorithm: true, diagonal: true, heuristic: true, weight: true, costModel: true, maxExpansions: true,
} satisfies Record<keyof SearchOptions, true>);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
