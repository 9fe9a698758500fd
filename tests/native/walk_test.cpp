// Walk: an agent walking on a true map it may know only in part.
//   - The walked route is legal on the true map; with full knowledge it is optimal and has
//     no replans (D* Lite and A* from scratch alike).
//   - In unknown terrain it arrives exactly when the goal is reachable on the true map, and
//     ends with NoPath otherwise, in bounded work.
//   - Property: after every discovery or edit, D* Lite's plan costs what a fresh A* finds
//     on the agent's knowledge at that moment; random edit sequences (walls added and
//     removed on and near the path, goal moves) never crash or loop.
//   - Long walks on open maps (octile ties everywhere), both cost models: no stale-g loops.
//   - Deterministic: the same calls at the same steps give the same walk.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cmath>
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

SearchOptions planner(Algorithm algorithm, Diagonal diagonal, CostModel model) {
  SearchOptions options;
  options.algorithm = algorithm;
  options.diagonal = diagonal;
  options.cost_model = model;
  return options;
}

// The walked route's cost on the true map, checking every move is legal there.
double walked_cost(const Grid& world, reference::MoveRules rules, const std::vector<Point>& walked) {
  double total = 0;
  for (std::size_t i = 1; i < walked.size(); ++i) {
    const std::optional<double> cost = reference::move_cost(world, rules, walked[i - 1], walked[i]);
    EXPECT_TRUE(cost) << "illegal move " << i;
    if (!cost) return NAN;
    total += *cost;
  }
  return total;
}

// Runs the walk to its end; fails the test if it takes more than `limit` steps.
void run_to_end(Walk& walk, std::uint64_t limit, const std::string& where) {
  std::uint64_t steps = 0;
  while (walk.step()) ASSERT_LT(++steps, limit) << where << ": the walk does not end";
}

TEST(Walk, WithFullKnowledgeItWalksACheapestPathWithoutReplanning) {
  std::mt19937 rng(201);
  int arrived = 0;
  for (Algorithm a : {Algorithm::DStarLite, Algorithm::AStar, Algorithm::Mpaa})
    for (int round = 0; round < 160; ++round) {
      const Diagonal d = reference::kAllRules[round % 4];
      const CostModel m = reference::kAllModels[(round / 4) % 2];
      const Grid world = reference::random_grid(rng, 24, round % 3 == 0);
      const Point start = reference::random_point(rng, world), goal = reference::random_point(rng, world);
      const std::string where = std::string(name_of(a)) + " round " + std::to_string(round);
      Walk walk(world);
      walk.set_options(planner(a, d, m), 0);
      ASSERT_TRUE(walk.reset(start, goal));
      run_to_end(walk, 100000, where);
      const std::optional<double> optimal = reference::dijkstra(world, {d, m}, start, goal);
      if (!optimal) {
        EXPECT_EQ(walk.status(), WalkStatus::NoPath) << where;
        continue;
      }
      ASSERT_EQ(walk.status(), WalkStatus::Arrived) << where;
      ++arrived;
      EXPECT_EQ(walk.counters().replans, 0u) << where;
      EXPECT_EQ(walk.walked().front(), start);
      EXPECT_EQ(walk.walked().back(), goal);
      EXPECT_NEAR(walked_cost(world, {d, m}, walk.walked()), *optimal, 1e-9 * (1 + *optimal)) << where;
      EXPECT_NEAR(walk.counters().walked_cost, *optimal, 1e-9 * (1 + *optimal)) << where;
      EXPECT_EQ(walk.counters().moves + 1, walk.walked().size());
      EXPECT_EQ(walk.counters().steps, walk.counters().moves + walk.counters().expanded_total) << where;
    }
  EXPECT_GT(arrived, 220);
}

