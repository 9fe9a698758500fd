// The engine as the rest of the project sees it: the web app, the CLI, the benchmark and
// the tests all go through this file, never through the raw module.
//
// What the wrapper adds to the raw embind module (./astar-wasm.d.ts):
// - Names instead of enum objects and cell ids: options, statuses, phases and outcomes
//   are strings, cells are {x, y}, "no value" is null rather than NaN, and a step's
//   events are a discriminated union (SearchEvent) rather than raw tagged records.
// - The catalog: the core's table of algorithms and every option name, which the panel,
//   share links, embed settings and the CLI read instead of keeping lists of their own.
// - Checked input: bad sizes, coordinates, costs and option names throw RangeError with a
//   sentence saying what was wrong; bad .map/.scen text throws MapFormatError with the
//   line. Nothing reaches wasm unchecked.
// - Ownership. Grids, searches and walks live in wasm memory, which the garbage collector
//   does not see: whoever creates one calls delete() once (or declares it with `using`:
//   [Symbol.dispose] is delete). A Search reads its Grid, so a grid refuses delete() while
//   a search still uses it (delete the search or setGrid() it to another grid first).
//   delete() twice is harmless; any other call after delete() throws. A wrapper that is
//   dropped without delete() is reclaimed by a FinalizationRegistry when the garbage
//   collector gets to it, with a console warning the first time outside production (see
//   reclaimed() below).
// - Memory the engine can say it lacks. Before anything that allocates per-cell arrays the
//   wrapper asks malloc for room (makeRoom): when the 2 GB wasm heap is full it throws
//   EngineMemoryError, saying how many objects are still undeleted, instead of letting
//   the failed allocation abort the whole module. And each wrapper carries an untouched
//   ArrayBuffer in proportion to the wasm memory it holds (CollectorHint), so the garbage
//   collector, which does not count wasm memory, runs as often as the memory dropped
//   wrappers hold calls for.
// - Bulk reads without per-cell objects: costs() and cellView() are typed-array views of
//   wasm memory, valid until memory grows (any allocation may grow it) or the search's
//   arrays are replaced, so callers re-fetch them each frame; re-fetching is cheap and
//   returns the same view while it is still valid.
//
// One wasm instance per JS realm: loadEngine() caches its promise, so every module of the
// page (or every test in a file) shares one instance and one memory.
// The raw module's declaration is ambient (matched by path): referenced here so that every
// program that compiles this file sees it, the declaration bundler's included.
/// <reference path="./astar-wasm.d.ts" />
/// <reference lib="esnext.disposable" preserve="true" />
import type { AlgorithmRow, Catalog } from './catalog';
import createAstarModule from './generated/astar-wasm.mjs';
import type {
  AstarModule,
  EnumMember,
  EnumObject,
  Event as RawEvent,
  Grid as RawGrid,
  Preparation as RawPreparation,
  Search as RawSearch,
  SearchReader as RawSearchReader,
  Walk as RawWalk,
} from './generated/astar-wasm.mjs';
// Every name and limit the core hands JavaScript, generated from its tables at build time.
import * as names from './generated/names';
import type {
  AlgorithmName as GeneratedAlgorithmName,
  CellPhaseName,
  ChannelName as GeneratedChannelName,
  ChannelTypeName,
  CostModelName as GeneratedCostModelName,
  DiagonalName as GeneratedDiagonalName,
  EventKindName,
  HeuristicName as GeneratedHeuristicName,
  OutcomeName,
  RefusalName as GeneratedRefusalName,
  ReplanReasonName,
  SideName,
  StatusName,
  WalkStatusName,
} from './generated/names';
import { EngineMeshSearch, MeshCache, type MeshSearch, type MeshSearchOptions, type NavMeshInfo } from './mesh-search';

export type { AlgorithmRow, Catalog };
export { MAX_RADIUS, MESH_ALGORITHMS } from './mesh-search';
export type { FunnelStep, MeshAlgorithmName, MeshBuildReport, MeshData, MeshEvent, MeshSearch, MeshSearchOptions, NavMeshInfo, PlanePoint, PolyanyaNode, PolygonNode } from './mesh-search';

/** A search's name as the CLI, share links, the element and findPath spell it ('astar', 'jps', 'dstar-lite', ...); catalog.algorithms describes each. */
export type AlgorithmName = GeneratedAlgorithmName;
/** Heuristics; without one, an algorithm's own default (octile with diagonal moves, manhattan without). */
export type HeuristicName = GeneratedHeuristicName;
/** When a diagonal move is allowed, judged by the two cells beside it; only-when-no-obstacles is the Moving AI rule. */
export type DiagonalName = GeneratedDiagonalName;
/** Move costs: exact (1 and √2, the Moving AI lengths) or 10-14 (10 and 14, as classic tutorials count). */
export type CostModelName = GeneratedCostModelName;
/**
 * Why options cannot run on a grid: JPS and Theta* need one terrain cost; Theta* never cuts
 * corners and counts exactly; a walk moves cell to cell. ('none' is the engine's own name
 * for no refusal; what returns a refusal gives null instead.)
 */
export type RefusalName = GeneratedRefusalName;

/** A search's options (findPath's are the same, with `costs` for `costModel`). */
export interface SearchOptions {
  algorithm: AlgorithmName;
  diagonal: DiagonalName;
  /** undefined: the algorithm's default (see AlgorithmRow.defaultHeuristic). */
  heuristic?: HeuristicName;
  /** Heuristic weight for algorithms that use one (1 is plain A*; above 1 trades optimality for speed; at most 100). */
  weight: number;
  /** Move lengths 1 and sqrt 2 (exact) or 10 and 14. */
  costModel: CostModelName;
  /** Expansions after which the search gives up (status gave-up); undefined or 0: no limit. IDA* can need very many on open maps. */
  maxExpansions?: number;
}

export const DEFAULT_OPTIONS: Readonly<SearchOptions> = Object.freeze({
  algorithm: 'astar',
  diagonal: 'only-when-no-obstacles',
  weight: 1,
  costModel: 'exact',
});

/**
 * The options to switch to `row`: the same, except a diagonal rule or cost model the
 * algorithm does not support, which becomes one it does (the last of its rules, which is
 * the strictest, and its first cost model).
 */
export function fitOptions(row: AlgorithmRow, options: SearchOptions): Partial<SearchOptions> {
  const fitted: Partial<SearchOptions> = { algorithm: row.name };
  if (!row.diagonals.includes(options.diagonal)) fitted.diagonal = row.diagonals[row.diagonals.length - 1];
  if (!row.costModels.includes(options.costModel)) fitted.costModel = row.costModels[0];
  return fitted;
}

