// JPS's presenter (web/src/presenters/jump-points.ts) in Node, on a map with terrain, run
// by the engine: JPS finds the cost A* and Dijkstra find, its scans cross a change of
// terrain square on without stopping, and its narration tells where a change of terrain
// stopped a scan, in English and in Chinese. A cell is a terrain edge when a walkable cell
// among its eight neighbours costs differently (cpp/core/jump_points.h, "Terrain"); the test
// works that out from the map's costs, apart from the presenter, which reads only the
// step's scans. Everything created is deleted.
import { describe, expect, it } from 'vitest';
import { eventsOf, type AlgorithmName, type DiagonalName, type Grid, type Point, type Search, type StepEvent } from '../../web/src/engine/engine';
import { engine, keepGrid, keepSearch, useEngine } from './engine-fixture';
import { presenterFor, searchStory } from '../../web/src/presenters/index';
import type { StepStory } from '../../web/src/presenters/presenter';
import { formatNumber } from '../../web/src/scene/format';
import { translate } from '../../web/src/ui/i18n';
import type { Language } from '../../web/src/state/store';

// 16 x 9: walls, a marsh of 4 with a pond of 9 in it, and a strip of 2 the way to the goal
// crosses or goes round.
const MAP = [
  '................',
  '..#....44444....',
  '..#...4499944...',
  '..#...4499944.#.',
  '..#....44444..#.',
  '......#.......#.',
  '..#####..2222.#.',
  '.........2222...',
  '................',
];
const START: Point = { x: 0, y: 4 }, GOAL = { x: 15, y: 2 };

useEngine();

function marsh(): Grid {
  const grid = engine.createGrid(MAP[0]!.length, MAP.length);
  grid.assign(Uint8Array.from(MAP.join(''), (c) => (c === '#' ? 0 : c === '.' ? 1 : Number(c))));
  keepGrid(grid);
  return grid;
}

/** Walkable, with a walkable neighbour (of the eight) of another cost. */
function terrainEdge(grid: Grid, cell: Point): boolean {
  const cost = grid.cost(cell.x, cell.y);
  if (cost === 0) return false;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const x = cell.x + dx, y = cell.y + dy;
      if (!grid.contains({ x, y })) continue;
      const other = grid.cost(x, y);
      if (other !== 0 && other !== cost) return true;
    }
  }
  return false;
}

function storyOf(search: Search, stepNumber: number, language: Language): StepStory {
  return searchStory(search, (key, params) => translate(language, key, params), language, stepNumber, GOAL);
}

interface Told {
  step: StepEvent;
  /** The step's narration in each language. */
  said: Record<Language, string>;
}

/** Every step of a search to its end, narrated as the page narrates it. */
function narrated(grid: Grid, algorithm: AlgorithmName, diagonal: DiagonalName): { told: Told[]; cost: number | null } {
  const search = engine.createSearch(grid, { algorithm, diagonal, maxExpansions: 50_000 });
  keepSearch(search);
  expect(search.reset(START, GOAL)).toBe(true);
  const presenter = presenterFor(algorithm);
  const told: Told[] = [];
  while (search.status === 'running') {
    const step = search.step();
    if (!step) break;
    const say = (language: Language) => presenter.narrateStep(step, storyOf(search, told.length + 1, language)).join(' ');
    told.push({ step, said: { en: say('en'), 'zh-CN': say('zh-CN') } });
  }
  expect(search.status).toBe('found');
  return { told, cost: search.pathCost };
}

const cellName = (p: Point) => `(${p.x}, ${p.y})`;
const samePoint = (a: Point, b: Point) => a.x === b.x && a.y === b.y;

