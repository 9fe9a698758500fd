// Expansion policies: how BestFirstSearch (best_first.h) finds the successors of a node.
//
// The shape is warthog's (Harabor; warthog-core's unidirectional_search and
// expansion_policy): the search loop knows nothing of moves, jumps or lines of sight. It pops
// the best open node, asks its policy for the node's successors, and relaxes each one. The
// policy is an object the search owns, so it can keep what it needs between expansions (move
// tables, JPS's bit lines, JPS+'s jump table), and everything specific to one family lives in
// its policy's file instead of in branches of the loop.
//
// THE CONTRACT a policy P fulfils:
//
//   static constexpr ParentKind kParent
//       Direction: every successor is a neighbour of the node it is found from, so the search
//       keeps a parent as the direction of the move (one byte in CellState). Node: a
//       successor may lie far away (a jump) or hang from another node than the expanded one
//       (Theta*), so the search also keeps parent ids (4 more bytes per cell).
//   static constexpr bool kFillsPath
//       Consecutive nodes of a path may be several moves apart on one straight or diagonal
//       line (jumps), and the path lists the cells in between.
//   static constexpr std::size_t kBytesPerCell
//       The per-cell arrays the policy keeps itself (JPS's "scanned"), for bytes_per_cell().
//   void resize(std::size_t cells);  void clear_stamps();
//       The search's grid changed size; the search's stamp wrapped (clear stamped arrays).
//   bool begin(const Grid& grid, const SearchOptions& options, bool tracing);
//       A search starts: resolve what expansions read (move offsets and lengths, the
//       diagonal rule, online scanners' bit lines). True when per-cell arrays the policy
//       exposes as channels were (re)allocated, so holders of views take new ones.
//   template <class Expansion> void successors(const Node& node, Expansion& expansion);
//       Every successor of `node`, in a fixed order (searches are deterministic):
//           expansion.relax(CellId id, double g, std::uint8_t arrival, std::uint32_t steps, CellId parent)
//       offers the node `id`, `steps` moves from `node` in direction `arrival`, a path of cost
//       g through `parent`. The search keeps `arrival`: a Direction policy's parents are read
//       from it, and JPS prunes a jump point's expansion by it. Policy-specific
//       events (scans, forced neighbours, lines of sight, blocked moves) go to
//       expansion.listener, and only when Expansion::kObserves (kWantsBlocked for blocked
//       moves), so the benchmark's path builds none. Read access to the search so far:
//       expansion.closed(id), expansion.g_of(id), expansion.parent_of(id), expansion.goal,
//       expansion.stamp (the search's, for stamped arrays of the policy's own).
//   void channels(std::vector<Channel>& list, const std::uint16_t* stamps, std::uint32_t stride) const;
//       Appends the per-cell arrays the policy exposes (Search::channels); `stamps` are the
//       search's, for arrays that belong to the current search where a cell's stamp matches.
//   static constexpr bool kPrepares; static constexpr std::size_t kPreparedBytesPerCell;
//   Preparation preparation(const Grid&, const SearchOptions&) const;
//   std::uint64_t prepare_steps(const Grid&, const SearchOptions&, std::uint64_t units);
//   bool adopt_preparation(const P& other, const Grid&, const SearchOptions&);
//   const void* prepared_data() const;
//       The per-map preparation (Search::preparation, search.h): its state for the grid and
//       options as they are now; about `units` more units of it (starting again when what was
//       prepared is out of date); sharing another policy's prepared data when it was made for
//       this grid, revision and options; and the address of the prepared data (null for none),
//       which the search watches to tell views that channels moved. resize() is also called
//       when the search is given another grid object: prepared data is dropped there, since a
//       new grid may sit at a freed one's address with the same revision. NothingToPrepare
//       below is the contract's half for policies that prepare nothing.
//
// The search owns the rest: the per-cell g, phase, order and parents, the open list and its
// order (the algorithm's priority column), the counters and every Expand and Neighbour event.
//
// The policies: GridPolicy (grid_policy.h: A*, Dijkstra, greedy, breadth- and depth-first),
// JumpPolicy<JumpScanner> (jump_policy.h: JPS, jumps found by online scans),
// JumpPolicy<PrecomputedJumps> (JPS+, the same jumps read from a table prepared per map,
// jump_table.h) and AnyAnglePolicy (any_angle_policy.h: Theta*).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "grid.h"
#include "heuristics.h"
#include "moves.h"
#include "options.h"
#include "search.h"

namespace astar {

enum class ParentKind : std::uint8_t { Direction, Node };

// The node being expanded, as a policy sees it.
struct Node {
  CellId id;
  int x, y;
  double g;
  std::uint8_t arrival;  // direction of the move or jump that reached it; kNoDirection at the start
};

// The preparation half of the contract for policies (and jump sources) that prepare nothing.
struct NothingToPrepare {
  static constexpr bool kPrepares = false;
  static constexpr std::size_t kPreparedBytesPerCell = 0;
  Preparation preparation(const Grid&, const SearchOptions&) const { return {}; }
  std::uint64_t prepare_steps(const Grid&, const SearchOptions&, std::uint64_t) { return 0; }
  template <class Same>
  bool adopt_preparation(const Same&, const Grid&, const SearchOptions&) { return false; }
  const void* prepared_data() const { return nullptr; }
};

// The id offsets and lengths of the eight moves on one grid under one cost model, resolved
// when a search begins; policies copy them into locals in their loops (see GridPolicy).
struct MoveTable {
  std::array<int, kDirectionCount> offset{};      // id delta per direction
  std::array<double, kDirectionCount> length{};   // move length per direction

  static MoveTable of(const Grid& grid, CostModel model) {
    MoveTable table;
    for (int dir = 0; dir < kDirectionCount; ++dir) table.offset[dir] = kDirDy[dir] * grid.width() + kDirDx[dir];
    table.length = direction_lengths(model);
    return table;
  }
};

}  // namespace astar
