// The family of searches in the page, in real Chromium: every algorithm of the engine's
// catalog offered by its label, stepped forward and back exactly, narrated by how it
// really picks cells; JPS's scans and jump points, Theta*'s straight segments,
// bidirectional A*'s two frontiers, IDA*'s threshold and expansion limit, the cost
// model, and the refusals that replace wrong answers.
import { afterEach, describe, expect, it } from 'vitest';
import { eventsOf } from '../../web/src/engine/engine';
import { captureShareState, shareFragment, loadShareFragment } from '../../web/src/share/playground-state';
import { choose, mountPerTest, query, snapshot } from './playground-helpers';

const mountHere = mountPerTest();

async function open(language: 'en' | 'zh-CN' = 'en') {
  return mountHere(null, language);
}

/** A 48 x 32 map of one terrain cost with walls (the generators are seeded: a seed names a map). */
async function openOnWalls(language: 'en' | 'zh-CN' = 'en') {
  const result = await open(language);
  result.app.store.newMap(48, 32);
  result.app.store.generate('random-walls', 0.25, 11);
  return result;
}

const status = (container: HTMLElement) => query(container, '[data-region="status"]').textContent ?? '';
const narration = (container: HTMLElement) => query(container, '[data-region="narration"]').textContent ?? '';
const algorithmSelect = (container: HTMLElement) => query<HTMLSelectElement>(container, '[data-control="algorithm"]');
const click = (container: HTMLElement, action: string) => query<HTMLButtonElement>(container, `[data-action="${action}"]`).click();

describe('every search of the catalog', () => {
  it('is offered by its label, in the order of the engine table', async () => {
    const { app, container } = await openOnWalls();
    const options = [...algorithmSelect(container).options];
    // Every row, the searches on the navigation mesh included.
    expect(options.map((o) => o.value)).toEqual(app.engine.catalog.algorithms.map((row) => row.name));
    expect(options.map((o) => o.textContent)).toEqual([
      'A*', 'Dijkstra', 'Greedy best-first', 'Breadth-first', 'Depth-first', 'Jump point search (JPS)',
      'Bidirectional A*', 'IDA* (iterative deepening)', 'Theta* (any-angle)', 'D* Lite (incremental)', 'JPS+ (precomputed jumps)', 'MPAA* (multipath adaptive)',
      'Subgoal graph (prepared)', 'Navmesh A* + funnel', 'Polyanya (optimal any-angle)',
    ]);
  });

  it('steps forward, back and forward again to exactly the same state, for every algorithm', async () => {
    const { app, container } = await openOnWalls();
    // Steps shown, then two more and two back: within the shortest search here (the
    // subgoal graph, whose landmarks take it to the goal in 8 expansions).
    const SHOWN = 6;
    let stepBefore = 0;
    for (const row of app.engine.catalog.algorithms.filter((r) => !r.onMesh)) {
      choose(algorithmSelect(container), row.name);
      // A search that prepares per map does so as a background job first.
      if (row.prepares) await app.store.whenSettled();
      expect(app.store.options.algorithm).toBe(row.name);
      // Another algorithm keeps the step shown: the new search is shown after as many steps.
      expect(app.store.timeline.step, row.name).toBe(stepBefore);
      click(container, 'reset');
      for (let i = 0; i < SHOWN; i++) click(container, 'step');
      const shown = snapshot(app);
      expect(shown.step, row.name).toBe(SHOWN);
      click(container, 'step');
      click(container, 'step');
      click(container, 'step-back');
      click(container, 'step-back');
      expect(snapshot(app), `${row.name}: two steps back`).toEqual(shown);
      click(container, 'reset');
      for (let i = 0; i < SHOWN; i++) click(container, 'step');
      expect(snapshot(app), `${row.name}: replayed from the start`).toEqual(shown);
      stepBefore = SHOWN;
    }
  });

  it('narrates how each algorithm picked the cell it expanded, never "the lowest f" unless it did', async () => {
    const { container } = await openOnWalls();
    const said: Record<string, string> = {};
    for (const name of ['astar', 'dijkstra', 'greedy', 'bfs', 'dfs', 'bidirectional', 'ida']) {
      choose(algorithmSelect(container), name);
      for (let i = 0; i < 3; i++) click(container, 'step');
      said[name] = narration(container);
    }
    expect(said.astar).toMatch(/the open cell with the lowest f = /);
    expect(said.dijkstra).toMatch(/the open cell with the lowest g = /);
    expect(said.greedy).toMatch(/the open cell with the lowest h = /);
    expect(said.bfs).toMatch(/the open cell found earliest \(first in, first out\)/);
    expect(said.dfs).toMatch(/the open cell found most recently \(last in, first out\)/);
    expect(said.bidirectional).toMatch(/the (forward|backward) \(from the (start|goal)\) search expanded/);
    expect(said.ida).toMatch(/went deeper to .* is within the threshold/);
    for (const name of ['dijkstra', 'greedy', 'bfs', 'dfs']) expect(said[name], name).not.toMatch(/lowest f/);
  });
});

