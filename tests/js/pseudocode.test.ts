// The Pseudocode inspector's content (each presenter's pseudocode, web/src/presenters/):
// every algorithm of the engine's catalog has pseudocode in both languages, and every step of real searches maps
// to lines of it, with the current line one of them and the one the step is about.
// Everything created is deleted.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  eventsOf,
  loadEngine,
  MESH_ALGORITHMS,
  type AlgorithmName,
  type DiagonalName,
  type Engine,
  type Grid,
  type Point,
  type Search,
  type SearchStatus,
  type StepEvent,
} from '../../web/src/engine/engine';
import { OUTCOMES_BY_EVENT_KIND } from '../../web/src/engine/generated/names';
import { PRESENTERS, presenterFor } from '../../web/src/presenters/index';
import * as pseudocode from '../../web/src/presenters/pseudocode';
import { LINE_RANKING, lineIds, pseudocodeLines, signalsOfStep, type LineId, type SignalTable } from '../../web/src/presenters/pseudocode';

const LANGUAGES = ['en', 'zh-CN'] as const;
const HAN = /\p{Script=Han}/u;

// Each algorithm's pseudocode is its presenter's: read here by the algorithm's name.
const code = (algorithm: AlgorithmName) => presenterFor(algorithm).pseudocode;
const byAlgorithm = <T>(read: (algorithm: AlgorithmName) => T) =>
  Object.fromEntries((Object.keys(PRESENTERS) as AlgorithmName[]).filter((algorithm) => !(MESH_ALGORITHMS as readonly string[]).includes(algorithm))
    .map((algorithm) => [algorithm, read(algorithm)])) as Record<AlgorithmName, T>;
const PSEUDOCODE_LINE_IDS: Record<AlgorithmName, LineId[]> = byAlgorithm((algorithm) => lineIds(code(algorithm)));
const STEP_SIGNAL_LINES: Record<AlgorithmName, SignalTable> = byAlgorithm((algorithm) => code(algorithm).signalLines);
const pseudocodeFor = (algorithm: AlgorithmName, language: (typeof LANGUAGES)[number]) => pseudocodeLines(code(algorithm), language);
const linesOfStep = (algorithm: AlgorithmName, step: StepEvent | null, status: SearchStatus) => pseudocode.linesOfStep(code(algorithm), step, status);
const currentLineOfStep = (algorithm: AlgorithmName, step: StepEvent | null, status: SearchStatus) => pseudocode.currentLineOfStep(code(algorithm), step, status);

let engine: Engine;
let algorithms: AlgorithmName[];
beforeAll(async () => {
  engine = await loadEngine();
  // The grid's searches (the mesh searches' pseudocode is read from their own events: mesh-page.test.ts).
  algorithms = engine.catalog.algorithms.filter((row) => !row.onMesh).map((row) => row.name);
});

// Deleted after each test, searches first (a grid refuses delete() while a search reads it).
const created: { grids: Grid[]; searches: Search[] } = { grids: [], searches: [] };
afterEach(() => {
  for (const search of created.searches.splice(0)) search.delete();
  for (const grid of created.grids.splice(0)) grid.delete();
});

// 12 x 8, '#' a wall. Walls with ends and gaps give JPS forced neighbours, Theta* both
// clear and blocked lines of sight, IDA* several iterations and the two frontiers of
// bidirectional A* a detour to meet along.
const WALLED = [
  '............',
  '..#.....#...',
  '..#..#..#...',
  '..#..#..#...',
  '..#..#......',
  '.....#..#...',
  '..####..#...',
  '............',
];
// The same with the goal's cell shut in: there is no path.
const SHUT_IN = [
  '............',
  '..#.....#...',
  '..#..#..####',
  '..#..#..#...',
  '..#..#..####',
  '.....#..#...',
  '..####..#...',
  '............',
];
// The walled map with terrain (digits: costs; '.' costs 1), for the searches that run on
// terrain: JPS's scans stop beside each change of cost; Theta* sees lines across costlier
// cells that cost more than an ordinary move.
const MARSH = [
  '............',
  '..#..33.#...',
  '..#..33.#...',
  '..#5555.#...',
  '..#..#..9...',
  '.....#..#...',
  '..####..#...',
  '............',
];
const START: Point = { x: 0, y: 3 };
const GOAL: Point = { x: 10, y: 3 };

