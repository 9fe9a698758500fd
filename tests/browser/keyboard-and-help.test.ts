// Keyboard and assistive technology, first-run help and messages, in real Chromium: Tab
// to the map shows a focus ring; the arrow keys move a cell cursor there, whose cell is
// announced; W, E, T, S and G edit at the cursor and undo like a pointer's edits; the
// status region screen readers hear stays quiet through fast playback and speaks at its
// end; the first-run hint is dismissed once and for all; map-file errors and the page's
// title are in Chinese too; a bad embed attribute is named in the console.
import { page, userEvent } from 'vitest/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPlayground, type PlaygroundHandle } from '../../web/src/app';
import type { AstarPlaygroundElement } from '../../web/src/embed/astar-playground';
import '../../web/src/embed/astar-playground';
import { speedIndexOf } from '../../web/src/state/speeds';
import { translateFileError } from '../../web/src/ui/format-errors';
import { INFO_MESSAGE_MS } from '../../web/src/ui/transport';
import { mapText, memoryStorage, mount, nextFrame, query, until } from './playground-helpers';

let mounted: { app: PlaygroundHandle; container: HTMLElement }[] = [];
let others: HTMLElement[] = [];
afterEach(async () => {
  for (const { app, container } of mounted) {
    app.destroy();
    container.remove();
  }
  for (const element of others) element.remove();
  mounted = [];
  others = [];
  vi.restoreAllMocks();
  await page.viewport(414, 896); // Vitest's own, which the other tests assume
});
async function open(storage: Storage | null = null, language: 'en' | 'zh-CN' = 'en') {
  const result = await mount(storage, language);
  mounted.push(result);
  return result;
}

/** An open 12 x 8 map with the start at (1, 1) and the goal at (10, 6). */
function openField(app: PlaygroundHandle): void {
  const { store } = app;
  expect(store.loadMapText(mapText(Array.from({ length: 8 }, () => '.'.repeat(12))), 'field.map')).toBe(true);
  store.moveEndpoint('goal', 10, 6);
  store.moveEndpoint('start', 1, 1);
}

/** Tabs (real key presses) until the map canvas has focus. */
async function tabToMap(app: PlaygroundHandle): Promise<void> {
  for (let presses = 0; presses < 60 && document.activeElement !== app.canvas; presses++) await userEvent.tab();
  expect(document.activeElement).toBe(app.canvas);
}

describe('the map by keyboard', () => {
  it('is reached with Tab and shows a focus ring on its frame', async () => {
    const { app } = await open();
    await tabToMap(app);
    expect(app.canvas.matches(':focus-visible')).toBe(true);
    const frame = getComputedStyle(app.canvas.parentElement!);
    expect(frame.outlineStyle).not.toBe('none');
    expect(parseFloat(frame.outlineWidth)).toBeGreaterThanOrEqual(2);
  });

  it('moves a cell cursor with the arrows, announces it, draws walls, undoes them and moves S and G', async () => {
    const { app, container } = await open();
    openField(app);
    const { store } = app;
    const announcer = query<HTMLElement>(container, '[data-region="cursor-announcer"]');
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    await tabToMap(app);

    // The cursor starts at the start; the arrows move it without stepping the search.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(announcer.textContent).toMatch(/^Cell \(3, 1\) · terrain cost 1/);
    expect(store.step).toBe(0);

    await userEvent.keyboard('w');
    expect(store.grid.cost(3, 1)).toBe(0);
    expect(store.tool).toBe('wall');
    expect(announcer.textContent).toMatch(/^Cell \(3, 1\) · wall/);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(store.grid.cost(3, 1)).toBe(1);
    // What the cursor said is told again as the cell now is.
    expect(announcer.textContent).toMatch(/^Cell \(3, 1\) · terrain cost 1/);

    // T paints the chosen terrain cost; E erases it again.
    store.setTerrainCost(7);
    await userEvent.keyboard('{ArrowDown}t');
    expect(store.grid.cost(3, 2)).toBe(7);
    await userEvent.keyboard('e');
    expect(store.grid.cost(3, 2)).toBe(1);

    await userEvent.keyboard('g');
    expect(store.goal).toEqual({ x: 3, y: 2 });
    expect(announcer.textContent).toMatch(/^Cell \(3, 2\) · terrain cost 1.*, Goal\.$/);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}s');
    expect(store.start).toEqual({ x: 1, y: 2 });
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(store.start).toEqual({ x: 1, y: 1 });
    expect(store.goal).toEqual({ x: 3, y: 2 });
    expect(announcer.textContent).not.toMatch(/Start/);

    // The start cannot go onto the goal: the cursor says so and nothing moves.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}s');
    expect(store.start).toEqual({ x: 1, y: 1 });
    expect(announcer.textContent).toMatch(/^Cell \(3, 2\).*Start and goal go only/);

    // Shift leaps ten cells and stops at the map's edge; the search's keys still work here.
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(announcer.textContent).toMatch(/^Cell \(11, 2\)/);
    await userEvent.keyboard('..');
    expect(store.step).toBe(2);
    await userEvent.keyboard(',');
    expect(store.step).toBe(1);
  });

  it('leaves the arrows to stepping when the map does not have focus', async () => {
    const { app, container } = await open();
    query<HTMLButtonElement>(container, '[data-action="reset"]').focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(app.store.step).toBe(2);
    expect(query(container, '[data-region="cursor-announcer"]').textContent).toBe('');
  });

  it('edits nothing by keyboard while read-only, but the cursor still reads the map', async () => {
    const { app, container } = await open();
    openField(app);
    app.setReadonly(true);
    app.canvas.focus();
    await userEvent.keyboard('{ArrowDown}w');
    expect(app.store.grid.cost(1, 2)).toBe(1);
    expect(query(container, '[data-region="cursor-announcer"]').textContent).toMatch(/^Cell \(1, 2\)/);
  });
});

