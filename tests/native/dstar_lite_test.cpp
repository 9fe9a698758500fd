// D* Lite as a plain search: optimal against the reference Dijkstra on random maps under
// every diagonal rule and cost model, with terrain; unreachable goals; exact replay; the
// events of a step; and repairs (IncrementalSearch) against a fresh search after edits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "dstar_lite.h"
#include "reference.h"
#include "search.h"

namespace astar {
namespace {

using reference::MoveRules;

SearchOptions dstar_options(Diagonal diagonal, CostModel model) {
  SearchOptions options;
  options.algorithm = Algorithm::DStarLite;
  options.diagonal = diagonal;
  options.cost_model = model;
  return options;
}

bool same_double_or_both_inf(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

std::string describe(Diagonal d, CostModel m, int round) {
  return std::string(name_of(d)) + " " + std::string(name_of(m)) + " round " + std::to_string(round);
}

TEST(DStarLite, MatchesDijkstraOnRandomMapsUnderEveryRuleAndCostModel) {
  std::mt19937 rng(91);
  int found = 0, unreachable = 0;
  for (Diagonal d : reference::kAllRules)
    for (CostModel m : reference::kAllModels)
      for (int round = 0; round < 60; ++round) {
        const Grid grid = reference::random_grid(rng, 24, round % 2 == 0);
        DStarLiteSearch search(grid, dstar_options(d, m));
        const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
        if (reference::expect_matches_reference(search, grid, {d, m}, start, goal, describe(d, m, round))) ++found;
        else ++unreachable;
      }
  EXPECT_GT(found, 200);
  EXPECT_GT(unreachable, 20);
}

TEST(DStarLite, EveryHeuristicKeepsItOptimalWhereAdmissible) {
  std::mt19937 rng(92);
  for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Zero, Heuristic::Manhattan})
    for (int round = 0; round < 80; ++round) {
      const Diagonal d = h == Heuristic::Manhattan ? Diagonal::Never : reference::kAllRules[round % 4];
      const CostModel m = reference::kAllModels[(round / 4) % 2];
      SearchOptions options = dstar_options(d, m);
      options.heuristic = h;
      const Grid grid = reference::random_grid(rng, 20, round % 3 == 0);
      DStarLiteSearch search(grid, options);
      reference::expect_matches_reference(search, grid, {d, m}, reference::random_point(rng, grid),
                                          reference::random_point(rng, grid), std::string(name_of(h)) + " " + describe(d, m, round));
    }
}

TEST(DStarLite, ManhattanWithDiagonalsStillEndsWithALegalPath) {
  // Not admissible there (as for A*), so no optimum is promised; it must still end.
  std::mt19937 rng(93);
  for (int round = 0; round < 100; ++round) {
    const Diagonal d = reference::kAllRules[1 + round % 3];
    SearchOptions options = dstar_options(d, CostModel::Exact);
    options.heuristic = Heuristic::Manhattan;
    const Grid grid = reference::random_grid(rng, 20, round % 2 == 0);
    DStarLiteSearch search(grid, options);
    const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
    ASSERT_TRUE(search.reset(start, goal));
    search.run();
    const bool reachable = reference::dijkstra(grid, {d, CostModel::Exact}, start, goal).has_value();
    ASSERT_EQ(search.status(), reachable ? Status::Found : Status::NoPath) << round;
    if (reachable) reference::checked_path_cost(grid, {d, CostModel::Exact}, search.path(), start, goal);
  }
}

TEST(DStarLite, ResetAndReplayingKStepsReproducesEveryCell) {
  std::mt19937 rng(94);
  for (int round = 0; round < 30; ++round) {
    const Diagonal d = reference::kAllRules[round % 4];
    const CostModel m = reference::kAllModels[round % 2];
    const Grid grid = reference::random_grid(rng, 16, round % 2 == 1);
    DStarLiteSearch search(grid, dstar_options(d, m));
    reference::expect_replays_exactly(search, reference::random_point(rng, grid), reference::random_point(rng, grid),
                                      describe(d, m, round));
  }
}

TEST(DStarLite, AnEmptyMapGivesTheOctileCostAndEveryStepPopsOneCell) {
  Grid grid(30, 20);
  DStarLiteSearch search(grid, dstar_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact));
  ASSERT_TRUE(search.reset({2, 3}, {25, 17}));
  std::vector<Event> events;
  std::uint64_t steps = 0;
  while (search.step(events)) {
    ++steps;
    ASSERT_EQ(std::count_if(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::Expand; }), 1);
    ASSERT_EQ(std::count_if(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::Key; }), 1);
    EXPECT_EQ(events[0].kind, EventKind::Expand);
    EXPECT_EQ(events[1].kind, EventKind::Key);
  }
  EXPECT_EQ(search.status(), Status::Found);
  EXPECT_EQ(search.counters().expanded, steps);
  EXPECT_NEAR(search.path_cost(), 9 + 14 * std::sqrt(2.0), 1e-9);
  EXPECT_EQ(search.path().front(), (Point{2, 3}));
  EXPECT_EQ(search.path().back(), (Point{25, 17}));
  // Every path cell's parent is the next cell of the path: arrows show the way.
  const std::vector<Point>& path = search.path();
  for (std::size_t i = 0; i + 1 < path.size(); ++i) EXPECT_EQ(search.parent(grid.id(path[i])), grid.id(path[i + 1]));
  EXPECT_EQ(search.parent(grid.id(path.back())), kNoCell);
  EXPECT_EQ(search.route_to(grid.id(path.front())), path);
  // Searching back from the goal with the heuristic measured from the start: the cells it
  // settles lie along the way, not all over the map.
  EXPECT_LT(steps, 200u);
}

