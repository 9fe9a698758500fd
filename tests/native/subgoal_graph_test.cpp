// Subgoal graphs (subgoals.h, subgoal_builder.h, subgoal_contraction.h, subgoal_graph.h):
// the graph itself (its subgoals are the obstacles' corners, every edge walks a legal path
// of its own cost, the hierarchy's up edges lead up), the search against Dijkstra on random
// maps, mazes and rooms under both rules it supports (with and without the hierarchy, both
// cost models), its refusals, what an observer reads step by step, the preparation
// contract. The Moving AI scenarios are run in subgoal_movingai_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "reference.h"
#include "subgoal_graph.h"

namespace astar {
namespace {

using reference::MoveRules;

constexpr std::array<Diagonal, 2> kRules = {Diagonal::OnlyWhenNoObstacles, Diagonal::Never};

SearchOptions options_for(Diagonal diagonal, CostModel model = CostModel::Exact) {
  SearchOptions options;
  options.algorithm = Algorithm::SubgoalGraph;
  options.diagonal = diagonal;
  options.cost_model = model;
  return options;
}

std::string describe(const Grid& grid, Diagonal diagonal, Point start, Point goal) {
  return std::string(name_of(diagonal)) + " " + std::to_string(grid.width()) + "x" + std::to_string(grid.height()) +
         " (" + std::to_string(start.x) + "," + std::to_string(start.y) + ") -> (" + std::to_string(goal.x) + "," +
         std::to_string(goal.y) + ")";
}

// Walls at random, every free cell of cost `terrain`.
Grid random_uniform_grid(std::mt19937& rng, int max_side, std::uint8_t terrain = 1) {
  Grid grid = reference::random_grid(rng, max_side, false);
  for (CellId id = 0; id < grid.cell_count(); ++id)
    if (grid.passable(id)) grid.set_cost(id, terrain);
  return grid;
}

// A maze of corridors `width` cells wide (a depth-first carving of a lattice), or, with
// rooms, walls with doorways between square rooms.
Grid maze_grid(std::mt19937& rng, int cells_x, int cells_y, int width) {
  const int pitch = width + 1;
  Grid grid(cells_x * pitch + 1, cells_y * pitch + 1);
  grid.fill(kWall);
  const auto carve = [&](int x0, int y0, int w, int h) {
    for (int y = y0; y < y0 + h; ++y)
      for (int x = x0; x < x0 + w; ++x) grid.set_cost(grid.id(x, y), 1);
  };
  std::vector<bool> seen(static_cast<std::size_t>(cells_x * cells_y), false);
  std::vector<std::pair<int, int>> stack{{0, 0}};
  seen[0] = true;
  carve(1, 1, width, width);
  while (!stack.empty()) {
    const auto [cx, cy] = stack.back();
    std::vector<std::pair<int, int>> next;
    for (const auto& [dx, dy] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
      const int nx = cx + dx, ny = cy + dy;
      if (nx >= 0 && ny >= 0 && nx < cells_x && ny < cells_y && !seen[static_cast<std::size_t>(ny * cells_x + nx)])
        next.push_back({nx, ny});
    }
    if (next.empty()) {
      stack.pop_back();
      continue;
    }
    const auto [nx, ny] = next[std::uniform_int_distribution<std::size_t>(0, next.size() - 1)(rng)];
    seen[static_cast<std::size_t>(ny * cells_x + nx)] = true;
    carve(1 + std::min(cx, nx) * pitch, 1 + std::min(cy, ny) * pitch, (std::abs(nx - cx) * pitch) + width,
          (std::abs(ny - cy) * pitch) + width);
    stack.push_back({nx, ny});
  }
  return grid;
}

Grid rooms_grid(std::mt19937& rng, int rooms_x, int rooms_y, int room) {
  Grid grid(rooms_x * (room + 1) + 1, rooms_y * (room + 1) + 1);
  std::uniform_int_distribution<int> door(1, room);
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      if (x % (room + 1) == 0 || y % (room + 1) == 0) grid.set_cost(grid.id(x, y), kWall);
  for (int ry = 0; ry < rooms_y; ++ry)
    for (int rx = 0; rx < rooms_x; ++rx) {
      const int x0 = rx * (room + 1), y0 = ry * (room + 1);
      if (rx + 1 < rooms_x) grid.set_cost(grid.id(x0 + room + 1, y0 + door(rng)), 1);
      if (ry + 1 < rooms_y) grid.set_cost(grid.id(x0 + door(rng), y0 + room + 1), 1);
    }
  return grid;
}

// The definition, straight from the grid: a free cell with a blocked diagonal neighbour
// whose two cells beside it are free.
bool is_corner(const Grid& grid, int x, int y) {
  const auto free = [&](int cx, int cy) { return reference::walkable(grid, cx, cy); };
  if (!free(x, y)) return false;
  for (const int dx : {-1, 1})
    for (const int dy : {-1, 1})
      if (!free(x + dx, y + dy) && free(x + dx, y) && free(x, y + dy)) return true;
  return false;
}

// Resets `search` for a query from its grid's first walkable cell to itself, which leaves it
// Preparing until its graph fits (search.h): the preparation a query waits for, without one.
// False on a grid without a walkable cell.
bool reset_to_prepare(SubgoalGraphSearch& search, const Grid& grid) {
  for (CellId id = 0; id < grid.cell_count(); ++id)
    if (grid.passable(id)) return search.reset(grid.point(id), grid.point(id));
  return false;
}

// Prepares `search`'s graph to the end; returns the units of work it took.
std::uint64_t prepare(SubgoalGraphSearch& search, const Grid& grid) {
  EXPECT_TRUE(reset_to_prepare(search, grid));
  return search.prepare_steps(UINT64_MAX);
}

const SubgoalGraph& prepared_graph(SubgoalGraphSearch& search, const Grid& grid) {
  prepare(search, grid);
  EXPECT_NE(search.graph(), nullptr);
  return *search.graph();
}

// ---------------------------------------------------------------------------------------
// The graph

TEST(SubgoalGraph, SubgoalsAreExactlyTheCornersOfObstacles) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 60; ++trial) {
    const Grid grid = random_uniform_grid(rng, 40);
    for (const Diagonal rule : kRules) {
      SubgoalGraphSearch search(grid, options_for(rule));
      const SubgoalGraph& graph = prepared_graph(search, grid);
      std::size_t corners = 0;
      for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x) {
          const bool corner = is_corner(grid, x, y);
          corners += corner;
          EXPECT_EQ(graph.node_at(x, y) != kNoNode, corner) << x << "," << y;
          EXPECT_EQ(graph.levels()[grid.id(x, y)] != 0, corner) << x << "," << y;
          if (corner) EXPECT_EQ(graph.point(graph.node_at(x, y)), (Point{x, y}));
        }
      EXPECT_EQ(graph.node_count(), corners);
    }
  }
}

