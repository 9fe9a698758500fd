// The simplest valid navigation mesh of a grid: one unit square per walkable cell, its
// neighbours the walkable cells across whole shared edges. The native tests give it to the
// mesh searches (the registry's on_mesh rows) in place of the merged mesh TypeScript builds
// (web/src/engine/navmesh), which the core cannot build. Two walkable cells touching only at
// a corner share no edge, so nothing passes between them, as the mesh rule says; and
// Polyanya is exact on any valid mesh, so its costs are the same on both meshes.
#pragma once

#include <memory>
#include <string>

#include "grid.h"
#include "navmesh/mesh.h"
#include "navmesh/mesh_search.h"
#include "search.h"

namespace astar::testing_mesh {

inline std::shared_ptr<const navmesh::NavMesh> cell_mesh(const Grid& grid) {
  navmesh::MeshArrays m;
  m.width = grid.width();
  m.height = grid.height();
  const int w = grid.width(), h = grid.height();
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) m.vertices.insert(m.vertices.end(), {double(x), double(y)});
  const auto vertex = [w](int x, int y) { return static_cast<std::uint32_t>(y * (w + 1) + x); };
  std::vector<std::int32_t> polygon_of(grid.cell_count(), navmesh::kNoPolygon);
  std::int32_t count = 0;
  for (CellId id = 0; id < grid.cell_count(); ++id)
    if (grid.passable(id)) polygon_of[id] = count++;
  const auto across = [&](int x, int y) {
    return grid.in_bounds(x, y) ? polygon_of[grid.id(Point{x, y})] : navmesh::kNoPolygon;
  };
  m.polygon_start.push_back(0);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (polygon_of[grid.id(Point{x, y})] == navmesh::kNoPolygon) continue;
      // Counter-clockwise in geometry.h's sense: the top edge first, then right, bottom, left.
      m.polygon_vertices.insert(m.polygon_vertices.end(), {vertex(x, y), vertex(x + 1, y), vertex(x + 1, y + 1), vertex(x, y + 1)});
      m.polygon_neighbours.insert(m.polygon_neighbours.end(), {across(x, y - 1), across(x + 1, y), across(x, y + 1), across(x - 1, y)});
      m.polygon_start.push_back(static_cast<std::uint32_t>(m.polygon_vertices.size()));
    }
  std::string error;
  return navmesh::NavMesh::make(std::move(m), error);
}

// Gives a mesh search its grid's cell mesh (nothing for grid searches). The search reads it
// at its next reset, or begins if it is Preparing.
inline void give_cell_mesh(Search& search) {
  if (auto* mesh_search = dynamic_cast<navmesh::MeshSearch*>(&search))
    mesh_search->set_mesh(cell_mesh(search.grid()), search.grid().revision());
}

}  // namespace astar::testing_mesh
