// How the raw module's values become the wrapper's: NaN ("no value" in C++) becomes null,
// NO_CELL marks a missing cell id, and (x, y) pairs in an Int32Array become points.
import * as names from './generated/names';
import type { Point } from './types';

export const NO_CELL = names.NO_CELL;

export function nullIfNaN(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}

/** Points from a view of (x, y) int pairs. */
export function pointsOf(pairs: Int32Array): Point[] {
  const points: Point[] = new Array(pairs.length / 2);
  for (let i = 0; i < points.length; ++i) points[i] = { x: pairs[2 * i]!, y: pairs[2 * i + 1]! };
  return points;
}