TEST(SubgoalGraph, EveryEdgeWalksALegalPathOfItsOwnCostNoShorterThanTheDistance) {
  std::mt19937 rng(12);
  for (int trial = 0; trial < 25; ++trial) {
    const Grid grid = trial % 3 == 0 ? maze_grid(rng, 6, 5, 1 + trial % 2) : random_uniform_grid(rng, 24);
    for (const Diagonal rule : kRules)
      for (const bool hierarchy : {false, true}) {
        SubgoalGraphSearch search(grid, options_for(rule));
        search.set_hierarchy(hierarchy);
        const SubgoalGraph& graph = prepared_graph(search, grid);
        const MoveRules rules{rule, CostModel::Exact};
        for (NodeId node = 0; node < graph.node_count(); ++node)
          for (const SubgoalEdge& edge : graph.edges(node)) {
            const Point from = graph.point(node), to = graph.point(edge.to);
            std::vector<Point> cells{from};
            graph.append_edge(node, edge, cells);
            const std::string where = describe(grid, rule, from, to) + (edge.shortcut() ? " shortcut" : " freespace");
            const double walked = reference::checked_path_cost(grid, rules, cells, from, to);
            EXPECT_NEAR(walked, edge.moves.cost(move_lengths(CostModel::Exact)), 1e-9) << where;
            const std::optional<double> distance = reference::dijkstra(grid, rules, from, to);
            ASSERT_TRUE(distance) << where;
            EXPECT_GE(walked, *distance - 1e-9) << where;
            // A freespace edge joins cells no wall parts: its length is the rule's distance.
            if (!edge.shortcut()) EXPECT_NEAR(walked, *distance, 1e-9) << where;
            // Found from either end, the same edge: the same moves, the same subgoal bypassed.
            for (const auto& [a, b] : {std::pair{node, edge.to}, std::pair{edge.to, node}}) {
              const std::optional<SubgoalEdge> found = graph.find_edge(a, b);
              ASSERT_TRUE(found) << where;
              EXPECT_EQ(found->to, b) << where;
              EXPECT_EQ(found->moves, edge.moves) << where;
              EXPECT_EQ(found->shortcut(), edge.shortcut()) << where;
              if (edge.shortcut()) EXPECT_EQ(found->via, edge.via) << where;
            }
          }
      }
  }
}

TEST(SubgoalGraph, UpEdgesLeadUpTheHierarchyAndDownEdgesDown) {
  std::mt19937 rng(13);
  std::size_t below_top = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const Grid grid = trial % 2 ? maze_grid(rng, 10, 8, 1) : random_uniform_grid(rng, 48);
    SubgoalGraphSearch search(grid, options_for(kRules[trial % 2]));
    const SubgoalGraph& graph = prepared_graph(search, grid);
    for (NodeId node = 0; node < graph.node_count(); ++node) {
      const std::uint32_t own = graph.rank(node);
      below_top += own != kTopRank;
      for (const SubgoalEdge& edge : graph.up_edges(node))
        EXPECT_TRUE(graph.rank(edge.to) > own || (own == kTopRank && graph.rank(edge.to) == kTopRank));
      for (const SubgoalEdge& edge : graph.down_edges(node)) EXPECT_LT(graph.rank(edge.to), own);
    }
  }
  EXPECT_GT(below_top, 0u) << "the hierarchy removed nothing from the top";
}

