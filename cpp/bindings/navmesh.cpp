// The JavaScript face of the navigation meshes (cpp/core/navmesh): the meshes TypeScript
// builds (web/src/engine/navmesh) and the mesh searches' own reads. In a file of its own,
// with its own EMSCRIPTEN_BINDINGS block, beside cpp/bindings.cpp (whose names it uses:
// Grid, Point, Event, OpenItem, the enums, all registered there; embind registrations are
// global to the module, so the order of the blocks does not matter).
//
// - `makeMesh` copies the typed arrays in once and checks them (NavMesh::make), answering
//   {ok: true, mesh} or {ok: false, message}: any caller may pass any arrays. A mesh is
//   immutable and shared (shared_ptr) by every search that reads it.
// - `MeshSearch` is a mesh search made by the registry (make_search, the algorithm table's
//   navmesh and polyanya rows) with what the page draws of it besides the common reads:
//   Polyanya's search nodes (root, interval), navmesh A*'s polygons, corridor and funnel
//   steps, and the path as points of the plane. Its preparation is `setMesh`.
// - Counts cross as doubles, as in bindings.cpp; every id from JavaScript is checked.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "grid.h"
#include "navmesh/mesh_search.h"
#include "search.h"

namespace {

using astar::Grid;
using astar::navmesh::MeshSearch;
using emscripten::val;

struct MeshHandle {
  std::shared_ptr<const astar::navmesh::NavMesh> mesh;

  double polygon_count() const { return static_cast<double>(mesh->polygon_count()); }
  double vertex_count() const { return static_cast<double>(mesh->vertex_count()); }
  double bytes() const { return static_cast<double>(mesh->bytes()); }
  double radius() const { return mesh->radius(); }
  bool is_corner(double v) const { return v >= 0 && v < vertex_count() && mesh->is_corner(static_cast<std::uint32_t>(v)); }
  // The polygons holding (x, y), ascending.
  val locate(double x, double y) const {
    val list = val::array();
    for (std::uint32_t p : mesh->locate({x, y})) list.call<void>("push", static_cast<double>(p));
    return list;
  }
};

val make_mesh(int width, int height, double radius, const val& vertices, const val& polygon_start, const val& polygon_vertices,
              const val& polygon_neighbours) {
  astar::navmesh::MeshArrays arrays;
  arrays.width = width;
  arrays.height = height;
  arrays.radius = radius;
  arrays.vertices = emscripten::convertJSArrayToNumberVector<double>(vertices);
  arrays.polygon_start = emscripten::convertJSArrayToNumberVector<std::uint32_t>(polygon_start);
  arrays.polygon_vertices = emscripten::convertJSArrayToNumberVector<std::uint32_t>(polygon_vertices);
  arrays.polygon_neighbours = emscripten::convertJSArrayToNumberVector<std::int32_t>(polygon_neighbours);
  std::string error;
  std::unique_ptr<astar::navmesh::NavMesh> mesh = astar::navmesh::NavMesh::make(std::move(arrays), error);
  val result = val::object();
  result.set("ok", mesh != nullptr);
  if (!mesh) {
    result.set("message", error);
    return result;
  }
  result.set("mesh", val(std::make_unique<MeshHandle>(MeshHandle{std::move(mesh)})));
  return result;
}

val point_of(astar::navmesh::Vec2 p) {
  val point = val::object();
  point.set("x", p.x);
  point.set("y", p.y);
  return point;
}

astar::SearchOptions mesh_options(astar::Algorithm algorithm, double max_expansions) {
  astar::SearchOptions options;
  options.algorithm = algorithm;
  options.max_expansions = max_expansions >= 1 && max_expansions < 1.8e19 ? static_cast<std::uint64_t>(max_expansions) : 0;
  return options;
}

class MeshSearchHandle {
 public:
  // `algorithm` must be a mesh row (navmesh, polyanya); any other makes a search that never
  // starts (reset() answers false), as Search::reset does for an algorithm its class does not run.
  MeshSearchHandle(const Grid& grid, astar::Algorithm algorithm)
      : owned_(astar::make_search(grid, mesh_options(astar::Algorithm::Polyanya, 0))) {
    set_options(algorithm, 0);
  }

