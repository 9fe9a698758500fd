// Moving AI scenario files in the page and the picture exports, in real Chromium: a map
// and its .scen through the file input, a query chosen from the list (start and goal are
// the query's, and the search's cost is checked against the published optimal length),
// bad scenario files refused with a message, and PNG and SVG exports read back from the
// download the page makes. The fixture's queries are read here with a plain split, not
// the engine's parser, so a wrong parser cannot agree with itself.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import arenaScen from '../fixtures/movingai/arena.map.scen?raw';
import { PAGE_SIZE } from '../../web/src/ui/scenario-list';
import { choose, mapText, mountPerTest, query, until } from './playground-helpers';

// Vite takes a "?raw" import of a .map file for a source map; the test server serves it as it is.
let arenaMap = '';
beforeAll(async () => {
  const response = await fetch(new URL('/tests/fixtures/movingai/arena.map', location.href));
  expect(response.ok).toBe(true);
  arenaMap = await response.text();
});

const mountHere = mountPerTest();
afterEach(() => vi.restoreAllMocks());
async function open(language: 'en' | 'zh-CN' = 'en') {
  return mountHere(null, language);
}

/** The fixture's queries: bucket, start, goal and optimal length, by a plain split of each line. */
const QUERIES = arenaScen.trim().split(/\r?\n/).slice(1).map((line) => {
  const [bucket, , , , sx, sy, gx, gy, optimal] = line.split('\t');
  return { bucket: Number(bucket), start: { x: Number(sx), y: Number(sy) }, goal: { x: Number(gx), y: Number(gy) }, optimal: optimal! };
});

/** Puts files on the file input the way the picker does (several at once), and fires its change event. */
function pickFiles(container: HTMLElement, ...files: File[]): void {
  const input = query<HTMLInputElement>(container, '[data-control="import"]');
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Chooses query `index` of the loaded file by its number, as a user types it. */
function chooseQuery(container: HTMLElement, index: number): void {
  const input = query<HTMLInputElement>(container, '[data-control="scenario-index"]');
  input.value = String(index);
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const arenaFiles = () => [new File([arenaScen], 'arena.map.scen'), new File([arenaMap], 'arena.map')];

async function openArenaWithQueries(language: 'en' | 'zh-CN' = 'en') {
  const opened = await open(language);
  // The .scen first: the page loads the map before its scenarios whatever the order.
  pickFiles(opened.container, ...arenaFiles());
  await until(() => !query<HTMLElement>(opened.container, '[data-region="scenarios"]').hidden, 'the query list shows');
  return opened;
}

/** The blob behind the next download link the page clicks. */
function captureDownload(): Promise<{ name: string; blob: Blob }> {
  return new Promise((resolve) => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      void fetch(this.href).then((response) => response.blob()).then((blob) => resolve({ name: this.download, blob }));
    });
  });
}

