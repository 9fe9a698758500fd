// The first map people see: small enough for every label to be readable, with a wall the
// search must go around and a patch of costly terrain it should avoid. On its own so the
// link-size tests in Node measure this very map without starting a playground.
import type { MapSnapshot } from './history';

export function demoMap(): MapSnapshot {
  const width = 16, height = 10;
  const costs = new Uint8Array(width * height).fill(1);
  for (let y = 2; y <= 7; y++) costs[y * width + 8] = 0;
  for (let x = 6; x <= 8; x++) { costs[2 * width + x] = 0; costs[7 * width + x] = 0; }
  for (let y = 0; y <= 1; y++) for (let x = 10; x <= 12; x++) costs[y * width + x] = 5;
  return { width, height, costs, start: { x: 4, y: 5 }, goal: { x: 13, y: 4 }, name: 'demo' };
}
