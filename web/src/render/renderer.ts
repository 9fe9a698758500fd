// Draws one pane of the playground (one run's search over the shared map) on a canvas,
// from a PaneState: read-only data the app assembles from the store for each frame, so the
// renderer never reads the store and the same code draws every pane of compare mode.
// Two layers, each one pixel per cell and scaled up without smoothing:
//  - the map layer, shared by every pane, rebuilt only when the grid changes (its revision)
//    or the theme does;
//  - the pane's search layer, refilled from the engine's typed CellView when its search has
//    moved (the timeline's revision), at most once per frame: open and closed cells, the
//    backward search's in their own colours (bidirectional A*), cells a jump scan passed
//    over, faintly (JPS); or, in a heat map, every reached cell coloured by g, h, f or
//    expansion order.
// Then come the vector parts that only concern visible cells: grid lines, per-cell labels
// (g, h, f, order or IDA*'s visit count, parent arrow) when cells are at least
// LABEL_MIN_SCALE pixels, the current step (its neighbours, JPS's scans and forced
// neighbours, Theta*'s lines of sight), IDA*'s current depth-first path, the best meeting
// of a bidirectional search, the path, the endpoints, the highlighted cell and the keyboard's cursor.
// In walk mode (PaneState.walk) the search drawn is the agent's planner, over a fog that
// dims the cells the agent has not sensed (a third layer, refilled when the walk moves); the
// planned path from the agent replaces the search's, and the trail walked so far, the cells
// the last move discovered, the agent's sensing square and the agent come on top.
import { eventsOf, type Grid, type Point, type Search, type StepEvent } from '../engine/engine';
import { fillHeat } from './heat';
import { CLOSED_ALPHA, OPEN_ALPHA, packRgba, readPalette, type Palette } from './palette';
import { formatNumber } from '../scene/format';
import { cornersOf, LABEL_MIN_SCALE, markerRadius } from '../scene/geometry';
import type { CellLabel, Heat, WalkView } from '../scene/pane-scene';
import { visibleCells, type Viewport } from '../scene/viewport';


const ROOMY_LABEL_SCALE = 44;
const GRID_LINE_MIN_SCALE = 6;
const SCANNED_ALPHA = 60;
const FOG_ALPHA = 170;

/** Everything one pane draws: read-only for the renderer. */
export interface PaneState {
  grid: Grid;
  start: Point;
  goal: Point;
  /** The canvas's size in CSS pixels, and the view of the map in it. */
  width: number;
  height: number;
  view: Viewport;
  /** The run's visible search, and its timeline's revision (what tells the layer to refill). */
  search: Search;
  revision: number;
  /** The last observed step (null after a replay or a flat-out run). */
  step: StepEvent | null;
  labels: ReadonlySet<CellLabel>;
  /** A heat map in place of open and closed cells; null for none. */
  heat: Heat | null;
  /** The cell under the pointer, outlined when drawn for the screen. */
  hover: Point | null;
  /** A cell picked elsewhere (the open-list inspector), ringed. */
  highlight: Point | null;
  /** The keyboard's cell cursor, while this pane's map has focus; drawn for the screen only. */
  cursor: Point | null;
  /** The run's walking agent, in walk mode. */
  walk: WalkView | null;
}

interface Layer {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
  image: ImageData;
  pixels: Uint32Array;
}

/**
 * The map drawn one pixel per cell, shared by every pane: rebuilt when the grid changes (its
 * revision or size) or the palette does.
 */
export class MapLayer {
  private layer: Layer | null = null;
  private drawnRevision = -1;
  private drawnColours = '';

  canvasFor(grid: Grid, palette: Palette): HTMLCanvasElement {
    const previous = this.layer;
    const layer = (this.layer = ensureLayer(previous, grid.width, grid.height));
    // Every pane reads its own palette object, the same colours: compare the colours.
    const colourKey = `${palette.wall} ${palette.terrain.join(' ')}`;
    if (layer !== previous || this.drawnRevision !== grid.revision || this.drawnColours !== colourKey) {
      const colours = palette.terrain.map((colour, cost) => packRgba(cost === 0 ? palette.wall : colour));
      const costs = grid.costs();
      const pixels = layer.pixels;
      for (let i = 0; i < costs.length; i++) pixels[i] = colours[costs[i]];
      layer.context.putImageData(layer.image, 0, 0);
      this.drawnRevision = grid.revision;
      this.drawnColours = colourKey;
    }
    return layer.canvas;
  }
}

