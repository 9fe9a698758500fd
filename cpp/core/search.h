// Search: the one runtime interface every search algorithm implements.
//
// The front end, the bindings, the CLI and the tests drive every algorithm through this
// class: reset, step (observed, one expansion, reported as events), run flat out, read
// per-cell state. Which class runs an algorithm is decided once, by the registry
// (make_search.cpp: one row per row of options.h's kAlgorithms, checked at compile time):
//   BestFirstSearch<GridPolicy>       A*, Dijkstra, greedy, breadth-first, depth-first: one
//                                     loop, which differs only in the priority of the row
//   BestFirstSearch<JumpPolicy<JumpScanner>>        JPS: the same loop, successors found
//                                     by jumps scanned online
//   BestFirstSearch<JumpPolicy<PrecomputedJumps>>   JPS+: the same jumps read from a table
//                                     prepared per map (see PREPARATION below)
//   BestFirstSearch<AnyAnglePolicy>   Theta*: the same loop, parents taken from the parent's
//                                     parent when in line of sight
//   BidirectionalSearch               two frontiers and a meeting rule
//   IdaStarSearch                     a depth-first stack under a rising f threshold
//   DStarLiteSearch                   D* Lite: a g/rhs key queue growing from the goal, which
//                                     can repair itself after edits (IncrementalSearch below)
// (best_first.h and expansion_policy.h: what varies between the BestFirstSearch rows is an
// expansion policy object, warthog's shape.)
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
//
// Kinds of map. What is shared between searches (this interface, the Events, the channels,
// the registry, the bindings) speaks of nodes: a NodeId (events.h) is a grid cell's id today,
// and every per-node read takes one. A search on a navigation mesh (Polyanya's intervals and
// roots, navmesh A* with the funnel) will be a class beside the grid searches, not a policy
// of BestFirstSearch: its own row in the registry, the same listener and Events about its
// nodes (polygons or vertices), the same preparation contract (building the mesh from the
// map is its preparation), Channels over its nodes. What still names the grid here is the map
// a search is given (set_grid, stale() against its revision, h() and route_to() reading cell
// positions, paths as points): the mesh search brings the small interface both maps
// implement (node count, revision, a node's position). It is not added before then because
// it would cost every grid search a virtual call per heuristic for no gain today.
#pragma once

#include <array>
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
  Preparing = 6,  // reset, but the per-map preparation it needs is missing or out of date (see preparation())
};
// The names JavaScript uses (the bindings register them; the build generates the TypeScript
// unions from them): this table and the others like it are the only place they are spelled.
inline constexpr std::array kStatuses = {
    Named<Status>{Status::Ready, "ready"},    Named<Status>{Status::Running, "running"},
    Named<Status>{Status::Found, "found"},    Named<Status>{Status::NoPath, "no-path"},
    Named<Status>{Status::GaveUp, "gave-up"}, Named<Status>{Status::Refused, "refused"},
    Named<Status>{Status::Preparing, "preparing"},
};
static_assert(values_in_order(kStatuses));

// What a cell is in the current search. Path cells are on the found path.
// IDA* keeps no open list: for it, Open means "on the current depth-first path".
enum class CellPhase : std::uint8_t { Unseen = 0, Open = 1, Closed = 2, Path = 3 };
inline constexpr std::array kCellPhases = {
    Named<CellPhase>{CellPhase::Unseen, "unseen"},
    Named<CellPhase>{CellPhase::Open, "open"},
    Named<CellPhase>{CellPhase::Closed, "closed"},
    Named<CellPhase>{CellPhase::Path, "path"},
};
static_assert(values_in_order(kCellPhases));

// A grid search's counters agree with its step events after every step (what each counts in
// events: tests/native/counters_test.cpp), so the page's narration and its tables agree.
struct Counters {
  std::uint64_t expanded = 0;  // steps taken: cells expanded, re-expansions included
  std::uint64_t opened = 0;    // cells added to an open list (both, for bidirectional), roots included
  std::uint64_t improved = 0;  // cheaper ways found to open cells
  std::uint64_t max_open = 0;  // largest open list (stack for IDA*) seen so far
};

// Figures some searches have besides the counters (NaN / kNoCell where they do not apply).
struct Progress {
  double threshold = NAN;      // IDA*: the current f threshold
  double iteration = NAN;      // IDA*: the current iteration, 1-based
  double meeting_cost = NAN;   // bidirectional: the cost of the best meeting found so far
  NodeId meeting_cell = kNoCell;  // bidirectional: where that meeting is
};

