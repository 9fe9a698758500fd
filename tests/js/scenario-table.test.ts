// Every hand-checked case of tests/fixtures/scenarios.txt through the wasm engine, with
// the same assertions as the native suite (tests/native/fixture_table_test.cpp): the
// expected cost within 1e-6, the expansions where they were counted by hand, and a found
// path that is a chain of legal moves from start to goal whose costs add up to the
// reported cost (for any-angle searches: straight segments with a clear line of sight).
// Legality is worked out here from first principles, not by the engine. Every case whose
// own options guarantee the optimum also runs with every optimal algorithm of the catalog.
import { readFileSync } from 'node:fs';

import { afterEach, describe, expect, it } from 'vitest';

import { loadEngine, type Grid, type Point, type Search, type SearchOptions } from '../../web/src/engine/engine';
import { loadScenarioTable, type ScenarioCase } from '../fixture-table';

const engine = await loadEngine();
const cases = loadScenarioTable(readFileSync(new URL('../fixtures/scenarios.txt', import.meta.url), 'utf8'), engine.catalog);

const made: Array<Grid | Search> = [];
afterEach(() => {
  // Searches before grids: a grid refuses delete() while a search reads it.
  for (const thing of made.splice(0).reverse()) thing.delete();
});

function gridOf(c: ScenarioCase): Grid {
  const grid = engine.createGrid(c.width, c.height);
  made.push(grid);
  grid.assign(c.costs);
  return grid;
}

function run(grid: Grid, c: ScenarioCase, options: SearchOptions): Search {
  const search = engine.createSearch(grid, options);
  made.push(search);
  expect(search.reset(c.start, c.goal)).toBe(true);
  search.run();
  return search;
}

function illegalMoveReason(grid: Grid, mode: SearchOptions['diagonal'], from: Point, to: Point): string | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (to.x < 0 || to.y < 0 || to.x >= grid.width || to.y >= grid.height) return 'leaves the grid';
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return 'is not a move to a neighbour';
  if (grid.cost(to.x, to.y) === 0) return 'enters a wall';
  if (dx === 0 || dy === 0) return null;
  const openSides = Number(grid.cost(from.x + dx, from.y) !== 0) + Number(grid.cost(from.x, from.y + dy) !== 0);
  switch (mode) {
    case 'never':
      return 'is diagonal, and the mode is never';
    case 'always':
      return null;
    case 'if-at-most-one-obstacle':
      return openSides >= 1 ? null : 'squeezes between two walls';
    case 'only-when-no-obstacles':
      return openSides === 2 ? null : "cuts a wall's corner";
  }
}

/**
 * Whether the straight segment between two cell centres touches only walkable cells: in
 * doubled coordinates every point where it crosses a grid line is checked, and a crossing
 * exactly on a lattice corner touches all four cells around it.
 */
function clearSight(grid: Grid, from: Point, to: Point): boolean {
  const walkable = (x: number, y: number) => x >= 0 && y >= 0 && x < grid.width && y < grid.height && grid.cost(x, y) !== 0;
  // Every crossing happens at t = (2k + 1) / (2 |dx|) or (2k + 1) / (2 |dy|): all are multiples of this step.
  const steps = 2 * Math.max(Math.abs(to.x - from.x), 1) * Math.max(Math.abs(to.y - from.y), 1);
  for (let i = 0; i <= steps; i++) {
    const x = from.x + 0.5 + ((to.x - from.x) * i) / steps, y = from.y + 0.5 + ((to.y - from.y) * i) / steps;
    const onX = Math.abs(x - Math.round(x)) < 1e-9, onY = Math.abs(y - Math.round(y)) < 1e-9;
    const xs = onX ? [Math.round(x) - 1, Math.round(x)] : [Math.floor(x)];
    const ys = onY ? [Math.round(y) - 1, Math.round(y)] : [Math.floor(y)];
    for (const cx of xs) for (const cy of ys) if (!walkable(cx, cy)) return false;
  }
  return true;
}

