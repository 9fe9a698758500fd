// Test support for the search tests: the reference move rules and Dijkstra (move_rules.h)
// and checks of a search against them; random maps; Moving AI scenario files; and snapshots of
// everything an observer can read of a search, for comparing two ways of reaching a state
// (stepping k times, or resetting and replaying k steps).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <cmath>
#include <functional>
#include <optional>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "grid.h"
#include "move_rules.h"
#include "movingai.h"
#include "options.h"
#include "cell_mesh.h"
#include "search.h"

namespace astar::reference {

// Checks that the path runs from start to goal by legal moves and returns its summed cost.
inline double checked_path_cost(const Grid& grid, MoveRules rules, const std::vector<Point>& path, Point start, Point goal) {
  EXPECT_FALSE(path.empty());
  if (path.empty()) return NAN;
  EXPECT_EQ(path.front(), start);
  EXPECT_EQ(path.back(), goal);
  double total = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const std::optional<double> cost = move_cost(grid, rules, path[i - 1], path[i]);
    EXPECT_TRUE(cost) << "illegal move " << i << ": (" << path[i - 1].x << "," << path[i - 1].y << ") -> ("
                      << path[i].x << "," << path[i].y << ")";
    if (!cost) return NAN;
    total += *cost;
  }
  return total;
}

inline constexpr std::array<Diagonal, 4> kAllRules = {Diagonal::Never, Diagonal::Always, Diagonal::IfAtMostOneObstacle,
                                               Diagonal::OnlyWhenNoObstacles};
inline constexpr std::array<CostModel, 2> kAllModels = {CostModel::Exact, CostModel::Integer};

inline Grid random_grid(std::mt19937& rng, int max_side, bool terrain) {
  std::uniform_int_distribution<int> side(1, max_side);
  Grid grid(side(rng), side(rng));
  const double wall_chance = std::uniform_real_distribution<double>(0.0, 0.45)(rng);
  // Sometimes the cheapest terrain is above 1, which the heuristics must scale by.
  const int lowest = terrain ? std::uniform_int_distribution<int>(1, 3)(rng) : 1;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int> cost(lowest, 9);
  for (CellId id = 0; id < grid.cell_count(); ++id)
    grid.set_cost(id, unit(rng) < wall_chance ? kWall : static_cast<std::uint8_t>(terrain ? cost(rng) : 1));
  return grid;
}

inline Point random_point(std::mt19937& rng, const Grid& grid) {
  return {std::uniform_int_distribution<int>(0, grid.width() - 1)(rng),
          std::uniform_int_distribution<int>(0, grid.height() - 1)(rng)};
}

// A random query the algorithm accepts, on a random map of up to 32 x 32: a diagonal rule
// and cost model it supports, terrain half the time where it runs on terrain, sometimes a
// weight above 1 where it reads one (weighted A* and greedy then meet open cells again by
// dearer and cheaper ways), and at most `step_cap` expansions (IDA* on an open map would
// otherwise go on for long).
inline constexpr std::uint64_t kQueryStepCap = 3000;
struct Query {
  Grid grid;
  Point start, goal;
  SearchOptions options;
};

inline Query random_query(std::mt19937& rng, const AlgorithmInfo& algorithm, std::uint64_t step_cap = kQueryStepCap) {
  SearchOptions options;
  options.algorithm = algorithm.id;
  do options.diagonal = kAllRules[rng() % kAllRules.size()];
  while (!(algorithm.diagonals & bit(options.diagonal)));
  do options.cost_model = kAllModels[rng() % kAllModels.size()];
  while (!(algorithm.cost_models & bit(options.cost_model)));
  if (algorithm.uses_weight && rng() % 3 == 0) options.weight = 2.5;
  options.max_expansions = step_cap;
  Grid grid = random_grid(rng, 32, !algorithm.uniform_terrain_only && rng() % 2 == 0);
  const Point start = random_point(rng, grid), goal = random_point(rng, grid);
  return {std::move(grid), start, goal, options};
}

