// BestFirstSearch: one loop for every search that takes the best open cell, expands it and
// relaxes its successors (warthog's unidirectional_search). What varies is a template
// parameter for how successors are found, and at run time the priority and whether open
// cells may be improved, read from the algorithm's row (kAlgorithms' priority and
// improves_open columns), never from a switch on the algorithm:
//
//   GridMoves   the cell's neighbours under the diagonal rule       A*, Dijkstra, greedy,
//                                                                   breadth-, depth-first
//   JumpMoves   jump points found by scanning straight and diagonal  JPS
//               lines (jump_points.h)
//   AnyAngle    neighbours, relaxed from the expanded cell's parent  Theta*
//               when that parent can see them (any_angle.h)
//
//   priority:   A*            g + w*h     open cells may be improved; closed cells are final
//               Dijkstra      g           A* with the zero heuristic (not a copy of it)
//               greedy        h           first discovery is final
//               breadth-first order found first discovery is final (first in, first out)
//               depth-first   newest      cells found by the latest expansion first (in
//                                         direction order; last in, first out); first
//                                         discovery is final
//               JPS, Theta*   g + h
// Ties are broken as documented in open_list.h, and neighbours are considered in the
// direction order of moves.h, so the same inputs give the same sequence of steps.
//
// Open items (Search::open_items) are the open list's entries in (key, tie) order, which
// is exactly the order of its next pops: the smallest key first; among equal keys the
// larger g, then the smaller cell id (open_list.h). The key is the priority above, so A*,
// JPS and Theta* list by g + w*h, Dijkstra by g and greedy by h; breadth-first's key is
// the count of pushes, so its list runs oldest discovery first (first in, first out), and
// depth-first's counts down with each expansion, so the latest expansion's cells come
// first, in direction order (last in, first out). Each item's g, h and f are what g(), h()
// and f() report for the cell (breadth- and depth-first show g as f, which is not their
// order). The list holds open_size() entries; the first `limit` are found by walking the
// heap from its root, without sorting or changing it (OpenList::in_pop_order).
//
// Per-cell state is one 16-byte CellState in a flat array indexed by cell id. Grid moves
// keep the parent as a direction in it; jumps and any-angle parents are not neighbours, so
// those searches keep parent ids in a second array. The array is reused and the open list
// keeps its capacity, so a search allocates nothing per expansion.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "any_angle.h"
#include "grid.h"
#include "jump_points.h"
#include "moves.h"
#include "open_list.h"
#include "search.h"

namespace astar {

struct GridMoves {};
struct JumpMoves {};
struct AnyAngle {};


// Laid out for typed-array views from JavaScript (described by channels(), so nothing
// outside this file depends on the offsets).
struct CellState {
  double g;               // cost of the best known path from the start
  std::uint32_t aux;      // heap position while open; expansion order (1-based) once closed
  std::uint16_t stamp;    // equals Search::stamp() when the cell belongs to this search
  std::uint8_t phase;     // CellPhase
  std::uint8_t parent;    // grid moves: direction of the move that reached this cell; jumps: of the jump
                          // that reached it (the parent itself is in parent_ids_); kNoDirection at start
};
static_assert(sizeof(CellState) == 16, "search state must stay at 16 bytes per cell");

template <class Moves>
class BestFirstSearch final : public ExpandingSearch<BestFirstSearch<Moves>> {
 public:
  explicit BestFirstSearch(const Grid& grid, const SearchOptions& options = {});

  // The per-cell arrays it keeps (JPS's "scanned" only while tracing), for make_search's
  // bytes_per_cell(); the open list comes on top, and grows with the frontier.
  static constexpr std::size_t bytes_per_cell() {
    std::size_t bytes = sizeof(CellState);
    if constexpr (kParentIds) bytes += sizeof(CellId);
    if constexpr (std::is_same_v<Moves, JumpMoves>) bytes += sizeof(std::uint16_t);
    return bytes;
  }

