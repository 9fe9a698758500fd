// The navigation mesh over the page's map (issue 19, the page half), in real Chromium: shown
// from the legend, built in the background for the map and the agent radius as they are,
// drawn over the map, and built again after an edit; the panel reports its polygons and
// build time in either language. Navmesh A* + funnel and Polyanya chosen in the algorithm
// select run on the page's timeline, narrated, inspected and drawn; links carry them with
// the agent radius; Grid vs. mesh compares the four searches.
import { describe, expect, it } from 'vitest';
import { INSTANT_SPEED_INDEX } from '../../web/src/state/speeds';
import { buildMesh } from '../../web/src/engine/navmesh/build-mesh';
import { pointName } from '../../web/src/presenters/mesh-common';
import { decodeShareFragment } from '../../web/src/share/share-link';
import { applyShareState, shareFragment } from '../../web/src/share/playground-state';
import { cellCentre, choose, drag, mountPerTest, nextFrame, pointer, query, setRange, until } from './playground-helpers';

const mountHere = mountPerTest();

const meshStatus = (container: HTMLElement) => query<HTMLElement>(container, '[data-region="mesh-status"]');

/** Pixels of the canvas whose colour is the mesh's (its edges). */
function meshPixels(container: HTMLElement): number {
  const canvas = query<HTMLCanvasElement>(container, 'canvas.ap-canvas');
  const colour = getComputedStyle(canvas).getPropertyValue('--mesh').trim();
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - r!) < 40 && Math.abs(data[i + 1]! - g!) < 40 && Math.abs(data[i + 2]! - b!) < 40) count++;
  return count;
}

describe('the navigation mesh', () => {
  it('is drawn when shown, with its polygon count, and built again for another radius and after an edit', async () => {
    const { app, container } = await mountHere(null, 'en');
    app.store.newMap(40, 28);
    app.store.generate('random-walls', 0.2, 7);
    await nextFrame();
    const before = meshPixels(container);
    const shown = query<HTMLInputElement>(container, '[data-control="mesh"]');
    shown.click();
    await until(() => app.store.navMesh.state.kind === 'built', 'the mesh is built');
    await nextFrame();
    await nextFrame();
    const expected = buildMesh(app.store.grid.costs().slice(), 40, 28, 0);
    expect(meshStatus(container).textContent).toContain(`${expected.polygonStart.length - 1} polygons`);
    expect(meshPixels(container)).toBeGreaterThan(before + 200);

    setRange(query<HTMLInputElement>(container, '[data-control="mesh-radius"]'), 1);
    await until(() => app.store.navMesh.state.kind === 'built' && app.store.navMesh.state.radius === 1, 'the mesh for radius 1');
    const shrunk = buildMesh(app.store.grid.costs().slice(), 40, 28, 1);
    expect(app.store.navMesh.scene!.vertices).toEqual(shrunk.vertices);

    const revision = app.store.navMesh.scene!.revision;
    drag(app, [{ x: 2, y: 2 }, { x: 12, y: 2 }]);
    await until(() => app.store.navMesh.scene!.revision > revision && app.store.navMesh.state.kind === 'built', 'the mesh after the edit');
    expect(app.store.navMesh.scene!.vertices).toEqual(buildMesh(app.store.grid.costs().slice(), 40, 28, 1).vertices);

    shown.click();
    expect(app.store.navMesh.scene).toBeNull();
    expect(meshStatus(container).hidden).toBe(true);
  });

  it('reports in Chinese', async () => {
    const { app, container } = await mountHere(null, 'zh-CN');
    query<HTMLInputElement>(container, '[data-control="mesh"]').click();
    await until(() => app.store.navMesh.state.kind === 'built', 'the mesh is built');
    expect(meshStatus(container).textContent).toMatch(/导航网格：\d+ 个多边形/);
  });
});

// 30 x 20 with walls to go round: corners for the funnel and for Polyanya's roots.
const WALLED = [
  '..............................',
  '..............................',
  '....#######...................',
  '..........#.........#######...',
  '..........#...............#...',
  '..........#...............#...',
  '...####...#....#####......#...',
  '......#...#........#......#...',
  '......#............#..........',
  '......#............#..........',
  '......######.......#...####...',
  '...................#..........',
  '..............................',
  '.....#########................',
  '.............#.......#####....',
  '.............#...........#....',
  '.............#...........#....',
  '.........................#....',
  '..............................',
  '..............................',
];
const walledMap = () => `type octile\nheight ${WALLED.length}\nwidth ${WALLED[0]!.length}\nmap\n${WALLED.join('\n')}\n`;

