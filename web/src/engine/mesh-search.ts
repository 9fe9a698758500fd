// The mesh searches (cpp/core/navmesh: navmesh A* + funnel and Polyanya) as the rest of the
// project sees them, and the navigation meshes they read.
//
// A mesh is built here in TypeScript (./navmesh/build-mesh.ts, where the triangulation
// library lives) from a grid's costs, then crosses into wasm once as typed arrays and is
// shared: the engine keeps one mesh per grid and radius, rebuilt when the grid's revision
// changes, and every mesh search of that grid and radius reads it. A search whose mesh is
// missing or out of date is 'preparing' after reset() in the core; reset() here then builds
// (or takes) the mesh, hands it over and resets again, so callers (the CLI, the package,
// the benchmark) just reset and run, as with any search.
//
// The mesh searches are rows of the algorithm table like every other (their catalog rows say
// onMesh), but their nodes are the mesh's, not cells, and their paths points of the plane,
// so they are made by Engine.createMeshSearch rather than createSearch and read through this
// interface. Paths: cell (x, y) is the square from (x, y) to (x + 1, y + 1), so a path
// starts at the start cell's centre (x + 0.5, y + 0.5).
/// <reference path="./astar-wasm.d.ts" />
/// <reference path="./astar-wasm-navmesh.d.ts" />
import type {
  AstarModule,
  EnumMember,
  EnumObject,
  Event as RawEvent,
  Grid as RawGrid,
  MeshSearch as RawMeshSearch,
  NavMesh as RawNavMesh,
} from './generated/astar-wasm.mjs';
import { MESH_ALGORITHMS, type MeshAlgorithmName, type RefusalName, type StatusName } from './generated/names';
import { buildMesh, checkRadius, meshReport, type MeshBuildReport, type MeshData } from './navmesh/build-mesh';
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

/** What a mesh search needs of the engine's grid wrapper. */
export interface MeshGrid {
  readonly raw: RawGrid;
  readonly width: number;
  readonly height: number;
  readonly revision: number;
  costs(): Uint8Array;
  users: number;
}

interface CachedMesh extends NavMeshInfo {
  handle: RawNavMesh;
}

function names<Name extends string>(members: EnumObject<Name>): (member: EnumMember<Name>) => Name {
  const byValue: Name[] = [];
  for (const name of Object.keys(members)) if (name !== 'values') byValue[members[name as Name].value] = name as Name;
  return (member) => byValue[member.value]!;
}

/** The engine's meshes: one per grid and radius, for the grid's latest revision. */
export class MeshCache {
  private readonly meshes = new WeakMap<MeshGrid, Map<number, CachedMesh>>();

  constructor(private readonly raw: AstarModule) {}

  get(grid: MeshGrid, radius: number): CachedMesh {
    checkRadius(radius);
    let perRadius = this.meshes.get(grid);
    if (!perRadius) this.meshes.set(grid, (perRadius = new Map()));
    const cached = perRadius.get(radius);
    if (cached && cached.revision === grid.revision) return cached;
    // Searches that read the old mesh keep their own reference to it in the core.
    cached?.handle.delete();
    const begun = performance.now();
    const data = buildMesh(grid.costs().slice(), grid.width, grid.height, radius);
    const made = this.raw.makeMesh(grid.width, grid.height, radius, data.vertices, data.polygonStart, data.polygonVertices, data.polygonNeighbours);
    if (!made.ok) throw new Error(`astar-playground: the navigation mesh built for this grid is not valid: ${made.message}`);
    const mesh: CachedMesh = { radius, revision: grid.revision, data, handle: made.mesh, report: meshReport(data, performance.now() - begun) };
    perRadius.set(radius, mesh);
    return mesh;
  }
}

const NODE_KINDS = ['start', 'observable', 'non-observable', 'final'] as const;

export class EngineMeshSearch implements MeshSearch {
  readonly options: MeshSearchOptions;
  private rawSearch: RawMeshSearch | null;
  private current: CachedMesh | null = null;
  private readonly status_: (m: EnumMember<StatusName>) => StatusName;

  constructor(
    private readonly raw: AstarModule,
    private readonly grid: MeshGrid,
    options: MeshSearchOptions,
    private readonly cache: MeshCache,
  ) {
    if (!MESH_ALGORITHMS.includes(options?.algorithm))
      throw new RangeError(`unknown mesh algorithm ${JSON.stringify(options?.algorithm)}; expected one of ${MESH_ALGORITHMS.join(', ')}`);
    const cap = options.maxExpansions;
    if (cap !== undefined && !(Number.isInteger(cap) && cap >= 0))
      throw new RangeError(`maxExpansions must be a whole number >= 0, got ${cap}`);
    this.options = { algorithm: options.algorithm, radius: checkRadius(options.radius ?? 0), ...(cap ? { maxExpansions: cap } : {}) };
    this.status_ = names(raw.Status);
    this.rawSearch = new raw.MeshSearch(grid.raw, raw.Algorithm[options.algorithm]);
    this.rawSearch.setOptions(raw.Algorithm[options.algorithm], cap ?? 0);
    grid.users += 1;
  }