TEST(SubgoalGraph, NoEdgeAtTheTopIsAsLongAsTwoOthersThroughASubgoalThere) {
  // The contraction drops such edges (subgoal_contraction.h, "Pruning"); the searches against
  // Dijkstra below check that no distance was lost with them.
  std::mt19937 rng(29);
  const MoveLengths lengths = move_lengths(CostModel::Exact);
  std::size_t top_edges = 0;
  for (int trial = 0; trial < 24; ++trial) {
    const Grid grid = trial % 3 == 2 ? rooms_grid(rng, 5, 4, 7) : random_uniform_grid(rng, 64);
    SubgoalGraphSearch search(grid, options_for(kRules[trial % 2]));
    const SubgoalGraph& graph = prepared_graph(search, grid);
    for (NodeId u = 0; u < graph.node_count(); ++u) {
      if (graph.rank(u) != kTopRank) continue;
      for (const SubgoalEdge& direct : graph.up_edges(u)) {
        ++top_edges;
        for (const SubgoalEdge& first : graph.up_edges(u)) {
          if (first.to == direct.to) continue;
          const std::optional<SubgoalEdge> second = graph.find_edge(first.to, direct.to);
          if (second)
            EXPECT_GT((first.moves + second->moves).cost(lengths), direct.moves.cost(lengths) * (1 + 1e-12))
                << "trial " << trial << ": " << u << " - " << direct.to << " through " << first.to;
        }
      }
    }
  }
  EXPECT_GT(top_edges, 1000u);
}

TEST(SubgoalGraph, LandmarksAreSubgoalsFarApartWithTheirShortestDistancesToEverySubgoal) {
  std::mt19937 rng(31);
  std::size_t checked = 0;
  for (int trial = 0; trial < 16; ++trial) {
    const Diagonal rule = kRules[trial % 2];
    const CostModel model = trial % 4 < 2 ? CostModel::Exact : CostModel::Integer;
    const Grid grid = trial % 3 == 2 ? rooms_grid(rng, 4, 4, 6) : random_uniform_grid(rng, 40);
    SubgoalGraphSearch search(grid, options_for(rule, model));
    const SubgoalGraph& graph = prepared_graph(search, grid);
    const std::string where = "trial " + std::to_string(trial);
    if (graph.node_count() < 2 * SubgoalGraph::kLandmarkCount) continue;
    ASSERT_EQ(graph.landmarks().size(), static_cast<std::size_t>(SubgoalGraph::kLandmarkCount)) << where;
    std::vector<NodeId> distinct(graph.landmarks().begin(), graph.landmarks().end());
    std::sort(distinct.begin(), distinct.end());
    EXPECT_EQ(std::unique(distinct.begin(), distinct.end()), distinct.end()) << where;
    // Measured in cells by the reference Dijkstra (the map's one cost is 1).
    for (std::size_t k = 0; k < graph.landmarks().size(); ++k) {
      const std::vector<double> from = reference::costs_from(grid, {rule, model}, graph.point(graph.landmarks()[k]));
      for (NodeId node = 0; node < graph.node_count(); ++node, ++checked) {
        const double expected = from[graph.cell(node)], held = graph.landmark_distances(node)[k];
        if (std::isinf(expected)) EXPECT_TRUE(std::isinf(held)) << where << " landmark " << k << " node " << node;
        else EXPECT_NEAR(held, expected, 1e-9 * (1 + expected)) << where << " landmark " << k << " node " << node;
      }
    }
    // The second landmark is the subgoal farthest from the first (among those it reaches).
    const double* second = graph.landmark_distances(graph.landmarks()[1]);
    for (NodeId node = 0; node < graph.node_count(); ++node) {
      const double d = graph.landmark_distances(node)[0];
      if (std::isfinite(d)) EXPECT_LE(d, second[0] + 1e-9) << where;
    }
  }
  EXPECT_GT(checked, 5000u);
}

TEST(SubgoalGraph, AFlatGraphHasNoLandmarks) {
  std::mt19937 rng(37);
  const Grid grid = random_uniform_grid(rng, 40);
  SubgoalGraphSearch search(grid, options_for(Diagonal::OnlyWhenNoObstacles));
  search.set_hierarchy(false);
  const SubgoalGraph& graph = prepared_graph(search, grid);
  EXPECT_GT(graph.node_count(), 0u);
  EXPECT_FALSE(graph.has_landmarks());
}

