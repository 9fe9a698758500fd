// A search's per-cell channels read through typed arrays over wasm memory, for drawing
// whole maps each frame without a call into wasm per cell. Each read checks the cell's
// stamp against the search's, so the view follows resets without being fetched again; it
// goes stale only when memory grows or the search replaces its arrays (see live), and reads
// as empty once its search lets it go (detach).
/// <reference path="./astar-wasm.d.ts" />
import type { SearchReader as RawSearchReader } from './generated/astar-wasm.mjs';
import type { ChannelTypeName } from './generated/names';
import type { CellView, ChannelName, PhaseChannel } from './interfaces';
import { shown } from './checks';
import { NO_CELL } from './raw-values';
import type { EngineSearch } from './search';

/**
 * A typed array over a channel's bytes. The core aligns every array to its element and
 * strides by whole elements, so the view starts exactly at element 0 (a misaligned one
 * would throw here, not misread).
 */
function channelArray(type: ChannelTypeName, bytes: Uint8Array): Uint8Array | Uint16Array | Uint32Array | Float64Array {
  const { buffer, byteOffset, length } = bytes;
  switch (type) {
    case 'u8': return new Uint8Array(buffer, byteOffset, length);
    case 'u16': return new Uint16Array(buffer, byteOffset, length >> 1);
    case 'u32': return new Uint32Array(buffer, byteOffset, length >> 2);
    case 'f64': return new Float64Array(buffer, byteOffset, length >> 3);
  }
}

/** One channel read through typed arrays: element i is values[i * step], its stamp stamps[i * stampStep]. */
interface ChannelReader {
  values: Uint8Array | Uint16Array | Uint32Array | Float64Array;
  step: number;
  stamps: Uint16Array | null;
  stampStep: number;
}

// What a detached view reads through: no element and no stamp, so every read finds no
// current cell (phase 0, NaN), as a view over memory that grew away does.
const NO_VALUES = new Uint8Array(0);
const NO_STAMPS = new Uint16Array(0);

// Direction d moves by (DX[d], DY[d]) (moves.h order: N, E, S, W, NE, SE, SW, NW).
const DX = [0, 1, 0, -1, 1, 1, -1, -1];
const DY = [-1, 0, 1, 0, -1, 1, 1, -1];

export class EngineCellView implements CellView {
  readonly count: number;
  private readonly channels = new Map<ChannelName, ChannelReader>();
  private readonly phase: ChannelReader;
  private readonly g: ChannelReader;
  // Read per cell per frame by the renderer: looked up once.
  private readonly phaseBack: ChannelReader | undefined;
  private readonly scanned: ChannelReader | undefined;

  constructor(
    private readonly search: EngineSearch,
    raw: ReturnType<RawSearchReader['_channels']>,
    readonly layout: number,
    readonly width: number,
  ) {
    this.count = search.cellCount;
    for (const channel of raw) {
      const values = channelArray(search.engine.channelTypes.name(channel.type), channel.bytes);
      this.channels.set(channel.name, {
        values,
        step: channel.stride / values.BYTES_PER_ELEMENT,
        stamps: channel.stampBytes ? (channelArray('u16', channel.stampBytes) as Uint16Array) : null,
        stampStep: channel.stampStride / 2,
      });
    }
    this.phase = this.channels.get('phase')!;
    this.g = this.channels.get('g')!;
    this.phaseBack = this.channels.get('phaseBack');
    this.scanned = this.channels.get('scanned');
  }

  /** Whether the views still see live memory (memory growth detaches the old buffer). */
  get live(): boolean {
    return this.phase.values.length > 0 || this.count === 0;
  }

  /**
   * Its search was deleted, or replaced the arrays this view reads: from now on it reads as
   * empty. Without this, a view kept by its caller goes on reading memory that malloc hands
   * to the next search, and shows that search's numbers as its own.
   */
  detach(): void {
    for (const reader of this.channels.values()) {
      reader.values = NO_VALUES;
      reader.stamps = NO_STAMPS;
    }
  }

  has(channel: ChannelName): boolean {
    return this.channels.has(channel);
  }

  private current(reader: ChannelReader, id: number): boolean {
    return reader.stamps === null || reader.stamps[id * reader.stampStep] === this.search.stampNow;
  }

  valueAt(channel: ChannelName, id: number): number {
    const reader = this.channels.get(channel);
    if (!reader || !this.current(reader, id)) return NaN;
    return reader.values[id * reader.step]!;
  }

  phaseAt(id: number): 0 | 1 | 2 | 3 {
    const reader = this.phase;
    return this.current(reader, id) ? (reader.values[id * reader.step] as 0 | 1 | 2 | 3) : 0;
  }

  phaseBackAt(id: number): 0 | 1 | 2 | 3 {
    const reader = this.phaseBack;
    return reader && this.current(reader, id) ? (reader.values[id * reader.step] as 0 | 1 | 2 | 3) : 0;
  }

  parentBackAt(id: number): number {
    if (this.phaseBackAt(id) === 0) return -1;
    return this.neighbourFrom(id, this.valueAt('parentDirBack', id));
  }

  gAt(id: number): number {
    return this.phaseAt(id) === 0 ? NaN : this.g.values[id * this.g.step]!;
  }

  /** The neighbour a move in direction `dir` came from (-1 for no direction). */
  private neighbourFrom(id: number, dir: number): number {
    if (Number.isNaN(dir) || dir >= 8) return -1;
    return id - DY[dir]! * this.width - DX[dir]!;
  }

  orderAt(id: number): number {
    return this.phaseAt(id) >= 2 ? this.valueAt('order', id) : 0;
  }

  parentAt(id: number): number {
    if (this.phaseAt(id) === 0) return -1;
    const parentId = this.valueAt('parentId', id);
    if (!Number.isNaN(parentId)) return parentId === NO_CELL ? -1 : parentId;
    return this.neighbourFrom(id, this.valueAt('parentDir', id));
  }

  scannedAt(id: number): boolean {
    // The "scanned" channel holds the stamp of the search whose scan passed over the cell.
    const reader = this.scanned;
    return reader !== undefined && reader.values[id * reader.step] === this.search.stampNow;
  }

  fillPhases(out: Uint8Array, channel: PhaseChannel = 'phase'): void {
    // A shorter array would be filled in part, leaving the rest of the map as it was drawn before.
    if (!(out instanceof Uint8Array) || out.length < this.count)
      throw new RangeError(`fillPhases() needs a Uint8Array of at least ${this.count} phases (one per cell), got ${out instanceof Uint8Array ? out.length : shown(out)}`);
    const count = this.count;
    const stamp = this.search.stampNow;
    const reader = channel === 'phase' ? this.phase : channel === 'phaseBack' ? this.phaseBack : this.scanned;
    if (!reader) {
      out.fill(0, 0, count);
      return;
    }
    const { values, step, stamps, stampStep } = reader;
    if (channel === 'scanned') {
      for (let id = 0; id < count; id++) out[id] = values[id * step] === stamp ? 1 : 0;
    } else if (stamps === null) {
      for (let id = 0; id < count; id++) out[id] = values[id * step]!;
    } else {
      for (let id = 0; id < count; id++) out[id] = stamps[id * stampStep] === stamp ? values[id * step]! : 0;
    }
  }
}
