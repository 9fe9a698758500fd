// The algorithm of best_first.h. Kept in a header so each listener type gets its own
// inlined copy of the loop (the benchmark's NullListener copy builds no events at all).
#pragma once

#include <algorithm>

#include "best_first.h"

namespace astar {

namespace detail {

// Depth-first keys count down from here: every expansion's cells come before all older
// ones. 2^62 leaves room for 2^58 expansions of 16 keys each.
inline constexpr std::uint64_t kDepthFirstBase = std::uint64_t{1} << 62;

// How jump point search tells what its scans did: as events for an observer, as marks in
// the "scanned" channel while tracing, or not at all (the benchmark's path).
template <class Listener>
struct JumpEvents {
  static constexpr bool kActive = true;
  Listener& listener;
  const Grid& grid;
  std::uint16_t* scanned;  // null unless tracing
  std::uint16_t stamp;

  void scan(int x, int y, int dir, std::uint32_t steps, Outcome outcome) {
    if (scanned) {
      for (std::uint32_t k = 1; k <= steps; ++k)
        scanned[grid.id(x + static_cast<int>(k) * kDirDx[dir], y + static_cast<int>(k) * kDirDy[dir])] = stamp;
    }
    if constexpr (listener_observes<Listener>()) {
      Event event = make_event(EventKind::Scan, grid.id(x + static_cast<int>(steps) * kDirDx[dir], y + static_cast<int>(steps) * kDirDy[dir]));
      event.outcome = outcome;
      event.dir = static_cast<std::uint8_t>(dir);
      event.other = grid.id(x, y);
      listener.on_event(event);
    }
  }
  void forced(int fx, int fy, int jx, int jy) {
    if constexpr (listener_observes<Listener>()) {
      Event event = make_event(EventKind::Forced, grid.id(fx, fy));
      event.other = grid.id(jx, jy);
      listener.on_event(event);
    }
  }
};


}  // namespace detail

template <class Moves>
BestFirstSearch<Moves>::BestFirstSearch(const Grid& grid, const SearchOptions& options)
    : ExpandingSearch<BestFirstSearch>(grid, options), open_(PositionOf{&cells_}) {
  this->set_grid(grid);
}

template <class Moves>
void BestFirstSearch<Moves>::resize(std::size_t cells) {
  // Resizing value-initialises new cells with stamp 0, which no search uses.
  cells_.resize(cells);
  if constexpr (kParentIds) parent_ids_.resize(cells);
  if constexpr (std::is_same_v<Moves, JumpMoves>) scanned_.clear();  // sized again when tracing
  open_.clear();
}

template <class Moves>
void BestFirstSearch<Moves>::clear_stamps() {
  for (CellState& c : cells_) c.stamp = 0;
  if constexpr (std::is_same_v<Moves, JumpMoves>) std::fill(scanned_.begin(), scanned_.end(), std::uint16_t{0});
}

template <class Moves>
void BestFirstSearch<Moves>::begin() {
  const Grid& grid = *grid_;
  goal_id_ = grid.id(goal_);
  for (int dir = 0; dir < kDirectionCount; ++dir) neighbour_offset_[dir] = kDirDy[dir] * grid.width() + kDirDx[dir];
  lengths_ = direction_lengths(options_.cost_model);
  // Jumps and any-angle searches run only on uniform maps (refusal_for), where every
  // walkable cell costs the cheapest terrain.
  uniform_cost_ = grid.min_cost();
  priority_ = info(options_.algorithm).priority;
  improves_open_ = info(options_.algorithm).improves_open;
  pushes_ = 0;
  open_.clear();
  if constexpr (std::is_same_v<Moves, JumpMoves>) {
    jumps_.prepare(grid, options_.diagonal);
    if (tracing_ && scanned_.size() != grid.cell_count()) {
      scanned_.assign(grid.cell_count(), 0);
      ++layout_;
    }
  }

  const CellId sid = grid.id(start_);
  CellState& s = cells_[sid];
  s.stamp = stamp_;
  s.g = 0;
  s.parent = kNoDirection;
  s.phase = static_cast<std::uint8_t>(CellPhase::Open);
  if constexpr (kParentIds) parent_ids_[sid] = kNoCell;
  open_.push(make_entry(open_key(0.0, heuristic_.at(start_.x, start_.y), 0, 0), 0.0, sid));
  counters_.opened = 1;
  counters_.max_open = 1;
  status_ = Status::Running;
}

template <class Moves>
CellId BestFirstSearch<Moves>::stored_parent(CellId id) const {
  if constexpr (kParentIds) {
    return parent_ids_[id];
  } else {
    const int dir = cells_[id].parent;
    if (dir == kNoDirection) return kNoCell;
    const Point p = grid_->point(id);
    return grid_->id(p.x - kDirDx[dir], p.y - kDirDy[dir]);
  }
}

// The f a user sees, by the algorithm's priority column: g + w*h, g, or h; breadth- and
// depth-first order by discovery, which is no cost, and show g.
template <class Moves>
double BestFirstSearch<Moves>::f_value(double g, double h) const {
  switch (priority_) {
    case Priority::F: return g + heuristic_.weight * h;
    case Priority::H: return h;
    default: return g;
  }
}

template <class Moves>
double BestFirstSearch<Moves>::f(CellId id) const {
  if (phase(id) == CellPhase::Unseen) return NAN;
  return f_value(cells_[id].g, h(id));
}

template <class Moves>
std::vector<OpenItem> BestFirstSearch<Moves>::open_in_order(std::size_t limit) const {
  const std::vector<OpenEntry> entries = open_.in_pop_order(limit);
  std::vector<OpenItem> items;
  items.reserve(entries.size());
  for (const OpenEntry& entry : entries) {
    const CellId id = entry.id();
    const double g = cells_[id].g;
    const double h_here = h(id);
    items.push_back({id, g, h_here, f_value(g, h_here), Side::Forward});
  }
  return items;
}

// The open list's key. `expansion` is the expansion that found the cell (0 for the start)
// and `dir` the direction it was found in; only depth-first uses them.
template <class Moves>
std::uint64_t BestFirstSearch<Moves>::open_key(double g, double h, std::uint64_t expansion, int dir) {
  switch (priority_) {
    case Priority::Fifo: return ++pushes_;
    case Priority::Lifo: return detail::kDepthFirstBase - 16 * expansion + static_cast<std::uint64_t>(dir);
    default: return priority_key(f_value(g, h));
  }
}

template <class Moves>
void BestFirstSearch<Moves>::mark_path(CellId goal) {
  for (CellId at = goal; at != kNoCell; at = stored_parent(at)) cells_[at].phase = static_cast<std::uint8_t>(CellPhase::Path);
  finish_found(goal, cells_[goal].g, std::is_same_v<Moves, JumpMoves>);
}

template <class Moves>
template <class Listener>
void BestFirstSearch<Moves>::expand_next(Listener& listener) {
  // Running implies a non-empty open list: the expansion that empties it ends the search.
  CellState* const cells = cells_.data();
  const OpenEntry top = open_.pop();
  const CellId id = top.id();
  CellState& cell = cells[id];
  cell.phase = static_cast<std::uint8_t>(CellPhase::Closed);
  const std::uint64_t expansion = ++counters_.expanded;
  cell.aux = static_cast<std::uint32_t>(expansion);

  const int width = grid_->width();
  if (!open_.empty()) {
    // The next cell to expand is most likely the new top; start loading its neighbours'
    // state now (the array is larger than the caches on big maps).
    // Addresses are computed as integers: on the map's edge rows they lie outside the
    // array, which a prefetch tolerates and pointer arithmetic does not.
    const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(cells);
    const std::uintptr_t row = static_cast<std::uintptr_t>(width) * sizeof(CellState);
    const std::uintptr_t ahead = base + (static_cast<std::uintptr_t>(open_.top().id()) - 1) * sizeof(CellState);
    __builtin_prefetch(reinterpret_cast<const void*>(ahead - row));
    __builtin_prefetch(reinterpret_cast<const void*>(ahead));
    __builtin_prefetch(reinterpret_cast<const void*>(ahead + row));
  }
  const int x = static_cast<int>(id % static_cast<CellId>(width));
  const int y = static_cast<int>(id / static_cast<CellId>(width));
  const double g = cell.g;
  if constexpr (listener_observes<Listener>()) {
    const double h_here = heuristic_.at(x, y);
    Event event = make_event(EventKind::Expand, id, g, h_here, f_value(g, h_here));
    event.other = stored_parent(id);
    listener.on_event(event);
  }

  if (id == goal_id_) {
    mark_path(id);
    return;
  }

  if constexpr (std::is_same_v<Moves, JumpMoves>) expand_jumps(id, x, y, g, listener);
  else if constexpr (std::is_same_v<Moves, AnyAngle>) expand_any_angle(id, x, y, g, listener);
  else expand_grid_moves(id, x, y, g, expansion, listener);

  if (open_.size() > counters_.max_open) counters_.max_open = open_.size();
  if (open_.empty()) status_ = Status::NoPath;
}

// The neighbours of a cell, for every grid-move algorithm. This is the benchmark's inner
// loop. Everything it reads is first copied into locals: the per-cell stores below write
// single bytes (phase, parent), which C++ lets alias any object, so without the copies
// the compiler would reload every member and vector pointer after each store.
template <class Moves>
template <class Listener>
void BestFirstSearch<Moves>::expand_grid_moves(CellId id, int x, int y, double g, std::uint64_t expansion,
                                               Listener& listener) {
  CellState* const cells = cells_.data();
  const std::uint8_t* const costs = grid_->costs();
  const std::uint16_t stamp = stamp_;
  const Diagonal diagonal = options_.diagonal;
  const bool may_improve = improves_open_;
  const std::uint8_t moves = allowed_moves(diagonal, grid_->neighbour_mask(id));
  const HeuristicParams hp = heuristic_;
  const std::array<int, kDirectionCount> offsets = neighbour_offset_;
  const std::array<double, kDirectionCount> lengths = lengths_;

  // Unobserved runs visit only the allowed moves' bits; observers that want blocked
  // neighbours reported visit all eight directions, in the same order.
  const unsigned visit = listener_wants_blocked<Listener>() ? 0xFFu : moves;
  std::uint64_t opened = 0;
  for (unsigned remaining = visit; remaining != 0; remaining &= remaining - 1) {
    const int dir = std::countr_zero(remaining);
    if constexpr (listener_wants_blocked<Listener>()) {
      if (!(moves & (1u << dir))) {
        report_blocked(listener, *grid_, diagonal, x, y, dir);
        continue;
      }
    }
    const CellId nid = id + static_cast<CellId>(offsets[dir]);
    CellState& next = cells[nid];
    const double new_g = g + lengths[dir] * costs[nid];

    if (next.stamp != stamp) {
      const double h_next = hp.at(x + kDirDx[dir], y + kDirDy[dir]);
      next.stamp = stamp;
      next.g = new_g;
      next.parent = static_cast<std::uint8_t>(dir);
      next.phase = static_cast<std::uint8_t>(CellPhase::Open);
      open_.push(make_entry(open_key(new_g, h_next, expansion, dir), new_g, nid));
      ++opened;
      if constexpr (listener_observes<Listener>()) listener.on_event(neighbour_event(nid, Outcome::Opened, NAN, new_g, id));
    } else if (new_g < next.g - 1e-9 * next.g && may_improve &&
               next.phase == static_cast<std::uint8_t>(CellPhase::Open)) {
      // Cheaper than the known g is rare and tested first: when it fails we are done with
      // this neighbour after one data-dependent branch. The relative epsilon keeps
      // rounding noise (two routes of equal true cost) from counting as an improvement.
      // Closed cells are final: with a consistent heuristic nothing cheaper can reach
      // them, and weighted A* and greedy do not reopen by design.
      const double old_g = next.g;
      next.g = new_g;
      next.parent = static_cast<std::uint8_t>(dir);
      const double h_next = hp.at(x + kDirDx[dir], y + kDirDy[dir]);
      open_.decrease(next.aux, make_entry(open_key(new_g, h_next, expansion, dir), new_g, nid));
      ++counters_.improved;
      if constexpr (listener_observes<Listener>()) listener.on_event(neighbour_event(nid, Outcome::Improved, old_g, new_g, id));
    } else if constexpr (listener_observes<Listener>()) {
      const bool closed = next.phase != static_cast<std::uint8_t>(CellPhase::Open);
      listener.on_event(neighbour_event(nid, closed ? Outcome::AlreadyClosed : Outcome::NotImproved, next.g, next.g, stored_parent(nid)));
    }
  }
  counters_.opened += opened;
}

template <class Moves>
template <class Listener>
void BestFirstSearch<Moves>::relax(CellId nid, int nx, int ny, double new_g, CellId parent, std::uint8_t arrival,
                                   Listener& listener) {
  CellState& next = cells_[nid];
  Outcome outcome;
  double old_g = NAN;
  if (next.stamp != stamp_) {
    next.stamp = stamp_;
    next.g = new_g;
    next.parent = arrival;
    next.phase = static_cast<std::uint8_t>(CellPhase::Open);
    parent_ids_[nid] = parent;
    open_.push(make_entry(open_key(new_g, heuristic_.at(nx, ny), 0, 0), new_g, nid));
    ++counters_.opened;
    outcome = Outcome::Opened;
  } else if (next.phase == static_cast<std::uint8_t>(CellPhase::Open) && new_g < next.g - 1e-9 * next.g && improves_open_) {
    old_g = next.g;
    next.g = new_g;
    next.parent = arrival;
    parent_ids_[nid] = parent;
    open_.decrease(next.aux, make_entry(open_key(new_g, heuristic_.at(nx, ny), 0, 0), new_g, nid));
    ++counters_.improved;
    outcome = Outcome::Improved;
  } else {
    outcome = next.phase == static_cast<std::uint8_t>(CellPhase::Open) ? Outcome::NotImproved : Outcome::AlreadyClosed;
    old_g = next.g;
  }
  if constexpr (listener_observes<Listener>()) listener.on_event(neighbour_event(nid, outcome, old_g, next.g, parent_ids_[nid]));
}

template <class Moves>
template <class Listener>
void BestFirstSearch<Moves>::expand_jumps(CellId id, int x, int y, double g, Listener& listener) {
  if constexpr (std::is_same_v<Moves, JumpMoves>) {
    // The direction of the jump that reached this cell (kNoDirection at the start).
    const std::uint8_t travel = cells_[id].parent;
    const double unit = uniform_cost_;
    auto found = [&](int dir, std::uint32_t steps) {
      const int nx = x + static_cast<int>(steps) * kDirDx[dir], ny = y + static_cast<int>(steps) * kDirDy[dir];
      relax(id + static_cast<CellId>(static_cast<int>(steps) * neighbour_offset_[dir]), nx, ny, g + steps * lengths_[dir] * unit, id,
            static_cast<std::uint8_t>(dir), listener);
    };
    if (listener_observes<Listener>() || tracing_) {
      detail::JumpEvents<Listener> report{listener, *grid_, tracing_ ? scanned_.data() : nullptr, stamp_};
      jumps_.successors(x, y, travel, goal_, found, report);
    } else {
      NoJumpReport report;
      jumps_.successors(x, y, travel, goal_, found, report);
    }
  }
}

template <class Moves>
template <class Listener>
void BestFirstSearch<Moves>::expand_any_angle(CellId id, int x, int y, double g, Listener& listener) {
  const Grid& grid = *grid_;
  const Diagonal diagonal = options_.diagonal;
  const std::uint8_t moves = allowed_moves(diagonal, grid.neighbour_mask(id));
  const CellId parent = kParentIds ? parent_ids_[id] : kNoCell;
  const Point from = parent == kNoCell ? Point{x, y} : grid.point(parent);
  const double parent_g = parent == kNoCell ? 0.0 : cells_[parent].g;
  const double unit = uniform_cost_;
  const unsigned visit = listener_wants_blocked<Listener>() ? 0xFFu : moves;
  for (unsigned remaining = visit; remaining != 0; remaining &= remaining - 1) {
    const int dir = std::countr_zero(remaining);
    const int nx = x + kDirDx[dir], ny = y + kDirDy[dir];
    if (!(moves & (1u << dir))) {
      if constexpr (listener_wants_blocked<Listener>()) report_blocked(listener, grid, diagonal, x, y, dir);
      continue;
    }
    const CellId nid = grid.id(nx, ny);
    // Closed cells are final; a line of sight to them would change nothing.
    if (cells_[nid].stamp == stamp_ && cells_[nid].phase != static_cast<std::uint8_t>(CellPhase::Open)) {
      relax(nid, nx, ny, INFINITY, id, kNoDirection, listener);  // reports it as closed
      continue;
    }
    // Theta*'s "path 2": straight from the expanded cell's parent, when it can see the
    // neighbour; otherwise "path 1", the ordinary move.
    if (parent != kNoCell) {
      const CellId obstruction = first_obstruction(grid, from.x, from.y, nx, ny);
      if constexpr (listener_observes<Listener>()) {
        Event event = make_event(EventKind::Sight, nid, obstruction == kNoCell ? NAN : static_cast<double>(obstruction));
        event.outcome = obstruction == kNoCell ? Outcome::Clear : Outcome::Obstructed;
        event.other = parent;
        listener.on_event(event);
      }
      if (obstruction == kNoCell) {
        relax(nid, nx, ny, parent_g + segment_length(from.x, from.y, nx, ny) * unit, parent, kNoDirection, listener);
        continue;
      }
    }
    relax(nid, nx, ny, g + lengths_[dir] * unit, id, kNoDirection, listener);
  }
}

template <class Moves>
std::vector<Channel> BestFirstSearch<Moves>::channels() const {
  const CellState* base = cells_.data();
  const std::uint16_t* stamps = &base->stamp;
  constexpr std::uint32_t kStride = sizeof(CellState);
  std::vector<Channel> list = {
      {"phase", ChannelType::U8, &base->phase, kStride, stamps, kStride},
      {"g", ChannelType::F64, &base->g, kStride, stamps, kStride},
      {"order", ChannelType::U32, &base->aux, kStride, stamps, kStride},
  };
  if constexpr (kParentIds) list.push_back({"parentId", ChannelType::U32, parent_ids_.data(), sizeof(CellId), stamps, kStride});
  else list.push_back({"parentDir", ChannelType::U8, &base->parent, kStride, stamps, kStride});
  if constexpr (std::is_same_v<Moves, JumpMoves>) {
    if (!scanned_.empty()) list.push_back({"scanned", ChannelType::U16, scanned_.data(), sizeof(std::uint16_t), nullptr, 0});
  }
  return list;
}

}  // namespace astar
