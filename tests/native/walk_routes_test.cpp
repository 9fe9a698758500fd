// Routes among equally cheap ones (canonical_route.h, walk.h):
//   - the canonical route follows its rule exactly (checked against true costs to the goal
//     from the reference Dijkstra), whichever cheapest plan it starts from;
//   - agents with different optimal planners (A*, D* Lite, MPAA*, Dijkstra, bidirectional
//     A*, JPS) walk the same route on the same world, with or without unknown terrain,
//     edits and goal moves, and replan at the same moves;
//   - walks that part (a planner that finds a dearer plan) say where, and what each plan
//     cost from there.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "canonical_route.h"
#include "reference.h"
#include "search.h"
#include "walk.h"

namespace astar {
namespace {

// The rule, written out from its definition: from each cell, the first move in the order
// NE, SE, SW, NW, N, E, S, W into a cell n with c(s, n) + d(n) = d(s), d the true cost to
// the goal (the reference Dijkstra from every cell).
std::vector<Point> route_by_the_rule(const Grid& grid, reference::MoveRules rules, Point start, Point goal) {
  std::vector<std::optional<double>> d(grid.cell_count());
  for (CellId id = 0; id < grid.cell_count(); ++id) d[id] = reference::dijkstra(grid, rules, grid.point(id), goal);
  constexpr std::array<std::array<int, 2>, 8> kOrder = {{{1, -1}, {1, 1}, {-1, 1}, {-1, -1}, {0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
  std::vector<Point> route{start};
  for (Point at = start; !(at == goal);) {
    const double here = *d[grid.id(at)];
    bool moved = false;
    for (const auto& [dx, dy] : kOrder) {
      const Point next{at.x + dx, at.y + dy};
      const std::optional<double> c = reference::move_cost(grid, rules, at, next);
      if (!c || !d[grid.id(next)]) continue;
      if (std::abs(*c + *d[grid.id(next)] - here) <= 1e-9 * (1 + here)) {
        at = next;
        route.push_back(at);
        moved = true;
        break;
      }
    }
    if (!moved) {
      ADD_FAILURE() << "the rule found no move";
      break;
    }
  }
  return route;
}

SearchOptions planner(Algorithm algorithm, Diagonal diagonal, CostModel model) {
  SearchOptions options;
  options.algorithm = algorithm;
  options.diagonal = diagonal;
  options.cost_model = model;
  return options;
}

TEST(CanonicalRoute, FollowsItsRuleFromAnyCheapestPlan) {
  std::mt19937 rng(501);
  int routes = 0, rewritten = 0;
  for (int round = 0; round < 150; ++round) {
    const Diagonal d = reference::kAllRules[round % 4];
    const CostModel m = reference::kAllModels[(round / 4) % 2];
    const Grid grid = reference::random_grid(rng, 16, round % 3 == 0);
    const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
    if (!reference::dijkstra(grid, {d, m}, start, goal)) continue;
    const std::vector<Point> expected = route_by_the_rule(grid, {d, m}, start, goal);
    const std::string where = std::string(name_of(d)) + " " + std::string(name_of(m)) + " round " + std::to_string(round);
    for (Algorithm a : {Algorithm::AStar, Algorithm::DStarLite, Algorithm::Mpaa, Algorithm::Dijkstra, Algorithm::Bidirectional}) {
      const std::unique_ptr<Search> search = make_search(grid, planner(a, d, m));
      ASSERT_TRUE(search->reset(start, goal));
      search->run();
      ASSERT_EQ(search->status(), Status::Found) << where;
      RouteCanonicaliser canonical;
      const std::vector<Point> route = canonical.route(grid, planner(a, d, m), search->path());
      EXPECT_EQ(route, expected) << where << " from " << name_of(a) << "'s plan";
      if (route != search->path()) ++rewritten;
      ++routes;
    }
  }
  EXPECT_GT(routes, 400);
  EXPECT_GT(rewritten, 30);  // the rule is not what every planner gives on its own
}

TEST(CanonicalRoute, LeavesAPlanThatIsNoChainOfLegalMovesAlone) {
  Grid grid(5, 5);
  grid.set_cost(grid.id(2, 2), kWall);
  RouteCanonicaliser canonical;
  const std::vector<Point> through_wall{{1, 2}, {2, 2}, {3, 2}};
  EXPECT_EQ(canonical.route(grid, planner(Algorithm::AStar, Diagonal::Never, CostModel::Exact), through_wall), through_wall);
  const std::vector<Point> jump{{0, 0}, {2, 0}};
  EXPECT_EQ(canonical.route(grid, planner(Algorithm::AStar, Diagonal::Never, CostModel::Exact), jump), jump);
}

// One walk of the world with `options`, with the same edits and goal moves before the same
// moves; returns it finished.
struct Scripted {
  std::uint64_t before_move;
  std::vector<std::pair<CellId, std::uint8_t>> edits;
  std::optional<Point> goal;
};

std::unique_ptr<Walk> walk_scripted(Grid& world, const Grid& base, const SearchOptions& options, int radius, Point start,
                                    Point goal, const std::vector<Scripted>& script) {
  world = base;
  auto walk = std::make_unique<Walk>(world);
  walk->set_options(options, radius);
  walk->reset(start, goal);
  std::size_t next = 0;
  std::uint64_t steps = 0;
  while (true) {
    while (next < script.size() && script[next].before_move == walk->counters().moves && walk->status() == WalkStatus::Moving) {
      std::vector<CellId> cells;
      for (const auto& [cell, cost] : script[next].edits) {
        world.set_cost(cell, cost);
        cells.push_back(cell);
      }
      walk->world_changed(cells);
      if (script[next].goal) walk->set_goal(*script[next].goal);
      ++next;
    }
    if (!walk->step() || ++steps > 3000000) break;
  }
  return walk;
}

TEST(WalkRoutes, OptimalPlannersWalkTheSameRouteAndReplanAtTheSameMoves) {
  std::mt19937 rng(502);
  int compared = 0, with_replans = 0;
  for (int round = 0; round < 120; ++round) {
    const Diagonal d = reference::kAllRules[round % 4];
    const CostModel m = reference::kAllModels[(round / 4) % 2];
    const int radius = round % 4;
    const bool terrain = round % 3 == 0;
    const int width = 12 + static_cast<int>(rng() % 21), height = 12 + static_cast<int>(rng() % 21);
    Grid base(width, height);
    const double density = std::uniform_real_distribution<double>(0.0, 0.3)(rng);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (CellId id = 0; id < base.cell_count(); ++id)
      base.set_cost(id, unit(rng) < density ? kWall : static_cast<std::uint8_t>(terrain ? 1 + rng() % 9 : 1));
    const Point start = reference::random_point(rng, base), goal = reference::random_point(rng, base);
    base.set_cost(base.id(start), 1);
    base.set_cost(base.id(goal), 1);
    // Edits before a few moves, now and then a goal move.
    std::vector<Scripted> script;
    for (std::uint64_t move = 2; move < 40; move += 3 + rng() % 6) {
      Scripted s{move, {}, std::nullopt};
      for (int k = 0; k < 1 + static_cast<int>(rng() % 3); ++k)
        s.edits.push_back({static_cast<CellId>(rng() % base.cell_count()),
                           rng() % 3 == 0 ? kWall : static_cast<std::uint8_t>(terrain ? 1 + rng() % 9 : 1)});
      if (rng() % 6 == 0) s.goal = reference::random_point(rng, base);
      script.push_back(s);
    }
    const std::vector<Algorithm> planners = {Algorithm::AStar, Algorithm::DStarLite, Algorithm::Mpaa, Algorithm::Dijkstra,
                                             Algorithm::Bidirectional, Algorithm::JumpPoint};
    const std::string where = std::string(name_of(d)) + " " + std::string(name_of(m)) + " radius " + std::to_string(radius) +
                              " round " + std::to_string(round);
    Grid world(1, 1);
    const std::unique_ptr<Walk> first = walk_scripted(world, base, planner(planners[0], d, m), radius, start, goal, script);
    for (std::size_t i = 1; i < planners.size(); ++i) {
      Grid other_world(1, 1);
      const std::unique_ptr<Walk> other = walk_scripted(other_world, base, planner(planners[i], d, m), radius, start, goal, script);
      const std::string who = where + ": " + std::string(name_of(planners[0])) + " and " + std::string(name_of(planners[i]));
      EXPECT_EQ(other->walked(), first->walked()) << who;
      EXPECT_EQ(other->status(), first->status()) << who;
      EXPECT_EQ(other->counters().replans, first->counters().replans) << who;
      EXPECT_FALSE(first_divergence(*first, *other).diverged) << who;
      ++compared;
    }
    if (first->counters().replans > 0) ++with_replans;
  }
  EXPECT_GT(compared, 500);
  EXPECT_GT(with_replans, 40);
}

TEST(WalkRoutes, CanonicalRoutesAreOnByDefaultAndOffEachAgentWalksItsPlannersPlan) {
  std::mt19937 rng(503);
  int differ = 0;
  for (int round = 0; round < 60; ++round) {
    const Diagonal d = reference::kAllRules[round % 4];
    const Grid world = reference::random_grid(rng, 20, round % 3 == 0);
    const Point start = reference::random_point(rng, world), goal = reference::random_point(rng, world);
    if (!reference::dijkstra(world, {d, CostModel::Exact}, start, goal)) continue;
    const std::vector<Point> canonical = route_by_the_rule(world, {d, CostModel::Exact}, start, goal);
    for (Algorithm a : {Algorithm::AStar, Algorithm::DStarLite, Algorithm::Mpaa}) {
      Walk walk(world);
      walk.set_options(planner(a, d, CostModel::Exact), 0);
      ASSERT_TRUE(walk.reset(start, goal));
      EXPECT_TRUE(walk.canonical_routes());
      walk.run_steps(UINT64_MAX, true);
      EXPECT_EQ(walk.planned_path(), canonical);
      walk.set_canonical_routes(false);
      ASSERT_TRUE(walk.reset(start, goal));
      EXPECT_FALSE(walk.canonical_routes());
      walk.run_steps(UINT64_MAX, true);
      EXPECT_EQ(walk.planned_path(), walk.planner().path());
      EXPECT_EQ(walk.counters().route_expanded, 0u);
      if (walk.planned_path() != canonical) ++differ;
    }
  }
  EXPECT_GT(differ, 3);  // rarely: the planners mostly take the canonical route on their own
}

TEST(WalkRoutes, WalksThatPartSayWhereAndWhatEachPlanCostFromThere) {
  // Greedy best-first heads straight for the goal into a pocket; A* goes round it.
  Grid world(16, 9);
  for (int y = 1; y <= 7; ++y) world.set_cost(world.id(9, y), kWall);
  for (int x = 5; x <= 9; ++x) {
    world.set_cost(world.id(x, 1), kWall);
    world.set_cost(world.id(x, 7), kWall);
  }
  const Point start{1, 4}, goal{14, 4};
  Walk greedy(world), astar(world), dstar(world);
  greedy.set_options(planner(Algorithm::GreedyBestFirst, Diagonal::OnlyWhenNoObstacles, CostModel::Exact), 0);
  astar.set_options(planner(Algorithm::AStar, Diagonal::OnlyWhenNoObstacles, CostModel::Exact), 0);
  dstar.set_options(planner(Algorithm::DStarLite, Diagonal::OnlyWhenNoObstacles, CostModel::Exact), 0);
  for (Walk* walk : {&greedy, &astar, &dstar}) {
    ASSERT_TRUE(walk->reset(start, goal));
    while (walk->step()) {
    }
    ASSERT_EQ(walk->status(), WalkStatus::Arrived);
  }
  EXPECT_FALSE(first_divergence(astar, dstar).diverged);
  const WalkDivergence parted = first_divergence(greedy, astar);
  ASSERT_TRUE(parted.diverged);
  const Point there = astar.walked()[parted.at];
  EXPECT_EQ(greedy.walked()[parted.at], there);
  EXPECT_NE(greedy.walked()[parted.at + 1], astar.walked()[parted.at + 1]);
  // With full knowledge the plans are made at the start: A*'s costs what Dijkstra finds from
  // there, greedy's more.
  const std::optional<double> cheapest = reference::dijkstra(world, {Diagonal::OnlyWhenNoObstacles, CostModel::Exact}, there, goal);
  ASSERT_TRUE(cheapest);
  EXPECT_NEAR(parted.cost_b, *cheapest, 1e-9);
  EXPECT_GT(parted.cost_a, parted.cost_b + 1);
  EXPECT_FALSE(parted.equally_cheap);
  // Every cell's cost to go is the rest of the plan: down by each move's cost, to 0.
  const std::vector<double>& to_go = astar.costs_to_go();
  ASSERT_EQ(to_go.size(), astar.walked().size());
  EXPECT_NEAR(to_go.front(), astar.counters().walked_cost, 1e-9);
  EXPECT_NEAR(to_go.back(), 0, 1e-9);
  for (std::size_t i = 0; i < to_go.size(); ++i) {
    const std::optional<double> rest = reference::dijkstra(world, {Diagonal::OnlyWhenNoObstacles, CostModel::Exact}, astar.walked()[i], goal);
    EXPECT_NEAR(to_go[i], *rest, 1e-9) << i;
  }
  // The same walk twice has not parted; walks from different starts have no common cell.
  EXPECT_FALSE(first_divergence(greedy, greedy).diverged);
  Walk elsewhere(world);
  elsewhere.set_options(planner(Algorithm::AStar, Diagonal::OnlyWhenNoObstacles, CostModel::Exact), 0);
  ASSERT_TRUE(elsewhere.reset({1, 3}, goal));
  const WalkDivergence apart = first_divergence(elsewhere, astar);
  EXPECT_TRUE(apart.diverged);
  EXPECT_TRUE(std::isnan(apart.cost_a));
}

}  // namespace
}  // namespace astar
