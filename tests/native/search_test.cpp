// Search: step events on hand-checked maps, counters, O(1) reset, deterministic replay,
// staleness after edits, a grid that is never written, optimality against Dijkstra on
// random maps, the weighted-A* bound and the 16-bit stamp wrapping.
#include "best_first.h"
#include "grid_policy.h"
#include "search.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>
#include <vector>

namespace astar {
namespace {

constexpr double kSqrt2d = 1.4142135623730951;

using GridSearch = BestFirstSearch<GridPolicy>;

// One grid-move step as these tests read it: the expanded cell and its neighbour events.
struct NeighbourEvent {
  CellId cell;
  Outcome outcome;
  double old_g;
  double new_g;
};
struct StepEvent {
  CellId cell = kNoCell;
  double g = NAN, h = NAN, f = NAN;
  std::vector<NeighbourEvent> neighbours;
};

bool step_recorded(Search& search, StepEvent& step) {
  std::vector<Event> events;
  if (!search.step(events)) return false;
  step = {};
  for (const Event& e : events) {
    if (e.kind == EventKind::Expand) {
      step.cell = e.cell;
      step.g = e.a;
      step.h = e.b;
      step.f = e.c;
    } else if (e.kind == EventKind::Neighbour) {
      step.neighbours.push_back({e.cell, e.outcome, e.a, e.b});
    }
  }
  return true;
}

bool same_double(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

bool same_events(const StepEvent& a, const StepEvent& b) {
  if (a.cell != b.cell || !same_double(a.g, b.g) || !same_double(a.h, b.h) || !same_double(a.f, b.f) ||
      a.neighbours.size() != b.neighbours.size())
    return false;
  for (std::size_t i = 0; i < a.neighbours.size(); ++i) {
    const NeighbourEvent &x = a.neighbours[i], &y = b.neighbours[i];
    if (x.cell != y.cell || x.outcome != y.outcome || !same_double(x.old_g, y.old_g) || !same_double(x.new_g, y.new_g))
      return false;
  }
  return true;
}

std::vector<StepEvent> record_all(Search& search) {
  std::vector<StepEvent> events;
  StepEvent event;
  while (step_recorded(search, event)) events.push_back(event);
  return events;
}

void expect_neighbour(const NeighbourEvent& n, CellId cell, Outcome outcome, double old_g, double new_g) {
  EXPECT_EQ(n.cell, cell);
  EXPECT_EQ(n.outcome, outcome) << "cell " << cell;
  if (std::isnan(old_g))
    EXPECT_TRUE(std::isnan(n.old_g)) << "cell " << cell << " old_g " << n.old_g;
  else
    EXPECT_NEAR(n.old_g, old_g, 1e-12) << "cell " << cell;
  if (std::isnan(new_g))
    EXPECT_TRUE(std::isnan(n.new_g)) << "cell " << cell << " new_g " << n.new_g;
  else
    EXPECT_NEAR(n.new_g, new_g, 1e-12) << "cell " << cell;
}

// 3 x 3 with a wall in the middle:   S . .
//                                    . # .
//                                    . . G
Grid ring_grid() {
  Grid grid(3, 3);
  grid.set_cost(grid.id(1, 1), kWall);
  return grid;
}

TEST(SearchSteps, ReportOpenedClosedAndBlockedNeighboursInDirectionOrder) {
  const Grid grid = ring_grid();
  GridSearch search(grid);
  search.set_options({Algorithm::AStar, Diagonal::OnlyWhenNoObstacles, Heuristic::Octile, 1.0});
  ASSERT_TRUE(search.reset({0, 0}, {2, 2}));
  StepEvent e;

  // Expand S (0,0): h = octile(2,2) = 2*sqrt2. N, W and the diagonals other than SE are
  // outside the grid and not reported. E and S open at g 1; SE is the wall.
  ASSERT_TRUE(step_recorded(search, e));
  EXPECT_EQ(e.cell, grid.id(0, 0));
  EXPECT_EQ(e.g, 0);
  EXPECT_NEAR(e.h, 2 * kSqrt2d, 1e-12);
  EXPECT_NEAR(e.f, 2 * kSqrt2d, 1e-12);
  ASSERT_EQ(e.neighbours.size(), 3u);
  expect_neighbour(e.neighbours[0], grid.id(1, 0), Outcome::Opened, NAN, 1);
  expect_neighbour(e.neighbours[1], grid.id(0, 1), Outcome::Opened, NAN, 1);
  expect_neighbour(e.neighbours[2], grid.id(1, 1), Outcome::Blocked, NAN, NAN);

  // (1,0) and (0,1) tie at f = 1 + (1 + sqrt2) and g = 1; the smaller id (1,0) goes first.
  // Its neighbours: E (2,0) opens at 2; S is the wall; W is closed S; SE (2,1) and
  // SW (0,1) would cut the wall's corner: blocked under only-when-no-obstacles.
  ASSERT_TRUE(step_recorded(search, e));
  EXPECT_EQ(e.cell, grid.id(1, 0));
  EXPECT_EQ(e.g, 1);
  EXPECT_NEAR(e.h, 1 + kSqrt2d, 1e-12);
  ASSERT_EQ(e.neighbours.size(), 5u);
  expect_neighbour(e.neighbours[0], grid.id(2, 0), Outcome::Opened, NAN, 2);
  expect_neighbour(e.neighbours[1], grid.id(1, 1), Outcome::Blocked, NAN, NAN);
  expect_neighbour(e.neighbours[2], grid.id(0, 0), Outcome::AlreadyClosed, 0, 0);
  expect_neighbour(e.neighbours[3], grid.id(2, 1), Outcome::Blocked, NAN, NAN);
  expect_neighbour(e.neighbours[4], grid.id(0, 1), Outcome::Blocked, NAN, NAN);

  EXPECT_EQ(search.phase(grid.id(0, 0)), CellPhase::Closed);
  EXPECT_EQ(search.phase(grid.id(1, 0)), CellPhase::Closed);
  EXPECT_EQ(search.phase(grid.id(2, 0)), CellPhase::Open);
  EXPECT_EQ(search.phase(grid.id(2, 2)), CellPhase::Unseen);
  EXPECT_EQ(search.expansion_order(grid.id(0, 0)), 1u);
  EXPECT_EQ(search.expansion_order(grid.id(1, 0)), 2u);
  EXPECT_EQ(search.expansion_order(grid.id(2, 0)), 0u);
  EXPECT_EQ(search.parent(grid.id(2, 0)), grid.id(1, 0));
  EXPECT_EQ(search.parent(grid.id(0, 0)), kNoCell);
  EXPECT_TRUE(std::isnan(search.g(grid.id(2, 2))));
  EXPECT_TRUE(std::isnan(search.f(grid.id(2, 2))));
}

TEST(SearchSteps, NeverModeDoesNotReportDiagonalsAsBlocked) {
  const Grid grid = ring_grid();
  GridSearch search(grid);
  search.set_options({Algorithm::AStar, Diagonal::Never, std::nullopt, 1.0});
  ASSERT_TRUE(search.reset({0, 0}, {2, 2}));
  StepEvent e;
  ASSERT_TRUE(step_recorded(search, e));
  ASSERT_EQ(e.neighbours.size(), 2u);
  EXPECT_EQ(e.neighbours[0].outcome, Outcome::Opened);
  EXPECT_EQ(e.neighbours[1].outcome, Outcome::Opened);
  EXPECT_EQ(e.h, 4);  // manhattan is the default without diagonals
}

// 2 x 2, Dijkstra with diagonals:   S .
//                                   . 9      goal (1,1), terrain 9
// S opens (1,1) diagonally at 9*sqrt2 ~ 12.73; from (1,0) the straight move costs
// 1 + 9 = 10, an improvement; from (0,1) it is 10 again, not an improvement.
TEST(SearchSteps, ReportImprovedWithOldAndNewG) {
  Grid grid(2, 2);
  grid.set_cost(grid.id(1, 1), 9);
  GridSearch search(grid);
  search.set_options({Algorithm::Dijkstra, Diagonal::OnlyWhenNoObstacles, std::nullopt, 1.0});
  ASSERT_TRUE(search.reset({0, 0}, {1, 1}));
  StepEvent e;

  ASSERT_TRUE(step_recorded(search, e));
  ASSERT_EQ(e.neighbours.size(), 3u);
  expect_neighbour(e.neighbours[0], 1, Outcome::Opened, NAN, 1);
  expect_neighbour(e.neighbours[1], 2, Outcome::Opened, NAN, 1);
  expect_neighbour(e.neighbours[2], 3, Outcome::Opened, NAN, 9 * kSqrt2d);
  EXPECT_EQ(search.counters().max_open, 3u);

  ASSERT_TRUE(step_recorded(search, e));  // (1,0): g 1, smaller id than (0,1)
  EXPECT_EQ(e.cell, 1u);
  EXPECT_EQ(e.h, 0);  // Dijkstra: zero heuristic
  EXPECT_EQ(e.f, 1);
  ASSERT_EQ(e.neighbours.size(), 3u);
  expect_neighbour(e.neighbours[0], 3, Outcome::Improved, 9 * kSqrt2d, 10);  // S
  expect_neighbour(e.neighbours[1], 0, Outcome::AlreadyClosed, 0, 0);        // W
  expect_neighbour(e.neighbours[2], 2, Outcome::NotImproved, 1, 1);          // SW: 1 + sqrt2 > 1
  EXPECT_EQ(search.parent(3), 1u);

  ASSERT_TRUE(step_recorded(search, e));  // (0,1)
  EXPECT_EQ(e.cell, 2u);
  ASSERT_EQ(e.neighbours.size(), 3u);
  expect_neighbour(e.neighbours[0], 0, Outcome::AlreadyClosed, 0, 0);   // N
  expect_neighbour(e.neighbours[1], 3, Outcome::NotImproved, 10, 10);   // E: 1 + 9 is not < 10
  expect_neighbour(e.neighbours[2], 1, Outcome::AlreadyClosed, 1, 1);   // NE

  ASSERT_TRUE(step_recorded(search, e));  // the goal
  EXPECT_EQ(e.cell, 3u);
  EXPECT_TRUE(e.neighbours.empty());
  EXPECT_EQ(search.status(), Status::Found);
  EXPECT_FALSE(step_recorded(search, e)) << "a finished search does nothing";
  EXPECT_EQ(search.path(), (std::vector<Point>{{0, 0}, {1, 0}, {1, 1}}));
  EXPECT_EQ(search.path_cost(), 10);
  EXPECT_EQ(search.phase(1), CellPhase::Path);
  EXPECT_EQ(search.phase(2), CellPhase::Closed);

  const Counters& c = search.counters();
  EXPECT_EQ(c.expanded, 4u);
  EXPECT_EQ(c.opened, 4u);  // the start and three neighbours
  EXPECT_EQ(c.improved, 1u);
  EXPECT_EQ(c.max_open, 3u);
  EXPECT_EQ(search.open_size(), 0u);
}

TEST(SearchReset, OutOfBoundsPointsAreRefusedAndWallsGiveNoPathAtOnce) {
  Grid grid(4, 4);
  grid.set_cost(grid.id(3, 3), kWall);
  GridSearch search(grid);
  EXPECT_EQ(search.status(), Status::Ready);
  EXPECT_FALSE(search.step()) << "never reset: nothing to do";
  EXPECT_FALSE(search.reset({-1, 0}, {1, 1}));
  EXPECT_EQ(search.status(), Status::Ready);
  EXPECT_FALSE(search.reset({0, 0}, {4, 0}));
  EXPECT_EQ(search.status(), Status::Ready);
  EXPECT_TRUE(search.reset({0, 0}, {3, 3}));
  EXPECT_EQ(search.status(), Status::NoPath);
  EXPECT_EQ(search.counters().expanded, 0u);
  EXPECT_TRUE(std::isnan(search.path_cost()));
}

TEST(SearchReset, OptionsTakeEffectAtTheNextReset) {
  const Grid grid(6, 1);
  GridSearch search(grid);
  search.set_options({Algorithm::AStar, Diagonal::Never, std::nullopt, 1.0});
  ASSERT_TRUE(search.reset({0, 0}, {5, 0}));
  search.set_options({Algorithm::Dijkstra, Diagonal::Never, std::nullopt, 1.0});
  StepEvent e;
  ASSERT_TRUE(step_recorded(search, e));
  EXPECT_EQ(e.h, 5) << "still A* with manhattan until reset";
  ASSERT_TRUE(search.reset({0, 0}, {5, 0}));
  ASSERT_TRUE(step_recorded(search, e));
  EXPECT_EQ(e.h, 0) << "Dijkstra after reset";
}

// A map with walls and terrain, big enough for ties and improvements to occur.
Grid random_grid(std::mt19937& rng, int width, int height, int wall_percent, bool terrain) {
  Grid grid(width, height);
  for (CellId id = 0; id < grid.cell_count(); ++id) {
    const unsigned roll = rng() % 100;
    const std::uint8_t cost = roll < static_cast<unsigned>(wall_percent) ? kWall
                              : terrain ? static_cast<std::uint8_t>(1 + rng() % 9)
                                        : kMinTerrainCost;
    grid.set_cost(id, cost);
  }
  return grid;
}

Point random_point(std::mt19937& rng, const Grid& grid) {
  return {static_cast<int>(rng() % grid.width()), static_cast<int>(rng() % grid.height())};
}

TEST(SearchReset, ASecondSearchOnTheSameObjectGivesIdenticalSteps) {
  std::mt19937 rng(7);
  Grid grid = random_grid(rng, 20, 20, 25, true);
  const Point start{0, 0}, goal{19, 19};
  grid.set_cost(grid.id(start), 1);
  grid.set_cost(grid.id(goal), 1);
  GridSearch search(grid);
  search.set_options({Algorithm::AStar, Diagonal::IfAtMostOneObstacle, std::nullopt, 1.0});
  ASSERT_TRUE(search.reset(start, goal));
  const std::vector<StepEvent> first = record_all(search);
  const double first_cost = search.path_cost();
  // An unrelated search in between leaves per-cell state behind; reset must hide it.
  ASSERT_TRUE(search.reset({19, 0}, {0, 19}));
  search.run();
  ASSERT_TRUE(search.reset(start, goal));
  const std::vector<StepEvent> second = record_all(search);
  ASSERT_EQ(first.size(), second.size());
  for (std::size_t i = 0; i < first.size(); ++i) ASSERT_TRUE(same_events(first[i], second[i])) << "step " << i;
  EXPECT_TRUE(same_double(first_cost, search.path_cost()));
  ASSERT_GT(first.size(), 20u) << "the map should make the search do real work";
}

TEST(SearchReplay, ResetAndReplayingKStepsReproducesEveryCell) {
  std::mt19937 rng(11);
  Grid grid = random_grid(rng, 16, 12, 20, true);
  grid.set_cost(grid.id(1, 1), 1);
  grid.set_cost(grid.id(14, 10), 1);
  GridSearch search(grid);
  for (Algorithm algorithm : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::GreedyBestFirst, Algorithm::BreadthFirst}) {
    search.set_options({algorithm, Diagonal::OnlyWhenNoObstacles, std::nullopt, 1.5});
    ASSERT_TRUE(search.reset({1, 1}, {14, 10}));
    const std::vector<StepEvent> all = record_all(search);
    ASSERT_GT(all.size(), 10u) << name_of(algorithm);
    for (std::size_t k : {std::size_t{0}, all.size() / 3, all.size() / 2, all.size()}) {
      ASSERT_TRUE(search.reset({1, 1}, {14, 10}));
      StepEvent e;
      for (std::size_t i = 0; i < k; ++i) {
        ASSERT_TRUE(step_recorded(search, e));
        ASSERT_TRUE(same_events(e, all[i])) << name_of(algorithm) << " step " << i;
      }
      // Unobserved stepping takes the same route as observed stepping.
      GridSearch unobserved(grid);
      unobserved.set_options(search.options());
      ASSERT_TRUE(unobserved.reset({1, 1}, {14, 10}));
      EXPECT_EQ(unobserved.run_steps(k), k);
      for (CellId id = 0; id < grid.cell_count(); ++id) {
        ASSERT_EQ(search.phase(id), unobserved.phase(id)) << name_of(algorithm) << " k " << k << " cell " << id;
        ASSERT_TRUE(same_double(search.g(id), unobserved.g(id)));
        ASSERT_EQ(search.parent(id), unobserved.parent(id));
        ASSERT_EQ(search.expansion_order(id), unobserved.expansion_order(id));
      }
      EXPECT_EQ(search.counters().expanded, unobserved.counters().expanded);
      EXPECT_EQ(search.open_size(), unobserved.open_size());
    }
  }
}

TEST(SearchStale, EditingTheGridStopsTheSearchUntilReset) {
  Grid grid(10, 10);
  GridSearch search(grid);
  ASSERT_TRUE(search.reset({0, 0}, {9, 9}));
  ASSERT_TRUE(search.step());
  EXPECT_FALSE(search.stale());
  grid.set_cost(grid.id(5, 5), kWall);
  EXPECT_TRUE(search.stale());
  EXPECT_FALSE(search.step()) << "a stale search must not continue on a changed map";
  EXPECT_EQ(search.run_steps(100), 0u);
  ASSERT_TRUE(search.reset({0, 0}, {9, 9}));
  EXPECT_FALSE(search.stale());
  search.run();
  EXPECT_EQ(search.status(), Status::Found);
  grid.fill(3);
  EXPECT_TRUE(search.stale());
}

TEST(SearchGrid, SetGridSwitchesToAnotherSizeAndNeedsAReset) {
  const Grid small(3, 3);
  const Grid large(30, 20);
  GridSearch search(small);
  ASSERT_TRUE(search.reset({0, 0}, {2, 2}));
  search.run();
  search.set_grid(large);
  EXPECT_EQ(search.status(), Status::Ready);
  EXPECT_FALSE(search.step());
  ASSERT_TRUE(search.reset({0, 0}, {29, 19}));
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  EXPECT_NEAR(search.path_cost(), 10 + 19 * kSqrt2d, 1e-9);
}

TEST(SearchGrid, SearchesNeverWriteToTheGrid) {
  std::mt19937 rng(3);
  const Grid grid = random_grid(rng, 24, 24, 30, true);
  const std::vector<std::uint8_t> before(grid.costs(), grid.costs() + grid.cell_count());
  std::vector<std::uint8_t> masks_before;
  for (CellId id = 0; id < grid.cell_count(); ++id) masks_before.push_back(grid.neighbour_mask(id));
  const std::uint64_t revision = grid.revision();
  GridSearch search(grid);
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::GreedyBestFirst, Algorithm::BreadthFirst})
    for (Diagonal d : {Diagonal::Never, Diagonal::Always, Diagonal::IfAtMostOneObstacle, Diagonal::OnlyWhenNoObstacles}) {
      search.set_options({a, d, std::nullopt, 2.0});
      for (int i = 0; i < 5; ++i) {
        search.reset(random_point(rng, grid), random_point(rng, grid));
        search.run();
      }
    }
  EXPECT_EQ(std::vector<std::uint8_t>(grid.costs(), grid.costs() + grid.cell_count()), before);
  for (CellId id = 0; id < grid.cell_count(); ++id) ASSERT_EQ(grid.neighbour_mask(id), masks_before[id]);
  EXPECT_EQ(grid.revision(), revision);
}

