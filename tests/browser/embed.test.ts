// <astar-playground>, mount() and the iframe form, all from the BUILT dist/ (the browser
// project's global setup serves it with the strict CSP; build it first with
// `node scripts/build.mjs`, which `npm test` does). Whole pages under the CSP go through
// the visitPage command; the rest imports the built module into the test page, so what is
// tested is the file a page author would load.
import { commands } from 'vitest/browser';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { PlaygroundHandle } from '../../web/src/app';
import type * as EmbedModule from '../../web/src/embed/astar-playground';
import type { AstarPlaygroundElement } from '../../web/src/embed/astar-playground';
import { loadEngine } from '../../web/src/engine/engine';
import { captureShareState } from '../../web/src/share/playground-state';
import { decodeShareFragment, encodeShareFragment, type ShareState } from '../../web/src/share/share-link';
import { INSTANT_SPEED_INDEX } from '../../web/src/state/speeds';
import type { PlaygroundStore } from '../../web/src/state/store';
import { showStartFailure } from '../../web/src/ui/fatal';
import { translate } from '../../web/src/ui/i18n';
import { drag, pointer, press, until } from './playground-helpers';

// Share links number options as the engine's catalog does.
const { catalog } = await loadEngine();

const distUrl = inject('distUrl');
let embed: typeof EmbedModule;
beforeAll(async () => {
  embed = await import(/* @vite-ignore */ `${distUrl}embed/astar-playground.js`);
});

// The tutorial's cup map ("Four searches, one map"): breadth-first takes 322 steps on it.
const CUP_MAP = 'v1=k2DgZ2BmYGcQBWIG5v8MEPDBHsrAAv4wMzAwYUEgcSgAAA';

let holders: HTMLElement[] = [];
afterEach(() => {
  for (const holder of holders) holder.remove(); // removal frees each element's playground
  holders = [];
  vi.restoreAllMocks();
});

interface Placed {
  element: AstarPlaygroundElement;
  app: PlaygroundHandle;
  store: PlaygroundStore;
  shadow: ShadowRoot;
}

function holder(width = 900, lang?: string): HTMLElement {
  const div = document.createElement('div');
  div.style.width = `${width}px`;
  if (lang) div.lang = lang;
  document.body.append(div);
  holders.push(div);
  return div;
}

async function place(attributes: Record<string, string> = {}, into = holder()): Promise<Placed> {
  const element = document.createElement('astar-playground');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  into.append(element);
  await element.ready;
  // The built module's playground has the same shape as the source's.
  const app = element.playground as unknown as PlaygroundHandle;
  return { element, app, store: app.store, shadow: element.shadowRoot! };
}

function shown(root: ParentNode, selector: string): boolean {
  const element = root.querySelector<HTMLElement>(selector);
  return element !== null && element.checkVisibility();
}

// One visible selector per control group.
const GROUP_SELECTORS = {
  play: '[data-action="play"]',
  speed: '[data-control="speed"]',
  timeline: '[data-control="timeline"]',
  status: '[data-region="status"]',
  narration: '[data-region="narration"]',
  algorithm: '[data-control="algorithm"]',
  heuristic: '[data-control="heuristic"]',
  diagonal: '[data-control="diagonal"]',
  weight: '[data-control="weight"]',
  draw: '[data-action="tool-wall"]',
  map: '[data-action="new-map"]',
  share: '[data-action="embed"]',
  language: '[data-control="language"]',
} as const;
type Group = keyof typeof GROUP_SELECTORS;

function visibleGroups(root: ParentNode): Group[] {
  return (Object.keys(GROUP_SELECTORS) as Group[]).filter((group) => shown(root, GROUP_SELECTORS[group]));
}

/** A 12 x 8 map with a wall the search must go round, terrain, and a step in the middle of the search. */
function sampleState(overrides: Partial<ShareState> = {}): ShareState {
  const width = 12, height = 8;
  const costs = new Uint8Array(width * height).fill(1);
  for (let y = 1; y < 7; y++) costs[y * width + 6] = 0;
  costs[3 * width + 3] = 4;
  return {
    width, height, costs,
    start: { x: 1, y: 4 }, goal: { x: 10, y: 4 },
    searches: [{ algorithm: 'astar', diagonal: 'never', weight: 1, costModel: 'exact' }],
    step: 5, view: null, walk: null,
    ...overrides,
  };
}

/** Lets attribute changes be applied (they may be batched into a microtask). */
function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function canvasPixels(app: PlaygroundHandle): Uint8ClampedArray {
  app.drawNow();
  return app.canvas.getContext('2d')!.getImageData(0, 0, app.canvas.width, app.canvas.height).data;
}

function countDifferent(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) count++;
  return count;
}

