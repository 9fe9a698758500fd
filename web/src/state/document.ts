// The document: the map (the engine's grid), its name, the start and the goal, and the
// history of edits with undo and redo. Painting, dragging start and goal, loading maps
// and presets all change it here, and every change is told to the host (the store), which
// decides what the searches make of it: the document knows nothing of searches, walks or
// the view, so it can be read, and tested, on its own.
import type { Engine, Grid, Point } from '../engine/engine';
import { MapFormatError } from '../engine/engine';
import { generateMap, placeEndpoints, type GeneratorName } from '../generators/generators';
import { demoMap } from './demo-map';
import { pickEndpoints } from './endpoints';
import { EditHistory, StrokeRecorder, type Edit, type Endpoints, type MapSnapshot } from './history';
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from './limits';
import { ChangeSignal } from './signal';
import type { Message } from './view-settings';

export type Endpoint = 'start' | 'goal';

/** What changed in the document, for the host to act on. */
export type DocumentEdit =
  /** Cells were given new costs (painted, or put back by undo). */
  | { kind: 'cells'; ids: number[]; costs: number[] }
  /** Start or goal moved; `placed`: both were put somewhere at once (a scenario's query). */
  | { kind: 'endpoints'; moved: Endpoint; placed: boolean }
  /**
   * A whole map came in. `replaced`: the grid of the old size, when the new map has another
   * size and so a new grid: the host moves its searches to the new grid, then deletes it.
   */
  | { kind: 'map'; replaced: Grid | null };

export interface DocumentHost {
  /** True where a walking agent stands: edits leave that cell alone. */
  occupied(x: number, y: number): boolean;
  /** The document changed; called after the change is made. */
  edited(edit: DocumentEdit): void;
  /** A message for the user about a file or a map, or null to clear an old one (an edit makes it beside the point). */
  tell(message: Message | null): void;
}

export class MapDocument {
  grid: Grid;
  start: Point;
  goal: Point;
  mapName: string;
  generatorSeed = 1;
  readonly history = new EditHistory();
  /** 'map', 'endpoints', and 'ui' when what undo and redo can do changed. */
  readonly changes = new ChangeSignal<'map' | 'endpoints' | 'ui'>();
  private stroke: StrokeRecorder | null = null;
  private drag: { which: Endpoint; before: Endpoints } | null = null;

  constructor(private readonly engine: Engine, private readonly host: DocumentHost) {
    const demo = demoMap();
    this.grid = engine.createGrid(demo.width, demo.height);
    this.grid.assign(demo.costs);
    this.mapName = demo.name;
    this.start = demo.start;
    this.goal = demo.goal;
  }

  // ------------------------------------------------------------------ painting
  beginStroke(): void {
    this.host.tell(null);
    this.stroke = new StrokeRecorder();
  }

  /** Paints every cell on the segment between two cells with `cost` (pointer events skip cells when fast). */
  paintLine(from: Point, to: Point, cost: number): void {
    if (!this.stroke) return;
    const ids: number[] = [];
    const { grid } = this;
    forEachCellOnLine(from, to, (x, y) => {
      if (!grid.contains({ x, y }) || this.endpointAt(x, y) || this.host.occupied(x, y)) return;
      const old = grid.cost(x, y);
      if (old === cost) return;
      grid.setCost(x, y, cost);
      this.stroke!.note(y * grid.width + x, old, cost);
      ids.push(y * grid.width + x);
    });
    if (ids.length === 0) return;
    this.changes.emit('map');
    this.host.edited({ kind: 'cells', ids, costs: ids.map(() => cost) });
  }

  endStroke(): void {
    if (this.stroke && !this.stroke.empty) this.record(this.stroke.toEdit());
    this.stroke = null;
  }

  // ------------------------------------------------------------------ start and goal
  endpointAt(x: number, y: number): Endpoint | null {
    if (x === this.start.x && y === this.start.y) return 'start';
    if (x === this.goal.x && y === this.goal.y) return 'goal';
    return null;
  }

  beginEndpointDrag(which: Endpoint): void {
    this.host.tell(null);
    this.drag = { which, before: this.endpoints() };
  }

