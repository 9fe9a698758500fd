// The wrapper's searches: step events, replay, the typed-array cell view, the open list, heat
// map values, D* Lite's events and JPS+'s preparation. Everything created is deleted.
import { describe, expect, it } from 'vitest';

import {
  type CellView,
  eventsOf,
  type Grid,
  type Search,
  type SearchOptions,
  type StepEvent,
} from '../../web/src/engine/engine';
import { engine, keepGrid, keepSearch, keepWalk, mapText, neighbours, scrambledGrid, SQRT2, useEngine } from './engine-fixture';

useEngine();

describe('step events', () => {
  // S(0,0) to G(2,2), diagonal=always, A* with octile. (2,0) is a wall, (1,1) costs 9.
  //   S . #
  //   . 9 .
  //   . . G
  const rows = ['..@', '.9.', '...'];

  it('report opened, improved, not-improved, closed and blocked neighbours', () => {
    const grid = keepGrid(engine.parseMap(mapText(rows)));
    const search = keepSearch(engine.createSearch(grid, { diagonal: 'always' }));
    expect(search.reset({ x: 0, y: 0 }, { x: 2, y: 2 })).toBe(true);
    expect(search.status).toBe('running');

    // Step 1 expands S: h = octile(2, 2) = 2 sqrt2. In-bounds neighbours only, in the
    // order N E S W NE SE SW NW: E (1,0) and S (0,1) at g 1, SE (1,1) at 9 sqrt2.
    const first = search.step()!;
    expect(first.cell).toEqual({ x: 0, y: 0 });
    expect(first.g).toBe(0);
    expect(first.h).toBeCloseTo(2 * SQRT2, 12);
    expect(first.f).toBeCloseTo(2 * SQRT2, 12);
    expect(first.events[0]).toEqual({ kind: 'expand', cell: { x: 0, y: 0 }, side: 'forward', g: 0, h: first.h, f: first.f, parent: null });
    expect(neighbours(first)).toEqual([
      { cell: { x: 1, y: 0 }, outcome: 'opened', oldG: null, newG: 1, parent: { x: 0, y: 0 } },
      { cell: { x: 0, y: 1 }, outcome: 'opened', oldG: null, newG: 1, parent: { x: 0, y: 0 } },
      { cell: { x: 1, y: 1 }, outcome: 'opened', oldG: null, newG: expect.closeTo(9 * SQRT2, 12), parent: { x: 0, y: 0 } },
    ]);

    // Step 2: (1,0) and (0,1) tie on f = 2 + sqrt2 and g = 1; the smaller id, (1,0), goes
    // first. E (2,0) is a wall; S (1,1) drops from 9 sqrt2 to 1 + 9; W is S, closed; SE
    // (2,1) is opened at 1 + sqrt2 (always allows cutting the wall's corner); SW (0,1)
    // would cost 1 + sqrt2 > 1.
    const second = search.step()!;
    expect(second.cell).toEqual({ x: 1, y: 0 });
    expect(second.g).toBe(1);
    expect(second.f).toBeCloseTo(2 + SQRT2, 12);
    expect(neighbours(second)).toEqual([
      { cell: { x: 2, y: 0 }, outcome: 'blocked', oldG: null, newG: null, parent: null },
      { cell: { x: 1, y: 1 }, outcome: 'improved', oldG: expect.closeTo(9 * SQRT2, 12), newG: 10, parent: { x: 1, y: 0 } },
      { cell: { x: 0, y: 0 }, outcome: 'closed', oldG: 0, newG: 0, parent: null },
      { cell: { x: 2, y: 1 }, outcome: 'opened', oldG: null, newG: expect.closeTo(1 + SQRT2, 12), parent: { x: 1, y: 0 } },
      { cell: { x: 0, y: 1 }, outcome: 'not-improved', oldG: 1, newG: 1, parent: { x: 0, y: 0 } },
    ]);
    expect(search.counters()).toEqual({ expanded: 2, opened: 5, improved: 1, maxOpen: 3, openSize: 3 });
    expect(search.phase(1, 1)).toBe('open');
    expect(search.g(1, 1)).toBe(10);
    expect(search.parent(1, 1)).toEqual({ x: 1, y: 0 });
    expect(search.order(1, 0)).toBe(2);

    // Two straight moves and one diagonal are the least any path can take to (2,2)
    // without entering (1,1); the two diagonals through (1,1) cost 10 sqrt2.
    search.run();
    expect(search.status).toBe('found');
    expect(search.pathCost).toBeCloseTo(2 + SQRT2, 12);
    expect(search.path()).toHaveLength(4);
    expect(search.step()).toBeNull();
  });

  it('say no-path when the goal is walled off, and refuse points outside the grid', () => {
    const grid = keepGrid(engine.parseMap(mapText(['..@.', '.@@.'])));
    const search = keepSearch(engine.createSearch(grid, { diagonal: 'always' }));
    expect(search.reset({ x: 0, y: 0 }, { x: 3, y: 1 })).toBe(true);
    search.run();
    expect(search.status).toBe('no-path');
    expect(search.pathCost).toBeNull();
    expect(search.path()).toEqual([]);
    expect(search.reset({ x: 0, y: 0 }, { x: 4, y: 0 })).toBe(false);
    expect(search.status).toBe('ready');
    expect(() => search.reset({ x: 0.5, y: 0 }, { x: 1, y: 0 })).toThrow(/start must have integer x and y/);
  });

  it('stop when the grid is edited, until the next reset', () => {
    const grid = keepGrid(engine.createGrid(5, 5));
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 4, y: 4 });
    search.step();
    grid.setCost(2, 2, 0);
    expect(search.stale).toBe(true);
    expect(search.step()).toBeNull();
    search.reset({ x: 0, y: 0 }, { x: 4, y: 4 });
    expect(search.stale).toBe(false);
    expect(search.step()).not.toBeNull();
  });
});