TEST(DStarLite, TheFirstStepSettlesTheGoalAndQueuesItsNeighbours) {
  Grid grid(3, 3);
  grid.set_cost(grid.id(0, 1), kWall);
  DStarLiteSearch search(grid, dstar_options(Diagonal::Never, CostModel::Exact));
  ASSERT_TRUE(search.reset({0, 0}, {1, 1}));
  std::vector<Event> events;
  ASSERT_TRUE(search.step(events));
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(events[0].kind, EventKind::Expand);
  EXPECT_EQ(events[0].cell, grid.id(1, 1));
  EXPECT_EQ(events[0].a, 0);  // g after the step
  EXPECT_EQ(events[0].b, 2);  // h from the start (manhattan)
  EXPECT_EQ(events[0].c, 2);  // k1
  EXPECT_EQ(events[1].kind, EventKind::Key);
  EXPECT_EQ(events[1].outcome, Outcome::OverConsistent);
  EXPECT_EQ(events[1].a, 2);
  EXPECT_EQ(events[1].b, 0);
  EXPECT_TRUE(std::isinf(events[1].c));  // g before
  // Its predecessors N, E, S (W is a wall), in direction order, each now rhs 1 via the goal.
  std::vector<CellId> rhs_cells;
  for (const Event& e : events)
    if (e.kind == EventKind::Rhs) {
      rhs_cells.push_back(e.cell);
      EXPECT_EQ(e.outcome, Outcome::Queued);
      EXPECT_TRUE(std::isinf(e.a));
      EXPECT_EQ(e.b, 1);
      EXPECT_EQ(e.other, grid.id(1, 1));
      EXPECT_EQ(search.parent(e.cell), grid.id(1, 1));
    }
  EXPECT_EQ(rhs_cells, (std::vector<CellId>{grid.id(1, 0), grid.id(2, 1), grid.id(1, 2)}));
  EXPECT_EQ(search.phase(grid.id(1, 1)), CellPhase::Closed);
  EXPECT_EQ(search.phase(grid.id(1, 0)), CellPhase::Open);
  EXPECT_EQ(search.rhs(grid.id(1, 0)), 1);
  EXPECT_TRUE(std::isinf(search.g(grid.id(1, 0))));
  EXPECT_TRUE(std::isnan(search.g(grid.id(2, 2))));  // never touched
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  EXPECT_EQ(search.path_cost(), 2);
  EXPECT_EQ(search.route_to(grid.id(0, 0)), search.path());
  EXPECT_EQ(search.path(), (std::vector<Point>{{0, 0}, {1, 0}, {1, 1}}));
}

