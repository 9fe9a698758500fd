// The playground's state and the actions that change it. Input handlers and controls call
// actions; actions update the engine's grid and searches and then notify subscribers (the
// renderer and the controls), which read state and never change it.
//
// Searches are runs (state/run.ts): one, or up to MAX_RUNS side by side in compare mode,
// each with its own options and timeline, over the one map, start, goal, edit history and
// view. One playback clock drives them all: a step advances every unfinished run by one
// expansion, and the timeline's position k shows every run after k steps (or finished, if
// it needed fewer). The searches follow the map: an edit (cells, start or goal, options, a
// search added or removed) recomputes them at the step shown (or their end, if they are now
// shorter), still playing if they were; a new map starts them again at step 0; in live mode
// (entered when every search has finished) every edit recomputes them all to their end.
import type { Engine, Grid, Point, SearchOptions } from '../engine/engine';
import { DEFAULT_OPTIONS, MapFormatError } from '../engine/engine';
import { generateMap, placeEndpoints, type GeneratorName } from '../generators/generators';
import type { HeatMode } from '../scene/pane-scene';
import { fitViewport, panBy, type Viewport } from '../scene/viewport';
import { demoMap } from './demo-map';
import { pickEndpoints } from './endpoints';
import { EditHistory, StrokeRecorder, type Edit, type Endpoints, type MapSnapshot } from './history';
import { JobRunner, sequence } from './jobs';
import { DEFAULT_EXPANSION_LIMIT, DEFAULT_SENSE_RADIUS, MAX_MAP_SIDE, MAX_SENSE_RADIUS, MIN_MAP_SIDE } from './limits';
import { DEFAULT_SPEED_INDEX, SPEEDS } from './speeds';
import { MAX_RUNS, Run } from './run';
import type { SearchTimeline, Timeline } from './timeline';
import { WalkLog } from './walk-log';
import type { WalkStepSize, WalkTimeline } from './walk-timeline';

export type Tool = 'wall' | 'erase' | 'terrain' | 'pan';
export type Language = 'en' | 'zh-CN';
export type Endpoint = 'start' | 'goal';
export type Change = 'map' | 'endpoints' | 'search' | 'options' | 'ui' | 'view' | 'language';


export type MessageKey =
  | 'error.mapSize'
  | 'error.mapFormat'
  | 'error.mapBounds'
  | 'error.fileRead'
  | 'error.presetLoad'
  | 'error.shareLink.notALink'
  | 'error.shareLink.unknownVersion'
  | 'error.shareLink.tooLong'
  | 'error.shareLink.corrupt'
  | 'error.shareLink.badSize'
  | 'error.shareLink.badValue'
  | 'error.embedSetting'
  | 'info.mapLoaded'
  | 'error.scenarioFormat'
  | 'error.scenarioMap'
  | 'error.scenarioQuery'
  | 'info.scenarioLoaded';

export interface Message {
  kind: 'error' | 'info';
  key: MessageKey;
  /** Untranslated detail (a parser message, a file name); shown as text, never as HTML. */
  detail?: string;
}

/** A whole playground state installed at once (a shared link), in the store's own terms. */
export interface PlaygroundState {
  map: MapSnapshot;
  /** The options of each run (1 to MAX_RUNS). */
  searches: SearchOptions[];
  /** The step shown; null for the finished search, shown in live mode. */
  step: number | null;
  /**
   * The map point at the centre of the canvas and the size of a cell in pixels; null: the
   * whole map fitted to the canvas. A centre rather than pixel offsets, because the canvas
   * may change size while the state goes in (a comparison's panes appear).
   */
  view: { centerX: number; centerY: number; scale: number } | null;
  /** Walk mode's settings; null: the runs search. */
  walk: { unknownTerrain: boolean; senseRadius: number; stepSize: WalkStepSize } | null;
}


// Live recomputation and "instant" share this budget per animation frame: long enough to
// finish small searches in one go, short enough to keep frames coming on a 1024 x 1024 map.
// Each further search side by side adds a little: every frame also draws its pane, so with
// a fixed budget four searches would spend most of their time drawing; with this one a
// frame still comes every 60 ms or so.
const FRAME_BUDGET_MS = 10;
const FRAME_BUDGET_PER_EXTRA_RUN_MS = 8;
const FIRST_SLICE_BUDGET_MS = 24;

export class PlaygroundStore {
  grid: Grid;
  start: Point;
  goal: Point;

