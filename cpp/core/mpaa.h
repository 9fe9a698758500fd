// MpaaSearch: Multipath Adaptive A* (MPAA*; Hernández, Baier & Asín, "Making A* Run
// Faster than D*-Lite for Path-Planning in Partially Known Terrain", ICAPS 2014), one
// expansion per step.
//
// A planner for an agent that replans as it learns the map. Each plan is a forward A*
// from the agent to the goal; what makes the next one cheaper is kept between plans:
//   learned h   Adaptive A* (Koenig & Likhachev 2005): when a plan of cost C is found,
//               every cell it expanded learns h(s) = C - g(s). Such an h never falls, and
//               stays admissible and consistent while costs only go up (what an agent
//               learns about unknown terrain it assumed free), so later plans expand
//               fewer cells and are still cheapest.
//   kept paths  every plan's path is kept as pointers next(s) toward the goal. A later
//               plan stops as soon as it takes out a cell s from which the kept pointers
//               still lead to the goal: following them, h(x) = c(x, next(x)) + h(next(x))
//               at every cell and the move is legal on the grid now. Then the kept path
//               from s costs exactly h(s): it is no dearer than h(s), an admissible
//               estimate, so it is cheapest from s, and g(s) + h(s) is no more than the f
//               of any open cell, so the whole path is cheapest (the paper's theorem).
//               A discovery that makes a move of a kept path dearer or illegal breaks the
//               equality there, so no path is ever reused past a change: nothing needs
//               to be invalidated when costs go up.
// The search that stops on a kept path learns as above with C = g(s) + h(s), and its own
// part of the path (start to s, by parents) becomes kept pointers too; the part after s
// is "reused". Testing a cell walks its kept pointers; a walk's result is remembered for
// every cell it passed, for the rest of the plan (h only changes when a plan ends), so
// each plan walks each kept cell at most once.
//
// Costs and estimates are exact (exact_costs.h): the test h(x) = c + h(next) compares
// sums of rounded lengths, never rounding noise. The open list orders by f, exactly, then
// as A*'s (open_list.h): the larger g, then the smaller cell id. On open ground that dives
// along one cheapest path, diagonal moves first: the route the walk's canonical rule takes
// there (canonical_route.h), so the path kept is the one the agent walks. After a detour,
// a dive that takes its diagonals first also tends to fall back onto the kept path.
//
// As an IncrementalSearch (search.h), for a Walk:
//   repair(changed, start)  the grid changed at these cells: if every move whose cost or
//                           legality may have changed (moves from the cells within one of
//                           a changed cell) keeps h consistent, the learned h stays
//                           admissible (consistent with h(goal) = 0) and everything kept
//                           is kept; otherwise (a cost went down somewhere it mattered) it
//                           is all forgotten, O(1) by a new stamp. Then a new plan from
//                           `start` begins (Running).
//   move_start(start)       onto the current path: the rest of it is the path from there;
//                           anywhere else a new plan from there begins (Running).
// Counters count the current plan. As a plain search (reset, run) it is A* with the tie
// rule above: reset() forgets everything learned.
//
// Per-cell reads and channels:
//   "phase"     u8   this plan's: Unseen, Open, Closed (expanded), Path
//   "g"         f64  this plan's cost from the start (NaN where it has not reached)
//   "order"     u32  expansion order in this plan, where Closed or Path
//   "parentDir" u8   this plan's parent direction (255 none)
//   "learnedH"  f64  the h the cell has learned (NaN: none yet, the base estimate applies)
//   "reused"    u8   1 on the part of the path taken from a kept path (from the cell where
//                    the plan stopped to the goal)
// g() is this plan's g, h() the base estimate (Search::h), f() = g + the h searched with
// (learned where learned), heuristic() that h, parent() this plan's parent. Events of a
// step: Expand (g, the h searched with, f; `other` its parent), Neighbour as A*'s, and
// Stop when the plan ends on a kept path (`cell` where it stopped, a = the path's cost
// g + h, b = the bound that proves it cheapest: the same f, the smallest on the open list).
// Open items: the open list in pop order, with g, that h and f.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "exact_costs.h"
#include "grid.h"
#include "moves.h"
#include "open_list.h"
#include "search.h"

namespace astar {

class MpaaSearch final : public ExpandingSearch<MpaaSearch>, public IncrementalSearch {
 public:
  explicit MpaaSearch(const Grid& grid, const SearchOptions& options = {});

  // Its per-cell records, for make_search's bytes_per_cell(); the open list and the list
  // of the plan's cells come on top.
  static constexpr std::size_t bytes_per_cell() { return sizeof(Cell); }

