// MPAA* (mpaa.h): as a plain search it is A* with its own tie rule, cheapest against the
// reference Dijkstra; as a planner that replans after costs go up it stops on kept paths,
// learns h, and every plan stays cheapest; the learned h stays admissible and consistent;
// a cost that goes down where it matters makes it forget; move_start by any distance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "mpaa.h"
#include "reference.h"
#include "search.h"

namespace astar {
namespace {

SearchOptions mpaa_options(Diagonal diagonal, CostModel model) {
  SearchOptions options;
  options.algorithm = Algorithm::Mpaa;
  options.diagonal = diagonal;
  options.cost_model = model;
  return options;
}

std::string describe(Diagonal d, CostModel m, int round) {
  return std::string(name_of(d)) + " " + std::string(name_of(m)) + " round " + std::to_string(round);
}

// Checks the plan against Dijkstra on the grid as it is now.
void expect_cheapest(const MpaaSearch& search, const Grid& grid, reference::MoveRules rules, Point start, Point goal,
                     const std::string& where) {
  const std::optional<double> expected = reference::dijkstra(grid, rules, start, goal);
  if (!expected) {
    EXPECT_EQ(search.status(), Status::NoPath) << where;
    return;
  }
  ASSERT_EQ(search.status(), Status::Found) << where;
  EXPECT_NEAR(search.path_cost(), *expected, 1e-9 * (1 + *expected)) << where;
  EXPECT_NEAR(reference::checked_path_cost(grid, rules, search.path(), start, goal), search.path_cost(), 1e-9 * (1 + *expected))
      << where;
}

// The heuristic MPAA* searches with is admissible (no more than the true cost to the goal,
// from every cell that can reach it) and consistent (h(x) <= c(x, y) + h(y) for every legal
// move). Returns how many cells had learned an h.
int expect_admissible_and_consistent(const MpaaSearch& search, const Grid& grid, reference::MoveRules rules, Point goal,
                                     const std::string& where) {
  int learned = 0;
  for (CellId id = 0; id < grid.cell_count(); ++id) {
    if (!grid.passable(id)) continue;
    const Point p = grid.point(id);
    const double h = search.heuristic(id);
    if (!std::isnan(search.learned_h(id))) ++learned;
    const std::optional<double> d = reference::dijkstra(grid, rules, p, goal);
    if (d) {
      EXPECT_LE(h, *d + 1e-6) << where << ": h overestimates at " << p.x << "," << p.y;
    }
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const Point q{p.x + dx, p.y + dy};
        const std::optional<double> c = reference::move_cost(grid, rules, p, q);
        if (!c) continue;
        EXPECT_LE(h, *c + search.heuristic(grid.id(q)) + 1e-6) << where << ": h inconsistent from " << p.x << "," << p.y;
      }
  }
  return learned;
}

// A u8 channel's value for a cell of the current search (0 where it is not).
int channel_u8(const Search& search, ChannelName name, CellId id) {
  for (const Channel& channel : search.channels())
    if (name == channel.name) {
      if (channel.stamp[id * channel.stamp_stride / 2] != search.stamp()) return 0;
      return static_cast<const std::uint8_t*>(channel.data)[id * channel.stride];
    }
  ADD_FAILURE() << "no channel " << static_cast<int>(name);
  return -1;
}

TEST(Mpaa, AsAPlainSearchMatchesDijkstraUnderEveryRuleCostModelAndHeuristic) {
  std::mt19937 rng(401);
  int found = 0;
  for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Zero, Heuristic::Manhattan})
    for (int round = 0; round < 60; ++round) {
      const Diagonal d = h == Heuristic::Manhattan ? Diagonal::Never : reference::kAllRules[round % 4];
      const CostModel m = reference::kAllModels[(round / 4) % 2];
      SearchOptions options = mpaa_options(d, m);
      options.heuristic = h;
      const Grid grid = reference::random_grid(rng, 24, round % 3 == 0);
      MpaaSearch search(grid, options);
      if (reference::expect_matches_reference(search, grid, {d, m}, reference::random_point(rng, grid),
                                              reference::random_point(rng, grid), std::string(name_of(h)) + " " + describe(d, m, round)))
        ++found;
    }
  EXPECT_GT(found, 150);
}

