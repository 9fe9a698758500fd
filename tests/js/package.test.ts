// The npm package as a user gets it: `npm pack` of the built tree, installed from the
// tarball into an empty folder (offline: the package has no runtime dependency), then the
// README's example run there with plain node, a TypeScript user type-checked against the
// shipped declarations (and misuses refused), and the `astar` command it installs run.
// Needs dist/ built (`node scripts/build.mjs`; `npm test` does it).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../web/src/package/index';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(ROOT, 'tests/fixtures/movingai');
const MAX_TARBALL_BYTES = 2 * 1024 * 1024;

// arena.map.scen, bucket 15: from (1, 3) to (41, 47), published optimal length 60.5685.
const QUERY = { start: [1, 3], goal: [41, 47], optimal: 60.5685 } as const;

const EXAMPLE = `import { readFileSync } from 'node:fs';
import { loadEngine } from 'astar-playground';

const text = readFileSync(process.argv[2], 'utf8');
const [sx, sy, gx, gy] = process.argv.slice(3).map(Number);
const astar = await loadEngine();
const grid = astar.parseMap(text);
const { cost, path, expanded } = astar.findPath(grid, [sx, sy], [gx, gy],
    { algorithm: 'jps', diagonal: 'only-when-no-obstacles' });
grid.delete();
console.log(JSON.stringify({ cost, path, expanded }));
`;

// A TypeScript user of the package and its element, as README documents them, type-checked
// strictly against the installed declarations (generated from the sources at build time).
const TYPED_USER = `import { EngineMemoryError, loadEngine, MapFormatError, MAX_GRID_SIDE, MAX_SENSE_RADIUS, type AlgorithmName, type PathResult, type XY } from 'astar-playground';
import { mount, type AstarPlaygroundElement, type PlaygroundEventDetail } from 'astar-playground/element';

const astar = await loadEngine();
const map = astar.parseMap('type octile\\nheight 1\\nwidth 3\\nmap\\n...\\n');
const start: XY = [0, 0];
const found: PathResult = astar.findPath(map, start, [2, 0], { algorithm: 'jps', diagonal: 'only-when-no-obstacles' });
const cost: number | null = found.cost;
const ended: 'found' | 'no-path' | 'gave-up' = found.status;
const cells: XY[] = astar.findPath(map, start, [2, 0], { costs: '10-14', heuristic: 'octile', weight: 1.5, maxExpansions: 100 }).path;
map.delete();

using grid = astar.createGrid(8, Math.min(8, MAX_GRID_SIDE));
grid.setCost(3, 3, 0);
using search = astar.createSearch(grid, { algorithm: 'bfs', diagonal: 'never' });
search.reset({ x: 0, y: 0 }, { x: 7, y: 7 });
const outcomes: string[] = [];
for (let step = search.step(); step; step = search.step()) {
  for (const event of step.events) if (event.kind === 'neighbour') outcomes.push(event.outcome);
}
const names: AlgorithmName[] = astar.catalog.algorithms.map((row) => row.name);
using walk = astar.createWalk(grid);
walk.setOptions({ algorithm: 'dstar-lite' }, MAX_SENSE_RADIUS);
const refusal: string | null = astar.refusalFor(grid, { algorithm: 'theta', diagonal: 'always', costModel: 'exact' });
const failures = [MapFormatError, EngineMemoryError];

const element: AstarPlaygroundElement = document.createElement('astar-playground');
element.setAttribute('algorithms', 'astar,dijkstra,jps');
element.addEventListener('astar-done', (event) => console.log(event.detail.pathCost));
const playground = await mount(document.body, { algorithm: 'greedy', autoplay: true, controls: ['play', 'timeline'], labels: 'g h', sense: 3 });
playground.on('done', ({ pathCost }: PlaygroundEventDetail) => console.log(pathCost));
playground.update({ speed: '50/frame', 'max-expansions': 1000 });
export { cost, ended, cells, outcomes, names, refusal, failures, element };
`;

// Misuses, one a line, each ending in `// error`: every one of those lines, and no other, must
// fail to type-check (so a declaration that typed options or arguments loosely, or one that
// did not load at all, fails the test).
const MISUSE = `import { loadEngine } from 'astar-playground';
import { mount } from 'astar-playground/element';

const astar = await loadEngine();
using grid = astar.createGrid(8, 8);
astar.findPath(grid, [0, 0], [7, 7], { algoritm: 'jps' }); // error
astar.findPath(grid, { x: 0 }, [7, 7]); // error
astar.findPath(grid, [0, 0], [7, 7], { diagonal: 'sometimes' }); // error
astar.createSearch(grid, { costModel: 'exact', weight: '2' }); // error
const status: 'found' | 'no-path' = astar.findPath(grid, [0, 0], [7, 7]).status; // error
await mount(document.body, { algorithm: 'a-star' }); // error
document.createElement('astar-playground').addEventListener('astar-done', (event) => event.detail.cost); // error
export { status };
`;
let folder: string;
let tarball: string;
let packed: { size: number; files: { path: string }[] };

