// A pane's scene (web/src/state/scenes.ts) and the presenters it asks (web/src/presenters/),
// in Node, on real searches by the engine: every algorithm of the catalog has a presenter;
// the marks of each step stand where the step's events say; the fills are the search's
// phases as each family draws them; and a scene zoomed in carries, for every visible cell,
// the numbers the engine gives for that cell one call at a time (the scene read them in
// bulk). Everything created is deleted.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, loadEngine, type AlgorithmName, type MeshAlgorithmName, type Engine, type Grid, type Point, type Search } from '../../web/src/engine/engine';
import { meshPresenterFor, PRESENTERS, presenterFor } from '../../web/src/presenters/index';
import { formatNumber } from '../../web/src/scene/format';
import { cornersOf } from '../../web/src/scene/geometry';
import { LABEL_GAP, labelWidth, layoutLabels, shortened, type PlacedLabel } from '../../web/src/scene/label-layout';
import { CELL_LABELS, FILL, centreOf, type CellLabel, type CellText, type Overlay, type PaneScene } from '../../web/src/scene/pane-scene';
import { JobRunner } from '../../web/src/state/jobs';
import { prepareFor } from '../../web/src/state/preparation';
import { Run } from '../../web/src/state/run';
import { MapSceneSource, PaneSceneBuilder, type SceneInputs } from '../../web/src/state/scenes';
import type { SearchTimeline } from '../../web/src/state/timeline';

// 14 x 9: walls with ends and gaps (JPS's forced neighbours, Theta*'s blocked sights,
// IDA*'s iterations, two frontiers meeting around them) and a patch of terrain.
const ROWS = [
  '..............',
  '..#.....#.....',
  '..#..#..#..33.',
  '..#..#..#..33.',
  '..#..#........',
  '.....#..#.....',
  '..####..#.....',
  '..............',
  '..............',
];
const START = { x: 0, y: 4 }, GOAL = { x: 13, y: 1 };

let engine: Engine;
const created: { grids: Grid[]; searches: Search[]; runs: Run[]; jobs: JobRunner[] } = { grids: [], searches: [], runs: [], jobs: [] };
beforeAll(async () => {
  engine = await loadEngine();
});
afterEach(() => {
  for (const run of created.runs.splice(0)) run.delete();
  for (const search of created.searches.splice(0)) search.delete();
  for (const grid of created.grids.splice(0)) grid.delete();
  for (const jobs of created.jobs.splice(0)) jobs.destroy();
});

function grid(uniform: boolean): Grid {
  const made = engine.createGrid(ROWS[0]!.length, ROWS.length);
  made.assign(Uint8Array.from(ROWS.join(''), (c) => (c === '#' ? 0 : c === '.' || uniform ? 1 : Number(c))));
  created.grids.push(made);
  return made;
}

/** The options an algorithm runs with here: the diagonal rule and costs every algorithm accepts. */
function optionsFor(algorithm: AlgorithmName) {
  return { algorithm, diagonal: 'only-when-no-obstacles' as const, weight: 1, costModel: 'exact' as const };
}

const needsUniform = (algorithm: AlgorithmName) => engine.algorithm(algorithm).uniformTerrainOnly;

const at = (overlay: Overlay): Point | null => ('cell' in overlay ? overlay.cell : 'at' in overlay ? overlay.at : null);

