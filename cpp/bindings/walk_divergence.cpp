// Where two walks parted (walk.h's first_divergence), as JavaScript receives it from
// Walk._firstDivergence (declared in web/src/engine/astar-wasm.d.ts, wrapped by
// web/src/engine/walk-divergence.ts). Compare mode asks it of two agents on the same world:
// with canonical routes, optimal planners walk the same route, so a parting says that one
// plan really was dearer, or that the agents knew different cells. A value object of plain
// numbers: nothing to delete.
#include <emscripten/bind.h>

#include "walk.h"

EMSCRIPTEN_BINDINGS(walk_divergence) {
  emscripten::value_object<astar::WalkDivergence>("WalkDivergence")
      .field("diverged", &astar::WalkDivergence::diverged)
      .field("at", &astar::WalkDivergence::at)
      .field("costA", &astar::WalkDivergence::cost_a)
      .field("costB", &astar::WalkDivergence::cost_b)
      .field("equallyCheap", &astar::WalkDivergence::equally_cheap);
}
