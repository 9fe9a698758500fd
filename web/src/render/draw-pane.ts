// Draws one pane from its scene (scene/pane-scene.ts): Excalidraw's renderStaticScene, a
// pure function of its arguments that never reads or writes the page's state. Layers of
// one pixel per cell (render/rasters.ts: the map, the search's fills or heat map, a walking
// agent's fog) scaled to the view, then the vector parts: grid lines and the cells' numbers
// when cells are big enough, the overlays in the scene's order, the markers, and the marks
// for the screen. What each overlay's role looks like (colour, width, dashes, the zoom it
// shows from) is the table STYLES: the state side names roles, never colours.
import { LABEL_MIN_SCALE, markerRadius } from '../scene/geometry';
import { BOLD_STYLES, parentArrow, type LabelStyle, type PlacedLabel } from '../scene/label-layout';
import type { CellText, Marker, MeshScene, Overlay, OverlayRole, PaneScene } from '../scene/pane-scene';
import { visibleCells, type Viewport } from '../scene/viewport';
import type { Palette } from './palette';
import type { PaneRasters } from './rasters';

/** A pane's canvas in CSS pixels and the part of the map it shows. */
export interface PaneFrame {
  width: number;
  height: number;
  view: Viewport;
}

const GRID_LINE_MIN_SCALE = 6;

type Colour = Exclude<keyof Palette, 'terrain'>;

interface Style {
  colour: Colour;
  /** Line width at `scale` pixels per cell. */
  width: (scale: number) => number;
  dash?: number[];
  /** Below this many pixels per cell the mark is not drawn. */
  minScale: number;
  /** Polygons: how opaque their fill is (none without it). */
  fill?: number;
}

const clamp = (low: number, value: number, high: number) => Math.max(low, Math.min(high, value));
const pathWidth = (s: number) => clamp(2.5, s * 0.22, 8);

