// The JavaScript face of the core: the one file that knows embind.
//
// Shape of the raw module (documented member by member in web/src/engine/astar-wasm.d.ts,
// wrapped into the friendly API by web/src/engine/engine.ts):
// - Enums are registered under the same names the CLI, the web app and share links use
//   ("astar", "only-when-no-obstacles", ...), taken from options.cpp's name tables, so a
//   JS option string maps to its enum value with one property lookup and the names are
//   spelled in one place only.
// - Grid has no constructor: `Grid.create` checks the size first (there are no C++
//   exceptions in this build, so a bad size must not reach the constructor) and answers
//   null; `gridSizeError` gives the sentence to show, from Grid::size_error.
// - Sizes and counts cross as doubles: embind in Emscripten 3.1.6 has no 64-bit integers
//   without BigInt, and a JS number passed to an `int` parameter would be silently
//   truncated to 32 bits before we could check it.
// - Bulk data leaves as typed-array views into wasm memory (`_costsView`,
//   `_cellStatesView`, `_pathView`). They are only valid until memory grows or the
//   vector behind them reallocates; the wrapper re-fetches them.
// - A step is recorded into one StepEvent owned by the search handle and reused, so
//   stepping allocates nothing in wasm once the neighbour vector has its 8 slots.
// - Every per-cell read checks the id: the raw module is callable from JS directly and
//   must not read outside its arrays whatever it is given.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
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

// StepEvent::neighbours crosses as a plain JS array of NeighbourEvent objects.
val step_neighbours(const astar::StepEvent& event) {
  val list = val::array();
  for (const astar::NeighbourEvent& n : event.neighbours) list.call<void>("push", n);
  return list;
}
void set_step_neighbours(astar::StepEvent& event, val list) {
  event.neighbours = emscripten::vecFromJSArray<astar::NeighbourEvent>(list);
}

struct CountersView {
  double expanded = 0;
  double opened = 0;
  double improved = 0;
  double max_open = 0;
  double open_size = 0;
};

// A Search plus the one StepEvent its observed steps are recorded into.
class SearchHandle {
 public:
  explicit SearchHandle(const Grid& grid) : search_(grid) {}

  void set_options(astar::Algorithm algorithm, astar::Diagonal diagonal, astar::Heuristic heuristic,
                   bool use_default_heuristic, double weight) {
    astar::SearchOptions options;
    options.algorithm = algorithm;
    options.diagonal = diagonal;
    if (!use_default_heuristic) options.heuristic = heuristic;
    options.weight = weight;
    search_.set_options(options);
  }
  void set_grid(const Grid& grid) { search_.set_grid(grid); }
  bool reset(astar::Point start, astar::Point goal) { return search_.reset(start, goal); }

  // The step as a StepEvent object, or null when there was nothing to do.
  val step() { return search_.step_recorded(last_step_) ? val(last_step_) : val::null(); }
  double run_steps(double count) {
    if (!(count > 0)) return 0;
    const std::uint64_t limit = count >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(count);
    return static_cast<double>(search_.run_steps(limit));
  }
  void run() { search_.run(); }

  astar::Status status() const { return search_.status(); }
  bool stale() const { return search_.stale(); }
  double path_cost() const { return search_.path_cost(); }
  val path_view() const {
    const auto& path = search_.path();
    return val(emscripten::typed_memory_view(2 * path.size(), path.empty() ? nullptr : &path.front().x));
  }
  CountersView counters() const {
    const astar::Counters& c = search_.counters();
    return {static_cast<double>(c.expanded), static_cast<double>(c.opened), static_cast<double>(c.improved),
            static_cast<double>(c.max_open), static_cast<double>(search_.open_size())};
  }

  astar::CellPhase phase(CellId id) const { return valid(id) ? search_.phase(id) : astar::CellPhase::Unseen; }
  double g(CellId id) const { return valid(id) ? search_.g(id) : NAN; }
  double h(CellId id) const { return valid(id) && search_.status() != astar::Status::Ready ? search_.h(id) : NAN; }
  double f(CellId id) const { return valid(id) ? search_.f(id) : NAN; }
  int parent(CellId id) const { return valid(id) ? search_.parent(id) : -1; }
  double order(CellId id) const { return valid(id) ? search_.expansion_order(id) : 0; }

