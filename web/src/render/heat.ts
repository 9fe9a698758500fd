// Heat maps' colours: reached cells coloured by one number (state/heat.ts reads them) on a
// perceptually uniform ramp that stays readable in grey and for colour-blind readers
// (viridis' endpoints and three stops between them).
import type { Heat } from '../scene/pane-scene';

const RAMP: ReadonlyArray<readonly [number, number, number]> = [
  [68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37],
];

/** The ramp's colour at t in [0, 1], as [r, g, b]. */
export function heatColour(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, t)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const a = RAMP[i]!, b = RAMP[i + 1]!, u = x - i;
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * u)) as [number, number, number];
}

/** A CSS gradient of the ramp, low to high, for the legend. */
export function heatGradientCss(): string {
  return `linear-gradient(90deg, ${RAMP.map((c, i) => `rgb(${c.join(' ')}) ${(i / (RAMP.length - 1)) * 100}%`).join(', ')})`;
}

/** Packs the heat map into a pixel row-major layer (little-endian RGBA); cells without a value stay clear. */
export function fillHeat(pixels: Uint32Array, heat: Heat, alpha = 215): void {
  const span = heat.max - heat.min;
  // A lookup table: 256 colours are plenty for the eye and keep the loop to one multiply.
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const [r, g, b] = heatColour(i / 255);
    table[i] = ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }
  const count = Math.min(pixels.length, heat.values.length);
  for (let id = 0; id < count; id++) {
    const v = heat.values[id]!;
    pixels[id] = Number.isNaN(v) ? 0 : table[span > 0 ? Math.round(((v - heat.min) / span) * 255) : 0]!;
  }
}
