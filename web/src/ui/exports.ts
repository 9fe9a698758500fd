// The panel's picture exports of the whole map with a pane's search: a PNG drawn by the
// pane's canvas at a chosen size, and an SVG written from the same kind of scene
// (render/svg-export.ts).
import type { Palette } from '../render/palette';
import { svgExport } from '../render/svg-export';
import { fitViewport } from '../scene/viewport';
import type { PlaygroundStore } from '../state/store';
import type { Pane } from './pane';
import { optionsSummary } from './comparison';
import { statusText } from './describe';
import { algorithmLabel, translate } from './i18n';
import type { PngSize } from './panel';

// Browsers refuse canvases much larger than this on a side (and slow to a crawl before).
const MAX_PNG_SIDE = 8192;

/**
 * The whole map laid out as it is fitted on screen (so marks, path and labels keep their
 * size against the map) and drawn `size` times as sharp, or sharp enough for a width.
 */
export function exportPng(store: PlaygroundStore, pane: Pane, size: PngSize): Promise<Blob | null> {
  const { width, height } = store.grid;
  const onScreen = store.canvasWidth > 0 && store.canvasHeight > 0;
  // Without a pane on screen (hidden), cells of up to 32 pixels in 2048.
  const cellPixels = onScreen
    ? fitViewport(width, height, store.canvasWidth, store.canvasHeight).scale
    : Math.max(1, Math.min(32, Math.floor(2048 / Math.max(width, height))));
  const wanted = 'screens' in size ? size.screens : size.width / (width * cellPixels);
  const ratio = Math.min(wanted, MAX_PNG_SIDE / (width * cellPixels), MAX_PNG_SIDE / (height * cellPixels));
  const scene = pane.exportScene(cellPixels, true);
  return scene ? pane.picture.exportPng(scene, cellPixels, ratio) : Promise.resolve(null);
}

/** The map, the pane's open and closed cells and its path (a walk's planned path) as an SVG file; null before the pane's first layout. */
export function exportSvg(store: PlaygroundStore, pane: Pane, palette: Palette): Blob | null {
  const { grid, language } = store;
  const { run } = pane;
  const scene = pane.exportScene(1, false);
  if (!scene) return null;
  const algorithm = algorithmLabel(language, store.engine.algorithm(run.options.algorithm));
  const options = optionsSummary(store, run.options);
  const text = svgExport(scene, {
    palette,
    title: translate(language, 'svg.title', { map: store.mapName, algorithm }),
    description: [options ? `${algorithm} (${options})` : algorithm, `${grid.width} × ${grid.height}`, statusText(store, run)].join('\n'),
  });
  return new Blob([text], { type: 'image/svg+xml' });
}
