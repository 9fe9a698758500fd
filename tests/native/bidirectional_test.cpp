// BidirectionalSearch: optimal on random maps under every diagonal rule, cost model and
// terrain (checked against a Dijkstra written here from the move rules, not from the
// engine's tables), legal paths whose move costs add up to path_cost(), the stopping rule
// on a map where the first meeting is a detour, hand-checked events, stepping and replay
// exactness, and every query of the bundled Moving AI maps.
#include "bidirectional.h"

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

SearchOptions bidirectional_options(Diagonal diagonal, CostModel model, std::optional<Heuristic> heuristic = {}) {
  SearchOptions options;
  options.algorithm = Algorithm::Bidirectional;
  options.diagonal = diagonal;
  options.cost_model = model;
  options.heuristic = heuristic;
  return options;
}

// Heuristics that are admissible and consistent under a diagonal rule.
std::vector<Heuristic> admissible_heuristics(Diagonal diagonal) {
  if (diagonal == Diagonal::Never)
    return {Heuristic::Manhattan, Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Zero};
  return {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Zero};
}

// ---------------------------------------------------------------------------------------

// Every combination of rule, cost model and terrain, with hundreds of random maps and
// every admissible heuristic in turn: bidirectional search must match Dijkstra's cost,
// including NoPath, start == goal and an end on a wall.
TEST(BidirectionalRandom, CostEqualsDijkstraUnderEveryRuleModelAndTerrain) {
  std::mt19937 rng(20240611);
  int maps = 0, found = 0, no_path = 0, same_point = 0, on_wall = 0;
  for (Diagonal diagonal : kAllRules)
    for (CostModel model : kAllModels)
      for (bool terrain : {false, true}) {
        const std::vector<Heuristic> heuristics = admissible_heuristics(diagonal);
        for (int round = 0; round < 40; ++round, ++maps) {
          Grid grid = random_grid(rng, 24, terrain);
          const Heuristic heuristic = heuristics[round % heuristics.size()];
          const MoveRules rules{diagonal, model};
          BidirectionalSearch search(grid, bidirectional_options(diagonal, model, heuristic));
          for (int query = 0; query < 4; ++query) {
            Point start = random_point(rng, grid), goal = random_point(rng, grid);
            if (query == 1) goal = start;
            if (query == 2 && round % 4 == 0) {
              // An end on a wall: NoPath at once.
              grid.set_cost(grid.id(round % 8 == 0 ? start : goal), kWall);
              ++on_wall;
            }
            const std::string where = "map " + std::to_string(maps) + " query " + std::to_string(query);
            const bool path = expect_matches_reference(search, grid, rules, start, goal, where);
            if (!path) {
              ++no_path;
              continue;
            }
            // The forward arrays are completed along the path: route_to(goal) is the path.
            EXPECT_EQ(search.route_to(grid.id(goal)), search.path()) << where;
            ++found;
            if (start == goal) ++same_point;
          }
        }
      }
  // The random maps must actually cover every kind of outcome.
  EXPECT_GE(maps, 600);
  EXPECT_GT(found, 1000);
  EXPECT_GT(no_path, 100);
  EXPECT_GT(same_point, 300);
  EXPECT_GT(on_wall, 50);
  std::printf("[ info     ] %d maps: %d found (%d with start == goal), %d no path (%d with an end on a wall)\n", maps,
              found, same_point, no_path, on_wall);
}

// A goal walled in completely: the search ends NoPath as soon as one frontier runs dry,
// without searching the rest of the map from the start.
TEST(BidirectionalRandom, EnclosedGoalEndsNoPathWhenTheSmallerSideRunsDry) {
  Grid grid(9, 9);
  const Point goal{6, 6};
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx != 0 || dy != 0) grid.set_cost(grid.id(goal.x + dx, goal.y + dy), kWall);
  for (Diagonal diagonal : kAllRules) {
    BidirectionalSearch search(grid, bidirectional_options(diagonal, CostModel::Exact));
    ASSERT_TRUE(search.reset({0, 0}, goal));
    search.run();
    EXPECT_EQ(search.status(), Status::NoPath);
    // Step 1 is forward (a tie: one open cell each); then the backward list is the smaller
    // and the goal has nothing to open, so it runs dry at step 2.
    EXPECT_EQ(search.counters().expanded, 2u);
    EXPECT_TRUE(std::isnan(search.progress().meeting_cost));
  }
}