  std::size_t open_count() const override { return open_.size(); }
  CellPhase phase(CellId id) const override {
    return mine(id) ? static_cast<CellPhase>(cells_[id].phase) : CellPhase::Unseen;
  }
  double g(CellId id) const override { return phase(id) == CellPhase::Unseen ? NAN : cells_[id].g; }
  double f(CellId id) const override;
  CellId parent(CellId id) const override { return phase(id) == CellPhase::Unseen ? kNoCell : stored_parent(id); }
  std::uint32_t expansion_order(CellId id) const override {
    const CellPhase ph = phase(id);
    return (ph == CellPhase::Closed || ph == CellPhase::Path) ? cells_[id].aux : 0;
  }
  std::vector<Channel> channels() const override;

  bool repair(const std::vector<CellId>& changed_cells, Point new_start) override;
  bool move_start(Point new_start) override;

  // The estimate to the goal the search uses for the cell: learned, else the base one
  // (rounded as in exact_costs.h). NaN until a search has begun (reset() with no wall at
  // either end).
  double heuristic(CellId id) const;
  // The h the cell has learned; NaN where it has learned nothing.
  double learned_h(CellId id) const { return mine(id) ? cells_[id].h : NAN; }
  // The next cell of the kept path through the cell; kNoCell for none.
  CellId kept_next(CellId id) const;
  // Where the current plan stopped on a kept path; kNoCell when it reached the goal itself
  // (or has not ended).
  CellId reused_from() const { return reused_from_; }

 protected:
  void resize(std::size_t cells) override;
  void begin() override;
  void clear_stamps() override;
  CellId stored_parent(CellId id) const override;
  std::vector<OpenItem> open_in_order(std::size_t limit) const override;

 private:
  friend ExpandingSearch<MpaaSearch>;

  struct Cell {
    double g;              // this plan: cost from the start
    double h;              // learned estimate to the goal; NaN: none (the base one applies)
    std::uint32_t aux;     // this plan: open-list position while open, expansion order once closed
    std::uint16_t stamp;   // equals Search::stamp() when the cell belongs to this search
    std::uint8_t phase;    // this plan's CellPhase
    std::uint8_t parent;   // this plan: direction of the move that reached it; kNoDirection none
    std::uint8_t next;     // kept path: direction to the next cell toward the goal; kNoDirection none
    std::uint8_t reused;   // this plan: 1 on the reused part of the path
    std::uint8_t reach;    // this plan: kUntested, kLeadsToGoal or kBroken (its kept path)
  };
  static_assert(sizeof(Cell) == 32, "search state stays at 32 bytes per cell");
  static constexpr std::uint8_t kUntested = 0, kLeadsToGoal = 1, kBroken = 2;

  struct PositionOf {
    std::vector<Cell>* cells;
    std::uint32_t& operator()(std::uint32_t id) const { return (*cells)[id].aux; }
  };

  bool mine(CellId id) const { return cells_[id].stamp == stamp_; }
  // The cell's record, with nothing learned or kept, if it is new to this search.
  Cell& touch(CellId id);
  // Lists the cell among this plan's cells (to clear at the next plan) unless it is there.
  void enlist(CellId id);

  template <class Listener>
  void expand_next(Listener& listener);
  template <class Listener>
  void finish(CellId stop, Listener& listener);

  // A new plan from start_: clears the last plan's cells and opens the start.
  void begin_plan();
  // Whether the kept pointers from `id` still lead to the goal (see the header).
  bool leads_to_goal(CellId id);
  // Whether every move from the cells within one of a changed cell keeps h consistent.
  bool consistent_around(const std::vector<CellId>& changed_cells) const;
  // The open list's entry: exact f, then the larger g, then the smaller id.
  OpenEntry entry(CellId id, double g) const;
  double path_cost_from(const std::vector<Point>& path) const;

  std::vector<Cell> cells_;
  OpenList<PositionOf> open_;
  std::vector<CellId> plan_cells_;  // the cells whose per-plan fields this plan has set

  // Resolved at begin().
  std::array<int, kDirectionCount> neighbour_offset_{};
  ExactCosts costs_;  // rounded lengths and the base estimate
  CellId goal_id_ = 0;
  std::uint16_t began_stamp_ = 0;  // equals stamp_ once begin() ran for this search
  CellId reused_from_ = kNoCell;
  std::size_t expanded_on_path_ = 0;  // how many cells of path_, from its start, this plan expanded
};

}  // namespace astar