describe('replay', () => {
  it('gives the same steps after reset, so "step back" can replay', () => {
    const grid = scrambledGrid();
    const search = keepSearch(engine.createSearch(grid, { diagonal: 'if-at-most-one-obstacle' }));
    const start = { x: 0, y: 0 };
    const goal = { x: 39, y: 29 };
    const record = (): StepEvent[] => {
      search.reset(start, goal);
      const steps: StepEvent[] = [];
      for (let step = search.step(); step; step = search.step()) steps.push(step);
      return steps;
    };
    const first = record();
    const outcome = { status: search.status, cost: search.pathCost, path: search.path() };
    expect(first.length).toBeGreaterThan(20);
    expect(record()).toEqual(first);
    expect({ status: search.status, cost: search.pathCost, path: search.path() }).toEqual(outcome);

    // Unobserved steps walk the same way: k steps leave the k-th step's cell closed.
    search.reset(start, goal);
    expect(search.runSteps(10)).toBe(10);
    const tenth = first[9]!.cell;
    expect(search.order(tenth.x, tenth.y)).toBe(10);
    expect(search.runSteps(Number.POSITIVE_INFINITY)).toBe(first.length - 10);
  });
});

describe('cell view', () => {
  function expectViewAgrees(search: Search, grid: Grid): void {
    const view = search.cellView();
    expect(view.count).toBe(grid.width * grid.height);
    const phaseNumber = { unseen: 0, open: 1, closed: 2, path: 3 } as const;
    for (let y = 0; y < grid.height; ++y) {
      for (let x = 0; x < grid.width; ++x) {
        const id = y * grid.width + x;
        expect(view.phaseAt(id)).toBe(phaseNumber[search.phase(x, y)]);
        expect(view.orderAt(id)).toBe(search.order(x, y));
        const g = search.g(x, y);
        if (g === null) expect(view.gAt(id)).toBeNaN();
        else expect(view.gAt(id)).toBe(g);
        const parent = search.parent(x, y);
        expect(view.parentAt(id)).toBe(parent === null ? -1 : parent.y * grid.width + parent.x);
      }
    }
  }

  it('agrees with phase(), g(), order() and parent() mid-search and after it', () => {
    const grid = scrambledGrid();
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 39, y: 29 });
    search.runSteps(60);
    expectViewAgrees(search, grid);
    search.run();
    expectViewAgrees(search, grid);
  });

  it('follows a reset without being fetched again', () => {
    const grid = scrambledGrid();
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 39, y: 29 });
    search.run();
    const view = search.cellView();
    search.reset({ x: 0, y: 0 }, { x: 39, y: 29 });
    expect(search.cellView()).toBe(view);
    let seen = 0;
    for (let id = 0; id < view.count; ++id) if (view.phaseAt(id) !== 0) ++seen;
    expect(seen).toBe(1); // only the start, open
    expect(view.phaseAt(0)).toBe(1);
  });

  it('is fetched anew after memory grows', () => {
    const grid = scrambledGrid();
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 39, y: 29 });
    search.runSteps(30);
    const before = search.cellView();
    const heapBefore = engine.memoryUsage().heapSize;
    // 3000 x 3000 needs 18 MB for costs and masks, more than the wasm heap had: memory
    // grows and the old buffer is detached.
    const big = keepGrid(engine.createGrid(3000, 3000));
    expect(engine.memoryUsage().heapSize).toBeGreaterThan(heapBefore);
    const after = search.cellView();
    expect(after === before).toBe(false); // (toBe would try to print the detached view)
    expectViewAgrees(search, grid);
    expect(grid.costs().length).toBe(40 * 30);
    expect(big.costs().length).toBe(3000 * 3000);
  });

  it('fills every cell\'s phase at once, and refuses an array too short for them, naming the length needed', () => {
    const grid = keepGrid(engine.createGrid(6, 6));
    grid.setCost(2, 2, 0);
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 5, y: 5 });
    search.run();
    const view = search.cellView();
    const phases = new Uint8Array(36);
    view.fillPhases(phases);
    expect(Array.from(phases)).toEqual(Array.from({ length: 36 }, (_, id) => view.phaseAt(id)));
    expect(phases.includes(3)).toBe(true);
    for (const channel of ['phase', 'phaseBack', 'scanned'] as const) {
      const short = new Uint8Array(35).fill(7);
      expect(() => view.fillPhases(short, channel)).toThrow(new RangeError('fillPhases() needs a Uint8Array of at least 36 phases (one per cell), got 35'));
      expect(short.every((value) => value === 7)).toBe(true);
    }
    expect(() => view.fillPhases([0, 0] as unknown as Uint8Array)).toThrow(/needs a Uint8Array of at least 36 phases \(one per cell\), got an array/);
  });

  function expectEmpty(view: CellView): void {
    const phases = new Uint8Array(view.count).fill(9);
    view.fillPhases(phases);
    expect(phases.every((phase) => phase === 0)).toBe(true);
    for (let id = 0; id < view.count; ++id) {
      expect(view.phaseAt(id)).toBe(0);
      expect(view.gAt(id)).toBeNaN();
      expect(view.valueAt('g', id)).toBeNaN();
      expect(view.orderAt(id)).toBe(0);
      expect(view.parentAt(id)).toBe(-1);
    }
  }

  it('reads as empty once its search is deleted, even where another search reuses the memory', () => {
    const grid = keepGrid(engine.createGrid(8, 8));
    const first = engine.createSearch(grid);
    first.reset({ x: 0, y: 0 }, { x: 7, y: 7 });
    first.run();
    const view = first.cellView();
    expect(view.gAt(63)).toBeCloseTo(7 * SQRT2, 12);
    first.delete();
    expectEmpty(view);
    // The next search of the same size gets the freed arrays from malloc.
    const second = keepSearch(engine.createSearch(grid, { algorithm: 'dijkstra', diagonal: 'never' }));
    second.reset({ x: 7, y: 7 }, { x: 0, y: 0 });
    second.run();
    expect(second.g(0, 0)).toBe(14);
    expectEmpty(view);
  });

  it("of a walk's planner reads as empty once the walk is deleted", () => {
    const world = keepGrid(engine.createGrid(8, 8));
    const walk = keepWalk(engine.createWalk(world));
    walk.reset({ x: 0, y: 0 }, { x: 7, y: 7 });
    walk.runSteps(1000);
    expect(walk.status).toBe('arrived');
    const view = walk.planner.cellView();
    expect(view.phaseAt(0)).not.toBe(0);
    walk.delete();
    expectEmpty(view);
    const search = keepSearch(engine.createSearch(world));
    search.reset({ x: 0, y: 0 }, { x: 7, y: 7 });
    search.run();
    expectEmpty(view);
  });
});

