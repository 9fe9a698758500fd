// Builds a navigation mesh from a grid map: convex polygons covering the walkable space
// (shrunk by the agent's radius), each with its neighbours across its edges. The wasm core
// receives the result as typed arrays (MeshData) and runs the mesh searches on it; the
// CLI, the package and the page all build meshes here, the same way.
//
// Steps:
// 1. free-space.ts: the blocked squares at the radius, and their outline as constraint
//    edges between lattice points (the map's border included).
// 2. A constrained Delaunay triangulation of the outline's vertices: Delaunator (ISC), a
//    fast, widely used Delaunay triangulator with robust predicates, constrained by
//    @kninnug/constrainautor (ISC), which adds the outline edges by flipping (Sloan's
//    method) and keeps the rest Delaunay. Our points are on an integer lattice, so every
//    predicate is exact. Triangles inside the blocked region are dropped: every boundary
//    is a constraint edge, so a triangle is wholly free or wholly blocked, and its centroid
//    says which.
// 3. Hertel-Mehlhorn: remove each shared edge whose two polygons stay strictly convex
//    without it (both angles at its ends under 180 degrees). The result has at most four
//    times as many polygons as an optimal convex partition, and no polygon has three
//    collinear vertices, which keeps the searches' interval arithmetic simple.
//
// Orientation: coordinates are the map's (x right, y down, cell (x, y) is the square
// (x, y)-(x + 1, y + 1)). Polygons are listed so that orient(a, b, c) = (b - a) x (c - a)
// is positive at every vertex (counter-clockwise in x/y axes, clockwise on screen).
import Delaunator from 'delaunator';
import Constrainautor from '@kninnug/constrainautor';
import { MAX_RADIUS, blockedLatticeSteps, finish, outlineSteps } from './free-space';

/** A navigation mesh as flat arrays: what crosses into the wasm core. */
export interface MeshData {
  /** The map it was built for, and the agent radius (cells). */
  width: number;
  height: number;
  radius: number;
  /** x, y pairs in map coordinates. */
  vertices: Float64Array;
  /** Polygon p's vertices are polygonVertices[polygonStart[p] .. polygonStart[p + 1]). Length polygons + 1. */
  polygonStart: Uint32Array;
  polygonVertices: Uint32Array;
  /** Per polygon vertex k: the polygon across the edge from vertex k to the next one, -1 for a wall. */
  polygonNeighbours: Int32Array;
  /** Triangles before merging, for the build's report. */
  triangles: number;
}

export interface MeshBuildReport {
  polygons: number;
  vertices: number;
  triangles: number;
  /** Wall-clock milliseconds the build took. */
  milliseconds: number;
}

/** Checks a radius as every caller takes it: a number from 0 to MAX_RADIUS cells. */
export function checkRadius(radius: unknown): number {
  if (typeof radius !== 'number' || !Number.isFinite(radius) || radius < 0 || radius > MAX_RADIUS)
    throw new RangeError(`radius must be a number of cells from 0 to ${MAX_RADIUS}, got ${String(radius)}`);
  return radius;
}

/** The mesh of the walkable space of `costs` (row-major, 0 = wall) for an agent of `radius`. */
export function buildMesh(costs: Uint8Array, width: number, height: number, radius = 0): MeshData {
  return finish(meshSteps(costs, width, height, radius));
}

/** How far a build has got: the stage it is in, of MESH_STAGES. */
export const MESH_STAGES = ['lattice', 'outline', 'triangulate', 'constrain', 'merge'] as const;
export type MeshStage = (typeof MESH_STAGES)[number];

/**
 * buildMesh as steps of a few milliseconds each (a page runs them in slices: the lattice and
 * the outline yield per row, the constraints per batch of edges). `stage` hears each stage as
 * it begins. Delaunator's triangulation is one step: it takes about 5 ms per 10,000 outline
 * vertices, so it alone can exceed a slice on mazes, whose outline has a vertex per cell.
 */
export function* meshSteps(costs: Uint8Array, width: number, height: number, radius = 0,
  stage: (stage: MeshStage) => void = () => {}): Generator<void, MeshData> {
  checkRadius(radius);
  stage('lattice');
  const lattice = yield* blockedLatticeSteps(costs, width, height, radius);
  stage('outline');
  const { points, edges } = yield* outlineSteps(lattice);
  const empty = (): MeshData => ({
    width, height, radius, vertices: new Float64Array(0), polygonStart: new Uint32Array(1),
    polygonVertices: new Uint32Array(0), polygonNeighbours: new Int32Array(0), triangles: 0,
  });
  if (points.length < 6) return empty();
  // Delaunator's triangles turn counter-clockwise with y up; ours with y down (see the
  // header), so it triangulates the mirror image, whose triangles are ours reversed.
  const mirrored = new Float64Array(points.length);
  for (let i = 0; i < points.length; i += 2) {
    mirrored[i] = points[i]!;
    mirrored[i + 1] = -points[i + 1]!;
  }
  stage('triangulate');
  yield;
  const del = new Delaunator(mirrored);
  if (del.triangles.length === 0) return empty();
  yield;
  // constrainOne restores the Delaunay property around each edge it adds; constrainAll
  // would then re-check every edge of the triangulation once more.
  stage('constrain');
  const constrainer = new Constrainautor(del);
  for (let i = 0; i < edges.length; i++) {
    constrainer.constrainOne(edges[i]![0], edges[i]![1]);
    if ((i & 31) === 31) yield;
  }
  stage('merge');

  const { triangles, halfedges } = del;
  const triangleCount = triangles.length / 3;
  // Free triangles, by their centroid's lattice square.
  const free = new Uint8Array(triangleCount);
  let freeCount = 0;
  for (let t = 0; t < triangleCount; t++) {
    const a = triangles[3 * t]!, b = triangles[3 * t + 1]!, c = triangles[3 * t + 2]!;
    const cx = Math.floor((points[2 * a]! + points[2 * b]! + points[2 * c]!) / 3);
    const cy = Math.floor((points[2 * a + 1]! + points[2 * b + 1]! + points[2 * c + 1]!) / 3);
    if (lattice.blocked[cy * lattice.width + cx] === 0) {
      free[t] = 1;
      freeCount++;
    }
  }
  yield;
  const polygons = mergeConvex(points, triangles, halfedges, free);
  yield;
  return toMeshData(polygons, points, lattice.scale, width, height, radius, freeCount);
}

