// Search: the one runtime interface every search algorithm implements.
//
// The front end, the bindings, the CLI and the tests drive every algorithm through this
// class: reset, step (observed, one expansion, reported as events), run flat out, read
// per-cell state. Which class runs an algorithm is decided once, by make_search() from the
// algorithm table (options.h):
//   BestFirstSearch<GridMoves>   A*, Dijkstra, greedy, breadth-first, depth-first: one loop
//                                that differs only in the priority it orders cells by
//   BestFirstSearch<JumpMoves>   jump point search: the same loop, successors found by jumps
//   BestFirstSearch<AnyAngle>    Theta*: the same loop, parents taken from the parent's parent
//                                when in line of sight
//   BidirectionalSearch          two frontiers and a meeting rule
//   IdaStarSearch                a depth-first stack under a rising f threshold
//   DStarLiteSearch              D* Lite: a g/rhs key queue growing from the goal, which
//                                can repair itself after edits (IncrementalSearch below)
//
// Steps. One step is one expansion for every algorithm, so a timeline of k steps means the
// same thing everywhere, and the expansion cap (SearchOptions::max_expansions) is exact.
// An observed step reports what happened as a list of Events (a tagged union: the kind
// says which fields mean what). Unobserved steps (run_steps, the benchmark) compute none of
// it: every algorithm's loop is a template over a listener whose NullListener version
// compiles the reporting away (warthog's dummy_listener idea).
//
// Per-cell state. Each search keeps its own flat arrays indexed by cell id, and describes
// the ones worth drawing as Channels: a name, an element type and a strided view of memory.
// JavaScript reads them as typed-array views without knowing any layout. A channel's
// element belongs to the current search only where its stamp element equals stamp(): reset
// is O(1) because it bumps the stamp instead of clearing megabytes.
//
// Determinism. The same grid, options, start and goal always give the same sequence of
// steps; the front end relies on it ("step back to k" can be "reset and replay k steps").
//
// The grid is only read. Editing it while a search is in progress makes the search stale:
// step() then does nothing until reset().
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "grid.h"
#include "events.h"
#include "heuristics.h"
#include "options.h"

namespace astar {

enum class Status : std::uint8_t {
  Ready = 0,    // not started, or a point was outside the grid
  Running = 1,
  Found = 2,
  NoPath = 3,   // the whole reachable part was searched: there is no path
  GaveUp = 4,   // stopped at SearchOptions::max_expansions; whether a path exists is unknown
  Refused = 5,  // the options do not apply to this grid (see refusal())
  Preparing = 6,  // the data it searches (a navigation mesh) is missing or out of date
};

// What a cell is in the current search. Path cells are on the found path.
// IDA* keeps no open list: for it, Open means "on the current depth-first path".
enum class CellPhase : std::uint8_t { Unseen = 0, Open = 1, Closed = 2, Path = 3 };

struct Counters {
  std::uint64_t expanded = 0;  // steps taken: cells expanded, re-expansions included
  std::uint64_t opened = 0;    // cells added to an open list (both, for bidirectional)
  std::uint64_t improved = 0;  // cheaper ways found to open cells
  std::uint64_t max_open = 0;  // largest open list (stack for IDA*) seen so far
};

// Figures some searches have besides the counters (NaN / kNoCell where they do not apply).
struct Progress {
  double threshold = NAN;      // IDA*: the current f threshold
  double iteration = NAN;      // IDA*: the current iteration, 1-based
  double meeting_cost = NAN;   // bidirectional: the cost of the best meeting found so far
  CellId meeting_cell = kNoCell;  // bidirectional: where that meeting is
};

// One entry of an open list as observers see it (Search::open_items): the cell, its g, h
// and f as that search reports them (Search::f), and the frontier it belongs to.
struct OpenItem {
  CellId cell = kNoCell;
  double g = NAN;
  double h = NAN;
  double f = NAN;
  Side side = Side::Forward;
};

// A strided view of one per-cell array. Element i is at data + i * stride; it belongs to the
// current search where the u16 at stamp + i * stamp_stride equals Search::stamp() (or always,
// when stamp is null). Names and meanings are listed at Search::channels().
enum class ChannelType : std::uint8_t { U8 = 0, U16 = 1, U32 = 2, F64 = 3 };
struct Channel {
  const char* name;
  ChannelType type;
  const void* data;
  std::uint32_t stride;
  const std::uint16_t* stamp;
  std::uint32_t stamp_stride;
};

// Derived classes call set_grid(grid) at the end of their constructor (it sizes their
// arrays through the virtual resize()).
class Search {
 public:
  Search(const Grid& grid, const SearchOptions& options) : grid_(&grid), options_(options) {}
  virtual ~Search() = default;
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  // Whether this class runs `algorithm` (make_search picks the class that does).
  virtual bool runs(Algorithm algorithm) const = 0;

