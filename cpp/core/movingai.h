// Moving AI benchmark formats (movingai.com/benchmarks/formats.html): `.map` grids and
// `.scen` scenario lists.
//
// .map:  "type octile", "height H", "width W", "map", then H rows of W characters
//        (counted as UTF-8 characters, not bytes: "é" is one cell).
//        '.', 'G' and 'S' are walkable (cost 1); every other character is blocked.
//        Extension: digits '2'..'9' are walkable with that terrain cost, so maps drawn
//        in the playground round-trip. Standard tools read them as obstacles; maps with
//        only cost-1 terrain are written in the pure standard format.
// .scen: "version 1" (or "version 1.0"), then one query per line with 9 fields:
//        bucket, map path, map width, map height, start x, start y, goal x, goal y,
//        optimal length (-1 if there is no path). Fields are split on any run of tabs or
//        spaces; lines may end in CRLF.
//
// Readers never throw, crash or allocate from unchecked sizes: a bad file gives an
// error naming the line and what was expected. Sizes are checked against
// Grid::size_error before any allocation.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grid.h"

namespace astar {

struct FormatError {
  int line = 0;         // 1-based; 0 when the problem is not tied to a line
  std::string message;  // e.g. "line 3: expected \"width W\", found \"widht 8\""
};

template <class T>
struct Parsed {
  std::optional<T> value;
  FormatError error;  // meaningful only when !value
  explicit operator bool() const { return value.has_value(); }
};

Parsed<Grid> read_map(std::string_view text);
std::string write_map(const Grid& grid);

struct ScenarioQuery {
  int bucket = 0;
  std::string map_path;  // as written; it rarely matches a local path
  int map_width = 0;
  int map_height = 0;
  Point start;
  Point goal;
  double optimal = 0;  // -1: no path expected
};

struct Scenario {
  std::vector<ScenarioQuery> queries;
};

Parsed<Scenario> read_scenario(std::string_view text);

// The .map file a .scen refers to, found locally: the map column's folders never match,
// so take the file name from the .scen's own name ("arena.map.scen" -> "arena.map") or,
// failing that, the base name of the map column, both in the .scen's folder.
std::vector<std::string> candidate_map_paths(const std::string& scen_path, const Scenario& scenario);

}  // namespace astar
