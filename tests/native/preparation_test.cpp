// The preparation contract (search.h): a search that prepares per map is Preparing after
// reset() until its preparation fits the grid and options, which prepare_steps() advances in
// slices (with progress), step()/run() finish first, adopt_preparation() shares between two
// searches, and an edit, another rule or another grid makes it prepare again. JPS+ is the
// search that prepares here (subgoal graphs, which prepare too, are tested in
// subgoal_graph_test.cpp); every other one says it prepares nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "reference.h"
#include "search.h"
#include "walk.h"

namespace astar {
namespace {

SearchOptions jps_plus(Diagonal rule = Diagonal::OnlyWhenNoObstacles) {
  SearchOptions options;
  options.algorithm = Algorithm::JumpPointPlus;
  options.diagonal = rule;
  return options;
}

Grid map_with_walls(int width, int height, unsigned seed) {
  std::mt19937 rng(seed);
  Grid grid(width, height);
  std::bernoulli_distribution wall(0.25);
  for (CellId id = 0; id < grid.cell_count(); ++id)
    if (wall(rng)) grid.set_cost(id, kWall);
  grid.set_cost(grid.id(0, 0), 1);
  grid.set_cost(grid.id(width - 1, height - 1), 1);
  return grid;
}

// The jump channels' memory: where the prepared table is.
const void* jump_data(const Search& search) {
  for (const Channel& c : search.channels())
    if (c.name == ChannelName::JumpN) return c.data;
  return nullptr;
}

TEST(Preparation, OnlySearchesRegisteredAsPreparingSayTheyNeedOne) {
  const Grid grid(9, 7);
  for (const AlgorithmInfo& algorithm : kAlgorithms) {
    SearchOptions options;
    options.algorithm = algorithm.id;
    const std::unique_ptr<Search> search = make_search(grid, options);
    const Preparation p = search->preparation();
    EXPECT_EQ(p.needed, search_class(algorithm.id).prepares) << algorithm.name;
    EXPECT_EQ(search_class(algorithm.id).prepares, algorithm.id == Algorithm::JumpPointPlus ||
                                                       algorithm.id == Algorithm::SubgoalGraph || search_class(algorithm.id).on_mesh)
        << algorithm.name;
    if (p.needed) continue;
    EXPECT_TRUE(p.ready && p.done == 0 && p.total == 0 && p.bytes == 0) << algorithm.name;
    EXPECT_EQ(search_class(algorithm.id).prepared_bytes_per_cell, 0u) << algorithm.name;
    ASSERT_TRUE(search->reset({0, 0}, {8, 6}));
    EXPECT_NE(search->status(), Status::Preparing) << algorithm.name;
    EXPECT_EQ(search->prepare_steps(UINT64_MAX), 0u) << algorithm.name;
  }
}

TEST(Preparation, ResetLeavesJpsPlusPreparingUntilSlicesOfRowsHaveBuiltItsTable) {
  const Grid grid = map_with_walls(40, 30, 1);
  const std::unique_ptr<Search> search = make_search(grid, jps_plus());
  Preparation p = search->preparation();
  EXPECT_TRUE(p.needed);
  EXPECT_FALSE(p.ready);
  EXPECT_EQ(p.done, 0u);
  EXPECT_EQ(p.total, 60u) << "two sweeps of 30 rows";

  ASSERT_TRUE(search->reset({0, 0}, {39, 29}));
  EXPECT_EQ(search->status(), Status::Preparing);
  EXPECT_FALSE(search->finished());
  EXPECT_EQ(search->counters().expanded, 0u);
  EXPECT_TRUE(search->open_items(10).empty());
  EXPECT_EQ(search->phase(grid.id(0, 0)), CellPhase::Unseen) << "the search has not begun";

  std::uint64_t done = 0;
  int slices = 0;
  while (search->status() == Status::Preparing) {
    const std::uint64_t made = search->prepare_steps(7);
    ASSERT_GT(made, 0u);
    ASSERT_LE(made, 7u);
    done += made;
    ++slices;
    p = search->preparation();
    if (search->status() == Status::Preparing) {
      EXPECT_EQ(p.done, done);
      EXPECT_FALSE(p.ready);
      EXPECT_EQ(p.bytes, grid.cell_count() * 16) << "the table being built";
    }
  }
  EXPECT_EQ(done, 60u);
  EXPECT_EQ(slices, 9);
  EXPECT_EQ(search->status(), Status::Running) << "begun as a fresh search";
  p = search->preparation();
  EXPECT_TRUE(p.ready);
  EXPECT_EQ(p.done, p.total);
  EXPECT_EQ(p.bytes, grid.cell_count() * search_class(Algorithm::JumpPointPlus).prepared_bytes_per_cell);
  EXPECT_EQ(search->counters().expanded, 0u) << "preparing is not expanding";
  EXPECT_EQ(search->phase(grid.id(0, 0)), CellPhase::Open);
  EXPECT_EQ(search->prepare_steps(5), 0u) << "nothing more to prepare";

  // The next reset on the same map begins at once.
  ASSERT_TRUE(search->reset({39, 29}, {0, 0}));
  EXPECT_EQ(search->status(), Status::Running);
}

TEST(Preparation, StepAndRunFinishThePreparationFirstAndStepIsStillOneExpansion) {
  const Grid grid = map_with_walls(30, 20, 2);
  const std::unique_ptr<Search> reference_search = make_search(grid, jps_plus());
  reference_search->reset({0, 0}, {29, 19});
  reference_search->prepare_steps(UINT64_MAX);
  reference_search->run();

  const std::unique_ptr<Search> stepped = make_search(grid, jps_plus());
  ASSERT_TRUE(stepped->reset({0, 0}, {29, 19}));
  EXPECT_EQ(stepped->run_steps(0), 0u);
  EXPECT_EQ(stepped->status(), Status::Preparing) << "zero steps asked: nothing done";
  std::vector<Event> events;
  ASSERT_TRUE(stepped->step(events));
  EXPECT_EQ(stepped->counters().expanded, 1u);
  EXPECT_EQ(events.front().kind, EventKind::Expand);
  EXPECT_EQ(events.front().cell, grid.id(0, 0));

  const std::unique_ptr<Search> run = make_search(grid, jps_plus());
  ASSERT_TRUE(run->reset({0, 0}, {29, 19}));
  run->run();
  EXPECT_EQ(run->status(), reference_search->status());
  EXPECT_EQ(run->path(), reference_search->path());
  EXPECT_EQ(run->counters().expanded, reference_search->counters().expanded);
}

TEST(Preparation, AnEditOrAnotherRuleNeedsANewTableAndTheCostModelDoesNot) {
  Grid grid = map_with_walls(25, 25, 3);
  SearchOptions options = jps_plus();
  const std::unique_ptr<Search> search = make_search(grid, options);
  ASSERT_TRUE(reference::reset_prepared(*search, {0, 0}, {24, 24}));
  ASSERT_EQ(search->status(), Status::Running);

  options.cost_model = CostModel::Integer;
  search->set_options(options);
  ASSERT_TRUE(search->reset({0, 0}, {24, 24}));
  EXPECT_EQ(search->status(), Status::Running) << "the jumps do not depend on the cost model";

  options.diagonal = Diagonal::Always;
  search->set_options(options);
  EXPECT_FALSE(search->preparation().ready);
  ASSERT_TRUE(search->reset({0, 0}, {24, 24}));
  EXPECT_EQ(search->status(), Status::Preparing) << "another diagonal rule, another table";
  search->prepare_steps(UINT64_MAX);
  EXPECT_EQ(search->status(), Status::Running);

  // An edit: stale, so nothing is prepared until reset; then a table for the edited map.
  grid.set_cost(grid.id(12, 12), grid.passable(grid.id(12, 12)) ? kWall : 1);
  EXPECT_TRUE(search->stale());
  EXPECT_FALSE(search->preparation().ready);
  ASSERT_TRUE(search->reset({0, 0}, {24, 24}));
  EXPECT_EQ(search->status(), Status::Preparing);
  EXPECT_EQ(search->preparation().done, 0u);
  ASSERT_GT(search->prepare_steps(10), 0u);
  grid.set_cost(grid.id(3, 3), grid.passable(grid.id(3, 3)) ? kWall : 1);
  EXPECT_EQ(search->prepare_steps(10), 0u) << "edited while preparing: stale until reset";
  EXPECT_EQ(search->status(), Status::Preparing);
  ASSERT_TRUE(search->reset({0, 0}, {24, 24}));
  EXPECT_EQ(search->preparation().done, 0u) << "what was built for the old map is not kept";
  search->run();
  EXPECT_TRUE(search->finished());
  const std::optional<double> expected = reference::dijkstra(grid, {Diagonal::Always, CostModel::Integer}, {0, 0}, {24, 24});
  if (expected) EXPECT_NEAR(search->path_cost(), *expected, 1e-9 * *expected);
  else EXPECT_EQ(search->status(), Status::NoPath);
}

TEST(Preparation, ASearchWithNoWayToBeginNeedsNoPreparation) {
  Grid grid(10, 10);
  grid.set_cost(grid.id(5, 5), kWall);
  const std::unique_ptr<Search> search = make_search(grid, jps_plus());
  ASSERT_TRUE(search->reset({5, 5}, {9, 9}));
  EXPECT_EQ(search->status(), Status::NoPath) << "the start is a wall";
  EXPECT_FALSE(search->preparation().ready);
  EXPECT_FALSE(search->reset({0, 0}, {10, 9}));
  EXPECT_EQ(search->status(), Status::Ready) << "the goal is off the map";
  EXPECT_EQ(search->prepare_steps(UINT64_MAX), 0u);
}

TEST(Preparation, TwoSearchesOnOneMapPrepareOnce) {
  Grid grid = map_with_walls(30, 30, 4);
  const std::unique_ptr<Search> first = make_search(grid, jps_plus());
  const std::unique_ptr<Search> second = make_search(grid, jps_plus());
  EXPECT_FALSE(second->adopt_preparation(*first)) << "nothing prepared yet";
  ASSERT_TRUE(reference::reset_prepared(*first, {0, 0}, {29, 29}));

  ASSERT_TRUE(second->reset({29, 29}, {0, 0}));
  ASSERT_EQ(second->status(), Status::Preparing);
  const std::uint32_t layout = second->layout();
  EXPECT_TRUE(second->adopt_preparation(*first));
  EXPECT_EQ(second->status(), Status::Running) << "adopting completes the preparation";
  EXPECT_NE(second->layout(), layout) << "new channels: views must be taken again";
  ASSERT_NE(jump_data(*second), nullptr);
  EXPECT_EQ(jump_data(*second), jump_data(*first)) << "one table, shared";
  second->run();
  first->run();
  EXPECT_TRUE(reference::same_double(second->path_cost(), first->path_cost()));

  // Adopted before a reset, the table is there when it comes.
  const std::unique_ptr<Search> third = make_search(grid, jps_plus());
  EXPECT_TRUE(third->adopt_preparation(*second));
  ASSERT_TRUE(third->reset({0, 0}, {29, 29}));
  EXPECT_EQ(third->status(), Status::Running);

  // A running search keeps the table it runs with, even when its options have changed since
  // its reset and another search holds the table they ask for.
  const std::unique_ptr<Search> always = make_search(grid, jps_plus(Diagonal::Always));
  ASSERT_TRUE(reference::reset_prepared(*always, {0, 0}, {29, 29}));
  third->set_options(jps_plus(Diagonal::Always));
  EXPECT_FALSE(third->adopt_preparation(*always));
  EXPECT_EQ(jump_data(*third), jump_data(*first));

  // Not from a search of another rule, another class, another map, or an older revision.
  const std::unique_ptr<Search> never = make_search(grid, jps_plus(Diagonal::Never));
  EXPECT_FALSE(never->adopt_preparation(*first));
  EXPECT_FALSE(first->adopt_preparation(*first));
  SearchOptions jps = jps_plus();
  jps.algorithm = Algorithm::JumpPoint;
  const std::unique_ptr<Search> online = make_search(grid, jps);
  EXPECT_FALSE(online->adopt_preparation(*first));
  EXPECT_FALSE(never->adopt_preparation(*online));
  const Grid other = map_with_walls(30, 30, 4);
  const std::unique_ptr<Search> elsewhere = make_search(other, jps_plus());
  EXPECT_FALSE(elsewhere->adopt_preparation(*first)) << "an identical map is still another grid";
  grid.set_cost(grid.id(10, 10), grid.passable(grid.id(10, 10)) ? kWall : 1);
  ASSERT_TRUE(second->reset({29, 29}, {0, 0}));
  EXPECT_EQ(second->status(), Status::Preparing);
  EXPECT_FALSE(second->adopt_preparation(*first)) << "made for the map before the edit";
  EXPECT_EQ(second->status(), Status::Preparing);
}

TEST(Preparation, AnotherGridDropsThePreparation) {
  const Grid grid = map_with_walls(20, 20, 5);
  const Grid same_size(20, 20);
  const std::unique_ptr<Search> search = make_search(grid, jps_plus());
  ASSERT_TRUE(reference::reset_prepared(*search, {0, 0}, {19, 19}));
  search->set_grid(same_size);
  EXPECT_FALSE(search->preparation().ready);
  EXPECT_EQ(search->preparation().bytes, 0u) << "the old table is gone";
  ASSERT_TRUE(search->reset({0, 0}, {19, 19}));
  EXPECT_EQ(search->status(), Status::Preparing);
  search->run();
  EXPECT_EQ(search->status(), Status::Found);
  EXPECT_NEAR(search->path_cost(), 19 * std::sqrt(2.0), 1e-9);
}

TEST(Preparation, AWalkPlannedByJpsPlusPreparesAsItLearnsAndArrives) {
  std::mt19937 rng(6);
  int arrived = 0;
  for (int round = 0; round < 30; ++round) {
    const Grid world = reference::random_grid(rng, 20, false);
    const Point start = reference::random_point(rng, world), goal = reference::random_point(rng, world);
    const Diagonal rule = reference::kAllRules[round % 4];
    Walk walk(world);
    walk.set_options(jps_plus(rule), 1 + round % 2);
    ASSERT_TRUE(walk.reset(start, goal));
    std::uint64_t steps = 0;
    while (walk.step()) ASSERT_LT(++steps, 100000u);
    const std::optional<double> optimal = reference::dijkstra(world, {rule, CostModel::Exact}, start, goal);
    EXPECT_EQ(walk.status(), optimal ? WalkStatus::Arrived : WalkStatus::NoPath) << "round " << round;
    if (walk.status() == WalkStatus::Arrived) ++arrived;
  }
  EXPECT_GT(arrived, 15);
}

}  // namespace
}  // namespace astar
