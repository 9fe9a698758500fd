# Fuzz build (ASTAR_FUZZ, see sanitizers.cmake): one libFuzzer executable per file of
# cpp/fuzz/, named after it. scripts/fuzz.mjs configures, builds and runs them.
file(GLOB FUZZ_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/cpp/fuzz/*.cpp)
foreach(fuzz_source ${FUZZ_SOURCES})
  get_filename_component(fuzz_name ${fuzz_source} NAME_WE)
  add_executable(${fuzz_name} ${fuzz_source})
  target_link_libraries(${fuzz_name} PRIVATE astar_core)
  # move_rules.h: the tests' reference move rules, which the search target checks against.
  target_include_directories(${fuzz_name} PRIVATE ${PROJECT_SOURCE_DIR}/tests/native)
  target_link_options(${fuzz_name} PRIVATE -fsanitize=fuzzer)
endforeach()
