// The Walk wrapper: an agent walking and replanning on a true map (cpp/core/walk.h). Its
// planner is shown through a read-only EngineSearch; options set here wait for reset().
/// <reference path="./astar-wasm.d.ts" />
/// <reference lib="esnext.disposable" preserve="true" />
import { booleanArgument, readPoint, shown, stepCount, wasmPoint, wholeNumber } from './checks';
import type { Walk as RawWalk } from './generated/astar-wasm.mjs';
import type { EngineGrid } from './grid';
import type { Walk, WalkCounters, WalkStatus, WalkStep } from './interfaces';
import { CollectorHint, reclaimer } from './memory';
import { pointsOf } from './raw-values';
import { EngineSearch } from './search';
import { DEFAULT_OPTIONS, MAX_SENSE_RADIUS, type AlgorithmName, type Point, type RefusalName, type SearchOptions } from './types';
import { walkDivergence, type WalkDivergence } from './walk-divergence';
import type { WasmEngine } from './wasm-engine';

export class EngineWalk implements Walk {
  readonly planner: EngineSearch;
  private rawWalk: RawWalk | null;
  private pending: SearchOptions = { ...DEFAULT_OPTIONS };
  /** The algorithm whose planner the raw walk holds (it makes another at reset when the algorithm changes). */
  private plannerFor: AlgorithmName = DEFAULT_OPTIONS.algorithm;
  private readonly hint = new CollectorHint();

  constructor(
    readonly engine: WasmEngine,
    private readonly world: EngineGrid,
  ) {
    engine.makeRoom(this.bytesWith(DEFAULT_OPTIONS.algorithm), `a walk on ${world.width} x ${world.height} cells`);
    this.rawWalk = new engine.raw.Walk(world.raw);
    world.users += 1;
    engine.liveObjects += 1;
    this.hint.hold(this.bytesWith(this.plannerFor));
    reclaimer.register(this, { kind: 'Walk', engine, raw: this.rawWalk, reads: world }, this);
    this.planner = new EngineSearch(engine, world, {}, this.rawWalk._planner());
    this.planner.owner = this;
    this.planner.showOptions(this.pending);
  }

  private get raw(): RawWalk {
    if (!this.rawWalk) throw new Error('this Walk has been deleted');
    return this.rawWalk;
  }

  /** Bytes this walk keeps with a planner running `algorithm`. */
  private bytesWith(algorithm: AlgorithmName): number {
    const cells = this.world.width * this.world.height;
    return cells * this.engine.catalog.walkBytesPerCell + this.engine.searchBytes(algorithm, cells);
  }

  setOptions(search: Partial<SearchOptions>, senseRadius: number): void {
    const radius = wholeNumber(senseRadius, 'senseRadius', 0, MAX_SENSE_RADIUS);
    const { options, args } = this.engine.resolveOptions(this.pending, search);
    this.raw._setOptions(...args, radius);
    this.pending = options;
  }

  setCanonicalRoutes(on: boolean): void {
    this.raw.setCanonicalRoutes(booleanArgument(on, 'setCanonicalRoutes(on)'));
  }

  firstDivergence(other: Walk): WalkDivergence {
    if (!(other instanceof EngineWalk) || other.engine !== this.engine) throw new TypeError('firstDivergence takes another Walk of the same engine');
    return walkDivergence(this.raw._firstDivergence(other.raw));
  }

  reset(start: Point, goal: Point): boolean {
    const from = readPoint(start, 'start');
    const to = readPoint(goal, 'goal');
    const planner = this.pending.algorithm;
    this.engine.makeRoom(planner === this.plannerFor ? 0 : this.engine.searchBytes(planner, this.world.width * this.world.height),
      `a ${planner} walk on ${this.world.width} x ${this.world.height} cells`);
    const { width, height } = this.world;
    const started = this.raw.reset(wasmPoint(from, width, height), wasmPoint(to, width, height));
    if (planner !== this.plannerFor) {
      this.plannerFor = planner;
      this.hint.hold(this.bytesWith(planner));
    }
    this.planner.showOptions(this.pending);
    return started;
  }

  step(): WalkStep | null {
    this.engine.makeRoom(0, 'running this walk');
    const raw = this.raw._step();
    if (!raw) return null;
    if (raw.planned) return { kind: 'plan', expansion: this.planner.stepEvent(raw.events) };
    const replan = this.engine.replanReasons.name(raw.replan);
    return {
      kind: 'move',
      from: raw.from,
      to: raw.to,
      cost: raw.cost,
      discovered: raw.discovered.map((id) => this.world.pointOf(id)),
      replan: replan === 'none' ? null : replan,
      arrived: raw.arrived,
    };
  }

  runSteps(n: number, untilMove = false): number {
    const count = stepCount(n, 'runSteps() count');
    const stopBeforeMove = booleanArgument(untilMove, 'runSteps() untilMove');
    this.engine.makeRoom(0, 'running this walk');
    return this.raw.runSteps(count, stopBeforeMove);
  }

  get status(): WalkStatus {
    return this.engine.walkStatuses.name(this.raw.status());
  }

  get refusal(): RefusalName | null {
    const refusal = this.engine.refusals.name(this.raw.refusal());
    return refusal === 'none' ? null : refusal;
  }

  counters(): WalkCounters {
    return this.raw.counters();
  }

  agent(): Point {
    return this.raw.agent();
  }

  walked(): Point[] {
    return pointsOf(this.raw._walkedView());
  }

  plannedPath(): Point[] {
    return pointsOf(this.raw._plannedView());
  }

  worldChanged(cells: Point[]): void {
    if (!Array.isArray(cells)) throw new TypeError(`worldChanged() needs an array of points, got ${shown(cells)}`);
    this.raw._worldChanged(cells.map((cell, i) => this.world.cellId(cell, `worldChanged() cells[${i}]`)));
  }

  setGoal(goal: Point): void {
    const cell = readPoint(goal, 'goal');
    this.world.idOf(cell.x, cell.y);
    this.raw.setGoal(cell);
  }

  knownMask(): Uint8Array {
    // A copy, like Grid.costs(): a view would let writes change what the agent knows.
    return this.raw._knownView().slice();
  }

  delete(): void {
    if (!this.rawWalk) return;
    reclaimer.unregister(this);
    this.planner.detach();
    this.rawWalk.delete();
    this.rawWalk = null;
    this.hint.release();
    this.world.users -= 1;
    this.engine.liveObjects -= 1;
  }

  [Symbol.dispose](): void {
    this.delete();
  }
}
