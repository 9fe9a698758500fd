// Engine.findPath: one whole search in one call, over searches kept with the grid.
//
// Why keep them: making a search allocates and zero-fills its per-cell arrays, and a search
// that prepares per map (JPS+) builds its table again. Per call that is most of the work for
// short queries (250 µs for A* between neighbouring cells of a 1024 x 1024 map, 1.8 ms for
// JPS). A kept search only resets (O(1): cells are stamped) and keeps its prepared data.
//
// Why that is safe: a search reads its grid through the core, which notices edits by the
// grid's revision (reset() starts afresh and a stale preparation is redone), so an edit
// needs no invalidation here. The searches are the grid's: they do not count as users that
// would make grid.delete() refuse, grid.delete() frees them first, and a grid reclaimed by
// the collector frees them with it (its Leftover holds their raw objects, never the
// wrappers, which would keep the grid alive). At most PATH_SEARCHES_PER_GRID are kept per
// grid, the least recently used going first, and a full heap frees them all before the
// engine reports EngineMemoryError (WasmEngine.makeRoom).
/// <reference path="./astar-wasm.d.ts" />
import type { EngineGrid } from './grid';
import type { PathFound, PreparationReport } from './interfaces';
import { preparationCell, readPoint } from './checks';
import { EngineSearch, sameOptions } from './search';
import { DEFAULT_OPTIONS, FIND_PATH_EXPANSION_LIMIT, type RefusalName, type SearchOptions } from './types';
import type { WasmEngine } from './wasm-engine';

/**
 * Two: a program comparing two algorithms on one map keeps both, and a grid of N cells holds
 * at most two searches' arrays besides its own.
 */
export const PATH_SEARCHES_PER_GRID = 2;

/** The searches findPath keeps for one grid, most recently used first. */
export class PathSearches {
  /** Their raw objects, which the grid's Leftover frees if the grid is reclaimed. */
  readonly raws = new Set<{ delete(): void }>();
  private kept: EngineSearch[] = [];
  /** The search findPath is running now, which freeing for room must leave alone. */
  private running: EngineSearch | null = null;
  /** Whether the engine knows of these searches (so a full heap can free them). */
  private known = false;

  /**
   * A kept search for `options` over `grid` (made, and the oldest dropped, if none is kept).
   * One search serves an algorithm under one diagonal rule and cost model, which is what a
   * prepared search's data depends on (a subgoal graph per rule): calls alternating between
   * two rules keep two searches rather than preparing twice per call. Other options are set
   * on the search for each call.
   */
  take(engine: WasmEngine, grid: EngineGrid, options: SearchOptions): EngineSearch {
    const serves = (kept: EngineSearch) => {
      const { algorithm, diagonal, costModel } = kept.settings;
      return algorithm === options.algorithm && diagonal === options.diagonal && costModel === options.costModel;
    };
    // Most calls ask for the search used last: found first, and the order kept as it is.
    if (this.kept.length > 0 && serves(this.kept[0]!)) return this.kept[0]!;
    let search = this.kept.find(serves);
    if (search) {
      this.kept = [search, ...this.kept.filter((kept) => kept !== search)];
      return search;
    }
    if (!this.known) engine.keepingPathSearches(this);
    this.known = true;
    const { algorithm, diagonal, costModel } = options;
    search = new EngineSearch(engine, grid, { algorithm, diagonal, costModel }, undefined, this.raws);
    this.kept.unshift(search);
    for (const dropped of this.kept.splice(PATH_SEARCHES_PER_GRID)) dropped.delete();
    return search;
  }

  /** Runs `run` with `search` marked as running. */
  whileRunning<T>(search: EngineSearch, run: () => T): T {
    this.running = search;
    try {
      return run();
    } finally {
      this.running = null;
    }
  }

  /** Frees every kept search but the one running; true if any was freed. */
  release(): boolean {
    const freed = this.kept.filter((search) => search !== this.running);
    for (const search of freed) search.delete();
    this.kept = this.kept.filter((search) => search === this.running);
    return freed.length > 0;
  }
}

