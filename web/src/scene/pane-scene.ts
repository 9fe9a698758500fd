// What a pane shows, as plain data: the types the state side builds and the drawing reads.
// Neither side imports the other; both import this.
import type { Point } from '../engine/engine';

/** The per-cell numbers a reached cell can show; a page chooses any subset. */
export const CELL_LABELS = ['g', 'h', 'f', 'order', 'parent'] as const;
export type CellLabel = (typeof CELL_LABELS)[number];

/** What reached cells are coloured by: open and closed ('none') or one number, as a heat map. */
export const HEAT_MODES = ['none', 'g', 'h', 'f', 'order'] as const;
export type HeatMode = (typeof HEAT_MODES)[number];

/** One pane's values for a heat map (NaN where a cell has none) and the range they are coloured over. */
export interface Heat {
  mode: Exclude<HeatMode, 'none'>;
  values: Float32Array;
  min: number;
  max: number;
}

/** A walking agent as a pane draws it (walk mode): read-only for the renderer. */
export interface WalkView {
  agent: Point;
  /** Every cell the agent stood on, the start first. */
  walked: readonly Point[];
  /** The planned path from the agent to the goal (empty while planning or without a path). */
  planned: readonly Point[];
  /** Per cell, 1 where the agent knows the map; null when it knows all of it. */
  known: Uint8Array | null;
  /** The sensing radius (Chebyshev), 0 with full knowledge. */
  senseRadius: number;
  /** Cells the last move discovered (their true cost differed from what the agent assumed). */
  discovered: readonly Point[];
}
