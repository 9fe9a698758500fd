// What the engine hands out, as interfaces: the Engine itself, Grid, Search, Walk and
// CellView, with the documentation users read (the package's and the element's declarations
// are generated from it). The classes that implement them live in ./wasm-engine.ts,
// ./grid.ts, ./search.ts, ./walk.ts and ./cell-view.ts and are never exported: callers
// see only these contracts, so the wrappers' bookkeeping (users, stamps, collector hints)
// stays out of the public API.
/// <reference lib="esnext.disposable" preserve="true" />
import type { AlgorithmRow, Catalog } from './catalog';
import type { ChannelName as GeneratedChannelName, ReplanReasonName, WalkStatusName } from './generated/names';
import type { BuiltMesh, MeshSearch, MeshSearchOptions, NavMeshInfo } from './mesh-types';
import type { WalkDivergence } from './walk-divergence';
import type {
  AlgorithmName,
  CellPhase,
  Counters,
  EngineMemoryUsage,
  OpenListEntry,
  Point,
  Preparation,
  Progress,
  RefusalName,
  ScenarioQuery,
  SearchOptions,
  SearchStatus,
  StepEvent,
} from './types';

/** The engine: grids, searches and walks in WebAssembly, and the catalog of what it runs. */
export interface Engine {
  /** The core's algorithm table and option names (each list in the engine's numbering). */
  readonly catalog: Catalog;
  /** The catalog row of an algorithm. */
  algorithm(name: AlgorithmName): AlgorithmRow;
  /** Why these options cannot run on `grid` (null when they can). */
  refusalFor(grid: Grid, options: Pick<SearchOptions, 'algorithm' | 'diagonal' | 'costModel'>): RefusalName | null;
  /** A width x height grid of cost-1 cells (1 to MAX_GRID_SIDE each way). Throws RangeError on a bad size. Caller deletes it. */
  createGrid(width: number, height: number): Grid;
  /** A grid from Moving AI .map text ('.', 'G', 'S' walkable; '@', 'O', 'T', 'W' walls; digits 2 to 9 terrain costs). Throws MapFormatError. Caller deletes it. */
  parseMap(text: string): Grid;
  /** The queries of Moving AI .scen text. Throws MapFormatError. */
  parseScenario(text: string): ScenarioQuery[];
  /** A ready search over `grid`, run step by step (the grid must outlive it and refuses delete() meanwhile). Caller deletes it. */
  createSearch(grid: Grid, options?: Partial<SearchOptions>): Search;
  /** A walk on the true map `world` (which must outlive it; it refuses delete() meanwhile). Caller deletes it. */
  createWalk(world: Grid): Walk;
  /** The wasm heap now (walks the heap: for diagnostics, not for every frame). */
  memoryUsage(): EngineMemoryUsage;
  /**
   * A mesh search (navmesh A* + funnel or Polyanya: ./mesh-search.ts) over `grid`, which
   * must outlive it; it builds the grid's navigation mesh when reset() needs one. Caller
   * deletes it.
   */
  createMeshSearch(grid: Grid, options: MeshSearchOptions): MeshSearch;
  /**
   * The navigation mesh of `grid` for an agent of `radius` cells, built now or kept from
   * before. `built`: a mesh built for the grid as it is now and this radius (build-mesh.ts's
   * meshSteps, as a page builds one in slices), kept instead of building one; RangeError when
   * it was built for another size or radius.
   */
  navMesh(grid: Grid, radius?: number, built?: BuiltMesh): NavMeshInfo;
  /** True when `grid` keeps a navigation mesh for `radius` made for the grid as it is now (navMesh would not build one). */
  hasNavMesh(grid: Grid, radius?: number): boolean;
  /**
   * One whole search from `start` to `goal`, both cells of `grid`. Throws RangeError on a
   * point outside the grid, an unknown option or value, or options the grid refuses (JPS on
   * terrain costs). Searches whose work the grid does not bound (AlgorithmRow.reexpands:
   * IDA*) give up after FIND_PATH_EXPANSION_LIMIT expansions unless `maxExpansions` says
   * otherwise (0: no limit). The search is kept with the grid and used again by the next
   * call with the same algorithm, diagonal rule and cost model (no allocation; a prepared
   * search such as JPS+ or a subgoal graph keeps what it prepared while the map is
   * unchanged); at most two are kept a grid, and grid.delete() frees them. They are the
   * grid's, not the caller's: memoryUsage().liveObjects does not count them.
   */
  findPath(grid: Grid, start: Point, goal: Point, options?: Partial<SearchOptions>): PathFound;
  /**
   * Prepares the search findPath keeps for `grid` and these options now, rather than in the
   * next findPath call (the subgoal graph of a 1024 x 1024 map takes up to a second), and
   * says how long it took and what it holds. 0 ms and 0 bytes for algorithms that prepare
   * nothing (AlgorithmRow.prepares). Throws RangeError as findPath does, or when an
   * algorithm that prepares is given a grid with no walkable cell.
   */
  prepare(grid: Grid, options?: Partial<SearchOptions>): PreparationReport;
}

