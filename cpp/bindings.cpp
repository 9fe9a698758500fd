// The JavaScript face of the core: the one file that knows embind.
//
// Shape of the raw module (documented member by member in web/src/engine/astar-wasm.d.ts,
// wrapped into the friendly API by web/src/engine/engine.ts):
// - Enums are registered under the same names the CLI, the web app and share links use
//   ("astar", "only-when-no-obstacles", "no-path", ...), taken from the core's name tables
//   (options.h, search.h, events.h, walk.h), so a JS string maps to its enum value with one
//   property lookup and the names are spelled in one place only. The build reads the
//   registered enums and the upper-case constants back out of the built module to generate
//   web/src/engine/generated/names.ts (scripts/generate-names.mjs): every enum and limit
//   TypeScript knows is registered here. `catalog()` hands JavaScript the algorithm table.
// - One runtime search object (`Search`, the SearchHandle below) for every algorithm: it
//   keeps a core Search made by make_search and makes another when the options name an
//   algorithm another class runs. What it offers to read is a base class, SearchReader,
//   which a walk's planner (PlannerView) shares: one set of reads, the mutators only where
//   a search is owned.
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
//   PlannerView that reads whichever search the walk holds now and has no mutators, so the
//   wrapper can show a walk's planner with the same code as any search.
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
    row.set("prepares", astar::search_class(a.id).prepares);
    row.set("preparedBytesPerCell", static_cast<double>(astar::search_class(a.id).prepared_bytes_per_cell));
    row.set("onMesh", astar::search_class(a.id).on_mesh);
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

// The event kind that reports each outcome (events.h, kOutcomes), in Outcome value order:
// an EventKind member, or null for Outcome::None.
val outcome_kinds() {
  val list = val::array();
  for (const astar::OutcomeRow& row : astar::kOutcomes) list.call<void>("push", row.reported_by ? val(*row.reported_by) : val::null());
  return list;
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

struct PreparationView {
  bool needed = false;
  bool ready = true;
  double done = 0;
  double total = 0;
  double bytes = 0;
};

// What JavaScript reads of a search, whichever core Search is read now: the search a
// SearchHandle owns, or the planner a walk holds (PlannerView). Both kinds share these reads
// (one read interface); only the owning handle has the calls that change a search.
class SearchReader {
 public:
  virtual ~SearchReader() = default;
  // The core search read now.
  virtual const astar::Search& search() const = 0;

  astar::Status status() const { return search().status(); }
  astar::Refusal refusal() const { return search().refusal(); }
  bool stale() const { return search().stale(); }
  double path_cost() const { return search().path_cost(); }
  val path_view() const {
    const auto& path = search().path();
    return val(emscripten::typed_memory_view(2 * path.size(), path.empty() ? nullptr : &path.front().x));
  }
  CountersView counters() const {
    const astar::Counters& c = search().counters();
    return {static_cast<double>(c.expanded), static_cast<double>(c.opened), static_cast<double>(c.improved),
            static_cast<double>(c.max_open), static_cast<double>(search().open_size())};
  }
  ProgressView progress() const {
    const astar::Progress p = search().progress();
    return {p.threshold, p.iteration, p.meeting_cost,
            p.meeting_cell == astar::kNoCell ? -1.0 : static_cast<double>(p.meeting_cell)};
  }
  PreparationView preparation() const {
    const astar::Preparation p = search().preparation();
    return {p.needed, p.ready, static_cast<double>(p.done), static_cast<double>(p.total), static_cast<double>(p.bytes)};
  }

  astar::CellPhase phase(CellId id) const { return valid(id) ? search().phase(id) : astar::CellPhase::Unseen; }
  double g(CellId id) const { return valid(id) ? search().g(id) : NAN; }
  double h(CellId id) const { return valid(id) ? search().h(id) : NAN; }
  double f(CellId id) const { return valid(id) ? search().f(id) : NAN; }
  double parent(CellId id) const {
    const CellId p = valid(id) ? search().parent(id) : astar::kNoCell;
    return p == astar::kNoCell ? -1 : static_cast<double>(p);
  }
  double order(CellId id) const { return valid(id) ? search().expansion_order(id) : 0; }
  // The open list in the order the search will take it (Search::open_items): at most
  // `limit` OpenItem objects, the first being what the next step expands. NaN or below 1
  // lists nothing; any count the platform's size_t cannot hold means no limit (the wrapper
  // passes whole numbers only).
  val open_items(double limit) const {
    val list = val::array();
    if (!(limit >= 1)) return list;
    const std::size_t count = limit >= static_cast<double>(SIZE_MAX) ? SIZE_MAX : static_cast<std::size_t>(limit);
    for (const astar::OpenItem& item : search().open_items(count)) list.call<void>("push", item);
    return list;
  }
  // h (kind 0) or f (kind 1) of every cell at once, for heat maps: one call instead of one
  // per cell. h is given on every walkable cell, f where the search has been; NaN
  // elsewhere. A Float32Array view into a buffer this handle owns: valid until the next
  // call or wasm allocation, so the wrapper copies it.
  val values_view(int kind) {
    const astar::Search& read = search();
    const astar::Grid& grid = read.grid();
    const std::size_t count = grid.cell_count();
    values_.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      const CellId id = static_cast<CellId>(i);
      const bool known = kind == 0 ? grid.passable(id) : read.phase(id) != astar::CellPhase::Unseen;
      values_[i] = known ? static_cast<float>(kind == 0 ? read.h(id) : read.f(id)) : NAN;
    }
    return val(emscripten::typed_memory_view(count, values_.data()));
  }
  // Cell ids from the start to `id` along the search's parents; empty when unseen.
  val route_to(CellId id) const {
    val list = val::array();
    if (!valid(id)) return list;
    const astar::Grid& grid = search().grid();
    for (const astar::Point& p : search().route_to(id)) list.call<void>("push", static_cast<double>(grid.id(p)));
    return list;
  }

  int stamp() const { return search().stamp(); }
  // Replacements of the core search, and its own reallocations.
  double layout() const { return static_cast<double>(replacements()) * 4294967296.0 + search().layout(); }
  double cell_count() const { return static_cast<double>(search().grid().cell_count()); }
  // Each channel as {name, type, bytes, stride, stampBytes, stampStride}: `bytes` is a
  // Uint8Array view starting at element 0 and covering every element (its length is
  // (count - 1) * stride + element size); `stampBytes` likewise for the stamps, or null.
  val channels() const {
    val list = val::array();
    const std::size_t count = search().grid().cell_count();
    for (const astar::Channel& c : search().channels()) {
      val channel = val::object();
      channel.set("name", std::string(astar::kChannelNames[static_cast<std::size_t>(c.name)].name));
      channel.set("type", c.type);
      channel.set("bytes", span(c.data, count, c.stride, element_size(c.type)));
      channel.set("stride", c.stride);
      channel.set("stampBytes", c.stamp ? span(c.stamp, count, c.stamp_stride, sizeof(std::uint16_t)) : val::null());
      channel.set("stampStride", c.stamp_stride);
      list.call<void>("push", channel);
    }
    return list;
  }

 protected:
  // How many times the core search read has been replaced by another object (its arrays
  // with it), for layout().
  virtual std::uint32_t replacements() const = 0;

 private:
  bool valid(CellId id) const { return id < search().grid().cell_count(); }

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

  std::vector<float> values_;  // values_view's buffer
};