  int stamp() const { return search_.stamp(); }
  double cell_count() const { return static_cast<double>(search_.grid().cell_count()); }
  val cell_states_view() const {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(search_.cell_states());
    return val(emscripten::typed_memory_view(search_.grid().cell_count() * sizeof(astar::CellState), bytes));
  }

 private:
  bool valid(CellId id) const { return id < search_.grid().cell_count(); }

  astar::Search search_;
  astar::StepEvent last_step_;
};

// Enum members named by options.cpp's tables: the names users type are the JS keys.
template <class E>
void register_named_enum(const char* type_name, int count) {
  emscripten::enum_<E> binding(type_name);
  for (int i = 0; i < count; ++i) {
    const E value = static_cast<E>(i);
    // name_of returns views of string literals, so data() is NUL-terminated.
    binding.value(astar::name_of(value).data(), value);
  }
}

}  // namespace

EMSCRIPTEN_BINDINGS(astar_playground) {
  using namespace emscripten;

  constant("MAX_GRID_SIDE", astar::kMaxGridSide);
  constant("CELL_STATE_BYTES", static_cast<int>(sizeof(astar::CellState)));
  constant("MAX_WEIGHT", astar::kMaxWeight);

  register_named_enum<astar::Algorithm>("Algorithm", 4);
  register_named_enum<astar::Heuristic>("Heuristic", 5);
  register_named_enum<astar::Diagonal>("Diagonal", 4);
  // These have no C++ name table; the keys are the TypeScript wrapper's string names.
  enum_<astar::Status>("Status")
      .value("ready", astar::Status::Ready)
      .value("running", astar::Status::Running)
      .value("found", astar::Status::Found)
      .value("no-path", astar::Status::NoPath);
  enum_<astar::CellPhase>("CellPhase")
      .value("unseen", astar::CellPhase::Unseen)
      .value("open", astar::CellPhase::Open)
      .value("closed", astar::CellPhase::Closed)
      .value("path", astar::CellPhase::Path);
  enum_<astar::Outcome>("Outcome")
      .value("opened", astar::Outcome::Opened)
      .value("improved", astar::Outcome::Improved)
      .value("not-improved", astar::Outcome::NotImproved)
      .value("closed", astar::Outcome::AlreadyClosed)
      .value("blocked", astar::Outcome::Blocked);

  value_object<astar::Point>("Point").field("x", &astar::Point::x).field("y", &astar::Point::y);
  value_object<astar::NeighbourEvent>("NeighbourEvent")
      .field("cell", &astar::NeighbourEvent::cell)
      .field("outcome", &astar::NeighbourEvent::outcome)
      .field("oldG", &astar::NeighbourEvent::old_g)
      .field("newG", &astar::NeighbourEvent::new_g);
  value_object<astar::StepEvent>("StepEvent")
      .field("cell", &astar::StepEvent::cell)
      .field("g", &astar::StepEvent::g)
      .field("h", &astar::StepEvent::h)
      .field("f", &astar::StepEvent::f)
      .field("neighbours", &step_neighbours, &set_step_neighbours);
  value_object<CountersView>("Counters")
      .field("expanded", &CountersView::expanded)
      .field("opened", &CountersView::opened)
      .field("improved", &CountersView::improved)
      .field("maxOpen", &CountersView::max_open)
      .field("openSize", &CountersView::open_size);
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
      .function("toMapText", &grid_to_map_text);

  class_<SearchHandle>("Search")
      .constructor<const Grid&>()
      .function("_setOptions", &SearchHandle::set_options)
      .function("setGrid", &SearchHandle::set_grid)
      .function("reset", &SearchHandle::reset)
      .function("_step", &SearchHandle::step)
      .function("runSteps", &SearchHandle::run_steps)
      .function("run", &SearchHandle::run)
      .function("status", &SearchHandle::status)
      .function("stale", &SearchHandle::stale)
      .function("pathCost", &SearchHandle::path_cost)
      .function("_pathView", &SearchHandle::path_view)
      .function("counters", &SearchHandle::counters)
      .function("phase", &SearchHandle::phase)
      .function("g", &SearchHandle::g)
      .function("h", &SearchHandle::h)
      .function("f", &SearchHandle::f)
      .function("parent", &SearchHandle::parent)
      .function("order", &SearchHandle::order)
      .function("stamp", &SearchHandle::stamp)
      .function("cellCount", &SearchHandle::cell_count)
      .function("_cellStatesView", &SearchHandle::cell_states_view);
}