describe('the presenters', () => {
  it('speak for every algorithm of the engine, and for no other: the mesh searches through their own kind of presenter', () => {
    expect(Object.keys(PRESENTERS).sort()).toEqual(engine.catalog.algorithms.map((row) => row.name).sort());
    for (const row of engine.catalog.algorithms.filter((r) => r.onMesh)) {
      expect(() => presenterFor(row.name)).toThrow(/meshPresenterFor/);
      expect(meshPresenterFor(row.name as MeshAlgorithmName)).toBe(PRESENTERS[row.name]);
    }
  });

  it('mark each step where its events say, and fill cells as the search has them, for every algorithm', () => {
    for (const { name: algorithm } of engine.catalog.algorithms.filter((row) => !row.onMesh)) {
      const presenter = presenterFor(algorithm);
      const map = grid(needsUniform(algorithm));
      const search = engine.createSearch(map, optionsFor(algorithm));
      created.searches.push(search);
      search.reset(START, GOAL);
      const count = map.width * map.height;
      const fills = new Uint8Array(count), scratch = new Uint8Array(count);
      for (let k = 0; k < 40 && search.status === 'running'; k++) {
        const step = search.step()!;
        const context = `${algorithm} step ${k + 1}`;
        const { step: marks, search: searchMarks } = presenter.overlays(step, search);
        // The expanded cell, outlined over its neighbours' marks; one mark per neighbour.
        expect(marks.filter((mark) => mark.role === 'expanded').map(at), context).toEqual([step.cell]);
        const neighbours = eventsOf(step, 'neighbour');
        expect(marks.filter((mark) => mark.role === 'blocked').map(at), context)
          .toEqual(neighbours.filter((n) => n.outcome === 'blocked').map((n) => n.cell));
        expect(marks.filter((mark) => mark.role === 'changed').map(at), context)
          .toEqual(neighbours.filter((n) => n.outcome === 'opened' || n.outcome === 'improved').map((n) => n.cell));
        // A line per scan or sight, from cell centre to cell centre.
        const segments = (roles: string[]) => marks.flatMap((mark) => (mark.shape === 'segments' && roles.includes(mark.role) ? mark.segments : []));
        expect(segments(['scan-found', 'scan-dead-end']), context).toEqual(expect.arrayContaining(eventsOf(step, 'scan').map((scan) => [centreOf(scan.from), centreOf(scan.to)])));
        expect(segments(['scan-found', 'scan-dead-end']).length, context).toBe(eventsOf(step, 'scan').length);
        expect(segments(['sight-clear', 'sight-blocked', 'sight-dearer']).length, context).toBe(eventsOf(step, 'sight').length);
        expect(marks.filter((mark) => mark.role === 'forced').map(at), context).toEqual(eventsOf(step, 'forced').map((forced) => centreOf(forced.cell)));
        // IDA*: its depth-first path, from the start to the cell just expanded, while it runs.
        const path = marks.find((mark) => mark.role === 'depth-first');
        if (path?.shape === 'polyline') {
          expect(path.points[0], context).toEqual(centreOf(START));
          expect(path.points.at(-1), context).toEqual(centreOf(step.cell));
        } else {
          expect(algorithm === 'ida' && search.status === 'running' && search.routeTo(step.cell).length >= 2, context).toBe(false);
        }
        // Bidirectional A*: a ring on its best meeting so far.
        const meeting = search.progress().meetingCell;
        expect(searchMarks.map(at), context).toEqual(meeting ? [centreOf(meeting)] : []);

        presenter.fillCells(search.cellView(), fills, scratch);
        const cells = search.cellView();
        for (let id = 0; id < count; id++) {
          const ahead = cells.phaseAt(id), back = cells.phaseBackAt(id);
          const expected = ahead >= 2 ? ahead
            : back >= 2 ? FILL.backwardClosed
            : ahead === 1 ? FILL.open
            : back === 1 ? FILL.backwardOpen
            : cells.scannedAt(id) ? FILL.scanned : FILL.none;
          if (fills[id] !== expected) expect(`${context}: cell ${id} fill ${fills[id]}`).toBe(`${context}: cell ${id} fill ${expected}`);
        }
      }
    }
  });
});

/** A run of `algorithm` on `map` from `start` to `goal`, prepared and gone to `steps`. */
function runOn(map: Grid, algorithm: AlgorithmName, start: Point, goal: Point, steps: number): Run {
  const jobs = new JobRunner();
  created.jobs.push(jobs);
  const run = new Run(engine, map, optionsFor(algorithm), jobs, () => {});
  created.runs.push(run);
  (run.timeline as SearchTimeline).restart(start, goal, run.options, false);
  expect(prepareFor(run.gridTimeline!.display, Infinity)).toBe(true);
  run.timeline.goTo(steps);
  return run;
}

