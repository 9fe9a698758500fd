// Grid: size limits, the neighbour masks kept in step with edits, the cheapest-terrain
// count and the revision number that tells searches and renderers about edits.
#include "grid.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "moves.h"

namespace astar {
namespace {

// The mask a cell should have, recomputed from scratch.
std::uint8_t expected_mask(const Grid& grid, int x, int y) {
  std::uint8_t mask = 0;
  for (int dir = 0; dir < kDirectionCount; ++dir) {
    const int nx = x + kDirDx[dir], ny = y + kDirDy[dir];
    if (grid.in_bounds(nx, ny) && grid.passable(grid.id(nx, ny))) mask |= static_cast<std::uint8_t>(1u << dir);
  }
  return mask;
}

void expect_all_masks_consistent(const Grid& grid) {
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      ASSERT_EQ(grid.neighbour_mask(grid.id(x, y)), expected_mask(grid, x, y)) << "cell " << x << "," << y;
}

TEST(GridSize, AcceptsOneByOneAndTheMaximumSide) {
  EXPECT_EQ(Grid::size_error(1, 1), "");
  EXPECT_EQ(Grid::size_error(kMaxGridSide, kMaxGridSide), "");
  EXPECT_EQ(Grid::size_error(kMaxGridSide, 1), "");
}

TEST(GridSize, RefusesZeroNegativeAndOversizedWithAReason) {
  for (auto [w, h] : {std::pair<long long, long long>{0, 5}, {5, 0}, {-1, 5}, {5, -3}, {4097, 1}, {1, 4097},
                      {100000, 100000}, {1LL << 40, 1LL << 40}, {-(1LL << 40), 2}}) {
    const std::string error = Grid::size_error(w, h);
    EXPECT_FALSE(error.empty()) << w << " x " << h;
    EXPECT_NE(error.find(std::to_string(w)), std::string::npos) << error;
  }
  EXPECT_NE(Grid::size_error(4097, 10).find("larger than the maximum 4096 x 4096"), std::string::npos);
  EXPECT_NE(Grid::size_error(0, 10).find("positive"), std::string::npos);
}

TEST(GridSize, InvalidSizeGivesAOneByOneGridInsteadOfUndefinedBehaviour) {
  const Grid grid(0, -7);
  EXPECT_EQ(grid.width(), 1);
  EXPECT_EQ(grid.height(), 1);
  EXPECT_EQ(grid.cell_count(), 1u);
}

TEST(Grid, StartsAllWalkableWithCostOne) {
  const Grid grid(5, 4);
  EXPECT_EQ(grid.cell_count(), 20u);
  for (CellId id = 0; id < grid.cell_count(); ++id) EXPECT_EQ(grid.cost(id), 1);
  expect_all_masks_consistent(grid);
  EXPECT_EQ(grid.neighbour_mask(grid.id(0, 0)), (1u << 1) | (1u << 2) | (1u << 5));  // E, S, SE
  EXPECT_EQ(grid.neighbour_mask(grid.id(2, 2)), 0xFF);
}

TEST(Grid, IdAndPointAreInverse) {
  const Grid grid(7, 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 7; ++x) {
      EXPECT_EQ(grid.id(x, y), static_cast<CellId>(y * 7 + x));
      EXPECT_EQ(grid.point(grid.id(x, y)), (Point{x, y}));
    }
}

// assign() and fill() rebuild every mask at once, the border cells apart from the interior:
// thin grids (no interior), the border rows and columns and the cells beside them must all
// come out as the neighbours say.
TEST(Grid, AssignAndFillRebuildEveryMaskOnAnyShape) {
  std::mt19937 random(17);
  for (auto [w, h] : {std::pair{1, 1}, {1, 6}, {6, 1}, {2, 2}, {2, 7}, {7, 2}, {3, 3}, {4, 9}, {33, 17}}) {
    Grid grid(w, h);
    std::vector<std::uint8_t> costs(grid.cell_count());
    for (int pass = 0; pass < 4; ++pass) {
      for (auto& cost : costs) cost = random() % 3 == 0 ? kWall : static_cast<std::uint8_t>(1 + random() % 4);
      ASSERT_TRUE(grid.assign(costs.data(), costs.size()));
      expect_all_masks_consistent(grid);
    }
    grid.fill(kWall);
    expect_all_masks_consistent(grid);
    grid.fill(1);
    expect_all_masks_consistent(grid);
  }
}

TEST(Grid, MasksFollowWallEditsAroundTheEditedCell) {
  Grid grid(4, 4);
  grid.set_cost(grid.id(1, 1), kWall);
  expect_all_masks_consistent(grid);
  EXPECT_EQ(grid.neighbour_mask(grid.id(0, 0)) & (1u << 5), 0u);  // SE of (0,0) is the wall
  grid.set_cost(grid.id(3, 3), kWall);
  grid.set_cost(grid.id(1, 1), 4);  // wall back to terrain
  expect_all_masks_consistent(grid);
  EXPECT_NE(grid.neighbour_mask(grid.id(0, 0)) & (1u << 5), 0u);
  grid.fill(kWall);
  expect_all_masks_consistent(grid);
  grid.fill(2);
  expect_all_masks_consistent(grid);
  std::vector<std::uint8_t> costs(16);
  for (std::size_t i = 0; i < costs.size(); ++i) costs[i] = static_cast<std::uint8_t>(i % 3);  // every 3rd a wall
  ASSERT_TRUE(grid.assign(costs.data(), costs.size()));
  expect_all_masks_consistent(grid);
}

TEST(Grid, CostsAboveNineAreClampedToNine) {
  Grid grid(3, 1);
  grid.set_cost(0, 200);
  EXPECT_EQ(grid.cost(0), 9);
  const std::uint8_t costs[3] = {10, 0, 255};
  ASSERT_TRUE(grid.assign(costs, 3));
  EXPECT_EQ(grid.cost(0), 9);
  EXPECT_EQ(grid.cost(1), 0);
  EXPECT_EQ(grid.cost(2), 9);
  grid.fill(99);
  EXPECT_EQ(grid.cost(1), 9);
}

TEST(Grid, MinCostTracksTheCheapestWalkableTerrain) {
  Grid grid(3, 3);
  EXPECT_EQ(grid.min_cost(), 1);
  grid.fill(5);
  EXPECT_EQ(grid.min_cost(), 5);
  grid.set_cost(4, 3);
  EXPECT_EQ(grid.min_cost(), 3);
  grid.set_cost(4, kWall);
  EXPECT_EQ(grid.min_cost(), 5);  // walls do not count as terrain
  grid.set_cost(4, 7);
  EXPECT_EQ(grid.min_cost(), 5);
  grid.fill(kWall);
  EXPECT_EQ(grid.min_cost(), 1);  // documented value for a grid with no walkable cell
  const std::uint8_t costs[9] = {0, 9, 8, 0, 6, 9, 0, 0, 0};
  ASSERT_TRUE(grid.assign(costs, 9));
  EXPECT_EQ(grid.min_cost(), 6);
}

TEST(Grid, RevisionIncreasesOnEveryEditAndOnlyThen) {
  Grid grid(3, 3);
  std::uint64_t last = grid.revision();
  const auto expect_bumped = [&](const char* what) {
    EXPECT_GT(grid.revision(), last) << what;
    last = grid.revision();
  };
  grid.set_cost(0, kWall);
  expect_bumped("set_cost to a wall");
  grid.set_cost(0, 3);
  expect_bumped("set_cost to terrain");
  grid.fill(1);
  expect_bumped("fill");
  const std::uint8_t costs[9] = {1, 1, 1, 1, 0, 1, 1, 1, 1};
  ASSERT_TRUE(grid.assign(costs, 9));
  expect_bumped("assign");

  grid.set_cost(4, kWall);  // already a wall
  EXPECT_EQ(grid.revision(), last) << "setting a cell to its own cost is not an edit";
  EXPECT_FALSE(grid.assign(costs, 8));
  EXPECT_EQ(grid.revision(), last) << "a refused assign changes nothing";
  EXPECT_EQ(grid.cost(4), 0);
}

}  // namespace
}  // namespace astar
