// Subgoal graphs (subgoal_graph.h) on the Moving AI scenarios: every query of every file,
// 8-connected under the Moving AI rule, against the published optimal length; and, since no
// 4-connected lengths are published, a sample of each file 4-connected against jump point
// search. The bundled files always run; the team's shared folder when it is present.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "reference.h"
#include "subgoal_graph.h"

namespace astar {
namespace {

namespace fs = std::filesystem;

SearchOptions options_for(Diagonal diagonal) {
  SearchOptions options;
  options.algorithm = Algorithm::SubgoalGraph;
  options.diagonal = diagonal;
  return options;
}

// The files print lengths rounded to 6 significant digits, and the bg512 file to 2
// decimals, so a length is matched within 1e-4 of itself, or 0.005 where that is larger.
double published_tolerance(double optimal) { return std::max(1e-4 * optimal, 0.005); }

const fs::path kBundledFolder = fs::path(ASTAR_FIXTURES_DIR) / "movingai";
const fs::path kSharedFolder = fs::path(ASTAR_SHARED_MOVINGAI_DIR);

class SubgoalMovingAi : public ::testing::TestWithParam<fs::path> {};

TEST_P(SubgoalMovingAi, FindsEveryPublishedOptimalLength) {
  const reference::ScenarioFile file = reference::read_scenario_file(GetParam());
  ASSERT_TRUE(file.error.empty()) << file.error;
  SubgoalGraphSearch search(*file.grid, options_for(Diagonal::OnlyWhenNoObstacles));
  for (std::size_t i = 0; i < file.queries.size(); ++i) {
    const ScenarioQuery& q = file.queries[i];
    ASSERT_TRUE(search.reset(q.start, q.goal));
    search.run();
    const std::string where = GetParam().filename().string() + " query " + std::to_string(i);
    if (q.optimal < 0) {
      EXPECT_EQ(search.status(), Status::NoPath) << where;
    } else {
      ASSERT_EQ(search.status(), Status::Found) << where;
      EXPECT_NEAR(search.path_cost(), q.optimal, published_tolerance(q.optimal)) << where;
      EXPECT_EQ(search.path().front(), q.start) << where;
      EXPECT_EQ(search.path().back(), q.goal) << where;
    }
  }
}

// Four-connected lengths are not published: a sample of each file against jump point search.
TEST_P(SubgoalMovingAi, FourConnectedMatchesJumpPointSearchOnASample) {
  const reference::ScenarioFile file = reference::read_scenario_file(GetParam());
  ASSERT_TRUE(file.error.empty()) << file.error;
  SubgoalGraphSearch search(*file.grid, options_for(Diagonal::Never));
  SearchOptions jps_options = options_for(Diagonal::Never);
  jps_options.algorithm = Algorithm::JumpPoint;
  const std::unique_ptr<Search> jps = make_search(*file.grid, jps_options);
  const std::size_t stride = std::max<std::size_t>(1, file.queries.size() / 25);
  for (std::size_t i = 0; i < file.queries.size(); i += stride) {
    const ScenarioQuery& q = file.queries[i];
    ASSERT_TRUE(search.reset(q.start, q.goal));
    ASSERT_TRUE(jps->reset(q.start, q.goal));
    search.run();
    jps->run();
    const std::string where = GetParam().filename().string() + " query " + std::to_string(i);
    ASSERT_EQ(search.status(), jps->status()) << where;
    if (jps->status() == Status::Found) {
      EXPECT_NEAR(search.path_cost(), jps->path_cost(), 1e-9 * jps->path_cost()) << where;
      EXPECT_NEAR(reference::checked_path_cost(*file.grid, {Diagonal::Never, CostModel::Exact}, search.path(), q.start, q.goal),
                  search.path_cost(), 1e-9 * search.path_cost())
          << where;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Bundled, SubgoalMovingAi, ::testing::ValuesIn(reference::scen_files_in(kBundledFolder)),
                         reference::file_test_name);
INSTANTIATE_TEST_SUITE_P(Shared, SubgoalMovingAi, ::testing::ValuesIn(reference::scen_files_in(kSharedFolder)),
                         reference::file_test_name);

TEST(SubgoalMovingAiFolder, IsUsedWhenPresent) {
  std::error_code ec;
  if (!fs::is_directory(kSharedFolder, ec))
    GTEST_SKIP() << "../shared/movingai not found: " << kSharedFolder
                 << " does not exist, so subgoal graphs were checked on the bundled maps in tests/fixtures/movingai only";
  EXPECT_FALSE(reference::scen_files_in(kSharedFolder).empty());
}

}  // namespace
}  // namespace astar
