// Share-link decoder fuzz: links come from strangers, so input made at every layer of a
// link's encoding (the text, the base64url, the DEFLATE stream, the binary record) must
// decode to a valid state or throw a ShareLinkError, nothing else. Tens of thousands of
// cases, a few seconds; a failure prints fast-check's seed and shrunk counterexample.
import fc from 'fast-check';
import { deflateSync, inflateSync, type DeflateOptions } from 'fflate';
import { describe, it } from 'vitest';
import { encodeShareFragment } from '../../web/src/share/share-link';
import { MAX_RUNS } from '../../web/src/state/run';
import { catalog, decodeOrProblem, shareState } from './share-link-checks';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Version keys read, unknown, malformed or missing. */
const KEYS = ['v2=', '#v2=', 'v1=', '#v1=', 'v3=', 'v0=', 'v02=', 'v=', ''];
const key = fc.constantFrom(...KEYS);
const readableKey = fc.constantFrom('v1=', 'v2=', '#v2=');

const level = fc.constantFrom(...([0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const));

function link(prefix: string, payload: Uint8Array, compression: DeflateOptions['level']): string {
  return prefix + Buffer.from(deflateSync(payload, { level: compression })).toString('base64url');
}

/** Mostly a value from `near` (in range or just outside it), sometimes any value of `any`. */
function mostly<T>(near: fc.Arbitrary<T>, any: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: near, weight: 9 }, { arbitrary: any, weight: 1 });
}
const u8 = fc.integer({ min: 0, max: 0xff });
const u16 = fc.integer({ min: 0, max: 0xffff });
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const f32 = fc.float({ noDefaultInfinity: false });
const algorithms = catalog.algorithms.length;

/** One search's 16 bytes, fields mostly in their ranges. */
const searchRecord = fc.tuple(
  mostly(fc.integer({ min: 0, max: algorithms - 1 }), u8),
  mostly(fc.integer({ min: 0, max: catalog.diagonals.length - 1 }), u8),
  mostly(fc.constantFrom(0xff, ...catalog.heuristics.keys()), u8),
  mostly(fc.integer({ min: 0, max: catalog.costModels.length - 1 }), u8),
  u32,
  mostly(fc.double({ min: -1, max: 101 }), fc.double()),
);

/**
 * A v2 record written field by field, each field mostly in or near its range, so the
 * decoder gets past the early checks and meets every later one (and valid links too).
 */
const plausibleRecord = fc
  .record({
    width: mostly(fc.integer({ min: 4, max: 40 }), u16),
    height: mostly(fc.integer({ min: 4, max: 40 }), u16),
    ends: fc.array(fc.integer({ min: 0, max: 41 }), { minLength: 4, maxLength: 4 }),
    flags: mostly(fc.integer({ min: 0, max: 7 }), u8),
    // Searching (both zero), or walking (flag 1, maybe 2 and 4) with a radius.
    walk: mostly(
      fc.oneof(fc.constant([0, 0]), fc.tuple(fc.integer({ min: 0, max: 3 }).map((f) => 1 | (f << 1)), fc.integer({ min: 0, max: 11 }))),
      fc.tuple(u8, u8),
    ),
    step: u32,
    view: fc.array(mostly(fc.float({ min: -100, max: 100, noNaN: true }), f32), { minLength: 3, maxLength: 3 }),
    searches: mostly(fc.array(searchRecord, { minLength: 1, maxLength: MAX_RUNS }), fc.array(searchRecord, { maxLength: MAX_RUNS + 1 })),
    // Cells as bytes of two 4-bit costs, mostly 0 to 9; walls-only maps read them as bits.
    cells: fc.array(mostly(fc.integer({ min: 0, max: 99 }).map((n) => (n % 10) | (Math.floor(n / 10) << 4)), u8), { maxLength: 900 }),
    lengthError: mostly(fc.constant(0), fc.integer({ min: -3, max: 3 })),
  })
  .map(({ width, height, ends, flags, walk, step, view, searches, cells, lengthError }) => {
    const terrain = (flags & 4) !== 0;
    const cellsAt = 32 + 16 * searches.length;
    // At most a 40 x 40 map's worth: a size out of range is refused before the cells are read.
    const cellBytes = Math.max(0, Math.min(800, terrain ? Math.ceil((width * height) / 2) : Math.ceil((width * height) / 8)) + lengthError);
    const record = new Uint8Array(cellsAt + cellBytes);
    const data = new DataView(record.buffer);
    [width, height, ...ends].forEach((value, i) => data.setUint16(2 * i, value, true));
    [searches.length, flags, ...walk].forEach((value, i) => data.setUint8(12 + i, value));
    data.setUint32(16, step, true);
    view.forEach((value, i) => data.setFloat32(20 + 4 * i, value, true));
    searches.forEach(([algorithm, diagonal, heuristic, costModel, limit, weight], i) => {
      const at = 32 + 16 * i;
      [algorithm, diagonal, heuristic, costModel].forEach((value, j) => data.setUint8(at + j, value));
      data.setUint32(at + 4, limit, true);
      data.setFloat64(at + 8, weight, true);
    });
    for (let i = 0; i < cellBytes; i++) record[cellsAt + i] = cells[i % Math.max(1, cells.length)] ?? 0;
    return record;
  });

