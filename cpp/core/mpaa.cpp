#include "mpaa.h"

#include <algorithm>
#include <bit>

namespace astar {

MpaaSearch::MpaaSearch(const Grid& grid, const SearchOptions& options)
    : ExpandingSearch(grid, options), open_(PositionOf{&cells_}) {
  set_grid(grid);
}

void MpaaSearch::resize(std::size_t cells) {
  cells_.assign(cells, Cell{NAN, NAN, 0, 0, static_cast<std::uint8_t>(CellPhase::Unseen), kNoDirection, kNoDirection, 0, kUntested});
  open_.clear();
  plan_cells_.clear();
}

void MpaaSearch::clear_stamps() {
  for (Cell& c : cells_) c.stamp = 0;
}

MpaaSearch::Cell& MpaaSearch::touch(CellId id) {
  Cell& c = cells_[id];
  if (c.stamp != stamp_)
    c = Cell{NAN, NAN, 0, stamp_, static_cast<std::uint8_t>(CellPhase::Unseen), kNoDirection, kNoDirection, 0, kUntested};
  return c;
}

void MpaaSearch::enlist(CellId id) {
  const Cell& c = cells_[id];
  if (c.phase == static_cast<std::uint8_t>(CellPhase::Unseen) && c.reach == kUntested && c.reused == 0) plan_cells_.push_back(id);
}

CellId MpaaSearch::stored_parent(CellId id) const {
  const int dir = cells_[id].parent;
  if (dir == kNoDirection) return kNoCell;
  const Point p = grid_->point(id);
  return grid_->id(p.x - kDirDx[dir], p.y - kDirDy[dir]);
}

double MpaaSearch::heuristic(CellId id) const {
  if (began_stamp_ != stamp_ || id >= cells_.size()) return NAN;
  if (mine(id) && !std::isnan(cells_[id].h)) return cells_[id].h;
  const Point p = grid_->point(id);
  return costs_.estimate(p.x, p.y, goal_.x, goal_.y);
}

double MpaaSearch::f(CellId id) const {
  if (phase(id) == CellPhase::Unseen) return NAN;
  return cells_[id].g + heuristic(id);
}

CellId MpaaSearch::kept_next(CellId id) const {
  if (id >= cells_.size() || !mine(id) || cells_[id].next == kNoDirection) return kNoCell;
  return id + static_cast<CellId>(neighbour_offset_[cells_[id].next]);
}

OpenEntry MpaaSearch::entry(CellId id, double g) const {
  // f exactly (a multiple of 2^-25, so f * 2^25 is a whole number), then A*'s ties: the
  // larger g, then the smaller id (open_list.h).
  return make_entry(static_cast<std::uint64_t>((g + heuristic(id)) * ExactCosts::kScale), g, id);
}

void MpaaSearch::begin() {
  const Grid& grid = *grid_;
  goal_id_ = grid.id(goal_);
  for (int dir = 0; dir < kDirectionCount; ++dir) neighbour_offset_[dir] = kDirDy[dir] * grid.width() + kDirDx[dir];
  costs_ = ExactCosts::make(options_.cost_model, effective_heuristic(options_), grid.min_cost());
  began_stamp_ = stamp_;
  plan_cells_.clear();  // cells of an earlier search: foreign to this one by their stamp
  begin_plan();
}

void MpaaSearch::begin_plan() {
  for (CellId id : plan_cells_) {
    Cell& c = cells_[id];
    if (c.stamp != stamp_) continue;
    c.g = NAN;
    c.aux = 0;
    c.phase = static_cast<std::uint8_t>(CellPhase::Unseen);
    c.parent = kNoDirection;
    c.reused = 0;
    c.reach = kUntested;
  }
  plan_cells_.clear();
  open_.clear();
  path_.clear();
  path_cost_ = NAN;
  counters_ = {};
  reused_from_ = kNoCell;
  const Grid& grid = *grid_;
  const CellId start = grid.id(start_);
  if (!grid.passable(start) || !grid.passable(goal_id_)) {
    status_ = Status::NoPath;
    return;
  }
  Cell& s = touch(start);
  enlist(start);
  s.g = 0;
  s.parent = kNoDirection;
  s.phase = static_cast<std::uint8_t>(CellPhase::Open);
  open_.push(entry(start, 0));
  counters_.opened = 1;
  counters_.max_open = 1;
  status_ = Status::Running;
}

bool MpaaSearch::leads_to_goal(CellId id) {
  const Grid& grid = *grid_;
  const Diagonal diagonal = options_.diagonal;
  std::vector<CellId> trail;
  bool leads = false;
  for (CellId at = id;;) {
    const Cell& c = cells_[at];
    if (at == goal_id_ || c.reach == kLeadsToGoal) {
      leads = true;
      break;
    }
    if (c.reach == kBroken || c.next == kNoDirection) break;
    const int dir = c.next;
    const CellId next = at + static_cast<CellId>(neighbour_offset_[dir]);
    // The move must be legal now and cost exactly what h says it does.
    if (!grid.passable(at) || !(allowed_moves(diagonal, grid.neighbour_mask(at)) & (1u << dir))) break;
    if (heuristic(at) != costs_.move(dir, grid.cost(next)) + heuristic(next)) break;
    trail.push_back(at);
    at = next;
  }
  for (CellId at : trail) {
    enlist(at);
    cells_[at].reach = leads ? kLeadsToGoal : kBroken;
  }
  if (trail.empty() && id != goal_id_) {
    enlist(id);
    cells_[id].reach = leads ? kLeadsToGoal : kBroken;
  }
  return leads;
}

template <class Listener>
void MpaaSearch::expand_next(Listener& listener) {
  // Running implies a non-empty open list: the expansion that empties it ends the plan.
  const OpenEntry top = open_.pop();
  const CellId id = top.id();
  Cell& cell = cells_[id];
  cell.phase = static_cast<std::uint8_t>(CellPhase::Closed);
  const std::uint64_t expansion = ++counters_.expanded;
  cell.aux = static_cast<std::uint32_t>(expansion);
  const Grid& grid = *grid_;
  const Point p = grid.point(id);
  const double g = cell.g;
  if constexpr (listener_observes<Listener>()) {
    const double h_here = heuristic(id);
    Event event = make_event(EventKind::Expand, id, g, h_here, g + h_here);
    event.other = stored_parent(id);
    listener.on_event(event);
  }
  if (id == goal_id_ || (cell.next != kNoDirection && leads_to_goal(id))) {
    finish(id, listener);
    return;
  }

  const Diagonal diagonal = options_.diagonal;
  const std::uint8_t moves = allowed_moves(diagonal, grid.neighbour_mask(id));
  const unsigned visit = listener_wants_blocked<Listener>() ? 0xFFu : moves;
  for (unsigned remaining = visit; remaining != 0; remaining &= remaining - 1) {
    const int dir = std::countr_zero(remaining);
    if constexpr (listener_wants_blocked<Listener>()) {
      if (!(moves & (1u << dir))) {
        report_blocked(listener, grid, diagonal, p.x, p.y, dir);
        continue;
      }
    }
    const CellId nid = id + static_cast<CellId>(neighbour_offset_[dir]);
    Cell& next = touch(nid);
    const double new_g = g + costs_.move(dir, grid.cost(nid));
    if (next.phase == static_cast<std::uint8_t>(CellPhase::Unseen)) {
      enlist(nid);
      next.g = new_g;
      next.parent = static_cast<std::uint8_t>(dir);
      next.phase = static_cast<std::uint8_t>(CellPhase::Open);
      open_.push(entry(nid, new_g));
      ++counters_.opened;
      if constexpr (listener_observes<Listener>()) listener.on_event(neighbour_event(nid, Outcome::Opened, NAN, new_g, id));
    } else if (next.phase == static_cast<std::uint8_t>(CellPhase::Open) && new_g < next.g) {
      // The learned h is consistent, so closed cells are final (as for A*).
      const double old_g = next.g;
      next.g = new_g;
      next.parent = static_cast<std::uint8_t>(dir);
      open_.decrease(next.aux, entry(nid, new_g));
      ++counters_.improved;
      if constexpr (listener_observes<Listener>()) listener.on_event(neighbour_event(nid, Outcome::Improved, old_g, new_g, id));
    } else if constexpr (listener_observes<Listener>()) {
      const bool closed = next.phase != static_cast<std::uint8_t>(CellPhase::Open);
      listener.on_event(neighbour_event(nid, closed ? Outcome::AlreadyClosed : Outcome::NotImproved, next.g, next.g, stored_parent(nid)));
    }
  }
  if (open_.size() > counters_.max_open) counters_.max_open = open_.size();
  if (open_.empty()) status_ = Status::NoPath;
}

template <class Listener>
void MpaaSearch::finish(CellId stop, Listener& listener) {
  const Grid& grid = *grid_;
  const double cost = cells_[stop].g + heuristic(stop);
  if (stop != goal_id_) {
    reused_from_ = stop;
    if constexpr (listener_observes<Listener>()) listener.on_event(make_event(EventKind::Stop, stop, cost, cost));
  }
  // Adaptive A*: every cell this plan expanded learns h = cost - g. (The stop cell keeps its
  // h: cost - g(stop) is h(stop).)
  for (CellId id : plan_cells_) {
    Cell& c = cells_[id];
    if (c.phase == static_cast<std::uint8_t>(CellPhase::Closed)) c.h = cost - c.g;
  }
  // The path: the start to `stop` by parents, whose moves become kept pointers, then the
  // kept path from `stop` to the goal.
  std::vector<CellId> ids;
  for (CellId at = stop; at != kNoCell; at = stored_parent(at)) ids.push_back(at);
  std::reverse(ids.begin(), ids.end());
  for (std::size_t i = 0; i + 1 < ids.size(); ++i) cells_[ids[i]].next = cells_[ids[i + 1]].parent;
  // Known before the loop below marks the reused cells by it (the count left from the last
  // plan would mark cells before the stop as reused).
  expanded_on_path_ = ids.size();
  for (CellId at = stop; at != goal_id_;) {
    at += static_cast<CellId>(neighbour_offset_[cells_[at].next]);
    ids.push_back(at);
  }
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const CellId id = ids[i];
    enlist(id);
    Cell& c = cells_[id];
    c.phase = static_cast<std::uint8_t>(CellPhase::Path);
    if (stop != goal_id_ && i + 1 >= expanded_on_path_) c.reused = 1;
    path_.push_back(grid.point(id));
  }
  path_cost_ = path_cost_from(path_);
  status_ = Status::Found;
}

