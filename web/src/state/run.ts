// One search of the playground: its options and its timeline. The playground holds one to
// MAX_RUNS of them over the same map (compare mode shows one pane per run); the store's
// single playback clock moves them all together, one expansion each per step.
import type { Engine, Grid, SearchOptions } from '../engine/engine';
import { SearchTimeline } from './timeline';

export const MAX_RUNS = 4;

let nextRunId = 1;

export class Run {
  /** Stable for the run's life: keys its pane and its rows in the comparison. */
  readonly id = nextRunId++;
  options: SearchOptions;
  readonly timeline: SearchTimeline;

  constructor(engine: Engine, grid: Grid, options: SearchOptions, onMeasured: () => void) {
    this.options = { ...options };
    this.timeline = new SearchTimeline(engine, grid, onMeasured);
  }

  delete(): void {
    this.timeline.delete();
  }
}
