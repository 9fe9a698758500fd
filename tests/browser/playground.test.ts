// The playground in real Chromium: mounting, drawing, dragging, playing, stepping back and
// forth, keyboard, undo/redo, language, importing maps. Each test mounts its own
// playground and destroys it, so state never leaks between tests.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { mountPlayground, type PlaygroundHandle } from '../../web/src/app';
import { INSTANT_SPEED_INDEX, speedIndexOf } from '../../web/src/state/speeds';
import {
  cellCentre, choose, drag, mapText, memoryStorage, mount, nextFrame, pickFile, pointer, press, query, setRange, snapshot, until,
} from './playground-helpers';

let mounted: { app: PlaygroundHandle; container: HTMLElement }[] = [];
afterEach(() => {
  for (const { app, container } of mounted) {
    app.destroy();
    container.remove();
  }
  mounted = [];
  vi.restoreAllMocks();
});
async function open(storage: Storage | null = null, language: 'en' | 'zh-CN' = 'en') {
  const result = await mount(storage, language);
  mounted.push(result);
  return result;
}

/** Pixel colour (r, g, b) of the canvas at the centre of a cell. */
function pixelAt(app: PlaygroundHandle, x: number, y: number): number[] {
  const { view } = app.store;
  const ratio = app.canvas.width / app.canvas.getBoundingClientRect().width;
  const px = Math.floor((view.offsetX + (x + 0.5) * view.scale) * ratio);
  const py = Math.floor((view.offsetY + (y + 0.5) * view.scale) * ratio);
  return Array.from(app.canvas.getContext('2d')!.getImageData(px, py, 1, 1).data.slice(0, 3));
}

describe('loading', () => {
  it('mounts with no console errors and draws the grid', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    const { app, container } = await open();
    app.drawNow();
    window.removeEventListener('error', onError);

    expect(errors).toEqual([]);
    expect(app.renderer.framesDrawn).toBeGreaterThan(0);
    expect(app.canvas.width).toBeGreaterThan(100);
    // The demo map has a wall at (8, 4) and open floor at (1, 1): they must look different,
    // and the floor must not be the empty canvas background.
    const wall = pixelAt(app, 8, 4), floor = pixelAt(app, 1, 1);
    expect(app.store.grid.cost(8, 4)).toBe(0);
    expect(wall).not.toEqual(floor);
    expect(query(container, '[role="status"]').textContent).toMatch(/Expanded 0/);
  });
});

