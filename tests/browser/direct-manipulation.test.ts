// Direct manipulation in real Chromium: start and goal are grabbed by the markers drawn for
// them (on a 1024 x 1024 map at fit view a marker covers many cells), an edit keeps the
// step the user was watching, the end of a long search reached with the timeline slider
// makes edits recompute it live, and an imported map's start and goal keep off its edges.
import { afterEach, describe, expect, it } from 'vitest';
import { mountPlayground, type PlaygroundHandle } from '../../web/src/app';
import type { Point } from '../../web/src/engine/engine';
import { markerRadius } from '../../web/src/scene/geometry';
import { cellAt } from '../../web/src/scene/viewport';
import { pickEndpoints } from '../../web/src/state/endpoints';
import { INSTANT_SPEED_INDEX } from '../../web/src/state/speeds';
import { cellCentre, drag, mapText, mountPerTest, nextFrame, pointer, query, setRange, until } from './playground-helpers';

const open = mountPerTest();

const SIDE = 1024;
const BLOCK = 28, STREET = 8;

/**
 * A 1024 x 1024 city, like Moving AI's NewYork_0_1024: square blocks of buildings between
 * streets 8 cells wide. Its corner cell (1023, 1023) is a building.
 */
function cityRows(): string[] {
  const street = '.'.repeat(SIDE);
  const blocks = Array.from({ length: SIDE }, (_, x) => (x % BLOCK >= STREET ? '@' : '.')).join('');
  return Array.from({ length: SIDE }, (_, y) => (y % BLOCK >= STREET ? blocks : street));
}

async function openCity() {
  const opened = await open();
  expect(opened.app.store.loadMapText(mapText(cityRows()), 'city.map')).toBe(true);
  opened.app.drawNow();
  return opened;
}

/** Client coordinates of a canvas point given relative to a cell's centre, in CSS pixels. */
function besideCentre(app: PlaygroundHandle, cell: Point, dx: number, dy: number): { clientX: number; clientY: number } {
  const centre = cellCentre(app, cell);
  return { clientX: centre.clientX + dx, clientY: centre.clientY + dy };
}

/** The map cell under client coordinates. */
function cellUnder(app: PlaygroundHandle, at: { clientX: number; clientY: number }): Point {
  const rect = app.canvas.getBoundingClientRect();
  return cellAt(app.store.view, at.clientX - rect.left, at.clientY - rect.top);
}

/** The nearest walkable cell to `near`, looking along its row. */
function freeCellNear(app: PlaygroundHandle, near: Point): Point {
  const { grid } = app.store;
  for (let d = 0; d < SIDE; d++) {
    for (const x of [near.x - d, near.x + d]) if (grid.contains({ x, y: near.y }) && grid.cost(x, near.y) !== 0) return { x, y: near.y };
  }
  throw new Error(`no free cell in row ${near.y}`);
}

/** True when two maps' costs are the same (a loop: a deep comparison of a million cells is slow). */
function sameCosts(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((cost, i) => cost === b[i]);
}

/** A walkable cell off the endpoints, far from both (for edits that change the search). */
function farFreeCell(app: PlaygroundHandle): Point {
  return freeCellNear(app, { x: SIDE / 2, y: SIDE / 2 + 3 });
}