/** What Engine.prepare did. */
export interface PreparationReport {
  /** Milliseconds this call spent preparing (0 when the grid and options were prepared already). */
  milliseconds: number;
  /** Bytes of wasm memory the prepared data holds. */
  bytes: number;
}

/** What Engine.findPath found. */
export interface PathFound {
  /** found; no-path: there is none; gave-up: the expansion limit was reached first. */
  status: Subset<SearchStatus, 'found' | 'no-path' | 'gave-up'>;
  /** The path's cost; null unless found. */
  cost: number | null;
  /** Start to goal, every cell (Theta*: the corners of its straight segments); empty unless found. */
  path: Point[];
  /** Cells expanded. */
  expanded: number;
}

/** A map of terrain costs in wasm memory: delete() it when done (or declare it with `using`). */
export interface Grid {
  readonly width: number;
  readonly height: number;
  /** Increases on every edit. */
  readonly revision: number;
  /** True when the point is a cell of this grid. */
  contains(point: Point): boolean;
  /** 0 wall, 1 to MAX_TERRAIN_COST terrain cost (entering a cell costs the move's length times its cost). */
  cost(x: number, y: number): number;
  setCost(x: number, y: number, cost: number): void;
  fill(cost: number): void;
  /** Row-major, length width*height; values above MAX_TERRAIN_COST become MAX_TERRAIN_COST. */
  assign(costs: Uint8Array): void;
  /**
   * A copy of every cell's cost, row-major (length width*height): writing to it changes
   * nothing (edit with setCost, fill or assign). About 0.6 ms a million cells.
   * Given `into` (a Uint8Array of exactly width*height), the costs are copied into it and
   * it is returned: a caller that copies on every edit need not make a new array each time.
   */
  costs(into?: Uint8Array): Uint8Array;
  /** Moving AI .map text. */
  toMapText(): string;
  minCost(): number;
  /** True when every walkable cell has the same terrain cost. */
  uniformCost(): boolean;
  /** Frees the wasm memory, which is not garbage-collected. Throws while a search or walk reads the grid; a second call does nothing. */
  delete(): void;
  /** delete(), for `using grid = ...`. */
  [Symbol.dispose](): void;
}

/**
 * A search run step by step, for drawing one: reset(), then step() (observed, with every
 * event) or runSteps()/run(); then read its cells. Lives in wasm memory: delete() it when
 * done (or declare it with `using`), before the grid it reads.
 */
