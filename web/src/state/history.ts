// Undo and redo of map edits. An entry stores only what changed (a stroke stores the
// cells it touched), so painting on a 1024 x 1024 map does not copy a megabyte per stroke;
// only operations that replace the whole map keep whole snapshots.
import type { Point } from '../engine/engine';

export interface Endpoints {
  start: Point;
  goal: Point;
}

export interface MapSnapshot extends Endpoints {
  width: number;
  height: number;
  costs: Uint8Array;
  name: string;
}

export type Edit =
  | { kind: 'cells'; ids: Uint32Array; before: Uint8Array; after: Uint8Array }
  | { kind: 'endpoints'; before: Endpoints; after: Endpoints }
  | { kind: 'map'; before: MapSnapshot; after: MapSnapshot };

const MAX_ENTRIES = 200;
// Whole-map snapshots dominate memory; keep at most this many bytes of them.
const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024;

export class EditHistory {
  private done: Edit[] = [];
  private undone: Edit[] = [];

  get canUndo(): boolean {
    return this.done.length > 0;
  }
  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  record(edit: Edit): void {
    this.done.push(edit);
    this.undone = [];
    this.trim();
  }

  /** The edit to revert, moved to the redo list. */
  takeUndo(): Edit | undefined {
    const edit = this.done.pop();
    if (edit) this.undone.push(edit);
    return edit;
  }

  /** The edit to apply again, moved back to the undo list. */
  takeRedo(): Edit | undefined {
    const edit = this.undone.pop();
    if (edit) this.done.push(edit);
    return edit;
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }

  private trim(): void {
    while (this.done.length > MAX_ENTRIES) this.done.shift();
    let bytes = 0;
    for (let i = this.done.length - 1; i >= 0; i--) {
      const edit = this.done[i];
      if (edit.kind === 'map') bytes += edit.before.costs.length + edit.after.costs.length;
      if (bytes > MAX_SNAPSHOT_BYTES) {
        this.done.splice(0, i + 1);
        break;
      }
    }
  }
}

/** Collects one pointer stroke: the first "before" and last "after" of each cell. */
export class StrokeRecorder {
  private readonly before = new Map<number, number>();
  private readonly after = new Map<number, number>();

  note(id: number, oldCost: number, newCost: number): void {
    if (!this.before.has(id)) this.before.set(id, oldCost);
    this.after.set(id, newCost);
  }

  get empty(): boolean {
    for (const [id, cost] of this.after) if (this.before.get(id) !== cost) return false;
    return true;
  }

  toEdit(): Edit {
    const ids = [...this.after.keys()].filter((id) => this.before.get(id) !== this.after.get(id));
    return {
      kind: 'cells',
      ids: Uint32Array.from(ids),
      before: Uint8Array.from(ids, (id) => this.before.get(id)!),
      after: Uint8Array.from(ids, (id) => this.after.get(id)!),
    };
  }
}
