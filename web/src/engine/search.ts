// The Search wrapper: a search of its own, or a read-only view of a walk's planner. It
// turns raw events into SearchEvents, keeps the stamp the cell view checks, asks for room
// before anything that allocates, and keeps the grid's count of readers.
/// <reference path="./astar-wasm.d.ts" />
/// <reference lib="esnext.disposable" preserve="true" />
import { EngineCellView } from './cell-view';
import { booleanArgument, oneOf, readPoint, stepCount, wasmPoint, wholeNumber } from './checks';
import type {
  Event as RawEvent,
  Preparation as RawPreparation,
  Search as RawSearch,
  SearchReader as RawSearchReader,
} from './generated/astar-wasm.mjs';
import type { EngineGrid } from './grid';
import type { CellView, Grid, Search } from './interfaces';
import { CollectorHint, reclaimer } from './memory';
import { NO_CELL, nullIfNaN, pointsOf } from './raw-values';
import {
  DEFAULT_OPTIONS,
  type AlgorithmName,
  type CellPhase,
  type Counters,
  type EventOf,
  type NeighbourOutcome,
  type OpenListEntry,
  type OutcomeOf,
  type Point,
  type Preparation,
  type Progress,
  type RefusalName,
  type SearchEvent,
  type SearchOptions,
  type SearchStatus,
  type StepEvent,
} from './types';
import type { EngineWalk } from './walk';
import type { RawOptionArgs, WasmEngine } from './wasm-engine';

export class EngineSearch implements Search {
  /** The search number; a cell state belongs to the current search only if its stamp matches. */
  stampNow: number;
  /** What this wrapper reads: its own raw search, or a walk's planner (read-only). */
  private rawSearch: RawSearchReader | null;
  /** The raw search this wrapper owns and changes; null for a walk's planner. */
  private readonly ownedRaw: RawSearch | null;
  private grid: EngineGrid;
  /** The options the next reset() uses (what `options` reports). */
  private current: SearchOptions = { ...DEFAULT_OPTIONS };
  /** The options the raw search runs with: set at reset(), so a running search keeps its own. */
  private applied: SearchOptions = { ...DEFAULT_OPTIONS };
  /** Whether the raw search has been given options at all (at creation it has its own defaults). */
  private handedOver = false;
  /** The raw arguments of `current`, until reset() applies them; null when nothing waits. */
  private pending: RawOptionArgs | null = null;
  private view: EngineCellView | null = null;
  /** The algorithm whose per-cell arrays the raw search holds, for room checks and the collector hint. */
  private arraysFor: AlgorithmName = DEFAULT_OPTIONS.algorithm;
  private readonly hint = new CollectorHint();

  /**
   * A search of its own over `grid`, or with `planner` a read-only view of a walk's planner
   * (the walk owns it and deletes it; the grid is the walk's world, of the same size as the
   * planner's knowledge grid).
   */
  constructor(
    readonly engine: WasmEngine,
    grid: EngineGrid,
    options: Partial<SearchOptions>,
    planner?: RawSearchReader,
    /** Given for a search the grid keeps for findPath (path-searches.ts): its raw object goes in this set, which the grid frees. */
    private readonly keptIn?: Set<{ delete(): void }>,
  ) {
    if (!planner) engine.makeRoom(engine.searchBytes(DEFAULT_OPTIONS.algorithm, grid.width * grid.height), `a search of ${grid.width} x ${grid.height} cells`);
    this.ownedRaw = planner ? null : new engine.raw.Search(grid.raw);
    this.rawSearch = planner ?? this.ownedRaw;
    this.readOnly = planner !== undefined;
    this.grid = grid;
    this.stampNow = this.raw.stamp();
    if (this.readOnly) return;
    this.hint.hold(engine.searchBytes(this.arraysFor, this.cellCount));
    if (keptIn) {
      keptIn.add(this.ownedRaw!);
    } else {
      grid.users += 1;
      engine.liveObjects += 1;
      this.registerLeftover();
    }
    try {
      this.setOptions(options);
      this.applyOptions();
    } catch (error) {
      this.delete();
      throw error;
    }
  }

  private readonly readOnly: boolean;
  /** A walk's planner keeps its walk alive: reclaiming the walk frees the planner. */
  owner: EngineWalk | null = null;

