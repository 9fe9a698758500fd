// The mesh searches (cpp/core/navmesh: navmesh A* + funnel and Polyanya) behind the
// MeshSearch interface (./mesh-types.ts), and the navigation meshes they read.
//
// A mesh is built here in TypeScript (./navmesh/build-mesh.ts, where the triangulation
// library lives) from a grid's costs, then crosses into wasm once as typed arrays and is
// shared: each grid keeps one mesh per radius (EngineGrid.meshes), rebuilt when the grid's
// revision changes and freed with the grid, and every mesh search of that grid and radius
// reads it (the core holds it by shared_ptr, so a search keeps a replaced mesh alive). A
// search whose mesh is missing or out of date is 'preparing' after reset() in the core;
// reset() here then builds (or takes) the mesh, hands it over and resets again, so callers
// (the CLI, the package, the benchmark) just reset and run, as with any search.
//
// The mesh searches are rows of the algorithm table like every other (their catalog rows say
// onMesh), but their nodes are the mesh's, not cells, and their paths points of the plane,
// so they are made by Engine.createMeshSearch rather than createSearch and read through their
// own interface.
/// <reference path="./astar-wasm.d.ts" />
/// <reference path="./astar-wasm-navmesh.d.ts" />
import type { Event as RawEvent, MeshSearch as RawMeshSearch, NavMesh as RawNavMesh } from './generated/astar-wasm.mjs';
import type { EngineGrid } from './grid';
import { stepCount, wholeNumber } from './checks';
import { reclaimer } from './memory';
import type { WasmEngine } from './wasm-engine';
import { MESH_ALGORITHMS, type RefusalName, type StatusName } from './generated/names';
import { buildMesh, checkRadius, meshReport } from './navmesh/build-mesh';
import type { BuiltMesh, FunnelStep, MeshEvent, MeshSearch, MeshSearchOptions, NavMeshInfo, PlanePoint, PolyanyaNode, PolygonNode } from './mesh-types';

/** A grid's mesh for one radius, with the raw mesh the core reads. */
export interface CachedMesh extends NavMeshInfo {
  handle: RawNavMesh;
}

/**
 * The navigation mesh of `grid` for `radius`, for the grid as it is now: the one the grid
 * keeps, or built now (and the one it replaces freed; searches that read it keep their own
 * reference in the core).
 */
export function meshOf(engine: WasmEngine, grid: EngineGrid, radius: number, built?: BuiltMesh): CachedMesh {
  checkRadius(radius);
  const cached = grid.meshes.get(radius);
  if (cached && cached.revision === grid.revision) return cached;
  if (built && (built.data.width !== grid.width || built.data.height !== grid.height || built.data.radius !== radius))
    throw new RangeError(`a mesh built for a ${built.data.width} x ${built.data.height} map and radius ${built.data.radius} was given for a ${grid.width} x ${grid.height} grid and radius ${radius}`);
  if (cached) forgetMesh(grid, cached);
  const begun = performance.now();
  const data = built?.data ?? buildMesh(grid.costs(), grid.width, grid.height, radius);
  // The arrays are copied into wasm (about their own size), then checked and indexed there.
  const bytes = 2 * (data.vertices.byteLength + data.polygonStart.byteLength + data.polygonVertices.byteLength + data.polygonNeighbours.byteLength);
  engine.makeRoom(bytes, `the navigation mesh of a ${grid.width} x ${grid.height} grid`);
  const made = engine.raw.makeMesh(grid.width, grid.height, radius, data.vertices, data.polygonStart, data.polygonVertices, data.polygonNeighbours);
  if (!made.ok) throw new Error(`astar-playground: the navigation mesh built for this grid is not valid: ${made.message}`);
  const mesh: CachedMesh = { radius, revision: grid.revision, data, handle: made.mesh, report: meshReport(data, built?.milliseconds ?? performance.now() - begun) };
  grid.meshes.set(radius, mesh);
  // A grid the collector reclaims frees what it kept with it.
  grid.pathSearches.raws.add(mesh.handle);
  return mesh;
}

