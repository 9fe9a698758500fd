// AnyAnglePolicy: Theta*'s successors (Nash, Daniel, Koenig & Felner, "Theta*: Any-Angle
// Path Planning on Grids", AAAI 2007). The neighbours are a grid search's, but each is offered
// "path 2" first: straight from the expanded cell's parent when that parent can see it
// (any_angle.h), else "path 1", the ordinary move. Parents are therefore not neighbours
// (ParentKind::Node) and paths list corners, not cells. Where every walkable cell costs the
// same, a segment costs its length times that cost. On a map with terrain a segment costs its
// length inside each cell times the cell's cost (any_angle.h, segment_cost), the ordinary move
// too (half in each cell), and path 2 is taken only when it is no dearer than path 1: a clear
// line across a swamp can cost more than the moves around it (Outcome::Dearer). See
// expansion_policy.h for the contract.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "any_angle.h"
#include "events.h"
#include "expansion_policy.h"

namespace astar {

class AnyAnglePolicy : public NothingToPrepare {
 public:
  static constexpr ParentKind kParent = ParentKind::Node;
  static constexpr bool kFillsPath = false;
  static constexpr std::size_t kBytesPerCell = 0;

  void resize(std::size_t) {}
  void clear_stamps() {}
  bool begin(const Grid& grid, const SearchOptions& options, bool) {
    grid_ = &grid;
    diagonal_ = options.diagonal;
    lengths_ = direction_lengths(options.cost_model);
    unit_ = grid.min_cost();
    terrain_ = !grid.uniform_cost();
    return false;
  }

  template <class Expansion>
  void successors(const Node& node, Expansion& expansion) const {
    const Grid& grid = *grid_;
    const Diagonal diagonal = diagonal_;
    const std::uint8_t moves = allowed_moves(diagonal, grid.neighbour_mask(node.id));
    const CellId parent = expansion.parent_of(node.id);
    const Point from = parent == kNoCell ? Point{node.x, node.y} : grid.point(parent);
    const double parent_g = parent == kNoCell ? 0.0 : expansion.g_of(parent);
    const unsigned visit = Expansion::kWantsBlocked ? 0xFFu : moves;
    for (unsigned remaining = visit; remaining != 0; remaining &= remaining - 1) {
      const int dir = std::countr_zero(remaining);
      const int nx = node.x + kDirDx[dir], ny = node.y + kDirDy[dir];
      if (!(moves & (1u << dir))) {
        if constexpr (Expansion::kWantsBlocked) report_blocked(expansion.listener, grid, diagonal, node.x, node.y, dir);
        continue;
      }
      const CellId next = grid.id(nx, ny);
      // Closed cells are final; a line of sight to them would change nothing. Offered at an
      // infinite cost, the search reports them as closed.
      if (expansion.closed(next)) {
        expansion.relax(next, INFINITY, static_cast<std::uint8_t>(dir), 1, node.id);
        continue;
      }
      const double direct = node.g + (terrain_ ? segment_cost(grid, node.x, node.y, nx, ny) : lengths_[dir] * unit_);
      if (parent != kNoCell) {
        const CellId obstruction = first_obstruction(grid, from.x, from.y, nx, ny);
        double through_parent = INFINITY;
        Outcome outcome = Outcome::Obstructed;
        if (obstruction == kNoCell) {
          through_parent = parent_g + (terrain_ ? segment_cost(grid, from.x, from.y, nx, ny) : segment_length(from.x, from.y, nx, ny) * unit_);
          outcome = !terrain_ || through_parent <= direct ? Outcome::Clear : Outcome::Dearer;
        }
        if constexpr (Expansion::kObserves) {
          Event event = make_event(EventKind::Sight, next, obstruction == kNoCell ? NAN : static_cast<double>(obstruction));
          event.outcome = outcome;
          event.other = parent;
          expansion.listener.on_event(event);
        }
        if (outcome == Outcome::Clear) {
          expansion.relax(next, through_parent, static_cast<std::uint8_t>(dir), 1, parent);
          continue;
        }
      }
      expansion.relax(next, direct, static_cast<std::uint8_t>(dir), 1, node.id);
    }
  }

  void channels(std::vector<Channel>&, const std::uint16_t*, std::uint32_t) const {}

 private:
  const Grid* grid_ = nullptr;
  Diagonal diagonal_ = Diagonal::OnlyWhenNoObstacles;
  std::array<double, kDirectionCount> lengths_{};
  double unit_ = 1.0;
  bool terrain_ = false;
};

}  // namespace astar