describe('open list', () => {
  // A small maze with uniform terrain, so that every algorithm runs on it (JPS needs that).
  //   S . . . . . . . . .
  //   . # # # # # # # . .
  //   . . . . . . . # . .
  //   . # # # # . . # . .
  //   . . . . # . . . . .
  //   . . . . # . # # # .
  //   . . . . . . . . . G
  const rows = ['..........', '.@@@@@@@..', '.......@..', '.@@@@..@..', '....@.....', '....@.@@@.', '..........'];
  const start = { x: 0, y: 0 };
  const goal = { x: 9, y: 6 };

  it.each(['astar', 'bfs', 'dfs', 'jps', 'bidirectional', 'ida'] as const)(
    '%s: the first entry is the cell the next step expands, and entries carry g, h and f',
    (algorithm) => {
      const grid = keepGrid(engine.parseMap(mapText(rows)));
      const search = keepSearch(engine.createSearch(grid, { algorithm, maxExpansions: 5000 }));
      expect(search.openList(8)).toEqual([]); // never started
      search.reset(start, goal);
      let steps = 0;
      while (search.status === 'running') {
        const list = search.openList(8);
        expect(list.length).toBeGreaterThan(0);
        expect(list.length).toBeLessThanOrEqual(8);
        for (const entry of list) {
          expect(grid.contains(entry.cell)).toBe(true);
          expect(Number.isFinite(entry.g) && Number.isFinite(entry.h) && Number.isFinite(entry.f)).toBe(true);
          if (algorithm === 'ida') {
            expect(entry.f).toBe(entry.g + entry.h);
          } else if (entry.side === 'forward') {
            expect([entry.g, entry.h, entry.f]).toEqual([
              search.g(entry.cell.x, entry.cell.y),
              search.h(entry.cell.x, entry.cell.y),
              search.f(entry.cell.x, entry.cell.y),
            ]);
          }
        }
        const step = search.step()!;
        const first = list[0]!;
        expect({ cell: step.cell, side: step.side, g: step.g, h: step.h, f: step.f }).toEqual(first);
        steps += 1;
      }
      expect(search.status).toBe('found');
      expect(steps).toBeGreaterThan(5);
      expect(search.openList(8)).toEqual([]); // finished: nothing more to take
    },
  );

  it('lists the whole open list in priority order, and bidirectional search both lists', () => {
    const grid = keepGrid(engine.parseMap(mapText(rows)));
    const search = keepSearch(engine.createSearch(grid));
    search.reset(start, goal);
    search.runSteps(12);
    const { openSize } = search.counters();
    const list = search.openList(openSize + 10);
    expect(list).toHaveLength(openSize);
    for (let i = 1; i < list.length; ++i) expect(list[i]!.f).toBeGreaterThanOrEqual(list[i - 1]!.f - 2 ** -20);
    expect(search.openList(3)).toEqual(list.slice(0, 3));

    search.setOptions({ algorithm: 'bidirectional' });
    search.reset(start, goal);
    search.runSteps(12);
    const both = search.openList(1000);
    expect(both).toHaveLength(search.counters().openSize);
    expect(new Set(both.map((entry) => entry.side))).toEqual(new Set(['forward', 'backward']));
  });

  it('needs a whole number >= 0 as the limit', () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    const search = keepSearch(engine.createSearch(grid));
    search.reset({ x: 0, y: 0 }, { x: 3, y: 3 });
    expect(search.openList(0)).toEqual([]);
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2' as unknown as number])
      expect(() => search.openList(bad)).toThrow(RangeError);
  });
});

