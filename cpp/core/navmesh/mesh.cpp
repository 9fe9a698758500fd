#include "mesh.h"

#include <algorithm>
#include <cmath>

#include "../grid.h"

namespace astar::navmesh {

namespace {

std::string at_polygon(std::size_t p, const char* what) { return "polygon " + std::to_string(p) + " " + what; }

// Every check make() promises, on the arrays alone; empty when they are a valid mesh.
std::string check(const MeshArrays& m) {
  if (m.width < 1 || m.height < 1 || m.width > kMaxGridSide || m.height > kMaxGridSide)
    return "the mesh's map size must be 1 to " + std::to_string(kMaxGridSide) + " cells a side";
  if (!(m.radius >= 0 && m.radius <= 1000)) return "the mesh's radius must be a number of cells >= 0";
  if (m.vertices.size() % 2 != 0) return "vertices must be x, y pairs";
  const std::size_t vertex_count = m.vertices.size() / 2;
  for (std::size_t i = 0; i < m.vertices.size(); ++i) {
    const double limit = i % 2 == 0 ? m.width : m.height;
    if (!(m.vertices[i] >= 0 && m.vertices[i] <= limit)) return "vertex " + std::to_string(i / 2) + " is off the map";
  }
  if (m.polygon_start.empty() || m.polygon_start.front() != 0 || m.polygon_start.back() != m.polygon_vertices.size())
    return "polygon offsets must start at 0 and end at the number of polygon vertices";
  if (m.polygon_neighbours.size() != m.polygon_vertices.size()) return "there must be one neighbour per polygon vertex";
  const std::size_t polygons = m.polygon_start.size() - 1;
  if (polygons >= 0x7fffffff) return "too many polygons";
  for (std::size_t p = 0; p < polygons; ++p) {
    const std::uint32_t begin = m.polygon_start[p], end = m.polygon_start[p + 1];
    if (end < begin + 3) return at_polygon(p, "has fewer than 3 vertices (or its offsets decrease)");
    for (std::uint32_t i = begin; i < end; ++i) {
      if (m.polygon_vertices[i] >= vertex_count) return at_polygon(p, "names a vertex that does not exist");
      const std::int32_t q = m.polygon_neighbours[i];
      if (q < kNoPolygon || q >= static_cast<std::int32_t>(polygons)) return at_polygon(p, "names a neighbour that does not exist");
    }
    const std::uint32_t n = end - begin;
    const auto at = [&](std::uint32_t k) {
      const std::uint32_t v = m.polygon_vertices[begin + k % n];
      return Vec2{m.vertices[2 * v], m.vertices[2 * v + 1]};
    };
    // Strictly convex and counter-clockwise: every other vertex strictly left of each edge.
    for (std::uint32_t k = 0; k < n; ++k)
      for (std::uint32_t j = 2; j < n; ++j)
        if (!(orient(at(k), at(k + 1), at(k + j)) > 0)) return at_polygon(p, "is not strictly convex and counter-clockwise");
  }
  return {};
}

}  // namespace

std::unique_ptr<NavMesh> NavMesh::make(MeshArrays arrays, std::string& error) {
  error = check(arrays);
  if (!error.empty()) return nullptr;
  std::unique_ptr<NavMesh> mesh(new NavMesh(std::move(arrays)));
  // Neighbours must name each other across the same edge, the other way round.
  for (std::uint32_t p = 0; p < mesh->polygon_count(); ++p) {
    for (std::uint32_t k = 0; k < mesh->size(p); ++k) {
      const std::int32_t q = mesh->neighbour_at(p, k);
      if (q == kNoPolygon) continue;
      const std::uint32_t a = mesh->vertex_at(p, k), b = mesh->vertex_at(p, (k + 1) % mesh->size(p));
      const auto other = static_cast<std::uint32_t>(q);
      const std::uint32_t j = mesh->index_of(other, b);
      if (q == static_cast<std::int32_t>(p) || j == mesh->size(other) || mesh->vertex_at(other, (j + 1) % mesh->size(other)) != a ||
          mesh->neighbour_at(other, j) != static_cast<std::int32_t>(p)) {
        error = at_polygon(p, "and its neighbour do not name each other across the same edge");
        return nullptr;
      }
    }
  }
  mesh->derive();
  return mesh;
}

std::uint32_t NavMesh::index_of(std::uint32_t p, std::uint32_t v) const {
  const std::uint32_t n = size(p);
  for (std::uint32_t k = 0; k < n; ++k)
    if (vertex_at(p, k) == v) return k;
  return n;
}

void NavMesh::derive() {
  const std::size_t polygons = polygon_count();
  neighbour_count_.assign(polygons, 0);
  corner_.assign(vertex_count(), 0);
  for (std::uint32_t p = 0; p < polygons; ++p) {
    const std::uint32_t n = size(p);
    for (std::uint32_t k = 0; k < n; ++k) {
      if (neighbour_at(p, k) != kNoPolygon) {
        ++neighbour_count_[p];
        continue;
      }
      // The edge leaving v = vertex k is a wall: turn counter-clockwise around v through
      // the polygons that share it until the wall that closes this walkable sector.
      const std::uint32_t v = vertex_at(p, k);
      const Vec2 b = vertex(vertex_at(p, (k + 1) % n));
      std::uint32_t at = p, index = k;
      for (std::size_t guard = 0; guard <= polygons; ++guard) {
        const std::uint32_t before = (index + size(at) - 1) % size(at);
        const std::int32_t next = neighbour_at(at, before);
        if (next == kNoPolygon) {
          // The sector runs from the ray v -> b counter-clockwise to the ray v -> a.
          if (orient(vertex(v), b, vertex(vertex_at(at, before))) < 0) corner_[v] = 1;
          break;
        }
        at = static_cast<std::uint32_t>(next);
        index = index_of(at, v);
      }
    }
  }
  // Buckets: counting pass, then fill.
  buckets_x_ = (width() + kBucket - 1) / kBucket + 1;
  buckets_y_ = (height() + kBucket - 1) / kBucket + 1;
  bucket_start_.assign(static_cast<std::size_t>(buckets_x_) * buckets_y_ + 1, 0);
  const auto bucket_range = [&](std::uint32_t p, int& x0, int& y0, int& x1, int& y1) {
    double min_x = 1e300, min_y = 1e300, max_x = -1e300, max_y = -1e300;
    for (std::uint32_t k = 0; k < size(p); ++k) {
      const Vec2 q = vertex(vertex_at(p, k));
      min_x = std::min(min_x, q.x), min_y = std::min(min_y, q.y), max_x = std::max(max_x, q.x), max_y = std::max(max_y, q.y);
    }
    x0 = static_cast<int>(min_x) / kBucket, y0 = static_cast<int>(min_y) / kBucket;
    x1 = static_cast<int>(max_x) / kBucket, y1 = static_cast<int>(max_y) / kBucket;
  };
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<std::uint32_t> fill;
    if (pass == 1) {
      for (std::size_t i = 1; i < bucket_start_.size(); ++i) bucket_start_[i] += bucket_start_[i - 1];
      bucket_polygons_.assign(bucket_start_.back(), 0);
      fill.assign(bucket_start_.begin(), bucket_start_.end() - 1);
    }
    for (std::uint32_t p = 0; p < polygons; ++p) {
      int x0, y0, x1, y1;
      bucket_range(p, x0, y0, x1, y1);
      for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
          const std::size_t b = static_cast<std::size_t>(y) * buckets_x_ + x;
          if (pass == 0) ++bucket_start_[b + 1];
          else bucket_polygons_[fill[b]++] = p;
        }
    }
  }
}