TEST(SubgoalGraphSearch, HIsAtMostTheDistanceToTheGoalAndConsistentAndLandmarksRaiseIt) {
  // h(n) <= d(n, goal) at every subgoal, and h(u) <= c(u, v) + h(v) along every edge (so A*
  // over the graph is optimal without reopening); the landmarks' bound is above the rule's
  // distance somewhere.
  std::mt19937 rng(43);
  std::size_t raised = 0, subgoals = 0;
  for (int trial = 0; trial < 24; ++trial) {
    const Diagonal rule = kRules[trial % 2];
    const CostModel model = trial % 4 < 2 ? CostModel::Exact : CostModel::Integer;
    const std::uint8_t terrain = trial % 3 == 1 ? 3 : 1;
    const Grid grid = trial % 3 == 2 ? rooms_grid(rng, 4, 4, 6) : random_uniform_grid(rng, 40, terrain);
    SubgoalGraphSearch search(grid, options_for(rule, model));
    const SubgoalGraph& graph = prepared_graph(search, grid);
    const MoveLengths lengths = move_lengths(model);
    const double unit = grid.min_cost();
    for (int q = 0; q < 4; ++q) {
      const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
      if (!reference::walkable(grid, start.x, start.y) || !reference::walkable(grid, goal.x, goal.y)) continue;
      ASSERT_TRUE(search.reset(start, goal));
      const std::vector<double> to_goal = reference::costs_from(grid, {rule, model}, goal);
      const std::string where = describe(grid, rule, start, goal);
      for (NodeId node = 0; node < graph.node_count(); ++node) {
        const double h = search.h(graph.cell(node));
        const double tolerance = 1e-9 * (1 + h);
        EXPECT_LE(h, to_goal[graph.cell(node)] + tolerance) << where << " node " << node;
        for (const SubgoalEdge& edge : graph.edges(node))
          EXPECT_LE(h, edge.moves.cost(lengths) * unit + search.h(graph.cell(edge.to)) + tolerance) << where << " edge " << node;
        ++subgoals;
        raised += h > graph.h_moves(graph.point(node), goal).cost(lengths) * unit + tolerance;
      }
    }
  }
  EXPECT_GT(subgoals, 2000u);
  EXPECT_GT(raised, subgoals / 20) << "the landmarks should raise h at some subgoals";
}

// ---------------------------------------------------------------------------------------
// The search against Dijkstra

struct Variant {
  Diagonal rule;
  CostModel model;
  bool hierarchy;
};

class SubgoalSearchVariant : public ::testing::TestWithParam<Variant> {};

std::string variant_name(const ::testing::TestParamInfo<Variant>& info) {
  std::string name = std::string(info.param.rule == Diagonal::Never ? "FourConnected" : "MovingAiRule") +
                     (info.param.model == CostModel::Exact ? "Exact" : "TenFourteen") +
                     (info.param.hierarchy ? "Hierarchy" : "Flat");
  return name;
}

INSTANTIATE_TEST_SUITE_P(RulesModelsLevels, SubgoalSearchVariant,
                         ::testing::Values(Variant{Diagonal::OnlyWhenNoObstacles, CostModel::Exact, true},
                                           Variant{Diagonal::OnlyWhenNoObstacles, CostModel::Exact, false},
                                           Variant{Diagonal::OnlyWhenNoObstacles, CostModel::Integer, true},
                                           Variant{Diagonal::Never, CostModel::Exact, true},
                                           Variant{Diagonal::Never, CostModel::Exact, false},
                                           Variant{Diagonal::Never, CostModel::Integer, true}),
                         variant_name);

void expect_matches_on(const Grid& grid, const Variant& v, std::mt19937& rng, int queries) {
  SubgoalGraphSearch search(grid, options_for(v.rule, v.model));
  search.set_hierarchy(v.hierarchy);
  for (int q = 0; q < queries; ++q) {
    const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
    reference::expect_matches_reference(search, grid, {v.rule, v.model}, start, goal, describe(grid, v.rule, start, goal));
  }
}

TEST_P(SubgoalSearchVariant, MatchesDijkstraOnRandomMapsOfManySizesAndDensities) {
  std::mt19937 rng(21);
  for (int trial = 0; trial < 250; ++trial) {
    // Sometimes every free cell costs more than 1: h and the edges must scale with it.
    const std::uint8_t terrain = trial % 5 == 0 ? 3 : 1;
    expect_matches_on(random_uniform_grid(rng, trial < 200 ? 32 : 90, terrain), GetParam(), rng, 6);
  }
}

TEST_P(SubgoalSearchVariant, MatchesDijkstraInMazesAndRooms) {
  std::mt19937 rng(22);
  for (int trial = 0; trial < 12; ++trial) {
    expect_matches_on(maze_grid(rng, 4 + trial, 3 + trial, 1 + trial % 3), GetParam(), rng, 8);
    expect_matches_on(rooms_grid(rng, 2 + trial % 4, 2 + trial % 3, 3 + trial % 5), GetParam(), rng, 8);
  }
}

