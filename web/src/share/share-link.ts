// Share links: the whole playground state in a URL fragment, `#v1=<payload>`.
//
// The payload is a small binary record (layout below), compressed with raw DEFLATE
// (fflate) and written in base64url, so it survives chat apps and needs no escaping.
// Walls-only maps store one bit per cell, maps with terrain four bits; DEFLATE then
// removes the regularity of hand-drawn and generated maps.
//
// A 1024 x 1024 map is megabytes to pack and compress: encodeSteps and decodeSteps do the
// work in steps (generators that yield every few milliseconds of it), so the page runs
// them in slices (state/jobs.ts) and never stops answering while a link is written or
// opened; encodeShareFragment and decodeShareFragment run the same steps at once.
//
// Links come from strangers, so decoding treats the fragment as hostile:
// - its length is capped before anything is decoded, and inflation is streamed and
//   stopped as soon as the output passes the largest valid payload, so a small
//   "compression bomb" costs no more than a valid link;
// - every field is range-checked, and a bad link is reported as a ShareLinkError whose
//   `problem` says which kind of damage it is (the UI turns that into a translated
//   sentence); nothing is ever thrown of another type;
// - nothing from a link is turned into markup or code: the result is numbers and
//   option names drawn from fixed lists.
//
// The version is in the fragment's key (`v2=`), so a later format can be added beside
// this one and old links keep working: links are written as v2 and read as v1 or v2.
//
// Options travel as numbers: their values in the engine's enums, which are append-only.
// The numbering is the engine's catalog (the core's tables), passed in by the caller, so
// this file keeps no list of option names of its own.
import { Deflate, Inflate } from 'fflate';
import { MAX_RADIUS, MAX_TERRAIN_COST, MAX_WEIGHT, type Catalog, type Point, type SearchOptions } from '../engine/engine';
import { MAX_EXPANSION_LIMIT, MAX_SENSE_RADIUS } from '../state/limits';
import { MAX_RUNS } from '../state/run';

export const SHARE_VERSION_KEY = 'v2';
/** Versions this build reads, newest first. */
const READABLE_VERSIONS = [2, 1] as const;
export const MIN_SHARE_SIDE = 5;
export const MAX_SHARE_SIDE = 1024;
/** Longer fragments are refused unread (a 1024 x 1024 map of random terrain needs about 700,000). */
export const MAX_FRAGMENT_LENGTH = 1_000_000;

const DEFAULT_HEURISTIC = 0xff;

/** Where the user was looking: the map point at the centre of the canvas and the size of a cell in CSS pixels. */
export interface ShareView {
  centerX: number;
  centerY: number;
  cellSize: number;
}

export interface ShareState {
  width: number;
  height: number;
  /** Row-major, width * height entries: 0 wall, 1..9 terrain cost. */
  costs: Uint8Array;
  start: Point;
  goal: Point;
  /** The options of each search shown (1 to MAX_RUNS: more than one is compare mode). */
  searches: SearchOptions[];
  /** Steps of the searches shown; null for the finished searches. */
  step: number | null;
  /** null: the view fitted to the map. */
  view: ShareView | null;
  /** Walk mode's settings; null when the searches search rather than walk. */
  walk: ShareWalk | null;
  /**
   * The agent radius in cells (0 to MAX_RADIUS, in quarters): the radius the navigation mesh
   * is built for, which the searches on the mesh plan for. Absent: 0 (links from before it,
   * and links with radius 0, hold none).
   */
  meshRadius?: number;
}

/** Walk mode: whether the agents know only what they sensed, how far they sense, what a step is. */
export interface ShareWalk {
  unknownTerrain: boolean;
  /** 1 to MAX_SENSE_RADIUS (kept even while unknown terrain is off, as the page keeps it). */
  senseRadius: number;
  stepSize: 'move' | 'expansion';
}