  // Takes effect at the next reset(). The algorithm must be one this class runs (see
  // make_search and runs()); otherwise reset() refuses to start.
  void set_options(const SearchOptions& options) { options_ = options; }
  const SearchOptions& options() const { return options_; }
  // Switch to another grid (for example after loading a map of another size). The
  // search becomes Ready with no start or goal until reset().
  void set_grid(const Grid& grid);
  const Grid& grid() const { return *grid_; }
  // Display-only channels that cost time to keep (JPS's "scanned") are kept only while
  // tracing is on, in unobserved steps as in observed ones, so replaying to step k shows
  // what stepping k times shows. Off by default (benchmarks, the CLI); read at reset().
  void set_tracing(bool on) { tracing_ = on; }
  bool tracing() const { return tracing_; }

  // Starts a new search. False (status Ready) when a point is outside the grid or the
  // options name an algorithm this class does not run. Refused when the options do not
  // apply to this grid; NoPath at once when the start or goal is a wall.
  bool reset(Point start, Point goal);

  // One expansion. False when there was nothing to do (finished, never reset, or stale).
  bool step();
  // One expansion, with what happened appended to `events` (cleared first).
  bool step(std::vector<Event>& events);
  // Up to `count` unobserved expansions; returns how many were made.
  std::uint64_t run_steps(std::uint64_t count);
  void run() { run_steps(UINT64_MAX); }

  Status status() const { return status_; }
  Refusal refusal() const { return refusal_; }
  bool finished() const { return status_ != Status::Ready && status_ != Status::Running && status_ != Status::Preparing; }
  bool stale() const { return grid_->revision() != grid_revision_ || grid_->cell_count() != cell_count_; }
  Point start() const { return start_; }
  Point goal() const { return goal_; }

  // From start to goal; empty unless Found. Grid searches list every cell (JPS's jumps
  // filled in); any-angle searches list the corners of the polyline.
  const std::vector<Point>& path() const { return path_; }
  double path_cost() const { return status_ == Status::Found ? path_cost_ : NAN; }
  const Counters& counters() const { return counters_; }
  // Cells in the open list now (IDA*: on the stack; bidirectional: both lists).
  virtual std::size_t open_size() const = 0;
  // The open list in the order the search will take it, for an inspector: at most `limit`
  // entries, the first being exactly the cell the next step expands. Past the first,
  // "will take" assumes no step opens or improves anything meanwhile: each step may place
  // what it opens or improves anywhere among the rest (IDA*: before them). Reading changes
  // nothing. Empty unless the search can step (running and not stale): a finished search
  // takes nothing more, and a stale one's cell ids may not fit the edited grid. What the
  // order is, per class:
  //   BestFirstSearch      the open list in (priority, tie-break) order, exactly the order
  //                        of its next pops; size min(limit, open_size())
  //   BidirectionalSearch  both open lists, each in its own order: the side the next step
  //                        expands first, then the other; size min(limit, open_size())
  //   IdaStarSearch        the descents still pending on the stack, top frame first: the
  //                        start alone when the next step begins an iteration; its size is
  //                        not open_size() (the stack depth counts the path, not the work)
  // Each class's header says it precisely.
  std::vector<OpenItem> open_items(std::size_t limit) const {
    if (!runnable() || limit == 0) return {};
    return open_in_order(limit);
  }
  virtual Progress progress() const { return {}; }

  // Per-cell reads for observers. For bidirectional search they describe the forward
  // frontier; its channels describe both.
  virtual CellPhase phase(CellId id) const = 0;
  virtual double g(CellId id) const = 0;  // NaN when unseen
  // The heuristic estimate to the goal (scaled by the cheapest terrain, unweighted); NaN
  // before the first reset().
  double h(CellId id) const;
  // The priority the cell is ordered by: A* g + w*h, Dijkstra g, greedy h; breadth- and
  // depth-first have no cost priority and report g. NaN when unseen.
  virtual double f(CellId id) const = 0;
  virtual CellId parent(CellId id) const = 0;  // kNoCell for the start or an unseen cell
  virtual std::uint32_t expansion_order(CellId id) const = 0;  // 1-based; 0 if never expanded
  // The best known route from the start to `id` (empty when unseen): the tree the search
  // has grown so far, read back through parents. IDA*: the current depth-first path.
  // D* Lite, whose tree grows from the goal: the route from `id` to the goal along its
  // successors (empty when it has none), which is the way an agent at `id` would go.
  virtual std::vector<Point> route_to(CellId id) const;

  // Per-cell arrays worth drawing. Every search has
  //   "phase"  u8   CellPhase               "g"     f64  cost from the start
  //   "order"  u32  expansion order, where phase is Closed or Path (else meaningless)
  //   and either "parentDir" u8 (direction of the move from the parent, 255 none) or
  //   "parentId" u32 (the parent's cell id, kNoCell none).
  // Some add: "scanned" (JPS: u16, equal to the stamp where a jump scan passed over the
  // cell), "visits" (IDA*: u32, expansions of the cell in this search), for
  // bidirectional search the backward frontier's "phaseBack", "gBack", "parentDirBack",
  // and for D* Lite "rhs" (f64; its "g" is the cost to the goal, see dstar_lite.h).
  virtual std::vector<Channel> channels() const = 0;
  std::uint16_t stamp() const { return stamp_; }
  // Changes whenever the arrays behind channels() may have moved (resized or allocated),
  // so holders of views know to take new ones without comparing every channel.
  std::uint32_t layout() const { return layout_; }

