// Work done in chunks until a time budget is spent: every job that runs a search or a walk
// (jobs.ts) calls the engine through this, so a slice never overruns its budget by more
// than one chunk.

/**
 * Runs `runSteps` in chunks for about `budgetMs`; true once `finished()`. Chunks grow while
 * they stay well inside the budget, so slow machines still yield often and fast ones do
 * not pay for many small calls.
 */
export function runChunked(finished: () => boolean, runSteps: (n: number) => number, budgetMs: number, firstChunk = 2048): boolean {
  const begin = performance.now();
  let chunk = firstChunk;
  for (;;) {
    if (finished()) return true;
    const made = runSteps(chunk);
    if (made < chunk || finished()) return true;
    const spent = performance.now() - begin;
    if (spent >= budgetMs) return false;
    if (spent < budgetMs / 4) chunk *= 2;
  }
}

