// MPAA* in walk mode, in real Chromium: chosen from the algorithm list (which the catalogue
// fills), an agent sensing one cell around it arrives by a legal route, the cells it learned
// h for say so when hovered and colour the learned-h heat map, the legend shows the marks it
// draws, and beside a greedy agent the comparison table says at which move their routes
// parted and what each plan from there cost.
import { describe, expect, it } from 'vitest';
import type { PlaygroundHandle } from '../../web/src/app';
import type { Point } from '../../web/src/engine/engine';
import type { WalkTimeline } from '../../web/src/state/walk-timeline';
import { formatNumber } from '../../web/src/scene/format';
import { cellCentre, choose, drag, mapText, mountPerTest, nextFrame, pointer, query, until } from './playground-helpers';

const open = mountPerTest();
const click = (container: HTMLElement, action: string) => query<HTMLButtonElement>(container, `[data-action="${action}"]`).click();
const walkOf = (app: PlaygroundHandle, index = 0): WalkTimeline => app.store.runs[index]!.walk!;

// A wall down the middle with one gap at the bottom: the agent plans through the wall it
// cannot see, finds it, and goes round by the gap.
const ROOM = [
  '........................',
  ...Array.from({ length: 7 }, () => '............@...........'),
  '........................',
];
const START = { x: 2, y: 4 }, GOAL = { x: 21, y: 4 };

function loadRoom(app: PlaygroundHandle): void {
  expect(app.store.loadMapText(mapText(ROOM), 'room.map')).toBe(true);
  expect(app.store.moveEndpoint('start', START.x, START.y)).toBe(true);
  expect(app.store.moveEndpoint('goal', GOAL.x, GOAL.y)).toBe(true);
}

function expectLegalRoute(app: PlaygroundHandle, route: readonly Point[]): void {
  route.forEach((cell, i) => {
    expect(app.store.grid.cost(cell.x, cell.y), `cell ${i} is walkable`).toBeGreaterThan(0);
    if (i > 0) expect(Math.max(Math.abs(cell.x - route[i - 1]!.x), Math.abs(cell.y - route[i - 1]!.y))).toBe(1);
  });
}

