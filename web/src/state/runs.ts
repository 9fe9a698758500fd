// The runs: the searches shown, one to MAX_RUNS side by side (compare mode), each with its
// options and timeline, over the one map. This part holds them and reads them as one
// timeline (the longest run's steps); the store decides when they restart and how far
// they go.
import type { Engine, Grid, Point, SearchOptions } from '../engine/engine';
import type { Job, JobRunner } from './jobs';
import { prepareFor, preparationProgress, preparing } from './preparation';
import { MAX_RUNS, Run } from './run';
import { ChangeSignal } from './signal';
import type { RunTimeline } from './run';
import type { SearchTimeline } from './timeline';
import type { WalkStepSize, WalkTimeline } from './walk-timeline';
import type { MeshTimeline } from './mesh-timeline';

export class RunSet {
  /** The runs in pane order: at least one, at most MAX_RUNS. */
  readonly runs: Run[] = [];
  /** 'options' when runs come, go or change options; 'search' when a run's search moved or was measured. */
  readonly changes = new ChangeSignal<'options' | 'search'>();

  /** `meshRadius`: the agent radius the searches on the navigation mesh plan for (the page's one radius). */
  constructor(private readonly engine: Engine, private readonly jobs: JobRunner, private readonly meshRadius: () => number = () => 0) {}

  /** The first run's options and timeline: the only run's, outside compare mode. */
  get options(): SearchOptions {
    return this.runs[0]!.options;
  }

  get timeline(): RunTimeline {
    return this.runs[0]!.timeline;
  }

  /** Every run's walk, in walk mode. */
  get walks(): WalkTimeline[] {
    return this.runs.map((run) => run.walk).filter((walk): walk is WalkTimeline => walk !== null);
  }

  /** Adds or removes runs (keeping the first ones) until there are `count` (1 to MAX_RUNS); new ones take the first one's options. */
  setCount(count: number, grid: Grid, walking: boolean): void {
    const wanted = Math.max(1, Math.min(MAX_RUNS, count));
    while (this.runs.length > wanted) this.runs.pop()!.delete();
    while (this.runs.length < wanted) this.runs.push(this.make(grid, this.runs[0]?.options, walking));
    this.changes.emit('options');
  }

  /** Adds a run with these options, unless there are MAX_RUNS already. */
  add(options: SearchOptions, grid: Grid, walking: boolean): boolean {
    if (this.runs.length >= MAX_RUNS) return false;
    this.runs.push(this.make(grid, options, walking));
    this.changes.emit('options');
    return true;
  }

  /** Removes a run; the last one stays. */
  remove(index: number): boolean {
    if (this.runs.length <= 1 || !this.runs[index]) return false;
    this.runs.splice(index, 1)[0]!.delete();
    this.changes.emit('options');
    return true;
  }

  setOptions(run: Run, options: SearchOptions): void {
    run.options = options;
    this.changes.emit('options');
  }

  /** The grid was replaced (a map of another size). */
  setGrid(grid: Grid): void {
    for (const run of this.runs) run.setGrid(grid);
  }

  /** Every run searches, or walks, from now on. */
  rebuild(grid: Grid, walking: boolean): void {
    for (const run of this.runs) run.rebuild(grid, walking);
    this.changes.emit('search');
  }

  /**
   * Puts a run back to step 0 with its options; `walk`: in walk mode, the radius its agent
   * senses (0: it knows the whole map) and what a step is. `measure`: measure a search's length.
   */
  restart(run: Run, start: Point, goal: Point, walk: { senseRadius: number; stepSize: WalkStepSize } | null, measure: boolean): void {
    if (run.walk && walk) run.walk.restart(start, goal, run.options, walk.senseRadius, walk.stepSize);
    else if (run.mesh) run.mesh.restart(start, goal, run.options, this.meshRadius(), measure);
    else (run.timeline as SearchTimeline).restart(start, goal, run.options, measure);
    this.changes.emit('search');
  }

  /** Steps taken: the longest run's (a run that finished sooner stays at its end). */
  get step(): number {
    return Math.max(...this.runs.map((run) => run.timeline.step));
  }

  /** The timeline's length: the longest run's, once every run's is known. */
  get total(): number | null {
    let longest = 0;
    for (const run of this.runs) {
      if (run.timeline.total === null) return null;
      longest = Math.max(longest, run.timeline.total);
    }
    return longest;
  }

  /** True when every run has finished. */
  get finished(): boolean {
    return this.runs.every((run) => run.timeline.finished);
  }

  /** Time the engine spent reaching what the runs show, in ms. */
  get elapsedMs(): number {
    return this.runs.reduce((sum, run) => sum + run.timeline.elapsedMs, 0);
  }

  /** Every unfinished run one clock step further (`count` steps, the last observed). */
  advance(count: number): void {
    for (const run of this.runs) run.timeline.advance(count);
    this.changes.emit('search');
  }

  /** True where a walking agent stands. */
  agentAt(x: number, y: number): boolean {
    return this.walks.some((walk) => {
      if (walk.step === 0) return false;
      const agent = walk.walk.agent();
      return agent.x === x && agent.y === y;
    });
  }

  /** Every search whose length is unknown and not being measured is measured (searches only). */
  measureIfNeeded(): void {
    for (const run of this.runs) if (!run.walk) (run.timeline as SearchTimeline | MeshTimeline).measureIfNeeded();
  }

  /** The work of running every unfinished run to its end, unobserved ("instant" playback, live mode's recomputation). */
  finishJob(): Job {
    return {
      run: (budgetMs) => {
        const running = this.runs.filter((run) => !run.timeline.finished);
        for (const run of running) run.timeline.runFor(budgetMs / running.length);
        return this.finished;
      },
      progress: () => null,
    };
  }

  /**
   * The work of preparing every run whose search prepares before it searches (a grid
   * search's per-map data, a mesh search's mesh); null when none does.
   */
  preparationJob(): Job | null {
    // Searches on the mesh build the grid's mesh (mesh-timeline.ts); the grid's searches prepare through the engine.
    const grids = () => this.runs.flatMap((run) => (run.gridTimeline ? [run.gridTimeline.display] : []));
    const waiting = () => grids().filter((search) => preparing(search) !== null);
    const meshes = () => this.runs.flatMap((run) => (run.mesh && run.mesh.preparationProgress !== null ? [run.mesh] : []));
    if (waiting().length === 0 && meshes().length === 0) return null;
    return {
      run: (budgetMs) => {
        const begin = performance.now();
        const all = grids();
        // One after the other: searches of the same map and options share one preparation,
        // the first made, which the others adopt at once (mesh searches: the grid's mesh).
        for (const search of waiting()) {
          if (!prepareFor(search, budgetMs - (performance.now() - begin), all)) return false;
        }
        for (const mesh of meshes()) {
          if (!mesh.prepare(budgetMs - (performance.now() - begin))) return false;
        }
        return waiting().length === 0 && meshes().length === 0;
      },
      progress: () => {
        const progress = [...waiting().map((search) => preparationProgress(search) ?? 1), ...meshes().map((mesh) => mesh.preparationProgress ?? 1)];
        return progress.length === 0 ? 1 : Math.min(...progress);
      },
    };
  }

  delete(): void {
    for (const run of this.runs.splice(0)) run.delete();
    this.changes.clear();
  }

  private make(grid: Grid, options: SearchOptions | undefined, walking: boolean): Run {
    if (!options) throw new Error('a run needs options');
    return new Run(this.engine, grid, options, this.jobs, () => this.changes.emit('search'), walking, this.meshRadius);
  }
}
