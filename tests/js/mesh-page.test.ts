// The page's searches on the navigation mesh, in Node, on real searches by the engine: a
// run whose algorithm is navmesh or polyanya gets a mesh timeline (state/mesh-timeline.ts)
// that steps, seeks back and runs to its end like any search, navmesh A*'s funnel walked one
// portal per step after the corridor; the scene (state/scenes.ts) draws what its presenter
// (presenters/navmesh.ts, polyanya.ts) reads from the search at the step shown; the
// narration, tooltip and pseudocode say what the step's events say, in both languages.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine, type Grid, type MeshAlgorithmName, type MeshEvent, type Point, type SearchOptions } from '../../web/src/engine/engine';
import { meshPresenterFor } from '../../web/src/presenters/index';
import { polygonAt, segmentCrossesCell } from '../../web/src/presenters/mesh-common';
import type { Say } from '../../web/src/presenters/presenter';
import { lineIds } from '../../web/src/presenters/pseudocode';
import type { Overlay } from '../../web/src/scene/pane-scene';
import { JobRunner } from '../../web/src/state/jobs';
import type { MeshTimeline } from '../../web/src/state/mesh-timeline';
import { Run } from '../../web/src/state/run';
import { MapSceneSource, PaneSceneBuilder } from '../../web/src/state/scenes';
import { pathLength } from '../../web/src/state/timeline';
import { translate } from '../../web/src/ui/i18n';
import { radiusText } from '../../web/src/ui/navmesh-controls';

// 16 x 10: walls the paths must bend around (corners for the funnel and for Polyanya's roots).
const ROWS = [
  '................',
  '..####..........',
  '.....#....####..',
  '.....#.......#..',
  '..#..#..###..#..',
  '..#.....#....#..',
  '..#.....#.......',
  '..#######...#...',
  '............#...',
  '................',
];
const START = { x: 0, y: 9 }, GOAL = { x: 15, y: 0 };

let engine: Engine;
const created: { runs: Run[]; grids: Grid[]; jobs: JobRunner[] } = { runs: [], grids: [], jobs: [] };
beforeAll(async () => {
  engine = await loadEngine();
});
afterEach(() => {
  for (const run of created.runs.splice(0)) run.delete();
  for (const grid of created.grids.splice(0)) grid.delete();
  for (const jobs of created.jobs.splice(0)) jobs.destroy();
});

function grid(rows = ROWS): Grid {
  const made = engine.createGrid(rows[0]!.length, rows.length);
  made.assign(Uint8Array.from(rows.join(''), (c) => (c === '#' ? 0 : 1)));
  created.grids.push(made);
  return made;
}

const options = (algorithm: SearchOptions['algorithm']): SearchOptions =>
  ({ algorithm, diagonal: 'only-when-no-obstacles', weight: 1, costModel: 'exact' });

function meshRun(map: Grid, algorithm: MeshAlgorithmName, radius = 0, start: Point = START, goal: Point = GOAL): { run: Run; mesh: MeshTimeline } {
  const jobs = new JobRunner();
  created.jobs.push(jobs);
  const run = new Run(engine, map, options(algorithm), jobs, () => {}, false, () => radius);
  created.runs.push(run);
  run.mesh!.restart(start, goal, run.options, radius, false);
  // The grid's mesh is built in slices by the page's jobs; here at once.
  expect(run.mesh!.prepare(Infinity)).toBe(true);
  return { run, mesh: run.mesh! };
}

const say = (language: 'en' | 'zh-CN'): Say => (key, params) => translate(language, key, params);

/** Every step's events and the counters after it, stepping one at a time from step 0. */
function stepThrough(mesh: MeshTimeline): { events: MeshEvent[] | null; step: number; status: string }[] {
  const seen = [];
  for (let k = 0; k < 10000 && !mesh.finished; k++) {
    mesh.advance(1);
    seen.push({ events: mesh.lastEvents, step: mesh.step, status: mesh.status });
  }
  return seen;
}