double cost_with(const Grid& grid, SearchOptions options, Point start, Point goal) {
  GridSearch search(grid);
  search.set_options(options);
  search.reset(start, goal);
  search.run();
  return search.status() == Status::Found ? search.path_cost() : -1;
}

// Random 14 x 14 maps (fixed seed), with and without terrain: A* with every admissible
// heuristic for the diagonal mode finds Dijkstra's cost, weighted A* stays within its
// bound, and greedy and breadth-first never beat the optimum.
TEST(SearchOptimality, AStarWithAdmissibleHeuristicsMatchesDijkstraOnRandomMaps) {
  std::mt19937 rng(2024);
  int compared = 0, found = 0;
  for (int map = 0; map < 40; ++map) {
    const Grid grid = random_grid(rng, 14, 14, 10 + map % 4 * 8, map % 2 == 1);
    for (int query = 0; query < 5; ++query) {
      const Point start = random_point(rng, grid), goal = random_point(rng, grid);
      for (Diagonal d : {Diagonal::Never, Diagonal::Always, Diagonal::IfAtMostOneObstacle, Diagonal::OnlyWhenNoObstacles}) {
        const double optimal = cost_with(grid, {Algorithm::Dijkstra, d, std::nullopt, 1.0}, start, goal);
        const std::vector<Heuristic> admissible =
            d == Diagonal::Never
                ? std::vector<Heuristic>{Heuristic::Manhattan, Heuristic::Euclidean, Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Zero}
                : std::vector<Heuristic>{Heuristic::Euclidean, Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Zero};
        for (Heuristic h : admissible) {
          const double cost = cost_with(grid, {Algorithm::AStar, d, h, 1.0}, start, goal);
          ASSERT_NEAR(cost, optimal, 1e-9) << "map " << map << " query " << query << " " << name_of(d) << " " << name_of(h);
          ++compared;
        }
        if (optimal < 0) {
          for (Algorithm a : {Algorithm::GreedyBestFirst, Algorithm::BreadthFirst})
            EXPECT_EQ(cost_with(grid, {a, d, std::nullopt, 1.0}, start, goal), -1) << "no path means no path for every algorithm";
          continue;
        }
        ++found;
        for (double w : {1.5, 2.0, 5.0}) {
          const double cost = cost_with(grid, {Algorithm::AStar, d, std::nullopt, w}, start, goal);
          EXPECT_GE(cost, optimal - 1e-9);
          EXPECT_LE(cost, w * optimal + 1e-9) << "map " << map << " weight " << w;
        }
        for (Algorithm a : {Algorithm::GreedyBestFirst, Algorithm::BreadthFirst})
          EXPECT_GE(cost_with(grid, {a, d, std::nullopt, 1.0}, start, goal), optimal - 1e-9) << name_of(a);
      }
    }
  }
  EXPECT_GT(found, 300) << "the random maps should mostly have paths";
  EXPECT_GT(compared, 3000);
}