/** The sentence for options a grid refuses, naming what the algorithm takes instead. */
export function refusalSentence(engine: WasmEngine, options: SearchOptions, refusal: RefusalName): string {
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

/**
 * The options findPath resolved last, per engine, and what they resolved to. A game calls
 * findPath with the same options many times a frame; checking them again at every call was
 * about a fifth of a call between neighbouring cells.
 */
const lastResolved = new WeakMap<WasmEngine, { given: Partial<SearchOptions>; wanted: Readonly<SearchOptions> }>();

/** Whether two option objects name the same options with the same values. */
function sameGiven(a: Partial<SearchOptions>, b: Partial<SearchOptions>): boolean {
  const keys = Object.keys(b) as (keyof SearchOptions)[];
  return keys.length === Object.keys(a).length && keys.every((key) => Object.hasOwn(a, key) && Object.is(a[key], b[key]));
}

/** Every option of a findPath call, resolved and checked (or the last call's, if the same). */
function wantedOptions(engine: WasmEngine, options: Partial<SearchOptions>): Readonly<SearchOptions> {
  const last = lastResolved.get(engine);
  if (last && sameGiven(last.given, options)) return last.wanted;
  const { options: resolved } = engine.resolveOptions(DEFAULT_OPTIONS, options);
  // Searches whose work the grid does not bound (IDA* re-expands cells) get a cap unless
  // the caller set one (0: none).
  const unbounded = engine.algorithm(resolved.algorithm).reexpands;
  const cap = options.maxExpansions === undefined && unbounded ? FIND_PATH_EXPANSION_LIMIT : resolved.maxExpansions;
  const wanted = Object.freeze({ ...resolved, heuristic: resolved.heuristic, maxExpansions: cap });
  lastResolved.set(engine, { given: { ...options }, wanted });
  return wanted;
}

/** The kept search for `options` over `grid`, with every option of this call set. */
function keptSearch(engine: WasmEngine, grid: EngineGrid, options: Partial<SearchOptions>): EngineSearch {
  const wanted = wantedOptions(engine, options);
  const search = grid.pathSearches.take(engine, grid, wanted);
  // Calls with the same options (a game's usual case) need not check them twice.
  if (!sameOptions(wanted, search.settings)) search.setOptions(wanted);
  return search;
}

/** Engine.prepare (see its documentation in interfaces.ts). */
export function prepare(engine: WasmEngine, grid: EngineGrid, options: Partial<SearchOptions>): PreparationReport {
  const search = keptSearch(engine, grid, options);
  if (!engine.algorithm(search.options.algorithm).prepares) return { milliseconds: 0, bytes: 0 };
  const cell = preparationCell(grid);
  return grid.pathSearches.whileRunning(search, () => {
    // A query from a walkable cell to itself waits for exactly the preparation any query would.
    search.reset(cell, cell);
    if (search.status === 'refused') throw new RangeError(refusalSentence(engine, search.options, search.refusal!));
    let milliseconds = 0;
    if (search.status === 'preparing') {
      const began = performance.now();
      search.prepareSteps(Number.MAX_SAFE_INTEGER);
      milliseconds = performance.now() - began;
    }
    return { milliseconds, bytes: search.preparation().bytes };
  });
}

/** Engine.findPath (see its documentation in interfaces.ts). */
export function findPath(engine: WasmEngine, grid: EngineGrid, start: unknown, goal: unknown, options: Partial<SearchOptions>): PathFound {
  const from = readPoint(start, 'start');
  const to = readPoint(goal, 'goal');
  grid.idOf(from.x, from.y);
  grid.idOf(to.x, to.y);
  const search = keptSearch(engine, grid, options);
  return grid.pathSearches.whileRunning(search, () => {
    search.reset(from, to);
    if (search.status === 'refused') throw new RangeError(refusalSentence(engine, search.options, search.refusal!));
    search.run();
    return {
      status: search.status as PathFound['status'],
      cost: search.pathCost,
      path: search.path(),
      expanded: search.counters().expanded,
    };
  });
}