  std::size_t open_size() const override { return open_.size(); }
  CellPhase phase(CellId id) const override {
    const CellState& c = cells_[id];
    return c.stamp == stamp_ ? static_cast<CellPhase>(c.phase) : CellPhase::Unseen;
  }
  double g(CellId id) const override { return phase(id) == CellPhase::Unseen ? NAN : cells_[id].g; }
  double f(CellId id) const override;
  CellId parent(CellId id) const override { return phase(id) == CellPhase::Unseen ? kNoCell : stored_parent(id); }
  std::uint32_t expansion_order(CellId id) const override {
    const CellPhase ph = phase(id);
    return (ph == CellPhase::Closed || ph == CellPhase::Path) ? cells_[id].aux : 0;
  }
  std::vector<Channel> channels() const override;

 protected:
  void resize(std::size_t cells) override;
  void begin() override;
  void clear_stamps() override;
  CellId stored_parent(CellId id) const override;
  std::vector<OpenItem> open_in_order(std::size_t limit) const override;

 private:
  friend ExpandingSearch<BestFirstSearch>;
  // The base depends on Moves, so its members are named here for the code below.
  using Base = ExpandingSearch<BestFirstSearch>;
  using Base::counters_, Base::finish_found, Base::goal_, Base::grid_, Base::h, Base::heuristic_, Base::layout_, Base::options_,
      Base::stamp_, Base::start_, Base::status_, Base::tracing_;

  static constexpr bool kParentIds = !std::is_same_v<Moves, GridMoves>;

  struct PositionOf {
    std::vector<CellState>* cells;
    std::uint32_t& operator()(std::uint32_t id) const { return (*cells)[id].aux; }
  };

  template <class Listener>
  ASTAR_HOT void expand_next(Listener& listener);
  template <class Listener>
  ASTAR_HOT void expand_grid_moves(CellId id, int x, int y, double g, std::uint64_t expansion, Listener& listener);
  template <class Listener>
  void expand_jumps(CellId id, int x, int y, double g, Listener& listener);
  template <class Listener>
  void expand_any_angle(CellId id, int x, int y, double g, Listener& listener);
  // Offers the cell nid = (nx, ny) a path of cost new_g through `parent` (jumps and
  // any-angle searches); `arrival` is the direction of a jump into it (kNoDirection for
  // any-angle moves), which its own expansion prunes by.
  template <class Listener>
  void relax(CellId nid, int nx, int ny, double new_g, CellId parent, std::uint8_t arrival, Listener& listener);

  ASTAR_HOT double f_value(double g, double h) const;
  ASTAR_HOT std::uint64_t open_key(double g, double h, std::uint64_t expansion, int dir);
  void mark_path(CellId goal);

  std::vector<CellState> cells_;
  std::vector<CellId> parent_ids_;  // jumps and any-angle only
  OpenList<PositionOf> open_;
  [[no_unique_address]] std::conditional_t<std::is_same_v<Moves, JumpMoves>, JumpScanner, Empty> jumps_;
  [[no_unique_address]] std::conditional_t<std::is_same_v<Moves, JumpMoves>, std::vector<std::uint16_t>, Empty> scanned_;

  // Resolved at begin() from the options and the grid.
  std::array<int, kDirectionCount> neighbour_offset_{};  // id delta per direction
  std::array<double, kDirectionCount> lengths_{};         // move length per direction
  double uniform_cost_ = 1.0;                             // jumps and any-angle: the one terrain cost
  CellId goal_id_ = 0;
  Priority priority_ = Priority::F;  // the algorithm's row: the open list's order
  bool improves_open_ = true;        // the algorithm's row: cheaper ways to open cells replace the old
  std::uint64_t pushes_ = 0;  // breadth-first: cells pushed so far (its first-in, first-out key)
};

}  // namespace astar

#include "best_first_impl.h"
