// Playback: moving the runs through their timelines, by the clock and by jobs. Playing at
// a speed (steps due at each frame of the page's frame loop), stepping, going to a step
// (a job: replayed in slices on a big map), "instant" playback and live mode's
// recomputation after an edit (a job that runs every run to its end, unobserved), and a
// search's preparation (a job with its progress). The store (store.ts) says when; this part
// says how, with one job in flight at a time (jobs.ts).
import type { MapDocument } from './document';
import { sequence, type Job, type JobKind, type JobRunner } from './jobs';
import { preparationProgress } from './preparation';
import type { Run } from './run';
import type { RunSet } from './runs';
import type { Clock } from './clock';
import { ChangeSignal } from './signal';
import type { WalkMode } from './walk-mode';

// A recomputation after an edit in live mode runs this long at once: a small map's searches
// end within it, as if computed synchronously; on a big one a stroke's pointer moves each
// start a new recomputation, which drops the one in flight, and only the last runs on.
const FIRST_RECOMPUTE_SLICE_MS = 4;

/** The parts playback moves and reads. */
export interface PlaybackParts {
  clock: Clock;
  searches: RunSet;
  walkMode: WalkMode;
  document: MapDocument;
}

export class Playback {
  /** 'search' when the runs moved, 'ui' when what the controls show did (playing, a job's progress). */
  readonly changes = new ChangeSignal<'search' | 'ui'>();
  /** The step the last goTo went to (or is going to). */
  private seekTarget = 0;
  /** A slice of the foreground job ran since the last frame: the next frame shows where it got to. */
  private sliced = false;

  /** `batch` runs an action so that what it changes is told once, at its end (the store's). */
  constructor(private readonly parts: PlaybackParts, private readonly jobs: JobRunner, private readonly batch: <T>(action: () => T) => T) {}

