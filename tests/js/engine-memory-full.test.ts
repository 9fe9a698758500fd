// Issue 21: a full engine throws EngineMemoryError instead of aborting. The case: with
// the heap filled up to the documented signal (createGrid throws EngineMemoryError), which leaves
// the engine's reserve of about 32 MB free, run() of a search whose path is 8.4 M cells (a
// 4096 x 4096 serpentine maze) or cellValues() on a 4096 x 4096 search aborted the module; the
// search then said "found" with an empty path, and 16 MB stayed in use after every object was
// deleted. Here each call must throw EngineMemoryError, leave its object in an honest state,
// let the engine work again once memory is freed, and leave the heap holding what it held
// before once every object is deleted.
//
// Smaller cases that take the same paths, to keep this file to seconds:
// - run() and a walk's planning: a 2100 x 2100 serpentine, whose 2.2 M-cell path grows its
//   vector from a 16 MB block to a 32 MB one, more than the reserve leaves beside the first.
// - cellValues() and routeTo() on a 512 x 512 serpentine, with less room: after the grids, what
//   they leave (the reserve and some) is taken too, by the heat maps of searches made beforehand (cellValues keeps 4
//   bytes a cell per search, which the wrapper does not size beforehand: run() and a walk's
//   steps check the reserve first, these reads do not), until one no longer fits, which
//   already throws EngineMemoryError. Under 1 MB is left: the values take 1 MB, the route
//   (131,327 cells) a 2 MB block.
import { afterEach, describe, expect, it } from 'vitest';
import { EngineMemoryError, loadEngine, type Engine, type Grid, type Search } from '../../web/src/engine/engine';

const engine: Engine = await loadEngine();

/**
 * Rows of wall on every odd row of a side x side grid (side even, side / 2 even), each with one
 * gap, at the right end and the left end in turn: the only path from the top-left corner runs
 * along every even row, to (0, side - 2).
 */
function serpentine(side: number) {
  const costs = new Uint8Array(side * side).fill(1);
  for (let y = 1; y < side; y += 2) {
    costs.fill(0, y * side, (y + 1) * side);
    costs[y * side + ((y >> 1) % 2 === 0 ? side - 1 : 0)] = 1;
  }
  const grid = keep(engine.createGrid(side, side));
  grid.assign(costs);
  // Every cell of the even rows and the odd rows' gaps.
  return { grid, start: { x: 0, y: 0 }, goal: { x: 0, y: side - 2 }, pathCells: (side / 2) * side + side / 2 - 1 };
}

// Each test deletes what it made before it measures; a test that fails part-way leaves the
// rest to this (delete() twice is harmless; searches go before their grids).
let made: { delete(): void }[] = [];
afterEach(() => {
  for (const object of made.reverse()) object.delete();
  made = [];
});
function keep<T extends { delete(): void }>(object: T): T {
  made.push(object);
  return object;
}

/** Grids made until the engine refuses one, largest first: what is left is about its reserve. */
function fillWithGrids(): Grid[] {
  const fillers: Grid[] = [];
  for (let side = 4096; side >= 64; side /= 2) {
    for (;;) {
      try {
        fillers.push(keep(engine.createGrid(side, side)));
      } catch (error) {
        if (!(error instanceof EngineMemoryError)) throw error;
        break;
      }
    }
  }
  expect(fillers.length).toBeGreaterThan(10);
  return fillers;
}

/**
 * Searches over a 512 x 512 grid whose heat maps take the rest (made while there is room): the
 * grids leave the reserve and more, in blocks too small for another grid with its reserve.
 */
function makeToppers(): Search[] {
  const grid = keep(engine.createGrid(512, 512));
  return Array.from({ length: 96 }, () => keep(engine.createSearch(grid))); // 96 MB of values: more than the grids leave
}

