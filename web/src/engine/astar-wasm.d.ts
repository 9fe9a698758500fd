/**
 * Hand-written declaration of the raw WebAssembly module built from cpp/bindings.cpp
 * (web/src/engine/generated/astar-wasm.mjs). Emscripten 3.1.6 cannot generate TypeScript
 * declarations for embind, so this file is the contract: keep it in step with the
 * `EMSCRIPTEN_BINDINGS` block. Application code should not use this module directly but
 * the wrapper in ./engine.ts, which validates input, names things, and tracks ownership.
 *
 * The declaration is ambient (matched by path pattern) because the generated file sits in
 * a git-ignored folder and has no declaration of its own next to it; type-checking works
 * whether or not the module has been built.
 *
 * Memory: every object made by `Grid.create`, `readMap` or `new Search` lives in wasm
 * memory, which JavaScript's garbage collector never frees. Call `delete()` exactly once
 * when done; calling anything on a deleted object throws an embind `BindingError`.
 *
 * Typed-array views (`_costsView`, `_pathView`, `_channels`) point into wasm memory.
 * They become detached (length 0) when memory grows, and meaningless once the object
 * behind them changes size or is deleted: take a fresh one when you need it.
 */
declare module '*/generated/astar-wasm.mjs' {
  /**
   * Names of `Algorithm` members, as typed by users, the CLI and share links. The runtime
   * list (and everything else about each algorithm) is `catalog()`; tests/js/engine.test.ts
   * checks that these unions name exactly the members the module registers.
   */
  export type AlgorithmName = 'astar' | 'dijkstra' | 'greedy' | 'bfs' | 'dfs' | 'jps' | 'bidirectional' | 'ida' | 'theta' | 'dstar-lite';
  /** Names of `Heuristic` members. */
  export type HeuristicName = 'manhattan' | 'euclidean' | 'octile' | 'chebyshev' | 'zero';
  /** Names of `Diagonal` members: when a diagonal step may pass a wall's corner. */
  export type DiagonalName = 'never' | 'always' | 'if-at-most-one-obstacle' | 'only-when-no-obstacles';
  /** Names of `CostModel` members: move lengths 1 and sqrt 2 (exact) or 10 and 14. */
  export type CostModelName = 'exact' | '10-14';
  /** Names of `Status` members: the state of a search. */
  export type StatusName = 'ready' | 'running' | 'found' | 'no-path' | 'gave-up' | 'refused' | 'preparing';
  /** Names of `Refusal` members: why a search refused the options on this grid. */
  export type RefusalName = 'none' | 'needs-uniform-terrain' | 'diagonal-rule' | 'cost-model' | 'any-angle';
  /** Names of `EventKind` members: what an Event reports (see cpp/core/events.h). */
  export type EventKindName = 'expand' | 'neighbour' | 'scan' | 'forced' | 'sight' | 'meet' | 'iteration' | 'backtrack' | 'stop' | 'key' | 'rhs' | 'corridor' | 'funnel';
  /** Names of `Side` members: the frontier an event belongs to. */
  export type SideName = 'forward' | 'backward';
  /** Names of `ChannelType` members: a channel's element type. */
  export type ChannelTypeName = 'u8' | 'u16' | 'u32' | 'f64';
  /** Names of `CellPhase` members: what a cell is in the current search. */
  export type CellPhaseName = 'unseen' | 'open' | 'closed' | 'path';
  /** Names of `Outcome` members: what an event's cell came to (meaning depends on the event's kind). */
  export type OutcomeName =
    | 'none'
    | 'opened'
    | 'improved'
    | 'not-improved'
    | 'closed'
    | 'blocked'
    | 'pruned'
    | 'on-path'
    | 'jump-point'
    | 'dead-end'
    | 'reached-goal'
    | 'clear'
    | 'obstructed'
    | 'key-raised'
    | 'over-consistent'
    | 'under-consistent'
    | 'queued'
    | 'requeued'
    | 'dequeued'
    | 'narrowed'
    | 'corner';
  /** Names of `WalkStatus` members: the state of a walk (cpp/core/walk.h). */
  export type WalkStatusName = 'ready' | 'planning' | 'moving' | 'arrived' | 'no-path' | 'gave-up' | 'refused';
  /** Names of `ReplanReason` members: why a walk plans again after a move ('none': it does not). */
  export type ReplanReasonName = 'none' | 'path-blocked' | 'path-dearer' | 'cost-lowered' | 'goal-moved';