TEST(DStarLite, UnreachableGoalsEndWithNoPathInBoundedWork) {
  std::mt19937 rng(95);
  for (int round = 0; round < 40; ++round) {
    Grid grid = reference::random_grid(rng, 24, round % 2 == 0);
    // Wall the goal in.
    const Point goal = reference::random_point(rng, grid);
    Point start;
    do start = reference::random_point(rng, grid);
    while (std::abs(start.x - goal.x) <= 1 && std::abs(start.y - goal.y) <= 1 && grid.cell_count() > 9);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if ((dx || dy) && grid.in_bounds(goal.x + dx, goal.y + dy)) grid.set_cost(grid.id(goal.x + dx, goal.y + dy), kWall);
    DStarLiteSearch search(grid, dstar_options(reference::kAllRules[round % 4], CostModel::Exact));
    ASSERT_TRUE(search.reset(start, goal));
    search.run();
    if (start == goal) continue;
    EXPECT_EQ(search.status(), Status::NoPath) << round;
    EXPECT_LE(search.counters().expanded, 2u) << round;  // the goal, with no way in
  }
}

// Repairs: after random edits (walls added and removed, terrain changed) and start moves,
// repair() then running to the end gives what a fresh D* Lite and the reference give.
TEST(DStarLite, RepairAfterRandomEditsMatchesAFreshSearch) {
  std::mt19937 rng(96);
  int checks = 0;
  for (int round = 0; round < 120; ++round) {
    const Diagonal d = reference::kAllRules[round % 4];
    const CostModel m = reference::kAllModels[(round / 4) % 2];
    const bool terrain = round % 3 == 0;
    Grid grid = reference::random_grid(rng, 20, terrain);
    DStarLiteSearch search(grid, dstar_options(d, m));
    Point start = reference::random_point(rng, grid);
    const Point goal = reference::random_point(rng, grid);
    ASSERT_TRUE(search.reset(start, goal));
    search.run();
    for (int edit = 0; edit < 8; ++edit) {
      std::vector<CellId> changed;
      const int count = 1 + static_cast<int>(rng() % 4);
      for (int k = 0; k < count; ++k) {
        const CellId id = static_cast<CellId>(rng() % grid.cell_count());
        const std::uint8_t cost = rng() % 3 == 0 ? kWall : static_cast<std::uint8_t>(terrain ? 1 + rng() % 9 : 1);
        grid.set_cost(id, cost);
        changed.push_back(id);
      }
      // Sometimes the start moves to a neighbour first (an agent's step).
      if (rng() % 2 == 0) {
        const int dir = static_cast<int>(rng() % 8);
        if (grid.in_bounds(start.x + kDirDx[dir], start.y + kDirDy[dir])) start = {start.x + kDirDx[dir], start.y + kDirDy[dir]};
      }
      ASSERT_TRUE(search.repair(changed, start));
      EXPECT_FALSE(search.stale());
      search.run();
      const std::string where = describe(d, m, round) + " edit " + std::to_string(edit);
      const std::optional<double> expected = reference::dijkstra(grid, {d, m}, start, goal);
      if (!expected) {
        EXPECT_EQ(search.status(), Status::NoPath) << where << " start " << start.x << "," << start.y << " goal " << goal.x << "," << goal.y
                                                   << " costs " << int(grid.cost(grid.id(start))) << " " << int(grid.cost(grid.id(goal)));
      } else {
        ASSERT_EQ(search.status(), Status::Found) << where;
        EXPECT_NEAR(search.path_cost(), *expected, 1e-9 * (1 + *expected)) << where;
        EXPECT_NEAR(reference::checked_path_cost(grid, {d, m}, search.path(), start, goal), search.path_cost(), 1e-9) << where;
      }
      ++checks;
    }
  }
  EXPECT_EQ(checks, 960);
}