  private get search(): RawMeshSearch {
    if (!this.rawSearch) throw new Error('this MeshSearch has been deleted');
    return this.rawSearch;
  }

  get mesh(): NavMeshInfo | null {
    return this.current;
  }

  reset(start: PlanePoint, goal: PlanePoint): boolean {
    for (const [what, point] of [['start', start], ['goal', goal]] as const)
      if (!Number.isInteger(point?.x) || !Number.isInteger(point?.y))
        throw new RangeError(`${what} must have integer x and y, got ${JSON.stringify(point)}`);
    const started = this.search.reset({ x: start.x, y: start.y }, { x: goal.x, y: goal.y });
    if (started && this.status === 'preparing') {
      // The mesh is this search's preparation: built (or taken from the cache) and given,
      // which begins the search.
      this.current = this.cache.get(this.grid, this.options.radius);
      this.search.setMesh(this.current.handle, this.current.revision);
    }
    return started;
  }

  step(): MeshEvent[] | null {
    const raw = this.search._step();
    return raw ? raw.map((event) => this.event(event)) : null;
  }

  private event(raw: RawEvent): MeshEvent {
    const kind = names(this.raw.EventKind)(raw.kind);
    const outcome = names(this.raw.Outcome)(raw.outcome);
    const node = (id: number) => (id === 0xffffffff ? null : id);
    switch (kind) {
      case 'expand': return { kind, node: raw.cell, g: raw.a, h: raw.b, f: raw.c, parent: node(raw.other) };
      case 'neighbour':
        return { kind, node: raw.cell, outcome, oldG: Number.isNaN(raw.a) ? null : raw.a, newG: Number.isNaN(raw.b) ? null : raw.b, parent: raw.other };
      case 'corridor': return { kind, polygons: raw.a };
      case 'funnel': return { kind, step: raw.cell, portal: raw.a, move: outcome as 'none' | 'narrowed' | 'corner' };
      default: throw new Error(`a mesh search reported a ${kind} event`);
    }
  }

  runSteps(n: number): number {
    if (typeof n !== 'number' || Number.isNaN(n) || n < 0) throw new RangeError(`runSteps() needs a count >= 0, got ${n}`);
    return this.search.runSteps(Math.floor(n));
  }

  run(): void {
    this.search.run();
  }

  get status(): StatusName {
    return this.status_(this.search.status());
  }

  get refusal(): RefusalName | null {
    const refusal = names(this.raw.Refusal)(this.search.refusal());
    return refusal === 'none' ? null : refusal;
  }

  get pathCost(): number | null {
    const cost = this.search.pathCost();
    return Number.isNaN(cost) ? null : cost;
  }

  path(): PlanePoint[] {
    const pairs = this.search._pathPoints();
    const points: PlanePoint[] = [];
    for (let i = 0; i < pairs.length; i += 2) points.push({ x: pairs[i]!, y: pairs[i + 1]! });
    return points;
  }

  counters(): { expanded: number; opened: number; maxOpen: number; openSize: number } {
    const { expanded, opened, maxOpen, openSize } = this.search.counters();
    return { expanded, opened, maxOpen, openSize };
  }

  openList(limit: number): { node: number; g: number; h: number; f: number }[] {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`openList() needs a whole number >= 0, got ${limit}`);
    return this.search._openItems(limit).map((item) => ({ node: item.cell, g: item.g, h: item.h, f: item.f }));
  }

  node(id: number): PolyanyaNode | null {
    const raw = this.search._node(id);
    if (!raw) return null;
    const point = (p: PlanePoint): PlanePoint => ({ x: p.x, y: p.y });
    return {
      root: point(raw.root), rootVertex: raw.rootVertex, left: point(raw.left), right: point(raw.right), polygon: raw.polygon, g: raw.g, f: raw.f,
      parent: raw.parent < 0 ? null : raw.parent, kind: NODE_KINDS[raw.kind]!,
    };
  }

  polygonNode(id: number): PolygonNode | null {
    const raw = this.search._polygonNode(id);
    return raw ? { ...raw, position: { x: raw.position.x, y: raw.position.y }, parent: raw.parent < 0 ? null : raw.parent } : null;
  }

  corridor(): number[] {
    return this.search._corridor();
  }

  funnel(): FunnelStep[] {
    const outcome = names(this.raw.Outcome);
    return this.search._funnel().map((step) => ({ ...step, move: outcome(step.move) as FunnelStep['move'] }));
  }

  delete(): void {
    if (!this.rawSearch) return;
    this.rawSearch.delete();
    this.rawSearch = null;
    this.grid.users -= 1;
  }

  [Symbol.dispose](): void {
    this.delete();
  }
}
