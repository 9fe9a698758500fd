// JPS+ (jump_table.h): the precomputed table must hold, cell by cell and direction by
// direction, what the online scanner (jump_points.h) finds with no goal on the map; read with a
// goal, it must give the scanner's successors and a subsequence of its reports; and a search
// over it must be online JPS, expansion by expansion, under every diagonal rule, and cost what
// Dijkstra finds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "jump_points.h"
#include "jump_table.h"
#include "jump_test_support.h"
#include "movingai.h"
#include "reference.h"
#include "search.h"

namespace astar {
namespace {

using namespace jump_test;

// A goal no scan can reach: off the map.
constexpr Point kNoGoal{-1, -1};

std::string rule_name(Diagonal rule) {
  std::string name(name_of(rule));
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

class JumpTableRule : public ::testing::TestWithParam<Diagonal> {};
INSTANTIATE_TEST_SUITE_P(AllDiagonalRules, JumpTableRule, ::testing::ValuesIn(reference::kAllRules),
                         [](const ::testing::TestParamInfo<Diagonal>& info) { return rule_name(info.param); });

std::shared_ptr<const JumpTable> build(const Grid& grid, Diagonal rule, std::uint64_t slice) {
  JumpTableBuilder builder(grid, rule);
  EXPECT_EQ(builder.total(), 2u * static_cast<std::uint64_t>(grid.height()));
  std::uint64_t done = 0;
  while (!builder.finished()) {
    const std::uint64_t made = builder.advance(slice);
    EXPECT_GE(made, 1u);
    done += made;
    EXPECT_EQ(builder.done(), done);
  }
  EXPECT_EQ(done, builder.total());
  return builder.take();
}

// The maps: random walls of every density, sizes around the scanner's 56- and 64-cell words,
// mazes with one-cell corridors, long walls.
std::vector<Grid> maps_for(std::mt19937& rng) {
  std::vector<Grid> maps;
  const std::vector<std::pair<int, int>> sizes = {{1, 1}, {2, 3}, {7, 5}, {57, 4}, {64, 9}, {65, 13}, {130, 6}, {5, 70}, {40, 40}};
  for (const auto& [w, h] : sizes)
    for (const double density : {0.0, 0.1, 0.25, 0.45}) maps.push_back(random_grid(w, h, density, rng));
  for (int i = 0; i < 3; ++i) {
    maps.push_back(maze_grid(13 + i, 9 + 2 * i, 0.15 * i, rng));
    maps.push_back(blocks_grid(50 + 9 * i, 31, 5, rng));
  }
  return maps;
}

TEST_P(JumpTableRule, EveryEntryIsWhatTheOnlineScanFindsWithNoGoal) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(5150u + static_cast<unsigned>(rule));
  for (const Grid& grid : maps_for(rng)) {
    const std::shared_ptr<const JumpTable> table = build(grid, rule, 1 + rng() % 7);
    ASSERT_TRUE(table->made_for(grid, rule));
    JumpScanner scanner;
    scanner.prepare(grid, rule);
    int mismatches = 0;
    for (const Point c : free_cells(grid)) {
      // From the start every direction is scanned and reported, even a first move that is
      // illegal; the scans that begin at c are the eight (four under "never") directions'.
      Recorder online;
      scanner.successors(c.x, c.y, kNoDirection, kNoGoal, [](int, std::uint32_t) {}, online);
      std::vector<bool> seen(kDirectionCount, false);
      for (const Reported& r : online.events) {
        if (r.is_forced || r.x != c.x || r.y != c.y) continue;
        seen[static_cast<std::size_t>(r.dir)] = true;
        const std::uint16_t entry = table->entry(grid.id(c), r.dir);
        const bool jump_point = (entry & JumpTable::kJumpPoint) != 0;
        if ((entry & JumpTable::kSteps) != r.steps || jump_point != (r.outcome == Outcome::JumpPoint)) {
          if (++mismatches <= 5)
            ADD_FAILURE() << name_of(rule) << " " << grid.width() << "x" << grid.height() << " cell " << c.x << "," << c.y
                          << " dir " << r.dir << ": online " << r << ", table steps " << (entry & JumpTable::kSteps)
                          << (jump_point ? " jump point" : " dead end") << "\n" << write_map(grid);
        }
      }
      const int directions = rule == Diagonal::Never ? 4 : 8;
      for (int d = 0; d < directions; ++d) EXPECT_TRUE(seen[static_cast<std::size_t>(d)]) << "direction " << d << " not scanned";
      // No diagonal moves under "never": nothing to find there.
      for (int d = directions; d < kDirectionCount; ++d) EXPECT_EQ(table->entry(grid.id(c), d), 0) << "direction " << d;
    }
    if (HasFailure()) return;
  }
}

TEST_P(JumpTableRule, SlicesOfAnySizeBuildTheSameTable) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(99u + static_cast<unsigned>(rule));
  const Grid grid = random_grid(71, 23, 0.3, rng);
  const std::shared_ptr<const JumpTable> whole = build(grid, rule, UINT64_MAX);
  for (const std::uint64_t slice : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{23}, std::uint64_t{45}}) {
    const std::shared_ptr<const JumpTable> sliced = build(grid, rule, slice);
    ASSERT_EQ(sliced->bytes(), whole->bytes());
    EXPECT_TRUE(std::equal(sliced->data(), sliced->data() + grid.cell_count() * kDirectionCount, whole->data()))
        << "slices of " << slice;
  }
}