export interface Search {
  /**
   * Takes effect at the next reset(): a search under way finishes with the options it was
   * reset with. Throws (and changes nothing) on an unknown option name or value.
   */
  setOptions(options: Partial<SearchOptions>): void;
  /** The options the next reset() will use. */
  readonly options: SearchOptions;
  /** Read another grid from now on; the search becomes ready with no start or goal. */
  setGrid(grid: Grid): void;
  /** Keep display-only channels ("scanned") in unobserved steps too, so a replay shows them; read at reset(). */
  setTracing(on: boolean): void;
  /**
   * Starts a new search; false (status ready) when a point is outside the grid. A search
   * that prepares per map (AlgorithmRow.prepares) whose preparation is missing or out of
   * date (another map, an edit, another diagonal rule) is then 'preparing' instead of
   * 'running'; see preparation().
   */
  reset(start: Point, goal: Point): boolean;
  /** One expansion, observed; null if there was nothing to do. A preparing search prepares to the end first. */
  step(): StepEvent | null;
  /** Up to n unobserved expansions (a whole number >= 0, or Infinity); returns how many were made. A preparing search prepares to the end first. */
  runSteps(n: number): number;
  /** Runs to the end (a preparing search prepares first). */
  run(): void;
  /**
   * The per-map preparation: whether this search needs one, whether it is ready, its
   * progress (done of total units) and the memory it holds, for the options of its last
   * reset() (or of its creation: options set since wait for the next reset). Readable in
   * any status.
   */
  preparation(): Preparation;
  /**
   * About `units` more units of a preparing search's preparation (a whole number >= 0), so
   * a page can slice it between frames and show progress; returns the units done. When it
   * completes the search begins: status 'running' (or its end at once). Does nothing
   * unless the status is 'preparing' and the search is not stale.
   */
  prepareSteps(units: number): number;
  /**
   * Shares `other`'s prepared data (held once, not copied) when it was made for this
   * search's grid as it is now and its options, so two searches on one map prepare once; a
   * preparing search then begins. False when `other` has no such data or runs another kind
   * of search, and while this search is running (it keeps what it runs with until its next
   * reset). `other` may be a walk's planner.
   */
  adoptPreparation(other: Search): boolean;
  /** 'preparing': reset, its per-map preparation still to do (prepareSteps, or any step). */
  readonly status: SearchStatus;
  /** Why the options were refused (status refused), else null. */
  readonly refusal: RefusalName | null;
  /** The grid was edited since reset(): the search will not step until reset again. */
  readonly stale: boolean;
  /** Start to goal; empty unless found. Grid searches give every cell, any-angle ones the corners. */
  path(): Point[];
  readonly pathCost: number | null;
  counters(): Counters;
  progress(): Progress;
  phase(x: number, y: number): CellPhase;
  /** Cost from the start (D* Lite: to the goal; Infinity where none is known); null when unseen. */
  g(x: number, y: number): number | null;
  /** Heuristic to the goal, unweighted (D* Lite: from the start); NaN when no search has been started. */
  h(x: number, y: number): number;
  /** The priority the cell is ordered by (A* g + weight*h, Dijkstra g, greedy h, breadth- and depth-first g; D* Lite k1). Null when unseen. */
  f(x: number, y: number): number | null;
  parent(x: number, y: number): Point | null;
  /** 1-based expansion order, 0 if not expanded. */
  order(x: number, y: number): number;
  /** The search's best route from the start to the cell so far (IDA*: the current depth-first path; D* Lite: from the cell to the goal); empty when unseen. */
  routeTo(point: Point): Point[];
  /**
   * The open list in the order the search will take it, at most `limit` entries (a whole
   * number >= 0): the first is the cell the next step() expands. Later entries come in the
   * order they would be taken if no step opened anything new. Empty unless the search is
   * running and not stale. Per algorithm (cpp/core/search.h, Search::open_items):
   * best-first searches list the whole open list by priority, then tie-break (breadth-first
   * oldest first, depth-first newest first); bidirectional search lists the side it expands
   * next, then the other, each side getting half of `limit` when both have enough; IDA*
   * lists the descents still pending on its stack, top first, or the start alone when the
   * next step begins an iteration.
   */
  openList(limit: number): OpenListEntry[];
  /**
   * h or f of every cell in one call (row-major, a copy): h on every walkable cell, f where
   * the search has been; NaN elsewhere. For heat maps, which would otherwise make a call per cell.
   */
  cellValues(kind: 'h' | 'f'): Float32Array;
  /** Typed-array views of every per-cell channel; re-fetch each frame (see CellView). */
  cellView(): CellView;
  /** Frees the wasm memory, which is not garbage-collected; a cell view kept reads as empty from then on. */
  delete(): void;
  /** delete(), for `using search = ...`. */
  [Symbol.dispose](): void;
}