  /** The grid this search reads goes with its raw search if it is reclaimed. */
  private registerLeftover(): void {
    reclaimer.register(this, { kind: 'Search', engine: this.engine, raw: this.owned, reads: this.grid }, this);
  }

  /** The raw search read (another engine search adopting this one's preparation reads it too). */
  get raw(): RawSearchReader {
    if (!this.rawSearch) throw new Error(this.readOnly ? 'the walk of this planner has been deleted' : 'this Search has been deleted');
    return this.rawSearch;
  }

  /** The raw search to change: only a search this wrapper owns. */
  private get owned(): RawSearch {
    if (!this.ownedRaw) throw new Error("a walk's planner is read-only: drive the walk instead");
    this.raw; // throws once deleted
    return this.ownedRaw;
  }

  /** The walk was deleted: its planner with it. */
  detach(): void {
    this.rawSearch = null;
    this.dropView();
  }

  /** The arrays the view reads are freed or replaced: it must read as empty, not as whatever takes their place. */
  private dropView(): void {
    this.view?.detach();
    this.view = null;
  }

  get cellCount(): number {
    return this.grid.width * this.grid.height;
  }

  setOptions(options: Partial<SearchOptions>): void {
    this.owned;
    const { options: next, args } = this.engine.resolveOptions(this.current, options);
    if (this.engine.algorithm(next.algorithm).onMesh) throw new RangeError(`${next.algorithm} searches a navigation mesh: make it with createMeshSearch`);
    this.current = next;
    // The options the raw search has already (findPath sets them at every call): nothing to
    // hand over at the next reset.
    this.pending = this.handedOver && sameOptions(next, this.applied) ? null : args;
  }

  /** The options set last, not copied (options copies them): for the engine's own reads. */
  get settings(): Readonly<SearchOptions> {
    return this.current;
  }

  /**
   * Gives the raw search the options set since the last reset. Only here (and at creation):
   * the core reads its options while it runs, and the bindings replace the raw search when
   * another class runs the new algorithm, so options handed over mid-search would change
   * the running search (another diagonal rule, priority or cap) or end it.
   */
  private applyOptions(): void {
    const args = this.pending;
    if (!args) return;
    const next = this.current;
    // Another algorithm may be run by another class, which the raw search makes now.
    if (next.algorithm !== this.arraysFor) this.roomFor(next.algorithm, this.grid);
    this.owned._setOptions(...args);
    this.pending = null;
    this.applied = next;
    this.handedOver = true;
    this.holding(next.algorithm, this.grid);
  }

  /** Throws EngineMemoryError unless there is room for a search with `algorithm` over `grid`. */
  private roomFor(algorithm: AlgorithmName, grid: EngineGrid): void {
    this.engine.makeRoom(this.engine.searchBytes(algorithm, grid.width * grid.height),
      `a ${algorithm} search of ${grid.width} x ${grid.height} cells`);
  }

  /** The raw search now holds arrays for `algorithm` over `grid`: the collector hint follows. */
  private holding(algorithm: AlgorithmName, grid: EngineGrid): void {
    this.arraysFor = algorithm;
    this.hint.hold(this.engine.searchBytes(algorithm, grid.width * grid.height));
  }

  /** A walk's planner: the options the walk's last reset() used. */
  showOptions(options: SearchOptions): void {
    this.current = { ...options };
  }

  get options(): SearchOptions {
    return { ...this.current };
  }

  setGrid(grid: Grid): void {
    const owned = this.owned;
    const next = this.engine.ownGrid(grid);
    this.roomFor(this.arraysFor, next);
    owned.setGrid(next.raw);
    this.holding(this.arraysFor, next);
    this.grid.users -= 1;
    next.users += 1;
    this.grid = next;
    this.stampNow = this.raw.stamp();
    reclaimer.unregister(this);
    this.registerLeftover();
  }

  setTracing(on: boolean): void {
    this.owned.setTracing(booleanArgument(on, 'setTracing()'));
  }

