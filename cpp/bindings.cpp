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
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>

#include "grid.h"
#include "movingai.h"
#include "options.h"
#include "search.h"

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
    algorithms.call<void>("push", row);
  }
  val result = val::object();
  result.set("algorithms", algorithms);
  result.set("heuristics", names(astar::kHeuristics));
  result.set("diagonals", names(astar::kDiagonals));
  result.set("costModels", names(astar::kCostModels));
  return result;
}

astar::Refusal refusal_for(const Grid& grid, astar::Algorithm algorithm, astar::Diagonal diagonal, astar::CostModel cost_model) {
  astar::SearchOptions options;
  options.algorithm = algorithm;
  options.diagonal = diagonal;
  options.cost_model = cost_model;
  return astar::refusal_for(options, grid);
}

// The one runtime search object JavaScript sees, whatever the algorithm: it holds the
// options and the core Search that runs them, made anew by make_search when the
// algorithm needs another class.
class SearchHandle {
 public:
  explicit SearchHandle(const Grid& grid) : grid_(&grid), search_(astar::make_search(grid, {})) {}

  void set_options(astar::Algorithm algorithm, astar::Diagonal diagonal, astar::Heuristic heuristic,
                   bool use_default_heuristic, double weight, astar::CostModel cost_model, double max_expansions) {
    astar::SearchOptions options;
    options.algorithm = algorithm;
    options.diagonal = diagonal;
    if (!use_default_heuristic) options.heuristic = heuristic;
    options.weight = weight;
    options.cost_model = cost_model;
    options.max_expansions =
        max_expansions >= 1 && max_expansions < 1.8e19 ? static_cast<std::uint64_t>(max_expansions) : 0;
    if (!search_->runs(algorithm)) {
      // Another class runs this algorithm. The old one's arrays go with it, so views
      // taken from it are dead: `layout` tells the wrapper to take new ones.
      const bool tracing = search_->tracing();
      search_ = astar::make_search(*grid_, options);
      search_->set_tracing(tracing);
      ++replaced_;
    }
    search_->set_options(options);
  }
  void set_grid(const Grid& grid) {
    grid_ = &grid;
    search_->set_grid(grid);
  }
  void set_tracing(bool on) { search_->set_tracing(on); }
  bool reset(astar::Point start, astar::Point goal) { return search_->reset(start, goal); }

  // The step's events, or null when there was nothing to do.
  val step() {
    if (!search_->step(events_)) return val::null();
    val list = val::array();
    for (const astar::Event& event : events_) list.call<void>("push", event);
    return list;
  }
  double run_steps(double count) {
    if (!(count > 0)) return 0;
    const std::uint64_t limit = count >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(count);
    return static_cast<double>(search_->run_steps(limit));
  }
  void run() { search_->run(); }

  astar::Status status() const { return search_->status(); }
  astar::Refusal refusal() const { return search_->refusal(); }
  bool stale() const { return search_->stale(); }
  double path_cost() const { return search_->path_cost(); }
  val path_view() const {
    const auto& path = search_->path();
    return val(emscripten::typed_memory_view(2 * path.size(), path.empty() ? nullptr : &path.front().x));
  }
  CountersView counters() const {
    const astar::Counters& c = search_->counters();
    return {static_cast<double>(c.expanded), static_cast<double>(c.opened), static_cast<double>(c.improved),
            static_cast<double>(c.max_open), static_cast<double>(search_->open_size())};
  }
  ProgressView progress() const {
    const astar::Progress p = search_->progress();
    return {p.threshold, p.iteration, p.meeting_cost,
            p.meeting_cell == astar::kNoCell ? -1.0 : static_cast<double>(p.meeting_cell)};
  }

  astar::CellPhase phase(CellId id) const { return valid(id) ? search_->phase(id) : astar::CellPhase::Unseen; }
  double g(CellId id) const { return valid(id) ? search_->g(id) : NAN; }
  double h(CellId id) const { return valid(id) ? search_->h(id) : NAN; }
  double f(CellId id) const { return valid(id) ? search_->f(id) : NAN; }
  double parent(CellId id) const {
    const CellId p = valid(id) ? search_->parent(id) : astar::kNoCell;
    return p == astar::kNoCell ? -1 : static_cast<double>(p);
  }
  double order(CellId id) const { return valid(id) ? search_->expansion_order(id) : 0; }
  // The open list in the order the search will take it (Search::open_items): at most
  // `limit` OpenItem objects, the first being what the next step expands. NaN or below 1
  // lists nothing; any count the platform's size_t cannot hold means no limit (the wrapper
  // passes whole numbers only).
  val open_items(double limit) const {
    val list = val::array();
    if (!(limit >= 1)) return list;
    const std::size_t count = limit >= static_cast<double>(SIZE_MAX) ? SIZE_MAX : static_cast<std::size_t>(limit);
    for (const astar::OpenItem& item : search_->open_items(count)) list.call<void>("push", item);
    return list;
  }
  // h (kind 0) or f (kind 1) of every cell at once, for heat maps: one call instead of one
  // per cell. h is given on every walkable cell, f where the search has been; NaN
  // elsewhere. A Float32Array view into a buffer this handle owns: valid until the next
  // call or wasm allocation, so the wrapper copies it.
  val values_view(int kind) {
    const astar::Grid& grid = search_->grid();
    const std::size_t count = grid.cell_count();
    values_.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      const CellId id = static_cast<CellId>(i);
      const bool known = kind == 0 ? grid.passable(id) : search_->phase(id) != astar::CellPhase::Unseen;
      values_[i] = known ? static_cast<float>(kind == 0 ? search_->h(id) : search_->f(id)) : NAN;
    }
    return val(emscripten::typed_memory_view(count, values_.data()));
  }
  // Cell ids from the start to `id` along the search's parents; empty when unseen.
  val route_to(CellId id) const {
    val list = val::array();
    if (!valid(id)) return list;
    const astar::Grid& grid = search_->grid();
    for (const astar::Point& p : search_->route_to(id)) list.call<void>("push", static_cast<double>(grid.id(p)));
    return list;
  }

  int stamp() const { return search_->stamp(); }
  // Replacements of the core search, and its own reallocations.
  double layout() const { return static_cast<double>(replaced_) * 4294967296.0 + search_->layout(); }
  double cell_count() const { return static_cast<double>(search_->grid().cell_count()); }
  // Each channel as {name, type, bytes, stride, stampBytes, stampStride}: `bytes` is a
  // Uint8Array view starting at element 0 and covering every element (its length is
  // (count - 1) * stride + element size); `stampBytes` likewise for the stamps, or null.
  val channels() const {
    val list = val::array();
    const std::size_t count = search_->grid().cell_count();
    for (const astar::Channel& c : search_->channels()) {
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
  bool valid(CellId id) const { return id < search_->grid().cell_count(); }

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

  const Grid* grid_;
  std::unique_ptr<astar::Search> search_;
  std::vector<astar::Event> events_;
  std::vector<float> values_;  // values_view's buffer
  std::uint32_t replaced_ = 0;
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
      .value("refused", astar::Status::Refused);
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
      .value("stop", astar::EventKind::Stop);
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
      .value("obstructed", astar::Outcome::Obstructed);
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
  value_object<ProgressView>("Progress")
      .field("threshold", &ProgressView::threshold)
      .field("iteration", &ProgressView::iteration)
      .field("meetingCost", &ProgressView::meeting_cost)
      .field("meetingCell", &ProgressView::meeting_cell);
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
}
