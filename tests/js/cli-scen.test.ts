// The `astar scen` command as a user runs it: a child process on bin/astar.mjs (which loads
// the bundle built by `npm run build`), checked against the fixture's own files (read by
// ./cli-support.ts, independently of the engine): its output, its options, and its
// one-line refusals of bad files and options.
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { astar, BIN, BUNDLE, FIXTURES, jsonLines, MAP, readQueries, readWalkable, SCENARIO } from './cli-support';

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
      expect(line).toMatchObject({ file: SCENARIO, map: MAP });
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

  it('--check exits 0 when every cost is the file\'s optimal length, and 1, saying how many, when one is not', () => {
    const passed = astar('scen', SCENARIO, '--check');
    expect(passed.stderr).toBe('');
    expect(passed.status).toBe(0);
    expect(astar('scen', SCENARIO, '--check', '--json').status).toBe(0);
    // Greedy best-first is not optimal: some of its costs are longer than the file's.
    const greedy = astar('scen', SCENARIO, '--check', '--algorithm', 'greedy');
    expect(greedy.status).toBe(1);
    expect(greedy.stderr).toMatch(/^astar: --check failed: \d+ of \d+ queries \(\d+ differ from the file's optimal length\)\n$/);
    // Without --check the same run is a report, and exits 0.
    expect(astar('scen', SCENARIO, '--algorithm', 'greedy').status).toBe(0);
    const gaveUp = astar('scen', SCENARIO, '--check', '--max-expansions', '1');
    expect(gaveUp.status).toBe(1);
    expect(gaveUp.stderr).toMatch(/\d+ gave up\)\n$/);
  });

  it('--check fails when there is no query to check, though the report is printed', () => {
    const empty = join(scratch, 'empty.scen');
    writeFileSync(empty, 'version 1\n');
    const checked = astar('scen', empty, '--check');
    expect(checked.status).toBe(1);
    expect(checked.stdout).toMatch(/^queries: +0$/m);
    expect(checked.stderr).toBe('astar: --check failed: no query to check (the file lists none)\n');
    expect(astar('scen', empty, empty, '--check').stderr).toBe('astar: --check failed: no query to check (the files list none)\n');
    // A report over no query is still a report.
    expect(astar('scen', empty).status).toBe(0);
  });

  it('quotes a line it cannot read with its tabs as spaces', () => {
    const headless = join(scratch, 'headless.scen');
    writeFileSync(headless, readFileSync(SCENARIO, 'utf8').split('\n').slice(1).join('\n'));
    const first = readFileSync(headless, 'utf8').split('\n')[0]!;
    expect(first).toContain('\t');
    const run = astar('scen', headless, '--check');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`line 1: expected "version 1", found "${first.replaceAll('\t', ' ').slice(0, 40)}`);
  });

  it('--check refuses options under which the files\' lengths do not apply', () => {
    for (const [args, why] of [
      [['--algorithm', 'theta'], /theta \(any-angle\)/],
      [['--algorithm', 'polyanya'], /polyanya \(any-angle\)/],
      [['--costs', '10-14'], /exact costs, not 10-14/],
      [['--diagonal', 'always'], /only-when-no-obstacles\), not always/],
    ] as const) {
      const run = astar('scen', SCENARIO, '--check', ...args);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr, args.join(' ')).toMatch(why);
    }
    expect(astar('walk', SCENARIO, '--check').stderr).toMatch(/--check applies only to astar scen/);
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

  it('shows control characters from a file as escapes, never as terminal commands', () => {
    // A map column that would retitle the terminal and turn its text red.
    const folder = mkdtempSync(join(scratch, 'escapes-'));
    const evil = join(folder, 'evil.map.scen');
    writeFileSync(evil, 'version 1\n0\t\u001b]0;pwned\u0007\u001b[31mred\u009b2J.map\t49\t49\t1\t3\t41\t47\t60.56854249\n');
    const run = astar('scen', evil);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/\\u001b\]0;pwned\\u0007\\u001b\[31mred\\u009b2J\.map\n$/);
    expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('stops as soon as its reader does (| head -1): one line out, no error, long before the file would end', () => {
    // 2,000 queries to a walled-in cell by IDA*, each giving up after a million expansions:
    // about a minute to run them all.
    const folder = mkdtempSync(join(scratch, 'head-'));
    const rows = Array.from({ length: 64 }, (_, y) => Array.from({ length: 64 }, (_, x) => (Math.max(Math.abs(x - 60), Math.abs(y - 60)) === 1 ? '@' : '.')).join(''));
    writeFileSync(join(folder, 'many.map'), `type octile\nheight 64\nwidth 64\nmap\n${rows.join('\n')}\n`);
    writeFileSync(join(folder, 'many.map.scen'), 'version 1\n' + '0\tmany.map\t64\t64\t1\t1\t60\t60\t-1\n'.repeat(2000));
    const command = `"${process.execPath}" "${BIN}" scen "${join(folder, 'many.map.scen')}" --json --algorithm ida --max-expansions 1000000 | head -1`;
    const result = spawnSync('sh', ['-c', command], { encoding: 'utf8', timeout: 30_000 });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(result.stdout.split('\n')[0]!)).toMatchObject({ index: 0, start: [1, 1], goal: [60, 60], status: 'gave-up' });
  });

  it('says in one line, without a stack trace, that it cannot write its output to a full disk', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [BIN, 'scen', SCENARIO], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', full, 'pipe'] });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^astar: cannot write to standard output: ENOSPC: no space left on device[^\n]*\n$/);
    } finally {
      closeSync(full);
    }
  });

  it('rejects an unreadable file with one line', () => {
    const run = astar('scen', join(scratch, 'does-not-exist.map.scen'));
    expect(run.status).not.toBe(0);
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(/^astar: cannot read .*does-not-exist\.map\.scen: no such file$/), '']);
  });

  it.each([
    ['/dev/zero', 'a device'],
    [tmpdir(), 'a folder'],
  ])('refuses %s at once: only regular files are read', (path, kind) => {
    const run = astar('scen', SCENARIO, path);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`astar: ${path} is ${kind}, not a scenario file (astar reads regular files only)\n`);
  });

  it('refuses a named pipe at once rather than wait for a writer', () => {
    const fifo = join(scratch, 'pipe.map.scen');
    const made = spawnSync('mkfifo', [fifo]);
    if (made.error || made.status !== 0) throw new Error(`mkfifo failed: ${made.error?.message ?? made.stderr}`);
    const run = astar('walk', fifo);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`astar: ${fifo} is a named pipe (FIFO), not a scenario file (astar reads regular files only)\n`);
  });

  it('runs several files: a summary of each and of them all; --json lines name their file and map', () => {
    const den = join(FIXTURES, 'den312d.map.scen');
    const counts = [readQueries(SCENARIO).length, readQueries(den).length];
    const run = astar('scen', SCENARIO, den);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const blocks = run.stdout.split('\n\n');
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatch(new RegExp(`^file: +${SCENARIO}\nmap: +${MAP} \\(49 x 49\\)\n`));
    expect(blocks[0]).toContain(`${counts[0]} of ${counts[0]} match the file's optimal length`);
    expect(blocks[1]).toMatch(new RegExp(`^file: +${den}\nmap: +${join(FIXTURES, 'den312d.map')} \\(65 x 81\\)\n`));
    expect(blocks[1]).toContain(`${counts[1]} of ${counts[1]} match the file's optimal length`);
    const all = counts[0] + counts[1];
    expect(blocks[2]).toMatch(/^files: +2, all together\nmaps: +2: .*arena\.map \(49 x 49\), .*den312d\.map \(65 x 81\)\n/);
    expect(blocks[2]).toContain(`queries:    ${all}\n`);
    expect(blocks[2]).toContain(`${all} of ${all} match the file's optimal length`);

    const lines = jsonLines(astar('scen', SCENARIO, den, '--json').stdout);
    expect(lines.map((line) => [line.file, line.index])).toEqual([
      ...Array.from({ length: counts[0] }, (_, index) => [SCENARIO, index]),
      ...Array.from({ length: counts[1] }, (_, index) => [den, index]),
    ]);
    expect(astar('walk', SCENARIO, den).stdout).toMatch(/\n\nfiles: +2, all together\n[^]*\nreached: +\d+ of \d+ arrived/);
  });

  it('runs a file whose lines name different maps, each on its own map', () => {
    const folder = mkdtempSync(join(scratch, 'mixed-'));
    const den = join(FIXTURES, 'den312d.map.scen');
    for (const name of ['arena.map', 'den312d.map']) copyFileSync(join(FIXTURES, name), join(folder, name));
    // Alternate lines of both files; "benchmark.scen" names no map itself, so the column decides.
    const arenaLines = readFileSync(SCENARIO, 'utf8').trim().split('\n').slice(1, 41);
    const denLines = readFileSync(den, 'utf8').trim().split('\n').slice(1, 41);
    const mixed = join(folder, 'benchmark.scen');
    writeFileSync(mixed, `version 1\n${arenaLines.flatMap((line, i) => [line, denLines[i]]).join('\n')}\n`);
    const expected = readQueries(mixed);
    for (const algorithm of ['astar', 'jps']) {
      const lines = jsonLines(astar('scen', mixed, '--json', '--algorithm', algorithm).stdout);
      expect(lines).toHaveLength(80);
      lines.forEach((line, index) => {
        expect(line.map).toBe(join(folder, index % 2 === 0 ? 'arena.map' : 'den312d.map'));
        expect(line.start).toEqual(expected[index].start);
        expect(Math.abs(line.cost! - expected[index].optimal), `query ${index}`).toBeLessThanOrEqual(0.01);
      });
    }
    expect(astar('walk', mixed).stdout).toContain('reached:    80 of 80 arrived at the goal');
    // A line naming a map that is not there stops the run before anything is printed.
    writeFileSync(mixed, `${readFileSync(mixed, 'utf8')}0\tmaps/dao/lost.map\t49\t49\t1\t1\t2\t2\t1\n`);
    const run = astar('scen', mixed, '--json');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`astar: no map found for ${mixed} query 80; looked for ${join(folder, 'benchmark')}, ${join(folder, 'lost.map')}\n`);
  });

  it('names the right line of a large file read in chunks, before running any query', () => {
    const body = `${readFileSync(SCENARIO, 'utf8').trim().split('\n').slice(1).join('\n')}\n`;
    const lines = `version 1\n${body.repeat(300)}`.split('\n'); // about 2 MiB, so several chunks
    const broken = lines.length - 10;
    lines[broken] = '0\tarena.map\t49\t49\t1\t1\t2';
    const folder = mkdtempSync(join(scratch, 'large-'));
    const large = join(folder, 'arena.map.scen');
    writeFileSync(large, lines.join('\n'));
    copyFileSync(MAP, join(folder, 'arena.map'));
    const run = astar('scen', large, '--json');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`astar: ${large} line ${broken + 1}: expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, optimal length), found 7\n`);
  });

  it('counts a map row\'s width in characters, not bytes', () => {
    const folder = mkdtempSync(join(scratch, 'accents-'));
    writeFileSync(join(folder, 'accents.map'), 'type octile\nheight 2\nwidth 4\nmap\n....\néé.\n');
    writeFileSync(join(folder, 'accents.map.scen'), 'version 1\n0\taccents.map\t4\t2\t0\t0\t3\t0\t3\n');
    const run = astar('scen', join(folder, 'accents.map.scen'));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`astar: ${join(folder, 'accents.map')} line 6: expected 4 characters, found 3\n`);
  });

  it('shows progress on stderr only when it is a terminal', () => {
    // script(1) (util-linux, in every Debian) runs the command on a pseudo-terminal.
    const den = join(FIXTURES, 'den312d.map.scen');
    const body = `${readFileSync(den, 'utf8').trim().split('\n').slice(1).join('\n')}\n`;
    const folder = mkdtempSync(join(scratch, 'progress-'));
    const long = join(folder, 'den312d.map.scen');
    writeFileSync(long, `version 1\n${body.repeat(40)}`); // 12 800 queries: about a second
    copyFileSync(join(FIXTURES, 'den312d.map'), join(folder, 'den312d.map'));
    const terminal = spawnSync('script', ['-qec', `"${process.execPath}" "${BIN}" scen "${long}"`, '/dev/null'], { encoding: 'utf8', timeout: 60_000 });
    expect(terminal.status).toBe(0);
    expect(terminal.stdout).toMatch(/astar scen: \d+ of 12800 queries \(\d+%\), \d+ s\r\x1b\[K/);
    // The line is cleared before the summary.
    expect(terminal.stdout).toMatch(/\r\x1b\[Kfile: +.*den312d\.map\.scen\r?\n/);
    // Not on a terminal (every other test here), stderr stays empty.
  }, 30_000);

  it.each(['jps', 'jps-plus', 'bidirectional', 'ida', 'dstar-lite', 'subgoal-graph'])('finds every optimal length of the file with %s', (algorithm) => {
    const count = readQueries(SCENARIO).length;
    const run = astar('scen', SCENARIO, '--algorithm', algorithm);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`options:    ${algorithm}, diagonal only-when-no-obstacles`);
    expect(run.stdout).toContain(`${count} of ${count} match the file's optimal length`);
  });

  it('times a search\'s preparation apart from its queries, once per map', () => {
    for (const algorithm of ['subgoal-graph', 'jps-plus']) {
      const run = astar('scen', SCENARIO, '--algorithm', algorithm, '--diagonal', 'never');
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/\npreparing: +[\d.]+ ms, once per map \(not in the time above\)\n/);
    }
    expect(astar('scen', SCENARIO, '--algorithm', 'jps').stdout).not.toContain('preparing:');
  });

  it('gives JPS paths as every cell, legal and connected, whose length is the cost', () => {
    const walkable = readWalkable(MAP);
    const lines = jsonLines(astar('scen', SCENARIO, '--json', '--paths', '--algorithm', 'jps').stdout);
    expect(lines.filter((line) => line.cost !== null).length).toBeGreaterThan(100);
    for (const line of lines) {
      if (line.cost === null) continue;
      let length = 0;
      line.path!.forEach(([x, y], i) => {
        expect(walkable(x, y)).toBe(true);
        if (i === 0) return;
        const [px, py] = line.path![i - 1]!;
        expect(Math.max(Math.abs(x - px), Math.abs(y - py)), `query ${line.index} step ${i}`).toBe(1);
        if (x !== px && y !== py) expect(walkable(x, py) && walkable(px, y)).toBe(true);
        length += x !== px && y !== py ? Math.SQRT2 : 1;
      });
      expect(length).toBeCloseTo(line.cost, 6);
    }
  });

  it('gives Theta* paths as corners joined by clear lines of sight, no longer than the optimum', () => {
    const walkable = readWalkable(MAP);
    // The segment between two cell centres may touch no blocked cell, not even at a corner:
    // sampled finely, with a point exactly on a lattice corner counting all four cells round it.
    const clear = ([x0, y0]: [number, number], [x1, y1]: [number, number]) => {
      const steps = 64 * Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
      for (let i = 0; i <= steps; i++) {
        const x = x0 + 0.5 + ((x1 - x0) * i) / steps, y = y0 + 0.5 + ((y1 - y0) * i) / steps;
        const xs = Number.isInteger(x) ? [x - 1, x] : [Math.floor(x)], ys = Number.isInteger(y) ? [y - 1, y] : [Math.floor(y)];
        for (const cx of xs) for (const cy of ys) if (!walkable(cx, cy)) return false;
      }
      return true;
    };
    const run = astar('scen', SCENARIO, '--json', '--paths', '--algorithm', 'theta');
    expect(run.status).toBe(0);
    let ratios = 0, compared = 0;
    for (const line of jsonLines(run.stdout)) {
      if (line.cost === null) continue;
      let length = 0;
      for (let i = 1; i < line.path!.length; i++) {
        const a = line.path![i - 1]!, b = line.path![i]!;
        expect(clear(a, b), `query ${line.index} segment ${i}`).toBe(true);
        length += Math.hypot(b[0] - a[0], b[1] - a[1]);
      }
      expect(length).toBeCloseTo(line.cost, 6);
      // The files round their lengths (to 5 decimals here).
      expect(line.cost).toBeLessThanOrEqual(line.optimal! + 1e-4);
      ratios += line.cost / line.optimal!;
      compared += 1;
    }
    expect(ratios / compared).toBeLessThan(1);
    expect(astar('scen', SCENARIO, '--algorithm', 'theta').stdout).toMatch(/any-angle: +cost 0\.\d+ of the file's optimal .*; 0 of \d+ longer than it \(beyond 0\.01\)/);
  });

  it('counts 10 and 14 with --costs 10-14, and does not compare with the file\'s exact lengths', () => {
    const lines = jsonLines(astar('scen', SCENARIO, '--json', '--costs', '10-14').stdout);
    for (const line of lines) if (line.cost !== null) expect(Number.isInteger(line.cost) && line.cost % 2 === 0).toBe(true);
    expect(astar('scen', SCENARIO, '--costs', '10-14').stdout).toContain("optimal:    not compared (the file's lengths count exact costs; these are 10-14 costs)");
  });

  it('gives up at --max-expansions and says so, never "no path"', () => {
    const lines = jsonLines(astar('scen', SCENARIO, '--json', '--algorithm', 'ida', '--max-expansions', '20').stdout);
    const gaveUp = lines.filter((line) => line.status === 'gave-up');
    expect(gaveUp.length).toBeGreaterThan(0);
    for (const line of gaveUp) {
      expect(line.cost).toBeNull();
      expect(line.expanded).toBe(20);
    }
    expect(lines.every((line) => line.status !== 'no-path' || line.optimal === null)).toBe(true);
    const summary = astar('scen', SCENARIO, '--algorithm', 'ida', '--max-expansions', '20').stdout;
    expect(summary).toMatch(new RegExp(`gave up: +${gaveUp.length} of ${lines.length} reached the limit of 20 expansions`));
  });

  it('refuses, with one line, options an algorithm cannot run with', () => {
    const terrain = join(scratch, 'swamp.map');
    writeFileSync(terrain, 'type octile\nheight 3\nwidth 4\nmap\n..9.\n....\n....\n');
    writeFileSync(`${terrain}.scen`, 'version 1\n0\tswamp.map\t4\t3\t0\t0\t3\t2\t3.82842712\n');
    for (const [args, message] of [
      [['scen', `${terrain}.scen`, '--algorithm', 'jps-plus'], /^astar: jps-plus runs only on maps where every walkable cell costs the same, and .*swamp\.map has terrain costs$/],
      [['scen', SCENARIO, '--algorithm', 'theta', '--diagonal', 'always'], /^astar: theta supports --diagonal never or only-when-no-obstacles, not always$/],
      [['scen', SCENARIO, '--algorithm', 'theta', '--costs', '10-14'], /^astar: theta measures straight lines and supports --costs exact only, not 10-14$/],
    ] as const) {
      const run = astar(...args);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.split('\n')).toEqual([expect.stringMatching(message), '']);
    }
  });

  it('runs JPS on a map with terrain, at the cost Dijkstra finds', () => {
    const terrain = join(scratch, 'marsh.map');
    writeFileSync(terrain, 'type octile\nheight 4\nwidth 6\nmap\n..99..\n..99..\n......\n.@@...\n');
    writeFileSync(`${terrain}.scen`, 'version 1\n0\tmarsh.map\t6\t4\t0\t0\t5\t0\t6.65685425\n');
    for (const algorithm of ['jps', 'dijkstra']) {
      const run = astar('scen', `${terrain}.scen`, '--algorithm', algorithm);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/optimal: +1 of 1 match/);
    }
  });

  it.each([
    [['scen', SCENARIO, '--diagonal', 'sideways'], /^astar: unknown diagonal mode "sideways" \(expected .*\)$/],
    [['scen', SCENARIO, '--algorithm', 'dstar'], /^astar: unknown algorithm "dstar" \(expected astar, dijkstra, greedy, bfs, dfs, jps, bidirectional, ida, theta, dstar-lite, jps-plus, mpaa, subgoal-graph, navmesh or polyanya\)$/],
    [['scen', SCENARIO, '--costs', '10-15'], /^astar: unknown cost model "10-15" \(expected exact or 10-14\)$/],
    [['scen', SCENARIO, '--max-expansions', '0'], /^astar: --max-expansions needs a whole number from 1 to \d+, got "0"$/],
    [['scen', SCENARIO, '--speed', '3'], /^astar: unknown option --speed/],
    [['scen', SCENARIO, '--weight', 'heavy'], /^astar: --weight needs a number from 0 to 100, got "heavy"$/],
    [['scen', SCENARIO, '--weight', '500'], /^astar: --weight needs a number from 0 to 100, got "500"$/],
    [['scen', SCENARIO, '--weight', '2', '--algorithm', 'jps'], /^astar: --weight does not apply to --algorithm jps, which reads no heuristic weight$/],
    [['scen', SCENARIO, '--heuristic', 'zero', '--algorithm', 'bfs'], /^astar: --heuristic does not apply to --algorithm bfs, which uses no heuristic$/],
    [['walk', SCENARIO, '--weight', '2'], /^astar: --weight does not apply to --algorithm dstar-lite, which reads no heuristic weight$/],
    [['scen', SCENARIO, '--algorithm'], /^astar: --algorithm needs a value$/],
    [['scen'], /^astar: no scenario file given/],
    [['fly', SCENARIO], /^astar: unknown command "fly" \(the commands are: astar scen FILE\.scen, astar walk FILE\.scen\)$/],
    [['scen', SCENARIO, '--sense', '2'], /^astar: --sense applies only to astar walk$/],
  ])('rejects bad arguments %j with one line', (args, message) => {
    const run = astar(...args);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(message), '']);
  });

  it('prints usage for --help', () => {
    const run = astar('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: astar scen FILE\.scen.*\n +astar walk FILE\.scen/);
    expect(astar('walk', '--help').stdout).toBe(run.stdout);
    expect(run.stdout).toMatch(/\n +--sense R +walk only/);
    // Each command's default algorithm is marked.
    expect(run.stdout).toMatch(/\n +astar +A\*; default for scen\n/);
    expect(run.stdout).toMatch(/\n +dstar-lite +D\* Lite \(incremental\); default for walk/);
    for (const option of ['--algorithm', '--diagonal', '--heuristic', '--weight', '--costs', '--max-expansions', '--json', '--paths']) {
      expect(run.stdout).toContain(option);
    }
    // Every algorithm, by the name the CLI takes and the label the page shows.
    for (const [name, label] of [['jps', 'Jump point search (JPS)'], ['theta', 'Theta* (any-angle)'], ['ida', 'IDA* (iterative deepening)'], ['dfs', 'Depth-first'], ['dstar-lite', 'D* Lite (incremental)']])
      expect(run.stdout).toMatch(new RegExp(`\\n +${name} +${label.replace(/[()*]/g, '\\$&')}`));
  });
});