double MpaaSearch::path_cost_from(const std::vector<Point>& path) const {
  double cost = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const int dx = path[i].x - path[i - 1].x, dy = path[i].y - path[i - 1].y;
    cost += (dx != 0 && dy != 0 ? costs_.true_lengths[4] : costs_.true_lengths[0]) * grid_->cost(grid_->id(path[i]));
  }
  return cost;
}

// The two listeners ExpandingSearch steps with (the header leaves expand_next undefined).
template void MpaaSearch::expand_next<NullListener>(NullListener&);
template void MpaaSearch::expand_next<EventRecorder>(EventRecorder&);

bool MpaaSearch::consistent_around(const std::vector<CellId>& changed_cells) const {
  const Grid& grid = *grid_;
  for (CellId changed : changed_cells) {
    if (changed >= grid.cell_count()) continue;
    const Point p = grid.point(changed);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if (!grid.in_bounds(p.x + dx, p.y + dy)) continue;
        const CellId from = grid.id(p.x + dx, p.y + dy);
        if (!grid.passable(from)) continue;
        const double h_from = heuristic(from);
        const std::uint8_t moves = allowed_moves(options_.diagonal, grid.neighbour_mask(from));
        for (unsigned remaining = moves; remaining != 0; remaining &= remaining - 1) {
          const int dir = std::countr_zero(remaining);
          const CellId to = from + static_cast<CellId>(neighbour_offset_[dir]);
          if (h_from > costs_.move(dir, grid.cost(to)) + heuristic(to)) return false;
        }
      }
  }
  return true;
}

