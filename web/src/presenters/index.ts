// Which presenter speaks for each algorithm: a Record over the engine's AlgorithmName, so an
// algorithm the engine gains without a presenter here does not compile (and one named here
// that the engine lacks does not either). The order of the entries is the order in which
// Compare and Add search offer algorithms: A*, Dijkstra and JPS first, because the contrast
// between them is the lesson (the heuristic saves expansions, pruning symmetric paths saves
// more).
import type { AlgorithmName } from '../engine/engine';
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

export const PRESENTERS: Readonly<Record<AlgorithmName, Presenter>> = {
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
  return PRESENTERS[algorithm];
}

/** What the algorithm's frontier is called and how it is listed. */
export function frontierOf(algorithm: AlgorithmName): Frontier {
  return FRONTIERS[PRESENTERS[algorithm].frontier];
}

/** The algorithms Compare and Add search offer on their own, in the order they do. */
export const COMPARE_ORDER: readonly AlgorithmName[] = (Object.keys(PRESENTERS) as AlgorithmName[]).filter((name) => PRESENTERS[name].offeredByCompare);

export type { Presenter, Say, StepStory, LegendMark } from './presenter';
