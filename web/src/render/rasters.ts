// The pictures behind a pane, one pixel per cell, scaled up without smoothing when drawn:
//  - the map, shared by every pane, repainted when the map's revision or the palette changes;
//  - a pane's search layer: its fills (open, closed, the backward frontier, cells a scan
//    passed) or its heat map, repainted when the scene brings new ones;
//  - a pane's fog over what a walking agent has not sensed;
//  - a pane's vector pictures at screen resolution for the view they were drawn for: the
//    navigation mesh, and a mesh search's polygons when they are thousands.
// They are caches of pure functions of the scene and the palette: drawPane asks for them,
// and gets the same canvas back while nothing they show has changed.
import { fillHeat } from './heat';
import type { FillScene, FogScene, Heat, MapScene } from '../scene/pane-scene';
import type { Viewport } from '../scene/viewport';
import { CLOSED_ALPHA, OPEN_ALPHA, packRgba, type Palette } from './palette';

const SCANNED_ALPHA = 60;
const FOG_ALPHA = 170;

interface Layer {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
  image: ImageData;
  pixels: Uint32Array;
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

/** The map drawn one pixel per cell, shared by every pane. */
export class MapLayer {
  private layer: Layer | null = null;
  private drawnRevision = -1;
  private drawnColours = '';

  canvasFor(map: MapScene, palette: Palette): HTMLCanvasElement {
    const previous = this.layer;
    const layer = (this.layer = ensureLayer(previous, map.width, map.height));
    // Every pane reads its own palette object, the same colours: compare the colours.
    const colourKey = `${palette.wall} ${palette.terrain.join(' ')}`;
    if (layer !== previous || this.drawnRevision !== map.revision || this.drawnColours !== colourKey) {
      const colours = palette.terrain.map((colour, cost) => packRgba(cost === 0 ? palette.wall : colour));
      const { costs } = map;
      const pixels = layer.pixels;
      for (let i = 0; i < costs.length; i++) pixels[i] = colours[costs[i]!]!;
      layer.context.putImageData(layer.image, 0, 0);
      this.drawnRevision = map.revision;
      this.drawnColours = colourKey;
    }
    return layer.canvas;
  }
}

/** What a vector layer was drawn for. */
interface VectorDrawn {
  owner: object;
  palette: Palette;
  ratio: number;
  width: number;
  height: number;
  scale: number;
  offsetX: number;
  offsetY: number;
}

/** One pane's layers over the shared map. */
export class PaneRasters {
  private search: Layer | null = null;
  private fog: Layer | null = null;
  private drawnSearch: { source: FillScene | Heat; revision: number; palette: Palette } | null = null;
  private drawnFog: { source: FogScene; revision: number; palette: Palette } | null = null;
  private readonly vectors = new Map<string, { canvas: HTMLCanvasElement; drawn: VectorDrawn | null }>();

  constructor(readonly map: MapLayer) {}

  /** Theme changed: the layers repaint with the new colours on their next use. */
  forget(): void {
    this.drawnSearch = null;
    this.drawnFog = null;
    for (const layer of this.vectors.values()) layer.drawn = null;
  }

  /**
   * A vector picture kept at screen resolution, one per `slot` (the mesh; a search's
   * thousands of polygons): `draw` draws `owner` on a transparent canvas of `width` x
   * `height` CSS pixels at `ratio` device pixels each (its context scaled to CSS pixels),
   * and again only when the owner, the view, the size or the palette changes. A maze's
   * mesh or closed polygons take a fifth of a second to draw: once, not at every frame or
   * pointer move. The owner is compared by identity (a scene's objects are rebuilt when
   * what they show changes).
   */
  vectorCanvas(slot: string, owner: object, view: Viewport, width: number, height: number, ratio: number, palette: Palette,
    draw: (context: CanvasRenderingContext2D) => void): HTMLCanvasElement {
    const pixelWidth = Math.round(width * ratio), pixelHeight = Math.round(height * ratio);
    let layer = this.vectors.get(slot);
    if (!layer) this.vectors.set(slot, (layer = { canvas: document.createElement('canvas'), drawn: null }));
    const { canvas, drawn } = layer;
    if (drawn && drawn.owner === owner && drawn.palette === palette && drawn.ratio === ratio && drawn.width === width && drawn.height === height
      && drawn.scale === view.scale && drawn.offsetX === view.offsetX && drawn.offsetY === view.offsetY
      && canvas.width === pixelWidth && canvas.height === pixelHeight) return canvas;
    canvas.width = pixelWidth; // also clears it
    canvas.height = pixelHeight;
    const context = canvas.getContext('2d')!;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    draw(context);
    layer.drawn = { owner, palette, ratio, width, height, scale: view.scale, offsetX: view.offsetX, offsetY: view.offsetY };
    return canvas;
  }

  /** The search layer: the fills in the palette's colours, or the heat map. */
  searchCanvas(width: number, height: number, fills: FillScene | null, heat: Heat | null, palette: Palette): HTMLCanvasElement | null {
    const source = heat ?? fills;
    if (!source) return null;
    const previous = this.search;
    const layer = (this.search = ensureLayer(previous, width, height));
    const revision = heat ? 0 : fills!.revision;
    const drawn = this.drawnSearch;
    if (layer === previous && drawn && drawn.source === source && drawn.revision === revision && drawn.palette === palette) return layer.canvas;
    this.drawnSearch = { source, revision, palette };
    if (heat) fillHeat(layer.pixels, heat);
    else paintFills(layer.pixels, fills!.kinds, palette);
    layer.context.putImageData(layer.image, 0, 0);
    return layer.canvas;
  }

  /** The fog over the cells a walking agent has not sensed. */
  fogCanvas(width: number, height: number, fog: FogScene | null, palette: Palette): HTMLCanvasElement | null {
    if (!fog) return null;
    const previous = this.fog;
    const layer = (this.fog = ensureLayer(previous, width, height));
    const drawn = this.drawnFog;
    if (layer === previous && drawn && drawn.source === fog && drawn.revision === fog.revision && drawn.palette === palette) return layer.canvas;
    this.drawnFog = { source: fog, revision: fog.revision, palette };
    const colour = packRgba(palette.fog, FOG_ALPHA);
    const { known } = fog, pixels = layer.pixels;
    const count = Math.min(known.length, pixels.length);
    for (let id = 0; id < count; id++) pixels[id] = known[id] ? 0 : colour;
    layer.context.putImageData(layer.image, 0, 0);
    return layer.canvas;
  }
}

/** Fill kinds (scene FILL) to pixels: a table lookup per cell, in one tight loop (it runs for every pane on every frame of playback). */
function paintFills(pixels: Uint32Array, kinds: Uint8Array, p: Palette): void {
  const closed = packRgba(p.closed, CLOSED_ALPHA);
  // Indexed by FILL: none, open, closed, on the path, backward open, backward closed, scanned.
  const colours = Uint32Array.of(0, packRgba(p.open, OPEN_ALPHA), closed, closed,
    packRgba(p.backwardOpen, OPEN_ALPHA), packRgba(p.backwardClosed, CLOSED_ALPHA), packRgba(p.textMuted, SCANNED_ALPHA));
  const count = Math.min(kinds.length, pixels.length);
  for (let id = 0; id < count; id++) pixels[id] = colours[kinds[id]!]!;
}
