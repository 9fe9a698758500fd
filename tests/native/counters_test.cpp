// Counters (search.h) and step events (events.h) tell one story for every grid search: the
// page narrates a search from its events and tables it from its counters, so after every
// step
//   expanded = the Expand events so far,
//   opened   = the cells put on the open list: Opened neighbour events (D* Lite: rhs events
//              that queued a cell), plus the roots put there with no such event: the start
//              (bidirectional: and the goal; D* Lite: the goal; IDA*: the start again at
//              every Iteration event, its list holding only the start then),
//   improved = the cheaper ways found to cells on it: Improved neighbour events (D* Lite:
//              rhs events that lowered a cell's rhs).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "events.h"
#include "options.h"
#include "reference.h"
#include "search.h"

namespace astar {
namespace {

struct Tally {
  std::uint64_t expanded = 0;
  std::uint64_t opened = 0;
  std::uint64_t improved = 0;
};

// The roots a search puts on its open list at reset(), with no event.
std::uint64_t roots(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Bidirectional: return 2;  // the start forward, the goal backward
    case Algorithm::IterativeDeepening: return 0;  // its start goes on at each Iteration event
    default: return 1;  // the start (D* Lite, which searches back: the goal)
  }
}

void add(Tally& tally, const std::vector<Event>& events) {
  for (const Event& e : events) {
    if (e.kind == EventKind::Expand) ++tally.expanded;
    if (e.kind == EventKind::Iteration) ++tally.opened;
    if (e.kind == EventKind::Neighbour && e.outcome == Outcome::Opened) ++tally.opened;
    if (e.kind == EventKind::Neighbour && e.outcome == Outcome::Improved) ++tally.improved;
    if (e.kind == EventKind::Rhs && e.outcome == Outcome::Queued) ++tally.opened;
    if (e.kind == EventKind::Rhs && e.b < e.a) ++tally.improved;
  }
}

class CountersOf : public testing::TestWithParam<AlgorithmInfo> {};

INSTANTIATE_TEST_SUITE_P(EveryGridAlgorithm, CountersOf, testing::ValuesIn([] {
                           std::vector<AlgorithmInfo> rows;
                           for (const AlgorithmInfo& a : kAlgorithms)
                             if (!search_class(a.id).on_mesh) rows.push_back(a);
                           return rows;
                         }()),
                         [](const testing::TestParamInfo<AlgorithmInfo>& row) {
                           std::string name(row.param.name);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST_P(CountersOf, AgreeWithTheEventsAfterEveryStep) {
  const AlgorithmInfo& algorithm = GetParam();
  std::mt19937 rng(9100 + static_cast<unsigned>(algorithm.id));
  std::uint64_t steps = 0, opened = 0;
  for (int round = 0; round < 400; ++round) {
    const reference::Query query = reference::random_query(rng, algorithm);
    const std::unique_ptr<Search> search = make_search(query.grid, query.options);
    ASSERT_TRUE(reference::reset_prepared(*search, query.start, query.goal));
    if (search->status() != Status::Running) continue;  // a wall at either end: nothing to count
    const std::string where = std::string(algorithm.name) + " round " + std::to_string(round);

    Tally tally{0, roots(algorithm.id), 0};
    std::vector<Event> events;
    while (search->step(events)) {
      ++steps;
      add(tally, events);
      const Counters& counters = search->counters();
      ASSERT_EQ(counters.expanded, tally.expanded) << where << ", step " << counters.expanded;
      ASSERT_EQ(counters.opened, tally.opened) << where << ", step " << counters.expanded;
      ASSERT_EQ(counters.improved, tally.improved) << where << ", step " << counters.expanded;
    }
    opened += tally.opened;
  }
  EXPECT_GT(steps, 1000u) << "the random maps should make the searches take many steps";
  EXPECT_GT(opened, steps / 2) << "the searches should open cells as they go";
}

}  // namespace
}  // namespace astar
