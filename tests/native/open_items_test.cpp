// Search::open_items, the open list "in the order the search will take it": for every
// algorithm of the table, on random maps, at every step of every search,
//   - the first item is exactly what the next step expands (cell, side, g, h, f);
//   - the rest is in the documented order: (priority, tie-break) for the priority
//     searches, discovery order for breadth-first, newest expansion first for depth-first;
//     and a step that opens nothing new leaves the others in the same order (IDA*: puts
//     the cells it opened in front of them);
//   - best-first and bidirectional lists hold exactly the cells whose phase is Open, with
//     the g, h and f the per-cell reads report, and open_size() of them;
//   - `limit` is respected: a prefix of the whole list (bidirectional: a prefix of each
//     side's list, shared between the sides);
//   - reading changes nothing: a search that reads before every step takes the same steps
//     as one that does not;
//   - the list is empty whenever the search cannot step, except D* Lite's queue once a plan
//     is found (its next repair starts from it): then it is the whole queue, in order.
// And OpenList::in_pop_order, the heap walk behind it, against the heap's own pops.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <ostream>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "bidirectional.h"
#include "dstar_lite.h"
#include "mpaa.h"
#include "open_list.h"
#include "reference.h"
#include "search.h"

namespace astar {

// Names the parameter of a failing test (internal linkage: other test files may name it too).
static void PrintTo(const AlgorithmInfo& algorithm, std::ostream* os) { *os << algorithm.name; }

namespace {

using reference::same_double;

constexpr std::size_t kEverything = SIZE_MAX;

bool same_item(const OpenItem& a, const OpenItem& b) {
  return a.cell == b.cell && a.side == b.side && same_double(a.g, b.g) && same_double(a.h, b.h) && same_double(a.f, b.f);
}

std::string describe(const OpenItem& item) {
  return "cell " + std::to_string(item.cell) + (item.side == Side::Backward ? " (backward)" : "") + " g " +
         std::to_string(item.g) + " h " + std::to_string(item.h) + " f " + std::to_string(item.f);
}

const Event& expansion_of(const std::vector<Event>& events) {
  const auto expand = std::find_if(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::Expand; });
  EXPECT_NE(expand, events.end());
  return *expand;
}

bool starts_iteration(const std::vector<Event>& events) {
  return std::any_of(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::Iteration; });
}

// The items of one side, in list order.
std::vector<OpenItem> on_side(const std::vector<OpenItem>& items, Side side) {
  std::vector<OpenItem> result;
  std::copy_if(items.begin(), items.end(), std::back_inserter(result), [side](const OpenItem& i) { return i.side == side; });
  return result;
}

std::vector<CellId> cells_of(const std::vector<OpenItem>& items) {
  std::vector<CellId> cells;
  for (const OpenItem& item : items) cells.push_back(item.cell);
  return cells;
}

bool is_subsequence(const std::vector<CellId>& part, const std::vector<CellId>& whole) {
  auto at = whole.begin();
  for (CellId cell : part) {
    at = std::find(at, whole.end(), cell);
    if (at == whole.end()) return false;
    ++at;
  }
  return true;
}


// What the observed steps tell about each cell's place in a first-in, first-out or
// last-in, first-out list: the step that (last) gave it a key and its rank in that step.
struct Discovery {
  std::uint64_t step;
  std::size_t rank;
};

class OpenListReader {
 public:
  OpenListReader(Search& search, const AlgorithmInfo& algorithm, const std::string& where)
      : search_(search), algorithm_(algorithm.id), where_(where), bidirectional_(dynamic_cast<BidirectionalSearch*>(&search)),
        dstar_(dynamic_cast<DStarLiteSearch*>(&search)), mpaa_(dynamic_cast<MpaaSearch*>(&search)) {
    discovered_[search.grid().id(search.start())] = {0, 0};
  }

  // Checks the list of a running search, steps once and checks the step against it.
  void step_and_check() {
    const std::vector<OpenItem> before = search_.open_items(kEverything);
    ASSERT_FALSE(before.empty()) << where_;
    check_values(before);
    check_order(before);
    check_limits(before);

    ASSERT_TRUE(search_.step(events_)) << where_;
    ++steps_;
    const Event& expand = expansion_of(events_);
    // D* Lite's item g is min(g, rhs), what its key was made from; the expansion reports g
    // after the pop, which the pop may have changed.
    const OpenItem taken{expand.cell, dstar_ ? before.front().g : expand.a, expand.b, expand.c, expand.side};
    EXPECT_TRUE(same_item(before.front(), taken))
        << where_ << ", step " << steps_ << ": listed first " << describe(before.front()) << ", expanded " << describe(taken);
    remember_discoveries();
    if (search_.status() == Status::Running) check_continuity(before, search_.open_items(kEverything));
  }

