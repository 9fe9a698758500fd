// The SVG export (web/src/render/svg-export.ts) in Node, on a real search by the engine,
// drawn from a pane's scene made here from the search: the document is read back with
// regexes (no DOM here) and checked against the grid and the search's cells, counted
// independently: every non-floor cell is covered by exactly
// one rect of its colour, every reached cell by one of its phase, the path's corners are
// the polyline's points, and a hostile map name cannot inject markup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type CellView, type Engine, type Grid, type Point, type Search } from '../../web/src/engine/engine';
import { presenterFor } from '../../web/src/presenters/index';
import type { Palette } from '../../web/src/render/palette';
import { escapeXml, svgExport, type SvgDocument } from '../../web/src/render/svg-export';
import { cornersOf } from '../../web/src/scene/geometry';
import { centreOf, type PaneScene } from '../../web/src/scene/pane-scene';

const PALETTE: Palette = {
  background: '#ffffff', wall: '#222222',
  terrain: ['', '#f0f0f0', '#e0e0ff', '#d0d0ff', '#c0c0ff', '#b0b0ff', '#a0a0ff', '#9090ff', '#8080ff', '#7070ff'],
  open: '#56b4e9', closed: '#e69f00', backwardOpen: '#cc79a7', backwardClosed: '#009e73',
  sightClear: '#009e73', sightBlocked: '#d55e00', mesh: '#6a3d9a', path: '#0072b2', pathOutline: '#000000',
  start: '#009e73', goal: '#d55e00', current: '#f0e442', agent: '#cc79a7', fog: '#888888',
  gridLine: '#dddddd', text: '#111111', textMuted: '#666666', halo: '#ffffff',
};

// 12 x 8: a wall with a gap, a patch of terrain 5 and a cell of terrain 9.
const ROWS = [
  '............',
  '....@.......',
  '....@..55...',
  '....@..55...',
  '....@.......',
  '....@....9..',
  '............',
  '....@.......',
];

let engine: Engine;
let grid: Grid;
let search: Search;
const start = { x: 1, y: 3 }, goal = { x: 10, y: 4 };

beforeAll(async () => {
  engine = await loadEngine();
  // '@' is a wall; terrain digits are not Moving AI characters, so the grid is assigned directly.
  grid = engine.createGrid(ROWS[0]!.length, ROWS.length);
  grid.assign(Uint8Array.from(ROWS.join('').split(''), (c) => (c === '@' ? 0 : c === '.' ? 1 : Number(c))));
  search = engine.createSearch(grid, { algorithm: 'astar', diagonal: 'only-when-no-obstacles' });
  search.reset(start, goal);
  // Stop part-way, so open cells and closed cells both show.
  for (let i = 0; i < 12; i++) search.step();
});

afterAll(() => {
  search.delete();
  grid.delete();
});

interface Overrides extends Partial<SvgDocument> {
  /** Every cell's fill (scene FILL kinds); default the search's phases. */
  fills?: Uint8Array;
  /** The path cell by cell; default none. */
  path?: Point[];
}

/** The scene a pane shows of the search (its fills, path and endpoints) and the document around it. */
function scene(overrides: Overrides = {}): [PaneScene, SvgDocument] {
  const fills = overrides.fills ?? new Uint8Array(grid.width * grid.height);
  if (!overrides.fills) search.cellView().fillPhases(fills);
  const path = overrides.path ?? [];
  return [{
    map: { width: grid.width, height: grid.height, costs: grid.costs().slice(), revision: 1 },
    fills: { kinds: fills, revision: 1 }, heat: null, fog: null, mesh: null, labels: [], placed: [], labelsShown: true,
    overlays: path.length ? [{ shape: 'polyline', role: 'path', points: cornersOf(path).map(centreOf) }] : [],
    markers: [{ role: 'start', at: start, letter: 'S' }, { role: 'goal', at: goal, letter: 'G' }],
    above: [], screenOnly: [],
  }, { palette: PALETTE, title: overrides.title ?? 'test: A*', description: overrides.description ?? 'A*', cellPixels: overrides.cellPixels }];
}

interface Rect { x: number; y: number; width: number; height: number }

