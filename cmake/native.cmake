# Native build: GoogleTest suite (ctest) and command-line tools over the core.
enable_testing()
find_package(GTest REQUIRED)

file(GLOB CORE_TEST_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/native/*.cpp)
add_executable(core_tests ${CORE_TEST_SOURCES})
target_link_libraries(core_tests PRIVATE astar_core GTest::gtest GTest::gtest_main)
target_compile_definitions(core_tests PRIVATE
  ASTAR_FIXTURES_DIR="${PROJECT_SOURCE_DIR}/tests/fixtures"
  ASTAR_SHARED_MOVINGAI_DIR="${PROJECT_SOURCE_DIR}/../shared/movingai")
include(GoogleTest)
gtest_discover_tests(core_tests DISCOVERY_TIMEOUT 60)

file(GLOB TOOL_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/cpp/tools/*.cpp)
foreach(tool_source ${TOOL_SOURCES})
  get_filename_component(tool_name ${tool_source} NAME_WE)
  add_executable(${tool_name} ${tool_source})
  target_link_libraries(${tool_name} PRIVATE astar_core)
endforeach()