/** Takes what the grids leave with the toppers' heat maps, until one does not fit. */
function fillTheReserve(toppers: Search[]): void {
  const full = toppers.findIndex((search) => {
    try {
      search.cellValues('h');
      return false;
    } catch (error) {
      if (!(error instanceof EngineMemoryError)) throw error;
      return true;
    }
  });
  expect(full, 'the heat maps fill the reserve').toBeGreaterThan(0);
}

/** Deletes everything made, in reverse order, and says whether the heap holds what it did at `before`. */
function deleteAll(): number {
  for (const object of made.reverse()) object.delete();
  made = [];
  return engine.memoryUsage().inUse;
}

describe('a full engine', () => {
  it('throws EngineMemoryError from run() when the path does not fit, and the search says ready, not found', () => {
    const before = engine.memoryUsage().inUse;
    const maze = serpentine(2100);
    const search = keep(engine.createSearch(maze.grid, { algorithm: 'astar', diagonal: 'never' }));
    search.reset(maze.start, maze.goal);
    const fillers = fillWithGrids();
    expect(() => search.run()).toThrow(EngineMemoryError);
    expect(search.status).toBe('ready');
    expect(search.path()).toEqual([]);
    expect(search.pathCost).toBeNull();
    expect(search.phase(maze.goal.x, maze.goal.y)).toBe('unseen');
    expect(() => search.run()).not.toThrow(); // nothing to run until a reset
    expect(search.counters().expanded).toBe(0);
    // The engine goes on working: with room again, the same search finds the whole path.
    for (const filler of fillers) filler.delete();
    search.reset(maze.start, maze.goal);
    search.run();
    expect(search.status).toBe('found');
    expect(search.pathCost).toBe(maze.pathCells - 1);
    expect(deleteAll()).toBe(before);
  }, 120_000);

  it('throws EngineMemoryError from a walk whose plan does not fit, and the walk stops, ready', () => {
    const before = engine.memoryUsage().inUse;
    const maze = serpentine(2100);
    const walk = keep(engine.createWalk(maze.grid));
    walk.setOptions({ algorithm: 'astar', diagonal: 'never' }, 0);
    walk.reset(maze.start, maze.goal);
    const fillers = fillWithGrids();
    expect(() => walk.runSteps(Number.MAX_SAFE_INTEGER, true)).toThrow(EngineMemoryError);
    expect(walk.status).toBe('ready');
    expect(walk.plannedPath()).toEqual([]);
    expect(walk.planner.status).toBe('ready');
    for (const filler of fillers) filler.delete();
    walk.reset(maze.start, maze.goal);
    walk.runSteps(Number.MAX_SAFE_INTEGER, true);
    expect(walk.status).toBe('moving');
    expect(walk.plannedPath()).toHaveLength(maze.pathCells);
    expect(deleteAll()).toBe(before);
  }, 120_000);

  it('throws EngineMemoryError from cellValues() and routeTo() when their copies do not fit, and the search keeps its path', () => {
    const before = engine.memoryUsage().inUse;
    const toppers = makeToppers();
    const maze = serpentine(512);
    const search = keep(engine.createSearch(maze.grid, { algorithm: 'astar', diagonal: 'never' }));
    search.reset(maze.start, maze.goal);
    search.run();
    expect(search.status).toBe('found');
    const fillers = fillWithGrids();
    fillTheReserve(toppers);
    expect(() => search.cellValues('h')).toThrow(EngineMemoryError);
    expect(() => search.cellValues('f')).toThrow(/not enough engine memory for the values of every cell/);
    expect(() => search.routeTo(maze.goal)).toThrow(EngineMemoryError);
    expect(search.status).toBe('found');
    expect(search.pathCost).toBe(maze.pathCells - 1);
    expect(search.counters().expanded).toBeGreaterThan(maze.pathCells - 1);
    for (const filler of fillers) filler.delete();
    expect(search.routeTo(maze.goal)).toHaveLength(maze.pathCells);
    const values = search.cellValues('f');
    expect(values[0]).toBe(search.f(0, 0));
    expect(values[512]).toBeNaN(); // a wall
    expect(deleteAll()).toBe(before);
  }, 120_000);
});