// Along the straight line the frontiers meet early through expensive terrain; the cheap
// way goes around. Stopping at the first meeting (as PathFinding.js's BiAStarFinder does)
// would return the expensive path; the stopping rule must not.
TEST(BidirectionalStopping, FirstMeetingIsADetourYetTheCostIsOptimal) {
  // Row 0 is the straight line with a cost-9 cell in the middle; row 1 is cheap.
  Grid grid(7, 2);
  grid.set_cost(grid.id(3, 0), 9);
  const Point start{0, 0}, goal{6, 0};
  const MoveRules rules{Diagonal::Never, CostModel::Exact};
  BidirectionalSearch search(grid, bidirectional_options(Diagonal::Never, CostModel::Exact));
  ASSERT_TRUE(search.reset(start, goal));
  std::vector<Event> events;
  std::vector<double> meetings;
  while (search.step(events))
    for (const Event& e : events)
      if (e.kind == EventKind::Meet) meetings.push_back(e.a);
  ASSERT_EQ(search.status(), Status::Found);
  ASSERT_FALSE(meetings.empty());
  const double optimal = *dijkstra(grid, rules, start, goal);
  EXPECT_DOUBLE_EQ(optimal, 8.0);
  // The first meeting is dearer than the answer: this map does test the stopping rule.
  EXPECT_GT(meetings.front(), optimal + 0.5);
  EXPECT_DOUBLE_EQ(search.path_cost(), optimal);
  // Each Meet improves on the one before.
  for (std::size_t i = 1; i < meetings.size(); ++i) EXPECT_LT(meetings[i], meetings[i - 1]);
  EXPECT_DOUBLE_EQ(checked_path_cost(grid, rules, search.path(), start, goal), optimal);
}

// The same on random terrain: count the maps where the first meeting was not optimal, so
// the test shows the rule mattered on many of them.
TEST(BidirectionalStopping, RandomTerrainWhereTheFirstMeetingIsWrongStillGivesTheOptimum) {
  std::mt19937 rng(7);
  int first_meeting_wrong = 0;
  for (int round = 0; round < 200; ++round) {
    Grid grid = random_grid(rng, 20, true);
    const Point start = random_point(rng, grid), goal = random_point(rng, grid);
    const MoveRules rules{Diagonal::OnlyWhenNoObstacles, CostModel::Exact};
    const std::optional<double> expected = dijkstra(grid, rules, start, goal);
    if (!expected) continue;
    BidirectionalSearch search(grid, bidirectional_options(rules.diagonal, rules.model));
    ASSERT_TRUE(search.reset(start, goal));
    std::vector<Event> events;
    double first = NAN;
    while (search.step(events))
      for (const Event& e : events)
        if (e.kind == EventKind::Meet && std::isnan(first)) first = e.a;
    ASSERT_EQ(search.status(), Status::Found);
    EXPECT_NEAR(search.path_cost(), *expected, 1e-9 * (1 + *expected));
    if (first > *expected + 1e-6) ++first_meeting_wrong;
  }
  EXPECT_GT(first_meeting_wrong, 20);
}

// A 5 x 1 corridor, no diagonals: S at x = 1, G at x = 4, cell x = 3 costs 2.
//   x:  0 1 2 3 4
//       . S . 2 G
// Step 1 (a tie, 1 open cell each): forward expands S and opens x = 2 and x = 0.
// Step 2: the backward list is smaller (1 < 2): it expands G and opens x = 3 with
//   g_back = 1 (the forward move 3 -> 4 enters G, cost 1).
// Step 3: backward again; from x = 3 to x = 2 it pays x = 3's terrain (2): g_back = 3.
//   x = 2 has g_fwd = 1: Meet, mu = 4. Bound: forward fmin = f(x=2) = 1 + 2 = 3,
//   backward fmin = f_back(x=2) = 3 + 1 = 4; mu <= max(3, 4): Stop.
TEST(BidirectionalEvents, SidesMeetAndStopOnAHandCheckedCorridor) {
  Grid grid(5, 1);
  grid.set_cost(grid.id(3, 0), 2);
  BidirectionalSearch search(grid, bidirectional_options(Diagonal::Never, CostModel::Exact, Heuristic::Manhattan));
  ASSERT_TRUE(search.reset({1, 0}, {4, 0}));
  EXPECT_EQ(search.open_size(), 2u);
  std::vector<Event> events;

  ASSERT_TRUE(search.step(events));
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].kind, EventKind::Expand);
  EXPECT_EQ(events[0].side, Side::Forward);
  EXPECT_EQ(events[0].cell, 1u);
  EXPECT_EQ(events[0].a, 0.0);
  EXPECT_EQ(events[0].b, 3.0);
  EXPECT_EQ(events[1].kind, EventKind::Neighbour);  // east first (direction order)
  EXPECT_EQ(events[1].cell, 2u);
  EXPECT_EQ(events[1].outcome, Outcome::Opened);
  EXPECT_EQ(events[1].b, 1.0);
  EXPECT_EQ(events[1].other, 1u);
  EXPECT_EQ(events[2].cell, 0u);
  EXPECT_EQ(events[2].outcome, Outcome::Opened);

  ASSERT_TRUE(search.step(events));
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, EventKind::Expand);
  EXPECT_EQ(events[0].side, Side::Backward);
  EXPECT_EQ(events[0].cell, 4u);
  EXPECT_EQ(events[0].b, 3.0);  // heuristic toward the start
  EXPECT_EQ(events[1].side, Side::Backward);
  EXPECT_EQ(events[1].cell, 3u);
  EXPECT_EQ(events[1].outcome, Outcome::Opened);
  EXPECT_EQ(events[1].b, 1.0);
  EXPECT_EQ(events[1].other, 4u);
  EXPECT_EQ(search.g_back(3), 1.0);
  EXPECT_EQ(search.parent_back(3), 4u);

  ASSERT_TRUE(search.step(events));
  ASSERT_EQ(events.size(), 5u);
  EXPECT_EQ(events[0].kind, EventKind::Expand);
  EXPECT_EQ(events[0].side, Side::Backward);
  EXPECT_EQ(events[0].cell, 3u);
  EXPECT_EQ(events[1].cell, 4u);
  EXPECT_EQ(events[1].outcome, Outcome::AlreadyClosed);
  EXPECT_EQ(events[2].cell, 2u);
  EXPECT_EQ(events[2].outcome, Outcome::Opened);
  EXPECT_EQ(events[2].b, 3.0);
  EXPECT_EQ(events[3].kind, EventKind::Meet);
  EXPECT_EQ(events[3].side, Side::Backward);
  EXPECT_EQ(events[3].cell, 2u);
  EXPECT_EQ(events[3].a, 4.0);
  EXPECT_EQ(events[4].kind, EventKind::Stop);
  EXPECT_EQ(events[4].a, 4.0);
  EXPECT_EQ(events[4].b, 4.0);

  EXPECT_EQ(search.status(), Status::Found);
  EXPECT_EQ(search.path_cost(), 4.0);
  EXPECT_EQ(search.path(), (std::vector<Point>{{1, 0}, {2, 0}, {3, 0}, {4, 0}}));
  EXPECT_EQ(search.counters().expanded, 3u);
  EXPECT_EQ(search.progress().meeting_cost, 4.0);
  EXPECT_EQ(search.progress().meeting_cell, 2u);
  // Both frontiers' arrays describe the whole path.
  for (CellId id : {1u, 2u, 3u, 4u}) {
    EXPECT_EQ(search.phase(id), CellPhase::Path) << id;
    EXPECT_EQ(search.phase_back(id), CellPhase::Path) << id;
  }
  EXPECT_EQ(search.g(4), 4.0);
  EXPECT_EQ(search.g_back(1), 4.0);
  EXPECT_EQ(search.phase(0), CellPhase::Open);
  EXPECT_FALSE(search.step());
}

