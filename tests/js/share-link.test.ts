// Share-link codec: round trips, size targets, and hostile input.
import fc from 'fast-check';
import { deflateSync, inflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  MAX_FRAGMENT_LENGTH,
  ShareLinkError,
  decodeShareFragment,
  encodeShareFragment,
  type ShareState,
} from '../../web/src/share/share-link';
import { DEFAULT_OPTIONS } from '../../web/src/engine/engine';
import { demoMap } from '../../web/src/state/demo-map';
import { MAX_EXPANSION_LIMIT } from '../../web/src/state/limits';
import { catalog, decodeOrProblem, shareState } from './share-link-checks';

function randomWalls(width: number, height: number, density: number, seed: number): Uint8Array {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  return Uint8Array.from({ length: width * height }, () => (next() < density ? 0 : 1));
}

function stateFor(width: number, height: number, costs: Uint8Array): ShareState {
  return {
    width,
    height,
    costs,
    start: { x: 0, y: 0 },
    goal: { x: width - 1, y: height - 1 },
    searches: [{ algorithm: 'astar', diagonal: 'only-when-no-obstacles', weight: 1, costModel: 'exact' }],
    step: null,
    view: null,
    walk: null,
  };
}

describe('share link round trip', () => {
  it('decoding an encoded state gives back the same state', () => {
    fc.assert(
      fc.property(shareState, (state) => {
        const fragment = encodeShareFragment(state, catalog);
        expect(fragment).toMatch(/^v2=[A-Za-z0-9_-]+$/);
        const back = decodeShareFragment(`#${fragment}`, catalog);
        expect(back.width).toBe(state.width);
        expect(back.height).toBe(state.height);
        expect(Array.from(back.costs)).toEqual(Array.from(state.costs));
        expect(back.start).toEqual(state.start);
        expect(back.goal).toEqual(state.goal);
        expect(back.searches).toEqual(state.searches);
        expect(back.step).toBe(state.step);
        expect(back.view).toEqual(state.view);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the default map under 300 characters, also with a step and a view', () => {
    // The very map and options a new playground shows (the same function the store starts from).
    const { width, height, costs, start, goal } = demoMap();
    const shown: ShareState = { width, height, costs, start, goal, searches: [{ ...DEFAULT_OPTIONS }], step: 0, view: null, walk: null };
    for (const state of [shown, { ...shown, step: 12, view: { centerX: 8.25, centerY: 5.5, cellSize: 48 } }]) {
      const fragment = encodeShareFragment(state, catalog);
      expect(fragment.length).toBeLessThan(300);
      expect(Array.from(decodeShareFragment(fragment, catalog).costs)).toEqual(Array.from(costs));
    }
  });

  it('keeps a 128 x 128 map with 30% random walls under 4,000 characters', () => {
    const fragment = encodeShareFragment(stateFor(128, 128, randomWalls(128, 128, 0.3, 7)), catalog);
    expect(fragment.length).toBeLessThan(4000);
  });

  it('opens links made before version 2 (no cost model or limit: exact costs, no limit)', () => {
    // A v1 link as the first release wrote it (the tutorial's cup-shaped map): 12 x 8, walls
    // round a cup, A* with 4-connected moves.
    const old = decodeShareFragment('v1=k2DgZ2BmYGcQBWIG5v8MEPDBHsrAAv4wMzAwYUEgcSgAAA', catalog);
    expect([old.width, old.height]).toEqual([24, 15]);
    expect(old.searches).toHaveLength(1);
    expect(old.searches[0]!.costModel).toBe('exact');
    expect(old.searches[0]).not.toHaveProperty('maxExpansions');
    // Numbered as v1 numbered them: the first four algorithms kept their numbers.
    expect(catalog.algorithms.slice(0, 4).map((row) => row.name)).toEqual(['astar', 'dijkstra', 'greedy', 'bfs']);
    const v1 = (algorithm: number) => {
      const raw = new Uint8Array(40 + 4);
      const data = new DataView(raw.buffer);
      data.setUint16(0, 5, true);
      data.setUint16(2, 5, true);
      data.setUint8(12, algorithm);
      data.setUint8(14, 0xff);
      data.setFloat64(16, 1, true);
      return `v1=${Buffer.from(deflateSync(raw)).toString('base64url')}`;
    };
    expect(decodeShareFragment(v1(3), catalog).searches[0]!.algorithm).toBe('bfs');
    expect(decodeShareFragment(v1(5), catalog).searches[0]!.algorithm).toBe('jps');
  });

  it('carries every algorithm, the cost model and the expansion limit, and up to four searches to compare', () => {
    for (const row of catalog.algorithms) {
      for (const costModel of catalog.costModels) {
        const state = { ...stateFor(9, 7, randomWalls(9, 7, 0.2, 3)), searches: [{ algorithm: row.name, diagonal: 'never' as const, weight: 1, costModel, maxExpansions: 1234 }] };
        expect(decodeShareFragment(encodeShareFragment(state, catalog), catalog).searches).toEqual(state.searches);
      }
    }
    const compared = { ...stateFor(9, 7, randomWalls(9, 7, 0.2, 3)), searches: ['astar', 'dijkstra', 'jps', 'theta'].map((algorithm) => ({ ...DEFAULT_OPTIONS, algorithm: algorithm as 'astar' })) };
    expect(decodeShareFragment(encodeShareFragment(compared, catalog), catalog).searches.map((o) => o.algorithm)).toEqual(['astar', 'dijkstra', 'jps', 'theta']);
    expect(() => encodeShareFragment({ ...compared, searches: [...compared.searches, compared.searches[0]!] }, catalog)).toThrow(/5 searches/);
    expect(() => encodeShareFragment({ ...compared, searches: [] }, catalog)).toThrow(/0 searches/);
  });

  it('carries the mesh searches with the agent radius they plan for; links without a radius mean 0', () => {
    const base = stateFor(9, 7, randomWalls(9, 7, 0.2, 3));
    const mesh = { ...base, searches: ['navmesh', 'polyanya', 'astar'].map((algorithm) => ({ ...DEFAULT_OPTIONS, algorithm: algorithm as 'navmesh' })), meshRadius: 1.25 };
    const decoded = decodeShareFragment(encodeShareFragment(mesh, catalog), catalog);
    expect(decoded.searches.map((o) => o.algorithm)).toEqual(['navmesh', 'polyanya', 'astar']);
    expect(decoded.meshRadius).toBe(1.25);
    // Radius 0 is written as before the mesh searches were carried: the same bytes as an older link's.
    const plain = encodeShareFragment({ ...base, searches: [{ ...DEFAULT_OPTIONS }] }, catalog);
    expect(encodeShareFragment({ ...base, searches: [{ ...DEFAULT_OPTIONS }], meshRadius: 0 }, catalog)).toBe(plain);
    expect(decodeShareFragment(plain, catalog).meshRadius ?? 0).toBe(0);
    for (const radius of [0.1, -1, 4.25, Number.NaN])
      expect(() => encodeShareFragment({ ...mesh, meshRadius: radius }, catalog)).toThrow(/agent radius/);
    // A radius byte beyond MAX_RADIUS, written by hand, is refused as a bad value.
    const payload = inflateSync(Buffer.from(encodeShareFragment(mesh, catalog).slice('v2='.length), 'base64url'));
    payload[payload.length - 1] = 17;
    expect((decodeOrProblem(`v2=${Buffer.from(deflateSync(payload)).toString('base64url')}`) as ShareLinkError).problem).toBe('bad-value');
  });

  it('carries no expansion limit beyond what the page lets a user set', () => {
    const state = { ...stateFor(9, 7, randomWalls(9, 7, 0.2, 3)), searches: [{ ...DEFAULT_OPTIONS, algorithm: 'ida' as const, maxExpansions: MAX_EXPANSION_LIMIT }] };
    expect(decodeShareFragment(encodeShareFragment(state, catalog), catalog).searches[0]!.maxExpansions).toBe(MAX_EXPANSION_LIMIT);
    expect(() => encodeShareFragment({ ...state, searches: [{ ...state.searches[0]!, maxExpansions: MAX_EXPANSION_LIMIT + 1 }] }, catalog)).toThrow(/expansion limit/);
    // A link written by hand with the largest number its field holds (the first search's
    // limit is the u32 at byte 36 of the payload) is refused as damaged.
    const payload = inflateSync(Buffer.from(encodeShareFragment(state, catalog).slice('v2='.length), 'base64url'));
    const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
    expect(view.getUint32(36, true)).toBe(MAX_EXPANSION_LIMIT);
    view.setUint32(36, 0xffffffff, true);
    expect((decodeOrProblem(`v2=${Buffer.from(deflateSync(payload)).toString('base64url')}`) as ShareLinkError).problem).toBe('bad-value');
  });

  it('refuses to encode a state that could not be decoded', () => {
    expect(() => encodeShareFragment(stateFor(4, 10, new Uint8Array(40)), catalog)).toThrow(RangeError);
    expect(() => encodeShareFragment({ ...stateFor(8, 8, new Uint8Array(64)), start: { x: 8, y: 0 } }, catalog)).toThrow(/off the map/);
  });
});

describe('hostile share links', () => {
  it('random strings never throw anything but ShareLinkError and never give an invalid state', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((s) => `v2=${s}`), fc.base64String().map((s) => `#v1=${s}`)), (text) => {
        decodeOrProblem(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('mutated valid links never throw anything but ShareLinkError and never give an invalid state', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    fc.assert(
      fc.property(
        shareState,
        fc.array(fc.record({ at: fc.nat(), kind: fc.constantFrom('replace', 'delete', 'insert'), char: fc.nat(63) }), {
          minLength: 1,
          maxLength: 5,
        }),
        (state, mutations) => {
          let text = encodeShareFragment(state, catalog);
          for (const m of mutations) {
            const at = 3 + (m.at % Math.max(1, text.length - 3));
            const c = alphabet[m.char]!;
            if (m.kind === 'replace') text = text.slice(0, at) + c + text.slice(at + 1);
            else if (m.kind === 'delete') text = text.slice(0, at) + text.slice(at + 1);
            else text = text.slice(0, at) + c + text.slice(at);
          }
          decodeOrProblem(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('says a truncated link is damaged', () => {
    const fragment = encodeShareFragment(stateFor(40, 30, randomWalls(40, 30, 0.3, 1)), catalog);
    for (const keep of [4, 10, Math.floor(fragment.length / 2), fragment.length - 3]) {
      const result = decodeOrProblem(fragment.slice(0, keep));
      expect(result).toBeInstanceOf(ShareLinkError);
      expect((result as ShareLinkError).problem).toBe('corrupt');
    }
  });

  it('says an unknown version is not understood', () => {
    const fragment = encodeShareFragment(stateFor(8, 8, new Uint8Array(64).fill(1)), catalog);
    const result = decodeOrProblem(fragment.replace(/^v2=/, 'v9='));
    expect((result as ShareLinkError).problem).toBe('unknown-version');
    expect((decodeOrProblem('hello') as ShareLinkError).problem).toBe('not-a-share-link');
  });

  it('refuses absurd map sizes written inside a well-formed payload', () => {
    const payload = new Uint8Array(48 + 8);
    new DataView(payload.buffer).setUint16(0, 60000, true);
    new DataView(payload.buffer).setUint16(2, 60000, true);
    const text = `v2=${Buffer.from(deflateSync(payload)).toString('base64url')}`;
    expect((decodeOrProblem(text) as ShareLinkError).problem).toBe('bad-size');
  });

  it('refuses a fragment of megabytes without decoding it', () => {
    const huge = `v1=${'A'.repeat(MAX_FRAGMENT_LENGTH * 3)}`;
    expect((decodeOrProblem(huge) as ShareLinkError).problem).toBe('too-long');
  });

  it('stops inflating a compression bomb early', () => {
    const bomb = deflateSync(new Uint8Array(16 * 1024 * 1024), { level: 9 });
    const text = `v2=${Buffer.from(bomb).toString('base64url')}`;
    expect(text.length).toBeLessThan(MAX_FRAGMENT_LENGTH);
    const result = decodeOrProblem(text);
    expect((result as ShareLinkError).problem).toBe('corrupt');
    expect((result as ShareLinkError).message).toMatch(/more data than any map/);
  });

  it('treats markup and script in the fragment as damage, not content', () => {
    for (const text of ['v1=<script>alert(1)</script>', '#v1=<img src=x onerror=alert(1)>', 'v1="><svg/onload=alert(1)>']) {
      const result = decodeOrProblem(text);
      expect((result as ShareLinkError).problem).toBe('corrupt');
      // The message describes the damage without repeating the input.
      expect((result as ShareLinkError).message).not.toMatch(/<|script|onerror|onload/);
    }
  });

  it('refuses out-of-range fields: start off the map, unknown algorithm, cost model or setting, bad weight', () => {
    const base = stateFor(10, 10, new Uint8Array(100).fill(1));
    const good = Uint8Array.from(Buffer.from(encodeShareFragment(base, catalog).slice(3), 'base64url'));
    const payloadOf = (edit: (d: DataView) => void) => {
      // Re-encode by hand: decode the valid payload, edit a field, deflate again.
      const raw = inflateSync(good);
      edit(new DataView(raw.buffer));
      return `v2=${Buffer.from(deflateSync(raw)).toString('base64url')}`;
    };
    expect((decodeOrProblem(payloadOf((d) => d.setUint16(4, 10, true))) as ShareLinkError).problem).toBe('bad-value');
    // The first search's fields start at byte 32: algorithm, diagonal, heuristic, cost model, limit, weight.
    expect((decodeOrProblem(payloadOf((d) => d.setUint8(32, catalog.algorithms.length))) as ShareLinkError).problem).toBe('bad-value');
    expect((decodeOrProblem(payloadOf((d) => d.setUint8(35, catalog.costModels.length))) as ShareLinkError).problem).toBe('bad-value');
    // Walk settings: unknown flags, a radius without walk mode, a radius out of 1..10.
    expect((decodeOrProblem(payloadOf((d) => d.setUint16(14, 1, true))) as ShareLinkError).problem).toBe('bad-value');
    expect((decodeOrProblem(payloadOf((d) => { d.setUint8(14, 1 | 8); d.setUint8(15, 3); })) as ShareLinkError).problem).toBe('bad-value');
    expect((decodeOrProblem(payloadOf((d) => d.setUint8(15, 3))) as ShareLinkError).problem).toBe('bad-value');
    expect((decodeOrProblem(payloadOf((d) => { d.setUint8(14, 3); d.setUint8(15, 11); })) as ShareLinkError).problem).toBe('bad-value');
    expect(decodeShareFragment(payloadOf((d) => { d.setUint8(14, 3); d.setUint8(15, 4); }), catalog).walk).toEqual({ unknownTerrain: true, senseRadius: 4, stepSize: 'move' });
    expect((decodeOrProblem(payloadOf((d) => d.setUint8(12, 0))) as ShareLinkError).problem).toBe('bad-value');
    expect((decodeOrProblem(payloadOf((d) => d.setUint8(12, 5))) as ShareLinkError).problem).toBe('bad-value');
    expect((decodeOrProblem(payloadOf((d) => d.setFloat64(40, Number.NaN, true))) as ShareLinkError).problem).toBe('bad-value');
    expect((decodeOrProblem(payloadOf((d) => d.setFloat64(40, 1e9, true))) as ShareLinkError).problem).toBe('bad-value');
  });
});
