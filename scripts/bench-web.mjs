// `npm run bench:web`: the playground in headless Chromium, driven like a user through its
// controls. It prints one table of frame times and search times:
//
//   animate   a 512 x 512 Moving AI preset (and a 1024 x 1024 maze) playing at a fixed
//             number of steps per frame: requestAnimationFrame intervals while it plays;
//   instant   "instant" on 1024 x 1024 maps: the search runs in slices between frames, so
//             the longest interval between frames is how long the page stopped answering.
//             Search time is the engine time the status line reports; wall time also
//             includes the frames drawn in between.
//   compare   the same with four searches side by side (A*, Dijkstra, JPS and greedy, as
//             Compare and Add search give them): four panes drawn every frame, four
//             searches advanced by the one clock. Wall time is until all four finished.
//   walk      an agent walking a 1024 x 1024 map of rooms in unknown terrain (sensing radius
//             1), one move per frame, planning with D* Lite or with A* from scratch: every
//             frame that needs a replan makes it before drawing, so the frame times are
//             how responsive the page stays while the agent replans. Steps are moves.
//
// A second table (bench-responsiveness.mjs) measures how long the page stops answering
// while it does something big on a 1024 x 1024 city map: painting after a finished search,
// opening a link at its last step, an instant compare of four, switching to JPS+.
//
// Each row is the median over --runs runs (default 3). This is a program that prints a
// table, not a test: nothing here asserts a speed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { buildAll } from './build.mjs';
import { measureResponsiveness, printResponsivenessTable, setSpeed } from './bench-responsiveness.mjs';
import { setup } from './setup.mjs';
import { ROOT, StepError, main, say } from './shell.mjs';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const DIST = join(ROOT, 'dist');
const USAGE = `usage: npm run bench:web -- [--runs N] [--seconds S] [--only TEXT]
  --runs N      runs per row, the median is printed (default 3)
  --seconds S   longest animation measured per run (default 4)
  --only TEXT   only the rows whose mode contains TEXT (for example "compare"); "responsiveness"
                for the second table alone`;

function parseArguments(argv) {
  const options = { runs: 3, seconds: 4, only: '' };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i], value = Number(argv[i + 1]);
    if (name === '--help' || name === '-h') { console.log(USAGE); process.exit(0); }
    if (name === '--only' && argv[i + 1]) {
      options.only = argv[++i];
    } else if ((name === '--runs' || name === '--seconds') && Number.isFinite(value) && value > 0) {
      options[name.slice(2)] = value;
      i++;
    } else {
      throw new StepError(`unknown or invalid option ${name}\n${USAGE}`);
    }
  }
  return options;
}

const CONTENT_TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'text/plain', '.txt': 'text/plain', '.json': 'application/json' };

