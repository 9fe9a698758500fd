// The playground's state, split by who owns which fields, and the actions that change it.
// Input handlers and controls call actions; the page hears what changed and reads state;
// nothing but actions writes it.
//
//   document.ts       the map, start, goal, name and edit history (painting, dragging, undo, loading)
//   runs.ts           the searches: their options and timelines, compare mode's add and remove
//   clock.ts          playing, the speed, the steps due at a frame
//   walk-mode.ts      walk mode's settings and the log of edits made while the agents walk
//   view-settings.ts  the view, the canvas's size, the heat map, the language, messages, the tool
//   jobs.ts           long work in slices: one job in flight in the foreground, measurements behind it
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
import type { Viewport } from '../scene/viewport';
import { Clock } from './clock';
import { MapDocument, type DocumentEdit, type Endpoint } from './document';
import type { MapSnapshot } from './history';
import { JobRunner, sequence, type Job, type JobKind } from './jobs';
import { DEFAULT_EXPANSION_LIMIT } from './limits';
import { prepareFor, preparing, preparationProgress } from './preparation';
import type { Run } from './run';
import { RunSet } from './runs';
import type { SearchTimeline, Timeline } from './timeline';
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
}

/** What an edit changed, for walks under way: the cells painted and their costs, or which endpoint moved. */
interface EditChange {
  ids?: number[];
  costs?: number[];
  moved?: Endpoint;
  /** Options that start walks afresh (walk mode, the sensing radius), not merely replay them. */
  restart?: boolean;
}

// A recomputation after an edit in live mode runs this long at once: a small map's searches
// end within it, as if computed synchronously; on a big one a stroke's pointer moves each
// start a new recomputation, which drops the one in flight, and only the last runs on.
const FIRST_RECOMPUTE_SLICE_MS = 4;

export class PlaygroundStore {
  readonly document: MapDocument;
  readonly searches: RunSet;
  readonly clock = new Clock();
  readonly walkMode = new WalkMode();
  readonly viewSettings: ViewSettings;
  private readonly jobs: JobRunner;
  private readonly listeners = new Set<(changes: ReadonlySet<Change>) => void>();
  /** The changes of the action under way, told when it ends; null between actions. */
  private pending: Set<Change> | null = null;
  /** The step the last goTo went to (or is going to). */
  private seekTarget = 0;
  /** A slice of the foreground job ran since the last frame: the next frame shows where it got to. */
  private sliced = false;
  private destroyed = false;