/** True when `grid` keeps a mesh for `radius` made for the grid as it is now. */
export function hasMeshOf(grid: EngineGrid, radius: number): boolean {
  return grid.meshes.get(radius)?.revision === grid.revision;
}

/** Frees `mesh`, which `grid` kept. */
export function forgetMesh(grid: EngineGrid, mesh: CachedMesh): void {
  grid.meshes.delete(mesh.radius);
  grid.pathSearches.raws.delete(mesh.handle);
  mesh.handle.delete();
}

const NODE_KINDS = ['start', 'observable', 'non-observable', 'final'] as const;

export class EngineMeshSearch implements MeshSearch {
  readonly options: MeshSearchOptions;
  private rawSearch: RawMeshSearch | null;
  private current: CachedMesh | null = null;

  constructor(
    private readonly engine: WasmEngine,
    private readonly grid: EngineGrid,
    options: MeshSearchOptions,
  ) {
    if (!MESH_ALGORITHMS.includes(options?.algorithm))
      throw new RangeError(`unknown mesh algorithm ${JSON.stringify(options?.algorithm)}; expected one of ${MESH_ALGORITHMS.join(', ')}`);
    const cap = options.maxExpansions === undefined ? undefined : wholeNumber(options.maxExpansions, 'maxExpansions');
    this.options = { algorithm: options.algorithm, radius: checkRadius(options.radius ?? 0), ...(cap ? { maxExpansions: cap } : {}) };
    const algorithm = engine.algorithms.member(options.algorithm);
    // Its per-cell arrays are none (the mesh is the grid's); its nodes grow as it searches.
    engine.makeRoom(0, 'a mesh search');
    this.rawSearch = new engine.raw.MeshSearch(grid.raw, algorithm);
    this.rawSearch.setOptions(algorithm, cap ?? 0);
    grid.users += 1;
    engine.liveObjects += 1;
    reclaimer.register(this, { kind: 'MeshSearch', engine, raw: this.rawSearch, reads: grid }, this);
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
    this.engine.makeRoom(0, 'starting this mesh search');
    const started = this.search.reset({ x: start.x, y: start.y }, { x: goal.x, y: goal.y });
    if (started && this.status === 'preparing') {
      // The mesh is this search's preparation: built (or taken from the grid) and given,
      // which begins the search.
      this.current = meshOf(this.engine, this.grid, this.options.radius);
      this.search.setMesh(this.current.handle, this.current.revision);
    }
    return started;
  }

  step(): MeshEvent[] | null {
    this.engine.makeRoom(0, 'running this mesh search');
    const raw = this.search._step();
    return raw ? raw.map((event) => this.event(event)) : null;
  }

  private event(raw: RawEvent): MeshEvent {
    const kind = this.engine.kinds.name(raw.kind);
    const outcome = this.engine.outcomes.name(raw.outcome);
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
    const count = stepCount(n, 'runSteps() count');
    this.engine.makeRoom(0, 'running this mesh search');
    return this.search.runSteps(count);
  }

  run(): void {
    this.engine.makeRoom(0, 'running this mesh search');
    this.search.run();
  }

  get status(): StatusName {
    return this.engine.statuses.name(this.search.status());
  }

  get refusal(): RefusalName | null {
    const refusal = this.engine.refusals.name(this.search.refusal());
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
      outcome: this.engine.outcomes.name(raw.outcome) as PolyanyaNode['outcome'],
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
    return this.search._funnel().map((step) => ({ ...step, move: this.engine.outcomes.name(step.move) as FunnelStep['move'] }));
  }

  delete(): void {
    if (!this.rawSearch) return;
    reclaimer.unregister(this);
    this.rawSearch.delete();
    this.rawSearch = null;
    this.grid.users -= 1;
    this.engine.liveObjects -= 1;
  }

  [Symbol.dispose](): void {
    this.delete();
  }
}
