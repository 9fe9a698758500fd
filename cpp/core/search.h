// Search: a resumable best-first search over a Grid, one expansion at a time.
//
// One algorithm serves every use. `step(listener)` advances exactly one expansion and
// tells the listener what happened; the benchmark and `run()` pass NullListener, whose
// empty inline hooks compile away (warthog's dummy_listener idea), so observing costs
// nothing when nobody observes. The animated front end uses StepRecorder, which turns
// the same calls into a StepEvent value.
//
// All four algorithms are the same loop with a different priority:
//   A*            g + w*h     open cells may be improved; closed cells are final
//   Dijkstra      g           A* with the zero heuristic (not a copy of it)
//   greedy        h           first discovery is final (no improvement)
//   breadth-first moves made  first discovery is final; costs are ignored for order
// Ties are broken as documented in open_list.h, and neighbours are considered in the
// direction order of moves.h, so the same inputs give the same sequence of steps. The
// front end relies on that: "step back to k" is "reset and replay k steps".
//
// Per-cell state is one 16-byte CellState in a flat array indexed by cell id. A cell
// belongs to the current search only if its stamp equals the search's stamp, so reset()
// is O(1): it bumps the stamp instead of clearing megabytes (the whole array is cleared
// once every 65535 resets, when the 16-bit stamp wraps). The array is reused, and the
// open list keeps its capacity, so a search allocates nothing per expansion.
//
// The grid is only read. Editing it while a search is in progress makes the search
// stale: step() then does nothing until reset().
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grid.h"
#include "moves.h"
#include "open_list.h"
#include "options.h"

namespace astar {

enum class Status : std::uint8_t { Ready = 0, Running = 1, Found = 2, NoPath = 3 };

// What a cell is in the current search. Path cells are closed cells on the found path.
enum class CellPhase : std::uint8_t { Unseen = 0, Open = 1, Closed = 2, Path = 3 };

// Laid out for typed-array views from JavaScript: the offsets below are part of the
// bindings' contract (see web/src/engine/astar-wasm.d.ts) and are checked here.
struct CellState {
  double g;               // cost of the best known path from the start
  std::uint32_t aux;      // heap position while open; expansion order (1-based) once closed
  std::uint16_t stamp;    // equals Search::stamp() when the cell belongs to this search
  std::uint8_t phase;     // CellPhase
  std::uint8_t parent;    // direction of the move that reached this cell, kNoDirection at start
};
static_assert(sizeof(CellState) == 16, "search state must stay at 16 bytes per cell");
static_assert(offsetof(CellState, g) == 0 && offsetof(CellState, aux) == 8 && offsetof(CellState, stamp) == 12 &&
              offsetof(CellState, phase) == 14 && offsetof(CellState, parent) == 15);

enum class Outcome : std::uint8_t {
  Opened = 0,          // seen for the first time, added to the open list
  Improved = 1,        // already open, a cheaper way found: g lowered, parent changed
  NotImproved = 2,     // already open, this way is no cheaper
  AlreadyClosed = 3,   // already expanded
  Blocked = 4,         // in bounds but a wall, or a diagonal the diagonal mode forbids
};

struct Counters {
  std::uint64_t expanded = 0;
  std::uint64_t opened = 0;
  std::uint64_t improved = 0;
  std::uint64_t max_open = 0;
};

// A listener has on_expand and on_neighbour (see NullListener). It may also declare
//   static constexpr bool kObserves = false;      nothing to compute for on_expand
//   static constexpr bool kWantsBlocked = false;  no Blocked reports
// Both default to true, so a listener written for a test sees everything.
template <class Listener>
constexpr bool listener_observes() {
  if constexpr (requires { Listener::kObserves; }) return Listener::kObserves;
  else return true;
}
template <class Listener>
constexpr bool listener_wants_blocked() {
  if constexpr (requires { Listener::kWantsBlocked; }) return Listener::kWantsBlocked;
  else return true;
}

struct NullListener {
  static constexpr bool kObserves = false;  // lets the search skip work only observers need
  static constexpr bool kWantsBlocked = false;
  void on_expand(CellId, double /*g*/, double /*h*/, double /*f*/) {}
  void on_neighbour(CellId, Outcome, double /*old_g*/, double /*new_g*/) {}
};

struct NeighbourEvent {
  CellId cell;
  Outcome outcome;
  double old_g;  // g before this step (NaN when the cell was unseen or is blocked)
  double new_g;  // g after this step (NaN when blocked; equals old_g unless Opened/Improved)
};

struct StepEvent {
  CellId cell = 0;
  double g = 0, h = 0, f = 0;
  std::vector<NeighbourEvent> neighbours;
};

// Records one step into a reusable StepEvent.
struct StepRecorder {
  StepEvent* event;
  void on_expand(CellId cell, double g, double h, double f) {
    event->cell = cell;
    event->g = g;
    event->h = h;
    event->f = f;
    event->neighbours.clear();
  }
  void on_neighbour(CellId cell, Outcome outcome, double old_g, double new_g) {
    event->neighbours.push_back({cell, outcome, old_g, new_g});
  }
};

// The heuristic of one search, resolved at reset(): the distance estimate to the goal,
// scaled by the grid's cheapest terrain (so it stays admissible), and the weight A*
// applies to it. A value type so the expansion loop can hold it in registers.
struct HeuristicParams {
  Heuristic kind;
  int goal_x, goal_y;
  double scale;
  double weight;
  double at(int x, int y) const;
};

class Search {
 public:
  explicit Search(const Grid& grid);
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  // Takes effect at the next reset().
  void set_options(const SearchOptions& options) { options_ = options; }
  const SearchOptions& options() const { return options_; }
  // Switch to another grid (for example after loading a map of another size). The
  // search becomes Ready with no start or goal until reset().
  void set_grid(const Grid& grid);
  const Grid& grid() const { return *grid_; }