TEST(Walk, InUnknownTerrainItArrivesExactlyWhenTheGoalIsReachable) {
  std::mt19937 rng(202);
  int arrived = 0, unreachable = 0;
  for (Algorithm a : {Algorithm::DStarLite, Algorithm::AStar, Algorithm::Mpaa})
    for (int round = 0; round < 200; ++round) {
      const Diagonal d = reference::kAllRules[round % 4];
      const CostModel m = reference::kAllModels[(round / 4) % 2];
      const int radius = 1 + round % 3;
      const Grid world = reference::random_grid(rng, 24, round % 3 == 0);
      const Point start = reference::random_point(rng, world), goal = reference::random_point(rng, world);
      const std::string where = std::string(name_of(a)) + " round " + std::to_string(round);
      Walk walk(world);
      walk.set_options(planner(a, d, m), radius);
      ASSERT_TRUE(walk.reset(start, goal));
      run_to_end(walk, 2000000, where);
      const std::optional<double> optimal = reference::dijkstra(world, {d, m}, start, goal);
      if (!optimal) {
        EXPECT_EQ(walk.status(), WalkStatus::NoPath) << where;
        ++unreachable;
        continue;
      }
      ASSERT_EQ(walk.status(), WalkStatus::Arrived) << where;
      ++arrived;
      const double cost = walked_cost(world, {d, m}, walk.walked());
      EXPECT_NEAR(cost, walk.counters().walked_cost, 1e-9 * (1 + cost)) << where;
      EXPECT_GE(cost, *optimal - 1e-9 * (1 + *optimal)) << where;
    }
  EXPECT_GT(arrived, 220);
  EXPECT_GT(unreachable, 30);
}

// The property: while the agent moves, the rest of its plan is a cheapest path on what it
// knows now (a fresh search on the knowledge finds no cheaper one), and it is legal there.
// Returns whether the check applied (the walk is moving).
bool expect_plan_is_cheapest_on_knowledge(const Walk& walk, reference::MoveRules rules, const std::string& where) {
  if (walk.status() != WalkStatus::Moving) return false;
  const std::vector<Point> plan = walk.planned_path();
  const std::optional<double> best = reference::dijkstra(walk.knowledge(), rules, walk.agent(), walk.goal());
  EXPECT_TRUE(best) << where << ": moving, but no path on the knowledge";
  if (!best) return true;
  const double cost = reference::checked_path_cost(walk.knowledge(), rules, plan, walk.agent(), walk.goal());
  EXPECT_NEAR(cost, *best, 1e-9 * (1 + *best)) << where;
  return true;
}

struct PropertyTally {
  int walks = 0;
  long checks = 0;  // plans compared with a fresh search on the knowledge
  long edits = 0;
  long goal_moves = 0;
  long replans = 0;
};

