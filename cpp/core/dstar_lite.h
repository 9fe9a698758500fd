// DStarLiteSearch: D* Lite (Koenig & Likhachev, AAAI 2002), the optimised version, one
// queue pop per step.
//
// D* Lite searches backward, from the goal toward the start, so that when the start moves
// (an agent walks) and the map changes near it, most of what it computed stays true and
// only the inconsistent part is searched again. Each cell s keeps
//   g(s)    the cost to the goal the search has settled on so far
//   rhs(s)  a one-step lookahead: 0 at the goal, else min over successors s' of c(s, s') + g(s')
// and is consistent when g = rhs: over-consistent when g > rhs (a cheaper way is known
// than g says), under-consistent when g < rhs (g is out of date: a cost went up).
// Inconsistent cells wait in a priority queue under the key
//   k1 = min(g, rhs) + h(start, s) + km,  k2 = min(g, rhs)
// ordered by k1, then under-consistent cells before the others (at equal k1), then the
// cells the latest pop queued (or re-keyed), in direction order, then the smaller cell id.
// h(start, s) is an estimate of the cost from the start to s that sees the walls and
// terrain within two cells of the start (start_estimate.h: the plain octile, euclidean, ...
// distance where nothing near the start is in the way). km grows, when the start has
// moved or the grid changed, by how far that estimate may have fallen for a queued cell
// (h(old start, new start) after a move on open ground), so the keys already queued stay
// lower bounds without re-keying the whole queue. ComputeShortestPath pops the
// first entry while it comes before the start's own key in (k1, under-consistent first),
// or while the start is inconsistent; one step is one pop, which is one of
//   over-consistent   g > rhs: g = rhs, out of the queue; each predecessor s may now go
//                     through it: rhs(s) = min(rhs(s), c(s, u) + g(u))
//   under-consistent  g < rhs: g = infinity; each predecessor s whose rhs came through it
//                     (and the cell itself) recomputes rhs from all its successors
// and every cell whose rhs changed is put in, re-keyed in or taken out of the queue
// (UpdateVertex). Each pop counts as an expansion (Counters::expanded), so max_expansions
// and timelines count the same thing as for the other searches. An entry queued before the
// start moved may have a key lower than the one it would get now; when such an entry comes
// first and the loop would pop it, it is put back with its key now ("key raised", the
// paper's first case) at once, at the end of the step or the repair that brought it to
// the front, until the first entry is up to date. That is a re-key, no expansion: the cell
// is neither lowered nor raised and none of its neighbours is looked at (SBPL, which
// recomputes every queued key when the start moves, has none; A*'s decrease-keys are not
// counted either). The first entry is therefore always the next expansion, which is what
// open_items() lists first. (Until this was so, these re-keys counted as expansions: in the
// walks of npm run bench, about half of D* Lite's pops after the first plan.)
//
// Why this key. The paper's key is [min(g, rhs) + h + km; min(g, rhs)], which at equal k1
// takes the smaller g first: the cells nearest the goal. On open ground with octile
// distances a whole band of cells ties with the start's k1 (every cell on some cheapest
// path, and many beside them), and that order pops all of it before the start: the first
// plan cost 76 times A*'s on arena. The key here is the one Likhachev's planning library
// (SBPL, ADPlanner::ComputeKey, with eps = 1) uses, [k1; 0] for an under-consistent cell
// and [k1; 1] for the others, stopping as soon as the start's key is not above the first
// entry's and the start is not under-consistent. Here the loop also pops the start itself
// while it is over-consistent, so that it ends consistent like every cell of the path:
// a pop or two more (entries tie with the start's k1 only on cheapest paths from it, and
// the start's successor on the dive below has just queued it). The third part is this
// file's: among equal (k1, under-consistent first),
// the cells the latest pop queued, in direction order, so the search dives along one
// cheapest path from the goal like a depth-first search of the tied cells, taking
// straight moves before diagonals from the goal. The path read from the start then takes
// its diagonal moves first, as A* (larger g first) and MPAA* do, and as the walk's
// canonical route does (canonical_route.h): agents walk what their planner planned. (The
// larger min(g, rhs) first, the cell nearer the start, dives as well but diagonally from
// the goal, which gives the start its straight moves first.) The order among
// over-consistent cells of equal k1 is free because of the following, which holds for any
// order of pops, given a consistent h (h(start, s') <= h(start, s) + c(s, s')
// for every move s -> s'), exact keys and the invariants the updates keep: rhs(goal) = 0,
// rhs(s) = min over moves s -> s' of c(s, s') + g(s') elsewhere, and the queue holds
// exactly the inconsistent cells. Write d(s) for the true cost from s to the goal.
//   (a) If min(g(s), rhs(s)) < d(s), the queue holds an under-consistent cell u with
//       k1(u) <= min(g(s), rhs(s)) + h(start, s) + km. Follow from s the successor rhs
//       came through, then its, while the cell is not under-consistent: each value is a
//       move cheaper than the one before and still below d (otherwise the sum before it
//       would not be), so the chain cannot return to a cell or reach the goal (whose rhs 0
//       is no underestimate); it ends at an under-consistent u, and by consistency of h the
//       k1 never grows along it.
//   (b) If rhs(s) > d(s), the queue holds an over-consistent cell v with
//       k1(v) <= d(s) + h(start, s) + km. Follow a cheapest path from s: while rhs of the
//       cell overestimates d, so does g of the next one (rhs(x) <= c + g(next)); the goal's
//       rhs does not, so some v on it has g(v) > d(v) >= rhs(v): over-consistent, and
//       k1(v) <= d(v) + h(start, v) + km <= d(s) + h(start, s) + km.
// So when the loop stops (SBPL's test suffices; the start's own pop only adds to it), (a)
// and (b) applied to the start give rhs(start) = d(start):
// an underestimate would put an under-consistent [k1; 0] before the start's [k1; 1], an
// overestimate an entry below rhs(start) + km. Along a cheapest path from the start every
// cell x has d(x) + h(start, x) <= d(start), so by (a) none has min(g, rhs) below d or is
// under-consistent. Following from the start the successor with the least c + g (which is
// rhs) therefore walks a cheapest path: at a cell x with g(x) = d(x), rhs(x) <= g(x) (not
// under-consistent) and rhs(x) >= d(x), so the least c + g is d(x), reached through a
// successor whose g is d (not more, by that sum; not less, by (a)) on a cheapest path. The
// same two facts make a popped over-consistent cell's rhs equal d (an error would leave an
// entry before it), so once a cell has been lowered it is never popped again in this call
// (it would be under-consistent with a key before the one it was lowered at); an
// under-consistent pop sets g to infinity, after which only one lowering can follow. Keys
// popped never decrease (the updates only queue keys at or after the one popped, by
// consistency of h), so a call expands each cell at most twice: under-consistent, then
// over-consistent (and re-keys it at most once). (The paper's second part, min(g, rhs), gives the same
// facts; it only pops more.)
//
// As a plain search (reset, step) it plans from the goal back to the start on a static
// map: Found when the loop ends with rhs(start) finite, NoPath when it ends with
// rhs(start) infinite (the queue ran out). The path is read from the start by following, at each cell, the
// successor s' with the least c(s, s') + g(s') (ties: route order, moves.h: diagonals
// first), and its cost
// is the sum of those moves' costs, added up as the other searches add theirs.
//
// As an IncrementalSearch (search.h): repair(changed, start) after the grid was edited
// catches km up (as above) and recomputes rhs for every changed cell and its eight
// neighbours (a cell's outgoing moves change when it, a neighbour or, for diagonals, a
// corner cell changes), then steps again until consistent; counters start again (they
// count the current plan). move_start() moves the start without a change: heuristics are
// measured from the new start. To a cell of the current path it costs nothing: the rest of
// the path is read from there (its cells have g = d, which the move does not change), and
// km waits for the next repair, as in the paper. Anywhere else (any distance away, on or
// off a cheapest path) km catches up at once, the search becomes
// Running and the loop goes on from the new start's key when stepped: its stop test
// compares keys made from two starts, which is right only with km caught up. (It was not
// before: moved two cells off its path on a 5 x 8 map, it stopped at once with a plan of 66
// where 58 was cheapest.) If an edit lowers the grid's cheapest
// terrain below the one the heuristic is scaled by, the heuristic would overestimate, so
// repair starts the search again from scratch instead. A wall at the start or the goal
// gives NoPath, as reset() does; the queue is kept for a later repair.
//
// Exact keys. Costs here are added exactly (exact_costs.h: lengths rounded to multiples of
// 2^-25, sums exact in doubles), so equal costs are equal and a key never ties with the
// start's by rounding. (With plain floating-point sums, a cell whose true key equals the
// start's can compare above it by one unit in the last place, stay unprocessed, and leave
// stale g values that an agent then follows into loops.) g and rhs are stored as plain
// doubles (the channels); keys are 64-bit integers, value * 2^25, exact, and so is km. km
// must grow by at least what any queued key's h part can fall when the start moves or the
// grid changes: StartEstimate::rise_to bounds it, allowing for the rounded-down euclidean
// estimate, whose triangle inequality may miss by two units of 2^-25 (a larger km only
// delays queued entries, never misorders new ones). The proof above assumes exactly this: exact
// sums, a consistent h, and keys made from the current start (a queued key made from an
// earlier one is a lower bound, re-keyed before it is popped).
//
// Per-cell reads and channels:
//   "phase"     u8   Unseen = never touched; Open = in the queue (inconsistent); Closed =
//                    touched and consistent; Path = on the current path
//   "g", "rhs"  f64  as above (infinity where no way to the goal is known)
//   "order"     u32  the pop (1-based, counted since reset) that last took the cell
//   "parentDir" u8   direction of the move from the cell's best successor toward the goal
//                    to the cell (so the successor is the neighbour against it, as a
//                    parent is for the other searches): arrows point the way an agent
//                    would go. 255 for none.
// g() is g, f() is k1 (the queued key for a queued cell, else the key it would get), h()
// is h(start, cell) (the estimate the keys use), parent() is the best successor, route_to()
// runs from the cell along best successors to the goal. Counters count the current plan:
// a repair starts them again (the "order" channel keeps counting). Events of a step (see
// events.h): Expand (the popped cell: g after the step, h, k1), Key (what the pop did),
// then Rhs for each cell whose rhs changed, in direction order, then a Key "key raised"
// for each entry re-keyed as it came to the front.
//
// Open items (Search::open_items): the queue in key order (k1, then under-consistent
// cells, then the later pop's cells in direction order, then the smaller cell id; see
// queue_place), exactly the order of its next pops; for each item g = k2 = min(g, rhs)
// (the cost its key was made from), h = h(start, cell) and f = k1 (which includes km, so
// it is not g + h once the start has moved; an entry behind the first may still carry a
// key made before the start moved). Listed while a plan is found too: the queue is kept, and
// the next repair starts from it.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "exact_costs.h"
#include "grid.h"
#include "moves.h"
#include "search.h"
#include "start_estimate.h"