describe('start and goal are grabbed by their drawn markers', () => {
  it('on a 1024 x 1024 map at fit view, a press on the edge of the goal marker drags the goal and paints nothing', async () => {
    const { app, container } = await openCity();
    const { store } = app;
    const { view } = store;
    // Cells are far smaller than the marker: the press lands on another cell than the goal's.
    const radius = markerRadius(view.scale, true);
    expect(radius / view.scale).toBeGreaterThan(10);
    const goal = { ...store.goal };
    const press = besideCentre(app, goal, radius * 0.7, radius * 0.5);
    const pressed = cellUnder(app, press);
    expect(Math.abs(pressed.x - goal.x) + Math.abs(pressed.y - goal.y)).toBeGreaterThan(5);
    const costs = store.grid.costs().slice();

    // Hovering the marker describes the goal's cell, not the one under the pointer.
    pointer(app, 'pointermove', press);
    const tooltip = query<HTMLElement>(container, '[data-region="tooltip"]');
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toContain(`Cell (${goal.x}, ${goal.y})`);
    expect(app.canvas.style.cursor).toBe('grab');

    // The goal follows the pointer, keeping its place under it, to a street 40 cells away.
    const target = freeCellNear(app, { x: goal.x - 40, y: goal.y + 40 });
    const offset = { x: press.clientX - cellCentre(app, goal).clientX, y: press.clientY - cellCentre(app, goal).clientY };
    pointer(app, 'pointerdown', press);
    expect(tooltip.hidden).toBe(true); // the tooltip does not cover what is dragged
    pointer(app, 'pointermove', besideCentre(app, target, offset.x / 2, offset.y / 2)); // halfway: a free cell or not, nothing paints
    pointer(app, 'pointermove', besideCentre(app, target, offset.x, offset.y));
    pointer(app, 'pointerup', besideCentre(app, target, offset.x, offset.y));

    expect(store.goal).toEqual(target);
    expect(sameCosts(store.grid.costs(), costs)).toBe(true);
    // One undoable move, which puts the goal back.
    store.undo();
    expect(store.goal).toEqual(goal);
  });

  it('a finger reaches further, and of two markers within reach the nearer is grabbed', async () => {
    const { app } = await openCity();
    const { store } = app;
    const radius = markerRadius(store.view.scale, true);
    // Start just left of the goal: both markers overlap.
    const goal = { ...store.goal };
    const start = freeCellNear(app, { x: goal.x - 6, y: goal.y });
    expect(store.moveEndpoint('start', start.x, start.y)).toBe(true);
    const costs = store.grid.costs().slice();
    const apart = cellCentre(app, goal).clientX - cellCentre(app, start).clientX;
    expect(apart).toBeLessThan(radius);

    // Pressed a little right of the goal's centre: the goal, though the start's disc reaches there too.
    const nearGoal = besideCentre(app, goal, 2, 0);
    const goalTarget = freeCellNear(app, { x: goal.x + 30, y: goal.y + 60 });
    pointer(app, 'pointerdown', nearGoal);
    pointer(app, 'pointermove', besideCentre(app, goalTarget, 2, 0));
    pointer(app, 'pointerup', besideCentre(app, goalTarget, 2, 0));
    expect(store.goal).toEqual(goalTarget);
    expect(store.start).toEqual(start);

    // A finger 18 px from the start's centre (beyond the drawn disc) still grabs it.
    expect(18).toBeGreaterThan(radius);
    const startTarget = freeCellNear(app, { x: start.x - 60, y: start.y + 90 });
    pointer(app, 'pointerdown', besideCentre(app, start, 0, -18), 'touch');
    pointer(app, 'pointermove', besideCentre(app, startTarget, 0, -18), 'touch');
    pointer(app, 'pointerup', besideCentre(app, startTarget, 0, -18), 'touch');
    expect(store.start).toEqual(startTarget);
    expect(sameCosts(store.grid.costs(), costs)).toBe(true);
    // A mouse there paints (it is beyond what is drawn).
    const mouseAt = besideCentre(app, startTarget, 0, -18);
    const painted = cellUnder(app, mouseAt);
    expect(store.grid.cost(painted.x, painted.y)).not.toBe(0); // a street
    pointer(app, 'pointerdown', mouseAt);
    pointer(app, 'pointerup', mouseAt);
    expect(store.grid.cost(painted.x, painted.y)).toBe(0);
    expect(store.start).toEqual(startTarget);
  });

  it('in walk mode the agent is not grabbed, and nothing is painted under it', async () => {
    const { app } = await openCity();
    const { store } = app;
    store.startWalk();
    store.pause();
    // Far enough along that the agent's marker no longer covers the start's centre.
    const radius = markerRadius(store.view.scale, true);
    const agentNow = () => store.runs[0]!.walk!.view().agent;
    const pixelsFromStart = () => Math.hypot(agentNow().x - store.start.x, agentNow().y - store.start.y) * store.view.scale;
    for (let moves = 0; moves < 500 && pixelsFromStart() < 3 * radius; moves++) store.stepForward();
    expect(pixelsFromStart()).toBeGreaterThanOrEqual(3 * radius);
    const agent = agentNow();
    app.drawNow();
    const costs = store.grid.costs().slice();
    const endpoints = { start: { ...store.start }, goal: { ...store.goal } };
    const press = besideCentre(app, agent, radius * 0.6, 0);
    expect(cellUnder(app, press)).not.toEqual(agent);
    pointer(app, 'pointerdown', press);
    pointer(app, 'pointermove', besideCentre(app, agent, radius * 0.6 + 30, 20));
    pointer(app, 'pointerup', besideCentre(app, agent, radius * 0.6 + 30, 20));
    expect(sameCosts(store.grid.costs(), costs)).toBe(true);
    expect({ start: store.start, goal: store.goal }).toEqual(endpoints);
  });
});