 protected:
  // Called by set_grid(): resize per-cell arrays (keeping nothing).
  virtual void resize(std::size_t cells) = 0;
  // Called by reset() once the points are valid and the options apply: start searching
  // from start_ to goal_ (the base has resolved heuristic_, the stamp and the counters).
  // Sets status_ to Running, or to NoPath / Found when there is nothing to search.
  virtual void begin() = 0;
  // One expansion of a Running, current search; `events` is null when unobserved.
  virtual void advance(std::vector<Event>* events) = 0;
  // Up to `count` unobserved expansions of a Running, current search, stopping early when
  // it finishes; returns how many were made.
  virtual std::uint64_t advance_many(std::uint64_t count) = 0;
  // Called when the stamp wrapped around: every stamp array must be cleared.
  virtual void clear_stamps() = 0;
  // The stored parent of a cell, for route_to and the path (kNoCell for none).
  virtual CellId stored_parent(CellId id) const = 0;
  // open_items() of a search that can step, limit >= 1.
  virtual std::vector<OpenItem> open_in_order(std::size_t limit) const = 0;

  // Fills path_ by following stored parents back from `end` (grid cells; consecutive
  // cells farther apart than one move are filled in along their straight or diagonal
  // line when `fill` is set) and sets status_ = Found, path_cost_ = cost.
  void finish_found(CellId end, double cost, bool fill);
  // The grid's current revision is the one this search has taken into account (an
  // incremental search has repaired itself after an edit): it is no longer stale.
  void acknowledge_grid() { grid_revision_ = grid_->revision(); }

  const Grid* grid_;
  SearchOptions options_;
  HeuristicParams heuristic_;  // toward the goal, resolved at reset()
  Point start_{}, goal_{};
  Status status_ = Status::Ready;
  Refusal refusal_ = Refusal::None;
  Counters counters_;
  std::vector<Point> path_;
  double path_cost_ = NAN;
  std::uint16_t stamp_ = 0;
  bool tracing_ = false;
  std::uint32_t layout_ = 0;  // see layout(); derived classes bump it when they allocate

 private:
  bool runnable() const { return status_ == Status::Running && !stale(); }
  void give_up_if_capped();

  std::uint64_t grid_revision_ = 0;
  std::size_t cell_count_ = 0;
};

// What every search class shares between Search's observed and unobserved steps and its
// own expansion, which is a template over the listener (so unobserved runs build no
// events). Derived provides
//   template <class Listener> void expand_next(Listener&);   one expansion of a running,
//                                                            current search
// and befriends this class.
template <class Derived>
class ExpandingSearch : public Search {
 protected:
  using Search::Search;

  void advance(std::vector<Event>* events) final {
    if (events) {
      EventRecorder recorder{events};
      derived().expand_next(recorder);
    } else {
      NullListener none;
      derived().expand_next(none);
    }
  }

  std::uint64_t advance_many(std::uint64_t count) final {
    NullListener none;
    std::uint64_t made = 0;
    while (made < count && status_ == Status::Running) {
      derived().expand_next(none);
      ++made;
    }
    return made;
  }

 private:
  Derived& derived() { return static_cast<Derived&>(*this); }
};

// A search that can repair its answer after the grid it reads was edited, instead of
// starting again (Search::reset). D* Lite implements it; a Walk (walk.h) uses it when the
// planner has it and resets the planner otherwise.
class IncrementalSearch {
 public:
  virtual ~IncrementalSearch() = default;
  // The grid was edited at `changed_cells` (costs changed, walls appeared or went) since
  // the search last took it into account, and the start is now `new_start`. The search
  // becomes Running (not stale) and steps until its answer is consistent with the grid
  // again; it may be Found at once. False (nothing done) when no search has begun, the
  // search was refused, or the point is outside the grid.
  virtual bool repair(const std::vector<CellId>& changed_cells, Point new_start) = 0;
  // The start moved to `new_start` and nothing else changed (an agent took a step along the
  // path): heuristics are measured from the new start and the path begins there.
  virtual bool move_start(Point new_start) = 0;
};

// The search for `options.algorithm`, over `grid` (which must outlive it).
std::unique_ptr<Search> make_search(const Grid& grid, const SearchOptions& options);

// The bytes per grid cell that search keeps in its per-cell arrays, allocated when it is
// made or given a grid; its open list or queue comes on top and grows with the frontier.
// Lets a caller with bounded memory (the wasm engine) check for room before making one.
std::size_t bytes_per_cell(Algorithm algorithm);

}  // namespace astar