describe('a pane\'s scene', () => {
  function build(algorithm: AlgorithmName, steps: number, scale = 50, labels: ReadonlySet<CellLabel> = new Set(CELL_LABELS)):
    { run: Run; scene: PaneScene; inputs: SceneInputs; builder: PaneSceneBuilder } {
    const map = grid(needsUniform(algorithm));
    const run = runOn(map, algorithm, START, GOAL, steps);
    const inputs: SceneInputs = {
      run, map: new MapSceneSource().of(map), start: START, goal: GOAL,
      width: map.width * scale, height: map.height * scale, view: { scale, offsetX: 0, offsetY: 0 },
      labels, heat: null, mesh: null, hover: null, highlight: null, cursor: null,
    };
    const builder = new PaneSceneBuilder();
    return { run, scene: builder.build(inputs), inputs, builder };
  }

  it('carries the numbers of every visible cell, read in bulk, as the engine gives them cell by cell', () => {
    for (const algorithm of ['astar', 'bidirectional', 'ida', 'dstar-lite'] as const) {
      const { run, scene } = build(algorithm, 25);
      const search = run.gridTimeline!.display;
      const cells = search.cellView();
      const { width } = scene.map;
      const byCell = new Map(scene.labels.map((label) => [label.y * width + label.x, label]));
      const corners = presenterFor(algorithm).corners;
      for (let id = 0; id < scene.map.costs.length; id++) {
        const x = id % width, y = Math.floor(id / width);
        const label = byCell.get(id);
        const context = `${algorithm} (${x}, ${y})`;
        const number = (value: number | null) => (value === Infinity ? '∞' : formatNumber(value, 1));
        if (cells.phaseAt(id) !== 0) {
          expect(label, context).toBeDefined();
          expect(label!.bottomLeft, context).toBe(number(search.g(x, y)));
          expect(label!.bottomRight, context).toBe(number(search.h(x, y)));
          expect(label!.topLeft, context).toBe(corners.topLeft === 'rhs' ? number(cells.valueAt('rhs', id)) : number(search.f(x, y)));
          const order = corners.topRight === 'visits' ? cells.valueAt('visits', id) : search.order(x, y);
          expect(label!.topRight, context).toBe(order > 0 ? `${corners.topRight === 'visits' ? '×' : '#'}${order}` : '');
          const parent = search.parent(x, y);
          expect(label!.parent, context).toEqual(parent ? { x: parent.x - x, y: parent.y - y } : null);
        } else if (corners.backward && cells.phaseBackAt(id) !== 0) {
          expect(label!.bottomLeft, context).toBe(number(cells.valueAt('gBack', id)));
        } else if (scene.map.costs[id]! > 1) {
          expect(label?.centre, context).toBe(String(scene.map.costs[id]));
        } else {
          expect(label, context).toBeUndefined();
        }
      }
    }
  });

  it('draws the path through its corners, and is the same object until something it shows changes', () => {
    const { run, builder, inputs, scene } = build('astar', 1000);
    const search = run.gridTimeline!.display;
    expect(search.status).toBe('found');
    const path = scene.overlays.find((overlay) => overlay.role === 'path');
    expect(path?.shape === 'polyline' && path.points).toEqual(cornersOf(search.path()).map(centreOf));
    expect(scene.markers.map((marker) => [marker.role, marker.at])).toEqual([['start', START], ['goal', GOAL]]);
    // Unchanged inputs, the same scene; the pointer on a cell, a new one with its mark for the screen only.
    expect(builder.build({ ...inputs })).toBe(scene);
    const hovered = builder.build({ ...inputs, hover: { x: 1, y: 1 } });
    expect(hovered).not.toBe(scene);
    expect(hovered.screenOnly).toEqual([{ shape: 'outline', role: 'hover', cell: { x: 1, y: 1 } }]);
    expect(hovered.fills).toBe(scene.fills);
    // Zoomed out below the labels' scale, no numbers.
    expect(builder.build({ ...inputs, view: { scale: 10, offsetX: 0, offsetY: 0 } }).labels).toEqual([]);
  });

  it('gives JPS+\'s cells the eight entries of its jump table, decoded as the engine encodes them, and JPS\'s none', () => {
    const { run, scene } = build('jps-plus', 3);
    const cells = run.gridTimeline!.display.cellView();
    const { width, costs } = scene.map;
    expect(cells.has('jumpN')).toBe(true);
    const byCell = new Map(scene.labels.map((label) => [label.y * width + label.x, label]));
    // cpp/core/jump_table.h: bits 0..14 the moves, bit 15 set when the jump stops at a jump point.
    const decode = (entry: number) => (entry >= 0x8000 ? String(entry - 0x8000) : entry === 0 ? '0' : `-${entry}`);
    const channels = ['jumpN', 'jumpE', 'jumpS', 'jumpW', 'jumpNE', 'jumpSE', 'jumpSW', 'jumpNW'] as const;
    let reaching = 0;
    for (let id = 0; id < costs.length; id++) {
      const label = byCell.get(id);
      if (costs[id] === 0) {
        expect(label?.directions ?? null, `wall ${id}`).toBeNull();
        continue;
      }
      const expected = channels.map((channel) => decode(cells.valueAt(channel, id)));
      expect(label?.directions?.map((d) => d.text), `cell ${id}`).toEqual(expected);
      expect(label!.directions!.map((d) => d.reaches), `cell ${id}`).toEqual(channels.map((channel) => cells.valueAt(channel, id) >= 0x8000));
      reaching += label!.directions!.filter((d) => d.reaches).length;
    }
    expect(reaching).toBeGreaterThan(0);
    // The top-left corner: north, west and the three diagonals leaving the map are first moves that are not allowed.
    const corner = byCell.get(0)!.directions!.map((d) => d.text);
    expect([corner[0], corner[3], corner[4], corner[6], corner[7]]).toEqual(['0', '0', '0', '0', '0']);
    // Zoomed in, an unreached cell shows them all: eight numbers at its edges and corners.
    const unreached = scene.labels.find((label) => label.directions && label.topLeft === '' && label.bottomLeft === '')!;
    expect(scene.placed.filter((placed) => placed.x === unreached.x && placed.y === unreached.y).map((placed) => placed.text).sort())
      .toEqual(unreached.directions!.map((d) => d.text).sort());
    // A reached cell keeps its corners' numbers to itself, until the cell is big enough for both.
    const isJump = (placed: { style: string }) => placed.style === 'jump' || placed.style === 'dead-end';
    const reached = scene.labels.find((label) => label.bottomLeft !== '' && label.directions)!;
    expect(scene.placed.some((placed) => placed.x === reached.x && placed.y === reached.y && isJump(placed))).toBe(false);
    const roomy = build('jps-plus', 3, 120).scene;
    expect(roomy.placed.some((placed) => placed.x === reached.x && placed.y === reached.y && isJump(placed))).toBe(true);
    expect(roomy.placed.some((placed) => placed.x === reached.x && placed.y === reached.y && placed.style === 'f')).toBe(true);
    // Without 'jumps' among the labels, and for online JPS, none.
    expect(build('jps-plus', 3, 50, new Set(['g', 'h', 'f'])).scene.labels.some((label) => label.directions)).toBe(false);
    expect(build('jps', 3).scene.labels.some((label) => label.directions)).toBe(false);
  });
});

