// NavMesh: a navigation mesh as the searches read it. Convex polygons over the walkable
// space, each listing its vertices counter-clockwise (geometry.h's orientation) and, per
// edge, the polygon on the other side or none (a wall).
//
// Meshes are built in TypeScript from a grid map (web/src/engine/navmesh/build-mesh.ts,
// where the constrained Delaunay triangulation library lives) and handed to the core as
// flat arrays; make() checks them completely, since the bindings let any caller pass any
// arrays. What the searches need besides is derived here, once per mesh:
// - per vertex, whether it is a corner: some walkable sector around it is wider than a
//   half-turn (a convex corner of an obstacle). Only there can a shortest path turn, so
//   Polyanya roots new search nodes only at corners. A vertex where two walls touch only at
//   a corner has two sectors of a quarter-turn each: not a corner, and no polygon edge
//   crosses between them, so nothing passes there.
// - per polygon, how many neighbours it has (Polyanya's dead-end pruning).
// - point location: which polygons hold a point, on an edge or a vertex included, through
//   buckets of kBucket x kBucket cells listing the polygons whose bounding box meets them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "geometry.h"

namespace astar::navmesh {

inline constexpr std::int32_t kNoPolygon = -1;

struct MeshArrays {
  int width = 0;   // the map it covers: every vertex within [0, width] x [0, height]
  int height = 0;
  double radius = 0;  // the agent radius it was built for, in cells
  std::vector<double> vertices;  // x, y pairs
  std::vector<std::uint32_t> polygon_start;  // polygons + 1 offsets into polygon_vertices
  std::vector<std::uint32_t> polygon_vertices;
  std::vector<std::int32_t> polygon_neighbours;  // per polygon vertex k: across the edge k -> k + 1
};

class NavMesh {
 public:
  // The mesh, or null with `error` saying what is wrong with the arrays: counts, indices,
  // a polygon that is not strictly convex and counter-clockwise, a neighbour that does not
  // name it back across the same edge, a vertex off the map.
  static std::unique_ptr<NavMesh> make(MeshArrays arrays, std::string& error);

  int width() const { return arrays_.width; }
  int height() const { return arrays_.height; }
  double radius() const { return arrays_.radius; }
  std::size_t vertex_count() const { return arrays_.vertices.size() / 2; }
  std::size_t polygon_count() const { return arrays_.polygon_start.size() - 1; }
  Vec2 vertex(std::uint32_t v) const { return {arrays_.vertices[2 * v], arrays_.vertices[2 * v + 1]}; }
  bool is_corner(std::uint32_t v) const { return corner_[v] != 0; }

  // Polygon p has size(p) vertices; vertex k of it is vertex_at(p, k), and the edge from
  // vertex k to vertex k + 1 borders neighbour_at(p, k).
  std::uint32_t size(std::uint32_t p) const { return arrays_.polygon_start[p + 1] - arrays_.polygon_start[p]; }
  std::uint32_t vertex_at(std::uint32_t p, std::uint32_t k) const { return arrays_.polygon_vertices[arrays_.polygon_start[p] + k]; }
  std::int32_t neighbour_at(std::uint32_t p, std::uint32_t k) const { return arrays_.polygon_neighbours[arrays_.polygon_start[p] + k]; }
  std::uint32_t neighbour_count(std::uint32_t p) const { return neighbour_count_[p]; }
  // Where polygon p has vertex v, or size(p) when it has not.
  std::uint32_t index_of(std::uint32_t p, std::uint32_t v) const;

  // The polygons whose closed area holds p: none outside the mesh, one inside a polygon,
  // two on a shared edge, all around a vertex. Ascending.
  std::vector<std::uint32_t> locate(Vec2 p) const;
  bool contains(std::uint32_t polygon, Vec2 p) const;

  const MeshArrays& arrays() const { return arrays_; }
  // Memory the mesh holds, in bytes.
  std::size_t bytes() const;

 private:
  explicit NavMesh(MeshArrays arrays) : arrays_(std::move(arrays)) {}
  void derive();

  static constexpr int kBucket = 4;
  MeshArrays arrays_;
  std::vector<std::uint8_t> corner_;
  std::vector<std::uint32_t> neighbour_count_;
  int buckets_x_ = 0, buckets_y_ = 0;
  std::vector<std::uint32_t> bucket_start_;
  std::vector<std::uint32_t> bucket_polygons_;
};

}  // namespace astar::navmesh
