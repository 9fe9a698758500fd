// The mesh searches' public shapes (cpp/core/navmesh: navmesh A* + funnel and Polyanya):
// options, events, nodes and the navigation mesh as the engine reports them. Apart from
// their implementation (./mesh-search.ts) so that the package's declarations, which are
// generated from what engine.ts exports, carry these and nothing of the wasm module.
//
// Paths: cell (x, y) is the square from (x, y) to (x + 1, y + 1), so a path starts at the
// start cell's centre (x + 0.5, y + 0.5).
import { MESH_ALGORITHMS, type MeshAlgorithmName, type RefusalName, type StatusName } from './generated/names';
import type { MeshBuildReport, MeshData } from './navmesh/build-mesh';
import { MAX_RADIUS } from './navmesh/free-space';

export { MAX_RADIUS, MESH_ALGORITHMS };
export type { MeshAlgorithmName };
export type { MeshBuildReport, MeshData };

export interface MeshSearchOptions {
  /** An algorithm whose catalog row is onMesh (MESH_ALGORITHMS, generated from the core's table). */
  algorithm: MeshAlgorithmName;
  /** The agent's radius in cells, 0 to MAX_RADIUS: paths keep this far from every wall. */
  radius: number;
  /** Expansions after which the search gives up; undefined or 0: no limit. */
  maxExpansions?: number;
}

export interface PlanePoint {
  x: number;
  y: number;
}

/** One thing that happened in a mesh search's step (cpp/core/navmesh/mesh_search.h). */
export type MeshEvent =
  /** Polyanya: search node `node` taken; navmesh A*: polygon `node`. `parent`: its parent (node or polygon). */
  | { kind: 'expand'; node: number; g: number; h: number; f: number; parent: number | null }
  /**
   * Polyanya: a node it generated ('opened', 'pruned': its root was reached more cheaply,
   * 'into-dead-end': it leads into a dead end, 'reaches-goal': the final node); navmesh A*: a
   * neighbouring polygon ('opened', 'improved', 'not-improved', 'closed').
   */
  | { kind: 'neighbour'; node: number; outcome: string; oldG: number | null; newG: number | null; parent: number }
  /** Navmesh A*: the corridor was found, `polygons` long (MeshSearch.corridor()). */
  | { kind: 'corridor'; polygons: number }
  /** Navmesh A*: the funnel walked `portal`; `step` indexes MeshSearch.funnel(). */
  | { kind: 'funnel'; step: number; portal: number; move: 'none' | 'narrowed' | 'corner' };

/** A Polyanya search node: an interval (left, right as seen from the root) and its root. */
export interface PolyanyaNode {
  root: PlanePoint;
  /** The mesh vertex at the root; -1 for the start. */
  rootVertex: number;
  left: PlanePoint;
  right: PlanePoint;
  /** The polygon beyond the interval; -1 for the start and final nodes. */
  polygon: number;
  g: number;
  f: number;
  parent: number | null;
  kind: 'start' | 'observable' | 'non-observable' | 'final';
  /**
   * What became of it when it was generated: queued ('opened'), not queued because its root
   * was reached more cheaply ('pruned') or because it leads into a dead end ('into-dead-end'),
   * or the final node ('reaches-goal'); the start node says 'opened'.
   */
  outcome: 'opened' | 'pruned' | 'into-dead-end' | 'reaches-goal';
}

/** A polygon as navmesh A* reached it: where it entered it, its costs and parent polygon. */
export interface PolygonNode {
  position: PlanePoint;
  g: number;
  f: number;
  parent: number | null;
  order: number;
  closed: boolean;
}

export interface FunnelStep {
  portal: number;
  portalLeft: PlanePoint;
  portalRight: PlanePoint;
  apex: PlanePoint;
  left: PlanePoint;
  right: PlanePoint;
  move: 'none' | 'narrowed' | 'corner';
}

/** A mesh built elsewhere for a grid as it is now (build-mesh.ts's meshSteps, run in slices by a page), and how long that took. */
export interface BuiltMesh {
  data: MeshData;
  milliseconds: number;
}

/** A navigation mesh of a grid, as the engine keeps it. */
export interface NavMeshInfo {
  readonly radius: number;
  readonly revision: number;
  /** The arrays the core was given (polygons, vertices, neighbours). */
  readonly data: MeshData;
  readonly report: MeshBuildReport;
}

export interface MeshSearch {
  readonly options: MeshSearchOptions;
  /** Starts a search (building the grid's mesh first if there is none for its revision); false when a point is outside the grid. */
  reset(start: PlanePoint, goal: PlanePoint): boolean;
  step(): MeshEvent[] | null;
  runSteps(n: number): number;
  run(): void;
  readonly status: StatusName;
  readonly refusal: RefusalName | null;
  readonly pathCost: number | null;
  /** The path's corners, start cell centre to goal cell centre; empty unless found. */
  path(): PlanePoint[];
  counters(): { expanded: number; opened: number; maxOpen: number; openSize: number };
  /** The open list in the order it will be taken: node (Polyanya) or polygon (navmesh A*) ids. */
  openList(limit: number): { node: number; g: number; h: number; f: number }[];
  /** Polyanya's node `id`, or null. */
  node(id: number): PolyanyaNode | null;
  /** Navmesh A*'s polygon `id` as reached, or null. */
  polygonNode(id: number): PolygonNode | null;
  corridor(): number[];
  funnel(): FunnelStep[];
  /** The mesh the last reset() used, or null. */
  readonly mesh: NavMeshInfo | null;
  delete(): void;
  [Symbol.dispose](): void;
}

