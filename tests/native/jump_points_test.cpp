// JumpScanner (jump_points.h): the block-based scans must give exactly what plain cell-by-cell
// scans of the same rules give, and a JPS built on them must find the same costs as Dijkstra
// under every diagonal rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "jump_points.h"
#include "moves.h"
#include "movingai.h"
#include "jump_test_support.h"
#include "reference.h"

#ifndef ASTAR_FIXTURES_DIR
#define ASTAR_FIXTURES_DIR "tests/fixtures"
#endif

namespace astar {
namespace {

using namespace jump_test;

constexpr std::array<Diagonal, 4> kRules = {Diagonal::Never, Diagonal::Always, Diagonal::IfAtMostOneObstacle,
                                            Diagonal::OnlyWhenNoObstacles};

// ---------------------------------------------------------------------------------------
// The reference: the same pruning and jumping rules, one cell at a time, straight from the
// grid, with no bit tricks. Written separately from the scanner so a shared slip is unlikely.

class ReferenceScanner {
 public:
  ReferenceScanner(const Grid& grid, Diagonal rule, Point goal) : grid_(grid), rule_(rule), goal_(goal) {}

  std::vector<Successor> successors(int x, int y, int travel, Recorder* rec) {
    rec_ = rec;
    std::vector<Successor> out;
    for (int d = 0; d < kDirectionCount; ++d) {
      if (!keeps(x, y, travel, d)) continue;
      const auto [steps, outcome] = scan(x, y, d);
      if (outcome != Outcome::DeadEnd) out.push_back({d, steps});
    }
    return out;
  }

 private:
  bool open(int x, int y) const { return grid_.in_bounds(x, y) && grid_.passable(grid_.id(x, y)); }

  bool legal(int x, int y, int d) const {
    const int dx = kDirDx[d], dy = kDirDy[d];
    if (!open(x + dx, y + dy)) return false;
    if (d < 4) return true;
    switch (rule_) {
      case Diagonal::Never: return false;
      case Diagonal::Always: return true;
      case Diagonal::IfAtMostOneObstacle: return open(x + dx, y) || open(x, y + dy);
      case Diagonal::OnlyWhenNoObstacles: return open(x + dx, y) && open(x, y + dy);
    }
    return false;
  }

  static int direction(int dx, int dy) {
    for (int d = 0; d < kDirectionCount; ++d)
      if (kDirDx[d] == dx && kDirDy[d] == dy) return d;
    return -1;
  }