// How far a search that prepares per map (JPS+'s jump table, a subgoal graph, a navigation
// mesh) has come with it: Search::preparation.
struct Preparation {
  bool needed = false;     // false for searches that prepare nothing (then ready, and the rest 0)
  bool ready = true;       // the prepared data fits the grid as it is now and the options
  std::uint64_t done = 0;  // units of work done (rows, subgoals, ...) of `total`
  std::uint64_t total = 0;
  std::size_t bytes = 0;   // memory the prepared data holds now
};

// One entry of an open list as observers see it (Search::open_items): the cell, its g, h
// and f as that search reports them (Search::f), and the frontier it belongs to.
struct OpenItem {
  NodeId cell = kNoCell;
  double g = NAN;
  double h = NAN;
  double f = NAN;
  Side side = Side::Forward;
};

// A strided view of one per-cell array. Element i is at data + i * stride; it belongs to the
// current search where the u16 at stamp + i * stamp_stride equals Search::stamp() (or always,
// when stamp is null). Names and meanings are listed at Search::channels().
enum class ChannelType : std::uint8_t { U8 = 0, U16 = 1, U32 = 2, F64 = 3 };
inline constexpr std::array kChannelTypes = {
    Named<ChannelType>{ChannelType::U8, "u8"},
    Named<ChannelType>{ChannelType::U16, "u16"},
    Named<ChannelType>{ChannelType::U32, "u32"},
    Named<ChannelType>{ChannelType::F64, "f64"},
};
static_assert(values_in_order(kChannelTypes));

// Every per-cell array any search describes, so that a search names its channels from this
// one list and JavaScript reads them by the names below (the wrapper's ChannelName union is
// generated from it). Meanings are at Search::channels().
enum class ChannelName : std::uint8_t {
  Phase = 0,
  G = 1,
  Order = 2,
  ParentDir = 3,
  ParentId = 4,
  Scanned = 5,
  Visits = 6,
  PhaseBack = 7,
  GBack = 8,
  OrderBack = 9,
  ParentDirBack = 10,
  Rhs = 11,
  // JPS+'s jump table, one channel per direction in moves.h order (see jump_table.h).
  JumpN = 12,
  JumpE = 13,
  JumpS = 14,
  JumpW = 15,
  JumpNE = 16,
  JumpSE = 17,
  JumpSW = 18,
  JumpNW = 19,
  // MPAA*'s learned heuristic and the reused part of its path (see mpaa.h).
  LearnedH = 20,
  Reused = 21,
  // Subgoal graphs: a cell's subgoal level, and its landmark number (see subgoal_graph.h).
  Subgoal = 22,
  Landmark = 23,
};
inline constexpr std::array kChannelNames = {
    Named<ChannelName>{ChannelName::Phase, "phase"},
    Named<ChannelName>{ChannelName::G, "g"},
    Named<ChannelName>{ChannelName::Order, "order"},
    Named<ChannelName>{ChannelName::ParentDir, "parentDir"},
    Named<ChannelName>{ChannelName::ParentId, "parentId"},
    Named<ChannelName>{ChannelName::Scanned, "scanned"},
    Named<ChannelName>{ChannelName::Visits, "visits"},
    Named<ChannelName>{ChannelName::PhaseBack, "phaseBack"},
    Named<ChannelName>{ChannelName::GBack, "gBack"},
    Named<ChannelName>{ChannelName::OrderBack, "orderBack"},
    Named<ChannelName>{ChannelName::ParentDirBack, "parentDirBack"},
    Named<ChannelName>{ChannelName::Rhs, "rhs"},
    Named<ChannelName>{ChannelName::JumpN, "jumpN"},
    Named<ChannelName>{ChannelName::JumpE, "jumpE"},
    Named<ChannelName>{ChannelName::JumpS, "jumpS"},
    Named<ChannelName>{ChannelName::JumpW, "jumpW"},
    Named<ChannelName>{ChannelName::JumpNE, "jumpNE"},
    Named<ChannelName>{ChannelName::JumpSE, "jumpSE"},
    Named<ChannelName>{ChannelName::JumpSW, "jumpSW"},
    Named<ChannelName>{ChannelName::JumpNW, "jumpNW"},
    Named<ChannelName>{ChannelName::LearnedH, "learnedH"},
    Named<ChannelName>{ChannelName::Reused, "reused"},
    Named<ChannelName>{ChannelName::Subgoal, "subgoal"},
    Named<ChannelName>{ChannelName::Landmark, "landmark"},
};
static_assert(values_in_order(kChannelNames));