  mapName: string;
  tool: Tool = 'wall';
  terrainCost = 5;
  speedIndex = DEFAULT_SPEED_INDEX;
  playing = false;
  /** Set when a search finishes; edits then show the finished search for the new map. */
  live = false;
  language: Language;
  /** What reached cells are coloured by: open and closed ('none') or a heat map. */
  heatMode: HeatMode = 'none';
  /** Walk mode: every run's agent walks from the start to the goal, replanning as it learns (walk-timeline.ts). */
  walking = false;
  /** In walk mode, whether the agents only know what they have sensed (else the whole map). */
  unknownTerrain = false;
  /** How far an agent senses in unknown terrain (Chebyshev distance, 1 to MAX_SENSE_RADIUS). */
  senseRadius = DEFAULT_SENSE_RADIUS;
  /** In walk mode, what one step is: a move (planning done before it at once) or each planner expansion too. */
  walkStepSize: WalkStepSize = 'move';
  /** The walks' starting map and the edits made while they walked. */
  private walkLog: WalkLog | null = null;
  message: Message | null = null;
  view: Viewport = { scale: 1, offsetX: 0, offsetY: 0 };
  canvasWidth = 0;
  canvasHeight = 0;
  private viewFitted = true;
  generatorSeed = 1;
  /** The searches over the map, in pane order: at least one, at most MAX_RUNS. */
  readonly runs: Run[] = [];
  readonly history = new EditHistory();

  private readonly listeners = new Set<(changes: ReadonlySet<Change>) => void>();
  /**
   * Going to a step (a seek, a step back, a link, an edit part-way) replays searches, which
   * on a big map can take seconds: it runs here in slices, one job at a time (jobs.ts).
   */
  private readonly jobs = new JobRunner(() => this.emit('search', 'ui'));
  private stroke: StrokeRecorder | null = null;
  private drag: { which: Endpoint; before: Endpoints } | null = null;
  private frameRequest = 0;
  /** The step the last goTo went to (or is going to). */
  private seekTarget = 0;
  private lastFrameTime = 0;
  private pendingSteps = 0;
  /** True while the frame loop runs a live recomputation rather than playback. */
  private finishing = false;
  /** True while nobody can see the playground: the frame loop waits (setFramesHeld). */
  private framesHeld = false;
  private destroyed = false;

  constructor(readonly engine: Engine, language: Language) {
    this.language = language;
    const demo = demoMap();
    this.grid = engine.createGrid(demo.width, demo.height);
    this.grid.assign(demo.costs);
    this.mapName = demo.name;
    this.start = demo.start;
    this.goal = demo.goal;
    this.runs.push(this.makeRun({ ...DEFAULT_OPTIONS, maxExpansions: DEFAULT_EXPANSION_LIMIT }));
    this.restartRun(this.runs[0]!);
  }