describe('the status screen readers hear', () => {
  it('stays quiet through fast playback and speaks when the search ends', async () => {
    const { app, container } = await open();
    const { store } = app;
    expect(store.loadMapText(mapText(Array.from({ length: 60 }, () => '.'.repeat(60))), 'open.map')).toBe(true);
    store.moveEndpoint('start', 0, 0);
    store.moveEndpoint('goal', 59, 59);
    store.setOptions({ algorithm: 'dijkstra' });
    store.setSpeed(speedIndexOf('per-frame', 50));
    const visible = query<HTMLElement>(container, '[data-region="status"]');
    const announcer = query<HTMLElement>(container, '[data-region="status-announcer"]');
    expect(visible.getAttribute('role')).toBeNull();
    expect(visible.getAttribute('aria-live')).toBe('off');
    expect(announcer.getAttribute('role')).toBe('status');

    const heard: string[] = [];
    let shownChanges = 0;
    const listen = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        if (target === announcer) heard.push(announcer.textContent ?? '');
        if (target === visible) shownChanges++;
      }
    });
    listen.observe(announcer, { childList: true, characterData: true, subtree: true });
    listen.observe(visible, { childList: true, characterData: true, subtree: true });
    store.play();
    await until(() => store.finished, 'the search finishes', 20000);
    await nextFrame();
    listen.disconnect();

    // Dijkstra on 3,600 cells at 50 steps a frame: dozens of frames, each shown...
    expect(shownChanges).toBeGreaterThan(10);
    // ...but only the start, in words, and the end are said.
    expect(heard).toHaveLength(2);
    expect(heard[0]).toMatch(/^Playing\. /);
    expect(heard.at(-1)).toBe(visible.textContent);
    expect(heard.at(-1)).toMatch(/Path cost/);
    // No other live region speaks at each frame: the values beside the sliders are not live
    // (an <output> is, by default), and each slider says its value with its unit.
    for (const output of container.querySelectorAll('output')) expect(output.getAttribute('aria-live')).toBe('off');
    expect(query(container, '[data-control="timeline"]').getAttribute('aria-valuetext')).toBe(query(container, '[data-control="timeline"]').parentElement!.querySelector('output')!.textContent);
    expect(query(container, '[data-control="density"]').getAttribute('aria-valuetext')).toBe('30%');
    expect(query(container, '[data-control="sense-radius"]').getAttribute('aria-valuetext')).toMatch(/^\d+ cells?$/);
  });

  it('says when playback pauses, in words', async () => {
    const { app, container } = await open();
    const announcer = query<HTMLElement>(container, '[data-region="status-announcer"]');
    app.store.play();
    expect(announcer.textContent).toMatch(/^Playing\. /);
    app.store.pause();
    expect(announcer.textContent).toMatch(/^Paused\. /);
  });

  it('speaks after a step by the user and after an edit', async () => {
    const { app, container } = await open();
    const announcer = query<HTMLElement>(container, '[data-region="status-announcer"]');
    app.store.stepForward();
    expect(announcer.textContent).toMatch(/Expanded 1\b/);
    app.store.reset();
    expect(announcer.textContent).toMatch(/Expanded 0\b/);
  });
});