 private:
  bool ida() const { return algorithm_ == Algorithm::IterativeDeepening; }
  bool priority_ordered() const {
    return algorithm_ != Algorithm::BreadthFirst && algorithm_ != Algorithm::DepthFirst && !ida();
  }

  // g, h and f as the per-cell reads give them; exactly the Open cells, open_size() of them.
  void check_values(const std::vector<OpenItem>& items) {
    if (ida()) {
      const std::uint64_t threshold = priority_key(search_.progress().threshold);
      for (const OpenItem& item : items) {
        EXPECT_EQ(item.side, Side::Forward) << where_;
        EXPECT_TRUE(same_double(item.h, search_.h(item.cell))) << where_;
        EXPECT_TRUE(same_double(item.f, item.g + item.h)) << where_;
        // Pending descents were opened under the threshold; the start of a new iteration
        // comes alone, before its threshold is known.
        if (items.size() > 1 || item.g > 0) {
          EXPECT_LE(priority_key(item.f), threshold) << where_ << " " << describe(item);
        }
      }
      return;
    }
    EXPECT_EQ(items.size(), search_.open_size()) << where_;
    std::map<Side, std::vector<CellId>> open_cells;
    for (CellId id = 0; id < search_.grid().cell_count(); ++id) {
      if (search_.phase(id) == CellPhase::Open) open_cells[Side::Forward].push_back(id);
      if (bidirectional_ && bidirectional_->phase_back(id) == CellPhase::Open) open_cells[Side::Backward].push_back(id);
    }
    for (Side side : {Side::Forward, Side::Backward}) {
      std::vector<CellId> listed = cells_of(on_side(items, side));
      std::sort(listed.begin(), listed.end());
      EXPECT_EQ(listed, open_cells[side]) << where_ << ", step " << steps_;
    }
    for (const OpenItem& item : items) {
      if (item.side == Side::Backward) {
        EXPECT_TRUE(same_double(item.g, bidirectional_->g_back(item.cell))) << where_;
        EXPECT_TRUE(same_double(item.f, item.g + item.h)) << where_;
      } else if (mpaa_) {
        // MPAA*'s h is the one it searches with: learned where learned, else the base
        // estimate in exact costs.
        EXPECT_TRUE(same_double(item.g, search_.g(item.cell))) << where_;
        EXPECT_TRUE(same_double(item.h, mpaa_->heuristic(item.cell))) << where_;
        EXPECT_TRUE(same_double(item.f, search_.f(item.cell))) << where_;
      } else if (dstar_) {
        EXPECT_TRUE(same_double(item.g, std::min(dstar_->g(item.cell), dstar_->rhs(item.cell)))) << where_;
        EXPECT_TRUE(same_double(item.h, search_.h(item.cell))) << where_;
        EXPECT_TRUE(same_double(item.f, search_.f(item.cell))) << where_;
      } else {
        EXPECT_TRUE(same_double(item.g, search_.g(item.cell))) << where_;
        EXPECT_TRUE(same_double(item.h, search_.h(item.cell))) << where_;
        EXPECT_TRUE(same_double(item.f, search_.f(item.cell))) << where_;
      }
    }
  }

  void check_order(const std::vector<OpenItem>& items) {
    if (ida()) return;  // its order is checked step against step (check_continuity)
    for (Side side : {Side::Forward, Side::Backward}) {
      const std::vector<OpenItem> list = on_side(items, side);
      for (std::size_t i = 1; i < list.size(); ++i)
        EXPECT_TRUE(in_order(list[i - 1], list[i]))
            << where_ << ", step " << steps_ << ": " << describe(list[i - 1]) << " listed before " << describe(list[i]);
    }
  }

