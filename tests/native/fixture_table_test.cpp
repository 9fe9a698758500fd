// Runs every hand-checked case of tests/fixtures/scenarios.txt. Besides the expected
// cost, each found path is checked independently of the search: it must be a chain of
// legal moves from start to goal whose costs add up to the reported path cost. Every case
// whose own options guarantee the optimum is also run with every optimal algorithm of the
// table (PathFinding.js runs its scenarios against every finder the same way).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "fixture_table.h"
#include "search.h"

namespace astar::testing {
namespace {

const FixtureTable& table() {
  static const FixtureTable loaded = load_fixture_table();
  return loaded;
}

// Checked from first principles rather than through moves.h, so a wrong table there
// cannot hide here.
std::string illegal_move_reason(const Grid& grid, Diagonal mode, Point from, Point to) {
  const int dx = to.x - from.x, dy = to.y - from.y;
  if (!grid.in_bounds(to.x, to.y)) return "leaves the grid";
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0)) return "is not a move to a neighbour";
  if (!grid.passable(grid.id(to))) return "enters a wall";
  if (dx == 0 || dy == 0) return {};
  const int open_sides = grid.passable(grid.id(from.x + dx, from.y)) + grid.passable(grid.id(from.x, from.y + dy));
  switch (mode) {
    case Diagonal::Never: return "is diagonal, and the mode is never";
    case Diagonal::Always: return {};
    case Diagonal::IfAtMostOneObstacle: return open_sides >= 1 ? "" : "squeezes between two walls";
    case Diagonal::OnlyWhenNoObstacles: return open_sides == 2 ? "" : "cuts a wall's corner";
  }
  return "unknown mode";
}

// Whether the segment between two cell centres touches only walkable cells, checked at
// every point where it crosses a grid line (in steps of 1 / (2 |dx| |dy|), a multiple of
// every crossing); a crossing on a lattice corner touches all four cells around it.
bool clear_sight(const Grid& grid, Point from, Point to) {
  const auto walkable = [&](int x, int y) { return grid.in_bounds(x, y) && grid.passable(grid.id(x, y)); };
  const int dx = to.x - from.x, dy = to.y - from.y;
  const int steps = 2 * std::max(std::abs(dx), 1) * std::max(std::abs(dy), 1);
  for (int i = 0; i <= steps; ++i) {
    const double x = from.x + 0.5 + static_cast<double>(dx) * i / steps, y = from.y + 0.5 + static_cast<double>(dy) * i / steps;
    const bool on_x = std::abs(x - std::round(x)) < 1e-9, on_y = std::abs(y - std::round(y)) < 1e-9;
    for (int cx = on_x ? static_cast<int>(std::round(x)) - 1 : static_cast<int>(std::floor(x));
         cx <= (on_x ? static_cast<int>(std::round(x)) : static_cast<int>(std::floor(x))); ++cx)
      for (int cy = on_y ? static_cast<int>(std::round(y)) - 1 : static_cast<int>(std::floor(y));
           cy <= (on_y ? static_cast<int>(std::round(y)) : static_cast<int>(std::floor(y))); ++cy)
        if (!walkable(cx, cy)) return false;
  }
  return true;
}

TEST(FixtureTable, ParsesWithoutErrorsAndHasTheHandCheckedCases) {
  ASSERT_EQ(table().error, "");
  EXPECT_GE(table().cases.size(), 20u);
}

TEST(FixtureTable, ReaderRejectsMalformedCasesNamingTheLine) {
  EXPECT_NE(parse_fixture_table("case a\noptions algorithm=astar diagonal=never\nmap\nS..\n").error.find("line 1: case \"a\" has no `expect`"),
            std::string::npos);
  EXPECT_NE(parse_fixture_table("case a\noptions algorithm=astar\nmap\nSG\nexpect cost=1\n").error.find("line 2"),
            std::string::npos);
  EXPECT_NE(parse_fixture_table("case a\noptions algorithm=astar diagonal=never\nmap\nS.\nGG\nexpect cost=1\n")
                .error.find("exactly one goal"),
            std::string::npos);
  EXPECT_NE(parse_fixture_table("case a\noptions algorithm=astar diagonal=never\nmap\nS.\n.G.\nexpect cost=1\n")
                .error.find("line 5"),
            std::string::npos);
  const FixtureTable sqrt_cost =
      parse_fixture_table("case a\noptions algorithm=astar diagonal=always\nmap\nS.\n.G\nexpect cost=2+3*sqrt2\n");
  ASSERT_EQ(sqrt_cost.error, "");
  EXPECT_NEAR(*sqrt_cost.cases.at(0).cost, 2 + 3 * std::sqrt(2.0), 1e-12);
}

