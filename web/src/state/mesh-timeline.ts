// A search on the navigation mesh (navmesh A* + funnel, Polyanya) as a timeline of steps:
// the mesh run kind beside the grid's SearchTimeline (timeline.ts), with the same contract
// (step, total, seek, advance, run unobserved, result) so the store, the clock and the
// transport move it like any other run. Its search is a MeshSearch (engine/mesh-types.ts),
// whose nodes are the mesh's polygons or Polyanya's search nodes, not cells.
//
// Steps. One step is one expansion, as everywhere, except at the end of navmesh A*: the core
// finds the corridor and walks the funnel through all its portals in its last step (one
// Funnel event per portal, MeshSearch.funnel() keeping each portal's apex and sides). The
// funnel is the half of that algorithm worth watching, so this timeline gives each portal a
// step of its own after the corridor's: the last expansion's step shows the corridor, and
// step k after it shows the funnel as it stood after portal k, read from the core's record.
// The search's result (its path and cost) shows once the funnel has walked the last portal.
//
// Like SearchTimeline, a second search of the same map measures the whole run in the
// background (its length, for the slider, and the result the comparison shows), then is
// timed flat out (flat-out-timing.ts). A MeshSearch's options are fixed when it is made, so
// a restart with another algorithm or radius makes new searches.
//
// Preparation. The mesh is the grid's (the engine keeps one per radius and revision, shared
// by every mesh search of the grid). A MeshSearch reset on a grid without one builds it at
// once, which on a 1024 x 1024 city map with a radius of 1 takes seconds; so until the grid
// has it this timeline is 'preparing' and builds it in slices (build-mesh.ts's meshSteps) in
// whichever job runs it first (a seek, a flat-out run, its measurement, the runs'
// preparation job), then hands it to the engine (Engine.navMesh with the mesh built) and
// resets its searches, which then find it made.
import { MESH_STAGES, meshSteps, type MeshData, type MeshStage } from '../engine/navmesh/build-mesh';
import { MESH_ALGORITHMS, type Engine, type FunnelStep, type Grid, type MeshAlgorithmName, type MeshEvent, type MeshSearch, type Point, type SearchOptions, type SearchStatus } from '../engine/engine';
import type { MeshView } from '../presenters/presenter';
import { runChunked } from './chunks';
import { FlatOutTiming } from './flat-out-timing';
import { runToEnd, type Job, type JobRunner } from './jobs';
import { pathLength, type SearchResult } from './timeline';

/** Whether an algorithm searches the navigation mesh (its catalog row says onMesh). */
export function isMeshAlgorithm(algorithm: string): algorithm is MeshAlgorithmName {
  return (MESH_ALGORITHMS as readonly string[]).includes(algorithm);
}

/** The mesh search's options for a run's options and the page's agent radius. */
function meshOptions(options: SearchOptions, radius: number) {
  if (!isMeshAlgorithm(options.algorithm)) throw new Error(`${options.algorithm} does not search a navigation mesh`);
  return { algorithm: options.algorithm, radius, ...(options.maxExpansions ? { maxExpansions: options.maxExpansions } : {}) };
}

export class MeshTimeline {
  readonly domain = 'mesh';
  private display: MeshSearch;
  private measure: MeshSearch;
  private start: Point = { x: 0, y: 0 };
  private goal: Point = { x: 0, y: 0 };
  /** Navmesh A*: portals of its funnel walked so far (once the corridor is found), and in all. */
  private funnelShown = 0;
  private funnelLength = 0;
  private funnelSteps: FunnelStep[] = [];
  private funnelRead = false;

  total: number | null = null;
  /** The events of the step shown, when it was observed (a funnel step: its portal's event). */
  lastEvents: MeshEvent[] | null = null;
  elapsedMs = 0;
  revision = 0;
  result: SearchResult | null = null;
  private measuringNow = false;
  /** The measurement's search was reset for this measurement (after the mesh was there). */
  private measureReset = false;
  private unobservedSinceStart = true;
  /** The grid's mesh being built in slices, while the grid has none for this radius; null once it has. */
  private building: { steps: Generator<void, MeshData>; stage: MeshStage; ms: number } | null = null;