/** Draws one pane on its canvas whenever asked, from the PaneState `source` gives at that moment. */
export class PaneRenderer {
  private palette: Palette;
  private searchLayer: Layer | null = null;
  private fogLayer: Layer | null = null;
  private drawnRevision = -1;
  private fogRevision = -1;
  private drawnHeat: Heat | null = null;
  // Scratch arrays for the search layer's phases, kept between frames.
  private phases: Uint8Array = new Uint8Array(0);
  private otherPhases: Uint8Array = new Uint8Array(0);
  private frameRequest = 0;
  private pathCache: { revision: number; points: Point[] } = { revision: -1, points: [] };
  private trailCache: { revision: number; walked: Point[]; planned: Point[] } = { revision: -1, walked: [], planned: [] };
  /** The state being drawn (set for the length of one draw). */
  private state!: PaneState;
  /** Frames drawn; lets tests and the benchmark see that drawing happens. */
  framesDrawn = 0;

  constructor(readonly canvas: HTMLCanvasElement, private readonly mapLayer: MapLayer, private readonly themeSource: Element,
    private readonly source: () => PaneState | null) {
    this.palette = readPalette(themeSource);
  }

  /** Theme changed (light/dark): re-read colours, rebuild the layers. */
  refreshTheme(): void {
    this.palette = readPalette(this.themeSource);
    this.drawnRevision = -1;
    this.fogRevision = -1;
    this.requestDraw();
  }

  requestDraw(): void {
    if (!this.frameRequest) this.frameRequest = requestAnimationFrame(() => this.drawNow());
  }

  drawNow(): void {
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    const state = this.source();
    if (!state) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = state;
    if (width <= 0 || height <= 0) return;
    const pixelWidth = Math.round(width * ratio), pixelHeight = Math.round(height * ratio);
    if (this.canvas.width !== pixelWidth || this.canvas.height !== pixelHeight) {
      this.canvas.width = pixelWidth;
      this.canvas.height = pixelHeight;
    }
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.drawPane(context, state, true);
    this.framesDrawn++;
  }

