// MPAA*'s presenter (web/src/presenters/mpaa.ts) in Node, on real walks by the engine: an
// agent sensing one cell around it walks into a wall it did not know, replans, and its new
// plan stops on the path kept from the first. Then what the page shows must be what the
// planner did: the stop narrated with its cost, the pseudocode's stop line lit, the reused
// part of the path drawn from the stop cell to the goal over cells the planner marks as
// reused, and per cell the learned h (in the tooltip and the heat map) between the estimate
// and the true distance to the goal. And two walks that part are told apart: where, and the
// cost of each plan from there. Everything created is deleted.
import { describe, expect, it } from 'vitest';
import { eventsOf, type Grid, type Point, type Search, type StepEvent, type Walk } from '../../web/src/engine/engine';
import { engine, keepGrid, keepSearch, keepWalk, useEngine } from './engine-fixture';
import { presenterFor, searchStory } from '../../web/src/presenters/index';
import type { StepStory } from '../../web/src/presenters/presenter';
import { linesOfStep } from '../../web/src/presenters/pseudocode';
import { formatNumber } from '../../web/src/scene/format';
import { centreOf } from '../../web/src/scene/pane-scene';
import { heatValues } from '../../web/src/state/heat';
import { routeText } from '../../web/src/ui/comparison';
import { translate, type PhraseKey } from '../../web/src/ui/i18n';

// 24 x 9: a wall down the middle with one gap at the bottom. The agent, knowing only what
// it has sensed, first plans straight through the wall; once it sees the wall it goes round
// by the gap and rejoins the first plan's path on the other side.
const ROOM = [
  '........................',
  '............#...........',
  '............#...........',
  '............#...........',
  '............#...........',
  '............#...........',
  '............#...........',
  '............#...........',
  '........................',
];
const START = { x: 2, y: 4 }, GOAL = { x: 21, y: 4 };
const OPTIONS = { diagonal: 'only-when-no-obstacles' as const, costModel: 'exact' as const, weight: 1 };

useEngine();

function room(): Grid {
  const grid = engine.createGrid(ROOM[0]!.length, ROOM.length);
  grid.assign(Uint8Array.from(ROOM.join(''), (c) => (c === '#' ? 0 : 1)));
  keepGrid(grid);
  return grid;
}

function walkOn(world: Grid, algorithm: 'mpaa' | 'astar' | 'greedy', senseRadius: number): Walk {
  const walk = engine.createWalk(world);
  keepWalk(walk);
  walk.setOptions({ ...OPTIONS, algorithm }, senseRadius);
  expect(walk.reset(START, GOAL)).toBe(true);
  return walk;
}

/** The cheapest cost from `from` to the goal on the true map, by a fresh Dijkstra search. */
function trueCost(world: Grid, from: Point): number | null {
  const search = engine.createSearch(world, { ...OPTIONS, algorithm: 'dijkstra' });
  keepSearch(search);
  search.reset(from, GOAL);
  search.runSteps(1e9);
  return search.pathCost;
}

function storyOf(search: Search, stepNumber: number): StepStory {
  return searchStory(search, (key, params) => translate('en', key, params), 'en', stepNumber, GOAL);
}

