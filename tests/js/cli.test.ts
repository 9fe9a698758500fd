// The `astar` command as a user runs it: a child process on bin/astar.mjs (which loads the
// bundle built by `npm run build`), checked against the fixture's own files. The map and
// the optimal lengths are read here independently of the engine, so a wrong parser or a
// wrong search cannot agree with itself.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin/astar.mjs');
const BUNDLE = join(ROOT, 'dist/cli/astar.mjs');
const FIXTURES = join(ROOT, 'tests/fixtures/movingai');
const SCENARIO = join(FIXTURES, 'arena.map.scen');
const MAP = join(FIXTURES, 'arena.map');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function astar(...args: string[]): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface FileQuery {
  start: [number, number];
  goal: [number, number];
  optimal: number;
}

// Moving AI .scen: a version line, then 9 whitespace-separated fields per query.
function readQueries(path: string): FileQuery[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      const n = fields.map(Number);
      return { start: [n[4], n[5]], goal: [n[6], n[7]], optimal: n[8] };
    });
}

// Moving AI .map: 4 header lines, then rows where '.', 'G' and 'S' are walkable.
function readWalkable(path: string): (x: number, y: number) => boolean {
  const rows = readFileSync(path, 'utf8').split(/\r?\n/).slice(4);
  return (x, y) => y >= 0 && y < rows.length && x >= 0 && '.GS'.includes(rows[y][x] ?? '@');
}

interface JsonLine {
  index: number;
  start: [number, number];
  goal: [number, number];
  cost: number | null;
  expanded: number;
  optimal: number | null;
  path?: [number, number][];
}

function jsonLines(stdout: string): JsonLine[] {
  const lines = stdout.split('\n');
  expect(lines.pop()).toBe(''); // every line ends in a newline, nothing after the last
  return lines.map((line) => JSON.parse(line) as JsonLine);
}

