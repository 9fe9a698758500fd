// Move lengths under each cost model, and the distance estimates built on them.
//
// A move costs its length times the terrain cost of the cell it enters. Lengths are 1 and
// sqrt(2) (CostModel::Exact) or 10 and 14 (CostModel::Integer, the classic tutorials'
// integers). Heuristics are written in the same units and scaled by the grid's cheapest
// terrain, so they never overestimate:
//   manhattan  s (dx + dy)                  admissible only without diagonal moves
//   octile     s |dx - dy| + d min(dx, dy)  exact on an open 8-connected map
//   chebyshev  s max(dx, dy)
//   euclidean  e sqrt(dx^2 + dy^2), e = min(s, d / sqrt 2): 1 for exact costs, but 9.899
//              for 10-14, where a diagonal (14) is a little shorter than 10 sqrt 2 and the
//              plain straight-line distance would overestimate it.
#pragma once

#include <array>
#include <cmath>

#include "moves.h"
#include "open_list.h"
#include "options.h"

namespace astar {

struct MoveLengths {
  double straight;
  double diagonal;
};

inline constexpr MoveLengths move_lengths(CostModel model) {
  return model == CostModel::Integer ? MoveLengths{10.0, 14.0} : MoveLengths{1.0, kSqrt2};
}

// The length of a move in each direction (moves.h order).
inline std::array<double, kDirectionCount> direction_lengths(CostModel model) {
  const MoveLengths lengths = move_lengths(model);
  std::array<double, kDirectionCount> result{};
  for (int dir = 0; dir < kDirectionCount; ++dir) result[dir] = is_diagonal(dir) ? lengths.diagonal : lengths.straight;
  return result;
}

// One search's heuristic, resolved at reset(): the estimate from (x, y) to the target,
// and the weight A* applies to it. A value type so expansion loops can keep it in
// registers.
struct HeuristicParams {
  Heuristic kind = Heuristic::Zero;
  int target_x = 0, target_y = 0;
  double straight = 1.0;   // s above, times the cheapest terrain
  double diagonal = kSqrt2;  // d above, times the cheapest terrain
  double euclid = 1.0;     // e above, times the cheapest terrain
  double weight = 1.0;

  static HeuristicParams make(Heuristic kind, int target_x, int target_y, CostModel model, double min_terrain,
                              double weight) {
    const MoveLengths lengths = move_lengths(model);
    const double euclid = std::fmin(lengths.straight, lengths.diagonal / kSqrt2);
    return {kind, target_x, target_y, lengths.straight * min_terrain, lengths.diagonal * min_terrain,
            euclid * min_terrain, weight};
  }

  ASTAR_HOT double at(int x, int y) const {
    const double dx = std::abs(x - target_x), dy = std::abs(y - target_y);
    switch (kind) {
      case Heuristic::Manhattan: return straight * (dx + dy);
      case Heuristic::Euclidean: return euclid * std::sqrt(dx * dx + dy * dy);
      case Heuristic::Octile: {
        const double lo = dx < dy ? dx : dy;
        return straight * (dx + dy - 2 * lo) + diagonal * lo;
      }
      case Heuristic::Chebyshev: return straight * (dx > dy ? dx : dy);
      default: return 0;
    }
  }
};

// The length of the straight segment between two cell centres, in the exact model (the
// only one any-angle paths are measured in).
inline double segment_length(int x0, int y0, int x1, int y1) {
  const double dx = x1 - x0, dy = y1 - y0;
  return std::sqrt(dx * dx + dy * dy);
}

}  // namespace astar