// Blocked neighbours are reported only to listeners that want them, and never outside the
// map; without diagonal moves the diagonals are not reported at all.
TEST(BidirectionalEvents, BlockedNeighboursAreReportedInDirectionOrder) {
  Grid grid(3, 3);
  grid.set_cost(grid.id(1, 0), kWall);
  grid.set_cost(grid.id(2, 1), kWall);
  BidirectionalSearch search(grid, bidirectional_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact));
  ASSERT_TRUE(search.reset({1, 1}, {0, 2}));
  std::vector<Event> events;
  ASSERT_TRUE(search.step(events));
  std::vector<std::pair<CellId, Outcome>> seen;
  for (const Event& e : events)
    if (e.kind == EventKind::Neighbour) seen.push_back({e.cell, e.outcome});
  // N wall, E wall, S open, W open, NE (2,0) blocked (walls both sides), SE (2,2) blocked
  // (E is a wall), SW (0,2) open (it is the goal), NW (0,0) blocked (N is a wall).
  const std::vector<std::pair<CellId, Outcome>> expected = {
      {1, Outcome::Blocked}, {5, Outcome::Blocked}, {7, Outcome::Opened},  {3, Outcome::Opened},
      {2, Outcome::Blocked}, {8, Outcome::Blocked}, {6, Outcome::Opened}, {0, Outcome::Blocked}};
  EXPECT_EQ(seen, expected);
}

// Stepping with events and running flat out reach the same final state; replaying k steps
// after a reset restores exactly what stepping k times showed (the front end's step back).
TEST(BidirectionalStepping, StepsRunAndReplayAgreeExactly) {
  std::mt19937 rng(99);
  for (int round = 0; round < 60; ++round) {
    const Diagonal diagonal = kAllRules[round % 4];
    const CostModel model = kAllModels[(round / 4) % 2];
    Grid grid = random_grid(rng, 20, round % 3 != 0);
    const Point start = random_point(rng, grid), goal = random_point(rng, grid);
    BidirectionalSearch search(grid, bidirectional_options(diagonal, model));
    expect_replays_exactly(search, start, goal, "round " + std::to_string(round));
  }
}

// The expansion cap is exact: N steps, then GaveUp (the base applies it; one step is one
// expansion on either side).
TEST(BidirectionalStepping, ExpansionCapStopsAfterExactlyThatManyExpansions) {
  Grid grid(40, 40);
  for (int y = 0; y < 35; ++y) grid.set_cost(grid.id(20, y), kWall);
  SearchOptions options = bidirectional_options(Diagonal::Always, CostModel::Exact);
  options.max_expansions = 37;
  BidirectionalSearch search(grid, options);
  ASSERT_TRUE(search.reset({0, 0}, {39, 0}));
  search.run();
  EXPECT_EQ(search.status(), Status::GaveUp);
  EXPECT_EQ(search.counters().expanded, 37u);
}

}  // namespace
}  // namespace astar