bool MpaaSearch::repair(const std::vector<CellId>& changed_cells, Point new_start) {
  const Grid& grid = *grid_;
  if (status_ == Status::Ready || status_ == Status::Refused || !grid.in_bounds(new_start.x, new_start.y) ||
      grid.cell_count() != cells_.size())
    return false;
  acknowledge_grid();
  start_ = new_start;
  if (began_stamp_ != stamp_ || !consistent_around(changed_cells)) {
    // Never begun (reset found a wall at an end), or a cost went down where the learned h
    // would now overestimate: forget everything (a new stamp) and begin again.
    if (++stamp_ == 0) {
      clear_stamps();
      stamp_ = 1;
    }
    start_search();
    return true;
  }
  begin_plan();
  return true;
}

bool MpaaSearch::move_start(Point new_start) {
  const Grid& grid = *grid_;
  if (status_ == Status::Ready || status_ == Status::Refused || !grid.in_bounds(new_start.x, new_start.y)) return false;
  start_ = new_start;
  if (began_stamp_ != stamp_) {
    if (++stamp_ == 0) {
      clear_stamps();
      stamp_ = 1;
    }
    start_search();
    return true;
  }
  if (status_ == Status::Found) {
    const auto on_path = std::find(path_.begin(), path_.end(), new_start);
    if (on_path != path_.end()) {
      // The rest of the path is the path from here: its cells before are no longer on it
      // (those up to the stop cell were expanded; those after it were only reused).
      const std::size_t skip = static_cast<std::size_t>(on_path - path_.begin());
      for (std::size_t i = 0; i < skip; ++i) {
        Cell& c = cells_[grid.id(path_[i])];
        c.phase = static_cast<std::uint8_t>(i < expanded_on_path_ ? CellPhase::Closed : CellPhase::Unseen);
        c.reused = 0;
      }
      expanded_on_path_ = expanded_on_path_ > skip ? expanded_on_path_ - skip : 0;
      path_.erase(path_.begin(), on_path);
      path_cost_ = path_cost_from(path_);
      return true;
    }
  }
  begin_plan();
  return true;
}