  /** Moves start or goal; ignored off the map, onto a wall or onto the other endpoint. */
  moveEndpoint(which: Endpoint, x: number, y: number): boolean {
    if (!this.grid.contains({ x, y }) || this.grid.cost(x, y) === 0 || this.endpointAt(x, y)) return false;
    this[which] = { x, y };
    this.changes.emit('endpoints');
    this.host.edited({ kind: 'endpoints', moved: which, placed: false });
    return true;
  }

  endEndpointDrag(): void {
    if (!this.drag) return;
    const before = this.drag.before, after = this.endpoints();
    this.drag = null;
    if (!samePoint(before.start, after.start) || !samePoint(before.goal, after.goal)) this.record({ kind: 'endpoints', before, after });
  }

  /**
   * Puts start and goal at once (a scenario's query) as one undoable edit. False, with
   * nothing changed, when either is off the map or on a wall, or both are the same cell.
   */
  setEndpoints(start: Point, goal: Point): boolean {
    const free = (point: Point) => this.grid.contains(point) && this.grid.cost(point.x, point.y) !== 0;
    if (!free(start) || !free(goal) || samePoint(start, goal)) return false;
    this.host.tell(null);
    const before = this.endpoints();
    this.start = { ...start };
    this.goal = { ...goal };
    if (!samePoint(before.start, start) || !samePoint(before.goal, goal)) this.record({ kind: 'endpoints', before, after: this.endpoints() });
    this.changes.emit('endpoints');
    this.host.edited({ kind: 'endpoints', moved: samePoint(before.start, start) ? 'goal' : 'start', placed: true });
    return true;
  }

  // ------------------------------------------------------------------ undo / redo
  undo(): void {
    const edit = this.history.takeUndo();
    if (edit) this.apply(edit, 'before');
  }

  redo(): void {
    const edit = this.history.takeRedo();
    if (edit) this.apply(edit, 'after');
  }

  private record(edit: Edit): void {
    this.history.record(edit);
    this.changes.emit('ui');
  }

  private apply(edit: Edit, side: 'before' | 'after'): void {
    switch (edit.kind) {
      case 'cells': {
        const values = edit[side];
        const width = this.grid.width;
        edit.ids.forEach((id, i) => this.grid.setCost(id % width, Math.floor(id / width), values[i]!));
        this.changes.emit('map');
        this.host.edited({ kind: 'cells', ids: [...edit.ids], costs: [...values] });
        break;
      }
      case 'endpoints': {
        const startMoved = !samePoint(this.start, edit[side].start);
        this.start = { ...edit[side].start };
        this.goal = { ...edit[side].goal };
        this.changes.emit('endpoints');
        this.host.edited({ kind: 'endpoints', moved: startMoved ? 'start' : 'goal', placed: false });
        break;
      }
      case 'map':
        this.install(edit[side]);
        break;
    }
    this.changes.emit('ui');
  }

  /**
   * The walks' replay (walk-log.ts) put the map back as it was at the walks' start and made
   * its logged edits again; the goal is where it was at the step replayed to.
   */
  replayed(goal: Point): void {
    const moved = !samePoint(goal, this.goal);
    this.goal = { ...goal };
    if (moved) this.changes.emit('map', 'endpoints');
    else this.changes.emit('map');
  }

  // ------------------------------------------------------------------ whole maps
  /** A new empty map. Returns false (with a message) when the size is out of range. */
  newMap(width: number, height: number): boolean {
    if (!validSide(width) || !validSide(height)) {
      this.host.tell({ kind: 'error', key: 'error.mapSize' });
      return false;
    }
    const start = { x: Math.floor(width / 5), y: Math.floor(height / 2) };
    const goal = { x: width - 1 - Math.floor(width / 5), y: Math.floor(height / 2) };
    this.replace({ width, height, costs: new Uint8Array(width * height).fill(1), start, goal, name: 'untitled' });
    return true;
  }

  generate(name: GeneratorName, density: number, seed = this.generatorSeed++): void {
    const { width, height } = this.grid;
    const costs = generateMap(name, { width, height, seed, density });
    const { start, goal } = placeEndpoints(name, width, height, this.start, this.goal);
    costs[start.y * width + start.x] ||= 1;
    costs[goal.y * width + goal.x] ||= 1;
    this.replace({ width, height, costs, start, goal, name: `${name}-${seed}` });
  }