std::uint64_t count_from(double count) { return count >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(count); }

// The one runtime search object JavaScript owns, whatever the algorithm: it holds the
// options and the core Search that runs them, made anew by make_search when the algorithm
// needs another class.
class SearchHandle final : public SearchReader {
 public:
  explicit SearchHandle(const Grid& grid) : grid_(&grid), owned_(astar::make_search(grid, {})) {}

  const astar::Search& search() const override { return *owned_; }

  void set_options(astar::Algorithm algorithm, astar::Diagonal diagonal, astar::Heuristic heuristic,
                   bool use_default_heuristic, double weight, astar::CostModel cost_model, double max_expansions) {
    const astar::SearchOptions options =
        search_options(algorithm, diagonal, heuristic, use_default_heuristic, weight, cost_model, max_expansions);
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
    grid_ = &grid;
    owned_->set_grid(grid);
  }
  void set_tracing(bool on) { owned_->set_tracing(on); }
  bool reset(astar::Point start, astar::Point goal) { return owned_->reset(start, goal); }

  // The step's events, or null when there was nothing to do.
  val step() {
    if (!owned_->step(events_)) return val::null();
    return events_array(events_);
  }
  double run_steps(double count) { return count > 0 ? static_cast<double>(owned_->run_steps(count_from(count))) : 0; }
  void run() { owned_->run(); }
  // Search::prepare_steps and adopt_preparation; `other` may be any search handle or a walk's
  // planner.
  double prepare_steps(double units) { return units > 0 ? static_cast<double>(owned_->prepare_steps(count_from(units))) : 0; }
  bool adopt_preparation(const SearchReader& other) { return owned_->adopt_preparation(other.search()); }

 protected:
  std::uint32_t replacements() const override { return replaced_; }

 private:
  const Grid* grid_;
  std::unique_ptr<astar::Search> owned_;
  std::vector<astar::Event> events_;
  std::uint32_t replaced_ = 0;
};

// A read-only view of a walk's planner, whichever search object the walk holds now, so the
// wrapper can show a walk's planner with the same code as any search.
class PlannerView final : public SearchReader {
 public:
  explicit PlannerView(const astar::Walk& walk) : walk_(&walk) {}

  const astar::Search& search() const override { return walk_->planner(); }