TEST(Mpaa, OnOpenGroundItDivesDiagonallyFirstAlongOneCheapestPath) {
  // f ties go to the larger g, as for A*: south-east (g = sqrt 2) before east (g = 1), so
  // the plan takes its diagonal moves first, expanding one cell per move.
  Grid grid(40, 30);
  MpaaSearch search(grid, mpaa_options(Diagonal::Always, CostModel::Exact));
  ASSERT_TRUE(search.reset({2, 5}, {32, 15}));
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  const std::vector<Point>& path = search.path();
  ASSERT_EQ(path.size(), 31u);
  for (int i = 1; i <= 10; ++i) EXPECT_EQ(path[i], (Point{2 + i, 5 + i})) << i;
  for (int i = 11; i <= 30; ++i) EXPECT_EQ(path[i], (Point{2 + i, 15})) << i;
  EXPECT_EQ(search.counters().expanded, 31u);
}

// A wall drawn across the path: the next plan from a cell further along reaches the path
// kept from the first plan behind the wall and stops there, reporting a Stop event, and its
// path is still cheapest.
TEST(Mpaa, AReplanStopsWhereTheKeptPathStillLeadsToTheGoal) {
  Grid grid(30, 12);
  MpaaSearch search(grid, mpaa_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact));
  const Point goal{27, 6};
  ASSERT_TRUE(search.reset({2, 6}, goal));
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  const std::uint64_t first = search.counters().expanded;
  EXPECT_EQ(search.reused_from(), kNoCell);  // the first plan reached the goal itself
  // The kept path: every cell of the path points to the next.
  const std::vector<Point> kept = search.path();
  for (std::size_t i = 0; i + 1 < kept.size(); ++i) EXPECT_EQ(search.kept_next(grid.id(kept[i])), grid.id(kept[i + 1]));

  std::vector<CellId> changed;
  for (int y = 4; y <= 8; ++y) {
    grid.set_cost(grid.id(10, y), kWall);
    changed.push_back(grid.id(10, y));
  }
  const Point start{5, 6};
  ASSERT_TRUE(search.repair(changed, start));
  EXPECT_EQ(search.status(), Status::Running);
  EXPECT_EQ(search.counters().expanded, 0u);
  std::vector<Event> events;
  bool stopped = false;
  while (search.step(events))
    for (const Event& e : events)
      if (e.kind == EventKind::Stop) {
        stopped = true;
        EXPECT_EQ(e.cell, search.reused_from());
        EXPECT_NEAR(e.a, search.path_cost(), 1e-6);
        EXPECT_EQ(e.a, e.b);
      }
  expect_cheapest(search, grid, {Diagonal::OnlyWhenNoObstacles, CostModel::Exact}, start, goal, "after the wall");
  ASSERT_TRUE(stopped);
  ASSERT_NE(search.reused_from(), kNoCell);
  const Point stop = grid.point(search.reused_from());
  EXPECT_GT(stop.x, 10);  // past the wall
  EXPECT_NE(std::find(kept.begin(), kept.end(), stop), kept.end());
  // The reused part runs from the stop cell to the goal, along the kept path, and the
  // "reused" channel marks exactly it.
  const std::vector<Point>& path = search.path();
  const auto at = std::find(path.begin(), path.end(), stop);
  ASSERT_NE(at, path.end());
  EXPECT_EQ(std::vector<Point>(at, path.end()), std::vector<Point>(std::find(kept.begin(), kept.end(), stop), kept.end()));
  for (auto p = path.begin(); p != path.end(); ++p) {
    EXPECT_EQ(search.phase(grid.id(*p)), CellPhase::Path);
    EXPECT_EQ(channel_u8(search, ChannelName::Reused, grid.id(*p)), p >= at ? 1 : 0);
  }
  EXPECT_EQ(channel_u8(search, ChannelName::Reused, grid.id(0, 0)), 0);
  // Fewer expansions than a search from scratch on the edited map, which knows nothing.
  MpaaSearch fresh(grid, mpaa_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact));
  ASSERT_TRUE(fresh.reset(start, goal));
  fresh.run();
  EXPECT_NEAR(fresh.path_cost(), search.path_cost(), 1e-9);
  EXPECT_LT(search.counters().expanded, fresh.counters().expanded) << first;
}