export type ShareLinkProblem =
  | 'not-a-share-link' // no `v<number>=` key
  | 'unknown-version' // a version this build does not know (from a newer build, or made up)
  | 'too-long' // longer than MAX_FRAGMENT_LENGTH
  | 'corrupt' // not base64url, not DEFLATE, truncated, or the wrong length inside
  | 'bad-size' // map size outside MIN_SHARE_SIDE..MAX_SHARE_SIDE
  | 'bad-value'; // a field out of range (a point off the map, an unknown option, ...)

export class ShareLinkError extends Error {
  constructor(
    readonly problem: ShareLinkProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'ShareLinkError';
  }
}

// Payload layout of v2, little-endian:
//   0  u16 width           2  u16 height
//   4  u16 start x         6  u16 start y      8  u16 goal x     10  u16 goal y
//  12  u8  searches (1 to MAX_RUNS)            13  u8 flags: 1 = step present, 2 = view present,
//                                                  4 = four bits per cell (else one bit, set = wall)
//  14  u8 walk flags: 1 = walk mode, 2 = unknown terrain, 4 = a step is each planner expansion
//      (else each move); 0 when searching      15  u8 sensing radius, 1 to 10 in walk mode, else 0
//      (links from before walk mode hold zero in both bytes: they search)
//                         16  u32 step        20  f32 view centre x, 24 f32 centre y, 28 f32 cell size
//  32  each search, 16 bytes: u8 algorithm, u8 diagonal, u8 heuristic (0xff: the algorithm's
//      default), u8 cost model, u32 expansion limit (0: none), f64 weight
//  then the cells, row-major; 1-bit cells fill each byte from its lowest bit, 4-bit cells low nibble first
//  then, when flags has 8, one u8: the agent radius in quarter cells (0 to 4 * MAX_RADIUS); without
//      it (links from before the mesh searches, and radius 0) the radius is 0
//
// v1 (the first release) held one search and no cost model or limit (exact costs):
//   0..11 as above, 12 u8 algorithm, 13 u8 diagonal, 14 u8 heuristic, 15 u8 flags,
//   16 f64 weight, 24 u32 step, 28 f32 centre x, 32 f32 centre y, 36 f32 cell size, 40 cells.
const V1_HEADER_BYTES = 40;
const HEADER_BYTES = 32;
const SEARCH_BYTES = 16;
const FLAG_STEP = 1;
const FLAG_VIEW = 2;
const FLAG_TERRAIN = 4;
const FLAG_RADIUS = 8;
/** The radius's unit on the wire: the page offers radii in quarter cells (state/navmesh.ts's RADIUS_STEP). */
const RADIUS_UNITS_PER_CELL = 4;
const WALK_ON = 1;
const WALK_UNKNOWN_TERRAIN = 2;
const WALK_EXPANSION_STEPS = 4;
const MAX_PAYLOAD_BYTES = HEADER_BYTES + MAX_RUNS * SEARCH_BYTES + (MAX_SHARE_SIDE * MAX_SHARE_SIDE) / 2 + 1;

function cellBytes(cells: number, terrain: boolean): number {
  return terrain ? Math.ceil(cells / 2) : Math.ceil(cells / 8);
}

// How much each step of encoding or decoding does before it yields: a few milliseconds.
const CELLS_PER_STEP = 1 << 17;
const BYTES_PER_STEP = 1 << 15;

/** The fragment (without '#') for a state. Throws RangeError if the state itself is invalid. */
export function encodeShareFragment(state: ShareState, catalog: Catalog): string {
  return allSteps(encodeSteps(state, catalog));
}

/** The state in a fragment (with or without the leading '#'). Throws ShareLinkError, and only that. */
export function decodeShareFragment(fragment: string, catalog: Catalog): ShareState {
  return allSteps(decodeSteps(fragment, catalog));
}

