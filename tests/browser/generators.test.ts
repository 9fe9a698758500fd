// Map generators: reproducible from their seed, and shaped as promised (density, connected
// floors, a perfect maze, terrain over the whole 1..9 range).
import { describe, expect, it } from 'vitest';
import { GENERATOR_NAMES, generateMap } from '../../web/src/generators/generators';
import { pickEndpoints } from '../../web/src/state/endpoints';

/** Number of floor cells 4-connected to `from`. */
function reachable(costs: Uint8Array, width: number, height: number, from: number): number {
  const seen = new Uint8Array(costs.length);
  const queue = [from];
  seen[from] = 1;
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head], x = id % width, y = Math.floor(id / width);
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
      const next = ny * width + nx;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && costs[next] !== 0 && !seen[next]) {
        seen[next] = 1;
        queue.push(next);
      }
    }
  }
  return queue.length;
}

const floorCount = (costs: Uint8Array) => costs.reduce((sum, cost) => sum + (cost !== 0 ? 1 : 0), 0);

describe('generators', () => {
  it.each(GENERATOR_NAMES)('%s gives the same map for the same seed and another for another seed', (name) => {
    const params = { width: 37, height: 23, density: 0.3 };
    const a = generateMap(name, { ...params, seed: 11 });
    expect(a.length).toBe(37 * 23);
    expect(generateMap(name, { ...params, seed: 11 })).toEqual(a);
    expect(generateMap(name, { ...params, seed: 12 })).not.toEqual(a);
  });

  it('random walls follow the requested density', () => {
    for (const density of [0.1, 0.3, 0.5]) {
      const costs = generateMap('random-walls', { width: 200, height: 100, seed: 5, density });
      const walls = costs.length - floorCount(costs);
      expect(walls / costs.length).toBeGreaterThan(density - 0.02);
      expect(walls / costs.length).toBeLessThan(density + 0.02);
    }
  });

  it.each([[41, 31], [40, 30], [9, 7]])('the depth-first maze on %i x %i is perfect: every corridor cell reached, no loops', (width, height) => {
    const costs = generateMap('dfs-maze', { width, height, seed: 3 });
    const cellsX = Math.floor((width - 1) / 2), cellsY = Math.floor((height - 1) / 2);
    const floors = floorCount(costs);
    // A spanning tree over the maze cells: n cells joined by n - 1 carved walls.
    expect(floors).toBe(2 * cellsX * cellsY - 1);
    expect(reachable(costs, width, height, width + 1)).toBe(floors);
  });

  it.each(['recursive-division', 'rooms'] as const)('%s keeps every floor cell connected', (name) => {
    for (const [width, height] of [[41, 31], [64, 48], [5, 5], [120, 17]]) {
      const costs = generateMap(name, { width, height, seed: 8 });
      const first = costs.findIndex((cost) => cost !== 0);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(reachable(costs, width, height, first)).toBe(floorCount(costs));
      if (width >= 20) expect(floorCount(costs)).toBeLessThan(costs.length); // it did draw walls
    }
  });

  it('random terrain covers costs 1 to 9 with no walls', () => {
    const costs = generateMap('terrain', { width: 80, height: 60, seed: 2 });
    expect(Math.min(...costs)).toBe(1);
    expect(Math.max(...costs)).toBe(9);
  });
});

describe('placing start and goal on an imported map', () => {
  it('puts both in the largest region, near the opposite corners farthest apart', () => {
    const rows = [
      '.@........',
      '@@.@@@@@@.',
      '..........',
      '.@@@@@@@.@',
      '.........@',
    ];
    const width = rows[0].length, height = rows.length;
    const costs = Uint8Array.from(rows.join(''), (c) => (c === '.' ? 1 : 0));
    const { start, goal } = pickEndpoints(costs, width, height);
    // (0, 0) is walled into a region of its own; the bottom-left and top-right cells are
    // farther apart than the top-left (2, 0) and bottom-right (8, 4) ones; on a side of 10
    // cells both stay one cell off the edge.
    expect(start).toEqual({ x: 1, y: 4 });
    expect(goal).toEqual({ x: 8, y: 0 });
  });
});
