// What the binding files share (cpp/bindings/*.cpp, each registering one subject in its own
// EMSCRIPTEN_BINDINGS block): the conventions every one of them follows, written once.
//
// The raw module's shape (documented member by member in web/src/engine/astar-wasm.d.ts,
// wrapped into the friendly API by web/src/engine/engine.ts):
// - names.cpp    the limits and every enum, registered from the core's name tables, and
//                `catalog()`, the algorithm table as plain objects
// - grid.cpp     Grid (no constructor: `Grid.create` checks the size and answers null) and Point
// - formats.cpp  Moving AI .map and .scen text in, {ok, ...} results out
// - search.cpp   SearchReader (what JavaScript reads of a search), Search (the SearchHandle
//                JavaScript owns) and PlannerView (a walk's planner, read-only), the step
//                events and the open list
// - walk.cpp     Walk, an agent walking and replanning
// - memory.cpp   the heap's figures and the room check the wrapper asks before allocating
// Embind registers a type wherever it is named and resolves every use once all blocks have
// run, so a file may use a type another file registers (search.cpp's Search.reset takes the
// Point grid.cpp registers). Adding a subject is adding a file here: cmake/wasm.cmake globs
// the folder.
//
// Conventions:
// - Sizes and counts cross as doubles: embind in Emscripten 3.1.6 has no 64-bit integers
//   without BigInt, and a JS number passed to an `int` parameter would be silently
//   truncated to 32 bits before we could check it.
// - Bulk data leaves as typed-array views into wasm memory. They are only valid until
//   memory grows or the arrays behind them are replaced; the wrapper re-fetches them.
// - Every per-cell read checks the id: the raw module is callable from JS directly and must
//   not read outside its arrays whatever it is given.
// - Only this folder includes an Emscripten header; the core never does.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <vector>

#include "events.h"
#include "options.h"
#include "search.h"

namespace astar::bindings {

using emscripten::val;

static_assert(sizeof(Point) == 2 * sizeof(int), "points cross as (x, y) int pairs");

// Options as the raw `_setOptions` of a search and of a walk take them: the heuristic only
// counts when `use_default_heuristic` is false, and a max_expansions below 1 means no cap.
SearchOptions search_options(Algorithm algorithm, Diagonal diagonal, Heuristic heuristic, bool use_default_heuristic,
                             double weight, CostModel cost_model, double max_expansions);

// A count from JavaScript (already known to be > 0) as the core's unsigned count: anything
// beyond 64 bits means "no limit".
std::uint64_t count_from(double count);

// A step's events as a JS array of plain Event objects.
val events_array(const std::vector<Event>& events);

// Points as an Int32Array view of (x, y) pairs, valid until the vector changes or memory grows.
val points_view(const std::vector<Point>& points);

}  // namespace astar::bindings
