// What the embed tests share (embed-element.test.ts, embed-mount-and-iframe.test.ts): the
// BUILT element module from dist/ (the browser project's global setup serves it with the
// strict CSP), elements placed in sized holders, the control groups' selectors, and a sample
// share state.
import { inject } from 'vitest';
import type { PlaygroundHandle } from '../../web/src/app';
import type * as EmbedModule from '../../web/src/embed/astar-playground';
import type { AstarPlaygroundElement } from '../../web/src/embed/astar-playground';
import { loadEngine } from '../../web/src/engine/engine';
import type { ShareState } from '../../web/src/share/share-link';
import type { PlaygroundStore } from '../../web/src/state/store';

// Share links number options as the engine's catalog does.
export const { catalog } = await loadEngine();

export const distUrl = inject('distUrl');
/** The built module, once loadBuiltEmbed() has run (each file's beforeAll). */
export let embed: typeof EmbedModule;
export async function loadBuiltEmbed(): Promise<void> {
  embed = await import(/* @vite-ignore */ `${distUrl}embed/astar-playground.js`);
}

// The tutorial's cup map ("Four searches, one map"): breadth-first takes 322 steps on it.
export const CUP_MAP = 'v1=k2DgZ2BmYGcQBWIG5v8MEPDBHsrAAv4wMzAwYUEgcSgAAA';

let holders: HTMLElement[] = [];
/** Removes every holder made since the last call (removal frees each element's playground); for each test file's afterEach. */
export function removeHolders(): void {
  for (const holder of holders) holder.remove();
  holders = [];
}

export interface Placed {
  element: AstarPlaygroundElement;
  app: PlaygroundHandle;
  store: PlaygroundStore;
  shadow: ShadowRoot;
}

export function holder(width = 900, lang?: string): HTMLElement {
  const div = document.createElement('div');
  div.style.width = `${width}px`;
  if (lang) div.lang = lang;
  document.body.append(div);
  holders.push(div);
  return div;
}

export async function place(attributes: Record<string, string> = {}, into = holder()): Promise<Placed> {
  const element = document.createElement('astar-playground');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  into.append(element);
  await element.ready;
  // The built module's playground has the same shape as the source's.
  const app = element.playground as unknown as PlaygroundHandle;
  return { element, app, store: app.store, shadow: element.shadowRoot! };
}

export function shown(root: ParentNode, selector: string): boolean {
  const element = root.querySelector<HTMLElement>(selector);
  return element !== null && element.checkVisibility();
}

// One visible selector per control group.
export const GROUP_SELECTORS = {
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
export type Group = keyof typeof GROUP_SELECTORS;

export function visibleGroups(root: ParentNode): Group[] {
  return (Object.keys(GROUP_SELECTORS) as Group[]).filter((group) => shown(root, GROUP_SELECTORS[group]));
}

/** A 12 x 8 map with a wall the search must go round, terrain, and a step in the middle of the search. */
export function sampleState(overrides: Partial<ShareState> = {}): ShareState {
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
export function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function canvasPixels(app: PlaygroundHandle): Uint8ClampedArray {
  app.drawNow();
  return app.canvas.getContext('2d')!.getImageData(0, 0, app.canvas.width, app.canvas.height).data;
}

export function countDifferent(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) count++;
  return count;
}
