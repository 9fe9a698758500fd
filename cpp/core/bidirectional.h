// BidirectionalSearch: bidirectional A*, optimal, one expansion per step.
//
// Two A* frontiers grow at once: a forward one from the start, ordered by
// f = g + h(toward the goal), and a backward one from the goal, ordered by
// f = g + h(toward the start). Each is an ordinary A* open list (decrease-key; closed cells
// are final). The backward frontier walks moves in reverse: from a cell v back to a
// neighbour u it pays what the forward move u -> v costs, length(u -> v) * cost(v), since
// that move enters v. The diagonal rules look only at the two cells a diagonal passes
// between, which are the same both ways, so v's neighbour mask gives v's backward moves.
//
// Side choice (Pohl's cardinality rule): each step expands the frontier whose open list is
// smaller, the forward one on a tie. The smaller frontier is the cheaper one to grow, and
// the rule keeps the two balanced on maps where one end sits in a dead end.
//
// Meeting. Whenever a cell gets a g on one side (opened or improved) while it already has
// one on the other side (open or closed there), start -> cell -> goal is a real path of cost
// mu = g_fwd + g_bwd. The cheapest such mu and its cell are kept (an Event Meet reports each
// improvement).
//
// Stopping rule. The first meeting is not the answer: the two frontiers often touch along
// a detour long before the shortest path is settled (PathFinding.js's BiAStarFinder stops
// there and returns longer paths on most hard Moving AI queries). After every expansion we
// stop, Found with cost mu, as soon as
//
//     mu <= max(fmin_fwd, fmin_bwd)          (compared as open-list keys, see open_list.h)
//
// where fmin is the smallest f in a frontier's open list. Why no cheaper path can exist
// then, for admissible and consistent heuristics (the grid heuristics are both: a move
// costs at least its length times the cheapest terrain, which is what they are scaled by):
// take a shortest path P of cost C and suppose C < mu. With a consistent heuristic, A*
// closes a cell only with its optimal g. If every cell of P were closed forward, the goal
// would have been given g_fwd = C while it already had g_bwd = 0 (it is the backward root),
// so mu <= C: impossible. So some cell of P is not closed forward; the first such cell n
// follows a closed cell of P (or is the start), so it is open with g_fwd(n) = d(start, n),
// and fmin_fwd <= g_fwd(n) + h_fwd(n) <= d(start, n) + d(n, goal) = C (admissibility). The
// same argument on the backward frontier gives fmin_bwd <= C, so max(fmin_fwd, fmin_bwd)
// <= C < mu and the rule would not have fired. Hence, when it fires, mu <= C, and since mu
// is the cost of a real path, mu = C. Stopping reports an Event Stop (a = mu, b = the bound).
// When a frontier's open list empties, every cell it can reach is closed: if a path
// exists, the argument above shows mu already equals its cost, so the search ends Found
// with mu when mu is finite and NoPath otherwise (the Stop event's bound is then infinite).
//
// The virtual per-cell reads (phase, g, f, parent, expansion_order) and route_to describe
// the forward frontier; phase_back, g_back and parent_back the backward one. Channels:
//   "phase", "g", "order", "parentDir"                  forward frontier
//   "phaseBack", "gBack", "orderBack", "parentDirBack"  backward frontier
// "order" is the step (1-based, over both sides) at which the cell was expanded on that
// side. "parentDirBack" is the direction of the backward move from the cell's backward
// parent (its next cell toward the goal) to the cell, so that parent is the neighbour in
// the opposite direction, as with "parentDir". When the search ends Found both frontiers'
// arrays are completed along the whole path: every path cell has phase Path on both sides,
// its cost from the start ("g") and to the goal ("gBack") along the path, and parents that
// follow the path, so route_to(goal) is the path (order 0 where that side never expanded it).
//
// Open items (Search::open_items) list both open lists, each in its own (key, tie) order,
// the order of its next pops (key = priority_key(f), ties as in open_list.h), with f the
// side's own g + h (toward the other side's root) and `side` saying which list. The side
// the next step expands (Pohl's rule above: the smaller list, forward on a tie) comes
// first, so the first item is the next expansion; the other side's entries follow. The
// limit is shared so that both lists show: the side expanding next gets ceil(limit / 2)
// entries, the other floor(limit / 2), and a side with fewer entries than its share leaves
// the rest to the other, so the list holds min(limit, open_size()) entries. Between the
// two sides the listing promises no order: which side a later step grows depends on how
// many cells the steps before it open.
//
// Per-cell state is one 16-byte record per side, stamped for O(1) reset; open lists keep
// their capacity, so steps allocate nothing once warmed up.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grid.h"
#include "heuristics.h"
#include "moves.h"
#include "open_list.h"
#include "search.h"