  // Starts a new search. False (and status Ready) when a point is outside the grid.
  // A start or goal on a wall gives NoPath at once.
  bool reset(Point start, Point goal);

  // One expansion. False when there was nothing to do (finished, never reset, or stale).
  bool step() {
    NullListener none;
    return step(none);
  }
  template <class Listener>
  bool step(Listener& listener);
  // Convenience for observers: the last step as a value.
  bool step_recorded(StepEvent& event) {
    StepRecorder recorder{&event};
    return step(recorder);
  }
  // Up to `count` expansions; returns how many were made.
  std::uint64_t run_steps(std::uint64_t count);
  void run() { run_steps(UINT64_MAX); }

  Status status() const { return status_; }
  bool finished() const { return status_ == Status::Found || status_ == Status::NoPath; }
  bool stale() const { return grid_->revision() != grid_revision_ || grid_->cell_count() != cells_.size(); }
  Point start() const { return start_; }
  Point goal() const { return goal_; }

  // From start to goal; empty unless Found.
  const std::vector<Point>& path() const { return path_; }
  double path_cost() const;  // NaN unless Found
  const Counters& counters() const { return counters_; }
  std::size_t open_size() const { return open_.size(); }

  // Per-cell reads for observers.
  CellPhase phase(CellId id) const {
    const CellState& c = cells_[id];
    return c.stamp == stamp_ ? static_cast<CellPhase>(c.phase) : CellPhase::Unseen;
  }
  double g(CellId id) const;       // NaN when unseen
  double h(CellId id) const;       // heuristic to the goal (scaled by the grid's cheapest terrain, unweighted)
  double f(CellId id) const;       // A*: g + weight*h; Dijkstra g; greedy h; breadth-first g. NaN when unseen
  int parent(CellId id) const;     // parent's cell id, or -1 (start, or unseen)
  std::uint32_t expansion_order(CellId id) const;  // 1-based; 0 if not expanded
  const CellState* cell_states() const { return cells_.data(); }
  std::uint16_t stamp() const { return stamp_; }

 private:
  struct PositionOf {
    std::vector<CellState>* cells;
    std::uint32_t& operator()(std::uint32_t id) const { return (*cells)[id].aux; }
  };

  template <class Listener>
  bool expand_next(Listener& listener);
  HeuristicParams heuristic_params() const;
  double heuristic_at(int x, int y) const;
  double f_value(double g, double h_value) const { return f_value(options_.algorithm, weight_, g, h_value); }
  static double f_value(Algorithm algorithm, double weight, double g, double h_value);
  static std::uint64_t open_key(Algorithm algorithm, double weight, double g, double h_value, std::uint64_t bfs_key);
  void finish_found(CellId goal);
  void new_stamp();

  const Grid* grid_;
  SearchOptions options_;
  // Resolved at reset() from options_ and the grid.
  Heuristic heuristic_ = Heuristic::Octile;
  double weight_ = 1.0;
  double h_scale_ = 1.0;  // grid's cheapest terrain cost
  std::array<int, kDirectionCount> neighbour_offset_{};  // id delta per direction

  std::vector<CellState> cells_;
  OpenList<PositionOf> open_;
  std::uint16_t stamp_ = 0;
  std::uint64_t grid_revision_ = 0;

