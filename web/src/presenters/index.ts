// Which presenter speaks for each algorithm: a table over the engine's AlgorithmName, so an
// algorithm the engine gains without a presenter here does not compile (and one named here
// that the engine lacks does not either). The searches on a navigation mesh
// (MeshAlgorithmName, catalog rows with onMesh: their nodes are the mesh's, not cells) have
// a MeshPresenter, the grid's searches a Presenter: the table's type says which each row
// must have. The order of the entries is the order in which
// Compare and Add search offer algorithms: A*, Dijkstra and JPS first, because the contrast
// between them is the lesson (the heuristic saves expansions, pruning symmetric paths saves
// more).
import { MESH_ALGORITHMS, type AlgorithmName, type MeshAlgorithmName } from '../engine/engine';
import type { LegendMark } from './presenter';
import { bestFirst } from './best-first';
import { bidirectional } from './bidirectional';
import { dStarLite } from './dstar-lite';
import { FRONTIERS, type Frontier } from './frontier';
import { idaStar } from './ida-star';
import { jumpPoints } from './jump-points';
import { mpaa } from './mpaa';
import { navmeshAStar } from './navmesh';
import { polyanya } from './polyanya';
import type { MeshPresenter, OwnHeuristic, Presenter } from './presenter';
import { subgoalGraph } from './subgoal-graph';
import { thetaStar } from './theta-star';

/** The grid's searches. */
export type PageAlgorithmName = Exclude<AlgorithmName, MeshAlgorithmName>;

type PresenterOf<A extends AlgorithmName> = A extends MeshAlgorithmName ? MeshPresenter : Presenter;

export const PRESENTERS: { readonly [A in AlgorithmName]: PresenterOf<A> } = {
  astar: bestFirst('astar'),
  dijkstra: bestFirst('dijkstra'),
  jps: jumpPoints(false),
  greedy: bestFirst('greedy'),
  bidirectional: bidirectional(),
  bfs: bestFirst('bfs'),
  theta: thetaStar(),
  ida: idaStar(),
  dfs: bestFirst('dfs'),
  'dstar-lite': dStarLite(),
  'jps-plus': jumpPoints(true),
  mpaa: mpaa(),
  'subgoal-graph': subgoalGraph(),
  navmesh: navmeshAStar(),
  polyanya: polyanya(),
};

const MESH_NAMES: readonly string[] = MESH_ALGORITHMS;

/**
 * The presenter of a grid search (callers ask a run's mesh timeline first: see meshPresenterFor;
 * a walk's timeline is the grid's whatever its planner, so its callers ask isMeshAlgorithm).
 */
export function presenterFor(algorithm: AlgorithmName): Presenter {
  if (MESH_NAMES.includes(algorithm)) throw new Error(`${algorithm} searches the navigation mesh: ask meshPresenterFor`);
  return PRESENTERS[algorithm as PageAlgorithmName];
}

/** The presenter of a search on the navigation mesh. */
export function meshPresenterFor(algorithm: MeshAlgorithmName): MeshPresenter {
  return PRESENTERS[algorithm];
}

/** What the algorithm's frontier is called and how it is listed. */
export function frontierOf(algorithm: AlgorithmName): Frontier {
  return FRONTIERS[PRESENTERS[algorithm].frontier];
}

/** The phrase naming the h a search works out itself, when it reads no heuristic option; null when it has none (h = 0) or reads the option. */
export function ownHeuristicOf(algorithm: AlgorithmName): OwnHeuristic | null {
  return PRESENTERS[algorithm].ownHeuristic ?? null;
}

/** The marks of the legend the algorithm draws beyond open, closed and the path. */
export function legendOf(algorithm: AlgorithmName): readonly LegendMark[] {
  return PRESENTERS[algorithm].legend;
}

/** The algorithms Compare and Add search offer on their own, in the order they do. */
export const COMPARE_ORDER: readonly AlgorithmName[] = (Object.keys(PRESENTERS) as AlgorithmName[]).filter((name) => PRESENTERS[name].offeredByCompare);

export type { MeshPresenter, MeshView, OwnHeuristic, Presenter, Say, StepStory, LegendMark } from './presenter';
export { searchStory } from './presenter';