describe('the searches on the navigation mesh in the page', () => {
  async function onWalledMap(language: 'en' | 'zh-CN' = 'en') {
    const opened = await mountHere(null, language);
    opened.app.store.loadMapText(walledMap(), 'walled');
    opened.app.store.setEndpoints({ x: 0, y: 19 }, { x: 29, y: 0 });
    opened.app.store.reset();
    await nextFrame();
    return opened;
  }
  const text = (container: HTMLElement, region: string) => query<HTMLElement>(container, `[data-region="${region}"]`).textContent ?? '';

  it('navmesh A*: chosen in the select, stepped, narrated and inspected; its funnel walks a portal a step before the path shows', async () => {
    const { app, container } = await onWalledMap();
    choose(query<HTMLSelectElement>(container, '[data-control="algorithm"]'), 'navmesh');
    await until(() => app.store.total !== null, 'the search is measured');
    expect(text(container, 'option-note')).toContain('do not apply');
    for (const name of ['heuristic', 'weight', 'diagonal', 'cost-model'])
      expect(query<HTMLInputElement>(container, `[data-control="${name}"]`).disabled, name).toBe(true);
    const mesh = app.store.runs[0]!.mesh!;
    expect(mesh.search.options).toMatchObject({ algorithm: 'navmesh', radius: 0 });

    query<HTMLButtonElement>(container, '[data-action="step"]').click();
    await nextFrame();
    expect(text(container, 'narration')).toMatch(/^Step 1: took polygon #\d+/);
    expect(text(container, 'open-list')).toContain('open list holds polygons');
    expect(container.querySelectorAll('[data-region="open-list"] [data-node]').length).toBe(mesh.search.counters().openSize);
    expect(text(container, 'pseudocode')).toContain('the corridor');

    // To the end: the corridor's step, then one per portal; the path only at the end.
    const total = app.store.total!;
    const expanded = () => mesh.search.counters().expanded;
    app.store.seek(total);
    await app.store.whenSettled();
    const funnel = mesh.search.funnel().length;
    expect(total).toBe(expanded() + funnel);
    expect(text(container, 'status')).toMatch(/^Path cost \d/);
    // The last portal is the goal: reached from the path's last corner, not a corner itself.
    await nextFrame();
    const path = mesh.search.path();
    const reached = `Step ${total}, funnel at the goal: the funnel has reached the goal, in a straight line from the apex ${pointName(path[path.length - 2]!)}. `
      + `The path: the start, ${path.length - 2} corners and the goal`;
    expect(text(container, 'narration').slice(0, reached.length)).toBe(reached);
    expect(container.querySelector('[data-region="pseudocode"] [aria-current="step"]')?.getAttribute('data-line')).toBe('stop');
    app.store.seek(expanded() + 1);
    await app.store.whenSettled();
    await nextFrame();
    expect(mesh.status).toBe('running');
    expect(text(container, 'narration')).toMatch(/funnel at portal/);
    expect(container.querySelector('[data-region="pseudocode"] [aria-current="step"]')?.getAttribute('data-line')).toMatch(/narrow|corner|keep/);

    // Hovering a reached polygon gives its numbers.
    pointer(app, 'pointermove', cellCentre(app, { x: 0, y: 19 }));
    await nextFrame();
    expect(container.textContent).toMatch(/Polygon #\d+ \((open|closed)\): g [\d.]+, h [\d.]+, f [\d.]+/);
  });

  it('Polyanya: intervals and roots, the open list of nodes, narration and pseudocode in Chinese, and the radius it plans for', async () => {
    const { app, container } = await onWalledMap('zh-CN');
    choose(query<HTMLSelectElement>(container, '[data-control="algorithm"]'), 'polyanya');
    await until(() => app.store.total !== null, 'the search is measured');
    app.store.seek(4);
    await app.store.whenSettled();
    await nextFrame();
    expect(text(container, 'narration')).toMatch(/^第 4 步：从开放列表取出节点 #\d+/);
    expect(container.querySelectorAll('[data-region="open-list"] [data-node]').length).toBeGreaterThan(0);
    const pathCost = async () => {
      app.store.seek(Infinity);
      await app.store.whenSettled();
      return app.store.runs[0]!.mesh!.search.pathCost!;
    };
    const thin = await pathCost();
    setRange(query<HTMLInputElement>(container, '[data-control="mesh-radius"]'), 0.5);
    await app.store.whenSettled();
    expect(app.store.runs[0]!.mesh!.search.options.radius).toBe(0.5);
    expect(await pathCost()).toBeGreaterThan(thin);
    // A start closer to the map's edge than the radius is not on the agent's mesh: said so.
    setRange(query<HTMLInputElement>(container, '[data-control="mesh-radius"]'), 1);
    await app.store.whenSettled();
    await nextFrame();
    expect(app.store.runs[0]!.mesh!.status).toBe('no-path');
    expect(text(container, 'narration')).toContain('智能体半径');
  });

  it('stops playing a search that ends as soon as its mesh is built (no path for the radius), at any speed', async () => {
    for (const speed of [INSTANT_SPEED_INDEX, 0]) {
      const { app, container } = await onWalledMap();
      choose(query<HTMLSelectElement>(container, '[data-control="algorithm"]'), 'polyanya');
      setRange(query<HTMLInputElement>(container, '[data-control="mesh-radius"]'), 1);
      app.store.setSpeed(speed);
      app.store.play();
      await until(() => app.store.runs[0]!.mesh!.status === 'no-path', 'the mesh is built and the search ends');
      await until(() => !app.store.playing, `playback stops (speed ${speed})`);
      await nextFrame();
      expect(query<HTMLButtonElement>(container, '[data-action="play"]').textContent).toBe('Play');
    }
  });

  it('a link carries a mesh search and the agent radius, and opens them', async () => {
    const { app: first } = await onWalledMap();
    // Endpoints an agent of radius 0.75 fits at (the map's edge is a wall to it).
    first.store.setEndpoints({ x: 1, y: 18 }, { x: 28, y: 1 });
    first.store.setOptions({ algorithm: 'polyanya' });
    first.store.setMeshRadius(0.75);
    first.store.seek(5);
    await first.store.whenSettled();
    const fragment = shareFragment(first.store);
    const { app: second } = await mountHere(null, 'en');
    applyShareState(second.store, decodeShareFragment(`#${fragment}`, second.store.engine.catalog));
    await second.store.whenSettled();
    expect(second.store.options.algorithm).toBe('polyanya');
    expect(second.store.navMesh.radius).toBe(0.75);
    expect(second.store.runs[0]!.mesh!.search.options.radius).toBe(0.75);
    expect(second.store.step).toBe(5);
    expect(second.store.runs[0]!.mesh!.status).toBe('running');
    expect(shareFragment(second.store)).toBe(fragment);
  });

  it('Grid vs. mesh compares grid A*, Theta*, navmesh A* and Polyanya, with path length, expansions and time for each', async () => {
    const { app, container } = await onWalledMap();
    query<HTMLButtonElement>(container, '[data-action="compare-representations"]').click();
    expect(app.store.runs.map((run) => run.options.algorithm)).toEqual(['astar', 'theta', 'navmesh', 'polyanya']);
    app.store.seek(Infinity);
    await until(() => app.store.runs.every((run) => run.timeline.result?.perRunMs != null), 'every search is timed', 20000);
    await nextFrame();
    const rows = [...container.querySelectorAll('[data-region="comparison-table"] tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent ?? ''));
    expect(rows).toHaveLength(4);
    const lengths = rows.map((row) => Number(row[3]));
    for (const row of rows) {
      expect(Number(row[1])).toBeGreaterThan(0);
      expect(row[5]).toMatch(/µs|ms/);
    }
    // The shortest any-angle path is Polyanya's; the grid's 8-connected path is the longest.
    expect(lengths[3]).toBeLessThanOrEqual(Math.min(...lengths) + 1e-9);
    expect(lengths[0]).toBe(Math.max(...lengths));
    expect(rows[3]![4]).toContain('optimal');
    // The mesh searches expand far fewer nodes than the grid's cells.
    expect(Number(rows[3]![1])).toBeLessThan(Number(rows[0]![1]));
  });
});
