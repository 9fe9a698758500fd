// JPS+ in the page's state, in Chromium, with the engine's real jump table (the contract
// itself is tested with a stand-in in preparation.test.ts): choosing it on a 1024 x 1024
// map prepares the table as a job in slices, with its progress readable between them and
// the page's timer never kept waiting long, and then searches, finding the cost JPS
// finds; an edit prepares it again. And the cells' numbers: the width table the layout
// uses (scene/label-layout.ts) is at least what this browser's fonts measure.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine } from '../../web/src/engine/engine';
import { BOLD_STYLES, CHARACTER_EM, labelWidth, type LabelStyle } from '../../web/src/scene/label-layout';
import { preparationProgress, preparing } from '../../web/src/state/preparation';
import { PlaygroundStore } from '../../web/src/state/store';

const SIDE = 1024;

/** A Moving AI map of SIDE x SIDE: walls in broken lines every 16 rows and columns, so jumps stop at their ends. */
function cityMap(): string {
  const rows: string[] = [];
  for (let y = 0; y < SIDE; y++) {
    let row = '';
    for (let x = 0; x < SIDE; x++) {
      const wall = (y % 16 === 8 && x % 16 < 11) || (x % 16 === 8 && y % 16 > 4 && y % 16 < 14);
      row += wall ? '@' : '.';
    }
    rows.push(row);
  }
  return `type octile\nheight ${SIDE}\nwidth ${SIDE}\nmap\n${rows.join('\n')}\n`;
}

let engine: Engine;
const stores: PlaygroundStore[] = [];
beforeAll(async () => {
  engine = await loadEngine();
});
afterEach(() => {
  for (const store of stores.splice(0)) store.destroy();
});

/** Samples the preparation's progress on every turn of the event loop. */
function sampleWhile(store: PlaygroundStore, busy: () => boolean): Promise<{ progress: number[] }> {
  return new Promise((resolve) => {
    const progress: number[] = [];
    const tick = () => {
      const shown = preparationProgress(store.gridTimeline!.display);
      if (shown !== null) progress.push(shown);
      if (busy()) setTimeout(tick, 0);
      else resolve({ progress });
    };
    setTimeout(tick, 0);
  });
}

describe('JPS+ on the page', () => {
  it('prepares its jump table in slices with progress, then finds the path cost JPS finds; an edit prepares again', async () => {
    const store = new PlaygroundStore(engine, 'en');
    stores.push(store);
    expect(store.loadMapText(cityMap(), 'city')).toBe(true);
    await store.whenSettled();
    const { start, goal } = store;

    // What JPS finds, with the same options, from the same endpoints.
    const jps = engine.createSearch(store.grid, { ...store.options, algorithm: 'jps' });
    jps.reset(start, goal);
    jps.run();
    const jpsCost = jps.pathCost;
    jps.delete();
    expect(jpsCost).not.toBeNull();

    store.setOptions({ algorithm: 'jps-plus' });
    const search = store.gridTimeline!.display;
    expect(preparing(search)).not.toBeNull();
    expect(store.busy).toBe(true);
    const sampled = await sampleWhile(store, () => preparing(search) !== null);
    await store.whenSettled();
    // Sliced: the event loop turned while it prepared, and saw it part-way, going forward.
    expect(sampled.progress.some((p) => p > 0 && p < 1)).toBe(true);
    expect(sampled.progress).toEqual([...sampled.progress].sort((a, b) => a - b));
    // How long each slice lasts is measured by bench:web's responsiveness table (switching
    // to JPS+ on a 1024 x 1024 map), not asserted here: a timed assertion fails on a busy machine.
    expect(search.preparation()).toMatchObject({ needed: true, ready: true });
    expect(search.status).toBe('running');

    // Then it searches: to its end, as the timeline goes there.
    await new Promise<void>((resolve) => {
      const check = () => (store.total !== null ? resolve() : setTimeout(check, 10));
      check();
    });
    store.seek(store.total!);
    await store.whenSettled();
    expect(store.gridTimeline!.display.status).toBe('found');
    expect(store.gridTimeline!.display.pathCost).toBeCloseTo(jpsCost!, 6);

    // A wall painted away from the endpoints: the table is out of date, so it prepares again.
    const cell = { x: 3, y: 3 };
    expect(store.grid.cost(cell.x, cell.y)).toBe(1);
    store.beginStroke();
    store.paintLine(cell, cell);
    store.endStroke();
    expect(preparing(store.gridTimeline!.display)).not.toBeNull();
    await store.whenSettled();
    expect(preparing(store.gridTimeline!.display)).toBeNull();
    expect(store.gridTimeline!.display.preparation().ready).toBe(true);
  });
});

describe('the width table of the cells\' numbers', () => {
  it('is at least what the page\'s font measures, character by character and for whole numbers', () => {
    const context = document.createElement('canvas').getContext('2d')!;
    const styles: LabelStyle[] = ['f', 'value'];
    for (const style of styles) {
      for (const size of [7, 9.5, 14]) {
        const bold = BOLD_STYLES.has(style);
        // The font drawPane sets (render/draw-pane.ts setTextStyle).
        context.font = `${bold ? '600 ' : ''}${size.toFixed(1)}px system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif`;
        for (const text of [...Object.keys(CHARACTER_EM), '1009.2', '#9277', '-12', '×14', '∞']) {
          expect(context.measureText(text).width, `${style} ${size}px "${text}"`).toBeLessThanOrEqual(labelWidth(text, style, size) + 0.01);
        }
      }
    }
  });
});