struct Channel {
  ChannelName name;
  ChannelType type;
  const void* data;
  std::uint32_t stride;
  const std::uint16_t* stamp;
  std::uint32_t stamp_stride;
};

// Derived classes call set_grid(grid) at the end of their constructor (it sizes their
// arrays through the virtual resize()).
class Search;

// A function making a search of one class (make_as<Class>): in the registry, it names the class.
using SearchMaker = std::unique_ptr<Search> (*)(const Grid&, const SearchOptions&);

// One row of the registry (make_search.cpp): the class that runs an algorithm and what it
// costs. make_search, bytes_per_cell, Search::runs and the bindings' catalogue all read it,
// so adding an algorithm is its row in kAlgorithms (options.h) and its row here.
struct SearchClass {
  Algorithm algorithm;
  SearchMaker make;
  // The bytes per grid cell the class keeps in per-cell arrays, allocated when it is made
  // or given a grid; its open list or queue comes on top and grows with the frontier.
  std::size_t bytes_per_cell;
  // Whether it prepares per map (Search::preparation), and the bytes per cell its prepared
  // data holds (shared between searches that adopt it; an upper bound where it depends on
  // the map).
  bool prepares;
  std::size_t prepared_bytes_per_cell;
  // Whether it searches a navigation mesh made from the grid (navmesh/mesh_search.h) rather
  // than the grid's cells: its nodes are the mesh's, it keeps no per-cell channels, its path
  // is points of the plane (path() lists no cells), and its preparation is the mesh, which
  // is built outside the core (in TypeScript) and given to it.
  bool on_mesh;
};

// The registry's row for `algorithm`, which must have a row in kAlgorithms (has_row).
const SearchClass& search_class(Algorithm algorithm);

template <class Class>
std::unique_ptr<Search> make_as(const Grid& grid, const SearchOptions& options) {
  return std::make_unique<Class>(grid, options);
}

class Search {
 public:
  // A class that prepares per map overrides these (for the registry's row).
  static constexpr bool kPrepares = false;
  static constexpr std::size_t kPreparedBytesPerCell = 0;
  // A class that searches a navigation mesh overrides this (SearchClass::on_mesh).
  static constexpr bool kOnMesh = false;

  Search(const Grid& grid, const SearchOptions& options) : grid_(&grid), options_(options), next_options_(options) {}
  virtual ~Search() = default;
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  // Whether this class runs `algorithm`: the registry's row for it (search_class) names
  // this class, which is how make_search chose it.
  bool runs(Algorithm algorithm) const;

  // Takes effect at the next reset(): a search under way keeps running with the options it
  // was reset with (the loops read them as they go: the diagonal rule, the expansion cap).
  // The algorithm must be one this class runs (see make_search and runs()); otherwise
  // reset() refuses to start. options() are the ones the next reset() uses, and what
  // preparation() is judged against.
  void set_options(const SearchOptions& options) { next_options_ = options; }
  const SearchOptions& options() const { return next_options_; }
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

  // PREPARATION. Some searches prepare per map before they search (the registry's `prepares`:
  // JPS+ builds its jump table). reset() on such a search whose preparation is missing or
  // out of date (another grid, revision or size, or another option it depends on, such as
  // the diagonal rule) leaves it Preparing instead of Running; once prepared, it begins as a
  // fresh search would. Preparation is not counted as expansions, and is redone only when
  // what it depends on changed. It is observable like the search itself:
  //   preparation()        needed, ready, units done of total, bytes held
  //   prepare_steps(n)     advances a Preparing search by about n units of work (a caller
  //                        slices it, the page in ~12 ms slices with a progress bar); returns
  //                        the units done; when it completes, the search begins. Nothing
  //                        happens unless Preparing and not stale (an edit meanwhile: reset).
  //   adopt_preparation(o) shares o's prepared data (immutable, held by a shared_ptr) when it
  //                        was made for this search's grid, revision and options, so two
  //                        searches on one map prepare once; a Preparing search then begins.
  //                        False when o has no such data or is of another class, and while
  //                        this search is Running (it keeps what it runs with).
  // run_steps()/run() and step() on a Preparing search finish the preparation first, then
  // search (one step is still one expansion), so callers that ignore preparation work.
  // Searches that prepare nothing keep the defaults: needed false, and never Preparing.
  virtual Preparation preparation() const { return {}; }
  std::uint64_t prepare_steps(std::uint64_t units);
  bool adopt_preparation(const Search& other);