describe('JPS on a map with terrain', () => {
  it('finds the cost A* and Dijkstra find, under every diagonal rule and both ways of counting', () => {
    for (const diagonal of engine.algorithm('jps').diagonals) {
      for (const costModel of engine.catalog.costModels) {
        const cost = (algorithm: AlgorithmName) => {
          const found = engine.findPath(marsh(), START, GOAL, { algorithm, diagonal, costModel });
          return found.cost;
        };
        const jps = cost('jps');
        expect(jps, `${diagonal} ${costModel}`).not.toBeNull();
        expect(jps, `${diagonal} ${costModel}`).toBeCloseTo(cost('astar')!, 9);
        expect(jps, `${diagonal} ${costModel}`).toBeCloseTo(cost('dijkstra')!, 9);
      }
    }
  });

  it('says which jump points a scan stopped at beside a change of terrain, and only those', () => {
    for (const diagonal of engine.algorithm('jps').diagonals) {
      const grid = marsh();
      let told = 0;
      for (const { step, said } of narrated(grid, 'jps', diagonal).told) {
        const successors = eventsOf(step, 'neighbour').filter((n) => n.outcome === 'opened' || n.outcome === 'improved');
        for (const n of successors) {
          const stoppedBeside = eventsOf(step, 'scan').some((scan) => samePoint(scan.from, step.cell) && samePoint(scan.to, n.cell) && scan.outcome === 'terrain-change');
          const en = `${cellName(n.cell)} (${translate('en', 'narration.jps.why.terrain')}, g = ${formatNumber(n.newG, 2)})`;
          // Chinese puts the reason in full-width parentheses, after a full-width comma.
          const zh = `${cellName(n.cell)}（${translate('zh-CN', 'narration.jps.why.terrain')}，g = ${formatNumber(n.newG, 2)}）`;
          // The map's costs agree with the scan: a scan stops there only beside a change of terrain.
          if (stoppedBeside) expect(terrainEdge(grid, n.cell), `${diagonal} ${cellName(n.cell)}`).toBe(true);
          expect(said.en.includes(en), `${diagonal}: ${said.en}`).toBe(stoppedBeside);
          expect(said['zh-CN'].includes(zh), `${diagonal}: ${said['zh-CN']}`).toBe(stoppedBeside);
          if (stoppedBeside) told++;
        }
      }
      expect(told, diagonal).toBeGreaterThan(0);
    }
  });

  it('says which directions a cell beside a change of terrain scans only because of the terrain', () => {
    const direction = (language: Language, dir: number) => translate(language, `direction.${dir}` as Parameters<typeof translate>[1]);
    let told = 0;
    for (const diagonal of engine.algorithm('jps').diagonals) {
      const grid = marsh();
      for (const { step, said } of narrated(grid, 'jps', diagonal).told) {
        const kept = eventsOf(step, 'scan').filter((scan) => scan.keptByTerrain);
        // Only scans from the expanded cell are marked, and only at a terrain edge.
        for (const scan of kept) expect(samePoint(scan.from, step.cell), `${diagonal} ${cellName(scan.from)}`).toBe(true);
        if (kept.length > 0) expect(terrainEdge(grid, step.cell), `${diagonal} ${cellName(step.cell)}`).toBe(true);
        for (const language of ['en', 'zh-CN'] as const) {
          const sentence = translate(language, 'narration.jps.terrainKeeps', {
            cell: cellName(step.cell), dirs: kept.map((scan) => direction(language, scan.dir)).join(translate(language, 'list.separator')),
          });
          expect(said[language].includes(sentence), `${diagonal} ${language}: ${said[language]}`).toBe(kept.length > 0);
        }
        if (kept.length > 0) told++;
      }
    }
    // The marsh's edges keep directions the walls' rules would prune, under some rule at least.
    expect(told).toBeGreaterThan(0);
  });

  it('crosses a band of costlier terrain square on in one jump, and says where a change of terrain stopped a scan', () => {
    // A band of 3 across the way: the straight path through it is the cheapest (11 + 3 x 3).
    const grid = engine.createGrid(20, 5);
    keepGrid(grid);
    for (let y = 0; y < 5; y++) for (let x = 8; x < 11; x++) grid.setCost(x, y, 3);
    const jps = engine.createSearch(grid, { algorithm: 'jps', diagonal: 'only-when-no-obstacles' });
    const aStar = engine.createSearch(grid, { algorithm: 'astar', diagonal: 'only-when-no-obstacles' });
    keepSearch(jps);
    keepSearch(aStar);
    for (const search of [jps, aStar]) {
      search.reset({ x: 0, y: 2 }, { x: 19, y: 2 });
      search.run();
      expect(search.pathCost).toBeCloseTo(16 + 3 * 3, 9);
    }
    // Observed: the scan east from the start enters the band without stopping (from the cheap
    // side, square on, no neighbour is cheapest reached through the cells there) and stops at
    // its far side, where a diagonal step out onto cheap ground is cheapest from there.
    jps.reset({ x: 0, y: 2 }, { x: 19, y: 2 });
    const expanded: Point[] = [];
    const stops: Point[] = [];
    for (let step = jps.step(); step; step = jps.step()) {
      expanded.push(step.cell);
      for (const scan of eventsOf(step, 'scan')) if (scan.outcome === 'terrain-change') stops.push(scan.to);
    }
    expect(expanded.filter((cell) => cell.x >= 7 && cell.x <= 9)).toEqual([]);
    expect(expanded).toContainEqual({ x: 10, y: 2 });
    expect(stops).toContainEqual({ x: 10, y: 2 });
    expect(stops.filter((cell) => cell.x < 10)).toEqual([]);
    expect(jps.counters().expanded).toBeLessThan(aStar.counters().expanded / 4);
  });

  it('tells the same map without terrain as before: no cell keeps every direction but the start, no scan stops for terrain', () => {
    const grid = marsh();
    grid.assign(Uint8Array.from(MAP.join(''), (c) => (c === '#' ? 0 : 1)));
    for (const diagonal of engine.algorithm('jps').diagonals) {
      for (const { step, said } of narrated(grid, 'jps', diagonal).told) {
        expect(eventsOf(step, 'scan').every((scan) => scan.outcome !== 'terrain-change')).toBe(true);
        expect(said.en).not.toMatch(/terrain/);
        expect(said['zh-CN']).not.toMatch(/地形/);
      }
    }
  });
});
