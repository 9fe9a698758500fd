// The page's one animation-frame loop. At each frame it ticks the store's clock, which
// advances the searches by the steps due, and then draws every pane whose scene changed,
// so a step played at a frame is drawn in that same frame. Nothing else in the page asks
// for animation frames: whatever has something new to show (a change of the store, the
// pointer over another cell, a resized pane) wakes the loop, and a frame comes once
// however often it was woken before it; the loop sleeps when nothing changes and nothing
// plays.
//
// Work that reads the page's layout (placing a tooltip, scrolling a list to its current
// line) waits for the frame too (later()): read in the middle of a burst of changes, a
// layout is computed again for every change; read at the frame, once, as rendering needs
// it anyway.
export class FrameLoop {
  private request = 0;
  private readonly tasks = new Set<() => void>();

  /** `frame` does one frame's work and says whether another frame is wanted at once (playback). */
  constructor(private readonly frame: (now: number) => boolean) {}

  /** Asks for a frame. */
  wake(): void {
    if (!this.request) this.request = requestAnimationFrame(this.run);
  }

  /** Runs `task` at the next frame, after the panes are drawn (once, however often it is asked for before). */
  later(task: () => void): void {
    this.tasks.add(task);
    this.wake();
  }

  destroy(): void {
    if (this.request) cancelAnimationFrame(this.request);
    this.request = 0;
    this.tasks.clear();
  }

  private readonly run = (now: number): void => {
    this.request = 0;
    const more = this.frame(now);
    const tasks = [...this.tasks];
    this.tasks.clear();
    for (const task of tasks) task();
    if (more) this.wake();
  };
}