describe('landmarks', () => {
  it('puts the map, its controls and the options in the page\'s one main landmark', async () => {
    const { container } = await open();
    const main = container.querySelectorAll('main');
    expect(main).toHaveLength(1);
    for (const inside of ['[data-region="canvas"]', '[data-region="status"]', '[data-action="play"]', '[data-control="algorithm"]'])
      expect(main[0]!.querySelector(inside), inside).not.toBeNull();
    // The page's own header (title, language, Share) is outside it.
    expect(main[0]!.contains(query(container, '.ap-header'))).toBe(false);
  });
});

describe('the keyboard\'s focus when the control it is on goes', () => {
  it('Got it hands it to the map, Compare to Add search, a pane\'s × to the pane in its place, Stop comparing to Compare', async () => {
    const { app, container } = await open(memoryStorage());
    const tabTo = async (target: Element) => {
      for (let presses = 0; presses < 80 && document.activeElement !== target; presses++) await userEvent.tab();
      expect(document.activeElement).toBe(target);
    };
    await tabTo(query(container, '[data-action="dismiss-hint"]'));
    await userEvent.keyboard('{Enter}');
    expect(container.querySelector('[data-region="first-run-hint"]')).toBeNull();
    expect(document.activeElement).toBe(app.canvas);

    await tabTo(query(container, '[data-action="compare"]'));
    await userEvent.keyboard('{Enter}');
    expect(app.store.runs).toHaveLength(2);
    expect(document.activeElement).toBe(query(container, '[data-action="add-search"]'));
    await userEvent.keyboard('{Enter}');
    expect(app.store.runs).toHaveLength(3);

    const secondRemove = query<HTMLButtonElement>(container, '.ap-pane[data-pane="2"] [data-action="remove-search"]');
    secondRemove.focus();
    await userEvent.keyboard('{Enter}');
    expect(app.store.runs).toHaveLength(2);
    await nextFrame();
    expect(document.activeElement).toBe(query(container, '.ap-pane[data-pane="2"] [data-action="remove-search"]'));
    expect(document.activeElement).not.toBe(secondRemove);

    query<HTMLButtonElement>(container, '[data-action="stop-compare"]').focus();
    await userEvent.keyboard('{Enter}');
    expect(app.store.runs).toHaveLength(1);
    expect(document.activeElement).toBe(query(container, '[data-action="compare"]'));
  });
});

describe('first-run hint', () => {
  it('shows once, is dismissed, and stays dismissed on the next visit', async () => {
    const storage = memoryStorage();
    const first = await open(storage);
    const hint = query<HTMLElement>(first.container, '[data-region="first-run-hint"]');
    expect(hint.checkVisibility()).toBe(true);
    expect(hint.textContent).toMatch(/Drag S \(start\) and G \(goal\).*walls.*Play/);
    query<HTMLButtonElement>(hint, '[data-action="dismiss-hint"]').click();
    expect(first.container.querySelector('[data-region="first-run-hint"]')).toBeNull();

    const again = await open(storage);
    expect(again.container.querySelector('[data-region="first-run-hint"]')).toBeNull();
  });

  it('is in Chinese too, and never in an embed', async () => {
    const storage = memoryStorage();
    storage.setItem('astar-playground.language', 'zh-CN');
    const { container } = await open(storage);
    expect(query(container, '[data-region="first-run-hint"]').textContent).toMatch(/拖动 S（起点）和 G（终点）/);

    const holder = document.createElement('div');
    document.body.append(holder);
    const embedded = await mountPlayground(holder, { chrome: 'embed', storage: memoryStorage(), language: 'en' });
    mounted.push({ app: embedded, container: holder });
    expect(holder.querySelector('[data-region="first-run-hint"]')).toBeNull();
  });

  it('sits above the map on a wide screen and on a phone, covering none of it and none of the controls', async () => {
    await page.viewport(1280, 800);
    const wide = await open(memoryStorage());
    const aboveMap = query(wide.container, '[data-region="first-run-hint"]').getBoundingClientRect();
    const wideMap = wide.app.canvas.getBoundingClientRect();
    // Issue 21: a card over the map's top rows hid them from a learner's first look.
    expect(aboveMap.bottom).toBeLessThanOrEqual(wideMap.top);
    expect(aboveMap.bottom).toBeLessThan(query(wide.container, '.ap-transport').getBoundingClientRect().top);

    await page.viewport(390, 844);
    const container = document.createElement('div');
    document.body.append(container);
    const app = await mountPlayground(container, { storage: memoryStorage(), language: 'en' });
    mounted.push({ app, container });
    await nextFrame();
    const hint = query(container, '[data-region="first-run-hint"]').getBoundingClientRect();
    const map = app.canvas.getBoundingClientRect();
    expect(hint.left).toBeGreaterThanOrEqual(0);
    expect(hint.right).toBeLessThanOrEqual(390);
    expect(hint.bottom).toBeLessThanOrEqual(map.top);
    expect(query(container, '.ap-transport').getBoundingClientRect().top).toBeGreaterThan(map.bottom);
  });
});