function expectResult(grid: Grid, c: ScenarioCase, search: Search): void {
  if (c.expect.cost === null) {
    expect(search.status).toBe('no-path');
    expect(search.path()).toEqual([]);
    return;
  }
  expect(search.status).toBe('found');
  expect(search.pathCost).not.toBeNull();
  expect(Math.abs(search.pathCost! - c.expect.cost)).toBeLessThanOrEqual(1e-6);

  const path = search.path();
  if (c.expect.pathLength !== undefined) expect(path).toHaveLength(c.expect.pathLength);
  expect(path[0]).toEqual(c.start);
  expect(path[path.length - 1]).toEqual(c.goal);
  const anyAngle = engine.algorithm(search.options.algorithm).anyAngle;
  const [straight, diagonal] = search.options.costModel === 'exact' ? [1, Math.SQRT2] : [10, 14];
  let sum = 0;
  for (let i = 1; i < path.length; ++i) {
    const [from, to] = [path[i - 1]!, path[i]!];
    if (anyAngle) {
      // Any-angle searches run on maps of one terrain cost.
      expect(clearSight(grid, from, to), `segment ${i} (${from.x},${from.y}) -> (${to.x},${to.y})`).toBe(true);
      sum += Math.hypot(to.x - from.x, to.y - from.y) * grid.cost(to.x, to.y);
      continue;
    }
    expect(illegalMoveReason(grid, search.options.diagonal, from, to), `step ${i} (${from.x},${from.y}) -> (${to.x},${to.y})`).toBeNull();
    sum += (from.x !== to.x && from.y !== to.y ? diagonal : straight) * grid.cost(to.x, to.y);
  }
  expect(Math.abs(sum - search.pathCost!)).toBeLessThanOrEqual(1e-9);
}

/** Whether a case's own options guarantee the cheapest path: Dijkstra, or A* with an admissible heuristic and weight at most 1. */
function givesOptimum({ options }: ScenarioCase): boolean {
  if (options.algorithm === 'dijkstra') return true;
  if (options.algorithm !== 'astar' || options.weight > 1) return false;
  return options.diagonal === 'never' || options.heuristic !== 'manhattan';
}

describe('scenarios.txt through the wasm engine', () => {
  it('has the hand-checked cases, for every algorithm and both cost models', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    // The mesh searches answer in points of the plane, not cells: their reference is
    // tests/js/navmesh.test.ts (an independent visibility-graph search).
    for (const row of engine.catalog.algorithms.filter((r) => !r.onMesh)) expect(cases.some((c) => c.options.algorithm === row.name), row.name).toBe(true);
    for (const model of engine.catalog.costModels) expect(cases.some((c) => c.options.costModel === model), model).toBe(true);
  });

  it.each(cases.map((c) => [`${c.name} (line ${c.line})`, c] as const))('%s', (_label, c) => {
    const grid = gridOf(c);
    const search = run(grid, c, c.options);
    if (c.expect.expanded !== undefined) expect(search.counters().expanded).toBe(c.expect.expanded);
    expectResult(grid, c, search);
  });

  // Optimal over cells (Polyanya is optimal over the plane: tests/js/navmesh.test.ts).
  const optimal = engine.catalog.algorithms.filter((row) => row.optimal && !row.onMesh);
  it.each(cases.filter(givesOptimum).map((c) => [`${c.name} (line ${c.line})`, c] as const))(
    '%s: every optimal algorithm finds the same cost or refuses the map',
    (_label, c) => {
      const grid = gridOf(c);
      let ran = 0;
      for (const row of optimal) {
        const options: SearchOptions = { algorithm: row.name, diagonal: c.options.diagonal, weight: 1, costModel: c.options.costModel };
        const search = run(grid, c, options);
        if (engine.refusalFor(grid, options)) {
          // Never a wrong answer: an algorithm defined only for uniform costs says so.
          expect(search.status, row.name).toBe('refused');
          expect(row.uniformTerrainOnly).toBe(true);
          continue;
        }
        expectResult(grid, c, search);
        ran++;
      }
      expect(ran).toBeGreaterThanOrEqual(3);
    },
  );
});
