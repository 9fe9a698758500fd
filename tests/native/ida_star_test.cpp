// IdaStarSearch: optimal on small random maps under every diagonal rule, cost model and
// terrain (checked against a Dijkstra written here from the move rules, not from the
// engine's tables), legal paths whose move costs add up to path_cost(), hand-checked
// iterations, prunes and backtracks, stepping and replay exactness, the exact expansion
// cap, and the arena Moving AI map's queries.
#include "ida_star.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "movingai.h"
#include "reference.h"

namespace astar {
namespace {

using namespace reference;

SearchOptions ida_options(Diagonal diagonal, CostModel model, std::optional<Heuristic> heuristic = {},
                          std::uint64_t cap = 0) {
  SearchOptions options;
  options.algorithm = Algorithm::IterativeDeepening;
  options.diagonal = diagonal;
  options.cost_model = model;
  options.heuristic = heuristic;
  options.max_expansions = cap;
  return options;
}

// Heuristics that are admissible under a diagonal rule. Zero is left out: it makes every
// cell's f its g, so IDA* needs an iteration per distinct path cost, which only slows the
// suite down without testing anything the others do not.
std::vector<Heuristic> admissible_heuristics(Diagonal diagonal) {
  if (diagonal == Diagonal::Never) return {Heuristic::Manhattan, Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev};
  return {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev};
}

// A cap far above anything these small maps need: a run that reaches it is a bug (a loop
// that never ends), reported as GaveUp instead of hanging the suite.
constexpr std::uint64_t kSafetyCap = 50'000'000;

// ---------------------------------------------------------------------------------------

// Every combination of rule, cost model and terrain, with hundreds of random maps up to
// 16 x 16 and the admissible heuristics in turn: IDA* with its transposition table must
// match Dijkstra's cost, including NoPath, start == goal and an end on a wall.
TEST(IdaStarRandom, CostEqualsDijkstraUnderEveryRuleModelAndTerrain) {
  std::mt19937 rng(20240612);
  int maps = 0, found = 0, no_path = 0, same_point = 0, on_wall = 0;
  std::uint64_t expanded = 0;
  for (Diagonal diagonal : kAllRules)
    for (CostModel model : kAllModels)
      for (bool terrain : {false, true}) {
        const std::vector<Heuristic> heuristics = admissible_heuristics(diagonal);
        for (int round = 0; round < 30; ++round, ++maps) {
          // Terrain maps stay at 12 x 12: with terrain (and the euclidean heuristic most of
          // all) nearly every route has its own f, and proving NoPath takes an iteration per
          // distinct f below the dearest reachable cell; one 16 x 16 such map took 365 million
          // expansions (49,562 iterations).
          Grid grid = random_grid(rng, terrain ? 12 : 16, terrain);
          const Heuristic heuristic = heuristics[round % heuristics.size()];
          const MoveRules rules{diagonal, model};
          IdaStarSearch search(grid, ida_options(diagonal, model, heuristic, kSafetyCap));
          for (int query = 0; query < 4; ++query) {
            Point start = random_point(rng, grid), goal = random_point(rng, grid);
            if (query == 1) goal = start;
            if (query == 2 && round % 4 == 0) {
              grid.set_cost(grid.id(round % 8 == 0 ? start : goal), kWall);
              ++on_wall;
            }
            const std::string where = "map " + std::to_string(maps) + " query " + std::to_string(query);
            const bool path = expect_matches_reference(search, grid, rules, start, goal, where);
            expanded += search.counters().expanded;
            if (!path) {
              ++no_path;
              continue;
            }
            ++found;
            if (start == goal) ++same_point;
          }
        }
      }
  EXPECT_GE(maps, 480);
  EXPECT_GT(found, 800);
  EXPECT_GT(no_path, 100);
  EXPECT_GT(same_point, 300);
  EXPECT_GT(on_wall, 50);
  std::printf("[ info     ] %d maps: %d found (%d with start == goal), %d no path (%d with an end on a wall); "
              "%llu expansions in all\n",
              maps, found, same_point, no_path, on_wall, static_cast<unsigned long long>(expanded));
}

// Start == goal is found at the first expansion, in iteration 1, at cost 0.
TEST(IdaStarRandom, StartEqualToGoalIsFoundAtTheFirstExpansion) {
  Grid grid(4, 4);
  IdaStarSearch search(grid, ida_options(Diagonal::Always, CostModel::Exact));
  ASSERT_TRUE(search.reset({2, 1}, {2, 1}));
  EXPECT_TRUE(search.step());
  EXPECT_EQ(search.status(), Status::Found);
  EXPECT_EQ(search.path_cost(), 0.0);
  EXPECT_EQ(search.path(), (std::vector<Point>{{2, 1}}));
  EXPECT_EQ(search.counters().expanded, 1u);
  EXPECT_EQ(search.progress().iteration, 1.0);
}

// A map where the first direction tried is a dead end within the threshold (x = 0..4,
// no diagonals, manhattan, S = (0,2), G = (4,2)):
//   y0:  . . . . .
//   y1:  . # # # .
//   y2:  S . . # G
// Iteration 1, T = h(S) = 4: north (0,1) has f = 1 + 5 = 6 > 4: pruned. East (1,2) f = 4
//   is opened; from it (2,2), also f = 4; (2,2) is a dead end.
// Step 4: the stack empties (3 frames popped): iteration 2 with T = 6, the smallest pruned
//   f. S now opens both north and east; north first: (0,1) has (0,0) at f = 8 > 6 pruned
//   and nothing else: step 6 backtracks to S (1 frame) and descends east.
TEST(IdaStarEvents, IterationsPrunesAndBacktracksOnAHandCheckedMap) {
  Grid grid(5, 3);
  for (int x = 1; x <= 3; ++x) grid.set_cost(grid.id(x, 1), kWall);
  grid.set_cost(grid.id(3, 2), kWall);
  IdaStarSearch search(grid, ida_options(Diagonal::Never, CostModel::Exact, Heuristic::Manhattan));
  ASSERT_TRUE(search.reset({0, 2}, {4, 2}));
  EXPECT_EQ(search.progress().threshold, 4.0);
  EXPECT_EQ(search.progress().iteration, 1.0);
  const CellId s = grid.id(0, 2);
  std::vector<Event> events;

  // Step 1: iteration 1 starts; S's north neighbour is pruned, east opened.
  ASSERT_TRUE(search.step(events));
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[0].kind, EventKind::Iteration);
  EXPECT_EQ(events[0].a, 1.0);
  EXPECT_EQ(events[0].b, 4.0);
  EXPECT_EQ(events[1].kind, EventKind::Expand);
  EXPECT_EQ(events[1].cell, s);
  EXPECT_EQ(events[1].c, 4.0);
  EXPECT_EQ(events[2].cell, grid.id(0, 1));
  EXPECT_EQ(events[2].outcome, Outcome::Pruned);
  EXPECT_EQ(events[2].c, 6.0);  // the f that exceeded T
  EXPECT_EQ(events[3].cell, grid.id(1, 2));
  EXPECT_EQ(events[3].outcome, Outcome::Opened);
  EXPECT_EQ(events[3].b, 1.0);

