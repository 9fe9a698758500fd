// One search of the playground: its options and its timeline. The playground holds one to
// MAX_RUNS of them over the same map (compare mode shows one pane per run; runs.ts holds
// them); the single playback clock moves them all together, one step each per step. A run searches
// (SearchTimeline: one step is one expansion) or, in walk mode, walks (WalkTimeline: an
// agent walking to the goal, planning with the run's search; one step is one planner
// expansion or one move). A run whose algorithm searches the navigation mesh (navmesh A*,
// Polyanya) has a MeshTimeline instead: the same moves over a MeshSearch, whose nodes are
// the mesh's. Walks move from cell to cell, so in walk mode every run walks (a mesh
// algorithm's walk is refused, as Theta*'s is, and says so).
import type { Engine, Grid, RefusalName, SearchOptions, SearchStatus } from '../engine/engine';
import type { JobRunner } from './jobs';
import { isMeshAlgorithm, MeshTimeline } from './mesh-timeline';
import { SearchTimeline, type Timeline } from './timeline';
import { WalkTimeline } from './walk-timeline';

export const MAX_RUNS = 4;

/** A run's timeline: the grid's (a search or a walk) or a search on the mesh; `domain` says which. */
export type RunTimeline = Timeline | MeshTimeline;

let nextRunId = 1;

export class Run {
  /** Stable for the run's life: keys its pane and its rows in the comparison. */
  readonly id = nextRunId++;
  private currentOptions: SearchOptions;
  private current: RunTimeline;
  private walking: boolean;

  constructor(private readonly engine: Engine, private grid: Grid, options: SearchOptions, private readonly jobs: JobRunner,
    private readonly onMeasured: () => void, walking = false, private readonly meshRadius: () => number = () => 0) {
    this.currentOptions = { ...options };
    this.walking = walking;
    this.current = this.makeTimeline();
  }

  get options(): SearchOptions {
    return this.currentOptions;
  }

  /** New options; a change between a grid and a mesh algorithm changes the timeline's kind (restart it next). */
  set options(options: SearchOptions) {
    this.currentOptions = { ...options };
    if (this.wantsMesh() !== (this.current.domain === 'mesh')) this.replaceTimeline();
  }

  get timeline(): RunTimeline {
    return this.current;
  }

  /** The run's grid timeline (a search or a walk); null while it searches the mesh. */
  get gridTimeline(): Timeline | null {
    return this.current.domain === 'grid' ? this.current : null;
  }

  /** The run's search on the navigation mesh; null while it searches or walks the grid. */
  get mesh(): MeshTimeline | null {
    return this.current.domain === 'mesh' ? this.current : null;
  }

  /**
   * What the run's search shows now, on the grid or the mesh alike (a walk: its planner's):
   * its status (a mesh timeline's: running while navmesh A*'s funnel walks), why it was
   * refused, its counters and the path's cost once the timeline has it.
   */
  get shown(): { status: SearchStatus; refusal: RefusalName | null; expanded: number; openSize: number; pathCost: number | null } {
    const current = this.current;
    const search = current.domain === 'mesh' ? current.search : current.display;
    const status = current.domain === 'mesh' ? current.status : search.status;
    const { expanded, openSize } = search.counters();
    return { status, refusal: search.refusal, expanded, openSize, pathCost: status === 'found' ? search.pathCost : null };
  }

  /** The run's walk, in walk mode; null while it searches. */
  get walk(): WalkTimeline | null {
    return this.current instanceof WalkTimeline ? this.current : null;
  }

  /** Searches or walks from now on, over `grid`: a new timeline (the old one is freed). */
  rebuild(grid: Grid, walking: boolean): void {
    this.grid = grid;
    this.walking = walking;
    this.replaceTimeline();
  }

  /** The grid was replaced (a map of another size). */
  setGrid(grid: Grid): void {
    this.grid = grid;
    if (this.current instanceof SearchTimeline || this.current instanceof MeshTimeline) this.current.setGrid(grid);
    else this.rebuild(grid, true);
  }

  delete(): void {
    this.current.delete();
  }

  private wantsMesh(): boolean {
    return !this.walking && isMeshAlgorithm(this.currentOptions.algorithm);
  }

  private replaceTimeline(): void {
    this.current.delete();
    this.current = this.makeTimeline();
  }

  private makeTimeline(): RunTimeline {
    if (this.walking) return new WalkTimeline(this.engine, this.grid);
    if (this.wantsMesh()) return new MeshTimeline(this.engine, this.grid, this.currentOptions, this.meshRadius(), this.jobs, this.onMeasured);
    return new SearchTimeline(this.engine, this.grid, this.jobs, this.onMeasured);
  }
}
