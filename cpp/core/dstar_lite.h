// DStarLiteSearch: D* Lite (Koenig & Likhachev, AAAI 2002), the optimised version, one
// queue pop per step.
//
// D* Lite searches backward, from the goal toward the start, so that when the start moves
// (an agent walks) and the map changes near it, most of what it computed stays true and
// only the inconsistent part is searched again. Each cell s keeps
//   g(s)    the cost to the goal the search has settled on so far
//   rhs(s)  a one-step lookahead: 0 at the goal, else min over successors s' of c(s, s') + g(s')
// and is consistent when g = rhs. Inconsistent cells wait in a priority queue under the key
//   [min(g, rhs) + h(start, s) + km ; min(g, rhs)]
// compared lexicographically. km grows by h(old start, new start) at each repair, so the
// keys already queued stay lower bounds without re-keying the whole queue when the start
// moves. ComputeShortestPath pops the smallest key while it is below the start's key, or
// while the start is inconsistent; one step is one pop, which is one of
//   key raised        the key computed now is larger than the one it was queued with
//                     (km and the start moved since): requeue it with the new key
//   over-consistent   g > rhs: g = rhs, out of the queue; each predecessor s may now go
//                     through it: rhs(s) = min(rhs(s), c(s, u) + g(u))
//   under-consistent  g < rhs: g = infinity; each predecessor s whose rhs came through it
//                     (and the cell itself) recomputes rhs from all its successors
// and every cell whose rhs changed is put in, re-keyed in or taken out of the queue
// (UpdateVertex). Every pop counts as an expansion (Counters::expanded), so
// max_expansions and timelines count the same thing as for the other searches.
//
// As a plain search (reset, step) it plans from the goal back to the start on a static
// map: Found when the loop ends with g(start) finite, NoPath when the queue runs out with
// g(start) infinite. The path is read from the start by following, at each cell, the
// successor s' with the least c(s, s') + g(s') (ties: direction order, moves.h), and its cost
// is the sum of those moves' costs, added up as the other searches add theirs.
//
// As an IncrementalSearch (search.h): repair(changed, start) after the grid was edited
// adds h(last start, start) to km and recomputes rhs for every changed cell and its eight
// neighbours (a cell's outgoing moves change when it, a neighbour or, for diagonals, a
// corner cell changes), then steps again until consistent; counters start again (they
// count the current plan). move_start() moves the start without a change: heuristics are
// measured from the new start and the path is read from there, with no pop (along the old
// path the new start's key is below the old one's, so the loop has nothing to do); km
// grows at the next repair, as in the paper. If an edit lowers the grid's cheapest
// terrain below the one the heuristic is scaled by, the heuristic would overestimate, so
// repair starts the search again from scratch instead. A wall at the start or the goal
// gives NoPath, as reset() does; the queue is kept for a later repair.
//
// Exact keys. Costs here are added exactly, so equal costs are equal and a key never ties
// with the start's by rounding. (With plain floating-point sums, a cell whose true key
// equals the start's can compare above it by one unit in the last place, stay unprocessed,
// and leave stale g values that an agent then follows into loops.) How:
//   - Every move length is rounded once to a multiple of 2^-25 (sqrt 2 moves by about
//     1.5e-8; 1, 10 and 14 are exact), so every move cost, and every g and rhs, is a whole
//     multiple of 2^-25. Sums of such numbers below 2^28 are exact in a double (53 bits),
//     and no path on a 4096 x 4096 grid costs that much in the exact model (16.7M moves of
//     at most 9 sqrt 2); in the 10-14 model every cost is a whole number below 2^31, also
//     exact. So g and rhs are compared exactly and stored as plain doubles (the channels).
//   - Heuristics are computed in the same rounded lengths (octile, manhattan and chebyshev
//     are then sums of move costs, exact and as consistent as with true lengths). The
//     euclidean estimate is irrational: it is scaled by 1 - 2^-20 and rounded down to a
//     multiple of 2^-25, which keeps it consistent (the scaling leaves at least 2^-20 of
//     slack per move, more than the rounding takes).
//   - Keys are 64-bit integers: value * 2^25, exact. km is kept the same way. km must grow
//     by at least what any queued key's h part can grow when the start moves, which the
//     triangle inequality of h guarantees; the rounded-down euclidean estimate may miss it
//     by two units of 2^-25, so km grows by two units more with it (a larger km only delays
//     queued entries, never misorders new ones).
// Why exactness is enough: with exact arithmetic the paper's invariants hold as proved
// (every cell on a cheapest path from the start has a key below the start's, or the same
// k1 and a smaller k2, since moves cost more than zero), so when the loop stops every such
// cell is consistent. Path costs are reported with true lengths (sqrt 2), summed along the
// path; the path is cheapest in the rounded lengths, which differ from the true cheapest
// cost by at most the rounding of its diagonal moves (1.5e-8 each).
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
// is h(start, cell) (with true move lengths), parent() is the best successor, route_to()
// runs from the cell along best successors to the goal. Counters count the current plan:
// a repair starts them again (the "order" channel keeps counting). Events of a step (see
// events.h): Expand (the popped cell: g after the step, h, k1), Key (what the pop did),
// then Rhs for each cell whose rhs changed, in direction order.
//
// Open items (Search::open_items): the queue in key order (k1, then k2, then the smaller
// cell id), exactly the order of its next pops; for each item g = k2 = min(g, rhs) (the
// cost its key was made from), h = h(start, cell) and f = k1 (which includes km, so it is
// not g + h once the start has moved).
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grid.h"
#include "heuristics.h"
#include "moves.h"
#include "search.h"