/**
 * tsc --noEmit over one file in the install folder, strict, with no types beyond ES2022 and
 * the DOM but what the installed declarations bring (skipLibCheck off: they are checked too).
 */
function typeCheck(fileName: string, source: string): { status: number | null; output: string } {
  writeFileSync(join(folder, fileName), source);
  const project = join(folder, `tsconfig.${fileName}.json`);
  writeFileSync(project, JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true,
      lib: ['ES2022', 'DOM'], types: [], skipLibCheck: false,
    },
    files: [fileName],
  }));
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: folder, encoding: 'utf8', timeout: 120_000 });
  return { status: tsc.status, output: tsc.stdout + tsc.stderr };
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/package/index.js'))) {
    throw new Error('dist/package is not built: run `node scripts/build.mjs` (npm test does it) first');
  }
  folder = mkdtempSync(join(tmpdir(), 'astar-package-'));
  // --ignore-scripts: the tree is built already (prepack would build it again).
  [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', folder], ROOT));
  tarball = join(folder, (packed as unknown as { filename: string }).filename);
  const user = join(folder, 'user');
  execFileSync('mkdir', [user]);
  writeFileSync(join(user, 'package.json'), JSON.stringify({ name: 'user', private: true, type: 'module' }));
  npm(['install', '--offline', '--no-audit', '--no-fund', tarball], user);
  folder = user;
}, 180_000);