// The bug this guards against: after 65535 resets the 16-bit stamp comes round again and
// cells from a search long ago would look like part of the current one.
TEST(SearchStamp, WrappingThe16BitStampForgetsOldSearches) {
  Grid grid(3, 3);
  grid.set_cost(grid.id(2, 2), kWall);
  GridSearch search(grid);
  GridSearch fresh(grid);
  ASSERT_TRUE(search.reset({0, 0}, {2, 1}));
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  const std::uint16_t full_search_stamp = search.stamp();
  bool wrapped = false;
  for (int i = 0; i < 70000; ++i) {
    // A start on a wall touches no cell: only the stamp moves.
    ASSERT_TRUE(search.reset({2, 2}, {0, 0}));
    ASSERT_NE(search.stamp(), 0) << "stamp 0 is what fresh cells carry; it must never be current";
    if (search.stamp() == full_search_stamp) {
      wrapped = true;
      for (CellId id = 0; id < grid.cell_count(); ++id)
        ASSERT_EQ(search.phase(id), CellPhase::Unseen) << "cell " << id << " leaked from a search 65535 resets ago";
    }
  }
  EXPECT_TRUE(wrapped);
  for (Point goal : {Point{2, 1}, Point{0, 2}, Point{1, 1}}) {
    ASSERT_TRUE(search.reset({0, 0}, goal));
    ASSERT_TRUE(fresh.reset({0, 0}, goal));
    const std::vector<StepEvent> after_wrap = record_all(search), reference = record_all(fresh);
    ASSERT_EQ(after_wrap.size(), reference.size());
    for (std::size_t i = 0; i < reference.size(); ++i) EXPECT_TRUE(same_events(after_wrap[i], reference[i]));
    EXPECT_EQ(search.path(), fresh.path());
  }
}

