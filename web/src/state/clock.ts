// The playback clock: whether the searches play, how fast, and how many steps are due at a
// frame. It never schedules frames: the page's one frame loop (frame-loop.ts) asks the store
// to tick it once per animation frame, and then draws, so a step played at a frame is drawn
// in that same frame. "Instant" is not a frame-by-frame speed: the store runs it as a job
// (jobs.ts) between frames.
import { ChangeSignal } from './signal';
import { DEFAULT_SPEED_INDEX, SPEEDS, type Speed } from './speeds';

export class Clock {
  playing = false;
  speedIndex = DEFAULT_SPEED_INDEX;
  /** Set when every search has finished: edits then show the searches finished for the new map. */
  live = false;
  /** True while nobody can see the playground (an embed scrolled off screen): playback waits. */
  held = false;
  /** 'ui' when playing, the speed or being held changed. */
  readonly changes = new ChangeSignal<'ui'>();
  /** Steps owed at per-second speeds: whole ones are taken at a frame, the rest carried. */
  private pendingSteps = 0;
  /** When the last frame was ticked; null after a pause or a hold, so that time is not playback time. */
  private lastTick: number | null = null;

  get speed(): Speed {
    return SPEEDS[this.speedIndex]!;
  }

  /** True while playback needs animation frames. */
  get wantsFrames(): boolean {
    return this.playing && !this.held;
  }

  play(): void {
    this.playing = true;
    this.live = false;
    this.pendingSteps = 1; // the first step shows at once, even at one step per second
    this.lastTick = null;
    this.changes.emit('ui');
  }

  /** Stops playback; false when it was not playing. */
  pause(): boolean {
    if (!this.playing) return false;
    this.playing = false;
    this.changes.emit('ui');
    return true;
  }

  setSpeed(index: number): void {
    this.speedIndex = Math.min(SPEEDS.length - 1, Math.max(0, Math.round(index)));
    this.pendingSteps = 0;
    this.changes.emit('ui');
  }

  setHeld(held: boolean): void {
    if (held === this.held) return;
    this.held = held;
    this.lastTick = null;
    this.changes.emit('ui');
  }

  /**
   * The steps due at a frame at time `now`: the speed's steps per frame, or per second times
   * the time since the last frame (the pending fraction carried over). 0 while paused, held
   * or at "instant"; the first frame after those counts from itself.
   */
  due(now: number): number {
    if (!this.wantsFrames) {
      this.lastTick = null;
      return 0;
    }
    const elapsed = this.lastTick === null ? 0 : Math.max(0, now - this.lastTick);
    this.lastTick = now;
    const speed = this.speed;
    if (speed.kind === 'instant') return 0;
    if (speed.kind === 'per-frame') return speed.steps;
    this.pendingSteps += (elapsed * speed.steps) / 1000;
    const due = Math.floor(this.pendingSteps);
    this.pendingSteps -= due;
    return due;
  }

  /** A frame at which the steps wait (the searches are on their way to a step): its time is not playback time. */
  skip(now: number): void {
    this.lastTick = this.wantsFrames ? now : null;
  }
}