TEST_P(SubgoalSearchVariant, StartsAndGoalsOnSubgoalsAndInCorridorsMatchDijkstra) {
  std::mt19937 rng(23);
  for (int trial = 0; trial < 30; ++trial) {
    const Grid grid = trial % 2 ? maze_grid(rng, 5, 5, 1) : random_uniform_grid(rng, 30);
    SubgoalGraphSearch search(grid, options_for(GetParam().rule, GetParam().model));
    search.set_hierarchy(GetParam().hierarchy);
    const SubgoalGraph& graph = prepared_graph(search, grid);
    // Subgoals, and corridor cells (free on exactly two opposite sides), as both ends.
    std::vector<Point> ends;
    for (NodeId node = 0; node < graph.node_count(); ++node) ends.push_back(graph.point(node));
    for (int y = 0; y < grid.height(); ++y)
      for (int x = 0; x < grid.width(); ++x) {
        const auto free = [&](int cx, int cy) { return reference::walkable(grid, cx, cy); };
        if (free(x, y) && ((free(x - 1, y) && free(x + 1, y) && !free(x, y - 1) && !free(x, y + 1)) ||
                           (free(x, y - 1) && free(x, y + 1) && !free(x - 1, y) && !free(x + 1, y))))
          ends.push_back({x, y});
      }
    if (ends.empty()) continue;
    std::uniform_int_distribution<std::size_t> pick(0, ends.size() - 1);
    for (int q = 0; q < 8; ++q) {
      const Point start = ends[pick(rng)], goal = q % 2 ? ends[pick(rng)] : reference::random_point(rng, grid);
      reference::expect_matches_reference(search, grid, {GetParam().rule, GetParam().model}, start, goal,
                                          describe(grid, GetParam().rule, start, goal));
    }
  }
}

TEST(SubgoalGraphSearch, UnreachableGoalsAndWallsAreNoPath) {
  // Two halves parted by a wall, with corners on both sides; a goal walled in on its own.
  Grid grid(21, 15);
  for (int y = 0; y < grid.height(); ++y) grid.set_cost(grid.id(10, y), kWall);
  for (const Point p : {Point{4, 4}, Point{15, 9}, Point{16, 10}, Point{3, 11}}) grid.set_cost(grid.id(p), kWall);
  for (const Point p : {Point{17, 2}, Point{19, 2}, Point{18, 1}, Point{18, 3}}) grid.set_cost(grid.id(p), kWall);
  for (const Diagonal rule : kRules) {
    SubgoalGraphSearch search(grid, options_for(rule));
    for (const auto& [start, goal] : {std::pair{Point{1, 1}, Point{19, 13}}, std::pair{Point{19, 13}, Point{2, 2}},
                                      std::pair{Point{2, 7}, Point{18, 2}}, std::pair{Point{18, 2}, Point{12, 12}}}) {
      const std::string where = describe(grid, rule, start, goal);
      ASSERT_TRUE(search.reset(start, goal)) << where;
      search.run();
      EXPECT_EQ(search.status(), Status::NoPath) << where;
      EXPECT_TRUE(search.path().empty()) << where;
      EXPECT_TRUE(std::isnan(search.path_cost())) << where;
    }
    ASSERT_TRUE(search.reset({10, 3}, {1, 1}));  // the start is a wall
    EXPECT_EQ(search.status(), Status::NoPath);
    EXPECT_EQ(search.counters().expanded, 0u);
  }
}

TEST(SubgoalGraphSearch, StartEqualToGoalIsFoundInOneExpansion) {
  std::mt19937 rng(24);
  const Grid grid = random_uniform_grid(rng, 20);
  for (const Diagonal rule : kRules) {
    SubgoalGraphSearch search(grid, options_for(rule));
    for (CellId id = 0; id < grid.cell_count(); id += 7) {
      if (!grid.passable(id)) continue;
      const Point p = grid.point(id);
      ASSERT_TRUE(search.reset(p, p));
      search.run();
      EXPECT_EQ(search.status(), Status::Found);
      EXPECT_EQ(search.path(), std::vector<Point>{p});
      EXPECT_EQ(search.path_cost(), 0.0);
      EXPECT_EQ(search.counters().expanded, 1u);
    }
  }
}

TEST(SubgoalGraphSearch, RefusesCornerCuttingRulesAndTerrainCosts) {
  Grid grid(12, 9);
  grid.set_cost(grid.id(5, 4), kWall);
  for (const Diagonal rule : {Diagonal::Always, Diagonal::IfAtMostOneObstacle}) {
    SubgoalGraphSearch search(grid, options_for(rule));
    ASSERT_TRUE(search.reset({0, 0}, {11, 8}));
    EXPECT_EQ(search.status(), Status::Refused);
    EXPECT_EQ(search.refusal(), Refusal::DiagonalRule);
    EXPECT_EQ(search.prepare_steps(UINT64_MAX), 0u) << "nothing is prepared for a rule it refuses";
  }
  grid.set_cost(grid.id(2, 2), 4);
  for (const Diagonal rule : kRules) {
    SubgoalGraphSearch search(grid, options_for(rule));
    ASSERT_TRUE(search.reset({0, 0}, {11, 8}));
    EXPECT_EQ(search.status(), Status::Refused);
    EXPECT_EQ(search.refusal(), Refusal::NeedsUniformTerrain);
  }
}