describe('editing with pointer events', () => {
  it('paints walls along a stroke into the engine grid', async () => {
    const { app } = await open();
    const { grid } = app.store;
    expect([0, 1, 2, 3].map((y) => grid.cost(2, y))).toEqual([1, 1, 1, 1]);
    drag(app, [{ x: 2, y: 0 }, { x: 2, y: 3 }]); // one move event: the cells between are filled in too
    expect([0, 1, 2, 3].map((y) => app.store.grid.cost(2, y))).toEqual([0, 0, 0, 0]);
    expect(app.store.history.canUndo).toBe(true);
  });

  it('paints terrain costs and erases with the other tools', async () => {
    const { app, container } = await open();
    choose(query(container, '[data-control="terrain-cost"]'), '7');
    drag(app, [{ x: 1, y: 8 }, { x: 3, y: 8 }]);
    expect([1, 2, 3].map((x) => app.store.grid.cost(x, 8))).toEqual([7, 7, 7]);
    query<HTMLButtonElement>(container, '[data-action="tool-erase"]').click();
    drag(app, [{ x: 8, y: 3 }, { x: 8, y: 5 }]);
    expect([3, 4, 5].map((y) => app.store.grid.cost(8, y))).toEqual([1, 1, 1]);
  });

  it('moves the goal when it is dragged, and the search follows it', async () => {
    const { app } = await open();
    const { goal } = app.store;
    drag(app, [goal, { x: goal.x + 1, y: goal.y + 2 }, { x: 14, y: 8 }], 'touch');
    expect(app.store.goal).toEqual({ x: 14, y: 8 });
    expect(app.store.grid.cost(goal.x, goal.y)).toBe(1); // dragging does not paint
    expect(app.store.gridTimeline!.display.h(14, 8)).toBe(0);
  });

  it('does not drop an endpoint onto a wall', async () => {
    const { app } = await open();
    const start = { ...app.store.start };
    drag(app, [start, { x: 8, y: 4 }]);
    expect(app.store.start).toEqual(start);
  });

  it('pans with the Inspect tool and zooms with a two-finger pinch', async () => {
    const { app, container } = await open();
    query<HTMLButtonElement>(container, '[data-action="tool-inspect"]').click();
    const costs = app.store.grid.costs().slice();
    const before = { ...app.store.view };
    drag(app, [{ x: 2, y: 2 }, { x: 5, y: 3 }], 'touch');
    expect(app.store.view.offsetX - before.offsetX).toBeCloseTo(3 * before.scale, 0);
    expect(app.store.view.offsetY - before.offsetY).toBeCloseTo(before.scale, 0);
    expect(app.store.grid.costs()).toEqual(costs); // panning never paints

    const scale = app.store.view.scale;
    // Finger positions fixed on the screen before the view starts changing.
    const [a0, b0, a1, b1] = [{ x: 6, y: 5 }, { x: 8, y: 5 }, { x: 4, y: 5 }, { x: 10, y: 5 }].map((cell) => cellCentre(app, cell));
    pointer(app, 'pointerdown', a0, 'touch', 11);
    pointer(app, 'pointerdown', b0, 'touch', 12);
    pointer(app, 'pointermove', a1, 'touch', 11);
    pointer(app, 'pointermove', b1, 'touch', 12);
    pointer(app, 'pointerup', a1, 'touch', 11);
    pointer(app, 'pointerup', b1, 'touch', 12);
    // Fingers 2 cells apart moved to 6 cells apart: three times the zoom.
    expect(app.store.view.scale / scale).toBeCloseTo(3, 1);
    expect(app.store.grid.costs()).toEqual(costs);
  });

  it('zooms with the wheel around the pointer', async () => {
    const { app } = await open();
    const before = app.store.view.scale;
    const at = { x: 3, y: 3 };
    const rect = app.canvas.getBoundingClientRect();
    const clientX = rect.left + app.store.view.offsetX + 3.5 * before;
    const clientY = rect.top + app.store.view.offsetY + 3.5 * before;
    app.canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: -200, clientX, clientY, bubbles: true, cancelable: true }));
    expect(app.store.view.scale).toBeGreaterThan(before);
    const { view } = app.store;
    // Within a pixel: the event's coordinates are rounded to whole pixels.
    expect((clientX - rect.left - view.offsetX) / view.scale).toBeCloseTo(at.x + 0.5, 1);
  });
});

describe('inside another page (embed chrome)', () => {
  it('leaves the plain wheel to the page and zooms with Ctrl+wheel', async () => {
    const container = document.createElement('div');
    container.style.width = '600px';
    document.body.append(container);
    const app = await mountPlayground(container, { chrome: 'embed', storage: null, language: 'en' });
    mounted.push({ app, container });
    await nextFrame();
    const before = app.store.view.scale;
    const { clientX, clientY } = cellCentre(app, { x: 3, y: 3 });
    const plain = new WheelEvent('wheel', { deltaY: -200, clientX, clientY, bubbles: true, cancelable: true });
    app.canvas.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(false); // so the browser scrolls the page
    expect(app.store.view.scale).toBe(before);
    const zoom = new WheelEvent('wheel', { deltaY: -200, clientX, clientY, ctrlKey: true, bubbles: true, cancelable: true });
    app.canvas.dispatchEvent(zoom);
    expect(zoom.defaultPrevented).toBe(true);
    expect(app.store.view.scale).toBeGreaterThan(before);
    expect(container.querySelector('[data-control="tutorial"]')).toBeNull();
  });
});