  /** The foreground job ran a slice (jobs.ts's onSlice). */
  noteSlice(): void {
    this.sliced = true;
  }

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
    for (const run of this.parts.searches.runs) {
      const progress = run.gridTimeline ? preparationProgress(run.gridTimeline.display) : run.mesh?.preparationProgress ?? null;
      if (progress !== null) return { run, progress };
    }
    return null;
  }

  /** True while a link is being opened (decoded and put in), once that has taken long enough to show. */
  get opening(): boolean {
    return this.jobs.kind === 'link' && this.jobs.shownProgress !== null;
  }

  /**
   * The step the timeline stands at: the one being gone to while the searches are on their
   * way (the steps made so far, on the way to an end not known yet).
   */
  get timelineStep(): number {
    const { searches } = this.parts;
    if (this.jobs.kind !== 'seek') return searches.step;
    const end = searches.total;
    return Number.isFinite(this.seekTarget) ? Math.min(this.seekTarget, end ?? Infinity) : end ?? searches.step;
  }

  /** The step to show after an edit: the one being gone to, if the searches are on their way to one, else the one shown. */
  get place(): number {
    return this.jobs.kind === 'seek' ? this.seekTarget : this.parts.searches.step;
  }

  play(): void {
    const { clock, searches } = this.parts;
    if (clock.playing) return;
    if (searches.finished) this.goTo(0);
    clock.play();
    this.resume();
  }

  /** Stops playback, and a recomputation still under way. */
  pause(): void {
    const wasPlaying = this.parts.clock.pause();
    const finishing = this.jobs.kind === 'play' || this.jobs.kind === 'recompute';
    if (finishing) this.jobs.cancel();
    if (!wasPlaying && !finishing) return;
    // A search run flat out from step 0 ("instant", live mode) measured nothing beside it:
    // stopped short of its end, its length is measured again, for the timeline.
    this.parts.searches.measureIfNeeded();
    this.changes.emit('ui');
  }

  /**
   * Holds playback while the playground cannot be seen (an embed scrolled off screen) and
   * lets it go on when it can. Playback keeps its state (still playing, same step, same
   * pending fraction of a step), so the search carries on from where it was and ends
   * exactly as it would have; only the waiting costs no CPU.
   */
  setHeld(held: boolean): void {
    this.parts.clock.setHeld(held);
    this.jobs.setHeld(held);
  }

  stepForward(): void {
    this.pause();
    // While a step is being gone to (or a search prepared), the searches are on their way there: a step waits.
    if (this.jobs.busy) return;
    this.parts.searches.advance(1);
    this.noteProgress();
  }

  stepBack(): void {
    this.pause();
    const step = this.parts.searches.step;
    this.parts.clock.live = false;
    if (step > 0) this.goTo(step - 1);
    this.changes.emit('search', 'ui');
  }

  /** Back to step 0 of the same searches. */
  reset(): void {
    this.pause();
    this.parts.clock.live = false;
    this.goTo(0);
    this.changes.emit('search', 'ui');
  }

  /**
   * Shows step `step` of every search (a search that ends sooner shows its end; past every
   * end, Infinity included, the finished searches in live mode). Until a search's length is
   * measured the timeline spans the steps seen so far; a step beyond them is reached all the
   * same.
   */
  seek(step: number): void {
    this.pause();
    this.parts.clock.live = false;
    this.goTo(step, () => this.noteProgress());
  }

  setSpeed(index: number): void {
    this.parts.clock.setSpeed(index);
    if (this.jobs.kind === 'play' && this.parts.clock.speed.kind !== 'instant') this.jobs.cancel();
    this.resume();
  }

  /**
   * One animation frame of the page's frame loop (frame-loop.ts): playback advances by the
   * steps due, and where the job in flight has got to is told, once per frame however many
   * slices it ran. True while frames are wanted: playback, or a job in flight to follow.
   */
  tick(now: number): boolean {
    const { clock, searches } = this.parts;
    if (this.sliced) {
      this.sliced = false;
      this.changes.emit('search', 'ui');
    }
    if (!clock.playing || this.jobs.busy) {
      // The searches are on their way to a step (or run flat out): playback carries on from there.
      clock.skip(now);
    } else {
      const due = clock.due(now);
      if (due > 0) {
        searches.advance(due);
        if (searches.finished) this.endPlayback();
      }
    }
    return clock.wantsFrames || this.jobs.running;
  }

  /**
   * Brings every run to `step`, as a job (jobs.ts): done at once when that is quick, else
   * in slices while the page carries on; `then` runs when it is done. A newer goTo, edit or
   * restart drops the job in flight.
   */
  goTo(step: number, then: () => void = () => {}): void {
    const { walkMode, searches, document } = this.parts;
    this.seekTarget = step;
    const log = walkMode.log;
    const job: Job = walkMode.walking && log
      // Every walk together: the map goes back as it was at the start and the logged edits are made again at their steps.
      ? log.replayJob(step, document.grid, searches.walks, (goal) => document.replayed(goal))
      : sequence(searches.runs.map((run) => run.timeline.seekJob(step)));
    this.jobs.start(job, { kind: 'seek', done: () => this.batch(() => { then(); this.resume(); }) });
  }

  /** A replay on its way to a step finishes now (an edit in walk mode joins the walk at the step shown). */
  finishSeek(): void {
    if (this.jobs.kind === 'seek') this.jobs.finishNow();
  }

  /**
   * Runs every unfinished run to its end, unobserved, as a foreground job: "instant"
   * playback, or the recomputation of live mode after an edit. A newer one drops it, so a
   * stroke's many pointer moves leave one recomputation in flight.
   */
  finish(kind: Extract<JobKind, 'play' | 'recompute'>): void {
    const firstSliceMs = kind === 'recompute' ? FIRST_RECOMPUTE_SLICE_MS : 0;
    this.jobs.start(this.parts.searches.finishJob(), { kind, firstSliceMs, holdable: true, done: () => this.batch(() => this.endPlayback()) });
  }

  /**
   * Whatever was in flight is beside the point now (the searches start again at step 0):
   * it is dropped, a search that prepares is prepared, and "instant" playback goes on.
   */
  restart(): void {
    this.jobs.cancel();
    const job = this.parts.searches.preparationJob();
    if (job) {
      this.jobs.start(job, {
        kind: 'prepare',
        firstSliceMs: 0,
        done: () => this.batch(() => {
          this.parts.searches.measureIfNeeded();
          this.resume();
        }),
      });
    }
    this.resume();
  }

  /** Playback at "instant" goes on as a job once nothing else is in flight. */
  private resume(): void {
    const { clock, searches } = this.parts;
    if (clock.playing && !this.jobs.busy) {
      // Nothing left to play: a search that ended as it began once it was prepared (Polyanya
      // with no path for its radius) would otherwise keep "Pause" up over a finished search.
      if (searches.finished) return this.endPlayback();
      if (clock.speed.kind === 'instant') this.finish('play');
    }
    this.changes.emit('search', 'ui');
  }

  /** Every run has finished playing or recomputing: live mode from now on. */
  private endPlayback(): void {
    const { clock, searches } = this.parts;
    if (!searches.finished) return;
    clock.live = true;
    clock.pause();
    this.changes.emit('search', 'ui');
  }

  private noteProgress(): void {
    if (this.parts.searches.finished) this.parts.clock.live = true;
    this.changes.emit('search', 'ui');
  }
}