describe('cell values (heat maps)', () => {
  it('gives h on every walkable cell and f where the search has been, agreeing with the per-cell reads', () => {
    const grid = keepGrid(engine.parseMap(mapText(['........', '.@@@@@..', '......@.', '..@.....'])));
    for (const algorithm of ['astar', 'greedy', 'bidirectional'] as const) {
      const search = keepSearch(engine.createSearch(grid, { algorithm }));
      search.reset({ x: 0, y: 0 }, { x: 7, y: 3 });
      search.runSteps(6);
      const h = search.cellValues('h'), f = search.cellValues('f');
      expect(h).toHaveLength(grid.width * grid.height);
      for (let y = 0; y < grid.height; y++) {
        for (let x = 0; x < grid.width; x++) {
          const id = y * grid.width + x;
          if (grid.cost(x, y) === 0) expect(h[id]).toBeNaN();
          else expect(h[id]).toBeCloseTo(search.h(x, y), 5);
          const reached = search.phase(x, y) !== 'unseen';
          if (reached) expect(f[id], `${algorithm} f at ${x},${y}`).toBeCloseTo(search.f(x, y)!, 5);
          else expect(f[id]).toBeNaN();
        }
      }
      // A copy: later steps do not change what was read.
      const before = Array.from(f);
      search.runSteps(4);
      expect(Array.from(f)).toEqual(before);
    }
  });
});