  /**
   * One member of an embind enum. Members are singletons, so they compare with `===`.
   * `Name` (the enum's member names) only ties the member to its enum at the type level.
   */
  export interface EnumMember<Name extends string> {
    /** The C++ enumerator's integer value (stable: used in tables and share links). */
    readonly value: number;
    /** Never present at run time; keeps members of different enums apart for TypeScript. */
    readonly __enumName?: Name;
  }

  /**
   * An embind enum: one property per member name, plus `values`, the members by integer
   * value.
   */
  export type EnumObject<Name extends string> = { readonly [K in Name]: EnumMember<Name> } & {
    /** Members keyed by their integer value. */
    readonly values: Readonly<Record<number, EnumMember<Name>>>;
  };

  /** A cell position; `x` grows to the east, `y` to the south. */
  export interface Point {
    /** Column, 0-based. */
    x: number;
    /** Row, 0-based. */
    y: number;
  }

  /**
   * One thing that happened in a step: a tagged union whose `kind` says what the other
   * fields mean (documented per kind in cpp/core/events.h). Cells are ids (`y * width + x`);
   * `other` is 4294967295 (kNoCell) when absent; a, b and c are NaN when unused.
   */
  export interface Event {
    /** What the event reports. */
    kind: EnumMember<EventKindName>;
    /** What its cell came to. */
    outcome: EnumMember<OutcomeName>;
    /** The frontier it belongs to (backward only in bidirectional search). */
    side: EnumMember<SideName>;
    /** Direction of a scan (0..7 = N, E, S, W, NE, SE, SW, NW). */
    dir: number;
    /** The cell the event is about. */
    cell: number;
    /** A second cell (parent, scan origin, jump point, sight origin), or 4294967295 for none. */
    other: number;
    /** First number (g before, g, cost, iteration...). */
    a: number;
    /** Second number. */
    b: number;
    /** Third number. */
    c: number;
  }

  /**
   * One entry of a search's open list (`_openItems`), as the core's OpenItem
   * (cpp/core/search.h). Never NaN: only cells the search has reached are listed.
   */
  export interface OpenItem {
    /** The cell id (`y * width + x`). */
    cell: number;
    /** Cost from its side's root: the start, or for the backward side of bidirectional search the goal. */
    g: number;
    /** Heuristic toward the other root, unweighted. */
    h: number;
    /** The priority as the search reports it (A* g + weight*h, greedy h, breadth-/depth-first g; bidirectional g + h per side). */
    f: number;
    /** The open list it is on (backward only in bidirectional search). */
    side: EnumMember<SideName>;
  }

  /** One row of the algorithm table (cpp/core/options.h, kAlgorithms). */
  export interface AlgorithmRow {
    /** The CLI, share-link and embed name. */
    name: AlgorithmName;
    /** The English label (the page translates by name). */
    label: string;
    /** Reads the heuristic option. */
    usesHeuristic: boolean;
    /** Reads the weight option. */
    usesWeight: boolean;
    /** Always finds a cheapest path (admissible heuristic, weight 1). */
    optimal: boolean;
    /** Paths are straight segments between cell centres. */
    anyAngle: boolean;
    /** Repairs its plan after map changes. */
    incremental: boolean;
    /** May expand a cell many times (IDA*): needs an expansion limit on open maps. */
    reexpands: boolean;
    /** Runs only where every walkable cell costs the same. */
    uniformTerrainOnly: boolean;
    /** The diagonal rules it supports. */
    diagonals: DiagonalName[];
    /** The cost models it supports. */
    costModels: CostModelName[];
    /** Its own default heuristic; null: octile with diagonal moves, manhattan without. */
    defaultHeuristic: HeuristicName | null;
    /** Bytes of wasm memory a search keeps per grid cell (its open list comes on top). */
    bytesPerCell: number;
  }

