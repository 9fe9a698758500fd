// Searches that prepare for a map before they search (JPS+'s jump table, subgoal graphs,
// later a navigation mesh): the engine leaves such a search in status 'preparing' after a
// reset until prepareSteps(units) has built what it needs (cpp/core/search.h's preparation
// contract). runSteps() on a preparing search would prepare in one call, which on a big map
// may take a second, so the page prepares it first, in slices like any other long work
// (jobs.ts): every job that runs a search goes through prepareFor().
//
// The engine names these members only in searches that prepare; the page asks for them by
// shape, so it works the same before and after the engine has any such search.
import type { Search } from '../engine/engine';
import { runChunked } from './chunks';

/** How far a search's preparation has got (the engine's Search::preparation()). */
export interface Preparation {
  /** False for searches that prepare nothing. */
  needed: boolean;
  ready: boolean;
  /** Work units done and in all (rows, subgoals, ...). */
  done: number;
  total: number;
  /** Memory the prepared data holds. */
  bytes: number;
}

/** The members of a search that prepares. */
export interface Preparing {
  readonly status: string;
  preparation(): Preparation;
  /** Advances the preparation by about `units` units of work; returns the units done. When it completes, the search begins. */
  prepareSteps(units: number): number;
  /** Shares another search's prepared data when it was made for the same grid, revision and options; true when it did. */
  adoptPreparation?(other: unknown): boolean;
}

/** The search's preparing members, when it is preparing now; else null. */
export function preparing(search: Search | Preparing | { readonly status: string }): Preparing | null {
  const candidate = search as Partial<Preparing> & { status: string };
  return candidate.status === 'preparing' && typeof candidate.prepareSteps === 'function' && typeof candidate.preparation === 'function'
    ? (candidate as Preparing) : null;
}

/** How far the search's preparation has got, 0 to 1; null when it is not preparing. */
export function preparationProgress(search: Search | Preparing): number | null {
  const active = preparing(search);
  if (!active) return null;
  const { done, total } = active.preparation();
  return total > 0 ? Math.min(1, done / total) : 0;
}

/**
 * Prepares `search` for about `budgetMs`, if it is preparing; true once it no longer is
 * (at once for searches that prepare nothing). Before preparing, it adopts the preparation
 * of one of `others` made for the same map and options, if one has it, at no cost (the
 * engine says whether it may).
 */
export function prepareFor(search: Search | Preparing, budgetMs: number, others: readonly (Search | Preparing)[] = []): boolean {
  const active = preparing(search);
  if (!active) return true;
  for (const other of others) {
    if (other !== search && preparing(other) === null && active.adoptPreparation?.(other) && preparing(search) === null) return true;
  }
  // From one unit, doubling while the slice has time: a unit can be costly (contracting one
  // well-connected subgoal of a subgoal graph takes milliseconds), where 64 of them at once
  // could overrun the slice many times over.
  return runChunked(() => preparing(search) === null, (units) => active.prepareSteps(units), budgetMs, 1);
}
