// IdaStarSearch: IDA* (Korf 1985), iterative-deepening A*, optimal, one expansion per step.
//
// IDA* keeps no open list. Each iteration is a depth-first search from the start that
// refuses to go past an f threshold T: a neighbour whose f = g + h exceeds T is pruned and
// its f remembered. The first iteration's T is f(start) = h(start); each next one's is the
// smallest f that exceeded the previous T. The goal is recognised when it is expanded, which
// happens only with f <= T, and the first T at which that happens is the optimal cost.
//
// Steppable form. The depth-first search is an explicit stack of frames (cell, g, the
// directions still to descend into). One step expands exactly one cell:
//   1. Frames with nothing left to descend into are popped (Event Backtrack: `cell` is the
//      cell the path now ends at, kNoCell when the stack emptied; a = frames popped).
//   2. If the stack is empty, the next iteration starts from the start with T = the
//      smallest f that exceeded the old T (Event Iteration: a = the iteration, b = T).
//      Otherwise the top frame descends into its next direction.
//   3. The cell is expanded (Event Expand: a = g, b = h, c = f). If it is the goal, the
//      search ends Found with the stack as the path. Otherwise every neighbour is
//      classified, in direction order (Neighbour events):
//        Blocked      a wall, or a move the diagonal rule forbids
//        OnPath       already on the current depth-first path: a cycle
//        Pruned       f > T: left for a later iteration (its f may set the next T)
//        NotImproved  already reached in this iteration with a g no higher (see below)
//        Opened       will be descended into in this iteration (children are descended
//                     into in direction order, depth first)
//      For IDA* a neighbour event's a is the g the cell was last reached with (NaN if never),
//      b the g this move reaches it with, c that move's f (g + h), and `other` the expanded
//      cell (blocked: NaN and kNoCell).
// When the step leaves nothing to descend into anywhere on the stack and nothing was
// pruned in this iteration, the search ends NoPath in that same step (the whole reachable
// part was searched without a threshold cutting anything), so every step is an expansion.
// Thresholds and f are compared as open-list keys (open_list.h): sums of 1s and sqrt(2)s of
// the same true cost must not be told apart by rounding noise.
//
// Transposition table (memory-enhanced IDA*, Reinefeld & Marsland 1994). Plain IDA* on a
// grid revisits every cell once per route that reaches it within T, which is exponential in
// practice. We keep, per iteration, the best g each cell has been reached with (a stamped
// array reset by bumping a second, 32-bit stamp per iteration: no clearing) and do not
// descend into a cell reached again with a g that is not lower. A frame whose pending
// direction was reached more cheaply (by a deeper part of the search) in the meantime skips
// it when its turn comes. Why this keeps IDA* optimal (positive move costs, admissible h):
//   - Invariant: whenever the table holds g for a cell in this iteration, the cell is or
//     will be expanded with that g in this iteration (unless the goal ends it first): the
//     entry was written by a frame that will descend into it, unless a lower entry replaced
//     it, whose writer will in turn. So every cut by the table is a visit to the same cell
//     with a g no higher, whose subtree contains every continuation the cut one had within T
//     (each continuation's f there is no higher).
//   - Let P = start, v1, ..., goal be a cheapest path, cost C. By induction along P, every
//     vi whose prefix has f <= T (g*(vj) + h(vj) <= T for all j <= i) is expanded with its
//     optimal g*(vi): when v(i-1) is expanded with g*, vi is offered g*(vi). It cannot be
//     OnPath (a path through vi to v(i-1) would make g*(v(i-1)) > g*(vi)); its f <= T, so it
//     is not Pruned; it is Opened, or NotImproved because an entry <= g*(vi), hence equal to
//     it, already exists, and by the invariant that visit is expanded.
//   - So in an iteration with T < C the first vj with f > T is generated with f(vj) <= C
//     (admissibility) and pruned: the next threshold lies in (T, C]. Thresholds strictly
//     rise, and only finitely many f values lie below C (moves cost at least the cheapest
//     move), so some iteration runs with T = C exactly. The goal is never expanded before it
//     (any path to it costs >= C > T), and in it the goal is expanded, only with g <= T = C:
//     the optimal cost.
//   - NoPath is right: if an iteration prunes nothing, the induction applies to every
//     cheapest path to every reachable cell, so had the goal been reachable it would have
//     been expanded.
// The table cuts repeats only within an iteration; across iterations IDA* re-expands
// everything, by design. Even so IDA* can take very many expansions on open maps with
// exact costs (many distinct f values, so many iterations); SearchOptions::max_expansions
// turns that into Status::GaveUp.
//
// Per-cell state (channels; the stamp is stamp()):
//   "phase"     u8   Open = on the current depth-first path, Closed = expanded before but
//                    not on the path now, Path = on the found path
//   "g"         f64  the g the cell was last reached (expanded) with
//   "parentDir" u8   direction of the move from its parent on the path it was last reached by
//   "order"     u32  the step at which it was last expanded (1-based)
//   "visits"    u32  how many times it has been expanded in this whole search
// route_to(cell) for a cell on the stack gives the current depth-first path.
// Counters, as for every search (search.h), in step with the events: expanded counts every
// expansion (Expand events), repeats included; opened counts what goes on its open list
// (the open items below): every descent queued (Opened events) and the start at each
// iteration (Iteration events), the root it restarts from; improved stays 0, as no event
// says Improved: a cheaper way to a cell reached in this iteration queues a new descent,
// and the dearer one is dropped when its turn comes (has_next), as a lazy heap pushes a
// second entry rather than lowering a key. max_open is the deepest stack. open_size() is
// the current stack depth.
//
// Open items (Search::open_items). IDA*'s counterpart of an open list is the work left on
// the stack: the neighbours opened in this iteration and not yet descended into. The
// frames' own cells are the current path, already expanded, so they are not listed. The
// items are the pending descents in the order the depth-first search takes them: the top
// frame's pending directions in direction order, then the frame below's, down to the
// start's frame; each is the cell the direction leads to, with the g that descent gives
// it, h, and f = g + h. Directions whose cell has been reached more cheaply in the
// meantime are left out, as the search skips them (has_next). Expanding a listed cell may
// open descents that come before the rest, as in any depth-first search. When nothing is
// pending, the next step starts an iteration: the list is then the start alone (g 0); the
// restart after the last pending descent is not listed otherwise. So the list's size is
// not open_size(), the stack depth, which counts the path rather than the work left.
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