afterAll(() => {
  if (folder) rmSync(join(folder, '..'), { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('is under 2 MB and carries the engine, the element and the CLI', () => {
    expect(statSync(tarball).size).toBeLessThan(MAX_TARBALL_BYTES);
    const files = packed.files.map((file) => file.path).sort();
    expect(files).toEqual(expect.arrayContaining([
      'bin/astar.mjs',
      'dist/cli/astar.mjs',
      'dist/embed/astar-playground.d.ts',
      'dist/embed/astar-playground.js',
      'dist/package/index.d.ts',
      'dist/package/index.js',
      'package.json',
    ]));
    // Nothing else: no sources, maps, tests or source maps.
    expect(files.filter((file) => !/^(bin|dist)\/|^package\.json$|^README\.md$/.test(file))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('installs with no runtime dependency', () => {
    const manifest = JSON.parse(readFileSync(join(folder, 'node_modules/astar-playground/package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.private).toBeUndefined();
  });
});

describe('installed in an empty folder', () => {
  it("runs the README's example with plain node: the published optimal length, as the engine finds it", async () => {
    writeFileSync(join(folder, 'example.mjs'), EXAMPLE);
    const args = [join(FIXTURES, 'arena.map'), ...QUERY.start, ...QUERY.goal].map(String);
    const output = execFileSync(process.execPath, ['example.mjs', ...args], { cwd: folder, encoding: 'utf8', timeout: 60_000 });
    const result = JSON.parse(output) as { cost: number; path: [number, number][]; expanded: number };
    expect(result.cost).toBeCloseTo(QUERY.optimal, 3);
    expect(result.path[0]).toEqual(QUERY.start);
    expect(result.path.at(-1)).toEqual(QUERY.goal);
    // Every cell: each move is one step to one of the eight neighbours.
    for (let i = 1; i < result.path.length; i++) {
      const [[ax, ay], [bx, by]] = [result.path[i - 1]!, result.path[i]!];
      expect(Math.max(Math.abs(ax - bx), Math.abs(ay - by))).toBe(1);
    }
    // The same search in the source tree: the tarball ships this engine, not another.
    const astar = await loadEngine();
    using grid = astar.parseMap(readFileSync(join(FIXTURES, 'arena.map'), 'utf8'));
    const expected = astar.findPath(grid, [...QUERY.start], [...QUERY.goal], { algorithm: 'jps' });
    expect(result).toEqual({ cost: expected.cost, path: expected.path, expanded: expected.expanded });
  });

  it('gives no path as null, names the allowed values of a bad option, and its errors by their classes', () => {
    const script = `import { loadEngine } from 'astar-playground';
const astar = await loadEngine();
const grid = astar.parseMap('type octile\\nheight 1\\nwidth 3\\nmap\\n.@.\\n');
console.log(JSON.stringify(astar.findPath(grid, [0, 0], [2, 0])));
try { astar.findPath(grid, [0, 0], [2, 0], { costs: '1-2' }); } catch (error) { console.log(error.name + ': ' + error.message); }
try { astar.parseMap('hello'); } catch (error) { console.log(error.constructor.name + ' ' + String(error).split(':')[0]); }
`;
    writeFileSync(join(folder, 'errors.mjs'), script);
    const lines = execFileSync(process.execPath, ['errors.mjs'], { cwd: folder, encoding: 'utf8' }).trim().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({ status: 'no-path', cost: null, path: [], expanded: 1 });
    expect(lines[1]).toBe('RangeError: unknown cost model "1-2"; expected one of exact, 10-14');
    // The classes keep their names through the bundler's minifying (a stack trace says "MapFormatError", not "w").
    expect(lines[2]).toBe('MapFormatError MapFormatError');
  });

  it('reclaims a forgotten grid, warning once unless NODE_ENV is production', () => {
    const script = `import { loadEngine } from 'astar-playground';
const astar = await loadEngine();
for (let i = 0; i < 3; i++) astar.createGrid(100, 100).fill(2);
globalThis.gc();
await new Promise((resolve) => setTimeout(resolve, 50));
console.log('done');
`;
    writeFileSync(join(folder, 'forget.mjs'), script);
    const forget = (nodeEnv: string) => spawnSync(process.execPath, ['--expose-gc', 'forget.mjs'],
      { cwd: folder, encoding: 'utf8', env: { ...process.env, NODE_ENV: nodeEnv } });
    const development = forget('development');
    expect(development.stdout).toBe('done\n');
    expect(development.stderr.match(/a Grid was garbage-collected without delete\(\)/g)).toHaveLength(1);
    const production = forget('production');
    expect(production.stdout).toBe('done\n');
    expect(production.stderr).toBe('');
  });

  it('a loop that forgets searches and never awaits gets EngineMemoryError, not an abort, and recovers once it awaits', () => {
    // 512 x 512 searches of 4 MB each without delete(), in one synchronous loop: no
    // finalizer can run before the loop ends, so the 2 GB heap fills and the engine must
    // refuse in words. Awaiting then lets the collector reclaim them.
    const script = `import { loadEngine, EngineMemoryError } from 'astar-playground';
const astar = await loadEngine();
const grid = astar.createGrid(512, 512);
let made = 0;
// In a function of its own, so that no frame still holds the last search once it returns.
function forgetSearches() {
  for (; made < 5000; made++) {
    const search = astar.createSearch(grid, { algorithm: 'dijkstra' });
    search.reset({ x: made % 512, y: 0 }, { x: 511, y: 511 });
    search.runSteps(50);
  }
}
try {
  forgetSearches();
  console.log('no error');
} catch (error) {
  console.log(error instanceof EngineMemoryError, error.name, made);
  console.log(error.message);
}
for (let i = 0; i < 200 && astar.memoryUsage().liveObjects > 1; i++) await new Promise((resolve) => setTimeout(resolve, 10));
console.log(astar.memoryUsage().liveObjects);
console.log(astar.findPath(grid, [0, 0], [511, 511], { diagonal: 'never' }).cost);
`;
    writeFileSync(join(folder, 'never-awaits.mjs'), script);
    const run = spawnSync(process.execPath, ['never-awaits.mjs'], { cwd: folder, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_ENV: 'production' } });
    expect(run.stderr).toBe('');
    const [caught, message, live, cost] = run.stdout.trim().split('\n');
    const [isMemoryError, name, made] = caught!.split(' ');
    expect([isMemoryError, name]).toEqual(['true', 'EngineMemoryError']);
    // 2 GB over 4 MB a search, less the reserve and the grid.
    expect(Number(made)).toBeGreaterThan(400);
    expect(Number(made)).toBeLessThan(512);
    expect(message).toMatch(/^astar-playground: not enough engine memory for a dijkstra search of 512 x 512 cells \(about 4 MB more\): [\d,]+ MB of the engine's 2,048 MB are in use, held by the [\d,]+ grids, searches and walks made and not deleted\. Call delete\(\)/);
    expect(live).toBe('1'); // the grid
    expect(cost).toBe('1022');
  }, 120_000);

  it('type-checks, strictly, a TypeScript user of the package and its element as README shows them', () => {
    const { status, output } = typeCheck('user.ts', TYPED_USER);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 120_000);

  it('refuses, at type-check time, each misspelt option, wrong argument and wrong event detail', () => {
    const { status, output } = typeCheck('misuse.ts', MISUSE);
    expect(status).not.toBe(0);
    const wanted = MISUSE.split('\n').flatMap((line, i) => (line.endsWith('// error') ? [i + 1] : []));
    expect(wanted).toHaveLength(7);
    const failing = [...new Set([...output.matchAll(/^misuse\.ts\((\d+),\d+\): error TS\d+/gm)].map((match) => Number(match[1])))];
    expect(failing, output).toEqual(wanted);
  }, 120_000);

  it('installs the astar command', () => {
    copyFileSync(join(FIXTURES, 'arena.map'), join(folder, 'arena.map'));
    copyFileSync(join(FIXTURES, 'arena.map.scen'), join(folder, 'arena.map.scen'));
    const run = spawnSync(join(folder, 'node_modules/.bin/astar'), ['scen', 'arena.map.scen', '--algorithm', 'jps'], { cwd: folder, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/arena\.map/);
  });
});
