// Share links in real Chromium: a playground's state survives capture, encoding, decoding
// and loading into another playground; the address bar follows edits without flooding
// history; and the built page, opened in a new tab with a link, shows the same search the
// engine computes, or, for each kind of bad link, a message and the default map with no
// uncaught error and nothing from the link turned into markup.
import { deflateSync } from 'fflate';
import { commands } from 'vitest/browser';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { PlaygroundHandle } from '../../web/src/app';
import { loadEngine } from '../../web/src/engine/engine';
import { generateMap } from '../../web/src/generators/generators';
import { attachAddressBar } from '../../web/src/share/address-bar';
import { applyShareState, captureShareState, shareFragment, SHARE_LINK_MESSAGES } from '../../web/src/share/playground-state';
import { decodeShareFragment, encodeShareFragment, type ShareLinkProblem, type ShareState } from '../../web/src/share/share-link';
import { MAX_EXPANSION_LIMIT } from '../../web/src/state/limits';
import { MAX_SCALE, minScale } from '../../web/src/scene/viewport';
import { translate } from '../../web/src/ui/i18n';
import { choose, drag, mountPerTest, nextFrame, query, snapshot, until } from './playground-helpers';

// Share links number options as the engine's catalog does.
const { catalog } = await loadEngine();

// Registered after mountPerTest's, so it runs first: listeners are detached before the playgrounds go.
const open = mountPerTest();
let detachers: Array<() => void> = [];
afterEach(() => {
  for (const detach of detachers) detach();
  detachers = [];
});

/** Everything two playgrounds must agree on to show the same thing. */
function shown(app: PlaygroundHandle) {
  const { store } = app;
  return {
    width: store.grid.width,
    height: store.grid.height,
    costs: Array.from(store.grid.costs()),
    start: store.start,
    goal: store.goal,
    options: store.options,
    live: store.live,
    pathCost: store.gridTimeline!.display.pathCost,
    search: snapshot(app),
  };
}

/** A map that is neither the demo nor trivial: a maze with a band of costly terrain. */
function mazeState(overrides: Partial<ShareState> = {}): ShareState {
  const width = 41, height = 31;
  const costs = generateMap('dfs-maze', { width, height, seed: 11, density: 0.3 });
  for (let y = 0; y < height; y++) for (let x = 18; x < 24; x++) if (costs[y * width + x] !== 0) costs[y * width + x] = 6;
  costs[1 * width + 1] = 1;
  costs[29 * width + 39] = 1;
  return {
    width, height, costs,
    start: { x: 1, y: 1 },
    goal: { x: 39, y: 29 },
    searches: [{ algorithm: 'dijkstra', diagonal: 'never', weight: 1, costModel: 'exact' }],
    step: 150,
    view: null,
    walk: null,
    ...overrides,
  };
}