/** Runs steps (encodeSteps, decodeSteps, ...) to their end at once. */
export function allSteps<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** encodeShareFragment's work, yielding every few milliseconds of it. */
export function* encodeSteps(state: ShareState, catalog: Catalog): Generator<void, string> {
  const problem = stateProblem(state, catalog);
  if (problem) throw new RangeError(`cannot share this state: ${problem}`);
  const cells = state.width * state.height;
  const terrain = state.costs.some((c) => c > 1);
  const cellsAt = HEADER_BYTES + state.searches.length * SEARCH_BYTES;
  const radius = (state.meshRadius ?? 0) > 0;
  const payload = new Uint8Array(cellsAt + cellBytes(cells, terrain) + (radius ? 1 : 0));
  const data = new DataView(payload.buffer);
  data.setUint16(0, state.width, true);
  data.setUint16(2, state.height, true);
  data.setUint16(4, state.start.x, true);
  data.setUint16(6, state.start.y, true);
  data.setUint16(8, state.goal.x, true);
  data.setUint16(10, state.goal.y, true);
  data.setUint8(12, state.searches.length);
  data.setUint8(13, (state.step !== null ? FLAG_STEP : 0) | (state.view ? FLAG_VIEW : 0) | (terrain ? FLAG_TERRAIN : 0) | (radius ? FLAG_RADIUS : 0));
  if (radius) payload[payload.length - 1] = Math.round(state.meshRadius! * RADIUS_UNITS_PER_CELL);
  if (state.walk) {
    data.setUint8(14, WALK_ON | (state.walk.unknownTerrain ? WALK_UNKNOWN_TERRAIN : 0) | (state.walk.stepSize === 'expansion' ? WALK_EXPANSION_STEPS : 0));
    data.setUint8(15, state.walk.senseRadius);
  }
  data.setUint32(16, state.step ?? 0, true);
  if (state.view) {
    data.setFloat32(20, state.view.centerX, true);
    data.setFloat32(24, state.view.centerY, true);
    data.setFloat32(28, state.view.cellSize, true);
  }
  state.searches.forEach((options, i) => {
    const at = HEADER_BYTES + i * SEARCH_BYTES;
    data.setUint8(at, catalog.algorithms.findIndex((row) => row.name === options.algorithm));
    data.setUint8(at + 1, catalog.diagonals.indexOf(options.diagonal));
    data.setUint8(at + 2, options.heuristic === undefined ? DEFAULT_HEURISTIC : catalog.heuristics.indexOf(options.heuristic));
    data.setUint8(at + 3, catalog.costModels.indexOf(options.costModel));
    data.setUint32(at + 4, options.maxExpansions ?? 0, true);
    data.setFloat64(at + 8, options.weight, true);
  });
  for (let i = 0; i < cells; i++) {
    const c = state.costs[i]!;
    if (terrain) payload[cellsAt + (i >> 1)]! |= c << ((i & 1) * 4);
    else if (c === 0) payload[cellsAt + (i >> 3)]! |= 1 << (i & 7);
    if ((i + 1) % CELLS_PER_STEP === 0) yield;
  }
  // Compressed a piece at a time; the stream is the same whether the pieces are run at once or in slices.
  const compressed: Uint8Array[] = [];
  const deflater = new Deflate({ level: 9 }, (chunk) => compressed.push(chunk));
  for (let at = 0; at < payload.length; at += BYTES_PER_STEP) {
    const end = Math.min(at + BYTES_PER_STEP, payload.length);
    deflater.push(payload.subarray(at, end), end === payload.length);
    yield;
  }
  return `${SHARE_VERSION_KEY}=${toBase64Url(concat(compressed))}`;
}

/** decodeShareFragment's work, yielding every few milliseconds of it. Throws ShareLinkError, and only that. */
export function* decodeSteps(fragment: string, catalog: Catalog): Generator<void, ShareState> {
  if (typeof fragment !== 'string') throw new ShareLinkError('not-a-share-link', 'the link has no state');
  if (fragment.length > MAX_FRAGMENT_LENGTH + 8)
    throw new ShareLinkError('too-long', `the link is ${fragment.length} characters long; at most ${MAX_FRAGMENT_LENGTH} are accepted`);
  const body = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const match = /^v(\d{1,6})=(.*)$/s.exec(body);
  if (!match) throw new ShareLinkError('not-a-share-link', 'the link does not start with a version such as "v2="');
  const version = READABLE_VERSIONS.find((v) => `${v}` === match[1]);
  if (version === undefined)
    throw new ShareLinkError('unknown-version', `version ${match[1]} links are not understood by this version of the playground`);
  const payload = yield* inflateBounded(fromBase64Url(match[2]!));
  return yield* readPayload(payload, version, catalog);
}