describe('messages', () => {
  it('come and go without moving the controls', async () => {
    const { app, container } = await open();
    const play = query(container, '[data-action="play"]');
    const before = play.getBoundingClientRect().top;
    app.store.loadMapText(mapText(['.....', '.....', '.....', '.....', '.....']), 'small.map');
    const message = query<HTMLElement>(container, '[data-region="message"]');
    expect(message.checkVisibility()).toBe(true);
    expect(message.textContent).toMatch(/^Loaded — small\.map/);
    expect(play.getBoundingClientRect().top).toBe(before);
    // Issue 21: the note covered the bottom of the map, where an import puts G.
    const box = message.parentElement!.getBoundingClientRect(), map = app.canvas.getBoundingClientRect();
    expect(box.top >= map.bottom || box.bottom <= map.top, 'the message is outside the map').toBe(true);
    query<HTMLButtonElement>(container, '[data-action="dismiss-message"]').click();
    expect(app.store.message).toBeNull();
    expect(message.checkVisibility()).toBe(false);
  });

  it('go by themselves when they are news, and stay when they are errors', async () => {
    const { app } = await open();
    app.store.loadMapText(mapText(['.....', '.....', '.....', '.....', '.....']), 'news.map');
    const news = app.store.message;
    expect(news?.kind).toBe('info');
    await until(() => app.store.message === null, 'the "Loaded" note goes by itself', INFO_MESSAGE_MS + 3000);
    expect(app.store.loadMapText('not a map', 'bad.map')).toBe(false);
    const error = app.store.message;
    expect(error?.kind).toBe('error');
    await new Promise((resolve) => setTimeout(resolve, INFO_MESSAGE_MS + 500));
    expect(app.store.message).toBe(error);
  });

  it('give one size limit, the page\'s, for a map too large for the engine or only for the page', async () => {
    const { app, container } = await open();
    const message = query<HTMLElement>(container, '[data-region="message"]');
    expect(app.store.loadMapText('type octile\nheight 99999\nwidth 99999\nmap\n', 'huge.map')).toBe(false);
    expect(app.store.message).toMatchObject({ kind: 'error', key: 'error.mapBounds', detail: 'huge.map: 99999 × 99999' });
    expect(message.textContent).not.toContain('4096');
    expect(app.store.loadMapText(mapText(Array.from({ length: 6 }, () => '.'.repeat(1500))), 'wide.map')).toBe(false);
    expect(app.store.message).toMatchObject({ kind: 'error', key: 'error.mapBounds', detail: 'wide.map: 1500 × 6' });
  });

  it('say what is wrong with a map file in Chinese', async () => {
    const { app, container } = await open(null, 'zh-CN');
    const message = query<HTMLElement>(container, '[data-region="message"]');
    expect(app.store.loadMapText('type octile\nheight 3\nwidth 4\nmap\n....\n...\n....\n', 'bad.map')).toBe(false);
    expect(message.textContent).toBe('这不是有效的 Moving AI 地图文件，当前地图保持不变。 — bad.map: 第 6 行：这一行应有 4 个字符，实际有 3 个');
    app.store.loadMapText('type hex\nheight 1\nwidth 1\nmap\n.\n', 'hex.map');
    expect(message.textContent).toMatch(/hex\.map: 第 1 行：应为“type octile”，实际为“type hex”$/);
    // The same error follows the language.
    app.store.setLanguage('en');
    expect(message.textContent).toMatch(/hex\.map: line 1: expected "type octile", found "type hex"$/);
  });

  it('recognise every kind of file error the engine reports', () => {
    const zh = (text: string) => translateFileError('zh-CN', text);
    expect(zh('a.map: the map file is empty')).toBe('a.map: 地图文件是空的');
    expect(zh('a.map: line 2: expected "height <number>" or "width <number>", found "hieght 10"'))
      .toBe('a.map: 第 2 行：应为“height <数字>”或“width <数字>”，实际为“hieght 10”');
    expect(zh('line 4: expected "map", found the end of the file')).toBe('第 4 行：应为“map”，实际为文件结尾');
    expect(zh('line 3: grid size 100000 x 100000 is larger than the maximum 4096 x 4096')).toBe('第 3 行：地图尺寸 100000 × 100000 超过上限 4096 × 4096');
    expect(zh('line 3: grid size must be positive, got 2 x 0')).toBe('第 3 行：地图尺寸必须为正数，实际为 2 × 0');
    expect(zh('line 7: expected 5 map rows, found 2')).toBe('第 7 行：应有 5 行地图，只找到 2 行');
    expect(zh('line 6: expected the end of the file after 1 map rows, found ".."')).toBe('第 6 行：应为地图的 1 行之后的文件结尾，实际为“..”');
    expect(zh('b.scen: the scenario file is empty')).toBe('b.scen: 场景文件是空的');
    expect(zh('line 3: expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, optimal length), found 8'))
      .toBe('第 3 行：应有 9 个字段（分组、地图、宽、高、起点 x、起点 y、终点 x、终点 y、最优长度），实际为 8 个');
    expect(zh('c.scen: line 2: expected start x as a non-negative integer, found "-3"')).toBe('c.scen: 第 2 行：应为起点 x（0 或更大的整数），实际为“-3”');
    expect(zh('line 2: expected optimal length as a number >= 0 or -1, found "x"')).toBe('第 2 行：应为最优长度（0 或更大的数，或 -1），实际为“x”');
    expect(zh('line 5: goal y 70 is outside the map (49 x 49)')).toBe('第 5 行：终点 y 70 超出了地图（49 × 49）');
    // A sentence of a shape it does not know stays as the engine wrote it.
    expect(zh('x.map: something else went wrong')).toBe('x.map: something else went wrong');
  });
});