// Goals that put the goal checks to work from cell c: on c's lines (straight and diagonal),
// and one component scan away from a cell of a diagonal line (where the line crosses the goal's
// column or row), besides random ones.
std::vector<Point> goals_around(const Grid& grid, Point c, std::mt19937& rng) {
  std::vector<Point> goals = {reference::random_point(rng, grid), c};
  std::uniform_int_distribution<int> far(1, std::max(grid.width(), grid.height()));
  for (int i = 0; i < 6; ++i) {
    const int d = static_cast<int>(rng() % kDirectionCount), k = far(rng);
    Point g{c.x + k * kDirDx[d], c.y + k * kDirDy[d]};
    if (is_diagonal(d) && rng() % 2) {
      const int m = far(rng) - 1;
      if (rng() % 2) g.x += m * kDirDx[d];
      else g.y += m * kDirDy[d];
    }
    if (grid.in_bounds(g.x, g.y)) goals.push_back(g);
  }
  return goals;
}

bool is_subsequence(const std::vector<Reported>& part, const std::vector<Reported>& whole) {
  std::size_t at = 0;
  for (const Reported& r : whole)
    if (at < part.size() && part[at] == r) ++at;
  return at == part.size();
}

TEST_P(JumpTableRule, ReadWithAGoalItGivesTheOnlineSuccessorsAndASubsequenceOfItsReports) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(8086u + static_cast<unsigned>(rule));
  SearchOptions options;
  options.diagonal = rule;
  for (const Grid& grid : maps_for(rng)) {
    PrecomputedJumps table;
    table.prepare_steps(grid, options, UINT64_MAX);
    ASSERT_TRUE(table.preparation(grid, options).ready);
    table.prepare(grid, rule);
    JumpScanner scanner;
    scanner.prepare(grid, rule);
    std::vector<Point> cells = free_cells(grid);
    std::shuffle(cells.begin(), cells.end(), rng);
    cells.resize(std::min<std::size_t>(cells.size(), 60));
    int mismatches = 0;
    for (const Point c : cells) {
      for (const Point goal : goals_around(grid, c, rng)) {
        for (int travel = -1; travel < kDirectionCount; ++travel) {
          const int t = travel < 0 ? kNoDirection : travel;
          std::vector<Successor> want, got, got_quiet;
          Recorder online, offline;
          scanner.successors(c.x, c.y, t, goal, [&](int d, std::uint32_t s) { want.push_back({d, s}); }, online);
          table.successors(c.x, c.y, t, goal, [&](int d, std::uint32_t s) { got.push_back({d, s}); }, offline);
          NoJumpReport quiet;
          table.successors(c.x, c.y, t, goal, [&](int d, std::uint32_t s) { got_quiet.push_back({d, s}); }, quiet);
          // Every direction scanned online is reported from the table, with the same result.
          std::vector<Reported> online_top, offline_top;
          for (const Reported& r : online.events)
            if (!r.is_forced && r.x == c.x && r.y == c.y) online_top.push_back(r);
          for (const Reported& r : offline.events)
            if (!r.is_forced && r.x == c.x && r.y == c.y) offline_top.push_back(r);
          const bool same = want == got && got == got_quiet && online_top == offline_top &&
                            is_subsequence(offline.events, online.events);
          if (!same && ++mismatches <= 5) {
            ADD_FAILURE() << name_of(rule) << " " << grid.width() << "x" << grid.height() << " cell " << c.x << "," << c.y
                          << " travel " << t << " goal " << goal.x << "," << goal.y << "\n  online  "
                          << ::testing::PrintToString(want) << "\n  table   " << ::testing::PrintToString(got) << "\n  quiet   "
                          << ::testing::PrintToString(got_quiet) << "\n  online reports " << ::testing::PrintToString(online.events)
                          << "\n  table reports  " << ::testing::PrintToString(offline.events) << "\n" << write_map(grid);
          }
        }
      }
    }
    if (HasFailure()) return;
  }
}

// ---------------------------------------------------------------------------------------
// The search: JPS+ is online JPS, step for step.

