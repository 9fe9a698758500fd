// The JavaScript face of the core: the one file that knows embind.
//
// Shape of the raw module (documented member by member in web/src/engine/astar-wasm.d.ts,
// wrapped into the friendly API by web/src/engine/engine.ts):
// - Enums are registered under the same names the CLI, the web app and share links use
//   ("astar", "only-when-no-obstacles", ...), taken from options.h's tables, so a JS
//   option string maps to its enum value with one property lookup and the names are
//   spelled in one place only. `catalog()` hands JavaScript the algorithm table itself.
// - One runtime search object (`Search`, the SearchHandle below) for every algorithm: it
//   keeps a core Search made by make_search and makes another when the options name an
//   algorithm another class runs.
// - Grid has no constructor: `Grid.create` checks the size first (there are no C++
//   exceptions in this build, so a bad size must not reach the constructor) and answers
//   null; `gridSizeError` gives the sentence to show, from Grid::size_error.
// - Sizes and counts cross as doubles: embind in Emscripten 3.1.6 has no 64-bit integers
//   without BigInt, and a JS number passed to an `int` parameter would be silently
//   truncated to 32 bits before we could check it.
// - Bulk data leaves as typed-array views into wasm memory (`_costsView`, `_channels`,
//   `_pathView`). They are only valid until memory grows or the arrays behind them are
//   replaced (`layout()` counts the replacements); the wrapper re-fetches them.
// - A step's events are recorded into one vector owned by the search handle and reused,
//   so stepping allocates nothing in wasm once it has grown; they cross as an array of
//   plain Event objects, a tagged union the wrapper turns into typed objects. The open
//   list crosses the same way, as plain OpenItem objects.
// - Every per-cell read checks the id: the raw module is callable from JS directly and
//   must not read outside its arrays whatever it is given.
// - A walk (`Walk`, the WalkHandle below) owns its planner; `_planner()` hands out a
//   SearchHandle that reads whichever search the walk holds now and ignores every mutator,
//   so the wrapper can show a walk's planner with the same code as any search.
// - Memory: `memoryUsage()` and `canAllocate()` let the wrapper refuse, with a sentence, an
//   object the heap has no room for. Without C++ exceptions a failed `new` aborts the
//   whole module; with ALLOW_MEMORY_GROWTH malloc instead returns null when the heap cannot
//   grow, so asking malloc first is safe.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <memory>
#include <string>
#include <utility>

#include "grid.h"
#include "movingai.h"
#include "navmesh/mesh_search.h"
#include "options.h"
#include "search.h"
#include "walk.h"

