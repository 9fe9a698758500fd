#include "search.h"

#include <algorithm>
#include <cstdlib>


namespace astar {

void Search::set_grid(const Grid& grid) {
  // Views of the arrays die as they are resized, so the layout moves first; the grid and its
  // size are adopted only once every array holds them (an allocation may fail part-way).
  ++layout_;
  resize(grid.cell_count());
  grid_ = &grid;
  cell_count_ = grid.cell_count();
  // Resized arrays start with stamp 0; bumping the stamp makes every old cell foreign to
  // the next search as well.
  if (++stamp_ == 0) {
    clear_stamps();
    stamp_ = 1;
  }
  status_ = Status::Ready;
  refusal_ = Refusal::None;
  path_.clear();
  path_cost_ = NAN;
  counters_ = {};
  grid_revision_ = grid.revision();
}

bool Search::reset(Point start, Point goal) {
  options_ = next_options_;
  if (cell_count_ != grid_->cell_count()) {
    ++layout_;  // as in set_grid
    resize(grid_->cell_count());
    cell_count_ = grid_->cell_count();
  }
  if (++stamp_ == 0) {
    // Wrapped: old stamps would alias the new one, so clear them (once per 65535 resets).
    clear_stamps();
    stamp_ = 1;
  }
  path_.clear();
  path_cost_ = NAN;
  counters_ = {};
  begun_ = false;
  refusal_ = Refusal::None;
  grid_revision_ = grid_->revision();
  if (!runs(options_.algorithm) || !grid_->in_bounds(start.x, start.y) || !grid_->in_bounds(goal.x, goal.y)) {
    status_ = Status::Ready;
    return false;
  }
  start_ = start;
  goal_ = goal;
  heuristic_ = HeuristicParams::make(effective_heuristic(options_), goal.x, goal.y, options_.cost_model,
                                     grid_->min_cost(), effective_weight(options_));
  refusal_ = refusal_for(options_, *grid_);
  if (refusal_ != Refusal::None) {
    status_ = Status::Refused;
    return true;
  }
  if (!grid_->passable(grid_->id(start)) || !grid_->passable(grid_->id(goal))) {
    status_ = Status::NoPath;
    return true;
  }
  if (!prepared()) {
    status_ = Status::Preparing;
    return true;
  }
  start_search();
  return true;
}

void Search::start_search() {
  begun_ = true;
  begin();
}

std::uint64_t Search::prepare_steps(std::uint64_t units) {
  if (status_ != Status::Preparing || stale() || units == 0) return 0;
  const std::uint64_t made = advance_preparation(units);
  if (prepared()) start_search();
  return made;
}

bool Search::adopt_preparation(const Search& other) {
  // A running search keeps what it runs with: options changed since its reset may ask for
  // other prepared data, which its next reset takes.
  if (&other == this || status_ == Status::Running || !share_preparation(other)) return false;
  if (status_ == Status::Preparing && !stale() && prepared()) start_search();
  return true;
}

void Search::finish_preparing() {
  if (status_ != Status::Preparing || stale()) return;
  advance_preparation(UINT64_MAX);
  if (prepared()) start_search();
}

bool Search::step() {
  finish_preparing();
  if (!runnable()) return false;
  advance(nullptr);
  give_up_if_capped();
  return true;
}

bool Search::step(std::vector<Event>& events) {
  events.clear();
  finish_preparing();
  if (!runnable()) return false;
  advance(&events);
  give_up_if_capped();
  return true;
}

std::uint64_t Search::run_steps(std::uint64_t count) {
  // The checks step() makes before each expansion cannot change while this runs (nothing
  // else touches the grid), so they are made once.
  if (count == 0) return 0;
  finish_preparing();
  if (!runnable()) return 0;
  if (options_.max_expansions != 0) count = std::min(count, options_.max_expansions - counters_.expanded);
  const std::uint64_t made = advance_many(count);
  give_up_if_capped();
  return made;
}

void Search::give_up_if_capped() {
  if (status_ == Status::Running && options_.max_expansions != 0 && counters_.expanded >= options_.max_expansions)
    status_ = Status::GaveUp;
}

bool Search::runs(Algorithm algorithm) const {
  return has_row(algorithm) && search_class(algorithm).make == maker();
}

double Search::h(CellId id) const {
  if (status_ == Status::Ready || id >= grid_->cell_count()) return NAN;
  const Point p = grid_->point(id);
  return heuristic_.at(p.x, p.y);
}

std::vector<Point> Search::route_to(CellId id) const {
  std::vector<Point> route;
  if (id >= grid_->cell_count() || phase(id) == CellPhase::Unseen) return route;
  // A parent chain is at most one entry per cell; the bound guards against a cycle that a
  // bug could leave, which would otherwise loop forever.
  for (CellId at = id; at != kNoCell && route.size() <= grid_->cell_count(); at = stored_parent(at))
    route.push_back(grid_->point(at));
  std::reverse(route.begin(), route.end());
  return route;
}

void Search::finish_found(CellId end, double cost, bool fill) {
  // The path is built before the search says Found: building it allocates, and a search
  // whose allocation failed must not claim a path it does not hold.
  std::vector<Point> corners = route_to(end);
  if (!fill) {
    path_ = std::move(corners);
    path_cost_ = cost;
    status_ = Status::Found;
    return;
  }
  std::vector<Point> path;
  for (std::size_t i = 0; i < corners.size(); ++i) {
    if (i > 0) {
      // Consecutive stored parents lie on one straight or diagonal line (JPS's jumps):
      // put back the cells in between.
      Point at = corners[i - 1];
      const int dx = (corners[i].x > at.x) - (corners[i].x < at.x);
      const int dy = (corners[i].y > at.y) - (corners[i].y < at.y);
      for (at = {at.x + dx, at.y + dy}; !(at == corners[i]); at = {at.x + dx, at.y + dy}) path.push_back(at);
    }
    path.push_back(corners[i]);
  }
  path_ = std::move(path);
  path_cost_ = cost;
  status_ = Status::Found;
}

void Search::abandon() {
  status_ = Status::Ready;
  std::vector<Point>().swap(path_);
  path_cost_ = NAN;
  counters_ = {};
  if (++stamp_ == 0) {
    clear_stamps();
    stamp_ = 1;
  }
}

}  // namespace astar
