// The engine as the rest of the project sees it: the web app, the CLI, the benchmark and
// the tests all go through this file, never through the raw module.
//
// What the wrapper adds to the raw embind module (./astar-wasm.d.ts):
// - Names instead of enum objects and cell ids: options, statuses, phases and outcomes
//   are strings, cells are {x, y}, "no value" is null rather than NaN.
// - Checked input: bad sizes, coordinates, costs and option names throw RangeError with a
//   sentence saying what was wrong; bad .map/.scen text throws MapFormatError with the
//   line. Nothing reaches wasm unchecked.
// - Ownership. Grids and searches live in wasm memory, which the garbage collector never
//   frees: whoever creates one calls delete() once. A Search reads its Grid, so a grid
//   refuses delete() while a search still uses it (delete the search or setGrid() it to
//   another grid first). delete() twice is harmless; any other call after delete()
//   throws.
// - Bulk reads without per-cell objects: costs() and cellView() are typed-array views of
//   wasm memory, valid until memory grows (any allocation may grow it), so callers
//   re-fetch them each frame; re-fetching is cheap and returns the same view while it is
//   still valid.
//
// One wasm instance per JS realm: loadEngine() caches its promise, so every module of the
// page (or every test in a file) shares one instance and one memory.
import createAstarModule from './generated/astar-wasm.mjs';
import type {
  AlgorithmName,
  AstarModule,
  CellPhaseName,
  DiagonalName,
  EnumMember,
  EnumObject,
  HeuristicName,
  OutcomeName,
  Grid as RawGrid,
  Search as RawSearch,
  StatusName,
} from './generated/astar-wasm.mjs';

export type { AlgorithmName, DiagonalName, HeuristicName };

export interface SearchOptions {
  algorithm: AlgorithmName;
  diagonal: DiagonalName;
  /** undefined: the default for the diagonal mode (manhattan for never, octile otherwise). */
  heuristic?: HeuristicName;
  /** Heuristic weight for A* (1 is plain A*; above 1 trades optimality for speed; above 100 counts as 100). */
  weight: number;
}

export const DEFAULT_OPTIONS: Readonly<SearchOptions> = Object.freeze({
  algorithm: 'astar',
  diagonal: 'only-when-no-obstacles',
  weight: 1,
});

export type SearchStatus = StatusName;
export type CellPhase = CellPhaseName;
export type Outcome = OutcomeName;

export interface Point {
  x: number;
  y: number;
}

export interface NeighbourEvent {
  cell: Point;
  outcome: Outcome;
  /** g before the step; null when the cell was unseen or is blocked. */
  oldG: number | null;
  /** g after the step; null when blocked. */
  newG: number | null;
}

export interface StepEvent {
  cell: Point;
  g: number;
  h: number;
  f: number;
  /** In-bounds neighbours in direction order N, E, S, W, NE, SE, SW, NW. */
  neighbours: NeighbourEvent[];
}

export interface Counters {
  expanded: number;
  opened: number;
  improved: number;
  maxOpen: number;
  openSize: number;
}

export interface ScenarioQuery {
  bucket: number;
  mapPath: string;
  mapWidth: number;
  mapHeight: number;
  start: Point;
  goal: Point;
  /** -1: no path expected. */
  optimal: number;
}

/** Rejected .map or .scen text. The message names the line; `line` is 0 when no line is to blame. */
export class MapFormatError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.name = 'MapFormatError';
    this.line = line;
  }
}

// Every option name, in the order of the enums in cpp/core/options.h, which share links
// also number them by (share/share-link.ts): never reorder; only append.
export const ALGORITHMS: readonly AlgorithmName[] = ['astar', 'dijkstra', 'greedy', 'bfs'];
export const HEURISTICS: readonly HeuristicName[] = ['manhattan', 'euclidean', 'octile', 'chebyshev', 'zero'];
export const DIAGONALS: readonly DiagonalName[] = ['never', 'always', 'if-at-most-one-obstacle', 'only-when-no-obstacles'];

export const MAX_GRID_SIDE = 4096;
/** Largest heuristic weight; the core clamps larger ones, so inputs above it are refused. */
export const MAX_WEIGHT = 100;