namespace {

using astar::CellId;
using astar::Grid;
using emscripten::val;

static_assert(sizeof(astar::Point) == 2 * sizeof(int), "_pathView exposes points as (x, y) int pairs");

// Grid::size_error for numbers straight from JavaScript, which may be fractional, NaN or
// beyond the range of long long.
std::string grid_size_error(double width, double height) {
  if (!std::isfinite(width) || !std::isfinite(height) || width != std::floor(width) || height != std::floor(height)) {
    // %g prints 1.5 as "1.5" where std::to_string would say "1.500000".
    char text[80];
    std::snprintf(text, sizeof text, "grid size must be whole numbers, got %.15g x %.15g", width, height);
    return text;
  }
  // Anything this large is rejected by size_error anyway; clamping keeps the cast defined.
  constexpr double kLimit = 1e15;
  const auto clamp = [](double v) { return static_cast<long long>(v < -kLimit ? -kLimit : v > kLimit ? kLimit : v); };
  return Grid::size_error(clamp(width), clamp(height));
}

std::unique_ptr<Grid> create_grid(double width, double height) {
  if (!grid_size_error(width, height).empty()) return nullptr;
  return std::make_unique<Grid>(static_cast<int>(width), static_cast<int>(height));
}

// What the wasm heap holds: bytes handed out by malloc and not freed, the heap's current
// size and the size it may grow to (MAXIMUM_MEMORY). mallinfo() walks the heap, so this is
// for diagnostics and tests, not for every call.
struct MemoryUsageView {
  double in_use;
  double heap_size;
  double heap_limit;
};

MemoryUsageView memory_usage() {
  const struct mallinfo info = mallinfo();
  return {static_cast<double>(info.uordblks), static_cast<double>(emscripten_get_heap_size()),
          static_cast<double>(emscripten_get_heap_max())};
}

// Whether `bytes` can be allocated now in one block: asked of malloc itself, so it counts
// freed space inside the heap, fragmentation and the room left to grow. The block is freed
// at once; the allocation that follows reuses it.
bool can_allocate(double bytes) {
  if (!(bytes >= 0) || bytes >= static_cast<double>(emscripten_get_heap_max())) return false;
  // Volatile: otherwise the compiler may elide the malloc/free pair and assume success.
  void* volatile block = std::malloc(static_cast<std::size_t>(bytes));
  if (!block) return false;
  std::free(block);
  return true;
}

// -1 outside the grid, so the wrapper can say which coordinate was wrong.
int grid_cost(const Grid& grid, int x, int y) { return grid.in_bounds(x, y) ? grid.cost(grid.id(x, y)) : -1; }

bool grid_set_cost(Grid& grid, int x, int y, int cost) {
  if (!grid.in_bounds(x, y) || cost < astar::kWall || cost > astar::kMaxTerrainCost) return false;
  grid.set_cost(grid.id(x, y), static_cast<std::uint8_t>(cost));
  return true;
}

bool grid_fill(Grid& grid, int cost) {
  if (cost < astar::kWall || cost > astar::kMaxTerrainCost) return false;
  grid.fill(static_cast<std::uint8_t>(cost));
  return true;
}

// One copy through a typed array (TypedArray.prototype.set), not one call per cell.
bool grid_assign(Grid& grid, const val& costs) {
  if (costs["length"].as<double>() != static_cast<double>(grid.cell_count())) return false;
  const std::vector<std::uint8_t> bytes = emscripten::convertJSArrayToNumberVector<std::uint8_t>(costs);
  return grid.assign(bytes.data(), bytes.size());
}

val grid_costs_view(const Grid& grid) { return val(emscripten::typed_memory_view(grid.cell_count(), grid.costs())); }

int grid_width(const Grid& grid) { return grid.width(); }
int grid_height(const Grid& grid) { return grid.height(); }
double grid_cell_count(const Grid& grid) { return static_cast<double>(grid.cell_count()); }
double grid_revision(const Grid& grid) { return static_cast<double>(grid.revision()); }
int grid_min_cost(const Grid& grid) { return grid.min_cost(); }
bool grid_uniform_cost(const Grid& grid) { return grid.uniform_cost(); }
std::string grid_to_map_text(const Grid& grid) { return astar::write_map(grid); }

val format_failure(const astar::FormatError& error) {
  val result = val::object();
  result.set("ok", false);
  result.set("line", error.line);
  result.set("message", error.message);
  return result;
}

// {ok: true, grid} or {ok: false, line, message}; the caller owns `grid`.
val read_map(const std::string& text) {
  astar::Parsed<Grid> parsed = astar::read_map(text);
  if (!parsed) return format_failure(parsed.error);
  val result = val::object();
  result.set("ok", true);
  result.set("grid", val(std::make_unique<Grid>(std::move(*parsed.value))));
  return result;
}

// {ok: true, queries} or {ok: false, line, message}.
val read_scenario(const std::string& text) {
  const astar::Parsed<astar::Scenario> parsed = astar::read_scenario(text);
  if (!parsed) return format_failure(parsed.error);
  val queries = val::array();
  for (const astar::ScenarioQuery& query : parsed.value->queries) queries.call<void>("push", query);
  val result = val::object();
  result.set("ok", true);
  result.set("queries", queries);
  return result;
}

struct CountersView {
  double expanded = 0;
  double opened = 0;
  double improved = 0;
  double max_open = 0;
  double open_size = 0;
};

struct ProgressView {
  double threshold = NAN;
  double iteration = NAN;
  double meeting_cost = NAN;
  double meeting_cell = -1;
};

// The algorithm table (options.h) as plain JS objects: the panel, share links, embed
// settings and the CLI read every name and property from here.
val catalog() {
  const auto names = [](const auto& table) {
    val list = val::array();
    for (const auto& row : table) list.call<void>("push", std::string(row.name));
    return list;
  };
  const auto set_of = [](const auto& table, std::uint8_t bits) {
    val list = val::array();
    for (const auto& row : table)
      if (bits & astar::bit(row.value)) list.call<void>("push", std::string(row.name));
    return list;
  };
  val algorithms = val::array();
  for (const astar::AlgorithmInfo& a : astar::kAlgorithms) {
    val row = val::object();
    row.set("name", std::string(a.name));
    row.set("label", std::string(a.label));
    row.set("usesHeuristic", a.uses_heuristic);
    row.set("usesWeight", a.uses_weight);
    row.set("optimal", a.optimal);
    row.set("anyAngle", a.any_angle);
    row.set("incremental", a.incremental);
    row.set("reexpands", a.reexpands);
    row.set("uniformTerrainOnly", a.uniform_terrain_only);
    row.set("diagonals", set_of(astar::kDiagonals, a.diagonals));
    row.set("costModels", set_of(astar::kCostModels, a.cost_models));
    row.set("defaultHeuristic", a.default_heuristic ? val(std::string(astar::name_of(*a.default_heuristic))) : val::null());
    row.set("bytesPerCell", static_cast<double>(astar::bytes_per_cell(a.id)));
    algorithms.call<void>("push", row);
  }
  val result = val::object();
  result.set("algorithms", algorithms);
  result.set("heuristics", names(astar::kHeuristics));
  result.set("diagonals", names(astar::kDiagonals));
  result.set("costModels", names(astar::kCostModels));
  result.set("gridBytesPerCell", static_cast<double>(Grid::kBytesPerCell));
  result.set("walkBytesPerCell", static_cast<double>(astar::Walk::kBytesPerCell));
  return result;
}

astar::Refusal refusal_for(const Grid& grid, astar::Algorithm algorithm, astar::Diagonal diagonal, astar::CostModel cost_model) {
  astar::SearchOptions options;
  options.algorithm = algorithm;
  options.diagonal = diagonal;
  options.cost_model = cost_model;
  return astar::refusal_for(options, grid);
}

// A step's events as a JS array of plain Event objects.
val events_array(const std::vector<astar::Event>& events) {
  val list = val::array();
  for (const astar::Event& event : events) list.call<void>("push", event);
  return list;
}

astar::SearchOptions search_options(astar::Algorithm algorithm, astar::Diagonal diagonal, astar::Heuristic heuristic,
                                    bool use_default_heuristic, double weight, astar::CostModel cost_model,
                                    double max_expansions) {
  astar::SearchOptions options;
  options.algorithm = algorithm;
  options.diagonal = diagonal;
  if (!use_default_heuristic) options.heuristic = heuristic;
  options.weight = weight;
  options.cost_model = cost_model;
  options.max_expansions = max_expansions >= 1 && max_expansions < 1.8e19 ? static_cast<std::uint64_t>(max_expansions) : 0;
  return options;
}

// The one runtime search object JavaScript sees, whatever the algorithm: it holds the
// options and the core Search that runs them, made anew by make_search when the
// algorithm needs another class.
class SearchHandle {
 public:
  explicit SearchHandle(const Grid& grid) : grid_(&grid), owned_(astar::make_search(grid, {})) {}
  // A read-only view of a walk's planner, whichever search object the walk holds now.
  explicit SearchHandle(const astar::Walk& walk) : grid_(&walk.knowledge()), walk_(&walk) {}

