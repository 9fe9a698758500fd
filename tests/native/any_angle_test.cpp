// Line of sight and Theta*: the strict rule (a segment between cell centres may touch no
// blocked cell, not even at a corner; outside the map is blocked), checked against an
// independent sampling of the segment; Theta*'s paths made of clear segments, never
// costlier than the 8-connected optimum and never shorter than the straight line; on maps
// with terrain, segments costed by their length in each cell, against an independent
// integration; and replaying k steps of every best-first variant restoring exactly the
// state of stepping.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <queue>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "any_angle.h"
#include "best_first.h"
#include "reference.h"
#include "search.h"

namespace astar {
namespace {

// Independent of any_angle.h: walks the segment in steps of 1 / (2 |dx| |dy|), which hits
// every point where it crosses a grid line; a point on a lattice corner touches the four
// cells around it, a point on one grid line the two cells beside it.
bool sampled_sight(const Grid& grid, Point from, Point to) {
  const auto walkable = [&](int x, int y) { return grid.in_bounds(x, y) && grid.passable(grid.id(x, y)); };
  const int dx = to.x - from.x, dy = to.y - from.y;
  const int steps = 2 * std::max(std::abs(dx), 1) * std::max(std::abs(dy), 1);
  for (int i = 0; i <= steps; ++i) {
    const double x = from.x + 0.5 + static_cast<double>(dx) * i / steps;
    const double y = from.y + 0.5 + static_cast<double>(dy) * i / steps;
    const bool on_x = std::abs(x - std::round(x)) < 1e-9, on_y = std::abs(y - std::round(y)) < 1e-9;
    const int x_lo = on_x ? static_cast<int>(std::round(x)) - 1 : static_cast<int>(std::floor(x));
    const int y_lo = on_y ? static_cast<int>(std::round(y)) - 1 : static_cast<int>(std::floor(y));
    for (int cx = x_lo; cx <= x_lo + on_x; ++cx)
      for (int cy = y_lo; cy <= y_lo + on_y; ++cy)
        if (!walkable(cx, cy)) return false;
  }
  return true;
}

Grid random_walls(std::mt19937& rng, int width, int height, int wall_percent) {
  Grid grid(width, height);
  for (CellId id = 0; id < grid.cell_count(); ++id)
    if (static_cast<int>(rng() % 100) < wall_percent) grid.set_cost(id, kWall);
  return grid;
}

Point random_free(std::mt19937& rng, const Grid& grid) {
  for (;;) {
    const Point p{static_cast<int>(rng() % grid.width()), static_cast<int>(rng() % grid.height())};
    if (grid.passable(grid.id(p))) return p;
  }
}

TEST(LineOfSight, TouchingABlockedCornerBlocksTheSegment) {
  //   . #      the diagonal (0,1) -> (1,0) passes the corner shared with (1,1) and (0,0)
  //   . .
  Grid grid(2, 2);
  grid.set_cost(grid.id(1, 0), kWall);
  EXPECT_FALSE(line_of_sight(grid, 0, 1, 1, 0)) << "the end cell is a wall";
  EXPECT_FALSE(line_of_sight(grid, 0, 0, 1, 1)) << "(0,0) -> (1,1) touches the corner of the wall at (1,0)";
  EXPECT_EQ(first_obstruction(grid, 0, 0, 1, 1), grid.id(1, 0));
  EXPECT_TRUE(line_of_sight(grid, 0, 1, 1, 1));
  EXPECT_TRUE(line_of_sight(grid, 0, 0, 0, 1));
  EXPECT_TRUE(line_of_sight(grid, 1, 1, 1, 1)) << "a cell sees itself";
}

TEST(LineOfSight, AgreesWithSamplingAndIsSymmetricOnRandomMaps) {
  std::mt19937 rng(41);
  int checked = 0, clear = 0;
  for (int map = 0; map < 60; ++map) {
    const Grid grid = random_walls(rng, 5 + map % 13, 4 + map % 11, 5 + map % 5 * 7);
    for (int i = 0; i < 200; ++i) {
      const Point a{static_cast<int>(rng() % grid.width()), static_cast<int>(rng() % grid.height())};
      const Point b{static_cast<int>(rng() % grid.width()), static_cast<int>(rng() % grid.height())};
      const bool sees = line_of_sight(grid, a.x, a.y, b.x, b.y);
      ASSERT_EQ(sees, sampled_sight(grid, a, b)) << "(" << a.x << "," << a.y << ") -> (" << b.x << "," << b.y << ")";
      ASSERT_EQ(sees, line_of_sight(grid, b.x, b.y, a.x, a.y));
      const CellId blocker = first_obstruction(grid, a.x, a.y, b.x, b.y);
      if (!sees) {
        ASSERT_FALSE(grid.passable(blocker)) << "the obstruction named is a wall";
      }
      clear += sees;
      ++checked;
    }
  }
  EXPECT_GT(clear, checked / 5);
  EXPECT_LT(clear, checked * 4 / 5);
}

double cost_of(const Grid& grid, SearchOptions options, Point start, Point goal) {
  const std::unique_ptr<Search> search = make_search(grid, options);
  search->reset(start, goal);
  search->run();
  return search->status() == Status::Found ? search->path_cost() : -1;
}

TEST(ThetaStar, PathsAreClearSegmentsNoCostlierThanTheGridOptimum) {
  std::mt19937 rng(2025);
  int found = 0, shorter = 0;
  for (int map = 0; map < 120; ++map) {
    const Grid grid = random_walls(rng, 8 + map % 17, 6 + map % 13, 10 + map % 4 * 8);
    for (Diagonal diagonal : {Diagonal::OnlyWhenNoObstacles, Diagonal::Never}) {
      SearchOptions theta;
      theta.algorithm = Algorithm::ThetaStar;
      theta.diagonal = diagonal;
      SearchOptions grid_optimum;
      grid_optimum.algorithm = Algorithm::Dijkstra;
      grid_optimum.diagonal = diagonal;
      const std::unique_ptr<Search> search = make_search(grid, theta);
      for (int query = 0; query < 6; ++query) {
        const Point start = random_free(rng, grid), goal = random_free(rng, grid);
        ASSERT_TRUE(search->reset(start, goal));
        search->run();
        const double optimum = cost_of(grid, grid_optimum, start, goal);
        if (optimum < 0) {
          EXPECT_EQ(search->status(), Status::NoPath) << "any-angle paths exist only where grid paths do";
          continue;
        }
        ASSERT_EQ(search->status(), Status::Found);
        ++found;
        const std::vector<Point>& path = search->path();
        ASSERT_GE(path.size(), 1u);
        EXPECT_EQ(path.front(), start);
        EXPECT_EQ(path.back(), goal);
        double length = 0;
        for (std::size_t i = 1; i < path.size(); ++i) {
          ASSERT_TRUE(sampled_sight(grid, path[i - 1], path[i])) << "map " << map << " segment " << i;
          length += std::hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y);
        }
        EXPECT_NEAR(length, search->path_cost(), 1e-9);
        EXPECT_LE(search->path_cost(), optimum + 1e-9) << "map " << map << " " << name_of(diagonal);
        EXPECT_GE(search->path_cost(), std::hypot(goal.x - start.x, goal.y - start.y) - 1e-9);
        shorter += search->path_cost() < optimum - 1e-6;
      }
    }
  }
  EXPECT_GT(found, 700);
  EXPECT_GT(shorter, found / 3) << "straight lines should beat grid moves on most queries";
}

TEST(ThetaStar, RefusesCornerCuttingAndIntegerCostsWithOrWithoutTerrain) {
  Grid grid(4, 4);
  SearchOptions options;
  options.algorithm = Algorithm::ThetaStar;
  const std::unique_ptr<Search> search = make_search(grid, options);
  ASSERT_TRUE(search->reset({0, 0}, {3, 3}));
  search->run();
  EXPECT_EQ(search->status(), Status::Found);
  for (auto [diagonal, model, terrain, refusal] :
       {std::tuple{Diagonal::Always, CostModel::Exact, false, Refusal::DiagonalRule},
        std::tuple{Diagonal::IfAtMostOneObstacle, CostModel::Exact, false, Refusal::DiagonalRule},
        std::tuple{Diagonal::OnlyWhenNoObstacles, CostModel::Integer, false, Refusal::CostModel},
        std::tuple{Diagonal::Always, CostModel::Exact, true, Refusal::DiagonalRule}}) {
    grid.set_cost(grid.id(2, 1), terrain ? 5 : 1);
    options.diagonal = diagonal;
    options.cost_model = model;
    search->set_options(options);
    ASSERT_TRUE(search->reset({0, 0}, {3, 3}));
    EXPECT_EQ(search->status(), Status::Refused);
    EXPECT_EQ(search->refusal(), refusal);
    EXPECT_FALSE(search->step()) << "a refused search does nothing";
    EXPECT_TRUE(search->path().empty());
  }
}

// ---------------------------------------------------------------------------------------
// Terrain: a segment costs its length inside each cell times the cell's cost.

// Independent of any_angle.h: every parameter t at which the segment between the centres
// crosses a grid line, sorted; between two of them the segment is inside the one cell its
// midpoint is in.
double integrated_cost(const Grid& grid, Point from, Point to) {
  const double x0 = from.x + 0.5, y0 = from.y + 0.5, dx = to.x - from.x, dy = to.y - from.y;
  std::vector<double> ts = {0.0, 1.0};
  for (int k = std::min(from.x, to.x) + 1; k <= std::max(from.x, to.x); ++k) ts.push_back((k - x0) / dx);
  for (int k = std::min(from.y, to.y) + 1; k <= std::max(from.y, to.y); ++k) ts.push_back((k - y0) / dy);
  std::sort(ts.begin(), ts.end());
  double sum = 0;
  for (std::size_t i = 1; i < ts.size(); ++i) {
    const double mid = (ts[i - 1] + ts[i]) / 2;
    const int cx = static_cast<int>(std::floor(x0 + dx * mid)), cy = static_cast<int>(std::floor(y0 + dy * mid));
    sum += (ts[i] - ts[i - 1]) * grid.cost(grid.id(cx, cy));
  }
  return sum * std::hypot(dx, dy);
}

Grid random_terrain(std::mt19937& rng, int width, int height, int wall_percent) {
  Grid grid = random_walls(rng, width, height, wall_percent);
  // Patches of one cost over a base of another, and some single cells.
  for (CellId id = 0; id < grid.cell_count(); ++id)
    if (grid.passable(id)) grid.set_cost(id, 1 + static_cast<std::uint8_t>(rng() % 2));
  for (int patch = 0; patch < 4; ++patch) {
    const int px = static_cast<int>(rng() % width), py = static_cast<int>(rng() % height);
    const int pw = 1 + static_cast<int>(rng() % 6), ph = 1 + static_cast<int>(rng() % 6);
    const auto cost = static_cast<std::uint8_t>(2 + rng() % 8);
    for (int y = py; y < std::min(height, py + ph); ++y)
      for (int x = px; x < std::min(width, px + pw); ++x)
        if (grid.passable(grid.id(x, y))) grid.set_cost(grid.id(x, y), cost);
  }
  return grid;
}

TEST(SegmentCost, IsTheLengthInEachCellTimesItsCost) {
  std::mt19937 rng(58);
  for (int map = 0; map < 40; ++map) {
    const Grid grid = random_terrain(rng, 3 + map % 15, 2 + map % 11, 0);
    for (int i = 0; i < 200; ++i) {
      const Point a{static_cast<int>(rng() % grid.width()), static_cast<int>(rng() % grid.height())};
      const Point b{static_cast<int>(rng() % grid.width()), static_cast<int>(rng() % grid.height())};
      const double cost = segment_cost(grid, a.x, a.y, b.x, b.y);
      ASSERT_NEAR(cost, integrated_cost(grid, a, b), 1e-9 * (1 + cost)) << "(" << a.x << "," << a.y << ") -> (" << b.x << "," << b.y << ")";
      ASSERT_NEAR(cost, segment_cost(grid, b.x, b.y, a.x, a.y), 1e-9 * (1 + cost));
    }
  }
  // Half in each cell for a move; nothing in the two cells beside a corner it passes.
  Grid grid(3, 3);
  grid.set_cost(grid.id(1, 0), 9);
  grid.set_cost(grid.id(0, 1), 9);
  grid.set_cost(grid.id(1, 1), 3);
  EXPECT_DOUBLE_EQ(segment_cost(grid, 0, 0, 1, 0), 5.0);
  EXPECT_DOUBLE_EQ(segment_cost(grid, 0, 0, 1, 1), kSqrt2 * 2.0);
  EXPECT_DOUBLE_EQ(segment_cost(grid, 0, 0, 2, 2), kSqrt2 * (0.5 + 3 + 0.5));
  EXPECT_DOUBLE_EQ(segment_cost(grid, 1, 1, 1, 1), 0.0);
}

// The 8-connected (or 4-connected) optimum when a move costs its length times the mean of
// the two cells' costs: the grid paths Theta* builds on, costed as Theta* costs segments.
double grid_optimum_by_halves(const Grid& grid, Diagonal rule, Point start, Point goal) {
  const auto by_halves = [&](Point a, Point b) -> std::optional<double> {
    if (!reference::move_cost(grid, {rule, CostModel::Exact}, a, b)) return std::nullopt;
    const double length = a.x != b.x && a.y != b.y ? kSqrt2 : 1.0;
    return length * (grid.cost(grid.id(a)) + grid.cost(grid.id(b))) / 2.0;
  };
  const double cost = reference::cheapest_costs(grid, start, by_halves, goal)[grid.id(goal)];
  return std::isinf(cost) ? -1 : cost;
}

TEST(ThetaStar, OnTerrainCostsItsSegmentsByTheCellsTheyCrossAndIsNoDearerThanTheGrid) {
  std::mt19937 rng(1806);
  int found = 0, shorter = 0;
  for (int map = 0; map < 120; ++map) {
    const Grid grid = random_terrain(rng, 8 + map % 17, 6 + map % 13, 5 + map % 4 * 6);
    ASSERT_FALSE(grid.uniform_cost());
    for (Diagonal diagonal : {Diagonal::OnlyWhenNoObstacles, Diagonal::Never}) {
      SearchOptions theta;
      theta.algorithm = Algorithm::ThetaStar;
      theta.diagonal = diagonal;
      const std::unique_ptr<Search> search = make_search(grid, theta);
      for (int query = 0; query < 6; ++query) {
        const Point start = random_free(rng, grid), goal = random_free(rng, grid);
        ASSERT_TRUE(search->reset(start, goal));
        ASSERT_EQ(search->refusal(), Refusal::None);
        search->run();
        const double optimum = grid_optimum_by_halves(grid, diagonal, start, goal);
        if (optimum < 0) {
          EXPECT_EQ(search->status(), Status::NoPath);
          continue;
        }
        ASSERT_EQ(search->status(), Status::Found);
        ++found;
        const std::vector<Point>& path = search->path();
        EXPECT_EQ(path.front(), start);
        EXPECT_EQ(path.back(), goal);
        double cost = 0;
        for (std::size_t i = 1; i < path.size(); ++i) {
          ASSERT_TRUE(sampled_sight(grid, path[i - 1], path[i])) << "map " << map << " segment " << i;
          cost += integrated_cost(grid, path[i - 1], path[i]);
        }
        EXPECT_NEAR(cost, search->path_cost(), 1e-9 * (1 + cost)) << "the cost reported is the path's";
        EXPECT_LE(search->path_cost(), optimum + 1e-9) << "map " << map << " " << name_of(diagonal);
        EXPECT_GE(search->path_cost(), grid.min_cost() * std::hypot(goal.x - start.x, goal.y - start.y) - 1e-9);
        shorter += search->path_cost() < optimum - 1e-6;
        if (HasFailure()) return;
      }
    }
  }
  EXPECT_GT(found, 700);
  EXPECT_GT(shorter, found / 4) << "straight lines should beat grid moves on many queries";
}

// A clear line through a costly band is not taken when going round is cheaper; the step
// says so (Outcome::Dearer).
TEST(ThetaStar, GoesRoundASwampItCouldSeeAcross) {
  //   S . . . . .
  //   9 9 9 9 . .
  //   . . . . . .
  //   G . . . . .
  Grid grid(6, 4);
  for (int x = 0; x < 4; ++x) grid.set_cost(grid.id(x, 1), 9);
  SearchOptions theta;
  theta.algorithm = Algorithm::ThetaStar;
  const std::unique_ptr<Search> search = make_search(grid, theta);
  ASSERT_TRUE(search->reset({0, 0}, {0, 3}));
  int dearer = 0;
  std::vector<Event> events;
  while (search->step(events)) {
    for (const Event& event : events) dearer += event.kind == EventKind::Sight && event.outcome == Outcome::Dearer;
  }
  ASSERT_EQ(search->status(), Status::Found);
  EXPECT_LT(search->path_cost(), integrated_cost(grid, {0, 0}, {0, 3})) << "straight down through the swamp costs 11";
  for (const Point& corner : search->path()) EXPECT_NE(grid.cost(grid.id(corner)), 9) << "no corner in the swamp";
  EXPECT_GT(dearer, 0);
}

// The display replays: "step back to k" is "reset and run k steps". For every algorithm,
// that must restore exactly what stepping k times (observed) left, channel by channel.
TEST(Replay, ResetAndRunningKStepsRestoresEveryChannelOfEveryAlgorithm) {
  std::mt19937 rng(77);
  const Grid grid = random_walls(rng, 24, 18, 22);
  const Point start = random_free(rng, grid), goal = random_free(rng, grid);
  for (const AlgorithmInfo& algorithm : kAlgorithms) {
    SearchOptions options;
    options.algorithm = algorithm.id;
    options.max_expansions = 20000;
    const std::unique_ptr<Search> search = make_search(grid, options);
    search->set_tracing(true);  // JPS's "scanned" cells are replayed too
    // An unrelated search first leaves state behind that the resets must hide.
    ASSERT_TRUE(search->reset(goal, start));
    testing_mesh::give_cell_mesh(*search);  // a mesh search's preparation
    search->run();
    reference::expect_replays_exactly(*search, start, goal, std::string(algorithm.name), 25000);
    EXPECT_GT(search->counters().expanded, 3u) << algorithm.name << ": the map should make the search do real work";
  }
}

}  // namespace
}  // namespace astar