/** The rects of each <g> with the attribute `name` (data-cost or data-phase), by its value. */
function rectsByGroup(svg: string, name: string): Map<number, Rect[]> {
  const groups = new Map<number, Rect[]>();
  for (const [, value, body] of svg.matchAll(new RegExp(`<g [^>]*${name}="(\\d+)"[^>]*>(.*?)</g>`, 'g'))) {
    groups.set(Number(value), [...body!.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"\/>/g)]
      .map(([, x, y, width, height]) => ({ x: Number(x), y: Number(y), width: Number(width), height: Number(height) })));
  }
  return groups;
}

/** Each cell's value by the rects covering it: -1 where none does; a cell covered twice fails. */
function coverage(groups: Map<number, Rect[]>, width: number, height: number): number[] {
  const cells = new Array<number>(width * height).fill(-1);
  for (const [value, rects] of groups) {
    for (const rect of rects) {
      expect(rect.height).toBe(1);
      for (let x = rect.x; x < rect.x + rect.width; x++) {
        expect(cells[rect.y * width + x], `cell (${x}, ${rect.y}) is covered once`).toBe(-1);
        cells[rect.y * width + x] = value;
      }
    }
  }
  return cells;
}

/** Start and end tags balance (a cheap well-formedness check without an XML parser). */
function expectBalancedTags(svg: string): void {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
}

describe('svgExport', () => {
  it('covers every non-floor cell with one rect of its cost, one rect per run in a row', () => {
    const svg = svgExport(...scene());
    expectBalancedTags(svg);
    const costs = grid.costs();
    const covered = coverage(rectsByGroup(svg, 'data-cost'), grid.width, grid.height);
    expect(covered).toEqual(Array.from(costs, (cost) => (cost === 1 ? -1 : cost)));
    // Runs, not cells: the wall column is one rect per row it is in, the 5s one per row.
    const groups = rectsByGroup(svg, 'data-cost');
    expect(groups.get(0)).toHaveLength(6);
    expect(groups.get(5)).toEqual([{ x: 7, y: 2, width: 2, height: 1 }, { x: 7, y: 3, width: 2, height: 1 }]);
    expect(svg).toContain(`fill="${PALETTE.wall}" data-cost="0"`);
    expect(svg).toContain(`fill="${PALETTE.terrain[9]}" data-cost="9"`);
    // The floor is one rect under everything.
    expect(svg).toContain(`<rect width="12" height="8" fill="${PALETTE.terrain[1]}"/>`);
  });

  it('covers every reached cell with one rect of its phase, open and closed in their colours', () => {
    const input = scene();
    const svg = svgExport(...input);
    const covered = coverage(rectsByGroup(svg, 'data-phase'), grid.width, grid.height);
    // Open is class 1; closed (and on the path) class 2.
    const expected = Array.from(input[0].fills!.kinds, (phase) => (phase === 0 ? -1 : phase === 1 ? 1 : 2));
    expect(covered).toEqual(expected);
    expect(expected.filter((v) => v === 1).length).toBeGreaterThan(0);
    expect(expected.filter((v) => v === 2).length).toBeGreaterThan(0);
    expect(svg).toMatch(new RegExp(`<g fill="${PALETTE.open}" fill-opacity="0\\.\\d+" data-phase="1">`));
    expect(svg).toMatch(new RegExp(`<g fill="${PALETTE.closed}" fill-opacity="0\\.\\d+" data-phase="2">`));
  });

  it('draws the backward search of a two-sided search in its own colours', () => {
    const phases = new Uint8Array(grid.width * grid.height);
    const backwardPhases = new Uint8Array(grid.width * grid.height);
    phases[0] = 2; phases[1] = 1;
    backwardPhases[1] = 2; backwardPhases[2] = 1; backwardPhases[0] = 2;
    // The two frontiers' phases become fills as the bidirectional presenter makes them.
    const cells = { fillPhases: (out: Uint8Array, channel = 'phase') => out.set(channel === 'phase' ? phases : backwardPhases) } as unknown as CellView;
    const fills = new Uint8Array(phases.length);
    presenterFor('bidirectional').fillCells(cells, fills, new Uint8Array(phases.length));
    const groups = rectsByGroup(svgExport(...scene({ fills })), 'data-phase');
    // Forward closed wins, then backward closed, then open.
    expect(coverage(groups, grid.width, grid.height).slice(0, 4)).toEqual([2, 4, 3, -1]);
  });

  it('writes the path as a polyline through the centres of its corners, and the endpoints as circles', () => {
    const finished = engine.createSearch(grid, { algorithm: 'astar', diagonal: 'only-when-no-obstacles' });
    finished.reset(start, goal);
    finished.run();
    const path = finished.path();
    finished.delete();
    expect(path.length).toBeGreaterThan(5);
    const svg = svgExport(...scene({ path }));
    const polylines = [...svg.matchAll(/<polyline points="([^"]+)"/g)].map(([, points]) => points!.split(' ').map((pair) => pair.split(',').map(Number)));
    // The outline under the line, then the line: the same points.
    expect(polylines).toHaveLength(2);
    expect(polylines[1]).toEqual(polylines[0]);
    const corners = cornersOf(path);
    expect(corners.length).toBeLessThan(path.length);
    expect(polylines[0]).toEqual(corners.map((p: Point) => [p.x + 0.5, p.y + 0.5]));
    expect(polylines[0]![0]).toEqual([start.x + 0.5, start.y + 0.5]);
    expect(polylines[0]!.at(-1)).toEqual([goal.x + 0.5, goal.y + 0.5]);
    const circles = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"[^>]* fill="([^"]+)"/g)].map(([, x, y, fill]) => [Number(x), Number(y), fill]);
    expect(circles).toEqual([[1.5, 3.5, PALETTE.start], [10.5, 4.5, PALETTE.goal]]);
    // No path, no polyline.
    expect(svgExport(...scene())).not.toContain('<polyline');
  });

  it('escapes the title and description: a hostile map name stays text', () => {
    const hostile = `x"/><script>alert('1')</script><title>&amp;\u0000`;
    const svg = svgExport(...scene({ title: `${hostile}: A*`, description: `map ${hostile}` }));
    expectBalancedTags(svg);
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('\u0000');
    expect(svg.match(/<title>/g)).toHaveLength(1);
    expect(svg).toContain('<title>x&quot;/&gt;&lt;script&gt;alert(&apos;1&apos;)&lt;/script&gt;&lt;title&gt;&amp;amp;: A*</title>');
    expect(svg).toContain('<desc>map x&quot;/&gt;&lt;script&gt;');
    expect(escapeXml('a\uD800b')).toBe('ab');
    expect(escapeXml('漢字 😀')).toBe('漢字 😀');
  });

  it('is sized in cells (viewBox) and in pixels (width and height)', () => {
    const svg = svgExport(...scene({ cellPixels: 10 }));
    expect(svg).toMatch(/<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 12 8" width="120" height="80">/);
    // By default about 1024 pixels across the map's longer side.
    expect(svgExport(...scene())).toContain('viewBox="0 0 12 8" width="1020" height="680"');
  });
});