  void set_options(astar::Algorithm algorithm, astar::Diagonal diagonal, astar::Heuristic heuristic,
                   bool use_default_heuristic, double weight, astar::CostModel cost_model, double max_expansions) {
    if (walk_) return;  // a walk's planner is read-only
    const astar::SearchOptions options =
        search_options(algorithm, diagonal, heuristic, use_default_heuristic, weight, cost_model, max_expansions);  // a walk's planner is read-only
    if (!owned_->runs(algorithm)) {
      // Another class runs this algorithm. The old one's arrays go with it, so views
      // taken from it are dead: `layout` tells the wrapper to take new ones.
      const bool tracing = owned_->tracing();
      owned_ = astar::make_search(*grid_, options);
      owned_->set_tracing(tracing);
      ++replaced_;
    }
    owned_->set_options(options);
  }
  void set_grid(const Grid& grid) {
    if (walk_) return;
    grid_ = &grid;
    owned_->set_grid(grid);
  }
  void set_tracing(bool on) {
    if (!walk_) owned_->set_tracing(on);
  }
  bool reset(astar::Point start, astar::Point goal) { return !walk_ && owned_->reset(start, goal); }

  // The step's events, or null when there was nothing to do.
  val step() {
    if (walk_ || !owned_->step(events_)) return val::null();
    return events_array(events_);
  }
  double run_steps(double count) {
    if (walk_ || !(count > 0)) return 0;
    const std::uint64_t limit = count >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(count);
    return static_cast<double>(owned_->run_steps(limit));
  }
  void run() {
    if (!walk_) owned_->run();
  }

  astar::Status status() const { return search()->status(); }
  astar::Refusal refusal() const { return search()->refusal(); }
  bool stale() const { return search()->stale(); }
  double path_cost() const { return search()->path_cost(); }
  val path_view() const {
    const auto& path = search()->path();
    return val(emscripten::typed_memory_view(2 * path.size(), path.empty() ? nullptr : &path.front().x));
  }
  CountersView counters() const {
    const astar::Counters& c = search()->counters();
    return {static_cast<double>(c.expanded), static_cast<double>(c.opened), static_cast<double>(c.improved),
            static_cast<double>(c.max_open), static_cast<double>(search()->open_size())};
  }
  ProgressView progress() const {
    const astar::Progress p = search()->progress();
    return {p.threshold, p.iteration, p.meeting_cost,
            p.meeting_cell == astar::kNoCell ? -1.0 : static_cast<double>(p.meeting_cell)};
  }

