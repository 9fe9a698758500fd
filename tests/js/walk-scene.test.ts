// A walking agent's pane (web/src/state/scenes.ts) in Node, on a real walk: walls stay walls
// above the search's colouring. The agent, sensing one cell around it, plans through a wall
// it has not seen; when it finds the wall, the cells of its plan that are walls after all
// must show as walls: no fill, no numbers, no heat-map colour, while the planner still holds
// its phases there.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine, type Grid } from '../../web/src/engine/engine';
import { CELL_LABELS, FILL } from '../../web/src/scene/pane-scene';
import { heatValues } from '../../web/src/state/heat';
import { JobRunner } from '../../web/src/state/jobs';
import { Run } from '../../web/src/state/run';
import { MapSceneSource, PaneSceneBuilder } from '../../web/src/state/scenes';
import type { WalkTimeline } from '../../web/src/state/walk-timeline';

const ROOM = [
  '........................',
  ...Array.from({ length: 7 }, () => '............#...........'),
  '........................',
];
const START = { x: 2, y: 4 }, GOAL = { x: 21, y: 4 };

let engine: Engine;
const created: { grids: Grid[]; runs: Run[]; jobs: JobRunner[] } = { grids: [], runs: [], jobs: [] };
beforeAll(async () => {
  engine = await loadEngine();
});
afterEach(() => {
  for (const run of created.runs.splice(0)) run.delete();
  for (const grid of created.grids.splice(0)) grid.delete();
  for (const jobs of created.jobs.splice(0)) jobs.destroy();
});

function walkingRun(world: Grid, algorithm: 'mpaa' | 'dstar-lite' | 'astar'): { run: Run; timeline: WalkTimeline } {
  const jobs = new JobRunner();
  created.jobs.push(jobs);
  const options = { algorithm, diagonal: 'only-when-no-obstacles' as const, costModel: 'exact' as const, weight: 1 };
  const run = new Run(engine, world, options, jobs, () => {}, true);
  created.runs.push(run);
  return { run, timeline: run.timeline as WalkTimeline };
}

function sceneOf(run: Run, world: Grid, scale = 50) {
  return new PaneSceneBuilder().build({
    run, map: new MapSceneSource().of(world), start: START, goal: GOAL,
    width: world.width * scale, height: world.height * scale, view: { scale, offsetX: 0, offsetY: 0 },
    labels: new Set(CELL_LABELS), heat: null, mesh: null, hover: null, highlight: null, cursor: null,
  });
}

describe('a walking agent\'s pane', () => {
  for (const algorithm of ['mpaa', 'dstar-lite', 'astar'] as const) {
    it(`draws walls above what ${algorithm} made of them before the agent found them`, () => {
      const world = engine.createGrid(ROOM[0]!.length, ROOM.length);
      created.grids.push(world);
      world.assign(Uint8Array.from(ROOM.join(''), (c) => (c === '#' ? 0 : 1)));
      const { run, timeline } = walkingRun(world, algorithm);
      timeline.restart(START, GOAL, run.options, 1, 'move');
      // Move by move until the planner holds a phase on a cell that is a wall on the map.
      const costs = world.costs();
      const reachedWalls = () => {
        const cells = timeline.display.cellView();
        return [...costs.keys()].filter((id) => costs[id] === 0 && cells.phaseAt(id) !== 0);
      };
      for (let moves = 0; moves < 40 && reachedWalls().length === 0; moves++) timeline.advance(1);
      const walls = reachedWalls();
      expect(walls.length, 'the planner reached walls it did not know').toBeGreaterThan(0);

      const scene = sceneOf(run, world);
      const labelled = new Set(scene.labels.map((text) => text.y * world.width + text.x));
      for (const id of walls) {
        expect(scene.fills!.kinds[id], `wall ${id}: no fill`).toBe(FILL.none);
        expect(labelled.has(id), `wall ${id}: no numbers`).toBe(false);
      }
      for (const mode of ['g', 'h', 'f', 'order', 'learnedH'] as const) {
        const values = heatValues(timeline.display, world, mode);
        for (const id of walls) expect(values[id], `${mode} on wall ${id}`).toBeNaN();
      }
      // The walkable cells it reached keep their colours.
      const cells = timeline.display.cellView();
      const reached = [...costs.keys()].filter((id) => costs[id] !== 0 && cells.phaseAt(id) !== 0);
      expect(reached.length).toBeGreaterThan(0);
      for (const id of reached) expect(scene.fills!.kinds[id]).not.toBe(FILL.none);
    });
  }

  it('outlines the sensed square cut at the map\'s edges', () => {
    const world = engine.createGrid(ROOM[0]!.length, ROOM.length);
    created.grids.push(world);
    const { run, timeline } = walkingRun(world, 'astar');
    const corner = { x: 1, y: ROOM.length - 1 };
    timeline.restart(corner, GOAL, run.options, 3, 'move');
    const sensed = () => [...sceneOf(run, world).overlays].filter((overlay) => overlay.role === 'sense');
    // Three cells each way from (1, 8) on a 24 x 9 map: cut at the left and bottom edges.
    expect(sensed()).toEqual([{ shape: 'rect', role: 'sense', from: { x: 0, y: 5 }, to: { x: 4, y: 8 } }]);
    // Out in the open, the whole square.
    while (timeline.walk.agent().x < 8 && !timeline.finished) timeline.advance(1);
    const agent = timeline.walk.agent();
    expect(agent.x).toBeGreaterThanOrEqual(8);
    const [whole] = sensed();
    expect(whole).toMatchObject({ from: { x: agent.x - 3, y: Math.max(0, agent.y - 3) }, to: { x: agent.x + 3, y: Math.min(ROOM.length - 1, agent.y + 3) } });
  });
});
