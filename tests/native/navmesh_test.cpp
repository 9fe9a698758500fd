// The mesh searches on hand-made meshes, where the shortest paths can be worked out by
// hand: Polyanya's cost and corners, its interval projection (observable and
// non-observable successors), points on vertices and edges, unreachable goals, start =
// goal; the funnel through a corridor; NavMesh's checks of its arrays and point location;
// and MeshSearch preparing until it has a mesh of the grid's revision. The meshes built
// from real maps are checked end to end in tests/js/navmesh.test.ts.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "navmesh/corridor.h"
#include "navmesh/mesh.h"
#include "navmesh/mesh_search.h"
#include "navmesh/polyanya.h"
#include "cell_mesh.h"
#include "reference.h"

namespace astar::navmesh {
namespace {

// A 3 x 3 room around a blocked centre square [1, 2] x [1, 2], as four trapezoids:
//
//   (0,0) +-----------+ (3,0)        top    0: (0,0) (3,0) (2,1) (1,1)
//         | \  top  / |              right  1: (3,0) (3,3) (2,2) (2,1)
//         |  +-----+  |              bottom 2: (3,3) (0,3) (1,2) (2,2)
//         |l |block| r|              left   3: (0,3) (0,0) (1,1) (1,2)
//         |  +-----+  |
//         | / bottom\ |
//   (0,3) +-----------+ (3,3)        (y grows downwards, as on the map)
MeshArrays ring() {
  MeshArrays m;
  m.width = 3;
  m.height = 3;
  m.vertices = {0, 0, 3, 0, 3, 3, 0, 3, 1, 1, 2, 1, 2, 2, 1, 2};
  m.polygon_start = {0, 4, 8, 12, 16};
  m.polygon_vertices = {0, 1, 5, 4, /**/ 1, 2, 6, 5, /**/ 2, 3, 7, 6, /**/ 3, 0, 4, 7};
  m.polygon_neighbours = {-1, 1, -1, 3, /**/ -1, 2, -1, 0, /**/ -1, 3, -1, 1, /**/ -1, 0, -1, 2};
  return m;
}

std::unique_ptr<NavMesh> make(MeshArrays arrays) {
  std::string error;
  std::unique_ptr<NavMesh> mesh = NavMesh::make(std::move(arrays), error);
  EXPECT_TRUE(mesh) << error;
  return mesh;
}

double polyanya_cost(const NavMesh& mesh, Vec2 s, Vec2 t, std::vector<Vec2>* path = nullptr) {
  Polyanya search(mesh);
  search.begin(s, t);
  for (int guard = 0; search.state() == PlannerState::Running && guard < 100000; ++guard) search.expand();
  if (path) *path = search.path();
  return search.state() == PlannerState::Found ? search.cost() : -1;
}

double funnel_cost(const NavMesh& mesh, Vec2 s, Vec2 t) {
  CorridorSearch search(mesh);
  search.begin(s, t);
  while (search.state() == PlannerState::Running) search.expand();
  return search.state() == PlannerState::Found ? search.cost() : -1;
}

double length(const std::vector<Vec2>& path) {
  double total = 0;
  for (std::size_t i = 1; i < path.size(); ++i) total += distance(path[i - 1], path[i]);
  return total;
}

TEST(NavMesh, RefusesArraysThatAreNoMesh) {
  std::string error;
  MeshArrays clockwise = ring();
  std::swap(clockwise.polygon_vertices[1], clockwise.polygon_vertices[3]);
  EXPECT_FALSE(NavMesh::make(clockwise, error));
  EXPECT_NE(error.find("convex"), std::string::npos) << error;
  MeshArrays one_sided = ring();
  one_sided.polygon_neighbours[1] = -1;  // top names no one, right still names top
  EXPECT_FALSE(NavMesh::make(one_sided, error));
  EXPECT_NE(error.find("name each other"), std::string::npos) << error;
  MeshArrays missing = ring();
  missing.polygon_vertices[0] = 99;
  EXPECT_FALSE(NavMesh::make(missing, error));
  MeshArrays off_map = ring();
  off_map.vertices[2] = 3.5;
  EXPECT_FALSE(NavMesh::make(off_map, error));
  MeshArrays short_offsets = ring();
  short_offsets.polygon_start.pop_back();
  EXPECT_FALSE(NavMesh::make(short_offsets, error));
  EXPECT_TRUE(NavMesh::make(ring(), error)) << error;
}

TEST(NavMesh, LocatesPointsInsideOnEdgesAndOnVertices) {
  const auto mesh = make(ring());
  EXPECT_EQ(mesh->locate({1.5, 0.5}), (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(mesh->locate({0.5, 0.5}), (std::vector<std::uint32_t>{0, 3}));  // on the diagonal edge
  EXPECT_EQ(mesh->locate({1, 1}), (std::vector<std::uint32_t>{0, 3}));      // the block's corner
  EXPECT_EQ(mesh->locate({3, 0}), (std::vector<std::uint32_t>{0, 1}));
  EXPECT_TRUE(mesh->locate({1.5, 1.5}).empty());  // inside the block
  EXPECT_TRUE(mesh->locate({-0.5, 1}).empty());
}

TEST(NavMesh, CornersAreWhereTheWalkableSpaceTurnsMoreThanAHalfTurn) {
  const auto mesh = make(ring());
  for (std::uint32_t v = 0; v < 4; ++v) EXPECT_FALSE(mesh->is_corner(v)) << v;  // the room's corners: a quarter-turn
  for (std::uint32_t v = 4; v < 8; ++v) EXPECT_TRUE(mesh->is_corner(v)) << v;   // the block's: three quarters
}

TEST(Polyanya, GoesAroundTheBlockThroughItsCorners) {
  const auto mesh = make(ring());
  std::vector<Vec2> path;
  const double cost = polyanya_cost(*mesh, {1.5, 0.5}, {1.5, 2.5}, &path);
  EXPECT_NEAR(cost, 1 + std::sqrt(2.0), 1e-12);
  ASSERT_EQ(path.size(), 4u);
  EXPECT_NEAR(length(path), cost, 1e-12);
  // Either side is as short; the corners turned at are the block's.
  EXPECT_TRUE((path[1] == Vec2{1, 1} && path[2] == Vec2{1, 2}) || (path[1] == Vec2{2, 1} && path[2] == Vec2{2, 2}));
}

TEST(Polyanya, SeesStraightThroughAnIntervalAndTurnsWhereItCannot) {
  const auto mesh = make(ring());
  // In view across two polygons: straight.
  EXPECT_NEAR(polyanya_cost(*mesh, {0.2, 0.5}, {2.8, 0.2}), distance({0.2, 0.5}, {2.8, 0.2}), 1e-12);
  // The straight segment would cut the block: around the corner (1, 1).
  EXPECT_NEAR(polyanya_cost(*mesh, {0.5, 1.5}, {2.5, 0.2}), distance({0.5, 1.5}, {1, 1}) + distance({1, 1}, {2.5, 0.2}), 1e-12);
  // Both corners of one side, from a point near a corner: a non-observable successor
  // rooted at (2, 1) reaches the right polygon, another at (2, 2) the bottom.
  EXPECT_NEAR(polyanya_cost(*mesh, {1.9, 0.9}, {1.1, 2.5}), distance({1.9, 0.9}, {2, 1}) + 1 + distance({2, 2}, {1.1, 2.5}), 1e-12);
}

TEST(Polyanya, StartsAndEndsOnVerticesAndEdges) {
  const auto mesh = make(ring());
  // From the block's corner (1, 1), a vertex of two polygons.
  EXPECT_NEAR(polyanya_cost(*mesh, {1, 1}, {2, 2.5}), 1 + distance({1, 2}, {2, 2.5}), 1e-12);
  // To a point on the edge between top and left.
  EXPECT_NEAR(polyanya_cost(*mesh, {2.5, 2.5}, {0.5, 0.5}), distance({2.5, 2.5}, {2, 1}) + distance({2, 1}, {0.5, 0.5}), 1e-12);
  // Vertex to vertex along a wall of the block.
  EXPECT_NEAR(polyanya_cost(*mesh, {1, 1}, {2, 1}), 1, 1e-12);
  // Across the block's diagonal, corner to corner: two sides.
  EXPECT_NEAR(polyanya_cost(*mesh, {1, 1}, {2, 2}), 2, 1e-12);
}

TEST(Polyanya, EndsAtOnceWhenStartIsGoalAndFindsNothingOffTheMesh) {
  const auto mesh = make(ring());
  std::vector<Vec2> path;
  EXPECT_EQ(polyanya_cost(*mesh, {0.5, 2.5}, {0.5, 2.5}, &path), 0);
  EXPECT_EQ(path, (std::vector<Vec2>{{0.5, 2.5}}));
  EXPECT_EQ(polyanya_cost(*mesh, {0.5, 2.5}, {1.5, 1.5}), -1);  // the goal is in the block
  EXPECT_EQ(polyanya_cost(*mesh, {1.5, 1.5}, {0.5, 2.5}), -1);
}

TEST(Polyanya, FindsNoPathBetweenPiecesOfTheMesh) {
  // Two squares touching only at the vertex (1, 1), as the walkable space does where two
  // walls meet at a corner: no edge joins them.
  MeshArrays m;
  m.width = m.height = 2;
  m.vertices = {0, 0, 1, 0, 1, 1, 0, 1, 2, 1, 2, 2, 1, 2};
  m.polygon_start = {0, 4, 8};
  m.polygon_vertices = {0, 1, 2, 3, /**/ 2, 4, 5, 6};
  m.polygon_neighbours = {-1, -1, -1, -1, -1, -1, -1, -1};
  const auto mesh = make(m);
  EXPECT_FALSE(mesh->is_corner(2));
  EXPECT_EQ(polyanya_cost(*mesh, {0.5, 0.5}, {1.5, 1.5}), -1);
  EXPECT_EQ(funnel_cost(*mesh, {0.5, 0.5}, {1.5, 1.5}), -1);
  // The shared vertex itself is in both.
  EXPECT_NEAR(polyanya_cost(*mesh, {0.5, 0.5}, {1, 1}), std::sqrt(0.5), 1e-12);
}

// The same ring cut into triangles: every corner of the block now has a fan of polygons
// around it, which a path wrapping round the corner turns through.
MeshArrays triangulated_ring() {
  const MeshArrays quads = ring();
  MeshArrays m = quads;
  m.polygon_start = {0};
  m.polygon_vertices.clear();
  for (std::size_t p = 0; p + 1 < quads.polygon_start.size(); ++p) {
    const std::uint32_t* v = &quads.polygon_vertices[quads.polygon_start[p]];
    for (std::uint32_t t : {v[0], v[1], v[2], v[0], v[2], v[3]}) m.polygon_vertices.push_back(t);
    m.polygon_start.push_back(static_cast<std::uint32_t>(m.polygon_vertices.size()) - 3);
    m.polygon_start.push_back(static_cast<std::uint32_t>(m.polygon_vertices.size()));
  }
  // Neighbours: the triangle holding the same edge the other way round.
  m.polygon_neighbours.assign(m.polygon_vertices.size(), -1);
  const std::size_t triangles = m.polygon_vertices.size() / 3;
  for (std::size_t a = 0; a < triangles; ++a)
    for (std::uint32_t i = 0; i < 3; ++i)
      for (std::size_t b = 0; b < triangles; ++b)
        for (std::uint32_t j = 0; j < 3; ++j)
          if (m.polygon_vertices[3 * a + i] == m.polygon_vertices[3 * b + (j + 1) % 3] &&
              m.polygon_vertices[3 * a + (i + 1) % 3] == m.polygon_vertices[3 * b + j])
            m.polygon_neighbours[3 * a + i] = static_cast<std::int32_t>(b);
  return m;
}

TEST(Polyanya, TurnsRoundACornerThroughEveryPolygonOfItsFan) {
  const auto quads = make(ring());
  const auto triangles = make(triangulated_ring());
  // Every pair of points of a lattice over the ring: the same shortest lengths whatever
  // the polygons (the walkable space is the same).
  std::vector<Vec2> points;
  for (double y = 0.25; y < 3; y += 0.5)
    for (double x = 0.25; x < 3; x += 0.5)
      if (!(x > 1 && x < 2 && y > 1 && y < 2)) points.push_back({x, y});
  points.push_back({1, 1});
  points.push_back({2, 2});
  for (const Vec2& s : points)
    for (const Vec2& t : points) {
      const double expected = polyanya_cost(*quads, s, t);
      ASSERT_GE(expected, 0);
      ASSERT_NEAR(polyanya_cost(*triangles, s, t), expected, 1e-9) << s.x << "," << s.y << " -> " << t.x << "," << t.y;
    }
}

TEST(Polyanya, ReportsEveryNodeItGenerates) {
  const auto mesh = make(ring());
  Polyanya search(*mesh);
  search.begin({1.5, 0.5}, {1.5, 2.5});
  // The first expansion is the start's: one node per edge of its polygon that has a
  // neighbour (the left and right trapezoids).
  EXPECT_EQ(search.expand(), 0u);
  ASSERT_EQ(search.generated().size(), 2u);
  for (std::uint32_t id : search.generated()) {
    const SearchNode& node = search.nodes()[id];
    EXPECT_EQ(node.root, (Vec2{1.5, 0.5}));
    EXPECT_GT(orient(node.root, node.right, node.left), 0);  // left is left, seen from the root
    EXPECT_GE(node.f, distance({1.5, 0.5}, {1.5, 2.5}));
  }
  std::vector<PlannerEntry> open = search.open_in_order(10);
  ASSERT_EQ(open.size(), 2u);
  EXPECT_LE(open[0].f, open[1].f);
}

TEST(Funnel, PullsTheStringThroughTheCorridor) {
  const auto mesh = make(ring());
  CorridorSearch search(*mesh);
  search.begin({1.5, 0.5}, {1.5, 2.5});
  while (search.state() == PlannerState::Running) search.expand();
  ASSERT_EQ(search.state(), PlannerState::Found);
  EXPECT_EQ(search.corridor().size(), 3u);
  EXPECT_NEAR(search.cost(), 1 + std::sqrt(2.0), 1e-12);  // the corridor holds the shortest path here
  EXPECT_EQ(search.path().size(), 4u);
  // A step per portal walked (after a corner the walk resumes from the new apex's portal):
  // two corners, the block's, and the last step at the goal's portal.
  int corners = 0;
  for (const FunnelStep& step : search.funnel()) corners += step.move == Outcome::Corner;
  EXPECT_EQ(corners, 2);
  EXPECT_EQ(search.funnel().back().portal, 3u);
}

TEST(Funnel, TurnsOnlyWhereASideIsCrossed) {
  // A straight corridor of portals: no corner.
  std::vector<std::pair<Vec2, Vec2>> straight = {{{0, 0}, {0, 0}}, {{1, -1}, {1, 1}}, {{2, -1}, {2, 1}}, {{3, 0}, {3, 0}}};
  EXPECT_EQ(CorridorSearch::pull_string(straight, nullptr), (std::vector<Vec2>{{0, 0}, {3, 0}}));
  // A dog-leg: the second portal's left end (seen walking) is a corner.
  std::vector<std::pair<Vec2, Vec2>> bend = {{{0, 0}, {0, 0}}, {{1, 1}, {1, -1}}, {{2, 1}, {2, 3}}, {{4, 5}, {4, 5}}};
  std::vector<FunnelStep> steps;
  const std::vector<Vec2> path = CorridorSearch::pull_string(bend, &steps);
  ASSERT_EQ(path.size(), 3u);
  EXPECT_EQ(path[1], (Vec2{1, 1}));
  bool cornered = false;
  for (const FunnelStep& step : steps) cornered = cornered || step.move == Outcome::Corner;
  EXPECT_TRUE(cornered);
}

SearchOptions polyanya_options() {
  SearchOptions options;
  options.algorithm = Algorithm::Polyanya;
  return options;
}

TEST(MeshSearch, TheRegistryMakesItForBothMeshRows) {
  Grid grid(3, 3);
  for (Algorithm algorithm : {Algorithm::NavMesh, Algorithm::Polyanya}) {
    SearchOptions options;
    options.algorithm = algorithm;
    std::unique_ptr<Search> search = make_search(grid, options);
    EXPECT_NE(dynamic_cast<MeshSearch*>(search.get()), nullptr) << name_of(algorithm);
    EXPECT_TRUE(search->runs(Algorithm::NavMesh) && search->runs(Algorithm::Polyanya));
    EXPECT_FALSE(search->runs(Algorithm::ThetaStar));
    EXPECT_TRUE(search_class(algorithm).prepares);
  }
}

TEST(MeshSearch, PreparesUntilItHasTheMeshOfTheGridsRevision) {
  Grid grid(3, 3);
  grid.set_cost(grid.id(1, 1), kWall);
  MeshSearch search(grid, polyanya_options());
  ASSERT_TRUE(search.reset({1, 0}, {1, 2}));
  EXPECT_EQ(search.status(), Status::Preparing);
  EXPECT_FALSE(search.finished());
  EXPECT_TRUE(search.preparation().needed);
  EXPECT_FALSE(search.preparation().ready);
  // Running cannot build a mesh (that is TypeScript's job): it does nothing.
  EXPECT_EQ(search.run_steps(10), 0u);
  EXPECT_EQ(search.status(), Status::Preparing);
  // Given the mesh, the Preparing search begins.
  search.set_mesh(make(ring()), grid.revision());
  EXPECT_EQ(search.status(), Status::Running);
  EXPECT_TRUE(search.preparation().ready);
  std::vector<Event> events;
  ASSERT_TRUE(search.step(events));
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0].kind, EventKind::Expand);
  search.run();
  ASSERT_EQ(search.status(), Status::Found);
  EXPECT_NEAR(search.path_cost(), 1 + std::sqrt(2.0), 1e-12);
  EXPECT_EQ(search.path_points().front(), (Vec2{1.5, 0.5}));
  EXPECT_TRUE(search.path().empty());
  // An edit makes the mesh out of date.
  grid.set_cost(grid.id(0, 0), kWall);
  ASSERT_TRUE(search.reset({1, 0}, {1, 2}));
  EXPECT_EQ(search.status(), Status::Preparing);
}

TEST(MeshSearch, AdoptsAnotherMeshSearchsMeshAndRunsItsOwnAlgorithm) {
  Grid grid(3, 3);
  grid.set_cost(grid.id(1, 1), kWall);
  MeshSearch polyanya(grid, polyanya_options());
  polyanya.set_mesh(make(ring()), grid.revision());
  SearchOptions funnel_options;
  funnel_options.algorithm = Algorithm::NavMesh;
  MeshSearch funnel(grid, funnel_options);
  ASSERT_TRUE(funnel.reset({1, 0}, {1, 2}));
  EXPECT_EQ(funnel.status(), Status::Preparing);
  ASSERT_TRUE(funnel.adopt_preparation(polyanya));
  EXPECT_EQ(funnel.status(), Status::Running);
  funnel.run();
  ASSERT_EQ(funnel.status(), Status::Found);
  EXPECT_NE(funnel.corridor(), nullptr);
  EXPECT_EQ(funnel.polyanya(), nullptr);
  EXPECT_GE(funnel.path_cost(), 1 + std::sqrt(2.0) - 1e-12);
  // A mesh made for an older revision is not adopted.
  grid.set_cost(grid.id(0, 0), kWall);
  EXPECT_FALSE(funnel.adopt_preparation(polyanya));
}

// The inspector's promise (Search::open_items): the first entry is exactly the node the next
// step expands, and the list is in the order the search takes it (by f), on random maps
// with the grid's cell mesh.
TEST(MeshSearch, OpenItemsListTheNextExpansionFirstAndInOrder) {
  std::mt19937 rng(4242);
  std::uint64_t steps = 0;
  for (Algorithm algorithm : {Algorithm::NavMesh, Algorithm::Polyanya})
    for (int round = 0; round < 40; ++round) {
      const Grid grid = reference::random_grid(rng, 24, false);
      const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
      SearchOptions options;
      options.algorithm = algorithm;
      const std::unique_ptr<Search> search = make_search(grid, options);
      ASSERT_TRUE(reference::reset_prepared(*search, start, goal));
      std::vector<Event> events;
      while (search->status() == Status::Running) {
        const std::vector<OpenItem> open = search->open_items(SIZE_MAX);
        ASSERT_EQ(open.size(), search->open_size());
        ASSERT_FALSE(open.empty());
        for (std::size_t i = 1; i < open.size(); ++i) EXPECT_LE(open[i - 1].f, open[i].f + 1e-9);
        ASSERT_TRUE(search->step(events));
        ASSERT_FALSE(events.empty());
        EXPECT_EQ(events[0].kind, EventKind::Expand);
        EXPECT_EQ(events[0].cell, open[0].cell) << name_of(algorithm) << " round " << round;
        ++steps;
      }
      EXPECT_TRUE(search->open_items(SIZE_MAX).empty());
    }
  EXPECT_GT(steps, 500u);
}

// open_size() counts what a search left when it ended, as the grid searches do (the page's
// "Open list" figure and its inspector read it): the goal's step takes one entry (Polyanya
// may first drop entries whose root was reached more cheaply), no more. A reset that begins
// no search (a start on a wall) counts none, though the planner still holds the last one's.
TEST(MeshSearch, CountsTheOpenListItLeavesWhenItFindsThePath) {
  std::mt19937 rng(5151);
  for (Algorithm algorithm : {Algorithm::NavMesh, Algorithm::Polyanya}) {
    int left = 0, found = 0;
    for (int round = 0; round < 60; ++round) {
      const Grid grid = reference::random_grid(rng, 24, false);
      const Point start = reference::random_point(rng, grid), goal = reference::random_point(rng, grid);
      SearchOptions options;
      options.algorithm = algorithm;
      MeshSearch search(grid, options);
      const std::string where = std::string(name_of(algorithm)) + " round " + std::to_string(round);
      ASSERT_TRUE(reference::reset_prepared(search, start, goal)) << where;
      const auto pruned = [&] { return search.polyanya() ? search.polyanya()->counters().pruned : 0; };
      std::size_t before = 0;
      std::uint64_t pruned_before = 0;
      while (search.status() == Status::Running) {
        before = search.open_size();
        pruned_before = pruned();
        search.step();
      }
      if (search.status() != Status::Found || start == goal) continue;
      ++found;
      ASSERT_EQ(search.open_size(), before - 1 - (pruned() - pruned_before)) << where;
      if (search.open_size() > 0) ++left;

      for (CellId id = 0; id < grid.cell_count(); ++id) {
        if (grid.passable(id)) continue;
        ASSERT_TRUE(search.reset(grid.point(id), goal)) << where;
        EXPECT_EQ(search.status(), Status::NoPath) << where;
        EXPECT_EQ(search.open_size(), 0u) << where << ": a start on a wall begins no search";
        break;
      }
    }
    EXPECT_GT(found, 20) << name_of(algorithm);
    EXPECT_GT(left, found / 2) << name_of(algorithm) << ": most searches leave entries they did not take";
  }
}

}  // namespace
}  // namespace astar::navmesh
