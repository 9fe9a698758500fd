// The algorithm table as JavaScript gets it: the shape of `catalog()` in cpp/bindings.cpp
// (rows of kAlgorithms in cpp/core/options.h). In a module of its own, with no code, because
// two sides share it: the raw module's hand-written declaration (./astar-wasm.d.ts) says
// `catalog()` returns it, and the wrapper (./engine.ts) hands it on to the page, the CLI and
// the package, whose shipped declaration is generated from these sources.
import type { AlgorithmName, CostModelName, DiagonalName, HeuristicName } from './generated/names';

/** One row of the algorithm table. */
export interface AlgorithmRow {
  /** The name the CLI, share links, the element and findPath use. */
  readonly name: AlgorithmName;
  /** The English label (the playground translates by name). */
  readonly label: string;
  /** Reads the heuristic option. */
  readonly usesHeuristic: boolean;
  /** Reads the weight option. */
  readonly usesWeight: boolean;
  /** Always finds a cheapest path (with an admissible heuristic and weight 1). */
  readonly optimal: boolean;
  /** Paths are straight segments between cell centres, not cell steps. */
  readonly anyAngle: boolean;
  /** Repairs its plan after map changes instead of starting again. */
  readonly incremental: boolean;
  /** May expand a cell many times (IDA*): give it an expansion limit on open maps. */
  readonly reexpands: boolean;
  /** Runs only where every walkable cell costs the same. */
  readonly uniformTerrainOnly: boolean;
  /** The diagonal rules it supports, strictest last. */
  readonly diagonals: readonly DiagonalName[];
  /** The cost models it supports. */
  readonly costModels: readonly CostModelName[];
  /** Its own default heuristic; null: octile with diagonal moves, manhattan without. */
  readonly defaultHeuristic: HeuristicName | null;
  /** Bytes of wasm memory a search keeps per grid cell (its open list comes on top). */
  readonly bytesPerCell: number;
  /** Prepares per map before it searches (Search.preparation): JPS+ builds its jump table. */
  readonly prepares: boolean;
  /** Bytes per grid cell its prepared data holds (0 when it prepares nothing; shared by searches that adopt it). */
  readonly preparedBytesPerCell: number;
  /**
   * Searches a navigation mesh built from the grid (navmesh, polyanya) rather than its cells:
   * made with Engine.createMeshSearch, its path is points of the plane, its preparation the mesh.
   */
  readonly onMesh: boolean;
}

/** Every algorithm and option name the engine knows, each list in the engine's numbering. */
export interface Catalog {
  /** Rows of the algorithm table, in the engine's order (share links number algorithms by it). */
  readonly algorithms: readonly AlgorithmRow[];
  /** Heuristic names. */
  readonly heuristics: readonly HeuristicName[];
  /** Diagonal rule names. */
  readonly diagonals: readonly DiagonalName[];
  /** Cost model names. */
  readonly costModels: readonly CostModelName[];
  /** Bytes of wasm memory a grid keeps per cell. */
  readonly gridBytesPerCell: number;
  /** Bytes a walk keeps per cell besides its planner search. */
  readonly walkBytesPerCell: number;
}
