// Argument checks shared by every public entry point, so each kind of bad argument is
// refused the same way before anything reaches wasm: a TypeError when the argument is not
// of the type asked for (embind would convert "5" to 5 and true to 1), a RangeError when it
// is but its value is not allowed (embind would wrap 2^32 + k to k). Counts, limits and
// radii (wholeNumber) and names from a list (oneOf) are sets of values, so anything outside
// them, of whatever type, is a RangeError. Each error names the argument and what is allowed.
//
// Points are read once: readPoint copies x and y into a fresh object, and callers use only
// the copy, so a getter cannot pass the check and then answer differently when wasm reads it.
import type { Grid } from './interfaces';
import { MAX_TERRAIN_COST, type Point } from './types';

export function isInteger(value: unknown): value is number {
  return Number.isInteger(value);
}

/** How a value is shown in a message: strings quoted, everything else as String() would, without calling it on objects. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** `value` as a number: TypeError naming `name` otherwise. */
export function numberArgument(value: unknown, name: string): number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${shown(value)}`);
  return value;
}

/**
 * A whole number from `min` to `max` (safe integers only), for counts, limits and radii:
 * RangeError for anything else, whatever its type (a string is not such a count either).
 */
export function wholeNumber(value: unknown, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new RangeError(`${name} must be a whole number ${range}, got ${shown(value)}`);
  }
  return value as number;
}

export function booleanArgument(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`${name} needs true or false, got ${shown(value)}`);
  return value;
}

export function stringArgument(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new TypeError(`${what}, got ${shown(value)}`);
  return value;
}

/** `value` if it is one of `allowed`, else a RangeError naming them. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly unknown[]).includes(value)) throw new RangeError(`${what} takes ${allowed.map((name) => JSON.stringify(name)).join(' or ')}, got ${shown(value)}`);
  return value as T;
}

/** An options object whose keys are all among `allowed` (TypeError if not an object, RangeError naming an unknown key). */
export function checkOptionNames(options: unknown, allowed: readonly string[], what: string): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new TypeError(`${what} options must be an object, got ${shown(options)}`);
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) throw new RangeError(`unknown option ${JSON.stringify(key)}; the options are ${allowed.join(', ')}`);
  }
}

/**
 * A copy of `point`'s coordinates, each read once: TypeError unless `point` is an object
 * whose x and y are numbers, RangeError unless they are safe integers. Whether the cell is
 * on a grid is the caller's question (Grid.idOf, or reset's false).
 */
export function readPoint(point: unknown, name: string): Point {
  if (typeof point !== 'object' || point === null) throw new TypeError(`${name} must be a point {x, y}, got ${shown(point)}`);
  const { x, y } = point as { x: unknown; y: unknown };
  for (const [axis, value] of [['x', x], ['y', y]] as const) {
    if (!Number.isSafeInteger(numberArgument(value, `${name}.${axis}`)))
      throw new RangeError(`${name} must have integer x and y (safe integers), got ${name}.${axis} = ${shown(value)}`);
  }
  return { x: x as number, y: y as number };
}

/**
 * A point as wasm takes it (32-bit coordinates): one outside a width x height grid stays
 * outside, clamped to just past an edge, instead of wrapping onto a cell.
 */
export function wasmPoint(point: Point, width: number, height: number): Point {
  return { x: Math.min(Math.max(point.x, -1), width), y: Math.min(Math.max(point.y, -1), height) };
}

export function checkTerrainCost(cost: unknown): number {
  if (!isInteger(cost) || cost < 0 || cost > MAX_TERRAIN_COST)
    throw new RangeError(`cost must be an integer from 0 (wall) to ${MAX_TERRAIN_COST}, got ${shown(cost)}`);
  return cost;
}

/** A count of steps: a whole number >= 0, as wholeNumber takes it, or Infinity (as many as there are). */
export function stepCount(n: unknown, what: string): number {
  return n === Number.POSITIVE_INFINITY ? n : wholeNumber(n, what);
}

/**
 * The cell a preparation starts from (prepare(), path-searches.ts): the first walkable cell
 * of `grid`. RangeError when there is none, for every algorithm that prepares (the package's
 * mesh searches too): no query can start on such a grid, so nothing is worth preparing.
 */
export function preparationCell(grid: Grid): Point {
  const id = grid.costs().findIndex((cost) => cost > 0);
  if (id < 0) throw new RangeError('prepare() needs a grid with a walkable cell');
  return { x: id % grid.width, y: Math.floor(id / grid.width) };
}
