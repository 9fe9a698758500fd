/**
 * Hand-written declaration of the raw WebAssembly module built from cpp/bindings.cpp
 * (web/src/engine/generated/astar-wasm.mjs). Emscripten 3.1.6 cannot generate TypeScript
 * declarations for embind, so the shapes here are the contract: keep them in step with the
 * `EMSCRIPTEN_BINDINGS` block. The names are not written here: every enum's member names
 * and the engine's limits are generated from the built module into ./generated/names.ts
 * (scripts/generate-names.mjs), so a name added to a C++ table reaches TypeScript by
 * itself. Application code should not use this module directly but the wrapper in
 * ./engine.ts, which validates input, names things, and tracks ownership.
 *
 * The declaration is ambient (matched by path pattern) because the generated module sits in
 * a git-ignored folder with no declaration of its own next to it. Like the module,
 * ./generated/names.ts exists once the build has run: type-checking comes after building.
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
  // Every enum's member names come from ./generated/names.ts, which the build generates from
  // this module itself (scripts/generate-names.mjs): nothing here spells a name. (An ambient
  // module cannot `import` a relative path; import types can, relative to this file.)
  type AlgorithmName = import('./generated/names').AlgorithmName;
  type HeuristicName = import('./generated/names').HeuristicName;
  type DiagonalName = import('./generated/names').DiagonalName;
  type CostModelName = import('./generated/names').CostModelName;
  type StatusName = import('./generated/names').StatusName;
  type RefusalName = import('./generated/names').RefusalName;
  type EventKindName = import('./generated/names').EventKindName;
  type SideName = import('./generated/names').SideName;
  type ChannelTypeName = import('./generated/names').ChannelTypeName;
  type ChannelName = import('./generated/names').ChannelName;
  type CellPhaseName = import('./generated/names').CellPhaseName;
  type OutcomeName = import('./generated/names').OutcomeName;
  type WalkStatusName = import('./generated/names').WalkStatusName;
  type ReplanReasonName = import('./generated/names').ReplanReasonName;
  /** The algorithm table as `catalog()` gives it (its type is shared with the wrapper). */
  type Catalog = import('./catalog').Catalog;

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
   * `other` is NO_CELL when absent; a, b and c are NaN when unused.
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
    /** A second cell (parent, scan origin, jump point, sight origin), or NO_CELL for none. */
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
   * How far a search that prepares per map has come with it (cpp/core/search.h, Preparation):
   * `needed` false for searches that prepare nothing (then ready, and the figures 0).
   */
  export interface Preparation {
    needed: boolean;
    /** The prepared data fits the grid as it is now and the options. */
    ready: boolean;
    /** Units of work (rows, subgoals, ...) done, of `total`. */
    done: number;
    total: number;
    /** Bytes the prepared data holds now. */
    bytes: number;
  }

  /**
   * One per-cell array of a search, as a strided view of wasm memory: element i is the
   * value at byte `i * stride` of `bytes`, of type `type`, and belongs to the current
   * search where the u16 at byte `i * stampStride` of `stampBytes` equals `stamp()` (always,
   * when `stampBytes` is null). Names: see Search::channels() in cpp/core/search.h.
   */
  export interface RawChannel {
    /** What the array holds: "phase", "g", "order", "parentDir" or "parentId", and per algorithm others. */
    name: ChannelName;
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

  /** The wasm heap, in bytes. */
  export interface MemoryUsage {
    /** Handed out by malloc and not freed. */
    inUse: number;
    /** The heap's current size (it grows, never shrinks). */
    heapSize: number;
    /** The size it may grow to. */
    heapLimit: number;
  }

  /** Result of `readMap`. On success the caller owns `grid` and must `delete()` it. */
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
   * What can be read of a search: the methods a search this module owns (`Search`) and a
   * walk's planner (`PlannerView`) share.
   */
  export interface SearchReader {
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
    /** The per-map preparation (searches that prepare nothing: needed false). */
    preparation(): Preparation;
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
  }

  /**
   * A resumable search over one Grid, which it reads but never changes, for any algorithm
   * of the catalog. The grid must outlive the search (or be swapped out with `setGrid` first).
   */
  export interface Search extends SearchReader {
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
     * otherwise, the status then being running, refused, no-path or found, or preparing when
     * the search prepares per map and its preparation is missing or out of date.
     */
    reset(start: Point, goal: Point): boolean;
    /**
     * One observed expansion as its events (the expansion first), or null when there was
     * nothing to do. A preparing search prepares to the end first.
     */
    _step(): Event[] | null;
    /** Up to `count` unobserved expansions (a preparing search prepares to the end first); returns how many were made. */
    runSteps(count: number): number;
    /** Expands until the search finishes (a preparing search prepares to the end first). */
    run(): void;
    /**
     * About `units` more units of a preparing search's preparation; returns how many were
     * done. When it completes the search begins (status running). Does nothing unless the
     * status is preparing and the search is not stale.
     */
    prepareSteps(units: number): number;
    /**
     * Shares `other`'s prepared data when it was made for this search's grid, revision and
     * options (a preparing search then begins); false otherwise, and while this search is
     * running.
     */
    _adoptPreparation(other: SearchReader): boolean;
    /** Frees the wasm memory. Wasm memory is not garbage-collected: call exactly once. */
    delete(): void;
    /** True once `delete()` has been called. */
    isDeleted(): boolean;
  }

  /** The `Search` class. */
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
    /** A read-only view of the planner. Owned by the walk: never delete it. */
    _planner(): SearchReader;
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
    /** Largest accepted grid side (cpp/core/grid.h, kMaxGridSide). */
    readonly MAX_GRID_SIDE: number;
    /** Largest heuristic weight (options.h, kMaxWeight); a search clamps larger weights to it. */
    readonly MAX_WEIGHT: number;
    /** Largest sense radius of a walk (walk.h, kMaxSenseRadius). */
    readonly MAX_SENSE_RADIUS: number;
    /** Largest terrain cost (grid.h, kMaxTerrainCost); 0 is a wall. */
    readonly MAX_TERRAIN_COST: number;
    /** The cell id that means no cell (events.h, kNoCell): an event's absent `other`, a "parentId" of none. */
    readonly NO_CELL: number;
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
    /** What a search's per-cell arrays hold (RawChannel's name is one of its names). */
    readonly Channel: EnumObject<ChannelName>;
    /** The algorithm table and every option name. */
    catalog(): Catalog;
    /** The event kind that reports each outcome, by Outcome value; null for `none` (events.h, kOutcomes). */
    outcomeKinds(): (EnumMember<EventKindName> | null)[];
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
