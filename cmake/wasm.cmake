# WebAssembly build (under emcmake): the core plus cpp/bindings.cpp linked into ONE file,
# web/src/engine/generated/astar-wasm.mjs, an ES module whose default export is the
# factory `createAstarModule()`. The same file is imported by Vite for the page, by
# Vitest in Node and by the CLI, so it must load unchanged in a browser, a worker and Node.
#
# Why each flag:
#   SINGLE_FILE           wasm embedded as base64: no .wasm URL to resolve at run time,
#                         neither by the bundler nor by Node (no fetch of file: URLs).
#   MODULARIZE/EXPORT_ES6 an importable factory instead of a global `Module`.
#   DYNAMIC_EXECUTION=0   embind otherwise builds its invokers with `new Function`, which a
#                         strict CSP (script-src 'self' 'wasm-unsafe-eval') refuses.
#   ENVIRONMENT=web,worker  deliberately without `node`: Emscripten 3.1.6's Node branch
#                         reads `__dirname` and calls `require('fs')`, neither of which
#                         exists in an ES module, so it throws on import in Node. With the
#                         wasm inlined nothing Node-specific is needed: the web code path
#                         decodes the embedded base64 with `atob` and instantiates it with
#                         `WebAssembly.instantiate`, both global in Node >= 16, and prints
#                         through `console`. tests/js/engine.test.ts loads it in Node.
#   NODEJS_CATCH_*=0      a library must not install process-wide handlers (they only
#                         exist in the Node branch; set anyway so adding `node` stays safe).
#   ALLOW_MEMORY_GROWTH   a 4096 x 4096 map needs ~300 MiB; the wrapper re-fetches its
#                         typed-array views because growth detaches the old buffer.
#   FILESYSTEM=0          nothing reads files in wasm: map text arrives as a string.
#   -fno-exceptions       the core never throws; errors are values (size_error, Parsed).

# Run as `cmake -DFILE=... -P wasm.cmake`, this file is the post-build check below; kept
# here so the whole wasm build is described in one place.
if(CMAKE_SCRIPT_MODE_FILE)
  file(READ "${FILE}" generated)
  foreach(pattern "new Function" "eval(")
    string(FIND "${generated}" "${pattern}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${FILE} contains `${pattern}`, which a strict Content-Security-Policy refuses")
    endif()
  endforeach()
  # Emscripten 3.1.6 first tries to fetch() the inlined wasm's data: URL and only decodes
  # the base64 itself when that fails. A strict CSP (connect-src falls back to 'self')
  # refuses the fetch and reports a violation on every page, so skip the fetch for data:
  # URLs, as later Emscripten releases do. Failing here, rather than shipping the noisy
  # module, makes an Emscripten upgrade that changes this code visible.
  set(fetch_call "if(typeof fetch==\"function\"){return fetch(wasmBinaryFile")
  set(patched_call "if(typeof fetch==\"function\"&&!isDataURI(wasmBinaryFile)){return fetch(wasmBinaryFile")
  string(FIND "${generated}" "${patched_call}" already)
  if(already EQUAL -1)
    string(FIND "${generated}" "${fetch_call}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${FILE}: the fetch of the wasm binary was not found; check that the inlined wasm loads without fetch() under a strict CSP")
    endif()
    string(REPLACE "${fetch_call}" "${patched_call}" generated "${generated}")
    file(WRITE "${FILE}" "${generated}")
  endif()
  return()
endif()

set(ASTAR_WASM_OUTPUT_DIR ${PROJECT_SOURCE_DIR}/web/src/engine/generated)

target_compile_options(astar_core PRIVATE -fno-exceptions)

add_executable(astar_wasm cpp/bindings.cpp cpp/bindings/navmesh.cpp)
target_link_libraries(astar_wasm PRIVATE astar_core)
target_compile_options(astar_wasm PRIVATE -fno-exceptions -Wall -Wextra)
target_link_options(astar_wasm PRIVATE
  --bind
  -O3
  -fno-exceptions
  -sMODULARIZE=1
  -sEXPORT_ES6=1
  -sEXPORT_NAME=createAstarModule
  -sSINGLE_FILE=1
  -sDYNAMIC_EXECUTION=0
  -sALLOW_MEMORY_GROWTH=1
  -sENVIRONMENT=web,worker
  -sNODEJS_CATCH_EXIT=0
  -sNODEJS_CATCH_REJECTION=0
  -sFILESYSTEM=0
)
set_target_properties(astar_wasm PROPERTIES
  OUTPUT_NAME astar-wasm
  SUFFIX .mjs
  RUNTIME_OUTPUT_DIRECTORY ${ASTAR_WASM_OUTPUT_DIR}
)

# A strict CSP refuses dynamic code and fetching data: URLs; fail the build rather than
# ship a module that only works on lenient pages (the check and the one patch are above).
add_custom_command(TARGET astar_wasm POST_BUILD
  COMMAND ${CMAKE_COMMAND} -DFILE=$<TARGET_FILE:astar_wasm> -P ${CMAKE_CURRENT_LIST_FILE}
  VERBATIM
)
