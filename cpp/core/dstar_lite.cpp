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

double DStarLiteSearch::estimate(int ax, int ay, int bx, int by) const {
  HeuristicParams params = rounded_;
  params.target_x = bx;
  params.target_y = by;
  const double h = params.at(ax, ay);
  if (params.kind != Heuristic::Euclidean) return h;
  return std::floor(h * (1.0 - 1.0 / 1048576.0) * kScale) / kScale;
}

DStarLiteSearch::Fixed DStarLiteSearch::km_step(Point a, Point b) const {
  return fixed(estimate(a.x, a.y, b.x, b.y)) + (rounded_.kind == Heuristic::Euclidean ? 2 : 0);
}

DStarLiteSearch::Key DStarLiteSearch::key_now(CellId id) const {
  const Cell& c = cells_[id];
  const double least = std::min(c.g, c.rhs);
  if (c.stamp != stamp_ || std::isinf(least)) return {kInfinite, kInfinite};
  const Point p = grid_->point(id);
  const Fixed k2 = fixed(least);
  return {k2 + fixed(estimate(p.x, p.y, start_.x, start_.y)) + km_, k2};
}

DStarLiteSearch::Key DStarLiteSearch::start_key() const { return key_now(grid_->id(start_)); }

double DStarLiteSearch::f(CellId id) const {
  if (!seen(id)) return NAN;
  const Fixed k1 = queued(id) ? queue_[cells_[id].heap].key.k1 : key_now(id).k1;
  return k1 == kInfinite ? INFINITY : static_cast<double>(k1) / kScale;
}

std::array<double, 2> DStarLiteSearch::queued_key(CellId id) const {
  if (id >= cells_.size() || !seen(id) || !queued(id)) return {NAN, NAN};
  const Key& key = queue_[cells_[id].heap].key;
  return {static_cast<double>(key.k1) / kScale, static_cast<double>(key.k2) / kScale};
}

double DStarLiteSearch::lookahead(CellId id, std::uint8_t& best_dir) const {
  best_dir = kNoDirection;
  if (id == goal_id_) return 0;
  if (!grid_->passable(id)) return INFINITY;
  double best = INFINITY;
  const std::uint8_t moves = allowed_moves(options_.diagonal, grid_->neighbour_mask(id));
  for (unsigned remaining = moves; remaining != 0; remaining &= remaining - 1) {
    const int dir = std::countr_zero(remaining);
    const CellId next = id + static_cast<CellId>(neighbour_offset_[dir]);
    if (!seen(next)) continue;
    const double through = lengths_[dir] * grid_->cost(next) + cells_[next].g;
    if (through < best) {
      best = through;
      best_dir = static_cast<std::uint8_t>(dir);
    }
  }
  return best;
}