describe('a run on the navigation mesh', () => {
  it('gets a mesh timeline for navmesh and polyanya, and a grid timeline again when its algorithm goes back to the grid', () => {
    const map = grid();
    const { run } = meshRun(map, 'polyanya');
    expect(run.mesh).not.toBeNull();
    expect(run.gridTimeline).toBeNull();
    run.options = options('astar');
    expect(run.mesh).toBeNull();
    expect(run.gridTimeline?.display.options.algorithm).toBe('astar');
    run.options = options('navmesh');
    expect(run.mesh?.search.options.algorithm).toBe('navmesh');
  });

  it('walks navmesh A*\'s funnel one portal per step after the corridor, and shows the path only once the funnel has walked the last one', () => {
    const map = grid();
    const { mesh } = meshRun(map, 'navmesh');
    const steps = stepThrough(mesh);
    const funnel = mesh.search.funnel();
    const expanded = mesh.search.counters().expanded;
    expect(funnel.length).toBeGreaterThan(1);
    expect(steps.length).toBe(expanded + funnel.length);
    // The corridor's step is the last expansion's; the funnel's steps follow, each its portal's event.
    const corridorStep = steps.findIndex((s) => s.events?.some((e) => e.kind === 'corridor'));
    expect(corridorStep).toBe(expanded - 1);
    expect(steps[corridorStep]!.events!.some((e) => e.kind === 'funnel')).toBe(false);
    const funnelEvents = steps.slice(expanded).map((s) => s.events);
    funnelEvents.forEach((events, i) => expect(events).toEqual([{ kind: 'funnel', step: i, portal: funnel[i]!.portal, move: funnel[i]!.move }]));
    // Running until the last portal, found once it is walked.
    expect(steps.slice(0, -1).every((s) => s.status === 'running')).toBe(true);
    expect(steps.at(-1)!.status).toBe('found');
    expect(funnel.some((s) => s.move === 'corner')).toBe(true);
  });

  it('reaches any step by replaying, with the same events and picture as stepping there', () => {
    for (const algorithm of ['navmesh', 'polyanya'] as const) {
      const map = grid();
      const { mesh, run } = meshRun(map, algorithm);
      const steps = stepThrough(mesh);
      expect(steps.length).toBeGreaterThan(3);
      const builder = new PaneSceneBuilder();
      const mapScene = new MapSceneSource().of(map);
      const sceneAt = () => builder.build({
        run, map: mapScene, start: START, goal: GOAL, width: 320, height: 200, view: { scale: 20, offsetX: 0, offsetY: 0 },
        labels: new Set(), heat: null, mesh: null, hover: null, highlight: null, cursor: null,
      }).overlays;
      for (const target of [steps.length - 1, 1, Math.floor(steps.length / 2), steps.length]) {
        mesh.goTo(target);
        expect(mesh.step, `${algorithm} step ${target}`).toBe(target);
        expect(mesh.lastEvents, `${algorithm} step ${target}`).toEqual(steps[target - 1]!.events);
        const replayed = sceneAt();
        // Stepped there one by one from step 0: the same marks.
        mesh.goTo(0);
        for (let k = 0; k < target; k++) mesh.advance(1);
        expect(sceneAt(), `${algorithm} step ${target}`).toEqual(replayed);
      }
      // Run flat out from step 0: the same end.
      mesh.goTo(0);
      expect(mesh.runFor(Infinity)).toBe(true);
      expect(mesh.step).toBe(steps.length);
      expect(mesh.status).toBe('found');
      expect(mesh.result?.pathLength).toBeCloseTo(pathLength(mesh.search.path()), 9);
    }
  });

  it('draws the path as the plane points of the search, from the start\'s centre to the goal\'s, Polyanya never longer than the funnel', () => {
    const lengths: Record<string, number> = {};
    for (const algorithm of ['navmesh', 'polyanya'] as const) {
      const map = grid();
      const { mesh, run } = meshRun(map, algorithm);
      mesh.runFor(Infinity);
      const scene = new PaneSceneBuilder().build({
        run, map: new MapSceneSource().of(map), start: START, goal: GOAL, width: 320, height: 200, view: { scale: 20, offsetX: 0, offsetY: 0 },
        labels: new Set(), heat: null, mesh: null, hover: null, highlight: null, cursor: null,
      });
      const path = scene.overlays.find((o): o is Extract<Overlay, { shape: 'polyline' }> => o.shape === 'polyline' && o.role === 'path');
      expect(path?.points).toEqual(mesh.search.path());
      expect(path!.points[0]).toEqual({ x: START.x + 0.5, y: START.y + 0.5 });
      expect(path!.points.at(-1)).toEqual({ x: GOAL.x + 0.5, y: GOAL.y + 0.5 });
      lengths[algorithm] = pathLength(path!.points);
    }
    expect(lengths.polyanya).toBeLessThanOrEqual(lengths.navmesh! + 1e-9);
  });

  it('plans for the agent radius it is given: a new radius makes a new search on the mesh for that radius', () => {
    const map = grid();
    const { mesh, run } = meshRun(map, 'polyanya');
    mesh.runFor(Infinity);
    const thin = mesh.search.pathCost!;
    mesh.restart(START, GOAL, run.options, 0.5, false);
    expect(mesh.search.options.radius).toBe(0.5);
    // No mesh for that radius yet: preparing, in slices, until it is built; then the search begins on it.
    expect(mesh.status).toBe('preparing');
    expect(mesh.step).toBe(0);
    mesh.advance(1);
    expect(mesh.status).toBe('preparing');
    let slices = 0;
    while (!mesh.prepare(0)) slices++;
    expect(slices).toBeGreaterThan(0);
    expect(engine.hasNavMesh(map, 0.5)).toBe(true);
    expect(mesh.status).toBe('running');
    mesh.runFor(Infinity);
    expect(mesh.search.mesh?.radius).toBe(0.5);
    expect(mesh.status).toBe('found');
    expect(mesh.search.pathCost!).toBeGreaterThan(thin);
  });
});

