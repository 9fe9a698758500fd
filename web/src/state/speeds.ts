// The speed control's positions: from one step per second to thousands of steps per
// frame, then "instant" (the whole search in time slices, shown when done).
export type Speed =
  | { kind: 'per-second'; steps: number }
  | { kind: 'per-frame'; steps: number }
  | { kind: 'instant' };

export const SPEEDS: readonly Speed[] = [
  ...[1, 2, 5, 10, 20, 30].map((steps): Speed => ({ kind: 'per-second', steps })),
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000].map((steps): Speed => ({ kind: 'per-frame', steps })),
  { kind: 'instant' },
];

export const DEFAULT_SPEED_INDEX = SPEEDS.findIndex((s) => s.kind === 'per-second' && s.steps === 10);
export const INSTANT_SPEED_INDEX = SPEEDS.length - 1;

export function speedIndexOf(kind: Speed['kind'], steps = 0): number {
  return SPEEDS.findIndex((s) => s.kind === kind && (s.kind === 'instant' || s.steps === steps));
}
