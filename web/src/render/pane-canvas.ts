// One pane's canvas: sized to its box at the screen's pixel density, drawn from the pane's
// scene by drawPane whenever the frame loop has a new scene for it, and drawn again at any
// size for a PNG of the whole map. It keeps the pane's raster layers and its palette (the
// page's colours, read from CSS so the light and dark themes are defined once).
import type { PaneScene } from '../scene/pane-scene';
import { drawPane, type PaneFrame } from './draw-pane';
import { readPalette, type Palette } from './palette';
import { PaneRasters, type MapLayer } from './rasters';

export class PaneCanvas {
  /**
   * Read at the first draw, not when the pane is made: reading computed styles forces the
   * page's style pass, which then falls in the task that builds the page (about 20 ms of a
   * 1024 x 1024 page's start) instead of the first frame's.
   */
  private palette: Palette | null = null;
  private readonly rasters: PaneRasters;
  /** What was last drawn, so the same scene in the same frame is not drawn twice. */
  private drawn: { scene: PaneScene; width: number; height: number; ratio: number; palette: Palette } | null = null;
  /** Frames drawn; lets tests and the benchmark see that drawing happens. */
  framesDrawn = 0;
  /** When the canvas was last drawn (performance.now()); -Infinity before it was. */
  drawnAt = -Infinity;

  constructor(readonly canvas: HTMLCanvasElement, mapLayer: MapLayer, private readonly themeSource: Element) {
    this.rasters = new PaneRasters(mapLayer);
  }

  /** Theme changed (light/dark): the next draw reads the colours again and repaints every layer. */
  refreshTheme(): void {
    // Read at the draw, in the frame's own style pass: read here, at a page's start, it
    // forced one of its own (about 20 ms).
    this.palette = null;
    this.rasters.forget();
  }

  private colours(): Palette {
    return (this.palette ??= readPalette(this.themeSource));
  }

  /** Draws `scene` as `frame` shows it, unless exactly that is on the canvas already. */
  draw(scene: PaneScene, frame: PaneFrame): void {
    const { width, height } = frame;
    if (width <= 0 || height <= 0) return;
    const palette = this.colours();
    const ratio = window.devicePixelRatio || 1;
    const drawn = this.drawn;
    if (drawn && drawn.scene === scene && drawn.width === width && drawn.height === height && drawn.ratio === ratio && drawn.palette === palette) return;
    const pixelWidth = Math.round(width * ratio), pixelHeight = Math.round(height * ratio);
    if (this.canvas.width !== pixelWidth || this.canvas.height !== pixelHeight) {
      this.canvas.width = pixelWidth;
      this.canvas.height = pixelHeight;
    }
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawPane(context, frame, this.rasters, scene, palette);
    this.drawn = { scene, width, height, ratio, palette };
    this.framesDrawn++;
    this.drawnAt = performance.now();
  }

  /** Draws again on the next draw() whatever its scene (the canvas may have been cleared). */
  invalidate(): void {
    this.drawn = null;
  }

  /**
   * `scene` (laid out for the whole map at `cellPixels` CSS pixels per cell, as on screen:
   * the same marks and labels) as a PNG blob rendered `pixelRatio` times as sharp, the way a
   * high-density screen draws it.
   */
  exportPng(scene: PaneScene, cellPixels: number, pixelRatio = 1): Promise<Blob | null> {
    const width = scene.map.width * cellPixels, height = scene.map.height * cellPixels;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * pixelRatio);
    canvas.height = Math.round(height * pixelRatio);
    const context = canvas.getContext('2d');
    if (!context) return Promise.resolve(null);
    context.setTransform(canvas.width / width, 0, 0, canvas.height / height, 0, 0);
    // Layers of its own, so the pane's stay as they are.
    drawPane(context, { width, height, view: { scale: cellPixels, offsetX: 0, offsetY: 0 } }, new PaneRasters(this.rasters.map), scene, this.colours());
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  }
}
