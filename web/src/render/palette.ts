// Colours of the grid, read from CSS custom properties so the page's light and dark themes
// (prefers-color-scheme) are defined in one place, ui/styles.css. Terrain costs use a
// single-hue ramp that changes in lightness, and the search colours come from the
// Okabe-Ito set, so the picture survives the common kinds of colour blindness.
import { MAX_TERRAIN_COST } from '../engine/engine';

export interface Palette {
  background: string;
  wall: string;
  /** Index = cost; [0] unused (walls), [1] = floor. */
  terrain: string[];
  open: string;
  closed: string;
  /** Bidirectional A*'s backward search (from the goal). */
  backwardOpen: string;
  backwardClosed: string;
  /** Theta*'s lines of sight. */
  sightClear: string;
  sightBlocked: string;
  /** The navigation mesh's edges and vertices (its polygons are filled faintly in it). */
  mesh: string;
  path: string;
  pathOutline: string;
  start: string;
  goal: string;
  current: string;
  /** Walk mode: the agent, its trail and its sensing square; the fog over unknown cells. */
  agent: string;
  fog: string;
  gridLine: string;
  text: string;
  textMuted: string;
  /** Outline drawn behind cell labels. */
  halo: string;
}

// How opaque open and closed cells are drawn over the map (0 to 255), on the canvas and in SVG.
export const OPEN_ALPHA = 150;
export const CLOSED_ALPHA = 120;

export function readPalette(element: Element): Palette {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  const low = read('--terrain-low'), high = read('--terrain-high');
  const terrain = ['', read('--floor')];
  for (let cost = 2; cost <= MAX_TERRAIN_COST; cost++) terrain.push(mix(low, high, (cost - 2) / (MAX_TERRAIN_COST - 2)));
  return {
    background: read('--canvas-bg'),
    wall: read('--wall'),
    terrain,
    open: read('--open'),
    closed: read('--closed'),
    backwardOpen: read('--backward-open'),
    backwardClosed: read('--backward-closed'),
    sightClear: read('--sight-clear'),
    sightBlocked: read('--sight-blocked'),
    mesh: read('--mesh'),
    path: read('--path'),
    pathOutline: read('--path-outline'),
    start: read('--start'),
    goal: read('--goal'),
    current: read('--current'),
    agent: read('--agent'),
    fog: read('--fog'),
    gridLine: read('--grid-line'),
    text: read('--text'),
    textMuted: read('--text-muted'),
    halo: read('--label-halo'),
  };
}

/** #rrggbb (or #rgb) to [r, g, b]; anything else is treated as black. */
export function parseHex(colour: string): [number, number, number] {
  let hex = colour.replace('#', '');
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  const value = /^[0-9a-f]{6}$/i.test(hex) ? parseInt(hex, 16) : 0;
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** A colour packed for a Uint32Array view over ImageData (little-endian RGBA). */
export function packRgba(colour: string, alpha = 255): number {
  const [r, g, b] = parseHex(colour);
  return ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a), cb = parseHex(b);
  return '#' + ca.map((v, i) => Math.round(v + (cb[i] - v) * t).toString(16).padStart(2, '0')).join('');
}