  // The documented order of two consecutive items of one side.
  bool in_order(const OpenItem& a, const OpenItem& b) const {
    // D* Lite: k1 (f), then under-consistent cells, then the later pop, then the smaller
    // direction (dstar_lite.h, queue_place), then the smaller cell id.
    if (dstar_) {
      const auto rank = [this](const OpenItem& i) {
        const auto place = dstar_->queue_place(i.cell);
        return std::tuple(i.f, !place->under, -static_cast<std::int64_t>(place->pop), place->dir, i.cell);
      };
      return rank(a) < rank(b);
    }
    if (mpaa_) {
      // MPAA*: f exactly, then the larger g (as a float), then the smaller id.
      const auto rank = [](const OpenItem& i) { return std::tuple(i.f, -static_cast<float>(i.g), i.cell); };
      return rank(a) < rank(b);
    }
    if (priority_ordered()) {
      // Priority (as its open-list key), then the larger g (as a float), then the smaller id.
      const auto rank = [](const OpenItem& i) { return std::tuple(priority_key(i.f), -static_cast<float>(i.g), i.cell); };
      return rank(a) < rank(b);
    }
    const Discovery& x = discovered_.at(a.cell);
    const Discovery& y = discovered_.at(b.cell);
    if (algorithm_ == Algorithm::BreadthFirst) return std::pair(x.step, x.rank) < std::pair(y.step, y.rank);
    return x.step > y.step || (x.step == y.step && x.rank < y.rank);  // depth-first
  }

  void check_limits(const std::vector<OpenItem>& everything) {
    EXPECT_TRUE(search_.open_items(0).empty()) << where_;
    for (std::size_t limit : {std::size_t{1}, std::size_t{2}, std::size_t{5}, everything.size() + 1}) {
      const std::vector<OpenItem> some = search_.open_items(limit);
      ASSERT_EQ(some.size(), std::min(limit, everything.size())) << where_ << ", limit " << limit;
      EXPECT_TRUE(same_item(some.front(), everything.front())) << where_;
      if (!bidirectional_) {
        for (std::size_t i = 0; i < some.size(); ++i) EXPECT_TRUE(same_item(some[i], everything[i])) << where_;
        continue;
      }
      for (Side side : {Side::Forward, Side::Backward}) {
        const std::vector<OpenItem> part = on_side(some, side), whole = on_side(everything, side);
        ASSERT_LE(part.size(), whole.size()) << where_;
        for (std::size_t i = 0; i < part.size(); ++i) EXPECT_TRUE(same_item(part[i], whole[i])) << where_;
      }
      // Both sides show when both have enough: the side expanding next gets the odd one.
      const std::size_t first_side = on_side(some, some.front().side).size();
      const std::size_t first_available = on_side(everything, some.front().side).size();
      if (first_available > limit / 2 && everything.size() - first_available >= limit / 2) {
        EXPECT_EQ(first_side, limit - limit / 2) << where_ << ", limit " << limit;
      }
    }
  }

  void remember_discoveries() {
    std::size_t rank = 0;
    for (const Event& e : events_)
      if (e.kind == EventKind::Neighbour && (e.outcome == Outcome::Opened || e.outcome == Outcome::Improved))
        discovered_[e.cell] = {steps_, rank++};
  }

  // What the step did to the rest of the list. Best-first and bidirectional: the entries it
  // neither expanded nor re-keyed keep their order (per side). IDA*: the cells it opened
  // come first, in direction order, then what was left of the old list, in order (less the
  // descents a cheaper one has replaced).
  void check_continuity(const std::vector<OpenItem>& before, const std::vector<OpenItem>& after) {
    if (ida()) {
      // A new iteration, started by this step or by the next (then listed as the start
      // alone, with g 0: no descent gives any cell g 0), lists no old descents.
      if (starts_iteration(events_) || after.front().g == 0) return;
      std::vector<CellId> opened;
      for (const Event& e : events_)
        if (e.kind == EventKind::Neighbour && e.outcome == Outcome::Opened) opened.push_back(e.cell);
      const std::vector<CellId> now = cells_of(after);
      ASSERT_GE(now.size(), opened.size()) << where_;
      EXPECT_EQ(std::vector<CellId>(now.begin(), now.begin() + static_cast<std::ptrdiff_t>(opened.size())), opened)
          << where_ << ", step " << steps_;
      const std::vector<CellId> old_rest = cells_of({before.begin() + 1, before.end()});
      EXPECT_TRUE(is_subsequence({now.begin() + static_cast<std::ptrdiff_t>(opened.size()), now.end()}, old_rest))
          << where_ << ", step " << steps_;
      return;
    }
    for (Side side : {Side::Forward, Side::Backward}) {
      std::vector<CellId> kept;
      for (const OpenItem& item : on_side(before, side)) {
        if (item.cell == before.front().cell && side == before.front().side) continue;
        const bool rekeyed = std::any_of(events_.begin(), events_.end(), [&](const Event& e) {
          return (e.kind == EventKind::Neighbour && e.outcome == Outcome::Improved && e.cell == item.cell && e.side == side) ||
                 (e.kind == EventKind::Rhs && e.cell == item.cell);
        });
        if (!rekeyed) kept.push_back(item.cell);
      }
      EXPECT_TRUE(is_subsequence(kept, cells_of(on_side(after, side)))) << where_ << ", step " << steps_;
    }
  }

