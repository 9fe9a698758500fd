// Builds everything a user runs: the native core, tests and tools (build/native), the
// WebAssembly engine (build/wasm -> web/src/engine/generated/astar-wasm.mjs) and the names
// generated from it (web/src/engine/generated/names.ts, scripts/generate-names.mjs), the page
// (dist/), the <astar-playground> element (dist/embed/), the CLI (dist/cli/astar.mjs) and
// the npm package's entry (dist/package/index.js).
// Each part is skipped or rebuilt incrementally when its inputs have not changed, so
// running it again is cheap.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateNames, WASM_MODULE } from './generate-names.mjs';
import { setup } from './setup.mjs';
import { ROOT, StepError, main, run, say, step } from './shell.mjs';

const JOBS = '-j2'; // the project's machines have two cores

// Debian's emcc runs its JavaScript tools with the system Node, which finds acorn and the
// other helpers Debian ships only through this path.
const EMSCRIPTEN_ENV = {
  NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':'),
};

/** Each Vite build with the file it must produce; `vite build --mode <mode>` selects it. */
const VITE_BUILDS = [
  { name: 'page', mode: 'production', output: 'dist/index.html' },
  { name: '<astar-playground> element', mode: 'embed', output: 'dist/embed/astar-playground.js' },
  { name: 'CLI', mode: 'cli', output: 'dist/cli/astar.mjs' },
  { name: 'npm package entry', mode: 'package', output: 'dist/package/index.js' },
];
const VITE_INPUTS = ['web', 'vite.config.ts', 'tsconfig.json', 'tsconfig.declarations.json', 'package-lock.json'];
const VITE_STAMP = join(ROOT, 'build/vite.stamp');

/** True when buildDir holds a finished CMake configuration of this source tree. */
function isConfigured(buildDir) {
  const cache = join(ROOT, buildDir, 'CMakeCache.txt');
  if (!existsSync(cache)) return false;
  const home = /^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$/m.exec(readFileSync(cache, 'utf8'))?.[1];
  if (home !== ROOT) {
    // A build tree copied along with the sources: CMake refuses to reuse it, so start afresh.
    say('build', `${buildDir} was configured for ${home}; configuring it again`);
    rmSync(join(ROOT, buildDir), { recursive: true, force: true });
    return false;
  }
  return ['Makefile', 'build.ninja'].some((file) => existsSync(join(ROOT, buildDir, file)));
}

/** Configures buildDir if it is not yet, then builds it (only `targets`, when given). */
export async function cmakeBuild({ name, buildDir, configure, env = {}, targets = [] }) {
  await step('build', `${name} build (${buildDir})`, async () => {
    if (!isConfigured(buildDir)) {
      await run(configure[0], configure.slice(1), { env, tag: 'build' });
    }
    // cmake re-runs the configuration itself when CMakeLists or globbed sources change.
    const only = targets.flatMap((target) => ['--target', target]);
    await run('cmake', ['--build', buildDir, JOBS, ...only], { env, tag: 'build' });
  });
}

export async function buildNative() {
  await cmakeBuild({
    name: 'native',
    buildDir: 'build/native',
    configure: ['cmake', '-S', '.', '-B', 'build/native', '-DCMAKE_BUILD_TYPE=Release'],
  });
}

export async function buildWasm() {
  await cmakeBuild({
    name: 'WebAssembly',
    buildDir: 'build/wasm',
    configure: ['emcmake', 'cmake', '-S', '.', '-B', 'build/wasm', '-DCMAKE_BUILD_TYPE=Release'],
    env: EMSCRIPTEN_ENV,
  });
  if (!existsSync(WASM_MODULE)) {
    throw new StepError(`the WebAssembly build did not produce ${WASM_MODULE}`);
  }
  // TypeScript's names and limits, read from the module just built (skipped when it has not changed).
  await generateNames();
}

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
}

function viteBuildsAreCurrent() {
  if (!existsSync(VITE_STAMP)) return false;
  if (!VITE_BUILDS.every((build) => existsSync(join(ROOT, build.output)))) return false;
  const stamp = statSync(VITE_STAMP).mtimeMs;
  return VITE_INPUTS.every((input) => newestChange(join(ROOT, input)) <= stamp);
}

export async function buildWeb() {
  if (viteBuildsAreCurrent()) {
    say('build', 'page, element and CLI are up to date (dist/)');
    return;
  }
  // Files edited while Vite runs must count as newer than this build.
  const started = new Date();
  // The page build empties dist/, so the builds after it always run with it.
  for (const build of VITE_BUILDS) {
    await step('build', `${build.name} (vite build --mode ${build.mode})`, () =>
      run('node_modules/.bin/vite', ['build', '--mode', build.mode], { tag: 'build' }),
    );
  }
  mkdirSync(join(ROOT, 'build'), { recursive: true });
  writeFileSync(VITE_STAMP, `${started.toISOString()}\n`);
  utimesSync(VITE_STAMP, started, started);
}

export async function buildAll() {
  await buildNative();
  await buildWasm();
  await buildWeb();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main('build', async () => {
    await setup();
    await buildAll();
  });
}