// One walk with random edits of the world (walls drawn and erased on, next to and away from
// the rest of the plan, terrain changed) and goal moves during its first 150 moves,
// checking the property after every step and every edit, then run to its end.
void random_edit_walk(std::mt19937& rng, Algorithm algorithm, int round, PropertyTally& tally,
                      std::optional<Heuristic> heuristic = std::nullopt) {
  const Diagonal d = heuristic == Heuristic::Manhattan ? Diagonal::Never : reference::kAllRules[round % 4];
  const CostModel m = reference::kAllModels[(round / 4) % 2];
  const int radius = round % 4;  // 0: full knowledge
  const bool terrain = round % 3 == 0;
  // Maps of 16 to 32 cells a side with up to 30% walls, start and goal in opposite corners'
  // quarters, so that walks are long enough to meet many edits.
  const int width = 16 + static_cast<int>(rng() % 17), height = 16 + static_cast<int>(rng() % 17);
  Grid world(width, height);
  const double density = std::uniform_real_distribution<double>(0.0, 0.3)(rng);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (CellId id = 0; id < world.cell_count(); ++id)
    world.set_cost(id, unit(rng) < density ? kWall : static_cast<std::uint8_t>(terrain ? 1 + rng() % 9 : 1));
  const Point start{static_cast<int>(rng() % (width / 4)), static_cast<int>(rng() % (height / 4))};
  const Point goal{width - 1 - static_cast<int>(rng() % (width / 4)), height - 1 - static_cast<int>(rng() % (height / 4))};
  world.set_cost(world.id(start), 1);
  world.set_cost(world.id(goal), 1);
  const std::string where = std::string(name_of(algorithm)) + " round " + std::to_string(round);
  Walk walk(world);
  SearchOptions options = planner(algorithm, d, m);
  options.heuristic = heuristic;
  walk.set_options(options, radius);
  ASSERT_TRUE(walk.reset(start, goal));
  ++tally.walks;
  const reference::MoveRules rules{d, m};
  const auto random_cost = [&]() -> std::uint8_t {
    if (rng() % 3 == 0) return kWall;
    return static_cast<std::uint8_t>(terrain ? 1 + rng() % 9 : 1);
  };
  // Edits come between moves (now and then during planning too), for the first 150 moves.
  std::uint64_t steps = 0;
  while (walk.counters().moves < 150 && steps < 2000000) {
    const bool moving = walk.status() == WalkStatus::Moving;
    if (rng() % (moving ? 3 : 60) == 0) {
      // A few cells: on the rest of the plan, next to it, or anywhere.
      std::vector<CellId> cells;
      const std::vector<Point> plan = walk.planned_path();
      const int count = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < count; ++k) {
        Point p = reference::random_point(rng, world);
        if (!plan.empty() && rng() % 3 != 0) {
          p = plan[rng() % plan.size()];
          if (rng() % 2 == 0) p = {p.x + static_cast<int>(rng() % 3) - 1, p.y + static_cast<int>(rng() % 3) - 1};
          if (!world.in_bounds(p.x, p.y)) continue;
        }
        world.set_cost(world.id(p), random_cost());
        cells.push_back(world.id(p));
      }
      walk.world_changed(cells);
      ++tally.edits;
      if (expect_plan_is_cheapest_on_knowledge(walk, rules, where + " after an edit")) ++tally.checks;
    }
    if (rng() % (moving ? 30 : 600) == 0) {
      walk.set_goal(reference::random_point(rng, world));
      ++tally.goal_moves;
      if (expect_plan_is_cheapest_on_knowledge(walk, rules, where + " after a goal move")) ++tally.checks;
    }
    if (!walk.step()) break;
    ++steps;
    if (expect_plan_is_cheapest_on_knowledge(walk, rules, where + " step " + std::to_string(steps))) ++tally.checks;
  }
  // No more edits: the walk must end, at the goal or knowing there is no way.
  const std::uint64_t limit = 4000000;
  while (walk.step()) {
    ASSERT_LT(++steps, limit) << where << ": the walk does not end";
    if (steps % 7 == 0 && expect_plan_is_cheapest_on_knowledge(walk, rules, where + " step " + std::to_string(steps))) ++tally.checks;
  }
  tally.replans += static_cast<long>(walk.counters().replans);
  const std::optional<double> reachable = reference::dijkstra(world, rules, walk.agent(), walk.goal());
  if (walk.status() == WalkStatus::Arrived) {
    EXPECT_EQ(walk.agent(), walk.goal()) << where;
  } else {
    // What the agent does not know it assumes free, so no way on the knowledge means none
    // on the true map.
    ASSERT_EQ(walk.status(), WalkStatus::NoPath) << where;
    EXPECT_FALSE(reachable) << where;
  }
  // Every move was legal on the true map when it was made: the route is a chain of
  // neighbours, and its cost is what the walk counted (moves into cells walled later are
  // not re-checked here: the world changed under them).
  EXPECT_EQ(walk.walked().size(), walk.counters().moves + 1) << where;
}

