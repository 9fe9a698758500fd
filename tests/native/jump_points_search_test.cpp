// JPS built on JumpScanner (jump_points.h), end to end: a test-local JPS over the scanner must
// find the costs Dijkstra finds under every diagonal rule, on random maps, mazes with one-cell
// corridors and around long walls, all of them with terrain too, see edits through prepare(),
// and match the published optimal lengths of the Moving AI fixture maps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <queue>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "jump_points.h"
#include "jump_rules.h"
#include "jump_scanner_rule.h"
#include "jump_test_support.h"
#include "moves.h"
#include "movingai.h"
#include "reference.h"
#include "search.h"

#ifndef ASTAR_FIXTURES_DIR
#define ASTAR_FIXTURES_DIR "tests/fixtures"
#endif

namespace astar {
namespace {

using namespace jump_test;

// ---------------------------------------------------------------------------------------
// Test-local searches: Dijkstra (reference.h), and JPS over the scanner.

constexpr double kUnreachable = -1.0;

// Dijkstra from the move rules themselves (reference.h), not from moves.h's tables.
double dijkstra_cost(const Grid& grid, Diagonal rule, Point start, Point goal) {
  return reference::dijkstra(grid, {rule, CostModel::Exact}, start, goal).value_or(kUnreachable);
}

// The rule's distance times the cheapest terrain: admissible on every map.
double heuristic(const Grid& grid, Diagonal rule, Point a, Point b) {
  const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  const double distance = rule == Diagonal::Never ? dx + dy : std::max(dx, dy) + (kSqrt2 - 1) * std::min(dx, dy);
  return distance * grid.min_cost();
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
  open.push({heuristic(grid, rule, start, goal), 0.0, s});
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
        const int dx = (a.x > b.x) - (a.x < b.x), dy = (a.y > b.y) - (a.y < b.y);
        for (int k = 1; k <= steps; ++k) walked += (dx != 0 && dy != 0 ? kSqrt2 : 1.0) * grid.cost(grid.id(b.x + k * dx, b.y + k * dy));
      }
      result.path_cost_matches = std::abs(walked - result.cost) < 1e-9 * (1 + walked);
      return result;
    }
    const Point p = grid.point(id);
    scanner.successors(
        p.x, p.y, travel[id], goal,
        [&](int dir, std::uint32_t steps) {
          int x = p.x, y = p.y;
          double cost = 0;
          for (std::uint32_t i = 0; i < steps; ++i) {
            if (!(allowed_moves(rule, grid.neighbour_mask(grid.id(x, y))) & (1u << dir))) result.moves_legal = false;
            x += kDirDx[dir];
            y += kDirDy[dir];
            if (grid.in_bounds(x, y)) cost += kDirLength[dir] * grid.cost(grid.id(x, y));
          }
          if (!result.moves_legal) return;
          const CellId m = grid.id(x, y);
          const double ng = g[id] + cost;
          if (closed[m] || ng >= g[m]) return;
          g[m] = ng;
          travel[m] = static_cast<std::uint8_t>(dir);
          parent[m] = id;
          open.push({ng + heuristic(grid, rule, {x, y}, goal), -ng, m});
        },
        quiet);
  }
  return result;
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

// The same three kinds of map painted with terrain patches (jump_test_support.h): jumps stop
// at terrain edges, and the costs still equal Dijkstra's.
TEST_P(JumpScannerRule, JpsCostEqualsDijkstraOnMapsWithTerrain) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(3141u + static_cast<unsigned>(rule));
  JumpScanner scanner;
  int maps = 0;
  for (int map = 0; map < 600; ++map) {
    Grid grid = [&] {
      switch (map % 3) {
        case 0: {
          const int w = std::uniform_int_distribution<int>(1, 48)(rng), h = std::uniform_int_distribution<int>(1, 48)(rng);
          return random_grid(w, h, std::uniform_real_distribution<double>(0.0, 0.4)(rng), rng);
        }
        case 1:
          return maze_grid(std::uniform_int_distribution<int>(1, 16)(rng), std::uniform_int_distribution<int>(1, 16)(rng), 0.3, rng);
        default:
          return blocks_grid(std::uniform_int_distribution<int>(2, 70)(rng), std::uniform_int_distribution<int>(2, 50)(rng),
                             std::uniform_int_distribution<int>(0, 6)(rng), rng);
      }
    }();
    paint_terrain(grid, std::uniform_int_distribution<int>(1, 16)(rng), rng);
    maps += grid.uniform_cost() ? 0 : 1;
    check_queries(grid, rule, 8, rng, scanner);
    if (HasFailure()) return;
  }
  EXPECT_GT(maps, 500) << "most maps should have several terrain costs";
}

