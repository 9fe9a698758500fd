// The name tables that cross into JavaScript (search.h, events.h, walk.h) against what the
// searches really do: the build generates TypeScript's unions from these tables, so a name a
// search uses but the table lacks, or a table row no search can produce, would make the
// generated types wrong.
//   - every search describes its per-cell arrays with names from kChannelNames, each at most
//     once, always phase, g, order and one parent channel; and every name of the table is
//     used by some search;
//   - every outcome a search reports comes with the event kind kOutcomes says reports it,
//     and events of kinds that have no outcome carry Outcome::None.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "events.h"
#include "grid.h"
#include "cell_mesh.h"
#include "search.h"

namespace astar {
namespace {

// A 12 x 9 map with walls that every algorithm runs on (one terrain cost, for JPS and
// Theta*): rooms and gaps, so scans stop at jump points and dead ends, lines of sight are
// obstructed and IDA* prunes and backtracks.
Grid walled_map() {
  const char* rows[] = {
      "............",  //
      "..@@@@@.....",  //
      "......@..@..",  //
      ".@@@..@..@..",  //
      "...@.....@..",  //
      "...@@@@.@@..",  //
      "..........@.",  //
      ".@@@@.....@.",  //
      "............",
  };
  Grid grid(12, 9);
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 12; ++x)
      if (rows[y][x] == '@') grid.set_cost(grid.id(x, y), kWall);
  return grid;
}

SearchOptions options_for(const AlgorithmInfo& algorithm) {
  SearchOptions options;
  options.algorithm = algorithm.id;
  options.diagonal = Diagonal::OnlyWhenNoObstacles;  // a rule every algorithm takes
  options.max_expansions = 5000;                      // IDA* ends well before this here
  return options;
}

bool has_outcomes(EventKind kind) {
  return std::any_of(kOutcomes.begin(), kOutcomes.end(), [kind](const OutcomeRow& row) { return row.reported_by == kind; });
}

TEST(NameTables, EverySearchNamesEachChannelOnceFromTheTableAndTheTableHoldsNoUnusedName) {
  const Grid grid = walled_map();
  std::set<ChannelName> used;
  for (const AlgorithmInfo& algorithm : kAlgorithms) {
    SCOPED_TRACE(std::string(algorithm.name));
    // A mesh search keeps nothing per cell (its nodes are the mesh's): it has no channels.
    if (search_class(algorithm.id).on_mesh) continue;
    const std::unique_ptr<Search> search = make_search(grid, options_for(algorithm));
    search->set_tracing(true);  // JPS keeps "scanned" only while tracing
    ASSERT_TRUE(search->reset({0, 0}, {11, 8}));
    search->run();
    std::set<ChannelName> mine;
    for (const Channel& channel : search->channels()) {
      ASSERT_LT(static_cast<std::size_t>(channel.name), kChannelNames.size());
      EXPECT_TRUE(mine.insert(channel.name).second) << kChannelNames[static_cast<std::size_t>(channel.name)].name << " twice";
    }
    for (const ChannelName always : {ChannelName::Phase, ChannelName::G, ChannelName::Order})
      EXPECT_TRUE(mine.count(always)) << kChannelNames[static_cast<std::size_t>(always)].name << " missing";
    EXPECT_EQ(mine.count(ChannelName::ParentDir) + mine.count(ChannelName::ParentId), 1u);
    used.insert(mine.begin(), mine.end());
  }
  for (const Named<ChannelName>& row : kChannelNames) EXPECT_TRUE(used.count(row.value)) << row.name << " is used by no search";
}

TEST(NameTables, EveryOutcomeComesWithTheEventKindItsRowNames) {
  Grid grid = walled_map();
  std::set<EventKind> kinds_with_outcomes_seen;
  std::vector<Event> events;
  for (const AlgorithmInfo& algorithm : kAlgorithms) {
    SCOPED_TRACE(std::string(algorithm.name));
    const std::unique_ptr<Search> search = make_search(grid, options_for(algorithm));
    const auto check_steps = [&] {
      while (search->step(events)) {
        for (const Event& event : events) {
          ASSERT_LT(static_cast<std::size_t>(event.outcome), kOutcomes.size());
          const OutcomeRow& row = kOutcomes[static_cast<std::size_t>(event.outcome)];
          if (row.reported_by) {
            EXPECT_EQ(event.kind, *row.reported_by) << row.name << " reported by kind " << static_cast<int>(event.kind);
            kinds_with_outcomes_seen.insert(event.kind);
          } else {
            EXPECT_FALSE(has_outcomes(event.kind)) << "kind " << static_cast<int>(event.kind) << " reported no outcome";
          }
        }
      }
    };
    ASSERT_TRUE(search->reset({0, 0}, {11, 8}));
    testing_mesh::give_cell_mesh(*search);  // a mesh search's preparation
    check_steps();
    EXPECT_EQ(search->status(), Status::Found);
    if (auto* incremental = dynamic_cast<IncrementalSearch*>(search.get())) {
      // D* Lite's repairs report the outcomes a first search never does (under-consistent
      // pops, requeued and dequeued cells): close the gap it went through, move the start.
      grid.set_cost(grid.id(4, 8), kWall);
      grid.set_cost(grid.id(4, 4), kWall);
      ASSERT_TRUE(incremental->repair({grid.id(4, 8), grid.id(4, 4)}, {1, 0}));
      check_steps();
      grid.set_cost(grid.id(4, 8), 1);
      grid.set_cost(grid.id(4, 4), 1);
    }
  }
  // Not vacuous: every kind that has outcomes was seen reporting them.
  for (const OutcomeRow& row : kOutcomes)
    if (row.reported_by) EXPECT_TRUE(kinds_with_outcomes_seen.count(*row.reported_by)) << "no event of the kind reporting " << row.name;
}

}  // namespace
}  // namespace astar
