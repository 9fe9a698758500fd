// A small seeded generator (mulberry32) so every generated map can be reproduced from its
// seed, in tests and when a teacher wants the same maze twice. Math.random cannot be seeded.
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: Random, lowInclusive: number, highInclusive: number): number {
  return lowInclusive + Math.floor(random() * (highInclusive - lowInclusive + 1));
}
