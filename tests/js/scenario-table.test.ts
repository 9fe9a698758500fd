// Every hand-checked case of tests/fixtures/scenarios.txt through the wasm engine, with
// the same assertions as the native suite (tests/native/fixture_table_test.cpp): the
// expected cost within 1e-6, the expansions where they were counted by hand, and a found
// path that is a chain of legal moves from start to goal whose costs add up to the
// reported cost. Legality is worked out here from first principles, not by the engine.
import { readFileSync } from 'node:fs';

import { beforeAll, describe, expect, it } from 'vitest';

import { loadEngine, type Engine, type Grid, type Point } from '../../web/src/engine/engine';
import { loadScenarioTable, type ScenarioCase } from '../fixture-table';

const cases = loadScenarioTable(readFileSync(new URL('../fixtures/scenarios.txt', import.meta.url), 'utf8'));

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

type Diagonal = ScenarioCase['options']['diagonal'];

function illegalMoveReason(grid: Grid, mode: Diagonal, from: Point, to: Point): string | null {
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

describe('scenarios.txt through the wasm engine', () => {
  it('has the hand-checked cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases.map((c) => [`${c.name} (line ${c.line})`, c] as const))('%s', (_label, c) => {
    const grid = engine.createGrid(c.width, c.height);
    grid.assign(c.costs);
    const search = engine.createSearch(grid, c.options);
    try {
      expect(search.reset(c.start, c.goal)).toBe(true);
      search.run();

      if (c.expect.expanded !== undefined) expect(search.counters().expanded).toBe(c.expect.expanded);
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
      let sum = 0;
      for (let i = 1; i < path.length; ++i) {
        const [from, to] = [path[i - 1]!, path[i]!];
        expect(illegalMoveReason(grid, c.options.diagonal, from, to), `step ${i} (${from.x},${from.y}) -> (${to.x},${to.y})`).toBeNull();
        const diagonal = from.x !== to.x && from.y !== to.y;
        sum += (diagonal ? Math.SQRT2 : 1) * grid.cost(to.x, to.y);
      }
      expect(Math.abs(sum - search.pathCost!)).toBeLessThanOrEqual(1e-9);
    } finally {
      search.delete();
      grid.delete();
    }
  });
});