  Search& search_;
  Algorithm algorithm_;
  std::string where_;
  BidirectionalSearch* bidirectional_;
  DStarLiteSearch* dstar_;
  MpaaSearch* mpaa_;
  std::vector<Event> events_;
  std::uint64_t steps_ = 0;
  std::map<CellId, Discovery> discovered_;
};

class OpenItemsOf : public testing::TestWithParam<AlgorithmInfo> {};

// GoogleTest names are letters, digits and '_': "dstar-lite" becomes "dstar_lite".
std::string name_of_row(const testing::TestParamInfo<AlgorithmInfo>& row) {
  std::string name(row.param.name);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryAlgorithm, OpenItemsOf, testing::ValuesIn(kAlgorithms), name_of_row);

// The next test checks what each step does to the listed cells through the per-cell reads,
// which a mesh search does not have (its nodes are the mesh's): a mesh search's list is
// checked against its next expansions in navmesh_test.cpp.
class OpenItemsOfGridSearch : public OpenItemsOf {};
INSTANTIATE_TEST_SUITE_P(EveryGridAlgorithm, OpenItemsOfGridSearch, testing::ValuesIn([] {
                           std::vector<AlgorithmInfo> rows;
                           for (const AlgorithmInfo& a : kAlgorithms)
                             if (!search_class(a.id).on_mesh) rows.push_back(a);
                           return rows;
                         }()),
                         name_of_row);

TEST_P(OpenItemsOfGridSearch, ListTheNextExpansionsInOrderAtEveryStep) {
  const AlgorithmInfo& algorithm = GetParam();
  std::mt19937 rng(7000 + static_cast<unsigned>(algorithm.id));
  std::uint64_t steps = 0;
  for (int round = 0; round < 400; ++round) {
    const reference::Query query = reference::random_query(rng, algorithm);
    const std::string where = std::string(algorithm.name) + " round " + std::to_string(round);
    const std::unique_ptr<Search> search = make_search(query.grid, query.options);
    ASSERT_TRUE(reference::reset_prepared(*search, query.start, query.goal)) << where;
    OpenListReader reader(*search, algorithm, where);
    while (search->status() == Status::Running) {
      reader.step_and_check();
      if (testing::Test::HasFatalFailure()) return;
      ++steps;
    }
    if (search->status() == Status::Found && algorithm.id == Algorithm::DStarLite)
      EXPECT_EQ(search->open_items(kEverything).size(), search->open_size()) << where << ": found, the queue kept";
    else
      EXPECT_TRUE(search->open_items(kEverything).empty()) << where << ": finished";
  }
  EXPECT_GT(steps, 1000u) << "the random maps should make the searches take many steps";
}

TEST_P(OpenItemsOfGridSearch, CountNothingOpenAfterAResetThatBeginsNoSearch) {
  // A reset that begins no search (an end on a wall) leaves the lists with an earlier
  // query's entries: open_size() must not count them, as open_items() lists none.
  const AlgorithmInfo& algorithm = GetParam();
  std::mt19937 rng(7100 + static_cast<unsigned>(algorithm.id));
  int checked = 0;
  for (int round = 0; round < 200 && checked < 20; ++round) {
    reference::Query query = reference::random_query(rng, algorithm);
    const std::unique_ptr<Search> search = make_search(query.grid, query.options);
    if (!reference::reset_prepared(*search, query.start, query.goal) || search->status() != Status::Running) continue;
    search->run_steps(3);
    if (search->open_size() == 0) continue;
    Point wall{-1, -1};
    for (CellId id = 0; id < query.grid.cell_count() && wall.x < 0; ++id)
      if (!query.grid.passable(id)) wall = query.grid.point(id);
    if (wall.x < 0) continue;
    ASSERT_TRUE(search->reset(wall, query.goal));
    EXPECT_EQ(search->status(), Status::NoPath);
    EXPECT_EQ(search->open_size(), 0u) << algorithm.name << " round " << round;
    EXPECT_TRUE(search->open_items(kEverything).empty());
    ++checked;
  }
  EXPECT_GE(checked, 10) << "the random maps should give searches with something open and a wall";
}

