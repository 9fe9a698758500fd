// Helpers for the playground's browser tests: mounting into a sized container, real
// PointerEvent and KeyboardEvent dispatch aimed at map cells, and snapshots of the
// search state read through the engine's typed views.
import { afterEach, expect } from 'vitest';
import { mountPlayground, type PlaygroundHandle } from '../../web/src/app';
import type { Point } from '../../web/src/engine/engine';

export async function mount(storage: Storage | null = null, language: 'en' | 'zh-CN' = 'en'): Promise<{ app: PlaygroundHandle; container: HTMLElement }> {
  const container = document.createElement('div');
  container.style.width = '1100px';
  document.body.append(container);
  const app = await mountPlayground(container, { storage, language: storage ? undefined : language });
  await nextFrame();
  return { app, container };
}

/**
 * A `mount` whose playgrounds are destroyed (and their containers removed) after each test
 * of the file that calls this at its top level.
 */
export function mountPerTest(): typeof mount {
  const mounted: Array<{ app: PlaygroundHandle; container: HTMLElement }> = [];
  afterEach(() => {
    for (const { app, container } of mounted.splice(0)) {
      app.destroy();
      container.remove();
    }
  });
  return async (...args) => {
    const opened = await mount(...args);
    mounted.push(opened);
    return opened;
  };
}

export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

export function query<E extends Element>(container: HTMLElement, selector: string): E {
  const element = container.querySelector<E>(selector);
  if (!element) throw new Error(`no element matches ${selector}`);
  return element;
}

/** Client coordinates of the centre of a map cell on the playground's canvas. */
export function cellCentre(app: PlaygroundHandle, cell: Point): { clientX: number; clientY: number } {
  const rect = app.canvas.getBoundingClientRect();
  const { view } = app.store;
  return {
    clientX: rect.left + view.offsetX + (cell.x + 0.5) * view.scale,
    clientY: rect.top + view.offsetY + (cell.y + 0.5) * view.scale,
  };
}

/** A pointer event at a cell (placed with the current view) or at fixed client coordinates. */
export function pointer(app: PlaygroundHandle, type: 'pointerdown' | 'pointermove' | 'pointerup', at: Point | { clientX: number; clientY: number }, pointerType = 'mouse', pointerId = 1): void {
  const pressed = type !== 'pointerup';
  app.canvas.dispatchEvent(new PointerEvent(type, {
    ...('clientX' in at ? at : cellCentre(app, at)),
    pointerId,
    pointerType,
    isPrimary: true,
    button: type === 'pointermove' ? -1 : 0,
    buttons: pressed ? 1 : 0,
    bubbles: true,
    cancelable: true,
  }));
}

/** Press at the first cell, move through the others, release at the last. */
export function drag(app: PlaygroundHandle, cells: Point[], pointerType = 'mouse'): void {
  pointer(app, 'pointerdown', cells[0], pointerType);
  for (const cell of cells.slice(1)) pointer(app, 'pointermove', cell, pointerType);
  pointer(app, 'pointerup', cells[cells.length - 1], pointerType);
}

export function press(key: string, modifiers: KeyboardEventInit = {}, target: Element = document.body): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers }));
}

export function setRange(input: HTMLInputElement, value: number): void {
  input.value = String(value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function choose(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

export interface SearchSnapshot {
  step: number;
  status: string;
  counters: object;
  phases: number[];
  g: number[];
  order: number[];
  parents: number[];
  /** The channels only some algorithms keep (bidirectional, JPS, IDA*), by name. */
  extras: Record<string, number[]>;
}

const EXTRA_CHANNELS = ['phaseBack', 'gBack', 'parentDirBack', 'visits'] as const;

/** Everything the search shows, copied out of wasm memory. */
export function snapshot(app: PlaygroundHandle): SearchSnapshot {
  const { gridTimeline, grid } = app.store;
  const search = gridTimeline!.display;
  const cells = search.cellView();
  const count = grid.width * grid.height;
  const phases: number[] = [], g: number[] = [], order: number[] = [], parents: number[] = [];
  const extras: Record<string, number[]> = {};
  for (const name of EXTRA_CHANNELS) if (cells.has(name)) extras[name] = [];
  if (cells.has('scanned')) extras.scanned = [];
  for (let id = 0; id < count; id++) {
    phases.push(cells.phaseAt(id));
    g.push(cells.gAt(id));
    order.push(cells.orderAt(id));
    parents.push(cells.parentAt(id));
    for (const name of EXTRA_CHANNELS) extras[name]?.push(cells.valueAt(name, id));
    extras.scanned?.push(Number(cells.scannedAt(id)));
  }
  return { step: gridTimeline!.step, status: search.status, counters: search.counters(), phases, g, order, parents, extras };
}

export async function until(condition: () => boolean, what: string, timeoutMs = 10000): Promise<void> {
  await expect.poll(condition, { timeout: timeoutMs, interval: 20, message: what }).toBe(true);
}

export function mapText(rows: string[]): string {
  return `type octile\nheight ${rows.length}\nwidth ${rows[0].length}\nmap\n${rows.join('\n')}\n`;
}

/** Puts a file on a file input the way the picker does, and fires its change event. */
export function pickFile(input: HTMLInputElement, file: File): void {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** An in-memory Storage, so tests neither read nor leave anything in the real one. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => { items.delete(key); },
    setItem: (key, value) => { items.set(key, String(value)); },
  };
}