/** Where a search is: ready, running, or finished as found, no-path, gave-up (at maxExpansions) or refused. */
export type SearchStatus = StatusName;
/** What a cell is in the current search (IDA*: open means on its depth-first path). */
export type CellPhase = CellPhaseName;
/** Every cell phase, by its number (CellView.phaseAt's 0 to 3). */
export const CELL_PHASES: readonly CellPhase[] = names.CELL_PHASE_NAMES;
/** The frontier a cell or event belongs to: backward only in bidirectional search. */
export type Side = SideName;
/** Both frontiers, forward first. */
export const SIDES: readonly Side[] = names.SIDE_NAMES;

/** A cell: `x` grows to the east, `y` to the south, both from 0. */
export interface Point {
  x: number;
  y: number;
}

/** The outcomes events of kind K report (cpp/core/events.h, kOutcomes). */
export type OutcomeOf<K extends keyof typeof names.OUTCOMES_BY_EVENT_KIND> = (typeof names.OUTCOMES_BY_EVENT_KIND)[K][number];

/** What happened to a neighbour of the expanded cell. */
export type NeighbourOutcome = OutcomeOf<'neighbour'>;

/**
 * One thing that happened in a step (cpp/core/events.h has the full story of each kind).
 * Every step has exactly one `expand`; what led to it (IDA*'s backtrack and iteration)
 * comes before it, what it did after it.
 */
export type SearchEvent =
  /** `cell` was taken from the open list (IDA*: the stack); `parent` is where it hangs from. */
  | { kind: 'expand'; cell: Point; side: Side; g: number; h: number; f: number; parent: Point | null }
  /** A neighbour of the expanded cell, and what became of it; `parent` is its parent after the step. */
  | { kind: 'neighbour'; cell: Point; side: Side; outcome: NeighbourOutcome; oldG: number | null; newG: number | null; parent: Point | null }
  /** JPS: a scan from `from` in direction `dir` (0..7 = N, E, S, W, NE, SE, SW, NW) that stopped at `to`. */
  | { kind: 'scan'; from: Point; to: Point; dir: number; outcome: OutcomeOf<'scan'> }
  /** JPS: `cell` is a forced neighbour of `jumpPoint`. */
  | { kind: 'forced'; cell: Point; jumpPoint: Point }
  /** Theta*: the line of sight from `from` to `to`; `blockedBy` is the first blocked cell it touches. */
  | { kind: 'sight'; from: Point; to: Point; clear: boolean; blockedBy: Point | null }
  /** Bidirectional: the best meeting improved: through `cell`, at `cost`. */
  | { kind: 'meet'; cell: Point; cost: number }
  /** IDA*: iteration `iteration` starts with f threshold `threshold`. */
  | { kind: 'iteration'; iteration: number; threshold: number }
  /** IDA*: the depth-first path was cut back to end at `cell` (null: the whole path), `popped` cells removed. */
  | { kind: 'backtrack'; cell: Point | null; popped: number }
  /** Bidirectional: stop; no path can be cheaper than `cost`, since `bound` (the frontiers' larger smallest f) is no less. */
  | { kind: 'stop'; cost: number; bound: number }
  /**
   * D* Lite: what popping `cell` (the step's expand, reported just before) did. It was popped
   * with key [k1; k2]. 'key-raised': its key had grown since it was queued (the start moved),
   * so it went back in with k1 `newK1`; 'over-consistent': g > rhs, so g was lowered to rhs
   * (from `oldG`, often Infinity) and it left the queue; 'under-consistent': g < rhs, so g
   * was raised to Infinity (from `oldG`) and its predecessors' rhs are recomputed.
   */
  | { kind: 'key'; cell: Point; outcome: OutcomeOf<'key'>; k1: number; k2: number; newK1: number | null; oldG: number | null }
  /**
   * D* Lite: the rhs of `cell` (a predecessor of the popped cell; after an under-consistent
   * pop also the popped cell itself, whose rhs may be unchanged) went from `oldRhs` to
   * `newRhs` (Infinity: no known way to the goal). 'queued': it became inconsistent and
   * entered the queue; 'requeued': it stays in the queue with a new key; 'dequeued': it is
   * consistent again and left the queue. `k1`: its key's first part in the queue now (null
   * when dequeued); `next`: its successor on the best way to the goal now (null for none).
   */
  | { kind: 'rhs'; cell: Point; outcome: OutcomeOf<'rhs'>; oldRhs: number; newRhs: number; k1: number | null; next: Point | null };

export type SearchEventKind = SearchEvent['kind'];
export type EventOf<K extends SearchEventKind> = Extract<SearchEvent, { kind: K }>;

/** One observed step: the expansion (its cell and numbers) and every event, in order. */
export interface StepEvent {
  cell: Point;
  side: Side;
  g: number;
  h: number;
  f: number;
  events: SearchEvent[];
}

/** The step's events of one kind, in order. */
export function eventsOf<K extends SearchEventKind>(step: StepEvent, kind: K): EventOf<K>[] {
  return step.events.filter((event): event is EventOf<K> => event.kind === kind);
}

/** Work done by a search so far. */
export interface Counters {
  /** Expansions (steps), re-expansions included. */
  expanded: number;
  /** Cells added to an open list, the start included. */
  opened: number;
  /** Times an open cell's g was lowered. */
  improved: number;
  /** Largest open-list size seen (IDA*: deepest stack). */
  maxOpen: number;
  /** Current open-list size (IDA*: stack depth; bidirectional: both lists). */
  openSize: number;
}

/** Figures some algorithms keep besides the counters (null where they do not apply). */
export interface Progress {
  /** IDA*: the current f threshold. */
  threshold: number | null;
  /** IDA*: the current iteration, 1-based. */
  iteration: number | null;
  /** Bidirectional: the cost of the best meeting so far. */
  meetingCost: number | null;
  /** Bidirectional: where that meeting is. */
  meetingCell: Point | null;
}

/**
 * How far a search that prepares per map (JPS+ builds a jump table from the map) has come
 * with it. The catalog says which algorithms prepare (AlgorithmRow.prepares).
 */
export interface Preparation {
  /** False for searches that prepare nothing (then ready is true and the figures are 0). */
  needed: boolean;
  /** The prepared data fits the grid as it is now and the options (JPS+: the diagonal rule). */
  ready: boolean;
  /** Units of work done, of `total` (JPS+: rows, two sweeps of the map's height). */
  done: number;
  total: number;
  /** Bytes of wasm memory the prepared data holds now. */
  bytes: number;
}