export interface Engine {
  /** A width x height grid of cost-1 cells. Throws RangeError on a bad size. Caller deletes it. */
  createGrid(width: number, height: number): Grid;
  /** A grid from Moving AI .map text. Throws MapFormatError. Caller deletes it. */
  parseMap(text: string): Grid;
  /** The queries of Moving AI .scen text. Throws MapFormatError. */
  parseScenario(text: string): ScenarioQuery[];
  /** A ready search over `grid` (which must outlive it). Caller deletes it. */
  createSearch(grid: Grid, options?: Partial<SearchOptions>): Search;
}

export interface Grid {
  readonly width: number;
  readonly height: number;
  /** Increases on every edit. */
  readonly revision: number;
  /** True when the point is a cell of this grid. */
  contains(point: Point): boolean;
  /** 0 wall, 1..9 terrain cost. */
  cost(x: number, y: number): number;
  setCost(x: number, y: number, cost: number): void;
  fill(cost: number): void;
  /** Row-major, length width*height; values above 9 become 9. */
  assign(costs: Uint8Array): void;
  /** Live view into wasm memory: re-fetch after edits or allocations; copy with slice() to keep. */
  costs(): Uint8Array;
  /** Moving AI .map text. */
  toMapText(): string;
  minCost(): number;
  /** Frees the wasm memory, which is not garbage-collected. Throws while a search uses the grid. */
  delete(): void;
}

export interface Search {
  /** Takes effect at the next reset(). */
  setOptions(options: Partial<SearchOptions>): void;
  /** The options the next reset() will use. */
  readonly options: SearchOptions;
  /** Read another grid from now on; the search becomes ready with no start or goal. */
  setGrid(grid: Grid): void;
  /** Starts a new search; false (status ready) when a point is outside the grid. */
  reset(start: Point, goal: Point): boolean;
  /** One expansion, observed; null if there was nothing to do. */
  step(): StepEvent | null;
  /** Up to n unobserved expansions; returns how many were made. */
  runSteps(n: number): number;
  run(): void;
  readonly status: SearchStatus;
  /** The grid was edited since reset(): the search will not step until reset again. */
  readonly stale: boolean;
  /** Start to goal; empty unless found. */
  path(): Point[];
  readonly pathCost: number | null;
  counters(): Counters;
  phase(x: number, y: number): CellPhase;
  /** Cost from the start; null when unseen. */
  g(x: number, y: number): number | null;
  /** Heuristic to the goal, unweighted; NaN when no search has been started. */
  h(x: number, y: number): number;
  /** A*: g + weight*h; Dijkstra g; greedy h; breadth-first g. Null when unseen. */
  f(x: number, y: number): number | null;
  parent(x: number, y: number): Point | null;
  /** 1-based expansion order, 0 if not expanded. */
  order(x: number, y: number): number;
  /** Typed-array view of every cell's state; re-fetch each frame (see CellView). */
  cellView(): CellView;
  /** Frees the wasm memory, which is not garbage-collected. */
  delete(): void;
}

/**
 * Typed-array views over the 16-byte CellState array, valid until wasm memory grows or the
 * search changes grid (re-fetch each frame; cheap). Ids run from 0 to count - 1.
 * phaseAt(id) already applies the stamp check, and follows later resets of the search.
 */
export interface CellView {
  readonly count: number;
  /** 0 unseen, 1 open, 2 closed, 3 path. */
  phaseAt(id: number): 0 | 1 | 2 | 3;
  /** Cost from the start; NaN when unseen. */
  gAt(id: number): number;
  /** 1-based expansion order; 0 if not expanded. */
  orderAt(id: number): number;
  /** Direction of the move that reached the cell (0..7 = N, E, S, W, NE, SE, SW, NW); 255 none or unseen. */
  parentDirAt(id: number): number;
}

let loadedModule: AstarModule | undefined;
let enginePromise: Promise<Engine> | undefined;

/** The shared engine of this JS realm, instantiated on first use. */
export function loadEngine(): Promise<Engine> {
  enginePromise ??= createAstarModule().then(
    (raw) => {
      loadedModule = raw;
      return new WasmEngine(raw);
    },
    (error: unknown) => {
      enginePromise = undefined; // let a later call try again
      throw error;
    },
  );
  return enginePromise;
}

/**
 * Null when width x height is an acceptable grid size, else the sentence createGrid would
 * throw. The rule lives in the C++ core, so the engine must have loaded (await loadEngine()).
 */
