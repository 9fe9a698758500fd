// The walkable space of a grid map as a navigation mesh needs it: which squares are
// blocked (at the agent's radius), and the outline of the blocked region as straight edges
// between lattice points, ready to be constrained into a triangulation.
//
// The rule every mesh path keeps (issue 19): a path is a chain of straight segments that
// never enters the interior of a blocked cell, never passes between two blocked cells that
// touch only at a corner, and never leaves the map; it may run along walls and through
// their corners. Cells outside the map count as blocked, so the map's border is a wall.
// With radius r, no point of the path is closer than r to a blocked cell.
//
// Radius. The walkable space shrunk by r is the set of points at distance >= r from every
// blocked cell: its boundary is made of straight offsets of the walls and quarter circles
// around their convex corners. We approximate it from inside, conservatively, on a finer
// lattice: each cell is cut into RADIUS_RESOLUTION x RADIUS_RESOLUTION sub-squares, and a
// sub-square is walkable only when every point of it is at least r from every blocked cell
// (its distance to the nearest blocked cell, box to box, is >= r). So the inflated
// obstacles are polygons that contain the true rounded shapes: exact along walls when r is
// a multiple of 1 / RADIUS_RESOLUTION, a staircase outside each rounded corner, never
// closer than r. With r = 0 the lattice is the grid itself.
//
// Outline. A lattice point is a mesh vertex when the four squares around it are not all
// alike and not split by one straight line: a corner of the blocked region, including the
// pinch where two blocked squares touch only at a corner. There both outlines turn, so the
// constraint edges around the pinch close the passage between the two free quadrants: no
// triangle edge can cross from one to the other (it would cross a constraint or pass
// through the vertex). Edges are the maximal straight runs of boundary between vertices,
// so no vertex lies inside a constraint edge (what the triangulation library requires).
//
// Steps. Both are generators that yield after each row of work (build-mesh.ts's meshSteps
// runs them in a page's slices; blockedLattice and outline run them to the end), because on
// a 1024 x 1024 map with a radius they take seconds.
export const RADIUS_RESOLUTION = 4;
export const MAX_RADIUS = 4;

/** Blocked squares on a lattice of `scale` squares per cell side (outside counts as blocked). */
export interface BlockedLattice {
  /** Squares per cell side: 1 without a radius, RADIUS_RESOLUTION with one. */
  scale: number;
  width: number;
  height: number;
  /** Row-major, 1 where blocked. */
  blocked: Uint8Array;
}

/** Runs a generator of steps to its end. */
export function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The lattice for `costs` (0 = wall) at radius `radius` (0 to MAX_RADIUS cells). */
export function blockedLattice(costs: Uint8Array, width: number, height: number, radius: number): BlockedLattice {
  return finish(blockedLatticeSteps(costs, width, height, radius));
}

/** blockedLattice, yielding after each row of cells. */
export function* blockedLatticeSteps(costs: Uint8Array, width: number, height: number, radius: number): Generator<void, BlockedLattice> {
  if (radius === 0) {
    const blocked = new Uint8Array(width * height);
    for (let i = 0; i < blocked.length; i++) blocked[i] = costs[i] === 0 ? 1 : 0;
    return { scale: 1, width, height, blocked };
  }
  return yield* inflated(costs, width, height, radius);
}

