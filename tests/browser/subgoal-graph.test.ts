// Subgoal graphs in the page, in real Chromium: chosen, the search prepares its graph (as a
// background job) and then searches it step by step; the picture shades the subgoals and
// draws each expansion's graph edges, the narration says what edges it followed and how the
// path is walked back into cells, the path costs what A*'s does, and an edit makes it
// prepare again for the edited map.
import { describe, expect, it } from 'vitest';
import { eventsOf, type Point } from '../../web/src/engine/engine';
import { PRESENTERS } from '../../web/src/presenters';
import { FILL, centreOf } from '../../web/src/scene/pane-scene';
import { translate, type PhraseKey } from '../../web/src/ui/i18n';
import { choose, mountPerTest, query } from './playground-helpers';

const mountHere = mountPerTest();

async function openOnWalls(language: 'en' | 'zh-CN' = 'en') {
  const result = await mountHere(null, language);
  result.app.store.newMap(48, 32);
  result.app.store.generate('random-walls', 0.25, 11);
  return result;
}

const narration = (container: HTMLElement) => query(container, '[data-region="narration"]').textContent ?? '';
const algorithmSelect = (container: HTMLElement) => query<HTMLSelectElement>(container, '[data-control="algorithm"]');
const click = (container: HTMLElement, action: string) => query<HTMLButtonElement>(container, `[data-action="${action}"]`).click();
const samePoint = (a: Point, b: Point) => a.x === b.x && a.y === b.y;