describe('an edit keeps the user\'s place in the search', () => {
  /**
   * A free cell the whole search never reaches: a wall there leaves the search step for step
   * the same. Found on the finished search, then the timeline goes back to step 0.
   */
  async function untouchedCell(app: PlaygroundHandle): Promise<Point> {
    const { store } = app;
    await until(() => store.total !== null, 'the search measured');
    store.seek(store.total!);
    const { grid } = store;
    const search = store.gridTimeline!.display;
    for (let y = 0; y < grid.height; y++) {
      for (let x = 0; x < grid.width; x++) {
        if (grid.cost(x, y) !== 0 && search.phase(x, y) === 'unseen') {
          store.seek(0);
          return { x, y };
        }
      }
    }
    throw new Error('the search reaches every cell');
  }

  it('a wall drawn at a late step recomputes the search at that step, paused or playing', async () => {
    const { app } = await open();
    const { store } = app;
    const wall = await untouchedCell(app);
    const late = store.total! - 3;
    store.seek(late);
    drag(app, [wall, wall]);
    expect(store.grid.cost(wall.x, wall.y)).toBe(0);
    expect(store.step).toBe(late);
    expect(store.live).toBe(false);
    // Playing, it goes on playing from there.
    store.play();
    store.undo();
    expect(store.grid.cost(wall.x, wall.y)).toBe(1);
    expect(store.step).toBe(late);
    expect(store.playing).toBe(true);
    await until(() => store.finished, 'the search played to its end');
    expect(store.live).toBe(true);
  });

  it('a goal moved next to the start at a late step shows the end of the shorter search', async () => {
    const { app } = await open();
    const { store } = app;
    await until(() => store.total !== null, 'the demo search measured');
    const shown = store.total! - 3;
    store.seek(shown);
    const near = { x: store.start.x + 1, y: store.start.y };
    expect(store.grid.cost(near.x, near.y)).not.toBe(0);
    drag(app, [store.goal, near]);
    expect(store.goal).toEqual(near);
    expect(store.finished).toBe(true);
    expect(store.step).toBeLessThan(shown);
    expect(store.step).toBeGreaterThan(0);
    // From the end, every edit shows the finished search.
    expect(store.live).toBe(true);
  });

  it('the end of a search of over 190,000 steps reached with the slider makes edits recompute live', async () => {
    const { app, container } = await openCity();
    const { store } = app;
    const slider = query<HTMLInputElement>(container, '[data-control="timeline"]');
    await until(() => store.total !== null, 'the city search measured', 60000);
    expect(store.total).toBeGreaterThan(190_000);
    setRange(slider, Number(slider.max));
    // A replay of this length goes on in slices; the page is not held meanwhile.
    await store.whenSettled();
    expect(store.finished).toBe(true);
    expect(store.live).toBe(true);
    // An edit now recomputes the whole search (in frames on a map this size) and shows its end.
    const wall = farFreeCell(app);
    drag(app, [wall, wall]);
    expect(store.grid.cost(wall.x, wall.y)).toBe(0);
    await until(() => store.finished, 'the live recompute finished', 60000);
    expect(store.live).toBe(true);
    expect(store.step).toBe(store.total);
    expect(store.step).toBeGreaterThan(190_000);
  });

  it('the slider reaches the end even while the length is still unknown', async () => {
    const { app, container } = await openCity();
    const { store } = app;
    const slider = query<HTMLInputElement>(container, '[data-control="timeline"]');
    await until(() => store.total !== null, 'the city search measured', 60000);
    // An edit, then "instant" playback stopped after a frame: a search run flat out
    // measures nothing beside it, and stopped short of its end its length is measured again.
    const wall = farFreeCell(app);
    drag(app, [wall, wall]);
    store.setSpeed(INSTANT_SPEED_INDEX);
    store.play();
    await nextFrame();
    store.pause();
    expect(store.finished).toBe(false);
    await until(() => store.total !== null, 'the length measured after the pause', 60000);
    // Another edit, and the slider moved to its end at once, before the measurement had
    // time: its end is the search's end, which the replay finds; the slider then spans it.
    const another = freeCellNear(app, { x: wall.x + 1, y: wall.y });
    drag(app, [another, another]);
    expect(store.total).toBeNull();
    setRange(slider, Number(slider.max));
    await store.whenSettled();
    expect(store.finished).toBe(true);
    expect(store.live).toBe(true);
    expect(store.total).not.toBeNull();
    expect(Number(slider.max)).toBe(store.total);
  });
});

