// Reader for tests/fixtures/scenarios.txt, the hand-checked scenario table shared with
// Vitest (tests/fixture-table.ts reads the same file; the format is documented at the
// top of the table). Test-only code: it reports problems as a message naming the line.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "grid.h"
#include "options.h"

namespace astar::testing {

struct FixtureCase {
  std::string name;
  int line = 0;  // of the `case` line, for failure messages
  SearchOptions options;
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> costs;  // row-major, 0 wall, 1..9
  Point start;
  Point goal;
  std::optional<double> cost;  // empty: no path expected
  std::optional<int> path_length;
  std::optional<std::uint64_t> expanded;
};

// GoogleTest prints parameters by name instead of dumping their bytes.
inline void PrintTo(const FixtureCase& c, std::ostream* os) { *os << c.name; }

struct FixtureTable {
  std::vector<FixtureCase> cases;
  std::string error;  // empty when the whole table parsed
};

FixtureTable parse_fixture_table(std::string_view text);
// Reads ASTAR_FIXTURES_DIR/scenarios.txt; a missing file is an error in `error`.
FixtureTable load_fixture_table();

}  // namespace astar::testing
