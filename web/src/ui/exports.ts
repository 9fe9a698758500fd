// The panel's picture exports of the whole map with a pane's search: a PNG drawn by the
// pane's renderer at a chosen size, and an SVG written from the same data
// (render/svg-export.ts).
import type { Palette } from '../render/palette';
import type { PaneRenderer } from '../render/renderer';
import { svgExport } from '../render/svg-export';
import { fitViewport } from '../scene/viewport';
import type { Run } from '../state/run';
import type { PlaygroundStore } from '../state/store';
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
export function exportPng(store: PlaygroundStore, renderer: PaneRenderer, size: PngSize): Promise<Blob | null> {
  const { width, height } = store.grid;
  const onScreen = store.canvasWidth > 0 && store.canvasHeight > 0;
  // Without a pane on screen (hidden), cells of up to 32 pixels in 2048.
  const cellPixels = onScreen
    ? fitViewport(width, height, store.canvasWidth, store.canvasHeight).scale
    : Math.max(1, Math.min(32, Math.floor(2048 / Math.max(width, height))));
  const wanted = 'screens' in size ? size.screens : size.width / (width * cellPixels);
  const ratio = Math.min(wanted, MAX_PNG_SIDE / (width * cellPixels), MAX_PNG_SIDE / (height * cellPixels));
  return renderer.exportPng(cellPixels, ratio);
}

/** The map, the run's open and closed cells and its path (a walk's planned path) as an SVG file. */
export function exportSvg(store: PlaygroundStore, run: Run, palette: Palette): Blob {
  const { grid, language } = store;
  const search = run.timeline.display;
  const cells = search.cellView();
  const phases = new Uint8Array(grid.width * grid.height);
  cells.fillPhases(phases);
  let backwardPhases: Uint8Array | null = null;
  if (cells.has('phaseBack')) {
    backwardPhases = new Uint8Array(phases.length);
    cells.fillPhases(backwardPhases, 'phaseBack');
  }
  const path = run.walk ? run.walk.view().planned : search.status === 'found' ? search.path() : [];
  const algorithm = algorithmLabel(language, store.engine.algorithm(run.options.algorithm));
  const options = optionsSummary(store, run.options);
  const text = svgExport({
    width: grid.width,
    height: grid.height,
    costs: grid.costs(),
    phases,
    backwardPhases,
    path,
    start: store.start,
    goal: store.goal,
    palette,
    title: translate(language, 'svg.title', { map: store.mapName, algorithm }),
    description: [options ? `${algorithm} (${options})` : algorithm, `${grid.width} × ${grid.height}`, statusText(store, run)].join('\n'),
  });
  return new Blob([text], { type: 'image/svg+xml' });
}