bool NavMesh::contains(std::uint32_t polygon, Vec2 p) const {
  const std::uint32_t n = size(polygon);
  for (std::uint32_t k = 0; k < n; ++k)
    if (side(vertex(vertex_at(polygon, k)), vertex(vertex_at(polygon, (k + 1) % n)), p) < 0) return false;
  return true;
}

std::vector<std::uint32_t> NavMesh::locate(Vec2 p) const {
  std::vector<std::uint32_t> found;
  if (!(p.x >= 0 && p.y >= 0 && p.x <= width() && p.y <= height())) return found;
  const std::size_t b = static_cast<std::size_t>(static_cast<int>(p.y) / kBucket) * buckets_x_ + static_cast<int>(p.x) / kBucket;
  for (std::uint32_t i = bucket_start_[b]; i < bucket_start_[b + 1]; ++i)
    if (contains(bucket_polygons_[i], p)) found.push_back(bucket_polygons_[i]);
  std::sort(found.begin(), found.end());
  return found;
}

std::size_t NavMesh::bytes() const {
  return arrays_.vertices.size() * sizeof(double) + (arrays_.polygon_start.size() + arrays_.polygon_vertices.size()) * 4 +
         arrays_.polygon_neighbours.size() * 4 + corner_.size() + neighbour_count_.size() * 4 +
         (bucket_start_.size() + bucket_polygons_.size()) * 4;
}

}  // namespace astar::navmesh