function* readPayload(payload: Uint8Array, version: 1 | 2, catalog: Catalog): Generator<void, ShareState> {
  if (payload.length < (version === 1 ? V1_HEADER_BYTES : HEADER_BYTES)) throw new ShareLinkError('corrupt', 'the link is cut short');
  const data = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const width = data.getUint16(0, true);
  const height = data.getUint16(2, true);
  if (!sideOk(width) || !sideOk(height))
    throw new ShareLinkError('bad-size', `map size ${width} x ${height} is outside ${MIN_SHARE_SIDE}..${MAX_SHARE_SIDE}`);
  const layout = version === 1 ? v1Layout(data, catalog) : v2Layout(data, catalog);
  const { flags } = layout;
  const known = version === 1 ? FLAG_STEP | FLAG_VIEW | FLAG_TERRAIN : FLAG_STEP | FLAG_VIEW | FLAG_TERRAIN | FLAG_RADIUS;
  if (flags & ~known) throw new ShareLinkError('bad-value', 'the link has unknown flags');
  const terrain = (flags & FLAG_TERRAIN) !== 0;
  const radius = (flags & FLAG_RADIUS) !== 0;
  const cells = width * height;
  if (payload.length !== layout.cellsAt + cellBytes(cells, terrain) + (radius ? 1 : 0))
    throw new ShareLinkError('corrupt', 'the map data in the link has the wrong length');

  const costs = new Uint8Array(cells);
  for (let i = 0; i < cells; i++) {
    if (terrain) {
      const c = (payload[layout.cellsAt + (i >> 1)]! >> ((i & 1) * 4)) & 0xf;
      if (c > MAX_TERRAIN_COST) throw new ShareLinkError('bad-value', `terrain cost ${c} is not between 0 and ${MAX_TERRAIN_COST}`);
      costs[i] = c;
    } else {
      costs[i] = (payload[layout.cellsAt + (i >> 3)]! >> (i & 7)) & 1 ? 0 : 1;
    }
    if ((i + 1) % CELLS_PER_STEP === 0) yield;
  }

  const state: ShareState = {
    width,
    height,
    costs,
    start: { x: data.getUint16(4, true), y: data.getUint16(6, true) },
    goal: { x: data.getUint16(8, true), y: data.getUint16(10, true) },
    searches: layout.searches,
    step: flags & FLAG_STEP ? layout.step : null,
    view: flags & FLAG_VIEW ? layout.view : null,
    walk: layout.walk,
    ...(radius ? { meshRadius: payload[payload.length - 1]! / RADIUS_UNITS_PER_CELL } : {}),
  };
  const problem = stateProblem(state, catalog);
  if (problem) throw new ShareLinkError('bad-value', problem);
  return state;
}

/** What a version's header says, besides the size and the endpoints. */
interface HeaderFields {
  flags: number;
  searches: SearchOptions[];
  step: number;
  view: ShareView;
  walk: ShareWalk | null;
  /** Where the cells start. */
  cellsAt: number;
}

function v1Layout(data: DataView, catalog: Catalog): HeaderFields {
  return {
    flags: data.getUint8(15),
    searches: [readOptions(catalog, data.getUint8(12), data.getUint8(13), data.getUint8(14), 0, data.getFloat64(16, true), 0)],
    step: data.getUint32(24, true),
    view: { centerX: data.getFloat32(28, true), centerY: data.getFloat32(32, true), cellSize: data.getFloat32(36, true) },
    walk: null,
    cellsAt: V1_HEADER_BYTES,
  };
}