  /** Every option name the engine knows, each list in enum value order. */
  export interface Catalog {
    /** Rows of the algorithm table, indexed by `Algorithm` value. */
    algorithms: AlgorithmRow[];
    /** Heuristic names, indexed by `Heuristic` value. */
    heuristics: HeuristicName[];
    /** Diagonal rule names, indexed by `Diagonal` value. */
    diagonals: DiagonalName[];
    /** Cost model names, indexed by `CostModel` value. */
    costModels: CostModelName[];
    /** Bytes of wasm memory a grid keeps per cell. */
    gridBytesPerCell: number;
    /** Bytes a walk keeps per cell besides its planner search. */
    walkBytesPerCell: number;
  }

  /** Figures some searches keep besides the counters; NaN (-1 for the cell) where they do not apply. */
  export interface Progress {
    /** IDA*: the current f threshold. */
    threshold: number;
    /** IDA*: the current iteration, 1-based. */
    iteration: number;
    /** Bidirectional: the cost of the best meeting so far. */
    meetingCost: number;
    /** Bidirectional: the cell of that meeting, or -1. */
    meetingCell: number;
  }

  /**
   * One per-cell array of a search, as a strided view of wasm memory: element i is the
   * value at byte `i * stride` of `bytes`, of type `type`, and belongs to the current
   * search where the u16 at byte `i * stampStride` of `stampBytes` equals `stamp()` (always,
   * when `stampBytes` is null). Names: see Search::channels() in cpp/core/search.h.
   */
  export interface RawChannel {
    /** "phase", "g", "order", "parentDir" or "parentId", and per algorithm others. */
    name: string;
    /** Element type. */
    type: EnumMember<ChannelTypeName>;
    /** From element 0 to the last element's last byte; element-aligned. */
    bytes: Uint8Array;
    /** Bytes from one element to the next (a multiple of the element size). */
    stride: number;
    /** The stamps' bytes, or null. */
    stampBytes: Uint8Array | null;
    /** Bytes from one stamp to the next. */
    stampStride: number;
  }

  /** Work done by the current search. */
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

  /** One query of a Moving AI `.scen` file. */
  export interface ScenarioQuery {
    /** Difficulty bucket. */
    bucket: number;
    /** Map path as written in the file (rarely a valid local path). */
    mapPath: string;
    /** Map width stated by the query. */
    mapWidth: number;
    /** Map height stated by the query. */
    mapHeight: number;
    /** Start cell. */
    start: Point;
    /** Goal cell. */
    goal: Point;
    /** Optimal path length; -1 when no path is expected. */
    optimal: number;
  }

  /** Why a `.map` or `.scen` text was rejected. */
  export interface FormatFailure {
    /** Parsing failed. */
    ok: false;
    /** 1-based line of the problem; 0 when it is not tied to a line. */
    line: number;
    /** A sentence naming the line and what was expected. */
    message: string;
  }

  /** Result of `readMap`. On success the caller owns `grid` and must `delete()` it. */
  /** The wasm heap, in bytes. */
  export interface MemoryUsage {
    /** Handed out by malloc and not freed. */
    inUse: number;
    /** The heap's current size (it grows, never shrinks). */
    heapSize: number;
    /** The size it may grow to. */
    heapLimit: number;
  }

  export type MapResult = { ok: true; grid: Grid } | FormatFailure;

  /** Result of `readScenario`. */
  export type ScenarioResult = { ok: true; queries: ScenarioQuery[] } | FormatFailure;

