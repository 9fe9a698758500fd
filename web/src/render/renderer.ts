// Draws the playground on one canvas from read-only state, in two layers:
//  - the map layer, one pixel per cell in an offscreen canvas, rebuilt only when the grid
//    changes (its revision) or the theme does;
//  - the search layer, one pixel per cell as well, refilled from the engine's typed
//    CellView when the search has moved (the timeline's revision), at most once per frame:
//    open and closed cells, the backward search's in their own colours (bidirectional A*),
//    and cells a jump scan passed over, faintly (JPS).
// Both are scaled onto the visible canvas without smoothing; then come the vector parts that
// only concern visible cells: grid lines, per-cell labels (g, h, f, order or IDA*'s visit
// count, parent arrow) when cells are at least LABEL_MIN_SCALE pixels, the current step (its
// neighbours, JPS's scans and forced neighbours, Theta*'s lines of sight), IDA*'s current
// depth-first path, the best meeting of a bidirectional search, the path and endpoints.
import { eventsOf, type Point, type StepEvent } from '../engine/engine';
import type { PlaygroundStore } from '../state/store';
import { packRgba, readPalette, type Palette } from './palette';
import { visibleCells, type Viewport } from './viewport';

export const LABEL_MIN_SCALE = 28;
/** The per-cell numbers a reached cell can show; a page chooses any subset. */
export const CELL_LABELS = ['g', 'h', 'f', 'order', 'parent'] as const;
export type CellLabel = (typeof CELL_LABELS)[number];

const ROOMY_LABEL_SCALE = 44;
const GRID_LINE_MIN_SCALE = 6;
const OPEN_ALPHA = 150;
const CLOSED_ALPHA = 120;
const SCANNED_ALPHA = 60;

interface Layer {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
  image: ImageData;
  pixels: Uint32Array;
}

export class PlaygroundRenderer {
  private palette: Palette;
  private mapLayer: Layer | null = null;
  private searchLayer: Layer | null = null;
  private drawnMapRevision = -1;
  private drawnSearchRevision = -1;
  private frameRequest = 0;
  private pathCache: { revision: number; points: Point[] } = { revision: -1, points: [] };
  hover: Point | null = null;
  private labels: ReadonlySet<CellLabel> = new Set(CELL_LABELS);
  /** Frames drawn; lets tests and the benchmark see that drawing happens. */
  framesDrawn = 0;

  constructor(private readonly canvas: HTMLCanvasElement, private readonly store: PlaygroundStore, private readonly themeSource: Element) {
    this.palette = readPalette(themeSource);
  }

  /** Theme changed (light/dark): re-read colours, rebuild both layers. */
  refreshTheme(): void {
    this.palette = readPalette(this.themeSource);
    this.drawnMapRevision = -1;
    this.drawnSearchRevision = -1;
    this.requestDraw();
  }

  /** Which per-cell numbers to draw on reached cells (terrain costs are part of the map and always drawn). */
  setLabels(labels: Iterable<CellLabel>): void {
    this.labels = new Set(labels);
    this.requestDraw();
  }

  requestDraw(): void {
    if (!this.frameRequest) this.frameRequest = requestAnimationFrame(() => this.drawNow());
  }

  drawNow(): void {
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    const ratio = window.devicePixelRatio || 1;
    const width = this.store.canvasWidth, height = this.store.canvasHeight;
    if (width <= 0 || height <= 0) return;
    const pixelWidth = Math.round(width * ratio), pixelHeight = Math.round(height * ratio);
    if (this.canvas.width !== pixelWidth || this.canvas.height !== pixelHeight) {
      this.canvas.width = pixelWidth;
      this.canvas.height = pixelHeight;
    }
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.drawScene(context, width, height, this.store.view, true);
    this.framesDrawn++;
  }

  /** The whole map with its search, `cellPixels` per cell, as a PNG blob. */
  exportPng(cellPixels: number): Promise<Blob | null> {
    const { width, height } = this.store.grid;
    const canvas = document.createElement('canvas');
    canvas.width = width * cellPixels;
    canvas.height = height * cellPixels;
    const context = canvas.getContext('2d');
    if (!context) return Promise.resolve(null);
    this.drawScene(context, canvas.width, canvas.height, { scale: cellPixels, offsetX: 0, offsetY: 0 }, false);
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  }

