// The playground's state, split by who owns which fields, and the actions that change it.
// Input handlers and controls call actions; the page hears what changed and reads state;
// nothing but actions writes it.
//
//   document.ts       the map, start, goal, name and edit history (painting, dragging, undo, loading)
//   runs.ts           the searches: their options and timelines, compare mode's add and remove
//   clock.ts          playing, the speed, the steps due at a frame
//   walk-mode.ts      walk mode's settings and the log of edits made while the agents walk
//   view-settings.ts  the view, the canvas's size, the heat map, the language, messages, the tool
//   playback.ts       moving the runs: the clock's steps at each frame, seeks, instant runs,
//                     recomputations and preparations as jobs (jobs.ts: one job in flight,
//                     measurements behind it)
//
// Each part has its own small change signal; this class listens to all of them and tells
// the page the union, once per action. The parts know nothing of each other, so there is
// no import circle: this file is the one place that says what a change of one part does to
// the others. The searches follow the map: an edit (cells, start or goal, options, a search
// added or removed) recomputes them at the step shown (or their end, if they are now
// shorter), still playing if they were; a new map starts them again at step 0; in live mode
// (entered when every search has finished) every edit recomputes them all to their end.
import type { Engine, Grid, Point, SearchOptions } from '../engine/engine';
import { DEFAULT_OPTIONS } from '../engine/engine';
import type { GeneratorName } from '../generators/generators';
import type { HeatMode } from '../scene/pane-scene';
import { withinZoomRange, type Viewport } from '../scene/viewport';
import { Clock } from './clock';
import { MapDocument, type DocumentEdit, type Endpoint } from './document';
import type { MapSnapshot } from './history';
import { JobRunner, type Job, type JobKind } from './jobs';
import { DEFAULT_EXPANSION_LIMIT } from './limits';
import { Playback } from './playback';
import { NavMeshLayer } from './navmesh';
import type { Run } from './run';
import { RunSet } from './runs';
import type { RunTimeline } from './run';
import type { Timeline } from './timeline';
import { ViewSettings, type Language, type Message, type Tool } from './view-settings';
import { WalkMode, type WalkSettings } from './walk-mode';
import type { WalkStepSize } from './walk-timeline';

export type { Endpoint } from './document';
export type { Language, Message, MessageKey, Tool } from './view-settings';
export type Change = 'map' | 'endpoints' | 'search' | 'options' | 'ui' | 'view' | 'language';

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
  walk: WalkSettings | null;
  /** The agent radius the navigation mesh is built for and the searches on it plan for; absent: as it is. */
  meshRadius?: number;
}

/** What an edit changed, for walks under way: the cells painted and their costs, or which endpoint moved. */
interface EditChange {
  cells?: { ids: number[]; costs: number[] };
  moved?: Endpoint;
  /** Options that start walks afresh (walk mode, the sensing radius), not merely replay them. */
  restart?: boolean;
}

export class PlaygroundStore {
  readonly document: MapDocument;
  readonly searches: RunSet;
  readonly clock = new Clock();
  readonly walkMode = new WalkMode();
  readonly viewSettings: ViewSettings;
  readonly playback: Playback;
  /** The navigation mesh shown over the map (issue 19). */
  readonly navMesh: NavMeshLayer;
  private readonly jobs: JobRunner;
  private readonly listeners = new Set<(changes: ReadonlySet<Change>) => void>();
  /** The changes of the action under way, told when it ends; null between actions. */
  private pending: Set<Change> | null = null;
  private destroyed = false;

  constructor(readonly engine: Engine, language: Language) {
    this.jobs = new JobRunner(() => this.playback.noteSlice());
    this.viewSettings = new ViewSettings(language);
    this.document = new MapDocument(engine, {
      occupied: (x, y) => this.searches.agentAt(x, y),
      edited: (edit) => this.edited(edit),
      tell: (message) => (message ? this.viewSettings.showMessage(message) : this.viewSettings.clearMessage()),
    });
    // The searches on the navigation mesh plan for the agent radius the mesh is shown for.
    this.navMesh = new NavMeshLayer(this.jobs);
    this.searches = new RunSet(engine, this.jobs, () => this.navMesh.radius);
    this.playback = new Playback(this, this.jobs, (action) => this.act(action));
    for (const part of [this.document, this.searches, this.clock, this.walkMode, this.viewSettings, this.playback, this.navMesh]) {
      part.changes.subscribe((changes: ReadonlySet<Change>) => this.notify(changes));
    }
    this.document.changes.subscribe((changes) => {
      if (changes.has('map')) this.navMesh.mapChanged(this.grid);
    });
    this.act(() => {
      this.searches.add({ ...DEFAULT_OPTIONS, maxExpansions: DEFAULT_EXPANSION_LIMIT }, this.grid, false);
      this.restartRun(this.runs[0]!);
      this.playback.restart();
    });
  }