TEST_P(OpenItemsOf, ReadingChangesNothing) {
  const AlgorithmInfo& algorithm = GetParam();
  std::mt19937 rng(9000 + static_cast<unsigned>(algorithm.id));
  for (int round = 0; round < 20; ++round) {
    const reference::Query query = reference::random_query(rng, algorithm);
    const std::string where = std::string(algorithm.name) + " round " + std::to_string(round);
    const std::unique_ptr<Search> read = make_search(query.grid, query.options);
    const std::unique_ptr<Search> unread = make_search(query.grid, query.options);
    ASSERT_TRUE(reference::reset_prepared(*read, query.start, query.goal));
    ASSERT_TRUE(reference::reset_prepared(*unread, query.start, query.goal));
    std::vector<Event> read_events, unread_events;
    for (;;) {
      for (std::size_t limit : {kEverything, std::size_t{1}, std::size_t{7}}) read->open_items(limit);
      const bool stepped = read->step(read_events);
      ASSERT_EQ(stepped, unread->step(unread_events)) << where;
      if (!stepped) break;
      ASSERT_EQ(read_events.size(), unread_events.size()) << where;
      for (std::size_t i = 0; i < read_events.size(); ++i) {
        const Event &a = read_events[i], &b = unread_events[i];
        EXPECT_TRUE(a.kind == b.kind && a.outcome == b.outcome && a.side == b.side && a.dir == b.dir && a.cell == b.cell &&
                    a.other == b.other && same_double(a.a, b.a) && same_double(a.b, b.b) && same_double(a.c, b.c))
            << where << ", event " << i;
      }
    }
    reference::expect_same(reference::snapshot(*read), reference::snapshot(*unread), where);
  }
}

TEST_P(OpenItemsOf, AreEmptyWheneverTheSearchCannotStep) {
  const AlgorithmInfo& algorithm = GetParam();
  Grid grid(12, 9);
  SearchOptions options;
  options.algorithm = algorithm.id;
  const std::unique_ptr<Search> search = make_search(grid, options);
  const std::string where(algorithm.name);
  EXPECT_TRUE(search->open_items(kEverything).empty()) << where << ": never reset";

  ASSERT_TRUE(search->reset({1, 1}, {10, 7}));
  if (search_class(algorithm.id).prepares) {
    // No open list before the preparation is done: the search has not begun.
    ASSERT_EQ(search->status(), Status::Preparing) << where;
    EXPECT_TRUE(search->open_items(kEverything).empty()) << where << ": preparing";
    testing_mesh::give_cell_mesh(*search);  // a mesh search's preparation
    search->prepare_steps(UINT64_MAX);
  }
  ASSERT_EQ(search->status(), Status::Running);
  EXPECT_TRUE(search->open_items(0).empty()) << where << ": limit 0";
  // IDA*'s stack is empty before its first step, which expands the start.
  const bool ida = algorithm.id == Algorithm::IterativeDeepening;
  ASSERT_EQ(search->open_items(kEverything).size(), ida ? 1 : search->open_size()) << where;
  search->run();
  EXPECT_EQ(search->status(), Status::Found) << where;
  if (algorithm.id == Algorithm::DStarLite) {
    // Its queue outlives the plan: listed in the order the next repair takes it.
    const std::vector<OpenItem> kept = search->open_items(kEverything);
    ASSERT_EQ(kept.size(), search->open_size()) << where << ": found";
    ASSERT_FALSE(kept.empty()) << where << ": a plan on an open 12 x 9 grid leaves cells queued";
    for (std::size_t i = 1; i < kept.size(); ++i) EXPECT_LE(kept[i - 1].f, kept[i].f) << where << ": found, item " << i;
    EXPECT_TRUE(search->open_items(0).empty()) << where << ": found, limit 0";
  } else {
    EXPECT_TRUE(search->open_items(kEverything).empty()) << where << ": found";
  }

  ASSERT_TRUE(search->reset({1, 1}, {10, 7}));
  search->run_steps(3);
  grid.set_cost(grid.id(5, 5), kWall);
  ASSERT_TRUE(search->stale());
  EXPECT_TRUE(search->open_items(kEverything).empty()) << where << ": stale";

  EXPECT_FALSE(search->reset({1, 1}, {12, 7}));
  EXPECT_TRUE(search->open_items(kEverything).empty()) << where << ": goal outside the grid";

  ASSERT_TRUE(search->reset({5, 5}, {10, 7}));
  EXPECT_EQ(search->status(), Status::NoPath) << where;
  EXPECT_TRUE(search->open_items(kEverything).empty()) << where << ": start on a wall";

  grid.set_cost(grid.id(5, 5), 1);
  // One expansion: a subgoal graph reaches this goal, in plain sight, with its second.
  options.max_expansions = 1;
  search->set_options(options);
  ASSERT_TRUE(reference::reset_prepared(*search, {1, 1}, {10, 7}));
  search->run();
  EXPECT_EQ(search->status(), Status::GaveUp) << where;
  EXPECT_TRUE(search->open_items(kEverything).empty()) << where << ": gave up";

  if (algorithm.uniform_terrain_only) {
    grid.set_cost(grid.id(3, 3), 4);
    ASSERT_TRUE(search->reset({1, 1}, {10, 7}));
    EXPECT_EQ(search->status(), Status::Refused) << where;
    EXPECT_TRUE(search->open_items(kEverything).empty()) << where << ": refused";
  }
}