/** A byte edit of a record: set a byte (where `headerOnly`, among the first 96: the fields), cut it, or extend it. */
type Edit =
  | { kind: 'set'; at: number; headerOnly: boolean; value: number }
  | { kind: 'cut'; at: number }
  | { kind: 'extend'; bytes: Uint8Array };

const edits: fc.Arbitrary<Edit[]> = fc.array(
  fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), headerOnly: fc.boolean(), value: u8 }), weight: 8 },
    { arbitrary: fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('extend' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }), weight: 1 },
  ),
  { minLength: 1, maxLength: 6 },
);

function edited(record: Uint8Array, changes: Edit[]): Uint8Array {
  let bytes = record.slice();
  for (const change of changes) {
    if (change.kind === 'set') {
      if (bytes.length === 0) continue;
      bytes[change.at % (change.headerOnly ? Math.min(bytes.length, 96) : bytes.length)] = change.value;
    } else if (change.kind === 'cut') {
      bytes = bytes.slice(0, change.at % (bytes.length + 1));
    } else {
      const longer = new Uint8Array(bytes.length + change.bytes.length);
      longer.set(bytes);
      longer.set(change.bytes, bytes.length);
      bytes = longer;
    }
  }
  return bytes;
}

// Seconds each on an idle machine; the limit leaves room for a busy one.
describe('share-link decoder fuzz', { timeout: 60_000 }, () => {
  it('takes arbitrary text, behind any version key or none', () => {
    fc.assert(
      fc.property(key, fc.string({ unit: 'binary', maxLength: 300 }), (prefix, text) => {
        decodeOrProblem(prefix + text);
      }),
      { numRuns: 20_000 },
    );
  });

  it('takes arbitrary base64url that is not DEFLATE', () => {
    fc.assert(
      fc.property(readableKey, fc.string({ unit: fc.constantFrom(...BASE64URL), maxLength: 400 }), (prefix, text) => {
        decodeOrProblem(prefix + text);
      }),
      { numRuns: 10_000 },
    );
  });

  it('takes arbitrary bytes, deflated and written in base64url', () => {
    fc.assert(
      fc.property(readableKey, fc.uint8Array({ maxLength: 2000, size: 'max' }), level, (prefix, bytes, compression) => {
        decodeOrProblem(link(prefix, bytes, compression));
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes records of a plausible size with arbitrary fields and cells', () => {
    fc.assert(
      fc.property(plausibleRecord, (record) => {
        decodeOrProblem(link('v2=', record, 6));
      }),
      { numRuns: 10_000 },
    );
  });

  it('takes valid records with bytes changed, cut or added', () => {
    fc.assert(
      fc.property(shareState, edits, (state, changes) => {
        const record = inflateSync(Buffer.from(encodeShareFragment(state, catalog).slice(3), 'base64url'));
        decodeOrProblem(link('v2=', edited(record, changes), 6));
      }),
      { numRuns: 3_000 },
    );
  });
});