describe('the header', () => {
  it('links to the tutorial in the chosen language', async () => {
    const { app, container } = await open();
    const link = query<HTMLAnchorElement>(container, 'a[data-control="tutorial"]');
    expect(link.textContent).toBe('Tutorial');
    expect(new URL(link.href).pathname).toMatch(/\/tutorial\/$/);
    choose(query(container, '[data-control="language"]'), 'zh-CN');
    expect(app.store.language).toBe('zh-CN');
    expect(link.textContent).toBe('教程');
    expect(new URL(link.href).pathname).toMatch(/\/tutorial\/zh-CN\/$/);
  });
});

describe('searching', () => {
  it('plays to the same path cost as the engine on the same map', async () => {
    const { app, container } = await open();
    choose(query(container, '[data-control="generator"]'), 'random-walls');
    query<HTMLButtonElement>(container, '[data-action="generate"]').click();
    setRange(query(container, '[data-control="speed"]'), speedIndexOf('per-frame', 5));
    query<HTMLButtonElement>(container, '[data-action="play"]').click();
    expect(app.store.playing).toBe(true);
    await until(() => !app.store.playing, 'the animation finishes');

    const { engine, grid, start, goal } = app.store;
    const direct = engine.createSearch(grid);
    direct.reset(start, goal);
    direct.run();
    const status = direct.status, cost = direct.pathCost, expanded = direct.counters().expanded;
    direct.delete();
    expect(app.store.gridTimeline!.display.status).toBe(status);
    expect(app.store.gridTimeline!.display.pathCost).toBe(cost);
    expect(app.store.timeline.step).toBe(expanded);
    const statusText = query(container, '[role="status"]').textContent!;
    expect(statusText).toMatch(status === 'found' ? /^Path cost \d/ : /^No path/);
  });

  it('says "No path" when the goal is walled in', async () => {
    const { app, container } = await open();
    const { goal } = app.store;
    const ring = [];
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (dx || dy) ring.push({ x: goal.x + dx, y: goal.y + dy });
    for (const cell of ring) drag(app, [cell]);
    setRange(query(container, '[data-control="speed"]'), INSTANT_SPEED_INDEX);
    press(' ');
    await until(() => app.store.timeline.finished, 'the search finishes');
    expect(query(container, '[role="status"]').textContent).toMatch(/^No path/);
  });

  it('steps 50 forward and 50 back to exactly the earlier state, in agreement with the timeline slider', async () => {
    const { app, container } = await open();
    app.store.newMap(40, 30);
    app.store.generate('random-walls', 0.25, 7);
    const slider = query<HTMLInputElement>(container, '[data-control="timeline"]');
    const stepButton = query<HTMLButtonElement>(container, '[data-action="step"]');
    const backButton = query<HTMLButtonElement>(container, '[data-action="step-back"]');
    expect(app.store.timeline.total).toBeGreaterThan(120);

    for (let i = 0; i < 20; i++) stepButton.click();
    const earlier = snapshot(app);
    expect(earlier.step).toBe(20);
    expect(slider.value).toBe('20');
    for (let i = 0; i < 50; i++) stepButton.click();
    const later = snapshot(app);
    expect(later.step).toBe(70);
    expect(slider.value).toBe('70');
    for (let i = 0; i < 50; i++) backButton.click();
    expect(snapshot(app)).toEqual(earlier);
    expect(slider.value).toBe('20');

    // The slider reaches the same states as Step and Step back.
    setRange(slider, 70);
    expect(snapshot(app)).toEqual(later);
    setRange(slider, 20);
    expect(snapshot(app)).toEqual(earlier);
    // And the narration describes the step the slider points at.
    expect(query(container, '[data-region="narration"]').textContent).toMatch(/^Step 20: expanded \(\d+, \d+\)/);
  });

  it('shows the finished search again right after an edit in live mode', async () => {
    const { app, container } = await open();
    setRange(query(container, '[data-control="speed"]'), INSTANT_SPEED_INDEX);
    press(' ');
    await until(() => app.store.timeline.finished, 'the search finishes');
    expect(app.store.live).toBe(true);
    const costBefore = app.store.gridTimeline!.display.pathCost!;
    // A wall straight across the direct route makes the path longer, at once.
    drag(app, [{ x: 10, y: 2 }, { x: 10, y: 9 }]);
    expect(app.store.timeline.finished).toBe(true);
    expect(app.store.gridTimeline!.display.pathCost!).toBeGreaterThan(costBefore);
    drag(app, [app.store.goal, { x: 15, y: 0 }]);
    expect(app.store.timeline.finished).toBe(true);
    expect(app.store.gridTimeline!.display.path().at(-1)).toEqual({ x: 15, y: 0 });
  });

  it('runs "instant" on a 1024 x 1024 map in slices and gets the engine\'s answer', async () => {
    const { app, container } = await open();
    expect(app.store.newMap(1024, 1024)).toBe(true);
    // Dijkstra on an open map expands a disk reaching the goal: hundreds of thousands of
    // steps, far more than one slice.
    choose(query(container, '[data-control="algorithm"]'), 'dijkstra');
    setRange(query(container, '[data-control="speed"]'), INSTANT_SPEED_INDEX);
    query<HTMLButtonElement>(container, '[data-action="play"]').click();
    // Control came back before the search ended: it runs in slices between frames.
    expect(app.store.timeline.finished).toBe(false);
    let frames = 0;
    while (!app.store.timeline.finished && frames < 2000) { await nextFrame(); frames++; }
    expect(app.store.gridTimeline!.display.status).toBe('found');
    expect(frames).toBeGreaterThan(1);
    const direct = app.store.engine.createSearch(app.store.grid, app.store.options);
    direct.reset(app.store.start, app.store.goal);
    direct.run();
    expect(app.store.gridTimeline!.display.pathCost).toBe(direct.pathCost);
    direct.delete();
  });
});