  constructor(readonly engine: Engine, language: Language) {
    this.jobs = new JobRunner(() => { this.sliced = true; });
    this.viewSettings = new ViewSettings(language);
    this.document = new MapDocument(engine, {
      occupied: (x, y) => this.isAgent(x, y),
      edited: (edit) => this.edited(edit),
      tell: (message) => (message ? this.viewSettings.showMessage(message) : this.viewSettings.clearMessage()),
    });
    this.searches = new RunSet(engine, this.jobs);
    for (const part of [this.document, this.searches, this.clock, this.walkMode, this.viewSettings]) {
      part.changes.subscribe((changes: ReadonlySet<Change>) => this.notify(changes));
    }
    this.searches.add({ ...DEFAULT_OPTIONS, maxExpansions: DEFAULT_EXPANSION_LIMIT }, this.grid, false);
    this.restartRun(this.runs[0]!);
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
  get timeline(): Timeline { return this.searches.timeline; }
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

  /**
   * The step being gone to and how far the searches have got (0 to 1; NaN when unknown),
   * once that has taken long enough to be worth showing; null otherwise.
   */
  get seeking(): { step: number; progress: number } | null {
    const progress = this.jobs.kind === 'seek' ? this.jobs.shownProgress : null;
    return progress === null ? null : { step: this.seekTarget, progress };
  }

  /** A run whose search prepares before it searches, and how far it has got, once that has taken long enough to show; else null. */
  get preparing(): { run: Run; progress: number } | null {
    if (this.jobs.shownProgress === null) return null;
    for (const run of this.runs) {
      const progress = preparationProgress(run.timeline.display);
      if (progress !== null) return { run, progress };
    }
    return null;
  }

  /**
   * The step the timeline stands at: the one being gone to while the searches are on their
   * way (the steps made so far, on the way to an end not known yet).
   */
  get timelineStep(): number {
    if (this.jobs.kind !== 'seek') return this.step;
    const end = this.total;
    return Number.isFinite(this.seekTarget) ? Math.min(this.seekTarget, end ?? Infinity) : end ?? this.step;
  }

  /** True while a link is being opened (decoded and put in), once that has taken long enough to show. */
  get opening(): boolean {
    return this.jobs.kind === 'link' && this.jobs.shownProgress !== null;
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

  /** True while work the page waits for is in flight: a step being gone to, "instant" playback, a recomputation, a preparation. */
  get busy(): boolean {
    return this.jobs.busy;
  }

  /** Resolves once the searches show the step last asked for, and any recomputation or preparation is done (at once when it is). */
  whenSettled(): Promise<void> {
    return this.jobs.whenIdle();
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

  async loadMapUrl(url: string, name: string): Promise<boolean> {
    let text: string;
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      if (!this.destroyed) this.showMessage({ kind: 'error', key: 'error.presetLoad', detail: `${name}: ${(error as Error).message}` });
      return false;
    }
    return this.loadMapText(text, name);
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
      // Live mode makes the new map's searches run to their end; a given step is reached by replaying instead.
      this.clock.live = state.step === null;
      this.document.load(state.map);
      if (state.step !== null) this.seek(state.step);
      // After the map and the runs are in, so the canvas has its final size.
      const { view } = state;
      if (view) this.setView({ scale: view.scale, offsetX: this.canvasWidth / 2 - view.centerX * view.scale, offsetY: this.canvasHeight / 2 - view.centerY * view.scale });
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
  play(): void {
    if (this.playing) return;
    this.act(() => {
      if (this.finished) this.goTo(0);
      this.clock.play();
      this.resume();
    });
  }

  /** Stops playback, and a recomputation still under way. */
  pause(): void {
    this.act(() => {
      const wasPlaying = this.clock.pause();
      const finishing = this.jobs.kind === 'play' || this.jobs.kind === 'recompute';
      if (finishing) this.jobs.cancel();
      if (!wasPlaying && !finishing) return;
      // A search run flat out from step 0 ("instant", live mode) measured nothing beside it:
      // stopped short of its end, its length is measured again, for the timeline.
      for (const run of this.runs) if (!run.walk) (run.timeline as SearchTimeline).measureIfNeeded();
      this.notify(['ui']);
    });
  }

  togglePlay(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  /**
   * Holds playback while the playground cannot be seen (an embed scrolled off screen) and
   * lets it go on when it can. Playback keeps its state (still playing, same step, same
   * pending fraction of a step), so the search carries on from where it was and ends
   * exactly as it would have; only the waiting costs no CPU.
   */
  setFramesHeld(held: boolean): void {
    this.act(() => {
      this.clock.setHeld(held);
      this.jobs.setHeld(held);
    });
  }

  stepForward(): void {
    this.act(() => {
      this.pause();
      // While a step is being gone to (or a search prepared), the searches are on their way there: a step waits.
      if (this.jobs.busy) return;
      this.searches.advance(1);
      this.noteProgress();
    });
  }

  stepBack(): void {
    this.act(() => {
      this.pause();
      const step = this.step;
      this.clock.live = false;
      if (step > 0) this.goTo(step - 1);
      this.notify(['search', 'ui']);
    });
  }

  /** Back to step 0 of the same searches. */
  reset(): void {
    this.act(() => {
      this.pause();
      this.clock.live = false;
      this.goTo(0);
      this.notify(['search', 'ui']);
    });
  }

  /**
   * Shows step `step` of every search (a search that ends sooner shows its end; past every
   * end, Infinity included, the finished searches in live mode). Until a search's length is
   * measured the timeline spans the steps seen so far; a step beyond them is reached all the
   * same.
   */
  seek(step: number): void {
    this.act(() => {
      this.pause();
      this.clock.live = false;
      this.goTo(step, () => this.noteProgress());
    });
  }

  setSpeed(index: number): void {
    this.act(() => {
      this.clock.setSpeed(index);
      if (this.jobs.kind === 'play' && this.clock.speed.kind !== 'instant') this.jobs.cancel();
      this.resume();
    });
  }

  /**
   * One animation frame of the page's frame loop (frame-loop.ts): playback advances by the
   * steps due, and where the job in flight has got to is told, once per frame however many
   * slices it ran. True while frames are wanted: playback, or a job in flight to follow.
   */
  tick(now: number): boolean {
    if (this.sliced) {
      this.sliced = false;
      this.notify(['search', 'ui']);
    }
    if (!this.clock.playing || this.jobs.busy) {
      // The searches are on their way to a step (or run flat out): playback carries on from there.
      this.clock.skip(now);
    } else {
      const due = this.clock.due(now);
      if (due > 0) {
        this.act(() => {
          this.searches.advance(due);
          if (this.finished) this.endPlayback();
        });
      }
    }
    return this.clock.wantsFrames || this.jobs.running;
  }

  // ------------------------------------------------------------------ the view and preferences
  setTool(tool: Tool): void { this.act(() => this.viewSettings.setTool(tool)); }
  setTerrainCost(cost: number): void { this.act(() => this.viewSettings.setTerrainCost(cost)); }
  setHeatMode(mode: HeatMode): void { this.act(() => this.viewSettings.setHeatMode(mode)); }
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
      this.afterEdit('map', { ids: edit.ids, costs: edit.costs });
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
      this.finishRuns('recompute');
    } else {
      // An edit keeps the user's place: the searches are recomputed and shown at the same
      // step, still playing if they were. A new map (loaded, generated, or put back by undo:
      // it comes without painted cells) is another search altogether and starts again.
      const newMap = kind === 'map' && !change.ids;
      if (newMap) this.pause();
      // An edit while a step is being gone to keeps that step as the place to show.
      const step = newMap ? 0 : this.jobs.kind === 'seek' ? this.seekTarget : this.step;
      for (const run of this.runs) this.restartRun(run);
      // Now shorter than the step shown, the searches show their end, and from there on
      // every edit shows the finished searches (live mode), as after playing to the end.
      if (step > 0) {
        this.goTo(step, () => {
          if (this.step > 0 && this.finished) {
            this.pause();
            this.clock.live = true;
          }
        });
      } else {
        this.jobs.cancel();
        this.prepareRuns();
        this.resume();
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
    if (this.jobs.kind === 'seek') this.jobs.finishNow();
    const step = this.step;
    const log = this.walkMode.log;
    const walks = this.searches.walks;
    const underWay = log !== null && step > 0 && walks.some((walk) => walk.underWay);
    if (kind === 'map' && change.ids && underWay) {
      log.recordCells(step, change.ids, change.costs!);
      const points = change.ids.map((id) => ({ x: id % this.grid.width, y: Math.floor(id / this.grid.width) }));
      for (const walk of walks) walk.worldChanged(points);
    } else if (kind === 'endpoints' && change.moved === 'goal' && underWay) {
      log.recordGoal(step, this.goal);
      for (const walk of walks) walk.setGoal(this.goal);
    } else if (kind === 'options' && !change.restart && log !== null && step > 0) {
      for (const run of this.runs) this.restartRun(run, false);
      this.goTo(step);
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

  /**
   * Brings every run to `step`, as a job (jobs.ts): done at once when that is quick, else
   * in slices while the page carries on; `then` runs when it is done. A newer goTo, edit or
   * restart drops the job in flight.
   */
  private goTo(step: number, then: () => void = () => {}): void {
    this.seekTarget = step;
    const log = this.walkMode.log;
    const job: Job = this.walking && log
      // Every walk together: the map goes back as it was at the start and the logged edits are made again at their steps.
      ? log.replayJob(step, this.grid, this.searches.walks, (goal) => this.document.replayed(goal))
      : sequence(this.runs.map((run) => run.timeline.seekJob(step)));
    this.jobs.start(job, { kind: 'seek', done: () => this.act(() => { then(); this.resume(); }) });
  }

  /**
   * Runs every unfinished run to its end, unobserved, as a foreground job: "instant"
   * playback, or the recomputation of live mode after an edit. A newer one drops it, so a
   * stroke's many pointer moves leave one recomputation in flight.
   */
  private finishRuns(kind: Extract<JobKind, 'play' | 'recompute'>): void {
    const job: Job = {
      run: (budgetMs) => {
        const running = this.runs.filter((run) => !run.timeline.finished);
        for (const run of running) run.timeline.runFor(budgetMs / running.length);
        return this.finished;
      },
      progress: () => null,
    };
    const firstSliceMs = kind === 'recompute' ? FIRST_RECOMPUTE_SLICE_MS : 0;
    this.jobs.start(job, { kind, firstSliceMs, holdable: true, done: () => this.act(() => this.endPlayback()) });
  }

  /** Prepares every run whose search prepares before it searches, as a foreground job with its progress. */
  private prepareRuns(): void {
    const waiting = () => this.runs.map((run) => run.timeline.display).filter((search) => preparing(search) !== null);
    if (this.jobs.busy || waiting().length === 0) return;
    const job: Job = {
      run: (budgetMs) => {
        const searches = waiting();
        const all = this.runs.map((run) => run.timeline.display);
        // Searches of the same map and options share one preparation: the first made is adopted by the others.
        for (const search of searches) prepareFor(search, budgetMs / searches.length, all);
        return waiting().length === 0;
      },
      progress: () => {
        const searches = waiting();
        return searches.length === 0 ? 1 : Math.min(...searches.map((search) => preparationProgress(search) ?? 1));
      },
    };
    this.jobs.start(job, {
      kind: 'prepare',
      firstSliceMs: 0,
      done: () => this.act(() => {
        for (const run of this.runs) if (!run.walk) (run.timeline as SearchTimeline).measureIfNeeded();
        this.resume();
      }),
    });
  }

  /** Playback at "instant" goes on as a job once nothing else is in flight. */
  private resume(): void {
    if (this.clock.playing && this.clock.speed.kind === 'instant' && !this.jobs.busy && !this.finished) this.finishRuns('play');
    this.notify(['search', 'ui']);
  }

  /** Every run has finished playing or recomputing: live mode from now on. */
  private endPlayback(): void {
    if (!this.finished) return;
    this.clock.live = true;
    this.clock.pause();
    this.notify(['search', 'ui']);
  }

  private noteProgress(): void {
    if (this.finished) this.clock.live = true;
    this.notify(['search', 'ui']);
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
