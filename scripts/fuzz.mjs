// `npm run fuzz -- --seconds N`: builds the libFuzzer targets of cpp/fuzz/ with clang,
// AddressSanitizer and UndefinedBehaviorSanitizer (build/fuzz), then runs each for N seconds
// (default 60) and prints its runs and speed, or the crash and the input that reproduces it.
// Exits non-zero if any target crashed. `--seeds` instead runs each target once over its
// seeds (a few seconds, the same every time): npm test does that, so the targets keep
// building and their seeds keep passing.
//
// Each target grows its own corpus in build/fuzz/corpus/<target>/, kept between runs, and
// starts from seeds written afresh into build/fuzz/seeds/<target>/ from the Moving AI files
// (../shared/movingai when present, and tests/fixtures/movingai): windows of maps, the first
// lines of scenario files, and windows of maps in the search target's layout. These copies
// stay in build/, which git ignores.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { cmakeBuild } from './build.mjs';
import { FUZZ_PACKAGES, ensureSystemPackages } from './setup.mjs';
import { ROOT, StepError, main, say } from './shell.mjs';

const BUILD_DIR = 'build/fuzz';
const DEFAULT_SECONDS = 60;
const SEED_FOLDERS = [join(ROOT, '..', 'shared', 'movingai'), join(ROOT, 'tests', 'fixtures', 'movingai')];
// Seeds are kept small, for speed (the instrumented reader takes about a microsecond a
// cell): scenario files are cut to their first lines, maps to a window from their middle.
const SCENARIO_SEED_LINES = 40;
const MAP_WINDOW = 48;
/** The search target's window of a map (its largest side is 24). */
const SEARCH_WINDOW = 20;
/** A single input running longer than this is reported as a hang. */
const TIMEOUT_SECONDS = 30;

/**
 * The targets, named as the files of cpp/fuzz/, each with the seeds it starts from and the
 * largest single allocation it may make: the readers allocate from what a file holds, never
 * from the sizes it claims, so anything near a 4096 x 4096 grid (16 MiB) is a finding.
 */
const TARGETS = [
  { name: 'fuzz_read_map', seeds: mapSeeds, mallocLimitMb: 8 },
  { name: 'fuzz_read_scenario', seeds: scenarioSeeds, mallocLimitMb: 8 },
  { name: 'fuzz_search', seeds: searchSeeds, mallocLimitMb: 64 },
];

/** The seed folders' files whose names end in `suffix` (a name in both folders once). */
function seedFiles(suffix) {
  const files = new Map();
  for (const folder of SEED_FOLDERS.filter((f) => existsSync(f))) {
    for (const name of readdirSync(folder).filter((n) => n.endsWith(suffix)).sort()) {
      if (!files.has(name)) files.set(name, { name, path: join(folder, name) });
    }
  }
  return [...files.values()];
}

