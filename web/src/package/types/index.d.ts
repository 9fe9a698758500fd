// Type declarations for the npm package `astar-playground`: grid pathfinding (A*, JPS, D* Lite
// and seven more) in WebAssembly, for Node 20+ and browsers. Shipped as
// dist/package/index.d.ts; the implementation (web/src/package/index.ts) is checked against
// this file both ways, so the two cannot drift.
//
//   import { loadEngine } from 'astar-playground';
//   const astar = await loadEngine();
//   const grid = astar.parseMap(text);            // Moving AI .map text; also createGrid(w, h)
//   const { cost, path, expanded } = astar.findPath(grid, [sx, sy], [gx, gy],
//       { algorithm: 'jps', diagonal: 'only-when-no-obstacles' });
//   grid.delete();
//
// Grids, searches and walks live in wasm memory: delete() each when done (or declare it with
// `using`). One dropped without delete() is freed when the garbage collector reclaims it,
// with a console warning the first time (unless NODE_ENV is production), but the collector
// does not see wasm memory: a loop of big searches without delete() can fill it first.

/// <reference lib="esnext.disposable" />

/** A* and nine more: astar, dijkstra, greedy (best-first), bfs, dfs, jps (jump point search), bidirectional (A*), ida (IDA*), theta (Theta*, any-angle), dstar-lite (D* Lite, incremental). */
export type AlgorithmName = 'astar' | 'dijkstra' | 'greedy' | 'bfs' | 'dfs' | 'jps' | 'bidirectional' | 'ida' | 'theta' | 'dstar-lite';
/** Heuristics; without one, an algorithm's own default (octile with diagonal moves, manhattan without). */
export type HeuristicName = 'manhattan' | 'euclidean' | 'octile' | 'chebyshev' | 'zero';
/** When a diagonal move is allowed, judged by the two cells beside it; only-when-no-obstacles is the Moving AI rule. */
export type DiagonalName = 'never' | 'always' | 'if-at-most-one-obstacle' | 'only-when-no-obstacles';
/** Move costs: exact (1 and √2, the Moving AI lengths) or 10-14 (10 and 14, as classic tutorials count). */
export type CostModelName = 'exact' | '10-14';
/**
 * Why options cannot run on a grid: JPS and Theta* need one terrain cost; Theta* never cuts
 * corners and counts exactly; a walk moves cell to cell. ('none' is the engine's own name
 * for no refusal; what returns a refusal gives null instead.)
 */
export type RefusalName = 'none' | 'needs-uniform-terrain' | 'diagonal-rule' | 'cost-model' | 'any-angle';
/** 'preparing': a search that needs prepared data (a navigation mesh) has none for the grid yet. */
export type SearchStatus = 'ready' | 'running' | 'found' | 'no-path' | 'gave-up' | 'refused' | 'preparing';
export type CellPhase = 'unseen' | 'open' | 'closed' | 'path';
export type Side = 'forward' | 'backward';
export type WalkStatus = 'ready' | 'planning' | 'moving' | 'arrived' | 'no-path' | 'gave-up' | 'refused';

/** A cell as findPath takes and returns it. */
export type XY = [x: number, y: number];
/** A cell as the lower-level objects take and return it. */
export interface Point {
  x: number;
  y: number;
}

/** findPath's options: the names of the `astar` command's options (maxExpansions is --max-expansions). */
export interface PathOptions {
  /**
   * Default astar. navmesh (navmesh A* + funnel) and polyanya (optimal any-angle) search a
   * navigation mesh of the grid (built on first use, kept until the grid is edited) and take
   * only `radius` and `maxExpansions`; their paths are points of the plane.
   */
  algorithm?: AlgorithmName | 'navmesh' | 'polyanya';
  /** navmesh and polyanya: the agent's radius in cells, 0 (default) to 4; paths keep that far from every wall. */
  radius?: number;
  /** Default only-when-no-obstacles. */
  diagonal?: DiagonalName;
  /** Default: the algorithm's own. */
  heuristic?: HeuristicName;
  /** Heuristic weight, 0 to 100 (default 1; above 1 trades optimality for speed). */
  weight?: number;
  /** Default exact. */
  costs?: CostModelName;
  /** Give up after this many expansions (status gave-up); default or 0: no limit. IDA* can need very many. */
  maxExpansions?: number;
}