  Point start_{}, goal_{};
  CellId goal_id_ = 0;
  Status status_ = Status::Ready;
  Counters counters_;
  std::vector<Point> path_;
};

// ---------------------------------------------------------------------------------------
// The algorithm. Kept in the header so each listener type gets its own inlined copy.

inline double HeuristicParams::at(int x, int y) const {
  const double dx = std::abs(x - goal_x), dy = std::abs(y - goal_y);
  double d;
  switch (kind) {
    case Heuristic::Manhattan: d = dx + dy; break;
    case Heuristic::Euclidean: d = std::sqrt(dx * dx + dy * dy); break;
    case Heuristic::Octile: d = dx + dy + (kSqrt2 - 2.0) * (dx < dy ? dx : dy); break;
    case Heuristic::Chebyshev: d = dx > dy ? dx : dy; break;
    default: d = 0; break;
  }
  return d * scale;
}

inline HeuristicParams Search::heuristic_params() const { return {heuristic_, goal_.x, goal_.y, h_scale_, weight_}; }

inline double Search::heuristic_at(int x, int y) const { return heuristic_params().at(x, y); }

// The f a user sees: A* g + w*h (Dijkstra's h is zero), greedy h, breadth-first g (its
// order is by moves made, which is not a cost).
inline double Search::f_value(Algorithm algorithm, double weight, double g, double h_value) {
  switch (algorithm) {
    case Algorithm::GreedyBestFirst: return h_value;
    case Algorithm::BreadthFirst: return g;
    default: return g + weight * h_value;
  }
}

// The open list's key. Breadth-first orders by moves made: its key is the parent's key
// plus one unit (bfs_key), so no per-cell depth is stored.
inline std::uint64_t Search::open_key(Algorithm algorithm, double weight, double g, double h_value,
                                      std::uint64_t bfs_key) {
  return algorithm == Algorithm::BreadthFirst ? bfs_key : priority_key(f_value(algorithm, weight, g, h_value));
}

template <class Listener>
bool Search::step(Listener& listener) {
  if (status_ != Status::Running || stale()) return false;
  return expand_next(listener);
}

// One expansion of a running, current search. Everything the loop reads is first copied
// into locals: the per-cell stores below write single bytes (phase, parent), which C++
// lets alias any object, so without the copies the compiler would reload every member
// and vector pointer after each store.
template <class Listener>
bool Search::expand_next(Listener& listener) {
  // Running implies a non-empty open list: the expansion that empties it ends the search.
  CellState* const cells = cells_.data();
  const std::uint8_t* const costs = grid_->costs();
  const std::uint16_t stamp = stamp_;
  const Algorithm algorithm = options_.algorithm;
  const Diagonal diagonal = options_.diagonal;

  const OpenEntry top = open_.pop();
  const CellId id = top.id();
  CellState& cell = cells[id];
  cell.phase = static_cast<std::uint8_t>(CellPhase::Closed);
  cell.aux = static_cast<std::uint32_t>(++counters_.expanded);

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
    const double h_here = heuristic_at(x, y);
    listener.on_expand(id, g, h_here, f_value(g, h_here));
  }

  if (id == goal_id_) {
    finish_found(id);
    return true;
  }

  const bool may_improve = algorithm == Algorithm::AStar || algorithm == Algorithm::Dijkstra;
  const std::uint64_t bfs_key = top.key + priority_key(1.0);
  const std::uint8_t moves = allowed_moves(diagonal, grid_->neighbour_mask(id));
  const HeuristicParams hp = heuristic_params();
  const std::array<int, kDirectionCount> offsets = neighbour_offset_;

  // Unobserved runs visit only the allowed moves' bits; observers that want blocked
  // neighbours reported visit all eight directions, in the same order.
  const unsigned visit = listener_wants_blocked<Listener>() ? 0xFFu : moves;
  std::uint64_t opened = 0;
  for (unsigned remaining = visit; remaining != 0; remaining &= remaining - 1) {
    const int dir = std::countr_zero(remaining);
    if constexpr (listener_wants_blocked<Listener>()) {
      if (!(moves & (1u << dir))) {
        const int nx = x + kDirDx[dir], ny = y + kDirDy[dir];
        const bool is_move = diagonal != Diagonal::Never || !is_diagonal(dir);
        if (is_move && grid_->in_bounds(nx, ny)) listener.on_neighbour(grid_->id(nx, ny), Outcome::Blocked, NAN, NAN);
        continue;
      }
    }
    const CellId nid = id + static_cast<CellId>(offsets[dir]);
    CellState& next = cells[nid];
    const double new_g = g + kDirLength[dir] * costs[nid];

    if (next.stamp != stamp) {
      const double h_next = hp.at(x + kDirDx[dir], y + kDirDy[dir]);
      next.stamp = stamp;
      next.g = new_g;
      next.parent = static_cast<std::uint8_t>(dir);
      next.phase = static_cast<std::uint8_t>(CellPhase::Open);
      open_.push(make_entry(open_key(algorithm, hp.weight, new_g, h_next, bfs_key), new_g, nid));
      ++opened;
      listener.on_neighbour(nid, Outcome::Opened, NAN, new_g);
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
      open_.decrease(next.aux, make_entry(open_key(algorithm, hp.weight, new_g, h_next, bfs_key), new_g, nid));
      ++counters_.improved;
      listener.on_neighbour(nid, Outcome::Improved, old_g, new_g);
    } else {
      const bool closed = next.phase == static_cast<std::uint8_t>(CellPhase::Closed);
      listener.on_neighbour(nid, closed ? Outcome::AlreadyClosed : Outcome::NotImproved, next.g, next.g);
    }
  }
  counters_.opened += opened;
  if (open_.size() > counters_.max_open) counters_.max_open = open_.size();
  if (open_.empty()) status_ = Status::NoPath;
  return true;
}

}  // namespace astar
