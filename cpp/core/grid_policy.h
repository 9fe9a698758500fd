// GridPolicy: the successors of a cell are its neighbours under the diagonal rule (A*,
// Dijkstra, greedy best-first, breadth- and depth-first, which differ only in the priority
// their rows give the search). See expansion_policy.h for the contract.
//
// This is the benchmark's inner loop. The scalars it reads are first copied into locals: the
// search's per-cell stores write single bytes (phase, parent), which C++ lets alias any
// object, so without the copies the compiler would reload every member and vector pointer
// after each store. (The move table is indexed by direction, so it is read from memory per
// move either way, and is read in place.) Unobserved runs visit only the allowed moves' bits;
// observers that want blocked neighbours reported visit all eight directions, in the same
// order. Measured with callgrind on the benchmark's A* (AR0011SR's 20 hardest queries), this
// loop as a policy runs the same instruction count as when it was written into the search.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "events.h"
#include "expansion_policy.h"
#include "open_list.h"

namespace astar {

class GridPolicy : public NothingToPrepare {
 public:
  static constexpr ParentKind kParent = ParentKind::Direction;
  static constexpr bool kFillsPath = false;
  static constexpr std::size_t kBytesPerCell = 0;

  void resize(std::size_t) {}
  void clear_stamps() {}
  bool begin(const Grid& grid, const SearchOptions& options, bool) {
    grid_ = &grid;
    diagonal_ = options.diagonal;
    moves_ = MoveTable::of(grid, options.cost_model);
    return false;
  }

  template <class Expansion>
  ASTAR_HOT void successors(const Node& node, Expansion& expansion) const {
    const Grid& grid = *grid_;
    const std::uint8_t* const costs = grid.costs();
    const Diagonal diagonal = diagonal_;
    const std::uint8_t moves = allowed_moves(diagonal, grid.neighbour_mask(node.id));
    // Indexed by direction, so read from memory per move either way: no copy needed.
    const MoveTable& table = moves_;
    const CellId id = node.id;
    const double g = node.g;

    const unsigned visit = Expansion::kWantsBlocked ? 0xFFu : moves;
    for (unsigned remaining = visit; remaining != 0; remaining &= remaining - 1) {
      const int dir = std::countr_zero(remaining);
      if constexpr (Expansion::kWantsBlocked) {
        if (!(moves & (1u << dir))) {
          report_blocked(expansion.listener, grid, diagonal, node.x, node.y, dir);
          continue;
        }
      }
      const CellId next = id + static_cast<CellId>(table.offset[dir]);
      expansion.relax(next, g + table.length[dir] * costs[next], static_cast<std::uint8_t>(dir), 1, id);
    }
  }

  void channels(std::vector<Channel>&, const std::uint16_t*, std::uint32_t) const {}

 private:
  const Grid* grid_ = nullptr;
  Diagonal diagonal_ = Diagonal::OnlyWhenNoObstacles;
  MoveTable moves_;
};

}  // namespace astar
