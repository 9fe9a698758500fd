#include "canonical_route.h"

#include <algorithm>
#include <bit>
#include <functional>
#include <unordered_map>

#include "events.h"
#include "moves.h"

namespace astar {

namespace {

// The direction of the move a -> b between neighbours, or -1.
int direction_between(Point a, Point b) {
  for (int dir = 0; dir < kDirectionCount; ++dir)
    if (a.x + kDirDx[dir] == b.x && a.y + kDirDy[dir] == b.y) return dir;
  return -1;
}

}  // namespace

bool RouteCanonicaliser::legal(CellId from, int dir) const {
  const Grid& grid = *grid_;
  return grid.passable(from) && (allowed_moves(diagonal_, grid.neighbour_mask(from)) & (1u << dir));
}

void RouteCanonicaliser::forget() {
  last_route_.clear();
  last_d_.clear();
  ++epoch_;  // every lower bound is forgotten
}

void RouteCanonicaliser::certify(CellId id, double d, int next) {
  Node& node = nodes_[id];
  node.certified = call_;
  node.d = d;
  node.next = static_cast<std::uint8_t>(next);
}

std::vector<Point> RouteCanonicaliser::route(const Grid& grid, const SearchOptions& options, const std::vector<Point>& plan) {
  expanded_ = 0;
  ++call_;  // nothing is certified yet
  if (plan.empty()) return plan;
  // What the last route() learned holds while the grid, the rules and the goal are the same
  // and costs only went up (forget() otherwise).
  const bool same = !last_route_.empty() && grid_ == &grid && last_cells_ == grid.cell_count() &&
                    diagonal_ == options.diagonal && costs_.true_lengths == direction_lengths(options.cost_model) &&
                    last_route_.back() == plan.back();
  if (!same) forget();
  grid_ = &grid;
  last_cells_ = grid.cell_count();
  if (nodes_.size() != grid.cell_count()) nodes_.assign(grid.cell_count(), Node{});
  diagonal_ = options.diagonal;
  // Its own searches use the most informed admissible estimate for the moves, whatever the
  // planner used: the route does not depend on it.
  costs_ = ExactCosts::make(options.cost_model, options.diagonal == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile,
                            grid.min_cost());
  goal_ = plan.back();
  for (int dir = 0; dir < kDirectionCount; ++dir) offset_[dir] = kDirDy[dir] * grid.width() + kDirDx[dir];

  // The plan certifies its cells: d is the rest of its cost.
  std::vector<int> dirs;
  for (std::size_t i = 0; i + 1 < plan.size(); ++i) {
    const int dir = direction_between(plan[i], plan[i + 1]);
    if (dir < 0 || !grid.in_bounds(plan[i + 1].x, plan[i + 1].y) || !legal(grid.id(plan[i]), dir)) return plan;
    dirs.push_back(dir);
  }
  double d = 0;
  certify(grid.id(goal_), 0, kNoDirection);
  for (std::size_t i = plan.size() - 1; i-- > 0;) {
    d += costs_.move(dirs[i], grid.cost(grid.id(plan[i + 1])));
    const CellId id = grid.id(plan[i]);
    // A plan that passes a cell twice is no cheapest path; keep the later (cheaper) part.
    if (!certified(id)) certify(id, d, dirs[i]);
  }

  // The last route's suffix whose moves cost what they did: still the canonical route from
  // each of its cells (see the header), with the same d.
  std::unordered_map<CellId, std::size_t> kept;  // cell -> its index in last_route_
  for (std::size_t j = last_route_.size(); j-- > 0;) {
    const CellId id = grid.id(last_route_[j]);
    if (j + 1 < last_route_.size()) {
      const int dir = direction_between(last_route_[j], last_route_[j + 1]);
      const CellId next = grid.id(last_route_[j + 1]);
      if (!legal(id, dir) || costs_.move(dir, grid.cost(next)) != last_d_[j] - last_d_[j + 1]) break;
      certify(id, last_d_[j], dir);
    }
    kept[id] = j;
  }

  std::vector<Point> route{plan.front()};
  for (CellId at = grid.id(plan.front()); at != grid.id(goal_);) {
    if (const auto from = kept.find(at); from != kept.end()) {
      route.insert(route.end(), last_route_.begin() + static_cast<std::ptrdiff_t>(from->second) + 1, last_route_.end());
      break;
    }
    const double here = nodes_[at].d;
    CellId chosen = kNoCell;
    for (const int dir : kRouteOrder) {
      if (!legal(at, dir)) continue;
      const CellId n = at + static_cast<CellId>(offset_[dir]);
      const double bound = here - costs_.move(dir, grid.cost(n));
      if (bound >= 0 && on_cheapest_path(n, bound)) {
        chosen = n;
        break;
      }
    }
    // The certified next move is always found by the loop; this only guards against a plan
    // that was not cheapest after all.
    if (chosen == kNoCell) {
      forget();
      return plan;
    }
    route.push_back(grid.point(chosen));
    at = chosen;
  }
  last_route_ = route;
  last_d_.assign(route.size(), 0);
  for (std::size_t j = route.size() - 1; j-- > 0;)
    last_d_[j] = last_d_[j + 1] + costs_.move(direction_between(route[j], route[j + 1]), grid.cost(grid.id(route[j + 1])));
  return route;
}

bool RouteCanonicaliser::on_cheapest_path(CellId n, double bound) {
  const Grid& grid = *grid_;
  Node* const nodes = nodes_.data();
  if (certified(n)) return nodes[n].d == bound;
  // What is known of d besides: h, and the lower bounds failed searches have shown (d is
  // more than `below`).
  const auto estimate = [&](CellId id) {
    const Point p = grid.point(id);
    const double h = costs_.estimate(p.x, p.y, goal_.x, goal_.y);
    return nodes[id].bounded == epoch_ ? std::max(h, nodes[id].below) : h;
  };
  const auto too_dear = [&](CellId id, double g) {
    const Point p = grid.point(id);
    if (g + costs_.estimate(p.x, p.y, goal_.x, goal_.y) > bound) return true;
    return nodes[id].bounded == epoch_ && g + nodes[id].below >= bound;
  };
  if (too_dear(n, 0)) return false;

  // Best-first from n, pruned above the bound; stops at the first certified cell taken.
  // Order: f, then certified cells (which end the search), then the larger g, then the id.
  ++search_;
  closed_.clear();
  open_.clear();
  const auto push = [&](CellId id, double g) {
    if (certified(id)) {
      if (g + nodes[id].d > bound) return;
      open_.push_back({g + nodes[id].d, false, -g, id});
    } else {
      if (too_dear(id, g)) return;
      open_.push_back({g + estimate(id), true, -g, id});
    }
    std::push_heap(open_.begin(), open_.end(), std::greater<>{});
  };
  nodes[n].searched = search_;
  nodes[n].g = 0;
  nodes[n].parent = kNoDirection;
  nodes[n].closed = false;
  push(n, 0);
  while (!open_.empty()) {
    std::pop_heap(open_.begin(), open_.end(), std::greater<>{});
    const auto [f, uncertain, minus_g, id] = open_.back();
    open_.pop_back();
    Node& node = nodes[id];
    if (-minus_g != node.g || node.closed) continue;  // a stale entry
    node.closed = true;
    closed_.push_back(id);
    ++expanded_;
    if (!uncertain) {
      // A path of cost g + d(id) <= bound from n: certify its cells back to n.
      for (CellId at = id; at != n;) {
        const int dir = nodes[at].parent;
        const CellId from = at - static_cast<CellId>(offset_[dir]);
        certify(from, bound - nodes[from].g, dir);
        at = from;
      }
      return true;
    }
    const double g_here = node.g;
    const std::uint8_t moves = allowed_moves(diagonal_, grid.neighbour_mask(id));
    for (unsigned remaining = moves; remaining != 0; remaining &= remaining - 1) {
      const int dir = std::countr_zero(remaining);
      const CellId next = id + static_cast<CellId>(offset_[dir]);
      const double g = g_here + costs_.move(dir, grid.cost(next));
      Node& to = nodes[next];
      if (to.searched == search_ && !(g < to.g)) continue;
      // New to this search, or reached more cheaply (reopened: the estimates mix certified
      // d and lower bounds, which need not be consistent with h).
      to.searched = search_;
      to.g = g;
      to.parent = static_cast<std::uint8_t>(dir);
      to.closed = false;
      push(next, g);
    }
  }
  // No path of cost `bound` from n: every cell the search closed, g from n, has no path
  // cheaper than bound - g either (it would extend to one from n). Later searches prune
  // there at once.
  for (const CellId id : closed_) {
    Node& node = nodes[id];
    const double below = bound - node.g;
    if (node.bounded != epoch_) {
      node.bounded = epoch_;
      node.below = below;
    } else {
      node.below = std::max(node.below, below);
    }
  }
  return false;
}

}  // namespace astar