// Records heap positions in a plain array, as the searches do in their cell records.
struct PositionIn {
  std::vector<std::uint32_t>* positions;
  std::uint32_t& operator()(std::uint32_t id) const { return (*positions)[id]; }
};

// The heap walk against the heap itself: on lists shaped by random pushes, decreases and
// pops, with few distinct keys and g values so that the tie-breaks decide often,
// in_pop_order(k) is what the next k pops return, and reading leaves the heap as it was.
TEST(OpenListInPopOrder, IsTheOrderOfTheNextPopsAndChangesNothing) {
  constexpr std::uint32_t kIds = 300;
  std::mt19937 rng(31337);
  for (int round = 0; round < 200; ++round) {
    // Two lists given the same operations: `read` is read, `popped` shows the pop order.
    std::vector<std::uint32_t> read_positions(kIds), popped_positions(kIds);
    OpenList<PositionIn> read(PositionIn{&read_positions}), popped(PositionIn{&popped_positions});
    std::vector<bool> listed(kIds, false);
    std::vector<OpenEntry> entry_of(kIds);
    const int operations = static_cast<int>(rng() % 400);
    for (int op = 0; op < operations; ++op) {
      const std::uint32_t id = rng() % kIds;
      if (!listed[id]) {
        entry_of[id] = make_entry(rng() % 12, static_cast<double>(rng() % 4), id);
        read.push(entry_of[id]);
        popped.push(entry_of[id]);
        listed[id] = true;
      } else if (entry_of[id].key > 0 && rng() % 2 == 0) {
        entry_of[id] = make_entry(entry_of[id].key - 1 - rng() % entry_of[id].key, static_cast<double>(rng() % 4), id);
        read.decrease(read_positions[id], entry_of[id]);
        popped.decrease(popped_positions[id], entry_of[id]);
      } else if (rng() % 4 == 0) {
        listed[read.pop().id()] = false;
        popped.pop();
      }
    }
    const std::size_t size = read.size();
    std::vector<std::pair<std::size_t, std::vector<OpenEntry>>> readings;
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{3}, size / 2, size, size + 5})
      readings.emplace_back(count, read.in_pop_order(count));
    std::vector<std::uint64_t> pops;
    while (!popped.empty()) pops.push_back(popped.pop().tie);
    for (const auto& [count, reading] : readings) {
      ASSERT_EQ(reading.size(), std::min(count, size)) << "round " << round;
      for (std::size_t i = 0; i < reading.size(); ++i) EXPECT_EQ(reading[i].tie, pops[i]) << "round " << round << ", entry " << i;
    }
    std::vector<std::uint64_t> pops_after_reading;
    while (!read.empty()) pops_after_reading.push_back(read.pop().tie);
    EXPECT_EQ(pops_after_reading, pops) << "round " << round;
  }
}

}  // namespace
}  // namespace astar