describe('on a page served with the strict CSP', () => {
  it('two elements from the built module share one engine, keep their styles inside and follow the page width', async () => {
    const result = await commands.visitPage(`${distUrl}__test__/embed.html`, {
      waitForFunction: '[...document.querySelectorAll("astar-playground")].every((e) => e.playground)'
        + ' && /Path cost/.test(document.querySelector("#second").shadowRoot.querySelector("[data-region=status]").textContent)',
      evaluate: `(() => {
        const [first, second] = document.querySelectorAll('astar-playground');
        const root = first.shadowRoot.querySelector('.ap-root');
        return {
          sameEngine: first.playground.engine === second.playground.engine,
          // Beside the fixture's own embed.css.
          pageStyleSheets: document.styleSheets.length - 1 + document.adoptedStyleSheets.length,
          wallColour: getComputedStyle(root).getPropertyValue('--wall').trim(),
          widths: [first.getBoundingClientRect().width, second.getBoundingClientRect().width, document.querySelector('main').getBoundingClientRect().width],
          secondAlgorithm: second.playground.store.options.algorithm,
        };
      })()`,
    });
    expect(result.cspViolations).toEqual([]);
    expect(result.consoleErrors).toEqual([]);
    expect(result.pageErrors).toEqual([]);
    expect(result.value).toMatchObject({
      sameEngine: true,
      pageStyleSheets: 0, // nothing leaked into the page
      widths: [700, 700, 700],
      secondAlgorithm: 'dijkstra',
    });
    expect((result.value as { wallColour: string }).wallColour).toMatch(/^#[0-9a-f]{6}$/i);
  });
});

describe('the element', () => {
  it('is the built module\'s class, and elements share one engine', async () => {
    expect(customElements.get('astar-playground')).toBe(embed.AstarPlayground);
    const [a, b] = await Promise.all([place(), place()]);
    expect(a.app.engine).toBe(b.app.engine);
    expect(a.store).not.toBe(b.store);
  });

  it('compares the searches `algorithms` names side by side, with the comparison table, and follows changes to it', async () => {
    const uniform = sampleState();
    uniform.costs = uniform.costs.map((cost) => Math.min(cost, 1));
    const { element, store, shadow } = await place({ map: encodeShareFragment(uniform, catalog), algorithms: 'astar, dijkstra,jps' });
    expect(store.runs.map((run) => run.options.algorithm)).toEqual(['astar', 'dijkstra', 'jps']);
    // Each with the map's options, fitted to what the algorithm supports.
    for (const run of store.runs) expect(store.engine.refusalFor(store.grid, run.options)).toBeNull();
    expect(shadow.querySelectorAll('.ap-pane')).toHaveLength(3);
    const begin = performance.now();
    while (store.runs.some((run) => run.timeline.result === null) && performance.now() - begin < 10000) await settled();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const table = shadow.querySelector('[data-region="comparison-table"]')!;
    expect(table.closest<HTMLElement>('[data-region="comparison"]')!.hidden).toBe(false);
    const rows = [...table.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.textContent).toContain('✓ optimal');

    element.setAttribute('algorithms', 'astar greedy');
    await settled();
    expect(store.runs.map((run) => run.options.algorithm)).toEqual(['astar', 'greedy']);
    element.setAttribute('algorithms', 'astar bogus');
    await settled();
    expect(store.runs).toHaveLength(1);
    expect(shadow.querySelector('[data-region="message"]')!.textContent).toContain('algorithms="bogus"');
    element.removeAttribute('algorithms');
    await settled();
    expect(store.runs).toHaveLength(1);
    expect(shadow.querySelectorAll('.ap-pane')).toHaveLength(1);
  });

  it('walks with mode="walk" and sense, from attributes or from the link, and searches again with mode="search"', async () => {
    const { element, store, shadow } = await place({
      map: encodeShareFragment(sampleState({ step: 0 }), catalog), mode: 'walk', sense: '3', algorithm: 'dstar-lite', autoplay: '', speed: '50/frame',
    });
    expect(store.walking).toBe(true);
    expect([store.unknownTerrain, store.senseRadius]).toEqual([true, 3]);
    const walk = store.runs[0]!.walk!;
    const begin = performance.now();
    while (walk.walk.status !== 'arrived' && performance.now() - begin < 10000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(walk.walk.status).toBe('arrived');
    expect(walk.walk.agent()).toEqual({ x: 10, y: 4 });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(shadow.querySelector('[data-region="status"]')!.textContent).toContain('Arrived');
    // sense="0": the agent knows the whole map.
    element.setAttribute('sense', '0');
    await settled();
    expect(store.unknownTerrain).toBe(false);
    element.setAttribute('mode', 'search');
    await settled();
    expect(store.walking).toBe(false);
    expect(store.runs[0]!.walk).toBeNull();

    // A link that walks walks without any attribute.
    const linked = await place({ map: encodeShareFragment(sampleState({ step: 2, walk: { unknownTerrain: true, senseRadius: 5, stepSize: 'move' } }), catalog) });
    expect(linked.store.walking).toBe(true);
    expect([linked.store.unknownTerrain, linked.store.senseRadius]).toEqual([true, 5]);
    expect(linked.store.step).toBe(2);
  });

  it('shows exactly the map payload, given whole or after "v2="', async () => {
    const state = sampleState();
    const { element, store } = await place({ map: encodeShareFragment(state, catalog) });
    expect(captureShareState(store)).toEqual(state);

    const other = sampleState({ step: null, searches: [{ algorithm: 'bfs', diagonal: 'always', weight: 1, costModel: 'exact' }] });
    element.setAttribute('map', encodeShareFragment(other, catalog).replace(/^v2=/, ''));
    await settled();
    expect(captureShareState(store)).toEqual(other);
    expect(store.timeline.finished).toBe(true); // no step: the finished search
  });

  it('shows a message and the default map for a bad payload', async () => {
    const { store, shadow } = await place({ map: 'v1=not-a-real-payload' });
    expect([store.grid.width, store.grid.height]).toEqual([16, 10]);
    expect(store.message?.key).toMatch(/^error\.shareLink\./);
    expect(shadow.querySelector('[data-region="message"]')!.textContent).not.toBe('');
  });

  it('applies option attributes over the map\'s own, and a removed one gives the map\'s back', async () => {
    const { element, store } = await place({ map: encodeShareFragment(sampleState(), catalog), algorithm: 'dijkstra' });
    expect(store.options.algorithm).toBe('dijkstra');
    element.setAttribute('heuristic', 'euclidean');
    element.setAttribute('weight', '2');
    await settled();
    expect(store.options).toMatchObject({ algorithm: 'dijkstra', heuristic: 'euclidean', weight: 2 });
    element.removeAttribute('algorithm');
    element.removeAttribute('heuristic');
    await settled();
    expect(store.options.algorithm).toBe('astar');
    expect(store.options.heuristic).toBeUndefined();
    expect(store.grid.width).toBe(12); // the map stayed
  });

  it('keeps a link\'s step when option attributes override its options, and computes its search once', async () => {
    const { store } = await place({ map: encodeShareFragment(sampleState(), catalog), algorithm: 'dijkstra' });
    expect(store.options.algorithm).toBe('dijkstra');
    expect(store.timeline.step).toBe(5);

    const { element, store: live } = await place({ algorithm: 'bfs' });
    const edits = vi.spyOn(live, 'setOptions');
    element.setAttribute('map', encodeShareFragment(sampleState({ step: null }), catalog));
    await settled();
    expect(live.options.algorithm).toBe('bfs');
    expect(live.timeline.finished).toBe(true);
    expect(edits).not.toHaveBeenCalled(); // the link and its overrides are loaded in one go
  });

  it('keeps the language a reader picked when another attribute changes', async () => {
    const { element, store } = await place({ controls: 'play language' });
    store.setLanguage('zh-CN'); // the reader's pick in the language control
    element.setAttribute('algorithm', 'bfs');
    await settled();
    expect(store.options.algorithm).toBe('bfs');
    expect(store.language).toBe('zh-CN');
    element.setAttribute('lang', 'en'); // a change of the setting itself still applies
    await settled();
    expect(store.language).toBe('en');
  });

  it('names a setting it does not understand and ignores it', async () => {
    const { element, store, shadow } = await place({ algorithm: 'teleport' });
    expect(store.options.algorithm).toBe('astar');
    expect(shadow.querySelector('[data-region="message"]')!.textContent).toContain('algorithm="teleport"');
    element.setAttribute('algorithm', 'greedy');
    await settled();
    expect(store.options.algorithm).toBe('greedy');
    expect(store.message).toBeNull();
  });

  it('shows only the chosen control groups, and follows changes to controls', async () => {
    const { element, shadow } = await place();
    expect(visibleGroups(shadow)).toEqual(['play', 'speed', 'timeline', 'status']);
    element.setAttribute('controls', 'algorithm narration share language');
    await settled();
    expect(visibleGroups(shadow)).toEqual(['narration', 'algorithm', 'share', 'language']);
    element.setAttribute('controls', 'all');
    await settled();
    expect(visibleGroups(shadow)).toEqual(Object.keys(GROUP_SELECTORS));
    element.setAttribute('controls', 'none');
    await settled();
    expect(visibleGroups(shadow)).toEqual([]);
    expect(shown(shadow, 'canvas')).toBe(true);
  });

  it('draws only the chosen labels, and follows changes to labels', async () => {
    const { element, app, store } = await place();
    store.seek(12); // cells with g, h and f to label
    expect(store.view.scale).toBeGreaterThan(28); // labels are drawn at this zoom
    const all = canvasPixels(app);
    element.setAttribute('labels', 'none');
    await settled();
    const none = canvasPixels(app);
    element.setAttribute('labels', 'g');
    await settled();
    const gOnly = canvasPixels(app);
    element.setAttribute('labels', 'g h f order parent');
    await settled();
    expect(countDifferent(canvasPixels(app), all)).toBe(0);
    expect(countDifferent(all, none)).toBeGreaterThan(500);
    expect(countDifferent(gOnly, none)).toBeGreaterThan(100);
    expect(countDifferent(gOnly, all)).toBeGreaterThan(100);
  });

  it('refuses edits while readonly, and allows them once it is removed', async () => {
    const { element, app, store, shadow } = await place({ readonly: '', controls: 'play draw map' });
    const stroke = [{ x: 2, y: 1 }, { x: 2, y: 3 }];
    const costs = () => [1, 2, 3].map((y) => store.grid.cost(2, y));
    expect(visibleGroups(shadow)).toEqual(['play']);
    drag(app, stroke);
    drag(app, [store.goal, { x: store.goal.x, y: store.goal.y + 2 }]); // would move the goal
    press('z', { ctrlKey: true }, app.canvas);
    expect(costs()).toEqual([1, 1, 1]);
    expect(store.goal).toEqual({ x: 13, y: 4 });
    expect(store.history.canUndo).toBe(false);

    element.removeAttribute('readonly');
    await settled();
    expect(visibleGroups(shadow)).toEqual(['play', 'draw', 'map']);
    drag(app, stroke);
    expect(costs()).toEqual([0, 0, 0]);
  });

  it('lets a finger scroll the page over a read-only map, and keeps every touch for drawing on an editable one', async () => {
    const { element, app, store } = await place({ readonly: '' });
    const touchAction = () => getComputedStyle(app.canvas).touchAction;
    expect(touchAction()).toBe('pan-y');
    // A swipe the browser takes over for scrolling pans a little first, then is cancelled:
    // the map goes back to how it was.
    const fitted = { ...store.view };
    const cell = { x: 5, y: 4 };
    pointer(app, 'pointerdown', cell, 'touch');
    pointer(app, 'pointermove', { x: 5, y: 2 }, 'touch');
    expect(store.view.offsetY).toBeLessThan(fitted.offsetY);
    app.canvas.dispatchEvent(new PointerEvent('pointercancel', { pointerId: 1, pointerType: 'touch', isPrimary: true, bubbles: true }));
    expect(store.view).toEqual(fitted);
    expect(store.viewIsFitted).toBe(true);
    // A drag that is not cancelled (sideways, which the page leaves to the map) pans it.
    drag(app, [cell, { x: 3, y: 4 }], 'touch');
    expect(store.view.offsetX).toBeLessThan(fitted.offsetX);
    element.removeAttribute('readonly');
    await settled();
    expect(touchAction()).toBe('none');
    element.setAttribute('readonly', '');
    await settled();
    expect(touchAction()).toBe('pan-y');
  });

  it.each(['en', 'zh-CN'])('keeps every control inside its box at 260 px wide (%s)', async (lang) => {
    const { store, shadow } = await place({ lang, map: CUP_MAP, algorithm: 'bfs', readonly: '', controls: 'play timeline status', speed: 'instant', autoplay: '' }, holder(260));
    await until(() => store.timeline.finished, 'the search finishes');
    expect(store.timeline.step).toBeGreaterThanOrEqual(100); // a three-digit "Step 322 of 322"
    const transport = shadow.querySelector<HTMLElement>('.ap-transport')!;
    const box = transport.getBoundingClientRect();
    const style = getComputedStyle(transport);
    const inner = { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
    const parts = [...transport.querySelectorAll<HTMLElement>('button, input, output, .ap-label, [data-region="status"]')].filter((e) => e.checkVisibility());
    expect(parts.length).toBeGreaterThanOrEqual(8);
    for (const part of parts) {
      const rect = part.getBoundingClientRect();
      const name = `${part.tagName} ${part.textContent}`;
      expect(rect.left, name).toBeGreaterThanOrEqual(inner.left - 0.5);
      expect(rect.right, name).toBeLessThanOrEqual(inner.right + 0.5);
    }
    expect(transport.scrollWidth).toBeLessThanOrEqual(transport.clientWidth);
  });

  it('holds its animation while off screen, and once back ends exactly where an unhindered one does', async () => {
    const settings = { map: CUP_MAP, algorithm: 'bfs', readonly: '', autoplay: '', speed: '2/frame' };
    const reference = await place({ ...settings, speed: 'instant' });
    const away = holder();
    away.style.position = 'absolute';
    away.style.top = '20000px';
    const { element, app, store } = await place(settings, away);
    const done: unknown[] = [];
    element.addEventListener('astar-done', (event) => done.push((event as CustomEvent).detail));
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await wait(300); // the visibility observer has reported
    const heldAt = store.timeline.step, framesAt = app.renderer.framesDrawn;
    await wait(500); // about 30 frames, 60 steps if it were playing
    expect(store.playing).toBe(true);
    expect(store.timeline.finished).toBe(false);
    expect(store.timeline.step).toBe(heldAt);
    expect(app.renderer.framesDrawn).toBe(framesAt);

    away.style.top = '0px'; // scrolled into view
    await until(() => store.timeline.step > heldAt, 'it plays on once visible');
    await until(() => store.timeline.finished, 'the search finishes', 20000);
    await until(() => reference.store.timeline.finished, 'the reference finishes');
    const outcome = (s: PlaygroundStore) => ({ step: s.timeline.step, counters: s.timeline.display.counters(), cost: s.timeline.display.pathCost, path: s.timeline.display.path() });
    expect(outcome(store)).toEqual(outcome(reference.store));
    expect(done).toEqual([{ step: reference.store.timeline.step, expanded: reference.store.timeline.step, pathCost: reference.store.timeline.display.pathCost }]);
  });

  it('hears keyboard shortcuts only while it has focus', async () => {
    const { app, store } = await place();
    press('ArrowRight', {}, document.body);
    expect(store.timeline.step).toBe(0);
    app.canvas.focus();
    // On the focused map the arrows move the cell cursor; the full stop steps.
    press('.', {}, app.canvas);
    expect(store.timeline.step).toBe(1);
  });

  it('fires astar-ready, astar-step on each step and astar-done once with the path cost', async () => {
    const element = document.createElement('astar-playground');
    const events: Array<{ type: string; detail: unknown }> = [];
    for (const type of ['astar-ready', 'astar-step', 'astar-done'] as const) {
      element.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
    }
    holder().append(element);
    await element.ready;
    const store = (element.playground as unknown as PlaygroundHandle).store;
    expect(events.map((e) => e.type)).toContain('astar-ready');
    events.length = 0;
    store.stepForward();
    store.stepForward();
    expect(events).toEqual([
      { type: 'astar-step', detail: { step: 1, expanded: 1, pathCost: null } },
      { type: 'astar-step', detail: { step: 2, expanded: 2, pathCost: null } },
    ]);
    events.length = 0;
    element.setAttribute('speed', 'instant');
    element.setAttribute('autoplay', '');
    await settled();
    await until(() => events.some((e) => e.type === 'astar-done'), 'the search finishes');
    const done = events.filter((e) => e.type === 'astar-done');
    expect(done).toEqual([{ type: 'astar-done', detail: { step: store.timeline.step, expanded: store.timeline.step, pathCost: store.timeline.display.pathCost } }]);
    expect(store.timeline.display.pathCost).toBeGreaterThan(0);
  });

  it('plays at once with autoplay at the given speed', async () => {
    const { store } = await place({ autoplay: '', speed: 'instant', algorithm: 'bfs' });
    expect(store.speedIndex).toBe(INSTANT_SPEED_INDEX);
    await until(() => store.timeline.finished, 'the search finishes by itself');
  });

  it('speaks the page\'s language unless lang says otherwise', async () => {
    const play = (shadow: ShadowRoot) => shadow.querySelector('[data-action="play"]')!.textContent;
    const inChinesePage = await place({}, holder(600, 'zh-CN'));
    expect(play(inChinesePage.shadow)).toBe(translate('zh-CN', 'play'));
    const { element, shadow } = await place({ lang: 'zh-CN' });
    expect(play(shadow)).toBe(translate('zh-CN', 'play'));
    element.setAttribute('lang', 'en');
    await settled();
    expect(play(shadow)).toBe(translate('en', 'play'));
  });

  it('takes width and height, and otherwise is as wide as its container', async () => {
    const { element, app } = await place({}, holder(640));
    expect(element.getBoundingClientRect().width).toBe(640);
    element.setAttribute('width', '420');
    element.setAttribute('height', '250');
    await settled();
    const wrap = app.canvas.parentElement!.getBoundingClientRect();
    expect(wrap.height).toBe(250);
    expect(wrap.width).toBeLessThanOrEqual(420);
    expect(wrap.width).toBeGreaterThan(380);
  });

  it('frees its playground when removed, not when moved, and builds a new one when added again', async () => {
    const { element } = await place();
    const elsewhere = holder();
    elsewhere.append(element); // a move: disconnected and connected in one go
    await Promise.resolve();
    expect(element.playground).not.toBeNull();
    element.remove();
    await Promise.resolve();
    expect(element.playground).toBeNull();
    elsewhere.append(element); // back again: a new playground
    await element.ready;
    expect(element.playground).not.toBeNull();
  });
  it('rejects ready with an AbortError when removed while loading, and shows no old message when built again', async () => {
    const element = document.createElement('astar-playground');
    const into = holder();
    into.append(element);
    const first = element.ready;
    element.remove();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    // mount() rejects too when its element is removed while loading.
    const pending = embed.mount(into);
    into.lastElementChild!.remove();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    // A message left from an earlier attempt goes when the playground is built again.
    const stale = document.createElement('p');
    stale.textContent = 'could not start';
    element.shadowRoot!.firstElementChild!.append(stale);
    into.append(element);
    await element.ready;
    expect(element.shadowRoot!.textContent).not.toContain('could not start');
  });
});

describe('a playground that cannot start', () => {
  it('says so in one styled message, the same for the page and the element', () => {
    const box = holder();
    box.append(document.createElement('canvas'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    showStartFailure(box, new Error('no WebAssembly'));
    expect(box.children).toHaveLength(1);
    expect(box.firstElementChild!.className).toBe('ap-fatal');
    expect(box.textContent).toBe('The A* playground could not start: no WebAssembly');
  });
});

describe('mount()', () => {
  it('mounts with options, reports steps and the finished search, updates and destroys', async () => {
    const target = holder();
    const playground = await embed.mount(target, { algorithm: 'greedy', controls: ['play', 'status'], labels: 'g h', speed: 'instant' });
    const store = playground.element.playground!.store as PlaygroundStore;
    expect(store.options.algorithm).toBe('greedy');
    expect(visibleGroups(playground.element.shadowRoot!)).toEqual(['play', 'status']);

    const steps: number[] = [];
    const stopSteps = playground.on('step', (detail) => steps.push(detail.step));
    store.stepForward();
    stopSteps();
    store.stepForward();
    expect(steps).toEqual([1]);

    const done = new Promise<EmbedModule.PlaygroundEventDetail>((resolve) => playground.on('done', resolve));
    playground.update({ autoplay: true });
    expect((await done).pathCost).toBe(store.timeline.display.pathCost);
    expect(decodeShareFragment(playground.shareFragment(), catalog).searches[0]!.algorithm).toBe('greedy');

    playground.update({ algorithm: undefined });
    expect(store.options.algorithm).toBe('astar');

    playground.destroy();
    expect(target.querySelector('astar-playground')).toBeNull();
    expect(playground.element.playground).toBeNull();
  });

  it('applies several changed settings at once: one load, no restarts', async () => {
    const playground = await embed.mount(holder());
    const store = playground.element.playground!.store as PlaygroundStore;
    const loads = vi.spyOn(store, 'loadState');
    const edits = vi.spyOn(store, 'setSearches');
    playground.update({ map: encodeShareFragment(sampleState(), catalog), algorithm: 'dijkstra', weight: 2 });
    expect(store.options).toMatchObject({ algorithm: 'dijkstra', weight: 2 });
    expect(store.timeline.step).toBe(5);
    playground.element.setAttribute('algorithm', 'greedy');
    playground.element.setAttribute('weight', '3');
    await settled();
    expect(store.options).toMatchObject({ algorithm: 'greedy', weight: 3 });
    expect(loads).toHaveBeenCalledTimes(1);
    expect(edits).toHaveBeenCalledTimes(1);
  });

  it('refuses an option it does not know, with its name', async () => {
    await expect(embed.mount(holder(), { colour: 'red' } as EmbedModule.PlaygroundOptions)).rejects.toThrow(/unknown option "colour"/);
  });
});

describe('Share and Embed', () => {
  async function withShareButtons(): Promise<Placed> {
    const placed = await place({ controls: 'play share', map: encodeShareFragment(sampleState(), catalog) });
    placed.store.setOptions({ algorithm: 'bfs' }); // the current state, not the attribute's
    placed.store.stepForward();
    return placed;
  }

  it('the Embed dialog gives both snippets for the current state', async () => {
    const { store, shadow } = await withShareButtons();
    shadow.querySelector<HTMLButtonElement>('[data-action="embed"]')!.click();
    const dialog = shadow.querySelector<HTMLDialogElement>('[data-region="embed-dialog"]')!;
    expect(dialog.open).toBe(true);
    const elementSnippet = shadow.querySelector<HTMLTextAreaElement>('[data-snippet="element"]')!.value;
    const iframeSnippet = shadow.querySelector<HTMLTextAreaElement>('[data-snippet="iframe"]')!.value;
    const current = captureShareState(store);
    expect(current.searches[0]!.algorithm).toBe('bfs');

    expect(elementSnippet).toContain(`<script type="module" src="${distUrl}embed/astar-playground.js"></script>`);
    const map = /<astar-playground map="([^"]+)"><\/astar-playground>/.exec(elementSnippet)![1];
    expect(decodeShareFragment(map, catalog)).toEqual(current);

    const src = /<iframe src="([^"]+)"/.exec(iframeSnippet)![1].replace(/&amp;/g, '&');
    expect(src.startsWith(`${distUrl}index.html?embed#v2=`)).toBe(true);
    expect(decodeShareFragment(new URL(src).hash.slice(1), catalog)).toEqual(current);

    shadow.querySelector<HTMLButtonElement>('[data-action="close-embed"]')!.click();
    expect(dialog.open).toBe(false);
  });

  it('on the full page under the CSP, a link opened gives the same payload back through Embed', async () => {
    const state = sampleState({ searches: [{ algorithm: 'dijkstra', diagonal: 'always', weight: 1, costModel: 'exact' }] });
    const result = await commands.visitPage(`${distUrl}index.html#${encodeShareFragment(state, catalog)}`, {
      waitForFunction: 'document.querySelector("canvas.ap-canvas")?.width > 0',
      evaluate: `(() => {
        document.querySelector('[data-action="embed"]').click();
        return {
          open: document.querySelector('[data-region="embed-dialog"]').open,
          element: document.querySelector('[data-snippet="element"]').value,
          iframe: document.querySelector('[data-snippet="iframe"]').value,
        };
      })()`,
    });
    expect(result.cspViolations).toEqual([]);
    expect(result.consoleErrors).toEqual([]);
    const value = result.value as { open: boolean; element: string; iframe: string };
    expect(value.open).toBe(true);
    expect(value.element).toContain(`src="${distUrl}embed/astar-playground.js"`);
    expect(decodeShareFragment(/map="([^"]+)"/.exec(value.element)![1], catalog)).toEqual(state);
    expect(value.iframe).toContain(`src="${distUrl}index.html?embed#${encodeShareFragment(state, catalog)}"`);
    // A host page under a strict policy refuses style attributes: the snippet has none.
    expect(value.iframe).not.toMatch(/\sstyle=/);
  });

  it('Copy uses the clipboard, and selects the snippet when the clipboard is refused', async () => {
    const { shadow } = await withShareButtons();
    shadow.querySelector<HTMLButtonElement>('[data-action="embed"]')!.click();
    const field = shadow.querySelector<HTMLTextAreaElement>('[data-snippet="iframe"]')!;
    const status = shadow.querySelector('[data-region="embed-status"]')!;
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    shadow.querySelector<HTMLButtonElement>('[data-action="copy-iframe"]')!.click();
    await until(() => status.textContent === translate('en', 'copy.done'), 'the copy is confirmed');
    expect(write).toHaveBeenCalledWith(field.value);

    write.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    shadow.querySelector<HTMLButtonElement>('[data-action="copy-iframe"]')!.click();
    await until(() => status.textContent === translate('en', 'copy.manually'), 'the manual copy is explained');
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
  });

  it('Share copies a link to the full page, or shows it selected when the clipboard is refused', async () => {
    const { store, shadow } = await withShareButtons();
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const share = shadow.querySelector<HTMLButtonElement>('[data-action="share"]')!;
    share.click();
    await until(() => write.mock.calls.length === 1, 'the link is copied');
    const link = write.mock.calls[0][0];
    expect(link.startsWith(`${distUrl}index.html#v2=`)).toBe(true);
    expect(decodeShareFragment(new URL(link).hash.slice(1), catalog)).toEqual(captureShareState(store));
    expect(shown(shadow, '[data-control="share-link"]')).toBe(false);

    write.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    share.click();
    const field = shadow.querySelector<HTMLInputElement>('[data-control="share-link"]')!;
    await until(() => field.checkVisibility(), 'the link is shown');
    expect(field.value).toBe(link);
    expect(field.readOnly).toBe(true);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, link.length]);
  });
});