  // Step 2: (1,2); north is a wall, east opened, west is S, on the path.
  ASSERT_TRUE(search.step(events));
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[0].cell, grid.id(1, 2));
  EXPECT_EQ(events[1].outcome, Outcome::Blocked);
  EXPECT_EQ(events[2].cell, grid.id(2, 2));
  EXPECT_EQ(events[2].outcome, Outcome::Opened);
  EXPECT_EQ(events[3].cell, s);
  EXPECT_EQ(events[3].outcome, Outcome::OnPath);
  EXPECT_EQ(search.phase(s), CellPhase::Open);  // on the depth-first path

  // Step 3: the dead end (2,2).
  ASSERT_TRUE(search.step(events));
  EXPECT_EQ(events[0].cell, grid.id(2, 2));
  EXPECT_EQ(search.open_size(), 3u);
  EXPECT_EQ(search.route_to(grid.id(2, 2)), (std::vector<Point>{{0, 2}, {1, 2}, {2, 2}}));

  // Step 4: everything is popped, iteration 2 starts with T = 6.
  ASSERT_TRUE(search.step(events));
  ASSERT_GE(events.size(), 3u);
  EXPECT_EQ(events[0].kind, EventKind::Backtrack);
  EXPECT_EQ(events[0].cell, kNoCell);
  EXPECT_EQ(events[0].a, 3.0);
  EXPECT_EQ(events[1].kind, EventKind::Iteration);
  EXPECT_EQ(events[1].a, 2.0);
  EXPECT_EQ(events[1].b, 6.0);
  EXPECT_EQ(events[2].kind, EventKind::Expand);
  EXPECT_EQ(events[2].cell, s);
  ASSERT_EQ(events.size(), 5u);
  EXPECT_EQ(events[3].outcome, Outcome::Opened);  // north, now within T
  EXPECT_EQ(events[4].outcome, Outcome::Opened);  // east
  EXPECT_EQ(events[4].a, 1.0);                    // reached with g = 1 before
  EXPECT_EQ(search.phase(grid.id(2, 2)), CellPhase::Closed);
  EXPECT_EQ(search.progress().threshold, 6.0);