describe('MPAA*\'s presenter on a walk that reuses a kept path', () => {
  it('narrates the early stop with its cost, lights the stop line and draws the reused part from the stop cell to the goal', () => {
    const world = room();
    const walk = walkOn(world, 'mpaa', 1);
    const presenter = presenterFor('mpaa');
    const planner = walk.planner;
    let stops = 0, steps = 0;
    for (let n = 0; n < 20000 && walk.status !== 'arrived'; n++) {
      const step = walk.step();
      if (!step) break;
      if (step.kind !== 'plan') continue;
      steps += 1;
      const expansion: StepEvent = step.expansion;
      const stop = eventsOf(expansion, 'stop')[0];
      if (!stop) continue;
      stops += 1;
      expect(planner.status).toBe('found');
      // The story of the step: the expansion, then the stop with the path's cost.
      const sentences = presenter.narrateStep(expansion, storyOf(planner, steps));
      expect(sentences.join(' ')).toContain(translate('en', 'narration.stop.mpaa', { cost: formatNumber(planner.pathCost, 2), bound: formatNumber(stop.bound, 2) }));
      // (Within the core's exact sums: lengths rounded to multiples of 2^-25, cpp/core/exact_costs.h.)
      expect(stop.cost).toBeCloseTo(planner.pathCost!, 6);
      expect(linesOfStep(presenter.pseudocode, expansion, 'found')).toContain('stop');
      // The reused part: a polyline from the stop cell to the goal, a suffix of the plan's path, every cell marked reused.
      const reused = presenter.overlays(expansion, planner).search.filter((overlay) => overlay.role === 'reused');
      const line = reused.find((overlay) => overlay.shape === 'polyline');
      expect(line, 'a reused path is drawn').toBeDefined();
      const points = line!.shape === 'polyline' ? line!.points : [];
      const path = planner.path();
      const suffix = path.slice(path.length - points.length);
      expect(points).toEqual(suffix.map(centreOf));
      expect(suffix[0]).toEqual(expansion.cell);
      expect(suffix.at(-1)).toEqual(GOAL);
      const cells = planner.cellView();
      for (const cell of suffix) expect(cells.valueAt('reused', cell.y * cells.width + cell.x)).toBe(1);
      // Before the stop cell, the path was searched, not reused.
      for (const cell of path.slice(0, path.length - points.length)) expect(cells.valueAt('reused', cell.y * cells.width + cell.x)).not.toBe(1);
      expect(reused).toContainEqual({ shape: 'ring', role: 'reused', at: centreOf(expansion.cell) });
    }
    expect(walk.status).toBe('arrived');
    expect(stops, 'a replan stopped on the kept path').toBeGreaterThan(0);
  });

  it('shows each cell\'s learned h, between the estimate and the true cost to the goal, in the tooltip and the heat map', () => {
    const world = room();
    const walk = walkOn(world, 'mpaa', 1);
    walk.runSteps(1e6);
    expect(walk.status).toBe('arrived');
    const planner = walk.planner;
    const presenter = presenterFor('mpaa');
    const say = (key: PhraseKey, params?: Record<string, string | number>) => translate('en', key, params);
    const heat = heatValues(planner, world, 'learnedH');
    const cells = planner.cellView();
    let learned = 0;
    for (let y = 0; y < world.height; y++) {
      for (let x = 0; x < world.width; x++) {
        const id = y * world.width + x;
        const value = cells.valueAt('learnedH', id);
        const lines = presenter.tooltip({ x, y }, id, planner, say);
        if (Number.isNaN(value)) {
          expect(heat[id]).toBeNaN();
          if (world.cost(x, y) > 0) expect(lines).toContain(say('tooltip.mpaa.estimate', { h: formatNumber(planner.h(x, y), 2) }));
          continue;
        }
        // A cell learned h before the agent found it was a wall: it keeps it, and nothing reads it.
        if (world.cost(x, y) === 0) continue;
        learned += 1;
        expect(heat[id]).toBeCloseTo(value, 4);
        expect(lines).toContain(say('tooltip.mpaa.learned', { learned: formatNumber(value, 2), h: formatNumber(planner.h(x, y), 2) }));
        // A learned h is a better lower bound: no less than the estimate, no more than the truth
        // (within the core's exact sums: lengths rounded to multiples of 2^-25, cpp/core/exact_costs.h).
        expect(value).toBeGreaterThanOrEqual(planner.h(x, y) - 1e-6);
        expect(value).toBeLessThanOrEqual(trueCost(world, { x, y })! + 1e-6);
      }
    }
    expect(learned, 'cells learned h').toBeGreaterThan(10);
    // Searches that learn nothing have no learned-h heat map.
    const astar = engine.createSearch(world, { ...OPTIONS, algorithm: 'astar' });
    keepSearch(astar);
    astar.reset(START, GOAL);
    astar.runSteps(1e6);
    expect(heatValues(astar, world, 'learnedH').every(Number.isNaN)).toBe(true);
  });
});

describe('two walks compared', () => {
  it('say where a greedy agent parted from an MPAA* agent, and that MPAA*\'s plan from there was the cheapest', () => {
    const world = room();
    const mpaa = walkOn(world, 'mpaa', 0);
    const greedy = walkOn(world, 'greedy', 0);
    mpaa.runSteps(1e6);
    greedy.runSteps(1e6);
    expect([mpaa.status, greedy.status]).toEqual(['arrived', 'arrived']);
    const parting = greedy.firstDivergence(mpaa);
    expect(parting.diverged).toBe(true);
    const at = parting.afterMoves!;
    const a = greedy.walked(), b = mpaa.walked();
    // Both stood on the cell after `at` moves, and moved to different cells next.
    expect(a.slice(0, at + 1)).toEqual(b.slice(0, at + 1));
    expect(a[at + 1]).not.toEqual(b[at + 1]);
    // With full knowledge MPAA*'s plan from there is the cheapest; greedy's costs more.
    expect(parting.otherCost).toBeCloseTo(trueCost(world, b[at]!)!, 6);
    expect(parting.cost!).toBeGreaterThan(parting.otherCost! + 1e-6);
    expect(parting.equallyCheap).toBe(false);
    expect(routeText('en', greedy, mpaa)).toBe(translate('en', 'compare.route.partedDearer', {
      n: at, cell: `(${b[at]!.x}, ${b[at]!.y})`, cost: formatNumber(parting.cost, 2), other: formatNumber(parting.otherCost, 2),
      diff: formatNumber(parting.cost! - parting.otherCost!, 2),
    }));
    // Seen from the other side, the same parting.
    const back = mpaa.firstDivergence(greedy);
    expect([back.afterMoves, back.cost, back.otherCost]).toEqual([at, parting.otherCost, parting.cost]);
    expect(routeText('zh-CN', mpaa, greedy)).toContain(`(${b[at]!.x}, ${b[at]!.y})`);
  });

  it('find no parting between two optimal planners on the same world: they walk the canonical route', () => {
    const world = room();
    const mpaa = walkOn(world, 'mpaa', 1);
    const astar = walkOn(world, 'astar', 1);
    mpaa.runSteps(1e6);
    astar.runSteps(1e6);
    expect(mpaa.walked()).toEqual(astar.walked());
    expect(astar.firstDivergence(mpaa).diverged).toBe(false);
    expect(routeText('en', astar, mpaa)).toBe(translate('en', 'compare.route.same'));
    expect(routeText('en', mpaa, null)).toBe(translate('en', 'compare.route.reference'));
  });
});