namespace astar {

class DStarLiteSearch final : public ExpandingSearch<DStarLiteSearch>, public IncrementalSearch {
 public:
  explicit DStarLiteSearch(const Grid& grid, const SearchOptions& options = {});

  // Its per-cell records, for make_search's bytes_per_cell(); the queue comes on top.
  static constexpr std::size_t bytes_per_cell() { return sizeof(Cell); }


  std::size_t open_count() const override { return queue_.size(); }
  bool queue_outlives_plan() const override { return true; }
  CellPhase phase(CellId id) const override {
    return seen(id) ? static_cast<CellPhase>(cells_[id].phase) : CellPhase::Unseen;
  }
  double g(CellId id) const override { return seen(id) ? cells_[id].g : NAN; }
  double rhs(CellId id) const { return seen(id) ? cells_[id].rhs : NAN; }
  double f(CellId id) const override;
  double h(CellId id) const override;
  CellId parent(CellId id) const override { return seen(id) ? stored_parent(id) : kNoCell; }
  std::uint32_t expansion_order(CellId id) const override { return seen(id) ? cells_[id].order : 0; }
  std::vector<Channel> channels() const override;
  std::vector<Point> route_to(CellId id) const override;

  bool repair(const std::vector<CellId>& changed_cells, Point new_start) override;
  bool move_start(Point new_start) override;

