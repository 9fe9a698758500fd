// The navigation mesh the page shows over the map (issue 19): built from the map as it is
// now, for an agent of the radius chosen, whenever either changes, while the mesh is shown.
//
// The build (engine/navmesh/build-mesh.ts's meshSteps) runs in the job runner's background
// lane, in slices (jobs.ts): on a 1024 x 1024 map with a radius it takes seconds, and the
// page keeps answering meanwhile. A newer map or radius replaces the job in flight (one
// background job per owner). The background lane waits while a foreground job runs, which
// is what the reader is waiting for; the mesh follows. While a build runs for longer than
// PROGRESS_AFTER_MS, its stage is shown.
import type { Grid } from '../engine/engine';
import { MESH_STAGES, meshReport, meshSteps, type MeshBuildReport, type MeshStage } from '../engine/navmesh/build-mesh';
import { MAX_RADIUS } from '../engine/navmesh/free-space';
import type { MeshScene } from '../scene/pane-scene';
import { PROGRESS_AFTER_MS, stepsJob, type JobRunner } from './jobs';
import { ChangeSignal } from './signal';

/** What the panel says about the mesh. */
export type MeshState =
  | { kind: 'hidden' }
  | { kind: 'building'; radius: number; stage: MeshStage; progress: number; slow: boolean }
  | { kind: 'built'; radius: number; report: MeshBuildReport }
  | { kind: 'failed'; radius: number; message: string };

/** Radii the page offers, in cells: quarter steps from 0 to MAX_RADIUS (the lattice's resolution). */
export const RADIUS_STEP = 0.25;

/** `steps`, adding the time spent in them to `work.ms`. */
function* timed<T>(steps: Generator<void, T>, work: { ms: number }): Generator<void, T> {
  for (;;) {
    const began = performance.now();
    const next = steps.next();
    work.ms += performance.now() - began;
    if (next.done) return next.value;
    yield;
  }
}

export class NavMeshLayer {
  shown = false;
  radius = 0;
  /** The mesh drawn, or null while hidden or until the first build is done. */
  scene: MeshScene | null = null;
  state: MeshState = { kind: 'hidden' };
  readonly changes = new ChangeSignal<'view' | 'ui'>();
  private revision = 0;

  constructor(private readonly jobs: JobRunner) {}

  setShown(shown: boolean, grid: Grid): void {
    if (shown === this.shown) return;
    this.shown = shown;
    this.rebuild(grid);
  }

  /** Takes `radius` rounded to RADIUS_STEP within 0..MAX_RADIUS (the input's own bounds). */
  setRadius(radius: number, grid: Grid): void {
    const fitted = Number.isFinite(radius) ? Math.min(MAX_RADIUS, Math.max(0, Math.round(radius / RADIUS_STEP) * RADIUS_STEP)) : 0;
    if (fitted === this.radius) return;
    this.radius = fitted;
    if (this.shown) this.rebuild(grid);
    else this.changes.emit('ui');
  }

  /** The map changed (an edit, another map): the mesh shown is out of date. */
  mapChanged(grid: Grid): void {
    if (this.shown) this.rebuild(grid);
  }

  dispose(): void {
    this.jobs.dropBackground(this);
  }

  private rebuild(grid: Grid): void {
    this.jobs.dropBackground(this);
    if (!this.shown) {
      this.scene = null;
      this.state = { kind: 'hidden' };
      this.changes.emit('view', 'ui');
      return;
    }
    // The old mesh stays drawn until the new one is done (no flicker while painting walls).
    const { width, height } = grid;
    const radius = this.radius;
    const began = performance.now();
    const building = { kind: 'building', radius, stage: MESH_STAGES[0], progress: 0, slow: false } as const;
    this.state = { ...building };
    const stage = (next: MeshStage) => {
      const slow = performance.now() - began >= PROGRESS_AFTER_MS;
      const wasSlow = this.state.kind === 'building' && this.state.slow;
      this.state = { ...building, stage: next, progress: MESH_STAGES.indexOf(next) / MESH_STAGES.length, slow };
      if (slow) this.changes.emit('ui');
      else if (wasSlow !== slow) this.changes.emit('ui');
    };
    // The build time reported is the work's own, not the waits between slices.
    const work = { ms: 0 };
    const steps = timed(meshSteps(grid.costs().slice(), width, height, radius, stage), work);
    const job = stepsJob(steps, (data) => {
      this.scene = { vertices: data.vertices, polygonStart: data.polygonStart, polygonVertices: data.polygonVertices, revision: ++this.revision };
      this.state = { kind: 'built', radius, report: meshReport(data, work.ms) };
      this.changes.emit('view', 'ui');
    }, (error) => {
      this.scene = null;
      this.state = { kind: 'failed', radius, message: error instanceof Error ? error.message : String(error) };
      this.changes.emit('view', 'ui');
    });
    this.changes.emit('ui');
    this.jobs.runInBackground(this, job);
  }
}