  void set_options(astar::Algorithm algorithm, double max_expansions) {
    owned_->set_options(mesh_options(algorithm, max_expansions));
  }
  void set_mesh(const MeshHandle& mesh, double grid_revision) {
    search().set_mesh(mesh.mesh, static_cast<std::uint64_t>(grid_revision));
  }
  bool has_mesh() const { return search().has_mesh(); }
  void set_grid(const Grid& grid) { owned_->set_grid(grid); }
  bool reset(astar::Point start, astar::Point goal) { return owned_->reset(start, goal); }
  val step() {
    if (!owned_->step(events_)) return val::null();
    val list = val::array();
    for (const astar::Event& event : events_) list.call<void>("push", event);
    return list;
  }
  double run_steps(double count) {
    if (!(count > 0)) return 0;
    return static_cast<double>(owned_->run_steps(count >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(count)));
  }
  void run() { owned_->run(); }
  astar::Status status() const { return owned_->status(); }
  astar::Refusal refusal() const { return owned_->refusal(); }
  bool stale() const { return owned_->stale(); }
  double path_cost() const { return owned_->path_cost(); }
  // x, y pairs of the path's corners (a copy).
  val path_points() const {
    val list = val::array();
    for (const astar::navmesh::Vec2& p : search().path_points()) {
      list.call<void>("push", p.x);
      list.call<void>("push", p.y);
    }
    return list;
  }
  val counters() const {
    const astar::Counters& c = owned_->counters();
    val result = val::object();
    result.set("expanded", static_cast<double>(c.expanded));
    result.set("opened", static_cast<double>(c.opened));
    result.set("maxOpen", static_cast<double>(c.max_open));
    result.set("openSize", static_cast<double>(owned_->open_size()));
    return result;
  }
  val open_items(double limit) const {
    val list = val::array();
    if (!(limit >= 1)) return list;
    const std::size_t count = limit >= static_cast<double>(SIZE_MAX) ? SIZE_MAX : static_cast<std::size_t>(limit);
    for (const astar::OpenItem& item : owned_->open_items(count)) list.call<void>("push", item);
    return list;
  }
  // Polyanya's search node `id`: {root, rootVertex, left, right, polygon, g, f, parent,
  // kind, outcome}; null when there is none.
  val node(double id) const {
    const astar::navmesh::Polyanya* polyanya = search().polyanya();
    if (!polyanya || !(id >= 0) || id >= static_cast<double>(polyanya->nodes().size())) return val::null();
    const astar::navmesh::SearchNode& n = polyanya->nodes()[static_cast<std::size_t>(id)];
    val result = val::object();
    result.set("root", point_of(n.root));
    result.set("rootVertex", n.root_vertex);
    result.set("left", point_of(n.left));
    result.set("right", point_of(n.right));
    result.set("polygon", n.polygon);
    result.set("g", n.g);
    result.set("f", n.f);
    result.set("parent", n.parent == astar::navmesh::kNoNode ? -1.0 : static_cast<double>(n.parent));
    result.set("kind", static_cast<int>(n.kind));
    result.set("outcome", n.outcome);
    return result;
  }
  // Navmesh A*'s polygon `p`: {position, g, f, parent, order, closed}; null when unreached.
  val polygon_node(double p) const {
    const astar::navmesh::CorridorSearch* corridor = search().corridor();
    if (!corridor || !(p >= 0) || p >= 4294967295.0) return val::null();
    const astar::navmesh::PolygonNode* n = corridor->node(static_cast<std::uint32_t>(p));
    if (!n) return val::null();
    val result = val::object();
    result.set("position", point_of(n->position));
    result.set("g", n->g);
    result.set("f", n->f);
    result.set("parent", n->parent);
    result.set("order", n->order);
    result.set("closed", n->closed);
    return result;
  }
  // The corridor's polygons, and its funnel steps {portal, portalLeft, portalRight, apex,
  // left, right, move}.
  val corridor() const {
    val list = val::array();
    if (const astar::navmesh::CorridorSearch* c = search().corridor())
      for (std::uint32_t p : c->corridor()) list.call<void>("push", static_cast<double>(p));
    return list;
  }
  val funnel() const {
    val list = val::array();
    if (const astar::navmesh::CorridorSearch* c = search().corridor())
      for (const astar::navmesh::FunnelStep& step : c->funnel()) {
        val item = val::object();
        item.set("portal", step.portal);
        item.set("portalLeft", point_of(step.portal_left));
        item.set("portalRight", point_of(step.portal_right));
        item.set("apex", point_of(step.apex));
        item.set("left", point_of(step.left));
        item.set("right", point_of(step.right));
        item.set("move", step.move);
        list.call<void>("push", item);
      }
    return list;
  }

 private:
  // make_search made it for a mesh row, and the registry names MeshSearch for both.
  MeshSearch& search() { return static_cast<MeshSearch&>(*owned_); }
  const MeshSearch& search() const { return static_cast<const MeshSearch&>(*owned_); }

  std::unique_ptr<astar::Search> owned_;
  std::vector<astar::Event> events_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_navmesh) {
  using namespace emscripten;
  function("makeMesh", &make_mesh);
  class_<MeshHandle>("NavMesh")
      .function("polygonCount", &MeshHandle::polygon_count)
      .function("vertexCount", &MeshHandle::vertex_count)
      .function("bytes", &MeshHandle::bytes)
      .function("radius", &MeshHandle::radius)
      .function("isCorner", &MeshHandle::is_corner)
      .function("locate", &MeshHandle::locate);
  class_<MeshSearchHandle>("MeshSearch")
      .constructor<const Grid&, astar::Algorithm>()
      .function("setOptions", &MeshSearchHandle::set_options)
      .function("setMesh", &MeshSearchHandle::set_mesh)
      .function("hasMesh", &MeshSearchHandle::has_mesh)
      .function("setGrid", &MeshSearchHandle::set_grid)
      .function("reset", &MeshSearchHandle::reset)
      .function("_step", &MeshSearchHandle::step)
      .function("runSteps", &MeshSearchHandle::run_steps)
      .function("run", &MeshSearchHandle::run)
      .function("status", &MeshSearchHandle::status)
      .function("refusal", &MeshSearchHandle::refusal)
      .function("stale", &MeshSearchHandle::stale)
      .function("pathCost", &MeshSearchHandle::path_cost)
      .function("_pathPoints", &MeshSearchHandle::path_points)
      .function("counters", &MeshSearchHandle::counters)
      .function("_openItems", &MeshSearchHandle::open_items)
      .function("_node", &MeshSearchHandle::node)
      .function("_polygonNode", &MeshSearchHandle::polygon_node)
      .function("_corridor", &MeshSearchHandle::corridor)
      .function("_funnel", &MeshSearchHandle::funnel);
}