function* inflated(costs: Uint8Array, width: number, height: number, radius: number): Generator<void, BlockedLattice> {
  const s = RADIUS_RESOLUTION;
  // Per row, the nearest blocked column at or left of x (-1: the border) and at or right
  // of x (width: the border), so the nearest blocked cell of a row is two reads away.
  const left = new Int32Array(width * height);
  const right = new Int32Array(width * height);
  for (let y = 0; y < height; y++) {
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (costs[y * width + x] === 0) last = x;
      left[y * width + x] = last;
    }
    last = width;
    for (let x = width - 1; x >= 0; x--) {
      if (costs[y * width + x] === 0) last = x;
      right[y * width + x] = last;
    }
  }
  const r2 = radius * radius;
  const reach = Math.floor(radius) + 1; // rows farther than this are at least `radius` away
  const lw = width * s;
  const blocked = new Uint8Array(lw * height * s);
  // The squared gap between [a0, a1] and the unit interval [b, b + 1].
  const gap2 = (a0: number, a1: number, b: number) => {
    const d = b > a1 ? b - a1 : a0 > b + 1 ? a0 - b - 1 : 0;
    return d * d;
  };
  /** Whether the box [x0, x1] x [y0, y1] is closer than the radius to a blocked cell of a row near cy. */
  const nearBlocked = (cx: number, cy: number, x0: number, x1: number, y0: number, y1: number) => {
    for (let row = cy - reach; row <= cy + reach; row++) {
      const dy2 = gap2(y0, y1, row);
      if (dy2 >= r2) continue;
      let dx2: number;
      if (row < 0 || row >= height) dx2 = 0;
      else {
        const at = row * width + cx;
        dx2 = Math.min(gap2(x0, x1, left[at]!), gap2(x0, x1, right[at]!));
      }
      if (dx2 + dy2 < r2) return true;
    }
    return false;
  };
  for (let cy = 0; cy < height; cy++) {
    for (let cx = 0; cx < width; cx++) {
      const cell = cy * width + cx;
      const wall = costs[cell] === 0;
      // Most cells are walls or at least the radius from every wall: then so are all their
      // sub-squares, which lie inside them, and one test of the cell's box settles all 16
      // (this cut NewYork_0_1024's lattice at radius 1 from about 0.9 s to a fraction).
      if (!wall && !nearBlocked(cx, cy, cx, cx + 1, cy, cy + 1)) continue;
      for (let j = 0; j < s; j++) {
        const y0 = cy + j / s, y1 = y0 + 1 / s;
        for (let i = 0; i < s; i++) {
          const x0 = cx + i / s, x1 = x0 + 1 / s;
          if (wall || nearBlocked(cx, cy, x0, x1, y0, y1)) blocked[(cy * s + j) * lw + cx * s + i] = 1;
        }
      }
    }
    yield;
  }
  return { scale: s, width: lw, height: height * s, blocked };
}

/** Vertices (lattice coordinates, x y pairs) and constraint edges (vertex index pairs). */
export interface Outline {
  points: Float64Array;
  edges: [number, number][];
}

export function outline(lattice: BlockedLattice): Outline {
  return finish(outlineSteps(lattice));
}

