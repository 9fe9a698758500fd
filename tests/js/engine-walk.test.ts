// The wrapper's walks: an agent walking a map it knows whole or only where it has been,
// replanning with D* Lite or from scratch, replayed exactly; edits at any time; its
// planner read-only. Everything created is deleted.
import { afterEach, describe, expect, it } from 'vitest';

import { eventsOf, type Point, type Walk, type WalkStep } from '../../web/src/engine/engine';
import { engine, keepGrid, mapText, useEngine } from './engine-fixture';

useEngine();

describe('walks', () => {
  const walks: Walk[] = [];
  afterEach(() => {
    for (const walk of walks.splice(0)) walk.delete();
  });
  const keepWalk = (walk: Walk): Walk => (walks.push(walk), walk);
  const walkToEnd = (walk: Walk): WalkStep[] => {
    const steps: WalkStep[] = [];
    for (let step = walk.step(); step; step = walk.step()) {
      steps.push(step);
      if (steps.length > 100000) throw new Error('the walk does not end');
    }
    return steps;
  };

  it('walks a cheapest path with full knowledge, planning first, then moving, without replans', () => {
    const world = keepGrid(engine.parseMap(mapText(['......', '.@@@@.', '......'])));
    const walk = keepWalk(engine.createWalk(world));
    walk.setOptions({ algorithm: 'dstar-lite' }, 0);
    expect(walk.status).toBe('ready');
    expect(walk.reset({ x: 0, y: 1 }, { x: 5, y: 1 })).toBe(true);
    expect(walk.status).toBe('planning');
    expect(walk.planner.options.algorithm).toBe('dstar-lite');
    const steps = walkToEnd(walk);
    expect(walk.status).toBe('arrived');
    const plans = steps.filter((step) => step.kind === 'plan');
    const moves = steps.filter((step): step is Extract<WalkStep, { kind: 'move' }> => step.kind === 'move');
    expect(steps.slice(0, plans.length).every((step) => step.kind === 'plan')).toBe(true);
    expect(moves.at(-1)!.arrived).toBe(true);
    expect(moves.every((move) => move.replan === null && move.discovered.length === 0)).toBe(true);
    const walked = walk.walked();
    expect(walked[0]).toEqual({ x: 0, y: 1 });
    expect(walked.at(-1)).toEqual({ x: 5, y: 1 });
    expect(walk.counters()).toEqual({ steps: steps.length, moves: moves.length, walkedCost: 7, replans: 0,
      expandedThisPlan: plans.length, expandedTotal: plans.length, routeExpanded: expect.any(Number) });
    expect(moves.reduce((sum, move) => sum + move.cost, 0)).toBe(7);
    expect(walk.plannedPath()).toEqual([{ x: 5, y: 1 }]);
    expect([...walk.knownMask()].every((known) => known === 1)).toBe(true);
  });

  it('in unknown terrain discovers walls, replans with D* Lite and reports why', () => {
    // A wall the agent cannot see from the start lies across the straight way.
    const world = keepGrid(engine.parseMap(mapText(['.........', '.........', '....@....', '....@....', '....@....', '.........'])));
    const walk = keepWalk(engine.createWalk(world));
    walk.setOptions({ algorithm: 'dstar-lite', diagonal: 'never' }, 1);
    walk.reset({ x: 0, y: 3 }, { x: 8, y: 3 });
    // 3 x 3 around the start, at the map's west edge: 2 x 3.
    expect(walk.knownMask().reduce((sum, known) => sum + known, 0)).toBe(6);
    // What it hands out is a copy: writing to it teaches the agent nothing.
    walk.knownMask().fill(1);
    expect(walk.knownMask().reduce((sum, known) => sum + known, 0)).toBe(6);
    // The planner reads like any search while it plans: its queue, g and rhs.
    const first = walk.step();
    expect(first).toMatchObject({ kind: 'plan', expansion: { cell: { x: 8, y: 3 }, g: 0 } });
    expect(walk.planner.status).toBe('running');
    expect(walk.planner.openList(3).length).toBeGreaterThan(0);
    expect(walk.planner.cellView().valueAt('rhs', 3 * 9 + 8)).toBe(0);
    expect(walk.planner.g(8, 3)).toBe(0);
    const steps = [first!, ...walkToEnd(walk)];
    expect(walk.status).toBe('arrived');
    const moves = steps.filter((step): step is Extract<WalkStep, { kind: 'move' }> => step.kind === 'move');
    const discovered = moves.flatMap((move) => move.discovered);
    expect(discovered).toEqual(expect.arrayContaining([{ x: 4, y: 3 }]));
    expect(moves.some((move) => move.replan === 'path-blocked')).toBe(true);
    expect(walk.counters().replans).toBeGreaterThan(0);
    expect(walk.counters().walkedCost).toBe(moves.length);
    expect(walk.planner.stale).toBe(false);
  });

  it('MPAA* learns h, reuses kept paths (stop events, learnedH and reused channels) and walks what D* Lite and A* walk', () => {
    const world = keepGrid(engine.parseMap(mapText([
      '..............',
      '.....@........',
      '.....@...@....',
      '.....@...@....',
      '.........@....',
      '..............',
    ])));
    const routes: Point[][] = [];
    for (const algorithm of ['mpaa', 'dstar-lite', 'astar'] as const) {
      const walk = keepWalk(engine.createWalk(world));
      walk.setOptions({ algorithm }, 1);
      walk.reset({ x: 0, y: 3 }, { x: 13, y: 3 });
      const steps = walkToEnd(walk);
      expect(walk.status).toBe('arrived');
      routes.push(walk.walked());
      if (algorithm !== 'mpaa') continue;
      const stops = steps.flatMap((step) => (step.kind === 'plan' ? eventsOf(step.expansion, 'stop') : []));
      expect(stops.length).toBeGreaterThan(0);
      expect(walk.counters().replans).toBeGreaterThan(0);
      const view = walk.planner.cellView();
      expect(view.has('learnedH')).toBe(true);
      expect(view.has('reused')).toBe(true);
      // The goal has learned h = 0; a cell of the first plan's path, more.
      expect(view.valueAt('learnedH', 3 * 14 + 13)).toBe(0);
      expect(view.valueAt('learnedH', 3 * 14 + 1)).toBeGreaterThan(0);
    }
    expect(routes[1]).toEqual(routes[0]);
    expect(routes[2]).toEqual(routes[0]);
  });

  it('replays exactly: the same calls at the same steps give the same walk', () => {
    const world = keepGrid(engine.parseMap(mapText(['..........', '...@......', '...@..@...', '...@..@...', '......@...'])));
    const run = (edits: boolean): { steps: WalkStep[]; walked: Point[] } => {
      const walk = keepWalk(engine.createWalk(world));
      walk.setOptions({ algorithm: 'dstar-lite' }, 2);
      walk.reset({ x: 0, y: 2 }, { x: 9, y: 2 });
      const steps: WalkStep[] = [];
      for (let i = 0; i < 400; i++) {
        if (edits && i === 12) {
          world.setCost(5, 2, 0);
          walk.worldChanged([{ x: 5, y: 2 }]);
        }
        if (edits && i === 20) walk.setGoal({ x: 9, y: 4 });
        const step = walk.step();
        if (!step) break;
        steps.push(step);
      }
      return { steps, walked: walk.walked() };
    };
    const first = run(true);
    world.setCost(5, 2, 1);
    const second = run(true);
    expect(second).toEqual(first);
    expect(first.walked.at(-1)).toEqual({ x: 9, y: 4 });
  });

  it('ends with no-path when the goal is walled off, and A* from scratch walks the same way', () => {
    const world = keepGrid(engine.parseMap(mapText(['.....', '...@@', '...@.'])));
    for (const algorithm of ['dstar-lite', 'astar'] as const) {
      const walk = keepWalk(engine.createWalk(world));
      walk.setOptions({ algorithm }, 1);
      walk.reset({ x: 0, y: 0 }, { x: 4, y: 2 });
      walkToEnd(walk);
      expect(walk.status).toBe('no-path');
      expect(walk.plannedPath()).toEqual([]);
    }
  });

  it('takes edits and goal moves at any time: while planning, while moving, after arriving', () => {
    const world = keepGrid(engine.createGrid(12, 6));
    const walk = keepWalk(engine.createWalk(world));
    walk.setOptions({ algorithm: 'dstar-lite', maxExpansions: 5000 }, 0);
    walk.reset({ x: 0, y: 2 }, { x: 11, y: 2 });
    walk.step();
    // An edit while planning goes into the plan in progress: no replan.
    world.setCost(6, 2, 0);
    walk.worldChanged([{ x: 6, y: 2 }]);
    expect(walk.status).toBe('planning');
    while (walk.status === 'planning') walk.step();
    expect(walk.counters().replans).toBe(0);
    expect(walk.plannedPath().some((p) => p.x === 6 && p.y === 2)).toBe(false);
    // Erasing it while moving: a cost went down, so it plans again.
    world.setCost(6, 2, 1);
    walk.worldChanged([{ x: 6, y: 2 }]);
    expect(walk.counters().replans).toBe(1);
    walkToEnd(walk);
    expect(walk.status).toBe('arrived');
    // A new goal after arriving: it walks on.
    walk.setGoal({ x: 0, y: 5 });
    expect(walk.counters().replans).toBe(2);
    walkToEnd(walk);
    expect(walk.status).toBe('arrived');
    expect(walk.agent()).toEqual({ x: 0, y: 5 });
    // A plan limited to fewer expansions than it needs gives up.
    walk.setOptions({ maxExpansions: 3 }, 0);
    walk.reset({ x: 0, y: 0 }, { x: 11, y: 5 });
    walkToEnd(walk);
    expect(walk.status).toBe('gave-up');
    expect(walk.counters().expandedTotal).toBe(3);
  });

  it('checks its arguments and keeps its planner read-only', () => {
    const world = keepGrid(engine.createGrid(5, 5));
    const walk = keepWalk(engine.createWalk(world));
    expect(() => walk.setOptions({}, 11)).toThrow(RangeError);
    expect(() => walk.setOptions({}, 1.5)).toThrow(RangeError);
    expect(() => walk.setOptions({ algorithm: 'nope' as never }, 1)).toThrow(/unknown algorithm/);
    expect(() => walk.reset({ x: 0.5, y: 0 }, { x: 1, y: 1 })).toThrow(RangeError);
    expect(walk.reset({ x: 0, y: 0 }, { x: 9, y: 9 })).toBe(false);
    expect(walk.status).toBe('ready');
    expect(() => walk.worldChanged([{ x: 5, y: 0 }])).toThrow(RangeError);
    expect(() => walk.setGoal({ x: -1, y: 0 })).toThrow(RangeError);
    expect(() => walk.planner.step()).toThrow(/read-only/);
    expect(() => walk.planner.reset({ x: 0, y: 0 }, { x: 1, y: 1 })).toThrow(/read-only/);
    expect(() => walk.planner.setOptions({})).toThrow(/read-only/);
    expect(() => walk.planner.setGrid(world)).toThrow(/read-only/);
    walk.setOptions({ algorithm: 'theta', diagonal: 'never' }, 0);
    walk.reset({ x: 0, y: 0 }, { x: 4, y: 4 });
    expect(walk.status).toBe('refused');
    expect(walk.refusal).toBe('any-angle');
    // The walk reads its world: the world refuses delete() until the walk is gone.
    expect(() => world.delete()).toThrow(/still read/);
    walk.delete();
    walks.splice(walks.indexOf(walk), 1);
    expect(() => walk.status).toThrow(/deleted/);
    expect(() => walk.planner.status).toThrow(/deleted/);
  });
});
