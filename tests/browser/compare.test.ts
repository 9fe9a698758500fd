// Compare mode and the inspector, in real Chromium: searches side by side on a Moving AI
// preset with one clock, the "Comparison" table and chart, a shared link that reproduces
// the table, the open list whose first entry is what the next Step expands, the
// pseudocode line that follows the step, and heat maps.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { mountPlayground, type PlaygroundHandle } from '../../web/src/app';
import { captureShareState, loadShareFragment, shareFragment } from '../../web/src/share/playground-state';
import { choose, nextFrame, query, until } from './playground-helpers';
import { OPEN_LIST_SHOWN } from '../../web/src/ui/inspector';

let mounted: { app: PlaygroundHandle; container: HTMLElement }[] = [];
afterEach(() => {
  for (const { app, container } of mounted) {
    app.destroy();
    container.remove();
  }
  mounted = [];
});

async function open(width = 1280) {
  const container = document.createElement('div');
  container.style.width = `${width}px`;
  document.body.append(container);
  // The preset maps are the ones the page ships (web/public/maps), served by the test server.
  const app = await mountPlayground(container, { storage: null, language: 'en', mapsBaseUrl: new URL('/web/public/maps/', location.href).href });
  await nextFrame();
  mounted.push({ app, container });
  return { app, container };
}

const click = (container: HTMLElement, action: string) => query<HTMLButtonElement>(container, `[data-action="${action}"]`).click();

