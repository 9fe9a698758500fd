// Heat maps' numbers: reached cells coloured by one number (g, h, f, expansion order, or the
// h a planner learned: MPAA*'s, where a cell learned one). h
// is defined on every walkable cell (it is the heuristic's field over the map); the others
// only where the search has been. The range is shared by every pane, so in compare mode the
// same colour means the same number in each picture. The colours are the drawing's
// (render/heat.ts); the numbers are read here, once per change of a search.
import type { Grid, Search } from '../engine/engine';
import type { Heat, HeatMode } from '../scene/pane-scene';
import type { Run } from './run';

/**
 * The values a heat map of `search` shows, one per cell (NaN where there is none): g, the
 * expansion order and the learned h from the search's channels, h and f from the engine. A new array
 * each call: the caller caches it by the search's revision.
 */
export function heatValues(search: Search, grid: Grid, mode: Exclude<HeatMode, 'none'>): Float32Array {
  const count = grid.width * grid.height;
  if (search.status === 'ready' || search.status === 'refused') return new Float32Array(count).fill(NaN);
  const costs = grid.costs();
  // Walls stay walls above a heat map: no value on them (a walk's planner may have reached or
  // learned about a cell before it became one).
  const withoutWalls = (values: Float32Array) => {
    for (let id = 0; id < count; id++) if (costs[id] === 0) values[id] = NaN;
    return values;
  };
  if (mode === 'h' || mode === 'f') return withoutWalls(search.cellValues(mode));
  const cells = search.cellView();
  const values = new Float32Array(count);
  for (let id = 0; id < count; id++) {
    // NaN where nothing was learned, and for searches without the channel.
    if (mode === 'learnedH') values[id] = cells.valueAt('learnedH', id);
    else if (mode === 'g') values[id] = cells.phaseAt(id) !== 0 ? cells.gAt(id) : NaN;
    else {
      const order = cells.orderAt(id);
      values[id] = order > 0 ? order : NaN;
    }
  }
  return withoutWalls(values);
}

/** The smallest and largest finite value over every array; null when there is none. */
export function heatRange(arrays: readonly Float32Array[]): { min: number; max: number } | null {
  let min = Infinity, max = -Infinity;
  for (const values of arrays) {
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v < min) min = v; // NaN compares false both ways
      if (v > max) max = v;
    }
  }
  return min <= max ? { min, max } : null;
}

/**
 * Heat-map values per run, recomputed only when the run's search or the mode changed, and
 * one range over every run so the panes' colours mean the same numbers. The Heat objects
 * stay the same while nothing changed: the drawing repaints its layer only for a new one.
 */
export class HeatCache {
  private values = new Map<Run, { revision: number; mode: HeatMode; values: Float32Array }>();
  private heats = new Map<Run, Heat>();
  private key = '';

  of(runs: readonly Run[], grid: Grid, mode: HeatMode, run: Run): Heat | null {
    this.refresh(runs, grid, mode);
    return this.heats.get(run) ?? null;
  }

  /** The range shared by every pane's heat map (for the legend); null without one. */
  range(runs: readonly Run[], grid: Grid, mode: HeatMode): { min: number; max: number } | null {
    this.refresh(runs, grid, mode);
    const first = this.heats.values().next().value;
    return first ? { min: first.min, max: first.max } : null;
  }

  private refresh(runs: readonly Run[], grid: Grid, mode: HeatMode): void {
    if (mode === 'none') {
      this.values.clear();
      this.heats.clear();
      this.key = '';
      return;
    }
    let changed = false;
    for (const r of runs) {
      const cached = this.values.get(r);
      if (cached && cached.revision === r.timeline.revision && cached.mode === mode && cached.values.length === grid.width * grid.height) continue;
      // A search on the mesh has no values per cell: its pane has none to colour.
      const values = r.gridTimeline ? heatValues(r.gridTimeline.display, grid, mode) : new Float32Array(grid.width * grid.height).fill(NaN);
      this.values.set(r, { revision: r.timeline.revision, mode, values });
      changed = true;
    }
    const key = runs.map((r) => r.id).join(' ');
    if (changed || key !== this.key) {
      this.key = key;
      for (const r of [...this.values.keys()]) if (!runs.includes(r)) this.values.delete(r);
      const range = heatRange(runs.map((r) => this.values.get(r)!.values)) ?? { min: 0, max: 0 };
      this.heats = new Map(runs.map((r) => [r, { mode, values: this.values.get(r)!.values, ...range }]));
    }
  }
}
