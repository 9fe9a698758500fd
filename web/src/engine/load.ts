// Loading the wasm module: one instance per JS realm. loadEngine() caches its promise, so
// every module of the page (or every test in a file) shares one instance and one memory; a
// failed load is forgotten so that a later call can try again. gridSizeError() lives here
// because it asks the loaded module (the size rule is the C++ core's).
/// <reference path="./astar-wasm.d.ts" />
import createAstarModule from './generated/astar-wasm.mjs';
import type { AstarModule } from './generated/astar-wasm.mjs';
import { shown } from './checks';
import type { Engine } from './interfaces';
import { WasmEngine } from './wasm-engine';

let loadedModule: AstarModule | undefined;
let enginePromise: Promise<Engine> | undefined;

/** The shared engine of this JS realm, instantiated on first use. */
export function loadEngine(): Promise<Engine> {
  enginePromise ??= createAstarModule().then(
    (raw) => {
      loadedModule = raw;
      return new WasmEngine(raw);
    },
    (error: unknown) => {
      enginePromise = undefined; // let a later call try again
      throw error;
    },
  );
  return enginePromise;
}

/**
 * Null when width x height is an acceptable grid size, else the sentence createGrid would
 * throw. The rule lives in the C++ core, so the engine must have loaded (await loadEngine()).
 */
export function gridSizeError(width: number, height: number): string | null {
  if (!loadedModule) throw new Error('gridSizeError() needs the engine: await loadEngine() first');
  if (typeof width !== 'number' || typeof height !== 'number') return `grid size must be numbers, got ${shown(width)} x ${shown(height)}`;
  return loadedModule.gridSizeError(width, height) || null;
}