  astar::CellPhase phase(CellId id) const { return valid(id) ? search()->phase(id) : astar::CellPhase::Unseen; }
  double g(CellId id) const { return valid(id) ? search()->g(id) : NAN; }
  double h(CellId id) const { return valid(id) ? search()->h(id) : NAN; }
  double f(CellId id) const { return valid(id) ? search()->f(id) : NAN; }
  double parent(CellId id) const {
    const CellId p = valid(id) ? search()->parent(id) : astar::kNoCell;
    return p == astar::kNoCell ? -1 : static_cast<double>(p);
  }
  double order(CellId id) const { return valid(id) ? search()->expansion_order(id) : 0; }
  // The open list in the order the search will take it (Search::open_items): at most
  // `limit` OpenItem objects, the first being what the next step expands. NaN or below 1
  // lists nothing; any count the platform's size_t cannot hold means no limit (the wrapper
  // passes whole numbers only).
  val open_items(double limit) const {
    val list = val::array();
    if (!(limit >= 1)) return list;
    const std::size_t count = limit >= static_cast<double>(SIZE_MAX) ? SIZE_MAX : static_cast<std::size_t>(limit);
    for (const astar::OpenItem& item : search()->open_items(count)) list.call<void>("push", item);
    return list;
  }
  // h (kind 0) or f (kind 1) of every cell at once, for heat maps: one call instead of one
  // per cell. h is given on every walkable cell, f where the search has been; NaN
  // elsewhere. A Float32Array view into a buffer this handle owns: valid until the next
  // call or wasm allocation, so the wrapper copies it.
  val values_view(int kind) {
    const astar::Grid& grid = search()->grid();
    const std::size_t count = grid.cell_count();
    values_.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      const CellId id = static_cast<CellId>(i);
      const bool known = kind == 0 ? grid.passable(id) : search()->phase(id) != astar::CellPhase::Unseen;
      values_[i] = known ? static_cast<float>(kind == 0 ? search()->h(id) : search()->f(id)) : NAN;
    }
    return val(emscripten::typed_memory_view(count, values_.data()));
  }
  // Cell ids from the start to `id` along the search's parents; empty when unseen.
  val route_to(CellId id) const {
    val list = val::array();
    if (!valid(id)) return list;
    const astar::Grid& grid = search()->grid();
    for (const astar::Point& p : search()->route_to(id)) list.call<void>("push", static_cast<double>(grid.id(p)));
    return list;
  }

  int stamp() const { return search()->stamp(); }
  // Replacements of the core search, and its own reallocations.
  double layout() const {
    if (walk_ && &walk_->planner() != seen_planner_) {
      // The walk made a new planner (another algorithm): views of the old one are dead.
      seen_planner_ = &walk_->planner();
      ++replaced_;
    }
    return static_cast<double>(replaced_) * 4294967296.0 + search()->layout();
  }
  double cell_count() const { return static_cast<double>(search()->grid().cell_count()); }
  // Each channel as {name, type, bytes, stride, stampBytes, stampStride}: `bytes` is a
  // Uint8Array view starting at element 0 and covering every element (its length is
  // (count - 1) * stride + element size); `stampBytes` likewise for the stamps, or null.
  val channels() const {
    val list = val::array();
    const std::size_t count = search()->grid().cell_count();
    for (const astar::Channel& c : search()->channels()) {
      val channel = val::object();
      channel.set("name", std::string(c.name));
      channel.set("type", c.type);
      channel.set("bytes", span(c.data, count, c.stride, element_size(c.type)));
      channel.set("stride", c.stride);
      channel.set("stampBytes", c.stamp ? span(c.stamp, count, c.stamp_stride, sizeof(std::uint16_t)) : val::null());
      channel.set("stampStride", c.stamp_stride);
      list.call<void>("push", channel);
    }
    return list;
  }

 private:
  bool valid(CellId id) const { return id < search()->grid().cell_count(); }

  static std::size_t element_size(astar::ChannelType type) {
    switch (type) {
      case astar::ChannelType::U8: return 1;
      case astar::ChannelType::U16: return 2;
      case astar::ChannelType::U32: return 4;
      default: return 8;
    }
  }
  static val span(const void* data, std::size_t count, std::size_t stride, std::size_t size) {
    const std::size_t bytes = count == 0 ? 0 : (count - 1) * stride + size;
    return val(emscripten::typed_memory_view(bytes, static_cast<const std::uint8_t*>(data)));
  }

  // The search read: the handle's own, or the walk's planner.
  astar::Search* search() const { return walk_ ? const_cast<astar::Search*>(&walk_->planner()) : owned_.get(); }

  const Grid* grid_;
  std::unique_ptr<astar::Search> owned_;
  const astar::Walk* walk_ = nullptr;
  mutable const astar::Search* seen_planner_ = nullptr;
  std::vector<astar::Event> events_;
  std::vector<float> values_;  // values_view's buffer
  mutable std::uint32_t replaced_ = 0;
};