TEST(WalkProperty, DStarLitesPlanIsAlwaysCheapestOnWhatTheAgentKnows) {
  std::mt19937 rng(301);
  PropertyTally tally;
  for (int round = 0; round < 1200; ++round) random_edit_walk(rng, Algorithm::DStarLite, round, tally);
  std::printf("[ property ] D* Lite: %d walks, %ld plan checks against a fresh search, %ld edits, %ld goal moves, %ld replans\n",
              tally.walks, tally.checks, tally.edits, tally.goal_moves, tally.replans);
  EXPECT_GT(tally.checks, 25000);
  EXPECT_GT(tally.replans, 8000);
}

TEST(WalkProperty, HoldsWithEveryAdmissibleHeuristic) {
  std::mt19937 rng(306);
  PropertyTally tally;
  for (Heuristic h : {Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Zero, Heuristic::Manhattan})
    for (int round = 0; round < 100; ++round) random_edit_walk(rng, Algorithm::DStarLite, round, tally, h);
  std::printf("[ property ] D* Lite, other heuristics: %d walks, %ld plan checks, %ld edits, %ld replans\n", tally.walks,
              tally.checks, tally.edits, tally.replans);
  EXPECT_GT(tally.checks, 8000);
}

TEST(WalkProperty, MpaasPlanIsAlwaysCheapestOnWhatTheAgentKnows) {
  std::mt19937 rng(307);
  PropertyTally tally;
  for (int round = 0; round < 600; ++round) random_edit_walk(rng, Algorithm::Mpaa, round, tally);
  std::printf("[ property ] MPAA*: %d walks, %ld plan checks, %ld edits, %ld goal moves, %ld replans\n", tally.walks, tally.checks,
              tally.edits, tally.goal_moves, tally.replans);
  EXPECT_GT(tally.checks, 12000);
  EXPECT_GT(tally.replans, 4000);
}

TEST(WalkProperty, AStarFromScratchKeepsTheSameProperty) {
  std::mt19937 rng(302);
  PropertyTally tally;
  for (int round = 0; round < 320; ++round) random_edit_walk(rng, Algorithm::AStar, round, tally);
  std::printf("[ property ] A*: %d walks, %ld plan checks, %ld edits, %ld goal moves, %ld replans\n", tally.walks, tally.checks,
              tally.edits, tally.goal_moves, tally.replans);
  EXPECT_GT(tally.checks, 6000);
}

// Long walks on open maps, where octile distances are exact and keys tie with the start's
// all the time (the trap of floating-point keys: a tied cell left unprocessed, stale g, an
// agent walking in circles). Hundreds of moves each, sense radius 1, both cost models and
// every diagonal rule; the plan is checked against a fresh search after every replan and
// every 5th move, and the walk must arrive within a bound that a loop would exceed.
TEST(WalkProperty, LongWalksOnOpenMapsArriveWithoutLoops) {
  std::mt19937 rng(303);
  long checks = 0, moves = 0;
  int walks = 0;
  for (int round = 0; round < 32; ++round) {
    // D* Lite and MPAA* in turn, the two planners that keep state between plans.
    const Algorithm algorithm = round % 2 == 0 ? Algorithm::DStarLite : Algorithm::Mpaa;
    const Diagonal d = reference::kAllRules[(round / 2) % 4];
    const CostModel m = reference::kAllModels[(round / 8) % 2];
    const int side = 160;
    Grid world(side, side);
    const double density = round < 16 ? 0.04 : 0.15;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (CellId id = 0; id < world.cell_count(); ++id)
      if (unit(rng) < density) world.set_cost(id, kWall);
    const Point start{2, 3 + round}, goal{side - 3, side - 4 - round};
    world.set_cost(world.id(start), 1);
    world.set_cost(world.id(goal), 1);
    const reference::MoveRules rules{d, m};
    const std::optional<double> optimal = reference::dijkstra(world, rules, start, goal);
    if (!optimal) continue;
    const std::string where = "long walk " + std::to_string(round) + " " + std::string(name_of(algorithm)) + " " +
                              std::string(name_of(d)) + " " + std::string(name_of(m));
    Walk walk(world);
    walk.set_options(planner(algorithm, d, m), 1);
    ASSERT_TRUE(walk.reset(start, goal));
    WalkStepRecord record;
    std::uint64_t steps = 0;
    while (walk.step(&record)) {
      ASSERT_LT(++steps, 20000000u) << where;
      // Every new plan (the step that ends planning), and every 5th move.
      const bool new_plan = record.planned && walk.status() == WalkStatus::Moving;
      const bool fifth_move = !record.planned && walk.counters().moves % 5 == 0;
      if ((new_plan || fifth_move) && expect_plan_is_cheapest_on_knowledge(walk, rules, where)) ++checks;
    }
    ASSERT_EQ(walk.status(), WalkStatus::Arrived) << where;
    ++walks;
    moves += static_cast<long>(walk.counters().moves);
    EXPECT_GE(walk.counters().moves, 150u) << where;
    // A walk that loops would wander far past the optimum; in the worst of these maps the
    // detours through unknown walls stay within a few times it.
    EXPECT_LT(walk.counters().walked_cost, 4 * *optimal) << where;
    EXPECT_NEAR(walked_cost(world, rules, walk.walked()), walk.counters().walked_cost, 1e-6) << where;
  }
  std::printf("[ property ] long walks: %d walks, %ld moves, %ld plan checks\n", walks, moves, checks);
  EXPECT_GE(walks, 28);
}