describe('scenario files', () => {
  it('loads a map and its .scen together and lists every query, grouped by bucket, with its optimal length', async () => {
    const { app, container } = await openArenaWithQueries();
    expect(app.store.mapName).toBe('arena');
    expect([app.store.grid.width, app.store.grid.height]).toEqual([49, 49]);
    // The picker shows a page of one bucket at a time: every bucket, every page of it, holds every query once.
    const buckets = query<HTMLSelectElement>(container, '[data-control="scenario-bucket"]');
    expect(buckets.options).toHaveLength(new Set(QUERIES.map((q) => q.bucket)).size);
    const options: HTMLOptionElement[] = [];
    for (const bucket of [...buckets.options].map((option) => option.value)) {
      choose(buckets, bucket);
      for (;;) {
        const page = [...query(container, '[data-control="scenario-query"]').querySelectorAll('optgroup option')] as HTMLOptionElement[];
        expect(page.length).toBeLessThanOrEqual(PAGE_SIZE);
        // Grouped by bucket: the page's group names its bucket.
        expect(query(container, '[data-control="scenario-query"] optgroup').getAttribute('label')).toMatch(new RegExp(`^Bucket ${bucket}: `));
        expect(page.every((option) => QUERIES[Number(option.value)]!.bucket === Number(bucket))).toBe(true);
        options.push(...page);
        const next = query<HTMLButtonElement>(container, '[data-action="scenario-next"]');
        if (next.disabled) break;
        next.click();
      }
    }
    expect(options.map((option) => Number(option.value)).sort((a, b) => a - b)).toEqual(QUERIES.map((_, i) => i));
    const last = QUERIES.length - 1;
    const { start, goal, optimal } = QUERIES[last]!;
    expect(options.find((option) => option.value === String(last))!.textContent).toBe(`#${last}  (${start.x}, ${start.y}) → (${goal.x}, ${goal.y})  ${optimal}`);
    expect(query(container, '[data-region="scenarios"]').textContent).toContain(`arena.map.scen (${QUERIES.length})`);
    expect(query(container, '[role="alert"]').textContent).toContain('arena.map.scen');
  });

  it('sets start and goal from a chosen query in one undoable edit and says the cost matches the published length', async () => {
    const { app, container } = await openArenaWithQueries();
    const before = { start: app.store.start, goal: app.store.goal };
    const index = QUERIES.length - 1;
    const { start, goal, optimal } = QUERIES[index]!;
    chooseQuery(container, index);
    expect(app.store.start).toEqual(start);
    expect(app.store.goal).toEqual(goal);
    // The search runs to its end by itself.
    await until(() => app.store.finished, 'the search finishes');
    expect(app.store.runs[0]!.gridTimeline!.display.status).toBe('found');
    expect(Math.abs(app.store.runs[0]!.gridTimeline!.display.pathCost! - Number(optimal))).toBeLessThan(1e-3);
    const verdict = query(container, '[data-region="scenario-status"]');
    await until(() => verdict.textContent!.startsWith('✓'), 'the verdict says it matches');
    expect(verdict.textContent).toBe(`✓ The cost found matches the published optimal length ${optimal}.`);
    // The status line under the map says it too.
    await until(() => query(container, '[data-region="status"]').textContent!.endsWith(verdict.textContent!), 'the status line has the verdict');

    app.store.undo();
    expect({ start: app.store.start, goal: app.store.goal }).toEqual(before);
    expect(query<HTMLSelectElement>(container, '[data-control="scenario-query"]').value).toBe('');
    expect(verdict.textContent).toBe('');
    expect(query(container, '[data-region="status"]').textContent).not.toContain('published optimal length');
  });

  it('says so when another diagonal rule finds another cost', async () => {
    const { app, container } = await openArenaWithQueries('zh-CN');
    choose(query<HTMLSelectElement>(container, '[data-control="diagonal"]'), 'never');
    const index = QUERIES.findIndex((q) => q.start.x !== q.goal.x && q.start.y !== q.goal.y && Number(q.optimal) > 20);
    chooseQuery(container, index);
    await until(() => app.store.finished, 'the search finishes');
    const verdict = query(container, '[data-region="scenario-status"]');
    await until(() => verdict.textContent!.startsWith('✗'), 'the verdict says it differs');
    expect(verdict.textContent).toContain(`不是公布的最优长度 ${QUERIES[index]!.optimal}`);
    expect(verdict.textContent).toContain('没有障碍时允许');
  });

  it('takes a .scen after its map was loaded, and refuses one for another map, changing nothing', async () => {
    const { app, container } = await open();
    pickFiles(container, new File([mapText(['.....', '.....', '.....', '.....', '.....'])], 'small.map'));
    await until(() => app.store.mapName === 'small', 'a small map is loaded');
    const start = app.store.start, goal = app.store.goal;
    pickFiles(container, new File([arenaScen], 'arena.map.scen'));
    const alert = query(container, '[role="alert"]');
    await until(() => /for another map/.test(alert.textContent!), 'an error is shown');
    expect(alert.textContent).toMatch(/for another map.*arena\.map\.scen: arena\.map ≠ small/);
    expect(query<HTMLElement>(container, '[data-region="scenarios"]').hidden).toBe(true);
    expect([app.store.start, app.store.goal, app.store.mapName]).toEqual([start, goal, 'small']);

    pickFiles(container, new File([arenaMap], 'arena.map'));
    await until(() => app.store.mapName === 'arena', 'its map is loaded');
    pickFiles(container, new File([arenaScen], 'arena.map.scen'));
    await until(() => !query<HTMLElement>(container, '[data-region="scenarios"]').hidden, 'now the query list shows');

    // Another map drops the list: its queries are not for it.
    app.store.newMap(20, 20);
    expect(query<HTMLElement>(container, '[data-region="scenarios"]').hidden).toBe(true);
  });

  it('refuses a file that is not a scenario, or whose queries do not fit the map, with the line or the query', async () => {
    const { app, container } = await open();
    pickFiles(container, new File([arenaMap], 'arena.map'));
    await until(() => app.store.mapName === 'arena', 'the map is loaded');
    const alert = query(container, '[role="alert"]');
    pickFiles(container, new File(['version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\n'], 'broken.scen'));
    await until(() => /not a Moving AI scenario/.test(alert.textContent!), 'a format error is shown');
    expect(alert.textContent).toMatch(/broken\.scen: line 2/);
    // The engine refuses coordinates outside the query's own map size; this one is for a larger map.
    pickFiles(container, new File(['version 1\n0\tmaps/dao/arena.map\t60\t60\t1\t11\t55\t12\t1\n'], 'larger.scen'));
    await until(() => /does not fit/.test(alert.textContent!), 'a query error is shown');
    expect(alert.textContent).toContain('larger.scen #0: 60 × 60 ≠ 49 × 49');
    expect(query<HTMLElement>(container, '[data-region="scenarios"]').hidden).toBe(true);
  });

  it('opens a file of 190,000 queries in slices, with a picker that stays small, and runs any of them', async () => {
    const { app, container } = await open();
    // The fixture's queries again and again (issue 21's file had 190,000): 7.7 MB.
    const lines = arenaScen.trim().split(/\r?\n/).slice(1).map((line) => line.replace('maps/dao/arena.map', 'arena.map'));
    const body = Array.from({ length: 190000 }, (_, i) => lines[i % lines.length]).join('\n');
    pickFiles(container, new File([arenaMap], 'arena.map'), new File([`version 1\n${body}\n`], 'arena.map.scen'));
    const progress = query<HTMLElement>(container, '[data-region="scenario-progress"]');
    // Parsed in slices: between them the page runs, and shows how far it has got.
    await until(() => !progress.hidden, 'the progress of the parse shows', 20000);
    expect(progress.textContent).toMatch(/^Reading arena\.map\.scen… \d+%$/);
    await until(() => !query<HTMLElement>(container, '[data-region="scenarios"]').hidden, 'the query list shows', 60000);
    expect(progress.hidden).toBe(true);
    expect(query(container, '[data-region="scenarios"]').textContent).toContain('arena.map.scen (190,000)');
    // A page of options, not 190,001.
    expect(container.querySelectorAll('[data-region="scenarios"] option').length).toBeLessThanOrEqual(PAGE_SIZE + 1 + new Set(QUERIES.map((q) => q.bucket)).size);
    // The last query, by its number: start and goal go there and the search runs.
    const last = 189999, fixture = QUERIES[last % QUERIES.length]!;
    chooseQuery(container, last);
    expect([app.store.start, app.store.goal]).toEqual([fixture.start, fixture.goal]);
    expect(query<HTMLSelectElement>(container, '[data-control="scenario-query"]').value).toBe(String(last));
    expect(query<HTMLSelectElement>(container, '[data-control="scenario-bucket"]').value).toBe(String(fixture.bucket));
    await until(() => query(container, '[data-region="scenario-status"]').textContent!.startsWith('✓'), 'the verdict says it matches');
  });

  it('loads a map and its .scen dropped on the page together', async () => {
    const { app, container } = await open();
    const transfer = new DataTransfer();
    for (const file of arenaFiles()) transfer.items.add(file);
    query(container, '.ap-root').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    await until(() => !query<HTMLElement>(container, '[data-region="scenarios"]').hidden, 'the query list shows');
    expect(app.store.mapName).toBe('arena');
  });
});