  /** Imports Moving AI .map text. On any problem the current map stays and a message says why. */
  loadMapText(text: string, name: string): boolean {
    let grid: Grid;
    try {
      grid = this.engine.parseMap(text);
    } catch (error) {
      if (error instanceof MapFormatError && error.oversize) {
        // Past the engine's largest grid is past the page's bounds too: one limit, the page's.
        this.host.tell({ kind: 'error', key: 'error.mapBounds', detail: `${name}: ${error.oversize.width} × ${error.oversize.height}` });
        return false;
      }
      const detail = error instanceof MapFormatError || error instanceof RangeError ? error.message : String(error);
      this.host.tell({ kind: 'error', key: 'error.mapFormat', detail: `${name}: ${detail}` });
      return false;
    }
    try {
      if (!validSide(grid.width) || !validSide(grid.height)) {
        this.host.tell({ kind: 'error', key: 'error.mapBounds', detail: `${name}: ${grid.width} × ${grid.height}` });
        return false;
      }
      const costs = grid.costs();
      const { start, goal } = pickEndpoints(costs, grid.width, grid.height);
      this.replace({ width: grid.width, height: grid.height, costs, start, goal, name: baseName(name) });
    } finally {
      grid.delete();
    }
    this.host.tell({ kind: 'info', key: 'info.mapLoaded', detail: `${name} (${this.grid.width} × ${this.grid.height})` });
    return true;
  }

  /** The text of a Moving AI .map at `url` (a preset); null, with a message saying why, when it cannot be fetched. */
  async fetchMap(url: string, name: string): Promise<string | null> {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return await response.text();
    } catch (error) {
      this.host.tell({ kind: 'error', key: 'error.presetLoad', detail: `${name}: ${(error as Error).message}` });
      return null;
    }
  }

  /** A map given whole (a shared link): not an edit the user made, so the history starts afresh from it. */
  load(map: MapSnapshot): void {
    this.stroke = null;
    this.drag = null;
    this.history.clear();
    this.host.tell(null);
    this.install(map);
    this.changes.emit('ui');
  }

  snapshot(): MapSnapshot {
    return { width: this.grid.width, height: this.grid.height, costs: this.grid.costs(), ...this.endpoints(), name: this.mapName };
  }

  private replace(next: MapSnapshot): void {
    this.host.tell(null);
    this.record({ kind: 'map', before: this.snapshot(), after: next });
    this.install(next);
  }

  private install(map: MapSnapshot): void {
    const old = this.grid;
    const resized = map.width !== old.width || map.height !== old.height;
    if (resized) this.grid = this.engine.createGrid(map.width, map.height);
    this.grid.assign(map.costs);
    this.start = { ...map.start };
    this.goal = { ...map.goal };
    this.mapName = map.name;
    this.changes.emit('map', 'endpoints');
    this.host.edited({ kind: 'map', replaced: resized ? old : null });
  }

  private endpoints(): Endpoints {
    return { start: { ...this.start }, goal: { ...this.goal } };
  }
}

function validSide(side: number): boolean {
  return Number.isInteger(side) && side >= MIN_MAP_SIDE && side <= MAX_MAP_SIDE;
}

export function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

function baseName(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, '').replace(/\.map$/i, '') || 'imported';
}

/** Bresenham's line, so a fast stroke leaves no gaps. */
function forEachCellOnLine(from: Point, to: Point, visit: (x: number, y: number) => void): void {
  let x = from.x, y = from.y;
  const dx = Math.abs(to.x - x), dy = -Math.abs(to.y - y);
  const sx = x < to.x ? 1 : -1, sy = y < to.y ? 1 : -1;
  let error = dx + dy;
  for (;;) {
    visit(x, y);
    if (x === to.x && y === to.y) return;
    const doubled = 2 * error;
    if (doubled >= dy) { error += dy; x += sx; }
    if (doubled <= dx) { error += dx; y += sy; }
  }
}