describe('astar scen', () => {
  let scratch = '';

  beforeAll(() => {
    if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` before these tests`);
    scratch = mkdtempSync(join(tmpdir(), 'astar-cli-test-'));
  });
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('prints one JSON line per query, in file order, each cost equal to the optimal length', () => {
    const expected = readQueries(SCENARIO);
    const run = astar('scen', SCENARIO, '--json');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, index) => {
      const query = expected[index];
      expect(line.index).toBe(index);
      expect(line.start).toEqual(query.start);
      expect(line.goal).toEqual(query.goal);
      expect(line.optimal).toBe(query.optimal < 0 ? null : query.optimal);
      expect(line.expanded).toBeGreaterThan(0);
      expect(line).not.toHaveProperty('path');
      if (query.optimal < 0) {
        expect(line.cost).toBeNull();
      } else {
        expect(line.cost).not.toBeNull();
        expect(Math.abs(line.cost! - query.optimal)).toBeLessThanOrEqual(0.01);
      }
    });
  });

  it('gives with --paths legal, connected paths from start to goal whose length is the cost', () => {
    const walkable = readWalkable(MAP);
    const run = astar('scen', SCENARIO, '--json', '--paths');
    expect(run.status).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const path = line.path!;
      if (line.cost === null) {
        expect(path).toEqual([]);
        continue;
      }
      expect(path[0]).toEqual(line.start);
      expect(path[path.length - 1]).toEqual(line.goal);
      let length = 0;
      path.forEach(([x, y], i) => {
        expect(walkable(x, y), `cell (${x}, ${y}) of query ${line.index} is walkable`).toBe(true);
        if (i === 0) return;
        const [px, py] = path[i - 1];
        const dx = x - px;
        const dy = y - py;
        expect(Math.max(Math.abs(dx), Math.abs(dy)), `step ${i} of query ${line.index} moves one cell`).toBe(1);
        if (dx !== 0 && dy !== 0) {
          // The Moving AI rule (the default diagonal mode): never cut a wall's corner.
          expect(walkable(px + dx, py) && walkable(px, py + dy), `step ${i} of query ${line.index} cuts no corner`).toBe(true);
          length += Math.SQRT2;
        } else {
          length += 1;
        }
      });
      expect(length).toBeCloseTo(line.cost, 6);
    }
  });

  it('summarises without --json how many queries match the optimal length', () => {
    const count = readQueries(SCENARIO).length;
    const run = astar('scen', SCENARIO);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`queries:    ${count}\n`);
    expect(run.stdout).toContain(`${count} of ${count} match the file's optimal length`);
    expect(run.stdout).toMatch(/expansions: [\d.]+ per query/);
    expect(run.stdout).toMatch(/time: +[\d.]+ ms/);
  });

  it('applies the search options it is given', () => {
    const run = astar('scen', SCENARIO, '--json', '--diagonal', 'never', '--algorithm=dijkstra');
    expect(run.status).toBe(0);
    const lines = jsonLines(run.stdout);
    // 4-connected unit-cost paths have whole-number lengths, and some must be longer than
    // the 8-connected optimum.
    for (const line of lines) if (line.cost !== null) expect(Number.isInteger(line.cost)).toBe(true);
    expect(lines.some((line) => line.cost !== null && line.optimal !== null && line.cost > line.optimal + 0.01)).toBe(true);
    // The algorithm given with `=` is used: Dijkstra finds A*'s costs with more expansions.
    const astarLines = jsonLines(astar('scen', SCENARIO, '--json', '--diagonal', 'never').stdout);
    const total = (all: typeof lines) => all.reduce((sum, line) => sum + line.expanded, 0);
    expect(lines.map((line) => line.cost)).toEqual(astarLines.map((line) => line.cost));
    expect(total(lines)).toBeGreaterThan(total(astarLines));
  });

  it('rejects a malformed scenario with one line naming the file and the line', () => {
    const lines = readFileSync(SCENARIO, 'utf8').split('\n');
    lines[4] = lines[4].split('\t').slice(0, 7).join('\t'); // line 5 loses two fields
    const broken = join(scratch, 'arena.map.scen');
    writeFileSync(broken, lines.join('\n'));
    copyFileSync(MAP, join(scratch, 'arena.map'));
    const run = astar('scen', broken, '--json');
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(/^astar: .*arena\.map\.scen line 5: .*9 fields/), '']);
  });

  it('rejects a scenario whose map is missing with one line', () => {
    // A folder of its own: neither lonely.map nor the map column's arena.map is next to it.
    const folder = mkdtempSync(join(scratch, 'alone-'));
    const lonely = join(folder, 'lonely.map.scen');
    copyFileSync(SCENARIO, lonely);
    const run = astar('scen', lonely);
    expect(run.status).not.toBe(0);
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(/^astar: no map found for .*lonely\.map\.scen/), '']);
  });

  it('rejects an unreadable file with one line', () => {
    const run = astar('scen', join(scratch, 'does-not-exist.map.scen'));
    expect(run.status).not.toBe(0);
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(/^astar: cannot read .*does-not-exist\.map\.scen: no such file$/), '']);
  });

  it.each([
    [['scen', SCENARIO, '--diagonal', 'sideways'], /^astar: unknown diagonal mode "sideways" \(expected .*\)$/],
    [['scen', SCENARIO, '--speed', '3'], /^astar: unknown option --speed/],
    [['scen', SCENARIO, '--weight', 'heavy'], /^astar: --weight needs a number from 0 to 100, got "heavy"$/],
    [['scen', SCENARIO, '--weight', '500'], /^astar: --weight needs a number from 0 to 100, got "500"$/],
    [['scen', SCENARIO, '--algorithm'], /^astar: --algorithm needs a value$/],
    [['scen'], /^astar: no scenario file given/],
    [['walk', SCENARIO], /^astar: unknown command "walk"/],
  ])('rejects bad arguments %j with one line', (args, message) => {
    const run = astar(...args);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(message), '']);
  });

  it('prints usage for --help', () => {
    const run = astar('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: astar scen FILE\.scen/);
    for (const option of ['--algorithm', '--diagonal', '--heuristic', '--weight', '--json', '--paths']) {
      expect(run.stdout).toContain(option);
    }
  });
});
