// Walks in JavaScript: `Walk`, an agent that walks a world grid JavaScript owns and replans
// (walk.h), and its counters.
//
// A walk owns its planner; `_planner()` hands out a PlannerView (search_reader.h) that reads
// whichever search the walk holds now and has no mutators, so the wrapper shows a walk's
// planner with the same code as any search. Points cross as {x, y}; the walked route and the
// plan as typed-array views of (x, y) int pairs, the known mask as a Uint8Array view, valid
// until the next step, edit or wasm allocation (the wrapper copies or re-fetches them).
//
// Every call that changes the walk may allocate (its planner's arrays and path, the plan, the
// route walked); when an allocation fails the walk abandons (Walk::abandon: Ready, no plan, its
// planner abandoned too) and the call throws in JavaScript (memory.h).
#include <cstdint>
#include <vector>

#include "bindings.h"
#include "memory.h"
#include "search_reader.h"
#include "walk.h"

namespace astar::bindings {
namespace {

struct WalkCountersView {
  double steps = 0;
  double moves = 0;
  double walked_cost = 0;
  double replans = 0;
  double expanded_this_plan = 0;
  double expanded_total = 0;
  double route_expanded = 0;
};

class WalkHandle {
 public:
  explicit WalkHandle(const Grid& world) : walk_(world), planner_(walk_) {}

  void set_options(Algorithm algorithm, Diagonal diagonal, Heuristic heuristic, bool use_default_heuristic, double weight,
                   CostModel cost_model, double max_expansions, int sense_radius) {
    walk_.set_options(search_options(algorithm, diagonal, heuristic, use_default_heuristic, weight, cost_model, max_expansions),
                      sense_radius);
  }
  void set_canonical_routes(bool on) { walk_.set_canonical_routes(on); }
  // Where this walk and `other` parted (compare mode): reads both routes, allocates nothing.
  WalkDivergence first_divergence(const WalkHandle& other) const { return astar::first_divergence(walk_, other.walk_); }
  bool reset(Point start, Point goal) {
    bool started = false;
    changing("starting this walk", [&] { started = walk_.reset(start, goal); });
    return started;
  }

  // {planned, events, from, to, cost, discovered (cell ids), replan, arrived}, or null when
  // there was nothing to do.
  val step() {
    return guarded(
        "running this walk", [&] { return walk_.step(&record_) ? step_record() : val::null(); },
        [&] {
          walk_.abandon();
          return val::null();
        });
  }
  double run_steps(double count, bool until_move) {
    std::uint64_t made = 0;
    if (count > 0) changing("running this walk", [&] { made = walk_.run_steps(count_from(count), until_move); });
    return static_cast<double>(made);
  }

  WalkStatus status() const { return walk_.status(); }
  Refusal refusal() const { return walk_.refusal(); }
  WalkCountersView counters() const {
    const WalkCounters& c = walk_.counters();
    return {static_cast<double>(c.steps), static_cast<double>(c.moves), c.walked_cost, static_cast<double>(c.replans),
            static_cast<double>(c.expanded_this_plan), static_cast<double>(c.expanded_total),
            static_cast<double>(c.route_expanded)};
  }
  Point agent() const { return walk_.agent(); }
  Point goal() const { return walk_.goal(); }
  val walked_view() const { return points_view(walk_.walked()); }
  // A copy (the core makes the plan from the agent on): the walk is unchanged when it fails.
  val planned_view() {
    guarded("the walk's plan", [&] { planned_ = walk_.planned_path(); }, [&] { std::vector<Point>().swap(planned_); });
    return points_view(planned_);
  }
  // Cell ids (a JS array of numbers); ids outside the world are ignored by the core.
  void world_changed(const val& cells) {
    changing("the edits this walk sees", [&] {
      const std::vector<double> ids = emscripten::convertJSArrayToNumberVector<double>(cells);
      std::vector<CellId> changed;
      changed.reserve(ids.size());
      for (double id : ids)
        if (id >= 0 && id < static_cast<double>(walk_.world().cell_count())) changed.push_back(static_cast<CellId>(id));
      walk_.world_changed(changed);
    });
  }
  bool set_goal(Point goal) {
    bool moved = false;
    changing("planning to the new goal", [&] { moved = walk_.set_goal(goal); });
    return moved;
  }
  val known_view() const {
    const std::vector<std::uint8_t>& known = walk_.known();
    return val(emscripten::typed_memory_view(known.size(), known.data()));
  }
  PlannerView* planner() { return &planner_; }