export function gridSizeError(width: number, height: number): string | null {
  if (!loadedModule) throw new Error('gridSizeError() needs the engine: await loadEngine() first');
  return loadedModule.gridSizeError(width, height) || null;
}

// Enum members by name and names by integer value, built once per module.
class EnumTable<Name extends string> {
  private readonly byName = new Map<string, EnumMember<Name>>();
  private readonly names: Name[] = [];

  constructor(
    private readonly kind: string,
    members: EnumObject<Name>,
  ) {
    for (const name of Object.keys(members)) {
      if (name === 'values') continue;
      const member = members[name as Name];
      this.byName.set(name, member);
      this.names[member.value] = name as Name;
    }
  }

  member(name: string): EnumMember<Name> {
    const member = this.byName.get(name);
    if (!member) throw new RangeError(`unknown ${this.kind} ${JSON.stringify(name)}; expected one of ${[...this.byName.keys()].join(', ')}`);
    return member;
  }

  name(member: EnumMember<Name>): Name {
    return this.names[member.value]!;
  }
}

function isInteger(value: unknown): value is number {
  return Number.isInteger(value);
}

function nullIfNaN(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}

function checkTerrainCost(cost: number): void {
  if (!isInteger(cost) || cost < 0 || cost > 9) throw new RangeError(`cost must be an integer from 0 (wall) to 9, got ${cost}`);
}

class WasmEngine implements Engine {
  readonly algorithms: EnumTable<AlgorithmName>;
  readonly heuristics: EnumTable<HeuristicName>;
  readonly diagonals: EnumTable<DiagonalName>;
  readonly statuses: EnumTable<StatusName>;
  readonly outcomes: EnumTable<OutcomeName>;
  readonly phases: EnumTable<CellPhaseName>;

  constructor(readonly raw: AstarModule) {
    // The views and size checks below hard-code these; a mismatched build must not load.
    if (raw.MAX_GRID_SIDE !== MAX_GRID_SIDE || raw.MAX_WEIGHT !== MAX_WEIGHT || raw.CELL_STATE_BYTES !== 16)
      throw new Error('astar-wasm.mjs does not match engine.ts: rebuild the wasm module');
    this.algorithms = new EnumTable('algorithm', raw.Algorithm);
    this.heuristics = new EnumTable('heuristic', raw.Heuristic);
    this.diagonals = new EnumTable('diagonal mode', raw.Diagonal);
    this.statuses = new EnumTable('status', raw.Status);
    this.outcomes = new EnumTable('outcome', raw.Outcome);
    this.phases = new EnumTable('cell phase', raw.CellPhase);
  }

  createGrid(width: number, height: number): Grid {
    const error = this.raw.gridSizeError(width, height);
    if (error) throw new RangeError(error);
    return new EngineGrid(this, this.raw.Grid.create(width, height)!);
  }

  parseMap(text: string): Grid {
    const result = this.raw.readMap(String(text));
    if (!result.ok) throw new MapFormatError(result.message, result.line);
    return new EngineGrid(this, result.grid);
  }

  parseScenario(text: string): ScenarioQuery[] {
    const result = this.raw.readScenario(String(text));
    if (!result.ok) throw new MapFormatError(result.message, result.line);
    return result.queries;
  }

  createSearch(grid: Grid, options: Partial<SearchOptions> = {}): Search {
    return new EngineSearch(this, this.ownGrid(grid), options);
  }

  ownGrid(grid: Grid): EngineGrid {
    if (!(grid instanceof EngineGrid) || grid.engine !== this) throw new TypeError('expected a Grid made by this engine');
    return grid;
  }
}

class EngineGrid implements Grid {
  readonly width: number;
  readonly height: number;
  /** Searches currently reading this grid. */
  users = 0;
  private rawGrid: RawGrid | null;

  constructor(
    readonly engine: WasmEngine,
    raw: RawGrid,
  ) {
    this.rawGrid = raw;
    this.width = raw.width();
    this.height = raw.height();
  }

  get raw(): RawGrid {
    if (!this.rawGrid) throw new Error('this Grid has been deleted');
    return this.rawGrid;
  }

  get revision(): number {
    return this.raw.revision();
  }

  /** The cell id of (x, y), or a RangeError naming the point. */
  idOf(x: number, y: number): number {
    if (!isInteger(x) || !isInteger(y) || x < 0 || y < 0 || x >= this.width || y >= this.height)
      throw new RangeError(`(${x}, ${y}) is not a cell of this ${this.width} x ${this.height} grid`);
    return y * this.width + x;
  }

