// The package's prepared searches: for algorithms that prepare per map (the catalog's
// `prepares`: JPS+'s jump table, a subgoal graph), findPath keeps one search per grid and
// options and reuses it, so the map is prepared once, not on every call, and a call costs
// what its query does. The kept search is the engine's own: after an edit its preparation
// no longer fits the grid's revision, and its next reset() prepares again (search.h), so
// edits invalidate it with nothing to track here.
//
// A grid refuses delete() while a search reads it, and the kept searches are the package's,
// not the caller's: so the package hands out grids whose delete() first deletes the
// searches kept for them (keepGridsReleasable). Searches that prepare nothing are made and
// deleted per call, as before.
import { DEFAULT_OPTIONS, type Engine, type Grid, type Search, type SearchOptions } from '../engine/engine';

/** What prepare() reports. */
export interface PreparationReport {
  /** Milliseconds this call spent preparing (0 when the grid and options were prepared already). */
  milliseconds: number;
  /** Bytes of wasm memory the prepared data holds. */
  bytes: number;
}

export class PreparedSearches {
  // Weak: a grid dropped without delete() is reclaimed with what was kept for it.
  private readonly kept = new WeakMap<Grid, Map<string, Search>>();

  constructor(private readonly engine: Engine) {}

  /** Whether searches with these options are kept per grid (their algorithm prepares). */
  keeps(options: Partial<SearchOptions>): boolean {
    return this.engine.algorithm(options.algorithm ?? 'astar').prepares;
  }

  /** The search kept for `grid` and `options`, made on first use (the caller must not delete it). */
  searchFor(grid: Grid, options: Partial<SearchOptions>): Search {
    // Keyed by the options as given over the defaults (a search is made, and its options
    // checked, only the first time: making one per call would cost a whole grid's arrays).
    const key = JSON.stringify({ ...DEFAULT_OPTIONS, ...options });
    let byOptions = this.kept.get(grid);
    const existing = byOptions?.get(key);
    if (existing) return existing;
    const search = this.engine.createSearch(grid, options);
    if (!byOptions) this.kept.set(grid, (byOptions = new Map()));
    byOptions.set(key, search);
    return search;
  }

  /**
   * Prepares the kept search for `grid` and `options` to the end, now, and says what it took.
   * Throws RangeError when the options are refused on this grid or the grid has no walkable cell.
   */
  prepare(grid: Grid, options: Partial<SearchOptions>, refused: (search: Search) => never): PreparationReport {
    const search = this.searchFor(grid, options);
    const cell = firstWalkable(grid);
    if (!cell) throw new RangeError('prepare() needs a grid with a walkable cell');
    // A query from a walkable cell to itself waits for exactly the preparation any query would.
    search.reset(cell, cell);
    if (search.status === 'refused') refused(search);
    const began = performance.now();
    if (search.status === 'preparing') search.prepareSteps(Number.MAX_SAFE_INTEGER);
    return { milliseconds: performance.now() - began, bytes: search.preparation().bytes };
  }

  /** Deletes the searches kept for `grid`. */
  release(grid: Grid): void {
    for (const search of this.kept.get(grid)?.values() ?? []) search.delete();
    this.kept.delete(grid);
  }

  /** `grid`, its delete() first deleting the searches kept for it (so it never refuses because of them). */
  releasable(grid: Grid): Grid {
    const own = grid.delete.bind(grid);
    grid.delete = () => {
      this.release(grid);
      own();
    };
    return grid;
  }
}

function firstWalkable(grid: Grid): { x: number; y: number } | null {
  const costs = grid.costs();
  const id = costs.findIndex((cost) => cost > 0);
  return id < 0 ? null : { x: id % grid.width, y: Math.floor(id / grid.width) };
}
