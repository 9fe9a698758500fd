// Builds each pane's scene (scene/pane-scene.ts): what the pane shows, as plain data read
// from the engine once per change, so the drawing reads no engine object at all. The
// search's part (fills, the step's marks, the path, a walk's trail and fog) is read once
// per revision of the run's timeline; the numbers on the visible cells once per revision
// and view, in bulk (the search's h and f for every cell in one call each, the rest from
// its typed channel views: no call into the engine per cell); the rest (endpoints, the
// pointer's cell, a picked cell) is cheap. What is specific to an algorithm (its fills,
// marks and corner numbers) comes from its presenter.
//
// build() returns the same scene object while nothing it shows has changed, so the frame
// loop draws a pane only when its scene is new.
import type { AlgorithmName, Grid, Point, Search } from '../engine/engine';
import { meshPresenterFor, presenterFor, type Presenter } from '../presenters/index';
import { formatNumber } from '../scene/format';
import { cornersOf, LABEL_MIN_SCALE } from '../scene/geometry';
import { layoutLabels, type PlacedLabel } from '../scene/label-layout';
import {
  centreOf, FILL, type CellLabel, type CellText, type CornerRule, type FillScene, type FogScene, type Heat, type MapScene, type Marker, type MeshScene, type Overlay, type PaneScene,
} from '../scene/pane-scene';
import { visibleCells, type Viewport } from '../scene/viewport';
import { isMeshAlgorithm, type MeshTimeline } from './mesh-timeline';
import type { Run, RunTimeline } from './run';

/**
 * The map's costs as plain data, copied once per edit of the grid and shared by every pane.
 * A map of the same size is copied into the same array (a new scene object, a new
 * revision): a stroke edits the map on every pointer move, and a fresh 1 MB copy each time
 * on a 1024 x 1024 map filled the young generation, whose collections (up to 50 ms in a
 * Chromium trace of bench:web's stroke) made long tasks. Nothing keeps an older MapScene
 * to read its costs: the drawing and the labels go by the newest scene's revision.
 */
export class MapSceneSource {
  private scene: MapScene | null = null;
  private grid: Grid | null = null;
  private gridRevision = -1;
  private revisions = 0;

  of(grid: Grid): MapScene {
    if (this.scene && this.grid === grid && this.gridRevision === grid.revision) return this.scene;
    this.grid = grid;
    this.gridRevision = grid.revision;
    const costs = this.scene?.costs.length === grid.width * grid.height ? this.scene.costs : new Uint8Array(grid.width * grid.height);
    grid.costs(costs);
    this.scene = { width: grid.width, height: grid.height, costs, revision: ++this.revisions };
    return this.scene;
  }
}

/** Everything a pane's scene is built from. */
export interface SceneInputs {
  run: Run;
  map: MapScene;
  start: Point;
  goal: Point;
  /** The canvas's size in CSS pixels and the view of the map in it. */
  width: number;
  height: number;
  view: Viewport;
  labels: ReadonlySet<CellLabel>;
  heat: Heat | null;
  /** The navigation mesh, when shown. */
  mesh: MeshScene | null;
  hover: Point | null;
  highlight: Point | null;
  cursor: Point | null;
}

/** What one revision of a run's timeline shows, read once. */
interface SearchPart {
  timeline: RunTimeline;
  revision: number;
  algorithm: AlgorithmName;
  /** What draws its cells and marks: null on the mesh, and for a walk whose planner would be a search on the mesh (refused). */
  presenter: Presenter | null;
  stepMarks: Overlay[];
  trail: Overlay[];
  searchMarks: Overlay[];
  agent: Point | null;
  fog: FogScene | null;
}

export class PaneSceneBuilder {
  private readonly fills: FillScene = { kinds: new Uint8Array(0), revision: 0 };
  private scratch = new Uint8Array(0);
  /** The search part and what the fills were last filled for. */
  private part: SearchPart | null = null;
  private filledFor: SearchPart | null = null;
  private labels: { part: SearchPart; map: MapScene; key: string; texts: CellText[]; placed: PlacedLabel[] } | null = null;
  private bulk: { part: SearchPart; h: Float32Array | null; f: Float32Array | null } | null = null;
  private last: { inputs: SceneInputs; part: SearchPart; labels: CellText[]; scene: PaneScene } | null = null;