describe('an imported map\'s start and goal', () => {
  it('are far apart in one region, off the edges, their markers drawn whole at fit view', async () => {
    const { app } = await openCity();
    const { store } = app;
    const { start, goal } = store;
    const margin = Math.ceil(SIDE * 0.03);
    for (const p of [start, goal]) {
      expect(Math.min(p.x, p.y, SIDE - 1 - p.x, SIDE - 1 - p.y)).toBeGreaterThanOrEqual(margin);
      expect(store.grid.cost(p.x, p.y)).not.toBe(0);
    }
    expect(Math.hypot(start.x - goal.x, start.y - goal.y)).toBeGreaterThan(SIDE);
    // Drawn whole at fit view: the markers lie inside the map.
    const radius = markerRadius(store.view.scale, true);
    const { view } = store;
    for (const p of [start, goal]) {
      const cx = view.offsetX + (p.x + 0.5) * view.scale, cy = view.offsetY + (p.y + 0.5) * view.scale;
      expect(cx - radius).toBeGreaterThan(view.offsetX);
      expect(cy - radius).toBeGreaterThan(view.offsetY);
      expect(cx + radius).toBeLessThan(view.offsetX + SIDE * view.scale);
      expect(cy + radius).toBeLessThan(view.offsetY + SIDE * view.scale);
    }
    // Connected: the search finds a path.
    await until(() => store.total !== null, 'the city search measured', 60000);
    expect(store.timeline.result?.status).toBe('found');
  });

  it('fall back to the edges only where the region allows nothing else, and follow a region along either diagonal', () => {
    const open = (rows: string[]) => Uint8Array.from(rows.join(''), (c) => (c === '.' ? 1 : 0));
    // A ring corridor one cell wide around a 40 x 40 map: nothing is 2 cells off the edge.
    const ring = Array.from({ length: 40 }, (_, y) => (y === 0 || y === 39 ? '.'.repeat(40) : `.${'@'.repeat(38)}.`));
    const onRing = pickEndpoints(open(ring), 40, 40);
    for (const p of [onRing.start, onRing.goal]) expect(ring[p.y]![p.x]).toBe('.');
    expect(Math.hypot(onRing.start.x - onRing.goal.x, onRing.start.y - onRing.goal.y)).toBeGreaterThan(40);
    // A corridor from the bottom-left to the top-right: the ends of it, not two cells of its middle.
    const band = Array.from({ length: 60 }, (_, y) => Array.from({ length: 60 }, (_, x) => (Math.abs(x + y - 59) <= 2 ? '.' : '@')).join(''));
    const onBand = pickEndpoints(open(band), 60, 60);
    expect(Math.hypot(onBand.start.x - onBand.goal.x, onBand.start.y - onBand.goal.y)).toBeGreaterThan(60);
    for (const p of [onBand.start, onBand.goal]) expect(Math.min(p.x, p.y, 59 - p.x, 59 - p.y)).toBeGreaterThanOrEqual(2);
  });
});