struct Step {
  std::vector<Event> core;     // Expand and Neighbour events
  std::vector<Event> reports;  // Scan and Forced events
  Status status;
};

Step step_of(Search& search, bool& stepped) {
  std::vector<Event> events;
  stepped = search.step(events);
  Step step{{}, {}, search.status()};
  for (const Event& e : events)
    (e.kind == EventKind::Expand || e.kind == EventKind::Neighbour ? step.core : step.reports).push_back(e);
  return step;
}

bool same_event(const Event& a, const Event& b) {
  return a.kind == b.kind && a.outcome == b.outcome && a.side == b.side && a.dir == b.dir && a.cell == b.cell &&
         a.other == b.other && reference::same_double(a.a, b.a) && reference::same_double(a.b, b.b) &&
         reference::same_double(a.c, b.c);
}

bool is_event_subsequence(const std::vector<Event>& part, const std::vector<Event>& whole) {
  std::size_t at = 0;
  for (const Event& e : whole)
    if (at < part.size() && same_event(part[at], e)) ++at;
  return at == part.size();
}

// Steps JPS and JPS+ side by side from start to goal: the same expansions and neighbours in
// the same order, the same statuses, JPS+'s scans and forced neighbours among JPS's, and the
// same end. Returns the steps taken.
std::size_t expect_same_as_jps(const Grid& grid, const SearchOptions& options, Point start, Point goal, const std::string& where) {
  SearchOptions jps_options = options, plus_options = options;
  jps_options.algorithm = Algorithm::JumpPoint;
  plus_options.algorithm = Algorithm::JumpPointPlus;
  const std::unique_ptr<Search> jps = make_search(grid, jps_options), plus = make_search(grid, plus_options);
  EXPECT_TRUE(jps->reset(start, goal));
  EXPECT_TRUE(reference::reset_prepared(*plus, start, goal));
  EXPECT_EQ(plus->status(), jps->status()) << where;
  std::size_t steps = 0;
  for (;;) {
    bool jps_stepped = false, plus_stepped = false;
    const Step a = step_of(*jps, jps_stepped), b = step_of(*plus, plus_stepped);
    EXPECT_EQ(plus_stepped, jps_stepped) << where << " step " << steps;
    if (!jps_stepped || !plus_stepped) break;
    ++steps;
    EXPECT_EQ(b.status, a.status) << where << " step " << steps;
    EXPECT_TRUE(a.core.size() == b.core.size() && std::equal(a.core.begin(), a.core.end(), b.core.begin(), same_event))
        << where << " step " << steps << ": the expansions or their neighbours differ";
    EXPECT_TRUE(is_event_subsequence(b.reports, a.reports)) << where << " step " << steps << ": a report JPS does not make";
    if (::testing::Test::HasFailure()) return steps;
  }
  EXPECT_EQ(plus->counters().expanded, jps->counters().expanded) << where;
  EXPECT_EQ(plus->counters().opened, jps->counters().opened) << where;
  EXPECT_EQ(plus->counters().improved, jps->counters().improved) << where;
  EXPECT_EQ(plus->path(), jps->path()) << where;
  EXPECT_TRUE(reference::same_double(plus->path_cost(), jps->path_cost())) << where;
  return steps;
}

std::string describe(const Grid& grid, Point start, Point goal, const SearchOptions& options) {
  return std::string(name_of(options.diagonal)) + " " + std::string(name_of(options.cost_model)) + " " +
         std::to_string(start.x) + "," + std::to_string(start.y) + " -> " + std::to_string(goal.x) + "," +
         std::to_string(goal.y) + "\n" + write_map(grid);
}