/** Boxes of placed labels closer than LABEL_GAP, or leaving their cell of `scale` pixels: [] when the layout holds. */
function layoutFaults(placed: readonly PlacedLabel[], scale: number): string[] {
  const faults: string[] = [];
  const byCell = new Map<string, PlacedLabel[]>();
  for (const label of placed) {
    const key = `${label.x},${label.y}`;
    byCell.set(key, [...(byCell.get(key) ?? []), label]);
    if (label.left < 0 || label.top < 0 || label.left + label.width > scale || label.top + label.height > scale) faults.push(`${key} "${label.text}" leaves its cell`);
    // The box is at least as wide as the text is estimated to be.
    if (label.width < labelWidth(label.text, label.style, label.size) - 1e-9) faults.push(`${key} "${label.text}" narrower than its text`);
  }
  for (const [key, labels] of byCell) {
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        const a = labels[i]!, b = labels[j]!;
        const apart = a.left + a.width + LABEL_GAP <= b.left || b.left + b.width + LABEL_GAP <= a.left
          || a.top + a.height + LABEL_GAP <= b.top || b.top + b.height + LABEL_GAP <= a.top;
        if (!apart) faults.push(`${key} "${a.text}" and "${b.text}" overlap`);
      }
    }
  }
  return faults;
}

describe('the map\'s scene', () => {
  it('is a new object with the new costs and a new revision after each edit, and the same one between edits', () => {
    const map = grid(false);
    const source = new MapSceneSource();
    const first = source.of(map);
    expect(source.of(map)).toBe(first);
    expect(Array.from(first.costs)).toEqual(Array.from(map.costs()));
    map.setCost(0, 0, 0);
    const second = source.of(map);
    expect(second).not.toBe(first);
    expect(second.revision).toBeGreaterThan(first.revision);
    expect(second.costs[0]).toBe(0);
    expect(Array.from(second.costs)).toEqual(Array.from(map.costs()));
  });
});