  constructor(private readonly engine: Engine, private grid: Grid, options: SearchOptions, private radius: number,
    private readonly jobs: JobRunner, private readonly onMeasured: () => void) {
    this.display = engine.createMeshSearch(grid, meshOptions(options, radius));
    this.measure = engine.createMeshSearch(grid, meshOptions(options, radius));
  }

  /** The visible search (read-only for the views: its open list, nodes, corridor, funnel, mesh). */
  get search(): MeshSearch {
    return this.display;
  }

  /** Its expansions (as a grid search's step counts them), then the funnel's portals walked. */
  get step(): number {
    return this.building ? 0 : this.display.counters().expanded + this.funnelShown;
  }

  /** The search's status as the timeline shows it: preparing while the mesh is built, still running while the funnel walks. */
  get status(): SearchStatus {
    if (this.building) return 'preparing';
    const status = this.display.status;
    return status === 'found' && this.funnelShown < this.funnelLength ? 'running' : status;
  }

  get finished(): boolean {
    const status = this.status;
    return status !== 'running' && status !== 'ready' && status !== 'preparing';
  }

  /** The funnel as it stands at the step shown: the steps walked so far (navmesh A*). */
  get funnel(): readonly FunnelStep[] {
    return this.funnelSteps.slice(0, this.funnelShown);
  }

  /** How far the mesh's build has got, 0 to 1, while it is built; else null. */
  get preparationProgress(): number | null {
    return this.building ? MESH_STAGES.indexOf(this.building.stage) / MESH_STAGES.length : null;
  }

  /**
   * Builds the grid's mesh for about `budgetMs` while it has none; true once it has (at once
   * when it had): the searches are reset on it then. Another run may have made it meanwhile.
   */
  prepare(budgetMs: number): boolean {
    const building = this.building;
    if (!building) return true;
    const begin = performance.now();
    if (!this.engine.hasNavMesh(this.grid, this.radius)) {
      for (;;) {
        const began = performance.now();
        const next = building.steps.next();
        building.ms += performance.now() - began;
        if (next.done) {
          this.engine.navMesh(this.grid, this.radius, { data: next.value, milliseconds: building.ms });
          break;
        }
        if (performance.now() - begin >= budgetMs) return false;
      }
    }
    this.building = null;
    this.resetDisplay();
    this.changed();
    return true;
  }

  /** The step shown as the presenters read it. */
  /**
   * What the step shown is, one object per revision (and search): a presenter may keep what
   * it reads from the search against it (Polyanya's nodes, a hundred thousand on a maze, read
   * once per step and not at every pointer move).
   */
  view(): MeshView {
    const kept = this.viewed;
    if (kept && kept.revision === this.revision && kept.view.search === this.display) return kept.view;
    const view = { search: this.display, events: this.lastEvents, status: this.status, funnel: this.funnel, stepNumber: this.step };
    this.viewed = { revision: this.revision, view };
    return view;
  }
  private viewed: { revision: number; view: MeshView } | null = null;

  setGrid(grid: Grid): void {
    this.grid = grid;
    this.remake(this.display.options.algorithm, this.radius);
  }

  /** New map, endpoints, options or radius: back to step 0, and measured unless the caller runs it to its end anyway. */
  restart(start: Point, goal: Point, options: SearchOptions, radius: number, measure = true): void {
    this.start = { ...start };
    this.goal = { ...goal };
    this.stopMeasuring();
    const wanted = meshOptions(options, radius);
    const current = this.display.options;
    if (current.algorithm !== wanted.algorithm || current.radius !== radius || (current.maxExpansions ?? 0) !== (wanted.maxExpansions ?? 0))
      this.remake(wanted.algorithm, radius, wanted.maxExpansions);
    this.total = null;
    this.result = null;
    this.building = null;
    if (this.engine.hasNavMesh(this.grid, radius)) this.resetDisplay();
    else this.startBuilding();
    this.unobservedSinceStart = true;
    this.changed();
    if (measure) this.startMeasuring();
  }

