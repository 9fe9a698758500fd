// Long computations on the main thread, cut into slices with a return to the event loop
// between them, so the page keeps answering input and painting frames. One runner holds at
// most one job: starting a new job cancels the old one (a newer edit makes it pointless).
export type SliceWork = (budgetMs: number) => boolean;

export class SliceRunner {
  private generation = 0;
  private pending: ReturnType<typeof setTimeout> | null = null;

  /**
   * Runs a first slice of `firstBudgetMs` now, the rest in slices of `budgetMs` after
   * yields; `work` returns true when done.
   */
  start(work: SliceWork, budgetMs: number, firstBudgetMs = budgetMs): void {
    this.cancel();
    const generation = this.generation;
    const slice = (budget: number) => {
      this.pending = null;
      if (generation !== this.generation) return;
      if (!work(budget)) this.pending = setTimeout(slice, 0, budgetMs);
    };
    slice(firstBudgetMs);
  }

  cancel(): void {
    this.generation++;
    if (this.pending !== null) clearTimeout(this.pending);
    this.pending = null;
  }
}