export interface PathResult {
  /** found; no-path: there is none; gave-up: maxExpansions was reached first. */
  status: 'found' | 'no-path' | 'gave-up';
  /** The path's cost; null unless found. */
  cost: number | null;
  /**
   * Start to goal, every cell (Theta*: the corners of its straight segments; navmesh and
   * polyanya: corners as points of the plane, cell (x, y) being the square (x, y)-(x+1, y+1),
   * so the path starts at the start cell's centre [x + 0.5, y + 0.5]); empty unless found.
   */
  path: XY[];
  /** Cells expanded. */
  expanded: number;
}

/** One row of the algorithm table. */
export interface AlgorithmRow {
  name: AlgorithmName;
  label: string;
  usesHeuristic: boolean;
  usesWeight: boolean;
  /** Always finds a cheapest path (admissible heuristic, weight 1). */
  optimal: boolean;
  /** Paths are straight segments between cell centres. */
  anyAngle: boolean;
  /** Repairs its plan after map changes. */
  incremental: boolean;
  /** May expand a cell many times (IDA*): give it maxExpansions on open maps. */
  reexpands: boolean;
  /** Runs only where every walkable cell costs the same. */
  uniformTerrainOnly: boolean;
  diagonals: DiagonalName[];
  costModels: CostModelName[];
  /** Null: octile with diagonal moves, manhattan without. */
  defaultHeuristic: HeuristicName | null;
  /** Bytes of wasm memory a search keeps per grid cell (its open list comes on top). */
  bytesPerCell: number;
}

/** Every algorithm and option name the engine knows. */
export interface Catalog {
  readonly algorithms: readonly AlgorithmRow[];
  readonly heuristics: readonly HeuristicName[];
  readonly diagonals: readonly DiagonalName[];
  readonly costModels: readonly CostModelName[];
  /** Bytes of wasm memory a grid keeps per cell. */
  readonly gridBytesPerCell: number;
  /** Bytes a walk keeps per cell besides its planner search. */
  readonly walkBytesPerCell: number;
}

/** A query of a Moving AI .scen file. */
export interface ScenarioQuery {
  bucket: number;
  mapPath: string;
  mapWidth: number;
  mapHeight: number;
  start: Point;
  goal: Point;
  /** The published optimal length; -1: no path expected. */
  optimal: number;
}

/** Rejected .map or .scen text; `line` is the line to blame (0: none). */
export declare class MapFormatError extends Error {
  readonly line: number;
  constructor(message: string, line: number);
}

/**
 * The engine's wasm memory (2 GB) has no room for what was asked: thrown instead of the
 * allocation, and the engine stays usable. The message says how many objects are still
 * undeleted; delete() them, or await so that dropped ones can be collected.
 */
export declare class EngineMemoryError extends Error {
  constructor(message: string);
}

/** The engine's wasm heap, in bytes, and the objects that hold it. */
export interface EngineMemoryUsage {
  /** Handed out and not freed. */
  inUse: number;
  /** The heap's current size: it grows when needed and never shrinks. */
  heapSize: number;
  /** The size it may grow to. */
  heapLimit: number;
  /** Grids, searches and walks made and neither deleted nor reclaimed yet. */
  liveObjects: number;
}

/** Largest grid side. */
export declare const MAX_GRID_SIDE: number;
/** Largest heuristic weight. */
export declare const MAX_WEIGHT: number;
/** Largest sense radius of a walk. */
export declare const MAX_SENSE_RADIUS: number;

/** The engine of this JS realm (one WebAssembly instance, made on the first call). */
export declare function loadEngine(): Promise<AstarEngine>;

export interface AstarEngine {
  readonly catalog: Catalog;
  /** The catalog row of an algorithm. */
  algorithm(name: AlgorithmName): AlgorithmRow;
  /** A grid from Moving AI .map text ('.', 'G', 'S' walkable; '@', 'O', 'T', 'W' walls). Throws MapFormatError. */
  parseMap(text: string): Grid;
  /** A width x height grid of cost-1 cells (1 to MAX_GRID_SIDE each way). Throws RangeError. */
  createGrid(width: number, height: number): Grid;
  /** The queries of Moving AI .scen text. Throws MapFormatError. */
  parseScenario(text: string): ScenarioQuery[];
  /**
   * The path from `start` to `goal` on `grid`. Throws RangeError on an unknown option or value
   * (naming the allowed ones), a point outside the grid, or options the grid refuses (JPS on a
   * grid with terrain costs). Makes and deletes its own search.
   */
  findPath(grid: Grid, start: XY, goal: XY, options?: PathOptions): PathResult;
  /** Why these options cannot run on `grid`, or null when they can. */
  refusalFor(grid: Grid, options: Pick<SearchOptions, 'algorithm' | 'diagonal' | 'costModel'>): RefusalName | null;
  /** A step-by-step search over `grid` (which refuses delete() while the search reads it). */
  createSearch(grid: Grid, options?: Partial<SearchOptions>): Search;
  /** An agent walking the true map `world`, replanning as it learns it. */
  createWalk(world: Grid): Walk;
  /** The wasm heap now, and the objects not yet deleted (walks the heap: for diagnostics). */
  memoryUsage(): EngineMemoryUsage;
}