describe('exports', () => {
  it('exports a PNG of the requested width, and at twice the map’s size on screen', async () => {
    const { app, container } = await openArenaWithQueries();
    chooseQuery(container, 100);
    await until(() => app.store.finished, 'the search finishes');

    choose(query<HTMLSelectElement>(container, '[data-control="png-size"]'), '1024');
    let download = captureDownload();
    query<HTMLButtonElement>(container, '[data-action="export-png"]').click();
    let { name, blob } = await download;
    expect(name).toBe('arena.png');
    expect(blob.type).toBe('image/png');
    let image = await createImageBitmap(blob);
    expect([image.width, image.height]).toEqual([1024, 1024]);

    vi.restoreAllMocks();
    choose(query<HTMLSelectElement>(container, '[data-control="png-size"]'), '2x');
    download = captureDownload();
    query<HTMLButtonElement>(container, '[data-action="export-png"]').click();
    ({ blob } = await download);
    image = await createImageBitmap(blob);
    const onScreen = 49 * app.store.view.scale;
    expect(image.width).toBe(Math.round(2 * onScreen));
    expect(image.height).toBe(image.width);
  });

  it('exports an SVG of the map, the search and the path', async () => {
    const { app, container } = await openArenaWithQueries();
    chooseQuery(container, 100);
    await until(() => app.store.finished, 'the search finishes');
    const download = captureDownload();
    query<HTMLButtonElement>(container, '[data-action="export-svg"]').click();
    const { name, blob } = await download;
    expect(name).toBe('arena.svg');
    expect(blob.type).toBe('image/svg+xml');
    const svg = new DOMParser().parseFromString(await blob.text(), 'image/svg+xml');
    expect(svg.querySelector('parsererror')).toBeNull();
    expect(svg.querySelector('title')!.textContent).toBe('arena: A*');
    expect(svg.querySelector('desc')!.textContent).toContain('49 × 49');
    // Every wall cell is in one rect of the wall group.
    const walls = [...svg.querySelectorAll('[data-cost="0"] rect')].reduce((sum, rect) => sum + Number(rect.getAttribute('width')), 0);
    expect(walls).toBe(Array.from(app.store.grid.costs()).filter((cost) => cost === 0).length);
    expect(svg.querySelectorAll('[data-layer="search"] rect').length).toBeGreaterThan(0);
    const points = svg.querySelector('[data-layer="path"] polyline')!.getAttribute('points')!.split(' ');
    expect(points[0]).toBe(`${app.store.start.x + 0.5},${app.store.start.y + 0.5}`);
    expect(points.at(-1)).toBe(`${app.store.goal.x + 0.5},${app.store.goal.y + 0.5}`);
  });
});
