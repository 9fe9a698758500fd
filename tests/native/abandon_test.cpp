// Search::abandon and Walk::abandon: what the bindings do to a search or walk whose call ran out
// of memory part-way (cpp/bindings/memory.h). It must claim nothing it did not finish (Ready, no
// path, no cost, no expansions, no cell seen), do nothing until reset, and reset must then run
// it as if nothing had happened.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>

#include "grid.h"
#include "options.h"
#include "search.h"
#include "reference.h"
#include "walk.h"

namespace astar {
namespace {

Grid open_grid() {
  Grid grid(24, 16);
  for (int y = 0; y < 12; ++y) grid.set_cost(grid.id(12, y), kWall);
  return grid;
}

class AbandonOf : public ::testing::TestWithParam<Algorithm> {};

INSTANTIATE_TEST_SUITE_P(EveryAlgorithm, AbandonOf, ::testing::ValuesIn([] {
                           std::vector<Algorithm> all;
                           for (const AlgorithmInfo& a : kAlgorithms) all.push_back(a.id);
                           return all;
                         }()),
                         [](const ::testing::TestParamInfo<Algorithm>& info) {
                           std::string name(name_of(info.param));
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

TEST_P(AbandonOf, AFoundSearchClaimsNothingAndRunsAgainAfterReset) {
  const Grid grid = open_grid();
  const Point start{0, 0}, goal{23, 0};
  const std::unique_ptr<Search> search = make_search(grid, {.algorithm = GetParam()});
  ASSERT_TRUE(reference::reset_prepared(*search, start, goal));
  search->run();
  ASSERT_EQ(search->status(), Status::Found);
  const double cost = search->path_cost();
  const std::size_t length = search->path().size();

  search->abandon();
  EXPECT_EQ(search->status(), Status::Ready);
  EXPECT_TRUE(search->path().empty());
  EXPECT_TRUE(std::isnan(search->path_cost()));
  EXPECT_EQ(search->counters().expanded, 0u);
  EXPECT_EQ(search->phase(grid.id(goal)), CellPhase::Unseen);
  EXPECT_EQ(search->phase(grid.id(start)), CellPhase::Unseen);
  EXPECT_FALSE(search->step());
  EXPECT_EQ(search->run_steps(10), 0u);

  ASSERT_TRUE(reference::reset_prepared(*search, start, goal));
  search->run();
  EXPECT_EQ(search->status(), Status::Found);
  EXPECT_EQ(search->path_cost(), cost);
  EXPECT_EQ(search->path().size(), length);
}

TEST_P(AbandonOf, ARunningSearchStopsWhereItWas) {
  const Grid grid = open_grid();
  const std::unique_ptr<Search> search = make_search(grid, {.algorithm = GetParam()});
  ASSERT_TRUE(reference::reset_prepared(*search, {0, 0}, {23, 0}));
  search->run_steps(5);
  search->abandon();
  EXPECT_EQ(search->status(), Status::Ready);
  EXPECT_TRUE(search->open_items(10).empty());
  EXPECT_FALSE(search->step());
}

TEST(WalkAbandon, AWalkStopsWithNoPlanAndItsPlannerAbandonedThenResets) {
  const Grid world = open_grid();
  Walk walk(world);
  walk.set_options({.algorithm = Algorithm::DStarLite}, 2);
  ASSERT_TRUE(walk.reset({0, 0}, {23, 0}));
  walk.run_steps(UINT64_MAX, true);
  ASSERT_EQ(walk.status(), WalkStatus::Moving);
  ASSERT_FALSE(walk.planned_path().empty());

  walk.abandon();
  EXPECT_EQ(walk.status(), WalkStatus::Ready);
  EXPECT_TRUE(walk.planned_path().empty());
  EXPECT_EQ(walk.planner().status(), Status::Ready);
  EXPECT_TRUE(walk.planner().path().empty());
  EXPECT_FALSE(walk.step());

  ASSERT_TRUE(walk.reset({0, 0}, {23, 0}));
  EXPECT_EQ(walk.run_steps(UINT64_MAX), walk.counters().steps);
  EXPECT_EQ(walk.status(), WalkStatus::Arrived);
}

}  // namespace
}  // namespace astar