  // Step 5: north first; (0,1)'s north (0,0) has f = 8 > 6.
  ASSERT_TRUE(search.step(events));
  EXPECT_EQ(events[0].cell, grid.id(0, 1));
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[1].cell, grid.id(0, 0));
  EXPECT_EQ(events[1].outcome, Outcome::Pruned);
  EXPECT_EQ(events[2].outcome, Outcome::Blocked);
  EXPECT_EQ(events[3].outcome, Outcome::OnPath);

  // Step 6: back to S (one frame popped), then east.
  ASSERT_TRUE(search.step(events));
  EXPECT_EQ(events[0].kind, EventKind::Backtrack);
  EXPECT_EQ(events[0].cell, s);
  EXPECT_EQ(events[0].a, 1.0);
  EXPECT_EQ(events[1].kind, EventKind::Expand);
  EXPECT_EQ(events[1].cell, grid.id(1, 2));
  EXPECT_EQ(search.visits(grid.id(1, 2)), 2u);  // once per iteration
  EXPECT_EQ(search.visits(s), 2u);

  search.run();
  EXPECT_EQ(search.status(), Status::Found);
  EXPECT_EQ(search.path_cost(), 8.0);
  EXPECT_EQ(search.progress().threshold, 8.0);
  EXPECT_EQ(search.progress().iteration, 3.0);
}

// The transposition table cuts a cell reached again in the same iteration with a g that is
// not lower. On an open 3 x 3 map with diagonals and the zero heuristic, T = 0 first, then
// rises; the centre is reached from the corner directly (g = sqrt 2) before any longer way.
TEST(IdaStarEvents, SecondArrivalWithoutALowerGIsNotDescendedInto) {
  Grid grid(3, 3);
  IdaStarSearch search(grid, ida_options(Diagonal::Always, CostModel::Integer, Heuristic::Zero));
  ASSERT_TRUE(search.reset({0, 0}, {2, 2}));
  std::vector<Event> events;
  int not_improved = 0;
  while (search.step(events))
    for (const Event& e : events)
      if (e.kind == EventKind::Neighbour && e.outcome == Outcome::NotImproved) ++not_improved;
  EXPECT_EQ(search.status(), Status::Found);
  EXPECT_EQ(search.path_cost(), 28.0);
  EXPECT_GT(not_improved, 0);
}

