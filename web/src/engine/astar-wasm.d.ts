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
 * Typed-array views (`_costsView`, `_pathView`, `_cellStatesView`) point into wasm memory.
 * They become detached (length 0) when memory grows, and meaningless once the object
 * behind them changes size or is deleted: take a fresh one when you need it.
 */
declare module '*/generated/astar-wasm.mjs' {
  /** Names of `Algorithm` members, as typed by users, the CLI and share links. */
  export type AlgorithmName = 'astar' | 'dijkstra' | 'greedy' | 'bfs';
  /** Names of `Heuristic` members. */
  export type HeuristicName = 'manhattan' | 'euclidean' | 'octile' | 'chebyshev' | 'zero';
  /** Names of `Diagonal` members: when a diagonal step may pass a wall's corner. */
  export type DiagonalName = 'never' | 'always' | 'if-at-most-one-obstacle' | 'only-when-no-obstacles';
  /** Names of `Status` members: the state of a search. */
  export type StatusName = 'ready' | 'running' | 'found' | 'no-path';
  /** Names of `CellPhase` members: what a cell is in the current search. */
  export type CellPhaseName = 'unseen' | 'open' | 'closed' | 'path';
  /** Names of `Outcome` members: what happened to one neighbour during an expansion. */
  export type OutcomeName = 'opened' | 'improved' | 'not-improved' | 'closed' | 'blocked';

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

  /** What happened to one neighbour of the expanded cell. */
  export interface NeighbourEvent {
    /** Cell id of the neighbour (`y * width + x`). */
    cell: number;
    /** What happened to it. */
    outcome: EnumMember<OutcomeName>;
    /** g before this step; NaN when the cell was unseen or is blocked. */
    oldG: number;
    /** g after this step; NaN when blocked; equals `oldG` unless opened or improved. */
    newG: number;
  }

  /** One expansion, as recorded by `Search._step()`. */
  export interface StepEvent {
    /** Cell id of the expanded cell. */
    cell: number;
    /** Its cost from the start. */
    g: number;
    /** Its heuristic estimate to the goal (unweighted). */
    h: number;
    /** Its f: A* g + weight * h, Dijkstra g, greedy h, breadth-first g. */
    f: number;
    /** Its in-bounds neighbours in direction order N, E, S, W, NE, SE, SW, NW. */
    neighbours: NeighbourEvent[];
  }

  /** Work done by the current search. */
  export interface Counters {
    /** Cells expanded (closed). */
    expanded: number;
    /** Cells added to the open list, the start included. */
    opened: number;
    /** Times an open cell's g was lowered. */
    improved: number;
    /** Largest open-list size seen. */
    maxOpen: number;
    /** Current open-list size. */
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
   * A resumable best-first search over one Grid, which it reads but never changes. The
   * grid must outlive the search (or be swapped out with `setGrid` first).
   */
  export interface Search {
    /**
     * Options for the next `reset()`. `useDefaultHeuristic` true ignores `heuristic` and
     * picks the default for `diagonal` (manhattan for never, octile otherwise). A weight
     * that is negative or not finite counts as 1, one above 100 as 100; only A* uses it.
     */
    _setOptions(
      algorithm: EnumMember<AlgorithmName>,
      diagonal: EnumMember<DiagonalName>,
      heuristic: EnumMember<HeuristicName>,
      useDefaultHeuristic: boolean,
      weight: number,
    ): void;
    /** Reads another grid from now on; the search becomes ready, with no start or goal. */
    setGrid(grid: Grid): void;
    /** Starts a new search. False (status ready) when a point is outside the grid. */
    reset(start: Point, goal: Point): boolean;
    /**
     * One observed expansion, or null when there was nothing to do. The returned object is
     * fresh JavaScript data; the wasm side reuses one record for every step.
     */
    _step(): StepEvent | null;
    /** Up to `count` unobserved expansions; returns how many were made. */
    runSteps(count: number): number;
    /** Expands until the search finishes. */
    run(): void;
    /** Current status. */
    status(): EnumMember<StatusName>;
    /** True when the grid was edited since `reset()`; a stale search does not step. */
    stale(): boolean;
    /** Cost of the found path; NaN unless found. */
    pathCost(): number;
    /** The found path as (x, y) pairs from start to goal; empty unless found. */
    _pathView(): Int32Array;
    /** Work done so far. */
    counters(): Counters;
    /** Phase of cell `id` (unseen for ids outside the grid). */
    phase(id: number): EnumMember<CellPhaseName>;
    /** Cost from the start to cell `id`; NaN when unseen. */
    g(id: number): number;
    /** Heuristic from cell `id` to the goal, unweighted; NaN before a successful reset. */
    h(id: number): number;
    /** f of cell `id` (as in StepEvent.f); NaN when unseen. */
    f(id: number): number;
    /** Cell id of the parent of `id`; -1 for the start and unseen cells. */
    parent(id: number): number;
    /** 1-based expansion order of `id`; 0 if not expanded. */
    order(id: number): number;
    /** The current search number: a cell belongs to it only if its stamp equals this. */
    stamp(): number;
    /** Number of CellState records (the grid's cell count). */
    cellCount(): number;
    /**
     * The CellState array as bytes, `CELL_STATE_BYTES` (16) per cell id: f64 g at offset
     * 0, u32 aux at 8 (expansion order once closed, heap position while open), u16 stamp at
     * 12, u8 phase at 14 (CellPhase value), u8 parent direction at 15 (0..7 = N, E, S, W,
     * NE, SE, SW, NW; 255 none). A record whose stamp differs from `stamp()` is stale
     * (the cell is unseen). The array is 8-byte aligned. Stale after memory growth and
     * after `setGrid`.
     */
    _cellStatesView(): Uint8Array;
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

  /** The instantiated module. */
  export interface AstarModule {
    /** Largest accepted grid side (4096). */
    readonly MAX_GRID_SIDE: number;
    /** Bytes per CellState record in `_cellStatesView` (16). */
    readonly CELL_STATE_BYTES: number;
    /** Largest heuristic weight (100); a search clamps larger weights to it. */
    readonly MAX_WEIGHT: number;
    /** Search algorithms. */
    readonly Algorithm: EnumObject<AlgorithmName>;
    /** Heuristics. */
    readonly Heuristic: EnumObject<HeuristicName>;
    /** Diagonal modes. */
    readonly Diagonal: EnumObject<DiagonalName>;
    /** Search statuses. */
    readonly Status: EnumObject<StatusName>;
    /** Cell phases. */
    readonly CellPhase: EnumObject<CellPhaseName>;
    /** Neighbour outcomes. */
    readonly Outcome: EnumObject<OutcomeName>;
    /** Empty when `width x height` is an acceptable grid size, else a sentence saying why. */
    gridSizeError(width: number, height: number): string;
    /** Parses Moving AI `.map` text. */
    readMap(text: string): MapResult;
    /** Parses Moving AI `.scen` text. */
    readScenario(text: string): ScenarioResult;
    /** Grids. */
    readonly Grid: GridClass;
    /** Searches. */
    readonly Search: SearchClass;
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
