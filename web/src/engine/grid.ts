// The Grid wrapper: a map of terrain costs in wasm memory, with checked edits, the count of
// searches and walks reading it, so that delete() is refused while one does, and the
// searches findPath keeps for it (path-searches.ts) and its navigation meshes
// (mesh-search.ts), which delete() frees.
/// <reference path="./astar-wasm.d.ts" />
/// <reference lib="esnext.disposable" preserve="true" />
import { checkTerrainCost, isInteger, readPoint, shown } from './checks';
import type { Grid as RawGrid } from './generated/astar-wasm.mjs';
import type { Grid } from './interfaces';
import type { Point } from './types';
import { CollectorHint, reclaimer } from './memory';
import { forgetMesh, type CachedMesh } from './mesh-search';
import { PathSearches } from './path-searches';
import type { WasmEngine } from './wasm-engine';

export class EngineGrid implements Grid {
  readonly width: number;
  readonly height: number;
  /** Searches currently reading this grid (not counting the ones it keeps for findPath). */
  users = 0;
  /** The searches findPath keeps for this grid. */
  readonly pathSearches = new PathSearches();
  /** The navigation meshes built for this grid, by agent radius (mesh-search.ts's meshOf). */
  readonly meshes = new Map<number, CachedMesh>();
  private rawGrid: RawGrid | null;
  private readonly hint = new CollectorHint();

  constructor(
    readonly engine: WasmEngine,
    raw: RawGrid,
  ) {
    this.rawGrid = raw;
    this.width = raw.width();
    this.height = raw.height();
    this.hint.hold(this.width * this.height * engine.catalog.gridBytesPerCell);
    engine.liveObjects += 1;
    reclaimer.register(this, { kind: 'Grid', engine, raw, reads: null, kept: this.pathSearches.raws }, this);
  }

  get raw(): RawGrid {
    if (!this.rawGrid) throw new Error('this Grid has been deleted');
    return this.rawGrid;
  }

  get revision(): number {
    return this.raw.revision();
  }

  /** The cell id of (x, y), or a RangeError naming the point. */
  idOf(x: number, y: number): number {
    if (!isInteger(x) || !isInteger(y) || x < 0 || y < 0 || x >= this.width || y >= this.height)
      throw new RangeError(`(${shown(x)}, ${shown(y)}) is not a cell of this ${this.width} x ${this.height} grid`);
    return y * this.width + x;
  }

  /** The cell id of `point`, its coordinates read once (see readPoint), or an error naming `name`. */
  cellId(point: unknown, name: string): number {
    const { x, y } = readPoint(point, name);
    return this.idOf(x, y);
  }

  pointOf(id: number): Point {
    return { x: id % this.width, y: Math.floor(id / this.width) };
  }

  contains(point: Point): boolean {
    if (typeof point !== 'object' || point === null) return false;
    const { x, y } = point;
    return isInteger(x) && isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  cost(x: number, y: number): number {
    this.idOf(x, y);
    return this.raw.cost(x, y);
  }

  setCost(x: number, y: number, cost: number): void {
    this.idOf(x, y);
    checkTerrainCost(cost);
    this.raw.setCost(x, y, cost);
  }

  fill(cost: number): void {
    checkTerrainCost(cost);
    this.raw.fill(cost);
  }

  assign(costs: Uint8Array): void {
    const expected = this.width * this.height;
    if (!(costs instanceof Uint8Array) || costs.length !== expected)
      throw new RangeError(`assign() needs a Uint8Array of ${expected} costs (${this.width} x ${this.height}), got ${costs instanceof Uint8Array ? costs.length : shown(costs)}`);
    this.raw._assign(costs);
  }

  costs(into?: Uint8Array): Uint8Array {
    // A copy: a view would let writes bypass setCost() (see engine.ts).
    if (into === undefined) return this.raw._costsView().slice();
    if (!(into instanceof Uint8Array) || into.length !== this.width * this.height) {
      throw new TypeError(`costs(into): into must be a Uint8Array of width*height = ${this.width * this.height} bytes`);
    }
    into.set(this.raw._costsView());
    return into;
  }

  toMapText(): string {
    return this.raw.toMapText();
  }

  minCost(): number {
    return this.raw.minCost();
  }

  uniformCost(): boolean {
    return this.raw.uniformCost();
  }

  delete(): void {
    if (!this.rawGrid) return;
    this.pathSearches.release();
    if (this.users > 0)
      throw new Error(`this Grid is still read by ${this.users} search(es): delete them or setGrid() them to another grid first`);
    for (const mesh of this.meshes.values()) forgetMesh(this, mesh);
    reclaimer.unregister(this);
    this.rawGrid.delete();
    this.rawGrid = null;
    this.hint.release();
    this.engine.liveObjects -= 1;
  }

  [Symbol.dispose](): void {
    this.delete();
  }
}