describe('keyboard', () => {
  it('Space plays and pauses, Right steps, Left steps back, R resets', async () => {
    const { app, container } = await open();
    press('ArrowRight');
    press('ArrowRight');
    expect(app.store.timeline.step).toBe(2);
    press('ArrowLeft');
    expect(app.store.timeline.step).toBe(1);
    press(' ');
    expect(app.store.playing).toBe(true);
    expect(query(container, '[data-action="play"]').textContent).toBe('Pause');
    expect(query<HTMLElement>(container, '[data-action="play"]').dataset.state).toBe('playing');
    press(' ');
    expect(app.store.playing).toBe(false);
    press('r');
    expect(app.store.timeline.step).toBe(0);
  });

  it('leaves keys typed into form fields alone', async () => {
    const { app, container } = await open();
    press('ArrowRight', {}, query(container, '[data-control="map-width"]'));
    press('r', {}, query(container, '[data-control="map-width"]'));
    expect(app.store.timeline.step).toBe(0);
  });

  it('stops listening once destroyed', async () => {
    const { app, container } = await open();
    app.destroy();
    mounted = mounted.filter((m) => m.app !== app);
    container.remove();
    expect(() => press('ArrowRight')).not.toThrow();
  });
});

describe('undo and redo', () => {
  it('undoes and redoes strokes and endpoint moves with Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y', async () => {
    const { app } = await open();
    drag(app, [{ x: 1, y: 1 }, { x: 4, y: 1 }]);
    const walls = () => [1, 2, 3, 4].map((x) => app.store.grid.cost(x, 1));
    expect(walls()).toEqual([0, 0, 0, 0]);
    const goal = { ...app.store.goal };
    drag(app, [goal, { x: 15, y: 9 }]);
    expect(app.store.goal).toEqual({ x: 15, y: 9 });

    press('z', { ctrlKey: true });
    expect(app.store.goal).toEqual(goal);
    press('z', { ctrlKey: true });
    expect(walls()).toEqual([1, 1, 1, 1]);
    press('z', { ctrlKey: true, shiftKey: true });
    expect(walls()).toEqual([0, 0, 0, 0]);
    press('y', { ctrlKey: true });
    expect(app.store.goal).toEqual({ x: 15, y: 9 });
  });

  it('undoes a whole new map, size included', async () => {
    const { app, container } = await open();
    const before = app.store.grid.costs().slice();
    const widthInput = query<HTMLInputElement>(container, '[data-control="map-width"]');
    const heightInput = query<HTMLInputElement>(container, '[data-control="map-height"]');
    widthInput.value = '30';
    heightInput.value = '20';
    query<HTMLButtonElement>(container, '[data-action="new-map"]').click();
    expect([app.store.grid.width, app.store.grid.height]).toEqual([30, 20]);
    query<HTMLButtonElement>(container, '[data-action="undo"]').click();
    expect([app.store.grid.width, app.store.grid.height]).toEqual([16, 10]);
    expect(app.store.grid.costs()).toEqual(before);
  });
});