/** The lower-level objects' options; `costModel` is findPath's `costs`. */
export interface SearchOptions {
  algorithm: AlgorithmName;
  diagonal: DiagonalName;
  /** Absent: the algorithm's default. */
  heuristic?: HeuristicName;
  weight: number;
  costModel: CostModelName;
  /** Absent or 0: no limit. */
  maxExpansions?: number;
}

export interface Grid extends Disposable {
  readonly width: number;
  readonly height: number;
  /** Increases on every edit. */
  readonly revision: number;
  contains(point: Point): boolean;
  /** 0 wall, 1 to 9 terrain cost (entering a cell costs the move's length times its cost). */
  cost(x: number, y: number): number;
  setCost(x: number, y: number, cost: number): void;
  fill(cost: number): void;
  /** Row-major costs, length width * height. */
  assign(costs: Uint8Array): void;
  /** A live view of wasm memory: read it at once, copy with slice() to keep. */
  costs(): Uint8Array;
  /** As Moving AI .map text. */
  toMapText(): string;
  minCost(): number;
  /** True when every walkable cell costs the same. */
  uniformCost(): boolean;
  /** Frees its wasm memory; throws while a search or walk reads it. A second call does nothing. */
  delete(): void;
}

export interface Counters {
  expanded: number;
  opened: number;
  improved: number;
  maxOpen: number;
  openSize: number;
}

/** IDA*'s threshold and iteration, bidirectional A*'s best meeting; null where they do not apply. */
export interface Progress {
  threshold: number | null;
  iteration: number | null;
  meetingCost: number | null;
  meetingCell: Point | null;
}

export interface OpenListEntry {
  cell: Point;
  g: number;
  h: number;
  f: number;
  side: Side;
}

/** What happened to a neighbour of the expanded cell. */
export type NeighbourOutcome = 'opened' | 'improved' | 'not-improved' | 'closed' | 'blocked' | 'pruned' | 'on-path';

/** One thing that happened in a step; every step has exactly one `expand`. */
export type SearchEvent =
  | { kind: 'expand'; cell: Point; side: Side; g: number; h: number; f: number; parent: Point | null }
  | { kind: 'neighbour'; cell: Point; side: Side; outcome: NeighbourOutcome; oldG: number | null; newG: number | null; parent: Point | null }
  /** JPS: a scan from `from` in direction `dir` (0..7 = N, E, S, W, NE, SE, SW, NW) that stopped at `to`. */
  | { kind: 'scan'; from: Point; to: Point; dir: number; outcome: 'jump-point' | 'dead-end' | 'reached-goal' }
  /** JPS: `cell` is a forced neighbour of `jumpPoint`. */
  | { kind: 'forced'; cell: Point; jumpPoint: Point }
  /** Theta*: a line of sight checked. */
  | { kind: 'sight'; from: Point; to: Point; clear: boolean; blockedBy: Point | null }
  /** Bidirectional A*: the best meeting improved. */
  | { kind: 'meet'; cell: Point; cost: number }
  /** IDA*: an iteration starts. */
  | { kind: 'iteration'; iteration: number; threshold: number }
  /** IDA*: the depth-first path was cut back to end at `cell`. */
  | { kind: 'backtrack'; cell: Point | null; popped: number }
  /** Bidirectional A*: no path can be cheaper than `cost`. */
  | { kind: 'stop'; cost: number; bound: number }
  /** D* Lite: what popping `cell` did. */
  | { kind: 'key'; cell: Point; outcome: 'key-raised' | 'over-consistent' | 'under-consistent'; k1: number; k2: number; newK1: number | null; oldG: number | null }
  /** D* Lite: the rhs of `cell` changed. */
  | { kind: 'rhs'; cell: Point; outcome: 'queued' | 'requeued' | 'dequeued'; oldRhs: number; newRhs: number; k1: number | null; next: Point | null };