/** One entry of the open list (Search.openList). Every listed cell has been reached, so no number is missing. */
export interface OpenListEntry {
  cell: Point;
  /** Cost from its side's root: the start, or for the backward side of bidirectional search the goal. */
  g: number;
  /** Heuristic toward the other root, unweighted. */
  h: number;
  /** The priority as f() reports it (A* g + weight*h, greedy h, breadth-/depth-first g; bidirectional g + h per side). */
  f: number;
  /** The list it is on: backward only for bidirectional search's second list. */
  side: Side;
}

/** A query of a Moving AI .scen file. */
export interface ScenarioQuery {
  /** Difficulty bucket. */
  bucket: number;
  /** The map's path as the file writes it. */
  mapPath: string;
  /** The map's width as the query states it. */
  mapWidth: number;
  /** The map's height as the query states it. */
  mapHeight: number;
  start: Point;
  goal: Point;
  /** The published optimal length; -1: no path expected. */
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

/** Largest grid side (cpp/core/grid.h): createGrid takes 1 to this many cells each way. */
export const MAX_GRID_SIDE = names.MAX_GRID_SIDE;
/** Largest terrain cost (0 is a wall): entering a cell costs the move's length times its cost. */
export const MAX_TERRAIN_COST = names.MAX_TERRAIN_COST;
/**
 * The engine's memory is full: thrown instead of the allocation, so the engine stays
 * usable; delete objects (or let dropped ones be collected) and try again.
 */
export class EngineMemoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineMemoryError';
  }
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

/** Largest heuristic weight; the core clamps larger ones, so inputs above it are refused. */
export const MAX_WEIGHT = names.MAX_WEIGHT;
/** Largest sense radius of a walk (cpp/core/walk.h): 0 is the whole map, 1 to this only what the agent has sensed. */
export const MAX_SENSE_RADIUS = names.MAX_SENSE_RADIUS;

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
  /** The navigation mesh of `grid` for an agent of `radius` cells, built now or kept from before. */
  navMesh(grid: Grid, radius?: number): NavMeshInfo;
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
  /** Live view into wasm memory: re-fetch after edits or allocations; copy with slice() to keep. */
  costs(): Uint8Array;
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
  /** Takes effect at the next reset(). */
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
  /** Up to n unobserved expansions; returns how many were made. A preparing search prepares to the end first. */
  runSteps(n: number): number;
  /** Runs to the end (a preparing search prepares first). */
  run(): void;
  /**
   * The per-map preparation: whether this search needs one, whether it is ready, its
   * progress (done of total units) and the memory it holds. Readable in any status.
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
  /** Frees the wasm memory, which is not garbage-collected. */
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
 * whole or only where it has been, planning with any search of the catalog: D* Lite
 * repairs its plan, the others plan again from scratch from the agent's cell.
 */
export interface Walk {
  /** Take effect at the next reset(). senseRadius 0: the agent knows the whole map; 1 to MAX_SENSE_RADIUS: only what it has sensed. */
  setOptions(search: Partial<SearchOptions>, senseRadius: number): void;
  /** The agent at `start`, its knowledge sensed there, the planner reset; false (status ready) when a point is outside the map. */
  reset(start: Point, goal: Point): boolean;
  /** One step, observed; null if there was nothing to do. */
  step(): WalkStep | null;
  /** Up to n unobserved steps; returns how many were made. `untilMove`: stop before the next move (at most the plan under way is finished). */
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
  /** Per cell, 1 where the agent knows the true cost: a view, re-fetch after steps. */
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
 * applies the stamp check, so it follows later resets of the search.
 */
export interface CellView {
  readonly count: number;
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
   * Every cell's phase at once into `out` (length count): what phaseAt gives, in one tight
   * loop, for drawing whole layers. 'phaseBack' (0 without a backward search) and
   * 'scanned' (1 where a scan passed, else 0) likewise.
   */
  fillPhases(out: Uint8Array, channel?: PhaseChannel): void;
  /** Any channel's raw value; NaN where the cell is not part of the current search or the channel is missing. */
  valueAt(channel: ChannelName, id: number): number;
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

/** Thrown when the wasm module was rebuilt without the names generated from it (see EnumTable). */
function staleBuild(what: string): Error {
  return new Error(`astar-wasm.mjs does not match generated/names.ts (${what}): run the build (node scripts/build.mjs), which regenerates both`);
}

/**
 * An enum's members by name and names by integer value, built once per module from the
 * names generated from it (generated/names.ts). The two come from the same build; should the
 * module have been rebuilt alone, with names added or moved, the engine refuses to load
 * rather than name things wrongly.
 */
class EnumTable<Name extends string> {
  private readonly byName = new Map<string, EnumMember<Name>>();
  private readonly byValue = new Map<number, Name>();

  constructor(
    private readonly kind: string,
    members: EnumObject<Name>,
    private readonly names: readonly Name[],
  ) {
    // In value order; values may skip reserved numbers (see scripts/generate-names.mjs).
    let previous = -1;
    for (const name of names) {
      const member = members[name];
      if (!member || member.value <= previous) throw staleBuild(`${kind} ${JSON.stringify(name)}`);
      previous = member.value;
      this.byName.set(name, member);
      this.byValue.set(member.value, name);
    }
    if (Object.keys(members).length !== names.length + 1) throw staleBuild(`the ${kind} names`); // + `values`
  }

  member(name: string): EnumMember<Name> {
    const member = this.byName.get(name);
    if (!member) throw new RangeError(`unknown ${this.kind} ${JSON.stringify(name)}; expected one of ${this.names.join(', ')}`);
    return member;
  }

