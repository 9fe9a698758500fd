// The map, a search's fills and its path as an SVG document, for slides and papers: vector,
// so it scales to any size, and compact, with one rect per run of equal cells in a row. It
// draws from a pane's scene (scene/pane-scene.ts), as the canvas does: the map's costs, the
// fills, the path's polyline and the markers, one unit per cell, and nothing else: a pure
// function of its input, so Node tests it. Every text that reaches the document (the map's
// name in the title, the description) is escaped.
import { FILL, type Marker, type PaneScene } from '../scene/pane-scene';
import { CLOSED_ALPHA, OPEN_ALPHA, type Palette } from './palette';

/** The document around the scene. */
export interface SvgDocument {
  palette: Palette;
  /** The document's <title> and <desc>: plain text, escaped here. */
  title: string;
  description: string;
  /** The size of a cell in the document's default width and height; default about 1024 pixels across the map. */
  cellPixels?: number;
}

// The document's colour classes (data-phase): the scene's fills, the path drawn as closed.
const NONE = 0, OPEN = 1, CLOSED = 2, BACKWARD_OPEN = 3, BACKWARD_CLOSED = 4, SCANNED = 5;
const CLASS_OF_FILL: Readonly<Record<number, number>> = {
  [FILL.none]: NONE, [FILL.open]: OPEN, [FILL.closed]: CLOSED, [FILL.onPath]: CLOSED,
  [FILL.backwardOpen]: BACKWARD_OPEN, [FILL.backwardClosed]: BACKWARD_CLOSED, [FILL.scanned]: SCANNED,
};
const SCANNED_ALPHA = 60;

export function svgExport(scene: PaneScene, document: SvgDocument): string {
  const { width, height, costs } = scene.map;
  const p = document.palette;
  const side = Math.max(width, height);
  const cellPixels = document.cellPixels ?? Math.max(1, Math.round(1024 / side));
  // Marks as the renderer sizes them for the map fitted in a pane about 700 pixels across:
  // in proportion to a cell, and never smaller than a few of the pane's pixels, so on a
  // large map, where a cell is a speck, they keep a size against the whole map.
  const pixel = side / 700;
  const radius = Math.max(0.36, 7 * pixel);
  const pathWidth = Math.max(0.22, 2.5 * pixel);

  const mapRuns = runsByValue(width, height, (id) => costs[id]!, 1);
  const kinds = scene.fills?.kinds;
  const searchRuns = kinds ? runsByValue(width, height, (id) => CLASS_OF_FILL[kinds[id]!]!, NONE) : new Map<number, string[]>();
  const searchFill: Record<number, { colour: string; alpha: number }> = {
    [OPEN]: { colour: p.open, alpha: OPEN_ALPHA },
    [CLOSED]: { colour: p.closed, alpha: CLOSED_ALPHA },
    [BACKWARD_OPEN]: { colour: p.backwardOpen, alpha: OPEN_ALPHA },
    [BACKWARD_CLOSED]: { colour: p.backwardClosed, alpha: CLOSED_ALPHA },
    [SCANNED]: { colour: p.textMuted, alpha: SCANNED_ALPHA },
  };

  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width * cellPixels}" height="${height * cellPixels}">`,
    `<title>${escapeXml(document.title)}</title>`,
    `<desc>${escapeXml(document.description)}</desc>`,
    `<g data-layer="map" shape-rendering="crispEdges">`,
    `<rect width="${width}" height="${height}" fill="${escapeXml(p.terrain[1]!)}"/>`,
    ...[...mapRuns].map(([cost, rects]) => `<g fill="${escapeXml(cost === 0 ? p.wall : p.terrain[cost]!)}" data-cost="${cost}">${rects.join('')}</g>`),
    '</g>',
    `<g data-layer="search" shape-rendering="crispEdges">`,
    ...[...searchRuns].map(([kind, rects]) => {
      const { colour, alpha } = searchFill[kind]!;
      return `<g fill="${escapeXml(colour)}" fill-opacity="${round(alpha / 255)}" data-phase="${kind}">${rects.join('')}</g>`;
    }),
    '</g>',
  ];
  const path = scene.overlays.find((overlay) => overlay.shape === 'polyline' && overlay.role === 'path');
  if (path?.shape === 'polyline' && path.points.length >= 2) {
    const points = path.points.map((point) => `${point.x},${point.y}`).join(' ');
    const line = (colour: string, strokeWidth: number) =>
      `<polyline points="${points}" fill="none" stroke="${escapeXml(colour)}" stroke-width="${round(strokeWidth)}" stroke-linejoin="round" stroke-linecap="round"/>`;
    lines.push(`<g data-layer="path">${line(p.pathOutline, pathWidth + 2.5 * pixel)}${line(p.path, pathWidth)}</g>`);
  }
  const marker = ({ at, role, letter }: Marker) =>
    `<circle cx="${at.x + 0.5}" cy="${at.y + 0.5}" r="${round(radius)}" fill="${escapeXml(p[role])}" stroke="${escapeXml(p.pathOutline)}" stroke-width="${round(2 * pixel)}"/>` +
    `<text x="${at.x + 0.5}" y="${at.y + 0.5}" font-size="${round(radius * 1.1)}" font-family="system-ui, sans-serif" font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${escapeXml(letter)}</text>`;
  lines.push(`<g data-layer="endpoints">${scene.markers.map(marker).join('')}</g>`, '</svg>', '');
  return lines.join('\n');
}

/** One rect per run of equal values in a row, grouped by value, in order of first appearance; `skip` draws nothing. */
function runsByValue(width: number, height: number, valueAt: (id: number) => number, skip: number): Map<number, string[]> {
  const runs = new Map<number, string[]>();
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      const value = valueAt(y * width + x);
      let end = x + 1;
      while (end < width && valueAt(y * width + end) === value) end++;
      if (value !== skip) {
        let list = runs.get(value);
        if (!list) runs.set(value, (list = []));
        list.push(`<rect x="${x}" y="${y}" width="${end - x}" height="1"/>`);
      }
      x = end;
    }
  }
  return runs;
}

/**
 * Text as XML character data or an attribute value: the five special characters become
 * entities, and characters XML does not allow at all (control characters, lone
 * surrogates) are dropped.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