function gridOf(rows: string[]): Grid {
  const grid = engine.createGrid(rows[0]!.length, rows.length);
  created.grids.push(grid);
  rows.forEach((row, y) => [...row].forEach((cell, x) => cell !== '.' && grid.setCost(x, y, cell === '#' ? 0 : Number(cell))));
  return grid;
}

interface ObservedStep {
  step: StepEvent;
  /** The search's status right after the step, as the page reads it. */
  status: SearchStatus;
}

/** Every step of one search, to its end. */
function stepsOf(grid: Grid, algorithm: AlgorithmName, diagonal: DiagonalName): ObservedStep[] {
  const search = engine.createSearch(grid, { algorithm, diagonal, maxExpansions: 50_000 });
  created.searches.push(search);
  expect(search.reset(START, GOAL)).toBe(true);
  const steps: ObservedStep[] = [];
  // A search that prepares per map (JPS+) prepares in its first step.
  while (search.status === 'running' || search.status === 'preparing') {
    const step = search.step();
    if (!step) break;
    steps.push({ step, status: search.status });
  }
  expect(search.status).not.toBe('gave-up');
  return steps;
}

/** Every (algorithm, diagonal rule) the catalog allows, for the walled map's runs; with `terrain`, those that run on terrain. */
function everyRun(terrain = false): Array<{ algorithm: AlgorithmName; diagonal: DiagonalName }> {
  return engine.catalog.algorithms.filter((row) => !row.onMesh && !(terrain && row.uniformTerrainOnly))
    .flatMap((row) => row.diagonals.map((diagonal) => ({ algorithm: row.name, diagonal })));
}

const samePoint = (a: Point, b: Point) => a.x === b.x && a.y === b.y;