// Stepping with events and running flat out reach the same final state; replaying k steps
// after a reset restores exactly what stepping k times showed (the front end's step back).
TEST(IdaStarStepping, StepsRunAndReplayAgreeExactly) {
  std::mt19937 rng(41);
  for (int round = 0; round < 40; ++round) {
    const Diagonal diagonal = kAllRules[round % 4];
    const CostModel model = kAllModels[(round / 4) % 2];
    Grid grid = random_grid(rng, 10, round % 3 != 0);
    const Point start = random_point(rng, grid), goal = random_point(rng, grid);
    IdaStarSearch search(grid, ida_options(diagonal, model, {}, kSafetyCap));
    expect_replays_exactly(search, start, goal, "round " + std::to_string(round));
  }
}

// max_expansions = N stops IDA* after exactly N expansions with GaveUp, never NoPath, on
// an open map where it needs far more (a wall across most of the map makes the heuristic
// a poor guide, so thresholds rise slowly), whether run flat out or stepped.
TEST(IdaStarCap, StopsWithGaveUpAfterExactlyTheCappedExpansions) {
  Grid grid(32, 32);
  for (int y = 0; y < 28; ++y) grid.set_cost(grid.id(16, y), kWall);
  const Point start{2, 2}, goal{30, 2};
  IdaStarSearch uncapped(grid, ida_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact, {}, 50'000'000));
  ASSERT_TRUE(uncapped.reset(start, goal));
  uncapped.run();
  ASSERT_EQ(uncapped.status(), Status::Found);
  const std::uint64_t needed = uncapped.counters().expanded;
  ASSERT_GT(needed, 20000u);

  for (std::uint64_t cap : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{777}, needed / 2, needed - 1}) {
    IdaStarSearch search(grid, ida_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact, {}, cap));
    ASSERT_TRUE(search.reset(start, goal));
    search.run();
    EXPECT_EQ(search.status(), Status::GaveUp) << cap;
    EXPECT_EQ(search.counters().expanded, cap);
    EXPECT_TRUE(search.path().empty());
    EXPECT_TRUE(std::isnan(search.path_cost()));
    EXPECT_FALSE(search.step());
  }
  // Stepped one at a time, the cap is just as exact.
  IdaStarSearch stepped(grid, ida_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact, {}, 500));
  ASSERT_TRUE(stepped.reset(start, goal));
  std::uint64_t steps = 0;
  while (stepped.step()) ++steps;
  EXPECT_EQ(steps, 500u);
  EXPECT_EQ(stepped.status(), Status::GaveUp);
  // And a cap of exactly what it needs is enough.
  IdaStarSearch exact(grid, ida_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact, {}, needed));
  ASSERT_TRUE(exact.reset(start, goal));
  exact.run();
  EXPECT_EQ(exact.status(), Status::Found);
}

// An unreachable goal on a capped search: GaveUp when the cap comes first, NoPath only when
// the search has truly run out.
TEST(IdaStarCap, UnreachableGoalGivesUpUnderTheCapAndEndsNoPathWithoutIt) {
  Grid grid(12, 12);
  for (int y = 0; y < 12; ++y) grid.set_cost(grid.id(6, y), kWall);
  IdaStarSearch capped(grid, ida_options(Diagonal::Always, CostModel::Exact, {}, 10));
  ASSERT_TRUE(capped.reset({0, 0}, {11, 11}));
  capped.run();
  EXPECT_EQ(capped.status(), Status::GaveUp);
  EXPECT_EQ(capped.counters().expanded, 10u);

  IdaStarSearch full(grid, ida_options(Diagonal::Always, CostModel::Exact, {}, kSafetyCap));
  ASSERT_TRUE(full.reset({0, 0}, {11, 11}));
  full.run();
  EXPECT_EQ(full.status(), Status::NoPath);
}

}  // namespace
}  // namespace astar
