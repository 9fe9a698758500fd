// Walk mode's settings and log: whether the runs walk rather than search, whether their
// agents only know what they have sensed and how far they sense, what one step is, and the
// walks' starting map with the edits made while they walked (walk-log.ts). The store
// decides what a change of them does to the runs; this part only holds them.
import type { Grid, Point } from '../engine/engine';
import { DEFAULT_SENSE_RADIUS, MAX_SENSE_RADIUS } from './limits';
import { ChangeSignal } from './signal';
import { WalkLog } from './walk-log';
import type { WalkStepSize, WalkTimeline } from './walk-timeline';

export interface WalkSettings {
  unknownTerrain: boolean;
  senseRadius: number;
  stepSize: WalkStepSize;
}

export class WalkMode {
  /** Every run's agent walks from the start to the goal, replanning as it learns (walk-timeline.ts). */
  walking = false;
  /** Whether the agents only know what they have sensed (else the whole map). */
  unknownTerrain = false;
  /** How far an agent senses in unknown terrain (Chebyshev distance, 1 to MAX_SENSE_RADIUS). */
  senseRadius = DEFAULT_SENSE_RADIUS;
  /** What one step is: a move (planning done before it at once) or each planner expansion too. */
  stepSize: WalkStepSize = 'move';
  /** The walks' starting map and the edits made while they walked; null until they start. */
  log: WalkLog | null = null;
  readonly changes = new ChangeSignal<'options'>();

  /** The radius walks sense with: 0 when they know the whole map. */
  get effectiveSenseRadius(): number {
    return this.unknownTerrain ? this.senseRadius : 0;
  }

  /** True when the map was edited while the agents walked (the log holds edits). */
  get edited(): boolean {
    return this.log !== null && !this.log.empty;
  }

  /** Walking on or off; false when it already was. The log starts afresh. */
  setWalking(walking: boolean): boolean {
    if (walking === this.walking) return false;
    this.walking = walking;
    this.log = null;
    this.changes.emit('options');
    return true;
  }

  /** Unknown terrain on or off and the radius (clamped to 1..MAX_SENSE_RADIUS); false when nothing changed. */
  setUnknownTerrain(unknown: boolean, radius = this.senseRadius): boolean {
    const next = Math.min(MAX_SENSE_RADIUS, Math.max(1, Math.round(radius) || DEFAULT_SENSE_RADIUS));
    if (unknown === this.unknownTerrain && next === this.senseRadius) return false;
    this.unknownTerrain = unknown;
    this.senseRadius = next;
    this.changes.emit('options');
    return true;
  }

  setStepSize(size: WalkStepSize): boolean {
    if (size === this.stepSize) return false;
    this.stepSize = size;
    this.changes.emit('options');
    return true;
  }

  /** All settings at once (a shared link); the log starts afresh. */
  load(walking: boolean, settings: WalkSettings | null): void {
    if (settings) {
      this.unknownTerrain = settings.unknownTerrain;
      this.senseRadius = Math.min(MAX_SENSE_RADIUS, Math.max(1, settings.senseRadius));
      this.stepSize = settings.stepSize;
    }
    this.walking = walking;
    this.log = null;
    this.changes.emit('options');
  }

  /**
   * An edit made while the agents are under way (past step 0, not all arrived) is part of
   * their walk: logged at the current step and told to every walk, which replans if the
   * change touches what its agent knows. False, with nothing done, when they are not under
   * way (or the edit is neither painted cells nor a moved goal).
   */
  join(step: number, cells: { ids: number[]; costs: number[] } | null, goal: Point | null, walks: readonly WalkTimeline[], width: number): boolean {
    const log = this.log;
    if (log === null || step === 0 || !walks.some((walk) => walk.underWay)) return false;
    if (cells) {
      log.recordCells(step, cells.ids, cells.costs);
      const points = cells.ids.map((id) => ({ x: id % width, y: Math.floor(id / width) }));
      for (const walk of walks) walk.worldChanged(points);
      return true;
    }
    if (goal) {
      log.recordGoal(step, goal);
      for (const walk of walks) walk.setGoal(goal);
      return true;
    }
    return false;
  }

  /** The walks start (again) from the map and goal as they are now. */
  startLog(grid: Grid, goal: Point): void {
    this.log = new WalkLog(grid, goal);
  }
}
