// Map generators. Each returns row-major costs (0 wall, 1..9 terrain) for a width x height
// grid, computed only from its arguments and a seeded random source, so a seed names a map.
// They know nothing about the engine or the page: the store copies the result into a Grid.
import { randomInt, seededRandom, type Random } from './rng';

/** A cell position (the same shape as the engine's Point; generators do not import the engine). */
export interface Point {
  x: number;
  y: number;
}

export type GeneratorName = 'random-walls' | 'recursive-division' | 'dfs-maze' | 'rooms' | 'terrain';
export const GENERATOR_NAMES: readonly GeneratorName[] = ['random-walls', 'recursive-division', 'dfs-maze', 'rooms', 'terrain'];

export interface GeneratorParams {
  width: number;
  height: number;
  seed: number;
  /** Share of walls for 'random-walls', 0..1. */
  density?: number;
}

const WALL = 0;
const FLOOR = 1;

/**
 * Where start and goal should go on a map this generator made, given where they are:
 * the mazes carve corridors along odd rows and columns, so an endpoint elsewhere could be
 * walled in; the other generators keep any cell (the caller clears the cell itself).
 */
export function placeEndpoints(name: GeneratorName, width: number, height: number, start: Point, goal: Point): { start: Point; goal: Point } {
  if (name !== 'dfs-maze' && name !== 'recursive-division') return { start, goal };
  const odd = (value: number, size: number) => {
    const largestOdd = (size - 2) % 2 === 1 ? size - 2 : size - 3;
    return Math.max(1, Math.min(value | 1, largestOdd));
  };
  const onOddCell = (p: Point) => ({ x: odd(p.x, width), y: odd(p.y, height) });
  const oddStart = onOddCell(start);
  let oddGoal = onOddCell(goal);
  if (oddGoal.x === oddStart.x && oddGoal.y === oddStart.y) oddGoal = onOddCell({ x: width - 2, y: height - 2 });
  return { start: oddStart, goal: oddGoal };
}

export function generateMap(name: GeneratorName, params: GeneratorParams): Uint8Array {
  const random = seededRandom(params.seed);
  switch (name) {
    case 'random-walls': return randomWalls(params.width, params.height, params.density ?? 0.25, random);
    case 'recursive-division': return recursiveDivision(params.width, params.height, random);
    case 'dfs-maze': return depthFirstMaze(params.width, params.height, random);
    case 'rooms': return rooms(params.width, params.height, random);
    case 'terrain': return terrainWeights(params.width, params.height, random);
  }
}

function randomWalls(width: number, height: number, density: number, random: Random): Uint8Array {
  const costs = new Uint8Array(width * height);
  const share = Math.min(Math.max(density, 0), 1);
  for (let i = 0; i < costs.length; i++) costs[i] = random() < share ? WALL : FLOOR;
  return costs;
}

// Walls on even rows/columns with one gap at an odd position, so passages are one cell
// wide and every open cell stays reachable (the chambers form a tree).
function recursiveDivision(width: number, height: number, random: Random): Uint8Array {
  const costs = new Uint8Array(width * height).fill(FLOOR);
  const set = (x: number, y: number, value: number) => { costs[y * width + x] = value; };
  for (let x = 0; x < width; x++) { set(x, 0, WALL); set(x, height - 1, WALL); }
  for (let y = 0; y < height; y++) { set(0, y, WALL); set(width - 1, y, WALL); }

  // Explicit stack of chambers (inclusive bounds of open cells) instead of recursion: a
  // 1024-wide map would nest deep enough to worry about.
  const chambers: Array<[number, number, number, number]> = [[1, 1, width - 2, height - 2]];
  while (chambers.length > 0) {
    const [left, top, right, bottom] = chambers.pop()!;
    const chamberWidth = right - left + 1;
    const chamberHeight = bottom - top + 1;
    if (chamberWidth < 3 || chamberHeight < 3) continue;
    const horizontal = chamberHeight > chamberWidth || (chamberHeight === chamberWidth && random() < 0.5);
    if (horizontal) {
      const wallY = top + 1 + 2 * randomInt(random, 0, Math.floor((chamberHeight - 3) / 2));
      const gapX = left + 2 * randomInt(random, 0, Math.floor((chamberWidth - 1) / 2));
      for (let x = left; x <= right; x++) if (x !== gapX) set(x, wallY, WALL);
      chambers.push([left, top, right, wallY - 1], [left, wallY + 1, right, bottom]);
    } else {
      const wallX = left + 1 + 2 * randomInt(random, 0, Math.floor((chamberWidth - 3) / 2));
      const gapY = top + 2 * randomInt(random, 0, Math.floor((chamberHeight - 1) / 2));
      for (let y = top; y <= bottom; y++) if (y !== gapY) set(wallX, y, WALL);
      chambers.push([left, top, wallX - 1, bottom], [wallX + 1, top, right, bottom]);
    }
  }
  return costs;
}