TEST_P(JumpTableRule, JpsPlusStepsExactlyAsOnlineJps) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(1234u + static_cast<unsigned>(rule));
  std::size_t steps = 0;
  for (int round = 0; round < 300; ++round) {
    const Grid grid = round % 10 == 9 ? maze_grid(8 + round % 7, 6, 0.2, rng) : reference::random_grid(rng, 40, false);
    SearchOptions options;
    options.diagonal = rule;
    options.cost_model = reference::kAllModels[rng() % 2];
    const Point start = reference::random_point(rng, grid);
    std::vector<Point> goals = goals_around(grid, start, rng);
    for (const Point goal : goals) {
      steps += expect_same_as_jps(grid, options, start, goal, describe(grid, start, goal, options));
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(steps, 3000u) << "the maps should make the searches take many steps";
}

TEST_P(JumpTableRule, JpsPlusCostsWhatDijkstraFindsAndFindsNoPathWhereThereIsNone) {
  const Diagonal rule = GetParam();
  std::mt19937 rng(4321u + static_cast<unsigned>(rule));
  int found = 0, none = 0;
  for (int round = 0; round < 300; ++round) {
    Grid grid = reference::random_grid(rng, 36, false);
    if (round % 3 == 0) {
      // Every walkable cell costs 3: still uniform, and the costs scale.
      for (CellId id = 0; id < grid.cell_count(); ++id)
        if (grid.passable(id)) grid.set_cost(id, 3);
    }
    SearchOptions options;
    options.algorithm = Algorithm::JumpPointPlus;
    options.diagonal = rule;
    options.cost_model = reference::kAllModels[rng() % 2];
    const std::unique_ptr<Search> search = make_search(grid, options);
    for (int q = 0; q < 4; ++q) {
      const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
      if (!grid.passable(grid.id(start)) || !grid.passable(grid.id(goal))) continue;
      const bool has_path = reference::expect_matches_reference(*search, grid, {rule, options.cost_model}, start, goal,
                                                                describe(grid, start, goal, options), true);
      (has_path ? found : none) += 1;
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(found, 300);
  EXPECT_GT(none, 10) << "the maps should wall some goals off";
}

TEST(JumpPlus, ExposesItsJumpsAsChannelsAndScansNoCells) {
  const Grid grid = grid_from({
      "......",
      "..#...",
      "......",
  });
  SearchOptions options;
  options.algorithm = Algorithm::JumpPointPlus;
  const std::unique_ptr<Search> search = make_search(grid, options);
  search->set_tracing(true);
  ASSERT_TRUE(search->reset({0, 0}, {5, 2}));
  const auto is_jump = [](ChannelName name) { return name >= ChannelName::JumpN && name <= ChannelName::JumpNW; };
  for (const Channel& c : search->channels()) EXPECT_FALSE(is_jump(c.name)) << "no table yet: " << kChannelNames[static_cast<std::size_t>(c.name)].name;
  search->run();
  ASSERT_EQ(search->status(), Status::Found);
  JumpScanner scanner;
  scanner.prepare(grid, options.diagonal);
  int jump_channels = 0;
  for (const Channel& c : search->channels()) {
    EXPECT_NE(c.name, ChannelName::Scanned);
    if (!is_jump(c.name)) continue;
    ++jump_channels;
    const int d = static_cast<int>(c.name) - static_cast<int>(ChannelName::JumpN);
    EXPECT_EQ(c.type, ChannelType::U16);
    EXPECT_EQ(c.stamp, nullptr);
    // Each value is the goal-less scan the online scanner makes from the cell.
    for (const Point p : free_cells(grid)) {
      std::uint16_t value;
      std::memcpy(&value, static_cast<const unsigned char*>(c.data) + grid.id(p) * c.stride, sizeof value);
      Recorder online;
      scanner.successors(p.x, p.y, kNoDirection, kNoGoal, [](int, std::uint32_t) {}, online);
      const auto scan = std::find_if(online.events.begin(), online.events.end(),
                                     [&](const Reported& r) { return !r.is_forced && r.x == p.x && r.y == p.y && r.dir == d; });
      ASSERT_NE(scan, online.events.end());
      EXPECT_EQ(value & JumpTable::kSteps, scan->steps) << p.x << "," << p.y << " " << kChannelNames[static_cast<std::size_t>(c.name)].name;
      EXPECT_EQ((value & JumpTable::kJumpPoint) != 0, scan->outcome == Outcome::JumpPoint) << p.x << "," << p.y << " " << kChannelNames[static_cast<std::size_t>(c.name)].name;
    }
  }
  EXPECT_EQ(jump_channels, kDirectionCount);
}

// JPS runs on terrain (jump_points.h, "Terrain"); JPS+'s table has no terrain in it, so it
// refuses such maps, before any preparation.
TEST(JumpPlus, RefusesMapsWithTerrainThatJpsRuns) {
  Grid grid(6, 4);
  grid.set_cost(grid.id(2, 2), 5);
  for (const Diagonal rule : reference::kAllRules) {
    for (const CostModel model : reference::kAllModels) {
      SearchOptions jps{.algorithm = Algorithm::JumpPoint, .diagonal = rule, .cost_model = model};
      SearchOptions plus{.algorithm = Algorithm::JumpPointPlus, .diagonal = rule, .cost_model = model};
      EXPECT_EQ(refusal_for(jps, grid), Refusal::None);
      EXPECT_EQ(refusal_for(plus, grid), Refusal::NeedsUniformTerrain);
      const std::unique_ptr<Search> search = make_search(grid, plus);
      ASSERT_TRUE(search->reset({0, 0}, {5, 3}));
      EXPECT_EQ(search->status(), Status::Refused) << "refused before any preparation";
      EXPECT_EQ(search->refusal(), Refusal::NeedsUniformTerrain);
      EXPECT_FALSE(search->preparation().ready);
      EXPECT_EQ(search->prepare_steps(UINT64_MAX), 0u);
    }
  }
}

}  // namespace
}  // namespace astar