  Status status() const { return status_; }
  // After a call ran out of memory part-way (a container's allocation threw std::bad_alloc,
  // which the bindings catch): drops what the search had reached, back to Ready as before a
  // reset, with no path, no expansions counted and no cell of this search seen (the stamp
  // moves on), so nothing claims a result the search did not finish; the path's memory is
  // released. The per-cell
  // arrays stay, and stay consistent: every call leaves them usable when an allocation in it
  // fails (set_grid and reset resize before they adopt the new size). reset() starts again.
  void abandon();
  Refusal refusal() const { return refusal_; }
  bool finished() const {
    return status_ != Status::Ready && status_ != Status::Running && status_ != Status::Preparing;
  }
  bool stale() const { return grid_->revision() != grid_revision_ || grid_->cell_count() != cell_count_; }
  Point start() const { return start_; }
  Point goal() const { return goal_; }

  // From start to goal; empty unless Found. Grid searches list every cell (JPS's jumps
  // filled in); any-angle searches list the corners of the polyline.
  const std::vector<Point>& path() const { return path_; }
  double path_cost() const { return status_ == Status::Found ? path_cost_ : NAN; }
  const Counters& counters() const { return counters_; }
  // Cells in the open list now (IDA*: on the stack; bidirectional: both lists), of the search
  // this reset began, ended or not (Found leaves the entries it did not take); 0 when the
  // reset began none (Ready, Refused, Preparing, an end on a wall), whose lists still hold
  // an earlier query's.
  std::size_t open_size() const { return begun_ ? open_count() : 0; }
  // The open list in the order the search will take it, for an inspector: at most `limit`
  // entries, the first being exactly the cell the next step expands. Past the first,
  // "will take" assumes no step opens or improves anything meanwhile: each step may place
  // what it opens or improves anywhere among the rest (IDA*: before them). Reading changes
  // nothing. Empty unless the search is running and not stale: a finished search takes
  // nothing more, a stale one's cell ids may not fit the edited grid, and a preparing one
  // has not begun. The one exception is a search whose queue outlives its plan
  // (queue_outlives_plan(): D* Lite), which lists it when Found too, since its next repair
  // starts from it. What the order is, per class:
  //   BestFirstSearch      the open list in (priority, tie-break) order, exactly the order
  //                        of its next pops; size min(limit, open_size())
  //   BidirectionalSearch  both open lists, each in its own order: the side the next step
  //                        expands first, then the other; size min(limit, open_size())
  //   IdaStarSearch        the descents still pending on the stack, top frame first: the
  //                        start alone when the next step begins an iteration; its size is
  //                        not open_size() (the stack depth counts the path, not the work)
  // Each class's header says it precisely.
  std::vector<OpenItem> open_items(std::size_t limit) const {
    const bool listed = runnable() || (status_ == Status::Found && queue_outlives_plan() && !stale());
    if (!listed || limit == 0) return {};
    return open_in_order(limit);
  }
  // Whether the open list is kept past a found plan as the start of the next one (above).
  virtual bool queue_outlives_plan() const { return false; }
  virtual Progress progress() const { return {}; }

  // Per-cell reads for observers. For bidirectional search they describe the forward
  // frontier; its channels describe both.
  virtual CellPhase phase(NodeId id) const = 0;
  virtual double g(NodeId id) const = 0;  // NaN when unseen
  // The heuristic estimate to the goal (scaled by the cheapest terrain, unweighted); NaN
  // before the first reset(). D* Lite's, which searches back from the goal, is from the
  // start (start_estimate.h).
  virtual double h(NodeId id) const;
  // The priority the cell is ordered by: A* g + w*h, Dijkstra g, greedy h; breadth- and
  // depth-first have no cost priority and report g. NaN when unseen.
  virtual double f(NodeId id) const = 0;
  virtual NodeId parent(NodeId id) const = 0;  // kNoCell for the start or an unseen node
  virtual std::uint32_t expansion_order(NodeId id) const = 0;  // 1-based; 0 if never expanded
  // The best known route from the start to `id` (empty when unseen): the tree the search
  // has grown so far, read back through parents. IDA*: the current depth-first path.
  // D* Lite, whose tree grows from the goal: the route from `id` to the goal along its
  // successors (empty when it has none), which is the way an agent at `id` would go.
  virtual std::vector<Point> route_to(NodeId id) const;