  /**
   * A map: a `width x height` array of terrain costs (0 wall, 1..9 cost of entering).
   * Created by `Grid.create` or `readMap`; wasm memory is not garbage-collected, so
   * `delete()` it, after deleting or re-pointing every Search that reads it.
   */
  export interface Grid {
    /** Columns. */
    width(): number;
    /** Rows. */
    height(): number;
    /** `width * height`. */
    cellCount(): number;
    /** Increases on every edit; searches and renderers compare it to notice changes. */
    revision(): number;
    /** Cost at (x, y): 0 wall, 1..9 terrain; -1 when (x, y) is outside the grid. */
    cost(x: number, y: number): number;
    /** Sets one cell; false (nothing changed) when outside the grid or cost is not 0..9. */
    setCost(x: number, y: number, cost: number): boolean;
    /** Sets every cell; false when cost is not 0..9. */
    fill(cost: number): boolean;
    /**
     * Replaces every cell from a row-major array of length `cellCount()`; values above 9
     * become 9. False (nothing changed) when the length is wrong.
     */
    _assign(costs: ArrayLike<number>): boolean;
    /** Live view of the row-major costs; stale after memory growth. Do not write to it. */
    _costsView(): Uint8Array;
    /** Smallest terrain cost present (1 when there is no walkable cell). */
    minCost(): number;
    /** True when every walkable cell has the same terrain cost. */
    uniformCost(): boolean;
    /** The grid as Moving AI `.map` text (digits 2..9 for terrain costs). */
    toMapText(): string;
    /** Frees the wasm memory. Wasm memory is not garbage-collected: call exactly once. */
    delete(): void;
    /** True once `delete()` has been called. */
    isDeleted(): boolean;
  }

  /** The `Grid` class: no constructor, only a checked factory. */
  export interface GridClass {
    /** A grid of cost-1 cells, or null when `gridSizeError(width, height)` is not empty. */
    create(width: number, height: number): Grid | null;
  }

  /**
   * A resumable search over one Grid, which it reads but never changes, for any algorithm
   * of the catalog. The grid must outlive the search (or be swapped out with `setGrid` first).
   */
  export interface Search {
    /**
     * Options for the next `reset()`. `useDefaultHeuristic` true ignores `heuristic` and
     * picks the algorithm's default. A weight that is negative or not finite counts as 1,
     * one above 100 as 100; only algorithms that use a weight read it. `maxExpansions` 0
     * means no limit. Choosing an algorithm another core class runs replaces the arrays
     * behind every view (`layout()` changes).
     */
    _setOptions(
      algorithm: EnumMember<AlgorithmName>,
      diagonal: EnumMember<DiagonalName>,
      heuristic: EnumMember<HeuristicName>,
      useDefaultHeuristic: boolean,
      weight: number,
      costModel: EnumMember<CostModelName>,
      maxExpansions: number,
    ): void;
    /** Reads another grid from now on; the search becomes ready, with no start or goal. */
    setGrid(grid: Grid): void;
    /** Keep display-only channels ("scanned") in unobserved steps too; read at reset. */
    setTracing(on: boolean): void;
    /**
     * Starts a new search. False (status ready) when a point is outside the grid; true
     * otherwise, the status then being running, refused, no-path or found.
     */
    reset(start: Point, goal: Point): boolean;
    /** One observed expansion as its events (the expansion first), or null when there was nothing to do. */
    _step(): Event[] | null;
    /** Up to `count` unobserved expansions; returns how many were made. */
    runSteps(count: number): number;
    /** Expands until the search finishes. */
    run(): void;
    /** Current status. */
    status(): EnumMember<StatusName>;
    /** Why the options were refused (status refused), else none. */
    refusal(): EnumMember<RefusalName>;
    /** True when the grid was edited since `reset()`; a stale search does not step. */
    stale(): boolean;
    /** Cost of the found path; NaN unless found. */
    pathCost(): number;
    /** The found path as (x, y) pairs from start to goal (any-angle: its corners); empty unless found. */
    _pathView(): Int32Array;
    /** Work done so far. */
    counters(): Counters;
    /** Threshold, iteration, best meeting. */
    progress(): Progress;
    /** Phase of cell `id` (unseen for ids outside the grid). */
    phase(id: number): EnumMember<CellPhaseName>;
    /** Cost from the start to cell `id`; NaN when unseen. */
    g(id: number): number;
    /** Heuristic from cell `id` to the goal, unweighted; NaN before a successful reset. */
    h(id: number): number;
    /** The priority of cell `id` (Expand events' c); NaN when unseen. */
    f(id: number): number;
    /** Cell id of the parent of `id`; -1 for the start and unseen cells. */
    parent(id: number): number;
    /** 1-based expansion order of `id`; 0 if not expanded. */
    order(id: number): number;
    /** Cell ids from the start to `id` through the search's parents; empty when unseen. */
    _routeTo(id: number): number[];
    /**
     * The open list in the order the search will take it: at most `limit` entries, the first
     * being the cell the next `_step()` expands; empty unless the search is running and not
     * stale. Best-first searches list the whole open list in (priority, tie-break) order;
     * bidirectional search lists the side it expands next, then the other, sharing `limit`
     * between them; IDA* lists the descents pending on its stack, top first (the start alone
     * when the next step begins an iteration). The exact rules are at Search::open_items in
     * cpp/core/search.h. NaN or a `limit` below 1 lists nothing.
     */
    _openItems(limit: number): OpenItem[];
    /**
     * h (`kind` 0, on every walkable cell) or f (`kind` 1, where the search has been) of
     * every cell, NaN elsewhere: a view into a buffer the handle reuses, valid until the
     * next call or wasm allocation.
     */
    _valuesView(kind: 0 | 1): Float32Array;
    /** The current search number, which stamps compare with. */
    stamp(): number;
    /** Changes whenever the arrays behind channel views are replaced. */
    layout(): number;
    /** Number of cells (the grid's cell count). */
    cellCount(): number;
    /** The per-cell arrays worth drawing. Stale after memory growth or a change of `layout()`. */
    _channels(): RawChannel[];
    /** Frees the wasm memory. Wasm memory is not garbage-collected: call exactly once. */
    delete(): void;
    /** True once `delete()` has been called. */
    isDeleted(): boolean;
  }

