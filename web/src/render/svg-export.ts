// The map, a search's open and closed cells and its path as an SVG document, for slides and
// papers: vector, so it scales to any size, and compact, with one rect per run of equal
// cells in a row. It draws from the same data as the canvas renderer (the grid's costs, the
// CellView's phases, the path's corners, the palette), one unit per cell, and nothing
// else: a pure function of its input, so Node tests it. Every text that reaches the
// document (the map's name in the title, the description) is escaped.
import type { Point } from '../engine/engine';
import { CLOSED_ALPHA, OPEN_ALPHA, type Palette } from './palette';
import { cornersOf } from '../scene/geometry';

export interface SvgScene {
  width: number;
  height: number;
  /** Per cell, row by row: 0 wall, 1 floor, 2 to 9 terrain. */
  costs: ArrayLike<number>;
  /** Per cell, the search's phase (0 unseen, 1 open, 2 closed, 3 on the path, drawn closed); null without a search. */
  phases: ArrayLike<number> | null;
  /** Bidirectional A*'s backward search, the same way; null for one-sided searches. */
  backwardPhases: ArrayLike<number> | null;
  /** The path cell by cell (empty without one); only its corners are written. */
  path: readonly Point[];
  start: Point;
  goal: Point;
  palette: Palette;
  /** The document's <title> and <desc>: plain text, escaped here. */
  title: string;
  description: string;
  /** The size of a cell in the document's default width and height; default about 1024 pixels across the map. */
  cellPixels?: number;
}

// The search's colour classes, in the renderer's order of precedence.
const NONE = 0, OPEN = 1, CLOSED = 2, BACKWARD_OPEN = 3, BACKWARD_CLOSED = 4;

export function svgExport(scene: SvgScene): string {
  const { width, height, palette: p } = scene;
  const side = Math.max(width, height);
  const cellPixels = scene.cellPixels ?? Math.max(1, Math.round(1024 / side));
  // Marks as the renderer sizes them for the map fitted in a pane about 700 pixels across:
  // in proportion to a cell, and never smaller than a few of the pane's pixels, so on a
  // large map, where a cell is a speck, they keep a size against the whole map.
  const pixel = side / 700;
  const radius = Math.max(0.36, 7 * pixel);
  const pathWidth = Math.max(0.22, 2.5 * pixel);

  const mapRuns = runsByValue(width, height, (id) => scene.costs[id]!, 1);
  const searchRuns = scene.phases ? runsByValue(width, height, (id) => searchClass(scene, id), NONE) : new Map<number, string[]>();
  const searchFill: Record<number, { colour: string; alpha: number }> = {
    [OPEN]: { colour: p.open, alpha: OPEN_ALPHA },
    [CLOSED]: { colour: p.closed, alpha: CLOSED_ALPHA },
    [BACKWARD_OPEN]: { colour: p.backwardOpen, alpha: OPEN_ALPHA },
    [BACKWARD_CLOSED]: { colour: p.backwardClosed, alpha: CLOSED_ALPHA },
  };

  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width * cellPixels}" height="${height * cellPixels}">`,
    `<title>${escapeXml(scene.title)}</title>`,
    `<desc>${escapeXml(scene.description)}</desc>`,
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
  const corners = cornersOf(scene.path);
  if (corners.length >= 2) {
    const points = corners.map((point) => `${point.x + 0.5},${point.y + 0.5}`).join(' ');
    const line = (colour: string, strokeWidth: number) =>
      `<polyline points="${points}" fill="none" stroke="${escapeXml(colour)}" stroke-width="${round(strokeWidth)}" stroke-linejoin="round" stroke-linecap="round"/>`;
    lines.push(`<g data-layer="path">${line(p.pathOutline, pathWidth + 2.5 * pixel)}${line(p.path, pathWidth)}</g>`);
  }
  const endpoint = (point: Point, colour: string, letter: string) =>
    `<circle cx="${point.x + 0.5}" cy="${point.y + 0.5}" r="${round(radius)}" fill="${escapeXml(colour)}" stroke="${escapeXml(p.pathOutline)}" stroke-width="${round(2 * pixel)}"/>` +
    `<text x="${point.x + 0.5}" y="${point.y + 0.5}" font-size="${round(radius * 1.1)}" font-family="system-ui, sans-serif" font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${letter}</text>`;
  lines.push(`<g data-layer="endpoints">${endpoint(scene.start, p.start, 'S')}${endpoint(scene.goal, p.goal, 'G')}</g>`, '</svg>', '');
  return lines.join('\n');
}

/** The colour class of a cell's search state: forward closed first, then backward closed, then either's open. */
function searchClass(scene: SvgScene, id: number): number {
  const ahead = scene.phases![id]!, back = scene.backwardPhases ? scene.backwardPhases[id]! : 0;
  if (ahead >= 2) return CLOSED;
  if (back >= 2) return BACKWARD_CLOSED;
  if (ahead === 1) return OPEN;
  return back === 1 ? BACKWARD_OPEN : NONE;
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