// The library's JPS (BestFirstSearch over JumpPolicy<JumpScanner>) on the same kind of maps,
// under both cost models: Dijkstra's cost along a
// legal path whose moves add up to it, and no path exactly where Dijkstra finds none.
TEST_P(JumpScannerRule, JpsSearchOnTerrainMatchesDijkstraUnderBothCostModels) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(2718u + static_cast<unsigned>(rule));
  int found = 0, none = 0;
  for (int round = 0; round < 250; ++round) {
    Grid grid = round % 2 == 0 ? reference::random_grid(rng, 36, false)
                               : blocks_grid(std::uniform_int_distribution<int>(2, 60)(rng), std::uniform_int_distribution<int>(2, 40)(rng), 5, rng);
    paint_terrain(grid, std::uniform_int_distribution<int>(1, 10)(rng), rng);
    SearchOptions options;
    options.algorithm = Algorithm::JumpPoint;
    options.diagonal = rule;
    options.cost_model = reference::kAllModels[static_cast<std::size_t>(round) % 2];
    const std::unique_ptr<Search> search = make_search(grid, options);
    ASSERT_EQ(search->refusal(), Refusal::None);
    for (int q = 0; q < 4; ++q) {
      const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
      if (!grid.passable(grid.id(start)) || !grid.passable(grid.id(goal))) continue;
      const std::string where = rule_name(rule) + " " + std::string(name_of(options.cost_model)) + " start " +
                                std::to_string(start.x) + "," + std::to_string(start.y) + " goal " + std::to_string(goal.x) +
                                "," + std::to_string(goal.y) + "\n" + write_map(grid);
      const bool has_path = reference::expect_matches_reference(*search, grid, {rule, options.cost_model}, start, goal, where, true);
      (has_path ? found : none) += 1;
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(found, 300);
  EXPECT_GT(none, 5) << "some goals should be walled off";
}

// The library's JPS tells which of the expanded cell's scans only the terrain rule keeps
// (events.h, Scan's `a`): exactly the directions a terrain edge scans that the walls' rules
// (jump_rules.h) would prune for its arrival; none on a map of one cost.
TEST_P(JumpScannerRule, JpsMarksTheScansOnlyTheTerrainRuleKeeps) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(1729u + static_cast<unsigned>(rule));
  int marked = 0, checked = 0;
  for (int round = 0; round < 200; ++round) {
    Grid grid = blocks_grid(std::uniform_int_distribution<int>(4, 40)(rng), std::uniform_int_distribution<int>(4, 30)(rng), 4, rng);
    const bool painted = round % 4 != 0;
    if (painted) paint_terrain(grid, std::uniform_int_distribution<int>(1, 8)(rng), rng);
    JumpScanner scanner;
    scanner.prepare(grid, rule);
    SearchOptions options;
    options.algorithm = Algorithm::JumpPoint;
    options.diagonal = rule;
    const std::unique_ptr<Search> search = make_search(grid, options);
    const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
    if (!grid.passable(grid.id(start)) || !grid.passable(grid.id(goal)) || !search->reset(start, goal)) continue;
    std::vector<Event> events;
    while (search->status() == Status::Running) {
      ASSERT_TRUE(search->step(events));
      const auto expand = std::find_if(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::Expand; });
      ASSERT_NE(expand, events.end());
      const Point at = grid.point(expand->cell);
      int travel = kDirectionCount;  // the start keeps every direction
      if (expand->other != kNoCell) {
        const Point from = grid.point(expand->other);
        const int dx = (at.x > from.x) - (at.x < from.x), dy = (at.y > from.y) - (at.y < from.y);
        for (int d = 0; d < kDirectionCount; ++d)
          if (kDirDx[d] == dx && kDirDy[d] == dy) travel = d;
      }
      const std::uint32_t walls_keep = jump_rules::kPrune[static_cast<int>(rule)][travel][grid.neighbour_mask(expand->cell)];
      for (const Event& e : events) {
        if (e.kind != EventKind::Scan || e.other != expand->cell) continue;
        const bool terrain_only = scanner.terrain_edge(at.x, at.y) && !(walls_keep >> e.dir & 1u);
        EXPECT_EQ(e.a == 1, terrain_only) << "scan " << int(e.dir) << " from (" << at.x << ", " << at.y << ")\n" << write_map(grid);
        if (e.a == 1) {
          EXPECT_TRUE(painted);
          ++marked;
        }
        ++checked;
      }
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(checked, 2000);
  EXPECT_GT(marked, 20) << "terrain edges should keep directions the walls' rules prune";
}

// Edits that add and remove terrain on the same grid: prepare() must notice both.
TEST_P(JumpScannerRule, JpsSeesTerrainPaintedAndRemoved) {
  const Diagonal rule = GetParam();
  Grid grid = grid_from({
      "........",
      "........",
      "........",
  });
  JumpScanner scanner;
  EXPECT_NEAR(jps_search(grid, rule, {0, 1}, {7, 1}, scanner).cost, 7.0, 1e-9);
  for (int y = 0; y < 3; ++y) grid.set_cost(grid.id(3, y), 9);
  expect_jps_matches_dijkstra(grid, rule, {0, 1}, {7, 1}, scanner);
  EXPECT_TRUE(scanner.terrain());
  EXPECT_TRUE(scanner.terrain_edge(2, 1) && scanner.terrain_edge(3, 1) && scanner.terrain_edge(4, 1));
  EXPECT_FALSE(scanner.terrain_edge(0, 1) || scanner.terrain_edge(6, 1));
  for (int y = 0; y < 3; ++y) grid.set_cost(grid.id(3, y), 1);
  EXPECT_NEAR(jps_search(grid, rule, {0, 1}, {7, 1}, scanner).cost, 7.0, 1e-9);
  EXPECT_FALSE(scanner.terrain());
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

}  // namespace
}  // namespace astar