const STYLES: Readonly<Record<OverlayRole, Style>> = {
  considered: { colour: 'textMuted', width: () => 1, dash: [3, 3], minScale: 3 },
  changed: { colour: 'current', width: () => 2, minScale: 3 },
  expanded: { colour: 'text', width: (s) => clamp(2, s * 0.1, 4), minScale: 3 },
  blocked: { colour: 'textMuted', width: () => 1.5, minScale: 10 },
  'scan-dead-end': { colour: 'textMuted', width: (s) => clamp(1, s * 0.06, 2), minScale: 3 },
  'scan-found': { colour: 'current', width: (s) => clamp(2, s * 0.12, 4), minScale: 3 },
  forced: { colour: 'current', width: () => 1, minScale: 3 },
  // Edges span many cells, so they show at every zoom.
  'graph-edge': { colour: 'current', width: (s) => clamp(1.5, s * 0.1, 3), minScale: 0 },
  'graph-edge-kept': { colour: 'textMuted', width: (s) => clamp(1, s * 0.05, 2), dash: [4, 3], minScale: 0 },
  'sight-clear': { colour: 'sightClear', width: (s) => clamp(1.5, s * 0.08, 3), minScale: 3 },
  'sight-blocked': { colour: 'sightBlocked', width: (s) => clamp(1.5, s * 0.08, 3), dash: [5, 4], minScale: 3 },
  // Seen but not taken (dearer than the ordinary move): the clear colour, dotted (segments have round caps).
  'sight-dearer': { colour: 'sightClear', width: (s) => clamp(1.5, s * 0.08, 3), dash: [1, 6], minScale: 3 },
  'sight-blocker': { colour: 'sightBlocked', width: () => 1.5, minScale: 6 },
  'depth-first': { colour: 'current', width: (s) => clamp(2, s * 0.15, 5), dash: [6, 4], minScale: 0 },
  meeting: { colour: 'path', width: () => 3, minScale: 0 },
  landmark: { colour: 'current', width: () => 2.5, dash: [3, 2], minScale: 0 },
  path: { colour: 'path', width: pathWidth, minScale: 0 },
  // Over the path, in the path's width less a third, dashed: the path stays visible under it.
  reused: { colour: 'sightClear', width: (s) => Math.max(2, pathWidth(s) * 0.6), dash: [8, 5], minScale: 0 },
  walked: { colour: 'agent', width: (s) => Math.max(2, pathWidth(s) * 0.7), minScale: 0 },
  sense: { colour: 'agent', width: () => 2, dash: [6, 4], minScale: 0 },
  discovered: { colour: 'current', width: () => 2, minScale: 3 },
  // The searches on the navigation mesh: their nodes span many cells, so they show at every zoom.
  'polygon-open': { colour: 'open', width: () => 1, minScale: 0, fill: 0.45 },
  'polygon-closed': { colour: 'closed', width: () => 1, minScale: 0, fill: 0.4 },
  'polygon-current': { colour: 'text', width: (s) => clamp(2, s * 0.1, 4), minScale: 0 },
  corridor: { colour: 'path', width: () => 1, minScale: 0, fill: 0.3 },
  portal: { colour: 'textMuted', width: (s) => clamp(1, s * 0.05, 2), dash: [4, 3], minScale: 0 },
  'portal-current': { colour: 'current', width: (s) => clamp(2, s * 0.12, 4), minScale: 0 },
  apex: { colour: 'current', width: () => 1.5, minScale: 0 },
  'funnel-left': { colour: 'sightClear', width: (s) => clamp(2, s * 0.1, 4), minScale: 0 },
  'funnel-right': { colour: 'backwardOpen', width: (s) => clamp(2, s * 0.1, 4), minScale: 0 },
  'funnel-path': { colour: 'path', width: (s) => Math.max(2, pathWidth(s) * 0.6), dash: [8, 5], minScale: 0 },
  'interval-open': { colour: 'open', width: (s) => clamp(2, s * 0.1, 4), minScale: 0 },
  'interval-closed': { colour: 'closed', width: (s) => clamp(1.5, s * 0.08, 3), minScale: 0 },
  'interval-pruned': { colour: 'textMuted', width: (s) => clamp(1, s * 0.05, 2), dash: [3, 3], minScale: 0 },
  'interval-current': { colour: 'current', width: (s) => clamp(3, s * 0.15, 6), minScale: 0 },
  // A dot's width is its radius.
  root: { colour: 'text', width: (s) => clamp(3, s * 0.2, 7), minScale: 0 },
  'root-current': { colour: 'current', width: () => 1.5, minScale: 0 },
  cone: { colour: 'current', width: () => 1, dash: [4, 4], minScale: 0 },
  highlight: { colour: 'current', width: () => 3, minScale: 0 },
  hover: { colour: 'text', width: () => 1.5, dash: [4, 3], minScale: 0 },
  cursor: { colour: 'current', width: () => 2, minScale: 0 },
};

/** Draws `scene` on `context` (already scaled to CSS pixels) as `frame` shows it. */
export function drawPane(context: CanvasRenderingContext2D, frame: PaneFrame, rasters: PaneRasters, scene: PaneScene, palette: Palette): void {
  const { view, width, height } = frame;
  const { map } = scene;
  context.fillStyle = palette.background;
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = false;
  const mapWidth = map.width * view.scale, mapHeight = map.height * view.scale;
  const layers = [
    rasters.map.canvasFor(map, palette),
    // Fog dims the map the agent has not seen, under the search, whose colours stay true.
    rasters.fogCanvas(map.width, map.height, scene.fog, palette),
    rasters.searchCanvas(map.width, map.height, scene.fills, scene.heat, palette),
  ];
  for (const layer of layers) if (layer) context.drawImage(layer, view.offsetX, view.offsetY, mapWidth, mapHeight);

  if (view.scale >= GRID_LINE_MIN_SCALE) drawGridLines(context, frame, map.width, map.height, palette);
  const mesh = scene.mesh;
  if (mesh) {
    const ratio = context.getTransform().a;
    context.drawImage(rasters.vectorCanvas('mesh', mesh, view, width, height, ratio, palette, (layer) => drawMesh(layer, frame, mesh, palette)), 0, 0, width, height);
  }
  if (view.scale >= LABEL_MIN_SCALE) drawLabels(context, view, scene.labels, scene.placed, palette);
  const kept = { rasters, width, height, ratio: context.getTransform().a };
  for (const overlay of scene.overlays) drawOverlay(context, view, overlay, palette, kept);
  const radius = markerRadius(view.scale, scene.labelsShown);
  for (const marker of scene.markers) drawMarker(context, view, marker, radius, palette);
  for (const overlay of scene.above) drawOverlay(context, view, overlay, palette);
  for (const overlay of scene.screenOnly) drawOverlay(context, view, overlay, palette);
}