// ---------------------------------------------------------------------------------------
// What an observer reads

TEST(SubgoalGraphSearch, ReplaysExactly) {
  std::mt19937 rng(31);
  for (int trial = 0; trial < 8; ++trial) {
    const Grid grid = trial % 2 ? maze_grid(rng, 6, 6, 2) : random_uniform_grid(rng, 40);
    SubgoalGraphSearch search(grid, options_for(kRules[trial % 2]));
    for (int q = 0; q < 3; ++q) {
      const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
      reference::expect_replays_exactly(search, start, goal, describe(grid, kRules[trial % 2], start, goal));
    }
  }
}

TEST(SubgoalGraphSearch, EachStepExpandsTheNodeAtTheHeadOfTheOpenListAndReportsItsEdges) {
  std::mt19937 rng(32);
  for (int trial = 0; trial < 10; ++trial) {
    const Grid grid = random_uniform_grid(rng, 48);
    const Diagonal rule = kRules[trial % 2];
    SubgoalGraphSearch search(grid, options_for(rule));
    const SubgoalGraph& graph = prepared_graph(search, grid);
    const auto is_node = [&](CellId id, Point start, Point goal) {
      const Point p = grid.point(id);
      return graph.node_at(p.x, p.y) != kNoNode || p == start || p == goal;
    };
    const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
    ASSERT_TRUE(search.reset(start, goal));
    std::vector<Event> events;
    for (;;) {
      const std::vector<OpenItem> head = search.open_items(1);
      if (!search.step(events)) break;
      ASSERT_FALSE(events.empty());
      ASSERT_EQ(head.size(), 1u);
      EXPECT_EQ(events.front().kind, EventKind::Expand);
      EXPECT_EQ(events.front().cell, head.front().cell);
      EXPECT_TRUE(is_node(events.front().cell, start, goal));
      EXPECT_EQ(search.phase(events.front().cell) == CellPhase::Closed || search.status() == Status::Found, true);
      for (std::size_t i = 1; i < events.size(); ++i) {
        EXPECT_EQ(events[i].kind, EventKind::Neighbour);
        EXPECT_TRUE(is_node(events[i].cell, start, goal));
        EXPECT_NE(events[i].outcome, Outcome::Blocked);
      }
    }
    EXPECT_NE(search.status(), Status::Running);
  }
}

TEST(SubgoalGraphSearch, RouteToWalksTheSearchTreeInLegalMovesAtTheCostOfG) {
  std::mt19937 rng(33);
  for (int trial = 0; trial < 12; ++trial) {
    const Grid grid = trial % 3 == 0 ? rooms_grid(rng, 4, 3, 5) : random_uniform_grid(rng, 40);
    const Diagonal rule = kRules[trial % 2];
    SubgoalGraphSearch search(grid, options_for(rule));
    const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
    ASSERT_TRUE(search.reset(start, goal));
    search.run_steps(3 + trial);  // part-way: open and closed nodes, maybe a path
    for (CellId id = 0; id < grid.cell_count(); ++id) {
      if (search.phase(id) == CellPhase::Unseen) {
        EXPECT_TRUE(search.route_to(id).empty());
        continue;
      }
      const std::vector<Point> route = search.route_to(id);
      const double cost = reference::checked_path_cost(grid, {rule, CostModel::Exact}, route, start, grid.point(id));
      EXPECT_NEAR(cost, search.g(id), 1e-9) << describe(grid, rule, start, grid.point(id));
    }
    search.run();
    if (search.status() == Status::Found) EXPECT_EQ(search.route_to(grid.id(goal)), search.path());
  }
}

