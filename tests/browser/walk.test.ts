// Walk mode in real Chromium: an agent walks the planned path, replans when the map changes
// under it or when it discovers walls in unknown terrain, steps back exactly through a
// walk with edits in it, walks side by side with D* Lite and A* from scratch, and keeps
// its settings in a share link.
import { describe, expect, it } from 'vitest';
import type { PlaygroundHandle } from '../../web/src/app';
import type { Point } from '../../web/src/engine/engine';
import { captureShareState, loadShareFragment, shareFragment } from '../../web/src/share/playground-state';
import type { WalkTimeline } from '../../web/src/state/walk-timeline';
import { choose, drag, mapText, mountPerTest, nextFrame, query, setRange, until } from './playground-helpers';

const open = mountPerTest();

const click = (container: HTMLElement, action: string) => query<HTMLButtonElement>(container, `[data-action="${action}"]`).click();
const walkOf = (app: PlaygroundHandle, index = 0): WalkTimeline => app.store.runs[index]!.walk!;
const text = (container: HTMLElement, region: string) => query(container, `[data-region="${region}"]`).textContent ?? '';

// A 24 x 9 room with a wall down the middle and one gap near the bottom: S on the left, G on
// the right, so the best path goes down through the gap.
const ROOM = [
  '........................',
  '............@...........',
  '............@...........',
  '............@...........',
  '............@...........',
  '............@...........',
  '............@...........',
  '............@...........',
  '........................',
];
const START = { x: 2, y: 4 }, GOAL = { x: 21, y: 4 };

function loadRoom(app: PlaygroundHandle, rows = ROOM): void {
  expect(app.store.loadMapText(mapText(rows), 'room.map')).toBe(true);
  expect(app.store.moveEndpoint('start', START.x, START.y)).toBe(true);
  expect(app.store.moveEndpoint('goal', GOAL.x, GOAL.y)).toBe(true);
}

/** Every consecutive pair of cells is one legal king's move between walkable cells of the map now shown. */
function expectLegalRoute(app: PlaygroundHandle, route: readonly Point[]): void {
  const { grid } = app.store;
  route.forEach((cell, i) => {
    expect(grid.cost(cell.x, cell.y), `cell ${i} (${cell.x}, ${cell.y}) is walkable`).toBeGreaterThan(0);
    if (i === 0) return;
    const before = route[i - 1]!;
    expect(Math.max(Math.abs(cell.x - before.x), Math.abs(cell.y - before.y)), `move ${i} is to a neighbour`).toBe(1);
  });
}

/** The cheapest cost from start to goal as a fresh Dijkstra search finds it on the map shown. */
function optimalCost(app: PlaygroundHandle, from: Point, to: Point): number | null {
  const search = app.engine.createSearch(app.store.grid);
  try {
    search.setOptions({ ...app.store.options, algorithm: 'dijkstra' });
    search.reset(from, to);
    search.runSteps(1e9);
    return search.pathCost;
  } finally {
    search.delete();
  }
}