  pointOf(id: number): Point {
    return { x: id % this.width, y: Math.floor(id / this.width) };
  }

  contains(point: Point): boolean {
    return point.x >= 0 && point.y >= 0 && point.x < this.width && point.y < this.height;
  }

  cost(x: number, y: number): number {
    this.idOf(x, y);
    return this.raw.cost(x, y);
  }

  setCost(x: number, y: number, cost: number): void {
    this.idOf(x, y);
    checkTerrainCost(cost);
    this.raw.setCost(x, y, cost);
  }

  fill(cost: number): void {
    checkTerrainCost(cost);
    this.raw.fill(cost);
  }

  assign(costs: Uint8Array): void {
    const expected = this.width * this.height;
    if (!(costs instanceof Uint8Array) || costs.length !== expected)
      throw new RangeError(`assign() needs a Uint8Array of ${expected} costs (${this.width} x ${this.height}), got ${costs?.length ?? costs}`);
    this.raw._assign(costs);
  }

  costs(): Uint8Array {
    return this.raw._costsView();
  }

  toMapText(): string {
    return this.raw.toMapText();
  }

  minCost(): number {
    return this.raw.minCost();
  }

  delete(): void {
    if (!this.rawGrid) return;
    if (this.users > 0)
      throw new Error(`this Grid is still read by ${this.users} search(es): delete them or setGrid() them to another grid first`);
    this.rawGrid.delete();
    this.rawGrid = null;
  }
}

class EngineCellView implements CellView {
  readonly count: number;
  readonly bytes: Uint8Array;
  private readonly g: Float64Array;
  private readonly aux: Uint32Array;
  private readonly stamps: Uint16Array;

  constructor(
    private readonly search: EngineSearch,
    bytes: Uint8Array,
  ) {
    // Record i starts at byte 16 i: g is f64 element 2i, aux u32 element 4i + 2, stamp
    // u16 element 8i + 6, phase byte 16i + 14, parent direction byte 16i + 15.
    this.bytes = bytes;
    this.count = bytes.length / 16;
    this.g = new Float64Array(bytes.buffer, bytes.byteOffset, this.count * 2);
    this.aux = new Uint32Array(bytes.buffer, bytes.byteOffset, this.count * 4);
    this.stamps = new Uint16Array(bytes.buffer, bytes.byteOffset, this.count * 8);
  }

  phaseAt(id: number): 0 | 1 | 2 | 3 {
    return this.stamps[id * 8 + 6] === this.search.stampNow ? (this.bytes[id * 16 + 14] as 0 | 1 | 2 | 3) : 0;
  }

  gAt(id: number): number {
    return this.phaseAt(id) === 0 ? NaN : this.g[id * 2]!;
  }

  orderAt(id: number): number {
    return this.phaseAt(id) >= 2 ? this.aux[id * 4 + 2]! : 0;
  }

  parentDirAt(id: number): number {
    return this.phaseAt(id) === 0 ? 255 : this.bytes[id * 16 + 15]!;
  }
}

class EngineSearch implements Search {
  /** The search number; a cell state belongs to the current search only if its stamp matches. */
  stampNow: number;
  private rawSearch: RawSearch | null;
  private grid: EngineGrid;
  private current: SearchOptions = { ...DEFAULT_OPTIONS };
  private view: EngineCellView | null = null;

  constructor(
    private readonly engine: WasmEngine,
    grid: EngineGrid,
    options: Partial<SearchOptions>,
  ) {
    this.rawSearch = new engine.raw.Search(grid.raw);
    this.grid = grid;
    grid.users += 1;
    this.stampNow = this.rawSearch.stamp();
    try {
      this.setOptions(options);
    } catch (error) {
      this.delete();
      throw error;
    }
  }

  private get raw(): RawSearch {
    if (!this.rawSearch) throw new Error('this Search has been deleted');
    return this.rawSearch;
  }

