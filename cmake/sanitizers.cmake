# Sanitizer builds, both off by default (the normal native build and the wasm build never
# see these flags):
#   ASTAR_SANITIZE  everything (core, tests, tools) with AddressSanitizer and
#                   UndefinedBehaviorSanitizer; the first report aborts the program, so a
#                   ctest run fails on it (build/native-asan, run by npm test)
#   ASTAR_FUZZ      the same sanitizers plus libFuzzer's coverage instrumentation, and the
#                   fuzz targets of cpp/fuzz/ instead of the tests and tools (build/fuzz,
#                   run by npm run fuzz); needs clang
# Included before any target is defined: directory-wide options apply only to targets
# defined after them.
option(ASTAR_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(ASTAR_FUZZ "Build the libFuzzer targets of cpp/fuzz/ (clang) instead of the tests and tools" OFF)

if(ASTAR_SANITIZE OR ASTAR_FUZZ)
  if(EMSCRIPTEN)
    message(FATAL_ERROR "ASTAR_SANITIZE and ASTAR_FUZZ are for native builds, not emcmake")
  endif()
  set(ASTAR_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_compile_options(${ASTAR_SANITIZER_FLAGS})
  add_link_options(${ASTAR_SANITIZER_FLAGS})
endif()

if(ASTAR_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ASTAR_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # Coverage feedback for every translation unit; the fuzz targets add libFuzzer's main.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
