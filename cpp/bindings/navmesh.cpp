// Navigation meshes in JavaScript (cpp/core/navmesh): the meshes TypeScript builds
// (web/src/engine/navmesh) and the mesh searches' own reads. It uses names other files
// register (Grid, Point, Event, OpenItem, the enums: see bindings.h).
//
// - `makeMesh` copies the typed arrays in once and checks them (NavMesh::make), answering
//   {ok: true, mesh} or {ok: false, message}: any caller may pass any arrays. A mesh is
//   immutable and shared (shared_ptr) by every search that reads it.
// - `MeshSearch` is a mesh search made by the registry (make_search, the algorithm table's
//   navmesh and polyanya rows) with what the page draws of it besides the common reads:
//   Polyanya's search nodes (root, interval), navmesh A*'s polygons, corridor and funnel
//   steps, and the path as points of the plane. Its preparation is `setMesh`.
// - Counts cross as doubles (bindings.h); every id from JavaScript is checked.
// - Every call that may allocate runs through guarded() (memory.h): a mesh that does not fit
//   is {ok: false}, a search that runs out of memory abandons its run, a read returns nothing,
//   and the call throws EngineMemoryError in JavaScript once it has returned.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "grid.h"
#include "memory.h"
#include "navmesh/mesh_search.h"
#include "search.h"

namespace astar::bindings {
namespace {

using navmesh::MeshSearch;

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
    guarded("the polygons at a point", [&] {
      for (std::uint32_t p : mesh->locate({x, y})) list.call<void>("push", static_cast<double>(p));
    }, [] {});
    return list;
  }
};

val mesh_result(int width, int height, double radius, const val& vertices, const val& polygon_start, const val& polygon_vertices,
                const val& polygon_neighbours);

val make_mesh(int width, int height, double radius, const val& vertices, const val& polygon_start, const val& polygon_vertices,
              const val& polygon_neighbours) {
  return guarded("this navigation mesh", [&] { return mesh_result(width, height, radius, vertices, polygon_start, polygon_vertices, polygon_neighbours); },
                 [] {
                   val failed = val::object();
                   failed.set("ok", false);
                   failed.set("message", std::string("not enough engine memory for this navigation mesh"));
                   return failed;
                 });
}

val mesh_result(int width, int height, double radius, const val& vertices, const val& polygon_start, const val& polygon_vertices,
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
    changing("this search's mesh", [&] { search().set_mesh(mesh.mesh, static_cast<std::uint64_t>(grid_revision)); });
  }
  bool has_mesh() const { return search().has_mesh(); }
  void set_grid(const Grid& grid) { changing("this search's arrays", [&] { owned_->set_grid(grid); }); }
  bool reset(astar::Point start, astar::Point goal) {
    bool started = false;
    changing("starting this search", [&] { started = owned_->reset(start, goal); });
    return started;
  }
  val step() {
    return guarded(
        "running this search", [&] { return owned_->step(events_) ? events_array(events_) : val::null(); },
        [&] {
          owned_->abandon();
          return val::null();
        });
  }
  double run_steps(double count) {
    if (!(count > 0)) return 0;
    std::uint64_t made = 0;
    changing("running this search", [&] { made = owned_->run_steps(count_from(count)); });
    return static_cast<double>(made);
  }
  void run() { changing("running this search", [&] { owned_->run(); }); }
  astar::Status status() const { return owned_->status(); }
  astar::Refusal refusal() const { return owned_->refusal(); }
  bool stale() const { return owned_->stale(); }
  double path_cost() const { return owned_->path_cost(); }
  // x, y pairs of the path's corners (a copy).
  val path_points() const {
    val list = val::array();
    for (const astar::navmesh::Vec2& p : search().path_points()) {  // reads, allocates nothing in wasm
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
    guarded("the open list", [&] {
      for (const astar::OpenItem& item : owned_->open_items(count)) list.call<void>("push", item);
    }, [] {});
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
  // Runs `change` on the search; false, with the search abandoned, when it ran out of memory.
  template <class Change>
  bool changing(const char* what, Change&& change) {
    return guarded(what, [&] { change(); return true; }, [&] { owned_->abandon(); return false; });
  }

  // make_search made it for a mesh row, and the registry names MeshSearch for both.
  MeshSearch& search() { return static_cast<MeshSearch&>(*owned_); }
  const MeshSearch& search() const { return static_cast<const MeshSearch&>(*owned_); }

  std::unique_ptr<astar::Search> owned_;
  std::vector<astar::Event> events_;
};

}  // namespace
}  // namespace astar::bindings

EMSCRIPTEN_BINDINGS(astar_navmesh) {
  using namespace emscripten;
  using astar::Grid;
  using astar::bindings::make_mesh;
  using astar::bindings::MeshHandle;
  using astar::bindings::MeshSearchHandle;
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
