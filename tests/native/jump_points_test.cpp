// JumpScanner (jump_points.h) against a plain cell-by-cell scanner of the same rules: the
// block-based scans must give exactly the successors and the reports that scanning one cell at a
// time gives, under every diagonal rule, on maps with and without terrain. (JPS built on the scanner: jump_points_search_test.cpp;
// hand-drawn cases of each rule: jump_points_cases_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "jump_points.h"
#include "jump_terrain.h"
#include "jump_scanner_rule.h"
#include "jump_test_support.h"
#include "moves.h"

namespace astar {
namespace {

using namespace jump_test;

// ---------------------------------------------------------------------------------------
// The reference: the same pruning and jumping rules, one cell at a time, straight from the
// grid, with no bit tricks. Written separately from the scanner so a shared slip is unlikely.

class ReferenceScanner {
 public:
  ReferenceScanner(const Grid& grid, Diagonal rule, Point goal, CostModel model = CostModel::Exact)
      : grid_(grid), rule_(rule), goal_(goal), model_(model) {}

  std::vector<Successor> successors(int x, int y, int travel, Recorder* rec) {
    rec_ = rec;
    std::vector<Successor> out;
    const bool edge = terrain_edge(grid_, x, y);
    for (int d = 0; d < kDirectionCount; ++d) {
      if (!(edge ? weighted_keeps(x, y, travel, d) : keeps(x, y, travel, d))) continue;
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

  // At a terrain edge (jump_terrain.h, written again here with doubles): d is kept unless a
  // path of one or two legal moves from p inside the 3 x 3 block, avoiding (x, y), is
  // strictly cheaper than p -> (x, y) -> neighbour, or as cheap and the same two moves with
  // the diagonal (under "never": the vertical) one first. Only legal moves are kept.
  double length(int dir) const {
    if (model_ == CostModel::Integer) return dir >= 4 ? 14.0 : 10.0;
    return kDirLength[dir];
  }
  double into(int x, int y) const { return grid_.cost(grid_.id(x, y)); }

  bool weighted_keeps(int x, int y, int travel, int d) const {
    if (!legal(x, y, d)) return false;
    if (travel < 0 || travel >= kDirectionCount || natural(travel, d)) return true;
    const int px = x - kDirDx[travel], py = y - kDirDy[travel];
    const int mx = x + kDirDx[d], my = y + kDirDy[d];
    if (mx == px && my == py) return false;
    const double through = length(travel) * into(x, y) + length(d) * into(mx, my);
    constexpr double kEps = 1e-9;
    const auto in_block = [&](int cx, int cy) { return std::abs(cx - x) <= 1 && std::abs(cy - y) <= 1 && !(cx == x && cy == y); };
    for (int first = 0; first < kDirectionCount; ++first) {
      const int zx = px + kDirDx[first], zy = py + kDirDy[first];
      if (!in_block(zx, zy) || !legal(px, py, first)) continue;
      const double to_z = length(first) * into(zx, zy);
      if (zx == mx && zy == my) {
        if (to_z < through - kEps) return false;
        continue;
      }
      for (int second = 0; second < kDirectionCount; ++second) {
        if (zx + kDirDx[second] != mx || zy + kDirDy[second] != my || !legal(zx, zy, second)) continue;
        const double other = to_z + length(second) * into(mx, my);
        const bool canonical = rule_ == Diagonal::Never ? (first == 0 || first == 2) && (second == 1 || second == 3)
                                                        : first >= 4 && second < 4;
        if (other < through - kEps || (std::abs(other - through) <= kEps && first == d && second == travel && canonical)) return false;
      }
    }
    return true;
  }

  // Entering the terrain edge (x, y) by `travel` keeps a direction that is not natural.
  bool terrain_stops(int x, int y, int travel) const {
    for (int d = 0; d < kDirectionCount; ++d)
      if (weighted_keeps(x, y, travel, d) && !natural(travel, d)) return true;
    return false;
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
      if (terrain_edge(grid_, x, y) && terrain_stops(x, y, d)) {
        outcome = Outcome::TerrainChange;
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
  CostModel model_;
  Recorder* rec_ = nullptr;
};

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
                              std::mt19937& rng, CostModel model = CostModel::Exact) {
  JumpScanner scanner;
  scanner.prepare(grid, rule, model);
  std::vector<Point> cells = free_cells(grid);
  if (cells.size() > max_cells) {
    std::shuffle(cells.begin(), cells.end(), rng);
    cells.resize(max_cells);
  }
  const int travels = rule == Diagonal::Never ? 4 : 8;
  int mismatches = 0;
  for (const Point goal : goals) {
    ReferenceScanner reference(grid, rule, goal, model);
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
          ADD_FAILURE() << rule_name(rule) << " " << name_of(model) << " " << grid.width() << "x" << grid.height() << " cell " << c.x << ","
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
  // The same maps with terrain: scans stop at terrain edges as well.
  for (const auto& [w, h] : sizes) {
    for (const double density : {0.0, 0.2, 0.4}) {
      Grid grid = random_grid(w, h, density, rng);
      paint_terrain(grid, std::uniform_int_distribution<int>(1, 12)(rng), rng);
      const std::vector<Point> open = free_cells(grid);
      if (open.empty()) continue;
      const std::vector<Point> goals = {open[std::uniform_int_distribution<std::size_t>(0, open.size() - 1)(rng)]};
      for (const CostModel model : reference::kAllModels) expect_same_as_reference(grid, rule, goals, density < 0.2 ? 100 : 300, rng, model);
    }
  }
  // Mazes and blocks: long corridors and long walls.
  for (int i = 0; i < 4; ++i) {
    const Grid maze = maze_grid(33 + i, 12 + 3 * i, 0.1 * i, rng);
    const Grid blocks = blocks_grid(70 + 7 * i, 40, 6, rng);
    const Grid painted = [&] {
      Grid grid = blocks_grid(70 + 7 * i, 40, 4, rng);
      paint_terrain(grid, 3 + 3 * i, rng);
      return grid;
    }();
    for (const Grid* grid : {&maze, &blocks, &painted}) {
      const std::vector<Point> open = free_cells(*grid);
      const std::vector<Point> goals = {open[std::uniform_int_distribution<std::size_t>(0, open.size() - 1)(rng)]};
      expect_same_as_reference(*grid, rule, goals, 500, rng);
    }
  }
}

// jump_terrain.h's rule on a block of one cost is JPS's own: every wall pattern, every
// arrival the rule allows, every diagonal rule and cost model.
TEST(JumpTerrainRule, IsJpsOwnRuleWhereTheBlockIsOfOneCost) {
  int checked = 0;
  for (const Diagonal rule : kRules) {
    for (const CostModel model : reference::kAllModels) {
      for (std::uint32_t mask = 0; mask < 256; ++mask) {
        for (const std::uint8_t cost : {std::uint8_t{1}, std::uint8_t{7}}) {
          jump_terrain::Block block{};
          block[static_cast<std::size_t>(jump_terrain::cell_of(0, 0))] = cost;
          for (int d = 0; d < kDirectionCount; ++d)
            block[static_cast<std::size_t>(jump_terrain::cell_of(kDirDx[d], kDirDy[d]))] = ((mask >> d) & 1u) ? cost : 0;
          const jump_terrain::Rule terrain(block, rule, model);
          const std::uint8_t legal = allowed_moves(rule, static_cast<std::uint8_t>(mask));
          for (int travel = 0; travel < kDirectionCount; ++travel) {
            // Only arrivals the rule allows: from an open cell p, by a legal move.
            const int back = (travel + 2) % 4 + (travel < 4 ? 0 : 4);  // the way back to p
            if (!(allowed_moves(rule, static_cast<std::uint8_t>(mask)) & (1u << back))) continue;
            const std::uint8_t want = jump_rules::kPrune[static_cast<int>(rule)][travel][mask] & legal;
            ASSERT_EQ(terrain.kept(travel), want) << rule_name(rule) << " " << name_of(model) << " walls " << mask << " travel " << travel;
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

}  // namespace
}  // namespace astar