// Randomised depth-first search over the cells at odd coordinates, carving the wall
// between each cell and the neighbour it moves to: a perfect maze (exactly one route).
function depthFirstMaze(width: number, height: number, random: Random): Uint8Array {
  const costs = new Uint8Array(width * height); // all walls
  const cellsX = Math.floor((width - 1) / 2);
  const cellsY = Math.floor((height - 1) / 2);
  if (cellsX < 1 || cellsY < 1) return costs.fill(FLOOR);
  const visited = new Uint8Array(cellsX * cellsY);
  const stack: number[] = [0];
  visited[0] = 1;
  costs[1 * width + 1] = FLOOR;
  const steps = [[0, -1], [1, 0], [0, 1], [-1, 0]] as const;
  const choices: number[] = [];
  while (stack.length > 0) {
    const current = stack[stack.length - 1];
    const cx = current % cellsX, cy = Math.floor(current / cellsX);
    choices.length = 0;
    for (let d = 0; d < 4; d++) {
      const nx = cx + steps[d][0], ny = cy + steps[d][1];
      if (nx >= 0 && ny >= 0 && nx < cellsX && ny < cellsY && !visited[ny * cellsX + nx]) choices.push(d);
    }
    if (choices.length === 0) { stack.pop(); continue; }
    const d = choices[randomInt(random, 0, choices.length - 1)];
    const nx = cx + steps[d][0], ny = cy + steps[d][1];
    visited[ny * cellsX + nx] = 1;
    costs[(2 * cy + 1 + steps[d][1]) * width + (2 * cx + 1 + steps[d][0])] = FLOOR;
    costs[(2 * ny + 1) * width + (2 * nx + 1)] = FLOOR;
    stack.push(ny * cellsX + nx);
  }
  return costs;
}

// Rectangular rooms on a jittered grid, each joined to its right and lower neighbour by a
// door, so the whole floor plan is connected.
function rooms(width: number, height: number, random: Random): Uint8Array {
  const costs = new Uint8Array(width * height).fill(FLOOR);
  const set = (x: number, y: number, value: number) => { costs[y * width + x] = value; };
  const roomSize = Math.max(4, Math.round(Math.min(width, height) / 6));
  const columns: number[] = [];
  for (let x = roomSize; x < width - 3; x += roomSize + randomInt(random, -1, 1)) columns.push(x);
  const rows: number[] = [];
  for (let y = roomSize; y < height - 3; y += roomSize + randomInt(random, -1, 1)) rows.push(y);
  for (const x of columns) for (let y = 0; y < height; y++) set(x, y, WALL);
  for (const y of rows) for (let x = 0; x < width; x++) set(x, y, WALL);
  // One door in every wall segment between two crossings.
  const xs = [-1, ...columns, width];
  const ys = [-1, ...rows, height];
  const doorWidth = roomSize >= 8 ? 2 : 1;
  for (const x of columns) {
    for (let i = 0; i + 1 < ys.length; i++) {
      const from = ys[i] + 1, to = ys[i + 1] - 1;
      if (to - from + 1 <= doorWidth) { for (let y = from; y <= to; y++) set(x, y, FLOOR); continue; }
      const door = randomInt(random, from, to - doorWidth + 1);
      for (let k = 0; k < doorWidth; k++) set(x, door + k, FLOOR);
    }
  }
  for (const y of rows) {
    for (let i = 0; i + 1 < xs.length; i++) {
      const from = xs[i] + 1, to = xs[i + 1] - 1;
      if (to - from + 1 <= doorWidth) { for (let x = from; x <= to; x++) set(x, y, FLOOR); continue; }
      const door = randomInt(random, from, to - doorWidth + 1);
      for (let k = 0; k < doorWidth; k++) set(door + k, y, FLOOR);
    }
  }
  return costs;
}

// Smooth random costs 1..9: bilinear interpolation of a coarse random lattice, so terrain
// forms patches (hills, swamps) rather than noise, with a finer octave for texture.
function terrainWeights(width: number, height: number, random: Random): Uint8Array {
  const costs = new Uint8Array(width * height);
  const octaves = [
    { spacing: Math.max(4, Math.round(Math.max(width, height) / 5)), amount: 0.75 },
    { spacing: Math.max(2, Math.round(Math.max(width, height) / 20)), amount: 0.25 },
  ];
  const field = new Float32Array(width * height);
  for (const { spacing, amount } of octaves) {
    const latticeW = Math.ceil(width / spacing) + 2;
    const latticeH = Math.ceil(height / spacing) + 2;
    const lattice = new Float32Array(latticeW * latticeH);
    for (let i = 0; i < lattice.length; i++) lattice[i] = random();
    for (let y = 0; y < height; y++) {
      const ly = y / spacing, y0 = Math.floor(ly), ty = smooth(ly - y0);
      for (let x = 0; x < width; x++) {
        const lx = x / spacing, x0 = Math.floor(lx), tx = smooth(lx - x0);
        const a = lattice[y0 * latticeW + x0], b = lattice[y0 * latticeW + x0 + 1];
        const c = lattice[(y0 + 1) * latticeW + x0], d = lattice[(y0 + 1) * latticeW + x0 + 1];
        field[y * width + x] += amount * ((a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty);
      }
    }
  }
  // Stretch to the full 1..9 range: interpolation pulls values toward the middle.
  let low = Infinity, high = -Infinity;
  for (const v of field) { if (v < low) low = v; if (v > high) high = v; }
  const span = high - low || 1;
  for (let i = 0; i < field.length; i++) costs[i] = 1 + Math.min(8, Math.floor(((field[i] - low) / span) * 9));
  return costs;
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}