 protected:
  std::uint32_t replacements() const override {
    if (&walk_->planner() != seen_) {
      // The walk made a new planner (another algorithm): views of the old one are dead.
      seen_ = &walk_->planner();
      ++replaced_;
    }
    return replaced_;
  }

 private:
  const astar::Walk* walk_;
  mutable const astar::Search* seen_ = nullptr;
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

// A Walk (walk.h) over a world grid JavaScript owns, with a read-only PlannerView on its
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
  PlannerView* planner() { return &planner_; }

 private:
  static val points_view(const std::vector<astar::Point>& points) {
    return val(emscripten::typed_memory_view(2 * points.size(), points.empty() ? nullptr : &points.front().x));
  }

  astar::Walk walk_;
  PlannerView planner_;
  astar::WalkStepRecord record_;
  std::vector<astar::Point> planned_;  // planned_view's buffer
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

  // The engine's limits. scripts/generate-names.mjs copies every upper-case number constant
  // into web/src/engine/generated/names.ts, so TypeScript never restates one.
  constant("MAX_GRID_SIDE", astar::kMaxGridSide);
  constant("MAX_WEIGHT", astar::kMaxWeight);
  constant("MAX_SENSE_RADIUS", astar::kMaxSenseRadius);
  constant("MAX_TERRAIN_COST", static_cast<int>(astar::kMaxTerrainCost));
  constant("NO_CELL", static_cast<double>(astar::kNoCell));

  {
    enum_<astar::Algorithm> algorithm("Algorithm");
    for (const astar::AlgorithmInfo& row : astar::kAlgorithms) algorithm.value(row.name.data(), row.id);
  }
  register_named_enum<astar::Heuristic>("Heuristic", astar::kHeuristics);
  register_named_enum<astar::Diagonal>("Diagonal", astar::kDiagonals);
  register_named_enum<astar::CostModel>("CostModel", astar::kCostModels);
  register_named_enum<astar::Refusal>("Refusal", astar::kRefusals);
  register_named_enum<astar::Status>("Status", astar::kStatuses);
  register_named_enum<astar::CellPhase>("CellPhase", astar::kCellPhases);
  register_named_enum<astar::Side>("Side", astar::kSides);
  register_named_enum<astar::EventKind>("EventKind", astar::kEventKinds);
  register_named_enum<astar::Outcome>("Outcome", astar::kOutcomes);
  register_named_enum<astar::WalkStatus>("WalkStatus", astar::kWalkStatuses);
  register_named_enum<astar::ReplanReason>("ReplanReason", astar::kReplanReasons);
  register_named_enum<astar::ChannelType>("ChannelType", astar::kChannelTypes);
  register_named_enum<astar::ChannelName>("Channel", astar::kChannelNames);

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
  value_object<PreparationView>("Preparation")
      .field("needed", &PreparationView::needed)
      .field("ready", &PreparationView::ready)
      .field("done", &PreparationView::done)
      .field("total", &PreparationView::total)
      .field("bytes", &PreparationView::bytes);
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
  function("outcomeKinds", &outcome_kinds);
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

  // One read interface for a search JavaScript owns and a walk's planner; the mutators on the
  // owning kind only.
  class_<SearchReader>("SearchReader")
      .function("status", &SearchReader::status)
      .function("refusal", &SearchReader::refusal)
      .function("stale", &SearchReader::stale)
      .function("pathCost", &SearchReader::path_cost)
      .function("_pathView", &SearchReader::path_view)
      .function("counters", &SearchReader::counters)
      .function("progress", &SearchReader::progress)
      .function("preparation", &SearchReader::preparation)
      .function("phase", &SearchReader::phase)
      .function("g", &SearchReader::g)
      .function("h", &SearchReader::h)
      .function("f", &SearchReader::f)
      .function("parent", &SearchReader::parent)
      .function("order", &SearchReader::order)
      .function("_routeTo", &SearchReader::route_to)
      .function("_openItems", &SearchReader::open_items)
      .function("_valuesView", &SearchReader::values_view)
      .function("stamp", &SearchReader::stamp)
      .function("layout", &SearchReader::layout)
      .function("cellCount", &SearchReader::cell_count)
      .function("_channels", &SearchReader::channels);
  class_<SearchHandle, base<SearchReader>>("Search")
      .constructor<const Grid&>()
      .function("_setOptions", &SearchHandle::set_options)
      .function("setGrid", &SearchHandle::set_grid)
      .function("setTracing", &SearchHandle::set_tracing)
      .function("reset", &SearchHandle::reset)
      .function("_step", &SearchHandle::step)
      .function("runSteps", &SearchHandle::run_steps)
      .function("run", &SearchHandle::run)
      .function("prepareSteps", &SearchHandle::prepare_steps)
      .function("_adoptPreparation", &SearchHandle::adopt_preparation);
  class_<PlannerView, base<SearchReader>>("PlannerView");

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