TEST(DStarLite, ARepairThatLowersTheCheapestTerrainStartsAgainAndStaysOptimal) {
  // Terrain 3 everywhere: the heuristic is scaled by 3. A cost-1 cell would make it
  // overestimate, so the repair starts from scratch.
  Grid grid(12, 8);
  grid.fill(3);
  DStarLiteSearch search(grid, dstar_options(Diagonal::Always, CostModel::Exact));
  ASSERT_TRUE(search.reset({0, 0}, {11, 7}));
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  std::vector<CellId> changed;
  for (int x = 0; x < 12; ++x) {
    grid.set_cost(grid.id(x, 4), 1);
    changed.push_back(grid.id(x, 4));
  }
  ASSERT_TRUE(search.repair(changed, {0, 1}));
  EXPECT_EQ(search.status(), Status::Running);
  search.run();
  const std::optional<double> expected = reference::dijkstra(grid, {Diagonal::Always, CostModel::Exact}, {0, 1}, {11, 7});
  ASSERT_TRUE(expected);
  EXPECT_NEAR(search.path_cost(), *expected, 1e-9);
}

TEST(DStarLite, MovingTheStartAlongThePathKeepsTheRestOfIt) {
  Grid grid(20, 12);
  for (int y = 0; y < 9; ++y) grid.set_cost(grid.id(10, y), kWall);
  DStarLiteSearch search(grid, dstar_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact));
  ASSERT_TRUE(search.reset({2, 2}, {17, 3}));
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  const std::vector<Point> path = search.path();
  const std::uint64_t expanded = search.counters().expanded;
  for (std::size_t i = 1; i < path.size(); ++i) {
    ASSERT_TRUE(search.move_start(path[i]));
    ASSERT_EQ(search.status(), Status::Found);
    EXPECT_EQ(search.path(), std::vector<Point>(path.begin() + static_cast<std::ptrdiff_t>(i), path.end()));
    EXPECT_EQ(search.counters().expanded, expanded);  // no work
    EXPECT_EQ(search.start(), path[i]);
  }
  // A repair with nothing changed after the moves: still nothing to do.
  ASSERT_TRUE(search.repair({}, path.back()));
  EXPECT_EQ(search.status(), Status::Found);
  EXPECT_EQ(search.path(), (std::vector<Point>{path.back()}));
}

