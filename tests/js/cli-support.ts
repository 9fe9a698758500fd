// What the `astar` command's tests share: running bin/astar.mjs as a child process, the
// fixture's files, and readers of the .map and .scen formats written here independently of
// the engine, so a wrong parser or a wrong search cannot agree with itself.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin/astar.mjs');
export const BUNDLE = join(ROOT, 'dist/cli/astar.mjs');
export const FIXTURES = join(ROOT, 'tests/fixtures/movingai');
export const SCENARIO = join(FIXTURES, 'arena.map.scen');
export const MAP = join(FIXTURES, 'arena.map');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function astar(...args: string[]): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface FileQuery {
  start: [number, number];
  goal: [number, number];
  optimal: number;
}

// Moving AI .scen: a version line, then 9 whitespace-separated fields per query.
export function readQueries(path: string): FileQuery[] {
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
export function readWalkable(path: string): (x: number, y: number) => boolean {
  const rows = readFileSync(path, 'utf8').split(/\r?\n/).slice(4);
  return (x, y) => y >= 0 && y < rows.length && x >= 0 && '.GS'.includes(rows[y][x] ?? '@');
}

export interface JsonLine {
  file: string;
  map: string;
  index: number;
  start: [number, number];
  goal: [number, number];
  status: 'found' | 'no-path' | 'gave-up';
  cost: number | null;
  expanded: number;
  optimal: number | null;
  path?: [number, number][];
}

export function jsonLines(stdout: string): JsonLine[] {
  const lines = stdout.split('\n');
  expect(lines.pop()).toBe(''); // every line ends in a newline, nothing after the last
  return lines.map((line) => JSON.parse(line) as JsonLine);
}