describe('MPAA* walking', () => {
  it('is offered as a planner, arrives in unknown terrain and shows the h it learned', async () => {
    const { app, container } = await open();
    loadRoom(app);
    const algorithm = query<HTMLSelectElement>(container, '[data-control="algorithm"]');
    expect([...algorithm.options].map((o) => o.value)).toContain('mpaa');
    choose(algorithm, 'mpaa');
    app.store.setUnknownTerrain(true, 1);
    click(container, 'walk');
    app.store.setSpeed(app.store.speedIndex + 20);
    const walk = walkOf(app);
    await until(() => walk.walk.status === 'arrived', 'the agent arrives', 20000);
    expect(walk.walk.counters().replans).toBeGreaterThan(0);
    expectLegalRoute(app, walk.walk.walked());
    expect(walk.walk.walked().at(-1)).toEqual(GOAL);
    await nextFrame();

    // The legend shows the reused path and the learned-h heat map; the heat map offers it.
    const legendItem = (start: string) => [...container.querySelectorAll<HTMLLIElement>('.ap-legend li')].find((li) => li.textContent!.startsWith(start));
    expect(legendItem('Reused: the part of the path kept from an earlier plan')?.hidden).toBe(false);
    expect(legendItem('Learned h: choose it under')?.hidden).toBe(false);
    const heat = query<HTMLSelectElement>(container, '[data-control="heat"]');
    const learnedOption = [...heat.options].find((o) => o.value === 'learnedH')!;
    expect(learnedOption.hidden).toBe(false);

    // A cell the agent walked past learned h: hovering it says so, with the estimate beside it.
    const planner = walk.walk.planner;
    const cells = planner.cellView();
    const learned = walk.walk.walked().find((p) => !Number.isNaN(cells.valueAt('learnedH', p.y * cells.width + p.x)));
    expect(learned, 'a walked cell learned h').toBeDefined();
    const value = cells.valueAt('learnedH', learned!.y * cells.width + learned!.x);
    pointer(app, 'pointermove', cellCentre(app, learned!));
    const tooltip = query<HTMLElement>(container, '[data-region="tooltip"]');
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toContain(`learned h = ${formatNumber(value, 2)} (the estimate was ${formatNumber(planner.h(learned!.x, learned!.y), 2)})`);
    expect(value).toBeGreaterThanOrEqual(planner.h(learned!.x, learned!.y) - 1e-6);

    // The learned-h heat map: its range is the learned values' range.
    choose(heat, 'learnedH');
    await nextFrame();
    const heatLegend = query<HTMLElement>(container, '[data-region="heat-legend"]');
    expect(heatLegend.hidden).toBe(false);
    const values: number[] = [];
    // Over the walkable cells: walls show as walls, whatever a cell learned before it was found to be one.
    for (let id = 0; id < cells.count; id++) {
      const v = cells.valueAt('learnedH', id);
      if (!Number.isNaN(v) && app.store.grid.costs()[id] !== 0) values.push(v);
    }
    const [low, high] = [...heatLegend.querySelectorAll('.ap-heat-value')].map((v) => Number(v.textContent));
    expect(low).toBeCloseTo(Math.min(...values), 1);
    expect(high).toBeCloseTo(Math.max(...values), 1);
  });

  it('keeps a finished walk\'s length while scrubbing back through it, goes forward again from step 0, and forgets it after an edit', async () => {
    const { app, container } = await open();
    loadRoom(app);
    choose(query<HTMLSelectElement>(container, '[data-control="algorithm"]'), 'mpaa');
    app.store.setUnknownTerrain(true, 1);
    click(container, 'walk');
    app.store.setSpeed(app.store.speedIndex + 20);
    await until(() => app.store.finished, 'the walk ends', 20000);
    app.store.pause();
    const end = app.store.step;
    const walked = walkOf(app).walk.walked();
    expect(app.store.total).toBe(end);
    const slider = query<HTMLInputElement>(container, '[data-control="timeline"]');
    for (let i = 0; i < 3; i++) app.store.stepBack();
    await until(() => !app.store.busy, 'stepped back');
    await nextFrame();
    expect(app.store.step).toBe(end - 3);
    expect(app.store.total).toBe(end);
    expect(Number(slider.max)).toBe(end);
    expect(slider.getAttribute('aria-valuetext')).toBe(`Step ${end - 3} of ${end}`);
    app.store.seek(0);
    await until(() => !app.store.busy && app.store.step === 0, 'back at step 0');
    await nextFrame();
    expect(slider.disabled).toBe(false);
    expect(Number(slider.max)).toBe(end);
    // Forward to the end again: the same walk.
    app.store.seek(end);
    await until(() => !app.store.busy && app.store.step === end, 'at the end again');
    expect(walkOf(app).walk.status).toBe('arrived');
    expect(walkOf(app).walk.walked()).toEqual(walked);
    // An edit at an earlier step changes what follows: the end is no longer known.
    app.store.seek(5);
    await until(() => !app.store.busy && app.store.step === 5, 'at step 5');
    const agent = walkOf(app).walk.agent();
    app.store.setTool('wall');
    drag(app, [{ x: agent.x, y: 0 }]);
    expect(app.store.total).toBeNull();
  });

  it('beside a greedy agent: the table says after which move their routes parted and that greedy\'s plan cost more', async () => {
    const { app, container } = await open();
    loadRoom(app);
    app.store.setSearches([{ ...app.store.options, algorithm: 'mpaa' }, { ...app.store.options, algorithm: 'greedy' }]);
    app.store.setUnknownTerrain(false);
    app.store.setSpeed(app.store.speedIndex + 20);
    click(container, 'walk');
    const [mpaa, greedy] = [walkOf(app, 0), walkOf(app, 1)];
    await until(() => app.store.finished, 'both walks end', 20000);
    expect([mpaa.walk.status, greedy.walk.status]).toEqual(['arrived', 'arrived']);
    const parting = greedy.walk.firstDivergence(mpaa.walk);
    expect(parting.diverged).toBe(true);
    const at = mpaa.walk.walked()[parting.afterMoves!]!;
    expect(greedy.walk.walked()[parting.afterMoves!]).toEqual(at);
    expect(parting.cost!).toBeGreaterThan(parting.otherCost!);
    await nextFrame();
    const rows = [...container.querySelectorAll<HTMLTableRowElement>('[data-region="comparison-table"] tbody tr')];
    const route = rows.map((row) => row.cells[row.cells.length - 1]!.textContent);
    expect(route[0]).toBe('the others are compared with this one');
    expect(route[1]).toContain(`parted after move ${parting.afterMoves}, at (${at.x}, ${at.y})`);
    expect(route[1]).toContain(`this plan from there cost ${formatNumber(parting.cost, 2)}, agent 1’s ${formatNumber(parting.otherCost, 2)}`);
    expect(route[1]).toContain('this planner found a dearer path');
    // In Chinese too.
    app.store.setLanguage('zh-CN');
    await nextFrame();
    const zh = [...container.querySelectorAll<HTMLTableRowElement>('[data-region="comparison-table"] tbody tr')];
    expect(zh[1]!.cells[zh[1]!.cells.length - 1]!.textContent).toContain(`在第 ${parting.afterMoves} 步之后于 (${at.x}, ${at.y}) 分开`);
  });
});
