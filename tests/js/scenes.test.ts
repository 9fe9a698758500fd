// A pane's scene (web/src/state/scenes.ts) and the presenters it asks (web/src/presenters/),
// in Node, on real searches by the engine: every algorithm of the catalog has a presenter;
// the marks of each step stand where the step's events say; the fills are the search's
// phases as each family draws them; and a scene zoomed in carries, for every visible cell,
// the numbers the engine gives for that cell one call at a time (the scene read them in
// bulk). Everything created is deleted.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, loadEngine, type AlgorithmName, type Engine, type Grid, type Point, type Search } from '../../web/src/engine/engine';
import { PRESENTERS, presenterFor } from '../../web/src/presenters/index';
import { formatNumber } from '../../web/src/scene/format';
import { cornersOf } from '../../web/src/scene/geometry';
import { CELL_LABELS, FILL, centreOf, type Overlay, type PaneScene } from '../../web/src/scene/pane-scene';
import { JobRunner } from '../../web/src/state/jobs';
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
  it('speak for every algorithm of the engine the page runs (all but the mesh searches, which it does not run yet), and for no other', () => {
    expect(Object.keys(PRESENTERS).sort()).toEqual(engine.catalog.algorithms.filter((row) => !row.onMesh).map((row) => row.name).sort());
    for (const row of engine.catalog.algorithms.filter((r) => r.onMesh)) expect(() => presenterFor(row.name)).toThrow(/does not run/);
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
        expect(segments(['sight-clear', 'sight-blocked']).length, context).toBe(eventsOf(step, 'sight').length);
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

describe('a pane\'s scene', () => {
  function build(algorithm: AlgorithmName, steps: number, scale = 50): { run: Run; scene: PaneScene; inputs: SceneInputs; builder: PaneSceneBuilder } {
    const map = grid(needsUniform(algorithm));
    const jobs = new JobRunner();
    created.jobs.push(jobs);
    const run = new Run(engine, map, optionsFor(algorithm), jobs, () => {});
    created.runs.push(run);
    (run.timeline as SearchTimeline).restart(START, GOAL, run.options, false);
    run.timeline.goTo(steps);
    const inputs: SceneInputs = {
      run, map: new MapSceneSource().of(map), start: START, goal: GOAL,
      width: map.width * scale, height: map.height * scale, view: { scale, offsetX: 0, offsetY: 0 },
      labels: new Set(CELL_LABELS), heat: null, mesh: null, hover: null, highlight: null, cursor: null,
    };
    const builder = new PaneSceneBuilder();
    return { run, scene: builder.build(inputs), inputs, builder };
  }

  it('carries the numbers of every visible cell, read in bulk, as the engine gives them cell by cell', () => {
    for (const algorithm of ['astar', 'bidirectional', 'ida', 'dstar-lite'] as const) {
      const { run, scene } = build(algorithm, 25);
      const search = run.timeline.display;
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
    const search = run.timeline.display;
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
});