describe('map size', () => {
  it('rejects sizes outside 5..1024 with a message and keeps the map', async () => {
    const { app, container } = await open();
    for (const [w, h] of [['4', '10'], ['10', '1025'], ['7.5', '10'], ['', '10']]) {
      query<HTMLInputElement>(container, '[data-control="map-width"]').value = w;
      query<HTMLInputElement>(container, '[data-control="map-height"]').value = h;
      query<HTMLButtonElement>(container, '[data-action="new-map"]').click();
      expect([app.store.grid.width, app.store.grid.height]).toEqual([16, 10]);
      expect(query(container, '[role="alert"]').textContent).toMatch(/from 5 to 1024/);
      expect(query(container, '[data-control="map-width"]').getAttribute('aria-invalid')).toBe('true');
    }
    expect(app.store.newMap(5, 5)).toBe(true);
  });
});

describe('language', () => {
  it('switches to Simplified Chinese and remembers the choice', async () => {
    const storage = memoryStorage();
    const { app, container } = await open(storage);
    expect(query(container, '[data-action="play"]').textContent).toBe('Play');
    choose(query(container, '[data-control="language"]'), 'zh-CN');
    expect(query(container, '[data-action="play"]').textContent).toBe('播放');
    expect(query(container, '[data-action="step"]').textContent).toBe('单步');
    expect(query(container, '[role="status"]').textContent).toMatch(/已扩展 0/);
    press('ArrowRight');
    expect(query(container, '[data-region="narration"]').textContent).toMatch(/^第 1 步：扩展/);
    expect(query(container, '.ap-root').getAttribute('lang')).toBe('zh-CN');

    app.destroy();
    mounted = [];
    container.remove();
    const again = await open(storage);
    expect(query(again.container, '[data-action="play"]').textContent).toBe('播放');
  });
});

describe('sentences', () => {
  it('joins the status and narration sentences the way each language writes them', async () => {
    const { app, container } = await open(null, 'zh-CN');
    setRange(query(container, '[data-control="speed"]'), INSTANT_SPEED_INDEX);
    app.store.play();
    await until(() => app.store.timeline.finished, 'the search finishes');
    const status = () => query(container, '[data-region="status"]').textContent!;
    const narration = () => query(container, '[data-region="narration"]').textContent!;
    // A Chinese full stop needs no space after it, and an English one is never used.
    expect(status()).toMatch(/^路径代价 [\d.]+。已扩展 \d+ · /);
    expect(narration()).toMatch(/。实时模式：/);
    for (const text of [status(), narration()]) expect(text).not.toMatch(/\. |。 /);

    choose(query(container, '[data-control="language"]'), 'en');
    expect(status()).toMatch(/^Path cost [\d.]+\. Expanded \d+ · /);
    expect(narration()).toMatch(/\. Live: /);
  });
});