  // Per-cell arrays worth drawing. Every search has
  //   "phase"  u8   CellPhase               "g"     f64  cost from the start
  //   "order"  u32  expansion order, where phase is Closed or Path (else meaningless)
  //   and either "parentDir" u8 (direction of the move from the parent, 255 none) or
  //   "parentId" u32 (the parent's cell id, kNoCell none).
  // Some add: "scanned" (JPS: u16, equal to the stamp where a jump scan passed over the
  // cell), "jumpN" ... "jumpNW" (JPS+, once prepared: u16 without stamps, its jump table's
  // entries in the eight directions, see jump_table.h), "visits" (IDA*: u32, expansions of
  // the cell in this search), "subgoal" (subgoal graphs, once prepared: u8 without stamps,
  // 0 or the cell's subgoal level; "landmark", u8 without stamps, 0 or k + 1 at landmark k,
  // with a hierarchy), for bidirectional search the backward frontier's "phaseBack",
  // "gBack", "orderBack", "parentDirBack", and for D* Lite "rhs" (f64; its "g" is the cost to
  // the goal, see dstar_lite.h).
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
  // Begins the search (begin()), noting that this reset's lists are now its own.
  void start_search();
  // What open_size() reports once a search has begun: the size of the class's open list.
  virtual std::size_t open_count() const = 0;
  // One expansion of a Running, current search; `events` is null when unobserved.
  virtual void advance(std::vector<Event>* events) = 0;
  // Up to `count` unobserved expansions of a Running, current search, stopping early when
  // it finishes; returns how many were made.
  virtual std::uint64_t advance_many(std::uint64_t count) = 0;
  // Called when the stamp wrapped around: every stamp array must be cleared.
  virtual void clear_stamps() = 0;
  // The preparation of a class that prepares (see preparation()): advance by about `units`
  // units of work for the grid and options as they are now, starting again when what was
  // being prepared is out of date; return the units done. And share another search's
  // prepared data (false when it is of another class or made for something else).
  virtual std::uint64_t advance_preparation(std::uint64_t) { return 0; }
  virtual bool share_preparation(const Search&) { return false; }
  // make_as<ThisClass>: what the registry names this class by (ExpandingSearch gives it).
  virtual SearchMaker maker() const = 0;
  // The stored parent of a cell, for route_to and the path (kNoCell for none).
  virtual CellId stored_parent(CellId id) const = 0;
  // open_items() of a search that can step (or, for queue_outlives_plan(), has found its
  // plan), limit >= 1.
  virtual std::vector<OpenItem> open_in_order(std::size_t limit) const = 0;

  // Fills path_ by following stored parents back from `end` (grid cells; consecutive
  // cells farther apart than one move are filled in along their straight or diagonal
  // line when `fill` is set) and sets status_ = Found, path_cost_ = cost.
  void finish_found(CellId end, double cost, bool fill);
  // The grid's current revision is the one this search has taken into account (an
  // incremental search has repaired itself after an edit): it is no longer stale.
  void acknowledge_grid() { grid_revision_ = grid_->revision(); }

  const Grid* grid_;
  SearchOptions options_;       // what the search under way runs with, set at reset()
  SearchOptions next_options_;  // set_options(): the next reset's
  HeuristicParams heuristic_;  // toward the goal, resolved at reset()
  Point start_{}, goal_{};
  Status status_ = Status::Ready;
  Refusal refusal_ = Refusal::None;
  Counters counters_;
  std::vector<Point> path_;
  double path_cost_ = NAN;
  std::uint16_t stamp_ = 0;
  bool begun_ = false;  // this reset's search has begun (start_search()), so its lists are its own
  bool tracing_ = false;
  std::uint32_t layout_ = 0;  // see layout(); derived classes bump it when they allocate

 private:
  bool runnable() const { return status_ == Status::Running && !stale(); }
  bool prepared() const {
    const Preparation p = preparation();
    return !p.needed || p.ready;
  }
  // A Preparing search that can still begin prepares to the end and begins.
  void finish_preparing();
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

  SearchMaker maker() const final { return &make_as<Derived>; }

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

// The bytes per grid cell that search keeps (SearchClass::bytes_per_cell). Lets a caller with
// bounded memory (the wasm engine) check for room before making one.
std::size_t bytes_per_cell(Algorithm algorithm);

}  // namespace astar
