// The wasm heap in JavaScript: `memoryUsage()`, its figures, and `canAllocate(bytes)`, the
// room check the wrapper asks before anything that allocates per-cell arrays, so that it can
// refuse, with a sentence, an object the heap has no room for; and the note an allocation
// that failed all the same leaves for memory-failures.js (memory.h says why).
//
// canAllocate asks malloc, which with ALLOW_MEMORY_GROWTH returns null when the heap cannot
// grow, so asking first is safe; only `new` throws.
#include <emscripten/em_js.h>
#include <emscripten/heap.h>

#include <cstddef>
#include <cstdlib>
#include <malloc.h>

#include "bindings.h"
#include "memory.h"

// `pendingMemoryFailure` is memory-failures.js's: the same scope, the module's factory.
EM_JS(void, astar_note_memory_failure, (const char* what), { pendingMemoryFailure = UTF8ToString(what); });

namespace astar::bindings {

void note_memory_failure(const char* what) { astar_note_memory_failure(what); }

namespace {

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

}  // namespace
}  // namespace astar::bindings

EMSCRIPTEN_BINDINGS(astar_memory) {
  using namespace emscripten;
  using astar::bindings::MemoryUsageView;

  value_object<MemoryUsageView>("MemoryUsage")
      .field("inUse", &MemoryUsageView::in_use)
      .field("heapSize", &MemoryUsageView::heap_size)
      .field("heapLimit", &MemoryUsageView::heap_limit);

  function("memoryUsage", &astar::bindings::memory_usage);
  function("canAllocate", &astar::bindings::can_allocate);
}