Outcome DStarLiteSearch::update_vertex(CellId id) {
  Cell& c = cells_[id];
  if (c.g != c.rhs) {
    if (queued(id)) {
      heap_rekey(id, key_now(id));
      return Outcome::Requeued;
    }
    c.phase = static_cast<std::uint8_t>(CellPhase::Open);
    heap_push(id, key_now(id));
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
  true_lengths_ = direction_lengths(options_.cost_model);
  for (int dir = 0; dir < kDirectionCount; ++dir) lengths_[dir] = std::round(true_lengths_[dir] * kScale) / kScale;
  heuristic_terrain_ = grid.min_cost();
  rounded_ = HeuristicParams::make(effective_heuristic(options_), 0, 0, options_.cost_model, heuristic_terrain_, 1.0);
  rounded_.straight = lengths_[0] * heuristic_terrain_;
  rounded_.diagonal = lengths_[4] * heuristic_terrain_;
  // The base aimed the heuristic at the goal; D* Lite measures it from the start.
  retarget(start_);
  queue_.clear();
  clear_path();
  km_ = 0;
  pops_ = 0;
  last_start_ = start_;
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
  const Cell& s = cells_[start];
  const bool start_consistent = !seen(start) || s.g == s.rhs;
  if (!queue_.empty() && (queue_.front().key < start_key() || !start_consistent)) return;
  if (seen(start) && std::isfinite(s.g)) {
    extract_path();
    // Following g from the start can only fail past cells the loop left inconsistent,
    // which an inconsistent heuristic (manhattan with diagonal moves) can do: then keep
    // popping; once the queue is empty every cell is consistent and the path follows.
    if (status_ == Status::Running && !queue_.empty()) return;
  }
  if (status_ == Status::Running) status_ = Status::NoPath;
}

// The next cell from `at` toward the goal: the successor with the least c + g (ties in
// direction order), or kNoCell when there is none or it does not bring g down (past cells
// the loop has not settled; this also rules out cycles, since g falls at every step).
CellId DStarLiteSearch::next_toward_goal(CellId at, std::uint8_t& dir) const {
  lookahead(at, dir);
  if (dir == kNoDirection) return kNoCell;
  const CellId next = at + static_cast<CellId>(neighbour_offset_[dir]);
  return cells_[next].g < cells_[at].g ? next : kNoCell;
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
    cost += true_lengths_[dir] * grid.cost(next);
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
  if (id >= grid_->cell_count() || !seen(id) || !std::isfinite(cells_[id].g)) return route;
  route.push_back(grid_->point(id));
  std::uint8_t dir;
  for (CellId at = next_toward_goal(id, dir); at != kNoCell; at = next_toward_goal(at, dir)) route.push_back(grid_->point(at));
  return route;
}

template <class Listener>
void DStarLiteSearch::expand_next(Listener& listener) {
  const Entry top = queue_.front();
  const CellId u = top.id;
  Cell& cu = cells_[u];
  ++counters_.expanded;
  cu.order = ++pops_;
  const Key fresh = key_now(u);
  const Grid& grid = *grid_;
  const Point p = grid.point(u);

  enum class Kind { KeyRaised, Over, Under } kind;
  if (top.key < fresh) kind = Kind::KeyRaised;
  else if (cu.g > cu.rhs) kind = Kind::Over;
  else kind = Kind::Under;
  const double g_before = cu.g;
  const double g_after = kind == Kind::KeyRaised ? cu.g : kind == Kind::Over ? cu.rhs : INFINITY;

  if constexpr (listener_observes<Listener>()) {
    Event expand = make_event(EventKind::Expand, u, g_after, heuristic_.at(p.x, p.y), static_cast<double>(top.key.k1) / kScale);
    expand.other = stored_parent(u);
    listener.on_event(expand);
    Event key = make_event(EventKind::Key, u, static_cast<double>(top.key.k1) / kScale, static_cast<double>(top.key.k2) / kScale,
                           kind == Kind::KeyRaised ? static_cast<double>(fresh.k1) / kScale : g_before);
    key.outcome = kind == Kind::KeyRaised ? Outcome::KeyRaised : kind == Kind::Over ? Outcome::OverConsistent : Outcome::UnderConsistent;
    listener.on_event(key);
  }
  // Reports a cell whose rhs may have changed from `old_rhs`, after update_vertex.
  const auto report = [&](CellId id, double old_rhs, Outcome outcome) {
    if constexpr (listener_observes<Listener>()) {
      Event event = make_event(EventKind::Rhs, id, old_rhs, cells_[id].rhs,
                               queued(id) ? static_cast<double>(queue_[cells_[id].heap].key.k1) / kScale : NAN);
      event.outcome = outcome;
      event.other = stored_parent(id);
      listener.on_event(event);
    }
  };

  if (kind == Kind::KeyRaised) {
    heap_rekey(u, fresh);
  } else if (grid.passable(u)) {
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
        const double through = lengths_[dir] * terrain + cu.g;
        if (!(through < cs.rhs)) continue;
        const double old_rhs = cs.rhs;
        cs.rhs = through;
        cs.parent = static_cast<std::uint8_t>(dir);
        ++counters_.improved;
        report(s, old_rhs, update_vertex(s));
      }
    } else {
      cu.g = INFINITY;
      for (unsigned remaining = moves; remaining != 0; remaining &= remaining - 1) {
        const int dir = std::countr_zero(remaining);
        const CellId s = u + static_cast<CellId>(neighbour_offset_[dir]);
        if (s == goal_id_) continue;
        Cell& cs = touch(s);
        if (cs.rhs != lengths_[dir] * terrain + g_before) continue;
        const double old_rhs = cs.rhs;
        std::uint8_t best_dir;
        cs.rhs = lookahead(s, best_dir);
        cs.parent = best_dir == kNoDirection ? kNoDirection : opposite(best_dir);
        const Outcome outcome = update_vertex(s);
        if (cs.rhs != old_rhs) report(s, old_rhs, outcome);
      }
      report(u, cu.rhs, update_vertex(u));
    }
  } else {
    // A wall has no predecessors; it can be in the queue only when a repair made it one.
    cu.g = kind == Kind::Over ? cu.rhs : INFINITY;
    report(u, cu.rhs, update_vertex(u));
  }
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
  if (grid.min_cost() < heuristic_terrain_ || !seen(goal_id_)) {
    // The heuristic, scaled by the old cheapest terrain, could now overestimate (or the
    // search never began: start or goal was a wall): start again from scratch.
    if (++stamp_ == 0) {
      clear_stamps();
      stamp_ = 1;
    }
    start_ = new_start;
    begin();
    return true;
  }
  km_ += km_step(last_start_, new_start);
  last_start_ = new_start;
  retarget(new_start);
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
  finish_if_done();
  return true;
}

bool DStarLiteSearch::move_start(Point new_start) {
  if (status_ == Status::Ready || status_ == Status::Refused || !grid_->in_bounds(new_start.x, new_start.y)) return false;
  if (status_ == Status::Running) {
    // Keys already queued were made from the old start and are compared with keys made
    // from the new one from now on: km keeps them lower bounds.
    km_ += km_step(last_start_, new_start);
    last_start_ = new_start;
  }
  // Otherwise km waits for the next repair, which adds h(last start, start) once, as the
  // paper does: adding each move's h instead would only grow km, and with it the keys of
  // new entries, so that more queued entries would be found stale and popped to be raised.
  retarget(new_start);
  if (status_ == Status::Found || status_ == Status::NoPath) {
    // Nothing changed, so what is settled stays settled: along the old path the new
    // start's key is below the old one's and the rest of the path is read from here. (From
    // anywhere else the loop may have more to do, and steps on.)
    status_ = Status::Running;
    finish_if_done();
  }
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
    items.push_back({entry.id, std::min(c.g, c.rhs), h(entry.id), static_cast<double>(entry.key.k1) / kScale, Side::Forward});
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