  // Forced neighbour directions of n = (x, y) entered by `travel`.
  std::vector<int> forced_dirs(int x, int y, int travel) const {
    std::vector<int> dirs;
    if (travel < 0 || travel >= kDirectionCount) return dirs;
    const int dx = kDirDx[travel], dy = kDirDy[travel];
    const int px = x - dx, py = y - dy;
    if (travel < 4) {
      if (rule_ == Diagonal::Never && dx == 0) return dirs;
      const int sides[2][2] = {{dy, dx}, {-dy, -dx}};
      for (const auto& side : sides) {
        const int sx = side[0], sy = side[1];
        switch (rule_) {
          case Diagonal::Never:
            if (!open(px + sx, py + sy) && open(x + sx, y + sy)) dirs.push_back(direction(sx, sy));
            break;
          case Diagonal::OnlyWhenNoObstacles:
            if (!open(px + sx, py + sy) && open(x + sx, y + sy)) {
              dirs.push_back(direction(sx, sy));
              dirs.push_back(direction(dx + sx, dy + sy));
            }
            break;
          case Diagonal::Always:
            if (!open(x + sx, y + sy) && open(x + dx + sx, y + dy + sy)) dirs.push_back(direction(dx + sx, dy + sy));
            break;
          case Diagonal::IfAtMostOneObstacle:
            if (!open(x + sx, y + sy) && open(x + dx + sx, y + dy + sy) && open(x + dx, y + dy))
              dirs.push_back(direction(dx + sx, dy + sy));
            break;
        }
      }
    } else if (rule_ == Diagonal::Always || rule_ == Diagonal::IfAtMostOneObstacle) {
      const bool careful = rule_ == Diagonal::IfAtMostOneObstacle;
      // Behind n horizontally blocked: the diagonal back over it may be forced.
      if (!open(x - dx, y) && open(x - dx, y + dy) && (!careful || open(x, y + dy))) dirs.push_back(direction(-dx, dy));
      if (!open(x, y - dy) && open(x + dx, y - dy) && (!careful || open(x + dx, y))) dirs.push_back(direction(dx, -dy));
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
  }

  bool natural(int travel, int d) const {
    const bool never = rule_ == Diagonal::Never;
    if (travel < 0 || travel >= kDirectionCount) return !never || d < 4;
    if (d == travel) return true;
    const int dx = kDirDx[travel], dy = kDirDy[travel];
    if (never) return dx == 0 && (d == 1 || d == 3);
    if (travel < 4) return false;
    return d == direction(dx, 0) || d == direction(0, dy);
  }

  bool keeps(int x, int y, int travel, int d) const {
    if (natural(travel, d)) return true;
    const std::vector<int> f = forced_dirs(x, y, travel);
    return std::find(f.begin(), f.end(), d) != f.end();
  }

  void report_forced(int x, int y, int travel) const {
    if (!rec_) return;
    for (int d : forced_dirs(x, y, travel))
      if (legal(x, y, d)) rec_->forced(x + kDirDx[d], y + kDirDy[d], x, y);
  }

  bool steps_cell_by_cell(int d) const { return d >= 4 || (rule_ == Diagonal::Never && (d == 0 || d == 2)); }

  std::pair<std::uint32_t, Outcome> scan(int x0, int y0, int d) {
    const int dx = kDirDx[d], dy = kDirDy[d];
    int x = x0, y = y0;
    std::uint32_t steps = 0;
    Outcome outcome = Outcome::DeadEnd;
    const bool stepped = steps_cell_by_cell(d);
    int side_a = 1, side_b = 3;
    if (stepped && d >= 4) {
      side_a = std::min(direction(0, dy), direction(dx, 0));
      side_b = std::max(direction(0, dy), direction(dx, 0));
    }
    while (legal(x, y, d)) {
      x += dx;
      y += dy;
      ++steps;
      if (x == goal_.x && y == goal_.y) {
        outcome = Outcome::ReachedGoal;
        break;
      }
      if (!forced_dirs(x, y, d).empty()) {
        report_forced(x, y, d);
        outcome = Outcome::JumpPoint;
        break;
      }
      if (stepped && (scan(x, y, side_a).second != Outcome::DeadEnd || scan(x, y, side_b).second != Outcome::DeadEnd)) {
        outcome = Outcome::JumpPoint;
        break;
      }
    }
    if (rec_) rec_->scan(x0, y0, d, steps, outcome);
    return {steps, outcome};
  }

  const Grid& grid_;
  Diagonal rule_;
  Point goal_;
  Recorder* rec_ = nullptr;
};

// ---------------------------------------------------------------------------------------
// Test-local searches: Dijkstra (reference.h), and JPS over the scanner.

constexpr double kUnreachable = -1.0;

// Dijkstra from the move rules themselves (reference.h), not from moves.h's tables.
double dijkstra_cost(const Grid& grid, Diagonal rule, Point start, Point goal) {
  return reference::dijkstra(grid, {rule, CostModel::Exact}, start, goal).value_or(kUnreachable);
}

double heuristic(Diagonal rule, Point a, Point b) {
  const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  if (rule == Diagonal::Never) return dx + dy;
  return std::max(dx, dy) + (kSqrt2 - 1) * std::min(dx, dy);
}

struct JpsResult {
  double cost = kUnreachable;
  std::size_t expansions = 0;
  bool moves_legal = true;        // every move of every jump offered was legal
  bool path_cost_matches = true;  // the parents chain walks back to the start at the found cost
};

JpsResult jps_search(const Grid& grid, Diagonal rule, Point start, Point goal, JumpScanner& scanner) {
  JpsResult result;
  scanner.prepare(grid, rule);
  if (!grid.passable(grid.id(start)) || !grid.passable(grid.id(goal))) return result;
  const std::size_t n = grid.cell_count();
  std::vector<double> g(n, std::numeric_limits<double>::infinity());
  std::vector<std::uint8_t> travel(n, kNoDirection);
  std::vector<CellId> parent(n, kNoCell);
  std::vector<char> closed(n, 0);
  using Item = std::tuple<double, double, CellId>;  // f, -g (deeper first), id
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  const CellId s = grid.id(start), t = grid.id(goal);
  g[s] = 0;
  open.push({heuristic(rule, start, goal), 0.0, s});
  NoJumpReport quiet;
  while (!open.empty()) {
    const CellId id = std::get<2>(open.top());
    open.pop();
    if (closed[id]) continue;
    closed[id] = 1;
    ++result.expansions;
    if (id == t) {
      result.cost = g[id];
      double walked = 0;
      for (CellId at = id; parent[at] != kNoCell; at = parent[at]) {
        const Point a = grid.point(at), b = grid.point(parent[at]);
        const int steps = std::max(std::abs(a.x - b.x), std::abs(a.y - b.y));
        walked += steps * ((a.x != b.x && a.y != b.y) ? kSqrt2 : 1.0);
      }
      result.path_cost_matches = std::abs(walked - result.cost) < 1e-9;
      return result;
    }
    const Point p = grid.point(id);
    scanner.successors(
        p.x, p.y, travel[id], goal,
        [&](int dir, std::uint32_t steps) {
          int x = p.x, y = p.y;
          for (std::uint32_t i = 0; i < steps; ++i) {
            if (!(allowed_moves(rule, grid.neighbour_mask(grid.id(x, y))) & (1u << dir))) result.moves_legal = false;
            x += kDirDx[dir];
            y += kDirDy[dir];
          }
          if (!result.moves_legal) return;
          const CellId m = grid.id(x, y);
          const double ng = g[id] + steps * kDirLength[dir];
          if (closed[m] || ng >= g[m]) return;
          g[m] = ng;
          travel[m] = static_cast<std::uint8_t>(dir);
          parent[m] = id;
          open.push({ng + heuristic(rule, {x, y}, goal), -ng, m});
        },
        quiet);
  }
  return result;
}

std::string rule_name(Diagonal rule) { return std::string(name_of(rule)); }

class JumpScannerRule : public ::testing::TestWithParam<Diagonal> {};

INSTANTIATE_TEST_SUITE_P(AllDiagonalRules, JumpScannerRule, ::testing::ValuesIn(kRules),
                         [](const ::testing::TestParamInfo<Diagonal>& info) {
                           std::string name = rule_name(info.param);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// ---------------------------------------------------------------------------------------
// Block scans against the reference.

// Compares every (sampled) free cell, every travel direction the rule can produce and the
// given goals.
void expect_same_as_reference(const Grid& grid, Diagonal rule, const std::vector<Point>& goals, std::size_t max_cells,
                              std::mt19937& rng) {
  JumpScanner scanner;
  scanner.prepare(grid, rule);
  std::vector<Point> cells = free_cells(grid);
  if (cells.size() > max_cells) {
    std::shuffle(cells.begin(), cells.end(), rng);
    cells.resize(max_cells);
  }
  const int travels = rule == Diagonal::Never ? 4 : 8;
  int mismatches = 0;
  for (const Point goal : goals) {
    ReferenceScanner reference(grid, rule, goal);
    for (const Point c : cells) {
      for (int travel = -1; travel < travels && mismatches < 5; ++travel) {
        const int t = travel < 0 ? kNoDirection : travel;
        Recorder want_events, got_events;
        const std::vector<Successor> want = reference.successors(c.x, c.y, t, &want_events);
        std::vector<Successor> got;
        scanner.successors(c.x, c.y, t, goal, [&](int d, std::uint32_t steps) { got.push_back({d, steps}); },
                           got_events);
        std::vector<Successor> got_quiet;
        NoJumpReport quiet;
        scanner.successors(c.x, c.y, t, goal, [&](int d, std::uint32_t steps) { got_quiet.push_back({d, steps}); },
                           quiet);
        const bool same = want == got && got_quiet == got && want_events.events == got_events.events;
        if (!same) {
          ++mismatches;
          ADD_FAILURE() << rule_name(rule) << " " << grid.width() << "x" << grid.height() << " cell " << c.x << ","
                        << c.y << " travel " << t << " goal " << goal.x << "," << goal.y << "\n  want "
                        << ::testing::PrintToString(want) << "\n  got  " << ::testing::PrintToString(got)
                        << "\n  quiet " << ::testing::PrintToString(got_quiet) << "\n  want events "
                        << ::testing::PrintToString(want_events.events) << "\n  got events  "
                        << ::testing::PrintToString(got_events.events);
        }
      }
    }
  }
}

TEST_P(JumpScannerRule, BlockScansGiveTheSameSuccessorsAndReportsAsCellByCellScans) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(20240611u + static_cast<unsigned>(rule));
  const std::vector<std::pair<int, int>> sizes = {{1, 1},  {2, 3},  {7, 5},   {63, 9}, {64, 11}, {65, 13},
                                                  {127, 6}, {130, 40}, {9, 130}, {200, 3}, {3, 70}, {129, 67}};
  const std::vector<double> densities = {0.0, 0.1, 0.25, 0.4, 0.65};
  for (const auto& [w, h] : sizes) {
    for (const double density : densities) {
      const Grid grid = random_grid(w, h, density, rng);
      std::vector<Point> goals = {{std::uniform_int_distribution<int>(0, w - 1)(rng),
                                   std::uniform_int_distribution<int>(0, h - 1)(rng)}};
      const std::vector<Point> open = free_cells(grid);
      if (!open.empty()) goals.push_back(open[std::uniform_int_distribution<std::size_t>(0, open.size() - 1)(rng)]);
      // Open maps make the reference's diagonal scans long, so fewer cells there.
      expect_same_as_reference(grid, rule, goals, density < 0.2 ? 150 : 700, rng);
    }
  }
  // Mazes and blocks: long corridors and long walls.
  for (int i = 0; i < 4; ++i) {
    const Grid maze = maze_grid(33 + i, 12 + 3 * i, 0.1 * i, rng);
    const Grid blocks = blocks_grid(70 + 7 * i, 40, 6, rng);
    for (const Grid* grid : {&maze, &blocks}) {
      const std::vector<Point> open = free_cells(*grid);
      const std::vector<Point> goals = {open[std::uniform_int_distribution<std::size_t>(0, open.size() - 1)(rng)]};
      expect_same_as_reference(*grid, rule, goals, 500, rng);
    }
  }
}

// ---------------------------------------------------------------------------------------
// End to end: JPS costs equal Dijkstra's.

void expect_jps_matches_dijkstra(const Grid& grid, Diagonal rule, Point start, Point goal, JumpScanner& scanner) {
  const double want = dijkstra_cost(grid, rule, start, goal);
  const JpsResult got = jps_search(grid, rule, start, goal, scanner);
  EXPECT_TRUE(got.moves_legal) << rule_name(rule) << " start " << start.x << "," << start.y << " goal " << goal.x << ","
                               << goal.y << "\n" << write_map(grid);
  EXPECT_TRUE(got.path_cost_matches);
  if (want == kUnreachable) {
    EXPECT_EQ(got.cost, kUnreachable) << rule_name(rule) << "\n" << write_map(grid);
  } else {
    EXPECT_NEAR(got.cost, want, 1e-9) << rule_name(rule) << " start " << start.x << "," << start.y << " goal " << goal.x
                                      << "," << goal.y << "\n" << write_map(grid);
  }
}

void check_queries(const Grid& grid, Diagonal rule, int queries, std::mt19937& rng, JumpScanner& scanner) {
  const std::vector<Point> open = free_cells(grid);
  if (open.empty()) return;
  std::uniform_int_distribution<std::size_t> pick(0, open.size() - 1);
  expect_jps_matches_dijkstra(grid, rule, open[pick(rng)], open[pick(rng)], scanner);
  const Point same = open[pick(rng)];
  expect_jps_matches_dijkstra(grid, rule, same, same, scanner);
  for (int q = 0; q < queries; ++q) expect_jps_matches_dijkstra(grid, rule, open[pick(rng)], open[pick(rng)], scanner);
}

TEST_P(JumpScannerRule, JpsCostEqualsDijkstraOnRandomMaps) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(777u + static_cast<unsigned>(rule));
  JumpScanner scanner;  // one scanner across maps: prepare() must notice every new grid
  for (int map = 0; map < 400; ++map) {
    const int w = std::uniform_int_distribution<int>(1, 48)(rng);
    const int h = std::uniform_int_distribution<int>(1, 48)(rng);
    const double density = std::uniform_real_distribution<double>(0.0, 0.45)(rng);
    const Grid grid = random_grid(w, h, density, rng);
    check_queries(grid, rule, 6, rng, scanner);
    if (HasFailure()) return;
  }
}

TEST_P(JumpScannerRule, JpsCostEqualsDijkstraInMazesWithWidthOneCorridors) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(4242u + static_cast<unsigned>(rule));
  JumpScanner scanner;
  for (int map = 0; map < 150; ++map) {
    const int cw = std::uniform_int_distribution<int>(1, 20)(rng);
    const int ch = std::uniform_int_distribution<int>(1, 20)(rng);
    const Grid grid = maze_grid(cw, ch, map % 3 == 0 ? 0.0 : 0.15, rng);
    check_queries(grid, rule, 6, rng, scanner);
    if (HasFailure()) return;
  }
}

TEST_P(JumpScannerRule, JpsCostEqualsDijkstraAroundLongWallsAndBehindThem) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(99u + static_cast<unsigned>(rule));
  JumpScanner scanner;
  for (int map = 0; map < 150; ++map) {
    const int w = std::uniform_int_distribution<int>(2, 70)(rng);
    const int h = std::uniform_int_distribution<int>(2, 50)(rng);
    const Grid grid = blocks_grid(w, h, std::uniform_int_distribution<int>(1, 8)(rng), rng);
    check_queries(grid, rule, 4, rng, scanner);
    // Goals right in a wall's shadow: just past a wall's end, seen from across the wall.
    for (int q = 0; q < 4; ++q) {
      const int x = std::uniform_int_distribution<int>(0, w - 1)(rng);
      const int y = std::uniform_int_distribution<int>(0, h - 1)(rng);
      if (!grid.passable(grid.id(x, y))) continue;
      for (int d = 0; d < 4; ++d) {
        const int bx = x + kDirDx[d], by = y + kDirDy[d];
        const int gx = x + 2 * kDirDx[d], gy = y + 2 * kDirDy[d];
        if (grid.in_bounds(gx, gy) && !grid.passable(grid.id(bx, by)) && grid.passable(grid.id(gx, gy)))
          expect_jps_matches_dijkstra(grid, rule, {x, y}, {gx, gy}, scanner);
      }
    }
    if (HasFailure()) return;
  }
}

TEST_P(JumpScannerRule, JpsFindsNoPathToAWalledOffGoal) {
  const Diagonal rule = GetParam();
  const Grid grid = grid_from({
      "..........",
      "......###.",
      "......#.#.",
      "......###.",
      "..........",
  });
  JumpScanner scanner;
  EXPECT_EQ(jps_search(grid, rule, {0, 0}, {7, 2}, scanner).cost, kUnreachable);
  EXPECT_EQ(jps_search(grid, rule, {0, 0}, {6, 2}, scanner).cost, kUnreachable);  // the goal is a wall
}

TEST_P(JumpScannerRule, JpsSeesEditsAndRuleChangesThroughPrepare) {
  const Diagonal rule = GetParam();
  Grid grid = grid_from({
      "....",
      "....",
      "....",
  });
  JumpScanner scanner;
  const double open = jps_search(grid, rule, {0, 1}, {3, 1}, scanner).cost;
  EXPECT_DOUBLE_EQ(open, 3.0);
  for (int y = 0; y < 3; ++y) grid.set_cost(grid.id(1, y), kWall);
  EXPECT_EQ(jps_search(grid, rule, {0, 1}, {3, 1}, scanner).cost, kUnreachable);
  grid.set_cost(grid.id(1, 0), 1);
  expect_jps_matches_dijkstra(grid, rule, {0, 1}, {3, 1}, scanner);
  // Same grid, same revision, other rule.
  for (const Diagonal other : kRules) expect_jps_matches_dijkstra(grid, other, {0, 2}, {3, 2}, scanner);
  // A different grid of the same size and revision count is still a different grid.
  Grid twin = grid_from({
      "....",
      "....",
      "....",
  });
  for (int y = 0; y < 3; ++y) twin.set_cost(twin.id(2, y), kWall);
  twin.set_cost(twin.id(2, 0), 1);
  ASSERT_EQ(twin.revision(), grid.revision());
  expect_jps_matches_dijkstra(twin, rule, {0, 1}, {3, 1}, scanner);
}

TEST(JumpScannerPrepare, WalkableCellsMatchTheGridAfterEveryRebuild) {
  std::mt19937 rng(31);
  JumpScanner scanner;
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{1, 1}, {64, 64}, {65, 129}, {129, 65}, {200, 7}}) {
    Grid grid = random_grid(w, h, 0.3, rng);
    for (int edit = 0; edit < 3; ++edit) {
      scanner.prepare(grid, kRules[static_cast<std::size_t>(edit) % kRules.size()]);
      for (int y = -2; y <= h + 1; ++y)
        for (int x = -2; x <= w + 1; ++x)
          ASSERT_EQ(scanner.walkable(x, y), grid.in_bounds(x, y) && grid.passable(grid.id(x, y)))
              << w << "x" << h << " edit " << edit << " at " << x << "," << y;
      grid.set_cost(grid.id(std::uniform_int_distribution<int>(0, w - 1)(rng), std::uniform_int_distribution<int>(0, h - 1)(rng)),
                    edit % 2 ? 1 : kWall);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Moving AI: the benchmark's rule is only-when-no-obstacles with octile costs.

TEST(JumpScannerMovingAi, JpsMatchesEveryPublishedOptimalLengthOfTheFixtureMaps) {
  JumpScanner scanner;
  for (const std::string name : {"arena", "den312d", "ht_chantry"}) {
    const std::string base = std::string(ASTAR_FIXTURES_DIR) + "/movingai/" + name;
    const Parsed<Grid> map = read_map(reference::read_text(base + ".map").value_or(""));
    ASSERT_TRUE(map) << base << ": " << map.error.message;
    const Parsed<Scenario> scen = read_scenario(reference::read_text(base + ".map.scen").value_or(""));
    ASSERT_TRUE(scen) << base << ": " << scen.error.message;
    ASSERT_FALSE(scen.value->queries.empty());
    for (const ScenarioQuery& q : scen.value->queries) {
      const JpsResult got = jps_search(*map.value, Diagonal::OnlyWhenNoObstacles, q.start, q.goal, scanner);
      if (q.optimal < 0) {
        EXPECT_EQ(got.cost, kUnreachable) << name;
      } else {
        EXPECT_NEAR(got.cost, q.optimal, 0.01) << name << " " << q.start.x << "," << q.start.y << " -> " << q.goal.x
                                               << "," << q.goal.y;
      }
    }
  }
}

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
