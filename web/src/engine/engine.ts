// The engine as the rest of the project sees it: the web app, the CLI, the benchmark and
// the tests all go through this file, never through the raw module.
//
// What the wrapper adds to the raw embind module (./astar-wasm.d.ts):
// - Names instead of enum objects and cell ids: options, statuses, phases and outcomes
//   are strings, cells are {x, y}, "no value" is null rather than NaN, and a step's
//   events are a discriminated union (SearchEvent) rather than raw tagged records.
// - The catalog: the core's table of algorithms and every option name, which the panel,
//   share links, embed settings and the CLI read instead of keeping lists of their own.
// - Checked input: bad sizes, coordinates, costs and option names throw RangeError with a
//   sentence saying what was wrong; bad .map/.scen text throws MapFormatError with the
//   line. Nothing reaches wasm unchecked.
// - Ownership. Grids, searches and walks live in wasm memory, which the garbage collector
//   does not see: whoever creates one calls delete() once (or declares it with `using`:
//   [Symbol.dispose] is delete). A Search reads its Grid, so a grid refuses delete() while
//   a search still uses it (delete the search or setGrid() it to another grid first).
//   delete() twice is harmless; any other call after delete() throws. A wrapper that is
//   dropped without delete() is reclaimed by a FinalizationRegistry when the garbage
//   collector gets to it, with a console warning the first time outside production (see
//   reclaimed() in memory.ts).
// - Memory the engine can say it lacks. Before anything that allocates per-cell arrays the
//   wrapper asks malloc for room (makeRoom): when the 2 GB wasm heap is full it throws
//   EngineMemoryError, saying how many objects are still undeleted, instead of letting
//   the failed allocation abort the whole module. And each wrapper carries an untouched
//   ArrayBuffer in proportion to the wasm memory it holds (CollectorHint), so the garbage
//   collector, which does not count wasm memory, runs as often as the memory dropped
//   wrappers hold calls for.
// - Bulk reads without per-cell objects: cellView() is typed-array views of wasm memory,
//   valid until memory grows (any allocation may grow it) or the search's arrays are
//   replaced, so callers re-fetch them each frame; re-fetching is cheap and returns the same
//   view while it is still valid. A view is read-only in practice (the wrapper reads it
//   through getters). costs() is a copy instead: a Uint8Array cannot be frozen, and a
//   writable view of the grid's costs would let a caller edit the map past setCost(), its
//   revision and its uniform-cost flag (JPS then searched a map it thought uniform).
//
// One wasm instance per JS realm: loadEngine() caches its promise, so every module of the
// page (or every test in a file) shares one instance and one memory.
//
// This file is the engine's one public entry: every other module, the CLI and the npm
// package import from here, and only what is re-exported here is API. The work is split by
// job under web/src/engine/:
//   types.ts       option names, SearchOptions and its defaults, events, figures, limits
//   errors.ts      MapFormatError and EngineMemoryError
//   interfaces.ts  Engine, Grid, Search, Walk and CellView, with their documentation
//   load.ts        loadEngine() (one instance per realm) and gridSizeError()
//   wasm-engine.ts the Engine over the module: enum tables, options, makeRoom
//   enum-table.ts  enum members by name and names by member, checked against the build
//   memory.ts      reclaiming dropped wrappers and the collector hint
//   grid.ts, search.ts, walk.ts, cell-view.ts  the wrappers of each object
//   path-searches.ts  findPath, over searches kept with the grid
//   checks.ts      the argument checks every entry point shares (preparationCell, what
//                  prepare() needs of a grid, is also the package's)
//   raw-values.ts  raw values (NaN, NO_CELL, int pairs) to the wrapper's
// The raw module's declaration is ambient (matched by path): referenced here so that every
// program that compiles this file sees it, the declaration bundler's included.
/// <reference path="./astar-wasm.d.ts" />
/// <reference lib="esnext.disposable" preserve="true" />
export type { AlgorithmRow, Catalog } from './catalog';
export type { WalkDivergence } from './walk-divergence';
export { MAX_RADIUS, MESH_ALGORITHMS } from './mesh-types';
export type { BuiltMesh, FunnelStep, MeshAlgorithmName, MeshBuildReport, MeshData, MeshEvent, MeshSearch, MeshSearchOptions, NavMeshInfo, PlanePoint, PolyanyaNode, PolygonNode } from './mesh-types';
export * from './types';
export * from './errors';
export * from './interfaces';
export { gridSizeError, loadEngine } from './load';
export { preparationCell } from './checks';
