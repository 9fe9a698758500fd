// Moving AI conformance: every optimal algorithm of the table, under the benchmark's rule
// (a diagonal needs both orthogonal neighbours free: only-when-no-obstacles) and exact
// costs, must find the published optimal length of every query, within 0.01 (the files
// print 2 to 8 decimals). IDA* runs only on maps of at most kIdaMaxCells cells: on larger
// open maps its iterations take too long for a test suite.
//
// Every query of the small maps copied into tests/fixtures/movingai is run. When the
// team's shared data folder (../shared/movingai) is present, an evenly spaced sample of
// every .scen file there is run too, sized to keep each file around a second.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "movingai.h"
#include "reference.h"
#include "search.h"

namespace astar {
namespace {

namespace fs = std::filesystem;
using reference::file_test_name;
using reference::scen_files_in;

constexpr double kTolerance = 0.01;
// Queries per shared file: buckets are ordered by length, so an even spread covers
// short and long queries alike.
constexpr std::size_t kSharedSampleSize = 40;
constexpr std::size_t kIdaMaxCells = 64 * 64;

// Runs the queries at indices 0, stride, 2 * stride, ... of one .scen file.
void check_scenario_file(const fs::path& scen_path, std::size_t stride) {
  const reference::ScenarioFile file = reference::read_scenario_file(scen_path);
  ASSERT_TRUE(file.error.empty()) << file.error;
  ASSERT_FALSE(file.queries.empty()) << scen_path;
  const std::optional<Grid>& grid = file.grid;
  const std::string& map_path = file.map_path;
  const std::vector<ScenarioQuery>& queries = file.queries;
  std::size_t checked = 0;
  for (const AlgorithmInfo& algorithm : kAlgorithms) {
    // Optimal any-angle searches (Polyanya) find shorter paths than the grid's optimum: they
    // are checked against a visibility graph (tests/js/navmesh.test.ts).
    if (!algorithm.optimal || algorithm.any_angle) continue;
    if (algorithm.id == Algorithm::IterativeDeepening && grid->cell_count() > kIdaMaxCells) continue;
    SearchOptions options;
    options.algorithm = algorithm.id;
    options.diagonal = Diagonal::OnlyWhenNoObstacles;
    const std::unique_ptr<Search> search = make_search(*grid, options);
    for (std::size_t i = 0; i < queries.size(); i += stride) {
      const ScenarioQuery& q = queries[i];
      ASSERT_EQ(q.map_width, grid->width()) << map_path;
      ASSERT_EQ(q.map_height, grid->height()) << map_path;
      ASSERT_TRUE(search->reset(q.start, q.goal));
      search->run();
      const std::string where = std::string(algorithm.name) + " on " + scen_path.filename().string() + " query " +
                                std::to_string(i) + " (" + std::to_string(q.start.x) + "," + std::to_string(q.start.y) +
                                ") -> (" + std::to_string(q.goal.x) + "," + std::to_string(q.goal.y) + ")";
      if (q.optimal < 0) {
        EXPECT_EQ(search->status(), Status::NoPath) << where;
      } else {
        ASSERT_EQ(search->status(), Status::Found) << where;
        EXPECT_NEAR(search->path_cost(), q.optimal, kTolerance) << where;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 0u);
}

class BundledScenarioFile : public ::testing::TestWithParam<fs::path> {};

TEST_P(BundledScenarioFile, EveryOptimalAlgorithmFindsEveryPublishedOptimalLength) { check_scenario_file(GetParam(), 1); }

const fs::path kBundledFolder = fs::path(ASTAR_FIXTURES_DIR) / "movingai";
const fs::path kSharedFolder = fs::path(ASTAR_SHARED_MOVINGAI_DIR);

TEST(BundledScenarioFiles, AreAllPresent) {
  std::vector<std::string> names;
  for (const fs::path& p : scen_files_in(kBundledFolder)) names.push_back(p.filename().string());
  EXPECT_EQ(names, (std::vector<std::string>{"arena.map.scen", "den312d.map.scen", "ht_chantry.map.scen"}))
      << "in " << kBundledFolder;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, BundledScenarioFile, ::testing::ValuesIn(scen_files_in(kBundledFolder)), file_test_name);

class SharedScenarioFile : public ::testing::TestWithParam<fs::path> {};

TEST_P(SharedScenarioFile, EveryOptimalAlgorithmFindsTheOptimalLengthOfASample) {
  const std::optional<std::string> text = reference::read_text(GetParam().string());
  ASSERT_TRUE(text);
  const Parsed<Scenario> scenario = read_scenario(*text);
  ASSERT_TRUE(scenario) << GetParam() << ": " << scenario.error.message;
  const std::size_t count = scenario.value->queries.size();
  check_scenario_file(GetParam(), std::max<std::size_t>(1, count / kSharedSampleSize));
}

INSTANTIATE_TEST_SUITE_P(SharedMovingAi, SharedScenarioFile, ::testing::ValuesIn(scen_files_in(kSharedFolder)),
                         file_test_name);
// Absent shared data is reported by SharedMovingAiFolder below, not as a setup error.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SharedScenarioFile);

TEST(SharedMovingAiFolder, IsUsedWhenPresent) {
  std::error_code ec;
  if (!fs::is_directory(kSharedFolder, ec))
    GTEST_SKIP() << "../shared/movingai not found: " << kSharedFolder
                 << " does not exist, so only the bundled maps in tests/fixtures/movingai were checked";
  EXPECT_FALSE(scen_files_in(kSharedFolder).empty()) << kSharedFolder << " exists but holds no .scen file";
}

}  // namespace
}  // namespace astar
