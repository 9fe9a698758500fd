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

}  // namespace detail

template <class Policy>
BestFirstSearch<Policy>::BestFirstSearch(const Grid& grid, const SearchOptions& options)
    : ExpandingSearch<BestFirstSearch>(grid, options), open_(PositionOf{&cells_}) {
  this->set_grid(grid);
}

template <class Policy>
void BestFirstSearch<Policy>::resize(std::size_t cells) {
  // Resizing value-initialises new cells with stamp 0, which no search uses.
  cells_.resize(cells);
  parents_.resize(cells);
  policy_.resize(cells);
  open_.clear();
}

template <class Policy>
void BestFirstSearch<Policy>::clear_stamps() {
  for (CellState& c : cells_) c.stamp = 0;
  policy_.clear_stamps();
}

template <class Policy>
void BestFirstSearch<Policy>::begin() {
  const Grid& grid = *grid_;
  goal_id_ = grid.id(goal_);
  priority_ = info(options_.algorithm).priority;
  improves_open_ = info(options_.algorithm).improves_open;
  pushes_ = 0;
  open_.clear();
  if (policy_.begin(grid, options_, tracing_)) ++layout_;

  const CellId sid = grid.id(start_);
  CellState& s = cells_[sid];
  s.stamp = stamp_;
  s.g = 0;
  s.parent = kNoDirection;
  s.phase = static_cast<std::uint8_t>(CellPhase::Open);
  parents_.writer().set(sid, kNoCell);
  open_.push(make_entry(open_key(0.0, heuristic_.at(start_.x, start_.y), 0, 0), 0.0, sid));
  counters_.opened = 1;
  counters_.max_open = 1;
  status_ = Status::Running;
}

// The policy's prepared data backs channels (JPS+'s jump distances): when it is replaced,
// holders of views must take new ones.
template <class Policy>
std::uint64_t BestFirstSearch<Policy>::advance_preparation(std::uint64_t units) {
  const void* before = policy_.prepared_data();
  const std::uint64_t made = policy_.prepare_steps(*grid_, options_, units);
  if (policy_.prepared_data() != before) ++layout_;
  return made;
}

template <class Policy>
bool BestFirstSearch<Policy>::share_preparation(const Search& other) {
  const auto* same = dynamic_cast<const BestFirstSearch*>(&other);
  if (!same) return false;
  const void* before = policy_.prepared_data();
  const bool adopted = policy_.adopt_preparation(same->policy_, *grid_, options_);
  if (policy_.prepared_data() != before) ++layout_;
  return adopted;
}

template <class Policy>
CellId BestFirstSearch<Policy>::stored_parent(CellId id) const {
  return parents_.of(id, cells_[id], *grid_);
}

// The f a user sees, by the algorithm's priority column: g + w*h, g, or h; breadth- and
// depth-first order by discovery, which is no cost, and show g.
template <class Policy>
double BestFirstSearch<Policy>::f_value(double g, double h) const {
  switch (priority_) {
    case Priority::F: return g + heuristic_.weight * h;
    case Priority::H: return h;
    default: return g;
  }
}

template <class Policy>
double BestFirstSearch<Policy>::f(CellId id) const {
  if (phase(id) == CellPhase::Unseen) return NAN;
  return f_value(cells_[id].g, h(id));
}