/** Below this many pixels per cell the mesh's vertices are not marked (they would fill the map). */
const MESH_VERTEX_MIN_SCALE = 4;

/**
 * The navigation mesh over the map: each polygon in view filled faintly and outlined, and
 * its vertices marked when cells are big enough. Polygons wholly outside the canvas are
 * skipped by their bounding box, so a zoomed-in view of a big map draws only what shows;
 * the whole of a 1024 x 1024 map's mesh is a few tens of thousands of polygons, a maze's
 * over a hundred thousand.
 */
function drawMesh(context: CanvasRenderingContext2D, frame: PaneFrame, mesh: MeshScene, p: Palette): void {
  const { view, width, height } = frame;
  const { vertices, polygonStart, polygonVertices } = mesh;
  const polygons = polygonStart.length - 1;
  const dots = new Path2D();
  const dotRadius = clamp(1.5, view.scale * 0.08, 3.5);
  const withDots = view.scale >= MESH_VERTEX_MIN_SCALE;
  context.save();
  context.fillStyle = p.mesh;
  context.strokeStyle = p.mesh;
  context.lineWidth = clamp(0.75, view.scale * 0.05, 2);
  context.lineJoin = 'round';
  const painter = new PolygonPainter(context, 0.12, 0.85);
  for (let poly = 0; poly < polygons; poly++) {
    const from = polygonStart[poly]!, to = polygonStart[poly + 1]!;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let k = from; k < to; k++) {
      const v = polygonVertices[k]!;
      const x = toX(view, vertices[2 * v]!), y = toY(view, vertices[2 * v + 1]!);
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (maxX < 0 || maxY < 0 || minX > width || minY > height) continue;
    for (let k = from; k < to; k++) {
      const v = polygonVertices[k]!;
      const x = toX(view, vertices[2 * v]!), y = toY(view, vertices[2 * v + 1]!);
      if (k === from) painter.path.moveTo(x, y);
      else painter.path.lineTo(x, y);
      if (withDots) {
        dots.moveTo(x + dotRadius, y);
        dots.arc(x, y, dotRadius, 0, 2 * Math.PI);
      }
    }
    painter.path.closePath();
    painter.added();
  }
  painter.flush();
  if (withDots) {
    context.globalAlpha = 1;
    context.fillStyle = p.mesh;
    context.fill(dots);
  }
  context.restore();
}

/** Map units to canvas pixels. */
const toX = (view: Viewport, x: number) => view.offsetX + x * view.scale;
const toY = (view: Viewport, y: number) => view.offsetY + y * view.scale;

/** Where drawOverlay may keep a picture of a big overlay (see PaneRasters.vectorCanvas). */
interface OverlayLayers {
  rasters: PaneRasters;
  width: number;
  height: number;
  ratio: number;
}

/**
 * From this many polygons, segments or dots an overlay is drawn once into a kept layer, not
 * at every pointer move (a maze's closed polygons, or Polyanya's intervals, are 100,000).
 */
const LAYERED_ITEMS = 1000;