  setOptions(options: Partial<SearchOptions>): void {
    // An absent key keeps its value, except that `heuristic: undefined` asks for the
    // default heuristic again.
    const next: SearchOptions = {
      algorithm: options.algorithm ?? this.current.algorithm,
      diagonal: options.diagonal ?? this.current.diagonal,
      heuristic: 'heuristic' in options ? options.heuristic : this.current.heuristic,
      weight: options.weight ?? this.current.weight,
    };
    const { algorithms, diagonals, heuristics } = this.engine;
    const algorithm = algorithms.member(next.algorithm);
    const diagonal = diagonals.member(next.diagonal);
    const heuristic = next.heuristic === undefined ? undefined : heuristics.member(next.heuristic);
    if (typeof next.weight !== 'number' || !Number.isFinite(next.weight) || next.weight < 0)
      throw new RangeError(`weight must be a finite number >= 0, got ${next.weight}`);
    this.raw._setOptions(algorithm, diagonal, heuristic ?? heuristics.member('octile'), heuristic === undefined, next.weight);
    if (next.heuristic === undefined) delete next.heuristic;
    this.current = next;
  }

  get options(): SearchOptions {
    return { ...this.current };
  }

  setGrid(grid: Grid): void {
    const next = this.engine.ownGrid(grid);
    this.raw.setGrid(next.raw);
    this.grid.users -= 1;
    next.users += 1;
    this.grid = next;
    this.stampNow = this.raw.stamp();
  }

  reset(start: Point, goal: Point): boolean {
    for (const [what, point] of [['start', start], ['goal', goal]] as const) {
      if (!isInteger(point?.x) || !isInteger(point?.y))
        throw new RangeError(`${what} must have integer x and y, got ${JSON.stringify(point)}`);
    }
    const started = this.raw.reset({ x: start.x, y: start.y }, { x: goal.x, y: goal.y });
    this.stampNow = this.raw.stamp();
    return started;
  }

  step(): StepEvent | null {
    const event = this.raw._step();
    if (!event) return null;
    const grid = this.grid;
    const outcomes = this.engine.outcomes;
    return {
      cell: grid.pointOf(event.cell),
      g: event.g,
      h: event.h,
      f: event.f,
      neighbours: event.neighbours.map((n) => ({
        cell: grid.pointOf(n.cell),
        outcome: outcomes.name(n.outcome),
        oldG: nullIfNaN(n.oldG),
        newG: nullIfNaN(n.newG),
      })),
    };
  }

  runSteps(n: number): number {
    if (typeof n !== 'number' || Number.isNaN(n) || n < 0) throw new RangeError(`runSteps() needs a count >= 0, got ${n}`);
    return this.raw.runSteps(Math.floor(n));
  }

  run(): void {
    this.raw.run();
  }

  get status(): SearchStatus {
    return this.engine.statuses.name(this.raw.status());
  }

  get stale(): boolean {
    return this.raw.stale();
  }

  path(): Point[] {
    const pairs = this.raw._pathView();
    const points: Point[] = new Array(pairs.length / 2);
    for (let i = 0; i < points.length; ++i) points[i] = { x: pairs[2 * i]!, y: pairs[2 * i + 1]! };
    return points;
  }

  get pathCost(): number | null {
    return nullIfNaN(this.raw.pathCost());
  }

  counters(): Counters {
    return this.raw.counters();
  }

  phase(x: number, y: number): CellPhase {
    return this.engine.phases.name(this.raw.phase(this.grid.idOf(x, y)));
  }

  g(x: number, y: number): number | null {
    return nullIfNaN(this.raw.g(this.grid.idOf(x, y)));
  }

  h(x: number, y: number): number {
    return this.raw.h(this.grid.idOf(x, y));
  }

  f(x: number, y: number): number | null {
    return nullIfNaN(this.raw.f(this.grid.idOf(x, y)));
  }

  parent(x: number, y: number): Point | null {
    const id = this.raw.parent(this.grid.idOf(x, y));
    return id < 0 ? null : this.grid.pointOf(id);
  }

  order(x: number, y: number): number {
    return this.raw.order(this.grid.idOf(x, y));
  }

  cellView(): CellView {
    const bytes = this.raw._cellStatesView();
    const cached = this.view;
    if (cached && cached.bytes.buffer === bytes.buffer && cached.bytes.byteOffset === bytes.byteOffset && cached.bytes.length === bytes.length)
      return cached;
    this.view = new EngineCellView(this, bytes);
    return this.view;
  }

  delete(): void {
    if (!this.rawSearch) return;
    this.rawSearch.delete();
    this.rawSearch = null;
    this.view = null;
    this.grid.users -= 1;
  }
}