describe('the subgoal graph in the page', () => {
  it('prepares, then expands graph nodes step by step, drawing the subgoals and each expansion\'s edges', async () => {
    const { app, container } = await openOnWalls();
    choose(algorithmSelect(container), 'subgoal-graph');
    await app.store.whenSettled();
    const search = app.store.gridTimeline!.display;
    expect(search.preparation()).toMatchObject({ needed: true, ready: true });
    expect(search.status).toBe('running');

    // Every subgoal the search has not reached is shaded; no other unreached cell is.
    const cells = search.cellView();
    expect(cells.has('subgoal')).toBe(true);
    const fills = new Uint8Array(cells.count), scratch = new Uint8Array(cells.count);
    PRESENTERS['subgoal-graph'].fillCells(cells, fills, scratch);
    let subgoals = 0;
    for (let id = 0; id < cells.count; id++) {
      const subgoal = cells.valueAt('subgoal', id) > 0;
      if (subgoal) subgoals++;
      if (cells.phaseAt(id) === 0) expect(fills[id] === FILL.scanned, `cell ${id}`).toBe(subgoal);
    }
    expect(subgoals).toBeGreaterThan(20);

    // Each step expands one node and draws a segment from it to each node at the end of an edge.
    let edges = 0;
    for (let i = 0; i < 6 && app.store.gridTimeline!.display.status === 'running'; i++) {
      click(container, 'step');
      const step = app.store.gridTimeline!.lastEvent!;
      const neighbours = eventsOf(step, 'neighbour');
      const { step: marks } = PRESENTERS['subgoal-graph'].overlays(step, app.store.gridTimeline!.display);
      const segments = marks.flatMap((mark) => (mark.shape === 'segments' && mark.role.startsWith('graph-edge') ? mark.segments : []));
      expect(segments.length).toBe(neighbours.length);
      for (const [from] of segments) expect(samePoint(from, centreOf(step.cell))).toBe(true);
      edges += neighbours.length;
      if (app.store.gridTimeline!.display.status === 'running') expect(narration(container)).toMatch(/Edges of the subgoal graph followed from it: \d+/);
    }
    expect(edges).toBeGreaterThan(6);

    // To the goal's expansion: the path is walked into cells and costs what A*'s does.
    for (let i = 0; i < 500 && app.store.gridTimeline!.display.status === 'running'; i++) click(container, 'step');
    const found = app.store.gridTimeline!.display;
    expect(found.status).toBe('found');
    const path = found.path();
    for (let i = 1; i < path.length; i++) expect(Math.max(Math.abs(path[i]!.x - path[i - 1]!.x), Math.abs(path[i]!.y - path[i - 1]!.y))).toBe(1);
    expect(narration(container)).toMatch(/walked back into cells/);
    const cost = found.pathCost!;
    choose(algorithmSelect(container), 'astar');
    app.store.seek(Number.MAX_SAFE_INTEGER);
    await app.store.whenSettled();
    expect(app.store.gridTimeline!.display.pathCost).toBeCloseTo(cost, 9);
  });

  it('rings its landmarks, names them in the legend and the tooltip, and shows the h they raise', async () => {
    const { app, container } = await openOnWalls();
    choose(algorithmSelect(container), 'subgoal-graph');
    await app.store.whenSettled();
    const search = app.store.gridTimeline!.display;
    const cells = search.cellView();
    const landmarks: Point[] = [];
    for (let id = 0; id < cells.count; id++) if (cells.valueAt('landmark', id) > 0) landmarks.push({ x: id % cells.width, y: Math.floor(id / cells.width) });
    expect(landmarks.length).toBeGreaterThanOrEqual(2);
    for (const cell of landmarks) expect(cells.valueAt('subgoal', cell.y * cells.width + cell.x)).toBeGreaterThan(0);
    // One ring per landmark, over the search, at every step.
    const { search: marks } = PRESENTERS['subgoal-graph'].overlays(null, search);
    const rings = marks.flatMap((mark) => (mark.shape === 'ring' && mark.role === 'landmark' ? [mark.at] : []));
    expect(rings).toEqual(landmarks.map(centreOf));
    const legendItem = [...container.querySelectorAll<HTMLLIElement>('.ap-legend li')].find((li) => li.textContent!.startsWith('Landmark: a subgoal whose distances'));
    expect(legendItem?.hidden).toBe(false);
    const say = (key: string, params?: Record<string, string | number>) => `${key} ${JSON.stringify(params ?? {})}`;
    const first = landmarks[0]!;
    const lines = PRESENTERS['subgoal-graph'].tooltip(first, first.y * cells.width + first.x, search, say as never);
    expect(lines.some((line) => line.startsWith('tooltip.landmark'))).toBe(true);
    // Somewhere the landmarks raise h above the octile distance to the goal.
    const goal = app.store.goal;
    const octile = (p: Point) => { const dx = Math.abs(p.x - goal.x), dy = Math.abs(p.y - goal.y); return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy); };
    const h = search.cellValues('h');
    let raised = 0;
    for (let id = 0; id < cells.count; id++) {
      const p = { x: id % cells.width, y: Math.floor(id / cells.width) };
      if (cells.valueAt('subgoal', id) > 0 && h[id]! > octile(p) + 1e-3) raised++;
    }
    expect(raised).toBeGreaterThan(0);
  });

  it('prepares again after an edit, and answers for the edited map', async () => {
    const { app, container } = await openOnWalls();
    choose(algorithmSelect(container), 'subgoal-graph');
    await app.store.whenSettled();
    const before = app.store.gridTimeline!.display.preparation().done;
    expect(before).toBeGreaterThan(0);
    // A wall across the middle, with one gap.
    const revision = app.store.grid.revision;
    app.store.beginStroke();
    app.store.paintLine({ x: 24, y: 0 }, { x: 24, y: 28 });
    app.store.endStroke();
    expect(app.store.grid.cost(24, 14)).toBe(0);
    expect(app.store.grid.revision).toBeGreaterThan(revision);
    expect(app.store.gridTimeline!.display.preparation().ready).toBe(false);
    await app.store.whenSettled();
    const search = app.store.gridTimeline!.display;
    expect(search.preparation().ready).toBe(true);
    app.store.seek(Number.MAX_SAFE_INTEGER);
    await app.store.whenSettled();
    const cost = app.store.gridTimeline!.display.pathCost;
    choose(algorithmSelect(container), 'dijkstra');
    app.store.seek(Number.MAX_SAFE_INTEGER);
    await app.store.whenSettled();
    expect(cost).not.toBeNull();
    expect(app.store.gridTimeline!.display.pathCost).toBeCloseTo(cost!, 9);
  });

  it('speaks Chinese too, and is not offered on terrain', async () => {
    const { app, container } = await openOnWalls('zh-CN');
    choose(algorithmSelect(container), 'subgoal-graph');
    await app.store.whenSettled();
    click(container, 'step');
    click(container, 'step');
    expect(narration(container)).toMatch(/从它沿子目标图的边走出：\d+ 条/);
    // A tooltip's labelled line takes the language's colon (full-width in Chinese).
    const say = (key: PhraseKey, params?: Record<string, string | number>) => translate('zh-CN', key, params);
    const start = app.store.start;
    const lines = PRESENTERS['subgoal-graph'].tooltip(start, start.y * app.store.grid.width + start.x, app.store.gridTimeline!.display, say);
    expect(lines).toContain('父节点：无');
    const option = [...algorithmSelect(container).options].find((o) => o.value === 'subgoal-graph')!;
    expect(option.textContent).toContain('子目标图（预处理）');
    choose(algorithmSelect(container), 'astar');
    app.store.generate('terrain', 0.25, 3);
    await app.store.whenSettled();
    expect([...algorithmSelect(container).options].find((o) => o.value === 'subgoal-graph')!.disabled).toBe(true);
  });
});
