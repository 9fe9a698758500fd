#include "ida_star.h"

#include <bit>

#include "open_list.h"

namespace astar {

namespace {

// IDA*'s neighbour events also carry the f the move offers (c), which says why a cell
// was pruned; `from` is the expanded cell.
Event offered_event(CellId cell, Outcome outcome, double g_before, double g_offered, double f_offered, CellId from) {
  Event event = neighbour_event(cell, outcome, g_before, g_offered, from);
  event.c = f_offered;
  return event;
}

}  // namespace

IdaStarSearch::IdaStarSearch(const Grid& grid, const SearchOptions& options) : ExpandingSearch(grid, options) {
  set_grid(grid);
}

Progress IdaStarSearch::progress() const {
  Progress progress;
  if (begun_stamp_ == stamp_ && begun_stamp_ != 0) {
    progress.threshold = threshold_;
    progress.iteration = static_cast<double>(iteration_);
  }
  return progress;
}

double IdaStarSearch::f(CellId id) const {
  if (phase(id) == CellPhase::Unseen) return NAN;
  const Point p = grid_->point(id);
  return cells_[id].g + heuristic_.at(p.x, p.y);
}

std::vector<Channel> IdaStarSearch::channels() const {
  const Cell* cells = cells_.data();
  if (!cells) return {};
  const std::uint16_t* stamps = &cells->stamp;
  constexpr std::uint32_t kStride = sizeof(Cell);
  return {
      {ChannelName::Phase, ChannelType::U8, &cells->phase, kStride, stamps, kStride},
      {ChannelName::G, ChannelType::F64, &cells->g, kStride, stamps, kStride},
      {ChannelName::Order, ChannelType::U32, &cells->order, kStride, stamps, kStride},
      {ChannelName::ParentDir, ChannelType::U8, &cells->parent, kStride, stamps, kStride},
      {ChannelName::Visits, ChannelType::U32, &cells->visits, kStride, stamps, kStride},
  };
}

void IdaStarSearch::resize(std::size_t cells) {
  cells_.assign(cells, Cell{0, 0, 0, 0, 0, kNoDirection});
  table_.assign(cells, TableEntry{0, 0});
  table_stamp_ = 0;
  frames_.clear();
}

void IdaStarSearch::clear_stamps() {
  for (Cell& cell : cells_) cell.stamp = 0;
  begun_stamp_ = 0;
}

CellId IdaStarSearch::stored_parent(CellId id) const {
  const Cell& cell = cells_[id];
  if (cell.stamp != stamp_ || cell.parent == kNoDirection) return kNoCell;
  return id - static_cast<CellId>(neighbour_offset_[cell.parent]);
}

void IdaStarSearch::new_table_stamp() {
  if (++table_stamp_ == 0) {
    // Wrapped (once per 2^32 iterations): old entries would alias the new stamp.
    for (TableEntry& entry : table_) entry.stamp = 0;
    table_stamp_ = 1;
  }
}

void IdaStarSearch::begin() {
  const int width = grid_->width();
  for (int dir = 0; dir < kDirectionCount; ++dir) neighbour_offset_[dir] = kDirDy[dir] * width + kDirDx[dir];
  lengths_ = direction_lengths(options_.cost_model);
  start_id_ = grid_->id(start_);
  goal_id_ = grid_->id(goal_);
  frames_.clear();
  iteration_ = 1;
  started_ = false;
  threshold_ = heuristic_.at(start_.x, start_.y);
  threshold_key_ = priority_key(threshold_);
  pruned_any_ = false;
  next_threshold_ = INFINITY;
  next_key_ = UINT64_MAX;
  begun_stamp_ = stamp_;
  status_ = Status::Running;
}

bool IdaStarSearch::has_next(Frame& frame) {
  const std::uint8_t* const costs = grid_->costs();
  while (frame.todo != 0) {
    const int dir = std::countr_zero(static_cast<unsigned>(frame.todo));
    const CellId next = frame.cell + static_cast<CellId>(neighbour_offset_[dir]);
    const double g = frame.g + lengths_[dir] * costs[next];
    if (still_owned(next, g)) return true;
    frame.todo = static_cast<std::uint8_t>(frame.todo & (frame.todo - 1));
  }
  return false;
}

std::vector<OpenItem> IdaStarSearch::open_in_order(std::size_t limit) const {
  const std::uint8_t* const costs = grid_->costs();
  const auto item = [this](CellId cell, double g) {
    const double h_here = h(cell);
    return OpenItem{cell, g, h_here, g + h_here, Side::Forward};
  };
  std::vector<OpenItem> items;
  for (std::size_t i = frames_.size(); i-- > 0 && items.size() < limit;) {
    const Frame& frame = frames_[i];
    for (unsigned todo = frame.todo; todo != 0 && items.size() < limit; todo &= todo - 1) {
      const int dir = std::countr_zero(todo);
      const CellId next = frame.cell + static_cast<CellId>(neighbour_offset_[dir]);
      const double g = frame.g + lengths_[dir] * costs[next];
      if (still_owned(next, g)) items.push_back(item(next, g));
    }
  }
  // Nothing pending: the next step starts an iteration from the start (see the header).
  if (items.empty()) items.push_back(item(start_id_, 0.0));
  return items;
}

template <class Listener>
void IdaStarSearch::expand_next(Listener& listener) {
  // 1. Pop the frames with nothing left to descend into.
  std::uint64_t popped = 0;
  while (!frames_.empty() && !has_next(frames_.back())) {
    cells_[frames_.back().cell].phase = static_cast<std::uint8_t>(CellPhase::Closed);
    frames_.pop_back();
    ++popped;
  }
  if constexpr (listener_observes<Listener>()) {
    if (popped > 0)
      listener.on_event(make_event(EventKind::Backtrack, frames_.empty() ? kNoCell : frames_.back().cell,
                                   static_cast<double>(popped)));
  }

  // 2. Descend from the top frame, or start the next iteration from the start.
  if (frames_.empty()) {
    if (started_) {
      // The expansion that ended the last iteration checked that something was pruned
      // (otherwise the search ended NoPath there).
      ++iteration_;
      threshold_ = next_threshold_;
      threshold_key_ = next_key_;
    }
    started_ = true;
    pruned_any_ = false;
    next_threshold_ = INFINITY;
    next_key_ = UINT64_MAX;
    new_table_stamp();
    table_[start_id_] = TableEntry{0.0, table_stamp_};
    ++counters_.opened;  // the iteration's root: the start is its open list's one item (open_in_order)
    if constexpr (listener_observes<Listener>())
      listener.on_event(make_event(EventKind::Iteration, kNoCell, static_cast<double>(iteration_), threshold_));
    expand(start_id_, 0.0, kNoDirection, listener);
    return;
  }
  Frame& top = frames_.back();
  const int dir = std::countr_zero(static_cast<unsigned>(top.todo));
  top.todo = static_cast<std::uint8_t>(top.todo & (top.todo - 1));
  const CellId next = top.cell + static_cast<CellId>(neighbour_offset_[dir]);
  const double g = top.g + lengths_[dir] * grid_->cost(next);
  expand(next, g, static_cast<std::uint8_t>(dir), listener);
}

template <class Listener>
void IdaStarSearch::expand(CellId id, double g, std::uint8_t parent_dir, Listener& listener) {
  Cell* const cells = cells_.data();
  TableEntry* const table = table_.data();
  const std::uint8_t* const costs = grid_->costs();
  const std::uint16_t stamp = stamp_;
  const std::uint32_t table_stamp = table_stamp_;
  const std::uint64_t threshold_key = threshold_key_;
  const HeuristicParams hp = heuristic_;
  const std::array<int, kDirectionCount> offsets = neighbour_offset_;
  const std::array<double, kDirectionCount> lengths = lengths_;
  const Diagonal diagonal = options_.diagonal;

  ++counters_.expanded;
  Cell& cell = cells[id];
  if (cell.stamp != stamp) {
    cell.stamp = stamp;
    cell.visits = 0;
  }
  ++cell.visits;
  cell.order = static_cast<std::uint32_t>(counters_.expanded);
  cell.g = g;
  cell.parent = parent_dir;
  cell.phase = static_cast<std::uint8_t>(CellPhase::Open);

  const int width = grid_->width();
  const int x = static_cast<int>(id % static_cast<CellId>(width));
  const int y = static_cast<int>(id / static_cast<CellId>(width));
  if constexpr (listener_observes<Listener>()) {
    const double h_here = hp.at(x, y);
    listener.on_event(make_event(EventKind::Expand, id, g, h_here, g + h_here));
  }

  if (id == goal_id_) {
    frames_.push_back(Frame{id, 0, g});
    if (frames_.size() > counters_.max_open) counters_.max_open = frames_.size();
    finish(id, g);
    return;
  }

  const std::uint8_t moves = allowed_moves(diagonal, grid_->neighbour_mask(id));
  const unsigned visit = listener_wants_blocked<Listener>() ? 0xFFu : moves;
  std::uint8_t todo = 0;
  for (unsigned remaining = visit; remaining != 0; remaining &= remaining - 1) {
    const int dir = std::countr_zero(remaining);
    if constexpr (listener_wants_blocked<Listener>()) {
      if (!(moves & (1u << dir))) {
        report_blocked(listener, *grid_, diagonal, x, y, dir);
        continue;
      }
    }
    const CellId nid = id + static_cast<CellId>(offsets[dir]);
    const Cell& next = cells[nid];
    const double new_g = g + lengths[dir] * costs[nid];
    const bool seen = next.stamp == stamp;
    [[maybe_unused]] const double g_before = seen ? next.g : NAN;

    if (seen && next.phase == static_cast<std::uint8_t>(CellPhase::Open)) {
      // On the current path: going there closes a cycle, never part of a cheapest path.
      if constexpr (listener_observes<Listener>())
        listener.on_event(offered_event(nid, Outcome::OnPath, g_before, new_g,
                                          new_g + hp.at(x + kDirDx[dir], y + kDirDy[dir]), id));
      continue;
    }
    const double new_f = new_g + hp.at(x + kDirDx[dir], y + kDirDy[dir]);
    const std::uint64_t f_key = priority_key(new_f);
    if (f_key > threshold_key) {
      pruned_any_ = true;
      if (f_key < next_key_) {
        next_key_ = f_key;
        next_threshold_ = new_f;
      }
      if constexpr (listener_observes<Listener>())
        listener.on_event(offered_event(nid, Outcome::Pruned, g_before, new_g, new_f, id));
      continue;
    }
    TableEntry& entry = table[nid];
    const bool reached = entry.stamp == table_stamp;
    if (reached && priority_key(new_g) >= priority_key(entry.g)) {
      if constexpr (listener_observes<Listener>())
        listener.on_event(offered_event(nid, Outcome::NotImproved, g_before, new_g, new_f, id));
      continue;
    }
    entry = TableEntry{new_g, table_stamp};
    todo = static_cast<std::uint8_t>(todo | (1u << dir));
    ++counters_.opened;
    if constexpr (listener_observes<Listener>())
      listener.on_event(offered_event(nid, Outcome::Opened, g_before, new_g, new_f, id));
  }

  frames_.push_back(Frame{id, todo, g});
  if (frames_.size() > counters_.max_open) counters_.max_open = frames_.size();

  // End NoPath in this step when nothing is left to descend into and nothing was pruned:
  // the stack would empty with no threshold to raise. (Scanning down here cleans stale
  // directions, so the pops of the next step cost nothing extra.)
  if (!pruned_any_ && todo == 0) {
    bool more = false;
    for (std::size_t i = frames_.size(); i-- > 0 && !more;) more = has_next(frames_[i]);
    if (!more) status_ = Status::NoPath;
  }
}

void IdaStarSearch::finish(CellId goal, double g) {
  finish_found(goal, g, false);
  for (const Point& p : path_) cells_[grid_->id(p)].phase = static_cast<std::uint8_t>(CellPhase::Path);
}

// The two listeners ExpandingSearch (search.h) drives expansions with.
template void IdaStarSearch::expand_next(NullListener&);
template void IdaStarSearch::expand_next(EventRecorder&);

}  // namespace astar