TEST(DStarLite, TheQueueListsTheNextPopFirstAfterRepairsToo) {
  std::mt19937 rng(97);
  int pops = 0, raised = 0;
  for (int round = 0; round < 60; ++round) {
    const Diagonal d = reference::kAllRules[round % 4];
    Grid grid = reference::random_grid(rng, 18, round % 2 == 0);
    DStarLiteSearch search(grid, dstar_options(d, CostModel::Exact));
    Point start = reference::random_point(rng, grid);
    const Point goal = reference::random_point(rng, grid);
    ASSERT_TRUE(search.reset(start, goal));
    search.run();
    std::vector<Event> events;
    for (int edit = 0; edit < 5; ++edit) {
      const CellId id = static_cast<CellId>(rng() % grid.cell_count());
      grid.set_cost(id, grid.passable(id) ? kWall : 1);
      if (rng() % 2 == 0) {
        const int dir = static_cast<int>(rng() % 8);
        if (grid.in_bounds(start.x + kDirDx[dir], start.y + kDirDy[dir])) start = {start.x + kDirDx[dir], start.y + kDirDy[dir]};
      }
      ASSERT_TRUE(search.repair({id}, start));
      while (search.status() == Status::Running) {
        const std::vector<OpenItem> items = search.open_items(SIZE_MAX);
        ASSERT_EQ(items.size(), search.open_size());
        // Key order: k1 (f), then under-consistent cells, then the later pop, then the
        // smaller direction, then the smaller cell id.
        const auto rank = [&](const OpenItem& item) {
          const auto place = search.queue_place(item.cell);
          EXPECT_TRUE(place);
          EXPECT_EQ(place->k1, item.f);
          EXPECT_EQ(place->k2, item.g);
          EXPECT_EQ(place->under, search.g(item.cell) < search.rhs(item.cell));
          return std::tuple(item.f, !place->under, -static_cast<std::int64_t>(place->pop), place->dir, item.cell);
        };
        for (std::size_t i = 1; i < items.size(); ++i) EXPECT_TRUE(rank(items[i - 1]) < rank(items[i]));
        ASSERT_TRUE(search.step(events));
        ++pops;
        EXPECT_EQ(events[0].cell, items.front().cell);
        EXPECT_EQ(events[0].c, items.front().f);
        // Every event of the step is about a cell of the grid, and its queue entries agree
        // with the phase the cell reads now.
        for (const Event& e : events) {
          if (e.kind == EventKind::Rhs) {
            EXPECT_EQ(search.phase(e.cell) == CellPhase::Open, e.outcome != Outcome::Dequeued);
            EXPECT_TRUE(same_double_or_both_inf(e.b, search.rhs(e.cell)));
          }
          // Entries re-keyed as they came to the front (the start moved since they were
          // queued): the step expanded only the first cell; they are still queued, later.
          if (e.kind == EventKind::Key && e.outcome == Outcome::KeyRaised) {
            ++raised;
            EXPECT_NE(e.cell, events[0].cell);
            EXPECT_GT(e.c, e.a);
            EXPECT_EQ(search.phase(e.cell), CellPhase::Open);
          }
        }
        EXPECT_EQ(std::count_if(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::Expand; }), 1);
      }
    }
  }
  EXPECT_GT(pops, 300);
  EXPECT_GT(raised, 10);
}

// An outside fuzzer's case: the start moved two cells, off the path, after a repair. The
// search then compared the new start's key with keys queued from the old start without
// adding h(old, new) to km, stopped at once and gave 66 where 58 is cheapest.
TEST(DStarLite, AStartMovedTwoCellsOffThePathGetsTheCheapestPlan) {
  for (Diagonal d : {Diagonal::Always, Diagonal::IfAtMostOneObstacle, Diagonal::OnlyWhenNoObstacles}) {
    Grid grid(5, 8);
    grid.set_cost(grid.id(2, 0), kWall);
    grid.set_cost(grid.id(3, 6), kWall);
    SearchOptions options = dstar_options(d, CostModel::Integer);
    options.heuristic = Heuristic::Chebyshev;
    DStarLiteSearch search(grid, options);
    ASSERT_TRUE(search.reset({3, 4}, {4, 1}));
    search.run();
    EXPECT_EQ(search.path_cost(), 34);
    std::vector<CellId> every(grid.cell_count());
    for (CellId id = 0; id < grid.cell_count(); ++id) every[id] = id;
    ASSERT_TRUE(search.repair(every, {0, 5}));
    search.run();
    EXPECT_EQ(search.path_cost(), 56);
    ASSERT_TRUE(search.move_start({2, 6}));
    search.run();
    ASSERT_EQ(search.status(), Status::Found) << name_of(d);
    EXPECT_EQ(search.path_cost(), 58) << name_of(d);
    EXPECT_EQ(reference::dijkstra(grid, {d, CostModel::Integer}, {2, 6}, {4, 1}), 58.0);
    EXPECT_NEAR(reference::checked_path_cost(grid, {d, CostModel::Integer}, search.path(), {2, 6}, {4, 1}), 58, 1e-9);
  }
}

