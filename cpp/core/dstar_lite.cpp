#include "dstar_lite.h"

#include <algorithm>
#include <bit>

namespace astar {

namespace {

// The direction opposite to `dir` (N <-> S, E <-> W, NE <-> SW, SE <-> NW).
constexpr std::uint8_t opposite(int dir) {
  return static_cast<std::uint8_t>(dir < 4 ? (dir + 2) % 4 : 4 + (dir - 4 + 2) % 4);
}

}  // namespace

DStarLiteSearch::DStarLiteSearch(const Grid& grid, const SearchOptions& options) : ExpandingSearch(grid, options) {
  set_grid(grid);
}

void DStarLiteSearch::resize(std::size_t cells) {
  cells_.assign(cells, Cell{INFINITY, INFINITY, 0, 0, 0, 0, kNoDirection});
  queue_.clear();
  path_ids_.clear();
}

void DStarLiteSearch::clear_stamps() {
  for (Cell& c : cells_) c.stamp = 0;
}

DStarLiteSearch::Cell& DStarLiteSearch::touch(CellId id) {
  Cell& c = cells_[id];
  if (c.stamp != stamp_) c = Cell{INFINITY, INFINITY, 0, 0, stamp_, static_cast<std::uint8_t>(CellPhase::Closed), kNoDirection};
  return c;
}

CellId DStarLiteSearch::stored_parent(CellId id) const {
  const int dir = cells_[id].parent;
  if (dir == kNoDirection) return kNoCell;
  const Point p = grid_->point(id);
  return grid_->id(p.x - kDirDx[dir], p.y - kDirDy[dir]);
}

void DStarLiteSearch::catch_up_km() {
  StartEstimate now;
  now.look_around(*grid_, options_.diagonal, costs_, start_);
  km_ += estimate_.rise_to(now, [this](Point c) { const CellId id = grid_->id(c.x, c.y); return seen(id) && queued(id); });
  use_estimate(std::move(now));
}

void DStarLiteSearch::use_estimate(StartEstimate&& estimate) {
  estimate_ = std::move(estimate);
  estimate_revision_ = grid_->revision();
}

StartEstimate::Fixed DStarLiteSearch::estimate_from_start(Point p) const {
  if (estimate_.start() == start_ && estimate_revision_ == grid_->revision()) return estimate_.at(p);
  // For observers, after the start moved along the path or the grid changed since the loop
  // last ran: the estimate as it is now, read once and kept while the start and grid stay.
  if (observed_.start() != start_ || observed_revision_ != grid_->revision()) {
    observed_.look_around(*grid_, options_.diagonal, costs_, start_);
    observed_revision_ = grid_->revision();
  }
  return observed_.at(p);
}

double DStarLiteSearch::h(CellId id) const {
  if (status_ == Status::Ready || id >= grid_->cell_count()) return NAN;
  return unfixed(estimate_from_start(grid_->point(id)));
}

DStarLiteSearch::Key DStarLiteSearch::key_now(CellId id, int dir) const {
  const Cell& c = cells_[id];
  const double least = std::min(c.g, c.rhs);
  // The latest pop's cells first: pops_ counts up, so its complement counts down.
  const std::uint64_t order = (c.g < c.rhs ? 0 : kNotUnder) | (std::uint64_t{UINT32_MAX - pops_} << 3) | static_cast<std::uint64_t>(dir);
  if (c.stamp != stamp_ || std::isinf(least)) return {kInfinite, kInfinite, order};
  const Point p = grid_->point(id);
  const Fixed k2 = fixed(least);
  return {k2 + estimate_from_start(p) + km_, k2, order};
}

DStarLiteSearch::Key DStarLiteSearch::start_key() const { return key_now(grid_->id(start_)); }

double DStarLiteSearch::f(CellId id) const {
  if (!seen(id)) return NAN;
  return unfixed(queued(id) ? queue_[cells_[id].heap].key.k1 : key_now(id).k1);
}

std::optional<DStarLiteSearch::QueuePlace> DStarLiteSearch::queue_place(CellId id) const {
  if (id >= cells_.size() || !seen(id) || !queued(id)) return std::nullopt;
  const Key& key = queue_[cells_[id].heap].key;
  const std::uint64_t rank = key.order & ~kNotUnder;
  return QueuePlace{unfixed(key.k1), unfixed(key.k2), (key.order & kNotUnder) == 0,
                    static_cast<std::uint32_t>(UINT32_MAX - (rank >> 3)), static_cast<std::uint8_t>(rank & 7)};
}

double DStarLiteSearch::lookahead(CellId id, std::uint8_t& best_dir) const {
  best_dir = kNoDirection;
  if (id == goal_id_) return 0;
  if (!grid_->passable(id)) return INFINITY;
  double best = INFINITY;
  const std::uint8_t moves = allowed_moves(options_.diagonal, grid_->neighbour_mask(id));
  // Ties go to the first in route order (moves.h): the path takes its diagonals first.
  for (const int dir : kRouteOrder) {
    if (!(moves & (1u << dir))) continue;
    const CellId next = id + static_cast<CellId>(neighbour_offset_[dir]);
    if (!seen(next)) continue;
    const double through = costs_.move(dir, grid_->cost(next)) + cells_[next].g;
    if (through < best) {
      best = through;
      best_dir = static_cast<std::uint8_t>(dir);
    }
  }
  return best;
}

Outcome DStarLiteSearch::update_vertex(CellId id, int dir) {
  Cell& c = cells_[id];
  if (c.g != c.rhs) {
    if (queued(id)) {
      heap_rekey(id, key_now(id, dir));
      return Outcome::Requeued;
    }
    c.phase = static_cast<std::uint8_t>(CellPhase::Open);
    heap_push(id, key_now(id, dir));
    ++counters_.opened;
    if (queue_.size() > counters_.max_open) counters_.max_open = queue_.size();
    return Outcome::Queued;
  }
  if (queued(id)) {
    heap_remove(id);
    c.phase = static_cast<std::uint8_t>(CellPhase::Closed);
    return Outcome::Dequeued;
  }
  return Outcome::None;
}

void DStarLiteSearch::retarget(Point start) {
  start_ = start;
  heuristic_.target_x = start.x;
  heuristic_.target_y = start.y;
}

void DStarLiteSearch::begin() {
  const Grid& grid = *grid_;
  goal_id_ = grid.id(goal_);
  for (int dir = 0; dir < kDirectionCount; ++dir) neighbour_offset_[dir] = kDirDy[dir] * grid.width() + kDirDx[dir];
  costs_ = ExactCosts::make(options_.cost_model, effective_heuristic(options_), grid.min_cost());
  // The base aimed the heuristic at the goal; D* Lite measures it from the start.
  retarget(start_);
  queue_.clear();
  clear_path();
  km_ = 0;
  pops_ = 0;
  StartEstimate estimate;
  estimate.look_around(grid, options_.diagonal, costs_, start_);
  use_estimate(std::move(estimate));
  Cell& goal = touch(goal_id_);
  goal.rhs = 0;
  status_ = Status::Running;
  update_vertex(goal_id_);
  finish_if_done();
}

void DStarLiteSearch::clear_path() {
  for (CellId id : path_ids_)
    if (seen(id) && cells_[id].phase == static_cast<std::uint8_t>(CellPhase::Path))
      cells_[id].phase = static_cast<std::uint8_t>(CellPhase::Closed);
  path_ids_.clear();
  path_.clear();
  path_cost_ = NAN;
}

void DStarLiteSearch::finish_if_done() {
  if (status_ != Status::Running) return;
  const CellId start = grid_->id(start_);
  if (!grid_->passable(start) || !grid_->passable(goal_id_)) {
    // As reset() answers for a wall at either end (a repair can make one); the queue is
    // kept, so a later repair goes on from here.
    status_ = Status::NoPath;
    return;
  }
  // The loop's condition (see "Why this key"): pop while the first entry comes before the
  // start's key, or while the start is inconsistent.
  const Cell& s = cells_[start];
  const bool start_inconsistent = seen(start) && s.g != s.rhs;
  if (!queue_.empty() && (start_inconsistent || sooner(queue_.front().key, start_key()))) return;
  if (seen(start) && std::isfinite(s.rhs)) {
    extract_path();
    // Following g from the start can only fail past cells the loop left inconsistent,
    // which an inconsistent heuristic (manhattan with diagonal moves) can do: then keep
    // popping; once the queue is empty every cell is consistent and the path follows.
    if (status_ == Status::Running && !queue_.empty()) return;
  }
  if (status_ == Status::Running) status_ = Status::NoPath;
}

// The next cell from `at` toward the goal: the successor with the least c + g (ties in
// direction order), or kNoCell when there is none or its g is not below min(g, rhs) of
// `at` (past cells the loop has not settled; this also rules out cycles, since g falls at
// every step). The start may be left over-consistent (g above rhs, even infinite): its
// rhs, which the least c + g is, counts.
CellId DStarLiteSearch::next_toward_goal(CellId at, std::uint8_t& dir) const {
  lookahead(at, dir);
  if (dir == kNoDirection) return kNoCell;
  const CellId next = at + static_cast<CellId>(neighbour_offset_[dir]);
  return cells_[next].g < std::min(cells_[at].g, cells_[at].rhs) ? next : kNoCell;
}

void DStarLiteSearch::extract_path() {
  clear_path();
  const Grid& grid = *grid_;
  CellId at = grid.id(start_);
  double cost = 0;
  std::vector<CellId> ids{at};
  std::vector<std::uint8_t> dirs;
  while (at != goal_id_) {
    std::uint8_t dir;
    const CellId next = next_toward_goal(at, dir);
    if (next == kNoCell) return;
    cost += costs_.true_lengths[dir] * grid.cost(next);
    dirs.push_back(dir);
    ids.push_back(at = next);
  }
  // Where successors tie, the one stored with rhs may not be the one the path takes: the
  // path's cells point along the path, so the arrows drawn are the way the agent goes.
  for (std::size_t i = 0; i < dirs.size(); ++i) cells_[ids[i]].parent = opposite(dirs[i]);
  for (CellId id : ids) {
    path_.push_back(grid.point(id));
    if (!queued(id)) cells_[id].phase = static_cast<std::uint8_t>(CellPhase::Path);
  }
  path_ids_ = std::move(ids);
  path_cost_ = cost;
  status_ = Status::Found;
}

std::vector<Point> DStarLiteSearch::route_to(CellId id) const {
  std::vector<Point> route;
  if (id >= grid_->cell_count() || !seen(id) || !std::isfinite(std::min(cells_[id].g, cells_[id].rhs))) return route;
  route.push_back(grid_->point(id));
  std::uint8_t dir;
  for (CellId at = next_toward_goal(id, dir); at != kNoCell; at = next_toward_goal(at, dir)) route.push_back(grid_->point(at));
  return route;
}

template <class Listener>
void DStarLiteSearch::refresh_front(Listener& listener) {
  const CellId start = grid_->id(start_);
  while (!queue_.empty()) {
    const Entry top = queue_.front();
    // Only an entry the loop would pop needs its key now.
    const bool start_inconsistent = seen(start) && cells_[start].g != cells_[start].rhs;
    if (!start_inconsistent && !sooner(top.key, start_key())) return;
    const Key fresh = key_now(top.id);
    if (!(top.key.k1 < fresh.k1)) return;
    if constexpr (listener_observes<Listener>()) {
      Event key = make_event(EventKind::Key, top.id, unfixed(top.key.k1), unfixed(top.key.k2), unfixed(fresh.k1));
      key.outcome = Outcome::KeyRaised;
      listener.on_event(key);
    }
    heap_rekey(top.id, {fresh.k1, fresh.k2, top.key.order});
  }
}

template <class Listener>
void DStarLiteSearch::expand_next(Listener& listener) {
  // The first entry is up to date (refresh_front): an over- or under-consistent cell.
  const Entry top = queue_.front();
  const CellId u = top.id;
  Cell& cu = cells_[u];
  ++counters_.expanded;
  cu.order = ++pops_;
  const Grid& grid = *grid_;

  enum class Kind { Over, Under } kind = cu.g > cu.rhs ? Kind::Over : Kind::Under;
  const double g_before = cu.g;
  const double g_after = kind == Kind::Over ? cu.rhs : INFINITY;

  if constexpr (listener_observes<Listener>()) {
    Event expand = make_event(EventKind::Expand, u, g_after, h(u), unfixed(top.key.k1));
    expand.other = stored_parent(u);
    listener.on_event(expand);
    Event key = make_event(EventKind::Key, u, unfixed(top.key.k1), unfixed(top.key.k2), g_before);
    key.outcome = kind == Kind::Over ? Outcome::OverConsistent : Outcome::UnderConsistent;
    listener.on_event(key);
  }
  // Reports a cell whose rhs may have changed from `old_rhs`, after update_vertex.
  const auto report = [&](CellId id, double old_rhs, Outcome outcome) {
    if constexpr (listener_observes<Listener>()) {
      Event event = make_event(EventKind::Rhs, id, old_rhs, cells_[id].rhs,
                               queued(id) ? unfixed(queue_[cells_[id].heap].key.k1) : NAN);
      event.outcome = outcome;
      event.other = stored_parent(id);
      listener.on_event(event);
    }
  };

  if (grid.passable(u)) {
    // Predecessors of u: the cells with a legal move into it. The diagonal rules look at
    // the two cells a diagonal passes between, the same both ways, so they are u's own
    // legal moves, reversed; each pays the move's length times u's cost.
    const std::uint8_t moves = allowed_moves(options_.diagonal, grid.neighbour_mask(u));
    const double terrain = grid.cost(u);
    if (kind == Kind::Over) {
      cu.g = cu.rhs;
      heap_remove(u);
      cu.phase = static_cast<std::uint8_t>(CellPhase::Closed);
      for (unsigned remaining = moves; remaining != 0; remaining &= remaining - 1) {
        const int dir = std::countr_zero(remaining);
        const CellId s = u + static_cast<CellId>(neighbour_offset_[dir]);
        if (s == goal_id_) continue;
        Cell& cs = touch(s);
        const double through = costs_.lengths[dir] * terrain + cu.g;
        if (!(through < cs.rhs)) continue;
        const double old_rhs = cs.rhs;
        cs.rhs = through;
        cs.parent = static_cast<std::uint8_t>(dir);
        ++counters_.improved;
        report(s, old_rhs, update_vertex(s, dir));
      }
    } else {
      cu.g = INFINITY;
      for (unsigned remaining = moves; remaining != 0; remaining &= remaining - 1) {
        const int dir = std::countr_zero(remaining);
        const CellId s = u + static_cast<CellId>(neighbour_offset_[dir]);
        if (s == goal_id_) continue;
        Cell& cs = touch(s);
        if (cs.rhs != costs_.lengths[dir] * terrain + g_before) continue;
        const double old_rhs = cs.rhs;
        std::uint8_t best_dir;
        cs.rhs = lookahead(s, best_dir);
        cs.parent = best_dir == kNoDirection ? kNoDirection : opposite(best_dir);
        // Another successor as cheap: nothing changed, and its place in the queue stays.
        if (cs.rhs != old_rhs) report(s, old_rhs, update_vertex(s, dir));
      }
      report(u, cu.rhs, update_vertex(u));
    }
  } else {
    // A wall has no predecessors; it can be in the queue only when a repair made it one.
    cu.g = kind == Kind::Over ? cu.rhs : INFINITY;
    report(u, cu.rhs, update_vertex(u));
  }
  refresh_front(listener);
  finish_if_done();
}

// The two listeners ExpandingSearch steps with (the header leaves expand_next undefined).
template void DStarLiteSearch::expand_next<NullListener>(NullListener&);
template void DStarLiteSearch::expand_next<EventRecorder>(EventRecorder&);

bool DStarLiteSearch::repair(const std::vector<CellId>& changed_cells, Point new_start) {
  const Grid& grid = *grid_;
  if (status_ == Status::Ready || status_ == Status::Refused || !grid.in_bounds(new_start.x, new_start.y) ||
      grid.cell_count() != cells_.size())
    return false;
  acknowledge_grid();
  counters_ = {};
  if (grid.min_cost() < costs_.terrain || !seen(grid.id(goal_))) {
    // The heuristic, scaled by the old cheapest terrain, could now overestimate (or the
    // search never began: start or goal was a wall): start again from scratch.
    start_over(new_start);
    return true;
  }
  retarget(new_start);
  catch_up_km();
  clear_path();
  status_ = Status::Running;

  // Every cell whose outgoing moves may have changed: the changed cells and their eight
  // neighbours (a move's cost depends on the cell it enters, its legality on both ends and,
  // for diagonals, on the two corner cells). Sorted, so repairs are deterministic.
  std::vector<CellId> affected;
  affected.reserve(changed_cells.size() * 9);
  for (CellId changed : changed_cells) {
    if (changed >= grid.cell_count()) continue;
    const Point p = grid.point(changed);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (grid.in_bounds(p.x + dx, p.y + dy)) affected.push_back(grid.id(p.x + dx, p.y + dy));
  }
  std::sort(affected.begin(), affected.end());
  affected.erase(std::unique(affected.begin(), affected.end()), affected.end());
  for (CellId s : affected) {
    if (s == goal_id_) continue;
    Cell& cs = touch(s);
    std::uint8_t best_dir;
    cs.rhs = lookahead(s, best_dir);
    cs.parent = best_dir == kNoDirection ? kNoDirection : opposite(best_dir);
    update_vertex(s);
  }
  NullListener unobserved;
  refresh_front(unobserved);
  finish_if_done();
  return true;
}

void DStarLiteSearch::start_over(Point start) {
  if (++stamp_ == 0) {
    clear_stamps();
    stamp_ = 1;
  }
  start_ = start;
  start_search();
}

bool DStarLiteSearch::move_start(Point new_start) {
  if (status_ == Status::Ready || status_ == Status::Refused || !grid_->in_bounds(new_start.x, new_start.y)) return false;
  if (!seen(grid_->id(goal_))) {
    // The search never began (reset found a wall at the start or the goal).
    counters_ = {};
    start_over(new_start);
    return true;
  }
  retarget(new_start);
  if (status_ == Status::Found) {
    // Along the path nothing is left to do: its cells have g = d, and the rest of it is
    // the path from there. km waits for the next repair, which catches it up once for the
    // whole way from s_last, as the paper does (catching up at each move would only grow
    // km, and with it the keys of new entries, so that more queued entries would be found
    // stale and raised).
    if (std::find(path_.begin(), path_.end(), new_start) != path_.end()) {
      extract_path();  // the same greedy walk, from a later cell of it
      return true;
    }
  }
  // Anywhere else the loop's stop test compares the new start's key with keys queued from
  // earlier starts: km must take the move in first (see "As an IncrementalSearch").
  catch_up_km();
  if (status_ == Status::Found || status_ == Status::NoPath) {
    clear_path();
    status_ = Status::Running;
  }
  NullListener unobserved;
  refresh_front(unobserved);
  finish_if_done();
  return true;
}

std::vector<Channel> DStarLiteSearch::channels() const {
  const Cell* base = cells_.data();
  const std::uint16_t* stamps = base ? &base->stamp : nullptr;
  constexpr std::uint32_t kStride = sizeof(Cell);
  return {
      {ChannelName::Phase, ChannelType::U8, base ? &base->phase : nullptr, kStride, stamps, kStride},
      {ChannelName::G, ChannelType::F64, base ? &base->g : nullptr, kStride, stamps, kStride},
      {ChannelName::Rhs, ChannelType::F64, base ? &base->rhs : nullptr, kStride, stamps, kStride},
      {ChannelName::Order, ChannelType::U32, base ? &base->order : nullptr, kStride, stamps, kStride},
      {ChannelName::ParentDir, ChannelType::U8, base ? &base->parent : nullptr, kStride, stamps, kStride},
  };
}

std::vector<OpenItem> DStarLiteSearch::open_in_order(std::size_t limit) const {
  // The heap walked from its root (as OpenList::in_pop_order): the next entry in order is
  // always a child of one already listed, so a small heap of candidates yields them in order.
  const std::size_t count = std::min(limit, queue_.size());
  std::vector<OpenItem> items;
  items.reserve(count);
  const auto pops_later = [this](std::uint32_t a, std::uint32_t b) { return before(queue_[b], queue_[a]); };
  std::vector<std::uint32_t> candidates{0};
  while (items.size() < count) {
    std::pop_heap(candidates.begin(), candidates.end(), pops_later);
    const std::uint32_t at = candidates.back();
    candidates.pop_back();
    const Entry& entry = queue_[at];
    const Cell& c = cells_[entry.id];
    items.push_back({entry.id, std::min(c.g, c.rhs), h(entry.id), unfixed(entry.key.k1), Side::Forward});
    for (std::uint32_t child = 2 * at + 1; child <= 2 * at + 2 && child < queue_.size(); ++child) {
      candidates.push_back(child);
      std::push_heap(candidates.begin(), candidates.end(), pops_later);
    }
  }
  return items;
}

void DStarLiteSearch::heap_push(CellId id, Key key) {
  queue_.push_back({key, id});
  sift_up(static_cast<std::uint32_t>(queue_.size() - 1));
}

void DStarLiteSearch::heap_remove(CellId id) {
  const std::uint32_t at = cells_[id].heap;
  const Entry last = queue_.back();
  queue_.pop_back();
  if (at == queue_.size()) return;
  place(at, last);
  sift_up(at);
  sift_down(cells_[last.id].heap);
}

void DStarLiteSearch::heap_rekey(CellId id, Key key) {
  const std::uint32_t at = cells_[id].heap;
  queue_[at].key = key;
  sift_up(at);
  sift_down(cells_[id].heap);
}

void DStarLiteSearch::sift_up(std::uint32_t at) {
  const Entry moving = queue_[at];
  while (at > 0) {
    const std::uint32_t parent = (at - 1) / 2;
    if (!before(moving, queue_[parent])) break;
    place(at, queue_[parent]);
    at = parent;
  }
  place(at, moving);
}

void DStarLiteSearch::sift_down(std::uint32_t at) {
  const Entry moving = queue_[at];
  const std::uint32_t size = static_cast<std::uint32_t>(queue_.size());
  while (true) {
    std::uint32_t child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && before(queue_[child + 1], queue_[child])) ++child;
    if (!before(queue_[child], moving)) break;
    place(at, queue_[child]);
    at = child;
  }
  place(at, moving);
}

}  // namespace astar