/** A static server for dist/ on a free loopback port (no dev server, no HMR in the way). */
function serveDist() {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    const file = normalize(join(DIST, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(DIST) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------------------------------------- page actions
async function choose(page, control, value) {
  await page.selectOption(`[data-control="${control}"]`, value);
}

/** Walk mode with unknown terrain sensed `radius` cells around the agent, planned by `algorithm`; paused at step 0. */
async function walkUnknown(page, algorithm, radius) {
  await choose(page, 'algorithm', algorithm);
  await page.check('[data-control="unknown-terrain"]');
  await page.$eval('[data-control="sense-radius"]', (input, value) => {
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, radius);
  await page.click('[data-action="walk"]');
  await page.click('[data-action="play"]');
}

async function loadPreset(page, file) {
  await choose(page, 'preset', file);
  await page.click('[data-action="load-preset"]');
  await page.waitForFunction((name) => document.querySelector('[data-region="message"]')?.textContent?.includes(name), file);
}

async function newMap(page, width, height, generator) {
  await page.fill('[data-control="map-width"]', String(width));
  await page.fill('[data-control="map-height"]', String(height));
  await page.click('[data-action="new-map"]');
  if (generator) {
    await choose(page, 'generator', generator);
    await page.click('[data-action="generate"]');
  }
}

/**
 * Clicks Play and records requestAnimationFrame times until the search stops playing or
 * `seconds` pass. Returns frame intervals (ms), the longest long task, the engine time
 * and the wall time of the run, and the steps made.
 */
async function playAndMeasure(page, seconds) {
  await page.click('[data-action="reset"]');
  return page.evaluate(async (limitMs) => {
    const play = document.querySelector('[data-action="play"]');
    const longTasks = [];
    const observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) longTasks.push(entry.duration); });
    try { observer.observe({ type: 'longtask', buffered: false }); } catch { /* not supported */ }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const stamps = [];
    const begin = performance.now();
    play.click();
    await new Promise((resolve) => {
      const frame = (time) => {
        stamps.push(time);
        const playing = play.dataset.state === 'playing';
        if (!playing || time - begin > limitMs) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const wallMs = performance.now() - begin;
    if (play.dataset.state === 'playing') play.click();
    observer.disconnect();
    const status = document.querySelector('[data-region="status"]').textContent;
    const intervals = stamps.slice(1).map((t, i) => t - stamps[i]);
    // In compare mode the status line counts the searches that finished.
    const compared = /Comparing (\d+) searches, (\d+) finished/.exec(status);
    const replans = /Replans (\d+)/.exec(status);
    return {
      intervals,
      longestTask: longTasks.length ? Math.max(...longTasks) : 0,
      engineMs: Number(/Time ([\d.]+) ms/.exec(status)?.[1] ?? NaN),
      wallMs,
      steps: Number(document.querySelector('[data-control="timeline"]').value),
      finished: compared ? compared[1] === compared[2] : /^(Path cost|No path|Arrived)/.test(status),
      replans: replans ? Number(replans[1]) : NaN,
    };
  }, seconds * 1000);
}

/** Compare mode with four searches: Compare, then Add search twice (A*, Dijkstra, JPS, greedy). */
async function compareFour(page) {
  await page.click('[data-action="compare"]');
  await page.click('[data-action="add-search"]');
  await page.click('[data-action="add-search"]');
  await page.waitForFunction(() => document.querySelectorAll('.ap-pane').length === 4);
}

// ---------------------------------------------------------------------------- statistics
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function median(values) {
  // A run too short to have frame intervals has NaN percentiles: leave it out.
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summarise(run) {
  // The first interval includes the click's own work and page warm-up; drop it.
  const intervals = run.intervals.length > 2 ? run.intervals.slice(1) : run.intervals;
  const sorted = [...intervals].sort((a, b) => a - b);
  const total = intervals.reduce((sum, value) => sum + value, 0);
  return {
    frames: intervals.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    fps: total > 0 ? (1000 * intervals.length) / total : NaN,
    engineMs: run.engineMs,
    wallMs: run.wallMs,
    steps: run.steps,
    longestTask: run.longestTask,
    replans: run.replans,
    finished: run.finished,
  };
}

function medianRow(runs) {
  const keys = Object.keys(runs[0]).filter((key) => typeof runs[0][key] === 'number');
  const row = Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))]));
  row.finished = runs.every((run) => run.finished);
  return row;
}

const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