const orient = (p: Float64Array, a: number, b: number, c: number) =>
  (p[2 * b]! - p[2 * a]!) * (p[2 * c + 1]! - p[2 * a + 1]!) - (p[2 * b + 1]! - p[2 * a + 1]!) * (p[2 * c]! - p[2 * a]!);

interface Merged {
  /** Per half-edge: the next half-edge of its polygon (-1 once removed or not free). */
  next: Int32Array;
  /** Per half-edge: its polygon (valid for half-edges still in use). */
  polygonOf: Int32Array;
  /** One half-edge of each polygon. */
  firstEdge: number[];
  triangles: Uint32Array;
  halfedges: Int32Array;
}

/** Hertel-Mehlhorn over the free triangles: returns the polygons as half-edge cycles. */
function mergeConvex(points: Float64Array, triangles: Uint32Array, halfedges: Int32Array, free: Uint8Array): Merged {
  const n = triangles.length;
  const next = new Int32Array(n).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  for (let e = 0; e < n; e++) {
    if (!free[Math.floor(e / 3)]) continue;
    next[e] = e % 3 === 2 ? e - 2 : e + 1;
    prev[e] = e % 3 === 0 ? e + 2 : e - 1;
  }
  const from = (e: number) => triangles[e]!;
  for (let e = 0; e < n; e++) {
    const t = halfedges[e]!;
    if (t < e || next[e] < 0 || next[t] < 0) continue; // each shared free edge once
    // e runs u -> v in one polygon, t runs v -> u in the other. Without them the polygons
    // join as prev[e] -> next[t] at u and prev[t] -> next[e] at v: both turns must stay left.
    const pe = prev[e]!, ne = next[e]!, pt = prev[t]!, nt = next[t]!;
    // The end of a half-edge is where the next one of its polygon starts.
    if (orient(points, from(pe), from(e), from(next[nt]!)) <= 0) continue;
    if (orient(points, from(pt), from(t), from(next[ne]!)) <= 0) continue;
    next[pe] = nt;
    prev[nt] = pe;
    next[pt] = ne;
    prev[ne] = pt;
    next[e] = next[t] = -1;
  }
  const polygonOf = new Int32Array(n).fill(-1);
  const firstEdge: number[] = [];
  for (let e = 0; e < n; e++) {
    if (next[e] < 0 || polygonOf[e] >= 0) continue;
    const id = firstEdge.length;
    firstEdge.push(e);
    for (let at = e; polygonOf[at]! < 0; at = next[at]!) polygonOf[at] = id;
  }
  return { next, polygonOf, firstEdge, triangles, halfedges };
}

function toMeshData(merged: Merged, points: Float64Array, scale: number, width: number, height: number, radius: number,
                    triangleCount: number): MeshData {
  const { next, polygonOf, firstEdge, triangles, halfedges } = merged;
  const renumber = new Int32Array(points.length / 2).fill(-1);
  const coords: number[] = [];
  const start: number[] = [0];
  const verts: number[] = [];
  const neighbours: number[] = [];
  for (const first of firstEdge) {
    let e = first;
    do {
      const v = triangles[e]!;
      if (renumber[v]! < 0) {
        renumber[v] = coords.length / 2;
        coords.push(points[2 * v]! / scale, points[2 * v + 1]! / scale);
      }
      verts.push(renumber[v]!);
      const twin = halfedges[e]!;
      neighbours.push(twin >= 0 && next[twin]! >= 0 ? polygonOf[twin]! : -1);
      e = next[e]!;
    } while (e !== first);
    start.push(verts.length);
  }
  return {
    width, height, radius,
    vertices: Float64Array.from(coords),
    polygonStart: Uint32Array.from(start),
    polygonVertices: Uint32Array.from(verts),
    polygonNeighbours: Int32Array.from(neighbours),
    triangles: triangleCount,
  };
}

export function meshReport(mesh: MeshData, milliseconds: number): MeshBuildReport {
  return { polygons: mesh.polygonStart.length - 1, vertices: mesh.vertices.length / 2, triangles: mesh.triangles, milliseconds };
}
