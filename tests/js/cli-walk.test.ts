// The `astar walk` command as a user runs it: an agent walking every query of a scenario
// file and replanning, checked move by move against the fixture's map (read by
// ./cli-support.ts, independently of the engine).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { astar, BUNDLE, jsonLines, MAP, readQueries, readWalkable, SCENARIO } from './cli-support';

interface WalkLine {
  file: string;
  map: string;
  index: number;
  start: [number, number];
  goal: [number, number];
  reached: boolean;
  status: 'arrived' | 'no-path' | 'gave-up';
  cost: number;
  replans: number;
  expanded: number;
  optimal: number | null;
  walk?: [number, number][];
}

/** The length of a walk on the true map, after checking every move is legal there under `diagonal`. */
function checkedWalkLength(line: WalkLine, walkable: (x: number, y: number) => boolean, diagonal: 'only-when-no-obstacles' | 'never'): number {
  const walk = line.walk!;
  expect(walk[0], `query ${line.index} starts at the start`).toEqual(line.start);
  if (line.reached) expect(walk[walk.length - 1], `query ${line.index} ends at the goal`).toEqual(line.goal);
  let length = 0;
  walk.forEach(([x, y], i) => {
    expect(walkable(x, y), `cell (${x}, ${y}) of query ${line.index} is walkable`).toBe(true);
    if (i === 0) return;
    const [px, py] = walk[i - 1];
    const dx = x - px;
    const dy = y - py;
    expect(Math.max(Math.abs(dx), Math.abs(dy)), `move ${i} of query ${line.index} goes to a neighbour`).toBe(1);
    if (dx !== 0 && dy !== 0) {
      expect(diagonal, `move ${i} of query ${line.index} is diagonal`).not.toBe('never');
      expect(walkable(px + dx, py) && walkable(px, py + dy), `move ${i} of query ${line.index} cuts no corner`).toBe(true);
      length += Math.SQRT2;
    } else {
      length += 1;
    }
  });
  return length;
}

