// bench:web's second table: how long the page stops answering while it does something big.
// Every row acts on NewYork_0_1024 (../shared/movingai, a 1024 x 1024 city map, opened with
// Import as a user opens a map) at fit view, and reports
//
//   longest task   the longest main-thread task the browser reported (PerformanceObserver
//                  'longtask' entries, which only exist from 50 ms up; 0 when none did) that
//                  began after the action did: entries reach the observer a while after their
//                  task, so one from the unmeasured preparation can arrive during the action;
//   longest gap    the longest the page's own timer went without running (a setTimeout(0)
//                  chain installed before the page's scripts, so it also sees tasks under
//                  50 ms and several tasks with no break between them);
//   tasks > 50 ms  how many long tasks there were;
//   blocking       the total blocking time: the sum over the long tasks of the part over 50 ms;
//   result after   from the end of the action (the pointer released, the link put in the
//                  address bar, Play clicked, the algorithm chosen; for the page opened at a
//                  link, the page's start) to the first frame that shows its result.
//
// A row is one entry of ACTIONS: how to get the page ready, the action, and what shows its
// result. A row whose algorithm this build lacks (`needs`) prints as such instead of failing,
// so the JPS+ row is there before JPS+ is. Each row is the median over --runs runs.
import { join } from 'node:path';
import { ROOT, StepError } from './shell.mjs';

const MAP_FILE = join(ROOT, '..', 'shared', 'movingai', 'NewYork_0_1024.map');
const MAP_NAME = 'NewYork_0_1024';

