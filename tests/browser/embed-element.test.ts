// <astar-playground> from the BUILT dist/ (build it first with `node scripts/build.mjs`,
// which `npm test` does): two elements on a page under the strict CSP, then the element's
// attributes, controls, labels, read-only mode, touch, size, animation off screen, keyboard,
// events, language and life cycle. The rest of the embed (mount(), Share and Embed, the
// iframe form) is in embed-mount-and-iframe.test.ts; what both use, in embed-support.ts.
import { commands } from 'vitest/browser';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlaygroundHandle } from '../../web/src/app';
import { captureShareState } from '../../web/src/share/playground-state';
import { encodeShareFragment } from '../../web/src/share/share-link';
import { INSTANT_SPEED_INDEX } from '../../web/src/state/speeds';
import type { PlaygroundStore } from '../../web/src/state/store';
import { translate } from '../../web/src/ui/i18n';
import {
  canvasPixels, catalog, countDifferent, CUP_MAP, distUrl, embed, GROUP_SELECTORS, holder, loadBuiltEmbed, place, removeHolders,
  sampleState, settled, shown, visibleGroups,
} from './embed-support';
import { drag, pointer, press, until } from './playground-helpers';

beforeAll(loadBuiltEmbed);
afterEach(() => {
  removeHolders();
  vi.restoreAllMocks();
});

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

  it('adds no main landmark to its host page', async () => {
    const { shadow } = await place();
    expect(shadow.querySelector('main')).toBeNull();
    expect(shadow.querySelector('.ap-main')).not.toBeNull();
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
    const outcome = (s: PlaygroundStore) => ({ step: s.timeline.step, counters: s.gridTimeline!.display.counters(), cost: s.gridTimeline!.display.pathCost, path: s.gridTimeline!.display.path() });
    expect(outcome(store)).toEqual(outcome(reference.store));
    expect(done).toEqual([{ step: reference.store.timeline.step, expanded: reference.store.timeline.step, pathCost: reference.store.gridTimeline!.display.pathCost }]);
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
    expect(done).toEqual([{ type: 'astar-done', detail: { step: store.timeline.step, expanded: store.timeline.step, pathCost: store.gridTimeline!.display.pathCost } }]);
    expect(store.gridTimeline!.display.pathCost).toBeGreaterThan(0);
  });

  it('in walk mode, astar-done carries the whole walk: every plan\'s expansions and the cost walked', async () => {
    const element = document.createElement('astar-playground');
    const done: unknown[] = [];
    element.addEventListener('astar-done', (event) => done.push((event as CustomEvent).detail));
    const attributes = { map: encodeShareFragment(sampleState({ step: 0 }), catalog), mode: 'walk', sense: '1', algorithm: 'dstar-lite', autoplay: '', speed: 'instant' };
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    holder().append(element);
    await element.ready;
    const store = (element.playground as unknown as PlaygroundHandle).store;
    await until(() => done.length > 0, 'the walk arrives');
    const walk = store.runs[0]!.walk!.walk;
    expect(walk.status).toBe('arrived');
    const counters = walk.counters();
    // It replanned, so its last plan's figures are not the walk's.
    expect(counters.replans).toBeGreaterThan(0);
    expect(counters.expandedTotal).toBeGreaterThan(store.runs[0]!.shown.expanded);
    expect(done).toEqual([{ step: store.step, expanded: counters.expandedTotal, pathCost: counters.walkedCost }]);
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