  reset(start: Point, goal: Point): boolean {
    const owned = this.owned;
    const from = readPoint(start, 'start');
    const to = readPoint(goal, 'goal');
    this.engine.makeRoom(0, 'starting this search');
    this.applyOptions();
    const { width, height } = this.grid;
    const started = owned.reset(wasmPoint(from, width, height), wasmPoint(to, width, height));
    this.stampNow = this.raw.stamp();
    return started;
  }

  step(): StepEvent | null {
    const owned = this.owned;
    this.roomToRun();
    const raw = owned._step();
    if (!raw) return null;
    return this.stepEvent(raw);
  }

  /** One step's raw events as a StepEvent. */
  stepEvent(raw: RawEvent[]): StepEvent {
    const events = raw.map((event) => this.event(event));
    // Exactly one expansion per step; IDA* reports its backtracking and a new iteration before it.
    const expand = events.find((event): event is EventOf<'expand'> => event.kind === 'expand');
    if (!expand) throw new Error('a step must have an expansion');
    return { cell: expand.cell, side: expand.side, g: expand.g, h: expand.h, f: expand.f, events };
  }

  private event(raw: RawEvent): SearchEvent {
    const { engine, grid } = this;
    const cell = () => grid.pointOf(raw.cell);
    const other = () => (raw.other === NO_CELL ? null : grid.pointOf(raw.other));
    const side = engine.sides.name(raw.side);
    const outcome = engine.outcomes.name(raw.outcome);
    switch (engine.kinds.name(raw.kind)) {
      case 'expand': return { kind: 'expand', cell: cell(), side, g: raw.a, h: raw.b, f: raw.c, parent: other() };
      case 'neighbour':
        return { kind: 'neighbour', cell: cell(), side, outcome: outcome as NeighbourOutcome, oldG: nullIfNaN(raw.a), newG: nullIfNaN(raw.b), parent: other() };
      case 'scan': return { kind: 'scan', from: other()!, to: cell(), dir: raw.dir, outcome: outcome as OutcomeOf<'scan'>, keptByTerrain: raw.a === 1 };
      case 'forced': return { kind: 'forced', cell: cell(), jumpPoint: other()! };
      case 'sight':
        return { kind: 'sight', from: other()!, to: cell(), clear: outcome !== 'obstructed', dearer: outcome === 'dearer', blockedBy: Number.isNaN(raw.a) ? null : grid.pointOf(raw.a) };
      case 'meet': return { kind: 'meet', cell: cell(), cost: raw.a };
      case 'iteration': return { kind: 'iteration', iteration: raw.a, threshold: raw.b };
      case 'backtrack': return { kind: 'backtrack', cell: raw.cell === NO_CELL ? null : cell(), popped: raw.a };
      case 'stop': return { kind: 'stop', cost: raw.a, bound: raw.b };
      case 'key': {
        const raised = outcome === 'key-raised';
        return { kind: 'key', cell: cell(), outcome: outcome as OutcomeOf<'key'>, k1: raw.a, k2: raw.b,
          newK1: raised ? raw.c : null, oldG: raised ? null : raw.c };
      }
      case 'rhs':
        return { kind: 'rhs', cell: cell(), outcome: outcome as OutcomeOf<'rhs'>, oldRhs: raw.a, newRhs: raw.b, k1: nullIfNaN(raw.c), next: other() };
      default: throw new Error(`a grid search reported a mesh search's ${engine.kinds.name(raw.kind)} event`);
    }
  }

  runSteps(n: number): number {
    const owned = this.owned;
    const count = stepCount(n, 'runSteps() count');
    this.roomToRun();
    return owned.runSteps(count);
  }

  run(): void {
    const owned = this.owned;
    this.roomToRun();
    owned.run();
  }

  preparation(): Preparation {
    const raw: RawPreparation = this.raw.preparation();
    return { needed: raw.needed, ready: raw.ready, done: raw.done, total: raw.total, bytes: raw.bytes };
  }

  prepareSteps(units: number): number {
    const owned = this.owned;
    const count = wholeNumber(units, 'prepareSteps() units');
    this.roomToRun();
    return owned.prepareSteps(count);
  }

  adoptPreparation(other: Search): boolean {
    const owned = this.owned;
    if (!(other instanceof EngineSearch) || other.engine !== this.engine) throw new TypeError('expected a Search made by this engine');
    return owned._adoptPreparation(other.raw);
  }