template <class Policy>
std::vector<OpenItem> BestFirstSearch<Policy>::open_in_order(std::size_t limit) const {
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
template <class Policy>
std::uint64_t BestFirstSearch<Policy>::open_key(double g, double h, std::uint64_t expansion, int dir) {
  switch (priority_) {
    case Priority::Fifo: return ++pushes_;
    case Priority::Lifo: return detail::kDepthFirstBase - 16 * expansion + static_cast<std::uint64_t>(dir);
    default: return priority_key(f_value(g, h));
  }
}

template <class Policy>
void BestFirstSearch<Policy>::mark_path(CellId goal) {
  for (CellId at = goal; at != kNoCell; at = stored_parent(at)) cells_[at].phase = static_cast<std::uint8_t>(CellPhase::Path);
  finish_found(goal, cells_[goal].g, Policy::kFillsPath);
}

// The one neighbour loop: pop, ask the policy for the successors, relax each (Expansion).
template <class Policy>
template <class Listener>
void BestFirstSearch<Policy>::expand_next(Listener& listener) {
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
  const Node node{id, static_cast<int>(id % static_cast<CellId>(width)), static_cast<int>(id / static_cast<CellId>(width)),
                  cell.g, cell.parent};
  if constexpr (listener_observes<Listener>()) {
    const double h_here = heuristic_.at(node.x, node.y);
    Event event = make_event(EventKind::Expand, id, node.g, h_here, f_value(node.g, h_here));
    event.other = stored_parent(id);
    listener.on_event(event);
  }

  if (id == goal_id_) {
    mark_path(id);
    return;
  }

  Expansion<Listener> out{*this, listener, cells, parents_.writer(), heuristic_, expansion, node.x, node.y, goal_, stamp_,
                          improves_open_};
  policy_.successors(node, out);
  counters_.opened += out.opened;

  if (open_.size() > counters_.max_open) counters_.max_open = open_.size();
  if (open_.empty()) status_ = Status::NoPath;
}

// Offers the node `id`, `steps` moves from the expanded one in direction `arrival`, a path of
// cost g through `parent`. New nodes are opened; open ones improved when cheaper and the row
// allows it; closed ones are final (with a consistent heuristic nothing cheaper can reach
// them, and weighted A* and greedy do not reopen by design). The node's position is worked
// out only where its heuristic is needed: most offers end at the first test.
template <class Policy>
template <class Listener>
void BestFirstSearch<Policy>::Expansion<Listener>::relax(CellId id, double g, std::uint8_t arrival, std::uint32_t steps,
                                                         CellId parent) {
  CellState& next = cells[id];
  const int n = static_cast<int>(steps);
  if (next.stamp != stamp) {
    const double h_next = hp.at(x + n * kDirDx[arrival], y + n * kDirDy[arrival]);
    next.stamp = stamp;
    next.g = g;
    next.parent = arrival;
    next.phase = static_cast<std::uint8_t>(CellPhase::Open);
    parents.set(id, parent);
    search.open_.push(make_entry(search.open_key(g, h_next, expansion, arrival), g, id));
    ++opened;
    if constexpr (kObserves) listener.on_event(neighbour_event(id, Outcome::Opened, NAN, g, parent));
  } else if (g < next.g - 1e-9 * next.g && improves && next.phase == static_cast<std::uint8_t>(CellPhase::Open)) {
    // Cheaper than the known g is rare and tested first: when it fails we are done with
    // this node after one data-dependent branch. The relative epsilon keeps rounding noise
    // (two routes of equal true cost) from counting as an improvement.
    const double old_g = next.g;
    next.g = g;
    next.parent = arrival;
    parents.set(id, parent);
    const double h_next = hp.at(x + n * kDirDx[arrival], y + n * kDirDy[arrival]);
    search.open_.decrease(next.aux, make_entry(search.open_key(g, h_next, expansion, arrival), g, id));
    ++search.counters_.improved;
    if constexpr (kObserves) listener.on_event(neighbour_event(id, Outcome::Improved, old_g, g, parent));
  } else if constexpr (kObserves) {
    const bool closed = next.phase != static_cast<std::uint8_t>(CellPhase::Open);
    listener.on_event(
        neighbour_event(id, closed ? Outcome::AlreadyClosed : Outcome::NotImproved, next.g, next.g, search.stored_parent(id)));
  }
}

template <class Policy>
std::vector<Channel> BestFirstSearch<Policy>::channels() const {
  const CellState* base = cells_.data();
  const std::uint16_t* stamps = &base->stamp;
  constexpr std::uint32_t kStride = sizeof(CellState);
  std::vector<Channel> list = {
      {ChannelName::Phase, ChannelType::U8, &base->phase, kStride, stamps, kStride},
      {ChannelName::G, ChannelType::F64, &base->g, kStride, stamps, kStride},
      {ChannelName::Order, ChannelType::U32, &base->aux, kStride, stamps, kStride},
  };
  list.push_back(parents_.channel(base, stamps, kStride));
  policy_.channels(list, stamps, kStride);
  return list;
}

}  // namespace astar