export type WalkStatus = WalkStatusName;

export interface WalkCounters {
  /** Steps taken: planning expansions and moves. */
  steps: number;
  moves: number;
  /** Cost of the moves made, on the true map. */
  walkedCost: number;
  /** Plans made after the first (goal moves included). */
  replans: number;
  /** Expansions of the current (or last) plan. */
  expandedThisPlan: number;
  /** Expansions of every plan, the first included. */
  expandedTotal: number;
  /**
   * Cells expanded choosing, among equally cheap routes, the one every optimal planner's
   * agent walks (cpp/core/canonical_route.h); not counted as planning.
   */
  routeExpanded: number;
}

/**
 * Why a walk plans again: a move of the rest of its plan became illegal on what it knows
 * ('path-blocked') or dearer ('path-dearer'), a known cost went down anywhere
 * ('cost-lowered': a cheaper way may have opened), or the goal moved ('goal-moved').
 */
export type ReplanReason = Exclude<ReplanReasonName, 'none'>;

/** One observed step of a walk: a planner expansion, or a move and what it sensed. */
export type WalkStep =
  | { kind: 'plan'; expansion: StepEvent }
  /**
   * The agent moved from `from` to `to` at `cost` (on the true map), then sensed: `discovered`
   * are the cells whose true cost differed from what it believed (their cost is the world's
   * now). `replan`: a new plan starts, and why; `arrived`: it reached the goal.
   */
  | { kind: 'move'; from: Point; to: Point; cost: number; discovered: Point[]; replan: ReplanReason | null; arrived: boolean };

/**
 * An agent walking from a start to a goal on a true map (cpp/core/walk.h), which it knows
 * whole or only where it has been, planning with any search of the catalog: D* Lite and
 * MPAA* keep what they computed between plans, the others plan again from scratch from the
 * agent's cell. Optimal planners' agents walk the same route among equally cheap ones.
 */
export interface Walk {
  /** Take effect at the next reset(). senseRadius 0: the agent knows the whole map; 1 to MAX_SENSE_RADIUS: only what it has sensed. */
  setOptions(search: Partial<SearchOptions>, senseRadius: number): void;
  /**
   * From the next reset(): whether a cheapest plan is replaced by the canonical route of the
   * same cost, so that agents with different optimal planners walk the same route (on by
   * default; off, each walks its planner's own plans, which is what measures a planner alone).
   */
  setCanonicalRoutes(on: boolean): void;
  /** Where this walk and `other` (same world, same start: compare mode) parted, and what each one's plan from there cost. */
  firstDivergence(other: Walk): WalkDivergence;
  /** The agent at `start`, its knowledge sensed there, the planner reset; false (status ready) when a point is outside the map. */
  reset(start: Point, goal: Point): boolean;
  /** One step, observed; null if there was nothing to do. */
  step(): WalkStep | null;
  /** Up to n unobserved steps (a whole number >= 0, or Infinity); returns how many were made. `untilMove`: stop before the next move (at most the plan under way is finished). */
  runSteps(n: number, untilMove?: boolean): number;
  readonly status: WalkStatus;
  /** Why the walk was refused (status refused), else null ('any-angle': a walk moves from cell to cell). */
  readonly refusal: RefusalName | null;
  counters(): WalkCounters;
  agent(): Point;
  /** Every cell stood on, start first. */
  walked(): Point[];
  /** From the agent to the goal; empty while planning or without a path. */
  plannedPath(): Point[];
  /** The true map was edited at these cells: the ones the agent knows update its knowledge now (it may replan). */
  worldChanged(cells: Point[]): void;
  /** The goal moved: plan again from the agent. */
  setGoal(goal: Point): void;
  /** Per cell, 1 where the agent knows the true cost: a copy (writing to it changes nothing), taken anew after steps. */
  knownMask(): Uint8Array;
  /**
   * The planner's search (read-only: cellView, openList, g, h, f, phase, progress, routeTo,
   * counters, status, options; reset/step/setOptions/setGrid throw). For D* Lite, g and rhs
   * are costs to the goal, h is measured from the agent and the parents point toward the
   * goal; while the agent moves the planner may be stale (changes that did not touch the
   * plan wait for its next repair) and then lists no queue. Its delete() does nothing: it
   * goes with the walk.
   */
  readonly planner: Search;
  /** Frees the wasm memory (the planner with it). */
  delete(): void;
  /** delete(), for `using walk = ...`. */
  [Symbol.dispose](): void;
}