  /** The `Search` class. */
  /** A point of the plane (mesh coordinates: cell (x, y) is the square (x, y)-(x + 1, y + 1)). */
  export interface PlanePoint {
    x: number;
    y: number;
  }

  /** A navigation mesh the core checked and keeps (cpp/core/navmesh/mesh.h); shared by the mesh searches given it. */
  export interface NavMesh {
    polygonCount(): number;
    vertexCount(): number;
    /** Memory the mesh holds in wasm, in bytes. */
    bytes(): number;
    radius(): number;
    /** Whether vertex `v` is a corner (a walkable sector around it wider than a half-turn). */
    isCorner(v: number): boolean;
    /** The polygons holding the point, ascending. */
    locate(x: number, y: number): number[];
    delete(): void;
  }

  /** makeMesh's answer. */
  export type MeshResult = { ok: true; mesh: NavMesh } | { ok: false; message: string };

  /** A Polyanya search node (`MeshSearch._node`). */
  export interface RawPolyanyaNode {
    root: PlanePoint;
    rootVertex: number;
    left: PlanePoint;
    right: PlanePoint;
    polygon: number;
    g: number;
    f: number;
    /** -1 for none. */
    parent: number;
    /** 0 start, 1 observable, 2 non-observable, 3 final. */
    kind: number;
    outcome: EnumMember<OutcomeName>;
  }

  /**
   * A mesh search (cpp/core/navmesh/mesh_search.h): Polyanya or navmesh A* + funnel over a
   * grid, reading the mesh it is given. Its events' `cell` and `other` are node ids
   * (Polyanya) or polygon ids (navmesh A*), not cells.
   */
  export interface MeshSearch {
    /** The mesh of the grid at `gridRevision`; read at the next reset(). */
    setMesh(mesh: NavMesh, gridRevision: number): void;
    /** Whether the mesh given fits the grid now. */
    prepared(): boolean;
    /** 0: no limit. */
    setMaxExpansions(count: number): void;
    setGrid(grid: Grid): void;
    /** Status 'preparing' when the mesh is missing or out of date. */
    reset(start: Point, goal: Point): boolean;
    _step(): Event[] | null;
    runSteps(count: number): number;
    run(): void;
    status(): EnumMember<StatusName>;
    refusal(): EnumMember<RefusalName>;
    stale(): boolean;
    pathCost(): number;
    /** The path's corners as x, y pairs (a copy). */
    _pathPoints(): number[];
    counters(): Counters;
    _openItems(limit: number): OpenItem[];
    _node(id: number): RawPolyanyaNode | null;
    _polygonNode(id: number): { position: PlanePoint; g: number; f: number; parent: number; order: number; closed: boolean } | null;
    _corridor(): number[];
    _funnel(): { portal: number; portalLeft: PlanePoint; portalRight: PlanePoint; apex: PlanePoint; left: PlanePoint; right: PlanePoint; move: EnumMember<OutcomeName> }[];
    delete(): void;
  }