  // A queued cell's place in the queue, for observers: its key (k1, k2 as costs), whether
  // it is under-consistent, and the number of pops made when it was queued (or last
  // re-keyed) with the direction from the popped cell to it (0 when a reset or a repair
  // queued it). The queue's order is k1, then under-consistent first, then the larger pop
  // number, then the smaller direction, then the smaller cell id. Empty when not queued.
  struct QueuePlace {
    double k1, k2;
    bool under;
    std::uint32_t pop;
    std::uint8_t dir;
  };
  std::optional<QueuePlace> queue_place(CellId id) const;

 protected:
  void resize(std::size_t cells) override;
  void begin() override;
  void clear_stamps() override;
  CellId stored_parent(CellId id) const override;
  std::vector<OpenItem> open_in_order(std::size_t limit) const override;

 private:
  friend ExpandingSearch<DStarLiteSearch>;

  using Fixed = std::int64_t;  // a cost times 2^25, exactly
  // The queue's order (see "Why this key"): k1, then `order`: its top bit 0 for an
  // under-consistent cell (first), then the latest pop's cells first, in direction order;
  // then (in Entry) the smaller cell id. k2 = min(g, rhs) is kept for observers.
  struct Key {
    Fixed k1, k2;
    std::uint64_t order;
    friend bool operator==(const Key&, const Key&) = default;
  };
  static constexpr std::uint64_t kNotUnder = std::uint64_t{1} << 63;
  // Whether a's (k1, under-consistent first) comes before b's: the loop's stop test.
  static bool sooner(const Key& a, const Key& b) {
    return a.k1 < b.k1 || (a.k1 == b.k1 && (a.order & kNotUnder) < (b.order & kNotUnder));
  }
  struct Entry {
    Key key;
    CellId id;
  };
  static bool before(const Entry& a, const Entry& b) {
    if (a.key.k1 != b.key.k1) return a.key.k1 < b.key.k1;
    if (a.key.order != b.key.order) return a.key.order < b.key.order;
    return a.id < b.id;
  }