/** Up to `side` x `side` cells from the middle of a .map file (rows padded with walls), and its line ending. */
function mapWindow(path, side) {
  const text = readFileSync(path, 'latin1');
  const rows = text.split(/\r?\n/).slice(4).filter((row) => row.length > 0);
  const top = Math.max(0, Math.floor((rows.length - side) / 2));
  const left = Math.max(0, Math.floor(((rows[0]?.length ?? 0) - side) / 2));
  return {
    rows: rows.slice(top, top + side).map((row) => row.slice(left, left + side).padEnd(side, '@')),
    lineEnd: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

function mapSeeds() {
  return seedFiles('.map').map(({ name, path }) => {
    const { rows, lineEnd } = mapWindow(path, MAP_WINDOW);
    const text = ['type octile', `height ${rows.length}`, `width ${MAP_WINDOW}`, 'map', ...rows, ''].join(lineEnd);
    return { name, bytes: Buffer.from(text, 'latin1') };
  });
}

function scenarioSeeds() {
  return seedFiles('.scen').map(({ name, path }) => {
    const lines = readFileSync(path, 'latin1').split('\n').slice(0, SCENARIO_SEED_LINES);
    return { name, bytes: Buffer.from(lines.join('\n'), 'latin1') };
  });
}

/**
 * Inputs in fuzz_search.cpp's layout: a header of options (varied from seed to seed), a
 * window from the middle of a map, then two edits.
 */
function searchSeeds() {
  return seedFiles('.map').map(({ name, path }, index) => {
    const { rows } = mapWindow(path, SEARCH_WINDOW);
    const side = SEARCH_WINDOW - 1;
    const header = [side, rows.length - 1, index % 4, 5, 0, index % 2, 1, 1, side - 1, rows.length - 2, index % 10, index % 4, index % 2];
    const edits = [3, 12, 12, 0, 5, 20, 4, 10];
    const bytes = Buffer.concat([Buffer.from(header), Buffer.from(rows.join(''), 'latin1'), Buffer.from(edits)]);
    return { name: `${name}.search`, bytes };
  });
}

function writeSeeds(target) {
  const folder = join(ROOT, BUILD_DIR, 'seeds', target.name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const seeds = target.seeds();
  for (const seed of seeds) writeFileSync(join(folder, seed.name), seed.bytes);
  return { folder, count: seeds.length };
}

/** What libFuzzer printed: its final statistics, or the crash and where the input was saved. */
function summarise(log) {
  const stat = (key) => Number(new RegExp(`stat::${key}:\\s*(\\d+)`).exec(log)?.[1] ?? NaN);
  return {
    runs: stat('number_of_executed_units'),
    perSecond: stat('average_exec_per_sec'),
    newUnits: stat('new_units_added'),
    peakRssMb: stat('peak_rss_mb'),
    reproducer: /Test unit written to (\S+)/.exec(log)?.[1],
    // The check's or the sanitizer's report, from its first line to its SUMMARY line.
    report: /(?:[^\n]*check failed|[^\n]*runtime error|==\d+== ?ERROR|==\d+== ALARM)[\s\S]*?\nSUMMARY:[^\n]*/.exec(log)?.[0],
  };
}

/** Fuzzes one target for `seconds` from its corpus and seeds; with `seconds` null, only runs its seeds once. */
function fuzz(target, seconds, seeds) {
  const corpus = join(ROOT, BUILD_DIR, 'corpus', target.name);
  const crashes = join(ROOT, BUILD_DIR, 'crashes', target.name);
  const logPath = join(ROOT, BUILD_DIR, 'logs', `${target.name}.log`);
  for (const folder of [corpus, crashes, join(ROOT, BUILD_DIR, 'logs')]) mkdirSync(folder, { recursive: true });
  const args = [
    ...(seconds === null ? [seeds.folder, '-runs=0'] : [corpus, seeds.folder, `-max_total_time=${seconds}`]),
    `-timeout=${TIMEOUT_SECONDS}`,
    `-malloc_limit_mb=${target.mallocLimitMb}`,
    '-print_final_stats=1',
    `-artifact_prefix=${crashes}/`,
  ];
  const from =
    seconds === null
      ? `its ${seeds.count} seeds`
      : `${seconds} s from ${seeds.count} seeds and ${readdirSync(corpus).length} corpus inputs`;
  say('fuzz', `${target.name}: ${from} (log: ${relative(ROOT, logPath)})`);
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, BUILD_DIR, target.name), args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const file = createWriteStream(logPath);
    let log = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        file.write(chunk);
        log += chunk;
      });
    }
    child.on('error', (error) => reject(new StepError(`could not run ${target.name}: ${error.message}`)));
    child.on('close', (code) => {
      file.end();
      resolve({ code, ...summarise(log), logPath, seedCount: seeds.count });
    });
  });
}

function report(target, seconds, result) {
  const n = (value) => (Number.isFinite(value) ? value.toLocaleString('en-US') : '?');
  if (result.code === 0 && seconds === null) {
    say('fuzz', `${target.name}: ${result.seedCount} seeds, peak ${n(result.peakRssMb)} MB: no crash`);
    return true;
  }
  if (result.code === 0) {
    say(
      'fuzz',
      `${target.name}: ${n(result.runs)} runs in ${seconds} s (${n(result.perSecond)}/s), ` +
        `${n(result.newUnits)} new corpus inputs, peak ${n(result.peakRssMb)} MB: no crash`,
    );
    return true;
  }
  console.error(`[fuzz] ${target.name}: CRASHED (exit ${result.code})`);
  if (result.report) console.error(result.report.trimEnd());
  if (result.reproducer) {
    console.error(`[fuzz] reproducer: ${relative(ROOT, result.reproducer)}`);
    console.error(`[fuzz] run it again: ${BUILD_DIR}/${target.name} ${relative(ROOT, result.reproducer)}`);
  }
  console.error(`[fuzz] full output: ${relative(ROOT, result.logPath)}`);
  return false;
}

/** `--seconds N` (default DEFAULT_SECONDS), or null for `--seeds` (run every seed once: npm test's check). */
function secondsOption() {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: String(DEFAULT_SECONDS) }, seeds: { type: 'boolean', default: false } },
  });
  if (values.seeds) return null;
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 1) throw new StepError(`--seconds takes a whole number of seconds, not "${values.seconds}"`);
  return seconds;
}

await main('fuzz', async () => {
  const seconds = secondsOption();
  await ensureSystemPackages(FUZZ_PACKAGES);
  await cmakeBuild({
    name: 'fuzz targets',
    buildDir: BUILD_DIR,
    configure: ['cmake', '-S', '.', '-B', BUILD_DIR, '-DCMAKE_BUILD_TYPE=RelWithDebInfo', '-DCMAKE_CXX_COMPILER=clang++', '-DASTAR_FUZZ=ON'],
  });
  let crashed = false;
  for (const target of TARGETS) {
    const result = await fuzz(target, seconds, writeSeeds(target));
    if (!report(target, seconds, result)) crashed = true;
  }
  if (crashed) {
    console.error('[fuzz] FAILED: a fuzz target crashed (see above)');
    process.exit(1);
  }
});