// The start moved by any distance (a neighbour, a few cells, across the map; on the path
// or off it), between repairs after random edits: after each, the plan costs what
// Dijkstra finds from the new start.
TEST(DStarLite, MovingTheStartAnyDistanceMatchesDijkstra) {
  std::mt19937 rng(98);
  int checks = 0, on_path = 0, far = 0;
  for (int round = 0; round < 200; ++round) {
    const Diagonal d = reference::kAllRules[round % 4];
    const CostModel m = reference::kAllModels[(round / 4) % 2];
    const bool terrain = round % 3 == 0;
    Grid grid = reference::random_grid(rng, 22, terrain);
    SearchOptions options = dstar_options(d, m);
    if (round % 5 == 1) options.heuristic = Heuristic::Chebyshev;
    if (round % 5 == 2) options.heuristic = Heuristic::Euclidean;
    DStarLiteSearch search(grid, options);
    Point start = reference::random_point(rng, grid);
    const Point goal = reference::random_point(rng, grid);
    ASSERT_TRUE(search.reset(start, goal));
    search.run();
    for (int move = 0; move < 12; ++move) {
      const std::string where = describe(d, m, round) + " move " + std::to_string(move);
      if (move % 3 == 2) {
        // An edit now and then, repaired from where the start is.
        const CellId id = static_cast<CellId>(rng() % grid.cell_count());
        grid.set_cost(id, rng() % 3 == 0 ? kWall : static_cast<std::uint8_t>(terrain ? 1 + rng() % 9 : 1));
        ASSERT_TRUE(search.repair({id}, start));
      } else {
        const std::vector<Point> path = search.path();
        if (!path.empty() && rng() % 3 == 0) {
          start = path[rng() % path.size()];
          ++on_path;
        } else if (rng() % 2 == 0) {
          const int dx = static_cast<int>(rng() % 5) - 2, dy = static_cast<int>(rng() % 5) - 2;
          if (grid.in_bounds(start.x + dx, start.y + dy)) start = {start.x + dx, start.y + dy};
        } else {
          start = reference::random_point(rng, grid);
          ++far;
        }
        ASSERT_TRUE(search.move_start(start));
      }
      search.run();
      const std::optional<double> expected = reference::dijkstra(grid, {d, m}, start, goal);
      if (!expected) {
        EXPECT_EQ(search.status(), Status::NoPath) << where;
      } else {
        ASSERT_EQ(search.status(), Status::Found) << where;
        EXPECT_NEAR(search.path_cost(), *expected, 1e-9 * (1 + *expected)) << where;
        EXPECT_NEAR(reference::checked_path_cost(grid, {d, m}, search.path(), start, goal), search.path_cost(), 1e-9) << where;
      }
      ++checks;
    }
  }
  EXPECT_EQ(checks, 2400);
  EXPECT_GT(on_path, 200);
  EXPECT_GT(far, 300);
}

// Ties on open ground: with the paper's key, the cells of equal k1 nearest the goal went
// first, so the first plan popped the whole band of equally short paths before the start.
// Now ties go to the cells nearer the start and the first plan is a backward A* diving
// along one cheapest path: on an empty map it pops about one cell per move of the path.
TEST(DStarLite, TheFirstPlanOnOpenGroundPopsAboutOneCellPerMove) {
  for (CostModel m : reference::kAllModels)
    for (Diagonal d : reference::kAllRules) {
      Grid grid(120, 90);
      DStarLiteSearch search(grid, dstar_options(d, m));
      ASSERT_TRUE(search.reset({3, 80}, {110, 5}));
      search.run();
      ASSERT_EQ(search.status(), Status::Found);
      const std::size_t moves = search.path().size() - 1;
      // The pops: the goal, one per move, and a few raised keys or side cells at most.
      EXPECT_LE(search.counters().expanded, moves + 3) << name_of(d) << " " << name_of(m);
    }
}

}  // namespace
}  // namespace astar
