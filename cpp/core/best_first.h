// BestFirstSearch: one loop for every search that takes the best open node, expands it and
// relaxes its successors (warthog's unidirectional_search). The loop is blind to how
// successors are found: that is the expansion policy, an object of the template parameter
// (expansion_policy.h has the contract):
//
//   GridPolicy                the cell's neighbours under the diagonal rule   A*, Dijkstra,
//                             (grid_policy.h)                                 greedy, breadth-,
//                                                                             depth-first
//   JumpPolicy<JumpScanner>   jump points found by scanning straight and      JPS
//                             diagonal lines (jump_policy.h, jump_points.h)
//   JumpPolicy<PrecomputedJumps>  the same jump points, read from a table     JPS+
//                             prepared per map (jump_table.h)
//   AnyAnglePolicy            neighbours, relaxed from the expanded cell's    Theta*
//                             parent when that parent can see them
//                             (any_angle_policy.h)
//
// What varies at run time, the priority and whether open cells may be improved, is read at
// begin() from the algorithm's row (kAlgorithms' priority and improves_open columns):
//
//   priority:   A*            g + w*h     open cells may be improved; closed cells are final
//               Dijkstra      g           A* with the zero heuristic (not a copy of it)
//               greedy        h           first discovery is final
//               breadth-first order found first discovery is final (first in, first out)
//               depth-first   newest      cells found by the latest expansion first (in
//                                         direction order; last in, first out); first
//                                         discovery is final
//               JPS, JPS+,    g + h
//               Theta*
// Ties are broken as documented in open_list.h, and policies offer successors in a fixed
// order (the direction order of moves.h), so the same inputs give the same sequence of steps.
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
// Per-cell state is one 16-byte CellState in a flat array indexed by cell id. A policy whose
// successors are neighbours keeps the parent as a direction in it; jumps and any-angle
// parents are not neighbours, so those searches keep parent ids in a second array (the
// policy's kParent picks the ParentStore). The arrays are reused and the open list keeps its capacity, so a search
// allocates nothing per expansion.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "expansion_policy.h"
#include "grid.h"
#include "open_list.h"
#include "search.h"

namespace astar {

// Laid out for typed-array views from JavaScript (described by channels(), so nothing
// outside this file depends on the offsets).
struct CellState {
  double g;               // cost of the best known path from the start
  std::uint32_t aux;      // heap position while open; expansion order (1-based) once closed
  std::uint16_t stamp;    // equals Search::stamp() when the cell belongs to this search
  std::uint8_t phase;     // CellPhase
  std::uint8_t parent;    // the direction of the move or jump that reached the cell (Theta*: of the
                          // move that offered it; for ParentKind::Node the parent itself is in
                          // the ParentStore below); kNoDirection at the start
};
static_assert(sizeof(CellState) == 16, "search state must stay at 16 bytes per cell");

// Where a search keeps its parents, by its policy's ParentKind: the one thing the two kinds
// do differently, kept here so the loop has no branch on it. Direction: the arrival direction
// in CellState::parent is the parent, nothing more is kept. Node: an array of parent ids.
// relax() writes through a Writer, copied into the expansion like the rest of what it reads.
template <ParentKind Kind>
class ParentStore;

template <>
class ParentStore<ParentKind::Direction> {
 public:
  static constexpr std::size_t kBytesPerCell = 0;
  struct Writer {
    void set(CellId, CellId) const {}
  };
  void resize(std::size_t) {}
  Writer writer() { return {}; }
  CellId of(CellId id, const CellState& cell, const Grid& grid) const {
    if (cell.parent == kNoDirection) return kNoCell;
    const Point p = grid.point(id);
    return grid.id(p.x - kDirDx[cell.parent], p.y - kDirDy[cell.parent]);
  }
  Channel channel(const CellState* base, const std::uint16_t* stamps, std::uint32_t stride) const {
    return {ChannelName::ParentDir, ChannelType::U8, &base->parent, stride, stamps, stride};
  }
};

template <>
class ParentStore<ParentKind::Node> {
 public:
  static constexpr std::size_t kBytesPerCell = sizeof(CellId);
  struct Writer {
    CellId* ids;
    void set(CellId id, CellId parent) const { ids[id] = parent; }
  };
  void resize(std::size_t cells) { ids_.resize(cells); }
  Writer writer() { return {ids_.data()}; }
  CellId of(CellId id, const CellState&, const Grid&) const { return ids_[id]; }
  Channel channel(const CellState*, const std::uint16_t* stamps, std::uint32_t stride) const {
    return {ChannelName::ParentId, ChannelType::U32, ids_.data(), sizeof(CellId), stamps, stride};
  }