describe('D* Lite', () => {
  it('searches back from the goal: expand, key and rhs events, g and rhs channels, arrows toward the goal', () => {
    const grid = keepGrid(engine.parseMap(mapText(['....', '.@@.', '....'])));
    const search = keepSearch(engine.createSearch(grid, { algorithm: 'dstar-lite', diagonal: 'never' }));
    expect(search.reset({ x: 0, y: 0 }, { x: 3, y: 2 })).toBe(true);
    const first = search.step()!;
    // The goal is popped first: over-consistent (g infinite, rhs 0), with key [h(start, goal); 0].
    expect(first).toMatchObject({ cell: { x: 3, y: 2 }, g: 0, h: 5, f: 5 });
    expect(eventsOf(first, 'key')).toEqual([{ kind: 'key', cell: { x: 3, y: 2 }, outcome: 'over-consistent', k1: 5, k2: 0, newK1: null, oldG: Infinity }]);
    expect(eventsOf(first, 'rhs')).toEqual([
      { kind: 'rhs', cell: { x: 3, y: 1 }, outcome: 'queued', oldRhs: Infinity, newRhs: 1, k1: 1 + 4, next: { x: 3, y: 2 } },
      { kind: 'rhs', cell: { x: 2, y: 2 }, outcome: 'queued', oldRhs: Infinity, newRhs: 1, k1: 1 + 4, next: { x: 3, y: 2 } },
    ]);
    // Equal keys [5; 1]: the smaller cell id first.
    expect(search.openList(5).map((item) => item.cell)).toEqual([{ x: 3, y: 1 }, { x: 2, y: 2 }]);
    expect(search.openList(1)[0]).toEqual({ cell: { x: 3, y: 1 }, g: 1, h: 4, f: 5, side: 'forward' });
    search.run();
    expect(search.status).toBe('found');
    expect(search.pathCost).toBe(5);
    // The queue outlives the plan (the next repair starts from it), so it is still listed.
    const kept = search.openList(100);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toHaveLength(search.counters().openSize);
    expect(search.path()[0]).toEqual({ x: 0, y: 0 });
    const view = search.cellView();
    expect(view.has('rhs')).toBe(true);
    const at = (x: number, y: number) => y * 4 + x;
    expect(view.valueAt('rhs', at(3, 2))).toBe(0);
    // Ties at equal k1 go to the larger k2 (nearer the start): from (3, 1) the search dives
    // along the top row to the start, which leaves (2, 2) unsettled.
    expect(search.path()).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }, { x: 3, y: 0 }, { x: 3, y: 1 }, { x: 3, y: 2 }]);
    expect(view.gAt(at(3, 1))).toBe(1);
    expect(view.gAt(at(2, 2))).toBe(Infinity);
    // The parent is the next cell toward the goal.
    expect(view.parentAt(at(3, 1))).toBe(at(3, 2));
    expect(search.parent(3, 1)).toEqual({ x: 3, y: 2 });
    expect(search.routeTo({ x: 0, y: 0 })).toEqual(search.path());
  });

  it('finds the same cost as Dijkstra', () => {
    const grid = keepGrid(engine.parseMap(mapText(['.....@....', '..@..@.@..', '..@....@..', '..@@@@.@..', '.......@..'])));
    for (const diagonal of engine.catalog.diagonals)
      for (const costModel of engine.catalog.costModels) {
        const costs = (['dijkstra', 'dstar-lite'] as const).map((algorithm) => {
          const search = keepSearch(engine.createSearch(grid, { algorithm, diagonal, costModel }));
          search.reset({ x: 0, y: 0 }, { x: 9, y: 4 });
          search.run();
          return search.pathCost;
        });
        expect(costs[1]).toBeCloseTo(costs[0]!, 9);
      }
  });
});