struct WalkCountersView {
  double steps = 0;
  double moves = 0;
  double walked_cost = 0;
  double replans = 0;
  double expanded_this_plan = 0;
  double expanded_total = 0;
};

// A Walk (walk.h) over a world grid JavaScript owns, with a read-only SearchHandle on its
// planner. Points cross as {x, y}; the walked route and the plan as typed-array views of
// (x, y) int pairs, the known mask as a Uint8Array view, valid until the next step, edit or
// wasm allocation (the wrapper copies or re-fetches them).
class WalkHandle {
 public:
  explicit WalkHandle(const Grid& world) : walk_(world), planner_(walk_) {}

  void set_options(astar::Algorithm algorithm, astar::Diagonal diagonal, astar::Heuristic heuristic, bool use_default_heuristic,
                   double weight, astar::CostModel cost_model, double max_expansions, int sense_radius) {
    walk_.set_options(search_options(algorithm, diagonal, heuristic, use_default_heuristic, weight, cost_model, max_expansions),
                      sense_radius);
  }
  bool reset(astar::Point start, astar::Point goal) { return walk_.reset(start, goal); }

  // {planned, events, from, to, cost, discovered (cell ids), replan, arrived}, or null when
  // there was nothing to do.
  val step() {
    if (!walk_.step(&record_)) return val::null();
    val result = val::object();
    result.set("planned", record_.planned);
    result.set("events", events_array(record_.events));
    result.set("from", record_.from);
    result.set("to", record_.to);
    result.set("cost", record_.cost);
    val discovered = val::array();
    for (const astar::Discovery& d : record_.discovered) discovered.call<void>("push", static_cast<double>(d.cell));
    result.set("discovered", discovered);
    result.set("replan", record_.replan);
    result.set("arrived", record_.arrived);
    return result;
  }
  double run_steps(double count, bool until_move) {
    if (!(count > 0)) return 0;
    const std::uint64_t limit = count >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(count);
    return static_cast<double>(walk_.run_steps(limit, until_move));
  }

  astar::WalkStatus status() const { return walk_.status(); }
  astar::Refusal refusal() const { return walk_.refusal(); }
  WalkCountersView counters() const {
    const astar::WalkCounters& c = walk_.counters();
    return {static_cast<double>(c.steps), static_cast<double>(c.moves), c.walked_cost, static_cast<double>(c.replans),
            static_cast<double>(c.expanded_this_plan), static_cast<double>(c.expanded_total)};
  }
  astar::Point agent() const { return walk_.agent(); }
  astar::Point goal() const { return walk_.goal(); }
  val walked_view() const { return points_view(walk_.walked()); }
  val planned_view() {
    planned_ = walk_.planned_path();
    return points_view(planned_);
  }
  // Cell ids (a JS array of numbers); ids outside the world are ignored by the core.
  void world_changed(const val& cells) {
    const std::vector<double> ids = emscripten::convertJSArrayToNumberVector<double>(cells);
    std::vector<CellId> changed;
    changed.reserve(ids.size());
    for (double id : ids)
      if (id >= 0 && id < static_cast<double>(walk_.world().cell_count())) changed.push_back(static_cast<CellId>(id));
    walk_.world_changed(changed);
  }
  bool set_goal(astar::Point goal) { return walk_.set_goal(goal); }
  val known_view() const {
    const std::vector<std::uint8_t>& known = walk_.known();
    return val(emscripten::typed_memory_view(known.size(), known.data()));
  }
  SearchHandle* planner() { return &planner_; }

 private:
  static val points_view(const std::vector<astar::Point>& points) {
    return val(emscripten::typed_memory_view(2 * points.size(), points.empty() ? nullptr : &points.front().x));
  }

  astar::Walk walk_;
  SearchHandle planner_;
  astar::WalkStepRecord record_;
  std::vector<astar::Point> planned_;  // planned_view's buffer
};

// A navigation mesh built in TypeScript (web/src/engine/navmesh), shared by every mesh
// search that reads it. `make` copies the typed arrays in and checks them (NavMesh::make):
// {ok: true, mesh} or {ok: false, message}.
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

// A mesh search (Polyanya or navmesh A* + funnel: navmesh/mesh_search.h) over a grid, with
// the mesh JavaScript built for it. Until the algorithm table has rows for the mesh
// searches this is their own handle; its reads of nodes, polygons and funnel steps are
// what the page will draw.
class MeshSearchHandle {
 public:
  MeshSearchHandle(const Grid& grid, int algorithm)
      : search_(grid, {}, algorithm == 1 ? astar::navmesh::MeshAlgorithm::Polyanya : astar::navmesh::MeshAlgorithm::Funnel) {}