// The expected outcome of a case, and a path that is a chain of legal moves whose costs
// add up to the reported cost (filled in between jump points for JPS).
void expect_result(const Grid& grid, const FixtureCase& c, const Search& search) {
  if (!c.cost) {
    EXPECT_EQ(search.status(), Status::NoPath);
    EXPECT_TRUE(search.path().empty());
    return;
  }
  ASSERT_EQ(search.status(), Status::Found);
  EXPECT_NEAR(search.path_cost(), *c.cost, 1e-6);

  const std::vector<Point>& path = search.path();
  ASSERT_FALSE(path.empty());
  if (c.path_length) EXPECT_EQ(static_cast<int>(path.size()), *c.path_length);
  EXPECT_EQ(path.front(), c.start);
  EXPECT_EQ(path.back(), c.goal);
  const MoveLengths lengths = move_lengths(c.options.cost_model);
  double sum = 0;
  if (info(search.options().algorithm).any_angle) {
    // Straight segments between cell centres, on a map of one terrain cost.
    for (std::size_t i = 1; i < path.size(); ++i) {
      ASSERT_TRUE(clear_sight(grid, path[i - 1], path[i])) << "segment " << i;
      sum += std::hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y) * grid.cost(grid.id(path[i]));
    }
    EXPECT_NEAR(sum, search.path_cost(), 1e-9);
    return;
  }
  for (std::size_t i = 1; i < path.size(); ++i) {
    const std::string reason = illegal_move_reason(grid, c.options.diagonal, path[i - 1], path[i]);
    ASSERT_EQ(reason, "") << "step " << i << " (" << path[i - 1].x << "," << path[i - 1].y << ") -> (" << path[i].x
                          << "," << path[i].y << ")";
    const bool diagonal = path[i].x != path[i - 1].x && path[i].y != path[i - 1].y;
    sum += (diagonal ? lengths.diagonal : lengths.straight) * grid.cost(grid.id(path[i]));
  }
  EXPECT_NEAR(sum, search.path_cost(), 1e-9);
}

class FixtureCaseTest : public ::testing::TestWithParam<FixtureCase> {};

TEST_P(FixtureCaseTest, FindsTheHandCheckedResultAlongLegalMoves) {
  const FixtureCase& c = GetParam();
  SCOPED_TRACE("scenarios.txt line " + std::to_string(c.line) + ", case " + c.name);
  Grid grid(c.width, c.height);
  ASSERT_TRUE(grid.assign(c.costs.data(), c.costs.size()));
  const std::unique_ptr<Search> search = make_search(grid, c.options);
  ASSERT_TRUE(search->reset(c.start, c.goal));
  search->run();

  if (c.expanded) EXPECT_EQ(search->counters().expanded, *c.expanded);
  expect_result(grid, c, *search);
}

// Whether a case's own options guarantee the cheapest path: Dijkstra, or A* with an
// admissible heuristic and a weight of at most 1.
bool gives_optimum(const SearchOptions& options) {
  if (options.algorithm == Algorithm::Dijkstra) return true;
  if (options.algorithm != Algorithm::AStar || effective_weight(options) > 1) return false;
  return options.diagonal == Diagonal::Never || effective_heuristic(options) != Heuristic::Manhattan;
}

std::vector<FixtureCase> optimum_cases() {
  std::vector<FixtureCase> cases;
  for (const FixtureCase& c : table().cases)
    if (gives_optimum(c.options)) cases.push_back(c);
  return cases;
}

class OptimumCaseTest : public ::testing::TestWithParam<FixtureCase> {};

TEST_P(OptimumCaseTest, EveryOptimalAlgorithmFindsTheSameCostOrRefusesTheMap) {
  const FixtureCase& c = GetParam();
  SCOPED_TRACE("scenarios.txt line " + std::to_string(c.line) + ", case " + c.name);
  Grid grid(c.width, c.height);
  ASSERT_TRUE(grid.assign(c.costs.data(), c.costs.size()));
  int ran = 0;
  for (const AlgorithmInfo& algorithm : kAlgorithms) {
    // Optimal any-angle searches (Polyanya) find shorter paths than the grid's optimum: they
    // are checked against a visibility graph (tests/js/navmesh.test.ts).
    if (!algorithm.optimal || algorithm.any_angle) continue;
    SCOPED_TRACE(std::string(algorithm.name));
    SearchOptions options = c.options;
    options.algorithm = algorithm.id;
    options.heuristic.reset();  // each algorithm's default, which is admissible
    options.weight = 1;
    const std::unique_ptr<Search> search = make_search(grid, options);
    ASSERT_TRUE(search->reset(c.start, c.goal));
    search->run();
    if (refusal_for(options, grid) != Refusal::None) {
      // Never a wrong answer: an algorithm defined only for uniform costs says so.
      EXPECT_EQ(search->status(), Status::Refused);
      EXPECT_TRUE(algorithm.uniform_terrain_only);
      continue;
    }
    expect_result(grid, c, *search);
    ++ran;
  }
  EXPECT_GE(ran, 3) << "Dijkstra, A* and bidirectional A* run on every map";
}

std::vector<FixtureCase> all_cases() { return table().cases; }

std::string case_test_name(const ::testing::TestParamInfo<FixtureCase>& info) {
  std::string name = info.param.name;
  for (char& ch : name)
    if (ch == '-') ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(ScenariosTxt, FixtureCaseTest, ::testing::ValuesIn(all_cases()), case_test_name);
INSTANTIATE_TEST_SUITE_P(ScenariosTxt, OptimumCaseTest, ::testing::ValuesIn(optimum_cases()), case_test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(FixtureCaseTest);

}  // namespace
}  // namespace astar::testing
