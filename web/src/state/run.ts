// One search of the playground: its options and its timeline. The playground holds one to
// MAX_RUNS of them over the same map (compare mode shows one pane per run; runs.ts holds
// them); the single playback clock moves them all together, one step each per step. A run searches
// (SearchTimeline: one step is one expansion) or, in walk mode, walks (WalkTimeline: an
// agent walking to the goal, planning with the run's search; one step is one planner
// expansion or one move).
import type { Engine, Grid, SearchOptions } from '../engine/engine';
import type { JobRunner } from './jobs';
import { SearchTimeline, type Timeline } from './timeline';
import { WalkTimeline } from './walk-timeline';

export const MAX_RUNS = 4;

let nextRunId = 1;

export class Run {
  /** Stable for the run's life: keys its pane and its rows in the comparison. */
  readonly id = nextRunId++;
  options: SearchOptions;
  private current: Timeline;

  constructor(private readonly engine: Engine, grid: Grid, options: SearchOptions, private readonly jobs: JobRunner,
    private readonly onMeasured: () => void, walking = false) {
    this.options = { ...options };
    this.current = this.makeTimeline(grid, walking);
  }

  get timeline(): Timeline {
    return this.current;
  }

  /** The run's walk, in walk mode; null while it searches. */
  get walk(): WalkTimeline | null {
    return this.current instanceof WalkTimeline ? this.current : null;
  }

  /** Searches or walks from now on, over `grid`: a new timeline (the old one is freed). */
  rebuild(grid: Grid, walking: boolean): void {
    this.current.delete();
    this.current = this.makeTimeline(grid, walking);
  }

  /** The grid was replaced (a map of another size). */
  setGrid(grid: Grid): void {
    if (this.current instanceof SearchTimeline) this.current.setGrid(grid);
    else this.rebuild(grid, true);
  }

  delete(): void {
    this.current.delete();
  }

  private makeTimeline(grid: Grid, walking: boolean): Timeline {
    return walking ? new WalkTimeline(this.engine, grid) : new SearchTimeline(this.engine, grid, this.jobs, this.onMeasured);
  }
}