  struct Cell {
    double g;
    double rhs;
    std::uint32_t heap;   // while queued: its position in queue_
    std::uint32_t order;  // the pop that last took it, 1-based
    std::uint16_t stamp;  // equals Search::stamp() when the cell belongs to this search
    std::uint8_t phase;   // CellPhase
    std::uint8_t parent;  // direction from its best successor to it; kNoDirection for none
  };

  bool seen(CellId id) const { return cells_[id].stamp == stamp_; }
  // The cell's record, given this search's initial values (g = rhs = infinity) if untouched.
  Cell& touch(CellId id);

  template <class Listener>
  void expand_next(Listener& listener);
  // Re-keys, while the loop would pop it, the first entry whose key is out of date (made
  // before the start moved), until the first entry is up to date: no expansion.
  template <class Listener>
  void refresh_front(Listener& listener);

  static Fixed fixed(double cost) { return std::isinf(cost) ? kInfinite : static_cast<Fixed>(cost * kScale); }
  static double unfixed(Fixed value) { return value == kInfinite ? INFINITY : static_cast<double>(value) / kScale; }
  // The cell's key now; `dir` is the direction from the popped cell to it (its place among
  // the cells that pop queues), 0 when it was not queued by a pop.
  Key key_now(CellId id, int dir = 0) const;
  Key start_key() const;
  // rhs from every successor, and the best of them (kNoDirection when none leads anywhere).
  double lookahead(CellId id, std::uint8_t& best_dir) const;
  // Puts the cell in, re-keys it in or takes it out of the queue, after its g or rhs
  // changed (`dir` as for key_now); returns what happened (Queued, Requeued, Dequeued, or
  // None when it was and is consistent).
  Outcome update_vertex(CellId id, int dir = 0);
  // After a pop or a repair: Found or NoPath when the loop's condition no longer holds.
  void finish_if_done();
  CellId next_toward_goal(CellId at, std::uint8_t& dir) const;
  void extract_path();
  void clear_path();
  void retarget(Point start);
  // A new search from `start` to the goal, as reset() would begin it.
  void start_over(Point start);

  // The queue: a binary heap of entries with positions in Cell::heap.
  void heap_push(CellId id, Key key);
  void heap_remove(CellId id);
  void heap_rekey(CellId id, Key key);
  void sift_up(std::uint32_t at);
  void sift_down(std::uint32_t at);
  void place(std::uint32_t at, const Entry& entry) {
    queue_[at] = entry;
    cells_[entry.id].heap = at;
  }
  bool queued(CellId id) const { return cells_[id].phase == static_cast<std::uint8_t>(CellPhase::Open); }
  // Reads the estimate around the start now and adds to km how far the estimate keys were
  // made with may exceed it (StartEstimate::rise_to), so that keys made from the start now
  // compare rightly with those queued before it moved or the grid changed.
  void catch_up_km();
  // Makes start_ the start keys are made from (s_last, the paper's: estimate_.start()), with
  // this estimate from it.
  void use_estimate(StartEstimate&& estimate);
  // h(start, p) for keys and observers (computed afresh if the start moved along the path
  // since the loop last ran).
  StartEstimate::Fixed estimate_from_start(Point p) const;

  static constexpr double kScale = ExactCosts::kScale;
  static_assert(sizeof(Cell) == 32, "search state stays at 32 bytes per cell");
  static constexpr Fixed kInfinite = INT64_MAX;

  std::vector<Cell> cells_;
  std::vector<Entry> queue_;
  std::vector<CellId> path_ids_;  // cells marked Path, to unmark

  // Resolved at begin().
  std::array<int, kDirectionCount> neighbour_offset_{};
  ExactCosts costs_;  // rounded lengths and heuristic (see "Exact keys")
  CellId goal_id_ = 0;
  Fixed km_ = 0;
  // h(start, cell) for keys, read around s_last, the start at the last begin, repair or move
  // off the path (start_estimate.h)
  StartEstimate estimate_;
  std::uint64_t estimate_revision_ = 0;  // the grid's revision when estimate_ was read
  mutable StartEstimate observed_;       // for observers, when estimate_ is out of date
  mutable std::uint64_t observed_revision_ = UINT64_MAX;
  std::uint32_t pops_ = 0;  // for "order"
};

}  // namespace astar
