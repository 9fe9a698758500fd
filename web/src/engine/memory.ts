// Wasm memory the JavaScript garbage collector does not see: reclaiming wrappers dropped
// without delete() (a FinalizationRegistry, with one warning outside production), making
// the collector run as often as the wasm memory dropped wrappers hold calls for
// (CollectorHint), and the sizes makeRoom (in ./wasm-engine.ts) keeps free. Why each
// mechanism exists is told beside it.
import type { EngineGrid } from './grid';
import type { WasmEngine } from './wasm-engine';

/**
 * What is left to free of a wrapper dropped without delete(): its raw object and, for a
 * search or a walk, the grid it reads, which the registry holds until then (so the grid
 * cannot be reclaimed first) and which stops counting it as a user. It must not refer to
 * the wrapper, or the wrapper would never be collected.
 */
export interface Leftover {
  kind: 'Grid' | 'Search' | 'Walk' | 'MeshSearch';
  engine: WasmEngine;
  raw: { delete(): void };
  reads: EngineGrid | null;
  /** A grid's: the raw searches it keeps for findPath, freed before it. */
  kept?: ReadonlySet<{ delete(): void }>;
}

// Registered with the wrapper itself as the unregister token, so delete() can cancel it.
export const reclaimer = new FinalizationRegistry<Leftover>(reclaimed);
let reclaimWarned = false;

function reclaimed(leftover: Leftover): void {
  try {
    for (const raw of leftover.kept ?? []) raw.delete();
    leftover.raw.delete();
  } catch {
    // Only an engine that has aborted refuses; an error here would surface as an uncaught
    // exception at whatever moment the collector ran, far from its cause.
  }
  if (leftover.reads) leftover.reads.users -= 1;
  leftover.engine.liveObjects -= 1;
  if (reclaimWarned || !developmentMode()) return;
  reclaimWarned = true;
  console.warn(`astar-playground: a ${leftover.kind} was garbage-collected without delete(), so its wasm memory ` +
    'was held until the collector ran; call delete() (or declare it with `using`) when done with it. ' +
    'This warning is shown once, and not when NODE_ENV is production.');
}

/**
 * Kept free besides each new object's per-cell arrays: for open lists, which grow with the
 * frontier, and for everything small (events, paths, strings), so those allocations do not
 * fail either.
 */
export const MEMORY_RESERVE = 32 * 2 ** 20;

/**
 * What a wrapper carries so that the garbage collector sees the wasm memory it holds: an
 * untouched ArrayBuffer of a quarter of that memory. V8 starts a collection when memory
 * outside its heap, such as ArrayBuffers, has grown by about 64 MB, but it does not count
 * wasm memory: a program that drops wrappers without delete() would otherwise fill the
 * 2 GB heap long before the collector ran and their finalizers freed it. A quarter makes
 * the collector run about every 256 MB of wasm memory held, at a quarter of the cost.
 *
 * The buffer is made at the end of the current job (a microtask), so an object made and
 * deleted in one go, like findPath's search, never pays for it; finalizers cannot run
 * before then anyway. The microtask holds this object, not the wrapper, so it keeps no
 * wrapper alive.
 */
export class CollectorHint {
  private buffer: ArrayBuffer | null = null;
  private bytes = 0;
  private queued = false;

  /** The wrapper holds `bytes` of wasm memory from now on. */
  hold(bytes: number): void {
    if (bytes === this.bytes) return;
    this.bytes = bytes;
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      const size = Math.floor(this.bytes / 4);
      if (this.buffer?.byteLength === size) return;
      try {
        this.buffer = size > 0 ? new ArrayBuffer(size) : null;
      } catch {
        this.buffer = null; // a hint, never a reason to fail
      }
    });
  }

  /** The wrapper was deleted. */
  release(): void {
    this.bytes = 0;
    this.buffer = null;
  }
}

export function megabytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 2 ** 20)).toLocaleString('en-US')} MB`;
}

/**
 * Whether to warn of reclaimed wrappers: Vite's import.meta.env.DEV where Vite built this
 * file for its own use (dev server, Vitest; production builds make it false), else
 * process.env.NODE_ENV !== 'production', read at run time in Node or replaced by the
 * bundler of an app that uses the package. A browser page without a bundler has no
 * `process`: no warning there.
 */
function developmentMode(): boolean {
  if (import.meta.env?.DEV) return true;
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}
