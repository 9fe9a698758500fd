// What the presenters of the searches on the navigation mesh (navmesh.ts, polyanya.ts)
// share: points of the plane in words, a polygon's corners from the mesh's flat arrays, the
// polygon under a point. Positions are map units: cell (x, y) is the square from (x, y) to
// (x + 1, y + 1), the plane the mesh and the paths live in.
import type { MeshData, MeshSearch, Point } from '../engine/engine';
import { formatNumber } from '../scene/format';

/** A point of the plane in words: "(3.5, 4)". */
export const pointName = (p: Point): string => `(${formatNumber(p.x, 2)}, ${formatNumber(p.y, 2)})`;

/** A number as the narration gives costs. */
export const figure = (value: number | null): string => formatNumber(value, 2);

/** The mesh the search read at its last reset, or null before one. */
export function meshData(search: MeshSearch): MeshData | null {
  return search.mesh?.data ?? null;
}

/** Polygon `p`'s corners in order. */
export function polygonPoints(data: MeshData, p: number): Point[] {
  const points: Point[] = [];
  for (let k = data.polygonStart[p]!; k < data.polygonStart[p + 1]!; k++) {
    const v = data.polygonVertices[k]!;
    points.push({ x: data.vertices[2 * v]!, y: data.vertices[2 * v + 1]! });
  }
  return points;
}

/** How many polygons the mesh has. */
export const polygonCount = (data: MeshData): number => data.polygonStart.length - 1;

/**
 * The polygon holding `point` (inside or on its boundary; the first such in mesh order), or
 * -1 where there is none: the point is blocked for the agent's radius. Polygons are listed
 * with orient > 0 at every vertex (build-mesh.ts), so inside means on the left of no edge.
 */
export function polygonAt(data: MeshData, point: Point): number {
  const count = polygonCount(data);
  for (let p = 0; p < count; p++) {
    const from = data.polygonStart[p]!, to = data.polygonStart[p + 1]!;
    let inside = true;
    for (let k = from; k < to && inside; k++) {
      const a = data.polygonVertices[k]!, b = data.polygonVertices[k + 1 < to ? k + 1 : from]!;
      const ax = data.vertices[2 * a]!, ay = data.vertices[2 * a + 1]!;
      const bx = data.vertices[2 * b]!, by = data.vertices[2 * b + 1]!;
      if ((bx - ax) * (point.y - ay) - (by - ay) * (point.x - ax) < 0) inside = false;
    }
    if (inside) return p;
  }
  return -1;
}

/** The middle of a segment. */
export const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** Whether the segment from a to b passes through the unit square of cell (x, y) (Liang-Barsky clipping). */
export function segmentCrossesCell(a: Point, b: Point, cell: Point): boolean {
  let t0 = 0, t1 = 1;
  const dx = b.x - a.x, dy = b.y - a.y;
  const clip = (p: number, q: number) => {
    if (p === 0) return q >= 0;
    const t = q / p;
    if (p < 0) { if (t > t1) return false; if (t > t0) t0 = t; }
    else { if (t < t0) return false; if (t < t1) t1 = t; }
    return true;
  };
  return clip(-dx, a.x - cell.x) && clip(dx, cell.x + 1 - a.x) && clip(-dy, a.y - cell.y) && clip(dy, cell.y + 1 - a.y);
}