/** The search a state describes, computed by the engine directly (no store, no page). */
async function engineResult(state: ShareState): Promise<{ expanded: number; pathCost: number | null; status: string }> {
  const engine = await loadEngine();
  const grid = engine.createGrid(state.width, state.height);
  grid.assign(state.costs);
  const search = engine.createSearch(grid, state.searches[0]);
  try {
    search.reset(state.start, state.goal);
    if (state.step === null) search.run();
    else search.runSteps(state.step);
    return { expanded: search.counters().expanded, pathCost: search.pathCost, status: search.status };
  } finally {
    search.delete();
    grid.delete();
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('capture and apply', () => {
  it('a link loaded into a second playground shows the same map, options, step, counters and path cost', async () => {
    const { app: first } = await open();
    first.store.newMap(40, 30);
    first.store.generate('dfs-maze', 0.3, 7);
    first.store.fitView();
    drag(first, [{ x: 3, y: 0 }, { x: 3, y: 9 }]); // an edit on top, so it is not only a generator seed
    first.store.setOptions({ algorithm: 'astar', diagonal: 'always', heuristic: 'euclidean', weight: 1.7 });
    first.store.seek(23);
    first.store.setView({ scale: 31, offsetX: -40, offsetY: 12 });

    const fragment = shareFragment(first.store);
    expect(fragment).toMatch(/^v2=[A-Za-z0-9_-]+$/);
    const { app: second } = await open();
    second.store.setOptions({ algorithm: 'bfs' }); // something to overwrite
    applyShareState(second.store, decodeShareFragment(`#${fragment}`, catalog));

    expect(shown(second)).toEqual(shown(first));
    expect(second.store.timeline.finished).toBe(false);
    expect(second.store.timeline.step).toBe(23);
    expect(second.store.live).toBe(false);
    // Both canvases have the same size here, so the same view means the same pixels.
    expect(second.store.viewIsFitted).toBe(false);
    expect(second.store.view.scale).toBeCloseTo(31, 4);
    expect(second.store.view.offsetX).toBeCloseTo(-40, 2);
    expect(second.store.view.offsetY).toBeCloseTo(12, 2);
    // A loaded link is not an edit of the user's: nothing to undo into a half-replaced state.
    expect(second.store.history.canUndo).toBe(false);
    expect(shareFragment(second.store)).toBe(fragment);
  });

  it('a link asking for a step 100 million expansions in returns at once: the search goes there in slices, and a seek meanwhile takes over', async () => {
    // The reliability probe's link: IDA* to a walled-in goal on the largest map, at the
    // largest expansion limit, shown at its last step.
    const { app, container } = await open();
    const width = 1024, height = 1024;
    const costs = new Uint8Array(width * height).fill(1);
    const goal = { x: 1000, y: 1000 };
    for (let y = goal.y - 1; y <= goal.y + 1; y++) for (let x = goal.x - 1; x <= goal.x + 1; x++) if (x !== goal.x || y !== goal.y) costs[y * width + x] = 0;
    const limit = MAX_EXPANSION_LIMIT;
    const state: ShareState = {
      width, height, costs, start: { x: 2, y: 2 }, goal,
      searches: [{ algorithm: 'ida', diagonal: 'only-when-no-obstacles', weight: 1, costModel: 'exact', maxExpansions: limit }],
      step: limit, view: null, walk: null,
    };
    applyShareState(app.store, decodeShareFragment(encodeShareFragment(state, catalog), catalog));
    // Not there yet, but on the way: the timeline stands at the link's step.
    const early = app.store.step;
    expect(early).toBeLessThan(limit);
    expect(app.store.timelineStep).toBe(limit);
    await until(() => app.store.step > early, 'the replay goes on in slices');
    await until(() => app.store.seeking !== null, 'progress shown once the replay has taken a while');
    await nextFrame();
    expect(query(container, '[data-control="timeline"]').getAttribute('aria-valuetext')).toMatch(/^Going to step 100,000,000… \d+%$/);
    // Another step asked for drops the replay: a few expansions in, reached at once.
    app.store.seek(5);
    expect(app.store.step).toBe(5);
    expect(app.store.seeking).toBeNull();
    expect(app.store.gridTimeline!.lastEvent?.cell).toBeDefined();
  });

  it('a finished search travels as "finished": live mode, the whole search and its path cost', async () => {
    const { app: first } = await open();
    first.store.generate('random-walls', 0.25, 3);
    first.store.setOptions({ algorithm: 'dijkstra' });
    first.store.seek(1_000_000); // past the end: the finished search, live mode
    expect(first.store.live).toBe(true);
    const state = captureShareState(first.store);
    expect(state.step).toBeNull();
    expect(state.view).toBeNull();

    const { app: second } = await open();
    applyShareState(second.store, decodeShareFragment(encodeShareFragment(state, catalog), catalog));
    await until(() => second.store.timeline.finished, 'the loaded search finishes');
    expect(second.store.live).toBe(true);
    expect(second.store.viewIsFitted).toBe(true);
    expect(shown(second)).toEqual(shown(first));
    expect(second.store.gridTimeline!.display.pathCost).toBe((await engineResult(state)).pathCost);
    // Live mode continues: an edit after loading shows the finished search for the new map.
    second.store.setOptions({ diagonal: 'always' });
    await until(() => second.store.timeline.finished, 'the edited search finishes');
    expect(second.store.gridTimeline!.display.pathCost).toBe((await engineResult({ ...state, searches: [second.store.options] })).pathCost);
  });

  it('the view travels as the point at the centre of the canvas, whatever its size', async () => {
    const { app: first } = await open();
    first.store.setView({ scale: 40, offsetX: 100, offsetY: -30 });
    const state = captureShareState(first.store);
    const centreX = (first.store.canvasWidth / 2 - 100) / 40, centreY = (first.store.canvasHeight / 2 + 30) / 40;
    expect(state.view!.centerX).toBeCloseTo(centreX, 6);
    expect(state.view!.centerY).toBeCloseTo(centreY, 6);

    const { app: second, container } = await open();
    container.style.width = '700px'; // a narrower window
    await until(() => second.store.canvasWidth !== first.store.canvasWidth, 'the second canvas is resized');
    applyShareState(second.store, state);
    const { view, canvasWidth, canvasHeight } = second.store;
    expect((canvasWidth / 2 - view.offsetX) / view.scale).toBeCloseTo(centreX, 6);
    expect((canvasHeight / 2 - view.offsetY) / view.scale).toBeCloseTo(centreY, 6);
    expect(view.scale).toBe(40);
  });

  it('a link zoomed out further than the wheel goes opens at the wheel\'s smallest zoom, about the same centre', async () => {
    const { app } = await open();
    const { canvasWidth, canvasHeight, grid } = app.store;
    const lowest = minScale(grid.width, grid.height, canvasWidth, canvasHeight);
    const state = { ...captureShareState(app.store), view: { centerX: 6.5, centerY: 4.5, cellSize: 0.0001 } };
    applyShareState(app.store, state);
    const { view } = app.store;
    expect(view.scale).toBeCloseTo(lowest, 9);
    expect((canvasWidth / 2 - view.offsetX) / view.scale).toBeCloseTo(6.5, 6);
    expect((canvasHeight / 2 - view.offsetY) / view.scale).toBeCloseTo(4.5, 6);
    // And one zoomed in further than the wheel goes, at its largest.
    applyShareState(app.store, { ...state, view: { centerX: 6.5, centerY: 4.5, cellSize: 900 } });
    expect(app.store.view.scale).toBe(MAX_SCALE);
  });
});

/** A stand-in for the page's window: its own address, history and hashchange events. */
class FakeWindow extends EventTarget {
  readonly writes: string[] = [];
  readonly location = { href: 'https://example.test/astar/index.html', get hash() { return new URL(this.href).hash; } };
  readonly history = {
    state: null,
    replaceState: (_state: unknown, _unused: string, url: string) => {
      this.writes.push(url);
      this.location.href = url;
    },
    pushState: () => {
      throw new Error('the address bar must never push history entries');
    },
  };

  /** The user pastes another address into the bar. */
  navigate(url: string): void {
    this.location.href = url;
    this.dispatchEvent(new Event('hashchange'));
  }
}

function attach(app: PlaygroundHandle, win: FakeWindow): void {
  detachers.push(attachAddressBar(app.store, win as unknown as Window));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the address bar', () => {
  it('leaves a plain address alone until something changes, then follows edits with few rewrites', async () => {
    const { app, container } = await open();
    const win = new FakeWindow();
    attach(app, win);
    app.store.fitView();
    await sleep(600);
    expect(win.writes).toEqual([]);

    // A long stroke is one change per pointer event; the address is rewritten a few times at most.
    const cells = Array.from({ length: 30 }, (_, i) => ({ x: 1 + (i % 14), y: 1 + Math.floor(i / 14) }));
    drag(app, cells);
    choose(query(container, '[data-control="algorithm"]'), 'greedy');
    await until(() => win.writes.length > 0, 'the address is rewritten');
    await sleep(600);
    expect(win.writes.length).toBeLessThanOrEqual(2);
    const written = decodeShareFragment(win.location.hash, catalog);
    expect(written.searches[0]!.algorithm).toBe('greedy');
    expect(Array.from(written.costs)).toEqual(Array.from(app.store.grid.costs()));
    expect(win.location.href.startsWith('https://example.test/astar/index.html#v2=')).toBe(true);
  });

  it('keeps the step shown: stepping writes it, playing waits until the search stops', async () => {
    const { app } = await open();
    const win = new FakeWindow();
    attach(app, win);
    app.store.stepForward();
    app.store.stepForward();
    await until(() => win.writes.length === 1, 'the step is written');
    expect(decodeShareFragment(win.location.hash, catalog).step).toBe(2);

    app.store.setSpeed(0); // the slowest speed: playback lasts well beyond the write interval
    app.store.play();
    await sleep(900);
    expect(app.store.playing).toBe(true);
    expect(win.writes).toHaveLength(1);
    app.store.pause();
    await until(() => win.writes.length === 2, 'the step is written once playback stops');
    expect(decodeShareFragment(win.location.hash, catalog).step).toBe(app.store.timeline.step);
  });

  it('reloading an address the bar wrote reproduces the playground', async () => {
    const { app: first } = await open();
    const win = new FakeWindow();
    attach(first, win);
    first.store.generate('rooms', 0.3, 5);
    first.store.setOptions({ algorithm: 'bfs', diagonal: 'if-at-most-one-obstacle' });
    first.store.seek(12);
    await until(() => win.writes.length > 0, 'the address is rewritten');

    const { app: second } = await open();
    const reloaded = new FakeWindow();
    reloaded.location.href = win.location.href;
    attach(second, reloaded);
    expect(shown(second)).toEqual(shown(first));
    expect(second.store.message).toBeNull();
  });

  it('loads a link pasted into the same tab, and shows the default map for a bad one', async () => {
    const { app } = await open();
    const defaults = shown(app);
    const win = new FakeWindow();
    attach(app, win);
    const state = mazeState();
    win.navigate(`https://example.test/astar/index.html#${encodeShareFragment(state, catalog)}`);
    expect(app.store.grid.width).toBe(41);
    expect(app.store.timeline.step).toBe(150);
    expect(app.store.options.algorithm).toBe('dijkstra');

    win.navigate('https://example.test/astar/index.html#v1=AAAA');
    expect(shown(app)).toEqual(defaults);
    expect(app.store.message).toEqual({ kind: 'error', key: 'error.shareLink.corrupt' });
    // The bad link stays in the address for the user to look at; no rewrite replaces it.
    await sleep(600);
    expect(win.location.hash).toBe('#v1=AAAA');
    expect(win.writes).toEqual([]);
  });
});

// ---------------------------------------------------------------------------- built page
const distUrl = inject('distUrl');
// Read from the page once it has started: the status line, the message, the map size (from
// the canvas label), the timeline, the address and signs of anything from the link having
// become markup or run.
const PAGE_READY = `document.querySelector('canvas.ap-canvas')?.width > 100 && (document.querySelector('[data-region="status"]')?.textContent ?? '') !== ''`;
const PAGE_FACTS = `({
  status: document.querySelector('[data-region="status"]').textContent,
  message: document.querySelector('[data-region="message"]').textContent,
  messageChildren: document.querySelector('[data-region="message"]').children.length,
  canvasLabel: document.querySelector('canvas.ap-canvas').getAttribute('aria-label'),
  timeline: document.querySelector('[data-control="timeline"]').value,
  algorithm: document.querySelector('[data-control="algorithm"]').value,
  hash: location.hash,
  historyLength: history.length,
  injected: document.querySelectorAll('img, svg:not(.ap-compare-chart), iframe, object, embed, script:not([src])').length,
  pwned: window.__pwned === true,
})`;
interface PageFacts {
  status: string;
  message: string;
  messageChildren: number;
  canvasLabel: string;
  timeline: string;
  algorithm: string;
  hash: string;
  historyLength: number;
  injected: number;
  pwned: boolean;
}

async function visit(fragment: string, waitFor = PAGE_READY, evaluate = PAGE_FACTS) {
  const result = await commands.visitPage(`${distUrl}index.html${fragment}`, { waitForFunction: waitFor, evaluate, timeoutMs: 30000 });
  expect(result.pageErrors).toEqual([]);
  expect(result.consoleErrors).toEqual([]);
  expect(result.cspViolations).toEqual([]);
  return result.value as PageFacts;
}

function expandedIn(status: string): number {
  const match = /Expanded (\d+)/.exec(status);
  if (!match) throw new Error(`no expansion count in "${status}"`);
  return Number(match[1]);
}

function pathCostIn(status: string): number | null {
  const match = /^Path cost ([\d.]+)\./.exec(status);
  return match ? Number(match[1]) : null;
}

describe('the built page opened with a link', () => {
  it('shows the step and counters the engine computes for a maze at step 150 with Dijkstra', async () => {
    const state = mazeState();
    const expected = await engineResult(state);
    expect(expected.status).toBe('running'); // a step in the middle, not the end
    const facts = await visit(`#${encodeShareFragment(state, catalog)}`);
    expect(facts.message).toBe('');
    expect(facts.canvasLabel).toMatch(/41 × 31/);
    expect(facts.algorithm).toBe('dijkstra');
    expect(Number(facts.timeline)).toBe(150);
    expect(expandedIn(facts.status)).toBe(expected.expanded);
  });

  it('shows the finished search with the path cost the engine computes', async () => {
    const state = mazeState({
      searches: [{ algorithm: 'astar', diagonal: 'always', heuristic: 'octile', weight: 1.5, costModel: 'exact' }],
      step: null,
      view: { centerX: 10, centerY: 8, cellSize: 24 },
    });
    const expected = await engineResult(state);
    expect(expected.pathCost).not.toBeNull();
    const facts = await visit(`#${encodeShareFragment(state, catalog)}`, `${PAGE_READY} && /^Path cost/.test(document.querySelector('[data-region="status"]').textContent)`);
    expect(pathCostIn(facts.status)).toBeCloseTo(expected.pathCost!, 2);
    expect(expandedIn(facts.status)).toBe(expected.expanded);
  });

  it('Share in one playground, open in a new page: the same path cost', async () => {
    const { app } = await open();
    app.store.generate('recursive-division', 0.3, 9);
    app.store.setOptions({ algorithm: 'greedy', diagonal: 'if-at-most-one-obstacle' });
    app.store.seek(1_000_000);
    await nextFrame();
    const cost = app.store.gridTimeline!.display.pathCost;
    expect(cost).not.toBeNull();
    const facts = await visit(`#${shareFragment(app.store)}`, `${PAGE_READY} && /^Path cost/.test(document.querySelector('[data-region="status"]').textContent)`);
    expect(pathCostIn(facts.status)).toBeCloseTo(cost!, 2);
    expect(expandedIn(facts.status)).toBe(app.store.gridTimeline!.display.counters().expanded);
  });

  it('keeps the address current while editing, without adding history entries, and a reload reproduces it', async () => {
    // Edits made through the page's own controls, then the address read back a moment later.
    const edit = `(async () => {
      const historyAtStart = history.length;
      const algorithm = document.querySelector('[data-control="algorithm"]');
      algorithm.value = 'bfs';
      algorithm.dispatchEvent(new Event('change', { bubbles: true }));
      for (let i = 0; i < 7; i++) document.querySelector('[data-action="step"]').click();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { ...${PAGE_FACTS}, historyAtStart };
    })()`;
    const before = await visit('', PAGE_READY, edit) as PageFacts & { historyAtStart: number };
    expect(before.hash).toMatch(/^#v2=[A-Za-z0-9_-]+$/);
    expect(before.historyLength).toBe(before.historyAtStart);
    expect(decodeShareFragment(before.hash, catalog).step).toBe(7);

    const after = await visit(before.hash);
    expect(after.algorithm).toBe('bfs');
    expect(after.timeline).toBe('7');
    expect(expandedIn(after.status)).toBe(expandedIn(before.status));
    expect(after.message).toBe('');
  });
});

describe('the built page opened with a bad link', () => {
  const good = encodeShareFragment(mazeState({ step: null }), catalog);
  const absurdPayload = new Uint8Array(48);
  new DataView(absurdPayload.buffer).setUint16(0, 60000, true);
  new DataView(absurdPayload.buffer).setUint16(2, 60000, true);
  const offMapPayload = new Uint8Array(40 + Math.ceil((10 * 10) / 8));
  const offMap = new DataView(offMapPayload.buffer);
  offMap.setUint16(0, 10, true);
  offMap.setUint16(2, 10, true);
  offMap.setUint16(4, 50, true); // start x beyond the map
  offMap.setFloat64(16, 1, true);

  // The browser percent-encodes markup characters in the address, which no link contains.
  const badLinks: Array<[string, string, ShareLinkProblem]> = [
    ['truncated', `#${good.slice(0, Math.floor(good.length / 2))}`, 'corrupt'],
    ['corrupted', `#${good.slice(0, 20)}${'_'.repeat(12)}${good.slice(32)}`, 'corrupt'],
    ['of an unknown version', `#${good.replace(/^v2=/, 'v7=')}`, 'unknown-version'],
    ['with an absurd map size', `#v1=${toBase64Url(deflateSync(absurdPayload))}`, 'bad-size'],
    ['with a start off the map', `#v1=${toBase64Url(deflateSync(offMapPayload))}`, 'bad-value'],
    ['of megabytes', `#v1=${'A'.repeat(1_200_000)}`, 'too-long'],
    ['holding markup', '#v1=<img src=x onerror="window.__pwned=true">', 'corrupt'],
    ['holding script', '#<script>window.__pwned=true</script>', 'not-a-share-link'],
  ];

  it.each(badLinks)('a link %s shows its message and the default map', async (_kind, fragment, problem) => {
    const facts = await visit(fragment, `${PAGE_READY} && document.querySelector('[data-region="message"]').textContent !== ''`);
    expect(facts.message).toBe(translate('en', SHARE_LINK_MESSAGES[problem]));
    expect(facts.messageChildren).toBe(0);
    expect(facts.injected).toBe(0);
    expect(facts.pwned).toBe(false);
    // The default demo map at step 0.
    expect(facts.canvasLabel).toMatch(/16 × 10/);
    expect(facts.timeline).toBe('0');
    expect(facts.algorithm).toBe('astar');
    expect(expandedIn(facts.status)).toBe(0);
  });

  it('gives each kind of damage its own message', () => {
    const keys = new Set(Object.values(SHARE_LINK_MESSAGES));
    expect(keys.size).toBe(Object.keys(SHARE_LINK_MESSAGES).length);
    for (const key of keys) {
      expect(translate('en', key)).toMatch(/default map/);
      expect(translate('zh-CN', key)).toMatch(/默认地图/);
    }
  });
});