describe('walk mode', () => {
  it('walks the optimal path with full knowledge, with no replans, and says it arrived', async () => {
    const { app, container } = await open();
    loadRoom(app);
    choose(query(container, '[data-control="algorithm"]'), 'dstar-lite');
    click(container, 'walk');
    expect(app.store.walking).toBe(true);
    expect(app.store.playing).toBe(true);
    app.store.setSpeed(app.store.speedIndex + 8);
    const walk = walkOf(app);
    await until(() => walk.walk.status === 'arrived', 'the agent arrives');
    const counters = walk.walk.counters();
    expect(counters.replans).toBe(0);
    expect(counters.walkedCost).toBeCloseTo(optimalCost(app, START, GOAL)!, 9);
    expect(walk.walk.agent()).toEqual(GOAL);
    const route = walk.walk.walked();
    expect(route[0]).toEqual(START);
    expect(route.at(-1)).toEqual(GOAL);
    expectLegalRoute(app, route);
    // One step is one move: the timeline counts the moves.
    expect(app.store.step).toBe(counters.moves);
    await nextFrame();
    expect(text(container, 'status')).toContain('Arrived');
    expect(text(container, 'status')).toMatch(/Replans 0/);
    // Stop walking: the search is back, from step 0.
    click(container, 'walk');
    expect(app.store.walking).toBe(false);
    expect(app.store.runs[0]!.walk).toBeNull();
    expect(app.store.step).toBe(0);
  });

  it('in unknown terrain, discovers the wall, replans and still arrives by a legal route; fog covers what it has not seen', async () => {
    const { app, container } = await open();
    loadRoom(app);
    choose(query(container, '[data-control="algorithm"]'), 'dstar-lite');
    const unknown = query<HTMLInputElement>(container, '[data-control="unknown-terrain"]');
    unknown.click();
    setRange(query(container, '[data-control="sense-radius"]'), 1);
    expect([app.store.unknownTerrain, app.store.senseRadius]).toEqual([true, 1]);
    expect(query(container, '[data-control="sense-radius"]').getAttribute('aria-valuetext')).toBe('1 cell');
    click(container, 'walk');
    app.store.pause();
    const walk = walkOf(app);
    // Before it moves, it knows only the 3 x 3 cells around the start.
    app.store.stepForward();
    const known = walk.walk.knownMask();
    const knownCount = known.reduce((sum, value) => sum + value, 0);
    expect(knownCount).toBeLessThanOrEqual(2 * 9);
    expect(known[GOAL.y * app.store.grid.width + GOAL.x]).toBe(0);
    // Walk to the end.
    app.store.setSpeed(app.store.speedIndex + 10);
    app.store.play();
    await until(() => walk.walk.status === 'arrived', 'the agent arrives');
    const counters = walk.walk.counters();
    expect(counters.replans).toBeGreaterThan(0);
    expectLegalRoute(app, walk.walk.walked());
    // It believed the straight way was open, so it walked further than the optimum.
    expect(counters.walkedCost).toBeGreaterThan(optimalCost(app, START, GOAL)! - 1e-9);
    await nextFrame();
    expect(text(container, 'narration')).toMatch(/Arrived at the goal/);
  });

  it('replans when a wall is drawn across its path, and steps back through the edit exactly', async () => {
    const { app, container } = await open();
    loadRoom(app);
    choose(query(container, '[data-control="algorithm"]'), 'dstar-lite');
    click(container, 'walk');
    app.store.pause();
    for (let i = 0; i < 4; i++) app.store.stepForward();
    const walk = walkOf(app);
    const planned = walk.walk.plannedPath();
    expect(planned.length).toBeGreaterThan(3);
    // A wall in the gap the plan goes through (the wall's other gap stays open).
    const gap = planned.find((cell) => cell.x === 12)!;
    expect(gap).toBeDefined();
    const before = { step: app.store.step, costs: app.store.grid.costs().slice(), replans: walk.walk.counters().replans };
    drag(app, [{ x: 12, y: gap.y }]);
    expect(app.store.grid.cost(12, gap.y)).toBe(0);
    // The walk goes on from the same step, and replans around the wall.
    expect(app.store.step).toBe(before.step);
    app.store.stepForward();
    expect(walk.walk.counters().replans).toBe(before.replans + 1);
    expect(walk.walk.plannedPath()).not.toContainEqual({ x: 12, y: gap.y });
    for (let i = 0; i < 6; i++) app.store.stepForward();
    const later = { step: app.store.step, agent: walk.walk.agent(), counters: walk.walk.counters(), planned: walk.walk.plannedPath() };

    // Back to before the edit: the wall is not there yet.
    app.store.seek(before.step - 1);
    expect([...app.store.grid.costs()]).toEqual([...before.costs]);
    // Forward again through the edit: the same walk, the wall back at its step.
    app.store.seek(later.step);
    expect(app.store.grid.cost(12, gap.y)).toBe(0);
    expect(walk.walk.agent()).toEqual(later.agent);
    expect(walk.walk.counters()).toEqual(later.counters);
    expect(walk.walk.plannedPath()).toEqual(later.planned);
    // Step back once and forward once: the same state again.
    click(container, 'step-back');
    click(container, 'step');
    expect(walk.walk.counters()).toEqual(later.counters);
    // Walk on to the goal through the other gap.
    app.store.setSpeed(app.store.speedIndex + 10);
    app.store.play();
    await until(() => walk.walk.status === 'arrived', 'the agent arrives');
    expectLegalRoute(app, walk.walk.walked());
  });

  it('follows the goal when it is dragged mid-walk, and a step back before the drag puts the goal back', async () => {
    const { app, container } = await open();
    loadRoom(app);
    choose(query(container, '[data-control="algorithm"]'), 'dstar-lite');
    click(container, 'walk');
    app.store.pause();
    for (let i = 0; i < 3; i++) app.store.stepForward();
    const walk = walkOf(app);
    const dragStep = app.store.step;
    const newGoal = { x: 20, y: 0 };
    // Dragged by the pointer, as a user moves it: press on G, move, release.
    drag(app, [GOAL, { x: 21, y: 2 }, newGoal]);
    expect(app.store.goal).toEqual(newGoal);
    expect(app.store.step).toBe(dragStep);
    app.store.stepForward();
    expect(walk.walk.plannedPath().at(-1)).toEqual(newGoal);
    app.store.setSpeed(app.store.speedIndex + 10);
    app.store.play();
    await until(() => walk.walk.status === 'arrived', 'the agent arrives at the moved goal');
    expect(walk.walk.agent()).toEqual(newGoal);
    // Before the drag the goal was where it started; after it, where it was dragged.
    app.store.seek(dragStep - 1);
    expect(app.store.goal).toEqual(GOAL);
    app.store.seek(dragStep + 1);
    expect(app.store.goal).toEqual(newGoal);
  });

  it('says No path when the goal is walled off, and walks on when the wall is erased', async () => {
    const { app, container } = await open();
    loadRoom(app, ROOM.map((row) => row.replace(/^(.{12})./, '$1@')));
    choose(query(container, '[data-control="algorithm"]'), 'dstar-lite');
    click(container, 'walk');
    app.store.pause();
    app.store.stepForward();
    const walk = walkOf(app);
    expect(walk.walk.status).toBe('no-path');
    await nextFrame();
    expect(text(container, 'status')).toContain('No path');
    app.store.setTool('erase');
    drag(app, [{ x: 12, y: 3 }]);
    expect(walk.walk.status).toBe('planning');
    app.store.setSpeed(app.store.speedIndex + 10);
    app.store.play();
    await until(() => walk.walk.status === 'arrived', 'the agent arrives through the opening');
    expect(walk.walk.walked()).toContainEqual({ x: 12, y: 3 });
  });

  it('walks D* Lite and A* from scratch side by side on one map: the table gives each walk\'s figures; with full knowledge both walk the optimal cost', async () => {
    const { app, container } = await open();
    expect(await app.store.loadMapUrl(new URL('/web/public/maps/den312d.map', location.href).href, 'den312d.map')).toBe(true);
    app.store.setSearches([{ ...app.store.options, algorithm: 'dstar-lite' }, { ...app.store.options, algorithm: 'astar' }]);
    app.store.setUnknownTerrain(true, 1);
    app.store.setSpeed(app.store.speedIndex + 20);
    click(container, 'walk');
    const [dstar, astar] = [walkOf(app, 0), walkOf(app, 1)];
    await until(() => app.store.finished, 'both walks end', 30000);
    expect(dstar.walk.status).toBe('arrived');
    expect(astar.walk.status).toBe('arrived');
    const d = dstar.walk.counters(), a = astar.walk.counters();
    expect(d.replans).toBeGreaterThan(0);
    expect(a.replans).toBeGreaterThan(0);
    expectLegalRoute(app, dstar.walk.walked());
    expectLegalRoute(app, astar.walk.walked());
    await nextFrame();
    // The table: moves (✓ arrived), walked cost, replans and planning expansions of each walk,
    // and the route against the first agent's: two optimal planners walk the same one.
    expect(astar.walk.walked()).toEqual(dstar.walk.walked());
    const rows = [...container.querySelectorAll<HTMLTableRowElement>('[data-region="comparison-table"] tbody tr')];
    expect(rows.map((row) => [...row.cells].map((cell) => cell.textContent))).toEqual([d, a].map((c, i) => [
      `${i + 1} · ${i === 0 ? 'D* Lite (incremental)' : 'A*'}`, `${c.moves.toLocaleString('en')} ✓`,
      String(Math.round(c.walkedCost * 100) / 100), c.replans.toLocaleString('en'), c.expandedTotal.toLocaleString('en'),
      i === 0 ? 'the others are compared with this one' : 'the same so far',
    ]));

    // Full knowledge: both walk an optimal path, without replanning.
    app.store.setUnknownTerrain(false);
    app.store.play();
    await until(() => app.store.finished, 'both walks end again', 30000);
    expect(dstar.walk.counters().replans).toBe(0);
    expect(dstar.walk.counters().walkedCost).toBeCloseTo(astar.walk.counters().walkedCost, 6);
  });

  it('refuses a search on the mesh as a planner, without an error, while the agent beside it walks on; so does a switch to one mid-walk', async () => {
    const { app, container } = await open();
    loadRoom(app);
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      click(container, 'compare');
      const selects = () => [...container.querySelectorAll<HTMLSelectElement>('[data-control="algorithm"]')];
      choose(selects()[0]!, 'astar');
      choose(selects()[1]!, 'polyanya');
      // The inspector follows the refused pane: its pseudocode, on no line.
      choose(query(container, '[data-control="inspect-search"]'), String(app.store.runs[1]!.id));
      click(container, 'walk');
      app.store.setSpeed(app.store.speedIndex + 8);
      await until(() => walkOf(app, 0).walk.status === 'arrived', 'the A* agent arrives beside the refused pane');
      await nextFrame();
      expect(walkOf(app, 1).walk.status).toBe('refused');
      const panes = [...container.querySelectorAll('[data-region="pane-status"]')].map((pane) => pane.textContent);
      expect(panes[0]).toMatch(/^Arrived/);
      expect(panes[1]).toMatch(/^Not run: Polyanya .* choose another planner to walk\.$/);
      expect(text(container, 'pseudocode')).toMatch(/put the start node in the open list/);
      expect(container.querySelector('[data-region="pseudocode"] [aria-current]')).toBeNull();
      // Its open list says why it did not run, not that it has yet to start.
      expect(text(container, 'open-list')).toMatch(/Not run: Polyanya .* choose another planner to walk\.$/);

      // One pane, walking with a grid search, switched to navmesh A*: refused, and stepping on does nothing amiss.
      query<HTMLButtonElement>(container, '.ap-pane[data-pane="2"] [data-action="remove-search"]').click();
      app.store.reset();
      for (let i = 0; i < 3; i++) app.store.stepForward();
      expect(walkOf(app).walk.counters().moves).toBe(3);
      choose(selects()[0]!, 'navmesh');
      app.store.stepForward();
      await nextFrame();
      expect(walkOf(app).walk.status).toBe('refused');
      expect(text(container, 'status')).toMatch(/^Not run: Navmesh A\* \+ funnel /);
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(errors).toEqual([]);
  });

  it('disables Walk, saying why, while every planner is any-angle; enables it while one pane can walk, and to stop walking', async () => {
    const { app, container } = await open();
    loadRoom(app);
    const walkButton = query<HTMLButtonElement>(container, '[data-action="walk"]');
    const selects = () => [...container.querySelectorAll<HTMLSelectElement>('[data-control="algorithm"]')];
    expect(walkButton.disabled).toBe(false);
    for (const [algorithm, label] of [['polyanya', 'Polyanya (optimal any-angle)'], ['theta', 'Theta* (any-angle)']] as const) {
      choose(selects()[0]!, algorithm);
      const reason = `${label} plans straight lines at any angle, and the walking agent moves from cell to cell: choose another planner to walk.`;
      expect(walkButton.disabled, algorithm).toBe(true);
      expect(walkButton.title).toBe(reason);
      expect(text(container, 'option-note')).toContain(reason);
    }
    // Beside A*, Polyanya's pane is refused and A*'s agent walks.
    click(container, 'compare');
    choose(selects()[0]!, 'astar');
    choose(selects()[1]!, 'polyanya');
    expect(walkButton.disabled).toBe(false);
    expect(walkButton.hasAttribute('title')).toBe(false);
    choose(selects()[0]!, 'navmesh');
    expect(walkButton.disabled).toBe(true);
    // Walking, a switch to an any-angle planner leaves Walk there to stop the walk.
    choose(selects()[0]!, 'astar');
    click(container, 'walk');
    choose(selects()[0]!, 'theta');
    expect(app.store.walking).toBe(true);
    expect(walkButton.disabled).toBe(false);
    click(container, 'walk');
    expect(app.store.walking).toBe(false);
    expect(walkButton.disabled).toBe(true);
  });

  it('keeps walk mode, unknown terrain and the sensing radius in a share link', async () => {
    const { app, container } = await open();
    loadRoom(app);
    app.store.setUnknownTerrain(true, 4);
    click(container, 'walk');
    app.store.pause();
    for (let i = 0; i < 3; i++) app.store.stepForward();
    const fragment = shareFragment(app.store);
    const agent = walkOf(app).walk.agent();
    const other = await open();
    loadShareFragment(other.app.store, fragment, captureShareState(other.app.store));
    expect(other.app.store.walking).toBe(true);
    expect([other.app.store.unknownTerrain, other.app.store.senseRadius]).toEqual([true, 4]);
    expect(other.app.store.step).toBe(3);
    expect(walkOf(other.app).walk.agent()).toEqual(agent);
  });
});