describe('exporting maps', () => {
  /** The blob behind the next download link the page clicks. */
  function captureDownload(): Promise<{ name: string; blob: Blob }> {
    return new Promise((resolve) => {
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        void fetch(this.href).then((response) => response.blob()).then((blob) => resolve({ name: this.download, blob }));
      });
    });
  }

  it('exports a .map that imports back to the same grid', async () => {
    const { app, container } = await open();
    choose(query(container, '[data-control="terrain-cost"]'), '4');
    drag(app, [{ x: 0, y: 9 }, { x: 3, y: 9 }]);
    const costs = app.store.grid.costs().slice();
    const download = captureDownload();
    query<HTMLButtonElement>(container, '[data-action="export-map"]').click();
    const { name, blob } = await download;
    expect(name).toBe('demo.map');
    const text = await blob.text();
    expect(text).toMatch(/^type octile\r?\nheight 10\r?\nwidth 16\r?\nmap/);
    const again = app.store.engine.parseMap(text);
    expect(again.costs().slice()).toEqual(costs);
    again.delete();
  });

  it('exports a PNG of the whole map with its search', async () => {
    const { app, container } = await open();
    press('ArrowRight');
    const download = captureDownload();
    query<HTMLButtonElement>(container, '[data-action="export-png"]').click();
    const { name, blob } = await download;
    expect(name).toBe('demo.png');
    expect(blob.type).toBe('image/png');
    const image = await createImageBitmap(blob);
    // By default at twice the size the map is fitted to on screen.
    expect([image.width, image.height]).toEqual([Math.round(2 * 16 * app.store.view.scale), Math.round(2 * 10 * app.store.view.scale)]);
  });
});

describe('importing maps', () => {
  const rows = ['..........', '.@@@@@@@..', '.......@..', 'TTTT...@..', '..........', '..........'];

  it('ignores a file that finishes loading after the playground was closed', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const app = await mountPlayground(container, { storage: null, language: 'en' });
    const store = app.store;
    app.destroy();
    container.remove();
    // What the file input's handler does once file.text() resolves: no use of freed wasm objects.
    expect(store.loadMapText(mapText(rows), 'late.map')).toBe(false);
  });

  it('imports a Moving AI .map file from the file picker', async () => {
    const { app, container } = await open();
    pickFile(query(container, '[data-control="import"]'), new File([mapText(rows)], 'tiny.map', { type: 'text/plain' }));
    await until(() => app.store.grid.width === 10, 'the map is imported');
    expect(app.store.grid.height).toBe(6);
    expect(app.store.grid.cost(1, 1)).toBe(0);
    expect(app.store.grid.cost(0, 3)).toBe(0);
    expect(app.store.grid.cost(0, 0)).toBe(1);
    expect(app.store.mapName).toBe('tiny');
    // Start and goal were placed on walkable cells of one region: the search finds a path.
    const { start, goal } = app.store;
    expect(app.store.grid.cost(start.x, start.y)).toBeGreaterThan(0);
    expect(app.store.grid.cost(goal.x, goal.y)).toBeGreaterThan(0);
    app.store.gridTimeline!.display.run();
    expect(app.store.gridTimeline!.display.status).toBe('found');
  });

  it('imports a file dropped on the page', async () => {
    const { app, container } = await open();
    const transfer = new DataTransfer();
    transfer.items.add(new File([mapText(rows)], 'dropped.map'));
    const root = query(container, '.ap-root');
    root.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    expect(query<HTMLElement>(container, '.ap-drop-hint').hidden).toBe(false);
    root.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    await until(() => app.store.mapName === 'dropped', 'the dropped map is imported');
    expect(query<HTMLElement>(container, '.ap-drop-hint').hidden).toBe(true);
    expect([app.store.grid.width, app.store.grid.height]).toEqual([10, 6]);
  });

  it('keeps the current map and says why when the file is not a map', async () => {
    const { app, container } = await open();
    drag(app, [{ x: 0, y: 0 }]);
    const before = { width: app.store.grid.width, height: app.store.grid.height, costs: app.store.grid.costs().slice() };
    const bad = 'type octile\nheight 3\nwidht 4\nmap\n....\n....\n....\n';
    pickFile(query(container, '[data-control="import"]'), new File([bad], 'broken.map'));
    await until(() => query(container, '[role="alert"]').textContent !== '', 'an error is shown');
    expect(query(container, '[role="alert"]').textContent).toMatch(/not a Moving AI map.*broken\.map.*line 3/);
    expect({ width: app.store.grid.width, height: app.store.grid.height, costs: app.store.grid.costs().slice() }).toEqual(before);

    pickFile(query(container, '[data-control="import"]'), new File([mapText(['.....', '.....', '.....', '.....', '.....'])], 'small.map'));
    await until(() => app.store.mapName === 'small', 'a later good file still imports');
  });

  it('brings an import\'s error into view when it is below the fold, and scrolls for no message the reader did not ask for', async () => {
    await page.viewport(1280, 420);
    try {
      const { app, container } = await open();
      const box = () => query(container, '[role="alert"]').parentElement!.getBoundingClientRect();
      // A message shown by itself (as a bad link's, when the page opens): nothing scrolls.
      window.scrollTo(0, 0);
      (document.activeElement as HTMLElement | null)?.blur();
      app.store.showMessage({ kind: 'error', key: 'error.mapFormat', detail: 'x.map: line 1: expected "type octile", found "x"' });
      await nextFrame();
      expect(window.scrollY).toBe(0);
      expect(box().top).toBeGreaterThan(window.innerHeight);
      app.store.showMessage(null);
      await nextFrame();
      // The reader imports from the side panel: the error answering it comes into view.
      const input = query<HTMLInputElement>(container, '[data-control="import"]');
      input.focus();
      pickFile(input, new File(['type octile\nheight 3\nwidht 4\n'], 'broken.map'));
      await until(() => query(container, '[role="alert"]').textContent !== '', 'an error is shown');
      await nextFrame();
      expect(box().top).toBeGreaterThanOrEqual(0);
      expect(box().bottom).toBeLessThanOrEqual(window.innerHeight + 1);
    } finally {
      window.scrollTo(0, 0);
      await page.viewport(1280, 800);
    }
  });
});