 private:
  std::vector<CellId> ids_;
};

template <class Policy>
class BestFirstSearch final : public ExpandingSearch<BestFirstSearch<Policy>> {
 public:
  explicit BestFirstSearch(const Grid& grid, const SearchOptions& options = {});

  // The per-cell arrays it keeps (the policy's own too), for the registry's bytes_per_cell;
  // the open list comes on top, and grows with the frontier.
  static constexpr std::size_t bytes_per_cell() {
    return sizeof(CellState) + Parents::kBytesPerCell + Policy::kBytesPerCell;
  }
  // Its policy's preparation (for the registry; see Search::preparation).
  static constexpr bool kPrepares = Policy::kPrepares;
  static constexpr std::size_t kPreparedBytesPerCell = Policy::kPreparedBytesPerCell;

  Preparation preparation() const override { return policy_.preparation(*grid_, this->options()); }

  std::size_t open_count() const override { return open_.size(); }
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
  std::uint64_t advance_preparation(std::uint64_t units) override;
  bool share_preparation(const Search& other) override;
  void clear_stamps() override;
  CellId stored_parent(CellId id) const override;
  std::vector<OpenItem> open_in_order(std::size_t limit) const override;

 private:
  friend ExpandingSearch<BestFirstSearch>;
  // The base depends on Policy, so its members are named here for the code below.
  using Base = ExpandingSearch<BestFirstSearch>;
  using Base::counters_, Base::finish_found, Base::goal_, Base::grid_, Base::h, Base::heuristic_, Base::layout_, Base::options_,
      Base::stamp_, Base::start_, Base::status_, Base::tracing_;

  using Parents = ParentStore<Policy::kParent>;

  struct PositionOf {
    std::vector<CellState>* cells;
    std::uint32_t& operator()(std::uint32_t id) const { return (*cells)[id].aux; }
  };

  // What a policy's successors() is given: relax() and read access to the search (see
  // expansion_policy.h). Made per expansion with the scalars relax() reads copied in, so an
  // inlined loop keeps them in registers (see grid_policy.h on why the copies matter); the
  // heuristic, read only when a node is opened or improved, is read in place.
  template <class Listener>
  struct Expansion {
    using ListenerType = Listener;
    static constexpr bool kObserves = listener_observes<Listener>();
    static constexpr bool kWantsBlocked = listener_wants_blocked<Listener>();

    BestFirstSearch& search;
    Listener& listener;
    CellState* const cells;
    const typename Parents::Writer parents;
    const HeuristicParams& hp;
    const std::uint64_t expansion;
    const int x, y;  // the expanded node
    const Point goal;
    const std::uint16_t stamp;
    const bool improves;
    std::uint64_t opened = 0;

    ASTAR_HOT void relax(CellId id, double g, std::uint8_t arrival, std::uint32_t steps, CellId parent);
    bool closed(CellId id) const {
      return cells[id].stamp == stamp && cells[id].phase != static_cast<std::uint8_t>(CellPhase::Open);
    }
    double g_of(CellId id) const { return cells[id].g; }
    CellId parent_of(CellId id) const { return search.stored_parent(id); }
  };

  template <class Listener>
  ASTAR_HOT void expand_next(Listener& listener);

  ASTAR_HOT double f_value(double g, double h) const;
  ASTAR_HOT std::uint64_t open_key(double g, double h, std::uint64_t expansion, int dir);
  void mark_path(CellId goal);

  std::vector<CellState> cells_;
  Parents parents_;
  OpenList<PositionOf> open_;
  Policy policy_;

  // Resolved at begin() from the options and the grid.
  CellId goal_id_ = 0;
  Priority priority_ = Priority::F;  // the algorithm's row: the open list's order
  bool improves_open_ = true;        // the algorithm's row: cheaper ways to open cells replace the old
  std::uint64_t pushes_ = 0;  // breadth-first: cells pushed so far (its first-in, first-out key)
};

}  // namespace astar

#include "best_first_impl.h"