describe('a touch screen', () => {
  const mounted: Array<{ app: PlaygroundHandle; container: HTMLElement }> = [];
  afterEach(() => {
    for (const { app, container } of mounted.splice(0)) {
      app.destroy();
      container.remove();
    }
  });
  async function openTouch(touchFirst: boolean) {
    const container = document.createElement('div');
    container.style.width = '1100px';
    document.body.append(container);
    const app = await mountPlayground(container, { storage: null, language: 'en', touchFirst });
    mounted.push({ app, container });
    app.store.newMap(30, 20);
    await nextFrame();
    return { app, container };
  }
  const tool = (container: HTMLElement) => container.querySelector('[data-tool][aria-pressed="true"]')?.getAttribute('data-tool');
  /** How far the tooltip's nearest corner is from a client point, on each axis. */
  const besideBy = (tooltip: HTMLElement, at: { clientX: number; clientY: number }) => {
    const box = tooltip.getBoundingClientRect();
    return Math.max(Math.min(Math.abs(box.left - at.clientX), Math.abs(box.right - at.clientX)),
      Math.min(Math.abs(box.top - at.clientY), Math.abs(box.bottom - at.clientY)));
  };

  it('starts with Inspect: a tap shows the cell’s numbers beside it, edits nothing, and they follow a pinch and a pan', async () => {
    const { app, container } = await openTouch(true);
    expect(tool(container)).toBe('inspect');
    const { store } = app;
    const cell = { x: 12, y: 9 };
    const costs = store.grid.costs().slice();
    const revision = store.timeline.revision;
    pointer(app, 'pointerdown', cell, 'touch');
    pointer(app, 'pointerup', cell, 'touch');
    await nextFrame();
    // Nothing painted, the search not restarted.
    expect(store.grid.costs()).toEqual(costs);
    expect(store.timeline.revision).toBe(revision);
    const tooltip = query<HTMLElement>(container, '[data-region="tooltip"]');
    expect(tooltip.checkVisibility()).toBe(true);
    expect(tooltip.textContent).toContain('Cell (12, 9)');
    expect(besideBy(tooltip, cellCentre(app, cell))).toBeLessThanOrEqual(20);

    // Two fingers spread apart around the cell zoom in: the numbers stay beside it.
    const scale = store.view.scale;
    const centre = cellCentre(app, cell);
    const finger = (id: number, type: 'pointerdown' | 'pointermove' | 'pointerup', dx: number) =>
      pointer(app, type, { clientX: centre.clientX + dx, clientY: centre.clientY + 30 }, 'touch', id);
    finger(11, 'pointerdown', -20);
    finger(12, 'pointerdown', 20);
    finger(11, 'pointermove', -60);
    finger(12, 'pointermove', 60);
    finger(11, 'pointerup', -60);
    finger(12, 'pointerup', 60);
    await nextFrame();
    expect(store.view.scale).toBeGreaterThan(scale * 2);
    expect(tooltip.checkVisibility()).toBe(true);
    expect(tooltip.textContent).toContain('Cell (12, 9)');
    expect(besideBy(tooltip, cellCentre(app, cell))).toBeLessThanOrEqual(20);

    // One finger drags the map (no paint): the numbers go with their cell.
    const from = cellCentre(app, { x: 5, y: 5 });
    pointer(app, 'pointerdown', from, 'touch');
    pointer(app, 'pointermove', { clientX: from.clientX + 30, clientY: from.clientY + 15 }, 'touch');
    pointer(app, 'pointerup', { clientX: from.clientX + 30, clientY: from.clientY + 15 }, 'touch');
    await nextFrame();
    expect(store.grid.costs()).toEqual(costs);
    expect(besideBy(tooltip, cellCentre(app, cell))).toBeLessThanOrEqual(20);
  });

  it('draws once Wall is chosen: a tap paints, and shows no numbers (not even those of a cell tapped before)', async () => {
    const { app, container } = await openTouch(true);
    const inspected = { x: 4, y: 3 };
    pointer(app, 'pointerdown', inspected, 'touch');
    pointer(app, 'pointerup', inspected, 'touch');
    await nextFrame();
    expect(query<HTMLElement>(container, '[data-region="tooltip"]').checkVisibility()).toBe(true);
    query<HTMLButtonElement>(container, '[data-tool="wall"]').click();
    expect(tool(container)).toBe('wall');
    const cell = { x: 12, y: 9 };
    pointer(app, 'pointerdown', cell, 'touch');
    pointer(app, 'pointerup', cell, 'touch');
    await nextFrame();
    expect(app.store.grid.cost(cell.x, cell.y)).toBe(0);
    expect(query<HTMLElement>(container, '[data-region="tooltip"]').checkVisibility()).toBe(false);
  });

  it('leaves the mouse as it was: Wall first, a click paints, hovering shows the numbers at the pointer', async () => {
    const { app, container } = await openTouch(false);
    expect(tool(container)).toBe('wall');
    const cell = { x: 12, y: 9 };
    pointer(app, 'pointermove', cell);
    const tooltip = query<HTMLElement>(container, '[data-region="tooltip"]');
    await nextFrame();
    expect(tooltip.textContent).toContain('Cell (12, 9)');
    pointer(app, 'pointerdown', cell);
    pointer(app, 'pointerup', cell);
    expect(app.store.grid.cost(cell.x, cell.y)).toBe(0);
  });
});
