// CanonicalRoute: among the cheapest routes from a cell to the goal, one chosen by a rule
// that does not depend on the search that found a plan, so that agents walking the same
// world with different planners (compare mode) walk the same route unless one plan is
// really cheaper.
//
// The rule. Write d(s) for the cost of a cheapest path from s to the goal on the grid the
// agent knows. From each cell s the route takes the first move, in route order (moves.h:
// the diagonals, then the straight moves, each clockwise from north), into a cell n with
//   c(s, n) + d(n) = d(s),
// that is, the first move that lies on some cheapest path. This is the order in which a
// search that dives toward the goal along one cheapest path (A* with the larger g first
// at equal f; MPAA*; D* Lite with its ties, dstar_lite.h) takes its moves on open ground,
// so their plans are mostly canonical already and the agent walks what its planner
// planned, which is what their reuse between plans counts on. Every suffix of a canonical
// route is the canonical route from its first cell, so a walk that does not replan keeps
// walking it; and a change that does not touch the rest of the route (no replan) leaves
// it canonical, since costs that only went up elsewhere cannot make an earlier move of
// route order cheapest, and the route's own cost has not changed.
//
// Why no search does this by itself: a search knows d exactly only for the cells it has
// settled, and on open ground every cell between two equally cheap routes ties with them,
// a whole band (for D* Lite's original key, 76 times A*'s work on arena). The band is not
// needed: only the moves the rule tries before the one it takes.
//
// How. Given a cheapest plan from the agent (any optimal planner's), the cells of the plan
// are "certified": d is known exactly along it (the rest of the plan's cost) with a next
// move. Walking the rule from the agent, a candidate move s -> n is decided exactly:
//   - n certified: it lies on a cheapest path iff d(n) = d(s) - c(s, n).
//   - else, with the bound B = d(s) - c(s, n): if h(n) > B (h admissible: octile with
//     diagonal moves, else manhattan, scaled by the cheapest terrain) it does not;
//     otherwise a best-first search from n, pruned at f = g + h > B, with reopening, stops
//     at the first certified cell m it takes with g(m) + d(m) <= B: a path of cost B from n
//     exists (so d(n) = B, as d(n) >= d(s) - c(s, n) always), and the cells of the path it
//     found are certified in turn; if it runs out of cells with f <= B, there is none.
// So the route is exactly the rule's, whatever plan it started from, and the searches
// only look where a candidate is not yet known: in the common case a few cells per
// disagreement between the plan and the rule (a dive that reaches the certified plan
// again), at worst the cells with f <= B around a candidate that turns out not to lie on
// a cheapest path. Such a failed search proves more than its candidate wrong: every cell m
// it closed, reached at cost g from n, has no path to the goal cheaper than B - g (it
// would extend to one from n), and later searches prune at m with that bound, so the
// cells of a pocket beside the route are searched once, not at every step past it.
// Between calls (an agent's successive plans) two things stay true while the grid's costs
// only go up, which is how an agent learns unknown terrain it assumed free: those lower
// bounds, and the last route's suffix whose moves cost what they did (it is still the
// canonical route from each of its cells, by the argument above), so a new plan's route is
// only chosen until it meets that suffix. The Walk calls forget() when a cost goes down.
// Costs are exact (exact_costs.h): equality of costs is exact, no rounding noise.
//
// When it applies: the plan must be a cheapest path (the Walk canonicalises plans of the
// optimal searches with weight 1 and an admissible heuristic; see Walk). "Cheapest" is
// judged in the rounded lengths of exact_costs.h, which differ from the true ones by 1.5e-8
// per diagonal: two routes whose true costs differ by less than their rounding could tie
// here (in the 10-14 model every cost is exact).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include "exact_costs.h"
#include "grid.h"
#include "moves.h"
#include "options.h"

namespace astar {

class RouteCanonicaliser {
 public:
  // What it keeps per grid cell (allocated at its first route() on a grid), for the walk's
  // bytes per cell.
  static constexpr std::size_t kBytesPerCell = 40;

  // The canonical route from plan.front() to plan.back() on `grid` under `options`' moves,
  // given `plan`, a cheapest path there. Returns the plan unchanged if it is not a chain of
  // legal moves.
  std::vector<Point> route(const Grid& grid, const SearchOptions& options, const std::vector<Point>& plan);
  // The cells the last route() expanded in its searches.
  std::uint64_t expanded() const { return expanded_; }
  // Between calls it keeps the last route and the lower bounds its searches found, which
  // stay true while the grid's costs only go up: call this when one went down.
  void forget();

 private:
  // Per cell: what this call has certified, what this epoch's failed searches have shown,
  // and the current check's search, each valid where its stamp is current.
  struct Node {
    double d = 0;      // certified: the exact cost to the goal
    double below = 0;  // d is more than this
    double g = 0;      // the current search's cost from its candidate
    std::uint32_t certified = 0, bounded = 0, searched = 0;  // stamps: call_, epoch_, search_
    std::uint8_t next = kNoDirection;    // certified: the next move of a cheapest path
    std::uint8_t parent = kNoDirection;  // search: the move that reached it
    bool closed = false;                 // search: taken
  };
  static_assert(sizeof(Node) == kBytesPerCell);
  // The search's open list: f, not certified (certified first), -g (larger g first), id.
  using Item = std::tuple<double, bool, double, CellId>;

  bool certified(CellId id) const { return nodes_[id].certified == call_; }
  void certify(CellId id, double d, int next);
  // Whether n lies on a cheapest path at bound d(n) <= `bound`; certifies it if so.
  bool on_cheapest_path(CellId n, double bound);
  bool legal(CellId from, int dir) const;

  const Grid* grid_ = nullptr;
  Diagonal diagonal_ = Diagonal::Never;
  ExactCosts costs_;
  Point goal_{};
  std::array<int, kDirectionCount> offset_{};
  std::vector<Node> nodes_;
  std::vector<Item> open_;
  std::vector<CellId> closed_;
  std::uint32_t call_ = 0, epoch_ = 1, search_ = 0;
  std::vector<Point> last_route_;  // the last route, and d along it
  std::vector<double> last_d_;
  std::size_t last_cells_ = 0;
  std::uint64_t expanded_ = 0;
};

}  // namespace astar
