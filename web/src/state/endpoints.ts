// Where to put start and goal on a map nobody placed them on (an import or a preset): in
// the largest 4-connected region, so the first search shown never says "no path" by
// accident, far apart, so it is worth watching, and off the map's edges, so their markers
// (larger than a cell on a big map) are drawn whole.
import type { Point } from '../engine/engine';

/** The share of a side kept clear between the edge and start or goal, and the fewest cells. */
const EDGE_MARGIN_SHARE = 0.03;
const MIN_EDGE_MARGIN = 2;

export function pickEndpoints(costs: Uint8Array, width: number, height: number): { start: Point; goal: Point } {
  const region = largestRegion(costs, width, height);
  if (!region) return { start: { x: 0, y: 0 }, goal: { x: width - 1, y: height - 1 } };
  // The margin shrinks where the map is too small or the region too close to the edges to
  // keep it; on a small map the cells are large, and a marker fits inside its own cell.
  for (let shrink = 0; ; shrink++) {
    const marginX = edgeMargin(width) >> shrink, marginY = edgeMargin(height) >> shrink;
    const pair = farthestCorners(region, width, height, marginX, marginY);
    if (pair || (marginX === 0 && marginY === 0)) return pair ?? { start: region.first, goal: region.first };
  }
}

/** The margin for a side: 3% of it, at least 2 cells, but never more than an eighth of the side. */
function edgeMargin(side: number): number {
  return Math.min(Math.max(MIN_EDGE_MARGIN, Math.ceil(side * EDGE_MARGIN_SHARE)), Math.floor(side / 8));
}

interface Region {
  /** Per cell, 1 in the region. */
  cells: Uint8Array;
  /** Its first cell in reading order. */
  first: Point;
}

/** The largest 4-connected region of walkable cells; null when there is none. */
function largestRegion(costs: Uint8Array, width: number, height: number): Region | null {
  const label = new Int32Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  let bestLabel = -1, bestSize = 0, bestSeed = -1, count = 0;
  for (let seed = 0; seed < costs.length; seed++) {
    if (costs[seed] === 0 || label[seed] !== -1) continue;
    const current = count++;
    let head = 0, tail = 0;
    const visit = (next: number) => {
      if (costs[next] !== 0 && label[next] === -1) { label[next] = current; queue[tail++] = next; }
    };
    visit(seed);
    while (head < tail) {
      const id = queue[head++];
      const x = id % width, y = (id - x) / width;
      if (x > 0) visit(id - 1);
      if (x < width - 1) visit(id + 1);
      if (y > 0) visit(id - width);
      if (y < height - 1) visit(id + width);
    }
    if (tail > bestSize) { bestSize = tail; bestLabel = current; bestSeed = seed; }
  }
  if (bestLabel < 0) return null;
  return { cells: Uint8Array.from(label, (l) => (l === bestLabel ? 1 : 0)), first: { x: bestSeed % width, y: Math.floor(bestSeed / width) } };
}

/**
 * The region's cells inside the margins nearest two opposite corners: the top-left and
 * bottom-right ones or the bottom-left and top-right ones, whichever pair is farther apart
 * (a region along the other diagonal has both of the first pair close together); the start
 * is the pair's first. Null when the margins leave fewer than two cells.
 */
function farthestCorners(region: Region, width: number, height: number, marginX: number, marginY: number): { start: Point; goal: Point } | null {
  // The cells with the smallest and the largest x + y, and with the smallest and the largest x - y.
  let topLeft: Point | null = null, bottomRight: Point | null = null, bottomLeft: Point | null = null, topRight: Point | null = null;
  for (let y = marginY; y < height - marginY; y++) {
    for (let x = marginX; x < width - marginX; x++) {
      if (!region.cells[y * width + x]) continue;
      if (!topLeft || x + y < topLeft.x + topLeft.y) topLeft = { x, y };
      if (!bottomRight || x + y > bottomRight.x + bottomRight.y) bottomRight = { x, y };
      if (!bottomLeft || x - y < bottomLeft.x - bottomLeft.y) bottomLeft = { x, y };
      if (!topRight || x - y > topRight.x - topRight.y) topRight = { x, y };
    }
  }
  if (!topLeft || !bottomRight || !bottomLeft || !topRight) return null;
  const main = { start: topLeft, goal: bottomRight }, other = { start: bottomLeft, goal: topRight };
  const pair = apart(other) > apart(main) ? other : main;
  return apart(pair) > 0 ? pair : null;
}

function apart({ start, goal }: { start: Point; goal: Point }): number {
  return Math.hypot(start.x - goal.x, start.y - goal.y);
}