  destroy(): void {
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
  }

  private drawScene(context: CanvasRenderingContext2D, width: number, height: number, view: Viewport, interactive: boolean): void {
    const { grid } = this.store;
    this.updateMapLayer();
    this.updateSearchLayer();
    const p = this.palette;
    context.fillStyle = p.background;
    context.fillRect(0, 0, width, height);
    context.imageSmoothingEnabled = false;
    const mapWidth = grid.width * view.scale, mapHeight = grid.height * view.scale;
    context.drawImage(this.mapLayer!.canvas, view.offsetX, view.offsetY, mapWidth, mapHeight);
    context.drawImage(this.searchLayer!.canvas, view.offsetX, view.offsetY, mapWidth, mapHeight);

    const visible = visibleCells(view, width, height, grid.width, grid.height);
    if (view.scale >= GRID_LINE_MIN_SCALE) this.drawGridLines(context, view, visible);
    if (view.scale >= LABEL_MIN_SCALE) this.drawLabels(context, view, visible);
    this.drawDepthFirstPath(context, view);
    this.drawCurrentStep(context, view);
    this.drawPath(context, view);
    this.drawMeeting(context, view);
    this.drawEndpoint(context, view, this.store.start, p.start, 'S');
    this.drawEndpoint(context, view, this.store.goal, p.goal, 'G');
    if (interactive && this.hover) this.outlineCell(context, view, this.hover, p.text, 1.5, [4, 3]);
  }

  private updateMapLayer(): void {
    const { grid } = this.store;
    const previous = this.mapLayer;
    const layer = (this.mapLayer = ensureLayer(previous, grid.width, grid.height));
    if (layer === previous && this.drawnMapRevision === grid.revision) return;
    const colours = this.palette.terrain.map((colour, cost) => packRgba(cost === 0 ? this.palette.wall : colour));
    const costs = grid.costs();
    const pixels = layer.pixels;
    for (let i = 0; i < costs.length; i++) pixels[i] = colours[costs[i]];
    layer.context.putImageData(layer.image, 0, 0);
    this.drawnMapRevision = grid.revision;
  }

