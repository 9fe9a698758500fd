// The page's navigation mesh (issue 19, the page half): the build in steps a job runner can
// slice (engine/navmesh/build-mesh.ts's meshSteps), and the layer that rebuilds it for the
// map and radius as they are (state/navmesh.ts). That no step is long is a matter of speed,
// measured by npm run bench (the mesh table's longest step), not asserted here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadEngine, type Engine, type Grid } from '../../web/src/engine/engine';
import { buildMesh, MESH_STAGES, meshSteps, type MeshStage } from '../../web/src/engine/navmesh/build-mesh';
import { JobRunner } from '../../web/src/state/jobs';
import { NavMeshLayer } from '../../web/src/state/navmesh';

const SHARED = join(__dirname, '../../../shared/movingai');
let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

function mapCosts(name: string): { costs: Uint8Array; width: number; height: number } {
  const text = readFileSync(join(SHARED, name), 'utf8').split(/\r?\n/);
  const height = Number(text[1]!.split(' ')[1]), width = Number(text[2]!.split(' ')[1]);
  const costs = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) costs[y * width + x] = '.G'.includes(text[4 + y]![x]!) ? 1 : 0;
  return { costs, width, height };
}

describe('meshSteps', () => {
  test.each([0, 1])('builds in many steps, through every stage in order, what buildMesh builds (radius %d)', (radius) => {
    const { costs, width, height } = mapCosts('arena.map');
    const stages: MeshStage[] = [];
    const steps = meshSteps(costs, width, height, radius, (stage) => stages.push(stage));
    let yields = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) yields++;
    const whole = buildMesh(costs, width, height, radius);
    expect(next.value).toEqual(whole);
    expect(whole.polygonStart.length).toBeGreaterThan(10);
    expect(stages).toEqual([...MESH_STAGES]);
    // The lattice and the outline yield at least every few rows.
    expect(yields).toBeGreaterThan(height / 8);
  });
});

describe('the page\'s mesh layer', () => {
  const made: Grid[] = [];
  afterAll(() => {
    for (const grid of made) grid.delete();
  });

  test('builds in the background when shown, again after an edit or another radius, and lets go when hidden', async () => {
    const jobs = new JobRunner();
    const layer = new NavMeshLayer(jobs);
    const grid = engine.parseMap(readFileSync(join(SHARED, 'arena.map'), 'utf8'));
    made.push(grid);
    const heard: string[] = [];
    layer.changes.subscribe((changes) => heard.push(...changes));
    const settled = async () => {
      for (let i = 0; i < 200 && layer.state.kind === 'building'; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    expect(layer.scene).toBeNull();
    layer.setShown(true, grid);
    expect(layer.state.kind).toBe('building');
    await settled();
    expect(layer.state.kind).toBe('built');
    const first = layer.scene!;
    const expected = buildMesh(grid.costs().slice(), grid.width, grid.height, 0);
    expect(first.polygonStart).toEqual(expected.polygonStart);
    expect(first.vertices).toEqual(expected.vertices);
    expect(layer.state.kind === 'built' && layer.state.report.polygons).toBe(expected.polygonStart.length - 1);
    expect(heard).toContain('view');

    // An edit: a wall across an open cell changes the mesh.
    const open = Array.from(grid.costs()).findIndex((cost, i) => cost > 0 && i > grid.width * 20);
    grid.setCost(open % grid.width, Math.floor(open / grid.width), 0);
    layer.mapChanged(grid);
    await settled();
    expect(layer.scene!.revision).toBeGreaterThan(first.revision);
    expect(layer.scene!.polygonStart).toEqual(buildMesh(grid.costs().slice(), grid.width, grid.height, 0).polygonStart);

    // Another radius: snapped to quarter cells, the walkable space shrinks.
    layer.setRadius(0.6, grid);
    expect(layer.radius).toBe(0.5);
    await settled();
    const shrunk = buildMesh(grid.costs().slice(), grid.width, grid.height, 0.5);
    expect(layer.scene!.vertices).toEqual(shrunk.vertices);
    expect(layer.state.kind === 'built' && layer.state.radius).toBe(0.5);
    layer.setRadius(99, grid);
    expect(layer.radius).toBe(4);

    layer.setShown(false, grid);
    expect(layer.scene).toBeNull();
    expect(layer.state.kind).toBe('hidden');
    // Hidden, an edit builds nothing.
    layer.mapChanged(grid);
    expect(layer.state.kind).toBe('hidden');
    jobs.destroy();
  }, 60_000);
});
