// Which presenter speaks for each algorithm: a Record over the engine's grid searches'
// AlgorithmName, so an algorithm the engine gains without a presenter here does not compile
// (and one named here that the engine lacks does not either). The searches on a navigation
// mesh (MeshAlgorithmName, catalog rows with onMesh: their nodes are the mesh's, not cells)
// are not run by the page yet, so they have no presenter, and the page offers no onMesh row
// (its algorithm select, share links and the embed's attributes leave them out). The order of the entries is the order in which
// Compare and Add search offer algorithms: A*, Dijkstra and JPS first, because the contrast
// between them is the lesson (the heuristic saves expansions, pruning symmetric paths saves
// more).
import type { AlgorithmName, MeshAlgorithmName } from '../engine/engine';
import { bestFirst } from './best-first';
import { bidirectional } from './bidirectional';
import { dStarLite } from './dstar-lite';
import { FRONTIERS, type Frontier } from './frontier';
import { idaStar } from './ida-star';
import { jumpPoints } from './jump-points';
import { mpaa } from './mpaa';
import type { Presenter } from './presenter';
import { subgoalGraph } from './subgoal-graph';
import { thetaStar } from './theta-star';

/** The algorithms the page runs: every grid search. */
export type PageAlgorithmName = Exclude<AlgorithmName, MeshAlgorithmName>;

export const PRESENTERS: Readonly<Record<PageAlgorithmName, Presenter>> = {
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
};

export function presenterFor(algorithm: AlgorithmName): Presenter {
  // The page's state holds only algorithms it offers (no onMesh row: see above).
  const presenter = Object.hasOwn(PRESENTERS, algorithm) ? PRESENTERS[algorithm as PageAlgorithmName] : undefined;
  if (!presenter) throw new Error(`the page does not run ${algorithm}`);
  return presenter;
}

/** What the algorithm's frontier is called and how it is listed. */
export function frontierOf(algorithm: AlgorithmName): Frontier {
  return FRONTIERS[presenterFor(algorithm).frontier];
}

/** The algorithms Compare and Add search offer on their own, in the order they do. */
export const COMPARE_ORDER: readonly AlgorithmName[] = (Object.keys(PRESENTERS) as PageAlgorithmName[]).filter((name) => PRESENTERS[name].offeredByCompare);

export type { Presenter, Say, StepStory, LegendMark } from './presenter';