describe('the mesh presenters', () => {
  it('navmesh A*: fills the open and closed polygons as the search has them, outlines the one expanded, and draws the funnel while it walks', () => {
    const map = grid();
    const { mesh } = meshRun(map, 'navmesh');
    const presenter = meshPresenterFor('navmesh');
    const data = () => mesh.search.mesh!.data;
    let sawFunnel = false;
    while (!mesh.finished) {
      mesh.advance(1);
      const view = mesh.view();
      const { step, search } = presenter.overlays(view);
      const polygons = (role: string) => search.concat(step).filter((o) => o.shape === 'polygons' && o.role === role).flatMap((o) => (o.shape === 'polygons' ? o.polygons : []));
      let open = 0, closed = 0;
      for (let p = 0; p < data().polygonStart.length - 1; p++) {
        const node = mesh.search.polygonNode(p);
        if (node) node.closed ? closed++ : open++;
      }
      expect(polygons('polygon-open').length).toBe(open);
      expect(polygons('polygon-closed').length).toBe(closed);
      const funnelEvent = view.events?.find((e) => e.kind === 'funnel');
      if (funnelEvent?.kind === 'funnel') {
        sawFunnel = true;
        const walked = mesh.search.funnel()[funnelEvent.step]!;
        if (mesh.status === 'running') {
          expect(step.find((o) => o.role === 'apex')).toEqual({ shape: 'diamond', role: 'apex', at: walked.apex });
          expect(step.find((o) => o.role === 'funnel-left')).toEqual({ shape: 'segments', role: 'funnel-left', segments: [[walked.apex, walked.left]] });
          expect(step.find((o) => o.role === 'funnel-right')).toEqual({ shape: 'segments', role: 'funnel-right', segments: [[walked.apex, walked.right]] });
        }
        expect(polygons('corridor').length).toBe(mesh.search.corridor().length);
      } else {
        const expand = view.events?.find((e) => e.kind === 'expand');
        if (expand) expect(polygons('polygon-current').length).toBe(1);
      }
    }
    expect(sawFunnel).toBe(true);
  });

  it('Polyanya: draws every node\'s interval by what became of it (open, expanded, pruned) and the expanded node\'s interval and root', () => {
    const map = grid();
    const { mesh } = meshRun(map, 'polyanya');
    const presenter = meshPresenterFor('polyanya');
    let sawPruned = false;
    while (!mesh.finished) {
      mesh.advance(1);
      const view = mesh.view();
      const { step, search } = presenter.overlays(view);
      const segments = (role: string) => search.filter((o) => o.role === role).flatMap((o) => (o.shape === 'segments' ? o.segments : []));
      const open = new Set(mesh.search.openList(100000).map((e) => e.node));
      const expected = { open: 0, closed: 0, pruned: 0 };
      for (let id = 0; ; id++) {
        const node = mesh.search.node(id);
        if (!node) break;
        if (node.kind === 'start' || node.kind === 'final') continue;
        if (node.outcome === 'pruned' || node.outcome === 'into-dead-end') expected.pruned++;
        else if (open.has(id)) expected.open++;
        else expected.closed++;
      }
      expect(segments('interval-open').length).toBe(expected.open);
      expect(segments('interval-closed').length).toBe(expected.closed);
      expect(segments('interval-pruned').length).toBe(expected.pruned);
      sawPruned ||= expected.pruned > 0;
      const expand = view.events?.find((e) => e.kind === 'expand');
      if (expand?.kind === 'expand') {
        const node = mesh.search.node(expand.node)!;
        expect(step.find((o) => o.role === 'root-current')).toEqual({ shape: 'diamond', role: 'root-current', at: node.root });
        if (node.kind === 'observable' || node.kind === 'non-observable')
          expect(step.find((o) => o.role === 'interval-current')).toEqual({ shape: 'segments', role: 'interval-current', segments: [[node.left, node.right]] });
      }
    }
    expect(sawPruned).toBe(true);
  });

  it('narrate every step in both languages, each naming the node the step took, and mark a line of the pseudocode the step passed', () => {
    for (const algorithm of ['navmesh', 'polyanya'] as const) {
      const map = grid();
      const { mesh } = meshRun(map, algorithm);
      const presenter = meshPresenterFor(algorithm);
      const ids = lineIds(presenter.pseudocode);
      const currents = new Set<string>();
      while (!mesh.finished) {
        mesh.advance(1);
        const view = mesh.view();
        for (const language of ['en', 'zh-CN'] as const) {
          const sentences = presenter.narrateStep(view, say(language));
          expect(sentences.length, `${algorithm} step ${mesh.step}`).toBeGreaterThan(0);
          for (const sentence of sentences) expect(sentence).not.toMatch(/\{\w+\}/);
          const expand = view.events?.find((e) => e.kind === 'expand');
          if (expand?.kind === 'expand' && language === 'en' && mesh.search.node(expand.node)?.kind !== 'start')
            expect(sentences[0]).toContain(`#${expand.node}`);
        }
        const { passed, current } = presenter.lines(view);
        expect(passed).toContain(current);
        for (const id of passed) expect(ids).toContain(id);
        currents.add(current);
      }
      // The funnel's lines (navmesh A*) and the final node (Polyanya) are reached.
      if (algorithm === 'navmesh') expect([...currents]).toEqual(expect.arrayContaining(['open', 'corner', 'stop']));
      else expect([...currents]).toEqual(expect.arrayContaining(['open', 'final', 'goal']));
      for (const language of ['en', 'zh-CN'] as const) {
        const lines = presenter.pseudocode.program.map(([, piece]) => piece.text[language]);
        expect(new Set(lines).size).toBe(lines.length);
      }
    }
  });

  it('say "it" of one polygon or node and "they" of several, in both languages, at every step', () => {
    // The sentence about the polygons opened (navmesh A*) and the nodes pruned or dropped
    // (Polyanya), by how many the step's events name: one, or several.
    const rules = [
      { algorithm: 'navmesh', outcome: 'opened', one: [/^Opened #\d+ g = [\d.]+, entered at/, /入口是/], many: [/^Opened #\d+ .*, each entered at/, /入口都是/] },
      { algorithm: 'polyanya', outcome: 'pruned', one: [/^Pruned #\d+: its root/, /：它的根/], many: [/^Pruned #\d+, .*: their root/, /：它们的根/] },
      { algorithm: 'polyanya', outcome: 'into-dead-end', one: [/^Dropped #\d+: it leads/, /：它通向/], many: [/^Dropped #\d+, .*: they lead/, /：它们通向/] },
    ] as const;
    const seen = new Map<string, Set<'one' | 'many'>>();
    // Steps that prune one node are rare: maps of random walls (a fixed seed) until every
    // form has been seen, corner to corner.
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 60 && [...seen.values()].reduce((sum, forms) => sum + forms.size, 0) < 2 * rules.length; round++) {
      const corner = (x: number, y: number) => (x === 0 && y === 0) || (x === 15 && y === 11);
      const rows = Array.from({ length: 12 }, (_, y) => Array.from({ length: 16 }, (_, x) => (!corner(x, y) && random() < 0.3 ? '#' : '.')).join(''));
      for (const algorithm of ['navmesh', 'polyanya'] as const) {
        const { mesh } = meshRun(grid(rows), algorithm, 0, { x: 0, y: 0 }, { x: 15, y: 11 });
        const presenter = meshPresenterFor(algorithm);
        while (!mesh.finished) {
          mesh.advance(1);
          const view = mesh.view();
          for (const rule of rules.filter((r) => r.algorithm === algorithm)) {
            const n = (view.events ?? []).filter((e) => e.kind === 'neighbour' && (algorithm === 'navmesh' ? e.outcome : mesh.search.node(e.node)?.outcome) === rule.outcome).length;
            if (n === 0) continue;
            const form = n === 1 ? 'one' : 'many';
            seen.set(rule.outcome, (seen.get(rule.outcome) ?? new Set()).add(form));
            (['en', 'zh-CN'] as const).forEach((language, i) => {
              const sentences = presenter.narrateStep(view, say(language));
              expect(sentences.some((sentence) => rule[form][i]!.test(sentence)), `${algorithm} step ${mesh.step} ${language}: ${sentences.join(' ')}`).toBe(true);
            });
          }
        }
      }
    }
    for (const rule of rules) expect([...seen.get(rule.outcome) ?? []].sort(), rule.outcome).toEqual(['many', 'one']);

    // A corridor of one polygon: the start's neighbour in an open room is in its polygon.
    const { mesh } = meshRun(grid(['......', '......', '......']), 'navmesh', 0, { x: 0, y: 0 }, { x: 1, y: 0 });
    mesh.advance(1);
    expect(mesh.lastEvents).toContainEqual({ kind: 'corridor', polygons: 1 });
    expect(meshPresenterFor('navmesh').narrateStep(mesh.view(), say('en')).join(' ')).toContain('the corridor is this one polygon');
  });

  it('give a polygon\'s or a node\'s g, h and f on hover, as the search has them', () => {
    const map = grid();
    const navmesh = meshRun(map, 'navmesh').mesh;
    navmesh.goTo(6);
    const data = navmesh.search.mesh!.data;
    const cell = { x: 1, y: 8 };
    const polygon = polygonAt(data, { x: 1.5, y: 8.5 });
    const node = navmesh.search.polygonNode(polygon)!;
    expect(node).not.toBeNull();
    const [line] = meshPresenterFor('navmesh').tooltip(cell, navmesh.view(), say('en'));
    expect(line).toContain(`#${polygon}`);
    expect(line).toContain(`f ${Number(node.f.toFixed(2))}`);
    expect(meshPresenterFor('navmesh').tooltip({ x: 2, y: 1 }, navmesh.view(), say('en'))).toEqual([translate('en', 'tooltip.mesh.none')]);

    const polyanya = meshRun(grid(), 'polyanya').mesh;
    polyanya.goTo(4);
    let found = false;
    for (let id = 1; !found; id++) {
      const n = polyanya.search.node(id)!;
      const at = { x: Math.floor((n.left.x + n.right.x) / 2), y: Math.floor((n.left.y + n.right.y) / 2) };
      if (!segmentCrossesCell(n.left, n.right, at)) continue;
      const lines = meshPresenterFor('polyanya').tooltip(at, polyanya.view(), say('en'));
      expect(lines.some((l) => l.includes(`#${id}`) && l.includes(`g ${Number(n.g.toFixed(2))}`))).toBe(true);
      found = true;
    }
  });
});

describe('the agent radius in words', () => {
  it('says "1 cell" for exactly one, and the plural otherwise, in both languages', () => {
    const en = (key: Parameters<typeof translate>[1], params: Record<string, string>) => translate('en', key, params);
    const zh = (key: Parameters<typeof translate>[1], params: Record<string, string>) => translate('zh-CN', key, params);
    expect([0, 0.5, 1, 1.25, 2].map((r) => radiusText(r, en))).toEqual(['0 cells', '0.5 cells', '1 cell', '1.25 cells', '2 cells']);
    expect(radiusText(1, zh)).toBe('1 格');
    expect(radiusText(2, zh)).toBe('2 格');
    // The narration of a start or goal off the agent's mesh uses it.
    expect(translate('en', 'narration.mesh.outside', { radius: radiusText(1, en) })).toContain('the agent radius (1 cell)');
  });
});
