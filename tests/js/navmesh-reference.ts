// An independent reference for the mesh searches, sharing no code with the engine or the
// mesh builder: the exact shortest path under the rule, by Dijkstra over a visibility
// graph, and a check that a path keeps the rule.
//
// The rule (issue 19): a path is straight segments that never enter the interior of a
// blocked square, never pass between two blocked squares that touch only at a corner,
// and never leave the map; they may run along walls and through their corners. Squares
// outside the map are blocked. Squares are of side 1 / scale: the cells themselves
// (scale 1), or for an agent of radius r the quarter-cell squares at least r from every
// blocked cell (blockedAtRadius, computed here by brute force).
//
// A shortest path under the rule bends only at convex corners of the blocked region (a
// lattice point with exactly one of its four squares blocked), so the visibility graph
// over those corners, the start and the goal holds it.
export interface Lattice {
  scale: number;
  width: number;
  height: number;
  blocked: (x: number, y: number) => boolean;
}

export interface P {
  x: number;
  y: number;
}

export function cellLattice(width: number, height: number, walls: Uint8Array): Lattice {
  return { scale: 1, width, height, blocked: (x, y) => x < 0 || y < 0 || x >= width || y >= height || walls[y * width + x] === 1 };
}

/** Distance between two axis-aligned boxes. */
function boxGap(ax0: number, ay0: number, ax1: number, ay1: number, bx0: number, by0: number, bx1: number, by1: number): number {
  const dx = Math.max(0, bx0 - ax1, ax0 - bx1), dy = Math.max(0, by0 - ay1, ay0 - by1);
  return Math.hypot(dx, dy);
}

/** Quarter-cell squares blocked for an agent of radius r: closer than r to a blocked cell or the outside. */
export function blockedAtRadius(width: number, height: number, walls: Uint8Array, r: number): Lattice {
  const s = 4, w = width * s, h = height * s;
  const blocked = new Uint8Array(w * h);
  const reach = Math.ceil(r) + 1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const x0 = x / s, y0 = y / s, cx = Math.floor(x0), cy = Math.floor(y0);
      let near = false;
      for (let j = cy - reach; j <= cy + reach && !near; j++)
        for (let i = cx - reach; i <= cx + reach && !near; i++) {
          const wall = i < 0 || j < 0 || i >= width || j >= height || walls[j * width + i] === 1;
          near = wall && boxGap(x0, y0, x0 + 1 / s, y0 + 1 / s, i, j, i + 1, j + 1) < r;
        }
      blocked[y * w + x] = near ? 1 : 0;
    }
  return { scale: s, width: w, height: h, blocked: (x, y) => x < 0 || y < 0 || x >= w || y >= h || blocked[y * w + x] === 1 };
}

const EPS = 1e-9;
const isInt = (v: number) => Math.abs(v - Math.round(v)) < EPS;

/** Whether the segment a-b (map coordinates) keeps the rule on the lattice. */
export function segmentLegal(lattice: Lattice, a: P, b: P): boolean {
  const { scale, blocked, width, height } = lattice;
  const ax = a.x * scale, ay = a.y * scale, bx = b.x * scale, by = b.y * scale;
  for (const [x, y] of [[ax, ay], [bx, by]] as const) if (x < -EPS || y < -EPS || x > width + EPS || y > height + EPS) return false;
  // Cut at every grid line crossed; judge each piece by its midpoint, each crossing point.
  const ts = [0, 1];
  const dx = bx - ax, dy = by - ay;
  if (Math.abs(dx) > EPS) for (let k = Math.ceil(Math.min(ax, bx)); k <= Math.floor(Math.max(ax, bx)); k++) ts.push((k - ax) / dx);
  if (Math.abs(dy) > EPS) for (let k = Math.ceil(Math.min(ay, by)); k <= Math.floor(Math.max(ay, by)); k++) ts.push((k - ay) / dy);
  ts.sort((p, q) => p - q);
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i]!, t1 = ts[i + 1]!;
    if (t1 - t0 < EPS) continue;
    const tm = (t0 + t1) / 2, mx = ax + dx * tm, my = ay + dy * tm;
    const onX = isInt(mx), onY = isInt(my);
    if (!onX && !onY) {
      if (blocked(Math.floor(mx), Math.floor(my))) return false;
    } else if (onX && !onY) {
      const k = Math.round(mx);
      if (blocked(k - 1, Math.floor(my)) && blocked(k, Math.floor(my))) return false;
    } else if (!onX && onY) {
      const k = Math.round(my);
      if (blocked(Math.floor(mx), k - 1) && blocked(Math.floor(mx), k)) return false;
    }
  }
  // Through (not at the end of) a lattice point where two blocked squares touch only at it.
  for (const t of ts) {
    if (t < EPS || t > 1 - EPS) continue;
    const px = ax + dx * t, py = ay + dy * t;
    if (!isInt(px) || !isInt(py)) continue;
    const X = Math.round(px), Y = Math.round(py);
    const nw = blocked(X - 1, Y - 1), ne = blocked(X, Y - 1), sw = blocked(X - 1, Y), se = blocked(X, Y);
    if ((nw && se && !ne && !sw) || (ne && sw && !nw && !se)) return false;
  }
  return true;
}