describe('preparation (JPS+)', () => {
  // A corridor map: S at (0, 1), G at (9, 1), a wall with a gap.
  const MAP = [
    '..........',
    '.....@....',
    '.....@....',
    '..........',
  ];
  const S = { x: 0, y: 1 }, G = { x: 9, y: 1 };
  const jpsPlus = (grid: Grid, options: Partial<SearchOptions> = {}) => keepSearch(engine.createSearch(grid, { algorithm: 'jps-plus', ...options }));

  it('is preparing after reset, prepares in slices with progress, then begins as a fresh search', () => {
    const grid = keepGrid(engine.parseMap(mapText(MAP)));
    const search = jpsPlus(grid);
    expect(search.preparation()).toEqual({ needed: true, ready: false, done: 0, total: 8, bytes: 0 });
    expect(search.reset(S, G)).toBe(true);
    expect(search.status).toBe('preparing');
    expect(search.openList(5)).toEqual([]);
    expect(search.counters().expanded).toBe(0);
    expect(search.prepareSteps(3)).toBe(3);
    expect(search.preparation()).toEqual({ needed: true, ready: false, done: 3, total: 8, bytes: 40 * 16 });
    expect(search.cellView().has('jumpE')).toBe(false);
    expect(search.prepareSteps(0)).toBe(0);
    expect(search.prepareSteps(100)).toBe(5);
    expect(search.status).toBe('running');
    expect(search.preparation()).toEqual({ needed: true, ready: true, done: 8, total: 8, bytes: 40 * 16 });
    expect(search.counters().expanded).toBe(0);
    expect(search.openList(1).map((entry) => entry.cell)).toEqual([S]);
    // The jumps as channels: from (0, 1) east the wall at (5, 1) ends the jump 4 moves on.
    const view = search.cellView();
    expect(view.valueAt('jumpE', 1 * 10 + 0)).toBe(4);
    expect(view.valueAt('jumpN', 1 * 10 + 0)).toBe(1);
    expect(() => search.prepareSteps(-1)).toThrow(RangeError);
    expect(() => search.prepareSteps(1.5)).toThrow(RangeError);
  });

  it('finds what JPS finds, expansion by expansion, and step and run prepare first', () => {
    const grid = keepGrid(engine.parseMap(mapText(MAP)));
    const jps = keepSearch(engine.createSearch(grid, { algorithm: 'jps' }));
    const plus = jpsPlus(grid);
    jps.reset(S, G);
    plus.reset(S, G);
    for (;;) {
      const a = jps.step(), b = plus.step();
      expect(b?.cell).toEqual(a?.cell);
      expect(b && neighbours(b)).toEqual(a && neighbours(a));
      if (!a || !b) break;
    }
    expect(plus.status).toBe('found');
    expect(plus.path()).toEqual(jps.path());
    expect(plus.pathCost).toBe(jps.pathCost);
    const run = jpsPlus(grid);
    run.reset(S, G);
    expect(run.runSteps(0)).toBe(0);
    expect(run.status).toBe('preparing');
    run.run();
    expect(run.status).toBe('found');
    expect(run.counters().expanded).toBe(jps.counters().expanded);
  });

  it('is prepared once for two searches on one map, and again after an edit or another rule', () => {
    const grid = keepGrid(engine.parseMap(mapText(MAP)));
    const first = jpsPlus(grid), second = jpsPlus(grid), never = jpsPlus(grid, { diagonal: 'never' });
    first.reset(S, G);
    first.prepareSteps(Number.MAX_SAFE_INTEGER);
    second.reset(G, S);
    expect(second.status).toBe('preparing');
    expect(second.adoptPreparation(first)).toBe(true);
    expect(second.status).toBe('running');
    expect(second.cellView().valueAt('jumpW', 1 * 10 + 9)).toBe(first.cellView().valueAt('jumpW', 1 * 10 + 9));
    never.reset(S, G);
    expect(never.adoptPreparation(first)).toBe(false);
    expect(never.status).toBe('preparing');
    expect(() => second.adoptPreparation({} as Search)).toThrow(TypeError);
    grid.setCost(5, 0, 0);
    expect(first.stale).toBe(true);
    expect(first.prepareSteps(10)).toBe(0);
    first.reset(S, G);
    expect(first.status).toBe('preparing');
    expect(first.preparation().ready).toBe(false);
    first.run();
    expect(first.status).toBe('found');
  });

  it('is needed by no other search', () => {
    const grid = keepGrid(engine.createGrid(4, 4));
    for (const row of engine.catalog.algorithms.filter((row) => !row.prepares)) {
      const search = keepSearch(engine.createSearch(grid, { algorithm: row.name }));
      expect(search.preparation(), row.name).toEqual({ needed: false, ready: true, done: 0, total: 0, bytes: 0 });
      search.reset({ x: 0, y: 0 }, { x: 3, y: 3 });
      expect(search.status, row.name).not.toBe('preparing');
      expect(search.prepareSteps(5), row.name).toBe(0);
    }
  });

  it('shows on a walk\'s planner, which stays read-only', () => {
    const world = keepGrid(engine.parseMap(mapText(MAP)));
    const walk = engine.createWalk(world);
    try {
      walk.setOptions({ algorithm: 'jps-plus' }, 0);
      walk.reset(S, G);
      expect(walk.status).toBe('planning');
      expect(walk.planner.status).toBe('preparing');
      expect(walk.planner.preparation()).toMatchObject({ needed: true, ready: false });
      expect(() => walk.planner.prepareSteps(1)).toThrow(/read-only/);
      const own = jpsPlus(world);
      expect(() => walk.planner.adoptPreparation(own)).toThrow(/read-only/);
      walk.runSteps(Number.MAX_SAFE_INTEGER);
      expect(walk.status).toBe('arrived');
      expect(walk.planner.preparation().ready).toBe(true);
    } finally {
      walk.delete();
    }
  });
});

