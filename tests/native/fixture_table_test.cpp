// Runs every hand-checked case of tests/fixtures/scenarios.txt. Besides the expected
// cost, each found path is checked independently of the search: it must be a chain of
// legal moves from start to goal whose costs add up to the reported path cost.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

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

class FixtureCaseTest : public ::testing::TestWithParam<FixtureCase> {};

TEST_P(FixtureCaseTest, FindsTheHandCheckedResultAlongLegalMoves) {
  const FixtureCase& c = GetParam();
  SCOPED_TRACE("scenarios.txt line " + std::to_string(c.line) + ", case " + c.name);
  Grid grid(c.width, c.height);
  ASSERT_TRUE(grid.assign(c.costs.data(), c.costs.size()));
  Search search(grid);
  search.set_options(c.options);
  ASSERT_TRUE(search.reset(c.start, c.goal));
  search.run();

  if (c.expanded) EXPECT_EQ(search.counters().expanded, *c.expanded);
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
  double sum = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const std::string reason = illegal_move_reason(grid, c.options.diagonal, path[i - 1], path[i]);
    ASSERT_EQ(reason, "") << "step " << i << " (" << path[i - 1].x << "," << path[i - 1].y << ") -> (" << path[i].x
                          << "," << path[i].y << ")";
    const bool diagonal = path[i].x != path[i - 1].x && path[i].y != path[i - 1].y;
    sum += (diagonal ? std::sqrt(2.0) : 1.0) * grid.cost(grid.id(path[i]));
  }
  EXPECT_NEAR(sum, search.path_cost(), 1e-9);
}

std::string case_test_name(const ::testing::TestParamInfo<FixtureCase>& info) {
  std::string name = info.param.name;
  for (char& ch : name)
    if (ch == '-') ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(ScenariosTxt, FixtureCaseTest, ::testing::ValuesIn(table().cases), case_test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(FixtureCaseTest);

}  // namespace
}  // namespace astar::testing