  build(inputs: SceneInputs): PaneScene {
    const part = this.searchPart(inputs.run);
    const fills = inputs.heat ? null : this.filled(part, inputs.map);
    const { texts: labels, placed } = this.labelTexts(part, inputs);
    const last = this.last;
    if (last && last.part === part && last.labels === labels && sameInputs(last.inputs, inputs) && (fills === null) === (last.scene.fills === null)) {
      return last.scene;
    }
    const markers: Marker[] = [{ role: 'start', at: inputs.start, letter: 'S' }, { role: 'goal', at: inputs.goal, letter: 'G' }];
    if (part.agent) markers.push({ role: 'agent', at: part.agent, letter: 'A' });
    const scene: PaneScene = {
      map: inputs.map,
      fills,
      heat: inputs.heat,
      fog: part.fog,
      mesh: inputs.mesh,
      labels,
      placed,
      labelsShown: inputs.labels.size > 0,
      overlays: [...part.stepMarks, ...part.trail, ...part.searchMarks],
      markers,
      above: inputs.highlight ? [{ shape: 'ring', role: 'highlight', at: centreOf(inputs.highlight) }] : [],
      screenOnly: [
        ...(inputs.hover ? [{ shape: 'outline', role: 'hover', cell: inputs.hover } as const] : []),
        ...(inputs.cursor ? [{ shape: 'outline', role: 'cursor', cell: inputs.cursor } as const] : []),
      ],
    };
    this.last = { inputs: { ...inputs }, part, labels, scene };
    return scene;
  }

  /** The run's search as it is now: read again only when its timeline moved or was replaced. */
  private searchPart(run: Run): SearchPart {
    const { timeline } = run;
    const algorithm = run.options.algorithm;
    const known = this.part;
    if (known && known.timeline === timeline && known.revision === timeline.revision && known.algorithm === algorithm) return known;
    if (timeline.domain === 'mesh') return (this.part = meshPart(timeline, algorithm));
    const search = timeline.display;
    // A grid timeline holds a search on the mesh only as a walk's planner, which the walk
    // refuses (it moves from cell to cell): no grid presenter speaks for it, and nothing of
    // it is drawn.
    const presenter = isMeshAlgorithm(algorithm) ? null : presenterFor(algorithm);
    const marks = presenter?.overlays(timeline.lastEvent, search) ?? { step: [], search: [] };
    const walk = run.walk?.view() ?? null;
    const trail: Overlay[] = [];
    if (walk) {
      trail.push({ shape: 'polyline', role: 'path', points: cornersOf(walk.planned).map(centreOf) });
      trail.push({ shape: 'polyline', role: 'walked', points: cornersOf(walk.walked).map(centreOf) });
      if (walk.sensed) trail.push({ shape: 'rect', role: 'sense', ...walk.sensed });
      for (const cell of walk.discovered) trail.push({ shape: 'outline', role: 'discovered', cell });
    } else if (search.status === 'found') {
      trail.push({ shape: 'polyline', role: 'path', points: cornersOf(search.path()).map(centreOf) });
    }
    this.part = {
      timeline,
      revision: timeline.revision,
      algorithm,
      presenter,
      stepMarks: marks.step,
      trail,
      searchMarks: marks.search,
      agent: walk?.agent ?? null,
      fog: walk?.known ? { known: walk.known, revision: timeline.revision } : null,
    };
    return this.part;
  }

