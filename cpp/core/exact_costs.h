// ExactCosts: move lengths and heuristics in which equal path costs are equal, for the
// searches that compare costs for equality (D* Lite's keys, MPAA*'s test that a kept path
// still leads to the goal, the walk's canonical routes).
//
// Costs of the exact model are sums of 1s and sqrt(2)s times terrain costs, and two routes
// of the same true cost often differ in the last bits of a double; a search that asks
// "is this cost equal to that one?" would answer by rounding noise. So:
//   - Every move length is rounded once to a multiple of 2^-25 (sqrt 2 moves by about
//     1.5e-8; 1, 10 and 14 are exact), so every move cost, and every sum of them, is a whole
//     multiple of 2^-25. Sums of such numbers below 2^28 are exact in a double (53 bits),
//     and no path on a 4096 x 4096 grid costs that much in the exact model (16.7M moves of
//     at most 9 sqrt 2); in the 10-14 model every cost is a whole number below 2^31, also
//     exact. So costs are compared exactly and stored as plain doubles.
//   - Heuristics are computed in the same rounded lengths (octile, manhattan and chebyshev
//     are then sums of move costs, exact and as consistent as with true lengths). The
//     euclidean estimate is irrational: it is scaled by 1 - 2^-20 and rounded down to a
//     multiple of 2^-25, which keeps it consistent (the scaling leaves at least 2^-20 of
//     slack per move, more than the rounding takes). Its triangle inequality may then be
//     off by two units of 2^-25, which D* Lite's km allows for (kEuclideanSlack).
// A path cheapest in these lengths differs from the truly cheapest by at most the rounding
// of its diagonal moves (1.5e-8 each); costs shown to users are summed with true lengths.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

#include "heuristics.h"
#include "moves.h"
#include "options.h"

namespace astar {

struct ExactCosts {
  static constexpr double kScale = 33554432.0;  // 2^25
  // What a rounded euclidean estimate's triangle inequality may miss by, in units of 2^-25.
  static constexpr std::int64_t kEuclideanSlack = 2;

  std::array<double, kDirectionCount> lengths{};       // rounded, per direction (moves.h order)
  std::array<double, kDirectionCount> true_lengths{};  // for costs shown to users
  HeuristicParams heuristic{};                         // kind and scale, in rounded lengths
  std::uint8_t terrain = 1;                            // the cheapest terrain it is scaled by

  // `kind` scaled by `min_terrain` (the grid's cheapest terrain), unweighted.
  static ExactCosts make(CostModel model, Heuristic kind, std::uint8_t min_terrain) {
    ExactCosts costs;
    costs.true_lengths = direction_lengths(model);
    for (int dir = 0; dir < kDirectionCount; ++dir) costs.lengths[dir] = std::round(costs.true_lengths[dir] * kScale) / kScale;
    costs.terrain = min_terrain;
    costs.heuristic = HeuristicParams::make(kind, 0, 0, model, min_terrain, 1.0);
    costs.heuristic.straight = costs.lengths[0] * min_terrain;
    costs.heuristic.diagonal = costs.lengths[4] * min_terrain;
    return costs;
  }

  // The rounded estimate from (ax, ay) to (bx, by).
  double estimate(int ax, int ay, int bx, int by) const {
    HeuristicParams params = heuristic;
    params.target_x = bx;
    params.target_y = by;
    const double h = params.at(ax, ay);
    if (params.kind != Heuristic::Euclidean) return h;
    return std::floor(h * (1.0 - 1.0 / 1048576.0) * kScale) / kScale;
  }

  // The cost of the move in direction `dir` into a cell of terrain `cost`.
  double move(int dir, std::uint8_t cost) const { return lengths[dir] * cost; }
};

}  // namespace astar
