// Grids in JavaScript: `Grid`, a map of terrain costs, and `Point`, a cell as {x, y}.
//
// Grid has no constructor: `Grid.create` checks the size first (the core reports a bad size
// as a value, Grid::size_error, not by throwing) and answers null; `gridSizeError` gives the
// sentence to show. Costs go in through one typed-array copy and come out as a Uint8Array
// view; single cells answer -1 or false outside the grid, so the wrapper can say which
// coordinate was wrong. What allocates (the grid, the copy in, the map text out) is guarded
// (memory.h): when it fails the grid is unchanged and the call throws in JavaScript.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "grid.h"
#include "memory.h"
#include "movingai.h"

namespace astar::bindings {
namespace {

// Grid::size_error for numbers straight from JavaScript, which may be fractional, NaN or
// beyond the range of long long.
std::string grid_size_error(double width, double height) {
  if (!std::isfinite(width) || !std::isfinite(height) || width != std::floor(width) || height != std::floor(height)) {
    // As JavaScript writes them: %g prints 1.5 as "1.5" (std::to_string: "1.500000"), and
    // NaN and the infinities get their JavaScript names rather than "nan" and "inf".
    const auto as_javascript = [](double v) -> std::string {
      if (std::isnan(v)) return "NaN";
      if (std::isinf(v)) return v < 0 ? "-Infinity" : "Infinity";
      char text[32];
      std::snprintf(text, sizeof text, "%.15g", v);
      return text;
    };
    return "grid size must be whole numbers, got " + as_javascript(width) + " x " + as_javascript(height);
  }
  // Anything this large is rejected by size_error anyway; clamping keeps the cast defined.
  constexpr double kLimit = 1e15;
  const auto clamp = [](double v) { return static_cast<long long>(v < -kLimit ? -kLimit : v > kLimit ? kLimit : v); };
  return Grid::size_error(clamp(width), clamp(height));
}

std::unique_ptr<Grid> create_grid(double width, double height) {
  if (!grid_size_error(width, height).empty()) return nullptr;
  return guarded(
      "this grid", [&] { return std::make_unique<Grid>(static_cast<int>(width), static_cast<int>(height)); },
      [] { return std::unique_ptr<Grid>(); });
}

int grid_cost(const Grid& grid, int x, int y) { return grid.in_bounds(x, y) ? grid.cost(grid.id(x, y)) : -1; }

bool grid_set_cost(Grid& grid, int x, int y, int cost) {
  if (!grid.in_bounds(x, y) || cost < kWall || cost > kMaxTerrainCost) return false;
  grid.set_cost(grid.id(x, y), static_cast<std::uint8_t>(cost));
  return true;
}

bool grid_fill(Grid& grid, int cost) {
  if (cost < kWall || cost > kMaxTerrainCost) return false;
  grid.fill(static_cast<std::uint8_t>(cost));
  return true;
}

// One copy through a typed array (TypedArray.prototype.set), not one call per cell.
bool grid_assign(Grid& grid, const val& costs) {
  if (costs["length"].as<double>() != static_cast<double>(grid.cell_count())) return false;
  return guarded(
      "copying these costs",
      [&] {
        const std::vector<std::uint8_t> bytes = emscripten::convertJSArrayToNumberVector<std::uint8_t>(costs);
        return grid.assign(bytes.data(), bytes.size());
      },
      [] { return false; });
}

val grid_costs_view(const Grid& grid) { return val(emscripten::typed_memory_view(grid.cell_count(), grid.costs())); }

int grid_width(const Grid& grid) { return grid.width(); }
int grid_height(const Grid& grid) { return grid.height(); }
double grid_cell_count(const Grid& grid) { return static_cast<double>(grid.cell_count()); }
double grid_revision(const Grid& grid) { return static_cast<double>(grid.revision()); }
int grid_min_cost(const Grid& grid) { return grid.min_cost(); }
bool grid_uniform_cost(const Grid& grid) { return grid.uniform_cost(); }
std::string grid_to_map_text(const Grid& grid) {
  return guarded("this map's text", [&] { return write_map(grid); }, [] { return std::string(); });
}

}  // namespace
}  // namespace astar::bindings

EMSCRIPTEN_BINDINGS(astar_grid) {
  using namespace emscripten;
  using namespace astar::bindings;

  value_object<astar::Point>("Point").field("x", &astar::Point::x).field("y", &astar::Point::y);

  function("gridSizeError", &grid_size_error);

  class_<astar::Grid>("Grid")
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
}
