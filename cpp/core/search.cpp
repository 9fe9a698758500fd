#include "search.h"

#include <algorithm>

namespace astar {

Search::Search(const Grid& grid) : grid_(&grid), open_(PositionOf{&cells_}) { set_grid(grid); }

void Search::set_grid(const Grid& grid) {
  grid_ = &grid;
  // Resizing value-initialises new cells with stamp 0; bumping the stamp below makes
  // every old cell foreign to the next search as well.
  cells_.resize(grid.cell_count());
  open_.clear();
  status_ = Status::Ready;
  path_.clear();
  counters_ = {};
  new_stamp();
  grid_revision_ = grid.revision();
}

void Search::new_stamp() {
  if (++stamp_ == 0) {
    // Wrapped: old stamps would alias the new one, so clear them (once per 65535 resets).
    for (CellState& c : cells_) c.stamp = 0;
    stamp_ = 1;
  }
}

bool Search::reset(Point start, Point goal) {
  if (cells_.size() != grid_->cell_count()) cells_.resize(grid_->cell_count());
  open_.clear();
  path_.clear();
  counters_ = {};
  new_stamp();
  grid_revision_ = grid_->revision();
  if (!grid_->in_bounds(start.x, start.y) || !grid_->in_bounds(goal.x, goal.y)) {
    status_ = Status::Ready;
    return false;
  }
  start_ = start;
  goal_ = goal;
  goal_id_ = grid_->id(goal);
  heuristic_ = effective_heuristic(options_);
  weight_ = effective_weight(options_);
  h_scale_ = grid_->min_cost();
  for (int dir = 0; dir < kDirectionCount; ++dir) neighbour_offset_[dir] = kDirDy[dir] * grid_->width() + kDirDx[dir];

  const CellId sid = grid_->id(start);
  if (!grid_->passable(sid) || !grid_->passable(goal_id_)) {
    status_ = Status::NoPath;
    return true;
  }
  CellState& s = cells_[sid];
  s.stamp = stamp_;
  s.g = 0;
  s.parent = kNoDirection;
  s.phase = static_cast<std::uint8_t>(CellPhase::Open);
  open_.push(make_entry(open_key(options_.algorithm, weight_, 0, heuristic_at(start.x, start.y), 0), 0.0, sid));
  counters_.opened = 1;
  counters_.max_open = 1;
  status_ = Status::Running;
  return true;
}

std::uint64_t Search::run_steps(std::uint64_t count) {
  // The checks step() makes before each expansion cannot change while this loop runs
  // (nothing else touches the grid), so they are made once.
  std::uint64_t made = 0;
  if (status_ != Status::Running || stale()) return 0;
  NullListener none;
  while (made < count && status_ == Status::Running && expand_next(none)) ++made;
  return made;
}

void Search::finish_found(CellId goal) {
  status_ = Status::Found;
  CellId id = goal;
  for (;;) {
    CellState& c = cells_[id];
    c.phase = static_cast<std::uint8_t>(CellPhase::Path);
    path_.push_back(grid_->point(id));
    if (c.parent == kNoDirection) break;
    const int dir = c.parent;
    id = static_cast<CellId>(static_cast<int>(id) - kDirDy[dir] * grid_->width() - kDirDx[dir]);
  }
  std::reverse(path_.begin(), path_.end());
}

double Search::path_cost() const { return status_ == Status::Found ? cells_[goal_id_].g : NAN; }

double Search::g(CellId id) const { return phase(id) == CellPhase::Unseen ? NAN : cells_[id].g; }

double Search::h(CellId id) const {
  const Point p = grid_->point(id);
  return heuristic_at(p.x, p.y);
}

double Search::f(CellId id) const {
  if (phase(id) == CellPhase::Unseen) return NAN;
  return f_value(cells_[id].g, h(id));
}

int Search::parent(CellId id) const {
  if (phase(id) == CellPhase::Unseen) return -1;
  const int dir = cells_[id].parent;
  if (dir == kNoDirection) return -1;
  const Point p = grid_->point(id);
  return static_cast<int>(grid_->id(p.x - kDirDx[dir], p.y - kDirDy[dir]));
}

std::uint32_t Search::expansion_order(CellId id) const {
  const CellPhase ph = phase(id);
  return (ph == CellPhase::Closed || ph == CellPhase::Path) ? cells_[id].aux : 0;
}

}  // namespace astar
