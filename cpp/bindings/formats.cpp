// Moving AI text in JavaScript: `readMap` (.map text to a Grid) and `readScenario` (.scen
// text to ScenarioQuery objects), the core's readers (movingai.h) behind {ok, ...} results.
//
// A format error is an answer, not an exception: {ok: false, line, message}, the line being
// where the text went wrong, so the wrapper can throw its MapFormatError with both. Running out
// of memory while reading is not a format error: the call throws in JavaScript (memory.h). Map text
// arrives as a string (the module has no file system); writing a grid back out is Grid's
// `toMapText` (grid.cpp).
#include <memory>
#include <string>
#include <utility>

#include "bindings.h"
#include "grid.h"
#include "memory.h"
#include "movingai.h"

namespace astar::bindings {
namespace {

val format_failure(const FormatError& error) {
  val result = val::object();
  result.set("ok", false);
  result.set("line", error.line);
  result.set("message", error.message);
  return result;
}

val memory_failure() {
  val result = val::object();
  result.set("ok", false);
  return result;
}

val map_result(const std::string& text) {
  Parsed<Grid> parsed = astar::read_map(text);
  if (!parsed) return format_failure(parsed.error);
  val result = val::object();
  result.set("ok", true);
  result.set("grid", val(std::make_unique<Grid>(std::move(*parsed.value))));
  return result;
}

val scenario_result(const std::string& text) {
  const Parsed<Scenario> parsed = astar::read_scenario(text);
  if (!parsed) return format_failure(parsed.error);
  val queries = val::array();
  for (const ScenarioQuery& query : parsed.value->queries) queries.call<void>("push", query);
  val result = val::object();
  result.set("ok", true);
  result.set("queries", queries);
  return result;
}

// {ok: true, grid} or {ok: false, line, message}; the caller owns `grid`.
val read_map(const std::string& text) {
  return guarded("reading this map", [&] { return map_result(text); }, memory_failure);
}

// {ok: true, queries} or {ok: false, line, message}.
val read_scenario(const std::string& text) {
  return guarded("reading these scenarios", [&] { return scenario_result(text); }, memory_failure);
}

}  // namespace
}  // namespace astar::bindings

EMSCRIPTEN_BINDINGS(astar_formats) {
  using namespace emscripten;

  value_object<astar::ScenarioQuery>("ScenarioQuery")
      .field("bucket", &astar::ScenarioQuery::bucket)
      .field("mapPath", &astar::ScenarioQuery::map_path)
      .field("mapWidth", &astar::ScenarioQuery::map_width)
      .field("mapHeight", &astar::ScenarioQuery::map_height)
      .field("start", &astar::ScenarioQuery::start)
      .field("goal", &astar::ScenarioQuery::goal)
      .field("optimal", &astar::ScenarioQuery::optimal);

  function("readMap", &astar::bindings::read_map);
  function("readScenario", &astar::bindings::read_scenario);
}