  private startBuilding(): void {
    const { width, height } = this.grid;
    const building = { steps: meshSteps(this.grid.costs(), width, height, this.radius, (stage) => (building.stage = stage)), stage: MESH_STAGES[0] as MeshStage, ms: 0 };
    this.building = building;
    this.lastEvents = null;
    this.elapsedMs = 0;
  }

  goTo(target: number): void {
    runToEnd(this.seekJob(target));
  }

  /** Brings the visible search to step `target` (clamped to its end), the last step observed; forward when on the way, else replayed from step 0. */
  seekJob(target: number): Job {
    const wanted = Math.max(0, Math.floor(target));
    let from = -1;
    return {
      run: (budgetMs) => {
        const begin = performance.now();
        if (!this.prepare(budgetMs)) {
          this.changed();
          return false;
        }
        if (from < 0) {
          const there = this.step === wanted && (wanted === 0 || this.lastEvents !== null);
          if (!there && !(this.step < wanted && !this.finished)) {
            this.resetDisplay();
            this.unobservedSinceStart = wanted === 0;
          }
          from = this.step;
        }
        let done = runChunked(() => this.finished || this.step >= wanted - 1, (n) => this.forward(Math.min(n, wanted - 1 - this.step)), budgetMs);
        if (done && this.step < wanted && !this.finished) {
          this.unobservedSinceStart = false;
          this.observeOne();
        }
        done &&= this.step >= wanted || this.finished;
        this.elapsedMs += performance.now() - begin;
        this.changed();
        if (done) this.measureIfNeeded();
        return done;
      },
      progress: () => {
        const end = Math.min(wanted, this.total ?? wanted);
        return from < 0 || end <= from ? 0 : Math.min(1, (this.step - from) / (end - from));
      },
    };
  }

  advance(count: number): void {
    // A search whose mesh is being built waits for the job that builds it.
    if (this.finished || count < 1 || this.building) return;
    this.unobservedSinceStart = false;
    const begin = performance.now();
    if (count > 1) this.forward(count - 1);
    if (!this.finished) this.observeOne();
    this.elapsedMs += performance.now() - begin;
    this.changed();
    this.measureIfNeeded();
  }

  runFor(budgetMs: number): boolean {
    if (this.unobservedSinceStart) this.stopMeasuring();
    const begin = performance.now();
    const done = this.prepare(budgetMs) && runChunked(() => this.finished, (n) => this.forward(n), budgetMs - (performance.now() - begin));
    this.lastEvents = null;
    this.elapsedMs += performance.now() - begin;
    this.changed();
    return done;
  }

  measureIfNeeded(): void {
    if (this.result === null && !this.measuringNow && !this.finished && (this.building || this.display.status !== 'ready')) this.startMeasuring();
  }

  delete(): void {
    this.stopMeasuring();
    this.display.delete();
    this.measure.delete();
  }

  /** Up to `n` steps unobserved; returns how many were made. */
  private forward(n: number): number {
    let made = 0;
    if (n > 0 && this.display.status === 'running') {
      const before = this.step;
      this.display.runSteps(n);
      made = this.step - before;
      this.lastEvents = null;
      this.afterExpansion();
    }
    if (made < n && this.display.status === 'found') {
      // The search ended within the chunk: the funnel's steps follow its last expansion.
      const walked = Math.min(n - made, this.funnelLength - this.funnelShown);
      this.funnelShown += walked;
      made += walked;
      if (walked > 0) this.lastEvents = null;
    }
    return made;
  }