function drawOverlay(context: CanvasRenderingContext2D, view: Viewport, overlay: Overlay, p: Palette, layers?: OverlayLayers): void {
  const style = STYLES[overlay.role];
  const s = view.scale;
  if (s < style.minScale) return;
  const colour = p[style.colour];
  const width = style.width(s);
  context.setLineDash(style.dash ?? []);
  /** Paints many items, through a kept layer when they are many and the pane keeps layers. */
  const many = (count: number, paint: (target: CanvasRenderingContext2D) => void) => {
    if (!layers || count < LAYERED_ITEMS) return paint(context);
    const { rasters, width: w, height: h, ratio } = layers;
    context.drawImage(rasters.vectorCanvas(`overlay ${overlay.role}`, overlay, view, w, h, ratio, p, (target) => {
      target.setLineDash(style.dash ?? []);
      paint(target);
    }), 0, 0, w, h);
  };
  switch (overlay.shape) {
    case 'outline': {
      const { cell } = overlay;
      if (overlay.role === 'cursor') {
        drawCursor(context, view, cell.x, cell.y, p);
        break;
      }
      context.strokeStyle = colour;
      context.lineWidth = width;
      const inset = width / 2;
      context.strokeRect(toX(view, cell.x) + inset, toY(view, cell.y) + inset, Math.max(1, s - width), Math.max(1, s - width));
      break;
    }
    case 'cross': {
      const inset = s * 0.3, left = toX(view, overlay.cell.x), top = toY(view, overlay.cell.y);
      context.strokeStyle = colour;
      context.lineWidth = width;
      context.beginPath();
      context.moveTo(left + inset, top + inset);
      context.lineTo(left + s - inset, top + s - inset);
      context.moveTo(left + s - inset, top + inset);
      context.lineTo(left + inset, top + s - inset);
      context.stroke();
      break;
    }
    case 'diamond': {
      const r = Math.max(3, s * 0.22), cx = toX(view, overlay.at.x), cy = toY(view, overlay.at.y);
      context.beginPath();
      context.moveTo(cx, cy - r);
      context.lineTo(cx + r, cy);
      context.lineTo(cx, cy + r);
      context.lineTo(cx - r, cy);
      context.closePath();
      context.fillStyle = colour;
      context.fill();
      context.strokeStyle = p.pathOutline;
      context.lineWidth = width;
      context.stroke();
      break;
    }
    case 'ring': {
      // On a dark outline, so it shows on any colour at any zoom.
      const radius = overlay.role === 'highlight' ? Math.max(s * 0.55, 10) : Math.max(s * 0.45, 8);
      context.beginPath();
      context.arc(toX(view, overlay.at.x), toY(view, overlay.at.y), radius, 0, Math.PI * 2);
      context.strokeStyle = p.pathOutline;
      context.lineWidth = width + 2;
      context.stroke();
      context.strokeStyle = colour;
      context.lineWidth = width;
      context.stroke();
      break;
    }
    case 'segments': {
      if (overlay.segments.length === 0) break;
      many(overlay.segments.length, (target) => {
        target.lineCap = 'round';
        target.beginPath();
        for (const [from, to] of overlay.segments) {
          target.moveTo(toX(view, from.x), toY(view, from.y));
          target.lineTo(toX(view, to.x), toY(view, to.y));
        }
        target.strokeStyle = colour;
        target.lineWidth = width;
        target.stroke();
      });
      break;
    }
    case 'polyline':
      drawPolyline(context, view, overlay.points, overlay.role, colour, width, style.dash ?? [], p);
      break;
    case 'rect': {
      const { from, to } = overlay;
      context.strokeStyle = colour;
      context.lineWidth = width;
      context.strokeRect(toX(view, from.x), toY(view, from.y), (to.x - from.x + 1) * s, (to.y - from.y + 1) * s);
      break;
    }
    case 'polygons': {
      if (overlay.polygons.length === 0) break;
      many(overlay.polygons.length, (target) => paintPolygons(target, view, overlay.polygons, colour, width, style.fill));
      break;
    }
    case 'dots': {
      if (overlay.points.length === 0) break;
      many(overlay.points.length, (target) => {
        const shape = new Path2D();
        for (const point of overlay.points) {
          const x = toX(view, point.x), y = toY(view, point.y);
          shape.moveTo(x + width, y);
          shape.arc(x, y, width, 0, Math.PI * 2);
        }
        target.fillStyle = colour;
        target.fill(shape);
        target.strokeStyle = p.halo;
        target.lineWidth = 1;
        target.stroke(shape);
      });
      break;
    }
  }
  context.setLineDash([]);
}

/**
 * A line through points. The path and the walked trail go over a dark outline so they show
 * on any colour; a depth-first path is a dashed line of its own.
 */