  subscribe(listener: (changes: ReadonlySet<Change>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ------------------------------------------------------------------ painting
  /** The cost a paint tool writes, or null for tools that do not paint. */
  get paintCost(): number | null {
    switch (this.tool) {
      case 'wall': return 0;
      case 'erase': return 1;
      case 'terrain': return this.terrainCost;
      default: return null;
    }
  }

  beginStroke(): void {
    this.clearMessage();
    this.stroke = new StrokeRecorder();
  }

  /** Paints every cell on the segment between two cells (pointer events skip cells when fast). */
  paintLine(from: Point, to: Point): void {
    const cost = this.paintCost;
    if (cost === null || !this.stroke) return;
    const ids: number[] = [];
    forEachCellOnLine(from, to, (x, y) => {
      if (!this.grid.contains({ x, y }) || this.isEndpoint(x, y) || this.isAgent(x, y)) return;
      const old = this.grid.cost(x, y);
      if (old === cost) return;
      this.grid.setCost(x, y, cost);
      this.stroke!.note(y * this.grid.width + x, old, cost);
      ids.push(y * this.grid.width + x);
    });
    if (ids.length > 0) this.afterEdit('map', { ids, costs: ids.map(() => cost) });
  }

  endStroke(): void {
    if (this.stroke && !this.stroke.empty) this.recordEdit(this.stroke.toEdit());
    this.stroke = null;
  }

  // ------------------------------------------------------------------ start and goal
  endpointAt(x: number, y: number): Endpoint | null {
    if (x === this.start.x && y === this.start.y) return 'start';
    if (x === this.goal.x && y === this.goal.y) return 'goal';
    return null;
  }

  beginEndpointDrag(which: Endpoint): void {
    this.clearMessage();
    this.drag = { which, before: this.endpoints() };
  }

  /** Moves start or goal; ignored off the map, onto a wall or onto the other endpoint. */
  moveEndpoint(which: Endpoint, x: number, y: number): boolean {
    if (!this.grid.contains({ x, y }) || this.grid.cost(x, y) === 0 || this.endpointAt(x, y)) return false;
    this[which] = { x, y };
    this.afterEdit('endpoints', { moved: which });
    return true;
  }

  endEndpointDrag(): void {
    if (!this.drag) return;
    const before = this.drag.before, after = this.endpoints();
    this.drag = null;
    if (!samePoint(before.start, after.start) || !samePoint(before.goal, after.goal)) {
      this.recordEdit({ kind: 'endpoints', before, after });
    }
  }

  /**
   * Puts start and goal at once (a scenario's query) as one undoable edit and shows the
   * search finished for them, as live mode does after any edit. False, with nothing
   * changed, when either is off the map or on a wall, or both are the same cell.
   */
  setEndpoints(start: Point, goal: Point): boolean {
    const free = (point: Point) => this.grid.contains(point) && this.grid.cost(point.x, point.y) !== 0;
    if (!free(start) || !free(goal) || samePoint(start, goal)) return false;
    this.pause();
    this.clearMessage();
    const before = this.endpoints();
    this.start = { ...start };
    this.goal = { ...goal };
    if (!samePoint(before.start, start) || !samePoint(before.goal, goal)) this.recordEdit({ kind: 'endpoints', before, after: this.endpoints() });
    // A walk starts again from the new start; a search is finished at once.
    if (!this.walking) this.live = true;
    this.afterEdit('endpoints', { moved: samePoint(before.start, start) ? 'goal' : 'start' });
    return true;
  }

  // ------------------------------------------------------------------ undo / redo
  undo(): void {
    const edit = this.history.takeUndo();
    if (edit) this.applyEdit(edit, 'before');
  }

  redo(): void {
    const edit = this.history.takeRedo();
    if (edit) this.applyEdit(edit, 'after');
  }

  private recordEdit(edit: Edit): void {
    this.history.record(edit);
    this.emit('ui');
  }

  private applyEdit(edit: Edit, side: 'before' | 'after'): void {
    switch (edit.kind) {
      case 'cells': {
        const values = edit[side];
        const width = this.grid.width;
        edit.ids.forEach((id, i) => this.grid.setCost(id % width, Math.floor(id / width), values[i]));
        this.afterEdit('map', { ids: [...edit.ids], costs: [...values] });
        break;
      }
      case 'endpoints': {
        const startMoved = !samePoint(this.start, edit[side].start);
        this.start = { ...edit[side].start };
        this.goal = { ...edit[side].goal };
        this.afterEdit('endpoints', { moved: startMoved ? 'start' : 'goal' });
        break;
      }
      case 'map':
        this.installMap(edit[side]);
        break;
    }
    this.emit('ui');
  }

  // ------------------------------------------------------------------ whole maps
  /** A new empty map. Returns false (with a message) when the size is out of range. */
  newMap(width: number, height: number): boolean {
    if (!validSide(width) || !validSide(height)) {
      this.showMessage({ kind: 'error', key: 'error.mapSize' });
      return false;
    }
    const start = { x: Math.floor(width / 5), y: Math.floor(height / 2) };
    const goal = { x: width - 1 - Math.floor(width / 5), y: Math.floor(height / 2) };
    this.replaceMap({ width, height, costs: new Uint8Array(width * height).fill(1), start, goal, name: 'untitled' });
    return true;
  }

  generate(name: GeneratorName, density: number, seed = this.generatorSeed++): void {
    const { width, height } = this.grid;
    const costs = generateMap(name, { width, height, seed, density });
    const { start, goal } = placeEndpoints(name, width, height, this.start, this.goal);
    costs[start.y * width + start.x] ||= 1;
    costs[goal.y * width + goal.x] ||= 1;
    this.replaceMap({ width, height, costs, start, goal, name: `${name}-${seed}` });
  }

  /** Imports Moving AI .map text. On any problem the current map stays and a message says why. */
  loadMapText(text: string, name: string): boolean {
    // A file or preset can finish loading after the playground was unmounted.
    if (this.destroyed) return false;
    let grid: Grid;
    try {
      grid = this.engine.parseMap(text);
    } catch (error) {
      const detail = error instanceof MapFormatError || error instanceof RangeError ? error.message : String(error);
      this.showMessage({ kind: 'error', key: 'error.mapFormat', detail: `${name}: ${detail}` });
      return false;
    }
    try {
      if (!validSide(grid.width) || !validSide(grid.height)) {
        this.showMessage({ kind: 'error', key: 'error.mapBounds', detail: `${name}: ${grid.width} × ${grid.height}` });
        return false;
      }
      const costs = grid.costs().slice();
      const { start, goal } = pickEndpoints(costs, grid.width, grid.height);
      this.replaceMap({ width: grid.width, height: grid.height, costs, start, goal, name: baseName(name) });
    } finally {
      grid.delete();
    }
    this.showMessage({ kind: 'info', key: 'info.mapLoaded', detail: `${name} (${this.grid.width} × ${this.grid.height})` });
    return true;
  }

  async loadMapUrl(url: string, name: string): Promise<boolean> {
    let text: string;
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      this.showMessage({ kind: 'error', key: 'error.presetLoad', detail: `${name}: ${(error as Error).message}` });
      return false;
    }
    return this.loadMapText(text, name);
  }

  private replaceMap(next: MapSnapshot): void {
    this.clearMessage();
    this.recordEdit({ kind: 'map', before: this.snapshot(), after: next });
    this.installMap(next);
  }

  private installMap(map: MapSnapshot): void {
    const resized = map.width !== this.grid.width || map.height !== this.grid.height;
    if (resized) {
      const old = this.grid;
      this.grid = this.engine.createGrid(map.width, map.height);
      for (const run of this.runs) run.setGrid(this.grid);
      old.delete();
    }
    this.grid.assign(map.costs);
    this.start = { ...map.start };
    this.goal = { ...map.goal };
    this.mapName = map.name;
    if (resized) this.fitView();
    this.afterEdit('map');
  }

  /**
   * Replaces map, endpoints, options, step and view in one action. A loaded state is not an
   * edit the user made, and undo could not restore the options and step it replaced, so
   * the edit history starts afresh from it.
   */
  loadState(state: PlaygroundState): void {
    this.pause();
    this.stroke = null;
    this.drag = null;
    this.history.clear();
    this.clearMessage();
    this.setRunCount(Math.max(1, Math.min(MAX_RUNS, state.searches.length)));
    this.runs.forEach((run, i) => { run.options = { maxExpansions: DEFAULT_EXPANSION_LIMIT, ...state.searches[i]! }; });
    const walking = state.walk !== null;
    if (state.walk) {
      this.unknownTerrain = state.walk.unknownTerrain;
      this.senseRadius = Math.min(MAX_SENSE_RADIUS, Math.max(1, state.walk.senseRadius));
      this.walkStepSize = state.walk.stepSize;
    }
    if (walking !== this.walking) {
      this.walking = walking;
      for (const run of this.runs) run.rebuild(this.grid, walking);
    }
    this.walkLog = null;
    // Live mode makes installMap compute the whole search (in frames on big maps); a
    // given step is reached by replaying instead.
    this.live = state.step === null;
    this.installMap(state.map);
    if (state.step !== null) this.seek(state.step);
    // After the map and the runs are in, so the canvas has its final size.
    const { view } = state;
    if (view) this.setView({ scale: view.scale, offsetX: this.canvasWidth / 2 - view.centerX * view.scale, offsetY: this.canvasHeight / 2 - view.centerY * view.scale });
    else this.fitView();
    this.emit('options', 'ui');
  }

  /** True while the view follows the canvas size (nobody has panned or zoomed since the last fit). */
  get viewIsFitted(): boolean {
    return this.viewFitted;
  }

  private snapshot(): MapSnapshot {
    return { width: this.grid.width, height: this.grid.height, costs: this.grid.costs().slice(), ...this.endpoints(), name: this.mapName };
  }

  // ------------------------------------------------------------------ search controls
  /** The first run's options: the only run's, outside compare mode. */
  get options(): SearchOptions {
    return this.runs[0]!.options;
  }

  /** The first run's timeline: the only run's, outside compare mode. */
  get timeline(): Timeline {
    return this.runs[0]!.timeline;
  }

  // ------------------------------------------------------------------ walking
  /**
   * Walk mode on or off. On: every run's agent walks from the start to the goal, planning
   * with the run's search, from step 0. Off: the runs search again.
   */
  setWalking(walking: boolean): void {
    if (walking === this.walking) return;
    this.pause();
    this.walking = walking;
    this.walkLog = null;
    this.live = false;
    for (const run of this.runs) run.rebuild(this.grid, walking);
    this.afterEdit('options', { restart: true });
  }

  /** The Walk button: walk mode on, from the start, playing. */
  startWalk(): void {
    this.setWalking(true);
    this.play();
  }

  /** Unknown terrain on or off, and how far the agents sense there (1 to MAX_SENSE_RADIUS). Restarts the walks. */
  setUnknownTerrain(unknown: boolean, radius = this.senseRadius): void {
    const next = Math.min(MAX_SENSE_RADIUS, Math.max(1, Math.round(radius) || DEFAULT_SENSE_RADIUS));
    if (unknown === this.unknownTerrain && next === this.senseRadius) return;
    this.unknownTerrain = unknown;
    this.senseRadius = next;
    if (this.walking) this.afterEdit('options', { restart: true });
    else this.emit('options', 'ui');
  }

  /** The radius walks sense with: 0 when they know the whole map. */
  get effectiveSenseRadius(): number {
    return this.unknownTerrain ? this.senseRadius : 0;
  }

  setWalkStepSize(size: WalkStepSize): void {
    if (size === this.walkStepSize) return;
    this.walkStepSize = size;
    if (this.walking) this.afterEdit('options', { restart: true });
    else this.emit('options', 'ui');
  }

  /** True when the map was edited while the agents walked (the walk's log holds edits). */
  get walkEdited(): boolean {
    return this.walkLog !== null && !this.walkLog.empty;
  }

  /** True where a walking agent stands (edits leave that cell alone). */
  private isAgent(x: number, y: number): boolean {
    return this.runs.some((run) => {
      const walk = run.walk;
      if (!walk || walk.step === 0) return false;
      const agent = walk.walk.agent();
      return agent.x === x && agent.y === y;
    });
  }

  private get walks(): WalkTimeline[] {
    return this.runs.map((run) => run.walk).filter((walk): walk is WalkTimeline => walk !== null);
  }

  /** Changes the first run's options. */
  setOptions(options: Partial<SearchOptions>): void {
    this.setRunOptions(0, options);
  }

  setRunOptions(index: number, options: Partial<SearchOptions>): void {
    const run = this.runs[index];
    if (!run) return;
    run.options = { ...run.options, ...options };
    this.afterEdit('options');
  }

  /** Replaces every run's options at once: one run per entry (1 to MAX_RUNS). */
  setSearches(searches: readonly SearchOptions[]): void {
    this.setRunCount(Math.max(1, Math.min(MAX_RUNS, searches.length)));
    this.runs.forEach((run, i) => { run.options = { ...searches[i]! }; });
    this.afterEdit('options');
  }

  /** Adds a run with these options (compare mode), unless there are MAX_RUNS already. */
  addRun(options: SearchOptions): boolean {
    if (this.runs.length >= MAX_RUNS) return false;
    this.runs.push(this.makeRun(options));
    this.afterEdit('options');
    return true;
  }

  /** Removes a run; the last one stays. */
  removeRun(index: number): void {
    if (this.runs.length <= 1 || !this.runs[index]) return;
    this.runs.splice(index, 1)[0]!.delete();
    this.afterEdit('options');
  }

  // ------------------------------------------------------------------ the clock over every run
  /** Steps taken: the longest run's (a run that finished sooner stays at its end). */
  get step(): number {
    return Math.max(...this.runs.map((run) => run.timeline.step));
  }

  /** The timeline's length: the longest run's, once every run's is known. */
  get total(): number | null {
    let longest = 0;
    for (const run of this.runs) {
      if (run.timeline.total === null) return null;
      longest = Math.max(longest, run.timeline.total);
    }
    return longest;
  }

  /** True when every run has finished. */
  get finished(): boolean {
    return this.runs.every((run) => run.timeline.finished);
  }

  /** Time the engine spent reaching what the runs show, in ms. */
  get elapsedMs(): number {
    return this.runs.reduce((sum, run) => sum + run.timeline.elapsedMs, 0);
  }

  /**
   * The step being gone to and how far the searches have got (0 to 1; NaN when unknown),
   * once that has taken long enough to be worth showing; null otherwise.
   */
  get seeking(): { step: number; progress: number } | null {
    const progress = this.jobs.shownProgress;
    return progress === null ? null : { step: this.seekTarget, progress };
  }

  /**
   * The step the timeline stands at: the one being gone to while the searches are on their
   * way (the steps made so far, on the way to an end not known yet).
   */
  get timelineStep(): number {
    if (!this.jobs.busy) return this.step;
    const end = this.total;
    return Number.isFinite(this.seekTarget) ? Math.min(this.seekTarget, end ?? Infinity) : end ?? this.step;
  }

  /** Resolves once the searches show the step last asked for (at once when they do). */
  whenSettled(): Promise<void> {
    return this.jobs.whenIdle();
  }

  play(): void {
    if (this.playing) return;
    if (this.finished) this.goTo(0);
    this.live = false;
    this.playing = true;
    this.finishing = false;
    this.pendingSteps = 1; // the first step shows at once, even at one step per second
    this.startFrames();
    this.emit('ui', 'search');
  }

  /** Stops playback, and a live recomputation still running in frames. */
  pause(): void {
    const busy = this.playing || this.finishing;
    this.playing = false;
    this.finishing = false;
    this.stopFrames();
    if (!busy) return;
    // A search run flat out from step 0 ("instant", live mode) measured nothing beside it:
    // stopped short of its end, its length is measured again, for the timeline.
    for (const run of this.runs) if (!run.walk) (run.timeline as SearchTimeline).measureIfNeeded();
    this.emit('ui');
  }

  /**
   * Holds the frame loop while the playground cannot be seen (an embed scrolled off screen)
   * and starts it again when it can. Playback and a live recomputation keep their state
   * (still playing, same step, same pending fraction of a step), so the search carries on
   * from where it was and ends exactly as it would have; only the waiting costs no CPU.
   */
  setFramesHeld(held: boolean): void {
    if (held === this.framesHeld) return;
    this.framesHeld = held;
    if (held) this.stopFrames();
    else if (this.playing || this.finishing) this.startFrames();
  }

  togglePlay(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  stepForward(): void {
    this.pause();
    // While a step is being gone to, the searches are on their way there: a step waits.
    if (this.jobs.busy) return;
    this.advance(1);
    this.noteProgress();
  }

  stepBack(): void {
    this.pause();
    const step = this.step;
    this.live = false;
    if (step > 0) this.goTo(step - 1);
    this.emit('search', 'ui');
  }

  /** Back to step 0 of the same searches. */
  reset(): void {
    this.pause();
    this.live = false;
    this.goTo(0);
    this.emit('search', 'ui');
  }

  /**
   * Shows step `step` of every search (a search that ends sooner shows its end; past every
   * end, Infinity included, the finished searches in live mode). Until a search's length is
   * measured the timeline spans the steps seen so far; a step beyond them is reached all the
   * same.
   */
  seek(step: number): void {
    this.pause();
    this.live = false;
    this.goTo(step, () => this.noteProgress());
  }

  setSpeed(index: number): void {
    this.speedIndex = Math.min(SPEEDS.length - 1, Math.max(0, Math.round(index)));
    this.pendingSteps = 0;
    this.emit('ui');
  }

  // ------------------------------------------------------------------ ui-only state
  setTool(tool: Tool): void {
    this.tool = tool;
    this.emit('ui');
  }

  setTerrainCost(cost: number): void {
    this.terrainCost = Math.min(9, Math.max(1, Math.round(cost)));
    this.tool = 'terrain';
    this.emit('ui');
  }

  setHeatMode(mode: HeatMode): void {
    this.heatMode = mode;
    this.emit('view', 'ui');
  }

  setLanguage(language: Language): void {
    this.language = language;
    this.emit('language');
  }

  showMessage(message: Message | null): void {
    this.message = message;
    this.emit('ui');
  }

  /** A new edit makes an old error or notice beside the point. */
  private clearMessage(): void {
    if (this.message) this.showMessage(null);
  }

  setCanvasSize(width: number, height: number): void {
    if (width === this.canvasWidth && height === this.canvasHeight) return;
    // A fitted view stays fitted; a panned or zoomed one keeps the map point at the centre.
    const dx = (width - this.canvasWidth) / 2, dy = (height - this.canvasHeight) / 2;
    this.canvasWidth = width;
    this.canvasHeight = height;
    if (this.viewFitted) this.fitView();
    else this.setView(panBy(this.view, dx, dy));
  }

  /** A pan or zoom by the user. */
  setView(view: Viewport): void {
    this.view = view;
    this.viewFitted = false;
    this.emit('view');
  }

  /** The whole map in view (again as soon as the canvas has a size). */
  fitView(): void {
    this.viewFitted = true;
    if (this.canvasWidth > 0 && this.canvasHeight > 0) {
      this.view = fitViewport(this.grid.width, this.grid.height, this.canvasWidth, this.canvasHeight);
      this.emit('view');
    }
  }

  destroy(): void {
    this.destroyed = true;
    this.jobs.destroy();
    this.stopFrames();
    this.listeners.clear();
    for (const run of this.runs) run.delete();
    this.grid.delete();
  }

  // ------------------------------------------------------------------ internals
  private afterEdit(kind: 'map' | 'endpoints' | 'options', change: EditChange = {}): void {
    if (this.walking) this.afterWalkEdit(kind, change);
    else if (this.live) {
      this.jobs.cancel();
      for (const run of this.runs) this.restartRun(run, false);
      this.finishing = true;
      if (this.runFor(FIRST_SLICE_BUDGET_MS)) this.finishLive();
      else this.startFrames();
    } else {
      // An edit keeps the user's place: the searches are recomputed and shown at the same
      // step, still playing if they were. A new map (loaded, generated, or put back by undo:
      // it comes without painted cells) is another search altogether and starts again.
      const newMap = kind === 'map' && !change.ids;
      if (newMap) this.pause();
      // An edit while a step is being gone to keeps that step as the place to show.
      const step = newMap ? 0 : this.jobs.busy ? this.seekTarget : this.step;
      for (const run of this.runs) this.restartRun(run);
      // Now shorter than the step shown, the searches show their end, and from there on
      // every edit shows the finished searches (live mode), as after playing to the end.
      if (step > 0) this.goTo(step, () => {
        if (this.step > 0 && this.finished) {
          this.pause();
          this.live = true;
        }
      });
      else this.jobs.cancel();
    }
    this.emit(kind, 'search', 'ui');
  }

  /**
   * An edit in walk mode. While the agents are under way (past step 0, not all arrived),
   * painted cells and a moved goal are part of the walk: logged at the current step and
   * told to every walk, which replans if the change touches what its agent knows. Anything
   * else (a new map, a moved start, an edit before or after the walks) starts them again
   * from the start on the map as it now is. New options keep the step: the walks are
   * replayed with them, edits included.
   */
  private afterWalkEdit(kind: 'map' | 'endpoints' | 'options', change: EditChange): void {
    // An edit joins the walk at the step shown: a replay on its way there finishes first.
    this.jobs.finishNow();
    const step = this.step;
    const underWay = this.walkLog !== null && step > 0 && this.walks.some((walk) => walk.underWay);
    if (kind === 'map' && change.ids && underWay) {
      this.walkLog!.recordCells(step, change.ids, change.costs!);
      const points = change.ids.map((id) => ({ x: id % this.grid.width, y: Math.floor(id / this.grid.width) }));
      for (const walk of this.walks) walk.worldChanged(points);
    } else if (kind === 'endpoints' && change.moved === 'goal' && underWay) {
      this.walkLog!.recordGoal(step, this.goal);
      for (const walk of this.walks) walk.setGoal(this.goal);
    } else if (kind === 'options' && !change.restart && this.walkLog !== null && step > 0) {
      for (const run of this.runs) this.restartRun(run, false);
      this.goTo(step);
    } else {
      this.pause();
      this.walkLog = new WalkLog(this.grid, this.goal);
      for (const run of this.runs) this.restartRun(run, false);
    }
  }

  /** Puts a run back to step 0 with its options (and, for a walk, the walk settings). */
  private restartRun(run: Run, measure = true): void {
    const walk = run.walk;
    if (walk) walk.restart(this.start, this.goal, run.options, this.effectiveSenseRadius, this.walkStepSize);
    else (run.timeline as SearchTimeline).restart(this.start, this.goal, run.options, measure);
  }

  private makeRun(options: SearchOptions): Run {
    return new Run(this.engine, this.grid, options, () => this.emit('search', 'ui'), this.walking);
  }

  /** Adds or removes runs (keeping the first ones) until there are `count`. */
  private setRunCount(count: number): void {
    while (this.runs.length > count) this.runs.pop()!.delete();
    while (this.runs.length < count) this.runs.push(this.makeRun(this.runs[0]!.options));
  }

  /**
   * Brings every run to `step`, as a job (jobs.ts): done at once when that is quick, else
   * in slices while the page carries on; `then` runs when it is done. A newer goTo, edit or
   * restart drops the job in flight.
   */
  private goTo(step: number, then: () => void = () => {}): void {
    this.seekTarget = step;
    if (this.walking && this.walkLog) {
      // Every walk together: the map goes back as it was at the start and the logged edits
      // are made again at their steps.
      this.jobs.start(this.walkLog.replayJob(step, this.grid, this.walks, (goal) => {
        const goalMoved = !samePoint(goal, this.goal);
        this.goal = goal;
        this.emit('map', ...(goalMoved ? ['endpoints' as const] : []));
      }), then);
      return;
    }
    this.jobs.start(sequence(this.runs.map((run) => run.timeline.seekJob(step))), then);
  }

  private advance(steps: number): void {
    for (const run of this.runs) run.timeline.advance(steps);
  }

  /**
   * Runs every unfinished search unobserved for about `budgetMs` in all, shared out
   * between them; true once all have finished.
   */
  private runFor(budgetMs: number): boolean {
    const running = this.runs.filter((run) => !run.timeline.finished);
    for (const run of running) run.timeline.runFor(budgetMs / running.length);
    return this.finished;
  }

  private finishLive(): void {
    this.finishing = false;
    if (!this.playing) this.stopFrames();
  }

  private noteProgress(): void {
    if (this.finished) this.live = true;
    this.emit('search', 'ui');
  }

  private startFrames(): void {
    if (this.frameRequest || this.destroyed || this.framesHeld) return;
    // Time spent held or paused is not playback time: steps per second count from now.
    this.lastFrameTime = performance.now();
    this.frameRequest = requestAnimationFrame(this.frame);
  }

  private stopFrames(): void {
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
  }

  private readonly frame = (now: number): void => {
    this.frameRequest = 0;
    const wasPlaying = this.playing;
    const elapsed = Math.max(0, now - this.lastFrameTime);
    this.lastFrameTime = now;
    const speed = SPEEDS[this.speedIndex];
    if (this.jobs.busy) {
      // The searches are on their way to a step: playback carries on from there.
    } else if (this.finishing || speed.kind === 'instant') {
      if (this.runFor(FRAME_BUDGET_MS + FRAME_BUDGET_PER_EXTRA_RUN_MS * (this.runs.length - 1))) {
        if (this.finishing) this.finishLive();
        this.playing = false;
      }
    } else if (speed.kind === 'per-frame') {
      this.advance(speed.steps);
    } else {
      this.pendingSteps += (elapsed * speed.steps) / 1000;
      const due = Math.floor(this.pendingSteps);
      if (due > 0) {
        this.pendingSteps -= due;
        this.advance(due);
      }
    }
    if (this.finished) {
      this.live = true;
      this.playing = false;
      this.finishing = false;
    }
    if (this.playing || this.finishing) this.frameRequest = requestAnimationFrame(this.frame);
    // Only the search changes from frame to frame; the controls (Play/Pause) only when
    // playback ends, so they are not refreshed 60 times a second.
    if (this.playing !== wasPlaying) this.emit('search', 'ui');
    else this.emit('search');
  };

  private endpoints(): Endpoints {
    return { start: { ...this.start }, goal: { ...this.goal } };
  }

  private isEndpoint(x: number, y: number): boolean {
    return this.endpointAt(x, y) !== null;
  }

  private emit(...changes: Change[]): void {
    const set = new Set(changes);
    for (const listener of this.listeners) listener(set);
  }
}

/** What an edit changed, for walks under way: the cells painted and their costs, or which endpoint moved. */
interface EditChange {
  ids?: number[];
  costs?: number[];
  moved?: Endpoint;
  /** Options that start walks afresh (walk mode, the sensing radius), not merely replay them. */
  restart?: boolean;
}

function validSide(side: number): boolean {
  return Number.isInteger(side) && side >= MIN_MAP_SIDE && side <= MAX_MAP_SIDE;
}

function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

function baseName(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, '').replace(/\.map$/i, '') || 'imported';
}

/** Bresenham's line, so a fast stroke leaves no gaps. */
function forEachCellOnLine(from: Point, to: Point, visit: (x: number, y: number) => void): void {
  let x = from.x, y = from.y;
  const dx = Math.abs(to.x - x), dy = -Math.abs(to.y - y);
  const sx = x < to.x ? 1 : -1, sy = y < to.y ? 1 : -1;
  let error = dx + dy;
  for (;;) {
    visit(x, y);
    if (x === to.x && y === to.y) return;
    const doubled = 2 * error;
    if (doubled >= dy) { error += dy; x += sx; }
    if (doubled <= dx) { error += dx; y += sy; }
  }
}