function v2Layout(data: DataView, catalog: Catalog): HeaderFields {
  const count = data.getUint8(12);
  if (count < 1 || count > MAX_RUNS) throw new ShareLinkError('bad-value', `the link holds ${count} searches; 1 to ${MAX_RUNS} are possible`);
  const walk = readWalk(data.getUint8(14), data.getUint8(15));
  const cellsAt = HEADER_BYTES + count * SEARCH_BYTES;
  if (data.byteLength < cellsAt) throw new ShareLinkError('corrupt', 'the link is cut short');
  const searches: SearchOptions[] = [];
  for (let i = 0; i < count; i++) {
    const at = HEADER_BYTES + i * SEARCH_BYTES;
    searches.push(readOptions(catalog, data.getUint8(at), data.getUint8(at + 1), data.getUint8(at + 2), data.getUint8(at + 3),
      data.getFloat64(at + 8, true), data.getUint32(at + 4, true)));
  }
  return {
    flags: data.getUint8(13),
    searches,
    step: data.getUint32(16, true),
    view: { centerX: data.getFloat32(20, true), centerY: data.getFloat32(24, true), cellSize: data.getFloat32(28, true) },
    walk,
    cellsAt,
  };
}

function readWalk(flags: number, senseRadius: number): ShareWalk | null {
  if (flags === 0 && senseRadius === 0) return null;
  if (!(flags & WALK_ON) || flags & ~(WALK_ON | WALK_UNKNOWN_TERRAIN | WALK_EXPANSION_STEPS)) throw new ShareLinkError('bad-value', 'the link has unknown walk settings');
  return { unknownTerrain: (flags & WALK_UNKNOWN_TERRAIN) !== 0, senseRadius, stepSize: flags & WALK_EXPANSION_STEPS ? 'expansion' : 'move' };
}

/** One search's options from their wire numbers (the engine's enum values). */
function readOptions(catalog: Catalog, algorithmIndex: number, diagonalIndex: number, heuristicIndex: number,
  costModelIndex: number, weight: number, limit: number): SearchOptions {
  const algorithm = catalog.algorithms[algorithmIndex]?.name;
  const diagonal = catalog.diagonals[diagonalIndex];
  const heuristic = heuristicIndex === DEFAULT_HEURISTIC ? undefined : catalog.heuristics[heuristicIndex];
  const costModel = catalog.costModels[costModelIndex];
  if (!algorithm || !diagonal || !costModel || (heuristicIndex !== DEFAULT_HEURISTIC && !heuristic))
    throw new ShareLinkError('bad-value', 'the link names an unknown algorithm, heuristic, diagonal rule or cost model');
  const options: SearchOptions = { algorithm, diagonal, weight, costModel };
  if (heuristic) options.heuristic = heuristic;
  if (limit > 0) options.maxExpansions = limit;
  return options;
}

function optionsProblem(options: SearchOptions, catalog: Catalog): string | null {
  if (!catalog.algorithms.some((row) => row.name === options.algorithm) || !catalog.diagonals.includes(options.diagonal))
    return 'unknown algorithm or diagonal rule';
  if (options.heuristic !== undefined && !catalog.heuristics.includes(options.heuristic)) return 'unknown heuristic';
  if (!catalog.costModels.includes(options.costModel)) return 'unknown cost model';
  const limit = options.maxExpansions;
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_EXPANSION_LIMIT)) return `expansion limit ${limit} is not a whole number from 1 to ${MAX_EXPANSION_LIMIT}`;
  const w = options.weight;
  if (!Number.isFinite(w) || w < 0 || w > MAX_WEIGHT) return `heuristic weight ${w} is outside 0..${MAX_WEIGHT}`;
  return null;
}

function sideOk(side: number): boolean {
  return Number.isInteger(side) && side >= MIN_SHARE_SIDE && side <= MAX_SHARE_SIDE;
}