  private updateSearchLayer(): void {
    const { grid, timeline } = this.store;
    const previous = this.searchLayer;
    const layer = (this.searchLayer = ensureLayer(this.searchLayer, grid.width, grid.height));
    if (layer === previous && this.drawnSearchRevision === timeline.revision) return;
    const p = this.palette;
    const closed = packRgba(p.closed, CLOSED_ALPHA);
    const forward = [0, packRgba(p.open, OPEN_ALPHA), closed, closed];
    const cells = timeline.display.cellView();
    const pixels = layer.pixels;
    const count = Math.min(cells.count, pixels.length);
    if (cells.has('phaseBack')) {
      // Forward closed cells first, then the backward search's, then either's open cells.
      const backward = [0, packRgba(p.backwardOpen, OPEN_ALPHA), packRgba(p.backwardClosed, CLOSED_ALPHA), packRgba(p.backwardClosed, CLOSED_ALPHA)];
      for (let id = 0; id < count; id++) {
        const ahead = cells.phaseAt(id), back = cells.phaseBackAt(id);
        pixels[id] = ahead >= 2 ? forward[ahead] : back >= 2 ? backward[back] : ahead ? forward[ahead] : backward[back];
      }
    } else if (cells.has('scanned')) {
      const scanned = packRgba(p.textMuted, SCANNED_ALPHA);
      for (let id = 0; id < count; id++) {
        const phase = cells.phaseAt(id);
        pixels[id] = phase ? forward[phase] : cells.scannedAt(id) ? scanned : 0;
      }
    } else {
      for (let id = 0; id < count; id++) pixels[id] = forward[cells.phaseAt(id)];
    }
    layer.context.putImageData(layer.image, 0, 0);
    this.drawnSearchRevision = timeline.revision;
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
    const { grid, timeline } = this.store;
    const search = timeline.display;
    const cells = search.cellView();
    const s = view.scale;
    // Below ROOMY_LABEL_SCALE four numbers only fit in a cell with two or three characters
    // each, so values from 10 up lose their decimals there (the tooltip has them all).
    const roomy = s >= ROOMY_LABEL_SCALE;
    const size = roomy ? Math.min(14, s * 0.2) : Math.max(7, s * 0.23);
    const label = (value: number | null) => formatNumber(value, 1, roomy ? Infinity : 10);
    const pad = Math.max(2, s * 0.07);
    const p = this.palette;
    const shown = (label: CellLabel) => this.labels.has(label);

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
    pass(reachedWith('f'), true, size, p.text, 'left', 'top', (id) => [label(search.f(id % grid.width, Math.floor(id / grid.width))), left(id) + pad, top(id) + pad]);
    // IDA* expands cells again and again: how often says more than when it last did.
    const visits = cells.has('visits');
    pass(reachedWith('order'), false, size * 0.85, p.textMuted, 'right', 'top', (id) => {
      const order = visits ? cells.valueAt('visits', id) : cells.orderAt(id);
      if (!(order > 0)) return null;
      return [visits ? `×${order}` : `#${order}`, left(id) + s - pad, top(id) + pad];
    });
    pass(reachedWith('g'), false, size, p.text, 'left', 'bottom', (id) => [label(cells.gAt(id)), left(id) + pad, top(id) + s - pad]);
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
    const step = this.store.timeline.lastEvent;
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
    const { timeline } = this.store;
    const step = timeline.lastEvent;
    if (!step || timeline.display.status !== 'running' || !timeline.display.cellView().has('visits')) return;
    const route = timeline.display.routeTo(step.cell);
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
    const meeting = this.store.timeline.display.progress().meetingCell;
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
    const { timeline } = this.store;
    if (timeline.display.status !== 'found') return;
    if (this.pathCache.revision !== timeline.revision) {
      this.pathCache = { revision: timeline.revision, points: timeline.display.path() };
    }
    const points = this.pathCache.points;
    if (points.length < 2) return;
    const s = view.scale;
    const width = Math.max(2.5, Math.min(s * 0.22, 8));
    context.lineJoin = 'round';
    context.lineCap = 'round';
    context.beginPath();
    points.forEach((point, i) => {
      const x = view.offsetX + (point.x + 0.5) * s, y = view.offsetY + (point.y + 0.5) * s;
      if (i === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    });
    context.strokeStyle = this.palette.pathOutline;
    context.lineWidth = width + 2.5;
    context.stroke();
    context.strokeStyle = this.palette.path;
    context.lineWidth = width;
    context.stroke();
  }

  private drawEndpoint(context: CanvasRenderingContext2D, view: Viewport, point: Point, colour: string, letter: string): void {
    const s = view.scale;
    const cx = view.offsetX + (point.x + 0.5) * s, cy = view.offsetY + (point.y + 0.5) * s;
    // Never smaller than a finger-sized dot, so start and goal stay visible on big maps
    // (the whole cell is the drag handle). Where cells carry labels the dot shrinks to the
    // middle, so the start's g, h and f in the corners stay readable.
    const labelled = s >= LABEL_MIN_SCALE && this.labels.size > 0;
    const radius = Math.max(s * (labelled ? 0.24 : 0.36), 7);
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

function ensureLayer(layer: Layer | null, width: number, height: number): Layer {
  if (layer && layer.canvas.width === width && layer.canvas.height === height) return layer;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  const image = context.createImageData(width, height);
  return { canvas, context, image, pixels: new Uint32Array(image.data.buffer) };
}

/**
 * Short numbers for labels and narration: integers as they are, others with up to
 * `decimals` decimals, and rounded to an integer from `wholeFrom` up.
 */
export function formatNumber(value: number | null, decimals = 1, wholeFrom = Infinity): string {
  if (value === null || !Number.isFinite(value)) return '–';
  if (Math.abs(value - Math.round(value)) < 1e-9 || Math.abs(value) >= wholeFrom) return String(Math.round(value));
  return value.toFixed(decimals).replace(/0+$/, '').replace(/\.$/, '');
}
