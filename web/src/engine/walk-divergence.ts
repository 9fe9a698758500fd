// Where two walks parted: the friendly form of cpp/core/walk.h's first_divergence, which
// Walk.firstDivergence returns. Compare mode shows it for each agent against the first:
// on canonical routes (walk.h, "Routes among equally cheap ones") two agents of optimal
// planners on the same world walk the same route, so a parting is news, and this says at
// which move it happened and what each agent's plan from there cost on what it knew then.
import type { RawWalkDivergence } from './generated/astar-wasm.mjs';

export interface WalkDivergence {
  /** Neither walked route is a prefix of the other (false while they agree so far, one perhaps ahead). */
  readonly diverged: boolean;
  /**
   * The moves both made before parting: both stood on walked()[afterMoves] and moved apart
   * from there (null when they did not even start on the same cell, or have not parted).
   */
  readonly afterMoves: number | null;
  /** What this walk's plan from that cell cost, on what it knew then (null: no plan there). */
  readonly cost: number | null;
  /** The same for the other walk. */
  readonly otherCost: number | null;
  /** The two plans cost the same (so the routes differ by a tie, or by what the agents knew). */
  readonly equallyCheap: boolean;
}

const finite = (value: number) => (Number.isFinite(value) ? value : null);

/** The raw value object (costs NaN where there is none) in the wrapper's terms. */
export function walkDivergence(raw: RawWalkDivergence): WalkDivergence {
  // Walks that did not start on the same cell part "at 0" with no costs; walks that part at
  // their first move had plans from the start, so their costs are numbers.
  const differentStarts = raw.at === 0 && Number.isNaN(raw.costA) && Number.isNaN(raw.costB);
  return Object.freeze({
    diverged: raw.diverged,
    afterMoves: raw.diverged && !differentStarts ? raw.at : null,
    cost: finite(raw.costA),
    otherCost: finite(raw.costB),
    equallyCheap: raw.diverged && raw.equallyCheap,
  });
}