  void set_mesh(const MeshHandle& mesh, double grid_revision) {
    search_.set_mesh(mesh.mesh, static_cast<std::uint64_t>(grid_revision));
  }
  bool prepared() const { return search_.prepared(); }
  void set_max_expansions(double count) {
    astar::SearchOptions options;
    options.max_expansions = count >= 1 && count < 1.8e19 ? static_cast<std::uint64_t>(count) : 0;
    search_.set_options(options);
  }
  void set_grid(const Grid& grid) { search_.set_grid(grid); }
  bool reset(astar::Point start, astar::Point goal) { return search_.reset(start, goal); }
  val step() {
    if (!search_.step(events_)) return val::null();
    return events_array(events_);
  }
  double run_steps(double count) {
    if (!(count > 0)) return 0;
    return static_cast<double>(search_.run_steps(count >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(count)));
  }
  void run() { search_.run(); }
  astar::Status status() const { return search_.status(); }
  astar::Refusal refusal() const { return search_.refusal(); }
  bool stale() const { return search_.stale(); }
  double path_cost() const { return search_.path_cost(); }
  // x, y pairs of the path's corners (a copy).
  val path_points() const {
    val list = val::array();
    for (const astar::navmesh::Vec2& p : search_.path_points()) {
      list.call<void>("push", p.x);
      list.call<void>("push", p.y);
    }
    return list;
  }
  CountersView counters() const {
    const astar::Counters& c = search_.counters();
    return {static_cast<double>(c.expanded), static_cast<double>(c.opened), static_cast<double>(c.improved),
            static_cast<double>(c.max_open), static_cast<double>(search_.open_size())};
  }
  val open_items(double limit) const {
    val list = val::array();
    if (!(limit >= 1)) return list;
    const std::size_t count = limit >= static_cast<double>(SIZE_MAX) ? SIZE_MAX : static_cast<std::size_t>(limit);
    for (const astar::OpenItem& item : search_.open_items(count)) list.call<void>("push", item);
    return list;
  }
  // Polyanya's search node `id`: {root, rootVertex, left, right, polygon, g, f, parent,
  // kind, outcome}; null when there is none.
  val node(double id) const {
    const astar::navmesh::Polyanya* polyanya = search_.polyanya();
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
    const astar::navmesh::CorridorSearch* corridor = search_.corridor();
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
    if (const astar::navmesh::CorridorSearch* c = search_.corridor())
      for (std::uint32_t p : c->corridor()) list.call<void>("push", static_cast<double>(p));
    return list;
  }
  val funnel() const {
    val list = val::array();
    if (const astar::navmesh::CorridorSearch* c = search_.corridor())
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
  astar::navmesh::MeshSearch search_;
  std::vector<astar::Event> events_;
};

// Enum members named by the core's tables: the names users type are the JS keys.
template <class E, class Table>
void register_named_enum(const char* type_name, const Table& table) {
  emscripten::enum_<E> binding(type_name);
  // The tables hold views of string literals, so data() is NUL-terminated.
  for (const auto& row : table) binding.value(row.name.data(), row.value);
}

}  // namespace

