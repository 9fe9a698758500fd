// StartEstimate (start_estimate.h): D* Lite's estimate from the start, which reads the walls
// and terrain near the start. What D* Lite's proof needs of it, checked against the move
// rules written out on their own (move_rules.h) on random grids: admissible, consistent, at
// least the plain estimate, and rise_to() a true bound when the start moves or the grid
// changes.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <random>
#include <vector>

#include "exact_costs.h"
#include "moves.h"
#include "reference.h"
#include "start_estimate.h"

namespace astar {
namespace {

using Fixed = StartEstimate::Fixed;
using reference::MoveRules;

// The estimates D* Lite offers with each diagonal rule (manhattan only without diagonals,
// where it is consistent; with diagonals the estimate stays plain and is not tested here).
std::vector<Heuristic> estimates_for(Diagonal diagonal) {
  if (diagonal == Diagonal::Never) return {Heuristic::Manhattan, Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean};
  return {Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean};
}

ExactCosts costs_for(const Grid& grid, CostModel model, Heuristic kind) { return ExactCosts::make(model, kind, grid.min_cost()); }

// Round `round`'s case: each diagonal rule and cost model in turn, a random grid of up to
// 16 x 16 (a third of them with terrain) and a random start; nullopt when the start is a wall.
struct Case {
  Diagonal diagonal;
  CostModel model;
  Grid grid;
  Point start;
};
std::optional<Case> random_case(std::mt19937& rng, int round) {
  Case c{reference::kAllRules[round % 4], reference::kAllModels[(round / 4) % 2], reference::random_grid(rng, 16, round % 3 == 0), {}};
  c.start = reference::random_point(rng, c.grid);
  if (!c.grid.passable(c.grid.id(c.start))) return std::nullopt;
  return c;
}

double to_cost(Fixed value) { return static_cast<double>(value) / ExactCosts::kScale; }

TEST(StartEstimate, IsAdmissibleConsistentAndAtLeastThePlainEstimate) {
  std::mt19937 rng(20261125);
  int checked = 0, raised = 0;
  for (int round = 0; round < 400; ++round) {
    std::optional<Case> c = random_case(rng, round);
    if (!c) continue;
    const auto& [diagonal, model, grid, start] = *c;
    const MoveRules rules{diagonal, model};
    const std::vector<double> truth = reference::costs_from(grid, rules, start);
    for (Heuristic kind : estimates_for(diagonal)) {
      const ExactCosts costs = costs_for(grid, model, kind);
      StartEstimate estimate;
      estimate.look_around(grid, diagonal, costs, start);
      EXPECT_EQ(estimate.at(start), 0);
      for (CellId id = 0; id < grid.cell_count(); ++id) {
        const Point c = grid.point(id);
        const Fixed h = estimate.at(c);
        EXPECT_GE(h, estimate.plain(start, c)) << "at (" << c.x << ", " << c.y << ")";
        if (h > estimate.plain(start, c)) ++raised;
        // Rounded lengths may exceed true ones by 2^-26 per move.
        if (std::isfinite(truth[id])) EXPECT_LE(to_cost(h), truth[id] + 1e-6) << "at (" << c.x << ", " << c.y << ")";
        if (!grid.passable(id)) continue;
        for (int dir = 0; dir < kDirectionCount; ++dir) {
          const Point next{c.x + kDirDx[dir], c.y + kDirDy[dir]};
          if (!reference::move_cost(grid, rules, c, next)) continue;
          const Fixed move = static_cast<Fixed>(costs.move(dir, grid.cost(grid.id(next))) * ExactCosts::kScale);
          // The rounded euclidean estimate may miss by its slack.
          const Fixed slack = kind == Heuristic::Euclidean ? ExactCosts::kEuclideanSlack : 0;
          EXPECT_LE(estimate.at(next), h + move + slack) << "move (" << c.x << ", " << c.y << ") -> (" << next.x << ", " << next.y << ")";
          ++checked;
        }
      }
    }
  }
  // The walls near the start did raise some estimates: the test saw the lookahead at work.
  EXPECT_GT(raised, 1000);
  EXPECT_GT(checked, 100000);
}

TEST(StartEstimate, OnOpenGroundIsThePlainEstimate) {
  // Octile distances add up along cheapest lattice paths, so going through the ring costs
  // nothing more. (The others rise, and are still admissible: a straight line to most
  // cells does not pass through a ring cell's centre, and a path of moves must; Chebyshev
  // counts a diagonal move as 1 where it costs sqrt 2.)
  Grid grid(20, 12);
  for (Heuristic kind : {Heuristic::Octile}) {
    const ExactCosts costs = costs_for(grid, CostModel::Exact, kind);
    StartEstimate estimate;
    estimate.look_around(grid, Diagonal::OnlyWhenNoObstacles, costs, {9, 5});
    for (CellId id = 0; id < grid.cell_count(); ++id) EXPECT_EQ(estimate.at(grid.point(id)), estimate.plain({9, 5}, grid.point(id)));
  }
}

TEST(StartEstimate, AWallBesideTheStartRaisesTheCellsBehindItByTheDetour) {
  // A wall from (6, 2) to (6, 8) beside the start (5, 5), the rest open: a cell straight
  // east at (12, 5) costs 7 with nothing in the way; round the wall's end it costs more.
  Grid grid(16, 11);
  for (int y = 2; y <= 8; ++y) grid.set_cost(grid.id(6, y), kWall);
  const MoveRules rules{Diagonal::OnlyWhenNoObstacles, CostModel::Exact};
  const ExactCosts costs = costs_for(grid, CostModel::Exact, Heuristic::Octile);
  StartEstimate estimate;
  estimate.look_around(grid, rules.diagonal, costs, {5, 5});
  const Point behind{12, 5};
  const double truth = reference::costs_from(grid, rules, {5, 5})[grid.id(behind)];
  EXPECT_GT(estimate.at(behind), estimate.plain({5, 5}, behind));
  EXPECT_LE(to_cost(estimate.at(behind)), truth + 1e-6);
  // The box (radius StartEstimate::kRadius) does not reach past the wall's ends: the
  // estimate knows the detour as far as the box shows it, the rest is plain distance.
  EXPECT_GE(to_cost(estimate.at(behind)) - to_cost(estimate.plain({5, 5}, behind)), 2.0);
}

TEST(StartEstimate, RiseToBoundsHowFarAnEstimateFallsWhenTheStartMovesOrTheGridChanges) {
  std::mt19937 rng(1125);
  int compared = 0, above_plain_step = 0;
  for (int round = 0; round < 400; ++round) {
    std::optional<Case> c = random_case(rng, round);
    if (!c) continue;
    auto& [diagonal, model, grid, a] = *c;
    const Heuristic kind = estimates_for(diagonal)[round % estimates_for(diagonal).size()];
    const ExactCosts costs = costs_for(grid, model, kind);
    StartEstimate before;
    before.look_around(grid, diagonal, costs, a);
    // The start moves up to three cells, and some cells change (walls come and go, but
    // never below the cheapest terrain, which D* Lite would start over for).
    Point b = a;
    const int steps = static_cast<int>(rng() % 4);
    for (int i = 0; i < steps; ++i) {
      const int dir = static_cast<int>(rng() % 8);
      if (grid.in_bounds(b.x + kDirDx[dir], b.y + kDirDy[dir])) b = {b.x + kDirDx[dir], b.y + kDirDy[dir]};
    }
    for (int edit = static_cast<int>(rng() % 4); edit > 0; --edit) {
      const CellId id = static_cast<CellId>(rng() % grid.cell_count());
      grid.set_cost(id, grid.passable(id) ? kWall : grid.min_cost());
    }
    if (!grid.passable(grid.id(b))) continue;
    StartEstimate after;
    after.look_around(grid, diagonal, costs, b);
    const Fixed rise = before.rise_to(after, [](Point) { return true; });
    EXPECT_GE(rise, 0);
    if (rise > before.plain(a, b)) ++above_plain_step;
    for (CellId id = 0; id < grid.cell_count(); ++id) {
      const Point c = grid.point(id);
      EXPECT_LE(before.at(c) - after.at(c), rise) << "cell (" << c.x << ", " << c.y << "), start (" << a.x << ", " << a.y
                                                  << ") -> (" << b.x << ", " << b.y << ")";
      ++compared;
    }
  }
  EXPECT_GT(compared, 10000);
  // Walls left behind can make an estimate fall by more than the move: the bound saw it.
  EXPECT_GT(above_plain_step, 10);
}

}  // namespace
}  // namespace astar