TEST(Walk, IsDeterministic) {
  std::mt19937 rng(304);
  for (int round = 0; round < 20; ++round) {
    const Grid base = reference::random_grid(rng, 30, round % 2 == 0);
    const Point start = reference::random_point(rng, base), goal = reference::random_point(rng, base);
    const std::uint32_t seed = static_cast<std::uint32_t>(rng());
    const auto run = [&](std::vector<WalkStepRecord>& records, std::vector<Point>& walked) {
      Grid world = base;
      std::mt19937 edits(seed);
      Walk walk(world);
      walk.set_options(planner(Algorithm::DStarLite, reference::kAllRules[round % 4], CostModel::Exact), 1 + round % 3);
      walk.reset(start, goal);
      WalkStepRecord record;
      for (int i = 0; i < 3000 && walk.step(&record); ++i) {
        records.push_back(record);
        if (edits() % 10 == 0) {
          const CellId id = static_cast<CellId>(edits() % world.cell_count());
          world.set_cost(id, world.passable(id) ? kWall : 1);
          walk.world_changed({id});
        }
      }
      walked = walk.walked();
    };
    std::vector<WalkStepRecord> a, b;
    std::vector<Point> wa, wb;
    run(a, wa);
    run(b, wb);
    ASSERT_EQ(a.size(), b.size());
    EXPECT_EQ(wa, wb);
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].planned, b[i].planned);
      EXPECT_EQ(a[i].events.size(), b[i].events.size());
      EXPECT_EQ(a[i].to, b[i].to);
      EXPECT_EQ(a[i].replan, b[i].replan);
    }
  }
}

TEST(Walk, ObservedAndUnobservedStepsAgree) {
  std::mt19937 rng(305);
  for (int round = 0; round < 40; ++round) {
    const Grid world = reference::random_grid(rng, 30, round % 2 == 0);
    const Point start = reference::random_point(rng, world), goal = reference::random_point(rng, world);
    const SearchOptions options = planner(round % 2 ? Algorithm::DStarLite : Algorithm::AStar, reference::kAllRules[round % 4],
                                          reference::kAllModels[(round / 2) % 2]);
    Walk observed(world), unobserved(world);
    observed.set_options(options, round % 4);
    unobserved.set_options(options, round % 4);
    observed.reset(start, goal);
    unobserved.reset(start, goal);
    WalkStepRecord record;
    std::uint64_t steps = 0;
    while (observed.step(&record)) ++steps;
    EXPECT_EQ(unobserved.run_steps(UINT64_MAX), steps);
    EXPECT_EQ(observed.status(), unobserved.status());
    EXPECT_EQ(observed.walked(), unobserved.walked());
    EXPECT_EQ(observed.counters().expanded_total, unobserved.counters().expanded_total);
    EXPECT_EQ(observed.counters().replans, unobserved.counters().replans);
  }
}