describe('astar walk', () => {
  const walkLines = (...args: string[]): WalkLine[] => {
    const run = astar('walk', SCENARIO, '--json', ...args);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    return jsonLines(run.stdout) as unknown as WalkLine[];
  };
  const total = (lines: readonly WalkLine[], pick: (line: WalkLine) => number) => lines.reduce((sum, line) => sum + pick(line), 0);

  let scratch = '';

  beforeAll(() => {
    if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` before these tests`);
    scratch = mkdtempSync(join(tmpdir(), 'astar-walk-test-'));
  });
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it.each(['dstar-lite', 'astar'])('knowing the whole map, walks every query with %s at its optimal length and never replans', (algorithm) => {
    const expected = readQueries(SCENARIO);
    const lines = walkLines('--algorithm', algorithm);
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, index) => {
      const query = expected[index];
      expect(Object.keys(line)).toEqual(['file', 'map', 'index', 'start', 'goal', 'reached', 'status', 'cost', 'replans', 'expanded', 'optimal']);
      expect(line).toMatchObject({ file: SCENARIO, map: MAP });
      expect(line.index).toBe(index);
      expect(line.start).toEqual(query.start);
      expect(line.goal).toEqual(query.goal);
      expect(line.optimal).toBe(query.optimal < 0 ? null : query.optimal);
      expect(line.reached).toBe(query.optimal >= 0);
      expect(line.status).toBe(query.optimal >= 0 ? 'arrived' : 'no-path');
      expect(line.replans).toBe(0);
      expect(line.expanded).toBeGreaterThan(0);
      if (query.optimal >= 0) expect(Math.abs(line.cost - query.optimal), `query ${index}`).toBeLessThanOrEqual(0.01);
    });
  });

  it('in unknown terrain (--sense 1) walks legal routes from start to goal, each as long as its cost', () => {
    const walkable = readWalkable(MAP);
    const lines = walkLines('--sense', '1', '--paths');
    for (const line of lines) {
      expect(line.reached).toBe(line.optimal !== null);
      expect(checkedWalkLength(line, walkable, 'only-when-no-obstacles')).toBeCloseTo(line.cost, 6);
      // No walk beats the optimum; unknown walls make some longer, and make the agent replan.
      if (line.optimal !== null) expect(line.cost).toBeGreaterThanOrEqual(line.optimal - 0.01);
    }
    expect(lines.some((line) => line.optimal !== null && line.cost > line.optimal + 0.01)).toBe(true);
    expect(total(lines, (line) => line.replans)).toBeGreaterThan(0);
  });

  it('plans with the --algorithm it is given: D* Lite repairing and A* planning again walk as far, with different work', () => {
    const dstar = walkLines('--sense', '1');
    const astarLines = walkLines('--sense', '1', '--algorithm', 'astar');
    expect(dstar.map((line) => line.reached)).toEqual(astarLines.map((line) => line.reached));
    expect(total(dstar, (line) => line.expanded)).not.toBe(total(astarLines, (line) => line.expanded));
    // Both replan only when what they learn touches their path, so they walk about as far
    // (their ties are broken differently, so not always the same way).
    expect(total(dstar, (line) => line.cost) / total(astarLines, (line) => line.cost)).toBeCloseTo(1, 1);
  });

  it('senses as far as --sense says: a wider radius finds walls sooner and replans less', () => {
    const near = walkLines('--sense', '1');
    const far = walkLines('--sense', '10');
    expect(total(far, (line) => line.replans)).toBeLessThan(total(near, (line) => line.replans));
    // Knowing the whole map is the optimum, which no partly informed walk beats.
    const wholeMap = walkLines();
    near.forEach((line, index) => {
      expect(far[index].cost).toBeGreaterThanOrEqual(wholeMap[index].cost - 1e-9);
      expect(line.cost).toBeGreaterThanOrEqual(wholeMap[index].cost - 1e-9);
    });
  });

  it('moves by the diagonal rule and counts by the cost model it is given', () => {
    const walkable = readWalkable(MAP);
    const lines = walkLines('--sense', '2', '--diagonal', 'never', '--paths');
    for (const line of lines) {
      const length = checkedWalkLength(line, walkable, 'never');
      expect(Number.isInteger(line.cost)).toBe(true);
      expect(length).toBe(line.cost);
    }
    for (const line of walkLines('--costs', '10-14')) expect(Number.isInteger(line.cost) && line.cost % 2 === 0).toBe(true);
  });

  it('summarises without --json: arrivals, walked cost against the optimum, replans, expansions', () => {
    const count = readQueries(SCENARIO).length;
    const known = astar('walk', SCENARIO);
    expect(known.stderr).toBe('');
    expect(known.status).toBe(0);
    expect(known.stdout).toContain('options:    dstar-lite, diagonal only-when-no-obstacles, heuristic octile (default), costs exact\n');
    expect(known.stdout).toContain('knowledge:  the whole map\n');
    expect(known.stdout).toContain(`queries:    ${count}\n`);
    expect(known.stdout).toContain(`reached:    ${count} of ${count} arrived at the goal; 0 found it unreachable (the file has 0 without a path)\n`);
    expect(known.stdout).toMatch(new RegExp(`walked: +cost 1\\.0000 of the file's optimal length on average, 1\\.0000 to 1\\.0000; ${count} of ${count} equal to it \\(within 0\\.01\\)\\n`));
    expect(known.stdout).toContain('replans:    0.0 per query on average (0 in all)\n');
    expect(known.stdout).toMatch(/expansions: [\d.]+ per query on average \(\d+ in all, every plan counted\)\n/);
    expect(known.stdout).toMatch(/time: +[\d.]+ ms walking/);

    const sensing = astar('walk', SCENARIO, '--sense', '3', '--algorithm', 'astar').stdout;
    expect(sensing).toContain('options:    astar, diagonal only-when-no-obstacles, heuristic octile (default), weight 1, costs exact\n');
    expect(sensing).toContain('knowledge:  the cells within 3 (Chebyshev) of every cell stood on; unknown cells assumed free\n');
    expect(sensing).toMatch(/walked: +cost 1\.\d{4} of the file's optimal length on average, 1\.0000 to \d\.\d{4}; \d+ of \d+ equal to it/);
    expect(sensing).toMatch(/replans: +[\d.]+ per query on average \([1-9]\d* in all\)/);
    expect(astar('walk', SCENARIO, '--costs', '10-14').stdout).toMatch(/walked: +[\d.]+ per arrival on average; not compared \(the file's lengths count exact costs; these are 10-14 costs\)\n/);
  });

  it('ends with no path where the goal is walled in: at once knowing the map, after a look round sensing', () => {
    const island = join(scratch, 'island.map');
    writeFileSync(island, 'type octile\nheight 5\nwidth 6\nmap\n......\n...@@@\n...@.@\n...@@@\n......\n');
    writeFileSync(`${island}.scen`, 'version 1\n0\tisland.map\t6\t5\t0\t0\t4\t2\t-1\n');
    for (const [args, walked] of [[[], false], [['--sense', '1'], true]] as const) {
      const run = astar('walk', `${island}.scen`, '--json', '--paths', ...args);
      expect(run.stderr).toBe('');
      const [line] = jsonLines(run.stdout) as unknown as WalkLine[];
      expect(line).toMatchObject({ reached: false, status: 'no-path', optimal: null });
      // Knowing the map, the agent never sets off; sensing, it walks up to the walls first.
      expect(line.walk!.length > 1).toBe(walked);
      expect(line.cost > 0).toBe(walked);
    }
    expect(astar('walk', `${island}.scen`, '--sense', '2').stdout).toContain('reached:    0 of 1 arrived at the goal; 1 found it unreachable (the file has 1 without a path)\n');
  });

  it('gives up at --max-expansions in one plan and says so, never "no path"', () => {
    const lines = walkLines('--max-expansions', '5');
    const gaveUp = lines.filter((line) => line.status === 'gave-up');
    expect(gaveUp.length).toBeGreaterThan(0);
    for (const line of gaveUp) {
      expect(line.reached).toBe(false);
      expect(line.expanded).toBe(5);
    }
    expect(lines.every((line) => line.status !== 'no-path')).toBe(true);
  });

  it.each([
    [['walk', SCENARIO, '--sense', '0'], /^astar: --sense needs a whole number from 1 to 10, got "0"$/],
    [['walk', SCENARIO, '--sense', '11'], /^astar: --sense needs a whole number from 1 to 10, got "11"$/],
    [['walk', SCENARIO, '--sense=far'], /^astar: --sense needs a whole number from 1 to 10, got "far"$/],
    [['walk', SCENARIO, '--sense'], /^astar: --sense needs a value$/],
    [['walk', SCENARIO, '--algorithm', 'theta', '--diagonal', 'always'], /^astar: theta supports --diagonal never or only-when-no-obstacles, not always$/],
    [['walk', SCENARIO, '--algorithm', 'theta'], /^astar: theta plans any-angle paths, and a walk moves from cell to cell: walk with a grid search$/],
    [['walk', SCENARIO, '--paths'], /^astar: --paths only applies together with --json$/],
    [['walk'], /^astar: no scenario file given \(usage: astar walk FILE\.scen \[options\]\)$/],
  ])('rejects bad arguments %j with one line', (args, message) => {
    const run = astar(...args);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(message), '']);
  });
});