// The agent walks on after a replan that stopped on a kept path (move_start, as a walk
// does), and a second wall makes it replan again: that replan marks as reused exactly the
// cells from its stop cell to the goal. (It once marked from a count left over from the
// last plan, shortened by the moves, so the cells it searched before the stop were marked
// too.)
TEST(Mpaa, AfterMovesAReplanMarksAsReusedOnlyFromItsStopCell) {
  Grid grid(40, 14);
  MpaaSearch search(grid, mpaa_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact));
  const Point goal{37, 7};
  ASSERT_TRUE(search.reset({2, 7}, goal));
  search.run();
  Point agent = search.path()[3];
  for (int wall_x : {10, 22}) {
    std::vector<CellId> changed;
    for (int y = 4; y <= 10; ++y) {
      grid.set_cost(grid.id(wall_x, y), kWall);
      changed.push_back(grid.id(wall_x, y));
    }
    ASSERT_TRUE(search.repair(changed, agent));
    search.run();
    ASSERT_EQ(search.status(), Status::Found);
    expect_cheapest(search, grid, {Diagonal::OnlyWhenNoObstacles, CostModel::Exact}, agent, goal, "after moves and a wall");
    ASSERT_NE(search.reused_from(), kNoCell) << wall_x;
    const std::vector<Point> path = search.path();
    const auto at = std::find(path.begin(), path.end(), grid.point(search.reused_from()));
    ASSERT_NE(at, path.end());
    for (auto p = path.begin(); p != path.end(); ++p)
      EXPECT_EQ(channel_u8(search, ChannelName::Reused, grid.id(*p)), p >= at ? 1 : 0) << wall_x << ": " << p->x << "," << p->y;
    if (wall_x == 22) break;
    // Walk on past the stop cell, then meet the next wall.
    const std::size_t moves = static_cast<std::size_t>(at - path.begin()) + 3;
    ASSERT_LT(moves, path.size());
    for (std::size_t i = 1; i <= moves; ++i) ASSERT_TRUE(search.move_start(path[i]));
    agent = path[moves];
    ASSERT_LT(agent.x, 22);
  }
}

// Random maps, random cost increases (walls drawn, terrain raised: what an agent learns of
// terrain it assumed free) and start moves: after every plan the path is cheapest, and the
// heuristic, learned where it was expanded, stays admissible and consistent.
TEST(Mpaa, UnderRisingCostsEveryPlanIsCheapestAndTheLearnedHStaysAdmissibleAndConsistent) {
  std::mt19937 rng(402);
  int plans = 0, reused = 0, learned = 0;
  for (int round = 0; round < 60; ++round) {
    const Diagonal d = reference::kAllRules[round % 4];
    const CostModel m = reference::kAllModels[(round / 4) % 2];
    const bool terrain = round % 3 == 0;
    Grid grid = reference::random_grid(rng, 16, terrain);
    SearchOptions options = mpaa_options(d, m);
    if (round % 5 == 1) options.heuristic = Heuristic::Euclidean;
    MpaaSearch search(grid, options);
    Point start = reference::random_point(rng, grid);
    const Point goal = reference::random_point(rng, grid);
    ASSERT_TRUE(search.reset(start, goal));
    search.run();
    for (int edit = 0; edit < 8; ++edit) {
      const std::string where = describe(d, m, round) + " edit " + std::to_string(edit);
      std::vector<CellId> changed;
      for (int k = 0; k < 1 + static_cast<int>(rng() % 3); ++k) {
        const CellId id = static_cast<CellId>(rng() % grid.cell_count());
        if (!grid.passable(id)) continue;
        const std::uint8_t raised = rng() % 2 == 0 ? kWall : static_cast<std::uint8_t>(std::min(9, grid.cost(id) + 1 + static_cast<int>(rng() % 4)));
        grid.set_cost(id, raised);
        changed.push_back(id);
      }
      const std::vector<Point> path = search.path();
      if (!path.empty() && rng() % 2 == 0) start = path[rng() % path.size()];
      ASSERT_TRUE(search.repair(changed, start));
      search.run();
      expect_cheapest(search, grid, {d, m}, start, goal, where);
      learned += expect_admissible_and_consistent(search, grid, {d, m}, goal, where);
      ++plans;
      if (search.reused_from() != kNoCell) ++reused;
    }
  }
  EXPECT_EQ(plans, 480);
  EXPECT_GT(reused, 40);
  EXPECT_GT(learned, 1500);
}