  /** The fills of the search part, refilled in place (the same object, a new revision) when it changed. */
  private filled(part: SearchPart, map: MapScene): FillScene {
    const count = map.width * map.height;
    if (this.filledFor === part && this.fills.kinds.length === count) return this.fills;
    if (this.fills.kinds.length !== count) {
      this.fills.kinds = new Uint8Array(count);
      this.scratch = new Uint8Array(count);
    }
    const { presenter } = part;
    const search = part.timeline.domain === 'grid' ? part.timeline.display : null;
    // A search on the mesh fills no cells: its polygons and intervals are overlays.
    if (presenter === null || search === null || search.status === 'ready' || search.status === 'refused') this.fills.kinds.fill(0);
    else {
      presenter.fillCells(search.cellView(), this.fills.kinds, this.scratch);
      // Walls stay walls above the search's colours (a walk's planner may have reached a
      // cell before it became one; the map is drawn under the fills).
      const { costs } = map;
      for (let id = 0; id < count; id++) if (costs[id] === 0) this.fills.kinds[id] = FILL.none;
    }
    this.fills.revision++;
    this.filledFor = part;
    return this.fills;
  }

  /** The numbers on the visible cells, when cells are big enough to carry them, and where those that fit go. */
  private labelTexts(part: SearchPart, inputs: SceneInputs): { texts: CellText[]; placed: PlacedLabel[] } {
    const { view, width, height, map, labels: shown } = inputs;
    if (view.scale < LABEL_MIN_SCALE) return NO_LABELS;
    const key = `${view.scale} ${view.offsetX} ${view.offsetY} ${width} ${height} ${[...shown].join(',')}`;
    const cached = this.labels;
    if (cached && cached.part === part && cached.map === map && cached.key === key) return cached;
    const visible = visibleCells(view, width, height, map.width, map.height);
    // A search on the mesh has no numbers per cell (its nodes' are in the tooltip and the inspector).
    const { timeline, presenter } = part;
    const texts = timeline.domain === 'mesh' || presenter === null ? terrainOnly(map, visible)
      : readLabels(timeline.display, map, visible, shown, presenter, (kind) => this.bulkValues(part, kind));
    this.labels = { part, map, key, texts, placed: layoutLabels(texts, view.scale) };
    return this.labels;
  }

  /** h or f of every cell, read in one call per revision of the search and only when a label needs it. */
  private bulkValues(part: SearchPart, kind: 'h' | 'f'): Float32Array {
    if (this.bulk?.part !== part) this.bulk = { part, h: null, f: null };
    const { timeline } = part;
    if (timeline.domain !== 'grid') throw new Error('a search on the mesh has no values per cell');
    return (this.bulk[kind] ??= timeline.display.cellValues(kind));
  }
}

/**
 * A search on the navigation mesh at the step shown: its presenter's marks (its polygons or
 * intervals first, then the step's), and its path, once the timeline has finished (navmesh
 * A*'s path shows when the funnel has walked its last portal), as a polyline of plane points.
 */
function meshPart(timeline: MeshTimeline, algorithm: AlgorithmName): SearchPart {
  const view = timeline.view();
  // While the mesh is built the search has not begun: nothing of it to draw.
  const marks = view.status !== 'preparing' && isMeshAlgorithm(algorithm) ? meshPresenterFor(algorithm).overlays(view) : { step: [], search: [] };
  const trail: Overlay[] = timeline.finished && view.search.status === 'found' ? [{ shape: 'polyline', role: 'path', points: view.search.path() }] : [];
  // The search's marks go under the step's: polygons and intervals are areas and lines the step's marks stand out on.
  return { timeline, revision: timeline.revision, algorithm, presenter: null, stepMarks: marks.search, trail: [], searchMarks: [...marks.step, ...trail], agent: null, fog: null };
}

const NO_LABELS = { texts: [] as CellText[], placed: [] as PlacedLabel[] };


function sameInputs(a: SceneInputs, b: SceneInputs): boolean {
  return a.run === b.run && a.map === b.map && samePoint(a.start, b.start) && samePoint(a.goal, b.goal) && a.width === b.width && a.height === b.height
    && a.view.scale === b.view.scale && a.view.offsetX === b.view.offsetX && a.view.offsetY === b.view.offsetY
    && a.labels === b.labels && a.heat === b.heat && a.mesh === b.mesh && samePoint(a.hover, b.hover) && samePoint(a.highlight, b.highlight) && samePoint(a.cursor, b.cursor);
}

