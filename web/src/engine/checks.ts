// Argument checks shared by every public entry point, so each kind of bad argument is
// refused the same way, with a RangeError (or TypeError) naming the argument and what was
// allowed, before anything reaches wasm.
import type { Point } from './types';
import { MAX_TERRAIN_COST } from './types';

export function isInteger(value: unknown): value is number {
  return Number.isInteger(value);
}

export function checkTerrainCost(cost: number): void {
  if (!isInteger(cost) || cost < 0 || cost > MAX_TERRAIN_COST)
    throw new RangeError(`cost must be an integer from 0 (wall) to ${MAX_TERRAIN_COST}, got ${cost}`);
}

export function checkPoints(start: Point, goal: Point): void {
  for (const [what, point] of [['start', start], ['goal', goal]] as const) {
    if (!isInteger(point?.x) || !isInteger(point?.y))
      throw new RangeError(`${what} must have integer x and y, got ${JSON.stringify(point)}`);
  }
}

export function checkCount(n: number): void {
  if (typeof n !== 'number' || Number.isNaN(n) || n < 0) throw new RangeError(`runSteps() needs a count >= 0, got ${n}`);
}