TEST(SubgoalGraphSearch, ChannelsShowTheSearchAndEverySubgoalWithItsLevelAndTheLandmarks) {
  std::mt19937 rng(34);
  const Grid grid = random_uniform_grid(rng, 30);
  SubgoalGraphSearch search(grid, options_for(Diagonal::OnlyWhenNoObstacles));
  ASSERT_TRUE(search.reset({0, 0}, {grid.width() - 1, grid.height() - 1}));
  search.run();
  std::vector<ChannelName> names;
  for (const Channel& channel : search.channels()) names.push_back(channel.name);
  EXPECT_EQ(names, (std::vector<ChannelName>{ChannelName::Phase, ChannelName::G, ChannelName::Order, ChannelName::ParentId,
                                             ChannelName::Subgoal, ChannelName::Landmark}));
  const Channel subgoal = search.channels()[4];
  ASSERT_EQ(subgoal.type, ChannelType::U8);
  EXPECT_EQ(subgoal.stamp, nullptr);
  const int top = search.graph()->level_count();
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      const std::uint8_t level = static_cast<const std::uint8_t*>(subgoal.data)[grid.id(x, y)];
      EXPECT_EQ(level != 0, is_corner(grid, x, y));
      EXPECT_LE(level, top);
    }
  // The landmarks' cells hold their numbers, 1-based; every other cell 0.
  const Channel landmark = search.channels()[5];
  ASSERT_EQ(landmark.type, ChannelType::U8);
  EXPECT_EQ(landmark.stamp, nullptr);
  const SubgoalGraph& graph = *search.graph();
  ASSERT_GE(graph.landmarks().size(), 1u);
  std::vector<std::uint8_t> expected(grid.cell_count(), 0);
  for (std::size_t k = 0; k < graph.landmarks().size(); ++k) expected[graph.cell(graph.landmarks()[k])] = static_cast<std::uint8_t>(k + 1);
  const auto* held = static_cast<const std::uint8_t*>(landmark.data);
  EXPECT_EQ(std::vector<std::uint8_t>(held, held + grid.cell_count()), expected);
}

TEST(SubgoalGraphSearch, AFlatGraphShowsNoLandmarkChannel) {
  std::mt19937 rng(34);
  const Grid grid = random_uniform_grid(rng, 30);
  SubgoalGraphSearch search(grid, options_for(Diagonal::OnlyWhenNoObstacles));
  search.set_hierarchy(false);
  ASSERT_TRUE(search.reset({0, 0}, {grid.width() - 1, grid.height() - 1}));
  search.run();
  for (const Channel& channel : search.channels()) EXPECT_NE(channel.name, ChannelName::Landmark);
}

TEST(SubgoalGraphSearch, LinksAreTheGraphsEdgesOrWhatTheEndsSee) {
  std::mt19937 rng(35);
  for (int trial = 0; trial < 10; ++trial) {
    const Grid grid = random_uniform_grid(rng, 32);
    const Diagonal rule = kRules[trial % 2];
    SubgoalGraphSearch search(grid, options_for(rule));
    const SubgoalGraph& graph = prepared_graph(search, grid);
    for (NodeId node = 0; node < graph.node_count(); ++node) {
      const std::vector<SubgoalLink> links = search.links(graph.cell(node));
      ASSERT_EQ(links.size(), graph.edges(node).size());
      for (std::size_t i = 0; i < links.size(); ++i) {
        EXPECT_EQ(links[i].to, graph.cell(graph.edges(node)[i].to));
        EXPECT_EQ(links[i].via != kNoCell, graph.edges(node)[i].shortcut());
      }
    }
    const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
    ASSERT_TRUE(search.reset(start, goal));
    if (search.status() != Status::Running || start == goal || graph.node_at(start.x, start.y) != kNoNode) continue;
    // The start's links are its successors: the first step opens exactly them.
    std::vector<CellId> linked;
    for (const SubgoalLink& link : search.links(grid.id(start))) linked.push_back(link.to);
    std::vector<Event> events;
    ASSERT_TRUE(search.step(events));
    std::vector<CellId> relaxed;
    for (const Event& event : events)
      if (event.kind == EventKind::Neighbour) relaxed.push_back(event.cell);
    std::sort(linked.begin(), linked.end());
    std::sort(relaxed.begin(), relaxed.end());
    EXPECT_EQ(linked, relaxed);
  }
}

// ---------------------------------------------------------------------------------------
// Preparation

TEST(SubgoalGraphPreparation, RunsInSlicesWithProgressAndEndsReady) {
  std::mt19937 rng(41);
  const Grid grid = maze_grid(rng, 12, 10, 1);
  for (const Diagonal rule : kRules) {
    SubgoalGraphSearch sliced(grid, options_for(rule));
    Preparation before = sliced.preparation();
    EXPECT_TRUE(before.needed);
    EXPECT_FALSE(before.ready);
    EXPECT_EQ(before.done, 0u);
    ASSERT_TRUE(reset_to_prepare(sliced, grid));
    EXPECT_EQ(sliced.status(), Status::Preparing);
    std::uint64_t done = 0;
    while (!sliced.preparation().ready) {
      const std::uint64_t made = sliced.prepare_steps(7);
      ASSERT_GT(made, 0u);
      ASSERT_LE(made, 7u);
      const Preparation now = sliced.preparation();
      EXPECT_EQ(now.done, done + made);
      EXPECT_LE(now.done, now.total);
      EXPECT_GT(now.bytes, 0u);
      done = now.done;
    }
    const Preparation after = sliced.preparation();
    EXPECT_EQ(after.done, after.total);
    EXPECT_EQ(sliced.status(), Status::Running) << "prepared, the query begins";
    EXPECT_EQ(sliced.prepare_steps(100), 0u);

    SubgoalGraphSearch whole(grid, options_for(rule));
    EXPECT_GT(prepare(whole, grid), 0u);
    EXPECT_EQ(whole.preparation().done, after.done) << "slices do the same work";
    for (int q = 0; q < 10; ++q) {
      const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
      ASSERT_TRUE(sliced.reset(start, goal));
      ASSERT_TRUE(whole.reset(start, goal));
      sliced.run();
      whole.run();
      EXPECT_EQ(sliced.path(), whole.path());
      EXPECT_EQ(sliced.counters().expanded, whole.counters().expanded);
    }
  }
}