function printTable(rows) {
  const header = ['map', 'size', 'mode', 'steps', 'frames', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'fps', 'longest task ms', 'search ms', 'wall ms'];
  const lines = rows.map(({ map, size, mode, stats }) => [
    map, size, mode, `${stats.steps}${stats.finished ? '' : '+'}`, String(stats.frames), fixed(stats.p50), fixed(stats.p95), fixed(stats.p99),
    fixed(stats.max), fixed(stats.fps), fixed(stats.longestTask, 0), fixed(stats.engineMs), fixed(stats.wallMs, 0),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) => `| ${cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (i < 3 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  console.log('steps: expansions made during the measured run (walks: moves; + = still running when the time ran out).');
  const walks = rows.filter((row) => Number.isFinite(row.stats.replans));
  for (const { map, mode, stats } of walks) console.log(`${map} ${mode}: ${fixed(stats.replans, 0)} replans in ${stats.steps} moves.`);
  console.log('frame times are requestAnimationFrame intervals while playing; max = the longest the page went without a frame.');
}

// ---------------------------------------------------------------------------- the benchmark
const CASES = [
  { map: 'AR0011SR', size: '512x512', mode: 'animate 100/frame', prepare: (page) => loadPreset(page, 'AR0011SR.map'), speed: '100 steps per frame' },
  { map: 'AR0011SR', size: '512x512', mode: 'animate 1000/frame', prepare: (page) => loadPreset(page, 'AR0011SR.map'), speed: '1000 steps per frame' },
  { map: 'random512-10-0', size: '512x512', mode: 'animate 100/frame', prepare: (page) => loadPreset(page, 'random512-10-0.map'), speed: '100 steps per frame' },
  { map: 'AR0011SR', size: '512x512', mode: 'instant', prepare: (page) => loadPreset(page, 'AR0011SR.map'), speed: 'Instant' },
  { map: 'dfs-maze', size: '1024x1024', mode: 'animate 1000/frame', prepare: (page) => newMap(page, 1024, 1024, 'dfs-maze'), speed: '1000 steps per frame' },
  { map: 'dfs-maze (A*)', size: '1024x1024', mode: 'instant', prepare: (page) => newMap(page, 1024, 1024, 'dfs-maze'), speed: 'Instant' },
  {
    map: 'empty (Dijkstra)', size: '1024x1024', mode: 'instant', speed: 'Instant',
    prepare: async (page) => { await newMap(page, 1024, 1024); await choose(page, 'algorithm', 'dijkstra'); },
  },
  {
    map: 'AR0011SR', size: '512x512', mode: 'compare 4, 100/frame', speed: '100 steps per frame',
    prepare: async (page) => { await loadPreset(page, 'AR0011SR.map'); await compareFour(page); },
  },
  {
    map: 'random512-10-0', size: '512x512', mode: 'compare 4, 100/frame', speed: '100 steps per frame',
    prepare: async (page) => { await loadPreset(page, 'random512-10-0.map'); await compareFour(page); },
  },
  {
    map: 'dfs-maze', size: '1024x1024', mode: 'compare 4, instant', speed: 'Instant',
    prepare: async (page) => { await newMap(page, 1024, 1024, 'dfs-maze'); await compareFour(page); },
  },
  {
    map: 'random walls 30%', size: '1024x1024', mode: 'compare 4, instant', speed: 'Instant',
    prepare: async (page) => { await newMap(page, 1024, 1024, 'random-walls'); await compareFour(page); },
  },
  {
    map: 'rooms (D* Lite)', size: '1024x1024', mode: 'walk, unknown r1, 1/frame', speed: '1 step per frame',
    prepare: async (page) => { await newMap(page, 1024, 1024, 'rooms'); await walkUnknown(page, 'dstar-lite', 1); },
  },
  {
    map: 'rooms (A* from scratch)', size: '1024x1024', mode: 'walk, unknown r1, 1/frame', speed: '1 step per frame',
    prepare: async (page) => { await newMap(page, 1024, 1024, 'rooms'); await walkUnknown(page, 'astar', 1); },
  },
];

await main('bench:web', async () => {
  const options = parseArguments(process.argv.slice(2));
  await setup();
  await buildAll();
  if (!existsSync(join(DIST, 'index.html'))) throw new StepError('dist/index.html is missing after the build');

  const { chromium } = await import('playwright-core');
  const server = await serveDist();
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows = [];
  let responsiveness = [];
  try {
    const cases = options.only === 'responsiveness' ? [] : CASES.filter((c) => c.mode.includes(options.only));
    for (const benchCase of cases) {
      // A fresh page per case: one case's memory and caches do not slow the next.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
      await page.goto(url);
      await page.waitForSelector('[data-action="play"]');
      await benchCase.prepare(page);
      await setSpeed(page, benchCase.speed);
      const runs = [];
      for (let run = 0; run < options.runs; run++) runs.push(summarise(await playAndMeasure(page, options.seconds)));
      if (errors.length) throw new StepError(`the page reported errors: ${errors.join('; ')}`);
      const stats = medianRow(runs);
      rows.push({ ...benchCase, stats });
      say('bench:web', `${benchCase.size} ${benchCase.map} ${benchCase.mode}: ${fixed(stats.fps)} fps, p95 ${fixed(stats.p95)} ms, max ${fixed(stats.max)} ms`);
      await context.close();
    }
    if (options.only === '' || options.only === 'responsiveness') {
      responsiveness = await measureResponsiveness(browser, url, options.runs, median, (line) => say('bench:web', line));
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (rows.length > 0) {
    console.log('');
    console.log(`Playground in headless Chromium (${CHROMIUM}), 1280 x 800, median of ${options.runs} runs per row:`);
    printTable(rows);
  }
  if (responsiveness.length > 0) {
    console.log('');
    printResponsivenessTable(responsiveness, options.runs);
  }
});
