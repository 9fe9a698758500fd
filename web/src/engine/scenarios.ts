// What the CLI and the page both need to know about Moving AI scenario files once the
// engine has parsed them (engine.parseScenario): which map a query names, whether its
// queries fit a map, and whether a found cost is the published optimal length. Pure, so
// Node (the CLI, the benchmark) and the browser share one rule for each.
import type { Grid, ScenarioQuery } from './engine';

// Published optimal lengths are rounded (2 to 8 decimals depending on the set), so a
// found cost matches when it is this close.
export const OPTIMAL_TOLERANCE = 0.01;

/** True when a found cost (null: no path) agrees with the file's optimal length (-1: no path expected). */
export function matchesOptimal(optimal: number, cost: number | null): boolean {
  if (optimal < 0) return cost === null;
  return cost !== null && Math.abs(cost - optimal) <= OPTIMAL_TOLERANCE;
}

/**
 * The file name in a query's map column ("maps/dao/arena.map" -> "arena.map"), or '' when
 * it names none. The column's folders come from the benchmark authors' machines and never
 * match local paths, so only the name counts; either separator, since some scenario files
 * were written on Windows.
 */
export function scenarioMapFileName(query: ScenarioQuery): string {
  const name = query.mapPath.split(/[\\/]/).pop() ?? '';
  return name === '.' || name === '..' ? '' : name;
}

/** Why a query cannot run on a map: it is for another size, or an endpoint is off the map. */
export type QueryMisfit =
  | { index: number; kind: 'size' }
  | { index: number; kind: 'outside'; which: 'start' | 'goal'; point: { x: number; y: number } };

/** The first query that does not fit `grid`, or null when they all do. */
export function findQueryMisfit(grid: Pick<Grid, 'width' | 'height' | 'contains'>, queries: readonly ScenarioQuery[]): QueryMisfit | null {
  for (const [index, query] of queries.entries()) {
    if (query.mapWidth !== grid.width || query.mapHeight !== grid.height) return { index, kind: 'size' };
    for (const which of ['start', 'goal'] as const) {
      if (!grid.contains(query[which])) return { index, kind: 'outside', which, point: query[which] };
    }
  }
  return null;
}