describe('the numbers on the cells', () => {
  // Issue 21: a 512 x 512 map at about 36 px per cell, where g and h ran together ("390255")
  // and f ran into the expansion order ("6#9277"). Terrain of cost 7 everywhere makes g grow
  // seven times as fast as the moves, and a wall between start and goal makes A* flood the
  // start's side: a few thousand expansions reach g and h in the hundreds.
  it('never overlap or leave their cell on a big search, at any zoom, and give way by losing decimals first', () => {
    const map = engine.createGrid(512, 512);
    created.grids.push(map);
    const costs = new Uint8Array(512 * 512).fill(7);
    costs.fill(0, 120 * 512, 120 * 512 + 300);
    map.assign(costs);
    const start = { x: 100, y: 100 }, goal = { x: 100, y: 140 };
    const run = runOn(map, 'astar', start, goal, 12000);
    const mapScene = new MapSceneSource().of(map);
    const builder = new PaneSceneBuilder();
    let shortenedSeen = 0, droppedSeen = 0;
    for (const scale of [28, 32, 36, 40, 44, 52, 64, 90]) {
      // Where g and h are in the hundreds and orders in the thousands.
      const at = { x: 140, y: 85 };
      const scene = builder.build({
        run, map: mapScene, start, goal, width: 720, height: 540, view: { scale, offsetX: -at.x * scale, offsetY: -at.y * scale },
        labels: new Set(CELL_LABELS), heat: null, mesh: null, hover: null, highlight: null, cursor: null,
      });
      expect(scene.labels.length, `${scale} px`).toBeGreaterThan(40);
      expect(scene.labels.some((label) => Number(label.bottomLeft) >= 300 && label.topRight.length >= 5), `${scale} px`).toBe(true);
      expect(layoutFaults(scene.placed, scale), `${scale} px`).toEqual([]);
      // Every drawn number is its cell's, in full or without its decimals.
      const cells = new Map(scene.labels.map((label) => [`${label.x},${label.y}`, label]));
      for (const placed of scene.placed) {
        const cell = cells.get(`${placed.x},${placed.y}`)!;
        const full = [cell.topLeft, cell.topRight, cell.bottomLeft, cell.bottomRight, cell.centre];
        const match = full.find((text) => text === placed.text || shortened(text) === placed.text);
        expect(match, `${scale} px "${placed.text}"`).toBeDefined();
        if (match !== placed.text) shortenedSeen++;
      }
      // f, the most important number, always has room, unless the parent arrow (drawn in any case) points up into its row.
      for (const cell of scene.labels.filter((label) => !(label.parent && label.parent.y < 0))) {
        expect(scene.placed.some((placed) => placed.x === cell.x && placed.y === cell.y && placed.style === "f"), `${scale} px f of ${JSON.stringify(cell)}`).toBe(true);
      }
      droppedSeen += scene.labels.length * 4 - scene.placed.length;
    }
    // At the small zooms something had to give.
    expect(shortenedSeen).toBeGreaterThan(0);
    expect(droppedSeen).toBeGreaterThan(0);
  });

  it('keep what fits in full, shorten before dropping, and leave the middle to the parent arrow', () => {
    const cell = (fields: Partial<CellText>): CellText =>
      ({ x: 0, y: 0, topLeft: '', topRight: '', bottomLeft: '', bottomRight: '', centre: '', parent: null, directions: null, ...fields });
    const texts = (placed: PlacedLabel[]) => placed.map((label) => label.text);
    // Roomy: all four in full.
    expect(texts(layoutLabels([cell({ topLeft: '645.7', topRight: '#9277', bottomLeft: '390.4', bottomRight: '255.3' })], 120)))
      .toEqual(['645.7', '390.4', '255.3', '#9277']);
    // At 44 px g and h only fit side by side without decimals, and the order does not fit beside f.
    const big = cell({ topLeft: '645.7', topRight: '#9277', bottomLeft: '390.4', bottomRight: '255.3' });
    expect(texts(layoutLabels([big], 44))).toEqual(['646', '390', '255']);
    // At 36 px not even that: as many numbers in full as shortened, so in full, f and g.
    expect(texts(layoutLabels([big], 36))).toEqual(['645.7', '390.4']);
    // Eight jump distances around an unreached cell; with an arrow in the middle, the edges' give way first.
    const jumps = ['3', '-2', '0', '12', '1', '-4', '0', '7'].map((text) => ({ text, reaches: !text.startsWith('-') && text !== '0' }));
    expect(texts(layoutLabels([cell({ directions: jumps })], 40)).sort()).toEqual(jumps.map((j) => j.text).sort());
    const withArrow = layoutLabels([cell({ directions: jumps, parent: { x: 1, y: 0 } })], 28);
    expect(layoutFaults(withArrow, 28)).toEqual([]);
    expect(withArrow.length).toBeLessThan(8);
  });
});

describe('formatNumber', () => {
  it('keeps an integer\'s own zeros, drops only those after a decimal point', () => {
    // With no decimals, 0.3 is "0" and 150.2 is "150" (they were "" and "15").
    expect([0.3, 150.2, 20.4, 99.6].map((v) => formatNumber(v, 0))).toEqual(['0', '150', '20', '100']);
    expect([1.5, 2.25, 10.04, 3.10001].map((v) => formatNumber(v, 1))).toEqual(['1.5', '2.3', '10', '3.1']);
    expect(formatNumber(12.3456, 2)).toBe('12.35');
    expect(formatNumber(100, 2)).toBe('100');
    expect(formatNumber(null)).toBe('–');
  });
});
