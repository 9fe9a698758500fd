// The navigation mesh over the page's map (issue 19, the page half), in real Chromium: shown
// from the legend, built in the background for the map and the agent radius as they are,
// drawn over the map, and built again after an edit; the panel reports its polygons and
// build time in either language.
import { describe, expect, it } from 'vitest';
import { buildMesh } from '../../web/src/engine/navmesh/build-mesh';
import { drag, mountPerTest, nextFrame, query, setRange, until } from './playground-helpers';

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