  /**
   * Room for running: a search still to prepare builds its prepared data first (JPS+: its
   * table, preparedBytesPerCell a cell), which must fit too.
   */
  private roomToRun(): void {
    const row = this.engine.algorithm(this.applied.algorithm);
    const preparing = row.prepares && this.owned.status() === this.engine.statuses.member('preparing');
    this.engine.makeRoom(preparing ? row.preparedBytesPerCell * this.cellCount : 0, 'running this search');
  }

  get status(): SearchStatus {
    return this.engine.statuses.name(this.raw.status());
  }

  get refusal(): RefusalName | null {
    const refusal = this.engine.refusals.name(this.raw.refusal());
    return refusal === 'none' ? null : refusal;
  }

  get stale(): boolean {
    return this.raw.stale();
  }

  path(): Point[] {
    return pointsOf(this.raw._pathView());
  }

  get pathCost(): number | null {
    return nullIfNaN(this.raw.pathCost());
  }

  counters(): Counters {
    return this.raw.counters();
  }

  progress(): Progress {
    const raw = this.raw.progress();
    return {
      threshold: nullIfNaN(raw.threshold),
      iteration: nullIfNaN(raw.iteration),
      meetingCost: nullIfNaN(raw.meetingCost),
      meetingCell: raw.meetingCell < 0 ? null : this.grid.pointOf(raw.meetingCell),
    };
  }

  phase(x: number, y: number): CellPhase {
    return this.engine.phases.name(this.raw.phase(this.grid.idOf(x, y)));
  }

  g(x: number, y: number): number | null {
    return nullIfNaN(this.raw.g(this.grid.idOf(x, y)));
  }

  h(x: number, y: number): number {
    return this.raw.h(this.grid.idOf(x, y));
  }

  f(x: number, y: number): number | null {
    return nullIfNaN(this.raw.f(this.grid.idOf(x, y)));
  }

  parent(x: number, y: number): Point | null {
    const id = this.raw.parent(this.grid.idOf(x, y));
    return id < 0 ? null : this.grid.pointOf(id);
  }

  order(x: number, y: number): number {
    return this.raw.order(this.grid.idOf(x, y));
  }

  routeTo(point: Point): Point[] {
    return this.raw._routeTo(this.grid.cellId(point, 'routeTo() point')).map((id) => this.grid.pointOf(id));
  }

  openList(limit: number): OpenListEntry[] {
    const count = wholeNumber(limit, 'openList() limit');
    const { engine, grid } = this;
    return this.raw._openItems(count).map((item) => ({
      cell: grid.pointOf(item.cell),
      g: item.g,
      h: item.h,
      f: item.f,
      side: engine.sides.name(item.side),
    }));
  }

  cellValues(kind: 'h' | 'f'): Float32Array {
    return this.raw._valuesView(oneOf(kind, ['h', 'f'] as const, 'cellValues()') === 'h' ? 0 : 1).slice();
  }

  cellView(): CellView {
    // A walk's planner is reset by the walk: its stamp moves without this wrapper's reset().
    if (this.readOnly) this.stampNow = this.raw.stamp();
    const layout = this.raw.layout();
    const cached = this.view;
    if (cached && cached.layout === layout && cached.live) return cached;
    this.dropView();
    this.view = new EngineCellView(this, this.raw._channels(), layout, this.grid.width);
    return this.view;
  }

  delete(): void {
    if (!this.ownedRaw || !this.rawSearch) return;  // a walk's planner goes with its walk
    this.ownedRaw.delete();
    this.rawSearch = null;
    this.dropView();
    this.hint.release();
    if (this.keptIn) {
      this.keptIn.delete(this.ownedRaw);
      return;
    }
    reclaimer.unregister(this);
    this.grid.users -= 1;
    this.engine.liveObjects -= 1;
  }

  [Symbol.dispose](): void {
    this.delete();
  }
}

/** Whether two checked sets of options are the same. */
export function sameOptions(a: SearchOptions, b: SearchOptions): boolean {
  return a.algorithm === b.algorithm && a.diagonal === b.diagonal && a.heuristic === b.heuristic && a.weight === b.weight
    && a.costModel === b.costModel && a.maxExpansions === b.maxExpansions;
}