/** Per-cell arrays a search declares (cpp/core/search.h, Search::channels). */
export type ChannelName = GeneratedChannelName;
/** The channels fillPhases copies: phases of either frontier, and JPS's scanned cells. */
export type PhaseChannel = Subset<ChannelName, 'phase' | 'phaseBack' | 'scanned'>;
/** T, which must be some of U's members: a subset of generated names where a misspelt one is an error, not silently dropped. */
export type Subset<U, T extends U> = T;

/**
 * JPS+'s prepared jump table, once ready, one channel per direction (u16, no stamp: they
 * belong to the map, not to one search): bits 0..14 the moves a goal-less jump from the cell
 * makes, bit 15 set when it stops at a jump point (clear: a dead end, the count being the
 * moves to the last free cell; 0 when the first move is illegal). cpp/core/jump_table.h.
 */
export type JumpChannelName = Subset<ChannelName, 'jumpN' | 'jumpE' | 'jumpS' | 'jumpW' | 'jumpNE' | 'jumpSE' | 'jumpSW' | 'jumpNW'>;

/**
 * Typed-array views of a search's channels, valid until wasm memory grows or the search
 * replaces its arrays (re-fetch each frame; cheap). Ids run from 0 to count - 1. Every read
 * applies the stamp check, so it follows later resets of the search. Once its search (or
 * the walk of a planner) is deleted, a view kept reads as empty: phase 0, NaN, no parent.
 */
export interface CellView {
  readonly count: number;
  /** The grid's width: cell (x, y) has id y * width + x. */
  readonly width: number;
  /** Whether the search keeps this channel. */
  has(channel: ChannelName): boolean;
  /** 0 unseen, 1 open, 2 closed, 3 path. */
  phaseAt(id: number): 0 | 1 | 2 | 3;
  /** Cost from the start; NaN when unseen. */
  gAt(id: number): number;
  /** 1-based expansion order; 0 if not expanded. */
  orderAt(id: number): number;
  /** The parent's cell id; -1 for none (the start, or unseen). */
  parentAt(id: number): number;
  /** Bidirectional: the backward frontier's phase (0 where it has not reached). */
  phaseBackAt(id: number): 0 | 1 | 2 | 3;
  /** Bidirectional: the cell id the backward frontier reached `id` from; -1 for none. */
  parentBackAt(id: number): number;
  /** JPS: whether a scan passed over the cell (kept while tracing). */
  scannedAt(id: number): boolean;
  /**
   * Every cell's phase at once into `out` (length count; RangeError if shorter): what
   * phaseAt gives, in one tight loop, for drawing whole layers. 'phaseBack' (0 without a
   * backward search) and 'scanned' (1 where a scan passed, else 0) likewise.
   */
  fillPhases(out: Uint8Array, channel?: PhaseChannel): void;
  /** Any channel's raw value; NaN where the cell is not part of the current search or the channel is missing. */
  valueAt(channel: ChannelName, id: number): number;
}