namespace astar {

class BidirectionalSearch final : public ExpandingSearch<BidirectionalSearch> {
 public:
  explicit BidirectionalSearch(const Grid& grid, const SearchOptions& options = {});

  // Each frontier's per-cell records, for make_search's bytes_per_cell().
  static constexpr std::size_t bytes_per_cell() { return 2 * sizeof(Cell); }

  std::size_t open_count() const override { return forward_.open.size() + backward_.open.size(); }
  Progress progress() const override;

  CellPhase phase(CellId id) const override { return forward_.phase(id, stamp_); }
  double g(CellId id) const override { return forward_.g(id, stamp_); }
  double f(CellId id) const override;
  CellId parent(CellId id) const override { return forward_.parent(id, stamp_, neighbour_offset_); }
  std::uint32_t expansion_order(CellId id) const override { return forward_.order(id, stamp_); }
  std::vector<Channel> channels() const override;

  // The backward frontier (growing from the goal): g is the cost from the cell to the goal,
  // the parent is the next cell toward the goal.
  CellPhase phase_back(CellId id) const { return backward_.phase(id, stamp_); }
  double g_back(CellId id) const { return backward_.g(id, stamp_); }
  CellId parent_back(CellId id) const { return backward_.parent(id, stamp_, neighbour_offset_); }
  std::uint32_t expansion_order_back(CellId id) const { return backward_.order(id, stamp_); }

 protected:
  void resize(std::size_t cells) override;
  void begin() override;
  void clear_stamps() override;
  CellId stored_parent(CellId id) const override;
  std::vector<OpenItem> open_in_order(std::size_t limit) const override;

 private:
  friend ExpandingSearch<BidirectionalSearch>;

  struct Cell {
    double g;             // cost from this side's root (start forward, goal backward)
    std::uint32_t aux;    // heap position while open; expansion step (1-based) once closed
    std::uint16_t stamp;  // equals Search::stamp() when the cell belongs to this search
    std::uint8_t phase;   // CellPhase
    std::uint8_t parent;  // direction of the move from the parent, kNoDirection at the root
  };
  static_assert(sizeof(Cell) == 16, "search state must stay at 16 bytes per cell");

  struct PositionOf {
    std::vector<Cell>* cells;
    std::uint32_t& operator()(std::uint32_t id) const { return (*cells)[id].aux; }
  };

  // One frontier: its per-cell records, its open list and its heuristic (toward the other
  // side's root). Not movable: the open list points at the records.
  struct Frontier {
    Frontier() : open(PositionOf{&cells}) {}
    Frontier(const Frontier&) = delete;
    Frontier& operator=(const Frontier&) = delete;

    bool seen(CellId id, std::uint16_t stamp) const { return cells[id].stamp == stamp; }
    CellPhase phase(CellId id, std::uint16_t stamp) const {
      return seen(id, stamp) ? static_cast<CellPhase>(cells[id].phase) : CellPhase::Unseen;
    }
    double g(CellId id, std::uint16_t stamp) const { return seen(id, stamp) ? cells[id].g : NAN; }
    CellId parent(CellId id, std::uint16_t stamp, const std::array<int, kDirectionCount>& offsets) const;
    std::uint32_t order(CellId id, std::uint16_t stamp) const {
      const CellPhase ph = phase(id, stamp);
      return (ph == CellPhase::Closed || ph == CellPhase::Path) ? cells[id].aux : 0;
    }

    std::vector<Cell> cells;
    OpenList<PositionOf> open;
    HeuristicParams heuristic;
  };

  template <class Listener>
  void expand_next(Listener& listener);
  template <Side kSide, class Listener>
  void expand(Listener& listener);
  // Offers the meeting through `id`, which has just been given g `g_here` on `side`.
  template <class Listener>
  void offer_meeting(CellId id, double g_here, const Frontier& other, Side side, Listener& listener);
  // After an expansion: applies the stopping rule and the empty-list rule.
  template <class Listener>
  void check_stop(Listener& listener);
  // The smallest f in a frontier's open list (infinite when empty).
  double fmin(const Frontier& frontier) const;
  // Appends the first `count` entries of a frontier's open list, in order, to `items`.
  void append_open_items(const Frontier& frontier, Side side, std::size_t count, std::vector<OpenItem>& items) const;
  void finish();

  Frontier forward_;
  Frontier backward_;

  // Resolved at begin().
  std::array<int, kDirectionCount> neighbour_offset_{};
  std::array<double, kDirectionCount> lengths_{};
  CellId start_id_ = 0;
  CellId goal_id_ = 0;

  bool met_ = false;
  double mu_ = INFINITY;  // the best meeting's cost (infinite until the frontiers meet)
  std::uint64_t mu_key_ = 0;
  CellId meeting_cell_ = kNoCell;
  std::uint16_t begun_stamp_ = 0;  // stamp_ at the last begin(): whether the figures above are current
};

}  // namespace astar