  export interface MeshSearchClass {
    /** `algorithm` 0: navmesh A* + funnel, 1: Polyanya. */
    new (grid: Grid, algorithm: number): MeshSearch;
  }

  export interface SearchClass {
    /** A ready search over `grid`, with default options. */
    new (grid: Grid): Search;
  }

  /** A walk's counters (cpp/core/walk.h, WalkCounters). */
  export interface WalkCounters {
    /** Steps taken: planning expansions and moves. */
    steps: number;
    /** Moves of the agent. */
    moves: number;
    /** Cost of the moves, on the true map. */
    walkedCost: number;
    /** Plans made after the first (goal moves included). */
    replans: number;
    /** Expansions of the current (or last) plan. */
    expandedThisPlan: number;
    /** Expansions of every plan, the first included. */
    expandedTotal: number;
  }

  /** One observed step of a walk (`Walk._step`): a planner expansion, or a move. */
  export interface RawWalkStep {
    /** True for a planner expansion (then only `events` matters). */
    planned: boolean;
    /** The planner's events of the expansion (empty for a move). */
    events: Event[];
    /** The agent's cell before the move. */
    from: Point;
    /** Its cell after it (equal to `from` if the move was not legal on the true map). */
    to: Point;
    /** The move's cost on the true map. */
    cost: number;
    /** Cell ids whose true cost the agent found to differ from what it believed. */
    discovered: number[];
    /** A replan starts after the move, and why ('none': no replan). */
    replan: EnumMember<ReplanReasonName>;
    /** The move reached the goal. */
    arrived: boolean;
  }

  /**
   * An agent walking from a start to a goal on a true map (the `world` grid, which it reads
   * and must outlive it), knowing all of it or only what it has sensed, planning with any
   * search of the catalog (cpp/core/walk.h).
   */
  export interface Walk {
    /** Options for the next `reset()`, as `Search._setOptions`, and the sense radius (0: the whole map; 1..10). */
    _setOptions(
      algorithm: EnumMember<AlgorithmName>,
      diagonal: EnumMember<DiagonalName>,
      heuristic: EnumMember<HeuristicName>,
      useDefaultHeuristic: boolean,
      weight: number,
      costModel: EnumMember<CostModelName>,
      maxExpansions: number,
      senseRadius: number,
    ): void;
    /** The agent at `start`; false (status ready) when a point is outside the world. */
    reset(start: Point, goal: Point): boolean;
    /** One observed step, or null when there was nothing to do. */
    _step(): RawWalkStep | null;
    /** Up to `count` unobserved steps; returns how many were made. `untilMove`: stop before the next move (at most the plan under way is finished). */
    runSteps(count: number, untilMove: boolean): number;
    /** Current status. */
    status(): EnumMember<WalkStatusName>;
    /** Why the walk was refused (status refused), else none. */
    refusal(): EnumMember<RefusalName>;
    /** Counters. */
    counters(): WalkCounters;
    /** The agent's cell. */
    agent(): Point;
    /** The goal. */
    goal(): Point;
    /** Every cell stood on, start first, as (x, y) pairs; valid until the next step or allocation. */
    _walkedView(): Int32Array;
    /** The plan from the agent to the goal as (x, y) pairs (empty unless moving or arrived); valid until the next call. */
    _plannedView(): Int32Array;
    /** The world was edited at these cell ids. */
    _worldChanged(cells: number[]): void;
    /** The goal moved; false when it is outside the world. */
    setGoal(goal: Point): boolean;
    /** Per cell, 1 where the agent knows the true cost; valid until the next reset or allocation. */
    _knownView(): Uint8Array;
    /** A read-only Search handle on the planner (its mutators do nothing). Owned by the walk: never delete it. */
    _planner(): Search;
    /** Frees the wasm memory. Wasm memory is not garbage-collected: call exactly once. */
    delete(): void;
    /** True once `delete()` has been called. */
    isDeleted(): boolean;
  }

