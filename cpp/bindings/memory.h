// Allocation failures inside the bindings: how a call that runs out of wasm memory becomes an
// EngineMemoryError in JavaScript instead of aborting the module.
//
// The module is built with C++ exceptions (cmake/wasm.cmake), so a failed allocation anywhere
// in the core throws std::bad_alloc and unwinds, freeing what the frames it leaves held. Every
// binding that can allocate runs its work through guarded(): it catches the bad_alloc, puts
// what it changed into an honest state (`recover`: a search abandons its run, Search::abandon;
// a read returns nothing) and notes the failure for JavaScript, then returns normally.
//
// Why not throw into JavaScript from here: a JS exception unwinding wasm frames skips the
// epilogues that give back their shadow-stack space and, under embind's invoker, the frees of
// the arguments it copied into wasm memory (a string's buffer), so every failure would leak.
// Instead the note is a JS variable (memory.cpp), and memory-failures.js, linked into the
// module, checks it after each call of the module's functions and methods has returned and
// throws there: the wrapper's EngineMemoryError when it gave the module a `memoryError`
// factory, else an Error of that name.
#pragma once

#include <new>
#include <utility>

namespace astar::bindings {

// Notes that an allocation failed while doing `what` ("running this search"); the JS side
// throws once the call returns.
void note_memory_failure(const char* what);

// body(), or when an allocation inside it fails, recover() after noting the failure. recover()
// must not allocate on the wasm heap; what it returns never reaches the caller (the call
// throws), so it need only be a value of the right type.
template <class Body, class Recover>
auto guarded(const char* what, Body&& body, Recover&& recover) -> decltype(body()) {
  try {
    return std::forward<Body>(body)();
  } catch (const std::bad_alloc&) {
    note_memory_failure(what);
    return std::forward<Recover>(recover)();
  }
}

}  // namespace astar::bindings