// Runs the search from start to goal and checks it against the reference: NoPath exactly
// when Dijkstra finds no path; otherwise Dijkstra's cost, along a legal path whose move
// costs add up to it, every cell of it marked Path (`jumps`: every node of it, which the
// parents lead through from the goal; the cells a jump passed over are filled into the path
// and are not the search's path nodes). Returns whether a path was found.
inline bool expect_matches_reference(Search& search, const Grid& grid, MoveRules rules, Point start, Point goal,
                                     const std::string& where, bool jumps = false) {
  const std::optional<double> expected = dijkstra(grid, rules, start, goal);
  EXPECT_TRUE(search.reset(start, goal)) << where;
  search.run();
  if (!expected) {
    EXPECT_EQ(search.status(), Status::NoPath) << where;
    EXPECT_TRUE(search.path().empty()) << where;
    return false;
  }
  EXPECT_EQ(search.status(), Status::Found) << where;
  const double tolerance = 1e-9 * (1 + *expected);
  EXPECT_NEAR(search.path_cost(), *expected, tolerance) << where;
  EXPECT_NEAR(checked_path_cost(grid, rules, search.path(), start, goal), search.path_cost(), tolerance) << where;
  if (!jumps) {
    for (const Point& p : search.path()) EXPECT_EQ(search.phase(grid.id(p)), CellPhase::Path) << where;
    return true;
  }
  const std::vector<Point>& path = search.path();
  std::size_t nodes = 0;
  for (CellId at = grid.id(goal); at != kNoCell && nodes <= path.size(); at = search.parent(at), ++nodes) {
    EXPECT_EQ(search.phase(at), CellPhase::Path) << where;
    EXPECT_NE(std::find(path.begin(), path.end(), grid.point(at)), path.end()) << where;
  }
  EXPECT_EQ(search.parent(grid.id(start)), kNoCell) << where;
  return true;
}

inline std::optional<std::string> read_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// ---------------------------------------------------------------------------------------
// Moving AI scenario files, for the suites that run them

// The .scen files in a folder, sorted; none when the folder does not exist.
inline std::vector<std::filesystem::path> scen_files_in(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) return files;
  for (const std::filesystem::directory_entry& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".scen") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// A scenario file with its map (found as candidate_map_paths says), or why it could not be read.
struct ScenarioFile {
  std::vector<ScenarioQuery> queries;
  std::optional<Grid> grid;
  std::string map_path;
  std::string error;  // empty when both were read
};

inline ScenarioFile read_scenario_file(const std::filesystem::path& scen_path) {
  ScenarioFile file;
  const std::optional<std::string> scen_text = read_text(scen_path.string());
  if (!scen_text) {
    file.error = "cannot read " + scen_path.string();
    return file;
  }
  Parsed<Scenario> scenario = read_scenario(*scen_text);
  if (!scenario) {
    file.error = scen_path.string() + ": " + scenario.error.message;
    return file;
  }
  for (const std::string& candidate : candidate_map_paths(scen_path.string(), *scenario.value)) {
    const std::optional<std::string> map_text = read_text(candidate);
    if (!map_text) continue;
    Parsed<Grid> parsed = read_map(*map_text);
    if (!parsed) {
      file.error = candidate + ": " + parsed.error.message;
      return file;
    }
    file.grid = std::move(parsed.value);
    file.map_path = candidate;
    file.queries = std::move(scenario.value->queries);
    return file;
  }
  file.error = "no map found for " + scen_path.string();
  return file;
}