describe('jump point search', () => {
  it('draws its scans, marks forced neighbours and says why each successor is a jump point', async () => {
    const { app, container } = await openOnWalls();
    choose(algorithmSelect(container), 'jps');
    let scans = 0, jumpPoints = 0;
    for (let i = 0; i < 8 && app.store.gridTimeline!.display.status === 'running'; i++) {
      click(container, 'step');
      const step = app.store.gridTimeline!.lastEvent!;
      scans += eventsOf(step, 'scan').length;
      jumpPoints += eventsOf(step, 'neighbour').filter((n) => n.outcome === 'opened').length;
    }
    expect(scans).toBeGreaterThan(8);
    expect(jumpPoints).toBeGreaterThan(2);
    // The cells scans passed over are kept (faintly drawn): more of them than were opened.
    const cells = app.store.gridTimeline!.display.cellView();
    let scanned = 0, reached = 0;
    for (let id = 0; id < cells.count; id++) {
      if (cells.scannedAt(id)) scanned++;
      if (cells.phaseAt(id) !== 0) reached++;
    }
    expect(scanned).toBeGreaterThan(reached);
    click(container, 'reset');
    let explained = '';
    for (let i = 0; i < 20 && !/\((a wall makes|a straight scan from it|the goal)/.test(explained); i++) {
      click(container, 'step');
      explained = narration(container);
    }
    expect(explained).toMatch(/Jump points found: \(\d+, \d+\) \((a wall makes \(\d+, \d+\) reachable only through it|a straight scan from it reaches|the goal)/);
  });

  it('finds the same cost as A* with far fewer expansions, and its path goes cell by cell', async () => {
    const { app, container } = await openOnWalls();
    const finish = (name: string) => {
      choose(algorithmSelect(container), name);
      app.store.timeline.goTo(Number.MAX_SAFE_INTEGER);
      const search = app.store.gridTimeline!.display;
      return { cost: search.pathCost, expanded: search.counters().expanded, path: search.path() };
    };
    const astar = finish('astar'), jps = finish('jps');
    expect(jps.cost).toBeCloseTo(astar.cost!, 9);
    expect(jps.expanded).toBeLessThan(astar.expanded / 2);
    for (let i = 1; i < jps.path.length; i++) {
      const [a, b] = [jps.path[i - 1]!, jps.path[i]!];
      expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBe(1);
    }
  });

  it('on the demo map\'s terrain finds the cost A* and Dijkstra find, and says and shows where a change of terrain stopped a scan, in English and Chinese', async () => {
    const { app, container } = await open(); // the demo map has a patch of terrain
    const finish = (name: string) => {
      choose(algorithmSelect(container), name);
      app.store.timeline.goTo(Number.MAX_SAFE_INTEGER);
      return app.store.gridTimeline!.display.pathCost;
    };
    const astar = finish('astar'), dijkstra = finish('dijkstra'), jps = finish('jps');
    expect(jps).not.toBeNull();
    expect(jps).toBeCloseTo(astar!, 9);
    expect(jps).toBeCloseTo(dijkstra!, 9);
    click(container, 'reset');
    const currentLine = () => query(container, '[data-region="pseudocode"] [aria-current="step"]');
    let stopped = false;
    for (let i = 0; i < 200 && !stopped && app.store.gridTimeline!.display.status === 'running'; i++) {
      click(container, 'step');
      stopped = /\(the terrain changes beside it, g = /.test(narration(container));
    }
    expect(stopped).toBe(true);
    expect(eventsOf(app.store.gridTimeline!.lastEvent!, 'scan').some((scan) => scan.outcome === 'terrain-change')).toBe(true);
    expect(currentLine().getAttribute('data-line')).toBe('terrain');
    expect(currentLine().textContent).toMatch(/^a cell beside a change of terrain/);
    app.store.setLanguage('zh-CN');
    expect(narration(container)).toMatch(/（它旁边的地形有变化，g = /);
    expect(currentLine().getAttribute('data-line')).toBe('terrain');
    expect(currentLine().textContent).toMatch(/^旁边地形有变化的格子/);
  });

  it('is offered on a map with terrain costs; JPS+ is not, with the reason shown, and a link asking for JPS+ is refused, not answered', async () => {
    const { app, container } = await open(); // the demo map has a patch of terrain
    const option = (name: string) => [...algorithmSelect(container).options].find((o) => o.value === name)!;
    expect(option('jps').disabled).toBe(false);
    expect(option('jps').textContent).toBe('Jump point search (JPS)');
    expect(option('jps-plus').disabled).toBe(true);
    expect(option('jps-plus').textContent).toBe('JPS+ (precomputed jumps) (not here)');
    // The note lists them as a sentence does, and says what to do.
    const note = () => query(container, '[data-region="option-note"]').textContent;
    const listed = 'JPS+ (precomputed jumps), Subgoal graph (prepared), Navmesh A* + funnel, and Polyanya (optimal any-angle) are defined only for maps where '
      + 'every walkable cell costs the same, and this map has terrain costs: to run them, erase the terrain or choose another map.';
    expect(note().slice(0, listed.length)).toBe(listed);
    app.store.setLanguage('zh-CN');
    expect(note()).toMatch(/^JPS\+（预计算跳跃）、子目标图（预处理）、导航网格 A\* \+ 漏斗和Polyanya（最优任意角度）只适用于.*：要运行它们，请擦除地形或选择别的地图。/);
    app.store.setLanguage('en');
    // A link (or an embed) can still name it: the search refuses, and says why.
    const state = captureShareState(app.store);
    app.store.loadState({ map: { ...state, name: 'x' }, searches: [{ ...state.searches[0]!, algorithm: 'jps-plus' }], step: null, view: null, walk: null });
    expect(app.store.gridTimeline!.display.status).toBe('refused');
    expect(status(container)).toMatch(/^Not run: JPS\+ \(precomputed jumps\) is defined only for maps where every walkable cell costs the same, and this map has terrain costs: erase the terrain, or choose another map or algorithm\./);
    expect(app.store.gridTimeline!.display.path()).toEqual([]);
  });
});

describe('Theta*', () => {
  it('finds a path of straight segments no longer than A*\'s, and shows each line of sight it checked', async () => {
    const { app, container } = await openOnWalls();
    choose(algorithmSelect(container), 'theta');
    for (let i = 0; i < 6; i++) click(container, 'step');
    const sights = eventsOf(app.store.gridTimeline!.lastEvent!, 'sight');
    expect(sights.length).toBeGreaterThan(0);
    expect(narration(container)).toMatch(/The parent \(\d+, \d+\) sees|No line of sight from/);
    app.store.timeline.goTo(Number.MAX_SAFE_INTEGER);
    const theta = app.store.gridTimeline!.display;
    const corners = theta.path();
    const cost = theta.pathCost!;
    choose(algorithmSelect(container), 'astar');
    app.store.timeline.goTo(Number.MAX_SAFE_INTEGER);
    const astar = app.store.gridTimeline!.display;
    expect(cost).toBeLessThan(astar.pathCost!);
    expect(corners.length).toBeLessThan(astar.path().length);
  });

  it('is offered on the demo map, which has terrain costs, and finds a path of straight segments there', async () => {
    const { app, container } = await open(); // the demo map has a patch of terrain
    expect(app.store.grid.uniformCost()).toBe(false);
    const option = [...algorithmSelect(container).options].find((o) => o.value === 'theta')!;
    expect(option.disabled).toBe(false);
    expect(option.textContent).toBe('Theta* (any-angle)');
    expect(query(container, '[data-region="option-note"]').textContent).not.toMatch(/Theta\*/);
    choose(algorithmSelect(container), 'theta');
    expect(app.store.options.algorithm).toBe('theta');
    app.store.timeline.goTo(Number.MAX_SAFE_INTEGER);
    const theta = app.store.gridTimeline!.display;
    expect(theta.status).toBe('found');
    const corners = theta.path();
    expect(corners[0]).toEqual(app.store.start);
    expect(corners.at(-1)).toEqual(app.store.goal);
    expect(theta.pathCost).toBeGreaterThan(0);
    expect(status(container)).not.toMatch(/^Not run/);
  });

  it('offers only the diagonal rules and cost model it supports, switching to one when chosen', async () => {
    const { app, container } = await openOnWalls();
    choose(query(container, '[data-control="diagonal"]'), 'always');
    choose(query(container, '[data-control="cost-model"]'), '10-14');
    choose(algorithmSelect(container), 'theta');
    expect(app.store.options).toMatchObject({ algorithm: 'theta', diagonal: 'only-when-no-obstacles', costModel: 'exact' });
    const disabled = (control: string) =>
      [...query<HTMLSelectElement>(container, `[data-control="${control}"]`).options].filter((o) => o.disabled).map((o) => o.value);
    expect(disabled('diagonal')).toEqual(['always', 'if-at-most-one-obstacle']);
    expect(disabled('cost-model')).toEqual(['10-14']);
    expect(query(container, '[data-region="option-note"]').textContent).toContain('Theta* (any-angle) supports the diagonal rules: Never, Only when no obstacles.');
    app.store.setLanguage('zh-CN');
    expect(query(container, '[data-region="option-note"]').textContent).toContain('Theta*（任意角度） 支持的对角规则：不允许、没有障碍时允许。');
    expect(app.store.gridTimeline!.display.status).toBe('running');
  });
});

describe('bidirectional A*', () => {
  it('grows two frontiers, marks the best meeting and stops only when no cheaper path can exist', async () => {
    const { app, container } = await openOnWalls();
    choose(algorithmSelect(container), 'bidirectional');
    const sides = new Set<string>();
    let stop = '';
    while (app.store.gridTimeline!.display.status === 'running') {
      click(container, 'step');
      sides.add(app.store.gridTimeline!.lastEvent!.side);
      if (eventsOf(app.store.gridTimeline!.lastEvent!, 'stop').length > 0) stop = narration(container);
    }
    expect([...sides].sort()).toEqual(['backward', 'forward']);
    expect(stop).toMatch(/Stop: the best meeting costs [\d.]+, and no path is cheaper, because every open cell of the two searches has f ≥ [\d.]+\./);
    const bidirectional = app.store.gridTimeline!.display.pathCost;
    expect(app.store.gridTimeline!.display.progress().meetingCell).not.toBeNull();
    choose(algorithmSelect(container), 'dijkstra');
    app.store.timeline.goTo(Number.MAX_SAFE_INTEGER);
    expect(bidirectional).toBeCloseTo(app.store.gridTimeline!.display.pathCost!, 9);
  });
});

describe('IDA*', () => {
  it('shows its threshold and re-expansions, and stops at the expansion limit saying so, never "no path"', async () => {
    const { app, container } = await openOnWalls();
    choose(algorithmSelect(container), 'ida');
    const limit = query<HTMLInputElement>(container, '[data-control="max-expansions"]');
    expect(limit.closest('label')!.hidden).toBe(false);
    for (let i = 0; i < 5; i++) click(container, 'step');
    expect(status(container)).toMatch(/Iteration \d+, threshold f ≤ [\d.]+\./);
    limit.value = '40';
    limit.dispatchEvent(new Event('change', { bubbles: true }));
    expect(app.store.options.maxExpansions).toBe(40);
    app.store.seek(Number.MAX_SAFE_INTEGER);
    expect(app.store.gridTimeline!.display.status).toBe('gave-up');
    expect(status(container)).toMatch(/^Gave up after 40 expansions \(the expansion limit\): whether a path exists is not known\./);
    expect(status(container)).not.toMatch(/No path/);
    // Without a limit in the way, it finds A*'s cost.
    limit.value = '1000000';
    limit.dispatchEvent(new Event('change', { bubbles: true }));
    app.store.seek(Number.MAX_SAFE_INTEGER);
    const ida = app.store.gridTimeline!.display;
    expect(ida.status).toBe('found');
    const cells = ida.cellView();
    let revisited = 0;
    for (let id = 0; id < cells.count; id++) if (cells.valueAt('visits', id) > 1) revisited++;
    expect(revisited).toBeGreaterThan(0);
    const cost = ida.pathCost;
    choose(algorithmSelect(container), 'astar');
    app.store.seek(Number.MAX_SAFE_INTEGER);
    expect(cost).toBeCloseTo(app.store.gridTimeline!.display.pathCost!, 9);
  });
});

describe('the cost model', () => {
  it('counts 10 and 14 in every number the page shows, and travels in links', async () => {
    const { app, container } = await openOnWalls();
    choose(query(container, '[data-control="cost-model"]'), '10-14');
    app.store.seek(Number.MAX_SAFE_INTEGER);
    const cost = app.store.gridTimeline!.display.pathCost!;
    expect(Number.isInteger(cost)).toBe(true);
    expect(status(container)).toContain(`Path cost ${cost}.`);
    const fragment = shareFragment(app.store);
    const second = await open();
    loadShareFragment(second.app.store, fragment, captureShareState(second.app.store));
    expect(second.app.store.options.costModel).toBe('10-14');
    expect(second.app.store.gridTimeline!.display.pathCost).toBe(cost);
  });
});

describe('in Chinese', () => {
  it('names the algorithms and narrates the new searches in Chinese', async () => {
    const { container } = await openOnWalls('zh-CN');
    const labels = [...algorithmSelect(container).options].map((o) => o.textContent);
    expect(labels).toEqual(['A*', 'Dijkstra', '贪婪最佳优先', '广度优先', '深度优先', '跳点搜索（JPS）', '双向 A*', 'IDA*（迭代加深）', 'Theta*（任意角度）', 'D* Lite（增量式）', 'JPS+（预计算跳跃）', 'MPAA*（多路径自适应）', '子目标图（预处理）', '导航网格 A* + 漏斗', 'Polyanya（最优任意角度）']);
    choose(algorithmSelect(container), 'bfs');
    click(container, 'step');
    expect(narration(container)).toContain('最早被发现的格子（先进先出）');
  });
});

describe('the heuristic control', () => {
  const heuristicSelect = (container: HTMLElement) => query<HTMLSelectElement>(container, '[data-control="heuristic"]');
  const shown = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '';

  it('says "None (h = 0)", disabled, for every search that reads no heuristic, and gives the choice back after', async () => {
    const { app, container } = await openOnWalls();
    const select = heuristicSelect(container);
    choose(select, 'euclidean');
    expect(shown(select)).toBe('Euclidean');
    const blind = app.engine.catalog.algorithms.filter((row) => !row.usesHeuristic && !row.onMesh && row.name !== 'subgoal-graph').map((row) => row.name);
    // Dijkstra, breadth-first and depth-first at least: the searches a learner compares A* with.
    expect(blind).toEqual(expect.arrayContaining(['dijkstra', 'bfs', 'dfs']));
    for (const name of blind) {
      choose(algorithmSelect(container), name);
      expect(shown(select), name).toBe('None (h = 0)');
      expect(select.disabled, name).toBe(true);
      // What the cells show agrees: the search's h is 0 at the start, far from the goal.
      expect(app.store.gridTimeline!.display.h(app.store.start.x, app.store.start.y), name).toBe(0);
    }
    // The searches on the navigation mesh read no choice either, but their h is the
    // straight-line distance, not 0: the menu names that one (a new user saw "None").
    const onMesh = app.engine.catalog.algorithms.filter((row) => row.onMesh).map((row) => row.name);
    expect(onMesh).toEqual(expect.arrayContaining(['navmesh', 'polyanya']));
    for (const name of onMesh) {
      choose(algorithmSelect(container), name);
      expect(shown(select), name).toBe('Euclidean (its own)');
      expect(select.disabled, name).toBe(true);
    }
    // The subgoal graph's h is the rule's distance raised by its landmarks (a new user saw
    // "None" beside a narration of h 8.41), named for the rule chosen.
    choose(algorithmSelect(container), 'subgoal-graph');
    expect(shown(select)).toBe('Octile or landmarks, the larger (its own)');
    expect(select.disabled).toBe(true);
    choose(query<HTMLSelectElement>(container, '[data-control="diagonal"]'), 'never');
    expect(shown(select)).toBe('Manhattan or landmarks, the larger (its own)');
    choose(query<HTMLSelectElement>(container, '[data-control="diagonal"]'), 'only-when-no-obstacles');
    choose(algorithmSelect(container), 'astar');
    expect(shown(select)).toBe('Euclidean');
    expect(select.disabled).toBe(false);
    // The "none" entry is not a choice an A* user can make.
    expect([...select.options].filter((o) => !o.hidden).map((o) => o.value)).not.toContain('none');
  });

  it('says so in Chinese too', async () => {
    const { container } = await openOnWalls('zh-CN');
    choose(algorithmSelect(container), 'dijkstra');
    expect(shown(heuristicSelect(container))).toBe('无（h = 0）');
  });
});
