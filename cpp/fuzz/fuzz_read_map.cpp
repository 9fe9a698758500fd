// Fuzz target: the .map reader on arbitrary bytes. It must never crash, read out of
// bounds or allocate from a size it has not checked (the sanitizers and libFuzzer's
// -rss_limit_mb watch that); a refusal names a line, and a map it accepts is written back
// and read again to the same cells.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "movingai.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const astar::Parsed<astar::Grid> parsed = astar::read_map(text);
  if (!parsed) {
    FUZZ_CHECK(!parsed.error.message.empty(), "a refusal without a message");
    FUZZ_CHECK(parsed.error.line >= 0, "line %d", parsed.error.line);
    return 0;
  }
  const astar::Grid& grid = *parsed.value;
  const astar::Parsed<astar::Grid> again = astar::read_map(astar::write_map(grid));
  FUZZ_CHECK(again, "write_map wrote what read_map refuses: %s", again.error.message.c_str());
  FUZZ_CHECK(again.value->width() == grid.width() && again.value->height() == grid.height(), "size changed");
  for (astar::CellId id = 0; id < grid.cell_count(); ++id)
    FUZZ_CHECK(again.value->cost(id) == grid.cost(id), "cell %u: %d became %d", id, grid.cost(id), again.value->cost(id));
  return 0;
}