describe('language of the page', () => {
  it('names the document and its language in the chosen language, but leaves an embedding page’s alone', async () => {
    const { app } = await open();
    expect(document.title).toBe('A* pathfinding playground');
    expect(document.documentElement.lang).toBe('en');
    app.store.setLanguage('zh-CN');
    expect(document.title).toBe('A* 寻路演示场');
    // Screen readers read the page by <html lang>: Chinese must not be read as English.
    expect(document.documentElement.lang).toBe('zh-CN');

    document.title = 'Someone else’s page';
    document.documentElement.lang = 'fr';
    const holder = document.createElement('div');
    document.body.append(holder);
    const embedded = await mountPlayground(holder, { chrome: 'embed', storage: null, language: 'zh-CN' });
    mounted.push({ app: embedded, container: holder });
    embedded.store.setLanguage('en');
    expect(document.title).toBe('Someone else’s page');
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe('embed attributes', () => {
  it('warn in the console, once each, naming the attribute and the values it takes', async () => {
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args) => { warnings.push(args.join(' ')); });
    const element = document.createElement('astar-playground') as AstarPlaygroundElement;
    element.setAttribute('heuristic', 'manhatan');
    element.setAttribute('speed', 'fast');
    others.push(element);
    document.body.append(element);
    await element.ready;
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/heuristic="manhatan" \(one of manhattan, euclidean, octile, chebyshev, zero\)/);
    expect(warnings[1]).toMatch(/speed="fast" \(steps per second such as 10, .*instant\)/);
    // Another setting changing applies again; the same problems are not repeated.
    element.setAttribute('labels', 'g h');
    await until(() => element.playground !== null, 'the element is mounted');
    await nextFrame();
    expect(warnings).toHaveLength(2);
    element.setAttribute('diagonal', 'sometimes');
    await until(() => warnings.length === 3, 'the new problem is warned about');
    expect(warnings[2]).toMatch(/diagonal="sometimes" \(one of /);
  });
});