describe('on a phone', () => {
  it('has the map, the play controls and the algorithm choice within the first screen (412 x 915)', async () => {
    await page.viewport(412, 915);
    const container = document.createElement('div');
    document.body.prepend(container);
    try {
      // A first visit: the first-run hint is shown too.
      const app = await mountPlayground(container, { storage: memoryStorage(), language: 'en', touchFirst: true });
      mounted.push({ app, container });
      await nextFrame();
      const top = container.getBoundingClientRect().top;
      const below = (selector: string) => query(container, selector).getBoundingClientRect().bottom - top;
      expect(query(container, '[data-region="first-run-hint"]').checkVisibility()).toBe(true);
      // It says how a finger reads and draws: the first tool is Inspect.
      expect(query(container, '[data-region="first-run-hint"]').textContent).toMatch(/tap a cell to read its numbers, choose Wall to draw walls/);
      const map = app.canvas.getBoundingClientRect();
      // The map is still large: the phone's width, and as tall as the map's shape asks.
      expect(map.width).toBeGreaterThan(412 * 0.9);
      expect(map.height).toBeGreaterThanOrEqual(240);
      // Issue 21: the Algorithm menu was about 1,300 px down the page.
      expect(below('[data-action="play"]')).toBeLessThanOrEqual(915);
      expect(below('[data-action="step"]')).toBeLessThanOrEqual(915);
      expect(below('[data-control="timeline"]')).toBeLessThanOrEqual(915);
      expect(below('[data-control="algorithm"]')).toBeLessThanOrEqual(915);
      // In the order a learner needs them: the map, the playback controls, then the options.
      expect(query(container, '[data-action="play"]').getBoundingClientRect().top).toBeGreaterThan(map.bottom);
      expect(query(container, '[data-control="algorithm"]').getBoundingClientRect().top)
        .toBeGreaterThan(query(container, '[data-region="narration"]').getBoundingClientRect().bottom);
    } finally {
      await page.viewport(1280, 800);
    }
  });
});