describe('the pseudocode of every algorithm', () => {
  it('covers exactly the catalog', () => {
    expect(Object.keys(PSEUDOCODE_LINE_IDS).sort()).toEqual([...algorithms].sort());
    expect(Object.keys(STEP_SIGNAL_LINES).sort()).toEqual([...algorithms].sort());
  });

  it('has the same line ids in both languages, each once, with text in that language', () => {
    for (const algorithm of algorithms) {
      const ids = PSEUDOCODE_LINE_IDS[algorithm];
      expect(new Set(ids).size, algorithm).toBe(ids.length);
      expect(ids.length, algorithm).toBeGreaterThanOrEqual(8);
      expect(ids.length, algorithm).toBeLessThanOrEqual(16);
      expect(ids[0], algorithm).toBe('initialise');
      for (const language of LANGUAGES) {
        const lines = pseudocodeFor(algorithm, language);
        expect(lines.map((line) => line.id), `${algorithm} ${language}`).toEqual(ids);
        for (const line of lines) {
          expect(line.text.trim(), `${algorithm} ${line.id}`).not.toBe('');
          expect(HAN.test(line.text), `${algorithm} ${language} ${line.id}: ${line.text}`).toBe(language === 'zh-CN');
        }
        // Indents nest: from 0, one level deeper at most from one line to the next.
        expect(lines[0]!.indent).toBe(0);
        lines.forEach((line, i) => {
          expect(Number.isInteger(line.indent) && line.indent >= 0).toBe(true);
          if (i > 0) expect(line.indent - lines[i - 1]!.indent, `${algorithm} ${line.id}`).toBeLessThanOrEqual(1);
        });
      }
    }
  });

  it('shares the lines that are the same: A*, Dijkstra and greedy differ in the priority line', () => {
    for (const language of LANGUAGES) {
      const text = (algorithm: AlgorithmName) => new Map(pseudocodeFor(algorithm, language).map((line) => [line.id, line.text]));
      const astar = text('astar'), dijkstra = text('dijkstra'), greedy = text('greedy');
      expect([...dijkstra.keys()]).toEqual([...astar.keys()]);
      for (const [id, line] of astar) {
        if (id === 'pop') expect(dijkstra.get(id)).not.toBe(line);
        else expect(dijkstra.get(id), id).toBe(line);
        // Greedy never improves a cell, so it has no improve line and skips every cell found before.
        if (id !== 'pop' && id !== 'skip' && id !== 'improve') expect(greedy.get(id), id).toBe(line);
      }
      expect(greedy.get('pop')).not.toBe(astar.get('pop'));
      // Breadth- and depth-first are greedy with another order.
      for (const algorithm of ['bfs', 'dfs'] as const) {
        for (const [id, line] of greedy) if (id !== 'pop') expect(text(algorithm).get(id), `${algorithm} ${id}`).toBe(line);
      }
    }
  });

  it('maps every signal to lines of that algorithm, and ranks every line', () => {
    for (const algorithm of algorithms) {
      for (const [signal, ids] of Object.entries(STEP_SIGNAL_LINES[algorithm])) {
        expect(ids!.length, `${algorithm} ${signal}`).toBeGreaterThan(0);
        for (const id of ids!) expect(PSEUDOCODE_LINE_IDS[algorithm], `${algorithm} ${signal}`).toContain(id);
      }
      for (const id of PSEUDOCODE_LINE_IDS[algorithm]) expect(LINE_RANKING).toContain(id);
    }
  });

  it('JPS has lines for every way a scan ends; JPS+, which refuses terrain, for all but the stop beside a change of terrain', () => {
    for (const outcome of OUTCOMES_BY_EVENT_KIND.scan) {
      expect(STEP_SIGNAL_LINES.jps[`scan:${outcome}`], outcome).toBeDefined();
      expect(STEP_SIGNAL_LINES['jps-plus'][`scan:${outcome}`] !== undefined, outcome).toBe(outcome !== 'terrain-change');
    }
    expect(STEP_SIGNAL_LINES.jps['scan:terrain-change']).toEqual(['directions', 'scan', 'terrain', 'jump']);
    expect(PSEUDOCODE_LINE_IDS.jps).toContain('terrain');
    expect(PSEUDOCODE_LINE_IDS['jps-plus']).not.toContain('terrain');
    for (const language of LANGUAGES) {
      const directions = (algorithm: AlgorithmName) => pseudocodeFor(algorithm, language).find((line) => line.id === 'directions')!.text;
      expect(directions('jps'), language).toMatch(language === 'en' ? /a cell beside a change of terrain keeps every neighbour that no cheaper way round it reaches$/ : /旁边地形有变化的格子保留所有不能绕过它更便宜到达的邻居$/);
      expect(directions('jps-plus'), language).not.toMatch(/terrain|地形/);
    }
  });

  it('Theta* has lines for every way a line of sight ends: a line that costs more than the move takes the ordinary move, as a blocked one does', () => {
    for (const outcome of OUTCOMES_BY_EVENT_KIND.sight) expect(STEP_SIGNAL_LINES.theta[`sight:${outcome}`], outcome).toBeDefined();
    expect(STEP_SIGNAL_LINES.theta['sight:dearer']).toEqual(['neighbours', 'direct']);
    expect(STEP_SIGNAL_LINES.theta['sight:dearer']).toEqual(STEP_SIGNAL_LINES.theta['sight:obstructed']);
    // The lines say what decides between them on a map with terrain: cost, not length.
    const line = (language: (typeof LANGUAGES)[number], id: LineId) => pseudocodeFor('theta', language).find((l) => l.id === id)!.text;
    expect(line('en', 'sight')).toMatch(/and g\(q\) \+ the line’s cost ≤ g \+ the move’s cost: p ← q, g′ = g\(q\) \+ the line’s cost \(a line costs its length in each cell it crosses times that cell’s terrain cost/);
    expect(line('en', 'direct')).toMatch(/^otherwise \(no parent, the line is blocked, or it costs more\): p ← the cell, g′ = g \+ the move’s cost$/);
    expect(line('zh-CN', 'sight')).toMatch(/且 g\(q\) \+ 直线的代价 ≤ g \+ 这一步的代价：p ← q，g′ = g\(q\) \+ 直线的代价（直线的代价是它在经过的每个格子里的长度乘以该格子的地形代价/);
    expect(line('zh-CN', 'direct')).toMatch(/^否则（没有父节点、视线被挡住，或直线代价更高）/);
  });

  it('shows the initialise line before the first step', () => {
    for (const algorithm of algorithms) {
      expect(linesOfStep(algorithm, null, 'running')).toEqual(['initialise']);
      expect(currentLineOfStep(algorithm, null, 'running')).toBe('initialise');
    }
  });
});

describe('the lines of real steps', () => {
  it('maps every step to lines of its algorithm, in pseudocode order, the current line among them', () => {
    const signalsSeen = new Map<AlgorithmName, Set<string>>();
    const runs = [...everyRun().map((run) => ({ ...run, map: WALLED })), ...everyRun(true).map((run) => ({ ...run, map: MARSH }))];
    for (const { algorithm, diagonal, map } of runs) {
      const steps = stepsOf(gridOf(map), algorithm, diagonal);
      expect(steps.length).toBeGreaterThan(0);
      const ids = PSEUDOCODE_LINE_IDS[algorithm];
      for (const { step, status } of steps) {
        const context = `${algorithm} ${diagonal} ${map === MARSH ? 'marsh' : 'walled'} step ${JSON.stringify(step.cell)}`;
        // Every event kind (and outcome) the algorithm emitted is in its table.
        for (const signal of signalsOfStep(step, status)) {
          expect(STEP_SIGNAL_LINES[algorithm][signal], `${context}: ${signal}`).toBeDefined();
          (signalsSeen.get(algorithm) ?? signalsSeen.set(algorithm, new Set()).get(algorithm)!).add(signal);
        }
        const lines = linesOfStep(algorithm, step, status);
        expect(lines.length, context).toBeGreaterThan(0);
        const positions = lines.map((id) => ids.indexOf(id));
        expect(positions.every((p) => p >= 0), context).toBe(true);
        expect(positions, context).toEqual([...positions].sort((a, b) => a - b));
        expect(lines, context).toContain(currentLineOfStep(algorithm, step, status));
      }
      created.searches.splice(0).forEach((search) => search.delete());
      created.grids.splice(0).forEach((grid) => grid.delete());
    }
    // Every algorithm produced the signals that make its particular lines.
    const saw = (algorithm: AlgorithmName, signal: string) => expect(signalsSeen.get(algorithm)?.has(signal), `${algorithm} ${signal}`).toBe(true);
    saw('astar', 'neighbour:improved');
    saw('jps', 'forced');
    saw('jps', 'scan:jump-point');
    saw('jps', 'scan:terrain-change');
    saw('theta', 'sight:clear');
    saw('theta', 'sight:obstructed');
    saw('theta', 'sight:dearer');
    saw('bidirectional', 'meet');
    saw('ida', 'neighbour:pruned');
    saw('ida', 'backtrack');
    saw('dstar-lite', 'key:over-consistent');
    saw('dstar-lite', 'rhs:queued');
  });

  it('highlights the goal line on the step that expands the goal (bidirectional: the stop line)', () => {
    for (const { algorithm, diagonal } of everyRun()) {
      const steps = stepsOf(gridOf(WALLED), algorithm, diagonal);
      const last = steps[steps.length - 1]!;
      expect(last.status, `${algorithm} ${diagonal}`).toBe('found');
      if (algorithm === 'dstar-lite') {
        // No goal test: the pop after which nothing is left to do makes the plan.
        expect(currentLineOfStep(algorithm, last.step, last.status), diagonal).toBe('goal');
      } else if (algorithm === 'bidirectional') {
        expect(eventsOf(last.step, 'stop')).toHaveLength(1);
        expect(linesOfStep(algorithm, last.step, last.status)).toContain('stop');
        expect(currentLineOfStep(algorithm, last.step, last.status)).toBe('stop');
      } else {
        // The same step the narration calls the goal: the expanded cell is the goal.
        expect(samePoint(last.step.cell, GOAL), `${algorithm} ${diagonal}`).toBe(true);
        expect(currentLineOfStep(algorithm, last.step, last.status), `${algorithm} ${diagonal}`).toBe('goal');
      }
      // No earlier step goes through the lines that end the search.
      for (const { step, status } of steps.slice(0, -1)) {
        const lines = linesOfStep(algorithm, step, status);
        expect(lines, `${algorithm} ${diagonal}`).not.toContain('goal');
        expect(lines, `${algorithm} ${diagonal}`).not.toContain('stop');
        expect(lines, `${algorithm} ${diagonal}`).not.toContain('noPath');
      }
      // Once finished, with no step to show, the line that ended the search.
      expect(currentLineOfStep(algorithm, null, 'found')).toBe(algorithm === 'bidirectional' ? 'stop' : 'goal');
      created.searches.splice(0).forEach((search) => search.delete());
      created.grids.splice(0).forEach((grid) => grid.delete());
    }
  });

  it('highlights the no-path line on the step that proves there is no path', () => {
    for (const algorithm of algorithms) {
      const steps = stepsOf(gridOf(SHUT_IN), algorithm, 'only-when-no-obstacles');
      const last = steps[steps.length - 1]!;
      expect(last.status, algorithm).toBe('no-path');
      expect(currentLineOfStep(algorithm, last.step, last.status), algorithm).toBe('noPath');
      for (const { step, status } of steps.slice(0, -1)) expect(linesOfStep(algorithm, step, status), algorithm).not.toContain('noPath');
      created.searches.splice(0).forEach((search) => search.delete());
      created.grids.splice(0).forEach((grid) => grid.delete());
    }
  });

  it('JPS: a step whose scans found a jump point highlights a jump line', () => {
    const jumpLines: LineId[] = ['jump', 'forced'];
    let found = 0;
    for (const diagonal of engine.algorithm('jps').diagonals) {
      for (const { step, status } of stepsOf(gridOf(WALLED), 'jps', diagonal)) {
        const lines = linesOfStep('jps', step, status);
        const scans = eventsOf(step, 'scan');
        if (scans.some((scan) => scan.outcome === 'jump-point' || scan.outcome === 'reached-goal')) {
          found++;
          expect(lines).toContain('jump');
          expect(jumpLines).toContain(currentLineOfStep('jps', step, status));
        }
        if (eventsOf(step, 'forced').length > 0) expect(lines).toContain('forced');
        if (scans.some((scan) => scan.outcome === 'dead-end')) expect(lines).toContain('deadEnd');
      }
      created.searches.splice(0).forEach((search) => search.delete());
      created.grids.splice(0).forEach((grid) => grid.delete());
    }
    expect(found).toBeGreaterThan(0);
  });

  it('JPS on terrain: a step whose scan stopped beside a change of terrain shows the terrain line, and no other step passes it', () => {
    let stopped = 0;
    for (const diagonal of engine.algorithm('jps').diagonals) {
      for (const { step, status } of stepsOf(gridOf(MARSH), 'jps', diagonal)) {
        const lines = linesOfStep('jps', step, status);
        if (eventsOf(step, 'scan').some((scan) => scan.outcome === 'terrain-change')) {
          stopped++;
          expect(lines, diagonal).toEqual(expect.arrayContaining(['terrain', 'jump']));
          expect(currentLineOfStep('jps', step, status), diagonal).toBe('terrain');
        } else {
          expect(lines, diagonal).not.toContain('terrain');
        }
      }
      created.searches.splice(0).forEach((search) => search.delete());
      created.grids.splice(0).forEach((grid) => grid.delete());
    }
    expect(stopped).toBeGreaterThan(0);
  });

  it('Theta*: a step with a line of sight taken goes through the sight line; a blocked or dearer one through the direct line', () => {
    let taken = 0, dearer = 0;
    for (const map of [WALLED, MARSH]) {
      for (const diagonal of engine.algorithm('theta').diagonals) {
        for (const { step, status } of stepsOf(gridOf(map), 'theta', diagonal)) {
          const context = `${map === MARSH ? 'marsh' : 'walled'} ${diagonal} ${JSON.stringify(step.cell)}`;
          const lines = linesOfStep('theta', step, status);
          const sights = eventsOf(step, 'sight');
          // A dearer line is clear (it touches no blocked cell), and only a map with terrain has one.
          for (const sight of sights.filter((s) => s.dearer)) expect(sight.clear && sight.blockedBy === null, context).toBe(true);
          if (map === WALLED) expect(sights.some((sight) => sight.dearer), context).toBe(false);
          const isTaken = sights.some((sight) => sight.clear && !sight.dearer);
          expect(lines.includes('sight'), context).toBe(isTaken);
          if (isTaken) {
            taken++;
            expect(currentLineOfStep('theta', step, status), context).toBe('sight');
          }
          expect(lines.includes('direct'), context).toBe(sights.some((sight) => !sight.clear || sight.dearer));
          if (sights.some((sight) => sight.dearer)) dearer++;
        }
        created.searches.splice(0).forEach((search) => search.delete());
        created.grids.splice(0).forEach((grid) => grid.delete());
      }
    }
    expect(taken).toBeGreaterThan(0);
    expect(dearer).toBeGreaterThan(0);
  });

  it('IDA*: a step that starts an iteration goes through the iteration line and shows it', () => {
    const steps = stepsOf(gridOf(WALLED), 'ida', 'only-when-no-obstacles');
    let iterations = 0;
    for (const { step, status } of steps) {
      const lines = linesOfStep('ida', step, status);
      if (eventsOf(step, 'iteration').length > 0) {
        iterations++;
        expect(lines).toContain('iteration');
        expect(currentLineOfStep('ida', step, status)).toBe('iteration');
      } else {
        expect(lines).not.toContain('iteration');
      }
      if (eventsOf(step, 'backtrack').length > 0) expect(lines).toContain('backtrack');
      if (eventsOf(step, 'neighbour').some((n) => n.outcome === 'pruned')) expect(lines).toContain('prune');
    }
    // The first step starts iteration 1; the walls make the threshold rise at least once.
    expect(eventsOf(steps[0]!.step, 'iteration')).toHaveLength(1);
    expect(iterations).toBeGreaterThan(1);
  });

  it('bidirectional: the step with a Stop event goes through the stop line; meetings through the meet line', () => {
    const steps = stepsOf(gridOf(WALLED), 'bidirectional', 'only-when-no-obstacles');
    const stops = steps.filter(({ step }) => eventsOf(step, 'stop').length > 0);
    expect(stops).toHaveLength(1);
    expect(linesOfStep('bidirectional', stops[0]!.step, stops[0]!.status)).toContain('stop');
    for (const { step, status } of steps) {
      const lines = linesOfStep('bidirectional', step, status);
      expect(lines.slice(0, 2)).toEqual(['side', 'pop']);
      if (eventsOf(step, 'meet').length > 0) {
        expect(lines).toContain('meet');
        if (eventsOf(step, 'stop').length === 0) expect(currentLineOfStep('bidirectional', step, status)).toBe('meet');
      }
    }
  });

  it('D* Lite: the repairs of a walk in unknown terrain go through the raise and requeue lines, every pop through one of its two cases', () => {
    const grid = gridOf(WALLED);
    const walk = engine.createWalk(grid);
    try {
      walk.setOptions({ algorithm: 'dstar-lite', diagonal: 'only-when-no-obstacles' }, 1);
      expect(walk.reset(START, GOAL)).toBe(true);
      const seen = new Set<LineId>();
      for (let i = 0; i < 20_000 && walk.status !== 'arrived'; i++) {
        const step = walk.step();
        if (step?.kind !== 'plan') continue;
        const status = walk.planner.status;
        const lines = linesOfStep('dstar-lite', step.expansion, status);
        // Exactly one of the two things a pop can do; after it, entries whose keys went out of
        // date as they came to the front may be re-keyed.
        expect(lines.filter((id) => id === 'lower' || id === 'raise')).toHaveLength(1);
        expect(lines).toContain(currentLineOfStep('dstar-lite', step.expansion, status));
        for (const id of lines) seen.add(id);
      }
      expect(walk.status).toBe('arrived');
      expect(walk.counters().replans).toBeGreaterThan(0);
      // Walls found on the way raise g where the plan went through them; the agent's moves
      // leave keys out of date.
      expect(seen.has('raise')).toBe(true);
      expect(seen.has('requeue')).toBe(true);
      expect(seen.has('goal')).toBe(true);
    } finally {
      walk.delete();
    }
  });
});