describe('options set mid-search', () => {
  it('wait for the next reset(): the running search keeps its rule, priority, cap and class', () => {
    const grid = keepGrid(engine.createGrid(6, 6));
    const start = { x: 0, y: 0 }, goal = { x: 5, y: 5 };
    const search = keepSearch(engine.createSearch(grid));
    // What each algorithm expands on this open map from start to goal, with the Moving AI rule.
    const expansions = { astar: 6, bidirectional: 0, ida: 0, 'dstar-lite': 0 };
    const changes: [keyof typeof expansions, Partial<SearchOptions>][] = [
      ['bidirectional', { diagonal: 'never' }],     // read by the core at every expansion
      ['ida', { diagonal: 'never' }],
      ['dstar-lite', { diagonal: 'never' }],
      ['astar', { algorithm: 'greedy', weight: 3 }], // another algorithm of the same class
      ['astar', { maxExpansions: 5 }],              // a cap the search would reach
      ['astar', { algorithm: 'ida' }],              // an algorithm another class runs
    ];
    for (const [algorithm] of changes) {
      search.setOptions({ algorithm, diagonal: 'only-when-no-obstacles', weight: 1, maxExpansions: undefined });
      search.reset(start, goal);
      search.run();
      expansions[algorithm] = search.counters().expanded;
    }
    for (const [algorithm, change] of changes) {
      const what = `${algorithm}, then ${JSON.stringify(change)}`;
      search.setOptions({ algorithm, diagonal: 'only-when-no-obstacles', weight: 1, maxExpansions: undefined });
      search.reset(start, goal);
      expect(search.runSteps(3)).toBe(3);
      search.setOptions(change);
      expect(search.options).toMatchObject(change);
      search.run();
      expect(search.status, what).toBe('found');
      expect(search.pathCost, what).toBeCloseTo(5 * SQRT2, 9);
      expect(search.counters().expanded, what).toBe(expansions[algorithm]);
    }
    // At the next reset they apply.
    search.setOptions({ algorithm: 'astar', diagonal: 'never', maxExpansions: 4 });
    search.reset(start, goal);
    search.run();
    expect(search.status).toBe('gave-up');
    search.setOptions({ maxExpansions: undefined });
    search.reset(start, goal);
    search.run();
    expect(search.pathCost).toBe(10);
  });
});
