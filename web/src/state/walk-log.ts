// The timeline of a walk, beyond the agents' own steps: the map it started on, and every
// edit made while the agents walked (cells painted or erased, the goal moved), each after
// the step it was made at. Every run of the playground walks the same map, so the log is
// shared and replayed for all of them together: the map is put back as it was at the
// start, and the runs walk again, each logged edit applied after its step, exactly as it
// happened. Step back is that replay, to one step before.
//
// An edit made after stepping back starts a new future: the logged edits after its step
// are dropped (they were made in a walk that no longer happens).
import type { Grid, Point } from '../engine/engine';
import { sequence, type Job } from './jobs';
import type { WalkTimeline } from './walk-timeline';

type Entry =
  | { step: number; kind: 'cells'; ids: number[]; costs: number[] }
  | { step: number; kind: 'goal'; goal: Point };

export class WalkLog {
  private readonly baseCosts: Uint8Array;
  private readonly baseGoal: Point;
  private entries: Entry[] = [];

  /** A log starting from the map and goal as they are now. */
  constructor(grid: Grid, goal: Point) {
    this.baseCosts = grid.costs();
    this.baseGoal = { ...goal };
  }

  get empty(): boolean {
    return this.entries.length === 0;
  }

  /** Cells given new costs after `step` steps (one entry per step: a stroke adds to it). */
  recordCells(step: number, ids: readonly number[], costs: readonly number[]): void {
    this.dropAfter(step);
    const last = this.entries.at(-1);
    if (last?.kind === 'cells' && last.step === step) {
      last.ids.push(...ids);
      last.costs.push(...costs);
    } else {
      this.entries.push({ step, kind: 'cells', ids: [...ids], costs: [...costs] });
    }
  }

  /** The goal moved to `goal` after `step` steps. */
  recordGoal(step: number, goal: Point): void {
    this.dropAfter(step);
    this.entries.push({ step, kind: 'goal', goal: { ...goal } });
  }

  /**
   * Puts `grid` back as the walk started and walks every run to `target` steps, applying
   * each logged edit after its step; the last step is observed, so it can be narrated.
   * `done` is told the goal at that point. A job (jobs.ts): long walks replay in slices.
   */
  replayJob(target: number, grid: Grid, runs: readonly WalkTimeline[], done: (goal: Point) => void): Job {
    let goal = { ...this.baseGoal };
    const parts: Job[] = [once(() => {
      grid.assign(this.baseCosts);
      for (const run of runs) run.begin();
    })];
    let at = 0;
    const walkTo = (step: number) => {
      if (step > at) parts.push(...runs.map((run) => run.forwardJob(step - at, step === target)));
      at = step;
    };
    for (const entry of this.entries) {
      if (entry.step > target) break;
      walkTo(entry.step);
      parts.push(once(() => {
        if (entry.kind === 'cells') {
          const points = entry.ids.map((id, i) => {
            const point = { x: id % grid.width, y: Math.floor(id / grid.width) };
            grid.setCost(point.x, point.y, entry.costs[i]!);
            return point;
          });
          for (const run of runs) run.worldChanged(points);
        } else {
          goal = { ...entry.goal };
          for (const run of runs) run.setGoal(goal);
        }
      }));
    }
    walkTo(target);
    parts.push(once(() => done(goal)));
    return sequence(parts);
  }

  private dropAfter(step: number): void {
    this.entries = this.entries.filter((entry) => entry.step <= step);
  }
}

/** A job of one quick action. */
function once(action: () => void): Job {
  let done = false;
  return {
    run() {
      if (!done) action();
      done = true;
      return true;
    },
    progress: () => (done ? 1 : 0),
  };
}
