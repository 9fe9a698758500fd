// What the engine wrapper's tests share: the engine, loaded once per file, and every grid,
// search and walk a test keeps, deleted after it (walks and searches first: a grid refuses
// delete() while one reads it); small map builders and the comparisons the tests make.
import { afterEach, beforeAll } from 'vitest';

import { eventsOf, loadEngine, type Engine, type Grid, type Search, type StepEvent, type Walk } from '../../web/src/engine/engine';

/** The shared engine, once useEngine()'s beforeAll has run. */
export let engine: Engine;

const created: { grids: Grid[]; searches: Search[]; walks: Walk[] } = { grids: [], searches: [], walks: [] };

/** Call at a test file's top: loads the engine before its tests, deletes what they kept after each. */
export function useEngine(): void {
  beforeAll(async () => {
    engine = await loadEngine();
  });
  afterEach(() => {
    for (const walk of created.walks.splice(0)) walk.delete();
    for (const search of created.searches.splice(0)) search.delete();
    for (const grid of created.grids.splice(0)) grid.delete();
  });
}

export const keepGrid = (grid: Grid): Grid => (created.grids.push(grid), grid);
export const keepSearch = (search: Search): Search => (created.searches.push(search), search);
export const keepWalk = (walk: Walk): Walk => (created.walks.push(walk), walk);

export const mapText = (rows: string[]): string =>
  `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;

export const SQRT2 = Math.SQRT2;

/** A step's neighbour events without their tag, as these tests compare them. */
export const neighbours = (step: StepEvent) => eventsOf(step, 'neighbour').map(({ kind: _kind, side: _side, ...rest }) => rest);

// A 40 x 30 map with walls and terrain from a fixed linear congruential sequence.
export function scrambledGrid(): Grid {
  const grid = keepGrid(engine.createGrid(40, 30));
  const costs = new Uint8Array(40 * 30);
  let state = 12345;
  for (let i = 0; i < costs.length; ++i) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const roll = state % 10;
    costs[i] = roll < 3 ? 0 : roll < 8 ? 1 : roll;
  }
  costs[0] = 1;
  costs[costs.length - 1] = 1;
  grid.assign(costs);
  return grid;
}