async function loadPreset(container: HTMLElement, file: string, app: PlaygroundHandle) {
  choose(query(container, '[data-control="preset"]'), file);
  click(container, 'load-preset');
  await waitFor(() => app.store.mapName === file.replace(/\.map$/, ''), `preset ${file} loaded`);
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20000) {
  const begin = performance.now();
  while (!condition()) {
    if (performance.now() - begin > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The comparison table's rows as text: search, expanded, largest open, length, cost (time left out: it varies). */
function tableRows(container: HTMLElement): string[][] {
  return [...container.querySelectorAll<HTMLTableRowElement>('[data-region="comparison-table"] tbody tr')]
    .map((row) => [...row.cells].slice(0, 5).map((cell) => cell.textContent ?? ''));
}

const numberIn = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const resultsKnown = (app: PlaygroundHandle) => app.store.runs.every((run) => run.timeline.result !== null);

async function compareAStarDijkstraJps(container: HTMLElement, app: PlaygroundHandle) {
  click(container, 'compare');
  click(container, 'add-search');
  expect(app.store.runs.map((run) => run.options.algorithm)).toEqual(['astar', 'dijkstra', 'jps']);
  await waitFor(() => resultsKnown(app), 'every search measured');
  await nextFrame();
}

describe('compare mode', () => {
  it('shows A*, Dijkstra and JPS side by side on a preset: Dijkstra expands most, JPS least, and the optimal costs agree', async () => {
    const { app, container } = await open();
    await loadPreset(container, 'den312d.map', app);
    await compareAStarDijkstraJps(container, app);

    expect(container.querySelectorAll('.ap-pane').length).toBe(3);
    // The table is found by its accessible name, as a screen reader finds it.
    await expect.element(page.getByRole('table', { name: 'Comparison' })).toBeVisible();
    const rows = tableRows(container);
    expect(rows.map((row) => row[0])).toEqual(['1 · A*', '2 · Dijkstra', '3 · Jump point search (JPS)']);
    const [astar, dijkstra, jps] = rows.map((row) => numberIn(row[1]!));
    expect(dijkstra).toBeGreaterThan(astar!);
    expect(astar).toBeGreaterThan(jps!);
    // The table's numbers are the engine's, for the whole search.
    app.store.runs.forEach((run, i) => expect(numberIn(rows[i]![1]!)).toBe(run.timeline.result!.expanded));
    const costs = rows.map((row) => row[4]!);
    for (const cost of costs) expect(cost).toContain('✓ optimal');
    expect(new Set(costs.map((cost) => numberIn(cost.split('✓')[0]!))).size).toBe(1);

    // One clock: a step advances every search by one expansion.
    click(container, 'step');
    click(container, 'step');
    expect(app.store.runs.map((run) => run.timeline.step)).toEqual([2, 2, 2]);
    // The chart says how far each has got, out of its total.
    expect(query(container, '[data-region="comparison-chart"]').getAttribute('aria-label')).toContain(`1 · A*: 2 of ${astar!.toLocaleString('en')}`);
  });

  it('marks a non-optimal search that finds a longer path, and only that one, as not optimal', async () => {
    const { app, container } = await open();
    await loadPreset(container, 'den312d.map', app);
    click(container, 'compare');
    const second = query<HTMLSelectElement>(container, '.ap-pane[data-pane="2"] [data-control="algorithm"]');
    choose(second, 'greedy');
    await waitFor(() => resultsKnown(app), 'both measured');
    await nextFrame();
    const [astar, greedy] = app.store.runs.map((run) => run.timeline.result!.pathCost!);
    const rows = tableRows(container);
    expect(rows[0]![4]).toContain('✓');
    // Greedy's path on this query is longer than A*'s; if it ever were not, the mark would follow.
    expect(greedy).toBeGreaterThan(astar!);
    expect(rows[1]![4]).not.toContain('✓');
  });

  it('a pane that finished says so and keeps its final state while the others go on', async () => {
    const { app, container } = await open();
    await loadPreset(container, 'arena.map', app);
    await compareAStarDijkstraJps(container, app);
    const jpsTotal = app.store.runs[2]!.timeline.total!;
    const astarTotal = app.store.runs[0]!.timeline.total!;
    expect(jpsTotal).toBeLessThan(astarTotal);
    app.store.seek(jpsTotal + 3);
    await nextFrame();
    const jpsPane = query(container, '.ap-pane[data-pane="3"] [data-region="pane-status"]').textContent ?? '';
    expect(jpsPane).toMatch(/^Finished: /);
    expect(app.store.runs[2]!.timeline.step).toBe(jpsTotal);
    expect(app.store.runs[0]!.timeline.step).toBe(jpsTotal + 3);
    expect(query(container, '.ap-pane[data-pane="1"] [data-region="pane-status"]').textContent).toMatch(/^Searching: /);
  });

  it('shares the map and its edits: a wall drawn in one pane is in every pane, and one undo takes it back', async () => {
    const { app, container } = await open();
    app.store.newMap(30, 20);
    click(container, 'compare');
    await nextFrame();
    const secondCanvas = app.canvases[1]!;
    const rect = secondCanvas.getBoundingClientRect();
    const { view } = app.store;
    const at = (x: number, y: number) => ({ clientX: rect.left + view.offsetX + (x + 0.5) * view.scale, clientY: rect.top + view.offsetY + (y + 0.5) * view.scale });
    const fire = (type: string, point: { clientX: number; clientY: number }) => secondCanvas.dispatchEvent(new PointerEvent(type, {
      ...point, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: type === 'pointermove' ? -1 : 0, buttons: type === 'pointerup' ? 0 : 1, bubbles: true, cancelable: true,
    }));
    fire('pointerdown', at(12, 5));
    fire('pointermove', at(12, 9));
    fire('pointerup', at(12, 9));
    for (let y = 5; y <= 9; y++) expect(app.store.grid.cost(12, y)).toBe(0);
    // Both searches see the new wall: the runs were restarted on the edited map.
    for (const run of app.store.runs) expect(run.gridTimeline!.display.stale).toBe(false);
    app.store.undo();
    expect(app.store.grid.cost(12, 7)).toBe(1);
  });

  it('adds up to four panes, each removable, and stops comparing', async () => {
    const { app, container } = await open();
    click(container, 'compare');
    click(container, 'add-search');
    click(container, 'add-search');
    expect(container.querySelectorAll('.ap-pane').length).toBe(4);
    expect(query<HTMLButtonElement>(container, '[data-action="add-search"]').disabled).toBe(true);
    query<HTMLButtonElement>(container, '.ap-pane[data-pane="2"] [data-action="remove-search"]').click();
    expect(container.querySelectorAll('.ap-pane').length).toBe(3);
    expect(query<HTMLButtonElement>(container, '.ap-pane[data-pane="2"] [data-action="remove-search"]').getAttribute('aria-label')).toBe('Remove search 2');
    click(container, 'stop-compare');
    expect(container.querySelectorAll('.ap-pane').length).toBe(1);
    expect(query<HTMLElement>(container, '[data-region="comparison"]').hidden).toBe(true);
  });

  it('removing the first of four searches leaves three working panes, rows and inspector entries', async () => {
    const { app, container } = await open();
    click(container, 'compare');
    click(container, 'add-search');
    click(container, 'add-search');
    await waitFor(() => resultsKnown(app), 'every search measured');
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    try {
      // The first pane is the one the inspector and the narration follow.
      query<HTMLButtonElement>(container, '.ap-pane[data-pane="1"] [data-action="remove-search"]').click();
      click(container, 'step');
      click(container, 'step');
      await waitFor(() => resultsKnown(app), 'the three searches measured');
      await nextFrame();
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(errors).toEqual([]);
    expect(app.store.step).toBe(2);
    expect(container.querySelectorAll('.ap-pane').length).toBe(3);
    expect(tableRows(container).length).toBe(3);
    const inspected = query<HTMLSelectElement>(container, '[data-control="inspect-search"]');
    expect([...inspected.options].map((option) => option.value)).toEqual(app.store.runs.map((run) => String(run.id)));
    expect(query(container, '[data-region="narration"]').textContent).toMatch(/^1 · /);
  });

  it('a shared compare link reproduces the table', async () => {
    const first = await open();
    await loadPreset(first.container, 'arena.map', first.app);
    await compareAStarDijkstraJps(first.container, first.app);
    choose(query(first.container, '.ap-pane[data-pane="2"] [data-control="diagonal"]'), 'never');
    await waitFor(() => resultsKnown(first.app), 'measured again');
    await nextFrame();
    const expected = tableRows(first.container);
    const fragment = shareFragment(first.app.store);

    const second = await open();
    const fallback = captureShareState(second.app.store);
    expect(loadShareFragment(second.app.store, fragment, fallback)).not.toBe(fallback);
    await waitFor(() => resultsKnown(second.app), 'the link\'s searches measured');
    await nextFrame();
    expect(second.app.store.runs.map((run) => run.options)).toEqual(first.app.store.runs.map((run) => run.options));
    expect(tableRows(second.container)).toEqual(expected);
  });
});

describe('a shared comparison', () => {
  it('opens with the same view: the same map point at the centre of the panes, the same zoom', async () => {
    const first = await open();
    first.app.store.newMap(60, 40);
    click(first.container, 'compare');
    await nextFrame();
    const { store } = first.app;
    store.setView({ scale: 24, offsetX: store.canvasWidth / 2 - 41.5 * 24, offsetY: store.canvasHeight / 2 - 12.5 * 24 });
    const fragment = shareFragment(store);

    const second = await open();
    loadShareFragment(second.app.store, fragment, captureShareState(second.app.store));
    await nextFrame();
    await nextFrame();
    const other = second.app.store;
    expect(other.runs).toHaveLength(2);
    expect([other.canvasWidth, other.canvasHeight]).toEqual([store.canvasWidth, store.canvasHeight]);
    expect(other.view.scale).toBeCloseTo(24, 6);
    expect((other.canvasWidth / 2 - other.view.offsetX) / other.view.scale).toBeCloseTo(41.5, 3);
    expect((other.canvasHeight / 2 - other.view.offsetY) / other.view.scale).toBeCloseTo(12.5, 3);
  });
});

describe('the inspector', () => {
  it('lists the open list with the cell the next Step expands first, for every algorithm', async () => {
    const { app, container } = await open();
    app.store.newMap(40, 28);
    app.store.generate('random-walls', 0.25, 5);
    const select = query<HTMLSelectElement>(container, '[data-control="algorithm"]');
    for (const row of app.engine.catalog.algorithms.filter((r) => !r.onMesh)) {
      choose(select, row.name);
      for (let step = 0; step < 25 && app.store.gridTimeline!.display.status === 'running'; step++) {
        const first = query<HTMLElement>(container, '[data-region="open-list"] .ap-open-entry');
        expect(first.classList.contains('ap-next'), row.name).toBe(true);
        const [x, y] = first.dataset.cell!.split(',').map(Number);
        click(container, 'step');
        expect(app.store.gridTimeline!.lastEvent!.cell, `${row.name} step ${step + 1}`).toEqual({ x, y });
      }
    }
  });

  it('says what an ended search left in its frontier\'s own words, and lists what D* Lite keeps for its next repair', async () => {
    const { app, container } = await open();
    app.store.newMap(16, 10);
    const select = query<HTMLSelectElement>(container, '[data-control="algorithm"]');
    const region = () => query<HTMLElement>(container, '[data-region="open-list"]');
    const toEnd = async () => {
      const timeline = app.store.gridTimeline!;
      await until(() => timeline.total !== null, 'the search\'s length is measured');
      app.store.seek(timeline.total!);
      await until(() => app.store.gridTimeline!.finished, 'the search reaches its end');
      await nextFrame();
    };
    choose(select, 'astar');
    await toEnd();
    expect(region().textContent).toMatch(/it takes nothing more from its list \(\d+ cells were left in it\)/);
    choose(select, 'ida');
    await toEnd();
    expect(region().textContent).toMatch(/it makes no more descents \(\d+ cells were left on its stack\)/);
    choose(select, 'dstar-lite');
    await toEnd();
    const kept = app.store.gridTimeline!.display.counters().openSize;
    expect(kept).toBeGreaterThan(0);
    expect(region().textContent).toContain('the next repair starts from them');
    expect(region().querySelectorAll('.ap-open-entry').length).toBe(Math.min(kept, OPEN_LIST_SHOWN));
    expect(region().textContent).not.toContain('Empty.');
  });

  it('shows both lists for bidirectional A*, and a clicked entry rings its cell', async () => {
    const { app, container } = await open();
    app.store.newMap(30, 20);
    choose(query(container, '[data-control="algorithm"]'), 'bidirectional');
    for (let i = 0; i < 6; i++) click(container, 'step');
    const headings = [...container.querySelectorAll('[data-region="open-list"] h4')].map((h) => h.textContent);
    expect(headings.some((h) => h?.startsWith('Forward search'))).toBe(true);
    expect(headings.some((h) => h?.startsWith('Backward search'))).toBe(true);
    const entry = container.querySelectorAll<HTMLButtonElement>('[data-region="open-list"] .ap-open-entry')[2]!;
    const before = app.canvas.toDataURL();
    entry.click();
    await nextFrame();
    await nextFrame();
    expect(query<HTMLElement>(container, '[data-region="open-list"] [aria-pressed="true"]').dataset.cell).toBe(entry.dataset.cell);
    expect(app.canvas.toDataURL()).not.toBe(before);
  });

  it('highlights the pseudocode line of the current step, and the line changes with Step', async () => {
    const { app, container } = await open();
    app.store.newMap(12, 8);
    const current = () => container.querySelector('[data-region="pseudocode"] [aria-current="step"]')?.getAttribute('data-line');
    expect(current()).toBe('initialise');
    click(container, 'step');
    expect(current()).toBe('open');
    // Run to the end: the last step is the goal's.
    while (app.store.gridTimeline!.display.status === 'running') click(container, 'step');
    expect(current()).toBe('goal');
    expect(container.querySelectorAll('[data-region="pseudocode"] [aria-current]').length).toBe(1);
    // In Chinese too.
    app.store.setLanguage('zh-CN');
    expect(query(container, '[data-region="pseudocode"] [aria-current="step"]').textContent).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('heat maps', () => {
  it('colour reached cells by g with a legend of the range, the same in every pane', async () => {
    const { app, container } = await open();
    app.store.newMap(30, 20);
    click(container, 'compare');
    app.store.seek(80);
    await nextFrame();
    const plain = app.canvas.toDataURL();
    choose(query(container, '[data-control="heat"]'), 'g');
    await nextFrame();
    await nextFrame();
    expect(app.canvas.toDataURL()).not.toBe(plain);
    const legend = query<HTMLElement>(container, '[data-region="heat-legend"]');
    expect(legend.hidden).toBe(false);
    const [low, high] = [...legend.querySelectorAll('.ap-heat-value')].map((v) => Number(v.textContent));
    expect(low).toBe(0);
    // The largest g either search has reached.
    let largest = 0;
    for (const run of app.store.runs) {
      const cells = run.gridTimeline!.display.cellView();
      for (let id = 0; id < cells.count; id++) if (cells.phaseAt(id) !== 0) largest = Math.max(largest, cells.gAt(id));
    }
    expect(high).toBeCloseTo(largest, 1);
  });
});

describe('time flat out', () => {
  /** A duration as the page writes it ("85.3 µs", "1.20 ms"), in microseconds. */
  const microseconds = (text: string) => {
    const match = /([\d.]+)\s*(µs|ms)/.exec(text);
    if (!match) throw new Error(`no duration in "${text}"`);
    return Number(match[1]) * (match[2] === 'ms' ? 1000 : 1);
  };
  const timed = (app: PlaygroundHandle) => app.store.runs.every((run) => run.timeline.result?.perRunMs != null);

  it('is measured so that it follows the expansions: Dijkstra, expanding 10 times the cells A* does, takes longer', async () => {
    const { app, container } = await open();
    await loadPreset(container, 'arena.map', app);
    click(container, 'compare');
    choose(query<HTMLSelectElement>(container, '.ap-pane[data-pane="2"] [data-control="algorithm"]'), 'dijkstra');
    await waitFor(() => timed(app), 'both searches timed');
    await nextFrame();
    const [astar, dijkstra] = app.store.runs.map((run) => run.timeline.result!);
    // Issue 21's map and query: A* 154 expansions, Dijkstra 2,052.
    expect(dijkstra!.expanded).toBeGreaterThanOrEqual(10 * astar!.expanded);
    const times = [...container.querySelectorAll<HTMLTableRowElement>('[data-region="comparison-table"] tbody tr')]
      .map((row) => row.cells[5]!.textContent ?? '');
    // The table shows the measured figures, to three significant figures.
    [astar!, dijkstra!].forEach((result, i) => expect(Math.abs(microseconds(times[i]!) / (result.perRunMs! * 1000) - 1)).toBeLessThan(0.01));
    // Not one timer step (0.1 ms) for both, as one timed run gave: the order of the work shows.
    expect(times[0]).not.toBe(times[1]);
    expect(microseconds(times[1]!)).toBeGreaterThan(microseconds(times[0]!));
  });

  it('is what the status line gives once a search has ended, per run, and nothing while it runs', async () => {
    const { app, container } = await open();
    await loadPreset(container, 'arena.map', app);
    const status = () => query(container, '[data-region="status"]').textContent ?? '';
    click(container, 'step');
    expect(status()).not.toMatch(/Time/);
    app.store.seek(Infinity);
    await waitFor(() => app.store.timeline.result?.perRunMs != null, 'the search timed');
    await nextFrame();
    expect(status()).toMatch(/Time [\d.]+ (µs|ms) per run, flat out/);
    expect(Math.abs(microseconds(status()) / (app.store.timeline.result!.perRunMs! * 1000) - 1)).toBeLessThan(0.01);
  });
});