  subscribe(listener: (changes: ReadonlySet<Change>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ------------------------------------------------------------------ reading the parts
  get grid(): Grid { return this.document.grid; }
  get start(): Point { return this.document.start; }
  get goal(): Point { return this.document.goal; }
  get mapName(): string { return this.document.mapName; }
  get history() { return this.document.history; }
  get runs(): readonly Run[] { return this.searches.runs; }
  /** The first run's options and timeline: the only run's, outside compare mode. */
  get options(): SearchOptions { return this.searches.options; }
  get timeline(): RunTimeline { return this.searches.timeline; }
  /** The first run's grid timeline (its search or walk); null while it searches the navigation mesh. */
  get gridTimeline(): Timeline | null { return this.searches.runs[0]!.gridTimeline; }
  get playing(): boolean { return this.clock.playing; }
  get speedIndex(): number { return this.clock.speedIndex; }
  /** Set when the searches finished; edits then show the finished searches for the new map. */
  get live(): boolean { return this.clock.live; }
  get walking(): boolean { return this.walkMode.walking; }
  get unknownTerrain(): boolean { return this.walkMode.unknownTerrain; }
  get senseRadius(): number { return this.walkMode.senseRadius; }
  get walkStepSize(): WalkStepSize { return this.walkMode.stepSize; }
  get effectiveSenseRadius(): number { return this.walkMode.effectiveSenseRadius; }
  /** True when the map was edited while the agents walked. */
  get walkEdited(): boolean { return this.walkMode.edited; }
  get view(): Viewport { return this.viewSettings.view; }
  get canvasWidth(): number { return this.viewSettings.canvasWidth; }
  get canvasHeight(): number { return this.viewSettings.canvasHeight; }
  /** True while the view follows the canvas size (nobody has panned or zoomed since the last fit). */
  get viewIsFitted(): boolean { return this.viewSettings.fitted; }
  get heatMode(): HeatMode { return this.viewSettings.heatMode; }
  get language(): Language { return this.viewSettings.language; }
  get message(): Message | null { return this.viewSettings.message; }
  get tool(): Tool { return this.viewSettings.tool; }
  get terrainCost(): number { return this.viewSettings.terrainCost; }
  /** The cost the tool paints, or null for tools that do not paint. */
  get paintCost(): number | null { return this.viewSettings.paintCost; }
  get step(): number { return this.searches.step; }
  get total(): number | null { return this.searches.total; }
  get finished(): boolean { return this.searches.finished; }
  get elapsedMs(): number { return this.searches.elapsedMs; }

  /** The step being gone to and how far the searches have got, once that has taken long enough to show; else null. */
  get seeking(): { step: number; progress: number } | null { return this.playback.seeking; }
  /** A run whose search prepares before it searches, and how far it has got, once that has taken long enough to show; else null. */
  get preparing(): { run: Run; progress: number } | null { return this.playback.preparing; }
  /** True while a link is being opened, once that has taken long enough to show. */
  get opening(): boolean { return this.playback.opening; }
  /** The step the timeline stands at: the one being gone to while the searches are on their way. */
  get timelineStep(): number { return this.playback.timelineStep; }
  /** True while work the page waits for is in flight: a step being gone to, "instant" playback, a recomputation, a preparation, a link. */
  get busy(): boolean { return this.jobs.busy; }

  /** Resolves once the searches show the step last asked for, and any recomputation or preparation is done (at once when it is). */
  whenSettled(): Promise<void> {
    return this.jobs.whenIdle();
  }

  /**
   * Runs the page's own long work as the foreground job (opening a link: decoding it and
   * putting it in): it drops the job in flight, and an edit, a seek or a newer link drops it.
   */
  runForeground(job: Job, kind: Extract<JobKind, 'link'>): void {
    this.jobs.start(job, { kind });
  }

  /** Work nobody waits for (writing the address bar's link), run while the foreground is idle; `owner`'s newer work replaces its older. */
  runInBackground(owner: object, job: Job): void {
    this.jobs.runInBackground(owner, job);
  }

  // ------------------------------------------------------------------ editing the document
  beginStroke(): void { this.act(() => this.document.beginStroke()); }
  /** Paints the cells between two cells with the current tool (nothing for tools that do not paint). */
  paintLine(from: Point, to: Point): void {
    const cost = this.viewSettings.paintCost;
    if (cost !== null) this.act(() => this.document.paintLine(from, to, cost));
  }
  endStroke(): void { this.act(() => this.document.endStroke()); }
  endpointAt(x: number, y: number): Endpoint | null { return this.document.endpointAt(x, y); }
  beginEndpointDrag(which: Endpoint): void { this.act(() => this.document.beginEndpointDrag(which)); }
  moveEndpoint(which: Endpoint, x: number, y: number): boolean { return this.act(() => this.document.moveEndpoint(which, x, y)); }
  endEndpointDrag(): void { this.act(() => this.document.endEndpointDrag()); }
  /** Start and goal at once (a scenario's query), one undoable edit, the search shown finished; false when they cannot go there. */
  setEndpoints(start: Point, goal: Point): boolean { return this.act(() => this.document.setEndpoints(start, goal)); }
  undo(): void { this.act(() => this.document.undo()); }
  redo(): void { this.act(() => this.document.redo()); }
  newMap(width: number, height: number): boolean { return this.act(() => this.document.newMap(width, height)); }
  generate(name: GeneratorName, density: number, seed?: number): void { this.act(() => this.document.generate(name, density, seed)); }

  /** Imports Moving AI .map text. On any problem the current map stays and a message says why. */
  loadMapText(text: string, name: string): boolean {
    // A file or preset can finish loading after the playground was unmounted.
    if (this.destroyed) return false;
    return this.act(() => this.document.loadMapText(text, name));
  }

  /** Fetches a Moving AI .map (a preset) and imports it; a message says what went wrong. */
  async loadMapUrl(url: string, name: string): Promise<boolean> {
    const text = await this.document.fetchMap(url, name);
    return text !== null && this.loadMapText(text, name);
  }

  /**
   * Replaces map, endpoints, options, step and view in one action. A loaded state is not an
   * edit the user made, and undo could not restore the options and step it replaced, so
   * the edit history starts afresh from it.
   */
  loadState(state: PlaygroundState): void {
    this.act(() => {
      this.pause();
      this.searches.setCount(state.searches.length, this.grid, this.walking);
      this.runs.forEach((run, i) => this.searches.setOptions(run, { maxExpansions: DEFAULT_EXPANSION_LIMIT, ...state.searches[i]! }));
      const walking = state.walk !== null;
      const rebuild = walking !== this.walking;
      this.walkMode.load(walking, state.walk);
      if (rebuild) this.searches.rebuild(this.grid, walking);
      if (state.meshRadius !== undefined) this.navMesh.setRadius(state.meshRadius, this.grid);
      // Live mode makes the new map's searches run to their end; a given step is reached by replaying instead.
      this.clock.live = state.step === null;
      this.document.load(state.map);
      if (state.step !== null) this.seek(state.step);
      // After the map and the runs are in, so the canvas has its final size.
      const { view } = state;
      if (view) {
        const given = { scale: view.scale, offsetX: this.canvasWidth / 2 - view.centerX * view.scale, offsetY: this.canvasHeight / 2 - view.centerY * view.scale };
        // A link's zoom is kept to the pointer's range: far below it the map is a speck.
        this.setView(withinZoomRange(given, this.grid.width, this.grid.height, this.canvasWidth, this.canvasHeight));
      }
      else this.fitView();
    });
  }

  // ------------------------------------------------------------------ the searches
  /** Changes the first run's options. */
  setOptions(options: Partial<SearchOptions>): void {
    this.setRunOptions(0, options);
  }

  setRunOptions(index: number, options: Partial<SearchOptions>): void {
    const run = this.runs[index];
    if (!run) return;
    this.act(() => {
      this.searches.setOptions(run, { ...run.options, ...options });
      this.afterEdit('options');
    });
  }

  /** Replaces every run's options at once: one run per entry (1 to MAX_RUNS). */
  setSearches(searches: readonly SearchOptions[]): void {
    this.act(() => {
      this.searches.setCount(searches.length, this.grid, this.walking);
      this.runs.forEach((run, i) => this.searches.setOptions(run, searches[i]!));
      this.afterEdit('options');
    });
  }

  /** Adds a run with these options (compare mode), unless there are MAX_RUNS already. */
  addRun(options: SearchOptions): boolean {
    return this.act(() => {
      if (!this.searches.add(options, this.grid, this.walking)) return false;
      this.afterEdit('options');
      return true;
    });
  }

  /** Removes a run; the last one stays. */
  removeRun(index: number): void {
    this.act(() => {
      if (this.searches.remove(index)) this.afterEdit('options');
    });
  }

  // ------------------------------------------------------------------ walking
  /**
   * Walk mode on or off. On: every run's agent walks from the start to the goal, planning
   * with the run's search, from step 0. Off: the runs search again.
   */
  setWalking(walking: boolean): void {
    if (walking === this.walking) return;
    this.act(() => {
      this.pause();
      this.walkMode.setWalking(walking);
      this.clock.live = false;
      this.searches.rebuild(this.grid, walking);
      this.afterEdit('options', { restart: true });
    });
  }

  /** The Walk button: walk mode on, from the start, playing. */
  startWalk(): void {
    this.act(() => {
      this.setWalking(true);
      this.play();
    });
  }

  /** Unknown terrain on or off, and how far the agents sense there (1 to MAX_SENSE_RADIUS). Restarts the walks. */
  setUnknownTerrain(unknown: boolean, radius?: number): void {
    this.act(() => {
      if (this.walkMode.setUnknownTerrain(unknown, radius) && this.walking) this.afterEdit('options', { restart: true });
    });
  }

  setWalkStepSize(size: WalkStepSize): void {
    this.act(() => {
      if (this.walkMode.setStepSize(size) && this.walking) this.afterEdit('options', { restart: true });
    });
  }

  // ------------------------------------------------------------------ the clock over every run
  play(): void { this.act(() => this.playback.play()); }
  /** Stops playback, and a recomputation still under way. */
  pause(): void { this.act(() => this.playback.pause()); }
  togglePlay(): void { this.act(() => (this.playing ? this.playback.pause() : this.playback.play())); }
  /** Holds playback while the playground cannot be seen (an embed scrolled off screen), and lets it go on when it can. */
  setFramesHeld(held: boolean): void { this.act(() => this.playback.setHeld(held)); }
  stepForward(): void { this.act(() => this.playback.stepForward()); }
  stepBack(): void { this.act(() => this.playback.stepBack()); }
  /** Back to step 0 of the same searches. */
  reset(): void { this.act(() => this.playback.reset()); }
  /** Shows step `step` of every search (a search that ends sooner shows its end; past every end, Infinity included, the finished searches). */
  seek(step: number): void { this.act(() => this.playback.seek(step)); }
  setSpeed(index: number): void { this.act(() => this.playback.setSpeed(index)); }
  /** One frame of the page's frame loop: playback's steps due. True while frames are wanted. */
  tick(now: number): boolean { return this.act(() => this.playback.tick(now)); }

  // ------------------------------------------------------------------ the view and preferences
  setTool(tool: Tool): void { this.act(() => this.viewSettings.setTool(tool)); }
  setTerrainCost(cost: number): void { this.act(() => this.viewSettings.setTerrainCost(cost)); }
  setHeatMode(mode: HeatMode): void { this.act(() => this.viewSettings.setHeatMode(mode)); }
  /** Shows or hides the navigation mesh (built for the map and radius as they are). */
  setMeshShown(shown: boolean): void { this.act(() => this.navMesh.setShown(shown, this.grid)); }
  /** The agent's radius: the mesh shown is built for it, and the searches on the mesh plan for it (they start again). */
  setMeshRadius(radius: number): void {
    this.act(() => {
      const before = this.navMesh.radius;
      this.navMesh.setRadius(radius, this.grid);
      if (this.navMesh.radius !== before && this.runs.some((run) => run.mesh)) this.afterEdit('options');
    });
  }
  setLanguage(language: Language): void { this.act(() => this.viewSettings.setLanguage(language)); }
  showMessage(message: Message | null): void { this.act(() => this.viewSettings.showMessage(message)); }
  setCanvasSize(width: number, height: number): void { this.act(() => this.viewSettings.setCanvasSize(width, height, this.grid.width, this.grid.height)); }
  /** A pan or zoom by the user. */
  setView(view: Viewport): void { this.act(() => this.viewSettings.setView(view)); }
  /** The whole map in view (again as soon as the canvas has a size). */
  fitView(): void { this.act(() => this.viewSettings.fit(this.grid.width, this.grid.height)); }

  destroy(): void {
    this.destroyed = true;
    this.jobs.destroy();
    this.listeners.clear();
    this.searches.delete();
    this.grid.delete();
  }

  // ------------------------------------------------------------------ what a change does to the others
  /** The document changed: the searches follow (and a replaced grid goes, once no search reads it). */
  private edited(edit: DocumentEdit): void {
    if (edit.kind === 'map') {
      if (edit.replaced) {
        this.searches.setGrid(this.grid);
        edit.replaced.delete();
        this.fitView();
      }
      this.afterEdit('map');
    } else if (edit.kind === 'cells') {
      this.afterEdit('map', { cells: { ids: edit.ids, costs: edit.costs } });
    } else {
      if (edit.placed) {
        this.pause();
        // A walk starts again from the new start; a search is shown finished at once.
        if (!this.walking) this.clock.live = true;
      }
      this.afterEdit('endpoints', { moved: edit.moved });
    }
  }

  private afterEdit(kind: 'map' | 'endpoints' | 'options', change: EditChange = {}): void {
    if (this.walking) this.afterWalkEdit(kind, change);
    else if (this.live) {
      for (const run of this.runs) this.restartRun(run, false);
      this.playback.finish('recompute');
    } else {
      // An edit keeps the user's place: the searches are recomputed and shown at the same
      // step, still playing if they were. A new map (loaded, generated, or put back by undo:
      // it comes without painted cells) is another search altogether and starts again.
      const newMap = kind === 'map' && !change.cells;
      if (newMap) this.pause();
      // An edit while a step is being gone to keeps that step as the place to show.
      const step = newMap ? 0 : this.playback.place;
      for (const run of this.runs) this.restartRun(run);
      // Now shorter than the step shown, the searches show their end, and from there on
      // every edit shows the finished searches (live mode), as after playing to the end.
      if (step > 0) {
        this.playback.goTo(step, () => {
          if (this.step > 0 && this.finished) {
            this.playback.pause();
            this.clock.live = true;
          }
        });
      } else {
        this.playback.restart();
      }
    }
    this.notify(['search', 'ui']);
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
    this.playback.finishSeek();
    const step = this.step;
    const goal = change.moved === 'goal' ? this.goal : null;
    if (this.walkMode.join(step, change.cells ?? null, goal, this.searches.walks, this.grid.width)) return;
    if (kind === 'options' && !change.restart && this.walkMode.log !== null && step > 0) {
      for (const run of this.runs) this.restartRun(run, false);
      this.playback.goTo(step);
    } else {
      this.pause();
      this.walkMode.startLog(this.grid, this.goal);
      for (const run of this.runs) this.restartRun(run, false);
    }
  }

  /** Puts a run back to step 0 with its options (and, for a walk, the walk settings). */
  private restartRun(run: Run, measure = true): void {
    const walk = this.walking ? { senseRadius: this.effectiveSenseRadius, stepSize: this.walkStepSize } : null;
    this.searches.restart(run, this.start, this.goal, walk, measure);
  }

  /** Runs an action, telling the page what changed once it is over (nested actions tell with the outermost). */
  private act<T>(action: () => T): T {
    const outermost = this.pending === null;
    if (outermost) this.pending = new Set();
    try {
      return action();
    } finally {
      if (outermost) {
        const changes = this.pending!;
        this.pending = null;
        if (changes.size > 0) for (const listener of [...this.listeners]) listener(changes);
      }
    }
  }

  private notify(changes: Iterable<Change>): void {
    if (this.pending) {
      for (const change of changes) this.pending.add(change);
      return;
    }
    const set = new Set(changes);
    if (set.size > 0) for (const listener of [...this.listeners]) listener(set);
  }
}