  /**
   * The whole map with the pane's search as a PNG blob, laid out at `cellPixels` per cell
   * (CSS pixels, as on screen: the same marks and labels) and rendered `pixelRatio` times
   * as sharp, the way a high-density screen draws it.
   */
  exportPng(cellPixels: number, pixelRatio = 1): Promise<Blob | null> {
    const state = this.source();
    if (!state) return Promise.resolve(null);
    const width = state.grid.width * cellPixels, height = state.grid.height * cellPixels;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * pixelRatio);
    canvas.height = Math.round(height * pixelRatio);
    const context = canvas.getContext('2d');
    if (!context) return Promise.resolve(null);
    context.setTransform(canvas.width / width, 0, 0, canvas.height / height, 0, 0);
    const whole = { ...state, width, height, view: { scale: cellPixels, offsetX: 0, offsetY: 0 } };
    this.drawPane(context, whole, false);
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  }

  destroy(): void {
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
  }

  /** Draws the pane as `state` describes it: nothing else is read. */
  private drawPane(context: CanvasRenderingContext2D, state: PaneState, interactive: boolean): void {
    this.state = state;
    const { grid, view, width, height } = state;
    const p = this.palette;
    const mapCanvas = this.mapLayer.canvasFor(grid, p);
    this.updateSearchLayer();
    context.fillStyle = p.background;
    context.fillRect(0, 0, width, height);
    context.imageSmoothingEnabled = false;
    const mapWidth = grid.width * view.scale, mapHeight = grid.height * view.scale;
    context.drawImage(mapCanvas, view.offsetX, view.offsetY, mapWidth, mapHeight);
    // Fog dims the map the agent has not seen, under the search, whose colours stay true.
    const fog = this.updateFogLayer();
    if (fog) context.drawImage(fog, view.offsetX, view.offsetY, mapWidth, mapHeight);
    context.drawImage(this.searchLayer!.canvas, view.offsetX, view.offsetY, mapWidth, mapHeight);

    const visible = visibleCells(view, width, height, grid.width, grid.height);
    if (view.scale >= GRID_LINE_MIN_SCALE) this.drawGridLines(context, view, visible);
    if (view.scale >= LABEL_MIN_SCALE) this.drawLabels(context, view, visible);
    this.drawDepthFirstPath(context, view);
    this.drawCurrentStep(context, view);
    if (state.walk) this.drawWalk(context, view, state.walk);
    else this.drawPath(context, view);
    this.drawMeeting(context, view);
    this.drawEndpoint(context, view, state.start, p.start, 'S');
    this.drawEndpoint(context, view, state.goal, p.goal, 'G');
    if (state.walk) this.drawEndpoint(context, view, state.walk.agent, p.agent, 'A');
    if (state.highlight) this.drawRing(context, view, state.highlight, p.current);
    if (interactive && state.hover) this.outlineCell(context, view, state.hover, p.text, 1.5, [4, 3]);
    if (interactive && state.cursor) this.drawCursor(context, view, state.cursor);
  }

  /**
   * The keyboard's cursor: a solid frame in the current-cell colour on a dark one, unlike the
   * pointer's dashed outline, and never smaller than a fingertip-sized square, so it is
   * found at any zoom.
   */
  private drawCursor(context: CanvasRenderingContext2D, view: Viewport, cell: Point): void {
    const size = Math.max(view.scale, 12);
    const left = view.offsetX + (cell.x + 0.5) * view.scale - size / 2, top = view.offsetY + (cell.y + 0.5) * view.scale - size / 2;
    context.lineWidth = 4;
    context.strokeStyle = this.palette.pathOutline;
    context.strokeRect(left + 1, top + 1, size - 2, size - 2);
    context.lineWidth = 2;
    context.strokeStyle = this.palette.current;
    context.strokeRect(left + 1, top + 1, size - 2, size - 2);
  }

  private updateSearchLayer(): void {
    const { grid, search, revision, heat } = this.state;
    const previous = this.searchLayer;
    const layer = (this.searchLayer = ensureLayer(this.searchLayer, grid.width, grid.height));
    if (layer === previous && this.drawnRevision === revision && this.drawnHeat === heat) return;
    this.drawnRevision = revision;
    this.drawnHeat = heat;
    if (heat) {
      fillHeat(layer.pixels, heat);
      layer.context.putImageData(layer.image, 0, 0);
      return;
    }
    const p = this.palette;
    const closed = packRgba(p.closed, CLOSED_ALPHA);
    const forward = [0, packRgba(p.open, OPEN_ALPHA), closed, closed];
    const cells = search.cellView();
    const pixels = layer.pixels;
    const count = Math.min(cells.count, pixels.length);
    // Whole arrays in tight loops: this runs for every pane on every frame of playback.
    const ahead = (this.phases = sized(this.phases, count));
    cells.fillPhases(ahead);
    if (cells.has('phaseBack')) {
      // Forward closed cells first, then the backward search's, then either's open cells.
      const backward = [0, packRgba(p.backwardOpen, OPEN_ALPHA), packRgba(p.backwardClosed, CLOSED_ALPHA), packRgba(p.backwardClosed, CLOSED_ALPHA)];
      const back = (this.otherPhases = sized(this.otherPhases, count));
      cells.fillPhases(back, 'phaseBack');
      for (let id = 0; id < count; id++) {
        const a = ahead[id]!, b = back[id]!;
        pixels[id] = a >= 2 ? forward[a]! : b >= 2 ? backward[b]! : a ? forward[a]! : backward[b]!;
      }
    } else if (cells.has('scanned')) {
      const scanned = packRgba(p.textMuted, SCANNED_ALPHA);
      const passed = (this.otherPhases = sized(this.otherPhases, count));
      cells.fillPhases(passed, 'scanned');
      for (let id = 0; id < count; id++) {
        const phase = ahead[id]!;
        pixels[id] = phase ? forward[phase]! : passed[id] ? scanned : 0;
      }
    } else {
      for (let id = 0; id < count; id++) pixels[id] = forward[ahead[id]!]!;
    }
    layer.context.putImageData(layer.image, 0, 0);
  }

  /** The fog over cells a walking agent has not sensed; null when it knows the whole map. */
  private updateFogLayer(): HTMLCanvasElement | null {
    const { grid, walk, revision } = this.state;
    if (!walk?.known) return null;
    const previous = this.fogLayer;
    const layer = (this.fogLayer = ensureLayer(previous, grid.width, grid.height));
    if (layer !== previous || this.fogRevision !== revision) {
      this.fogRevision = revision;
      const fog = packRgba(this.palette.fog, FOG_ALPHA);
      const known = walk.known, pixels = layer.pixels;
      const count = Math.min(known.length, pixels.length);
      for (let id = 0; id < count; id++) pixels[id] = known[id] ? 0 : fog;
      layer.context.putImageData(layer.image, 0, 0);
    }
    return layer.canvas;
  }

  /** Walk mode: the trail walked, the planned path ahead, what the last move sensed. */
  private drawWalk(context: CanvasRenderingContext2D, view: Viewport, walk: WalkView): void {
    const { revision } = this.state;
    if (this.trailCache.revision !== revision) {
      this.trailCache = { revision, walked: cornersOf(walk.walked), planned: cornersOf(walk.planned) };
    }
    const s = view.scale, p = this.palette;
    const width = Math.max(2.5, Math.min(s * 0.22, 8));
    this.strokePolyline(context, view, this.trailCache.planned, p.path, width, []);
    this.strokePolyline(context, view, this.trailCache.walked, p.agent, Math.max(2, width * 0.7), [1, Math.max(4, width * 1.2)]);
    if (walk.senseRadius > 0) {
      const r = walk.senseRadius;
      context.strokeStyle = p.agent;
      context.lineWidth = 2;
      context.setLineDash([6, 4]);
      context.strokeRect(view.offsetX + (walk.agent.x - r) * s, view.offsetY + (walk.agent.y - r) * s, (2 * r + 1) * s, (2 * r + 1) * s);
      context.setLineDash([]);
    }
    if (s >= 3) for (const cell of walk.discovered) this.outlineCell(context, view, cell, p.current, 2, []);
  }

  /** A line through cell centres, over a dark outline so it shows on any colour. */
  private strokePolyline(context: CanvasRenderingContext2D, view: Viewport, points: readonly Point[], colour: string, width: number, dash: number[]): void {
    if (points.length < 2) return;
    const s = view.scale;
    context.lineJoin = 'round';
    context.lineCap = 'round';
    context.beginPath();
    points.forEach((point, i) => {
      const x = view.offsetX + (point.x + 0.5) * s, y = view.offsetY + (point.y + 0.5) * s;
      if (i === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    });
    context.setLineDash(dash);
    context.strokeStyle = this.palette.pathOutline;
    context.lineWidth = width + 2.5;
    context.stroke();
    context.strokeStyle = colour;
    context.lineWidth = width;
    context.stroke();
    context.setLineDash([]);
  }

  private drawGridLines(context: CanvasRenderingContext2D, view: Viewport, visible: ReturnType<typeof visibleCells>): void {
    context.strokeStyle = this.palette.gridLine;
    context.lineWidth = 1;
    context.beginPath();
    const top = view.offsetY + visible.y0 * view.scale, bottom = view.offsetY + (visible.y1 + 1) * view.scale;
    const left = view.offsetX + visible.x0 * view.scale, right = view.offsetX + (visible.x1 + 1) * view.scale;
    for (let x = visible.x0; x <= visible.x1 + 1; x++) {
      const px = Math.round(view.offsetX + x * view.scale) + 0.5;
      context.moveTo(px, top);
      context.lineTo(px, bottom);
    }
    for (let y = visible.y0; y <= visible.y1 + 1; y++) {
      const py = Math.round(view.offsetY + y * view.scale) + 0.5;
      context.moveTo(left, py);
      context.lineTo(right, py);
    }
    context.stroke();
  }

  private drawLabels(context: CanvasRenderingContext2D, view: Viewport, visible: ReturnType<typeof visibleCells>): void {
    const { grid, search } = this.state;
    const cells = search.cellView();
    const s = view.scale;
    // Below ROOMY_LABEL_SCALE four numbers only fit in a cell with two or three characters
    // each, so values from 10 up lose their decimals there (the tooltip has them all).
    const roomy = s >= ROOMY_LABEL_SCALE;
    const size = roomy ? Math.min(14, s * 0.2) : Math.max(7, s * 0.23);
    const label = (value: number | null) => formatNumber(value, 1, roomy ? Infinity : 10);
    const pad = Math.max(2, s * 0.07);
    const p = this.palette;
    const shown = (label: CellLabel) => this.state.labels.has(label);

    // Text is the expensive part of a frame at this zoom, and changing font or alignment
    // per call makes it more so: collect the cells first, then draw one kind of label at
    // a time with the style set once.
    const reached: number[] = [];
    // Bidirectional A*: cells only the backward search has reached show its g, order and
    // parent (its f and h measure toward the start; the tooltip has them in words).
    const reachedBack: number[] = [];
    const twoSided = cells.has('phaseBack');
    const terrain: number[] = [];
    for (let y = visible.y0; y <= visible.y1; y++) {
      for (let x = visible.x0; x <= visible.x1; x++) {
        const id = y * grid.width + x;
        if (cells.phaseAt(id) !== 0) reached.push(id);
        else if (twoSided && cells.phaseBackAt(id) !== 0) reachedBack.push(id);
        else if (grid.cost(x, y) > 1) terrain.push(id);
      }
    }
    const left = (id: number) => view.offsetX + (id % grid.width) * s;
    const top = (id: number) => view.offsetY + Math.floor(id / grid.width) * s;
    const pass = (ids: number[], bold: boolean, fontSize: number, colour: string, align: CanvasTextAlign, baseline: CanvasTextBaseline,
      at: (id: number) => [string, number, number] | null) => {
      if (ids.length === 0) return;
      this.setTextStyle(context, bold, fontSize, colour, align, baseline);
      for (const id of ids) {
        const placed = at(id);
        if (placed) this.drawText(context, placed[0], placed[1], placed[2]);
      }
    };
    pass(terrain, true, size * 1.2, p.text, 'center', 'middle', (id) => [String(grid.cost(id % grid.width, Math.floor(id / grid.width))), left(id) + s / 2, top(id) + s / 2]);
    const reachedWith = (label: CellLabel) => (shown(label) ? reached : []);
    // D* Lite: rhs, the one-step lookahead its repairs compare g with, in f's corner (its f
    // is the queue key, which the tooltip and the inspector give).
    const rhs = cells.has('rhs');
    pass(reachedWith('f'), true, size, p.text, 'left', 'top', (id) => [
      rhs ? infiniteOr(cells.valueAt('rhs', id), label) : label(search.f(id % grid.width, Math.floor(id / grid.width))),
      left(id) + pad, top(id) + pad]);
    // IDA* expands cells again and again: how often says more than when it last did.
    const visits = cells.has('visits');
    pass(reachedWith('order'), false, size * 0.85, p.textMuted, 'right', 'top', (id) => {
      const order = visits ? cells.valueAt('visits', id) : cells.orderAt(id);
      if (!(order > 0)) return null;
      return [visits ? `×${order}` : `#${order}`, left(id) + s - pad, top(id) + pad];
    });
    pass(reachedWith('g'), false, size, p.text, 'left', 'bottom', (id) => [infiniteOr(cells.gAt(id), label), left(id) + pad, top(id) + s - pad]);
    pass(reachedWith('h'), false, size, p.text, 'right', 'bottom', (id) => [label(search.h(id % grid.width, Math.floor(id / grid.width))), left(id) + s - pad, top(id) + s - pad]);
    const backWith = (label: CellLabel) => (shown(label) ? reachedBack : []);
    pass(backWith('order'), false, size * 0.85, p.textMuted, 'right', 'top', (id) => {
      const order = cells.valueAt('orderBack', id);
      return order > 0 ? [`#${order}`, left(id) + s - pad, top(id) + pad] : null;
    });
    pass(backWith('g'), false, size, p.text, 'left', 'bottom', (id) => [label(cells.valueAt('gBack', id)), left(id) + pad, top(id) + s - pad]);

    if (!shown('parent')) return;
    context.strokeStyle = p.textMuted;
    context.lineWidth = Math.max(1, s * 0.035);
    context.lineCap = 'round';
    context.beginPath();
    // Jump points and Theta*'s corners hang from cells further away: the arrow points
    // toward the parent, whatever its distance.
    const arrow = (id: number, parent: number) => {
      if (parent < 0) return;
      const dx = (parent % grid.width) - (id % grid.width), dy = Math.floor(parent / grid.width) - Math.floor(id / grid.width);
      this.traceParentArrow(context, left(id) + s / 2, top(id) + s / 2, dx, dy, s);
    };
    for (const id of reached) arrow(id, cells.parentAt(id));
    for (const id of reachedBack) arrow(id, cells.parentBackAt(id));
    context.stroke();
  }

  private setTextStyle(context: CanvasRenderingContext2D, bold: boolean, size: number, colour: string,
    align: CanvasTextAlign, baseline: CanvasTextBaseline): void {
    context.font = `${bold ? '600 ' : ''}${size.toFixed(1)}px system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif`;
    context.textAlign = align;
    context.textBaseline = baseline;
    context.fillStyle = colour;
    // A halo in the floor colour keeps numbers readable over any terrain or search colour.
    context.strokeStyle = this.palette.halo;
    context.lineWidth = Math.max(2, size * 0.25);
    context.lineJoin = 'round';
  }

  private drawText(context: CanvasRenderingContext2D, value: string, x: number, y: number): void {
    context.strokeText(value, x, y);
    context.fillText(value, x, y);
  }

  /** Adds an arrow from the cell centre toward its parent to the current path. */
  private traceParentArrow(context: CanvasRenderingContext2D, cx: number, cy: number, dx: number, dy: number, s: number): void {
    const length = Math.hypot(dx, dy);
    const ux = dx / length, uy = dy / length;
    const reach = s * 0.2;
    const tipX = cx + ux * reach, tipY = cy + uy * reach;
    const head = s * 0.1;
    context.moveTo(cx - ux * reach * 0.6, cy - uy * reach * 0.6);
    context.lineTo(tipX, tipY);
    context.moveTo(tipX - ux * head - uy * head * 0.7, tipY - uy * head + ux * head * 0.7);
    context.lineTo(tipX, tipY);
    context.lineTo(tipX - ux * head + uy * head * 0.7, tipY - uy * head - ux * head * 0.7);
  }

  private drawCurrentStep(context: CanvasRenderingContext2D, view: Viewport): void {
    const { step } = this.state;
    if (!step || view.scale < 3) return;
    const p = this.palette;
    this.drawScans(context, view, step);
    this.drawSights(context, view, step);
    for (const neighbour of eventsOf(step, 'neighbour')) {
      if (neighbour.outcome === 'blocked') {
        if (view.scale >= 10) this.drawCross(context, view, neighbour.cell, p.textMuted);
        continue;
      }
      const emphasised = neighbour.outcome === 'opened' || neighbour.outcome === 'improved';
      this.outlineCell(context, view, neighbour.cell, emphasised ? p.current : p.textMuted, emphasised ? 2 : 1, emphasised ? [] : [3, 3]);
    }
    for (const forced of eventsOf(step, 'forced')) this.drawDiamond(context, view, forced.cell, p.current);
    this.outlineCell(context, view, step.cell, p.text, Math.max(2, Math.min(4, view.scale * 0.1)), []);
  }

  /** JPS: every scan of the step as a line from where it started to where it stopped. */
  private drawScans(context: CanvasRenderingContext2D, view: Viewport, step: StepEvent): void {
    const scans = eventsOf(step, 'scan');
    if (scans.length === 0) return;
    const p = this.palette;
    context.lineCap = 'round';
    for (const found of [false, true]) {
      // Dead ends first and thin, so the scans that found something stay on top.
      context.beginPath();
      for (const scan of scans) {
        if ((scan.outcome !== 'dead-end') !== found) continue;
        this.traceSegment(context, view, scan.from, scan.to);
      }
      context.strokeStyle = found ? p.current : p.textMuted;
      context.lineWidth = found ? Math.max(2, Math.min(4, view.scale * 0.12)) : Math.max(1, Math.min(2, view.scale * 0.06));
      context.stroke();
    }
  }

  /** Theta*: the lines of sight checked this step, solid when clear, dashed when blocked. */
  private drawSights(context: CanvasRenderingContext2D, view: Viewport, step: StepEvent): void {
    const sights = eventsOf(step, 'sight');
    if (sights.length === 0) return;
    const p = this.palette;
    context.lineCap = 'round';
    for (const clear of [false, true]) {
      context.beginPath();
      for (const sight of sights) if (sight.clear === clear) this.traceSegment(context, view, sight.from, sight.to);
      context.strokeStyle = clear ? p.sightClear : p.sightBlocked;
      context.lineWidth = Math.max(1.5, Math.min(3, view.scale * 0.08));
      context.setLineDash(clear ? [] : [5, 4]);
      context.stroke();
      context.setLineDash([]);
    }
    for (const sight of sights) if (sight.blockedBy && view.scale >= 6) this.drawCross(context, view, sight.blockedBy, p.sightBlocked);
  }

  /** IDA*: the depth-first path from the start to the cell just expanded (the stack). */
  private drawDepthFirstPath(context: CanvasRenderingContext2D, view: Viewport): void {
    const { step, search } = this.state;
    if (!step || search.status !== 'running' || !search.cellView().has('visits')) return;
    const route = search.routeTo(step.cell);
    if (route.length < 2) return;
    context.beginPath();
    route.forEach((point, i) => {
      const x = view.offsetX + (point.x + 0.5) * view.scale, y = view.offsetY + (point.y + 0.5) * view.scale;
      if (i === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    });
    context.strokeStyle = this.palette.current;
    context.lineWidth = Math.max(2, Math.min(5, view.scale * 0.15));
    context.lineJoin = 'round';
    context.setLineDash([6, 4]);
    context.stroke();
    context.setLineDash([]);
  }

  /** Bidirectional A*: a ring around the best meeting found so far. */
  private drawMeeting(context: CanvasRenderingContext2D, view: Viewport): void {
    const meeting = this.state.search.progress().meetingCell;
    if (!meeting) return;
    const s = view.scale;
    const cx = view.offsetX + (meeting.x + 0.5) * s, cy = view.offsetY + (meeting.y + 0.5) * s;
    const radius = Math.max(s * 0.45, 8);
    context.beginPath();
    context.arc(cx, cy, radius, 0, Math.PI * 2);
    context.strokeStyle = this.palette.pathOutline;
    context.lineWidth = 5;
    context.stroke();
    context.strokeStyle = this.palette.path;
    context.lineWidth = 3;
    context.stroke();
  }

  /** A ring around a cell, in `colour` on a dark outline, that stays visible at any zoom. */
  private drawRing(context: CanvasRenderingContext2D, view: Viewport, cell: Point, colour: string): void {
    const s = view.scale;
    const cx = view.offsetX + (cell.x + 0.5) * s, cy = view.offsetY + (cell.y + 0.5) * s;
    context.beginPath();
    context.arc(cx, cy, Math.max(s * 0.55, 10), 0, Math.PI * 2);
    context.strokeStyle = this.palette.pathOutline;
    context.lineWidth = 5;
    context.stroke();
    context.strokeStyle = colour;
    context.lineWidth = 3;
    context.stroke();
  }

  private traceSegment(context: CanvasRenderingContext2D, view: Viewport, from: Point, to: Point): void {
    context.moveTo(view.offsetX + (from.x + 0.5) * view.scale, view.offsetY + (from.y + 0.5) * view.scale);
    context.lineTo(view.offsetX + (to.x + 0.5) * view.scale, view.offsetY + (to.y + 0.5) * view.scale);
  }

  private drawDiamond(context: CanvasRenderingContext2D, view: Viewport, cell: Point, colour: string): void {
    const s = view.scale, r = Math.max(3, s * 0.22);
    const cx = view.offsetX + (cell.x + 0.5) * s, cy = view.offsetY + (cell.y + 0.5) * s;
    context.beginPath();
    context.moveTo(cx, cy - r);
    context.lineTo(cx + r, cy);
    context.lineTo(cx, cy + r);
    context.lineTo(cx - r, cy);
    context.closePath();
    context.fillStyle = colour;
    context.fill();
    context.strokeStyle = this.palette.pathOutline;
    context.lineWidth = 1;
    context.stroke();
  }

  private drawCross(context: CanvasRenderingContext2D, view: Viewport, cell: Point, colour: string): void {
    const s = view.scale, inset = s * 0.3;
    const left = view.offsetX + cell.x * s, top = view.offsetY + cell.y * s;
    context.strokeStyle = colour;
    context.lineWidth = 1.5;
    context.beginPath();
    context.moveTo(left + inset, top + inset);
    context.lineTo(left + s - inset, top + s - inset);
    context.moveTo(left + s - inset, top + inset);
    context.lineTo(left + inset, top + s - inset);
    context.stroke();
  }

  private outlineCell(context: CanvasRenderingContext2D, view: Viewport, cell: Point, colour: string, lineWidth: number, dash: number[]): void {
    const s = view.scale;
    context.strokeStyle = colour;
    context.lineWidth = lineWidth;
    context.setLineDash(dash);
    const inset = lineWidth / 2;
    context.strokeRect(view.offsetX + cell.x * s + inset, view.offsetY + cell.y * s + inset, Math.max(1, s - lineWidth), Math.max(1, s - lineWidth));
    context.setLineDash([]);
  }

  private drawPath(context: CanvasRenderingContext2D, view: Viewport): void {
    const { search, revision } = this.state;
    if (search.status !== 'found') return;
    if (this.pathCache.revision !== revision) this.pathCache = { revision, points: cornersOf(search.path()) };
    const width = Math.max(2.5, Math.min(view.scale * 0.22, 8));
    this.strokePolyline(context, view, this.pathCache.points, this.palette.path, width, []);
  }

  private drawEndpoint(context: CanvasRenderingContext2D, view: Viewport, point: Point, colour: string, letter: string): void {
    const s = view.scale;
    const cx = view.offsetX + (point.x + 0.5) * s, cy = view.offsetY + (point.y + 0.5) * s;
    const radius = markerRadius(s, this.state.labels.size > 0);
    context.beginPath();
    context.arc(cx, cy, radius, 0, Math.PI * 2);
    context.fillStyle = colour;
    context.fill();
    context.lineWidth = 2;
    context.strokeStyle = this.palette.pathOutline;
    context.stroke();
    if (radius >= 7) {
      this.setTextStyle(context, true, Math.max(9, radius * 1.1), '#ffffff', 'center', 'middle');
      context.fillText(letter, cx, cy + radius * 0.05);
    }
  }
}

/** ∞ for an infinite cost (D* Lite's g and rhs where no way to the goal is known), else the label. */
function infiniteOr(value: number, label: (value: number) => string): string {
  return value === Infinity ? '∞' : label(value);
}

function sized(array: Uint8Array, length: number): Uint8Array {
  return array.length === length ? array : new Uint8Array(length);
}

function ensureLayer(layer: Layer | null, width: number, height: number): Layer {
  if (layer && layer.canvas.width === width && layer.canvas.height === height) return layer;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  const image = context.createImageData(width, height);
  return { canvas, context, image, pixels: new Uint32Array(image.data.buffer) };
}
