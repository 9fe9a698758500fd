// Fuzz target: the .scen reader on arbitrary bytes. It must never crash or read out of
// bounds; a refusal names a line, and every query it accepts lies inside the map size the
// query states, which is itself a size a Grid accepts. The local map names derived from
// an accepted file are computed too.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "movingai.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const astar::Parsed<astar::Scenario> parsed = astar::read_scenario(text);
  if (!parsed) {
    FUZZ_CHECK(!parsed.error.message.empty(), "a refusal without a message");
    FUZZ_CHECK(parsed.error.line >= 0, "line %d", parsed.error.line);
    return 0;
  }
  for (const astar::ScenarioQuery& query : parsed.value->queries) {
    FUZZ_CHECK(astar::Grid::size_error(query.map_width, query.map_height).empty(), "map %d x %d accepted",
               query.map_width, query.map_height);
    for (const astar::Point p : {query.start, query.goal})
      FUZZ_CHECK(p.x >= 0 && p.y >= 0 && p.x < query.map_width && p.y < query.map_height, "point %d,%d off a %d x %d map",
                 p.x, p.y, query.map_width, query.map_height);
    FUZZ_CHECK(query.optimal >= 0 || query.optimal == -1, "optimal length %g", query.optimal);
  }
  astar::candidate_map_paths("scenarios/fuzz.map.scen", *parsed.value);
  return 0;
}