function drawPolyline(context: CanvasRenderingContext2D, view: Viewport, points: readonly { x: number; y: number }[], role: OverlayRole,
  colour: string, width: number, dash: number[], p: Palette): void {
  if (points.length < 2) return;
  context.lineJoin = 'round';
  context.lineCap = 'round';
  context.beginPath();
  points.forEach((point, i) => {
    if (i === 0) context.moveTo(toX(view, point.x), toY(view, point.y));
    else context.lineTo(toX(view, point.x), toY(view, point.y));
  });
  // The trail's dots are spaced by its width.
  context.setLineDash(role === 'walked' ? [1, Math.max(4, pathWidth(view.scale) * 1.2)] : dash);
  if (role !== 'depth-first') {
    context.strokeStyle = p.pathOutline;
    context.lineWidth = width + 2.5;
    context.stroke();
  }
  context.strokeStyle = colour;
  context.lineWidth = width;
  context.stroke();
}

/**
 * The keyboard's cursor: a solid frame in the current-cell colour on a dark one, unlike the
 * pointer's dashed outline, and never smaller than a fingertip-sized square, so it is
 * found at any zoom.
 */
function drawCursor(context: CanvasRenderingContext2D, view: Viewport, x: number, y: number, p: Palette): void {
  const size = Math.max(view.scale, 12);
  const left = toX(view, x + 0.5) - size / 2, top = toY(view, y + 0.5) - size / 2;
  context.lineWidth = 4;
  context.strokeStyle = p.pathOutline;
  context.strokeRect(left + 1, top + 1, size - 2, size - 2);
  context.lineWidth = 2;
  context.strokeStyle = p.current;
  context.strokeRect(left + 1, top + 1, size - 2, size - 2);
}

function drawMarker(context: CanvasRenderingContext2D, view: Viewport, marker: Marker, radius: number, p: Palette): void {
  const cx = toX(view, marker.at.x + 0.5), cy = toY(view, marker.at.y + 0.5);
  context.beginPath();
  context.arc(cx, cy, radius, 0, Math.PI * 2);
  context.fillStyle = p[marker.role];
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = p.pathOutline;
  context.stroke();
  if (radius >= 7) {
    setTextStyle(context, true, Math.max(9, radius * 1.1), '#ffffff', 'center', 'middle', p);
    context.fillText(marker.letter, cx, cy + radius * 0.05);
  }
}

function drawGridLines(context: CanvasRenderingContext2D, frame: PaneFrame, mapWidth: number, mapHeight: number, p: Palette): void {
  const { view } = frame;
  const visible = visibleCells(view, frame.width, frame.height, mapWidth, mapHeight);
  context.strokeStyle = p.gridLine;
  context.lineWidth = 1;
  context.beginPath();
  const top = toY(view, visible.y0), bottom = toY(view, visible.y1 + 1);
  const left = toX(view, visible.x0), right = toX(view, visible.x1 + 1);
  for (let x = visible.x0; x <= visible.x1 + 1; x++) {
    const px = Math.round(toX(view, x)) + 0.5;
    context.moveTo(px, top);
    context.lineTo(px, bottom);
  }
  for (let y = visible.y0; y <= visible.y1 + 1; y++) {
    const py = Math.round(toY(view, y)) + 0.5;
    context.moveTo(left, py);
    context.lineTo(right, py);
  }
  context.stroke();
}

/** The colour of each style of number: the corners' f, g and h strong, the order and the walls' distances muted. */
const LABEL_COLOURS: Readonly<Record<LabelStyle, 'text' | 'textMuted' | 'current'>> = {
  cost: 'text', f: 'text', value: 'text', order: 'textMuted', jump: 'text', 'dead-end': 'textMuted',
};

/**
 * The cells' numbers, where the layout put them (scene/label-layout.ts: each centred in its
 * box), then the parent arrows. Text is the expensive part of a frame at this zoom, and
 * changing font or alignment per call makes it more so: one style of label at a time, with
 * the style set once.
 */