std::vector<Channel> MpaaSearch::channels() const {
  const Cell* base = cells_.data();
  const std::uint16_t* stamps = base ? &base->stamp : nullptr;
  constexpr std::uint32_t kStride = sizeof(Cell);
  return {
      {ChannelName::Phase, ChannelType::U8, base ? &base->phase : nullptr, kStride, stamps, kStride},
      {ChannelName::G, ChannelType::F64, base ? &base->g : nullptr, kStride, stamps, kStride},
      {ChannelName::Order, ChannelType::U32, base ? &base->aux : nullptr, kStride, stamps, kStride},
      {ChannelName::ParentDir, ChannelType::U8, base ? &base->parent : nullptr, kStride, stamps, kStride},
      {ChannelName::LearnedH, ChannelType::F64, base ? &base->h : nullptr, kStride, stamps, kStride},
      {ChannelName::Reused, ChannelType::U8, base ? &base->reused : nullptr, kStride, stamps, kStride},
  };
}

std::vector<OpenItem> MpaaSearch::open_in_order(std::size_t limit) const {
  const std::vector<OpenEntry> entries = open_.in_pop_order(limit);
  std::vector<OpenItem> items;
  items.reserve(entries.size());
  for (const OpenEntry& e : entries) {
    const CellId id = e.id();
    const double h_here = heuristic(id);
    items.push_back({id, cells_[id].g, h_here, cells_[id].g + h_here, Side::Forward});
  }
  return items;
}

}  // namespace astar
