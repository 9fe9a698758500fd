// The mapping between map cells and canvas pixels (CSS pixels): cell (x, y) covers
// [offsetX + x * scale, offsetX + (x + 1) * scale). Pure functions of numbers, so pan and
// zoom are easy to test and the renderer and the input layer agree by construction.
export interface Viewport {
  /** CSS pixels per cell. */
  scale: number;
  offsetX: number;
  offsetY: number;
}

export const MAX_SCALE = 160;

export function minScale(mapWidth: number, mapHeight: number, canvasWidth: number, canvasHeight: number): number {
  return Math.min(1, fitViewport(mapWidth, mapHeight, canvasWidth, canvasHeight).scale / 2);
}

/**
 * The view zoomed about the canvas centre into the range the pointer's zoom keeps to
 * (minScale to MAX_SCALE), for views that come from elsewhere (a link) or a canvas that
 * changed size. Unchanged while the canvas has no size yet.
 */
export function withinZoomRange(view: Viewport, mapWidth: number, mapHeight: number, canvasWidth: number, canvasHeight: number): Viewport {
  if (!(canvasWidth > 0 && canvasHeight > 0)) return view;
  const lowest = minScale(mapWidth, mapHeight, canvasWidth, canvasHeight);
  if (view.scale >= lowest && view.scale <= MAX_SCALE) return view;
  return zoomAt(view, canvasWidth / 2, canvasHeight / 2, 1, lowest);
}

/** Whole map visible and centred, with a small margin. */
export function fitViewport(mapWidth: number, mapHeight: number, canvasWidth: number, canvasHeight: number): Viewport {
  const margin = Math.min(16, Math.min(canvasWidth, canvasHeight) * 0.03);
  const scale = Math.max(
    0.05,
    Math.min((canvasWidth - 2 * margin) / mapWidth, (canvasHeight - 2 * margin) / mapHeight, MAX_SCALE),
  );
  return {
    scale,
    offsetX: (canvasWidth - mapWidth * scale) / 2,
    offsetY: (canvasHeight - mapHeight * scale) / 2,
  };
}

/** Zoom by `factor` keeping the map point under (px, py) fixed. */
export function zoomAt(view: Viewport, px: number, py: number, factor: number, lowest: number): Viewport {
  const scale = Math.min(MAX_SCALE, Math.max(lowest, view.scale * factor));
  const applied = scale / view.scale;
  return { scale, offsetX: px - (px - view.offsetX) * applied, offsetY: py - (py - view.offsetY) * applied };
}

export function panBy(view: Viewport, dx: number, dy: number): Viewport {
  return { scale: view.scale, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy };
}

/** Cell under a canvas point (may be outside the map). */
export function cellAt(view: Viewport, px: number, py: number): { x: number; y: number } {
  return { x: Math.floor((px - view.offsetX) / view.scale), y: Math.floor((py - view.offsetY) / view.scale) };
}

/** Range of cells intersecting the canvas, clamped to the map. */
export function visibleCells(view: Viewport, canvasWidth: number, canvasHeight: number, mapWidth: number, mapHeight: number) {
  const x0 = Math.max(0, Math.floor(-view.offsetX / view.scale));
  const y0 = Math.max(0, Math.floor(-view.offsetY / view.scale));
  const x1 = Math.min(mapWidth - 1, Math.floor((canvasWidth - view.offsetX) / view.scale));
  const y1 = Math.min(mapHeight - 1, Math.floor((canvasHeight - view.offsetY) / view.scale));
  return { x0, y0, x1, y1 };
}