EMSCRIPTEN_BINDINGS(astar_playground) {
  using namespace emscripten;

  constant("MAX_GRID_SIDE", astar::kMaxGridSide);
  constant("MAX_WEIGHT", astar::kMaxWeight);

  {
    enum_<astar::Algorithm> algorithm("Algorithm");
    for (const astar::AlgorithmInfo& row : astar::kAlgorithms) algorithm.value(row.name.data(), row.id);
  }
  register_named_enum<astar::Heuristic>("Heuristic", astar::kHeuristics);
  register_named_enum<astar::Diagonal>("Diagonal", astar::kDiagonals);
  register_named_enum<astar::CostModel>("CostModel", astar::kCostModels);
  register_named_enum<astar::Refusal>("Refusal", astar::kRefusals);
  // These have no C++ name table; the keys are the TypeScript wrapper's string names.
  enum_<astar::Status>("Status")
      .value("ready", astar::Status::Ready)
      .value("running", astar::Status::Running)
      .value("found", astar::Status::Found)
      .value("no-path", astar::Status::NoPath)
      .value("gave-up", astar::Status::GaveUp)
      .value("refused", astar::Status::Refused)
      .value("preparing", astar::Status::Preparing);
  enum_<astar::CellPhase>("CellPhase")
      .value("unseen", astar::CellPhase::Unseen)
      .value("open", astar::CellPhase::Open)
      .value("closed", astar::CellPhase::Closed)
      .value("path", astar::CellPhase::Path);
  enum_<astar::Side>("Side").value("forward", astar::Side::Forward).value("backward", astar::Side::Backward);
  enum_<astar::EventKind>("EventKind")
      .value("expand", astar::EventKind::Expand)
      .value("neighbour", astar::EventKind::Neighbour)
      .value("scan", astar::EventKind::Scan)
      .value("forced", astar::EventKind::Forced)
      .value("sight", astar::EventKind::Sight)
      .value("meet", astar::EventKind::Meet)
      .value("iteration", astar::EventKind::Iteration)
      .value("backtrack", astar::EventKind::Backtrack)
      .value("stop", astar::EventKind::Stop)
      .value("key", astar::EventKind::Key)
      .value("rhs", astar::EventKind::Rhs)
      .value("corridor", astar::EventKind::Corridor)
      .value("funnel", astar::EventKind::Funnel);
  enum_<astar::Outcome>("Outcome")
      .value("none", astar::Outcome::None)
      .value("opened", astar::Outcome::Opened)
      .value("improved", astar::Outcome::Improved)
      .value("not-improved", astar::Outcome::NotImproved)
      .value("closed", astar::Outcome::AlreadyClosed)
      .value("blocked", astar::Outcome::Blocked)
      .value("pruned", astar::Outcome::Pruned)
      .value("on-path", astar::Outcome::OnPath)
      .value("jump-point", astar::Outcome::JumpPoint)
      .value("dead-end", astar::Outcome::DeadEnd)
      .value("reached-goal", astar::Outcome::ReachedGoal)
      .value("clear", astar::Outcome::Clear)
      .value("obstructed", astar::Outcome::Obstructed)
      .value("key-raised", astar::Outcome::KeyRaised)
      .value("over-consistent", astar::Outcome::OverConsistent)
      .value("under-consistent", astar::Outcome::UnderConsistent)
      .value("queued", astar::Outcome::Queued)
      .value("requeued", astar::Outcome::Requeued)
      .value("dequeued", astar::Outcome::Dequeued)
      .value("narrowed", astar::Outcome::Narrowed)
      .value("corner", astar::Outcome::Corner);
  enum_<astar::WalkStatus>("WalkStatus")
      .value("ready", astar::WalkStatus::Ready)
      .value("planning", astar::WalkStatus::Planning)
      .value("moving", astar::WalkStatus::Moving)
      .value("arrived", astar::WalkStatus::Arrived)
      .value("no-path", astar::WalkStatus::NoPath)
      .value("gave-up", astar::WalkStatus::GaveUp)
      .value("refused", astar::WalkStatus::Refused);
  enum_<astar::ReplanReason>("ReplanReason")
      .value("none", astar::ReplanReason::None)
      .value("path-blocked", astar::ReplanReason::PathBlocked)
      .value("path-dearer", astar::ReplanReason::PathDearer)
      .value("cost-lowered", astar::ReplanReason::CostLowered)
      .value("goal-moved", astar::ReplanReason::GoalMoved);
  enum_<astar::ChannelType>("ChannelType")
      .value("u8", astar::ChannelType::U8)
      .value("u16", astar::ChannelType::U16)
      .value("u32", astar::ChannelType::U32)
      .value("f64", astar::ChannelType::F64);

  value_object<astar::Point>("Point").field("x", &astar::Point::x).field("y", &astar::Point::y);
  value_object<astar::Event>("Event")
      .field("kind", &astar::Event::kind)
      .field("outcome", &astar::Event::outcome)
      .field("side", &astar::Event::side)
      .field("dir", &astar::Event::dir)
      .field("cell", &astar::Event::cell)
      .field("other", &astar::Event::other)
      .field("a", &astar::Event::a)
      .field("b", &astar::Event::b)
      .field("c", &astar::Event::c);
  value_object<astar::OpenItem>("OpenItem")
      .field("cell", &astar::OpenItem::cell)
      .field("g", &astar::OpenItem::g)
      .field("h", &astar::OpenItem::h)
      .field("f", &astar::OpenItem::f)
      .field("side", &astar::OpenItem::side);
  value_object<CountersView>("Counters")
      .field("expanded", &CountersView::expanded)
      .field("opened", &CountersView::opened)
      .field("improved", &CountersView::improved)
      .field("maxOpen", &CountersView::max_open)
      .field("openSize", &CountersView::open_size);
  value_object<WalkCountersView>("WalkCounters")
      .field("steps", &WalkCountersView::steps)
      .field("moves", &WalkCountersView::moves)
      .field("walkedCost", &WalkCountersView::walked_cost)
      .field("replans", &WalkCountersView::replans)
      .field("expandedThisPlan", &WalkCountersView::expanded_this_plan)
      .field("expandedTotal", &WalkCountersView::expanded_total);
  value_object<ProgressView>("Progress")
      .field("threshold", &ProgressView::threshold)
      .field("iteration", &ProgressView::iteration)
      .field("meetingCost", &ProgressView::meeting_cost)
      .field("meetingCell", &ProgressView::meeting_cell);
  value_object<MemoryUsageView>("MemoryUsage")
      .field("inUse", &MemoryUsageView::in_use)
      .field("heapSize", &MemoryUsageView::heap_size)
      .field("heapLimit", &MemoryUsageView::heap_limit);
  value_object<astar::ScenarioQuery>("ScenarioQuery")
      .field("bucket", &astar::ScenarioQuery::bucket)
      .field("mapPath", &astar::ScenarioQuery::map_path)
      .field("mapWidth", &astar::ScenarioQuery::map_width)
      .field("mapHeight", &astar::ScenarioQuery::map_height)
      .field("start", &astar::ScenarioQuery::start)
      .field("goal", &astar::ScenarioQuery::goal)
      .field("optimal", &astar::ScenarioQuery::optimal);

  function("gridSizeError", &grid_size_error);
  function("readMap", &read_map);
  function("readScenario", &read_scenario);
  function("catalog", &catalog);
  function("refusalFor", &refusal_for);
  function("memoryUsage", &memory_usage);
  function("canAllocate", &can_allocate);

  class_<Grid>("Grid")
      .class_function("create", &create_grid)
      .function("width", &grid_width)
      .function("height", &grid_height)
      .function("cellCount", &grid_cell_count)
      .function("revision", &grid_revision)
      .function("cost", &grid_cost)
      .function("setCost", &grid_set_cost)
      .function("fill", &grid_fill)
      .function("_assign", &grid_assign)
      .function("_costsView", &grid_costs_view)
      .function("minCost", &grid_min_cost)
      .function("uniformCost", &grid_uniform_cost)
      .function("toMapText", &grid_to_map_text);

  class_<SearchHandle>("Search")
      .constructor<const Grid&>()
      .function("_setOptions", &SearchHandle::set_options)
      .function("setGrid", &SearchHandle::set_grid)
      .function("setTracing", &SearchHandle::set_tracing)
      .function("reset", &SearchHandle::reset)
      .function("_step", &SearchHandle::step)
      .function("runSteps", &SearchHandle::run_steps)
      .function("run", &SearchHandle::run)
      .function("status", &SearchHandle::status)
      .function("refusal", &SearchHandle::refusal)
      .function("stale", &SearchHandle::stale)
      .function("pathCost", &SearchHandle::path_cost)
      .function("_pathView", &SearchHandle::path_view)
      .function("counters", &SearchHandle::counters)
      .function("progress", &SearchHandle::progress)
      .function("phase", &SearchHandle::phase)
      .function("g", &SearchHandle::g)
      .function("h", &SearchHandle::h)
      .function("f", &SearchHandle::f)
      .function("parent", &SearchHandle::parent)
      .function("order", &SearchHandle::order)
      .function("_routeTo", &SearchHandle::route_to)
      .function("_openItems", &SearchHandle::open_items)
      .function("_valuesView", &SearchHandle::values_view)
      .function("stamp", &SearchHandle::stamp)
      .function("layout", &SearchHandle::layout)
      .function("cellCount", &SearchHandle::cell_count)
      .function("_channels", &SearchHandle::channels);

  function("makeMesh", &make_mesh);
  class_<MeshHandle>("NavMesh")
      .function("polygonCount", &MeshHandle::polygon_count)
      .function("vertexCount", &MeshHandle::vertex_count)
      .function("bytes", &MeshHandle::bytes)
      .function("radius", &MeshHandle::radius)
      .function("isCorner", &MeshHandle::is_corner)
      .function("locate", &MeshHandle::locate);
  class_<MeshSearchHandle>("MeshSearch")
      .constructor<const Grid&, int>()
      .function("setMesh", &MeshSearchHandle::set_mesh)
      .function("prepared", &MeshSearchHandle::prepared)
      .function("setMaxExpansions", &MeshSearchHandle::set_max_expansions)
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

  class_<WalkHandle>("Walk")
      .constructor<const Grid&>()
      .function("_setOptions", &WalkHandle::set_options)
      .function("reset", &WalkHandle::reset)
      .function("_step", &WalkHandle::step)
      .function("runSteps", &WalkHandle::run_steps)
      .function("status", &WalkHandle::status)
      .function("refusal", &WalkHandle::refusal)
      .function("counters", &WalkHandle::counters)
      .function("agent", &WalkHandle::agent)
      .function("goal", &WalkHandle::goal)
      .function("_walkedView", &WalkHandle::walked_view)
      .function("_plannedView", &WalkHandle::planned_view)
      .function("_worldChanged", &WalkHandle::world_changed)
      .function("setGoal", &WalkHandle::set_goal)
      .function("_knownView", &WalkHandle::known_view)
      .function("_planner", &WalkHandle::planner, allow_raw_pointers());
}