namespace astar {

class DStarLiteSearch final : public ExpandingSearch<DStarLiteSearch>, public IncrementalSearch {
 public:
  explicit DStarLiteSearch(const Grid& grid, const SearchOptions& options = {});

  // Its per-cell records, for make_search's bytes_per_cell(); the queue comes on top.
  static constexpr std::size_t bytes_per_cell() { return sizeof(Cell); }


  std::size_t open_size() const override { return queue_.size(); }
  CellPhase phase(CellId id) const override {
    return seen(id) ? static_cast<CellPhase>(cells_[id].phase) : CellPhase::Unseen;
  }
  double g(CellId id) const override { return seen(id) ? cells_[id].g : NAN; }
  double rhs(CellId id) const { return seen(id) ? cells_[id].rhs : NAN; }
  double f(CellId id) const override;
  CellId parent(CellId id) const override { return seen(id) ? stored_parent(id) : kNoCell; }
  std::uint32_t expansion_order(CellId id) const override { return seen(id) ? cells_[id].order : 0; }
  std::vector<Channel> channels() const override;
  std::vector<Point> route_to(CellId id) const override;

  bool repair(const std::vector<CellId>& changed_cells, Point new_start) override;
  bool move_start(Point new_start) override;

  // The key of a queued cell as doubles (k1, k2), for observers; NaN when not queued.
  std::array<double, 2> queued_key(CellId id) const;

 protected:
  void resize(std::size_t cells) override;
  void begin() override;
  void clear_stamps() override;
  CellId stored_parent(CellId id) const override;
  std::vector<OpenItem> open_in_order(std::size_t limit) const override;

 private:
  friend ExpandingSearch<DStarLiteSearch>;

  using Fixed = std::int64_t;  // a cost times 2^25, exactly
  struct Key {
    Fixed k1, k2;
    friend bool operator<(const Key& a, const Key& b) { return a.k1 < b.k1 || (a.k1 == b.k1 && a.k2 < b.k2); }
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct Entry {
    Key key;
    CellId id;
  };
  static bool before(const Entry& a, const Entry& b) { return a.key < b.key || (a.key == b.key && a.id < b.id); }

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

  // The rounded heuristic between two points (see "Exact keys").
  double estimate(int ax, int ay, int bx, int by) const;
  static Fixed fixed(double cost) { return std::isinf(cost) ? kInfinite : static_cast<Fixed>(cost * kScale); }
  Key key_now(CellId id) const;
  Key start_key() const;
  // rhs from every successor, and the best of them (kNoDirection when none leads anywhere).
  double lookahead(CellId id, std::uint8_t& best_dir) const;
  // Puts the cell in, re-keys it in or takes it out of the queue, after its g or rhs
  // changed; returns what happened (Queued, Requeued, Dequeued, or None when it was and is
  // consistent).
  Outcome update_vertex(CellId id);
  // After a pop or a repair: Found or NoPath when the loop's condition no longer holds.
  void finish_if_done();
  CellId next_toward_goal(CellId at, std::uint8_t& dir) const;
  void extract_path();
  void clear_path();
  void retarget(Point start);

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
  // What km grows by when the start moves from a to b: h(a, b), plus two units for the
  // rounded-down euclidean estimate, whose triangle inequality may be off by that much.
  Fixed km_step(Point a, Point b) const;

  static constexpr double kScale = 33554432.0;  // 2^25
  static_assert(sizeof(Cell) == 32, "search state stays at 32 bytes per cell");
  static constexpr Fixed kInfinite = INT64_MAX;

  std::vector<Cell> cells_;
  std::vector<Entry> queue_;
  std::vector<CellId> path_ids_;  // cells marked Path, to unmark

  // Resolved at begin().
  std::array<int, kDirectionCount> neighbour_offset_{};
  std::array<double, kDirectionCount> lengths_{};       // rounded (see "Exact keys")
  std::array<double, kDirectionCount> true_lengths_{};  // for reported path costs
  HeuristicParams rounded_{};                          // the heuristic's kind and scale, rounded lengths
  std::uint8_t heuristic_terrain_ = 1;                 // the cheapest terrain it is scaled by
  CellId goal_id_ = 0;
  Point last_start_{};  // s_last: the start at the last begin or repair
  Fixed km_ = 0;
  std::uint32_t pops_ = 0;  // for "order"
};

}  // namespace astar