// A test name from a file name ("arena.map.scen" -> "arena_map_scen").
inline std::string file_test_name(const ::testing::TestParamInfo<std::filesystem::path>& info) {
  std::string name = info.param.filename().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// ---------------------------------------------------------------------------------------
// Snapshots

struct Snapshot {
  Status status;
  std::uint64_t expanded, opened, improved, max_open;
  std::size_t open_size;
  std::vector<Point> path;
  double cost;
  Progress progress;
  // Per channel, per cell: whether it belongs to the search, and its bits if it does.
  std::vector<std::vector<std::pair<bool, std::uint64_t>>> channels;
};

// reset(), then for a search that prepares per map its preparation to the end (preparing is
// not a step): the search is then where a search that prepares nothing is after reset().
inline bool reset_prepared(Search& search, Point start, Point goal) {
  const bool started = search.reset(start, goal);
  // A mesh search cannot prepare in the core: it is given the grid's cell mesh.
  if (search.status() == Status::Preparing) testing_mesh::give_cell_mesh(search);
  if (search.status() == Status::Preparing) search.prepare_steps(UINT64_MAX);
  return started;
}

inline std::uint64_t read_bits(const Channel& channel, std::size_t i) {
  const unsigned char* at = static_cast<const unsigned char*>(channel.data) + i * channel.stride;
  std::uint64_t bits = 0;
  const std::size_t size = channel.type == ChannelType::U8    ? 1
                           : channel.type == ChannelType::U16 ? 2
                           : channel.type == ChannelType::U32 ? 4
                                                              : 8;
  std::memcpy(&bits, at, size);
  return bits;
}

inline Snapshot snapshot(const Search& search) {
  Snapshot s;
  s.status = search.status();
  const Counters& c = search.counters();
  s.expanded = c.expanded;
  s.opened = c.opened;
  s.improved = c.improved;
  s.max_open = c.max_open;
  s.open_size = search.open_size();
  s.path = search.path();
  s.cost = search.path_cost();
  s.progress = search.progress();
  const std::size_t cells = search.grid().cell_count();
  for (const Channel& channel : search.channels()) {
    std::vector<std::pair<bool, std::uint64_t>> values(cells);
    for (std::size_t i = 0; i < cells; ++i) {
      if (channel.name == ChannelName::Scanned) {
        // "scanned" holds stamps itself: what counts is whether the value is this search's.
        values[i] = {read_bits(channel, i) == search.stamp(), 0};
        continue;
      }
      if (channel.stamp == nullptr) {
        // Without stamps, every value belongs (JPS+'s jump distances).
        values[i] = {true, read_bits(channel, i)};
        continue;
      }
      const bool mine = channel.stamp[i * channel.stamp_stride / 2] == search.stamp();
      values[i] = {mine, mine ? read_bits(channel, i) : 0};
    }
    s.channels.push_back(std::move(values));
  }
  return s;
}

inline bool same_double(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

inline void expect_same(const Snapshot& a, const Snapshot& b, const std::string& where) {
  EXPECT_EQ(a.status, b.status) << where;
  EXPECT_EQ(a.expanded, b.expanded) << where;
  EXPECT_EQ(a.opened, b.opened) << where;
  EXPECT_EQ(a.improved, b.improved) << where;
  EXPECT_EQ(a.max_open, b.max_open) << where;
  EXPECT_EQ(a.open_size, b.open_size) << where;
  EXPECT_EQ(a.path, b.path) << where;
  EXPECT_TRUE(same_double(a.cost, b.cost)) << where;
  EXPECT_TRUE(same_double(a.progress.threshold, b.progress.threshold)) << where;
  EXPECT_TRUE(same_double(a.progress.iteration, b.progress.iteration)) << where;
  EXPECT_TRUE(same_double(a.progress.meeting_cost, b.progress.meeting_cost)) << where;
  EXPECT_EQ(a.progress.meeting_cell, b.progress.meeting_cell) << where;
  ASSERT_EQ(a.channels.size(), b.channels.size()) << where;
  for (std::size_t k = 0; k < a.channels.size(); ++k) EXPECT_TRUE(a.channels[k] == b.channels[k]) << where << " channel " << k;
}

// Steps the search from start to goal to its end, keeping the state after every step; then
// checks that running flat out reaches the same end, and that a reset followed by k
// unobserved steps restores exactly the state after k observed steps (the page's step
// back), for a few k. The search may first have run something else: reset must hide it.
inline void expect_replays_exactly(Search& search, Point start, Point goal, const std::string& where,
                                   std::size_t max_steps = 5000) {
  ASSERT_TRUE(reset_prepared(search, start, goal)) << where;
  std::vector<Snapshot> after;  // after[k] = the state after k steps
  after.push_back(snapshot(search));
  std::vector<Event> events;
  while (search.step(events)) {
    after.push_back(snapshot(search));
    ASSERT_LT(after.size(), max_steps) << where << ": keep this test's maps small";
  }
  ASSERT_TRUE(search.reset(start, goal));
  search.run();
  expect_same(snapshot(search), after.back(), where + ", run");
  for (std::size_t k : {std::size_t{0}, std::size_t{1}, after.size() / 3, after.size() / 2, after.size() - 1}) {
    if (k >= after.size()) continue;  // an end on a wall: NoPath before any step
    ASSERT_TRUE(search.reset(start, goal));
    EXPECT_EQ(search.run_steps(k), k) << where;
    expect_same(snapshot(search), after[k], where + ", replay " + std::to_string(k));
  }
}

}  // namespace astar::reference