describe('the iframe form', () => {
  it('fills its frame at any size: the map takes the height the controls leave, on a strict-CSP host page', async () => {
    const ready = `[...document.querySelectorAll('iframe')].every((f) => f.contentDocument?.querySelector('canvas')?.width > 0)`;
    const result = await commands.visitPage(`${distUrl}__test__/iframe-host.html`, {
      waitForFunction: ready,
      evaluate: `[...document.querySelectorAll('iframe')].map((frame) => {
        const inner = frame.contentDocument;
        const box = (selector) => inner.querySelector(selector).getBoundingClientRect();
        return {
          id: frame.id,
          frame: [frame.clientWidth, frame.clientHeight],
          canvas: [box('.ap-canvas-wrap').top, box('.ap-canvas-wrap').bottom],
          transport: [box('.ap-transport').top, box('.ap-transport').bottom],
          root: box('.ap-root').bottom,
          scrolls: inner.documentElement.scrollHeight > inner.documentElement.clientHeight,
        };
      })`,
    });
    expect(result.cspViolations).toEqual([]);
    expect(result.consoleErrors).toEqual([]);
    type Frame = { id: string; frame: [number, number]; canvas: [number, number]; transport: [number, number]; root: number; scrolls: boolean };
    const frames = result.value as Frame[];
    expect(frames.map((f) => f.id)).toEqual(['snippet-size', 'small', 'tiny']);
    for (const { id, frame: [, height], canvas: [top, bottom], transport, root, scrolls } of frames) {
      // The map starts near the top and ends just above the controls, never under them.
      expect(top, id).toBeLessThan(20);
      expect(transport[0] - bottom, id).toBeGreaterThanOrEqual(0);
      expect(transport[0] - bottom, id).toBeLessThan(20);
      if (id === 'tiny') {
        // Too small for both: the map keeps its least height and the frame scrolls to the controls.
        expect(bottom - top, id).toBeGreaterThanOrEqual(120);
        expect(scrolls, id).toBe(true);
        continue;
      }
      // The controls end at the frame's bottom: no empty band, and the map has the rest.
      expect(scrolls, id).toBe(false);
      expect(height - transport[1], id).toBeLessThan(20);
      expect(Math.abs(root - height), id).toBeLessThanOrEqual(1);
      expect(bottom - top, id).toBeGreaterThan(height / 3);
    }
  });

  it('shows only the grid and the chosen controls, with the linked map, under the CSP', async () => {
    const state = sampleState({ step: null });
    const result = await commands.visitPage(`${distUrl}index.html?embed&controls=play%20algorithm%20status&labels=g&readonly#${encodeShareFragment(state, catalog)}`, {
      waitForFunction: '/Path cost/.test(document.querySelector("[data-region=status]")?.textContent ?? "")',
      evaluate: `(() => {
        const selectors = ${JSON.stringify(GROUP_SELECTORS)};
        return {
          visible: Object.keys(selectors).filter((group) => document.querySelector(selectors[group])?.checkVisibility()),
          header: document.querySelector('.ap-header') !== null,
          canvas: document.querySelector('canvas').getAttribute('aria-label'),
          status: document.querySelector('[data-region=status]').textContent,
        };
      })()`,
    });
    expect(result.cspViolations).toEqual([]);
    expect(result.consoleErrors).toEqual([]);
    expect(result.pageErrors).toEqual([]);
    const value = result.value as { visible: string[]; header: boolean; canvas: string; status: string };
    expect(value.visible).toEqual(['play', 'status', 'algorithm']);
    expect(value.header).toBe(false);
    expect(value.canvas).toBe(translate('en', 'canvas.labelReadonly', { width: 12, height: 8 }));
  });

  it('shows the same path cost as the element for the same payload', async () => {
    const { store } = await place({ map: encodeShareFragment(sampleState({ step: null }), catalog) });
    const result = await commands.visitPage(`${distUrl}index.html?embed#${encodeShareFragment(sampleState({ step: null }), catalog)}`, {
      waitForFunction: '/Path cost/.test(document.querySelector("[data-region=status]")?.textContent ?? "")',
      evaluate: 'document.querySelector("[data-region=status]").textContent',
    });
    const cost = store.timeline.display.pathCost!;
    expect(cost).toBeGreaterThan(0);
    expect(result.value).toContain(translate('en', 'status.found', { cost: String(cost) }));
  });

  it('keeps the query\'s option overrides with the linked step, and for a link opened later', async () => {
    const first = sampleState();
    const result = await commands.visitPage(`${distUrl}index.html?embed&controls=play%20algorithm%20timeline&algorithm=bfs#${encodeShareFragment(first, catalog)}`, {
      waitForFunction: 'document.querySelector("[data-control=timeline]")?.value === "5"',
      evaluate: `(async () => {
        const algorithm = () => document.querySelector('[data-control=algorithm]').value;
        const before = algorithm();
        location.hash = '#${CUP_MAP}';
        for (let i = 0; i < 100 && !/ 24 × /.test(document.querySelector('canvas').getAttribute('aria-label')); i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return { before, after: algorithm(), canvas: document.querySelector('canvas').getAttribute('aria-label') };
      })()`,
    });
    expect(result.pageErrors).toEqual([]);
    expect(result.value).toMatchObject({ before: 'bfs', after: 'bfs', canvas: expect.stringMatching(/ 24 × 15 /) });
  });

  it('names a setting it does not understand', async () => {
    const result = await commands.visitPage(`${distUrl}index.html?embed&controls=play%20rocket`, {
      waitForFunction: 'document.querySelector("[data-region=message]")?.textContent !== ""',
      evaluate: 'document.querySelector("[data-region=message]").textContent',
    });
    expect(result.value).toContain('controls="rocket"');
  });
});
