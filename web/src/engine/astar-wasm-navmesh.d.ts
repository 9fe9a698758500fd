// The raw module's navigation-mesh members (cpp/bindings/navmesh.cpp), declared beside
// ./astar-wasm.d.ts in the same ambient module, which TypeScript merges: the meshes
// TypeScript builds cross in through makeMesh, and MeshSearch is the handle of the
// algorithm table's mesh rows (navmesh, polyanya). Wrapped by ./mesh-search.ts.
declare module '*/generated/astar-wasm.mjs' {
  type AlgorithmName = import('./generated/names').AlgorithmName;
  type StatusName = import('./generated/names').StatusName;
  type RefusalName = import('./generated/names').RefusalName;
  type OutcomeName = import('./generated/names').OutcomeName;

  /** A point of the plane (mesh coordinates: cell (x, y) is the square (x, y)-(x + 1, y + 1)). */
  export interface PlanePoint {
    x: number;
    y: number;
  }

  /** A navigation mesh the core checked and keeps (cpp/core/navmesh/mesh.h); shared by the mesh searches given it. */
  export interface NavMesh {
    polygonCount(): number;
    vertexCount(): number;
    /** Memory the mesh holds in wasm, in bytes. */
    bytes(): number;
    radius(): number;
    /** Whether vertex `v` is a corner (a walkable sector around it wider than a half-turn). */
    isCorner(v: number): boolean;
    /** The polygons holding the point, ascending. */
    locate(x: number, y: number): number[];
    delete(): void;
  }

  /** makeMesh's answer. */
  export type MeshResult = { ok: true; mesh: NavMesh } | { ok: false; message: string };

  /** A Polyanya search node (`MeshSearch._node`). */
  export interface RawPolyanyaNode {
    root: PlanePoint;
    rootVertex: number;
    left: PlanePoint;
    right: PlanePoint;
    polygon: number;
    g: number;
    f: number;
    /** -1 for none. */
    parent: number;
    /** 0 start, 1 observable, 2 non-observable, 3 final. */
    kind: number;
    outcome: EnumMember<OutcomeName>;
  }

  /**
   * A mesh search (cpp/bindings/navmesh.cpp over cpp/core/navmesh/mesh_search.h): Polyanya or
   * navmesh A* + funnel over a grid, made by the registry for the algorithm table's mesh rows,
   * reading the mesh it is given. Its events' `cell` and `other` are node ids (Polyanya) or
   * polygon ids (navmesh A*), not cells.
   */
  export interface MeshSearch {
    /** A mesh row's algorithm and the expansion cap (0: none); read at the next reset(). */
    setOptions(algorithm: EnumMember<AlgorithmName>, maxExpansions: number): void;
    /** The mesh of the grid at `gridRevision`. A 'preparing' search it fits begins. */
    setMesh(mesh: NavMesh, gridRevision: number): void;
    /** Whether the mesh given fits the grid now. */
    hasMesh(): boolean;
    setGrid(grid: Grid): void;
    /** Status 'preparing' when the mesh is missing or out of date. */
    reset(start: Point, goal: Point): boolean;
    _step(): Event[] | null;
    runSteps(count: number): number;
    run(): void;
    status(): EnumMember<StatusName>;
    refusal(): EnumMember<RefusalName>;
    stale(): boolean;
    pathCost(): number;
    /** The path's corners as x, y pairs (a copy). */
    _pathPoints(): number[];
    counters(): { expanded: number; opened: number; maxOpen: number; openSize: number };
    _openItems(limit: number): OpenItem[];
    _node(id: number): RawPolyanyaNode | null;
    _polygonNode(id: number): { position: PlanePoint; g: number; f: number; parent: number; order: number; closed: boolean } | null;
    _corridor(): number[];
    _funnel(): { portal: number; portalLeft: PlanePoint; portalRight: PlanePoint; apex: PlanePoint; left: PlanePoint; right: PlanePoint; move: EnumMember<OutcomeName> }[];
    delete(): void;
  }

  export interface MeshSearchClass {
    /** A mesh search of `algorithm` (navmesh or polyanya) over `grid`. */
    new (grid: Grid, algorithm: EnumMember<AlgorithmName>): MeshSearch;
  }


  export interface AstarModule {
    /** Checks and keeps a navigation mesh built for a width x height map (copies the arrays). */
    makeMesh(
      width: number,
      height: number,
      radius: number,
      vertices: Float64Array,
      polygonStart: Uint32Array,
      polygonVertices: Uint32Array,
      polygonNeighbours: Int32Array,
    ): MeshResult;
    /** Mesh searches. */
    readonly MeshSearch: MeshSearchClass;
  }
}
