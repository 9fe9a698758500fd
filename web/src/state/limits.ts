// The page's limits, in one place: what the controls offer, what links and embed attributes
// may carry, and what the store accepts. Links come from strangers, so their decoder checks
// against these same numbers: nothing a link carries can ask for more than a user could set.
import { MAX_SENSE_RADIUS } from '../engine/engine';

export { MAX_SENSE_RADIUS };
/** The sensing radius unknown terrain starts with. */
export const DEFAULT_SENSE_RADIUS = 3;

export const MIN_MAP_SIDE = 5;
export const MAX_MAP_SIDE = 1024;

/**
 * The expansion limit searches start with on the page. Only IDA* comes near it (it expands
 * cells again in every iteration); the other algorithms expand each cell at most once, and
 * the largest map has 1024 x 1024 cells. It bounds a step back, which replays the search.
 */
export const DEFAULT_EXPANSION_LIMIT = 1_000_000;
/** The largest limit a user, a link or an embed may set. */
export const MAX_EXPANSION_LIMIT = 100_000_000;