 private:
  // The last step as a plain object (see step()).
  val step_record() const {
    val result = val::object();
    result.set("planned", record_.planned);
    result.set("events", events_array(record_.events));
    result.set("from", record_.from);
    result.set("to", record_.to);
    result.set("cost", record_.cost);
    val discovered = val::array();
    for (const Discovery& d : record_.discovered) discovered.call<void>("push", static_cast<double>(d.cell));
    result.set("discovered", discovered);
    result.set("replan", record_.replan);
    result.set("arrived", record_.arrived);
    return result;
  }

  // Runs `change` on the walk; false, with the walk abandoned, when it ran out of memory.
  template <class Change>
  bool changing(const char* what, Change&& change) {
    return guarded(what, [&] { change(); return true; }, [&] { walk_.abandon(); return false; });
  }

  Walk walk_;
  PlannerView planner_;
  WalkStepRecord record_;
  std::vector<Point> planned_;  // planned_view's buffer
};

}  // namespace
}  // namespace astar::bindings

EMSCRIPTEN_BINDINGS(astar_walk) {
  using namespace emscripten;
  using astar::bindings::WalkCountersView;
  using astar::bindings::WalkHandle;

  value_object<WalkCountersView>("WalkCounters")
      .field("steps", &WalkCountersView::steps)
      .field("moves", &WalkCountersView::moves)
      .field("walkedCost", &WalkCountersView::walked_cost)
      .field("replans", &WalkCountersView::replans)
      .field("expandedThisPlan", &WalkCountersView::expanded_this_plan)
      .field("expandedTotal", &WalkCountersView::expanded_total)
      .field("routeExpanded", &WalkCountersView::route_expanded);

  // Where two walks parted (walk.h's first_divergence), for compare mode: with canonical
  // routes optimal planners walk the same route, so a parting says that one plan really was
  // dearer, or that the agents knew different cells. Plain numbers: nothing to delete.
  value_object<astar::WalkDivergence>("WalkDivergence")
      .field("diverged", &astar::WalkDivergence::diverged)
      .field("at", &astar::WalkDivergence::at)
      .field("costA", &astar::WalkDivergence::cost_a)
      .field("costB", &astar::WalkDivergence::cost_b)
      .field("equallyCheap", &astar::WalkDivergence::equally_cheap);

  class_<WalkHandle>("Walk")
      .constructor<const astar::Grid&>()
      .function("_setOptions", &WalkHandle::set_options)
      .function("setCanonicalRoutes", &WalkHandle::set_canonical_routes)
      .function("_firstDivergence", &WalkHandle::first_divergence)
      .function("reset", &WalkHandle::reset)
      .function("_step", &WalkHandle::step)
      .function("runSteps", &WalkHandle::run_steps)
      .function("status", &WalkHandle::status)
      .function("refusal", &WalkHandle::refusal)
      .function("counters", &WalkHandle::counters)
      .function("agent", &WalkHandle::agent)
      .function("goal", &WalkHandle::goal)
      .function("_walkedView", &WalkHandle::walked_view)
      .function("_plannedView", &WalkHandle::planned_view)
      .function("_worldChanged", &WalkHandle::world_changed)
      .function("setGoal", &WalkHandle::set_goal)
      .function("_knownView", &WalkHandle::known_view)
      .function("_planner", &WalkHandle::planner, allow_raw_pointers());
}