TEST(Walk, MoveEventsReportDiscoveriesAndWhyItReplans) {
  // A wall across the straight way, out of sight from the start (radius 1).
  Grid world(9, 5);
  for (int y = 1; y <= 3; ++y) world.set_cost(world.id(4, y), kWall);
  Walk walk(world);
  walk.set_options(planner(Algorithm::DStarLite, Diagonal::Never, CostModel::Exact), 1);
  ASSERT_TRUE(walk.reset({0, 2}, {8, 2}));
  EXPECT_EQ(walk.status(), WalkStatus::Planning);
  WalkStepRecord record;
  std::vector<WalkStepRecord> moves;
  while (walk.step(&record))
    if (!record.planned) moves.push_back(record);
  ASSERT_EQ(walk.status(), WalkStatus::Arrived);
  // It walks east until it sees the wall from (3,2): (4,1), (4,2), (4,3) are discovered and
  // the plan through (4,2) is blocked.
  ASSERT_GE(moves.size(), 3u);
  EXPECT_EQ(moves[2].from, (Point{2, 2}));
  EXPECT_EQ(moves[2].to, (Point{3, 2}));
  EXPECT_EQ(moves[2].cost, 1);
  std::vector<CellId> found;
  for (const Discovery& d : moves[2].discovered) {
    found.push_back(d.cell);
    EXPECT_EQ(d.cost, kWall);
  }
  EXPECT_EQ(found, (std::vector<CellId>{world.id(4, 1), world.id(4, 2), world.id(4, 3)}));
  EXPECT_EQ(moves[2].replan, ReplanReason::PathBlocked);
  EXPECT_TRUE(moves.back().arrived);
  EXPECT_EQ(walk.counters().replans, 1u);
  EXPECT_EQ(walk.counters().walked_cost, 12);  // around the wall: 8 east, 2 up and 2 down
  EXPECT_EQ(walk.planned_path(), (std::vector<Point>{{8, 2}}));
  // It passed the wall at its top or bottom end, (4,0) or (4,4): known, and the cells next
  // to it; the far corner of the other side it never came near.
  const bool over = std::find(walk.walked().begin(), walk.walked().end(), Point{4, 0}) != walk.walked().end();
  EXPECT_NE(over, std::find(walk.walked().begin(), walk.walked().end(), Point{4, 4}) != walk.walked().end());
  EXPECT_EQ(walk.known()[world.id(5, over ? 0 : 4)], 1);
  EXPECT_EQ(walk.known()[world.id(0, over ? 4 : 0)], 0);
}