TEST(Mpaa, ACostThatGoesDownWhereItMattersForgetsWhatWasLearned) {
  // A wall with one gap: the first plan goes through the gap and learns h behind it.
  Grid grid(20, 15);
  for (int y = 0; y < 15; ++y)
    if (y != 13) grid.set_cost(grid.id(10, y), kWall);
  MpaaSearch search(grid, mpaa_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact));
  ASSERT_TRUE(search.reset({2, 2}, {17, 2}));
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  EXPECT_FALSE(std::isnan(search.learned_h(grid.id(2, 2))));
  // Far from anything learned, a cost going down changes nothing: what was learned stays.
  grid.set_cost(grid.id(0, 14), 1);
  ASSERT_TRUE(search.repair({grid.id(0, 14)}, {2, 2}));
  search.run();
  EXPECT_FALSE(std::isnan(search.learned_h(grid.id(2, 2))));
  // A gap opened near the start: the learned h there would overestimate, so it is forgotten.
  grid.set_cost(grid.id(10, 2), 1);
  ASSERT_TRUE(search.repair({grid.id(10, 2)}, {2, 2}));
  EXPECT_TRUE(std::isnan(search.learned_h(grid.id(2, 2))));
  search.run();
  expect_cheapest(search, grid, {Diagonal::OnlyWhenNoObstacles, CostModel::Exact}, {2, 2}, {17, 2}, "through the new gap");
  EXPECT_NEAR(search.path_cost(), 15, 1e-9);
}

// Costs going down too, and the start moving by any distance: every plan is cheapest.
TEST(Mpaa, AnyEditAndAnyStartMoveGivesTheCheapestPlan) {
  std::mt19937 rng(403);
  int checks = 0;
  for (int round = 0; round < 150; ++round) {
    const Diagonal d = reference::kAllRules[round % 4];
    const CostModel m = reference::kAllModels[(round / 4) % 2];
    const bool terrain = round % 3 == 0;
    Grid grid = reference::random_grid(rng, 22, terrain);
    MpaaSearch search(grid, mpaa_options(d, m));
    Point start = reference::random_point(rng, grid);
    const Point goal = reference::random_point(rng, grid);
    ASSERT_TRUE(search.reset(start, goal));
    search.run();
    for (int move = 0; move < 10; ++move) {
      const std::string where = describe(d, m, round) + " move " + std::to_string(move);
      if (move % 2 == 0) {
        const CellId id = static_cast<CellId>(rng() % grid.cell_count());
        grid.set_cost(id, rng() % 3 == 0 ? kWall : static_cast<std::uint8_t>(terrain ? 1 + rng() % 9 : 1));
        ASSERT_TRUE(search.repair({id}, start));
      } else {
        const std::vector<Point> path = search.path();
        start = !path.empty() && rng() % 2 == 0 ? path[rng() % path.size()] : reference::random_point(rng, grid);
        ASSERT_TRUE(search.move_start(start));
        EXPECT_EQ(search.start(), start);
      }
      search.run();
      expect_cheapest(search, grid, {d, m}, start, goal, where);
      ++checks;
    }
  }
  EXPECT_EQ(checks, 1500);
}

TEST(Mpaa, MovingTheStartAlongThePathKeepsTheRestOfIt) {
  Grid grid(20, 12);
  for (int y = 0; y < 9; ++y) grid.set_cost(grid.id(10, y), kWall);
  MpaaSearch search(grid, mpaa_options(Diagonal::OnlyWhenNoObstacles, CostModel::Exact));
  ASSERT_TRUE(search.reset({2, 2}, {17, 3}));
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  const std::vector<Point> path = search.path();
  const double cost = search.path_cost();
  for (std::size_t i = 1; i < path.size(); ++i) {
    ASSERT_TRUE(search.move_start(path[i]));
    ASSERT_EQ(search.status(), Status::Found);
    EXPECT_EQ(search.path(), std::vector<Point>(path.begin() + static_cast<std::ptrdiff_t>(i), path.end()));
    EXPECT_EQ(search.phase(grid.id(path[i - 1])), CellPhase::Closed);
    EXPECT_LT(search.path_cost(), cost);
  }
  // Off the path: a new plan from there, which stops at once on the kept path next to it.
  ASSERT_TRUE(search.move_start({16, 2}));
  EXPECT_EQ(search.status(), Status::Running);
  search.run();
  expect_cheapest(search, grid, {Diagonal::OnlyWhenNoObstacles, CostModel::Exact}, {16, 2}, {17, 3}, "off the path");
}

}  // namespace
}  // namespace astar
