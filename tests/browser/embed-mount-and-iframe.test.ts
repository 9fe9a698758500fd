// mount(), the Share and Embed dialogs and the iframe form, all from the BUILT dist/ (build
// it first with `node scripts/build.mjs`, which `npm test` does). Whole pages under the CSP
// go through the visitPage command; the rest imports the built module into the test page, so
// what is tested is the file a page author would load. The element's own tests are in
// embed-element.test.ts; what both use, in embed-support.ts.
import { commands } from 'vitest/browser';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as EmbedModule from '../../web/src/embed/astar-playground';
import { captureShareState } from '../../web/src/share/playground-state';
import { decodeShareFragment, encodeShareFragment } from '../../web/src/share/share-link';
import type { PlaygroundStore } from '../../web/src/state/store';
import { showStartFailure } from '../../web/src/ui/fatal';
import { translate } from '../../web/src/ui/i18n';
import {
  catalog, CUP_MAP, distUrl, embed, GROUP_SELECTORS, holder, loadBuiltEmbed, place, removeHolders, sampleState, settled, shown,
  visibleGroups, type Placed,
} from './embed-support';
import { until } from './playground-helpers';

beforeAll(loadBuiltEmbed);
afterEach(() => {
  removeHolders();
  vi.restoreAllMocks();
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
    expect((await done).pathCost).toBe(store.gridTimeline!.display.pathCost);
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

  it('says what it needs when not given an element to add the playground to', async () => {
    await expect(embed.mount(null as unknown as HTMLElement)).rejects.toThrow(new TypeError('mount() needs the element to add the playground to, got null'));
    await expect(embed.mount('#app' as unknown as HTMLElement)).rejects.toThrow(/got string$/);
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

    // Named for screen readers: the dialog by its heading, each snippet by the note above it,
    // each Copy button by what it copies; inside the element's shadow root, where the ids are.
    const named = (element: Element) => (element.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => shadow.getElementById(id)?.textContent).join(' ');
    expect(named(dialog)).toBe('Embed this playground');
    expect(named(shadow.querySelector('[data-snippet="element"]')!)).toMatch(/^As an element:/);
    expect(named(shadow.querySelector('[data-snippet="iframe"]')!)).toMatch(/^As an iframe/);
    expect(shadow.querySelector('[data-action="copy-element"]')!.getAttribute('aria-label')).toBe('Copy the element code');
    expect(shadow.querySelector('[data-action="copy-iframe"]')!.getAttribute('aria-label')).toBe('Copy the iframe code');

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
    const cost = store.gridTimeline!.display.pathCost!;
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
      // Present and not empty (a region not built yet is not a message).
      waitForFunction: '(document.querySelector("[data-region=message]")?.textContent ?? "") !== ""',
      evaluate: 'document.querySelector("[data-region=message]").textContent',
    });
    expect(result.value).toContain('controls="rocket"');
  });
});
