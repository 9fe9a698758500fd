// What the share-link tests (share-link.test.ts) and the share-link fuzz
// (share-link-fuzz.test.ts) share: the engine's catalog, an arbitrary valid state, and the
// one rule for hostile input: decoding gives a valid state or throws a ShareLinkError.
import fc from 'fast-check';
import { expect } from 'vitest';
import { ShareLinkError, decodeShareFragment, type ShareState } from '../../web/src/share/share-link';
import { loadEngine } from '../../web/src/engine/engine';
import { MAX_EXPANSION_LIMIT } from '../../web/src/state/limits';
import { MAX_RUNS } from '../../web/src/state/run';

// Share links number options as the engine's catalog does.
export const { catalog } = await loadEngine();

// Every algorithm of the catalog, the mesh searches' included.
const ALGORITHMS = catalog.algorithms.map((row) => row.name);

export const shareState: fc.Arbitrary<ShareState> = fc
  .record({ width: fc.integer({ min: 5, max: 70 }), height: fc.integer({ min: 5, max: 70 }), terrain: fc.boolean() })
  .chain(({ width, height, terrain }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      costs: fc
        .array(terrain ? fc.integer({ min: 0, max: 9 }) : fc.constantFrom(0, 1), { minLength: width * height, maxLength: width * height })
        .map((a) => Uint8Array.from(a)),
      start: fc.record({ x: fc.integer({ min: 0, max: width - 1 }), y: fc.integer({ min: 0, max: height - 1 }) }),
      goal: fc.record({ x: fc.integer({ min: 0, max: width - 1 }), y: fc.integer({ min: 0, max: height - 1 }) }),
      searches: fc.array(fc.record(
        {
          algorithm: fc.constantFrom(...ALGORITHMS),
          diagonal: fc.constantFrom(...catalog.diagonals),
          heuristic: fc.constantFrom(...catalog.heuristics),
          weight: fc.double({ min: 0, max: 100, noNaN: true }),
          costModel: fc.constantFrom(...catalog.costModels),
          maxExpansions: fc.integer({ min: 1, max: MAX_EXPANSION_LIMIT }),
        },
        { requiredKeys: ['algorithm', 'diagonal', 'weight', 'costModel'] },
      ), { minLength: 1, maxLength: MAX_RUNS }),
      step: fc.option(fc.integer({ min: 0, max: 0xffffffff }), { nil: null }),
      view: fc.option(
        fc.record({
          centerX: fc.float({ min: -width, max: 2 * width, noNaN: true }),
          centerY: fc.float({ min: -height, max: 2 * height, noNaN: true }),
          cellSize: fc.float({ min: Math.fround(0.5), max: 200, noNaN: true }),
        }),
        { nil: null },
      ),
      walk: fc.option(
        fc.record({
          unknownTerrain: fc.boolean(),
          senseRadius: fc.integer({ min: 1, max: 10 }),
          stepSize: fc.constantFrom('move' as const, 'expansion' as const),
        }),
        { nil: null },
      ),
      // The agent radius, in the quarter cells the page offers; absent means 0.
      meshRadius: fc.integer({ min: 1, max: 16 }).map((quarters) => quarters / 4),
    }, { requiredKeys: ['width', 'height', 'costs', 'start', 'goal', 'searches', 'step', 'view', 'walk'] }),
  );

/** The invariants every decoded state must satisfy, whatever the input was. */
export function expectValidState(s: ShareState): void {
  expect(s.width).toBeGreaterThanOrEqual(5);
  expect(s.width).toBeLessThanOrEqual(1024);
  expect(s.height).toBeGreaterThanOrEqual(5);
  expect(s.height).toBeLessThanOrEqual(1024);
  expect(s.costs).toHaveLength(s.width * s.height);
  expect(s.costs.every((c) => c <= 9)).toBe(true);
  for (const p of [s.start, s.goal]) {
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x).toBeLessThan(s.width);
    expect(p.y).toBeGreaterThanOrEqual(0);
    expect(p.y).toBeLessThan(s.height);
  }
  expect(s.searches.length).toBeGreaterThanOrEqual(1);
  expect(s.searches.length).toBeLessThanOrEqual(MAX_RUNS);
  for (const options of s.searches) {
    expect(ALGORITHMS).toContain(options.algorithm);
    expect(catalog.diagonals).toContain(options.diagonal);
    expect(catalog.costModels).toContain(options.costModel);
    if (options.heuristic !== undefined) expect(catalog.heuristics).toContain(options.heuristic);
    expect(Number.isFinite(options.weight)).toBe(true);
  }
  if (s.step !== null) expect(Number.isInteger(s.step) && s.step >= 0).toBe(true);
  if (s.view !== null) expect([s.view.centerX, s.view.centerY, s.view.cellSize].every(Number.isFinite)).toBe(true);
  if (s.walk !== null) expect(s.walk.senseRadius >= 1 && s.walk.senseRadius <= 10).toBe(true);
}

/** Decoding must either give a valid state or throw a ShareLinkError: nothing else. */
export function decodeOrProblem(fragment: string): ShareState | ShareLinkError {
  try {
    const state = decodeShareFragment(fragment, catalog);
    expectValidState(state);
    return state;
  } catch (error) {
    expect(error).toBeInstanceOf(ShareLinkError);
    return error as ShareLinkError;
  }
}