/** Why a state cannot be shared or shown, or null. Used on both sides, so what encodes always decodes. */
function stateProblem(s: ShareState, catalog: Catalog): string | null {
  if (!sideOk(s.width) || !sideOk(s.height)) return `map size ${s.width} x ${s.height} is outside ${MIN_SHARE_SIDE}..${MAX_SHARE_SIDE}`;
  if (s.costs.length !== s.width * s.height) return 'the map data does not match the map size';
  if (s.costs.some((c) => c > MAX_TERRAIN_COST)) return `a terrain cost is above ${MAX_TERRAIN_COST}`;
  const onMap = (p: Point) => Number.isInteger(p.x) && Number.isInteger(p.y) && p.x >= 0 && p.y >= 0 && p.x < s.width && p.y < s.height;
  if (!onMap(s.start) || !onMap(s.goal)) return 'the start or goal is off the map';
  if (s.searches.length < 1 || s.searches.length > MAX_RUNS) return `${s.searches.length} searches; 1 to ${MAX_RUNS} are possible`;
  for (const options of s.searches) {
    const problem = optionsProblem(options, catalog);
    if (problem) return problem;
  }
  if (s.step !== null && !(Number.isInteger(s.step) && s.step >= 0 && s.step <= 0xffffffff)) return 'the step is not a whole number';
  if (s.view) {
    const { centerX, centerY, cellSize } = s.view;
    if (![centerX, centerY, cellSize].every(Number.isFinite) || cellSize <= 0 || cellSize > 1000) return 'the view is out of range';
    if (Math.abs(centerX) > 4 * s.width || Math.abs(centerY) > 4 * s.height) return 'the view is far off the map';
  }
  if (s.walk && !(Number.isInteger(s.walk.senseRadius) && s.walk.senseRadius >= 1 && s.walk.senseRadius <= MAX_SENSE_RADIUS))
    return `the sensing radius is not a whole number from 1 to ${MAX_SENSE_RADIUS}`;
  const r = s.meshRadius ?? 0;
  if (!(Number.isFinite(r) && r >= 0 && r <= MAX_RADIUS && Number.isInteger(r * RADIUS_UNITS_PER_CELL)))
    return `the agent radius ${r} is not a quarter of a cell from 0 to ${MAX_RADIUS}`;
  return null;
}

// Inflate in small input chunks and stop as soon as the output could not be a valid
// payload: a DEFLATE stream can expand about 1000-fold, so checking only at the end
// would let a short link allocate and burn seconds on gigabytes.
function* inflateBounded(compressed: Uint8Array): Generator<void, Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let sinceStep = 0;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    chunks.push(chunk);
    total += chunk.length;
    sinceStep += chunk.length;
    if (final) finished = true;
  });
  const CHUNK = 1024;
  try {
    for (let at = 0; at < compressed.length && !finished; at += CHUNK) {
      const end = Math.min(at + CHUNK, compressed.length);
      inflater.push(compressed.subarray(at, end), end === compressed.length);
      if (total > MAX_PAYLOAD_BYTES) throw new ShareLinkError('corrupt', 'the link expands to more data than any map holds');
      if (sinceStep >= BYTES_PER_STEP) {
        sinceStep = 0;
        yield;
      }
    }
  } catch (error) {
    if (error instanceof ShareLinkError) throw error;
    throw new ShareLinkError('corrupt', 'the link is damaged (its data does not decompress)');
  }
  if (!finished) throw new ShareLinkError('corrupt', 'the link is cut short');
  return concat(chunks);
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64URL.length; i++) BASE64URL_VALUE[BASE64URL.charCodeAt(i)] = i;

function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += BASE64URL[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

function fromBase64Url(text: string): Uint8Array {
  if (text.length % 4 === 1) throw new ShareLinkError('corrupt', 'the link is cut short');
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? BASE64URL_VALUE[code]! : -1;
    if (digit < 0) throw new ShareLinkError('corrupt', 'the link contains characters that do not belong in it');
    value = ((value << 6) | digit) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out;
}