TEST(SubgoalGraphPreparation, IsRebuiltWhenTheGridTheRuleOrTheHierarchysCostModelChanges) {
  std::mt19937 rng(42);
  Grid grid = random_uniform_grid(rng, 30);
  SubgoalGraphSearch search(grid, options_for(Diagonal::OnlyWhenNoObstacles));
  prepare(search, grid);
  ASSERT_TRUE(search.preparation().ready);

  // An edit: out of date; the next reset rebuilds, and the answers fit the edited grid.
  for (int edit = 0; edit < 6; ++edit) {
    const CellId flipped = grid.id(reference::random_point(rng, grid));
    grid.set_cost(flipped, grid.passable(flipped) ? kWall : 1);
    EXPECT_FALSE(search.preparation().ready);
    for (int q = 0; q < 4; ++q) {
      const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
      reference::expect_matches_reference(search, grid, {Diagonal::OnlyWhenNoObstacles, CostModel::Exact}, start, goal,
                                          "after edit " + std::to_string(edit));
    }
    EXPECT_TRUE(search.preparation().ready);
  }

  search.set_options(options_for(Diagonal::Never));
  EXPECT_FALSE(search.preparation().ready);
  prepare(search, grid);
  EXPECT_TRUE(search.preparation().ready);

  search.set_options(options_for(Diagonal::Never, CostModel::Integer));
  EXPECT_FALSE(search.preparation().ready) << "the hierarchy compares lengths in one cost model";
  search.set_hierarchy(false);
  prepare(search, grid);
  search.set_options(options_for(Diagonal::Never, CostModel::Exact));
  EXPECT_TRUE(search.preparation().ready) << "the flat graph serves both";

  Grid other = random_uniform_grid(rng, 30);
  search.set_grid(other);
  EXPECT_FALSE(search.preparation().ready);
}

TEST(SubgoalGraphPreparation, IsAdoptedFromASearchOnTheSameGridAndOptionsOnly) {
  std::mt19937 rng(43);
  const Grid grid = rooms_grid(rng, 5, 4, 6);
  const Grid other = rooms_grid(rng, 5, 4, 6);
  SubgoalGraphSearch first(grid, options_for(Diagonal::OnlyWhenNoObstacles));
  SubgoalGraphSearch second(grid, options_for(Diagonal::OnlyWhenNoObstacles));
  EXPECT_FALSE(second.adopt_preparation(first)) << "nothing prepared yet";
  prepare(first, grid);
  ASSERT_TRUE(second.adopt_preparation(first));
  EXPECT_TRUE(second.preparation().ready);
  EXPECT_EQ(second.graph(), first.graph()) << "shared, not copied";
  ASSERT_TRUE(reset_to_prepare(second, grid));
  EXPECT_EQ(second.status(), Status::Running) << "nothing left to prepare";
  for (int q = 0; q < 10; ++q) {
    const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
    reference::expect_matches_reference(second, grid, {Diagonal::OnlyWhenNoObstacles, CostModel::Exact}, start, goal,
                                        "adopted");
  }

  // Part-way through a query a search keeps the graph it runs with (search.h), and what it
  // finds is unchanged.
  SubgoalGraphSearch third(grid, options_for(Diagonal::OnlyWhenNoObstacles));
  prepare(third, grid);
  for (int q = 0; q < 10; ++q) {
    const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
    ASSERT_TRUE(first.reset(start, goal));
    ASSERT_TRUE(third.reset(start, goal));
    first.run();
    third.run_steps(2);
    if (third.status() == Status::Running) EXPECT_FALSE(third.adopt_preparation(first));
    third.run();
    EXPECT_EQ(third.status(), first.status());
    EXPECT_EQ(third.path(), first.path());
  }

  SubgoalGraphSearch elsewhere(other, options_for(Diagonal::OnlyWhenNoObstacles));
  EXPECT_FALSE(elsewhere.adopt_preparation(first));
  SubgoalGraphSearch four(grid, options_for(Diagonal::Never));
  EXPECT_FALSE(four.adopt_preparation(first));
  const std::unique_ptr<Search> astar = make_search(grid, SearchOptions{});
  EXPECT_FALSE(second.adopt_preparation(*astar));
}

}  // namespace
}  // namespace astar
