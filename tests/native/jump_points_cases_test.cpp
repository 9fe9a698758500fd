// JumpScanner (jump_points.h) on hand-drawn maps: each diagonal rule's forced neighbours and
// the scans it reports, and a goal wherever it falls inside a block scan's word.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "jump_points.h"
#include "jump_scanner_rule.h"
#include "jump_test_support.h"

namespace astar {
namespace {

using namespace jump_test;

// ---------------------------------------------------------------------------------------
// The forced-neighbour rules and the reports, on hand-drawn maps.

struct Observed {
  std::vector<Successor> successors;
  std::vector<Reported> events;
};

Observed observe(const Grid& grid, Diagonal rule, Point at, int travel, Point goal) {
  JumpScanner scanner;
  scanner.prepare(grid, rule);
  Observed seen;
  Recorder rec;
  scanner.successors(at.x, at.y, travel, goal, [&](int d, std::uint32_t steps) { seen.successors.push_back({d, steps}); },
                     rec);
  seen.events = rec.events;
  return seen;
}

Reported scan(int x, int y, int dir, std::uint32_t steps, Outcome outcome) { return {false, x, y, dir, steps, outcome, 0, 0}; }
Reported forced(int fx, int fy, int jx, int jy) { return {true, fx, fy, 0, 0, Outcome::None, jx, jy}; }

constexpr int N = 0, E = 1, S = 2, W = 3, NE = 4;

// Moving east under a wall that ends:
//      x 0123456
//   y0   .###...
//   y1   .S.....      S = the cell expanded, entered moving east
//   y2   .......
const std::vector<std::string> kWallEnds = {
    ".###...",
    ".......",
    ".......",
};

TEST(JumpScannerForcedRules, EastUnderOnlyWhenNoObstaclesStopsWhereTheCellBehindAboveIsBlockedAndAboveIsFree) {
  const Observed seen = observe(grid_from(kWallEnds), Diagonal::OnlyWhenNoObstacles, {1, 1}, E, {6, 2});
  EXPECT_EQ(seen.successors, (std::vector<Successor>{{E, 3}}));
  EXPECT_EQ(seen.events, (std::vector<Reported>{forced(4, 0, 4, 1), forced(5, 0, 4, 1),
                                                scan(1, 1, E, 3, Outcome::JumpPoint)}));
}

TEST(JumpScannerForcedRules, EastUnderNeverStopsWhereTheWallAboveEndsWithOnlyTheCellAboveForced) {
  const Observed seen = observe(grid_from(kWallEnds), Diagonal::Never, {1, 1}, E, {6, 2});
  EXPECT_EQ(seen.successors, (std::vector<Successor>{{E, 3}}));
  EXPECT_EQ(seen.events, (std::vector<Reported>{forced(4, 0, 4, 1), scan(1, 1, E, 3, Outcome::JumpPoint)}));
}

TEST(JumpScannerForcedRules, EastUnderAlwaysStopsOneCellBeforeTheWallAboveEnds) {
  const Observed seen = observe(grid_from(kWallEnds), Diagonal::Always, {1, 1}, E, {6, 2});
  EXPECT_EQ(seen.successors, (std::vector<Successor>{{E, 2}}));
  EXPECT_EQ(seen.events, (std::vector<Reported>{forced(4, 0, 3, 1), scan(1, 1, E, 2, Outcome::JumpPoint)}));
}

TEST(JumpScannerForcedRules, EastUnderIfAtMostOneObstacleStopsBeforeTheWallAboveEndsWhenTheCellAheadIsFree) {
  const Observed seen = observe(grid_from(kWallEnds), Diagonal::IfAtMostOneObstacle, {1, 1}, E, {6, 2});
  EXPECT_EQ(seen.successors, (std::vector<Successor>{{E, 2}}));
  EXPECT_EQ(seen.events, (std::vector<Reported>{forced(4, 0, 3, 1), scan(1, 1, E, 2, Outcome::JumpPoint)}));
}

TEST(JumpScannerForcedRules, EastAgainstAWallIsAJumpPointUnderAlwaysButADeadEndUnderIfAtMostOneObstacle) {
  // (3,1) has a wall above, a wall ahead and the free (4,0) diagonally ahead: always may
  // cut between the two walls, if-at-most-one-obstacle may not.
  const Grid grid = grid_from({
      ".###...",
      "....#..",
      ".......",
  });
  const Observed always = observe(grid, Diagonal::Always, {1, 1}, E, {6, 2});
  EXPECT_EQ(always.successors, (std::vector<Successor>{{E, 2}}));
  EXPECT_EQ(always.events, (std::vector<Reported>{forced(4, 0, 3, 1), scan(1, 1, E, 2, Outcome::JumpPoint)}));
  const Observed careful = observe(grid, Diagonal::IfAtMostOneObstacle, {1, 1}, E, {6, 2});
  EXPECT_TRUE(careful.successors.empty());
  EXPECT_EQ(careful.events, (std::vector<Reported>{scan(1, 1, E, 2, Outcome::DeadEnd)}));
}

// A diagonal move into n with the cell behind it (west of n) blocked:
//      x 0123
//   y0   ....
//   y1   ....
//   y2   .#..
//   y3   .S..     S = the cell expanded, entered moving north-east
const std::vector<std::string> kBehindBlocked = {
    "....",
    "....",
    ".#..",
    "....",
};

TEST(JumpScannerForcedRules, DiagonalUnderAlwaysStopsWhereTheCellBehindIsBlocked) {
  const Observed seen = observe(grid_from(kBehindBlocked), Diagonal::Always, {1, 3}, NE, {0, 0});
  EXPECT_EQ(seen.successors, (std::vector<Successor>{{NE, 1}}));
  EXPECT_EQ(seen.events, (std::vector<Reported>{scan(1, 3, N, 0, Outcome::DeadEnd), scan(1, 3, E, 2, Outcome::DeadEnd),
                                                forced(1, 1, 2, 2), scan(1, 3, NE, 1, Outcome::JumpPoint)}));
}

TEST(JumpScannerForcedRules, DiagonalUnderIfAtMostOneObstacleNeedsTheSideTheForcedMovePassesFree) {
  const Observed open = observe(grid_from(kBehindBlocked), Diagonal::IfAtMostOneObstacle, {1, 3}, NE, {0, 0});
  EXPECT_EQ(open.successors, (std::vector<Successor>{{NE, 1}}));
  // With (2,1) blocked too, the diagonal back to (1,1) passes two walls: nothing is forced,
  // and the scan continues north-east until a straight scan finds (3,1)'s neighbour (3,0).
  const Grid closed = grid_from({
      "....",
      "..#.",
      ".#..",
      "....",
  });
  const Observed seen = observe(closed, Diagonal::IfAtMostOneObstacle, {1, 3}, NE, {0, 0});
  EXPECT_EQ(seen.events.back(), scan(1, 3, NE, 2, Outcome::JumpPoint));
  EXPECT_TRUE(std::none_of(seen.events.begin(), seen.events.end(),
                           [](const Reported& r) { return r.is_forced && r.jx == 2 && r.jy == 2; }));
}

TEST(JumpScannerForcedRules, DiagonalUnderOnlyWhenNoObstaclesHasNoForcedNeighbours) {
  // Blocked cells all around behind (2,2): only the natural directions are scanned.
  const Grid grid = grid_from({
      ".....",
      ".....",
      "#.#..",
      "..#..",
      "....#",
  });
  const Observed seen = observe(grid, Diagonal::OnlyWhenNoObstacles, {1, 2}, NE, {4, 0});
  std::vector<int> dirs;
  for (const Reported& r : seen.events)
    if (!r.is_forced && r.x == 1 && r.y == 2) dirs.push_back(r.dir);
  EXPECT_EQ(dirs, (std::vector<int>{N, E, NE}));
}

TEST(JumpScannerForcedRules, NoObstacleDiagonalScanReportsItsStraightScansBeforeItself) {
  //      x 0123
  //   y0   ..#.
  //   y1   ....
  //   y2   ....
  //   y3   S...
  const Grid grid = grid_from({
      "..#.",
      "....",
      "....",
      "....",
  });
  const Observed seen = observe(grid, Diagonal::OnlyWhenNoObstacles, {0, 3}, NE, {3, 0});
  EXPECT_EQ(seen.successors, (std::vector<Successor>{{NE, 2}}));
  EXPECT_EQ(seen.events, (std::vector<Reported>{
                             scan(0, 3, N, 3, Outcome::DeadEnd),
                             scan(0, 3, E, 3, Outcome::DeadEnd),
                             scan(1, 2, N, 2, Outcome::DeadEnd),
                             scan(1, 2, E, 2, Outcome::DeadEnd),
                             scan(2, 1, N, 0, Outcome::DeadEnd),
                             forced(3, 0, 3, 1),
                             scan(2, 1, E, 1, Outcome::JumpPoint),
                             scan(0, 3, NE, 2, Outcome::JumpPoint),
                         }));
}

TEST(JumpScannerForcedRules, NeverScansEastAndWestAtEveryVerticalStep) {
  //      x 0123
  //   y0   ....
  //   y1   ##..
  //   y2   ....
  //   y3   S...
  const Grid grid = grid_from({
      "....",
      "##..",
      "....",
      "....",
  });
  const Observed seen = observe(grid, Diagonal::Never, {0, 3}, N, {3, 0});
  EXPECT_EQ(seen.successors, (std::vector<Successor>{{N, 1}}));
  EXPECT_EQ(seen.events, (std::vector<Reported>{
                             forced(2, 1, 2, 2),
                             scan(0, 2, E, 2, Outcome::JumpPoint),
                             scan(0, 3, N, 1, Outcome::JumpPoint),
                             scan(0, 3, E, 3, Outcome::DeadEnd),
                             scan(0, 3, W, 0, Outcome::DeadEnd),
                         }));
}

TEST(JumpScannerForcedRules, TheStartScansAllEightDirectionsOrFourUnderNever) {
  const Grid grid = grid_from({
      "...",
      "...",
      "...",
  });
  for (const Diagonal rule : kRules) {
    const Observed seen = observe(grid, rule, {1, 1}, kNoDirection, {2, 0});
    std::vector<int> dirs;
    for (const Reported& r : seen.events)
      if (!r.is_forced && r.x == 1 && r.y == 1) dirs.push_back(r.dir);
    EXPECT_EQ(dirs, rule == Diagonal::Never ? std::vector<int>({0, 1, 2, 3}) : std::vector<int>({0, 1, 2, 3, 4, 5, 6, 7}))
        << rule_name(rule);
  }
}

// ---------------------------------------------------------------------------------------
// The goal inside a block scan's word.

TEST_P(JumpScannerRule, AStraightScanStopsAtTheGoalWhereverItFallsInAWord) {
  const Diagonal rule = GetParam();
  for (const int width : {3, 63, 64, 65, 130, 200}) {
    Grid grid(width, 3);
    for (int x = 0; x < width; ++x) grid.set_cost(grid.id(x, 0), kWall);
    JumpScanner scanner;
    scanner.prepare(grid, rule);
    for (int gx = 1; gx < width; ++gx) {
      for (const int from : {0, gx / 2, gx - 1}) {
        std::vector<Successor> got;
        Recorder rec;
        scanner.successors(from, 1, E, {gx, 1}, [&](int d, std::uint32_t steps) { got.push_back({d, steps}); }, rec);
        // From x 0 the map's edge behind makes the cells below forced under some rules,
        // so other directions may be scanned too; the east scan must end at the goal.
        ASSERT_FALSE(got.empty());
        EXPECT_EQ(got.front(), (Successor{E, static_cast<std::uint32_t>(gx - from)})) << width << " " << gx;
        EXPECT_NE(std::find(rec.events.begin(), rec.events.end(),
                            scan(from, 1, E, static_cast<std::uint32_t>(gx - from), Outcome::ReachedGoal)),
                  rec.events.end());
        // And the same line scanned the other way and along the transposed copy.
        got.clear();
        scanner.successors(gx, 1, W, {from, 1}, [&](int d, std::uint32_t steps) { got.push_back({d, steps}); }, rec);
        ASSERT_FALSE(got.empty());
        EXPECT_EQ(got.front(), (Successor{W, static_cast<std::uint32_t>(gx - from)})) << width << " " << gx;
      }
    }
    Grid tall(3, width);
    JumpScanner vertical;
    vertical.prepare(tall, rule);
    for (int gy = 1; gy < width; ++gy) {
      std::vector<Successor> got;
      NoJumpReport quiet;
      vertical.successors(1, 0, S, {1, gy}, [&](int d, std::uint32_t steps) { got.push_back({d, steps}); }, quiet);
      ASSERT_FALSE(got.empty());
      EXPECT_EQ(got.front(), (Successor{S, static_cast<std::uint32_t>(gy)})) << width << " " << gy;
      got.clear();
      vertical.successors(1, width - 1, N, {1, width - 1 - gy},
                          [&](int d, std::uint32_t steps) { got.push_back({d, steps}); }, quiet);
      ASSERT_FALSE(got.empty());
      EXPECT_EQ(got.front(), (Successor{N, static_cast<std::uint32_t>(gy)})) << width << " " << gy;
    }
  }
}

TEST_P(JumpScannerRule, AGoalBeyondAJumpPointIsNotReachedByTheSameScan) {
  const Diagonal rule = GetParam();
  const Grid grid = grid_from({
      ".###......",
      "..........",
  });
  // East along y1 from (0,1): every rule finds a jump point at the wall's end (x 3 or 4)
  // before the goal at (8,1).
  JumpScanner scanner;
  scanner.prepare(grid, rule);
  std::vector<Successor> got;
  NoJumpReport quiet;
  scanner.successors(0, 1, E, {8, 1}, [&](int d, std::uint32_t steps) { got.push_back({d, steps}); }, quiet);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].dir, E);
  EXPECT_LT(got[0].steps, 8u);
}
}  // namespace
}  // namespace astar
