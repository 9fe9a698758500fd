#include "bidirectional.h"

#include <algorithm>
#include <bit>

namespace astar {

BidirectionalSearch::BidirectionalSearch(const Grid& grid, const SearchOptions& options) : ExpandingSearch(grid, options) {
  set_grid(grid);
}

CellId BidirectionalSearch::Frontier::parent(CellId id, std::uint16_t stamp,
                                             const std::array<int, kDirectionCount>& offsets) const {
  if (!seen(id, stamp) || cells[id].parent == kNoDirection) return kNoCell;
  return id - static_cast<CellId>(offsets[cells[id].parent]);
}

Progress BidirectionalSearch::progress() const {
  Progress progress;
  // Only a search begun under the current stamp has a meeting (reset() may have stopped
  // before begin(), leaving the previous search's figures behind).
  if (met_ && begun_stamp_ == stamp_) {
    progress.meeting_cost = mu_;
    progress.meeting_cell = meeting_cell_;
  }
  return progress;
}

double BidirectionalSearch::f(CellId id) const {
  if (phase(id) == CellPhase::Unseen) return NAN;
  const Point p = grid_->point(id);
  return forward_.cells[id].g + forward_.heuristic.at(p.x, p.y);
}

std::vector<Channel> BidirectionalSearch::channels() const {
  std::vector<Channel> result;
  const auto add = [&result](ChannelName phase, ChannelName g, ChannelName order, ChannelName parent,
                             const Frontier& side) {
    const Cell* cells = side.cells.data();
    const std::uint16_t* stamps = cells ? &cells->stamp : nullptr;
    result.push_back({phase, ChannelType::U8, cells ? &cells->phase : nullptr, sizeof(Cell), stamps, sizeof(Cell)});
    result.push_back({g, ChannelType::F64, cells ? &cells->g : nullptr, sizeof(Cell), stamps, sizeof(Cell)});
    result.push_back({order, ChannelType::U32, cells ? &cells->aux : nullptr, sizeof(Cell), stamps, sizeof(Cell)});
    result.push_back({parent, ChannelType::U8, cells ? &cells->parent : nullptr, sizeof(Cell), stamps, sizeof(Cell)});
  };
  add(ChannelName::Phase, ChannelName::G, ChannelName::Order, ChannelName::ParentDir, forward_);
  add(ChannelName::PhaseBack, ChannelName::GBack, ChannelName::OrderBack, ChannelName::ParentDirBack, backward_);
  return result;
}

void BidirectionalSearch::resize(std::size_t cells) {
  forward_.cells.assign(cells, Cell{0, 0, 0, 0, kNoDirection});
  backward_.cells.assign(cells, Cell{0, 0, 0, 0, kNoDirection});
  forward_.open.clear();
  backward_.open.clear();
  met_ = false;
  mu_ = INFINITY;
  meeting_cell_ = kNoCell;
}

void BidirectionalSearch::clear_stamps() {
  for (Cell& cell : forward_.cells) cell.stamp = 0;
  for (Cell& cell : backward_.cells) cell.stamp = 0;
  begun_stamp_ = 0;
}

CellId BidirectionalSearch::stored_parent(CellId id) const {
  return forward_.parent(id, stamp_, neighbour_offset_);
}

void BidirectionalSearch::begin() {
  const int width = grid_->width();
  for (int dir = 0; dir < kDirectionCount; ++dir) neighbour_offset_[dir] = kDirDy[dir] * width + kDirDx[dir];
  lengths_ = direction_lengths(options_.cost_model);
  start_id_ = grid_->id(start_);
  goal_id_ = grid_->id(goal_);
  forward_.heuristic = heuristic_;
  backward_.heuristic = HeuristicParams::make(effective_heuristic(options_), start_.x, start_.y,
                                              options_.cost_model, grid_->min_cost(), 1.0);
  forward_.open.clear();
  backward_.open.clear();

  const auto root = [this](Frontier& side, CellId id, Point p) {
    side.cells[id] = Cell{0.0, 0, stamp_, static_cast<std::uint8_t>(CellPhase::Open), kNoDirection};
    side.open.push(make_entry(priority_key(side.heuristic.at(p.x, p.y)), 0.0, id));
  };
  root(forward_, start_id_, start_);
  root(backward_, goal_id_, goal_);
  counters_.opened = 2;
  counters_.max_open = 2;

  // Start and goal are each in the other frontier from the outset (as roots), so the only
  // meeting there is before any expansion is start == goal, at cost 0.
  met_ = start_id_ == goal_id_;
  mu_ = met_ ? 0.0 : INFINITY;
  mu_key_ = 0;
  meeting_cell_ = met_ ? start_id_ : kNoCell;
  begun_stamp_ = stamp_;
  status_ = Status::Running;
}

template <class Listener>
void BidirectionalSearch::expand_next(Listener& listener) {
  // Running implies both open lists are non-empty: the expansion that empties one ends the
  // search. Pohl's cardinality rule: grow the smaller frontier, forward on a tie.
  if (forward_.open.size() <= backward_.open.size())
    expand<Side::Forward>(listener);
  else
    expand<Side::Backward>(listener);
  const std::uint64_t open = forward_.open.size() + backward_.open.size();
  if (open > counters_.max_open) counters_.max_open = open;
  check_stop(listener);
}

template <Side kSide, class Listener>
void BidirectionalSearch::expand(Listener& listener) {
  constexpr bool kForward = kSide == Side::Forward;
  Frontier& me = kForward ? forward_ : backward_;
  const Frontier& other = kForward ? backward_ : forward_;
  Cell* const cells = me.cells.data();
  const std::uint8_t* const costs = grid_->costs();
  const std::uint16_t stamp = stamp_;
  const HeuristicParams hp = me.heuristic;
  const std::array<int, kDirectionCount> offsets = neighbour_offset_;
  const std::array<double, kDirectionCount> lengths = lengths_;
  const Diagonal diagonal = options_.diagonal;

  const CellId id = me.open.pop().id();
  Cell& cell = cells[id];
  cell.phase = static_cast<std::uint8_t>(CellPhase::Closed);
  cell.aux = static_cast<std::uint32_t>(++counters_.expanded);

  const int width = grid_->width();
  const int x = static_cast<int>(id % static_cast<CellId>(width));
  const int y = static_cast<int>(id / static_cast<CellId>(width));
  const double g = cell.g;
  if constexpr (listener_observes<Listener>()) {
    const double h_here = hp.at(x, y);
    listener.on_event(on_side(make_event(EventKind::Expand, id, g, h_here, g + h_here), kSide));
  }

  const std::uint8_t moves = allowed_moves(diagonal, grid_->neighbour_mask(id));
  // A backward move from this cell to a neighbour stands for the forward move from the
  // neighbour into this cell, which pays this cell's terrain.
  const double own_cost = costs[id];
  const unsigned visit = listener_wants_blocked<Listener>() ? 0xFFu : moves;
  std::uint64_t opened = 0;
  for (unsigned remaining = visit; remaining != 0; remaining &= remaining - 1) {
    const int dir = std::countr_zero(remaining);
    if constexpr (listener_wants_blocked<Listener>()) {
      if (!(moves & (1u << dir))) {
        report_blocked(listener, *grid_, diagonal, x, y, dir, kSide);
        continue;
      }
    }
    const CellId nid = id + static_cast<CellId>(offsets[dir]);
    Cell& next = cells[nid];
    const double new_g = g + lengths[dir] * (kForward ? static_cast<double>(costs[nid]) : own_cost);

    if (next.stamp != stamp) {
      const double h_next = hp.at(x + kDirDx[dir], y + kDirDy[dir]);
      next.stamp = stamp;
      next.g = new_g;
      next.parent = static_cast<std::uint8_t>(dir);
      next.phase = static_cast<std::uint8_t>(CellPhase::Open);
      me.open.push(make_entry(priority_key(new_g + h_next), new_g, nid));
      ++opened;
      if constexpr (listener_observes<Listener>())
        listener.on_event(on_side(neighbour_event(nid, Outcome::Opened, NAN, new_g, id), kSide));
      offer_meeting(nid, new_g, other, kSide, listener);
    } else if (new_g < next.g - 1e-9 * next.g && next.phase == static_cast<std::uint8_t>(CellPhase::Open)) {
      // The relative epsilon keeps rounding noise (two routes of the same true cost) from
      // counting as an improvement, as in BestFirstSearch. Closed cells are final: with a
      // consistent heuristic nothing cheaper can reach them.
      const double old_g = next.g;
      const double h_next = hp.at(x + kDirDx[dir], y + kDirDy[dir]);
      next.g = new_g;
      next.parent = static_cast<std::uint8_t>(dir);
      me.open.decrease(next.aux, make_entry(priority_key(new_g + h_next), new_g, nid));
      ++counters_.improved;
      if constexpr (listener_observes<Listener>())
        listener.on_event(on_side(neighbour_event(nid, Outcome::Improved, old_g, new_g, id), kSide));
      offer_meeting(nid, new_g, other, kSide, listener);
    } else if constexpr (listener_observes<Listener>()) {
      const bool closed = next.phase == static_cast<std::uint8_t>(CellPhase::Closed);
      listener.on_event(on_side(neighbour_event(nid, closed ? Outcome::AlreadyClosed : Outcome::NotImproved, next.g, next.g,
                                                me.parent(nid, stamp, offsets)),
                                kSide));
    }
  }
  counters_.opened += opened;
}

template <class Listener>
void BidirectionalSearch::offer_meeting(CellId id, double g_here, const Frontier& other, Side side,
                                        Listener& listener) {
  const Cell& there = other.cells[id];
  if (there.stamp != stamp_) return;
  const double candidate = g_here + there.g;
  const std::uint64_t key = priority_key(candidate);
  // Compared as keys: a meeting of the same cost through another cell is not better.
  if (met_ && key >= mu_key_) return;
  met_ = true;
  mu_ = candidate;
  mu_key_ = key;
  meeting_cell_ = id;
  if constexpr (listener_observes<Listener>()) listener.on_event(on_side(make_event(EventKind::Meet, id, candidate), side));
}

double BidirectionalSearch::fmin(const Frontier& frontier) const {
  if (frontier.open.empty()) return INFINITY;
  const CellId id = frontier.open.top().id();
  const Point p = grid_->point(id);
  return frontier.cells[id].g + frontier.heuristic.at(p.x, p.y);
}

std::vector<OpenItem> BidirectionalSearch::open_in_order(std::size_t limit) const {
  // The same choice expand_next() makes.
  const bool forward_next = forward_.open.size() <= backward_.open.size();
  const Frontier& next = forward_next ? forward_ : backward_;
  const Frontier& other = forward_next ? backward_ : forward_;
  // Shares of the limit (see the header): what one side cannot fill goes to the other.
  const std::size_t next_share = std::min(next.open.size(), limit - limit / 2);
  const std::size_t other_count = std::min(other.open.size(), limit - next_share);
  const std::size_t next_count = std::min(next.open.size(), limit - other_count);
  std::vector<OpenItem> items;
  items.reserve(next_count + other_count);
  append_open_items(next, forward_next ? Side::Forward : Side::Backward, next_count, items);
  append_open_items(other, forward_next ? Side::Backward : Side::Forward, other_count, items);
  return items;
}

void BidirectionalSearch::append_open_items(const Frontier& frontier, Side side, std::size_t count,
                                            std::vector<OpenItem>& items) const {
  for (const OpenEntry& entry : frontier.open.in_pop_order(count)) {
    const CellId id = entry.id();
    const Point p = grid_->point(id);
    const double g = frontier.cells[id].g;
    const double h = frontier.heuristic.at(p.x, p.y);
    items.push_back({id, g, h, g + h, side});
  }
}

template <class Listener>
void BidirectionalSearch::check_stop(Listener& listener) {
  const bool emptied = forward_.open.empty() || backward_.open.empty();
  if (!met_) {
    if (emptied) status_ = Status::NoPath;
    return;
  }
  // The bound is the larger smallest f, as an open-list key (an empty list's is infinite),
  // so two sums of the same true cost cannot be told apart by rounding noise.
  const std::uint64_t bound_key =
      emptied ? UINT64_MAX : std::max(forward_.open.top().key, backward_.open.top().key);
  if (mu_key_ > bound_key) return;
  if constexpr (listener_observes<Listener>()) {
    const double bound = std::max(fmin(forward_), fmin(backward_));
    listener.on_event(make_event(EventKind::Stop, meeting_cell_, mu_, bound));
  }
  finish();
}

void BidirectionalSearch::finish() {
  // The forward half comes from the forward parents, the backward half from the backward
  // ones; the meeting cell is in both.
  path_ = route_to(meeting_cell_);
  for (CellId at = meeting_cell_; at != goal_id_;) {
    at = backward_.parent(at, stamp_, neighbour_offset_);
    path_.push_back(grid_->point(at));
  }
  status_ = Status::Found;
  path_cost_ = mu_;

  // Complete both frontiers along the path (see the header): each path cell gets phase
  // Path, its cost along the path from its side's root, and the path's parent on each side.
  const std::size_t n = path_.size();
  const std::uint8_t* const costs = grid_->costs();
  const auto dir_between = [](Point from, Point to) {
    for (int dir = 0; dir < kDirectionCount; ++dir)
      if (from.x + kDirDx[dir] == to.x && from.y + kDirDy[dir] == to.y) return static_cast<std::uint8_t>(dir);
    return kNoDirection;
  };
  const auto mark = [this](Cell& cell, double g, std::uint8_t parent) {
    const bool expanded = cell.stamp == stamp_ && (cell.phase == static_cast<std::uint8_t>(CellPhase::Closed) ||
                                                   cell.phase == static_cast<std::uint8_t>(CellPhase::Path));
    if (!expanded) cell.aux = 0;
    cell.stamp = stamp_;
    cell.g = g;
    cell.parent = parent;
    cell.phase = static_cast<std::uint8_t>(CellPhase::Path);
  };
  double g = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint8_t dir = kNoDirection;
    if (i > 0) {
      dir = dir_between(path_[i - 1], path_[i]);
      g += lengths_[dir] * costs[grid_->id(path_[i])];
    }
    mark(forward_.cells[grid_->id(path_[i])], g, dir);
  }
  g = 0;
  for (std::size_t i = n; i-- > 0;) {
    std::uint8_t dir = kNoDirection;
    if (i + 1 < n) {
      // The backward move from path_[i + 1] to path_[i] pays path_[i + 1]'s terrain.
      dir = dir_between(path_[i + 1], path_[i]);
      g += lengths_[dir] * costs[grid_->id(path_[i + 1])];
    }
    mark(backward_.cells[grid_->id(path_[i])], g, dir);
  }
}

// The two listeners ExpandingSearch (search.h) drives expansions with.
template void BidirectionalSearch::expand_next(NullListener&);
template void BidirectionalSearch::expand_next(EventRecorder&);

}  // namespace astar