  name(member: EnumMember<Name>): Name {
    return this.byValue.get(member.value)!;
  }
}

function isInteger(value: unknown): value is number {
  return Number.isInteger(value);
}

function nullIfNaN(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}

function checkTerrainCost(cost: number): void {
  if (!isInteger(cost) || cost < 0 || cost > MAX_TERRAIN_COST)
    throw new RangeError(`cost must be an integer from 0 (wall) to ${MAX_TERRAIN_COST}, got ${cost}`);
}

/**
 * What is left to free of a wrapper dropped without delete(): its raw object and, for a
 * search or a walk, the grid it reads, which the registry holds until then (so the grid
 * cannot be reclaimed first) and which stops counting it as a user. It must not refer to
 * the wrapper, or the wrapper would never be collected.
 */
interface Leftover {
  kind: 'Grid' | 'Search' | 'Walk';
  engine: WasmEngine;
  raw: { delete(): void };
  reads: EngineGrid | null;
}

// Registered with the wrapper itself as the unregister token, so delete() can cancel it.
const reclaimer = new FinalizationRegistry<Leftover>(reclaimed);
let reclaimWarned = false;

function reclaimed(leftover: Leftover): void {
  try {
    leftover.raw.delete();
  } catch {
    // Only an engine that has aborted refuses; an error here would surface as an uncaught
    // exception at whatever moment the collector ran, far from its cause.
  }
  if (leftover.reads) leftover.reads.users -= 1;
  leftover.engine.liveObjects -= 1;
  if (reclaimWarned || !developmentMode()) return;
  reclaimWarned = true;
  console.warn(`astar-playground: a ${leftover.kind} was garbage-collected without delete(), so its wasm memory ` +
    'was held until the collector ran; call delete() (or declare it with `using`) when done with it. ' +
    'This warning is shown once, and not when NODE_ENV is production.');
}

/**
 * Kept free besides each new object's per-cell arrays: for open lists, which grow with the
 * frontier, and for everything small (events, paths, strings), so those allocations do not
 * fail either.
 */
const MEMORY_RESERVE = 32 * 2 ** 20;

/**
 * What a wrapper carries so that the garbage collector sees the wasm memory it holds: an
 * untouched ArrayBuffer of a quarter of that memory. V8 starts a collection when memory
 * outside its heap, such as ArrayBuffers, has grown by about 64 MB, but it does not count
 * wasm memory: a program that drops wrappers without delete() would otherwise fill the
 * 2 GB heap long before the collector ran and their finalizers freed it. A quarter makes
 * the collector run about every 256 MB of wasm memory held, at a quarter of the cost.
 *
 * The buffer is made at the end of the current job (a microtask), so an object made and
 * deleted in one go, like findPath's search, never pays for it; finalizers cannot run
 * before then anyway. The microtask holds this object, not the wrapper, so it keeps no
 * wrapper alive.
 */
class CollectorHint {
  private buffer: ArrayBuffer | null = null;
  private bytes = 0;
  private queued = false;

  /** The wrapper holds `bytes` of wasm memory from now on. */
  hold(bytes: number): void {
    if (bytes === this.bytes) return;
    this.bytes = bytes;
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      const size = Math.floor(this.bytes / 4);
      if (this.buffer?.byteLength === size) return;
      try {
        this.buffer = size > 0 ? new ArrayBuffer(size) : null;
      } catch {
        this.buffer = null; // a hint, never a reason to fail
      }
    });
  }

  /** The wrapper was deleted. */
  release(): void {
    this.bytes = 0;
    this.buffer = null;
  }
}

function megabytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 2 ** 20)).toLocaleString('en-US')} MB`;
}

/**
 * Whether to warn of reclaimed wrappers: Vite's import.meta.env.DEV where Vite built this
 * file for its own use (dev server, Vitest; production builds make it false), else
 * process.env.NODE_ENV !== 'production', read at run time in Node or replaced by the
 * bundler of an app that uses the package. A browser page without a bundler has no
 * `process`: no warning there.
 */
function developmentMode(): boolean {
  if (import.meta.env?.DEV) return true;
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

class WasmEngine implements Engine {
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
  /** Grids, searches and walks made and neither deleted nor reclaimed. */
  liveObjects = 0;
  /** The size the wasm heap may grow to (MAXIMUM_MEMORY). */
  private readonly heapLimit: number;

  constructor(readonly raw: AstarModule) {
    for (const limit of ['MAX_GRID_SIDE', 'MAX_WEIGHT', 'MAX_SENSE_RADIUS', 'MAX_TERRAIN_COST', 'NO_CELL'] as const)
      if (raw[limit] !== names[limit]) throw staleBuild(limit);
    this.heapLimit = raw.memoryUsage().heapLimit;
    this.catalog = deepFreeze(raw.catalog());
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
    this.meshes = new MeshCache(raw);
  }

  algorithm(name: AlgorithmName): AlgorithmRow {
    const row = this.catalog.algorithms.find((a) => a.name === name);
    if (!row) throw new RangeError(`unknown algorithm ${JSON.stringify(name)}`);
    return row;
  }

  refusalFor(grid: Grid, options: Pick<SearchOptions, 'algorithm' | 'diagonal' | 'costModel'>): RefusalName | null {
    const refusal = this.refusals.name(this.raw.refusalFor(this.ownGrid(grid).raw, this.algorithms.member(options.algorithm),
      this.diagonals.member(options.diagonal), this.costModels.member(options.costModel)));
    return refusal === 'none' ? null : refusal;
  }

  createGrid(width: number, height: number): Grid {
    const error = this.raw.gridSizeError(width, height);
    if (error) throw new RangeError(error);
    this.makeRoom(width * height * this.catalog.gridBytesPerCell, `a ${width} x ${height} grid`);
    return new EngineGrid(this, this.raw.Grid.create(width, height)!);
  }

  parseMap(text: string): Grid {
    text = String(text);
    // The text crosses as UTF-8 (at most 3 bytes a character) and the grid needs at most
    // 2 bytes a character of it.
    this.makeRoom(text.length * (3 + this.catalog.gridBytesPerCell), 'this map');
    const result = this.raw.readMap(text);
    if (!result.ok) throw new MapFormatError(result.message, result.line);
    return new EngineGrid(this, result.grid);
  }

  parseScenario(text: string): ScenarioQuery[] {
    text = String(text);
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

  private readonly meshes: MeshCache;

  createMeshSearch(grid: Grid, options: MeshSearchOptions): MeshSearch {
    return new EngineMeshSearch(this.raw, this.ownGrid(grid), options, this.meshes);
  }

  navMesh(grid: Grid, radius = 0): NavMeshInfo {
    const { handle: _handle, ...info } = this.meshes.get(this.ownGrid(grid), radius);
    return info;
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
    const { inUse, heapLimit } = this.raw.memoryUsage();
    const live = this.liveObjects;
    throw new EngineMemoryError(`astar-playground: not enough engine memory for ${what} (about ${megabytes(bytes)} more): ` +
      `${megabytes(inUse)} of the engine's ${megabytes(heapLimit)} are in use, held by the ${live.toLocaleString('en-US')} ` +
      'grids, searches and walks made and not deleted. Call delete() on each when done with it (or declare it with `using`). ' +
      'Objects dropped without delete() are freed only after the garbage collector has run, between tasks: ' +
      'a loop that drops them must await now and then.');
  }

  /** Bytes a search with `algorithm` keeps for `cells` cells, its prepared data included (when not shared). */
  searchBytes(algorithm: AlgorithmName, cells: number): number {
    const row = this.algorithm(algorithm);
    return cells * (row.bytesPerCell + row.preparedBytesPerCell);
  }

  /**
   * Options with `options` applied over `current` (an absent key keeps its value, except
   * that `heuristic: undefined` asks for the default heuristic again and `maxExpansions:
   * undefined` for no limit), checked, and the raw arguments of `_setOptions` for them.
   */
  resolveOptions(current: SearchOptions, options: Partial<SearchOptions>) {
    const next: SearchOptions = {
      algorithm: options.algorithm ?? current.algorithm,
      diagonal: options.diagonal ?? current.diagonal,
      heuristic: 'heuristic' in options ? options.heuristic : current.heuristic,
      weight: options.weight ?? current.weight,
      costModel: options.costModel ?? current.costModel,
      maxExpansions: 'maxExpansions' in options ? options.maxExpansions : current.maxExpansions,
    };
    const algorithm = this.algorithms.member(next.algorithm);
    const diagonal = this.diagonals.member(next.diagonal);
    const heuristic = next.heuristic === undefined ? undefined : this.heuristics.member(next.heuristic);
    const costModel = this.costModels.member(next.costModel);
    if (typeof next.weight !== 'number' || !Number.isFinite(next.weight) || next.weight < 0)
      throw new RangeError(`weight must be a finite number >= 0, got ${next.weight}`);
    const cap = next.maxExpansions;
    if (cap !== undefined && !(isInteger(cap) && cap >= 0))
      throw new RangeError(`maxExpansions must be a whole number >= 0, got ${cap}`);
    if (next.heuristic === undefined) delete next.heuristic;
    if (!cap) delete next.maxExpansions;
    const args = [algorithm, diagonal, heuristic ?? this.heuristics.member('octile'), heuristic === undefined, next.weight, costModel, cap ?? 0] as const;
    return { options: next, args };
  }

  ownGrid(grid: Grid): EngineGrid {
    if (!(grid instanceof EngineGrid) || grid.engine !== this) throw new TypeError('expected a Grid made by this engine');
    return grid;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

class EngineGrid implements Grid {
  readonly width: number;
  readonly height: number;
  /** Searches currently reading this grid. */
  users = 0;
  private rawGrid: RawGrid | null;
  private readonly hint = new CollectorHint();

  constructor(
    readonly engine: WasmEngine,
    raw: RawGrid,
  ) {
    this.rawGrid = raw;
    this.width = raw.width();
    this.height = raw.height();
    this.hint.hold(this.width * this.height * engine.catalog.gridBytesPerCell);
    engine.liveObjects += 1;
    reclaimer.register(this, { kind: 'Grid', engine, raw, reads: null }, this);
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

  uniformCost(): boolean {
    return this.raw.uniformCost();
  }

  delete(): void {
    if (!this.rawGrid) return;
    if (this.users > 0)
      throw new Error(`this Grid is still read by ${this.users} search(es): delete them or setGrid() them to another grid first`);
    reclaimer.unregister(this);
    this.rawGrid.delete();
    this.rawGrid = null;
    this.hint.release();
    this.engine.liveObjects -= 1;
  }

  [Symbol.dispose](): void {
    this.delete();
  }
}

const NO_CELL = names.NO_CELL;

/**
 * A typed array over a channel's bytes. The core aligns every array to its element and
 * strides by whole elements, so the view starts exactly at element 0 (a misaligned one
 * would throw here, not misread).
 */
function channelArray(type: ChannelTypeName, bytes: Uint8Array): Uint8Array | Uint16Array | Uint32Array | Float64Array {
  const { buffer, byteOffset, length } = bytes;
  switch (type) {
    case 'u8': return new Uint8Array(buffer, byteOffset, length);
    case 'u16': return new Uint16Array(buffer, byteOffset, length >> 1);
    case 'u32': return new Uint32Array(buffer, byteOffset, length >> 2);
    case 'f64': return new Float64Array(buffer, byteOffset, length >> 3);
  }
}

/** One channel read through typed arrays: element i is values[i * step], its stamp stamps[i * stampStep]. */
interface ChannelReader {
  values: Uint8Array | Uint16Array | Uint32Array | Float64Array;
  step: number;
  stamps: Uint16Array | null;
  stampStep: number;
}

// Direction d moves by (DX[d], DY[d]) (moves.h order: N, E, S, W, NE, SE, SW, NW).
const DX = [0, 1, 0, -1, 1, 1, -1, -1];
const DY = [-1, 0, 1, 0, -1, 1, 1, -1];

class EngineCellView implements CellView {
  readonly count: number;
  private readonly channels = new Map<ChannelName, ChannelReader>();
  private readonly phase: ChannelReader;
  private readonly g: ChannelReader;
  // Read per cell per frame by the renderer: looked up once.
  private readonly phaseBack: ChannelReader | undefined;
  private readonly scanned: ChannelReader | undefined;

  constructor(
    private readonly search: EngineSearch,
    raw: ReturnType<RawSearchReader['_channels']>,
    readonly layout: number,
    private readonly width: number,
  ) {
    this.count = search.cellCount;
    for (const channel of raw) {
      const values = channelArray(search.engine.channelTypes.name(channel.type), channel.bytes);
      this.channels.set(channel.name, {
        values,
        step: channel.stride / values.BYTES_PER_ELEMENT,
        stamps: channel.stampBytes ? (channelArray('u16', channel.stampBytes) as Uint16Array) : null,
        stampStep: channel.stampStride / 2,
      });
    }
    this.phase = this.channels.get('phase')!;
    this.g = this.channels.get('g')!;
    this.phaseBack = this.channels.get('phaseBack');
    this.scanned = this.channels.get('scanned');
  }

  /** Whether the views still see live memory (memory growth detaches the old buffer). */
  get live(): boolean {
    return this.phase.values.length > 0 || this.count === 0;
  }

  has(channel: ChannelName): boolean {
    return this.channels.has(channel);
  }

  private current(reader: ChannelReader, id: number): boolean {
    return reader.stamps === null || reader.stamps[id * reader.stampStep] === this.search.stampNow;
  }

  valueAt(channel: ChannelName, id: number): number {
    const reader = this.channels.get(channel);
    if (!reader || !this.current(reader, id)) return NaN;
    return reader.values[id * reader.step]!;
  }

  phaseAt(id: number): 0 | 1 | 2 | 3 {
    const reader = this.phase;
    return this.current(reader, id) ? (reader.values[id * reader.step] as 0 | 1 | 2 | 3) : 0;
  }

  phaseBackAt(id: number): 0 | 1 | 2 | 3 {
    const reader = this.phaseBack;
    return reader && this.current(reader, id) ? (reader.values[id * reader.step] as 0 | 1 | 2 | 3) : 0;
  }

  parentBackAt(id: number): number {
    if (this.phaseBackAt(id) === 0) return -1;
    return this.neighbourFrom(id, this.valueAt('parentDirBack', id));
  }

  gAt(id: number): number {
    return this.phaseAt(id) === 0 ? NaN : this.g.values[id * this.g.step]!;
  }

  /** The neighbour a move in direction `dir` came from (-1 for no direction). */
  private neighbourFrom(id: number, dir: number): number {
    if (Number.isNaN(dir) || dir >= 8) return -1;
    return id - DY[dir]! * this.width - DX[dir]!;
  }

  orderAt(id: number): number {
    return this.phaseAt(id) >= 2 ? this.valueAt('order', id) : 0;
  }

  parentAt(id: number): number {
    if (this.phaseAt(id) === 0) return -1;
    const parentId = this.valueAt('parentId', id);
    if (!Number.isNaN(parentId)) return parentId === NO_CELL ? -1 : parentId;
    return this.neighbourFrom(id, this.valueAt('parentDir', id));
  }

  scannedAt(id: number): boolean {
    // The "scanned" channel holds the stamp of the search whose scan passed over the cell.
    const reader = this.scanned;
    return reader !== undefined && reader.values[id * reader.step] === this.search.stampNow;
  }

  fillPhases(out: Uint8Array, channel: PhaseChannel = 'phase'): void {
    const count = Math.min(this.count, out.length);
    const stamp = this.search.stampNow;
    const reader = channel === 'phase' ? this.phase : channel === 'phaseBack' ? this.phaseBack : this.scanned;
    if (!reader) {
      out.fill(0, 0, count);
      return;
    }
    const { values, step, stamps, stampStep } = reader;
    if (channel === 'scanned') {
      for (let id = 0; id < count; id++) out[id] = values[id * step] === stamp ? 1 : 0;
    } else if (stamps === null) {
      for (let id = 0; id < count; id++) out[id] = values[id * step]!;
    } else {
      for (let id = 0; id < count; id++) out[id] = stamps[id * stampStep] === stamp ? values[id * step]! : 0;
    }
  }
}

class EngineSearch implements Search {
  /** The search number; a cell state belongs to the current search only if its stamp matches. */
  stampNow: number;
  /** What this wrapper reads: its own raw search, or a walk's planner (read-only). */
  private rawSearch: RawSearchReader | null;
  /** The raw search this wrapper owns and changes; null for a walk's planner. */
  private readonly ownedRaw: RawSearch | null;
  private grid: EngineGrid;
  private current: SearchOptions = { ...DEFAULT_OPTIONS };
  private view: EngineCellView | null = null;
  /** The algorithm whose per-cell arrays the raw search holds, for room checks and the collector hint. */
  private arraysFor: AlgorithmName = DEFAULT_OPTIONS.algorithm;
  private readonly hint = new CollectorHint();

  /**
   * A search of its own over `grid`, or with `planner` a read-only view of a walk's planner
   * (the walk owns it and deletes it; the grid is the walk's world, of the same size as the
   * planner's knowledge grid).
   */
  constructor(
    readonly engine: WasmEngine,
    grid: EngineGrid,
    options: Partial<SearchOptions>,
    planner?: RawSearchReader,
  ) {
    if (!planner) engine.makeRoom(engine.searchBytes(DEFAULT_OPTIONS.algorithm, grid.width * grid.height), `a search of ${grid.width} x ${grid.height} cells`);
    this.ownedRaw = planner ? null : new engine.raw.Search(grid.raw);
    this.rawSearch = planner ?? this.ownedRaw;
    this.readOnly = planner !== undefined;
    this.grid = grid;
    this.stampNow = this.raw.stamp();
    if (this.readOnly) return;
    grid.users += 1;
    engine.liveObjects += 1;
    this.hint.hold(engine.searchBytes(this.arraysFor, this.cellCount));
    this.registerLeftover();
    try {
      this.setOptions(options);
    } catch (error) {
      this.delete();
      throw error;
    }
  }

  private readonly readOnly: boolean;
  /** A walk's planner keeps its walk alive: reclaiming the walk frees the planner. */
  owner: EngineWalk | null = null;

  /** The grid this search reads goes with its raw search if it is reclaimed. */
  private registerLeftover(): void {
    reclaimer.register(this, { kind: 'Search', engine: this.engine, raw: this.owned, reads: this.grid }, this);
  }

  /** The raw search read (another engine search adopting this one's preparation reads it too). */
  get raw(): RawSearchReader {
    if (!this.rawSearch) throw new Error(this.readOnly ? 'the walk of this planner has been deleted' : 'this Search has been deleted');
    return this.rawSearch;
  }

  /** The raw search to change: only a search this wrapper owns. */
  private get owned(): RawSearch {
    if (!this.ownedRaw) throw new Error("a walk's planner is read-only: drive the walk instead");
    this.raw; // throws once deleted
    return this.ownedRaw;
  }

  /** The walk was deleted: its planner with it. */
  detach(): void {
    this.rawSearch = null;
    this.view = null;
  }

  get cellCount(): number {
    return this.grid.width * this.grid.height;
  }

  setOptions(options: Partial<SearchOptions>): void {
    const owned = this.owned;
    const { options: next, args } = this.engine.resolveOptions(this.current, options);
    if (this.engine.algorithm(next.algorithm).onMesh) throw new RangeError(`${next.algorithm} searches a navigation mesh: make it with createMeshSearch`);
    // Another algorithm may be run by another class, which the raw search makes now.
    if (next.algorithm !== this.arraysFor) this.roomFor(next.algorithm, this.grid);
    owned._setOptions(...args);
    this.current = next;
    this.holding(next.algorithm, this.grid);
  }

  /** Throws EngineMemoryError unless there is room for a search with `algorithm` over `grid`. */
  private roomFor(algorithm: AlgorithmName, grid: EngineGrid): void {
    this.engine.makeRoom(this.engine.searchBytes(algorithm, grid.width * grid.height),
      `a ${algorithm} search of ${grid.width} x ${grid.height} cells`);
  }

  /** The raw search now holds arrays for `algorithm` over `grid`: the collector hint follows. */
  private holding(algorithm: AlgorithmName, grid: EngineGrid): void {
    this.arraysFor = algorithm;
    this.hint.hold(this.engine.searchBytes(algorithm, grid.width * grid.height));
  }

  /** A walk's planner: the options the walk's last reset() used. */
  showOptions(options: SearchOptions): void {
    this.current = { ...options };
  }

  get options(): SearchOptions {
    return { ...this.current };
  }

  setGrid(grid: Grid): void {
    const owned = this.owned;
    const next = this.engine.ownGrid(grid);
    this.roomFor(this.arraysFor, next);
    owned.setGrid(next.raw);
    this.holding(this.arraysFor, next);
    this.grid.users -= 1;
    next.users += 1;
    this.grid = next;
    this.stampNow = this.raw.stamp();
    reclaimer.unregister(this);
    this.registerLeftover();
  }

  setTracing(on: boolean): void {
    this.owned.setTracing(on);
  }

  reset(start: Point, goal: Point): boolean {
    const owned = this.owned;
    checkPoints(start, goal);
    this.engine.makeRoom(0, 'starting this search');
    const started = owned.reset({ x: start.x, y: start.y }, { x: goal.x, y: goal.y });
    this.stampNow = this.raw.stamp();
    return started;
  }

  step(): StepEvent | null {
    const owned = this.owned;
    this.roomToRun();
    const raw = owned._step();
    if (!raw) return null;
    return this.stepEvent(raw);
  }

  /** One step's raw events as a StepEvent. */
  stepEvent(raw: RawEvent[]): StepEvent {
    const events = raw.map((event) => this.event(event));
    // Exactly one expansion per step; IDA* reports its backtracking and a new iteration before it.
    const expand = events.find((event): event is EventOf<'expand'> => event.kind === 'expand');
    if (!expand) throw new Error('a step must have an expansion');
    return { cell: expand.cell, side: expand.side, g: expand.g, h: expand.h, f: expand.f, events };
  }

  private event(raw: RawEvent): SearchEvent {
    const { engine, grid } = this;
    const cell = () => grid.pointOf(raw.cell);
    const other = () => (raw.other === NO_CELL ? null : grid.pointOf(raw.other));
    const side = engine.sides.name(raw.side);
    const outcome = engine.outcomes.name(raw.outcome);
    switch (engine.kinds.name(raw.kind)) {
      case 'expand': return { kind: 'expand', cell: cell(), side, g: raw.a, h: raw.b, f: raw.c, parent: other() };
      case 'neighbour':
        return { kind: 'neighbour', cell: cell(), side, outcome: outcome as NeighbourOutcome, oldG: nullIfNaN(raw.a), newG: nullIfNaN(raw.b), parent: other() };
      case 'scan': return { kind: 'scan', from: other()!, to: cell(), dir: raw.dir, outcome: outcome as OutcomeOf<'scan'> };
      case 'forced': return { kind: 'forced', cell: cell(), jumpPoint: other()! };
      case 'sight':
        return { kind: 'sight', from: other()!, to: cell(), clear: outcome === 'clear', blockedBy: Number.isNaN(raw.a) ? null : grid.pointOf(raw.a) };
      case 'meet': return { kind: 'meet', cell: cell(), cost: raw.a };
      case 'iteration': return { kind: 'iteration', iteration: raw.a, threshold: raw.b };
      case 'backtrack': return { kind: 'backtrack', cell: raw.cell === NO_CELL ? null : cell(), popped: raw.a };
      case 'stop': return { kind: 'stop', cost: raw.a, bound: raw.b };
      case 'key': {
        const raised = outcome === 'key-raised';
        return { kind: 'key', cell: cell(), outcome: outcome as OutcomeOf<'key'>, k1: raw.a, k2: raw.b,
          newK1: raised ? raw.c : null, oldG: raised ? null : raw.c };
      }
      case 'rhs':
        return { kind: 'rhs', cell: cell(), outcome: outcome as OutcomeOf<'rhs'>, oldRhs: raw.a, newRhs: raw.b, k1: nullIfNaN(raw.c), next: other() };
      default: throw new Error(`a grid search reported a mesh search's ${engine.kinds.name(raw.kind)} event`);
    }
  }

  runSteps(n: number): number {
    const owned = this.owned;
    checkCount(n);
    this.roomToRun();
    return owned.runSteps(Math.floor(n));
  }

  run(): void {
    const owned = this.owned;
    this.roomToRun();
    owned.run();
  }

  preparation(): Preparation {
    const raw: RawPreparation = this.raw.preparation();
    return { needed: raw.needed, ready: raw.ready, done: raw.done, total: raw.total, bytes: raw.bytes };
  }

  prepareSteps(units: number): number {
    const owned = this.owned;
    if (!isInteger(units) || units < 0) throw new RangeError(`prepareSteps() needs a whole number >= 0, got ${units}`);
    this.roomToRun();
    return owned.prepareSteps(units);
  }

  adoptPreparation(other: Search): boolean {
    const owned = this.owned;
    if (!(other instanceof EngineSearch) || other.engine !== this.engine) throw new TypeError('expected a Search made by this engine');
    return owned._adoptPreparation(other.raw);
  }

  /**
   * Room for running: a search still to prepare builds its prepared data first (JPS+: its
   * table, preparedBytesPerCell a cell), which must fit too.
   */
  private roomToRun(): void {
    const row = this.engine.algorithm(this.current.algorithm);
    const preparing = row.prepares && this.owned.status() === this.engine.statuses.member('preparing');
    this.engine.makeRoom(preparing ? row.preparedBytesPerCell * this.cellCount : 0, 'running this search');
  }

  get status(): SearchStatus {
    return this.engine.statuses.name(this.raw.status());
  }

  get refusal(): RefusalName | null {
    const refusal = this.engine.refusals.name(this.raw.refusal());
    return refusal === 'none' ? null : refusal;
  }

  get stale(): boolean {
    return this.raw.stale();
  }

  path(): Point[] {
    return pointsOf(this.raw._pathView());
  }

  get pathCost(): number | null {
    return nullIfNaN(this.raw.pathCost());
  }

  counters(): Counters {
    return this.raw.counters();
  }

  progress(): Progress {
    const raw = this.raw.progress();
    return {
      threshold: nullIfNaN(raw.threshold),
      iteration: nullIfNaN(raw.iteration),
      meetingCost: nullIfNaN(raw.meetingCost),
      meetingCell: raw.meetingCell < 0 ? null : this.grid.pointOf(raw.meetingCell),
    };
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

  routeTo(point: Point): Point[] {
    return this.raw._routeTo(this.grid.idOf(point.x, point.y)).map((id) => this.grid.pointOf(id));
  }

  openList(limit: number): OpenListEntry[] {
    if (!isInteger(limit) || limit < 0) throw new RangeError(`openList() needs a whole number >= 0, got ${limit}`);
    const { engine, grid } = this;
    return this.raw._openItems(limit).map((item) => ({
      cell: grid.pointOf(item.cell),
      g: item.g,
      h: item.h,
      f: item.f,
      side: engine.sides.name(item.side),
    }));
  }

  cellValues(kind: 'h' | 'f'): Float32Array {
    return this.raw._valuesView(kind === 'h' ? 0 : 1).slice();
  }

  cellView(): CellView {
    // A walk's planner is reset by the walk: its stamp moves without this wrapper's reset().
    if (this.readOnly) this.stampNow = this.raw.stamp();
    const layout = this.raw.layout();
    const cached = this.view;
    if (cached && cached.layout === layout && cached.live) return cached;
    this.view = new EngineCellView(this, this.raw._channels(), layout, this.grid.width);
    return this.view;
  }

  delete(): void {
    if (!this.ownedRaw || !this.rawSearch) return;  // a walk's planner goes with its walk
    reclaimer.unregister(this);
    this.ownedRaw.delete();
    this.rawSearch = null;
    this.view = null;
    this.hint.release();
    this.grid.users -= 1;
    this.engine.liveObjects -= 1;
  }

  [Symbol.dispose](): void {
    this.delete();
  }
}

class EngineWalk implements Walk {
  readonly planner: EngineSearch;
  private rawWalk: RawWalk | null;
  private pending: SearchOptions = { ...DEFAULT_OPTIONS };
  /** The algorithm whose planner the raw walk holds (it makes another at reset when the algorithm changes). */
  private plannerFor: AlgorithmName = DEFAULT_OPTIONS.algorithm;
  private readonly hint = new CollectorHint();

  constructor(
    readonly engine: WasmEngine,
    private readonly world: EngineGrid,
  ) {
    engine.makeRoom(this.bytesWith(DEFAULT_OPTIONS.algorithm), `a walk on ${world.width} x ${world.height} cells`);
    this.rawWalk = new engine.raw.Walk(world.raw);
    world.users += 1;
    engine.liveObjects += 1;
    this.hint.hold(this.bytesWith(this.plannerFor));
    reclaimer.register(this, { kind: 'Walk', engine, raw: this.rawWalk, reads: world }, this);
    this.planner = new EngineSearch(engine, world, {}, this.rawWalk._planner());
    this.planner.owner = this;
    this.planner.showOptions(this.pending);
  }

  private get raw(): RawWalk {
    if (!this.rawWalk) throw new Error('this Walk has been deleted');
    return this.rawWalk;
  }

  /** Bytes this walk keeps with a planner running `algorithm`. */
  private bytesWith(algorithm: AlgorithmName): number {
    const cells = this.world.width * this.world.height;
    return cells * this.engine.catalog.walkBytesPerCell + this.engine.searchBytes(algorithm, cells);
  }

  setOptions(search: Partial<SearchOptions>, senseRadius: number): void {
    if (!isInteger(senseRadius) || senseRadius < 0 || senseRadius > MAX_SENSE_RADIUS)
      throw new RangeError(`senseRadius must be a whole number from 0 to ${MAX_SENSE_RADIUS}, got ${senseRadius}`);
    const { options, args } = this.engine.resolveOptions(this.pending, search);
    this.raw._setOptions(...args, senseRadius);
    this.pending = options;
  }

  reset(start: Point, goal: Point): boolean {
    checkPoints(start, goal);
    const planner = this.pending.algorithm;
    this.engine.makeRoom(planner === this.plannerFor ? 0 : this.engine.searchBytes(planner, this.world.width * this.world.height),
      `a ${planner} walk on ${this.world.width} x ${this.world.height} cells`);
    const started = this.raw.reset({ x: start.x, y: start.y }, { x: goal.x, y: goal.y });
    if (planner !== this.plannerFor) {
      this.plannerFor = planner;
      this.hint.hold(this.bytesWith(planner));
    }
    this.planner.showOptions(this.pending);
    return started;
  }

  step(): WalkStep | null {
    this.engine.makeRoom(0, 'running this walk');
    const raw = this.raw._step();
    if (!raw) return null;
    if (raw.planned) return { kind: 'plan', expansion: this.planner.stepEvent(raw.events) };
    const replan = this.engine.replanReasons.name(raw.replan);
    return {
      kind: 'move',
      from: raw.from,
      to: raw.to,
      cost: raw.cost,
      discovered: raw.discovered.map((id) => this.world.pointOf(id)),
      replan: replan === 'none' ? null : replan,
      arrived: raw.arrived,
    };
  }

  runSteps(n: number, untilMove = false): number {
    checkCount(n);
    this.engine.makeRoom(0, 'running this walk');
    return this.raw.runSteps(Math.floor(n), untilMove);
  }

  get status(): WalkStatus {
    return this.engine.walkStatuses.name(this.raw.status());
  }

  get refusal(): RefusalName | null {
    const refusal = this.engine.refusals.name(this.raw.refusal());
    return refusal === 'none' ? null : refusal;
  }

  counters(): WalkCounters {
    return this.raw.counters();
  }

  agent(): Point {
    return this.raw.agent();
  }

  walked(): Point[] {
    return pointsOf(this.raw._walkedView());
  }

  plannedPath(): Point[] {
    return pointsOf(this.raw._plannedView());
  }

  worldChanged(cells: Point[]): void {
    if (!Array.isArray(cells)) throw new RangeError(`worldChanged() needs an array of points, got ${String(cells)}`);
    this.raw._worldChanged(cells.map((cell) => this.world.idOf(cell?.x, cell?.y)));
  }

  setGoal(goal: Point): void {
    this.world.idOf(goal?.x, goal?.y);
    this.raw.setGoal({ x: goal.x, y: goal.y });
  }

  knownMask(): Uint8Array {
    return this.raw._knownView();
  }

  delete(): void {
    if (!this.rawWalk) return;
    reclaimer.unregister(this);
    this.planner.detach();
    this.rawWalk.delete();
    this.rawWalk = null;
    this.hint.release();
    this.world.users -= 1;
    this.engine.liveObjects -= 1;
  }

  [Symbol.dispose](): void {
    this.delete();
  }
}

function checkPoints(start: Point, goal: Point): void {
  for (const [what, point] of [['start', start], ['goal', goal]] as const) {
    if (!isInteger(point?.x) || !isInteger(point?.y))
      throw new RangeError(`${what} must have integer x and y, got ${JSON.stringify(point)}`);
  }
}

function checkCount(n: number): void {
  if (typeof n !== 'number' || Number.isNaN(n) || n < 0) throw new RangeError(`runSteps() needs a count >= 0, got ${n}`);
}

/** Points from a view of (x, y) int pairs. */
function pointsOf(pairs: Int32Array): Point[] {
  const points: Point[] = new Array(pairs.length / 2);
  for (let i = 0; i < points.length; ++i) points[i] = { x: pairs[2 * i]!, y: pairs[2 * i + 1]! };
  return points;
}