class IdaStarSearch final : public ExpandingSearch<IdaStarSearch> {
 public:
  explicit IdaStarSearch(const Grid& grid, const SearchOptions& options = {});

  // Its per-cell records and transposition table, for make_search's bytes_per_cell().
  static constexpr std::size_t bytes_per_cell() { return sizeof(Cell) + sizeof(TableEntry); }

  std::size_t open_count() const override { return frames_.size(); }
  Progress progress() const override;

  CellPhase phase(CellId id) const override {
    const Cell& c = cells_[id];
    return c.stamp == stamp_ ? static_cast<CellPhase>(c.phase) : CellPhase::Unseen;
  }
  double g(CellId id) const override { return phase(id) == CellPhase::Unseen ? NAN : cells_[id].g; }
  double f(CellId id) const override;
  CellId parent(CellId id) const override { return phase(id) == CellPhase::Unseen ? kNoCell : stored_parent(id); }
  std::uint32_t expansion_order(CellId id) const override { return phase(id) == CellPhase::Unseen ? 0 : cells_[id].order; }
  // How many times the cell has been expanded in this search (0 if never).
  std::uint32_t visits(CellId id) const { return phase(id) == CellPhase::Unseen ? 0 : cells_[id].visits; }
  std::vector<Channel> channels() const override;

 protected:
  void resize(std::size_t cells) override;
  void begin() override;
  void clear_stamps() override;
  CellId stored_parent(CellId id) const override;
  std::vector<OpenItem> open_in_order(std::size_t limit) const override;

 private:
  friend ExpandingSearch<IdaStarSearch>;

  struct Cell {
    double g;               // the g it was last reached with
    std::uint32_t order;    // the step it was last expanded at
    std::uint32_t visits;   // expansions in this search
    std::uint16_t stamp;    // equals Search::stamp() when the cell belongs to this search
    std::uint8_t phase;     // CellPhase
    std::uint8_t parent;    // direction of the move from its parent, kNoDirection at the start
  };

  // The transposition table: the best g a cell was reached with in the iteration whose
  // stamp is tt_stamp_.
  struct TableEntry {
    double g;
    std::uint32_t stamp;
  };

  struct Frame {
    CellId cell;
    std::uint8_t todo;  // directions still to descend into (bit per direction)
    double g;
  };

  template <class Listener>
  void expand_next(Listener& listener);
  template <class Listener>
  void expand(CellId id, double g, std::uint8_t parent_dir, Listener& listener);
  // Drops the frame's pending directions that were reached more cheaply since it was
  // expanded; true when one is left (the lowest set bit of todo is then the next descent).
  bool has_next(Frame& frame);
  // Whether a pending descent that offers `g` to `next` is still its frame's to make.
  bool still_owned(CellId next, double g) const {
    // The frame wrote the entry when it opened the direction; only a strictly lower key
    // replaces it, so an entry no lower than this frame's g is still this frame's.
    return priority_key(table_[next].g) >= priority_key(g);
  }
  void new_table_stamp();
  void finish(CellId goal, double g);

  std::vector<Cell> cells_;
  std::vector<TableEntry> table_;
  std::vector<Frame> frames_;
  std::uint32_t table_stamp_ = 0;

  // Resolved at begin().
  std::array<int, kDirectionCount> neighbour_offset_{};
  std::array<double, kDirectionCount> lengths_{};
  CellId start_id_ = 0;
  CellId goal_id_ = 0;

  std::uint64_t iteration_ = 0;       // 1-based; the first step starts iteration 1
  bool started_ = false;              // whether iteration_ has started
  double threshold_ = NAN;
  std::uint64_t threshold_key_ = 0;
  bool pruned_any_ = false;           // whether this iteration pruned anything
  double next_threshold_ = INFINITY;  // the smallest f pruned in this iteration
  std::uint64_t next_key_ = UINT64_MAX;
  std::uint16_t begun_stamp_ = 0;     // stamp_ at the last begin(): whether the figures above are current
};

}  // namespace astar