function samePoint(a: Point | null, b: Point | null): boolean {
  return a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y);
}

/**
 * The numbers of the visible cells: a reached cell's corners as its presenter's rule says
 * (f or rhs, the order or visit count, g, h) and its parent arrow; a cell only a backward
 * frontier reached, that side's order, g and parent; an unreached terrain cell, its cost;
 * and any cell's numbers per direction, where the presenter has them (JPS+'s jump table).
 * Written in full: the layout (scene/label-layout.ts) shortens or drops what does not fit.
 */
function readLabels(search: Search, map: MapScene, visible: ReturnType<typeof visibleCells>, shown: ReadonlySet<CellLabel>,
  presenter: Presenter, bulk: (kind: 'h' | 'f') => Float32Array): CellText[] {
  if (search.status === 'ready' || search.status === 'refused') return terrainOnly(map, visible);
  const rule = presenter.corners;
  const cells = search.cellView();
  const directions = shown.has('jumps') && presenter.directionLabels ? presenter.directionLabels.bind(presenter) : null;
  const label = (value: number | null) => (value === Infinity ? '∞' : formatNumber(value, 1));
  const h = shown.has('h') ? bulk('h') : null;
  const f = shown.has('f') && rule.topLeft === 'f' ? bulk('f') : null;
  const texts: CellText[] = [];
  const { width } = map;
  const toward = (id: number, parent: number): Point | null =>
    parent < 0 ? null : { x: (parent % width) - (id % width), y: Math.floor(parent / width) - Math.floor(id / width) };
  for (let y = visible.y0; y <= visible.y1; y++) {
    for (let x = visible.x0; x <= visible.x1; x++) {
      const id = y * width + x;
      // A wall is drawn as a wall, whatever a search made of it (a walk's planner may have
      // reached a cell before it became one): no numbers on it.
      if (map.costs[id] === 0) continue;
      const text: CellText = { x, y, topLeft: '', topRight: '', bottomLeft: '', bottomRight: '', centre: '', parent: null, directions: directions?.(cells, id) ?? null };
      if (cells.phaseAt(id) !== 0) {
        if (shown.has('f')) text.topLeft = rule.topLeft === 'rhs' ? label(cells.valueAt('rhs', id)) : label(nullIfNaN(f![id]!));
        if (shown.has('order')) {
          const order = rule.topRight === 'visits' ? cells.valueAt('visits', id) : cells.orderAt(id);
          if (order > 0) text.topRight = rule.topRight === 'visits' ? `×${order}` : `#${order}`;
        }
        if (shown.has('g')) text.bottomLeft = label(cells.gAt(id));
        if (shown.has('h')) text.bottomRight = label(nullIfNaN(h![id]!));
        if (shown.has('parent')) text.parent = toward(id, cells.parentAt(id));
      } else if (rule.backward && cells.phaseBackAt(id) !== 0) {
        if (shown.has('order')) {
          const order = cells.valueAt('orderBack', id);
          if (order > 0) text.topRight = `#${order}`;
        }
        if (shown.has('g')) text.bottomLeft = label(cells.valueAt('gBack', id));
        if (shown.has('parent')) text.parent = toward(id, cells.parentBackAt(id));
      } else if (map.costs[id]! > 1) {
        text.centre = String(map.costs[id]);
      } else if (text.directions === null) {
        continue;
      }
      texts.push(text);
    }
  }
  return texts;
}

function nullIfNaN(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}

/** Before a search runs, only terrain costs are written. */
function terrainOnly(map: MapScene, visible: ReturnType<typeof visibleCells>): CellText[] {
  const texts: CellText[] = [];
  for (let y = visible.y0; y <= visible.y1; y++) {
    for (let x = visible.x0; x <= visible.x1; x++) {
      const cost = map.costs[y * map.width + x]!;
      if (cost > 1) texts.push({ x, y, topLeft: '', topRight: '', bottomLeft: '', bottomRight: '', centre: String(cost), parent: null, directions: null });
    }
  }
  return texts;
}