/** Distance from segment a-b to the box [x0, x1] x [y0, y1]. */
function segmentBoxGap(a: P, b: P, x0: number, y0: number, x1: number, y1: number): number {
  // Sample-free: the minimum is at a segment end, or at a box corner's projection, or 0 when they cross.
  const clip = (p: P) => Math.hypot(Math.max(0, x0 - p.x, p.x - x1), Math.max(0, y0 - p.y, p.y - y1));
  let best = Math.min(clip(a), clip(b));
  const d = { x: b.x - a.x, y: b.y - a.y }, len2 = d.x * d.x + d.y * d.y;
  for (const [cx, cy] of [[x0, y0], [x1, y0], [x0, y1], [x1, y1]] as const) {
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((cx - a.x) * d.x + (cy - a.y) * d.y) / len2));
    best = Math.min(best, clip({ x: a.x + d.x * t, y: a.y + d.y * t }));
  }
  // Crossing the box: some point of the segment inside it.
  for (let i = 0; i <= 64 && best > 0; i++) {
    const t = i / 64;
    best = Math.min(best, clip({ x: a.x + d.x * t, y: a.y + d.y * t }));
  }
  return best;
}

/** The smallest distance from the segment to a blocked cell or the outside of the map. */
export function clearance(width: number, height: number, walls: Uint8Array, a: P, b: P): number {
  let best = Math.min(a.x, b.x, a.y, b.y, width - Math.max(a.x, b.x), height - Math.max(a.y, b.y));
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x)) - 5), x1 = Math.min(width - 1, Math.floor(Math.max(a.x, b.x)) + 5);
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y)) - 5), y1 = Math.min(height - 1, Math.floor(Math.max(a.y, b.y)) + 5);
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) if (walls[y * width + x] === 1) best = Math.min(best, segmentBoxGap(a, b, x, y, x + 1, y + 1));
  return best;
}

/** Whether p is in the closure of a walkable square. */
export function pointWalkable(lattice: Lattice, p: P): boolean {
  const x = p.x * lattice.scale, y = p.y * lattice.scale;
  if (x < -EPS || y < -EPS || x > lattice.width + EPS || y > lattice.height + EPS) return false;
  const xs = isInt(x) ? [Math.round(x) - 1, Math.round(x)] : [Math.floor(x)];
  const ys = isInt(y) ? [Math.round(y) - 1, Math.round(y)] : [Math.floor(y)];
  return xs.some((i) => ys.some((j) => !lattice.blocked(i, j)));
}

/** The length of the shortest legal path from s to t, or null when there is none (or s, t are not walkable). */
export function shortestPath(lattice: Lattice, s: P, t: P): number | null {
  const { scale, blocked, width, height } = lattice;
  const nodes: P[] = [s, t];
  for (let Y = 0; Y <= height; Y++)
    for (let X = 0; X <= width; X++) {
      const count = +blocked(X - 1, Y - 1) + +blocked(X, Y - 1) + +blocked(X - 1, Y) + +blocked(X, Y);
      if (count === 1) nodes.push({ x: X / scale, y: Y / scale });
    }
  if (!pointWalkable(lattice, s) || !pointWalkable(lattice, t)) return null;
  const dist = new Float64Array(nodes.length).fill(Infinity);
  const done = new Uint8Array(nodes.length);
  dist[0] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < nodes.length; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0) return null;
    if (u === 1) return dist[1]!;
    done[u] = 1;
    for (let v = 0; v < nodes.length; v++) {
      if (done[v]) continue;
      const d = dist[u]! + Math.hypot(nodes[u]!.x - nodes[v]!.x, nodes[u]!.y - nodes[v]!.y);
      if (d < dist[v]! - 1e-12 && segmentLegal(lattice, nodes[u]!, nodes[v]!)) dist[v] = d;
    }
  }
}

export function pathLength(path: P[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += Math.hypot(path[i]!.x - path[i - 1]!.x, path[i]!.y - path[i - 1]!.y);
  return total;
}