TEST(Walk, EditsDuringAWalkReplanOnlyWhenTheyTouchThePlan) {
  Grid world(12, 6);
  Walk walk(world);
  walk.set_options(planner(Algorithm::DStarLite, Diagonal::OnlyWhenNoObstacles, CostModel::Exact), 0);
  ASSERT_TRUE(walk.reset({0, 2}, {11, 2}));
  while (walk.status() == WalkStatus::Planning) walk.step();
  ASSERT_EQ(walk.status(), WalkStatus::Moving);
  // Far from the plan: nothing to do.
  world.set_cost(world.id(5, 5), kWall);
  walk.world_changed({world.id(5, 5)});
  EXPECT_EQ(walk.status(), WalkStatus::Moving);
  EXPECT_EQ(walk.counters().replans, 0u);
  // On the plan: blocked.
  const std::vector<Point> plan = walk.planned_path();
  const Point on = plan[plan.size() / 2];
  world.set_cost(world.id(on), kWall);
  walk.world_changed({world.id(on)});
  EXPECT_EQ(walk.counters().replans, 1u);
  EXPECT_EQ(walk.last_replan(), ReplanReason::PathBlocked);
  while (walk.status() == WalkStatus::Planning) walk.step();
  EXPECT_EQ(walk.status(), WalkStatus::Moving);
  // Erasing it: a cost went down, a cheaper way may have opened.
  world.set_cost(world.id(on), 1);
  walk.world_changed({world.id(on)});
  EXPECT_EQ(walk.counters().replans, 2u);
  EXPECT_EQ(walk.last_replan(), ReplanReason::CostLowered);
  // Dearer terrain on the plan.
  while (walk.status() == WalkStatus::Planning) walk.step();
  const std::vector<Point> again = walk.planned_path();
  const Point dear = again[again.size() / 2];
  world.set_cost(world.id(dear), 5);
  walk.world_changed({world.id(dear)});
  EXPECT_EQ(walk.last_replan(), ReplanReason::PathDearer);
  // The goal moves.
  walk.set_goal({11, 5});
  EXPECT_EQ(walk.last_replan(), ReplanReason::GoalMoved);
  EXPECT_EQ(walk.counters().replans, 4u);
  while (walk.step()) {
  }
  EXPECT_EQ(walk.status(), WalkStatus::Arrived);
  EXPECT_EQ(walk.agent(), (Point{11, 5}));
}

TEST(Walk, RefusesWhatItCannotWalk) {
  Grid world(6, 6);
  world.set_cost(world.id(2, 2), 3);
  Walk walk(world);
  walk.set_options(planner(Algorithm::JumpPointPlus, Diagonal::Always, CostModel::Exact), 0);
  ASSERT_TRUE(walk.reset({0, 0}, {5, 5}));
  EXPECT_EQ(walk.status(), WalkStatus::Refused);
  EXPECT_EQ(walk.refusal(), Refusal::NeedsUniformTerrain);
  EXPECT_FALSE(walk.step());
  walk.set_options(planner(Algorithm::ThetaStar, Diagonal::Never, CostModel::Exact), 0);
  ASSERT_TRUE(walk.reset({0, 0}, {5, 5}));
  EXPECT_EQ(walk.status(), WalkStatus::Refused);
  EXPECT_EQ(walk.refusal(), Refusal::AnyAngle);
  // A start or goal on a wall: no path at once; outside the map: not started.
  world.set_cost(world.id(5, 5), kWall);
  walk.set_options(planner(Algorithm::DStarLite, Diagonal::Never, CostModel::Exact), 2);
  ASSERT_TRUE(walk.reset({0, 0}, {5, 5}));
  EXPECT_EQ(walk.status(), WalkStatus::NoPath);
  EXPECT_FALSE(walk.reset({0, 0}, {6, 0}));
  EXPECT_EQ(walk.status(), WalkStatus::Ready);
  // The start is the goal: arrived at once.
  ASSERT_TRUE(walk.reset({1, 1}, {1, 1}));
  while (walk.step()) {
  }
  EXPECT_EQ(walk.status(), WalkStatus::Arrived);
  EXPECT_EQ(walk.counters().moves, 0u);
}

TEST(Walk, GivesUpWhenOnePlanHitsTheExpansionLimit) {
  Grid world(40, 40);
  SearchOptions options = planner(Algorithm::DStarLite, Diagonal::Always, CostModel::Exact);
  options.max_expansions = 10;
  Walk walk(world);
  walk.set_options(options, 0);
  ASSERT_TRUE(walk.reset({0, 0}, {39, 39}));
  while (walk.step()) {
  }
  EXPECT_EQ(walk.status(), WalkStatus::GaveUp);
  EXPECT_EQ(walk.counters().expanded_total, 10u);
}

}  // namespace
}  // namespace astar