/** One observed step: the expanded cell, its numbers and every event, in order. */
export interface StepEvent {
  cell: Point;
  side: Side;
  g: number;
  h: number;
  f: number;
  events: SearchEvent[];
}

/** The step's events of one kind, in order. */
export declare function eventsOf<K extends SearchEvent['kind']>(step: StepEvent, kind: K): Extract<SearchEvent, { kind: K }>[];

export type ChannelName =
  | 'phase' | 'g' | 'order' | 'parentDir' | 'parentId' | 'scanned' | 'visits'
  | 'phaseBack' | 'gBack' | 'orderBack' | 'parentDirBack' | 'rhs';

/** Every cell of a search at once, by cell id (y * width + x): views of wasm memory, fetch again for each frame. */
export interface CellView {
  readonly count: number;
  has(channel: ChannelName): boolean;
  /** 0 unseen, 1 open, 2 closed, 3 path. */
  phaseAt(id: number): 0 | 1 | 2 | 3;
  gAt(id: number): number;
  orderAt(id: number): number;
  parentAt(id: number): number;
  phaseBackAt(id: number): 0 | 1 | 2 | 3;
  parentBackAt(id: number): number;
  scannedAt(id: number): boolean;
  fillPhases(out: Uint8Array, channel?: 'phase' | 'phaseBack' | 'scanned'): void;
  valueAt(channel: ChannelName, id: number): number;
}

/** A search run step by step, for drawing one: reset(), then step() (observed) or runSteps()/run(). */
export interface Search extends Disposable {
  /** Take effect at the next reset(). */
  setOptions(options: Partial<SearchOptions>): void;
  readonly options: SearchOptions;
  setGrid(grid: Grid): void;
  /** Keep JPS's scanned cells in unobserved steps too. */
  setTracing(on: boolean): void;
  /** False (status ready) when a point is outside the grid. */
  reset(start: Point, goal: Point): boolean;
  /** One expansion and its events; null when there is nothing to do. */
  step(): StepEvent | null;
  runSteps(n: number): number;
  run(): void;
  readonly status: SearchStatus;
  readonly refusal: RefusalName | null;
  /** The grid was edited since reset(). */
  readonly stale: boolean;
  path(): Point[];
  readonly pathCost: number | null;
  counters(): Counters;
  progress(): Progress;
  phase(x: number, y: number): CellPhase;
  g(x: number, y: number): number | null;
  h(x: number, y: number): number;
  f(x: number, y: number): number | null;
  parent(x: number, y: number): Point | null;
  /** 1-based expansion order, 0 if not expanded. */
  order(x: number, y: number): number;
  routeTo(point: Point): Point[];
  /** The open list in the order the search will take it, at most `limit` entries. */
  openList(limit: number): OpenListEntry[];
  cellValues(kind: 'h' | 'f'): Float32Array;
  cellView(): CellView;
  delete(): void;
}

export interface WalkCounters {
  steps: number;
  moves: number;
  walkedCost: number;
  replans: number;
  expandedThisPlan: number;
  expandedTotal: number;
}

export type ReplanReason = 'path-blocked' | 'path-dearer' | 'cost-lowered' | 'goal-moved';

export type WalkStep =
  | { kind: 'plan'; expansion: StepEvent }
  | { kind: 'move'; from: Point; to: Point; cost: number; discovered: Point[]; replan: ReplanReason | null; arrived: boolean };

/** An agent walking from a start to a goal, knowing the map whole or only what it has sensed, replanning as it goes. */
export interface Walk extends Disposable {
  /** senseRadius 0: the agent knows the whole map; 1 to MAX_SENSE_RADIUS: only what it has sensed. */
  setOptions(search: Partial<SearchOptions>, senseRadius: number): void;
  reset(start: Point, goal: Point): boolean;
  step(): WalkStep | null;
  runSteps(n: number, untilMove?: boolean): number;
  readonly status: WalkStatus;
  readonly refusal: RefusalName | null;
  counters(): WalkCounters;
  agent(): Point;
  walked(): Point[];
  plannedPath(): Point[];
  /** The world grid was edited at these cells. */
  worldChanged(cells: Point[]): void;
  setGoal(goal: Point): void;
  knownMask(): Uint8Array;
  /** The planner's search, read-only; it goes with the walk. */
  readonly planner: Search;
  delete(): void;
}