/** outline, yielding after each row (or column) of lattice points. */
export function* outlineSteps(lattice: BlockedLattice): Generator<void, Outline> {
  const { width: w, height: h, blocked } = lattice;
  // The lattice inside a border of blocked squares (outside the map counts as blocked), so
  // reading a square needs no bounds test: with a radius the lattice has 16 squares a cell,
  // and these reads were most of the outline's time.
  const pw = w + 2;
  const padded = new Uint8Array(pw * (h + 2)).fill(1);
  for (let y = 0; y < h; y++) padded.set(blocked.subarray(y * w, (y + 1) * w), (y + 1) * pw + 1);
  /** Whether square (x, y) is blocked, for -1 <= x <= w and -1 <= y <= h. */
  const isBlocked = (x: number, y: number) => padded[(y + 1) * pw + x + 1] === 1;
  const isVertex = (x: number, y: number) => {
    const a = isBlocked(x - 1, y - 1), b = isBlocked(x, y - 1), c = isBlocked(x - 1, y), d = isBlocked(x, y);
    return !(a === b && c === d) && !(a === c && b === d);
  };
  // The lattice points on the outline (corners or not), row by row, x ascending: where
  // the four squares around the point are not all alike.
  const rows: Int32Array[] = [];
  const row: number[] = [];
  for (let y = 0; y <= h; y++) {
    row.length = 0;
    // Squares (x - 1, y - 1) and (x, y - 1) are at above + x and above + x + 1; the row below likewise.
    const above = y * pw, below = above + pw;
    for (let x = 0; x <= w; x++) {
      const a = padded[above + x];
      if (a !== padded[above + x + 1] || a !== padded[below + x] || a !== padded[below + x + 1]) row.push(x);
    }
    rows.push(Int32Array.from(row));
    if ((y & 7) === 7) yield;
  }
  const index = new Map<number, number>();
  const coords: number[] = [];
  const vertex = (x: number, y: number) => {
    const key = y * (w + 1) + x;
    let id = index.get(key);
    if (id === undefined) {
      id = coords.length >> 1;
      index.set(key, id);
      coords.push(x, y);
    }
    return id;
  };
  // Whether a lattice point of the outline other than the ends lies inside or on the circle
  // with diameter (x0, y0)-(x1, y1): in doubled coordinates, so the test is exact.
  const crowded = (x0: number, y0: number, x1: number, y1: number) => {
    const mx = x0 + x1, my = y0 + y1, length = Math.abs(x1 - x0) + Math.abs(y1 - y0);
    const r2 = length * length; // (2 * radius)^2
    for (let y = Math.max(0, Math.ceil((my - length) / 2)); y <= Math.min(h, Math.floor((my + length) / 2)); y++) {
      const dy = 2 * y - my;
      const row = rows[y]!;
      // First point with 2x >= mx - length.
      let lo = 0, hi = row.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (2 * row[mid]! < mx - length) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < row.length && 2 * row[k]! <= mx + length; k++) {
        const dx = 2 * row[k]! - mx;
        // The run's own points (ends and inside) are skipped: no vertex is ever inside a run.
        const x = row[k]!;
        const own = y0 === y1 ? y === y0 && x >= x0 && x <= x1 : x === x0 && y >= y0 && y <= y1;
        if (dx * dx + dy * dy <= r2 && !own) return true;
      }
    }
    return false;
  };
  // A wall run becomes one constraint edge when no other lattice point of the outline is
  // inside or on the circle that has it as a diameter. Every point of the triangulation is
  // such a lattice point, so the edge is in every Delaunay triangulation of them and the
  // constrained triangulation has nothing to flip for it. Otherwise the run is split at its
  // middle lattice point, down to unit pieces if need be (their circles hold no other
  // lattice point). Without this, runs along narrow corridors cross many Delaunay edges,
  // and constraining them took 14 s on a 512 x 512 maze instead of a fraction of one.
  const edges: [number, number][] = [];
  const run = (x0: number, y0: number, x1: number, y1: number) => {
    const length = x1 - x0 + (y1 - y0);
    if (length > 1 && crowded(x0, y0, x1, y1)) {
      const half = length >> 1;
      const xm = x1 > x0 ? x0 + half : x0, ym = y1 > y0 ? y0 + half : y0;
      run(x0, y0, xm, ym);
      run(xm, ym, x1, y1);
    } else {
      edges.push([vertex(x0, y0), vertex(x1, y1)]);
    }
  };
  // Horizontal runs along line y (between rows y - 1 and y), then vertical runs along line x.
  // Only outline points can start or end a run (elsewhere the four squares around a point
  // are alike), so each line visits just its outline points, in order: the columns' lists
  // are gathered from the rows first, rather than reading the lattice column by column.
  for (let y = 0; y <= h; y++) {
    let from = -1;
    for (const x of rows[y]!) {
      if (from >= 0 && isVertex(x, y)) {
        run(from, y, x, y);
        from = -1;
      }
      if (from < 0 && x < w && isBlocked(x, y - 1) !== isBlocked(x, y)) from = x;
    }
    if ((y & 7) === 7) yield;
  }
  const columnStart = new Int32Array(w + 2);
  for (const points of rows) for (const x of points) columnStart[x + 1]!++;
  for (let x = 0; x <= w; x++) columnStart[x + 1]! += columnStart[x]!;
  const columnRows = new Int32Array(columnStart[w + 1]!);
  const filled = columnStart.slice(0, w + 1);
  rows.forEach((points, y) => {
    for (const x of points) columnRows[filled[x]!++] = y;
  });
  yield;
  for (let x = 0; x <= w; x++) {
    let from = -1;
    for (let k = columnStart[x]!; k < columnStart[x + 1]!; k++) {
      const y = columnRows[k]!;
      if (from >= 0 && isVertex(x, y)) {
        run(x, from, x, y);
        from = -1;
      }
      if (from < 0 && y < h && isBlocked(x - 1, y) !== isBlocked(x, y)) from = y;
    }
    if ((x & 7) === 7) yield;
  }
  return { points: Float64Array.from(coords), edges };
}