// The registry decides which class runs which algorithm: a search made for one algorithm
// runs exactly the algorithms whose rows name its class, and starts for those only.
TEST(SearchRegistry, ASearchRunsTheAlgorithmsItsClassIsRegisteredForAndStartsOnlyForThose) {
  const Grid grid(4, 3);
  for (const AlgorithmInfo& made_for : kAlgorithms) {
    const std::unique_ptr<Search> search = make_search(grid, {.algorithm = made_for.id});
    EXPECT_TRUE(search->runs(made_for.id)) << made_for.name;
    for (const AlgorithmInfo& other : kAlgorithms) {
      const bool same_class = search_class(other.id).make == search_class(made_for.id).make;
      EXPECT_EQ(search->runs(other.id), same_class) << made_for.name << " / " << other.name;
      search->set_options({.algorithm = other.id});
      EXPECT_EQ(search->reset({0, 0}, {3, 2}), same_class) << made_for.name << " / " << other.name;
      const Status begun = search_class(other.id).prepares ? Status::Preparing : Status::Running;
      EXPECT_EQ(search->status(), same_class ? begun : Status::Ready) << made_for.name << " / " << other.name;
    }
    EXPECT_EQ(bytes_per_cell(made_for.id), search_class(made_for.id).bytes_per_cell);
  }
  // The grid-move family shares one class; jumps and any-angle searches have their own.
  const std::unique_ptr<Search> astar = make_search(grid, {});
  for (const Algorithm a : {Algorithm::Dijkstra, Algorithm::GreedyBestFirst, Algorithm::BreadthFirst, Algorithm::DepthFirst})
    EXPECT_TRUE(astar->runs(a)) << name_of(a);
  for (const Algorithm a : {Algorithm::JumpPoint, Algorithm::ThetaStar, Algorithm::Bidirectional, Algorithm::IterativeDeepening,
                            Algorithm::DStarLite, Algorithm::JumpPointPlus})
    EXPECT_FALSE(astar->runs(a)) << name_of(a);
}

}  // namespace
}  // namespace astar