  /** The `Walk` class. */
  export interface WalkClass {
    /** A ready walk over `world`, with default options (A*, full knowledge). */
    new (world: Grid): Walk;
  }

  /** The instantiated module. */
  export interface AstarModule {
    /** Largest accepted grid side (4096). */
    readonly MAX_GRID_SIDE: number;
    /** Largest heuristic weight (100); a search clamps larger weights to it. */
    readonly MAX_WEIGHT: number;
    /** Search algorithms. */
    readonly Algorithm: EnumObject<AlgorithmName>;
    /** Heuristics. */
    readonly Heuristic: EnumObject<HeuristicName>;
    /** Diagonal modes. */
    readonly Diagonal: EnumObject<DiagonalName>;
    /** Cost models. */
    readonly CostModel: EnumObject<CostModelName>;
    /** Reasons for refusing options. */
    readonly Refusal: EnumObject<RefusalName>;
    /** Event kinds. */
    readonly EventKind: EnumObject<EventKindName>;
    /** Frontiers. */
    readonly Side: EnumObject<SideName>;
    /** Channel element types. */
    readonly ChannelType: EnumObject<ChannelTypeName>;
    /** Search statuses. */
    readonly Status: EnumObject<StatusName>;
    /** Cell phases. */
    readonly CellPhase: EnumObject<CellPhaseName>;
    /** Event outcomes. */
    readonly Outcome: EnumObject<OutcomeName>;
    /** Walk statuses. */
    readonly WalkStatus: EnumObject<WalkStatusName>;
    /** Why a walk replans. */
    readonly ReplanReason: EnumObject<ReplanReasonName>;
    /** The algorithm table and every option name. */
    catalog(): Catalog;
    /** Why `algorithm` refuses this grid with these options, or none. */
    refusalFor(
      grid: Grid,
      algorithm: EnumMember<AlgorithmName>,
      diagonal: EnumMember<DiagonalName>,
      costModel: EnumMember<CostModelName>,
    ): EnumMember<RefusalName>;
    /** Empty when `width x height` is an acceptable grid size, else a sentence saying why. */
    gridSizeError(width: number, height: number): string;
    /** The whole wasm memory as bytes: its length is the heap's size (replaced when memory grows). */
    readonly HEAPU8: Uint8Array;
    /** What the wasm heap holds now (walks the heap: for diagnostics and tests). */
    memoryUsage(): MemoryUsage;
    /** Whether malloc can hand out `bytes` in one block now (it is freed at once). */
    canAllocate(bytes: number): boolean;
    /** Parses Moving AI `.map` text. */
    readMap(text: string): MapResult;
    /** Parses Moving AI `.scen` text. */
    readScenario(text: string): ScenarioResult;
    /** Grids. */
    readonly Grid: GridClass;
    /** Searches. */
    readonly Search: SearchClass;
    /** Walks. */
    readonly Walk: WalkClass;
    /** Checks and keeps a navigation mesh built for a width x height map (copies the arrays). */
    makeMesh(
      width: number,
      height: number,
      radius: number,
      vertices: Float64Array,
      polygonStart: Uint32Array,
      polygonVertices: Uint32Array,
      polygonNeighbours: Int32Array,
    ): MeshResult;
    /** Mesh searches. */
    readonly MeshSearch: MeshSearchClass;
  }

  /** Overrides accepted by the factory (a subset of Emscripten's `Module` object). */
  export interface ModuleOverrides {
    /** Where the runtime's stdout goes (default console.log). */
    print?: (text: string) => void;
    /** Where the runtime's stderr goes (default console.warn). */
    printErr?: (text: string) => void;
  }

  /** Instantiates the module; every call makes a new, independent wasm instance. */
  const createAstarModule: (overrides?: ModuleOverrides) => Promise<AstarModule>;
  export default createAstarModule;
}