  /** One step, observed: an expansion with its events (a funnel's are kept for the steps after it), or the next portal of the funnel. */
  private observeOne(): void {
    if (this.display.status === 'running') {
      const events = this.display.step() ?? [];
      this.lastEvents = events.filter((event) => event.kind !== 'funnel');
      this.afterExpansion();
    } else if (this.display.status === 'found' && this.funnelShown < this.funnelLength) {
      const walked = this.funnelSteps[this.funnelShown]!;
      this.lastEvents = [{ kind: 'funnel', step: this.funnelShown, portal: walked.portal, move: walked.move }];
      this.funnelShown++;
    }
  }

  /** Once the search has found its path, its funnel is read (navmesh A*'s; Polyanya has none): the steps after the corridor's walk it. */
  private afterExpansion(): void {
    if (this.display.status === 'found' && !this.funnelRead) {
      this.funnelRead = true;
      this.funnelSteps = this.display.funnel();
      this.funnelLength = this.funnelSteps.length;
    }
  }

  private resetDisplay(): void {
    this.display.reset(this.start, this.goal);
    this.funnelShown = 0;
    this.funnelLength = 0;
    this.funnelSteps = [];
    this.funnelRead = false;
    this.lastEvents = null;
    this.elapsedMs = 0;
  }

  private remake(algorithm: MeshAlgorithmName, radius: number, maxExpansions?: number): void {
    this.stopMeasuring();
    this.display.delete();
    this.measure.delete();
    this.radius = radius;
    const options = { algorithm, radius, ...(maxExpansions ? { maxExpansions } : {}) };
    this.display = this.engine.createMeshSearch(this.grid, options);
    this.measure = this.engine.createMeshSearch(this.grid, options);
  }

  private startMeasuring(): void {
    this.measuringNow = true;
    this.measureReset = false;
    // Nothing at once while the mesh is built: the job that builds it comes first.
    this.jobs.runInBackground(this, { run: (budgetMs) => this.measureFor(budgetMs), progress: () => null }, undefined, this.building ? 0 : FIRST_MEASURE_SLICE_MS);
  }

  private measureFor(budgetMs: number): boolean {
    if (!this.prepare(budgetMs)) return false;
    if (!this.measureReset) {
      this.measure.reset(this.start, this.goal);
      this.measureReset = true;
    }
    const done = runChunked(() => isRunning(this.measure) === false, (n) => this.measure.runSteps(n), budgetMs);
    if (!done) return false;
    this.measuringNow = false;
    this.total = stepsOf(this.measure);
    this.result = resultOf(this.measure);
    this.onMeasured();
    this.startTiming();
    return true;
  }

  private startTiming(): void {
    const timing = new FlatOutTiming(this.measure, this.start, this.goal);
    this.jobs.runInBackground(this, timing, () => {
      if (this.result === null) return;
      this.result = { ...this.result, perRunMs: timing.perRunMs };
      this.onMeasured();
    });
  }

  private stopMeasuring(): void {
    this.jobs.dropBackground(this);
    this.measuringNow = false;
  }

  private changed(): void {
    this.revision++;
    if (!this.finished) return;
    this.total = this.step;
    if (this.result === null && this.unobservedSinceStart) {
      this.stopMeasuring();
      this.result = resultOf(this.display);
      this.startTiming();
    }
  }
}

// As SearchTimeline's: small maps know their length at once.
const FIRST_MEASURE_SLICE_MS = 3;

function isRunning(search: MeshSearch): boolean {
  return search.status === 'running' || search.status === 'preparing';
}

/** A finished search's steps on the timeline: its expansions, and navmesh A*'s funnel steps. */
function stepsOf(search: MeshSearch): number {
  const funnel = search.status === 'found' ? search.funnel().length : 0;
  return search.counters().expanded + funnel;
}

function resultOf(search: MeshSearch): SearchResult {
  const counters = search.counters();
  const path = search.status === 'found' ? search.path() : null;
  return {
    status: search.status,
    expanded: counters.expanded,
    maxOpen: counters.maxOpen,
    pathCost: search.pathCost,
    pathLength: path === null ? null : pathLength(path),
    perRunMs: null,
  };
}