function drawLabels(context: CanvasRenderingContext2D, view: Viewport, labels: readonly CellText[], placed: readonly PlacedLabel[], p: Palette): void {
  if (labels.length === 0) return;
  const s = view.scale;
  const byStyle = new Map<LabelStyle, PlacedLabel[]>();
  for (const label of placed) {
    const list = byStyle.get(label.style);
    if (list) list.push(label);
    else byStyle.set(label.style, [label]);
  }
  for (const [style, list] of byStyle) {
    setTextStyle(context, BOLD_STYLES.has(style), list[0]!.size, p[LABEL_COLOURS[style]], 'center', 'middle', p);
    for (const label of list) {
      const x = toX(view, label.x) + label.left + label.width / 2, y = toY(view, label.y) + label.top + label.height / 2;
      context.strokeText(label.text, x, y);
      context.fillText(label.text, x, y);
    }
  }

  // Jump points and Theta*'s corners hang from cells further away: the arrow points toward
  // the parent, whatever its distance.
  context.strokeStyle = p.textMuted;
  context.lineWidth = Math.max(1, s * 0.035);
  context.lineCap = 'round';
  context.beginPath();
  for (const label of labels) {
    if (!label.parent) continue;
    const cx = toX(view, label.x + 0.5), cy = toY(view, label.y + 0.5);
    const { tail, tip, head } = parentArrow(label.parent, s);
    context.moveTo(cx + tail.x, cy + tail.y);
    context.lineTo(cx + tip.x, cy + tip.y);
    context.moveTo(cx + head[0].x, cy + head[0].y);
    context.lineTo(cx + tip.x, cy + tip.y);
    context.lineTo(cx + head[1].x, cy + head[1].y);
  }
  context.stroke();
}

function setTextStyle(context: CanvasRenderingContext2D, bold: boolean, size: number, colour: string,
  align: CanvasTextAlign, baseline: CanvasTextBaseline, p: Palette): void {
  context.font = `${bold ? '600 ' : ''}${size.toFixed(1)}px system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif`;
  context.textAlign = align;
  context.textBaseline = baseline;
  context.fillStyle = colour;
  // A halo in the floor colour keeps numbers readable over any terrain or search colour.
  context.strokeStyle = p.halo;
  context.lineWidth = Math.max(2, size * 0.25);
  context.lineJoin = 'round';
}

/** Polygons per path PolygonPainter fills and strokes at once. */
const POLYGON_BATCH = 512;

/**
 * Fills (faintly) and outlines many polygons, a batch of paths at a time, in the context's
 * fill and stroke styles. Chromium's time to fill and stroke one path grows faster than its
 * polygons: one path of a maze's 132,000 mesh polygons took it 45 s; in batches, a fifth of a second.
 */
class PolygonPainter {
  private shape = new Path2D();
  private count = 0;

  /** `fillAlpha`: the fill's opacity, or undefined for outlines only. */
  constructor(private readonly context: CanvasRenderingContext2D, private readonly fillAlpha: number | undefined, private readonly strokeAlpha: number) {}

  /** The path the next polygon goes into (traced and closed by the caller, then added()). */
  get path(): Path2D {
    return this.shape;
  }

  added(): void {
    if (++this.count === POLYGON_BATCH) this.flush();
  }

  /** Paints what is in the path now (call once more after the last polygon). */
  flush(): void {
    if (this.count === 0) return;
    const { context } = this;
    if (this.fillAlpha !== undefined) {
      context.globalAlpha = this.fillAlpha;
      context.fill(this.shape);
    }
    context.globalAlpha = this.strokeAlpha;
    context.stroke(this.shape);
    context.globalAlpha = 1;
    this.shape = new Path2D();
    this.count = 0;
  }
}

/** Polygons (plane points) filled at `fillAlpha` (none when undefined) and outlined in `colour`. */
function paintPolygons(context: CanvasRenderingContext2D, view: Viewport, polygons: readonly (readonly { x: number; y: number }[])[],
  colour: string, width: number, fillAlpha: number | undefined): void {
  context.save();
  context.fillStyle = colour;
  context.strokeStyle = colour;
  context.lineWidth = width;
  context.lineJoin = 'round';
  const painter = new PolygonPainter(context, fillAlpha, 1);
  for (const polygon of polygons) {
    const path = painter.path;
    polygon.forEach((point, i) => (i === 0 ? path.moveTo(toX(view, point.x), toY(view, point.y)) : path.lineTo(toX(view, point.x), toY(view, point.y))));
    path.closePath();
    painter.added();
  }
  painter.flush();
  context.restore();
}