/** Installed before any script of the page: the long-task observer and the timer probe. */
function installProbe() {
  const probe = { tasks: [], gaps: [], marks: {}, last: performance.now(), measuring: false, since: 0 };
  window.__probe = probe;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (probe.measuring && entry.startTime >= probe.since) probe.tasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch { /* no long-task support: the gaps still count */ }
  const tick = () => {
    const now = performance.now();
    if (probe.measuring) probe.gaps.push(now - probe.last);
    probe.last = now;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  // The end of a stroke is the pointer's release, as the page hears it.
  addEventListener('pointerup', () => { probe.marks.released = performance.now(); }, true);
  probe.start = () => {
    probe.tasks = [];
    probe.gaps = [];
    probe.marks = {};
    probe.last = performance.now();
    probe.since = probe.last;
    probe.measuring = true;
  };
  // Measuring from the document's start, for a page opened by a link.
  probe.measuring = true;
}

/** Resolves in the page once `shows()` holds on a frame; returns that frame's time. */
function frameWhen(page, shows, argument) {
  return page.evaluate(async ([source, arg]) => {
    // eslint-disable-next-line no-new-func -- the bench's own code, passed as text to the page
    const test = new Function('arg', `return (${source})(arg)`);
    return new Promise((resolve, reject) => {
      const began = performance.now();
      const frame = (time) => {
        if (test(arg)) resolve(time);
        else if (time - began > 120000) reject(new Error('the result did not show within two minutes'));
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, [shows.toString(), argument]);
}

// Page-side tests, written out in full: they run in the page, where no closure reaches.
const searchEnded = () => /^(Path cost|No path)/.test(document.querySelector('[data-region="status"]')?.textContent ?? '');
const allFinished = (n) => new RegExp(`Comparing ${n} searches, ${n} finished`).test(document.querySelector('[data-region="status"]')?.textContent ?? '');
const atStep = (step) => {
  const timeline = document.querySelector('[data-control="timeline"]');
  const label = document.querySelector('[data-control="timeline"] + output')?.textContent ?? '';
  return timeline !== null && Number(timeline.value) === step && !/Going to/.test(label);
};
const prepared = () => {
  const status = document.querySelector('[data-region="status"]')?.textContent ?? '';
  return status !== '' && !/Preparing/.test(status);
};

async function openMap(page) {
  await page.setInputFiles('[data-control="import"]', MAP_FILE);
  await page.waitForFunction((name) => document.querySelector('[data-region="message"]')?.textContent?.includes(name), MAP_NAME);
}

/** Moves the speed slider to the position labelled `label` ("100 steps per frame", "Instant"). */
export async function setSpeed(page, label) {
  const found = await page.evaluate((wanted) => {
    const input = document.querySelector('[data-control="speed"]');
    for (let i = Number(input.min); i <= Number(input.max); i++) {
      input.value = String(i);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      if (input.getAttribute('aria-valuetext') === wanted) return true;
    }
    return false;
  }, label);
  if (!found) throw new StepError(`the speed control has no position "${label}"`);
}

/** The map opened (unless it is already) and its search run to the end ("instant"), then back at the default speed. */
async function finishedSearch(page, open = true) {
  if (open) await openMap(page);
  await setSpeed(page, 'Instant');
  await page.click('[data-action="play"]');
  await frameWhen(page, searchEnded);
  await setSpeed(page, '10 steps per second');
}

/** Waits until nothing is in flight: the comparison counted, no slice for a while. */
async function quiet(page) {
  await page.waitForFunction(() => !/counting…/.test(document.querySelector('[data-region="comparison"]')?.textContent ?? '')
    && !/counting…|Going to/.test(document.querySelector('[data-control="timeline"] + output')?.textContent ?? ''), null, { timeout: 120000 });
  await page.waitForTimeout(300);
}

/** A wall stroke across the middle of the map, as a mouse draws it: 60 moves. */
async function paintStroke(page) {
  const box = await page.locator('[data-region="canvas"]').first().boundingBox();
  const y = box.y + box.height * 0.5, from = box.x + box.width * 0.3, to = box.x + box.width * 0.7;
  await page.mouse.move(from, y);
  await page.mouse.down();
  await page.mouse.move(to, y + box.height * 0.05, { steps: 60 });
  await page.mouse.up();
}

/**
 * The next link the address bar is given after `previous` (a `#v2=` fragment). The page
 * rewrites the address a while after a change, and waits longer between rewrites on a map
 * whose link takes long to encode (20 times the encoding's time; seconds on a busy machine),
 * so a link is known to stand for the state shown only once it has changed.
 */
async function nextLink(page, previous) {
  try {
    await page.waitForFunction((before) => location.hash.startsWith('#v2=') && location.hash !== before, previous, { timeout: 120000, polling: 250 });
  } catch {
    throw new StepError('the address bar was not rewritten within two minutes of the change');
  }
  return page.evaluate(() => location.hash);
}

/** The link the address bar holds one step before the end (the end itself is written as "finished"), and that step. */
async function linkAtLastStep(page) {
  await openMap(page);
  const opened = await nextLink(page, '');
  await finishedSearch(page, false);
  const finished = await nextLink(page, opened);
  await page.click('[data-action="step-back"]');
  await quiet(page);
  const step = Number(await page.inputValue('[data-control="timeline"]'));
  return { hash: await nextLink(page, finished), step };
}

/**
 * The actions measured. `prepare` gets a fresh page ready (not measured); `act` does the
 * action; `shows` (run in the page) holds once its result is on screen. `open` rows measure
 * the opening of a page instead: `prepare` returns the address to open.
 */
export const ACTIONS = [
  {
    action: 'paint a stroke after a finished search',
    prepare: async (page) => { await finishedSearch(page); await quiet(page); },
    act: paintStroke,
    ended: 'released',
    shows: searchEnded,
  },
  {
    // Pasted into the address bar of the open page (a hashchange): what restoring the link costs.
    action: 'open a link at the last step',
    prepare: linkAtLastStep,
    open: 'hashchange',
    shows: atStep,
  },
  {
    // The same link opening the page: its start (the bundle, the engine, the first search) included.
    action: 'open the page at that link',
    prepare: linkAtLastStep,
    open: 'navigate',
    shows: atStep,
  },
  {
    action: 'instant compare of four',
    prepare: async (page) => {
      await openMap(page);
      await page.click('[data-action="compare"]');
      await page.click('[data-action="add-search"]');
      await page.click('[data-action="add-search"]');
      await page.waitForFunction(() => document.querySelectorAll('.ap-pane').length === 4);
      await setSpeed(page, 'Instant');
      await quiet(page);
    },
    act: (page) => page.click('[data-action="play"]'),
    shows: allFinished,
    argument: 4,
  },
  {
    action: 'switch to JPS+ (its preparation)',
    needs: 'jps-plus',
    prepare: async (page) => { await finishedSearch(page); await quiet(page); },
    act: (page) => page.selectOption('[data-control="algorithm"]', 'jps-plus'),
    shows: prepared,
  },
];

/** One run of one row in a fresh page; null when the build lacks the row's algorithm. */
async function measureOnce(browser, url, row) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url);
    await page.waitForSelector('[data-action="play"]');
    if (row.needs && !(await page.$(`[data-control="algorithm"] option[value="${row.needs}"]`))) return null;
    let result;
    if (row.open) {
      const { hash, step } = await row.prepare(page);
      const opened = await context.newPage();
      opened.on('pageerror', (error) => errors.push(String(error)));
      let openedAt = 0;
      if (row.open === 'navigate') {
        await opened.goto(`${url}${hash}`);
      } else {
        await opened.goto(url);
        await opened.waitForSelector('[data-action="play"]');
        await quiet(opened);
        openedAt = await opened.evaluate((fragment) => {
          window.__probe.start();
          location.hash = fragment;
          return performance.now();
        }, hash);
      }
      const shownAt = await frameWhen(opened, row.shows, step);
      result = await opened.evaluate((shown) => ({ ...window.__probe, shownAfter: shown }), shownAt - openedAt);
    } else {
      await row.prepare(page);
      await page.evaluate(() => window.__probe.start());
      const actedAt = await page.evaluate(() => performance.now());
      await row.act(page);
      const endedAt = row.ended ? await page.evaluate((mark) => window.__probe.marks[mark], row.ended) : actedAt;
      const shownAt = await frameWhen(page, row.shows, row.argument);
      result = await page.evaluate(([shown, from]) => ({ ...window.__probe, shownAfter: shown - from }), [shownAt, endedAt]);
    }
    if (errors.length) throw new StepError(`the page reported errors: ${errors.join('; ')}`);
    return {
      longestTask: Math.max(0, ...result.tasks),
      longestGap: Math.max(0, ...result.gaps),
      longTasks: result.tasks.length,
      blocking: result.tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      shownAfter: result.shownAfter,
    };
  } finally {
    await context.close();
  }
}

export async function measureResponsiveness(browser, url, runs, median, report) {
  const rows = [];
  for (const row of ACTIONS) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const result = await measureOnce(browser, url, row);
      if (result === null) break;
      results.push(result);
    }
    if (results.length === 0) {
      rows.push({ action: row.action, missing: row.needs });
      continue;
    }
    const stats = Object.fromEntries(Object.keys(results[0]).map((key) => [key, median(results.map((result) => result[key]))]));
    rows.push({ action: row.action, stats });
    const worst = Math.max(...results.map((result) => result.longestTask));
    report(`${row.action}: longest task ${stats.longestTask.toFixed(0)} ms (worst run ${worst.toFixed(0)}), blocking ${stats.blocking.toFixed(0)} ms, longest gap ${stats.longestGap.toFixed(0)} ms, result after ${stats.shownAfter.toFixed(0)} ms`);
  }
  return rows;
}

export function printResponsivenessTable(rows, runs) {
  const fixed = (value) => (Number.isFinite(value) ? value.toFixed(0) : '-');
  const header = ['action', 'longest task ms', 'longest gap ms', 'tasks > 50 ms', 'blocking ms', 'result after ms'];
  const lines = rows.map(({ action, stats, missing }) => (missing
    ? [action, `(no ${missing} in this build)`, '', '', '', '']
    : [action, fixed(stats.longestTask), fixed(stats.longestGap), fixed(stats.longTasks), fixed(stats.blocking), fixed(stats.shownAfter)]));
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(`Responsiveness on ${MAP_NAME} (1024 x 1024) at fit view, median of ${runs} runs per row (target: no task over 50 ms):`);
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  console.log('longest task: PerformanceObserver long tasks (from 50 ms) begun after the action; blocking: their total time over 50 ms;');
  console.log('longest gap: the page\'s own setTimeout(0) chain;');
  console.log('result after: from the end of the action (pointer released, link put in the address bar, Play clicked, algorithm chosen;');
  console.log('the page opened at a link: its start, whose loading of the bundle and the engine counts too) to the frame that shows it.');
}
