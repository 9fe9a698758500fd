// The names and limits in JavaScript: every enum registered under the names the CLI, the web
// app and share links use ("astar", "only-when-no-obstacles", "no-path", ...), the engine's
// limits as constants, `catalog()` (the algorithm table) and `outcomeKinds()`.
//
// The names come from the core's tables (`Named` rows beside each enum in options.h,
// search.h, events.h, walk.h), so a JS string maps to its enum value with one property
// lookup and each name is spelled in one place only. The build reads the registered enums
// and the upper-case constants back out of the built module to generate
// web/src/engine/generated/names.ts (scripts/generate-names.mjs): every enum and limit
// TypeScript knows is registered here.
#include <cstddef>
#include <cstdint>
#include <string>

#include "bindings.h"
#include "grid.h"
#include "options.h"
#include "search.h"
#include "walk.h"

namespace astar::bindings {
namespace {

// The algorithm table (options.h) as plain JS objects: the panel, share links, embed
// settings and the CLI read every name and property from here.
val catalog() {
  const auto names = [](const auto& table) {
    val list = val::array();
    for (const auto& row : table) list.call<void>("push", std::string(row.name));
    return list;
  };
  const auto set_of = [](const auto& table, std::uint8_t bits) {
    val list = val::array();
    for (const auto& row : table)
      if (bits & bit(row.value)) list.call<void>("push", std::string(row.name));
    return list;
  };
  val algorithms = val::array();
  for (const AlgorithmInfo& a : kAlgorithms) {
    val row = val::object();
    row.set("name", std::string(a.name));
    row.set("label", std::string(a.label));
    row.set("usesHeuristic", a.uses_heuristic);
    row.set("usesWeight", a.uses_weight);
    row.set("optimal", a.optimal);
    row.set("anyAngle", a.any_angle);
    row.set("incremental", a.incremental);
    row.set("reexpands", a.reexpands);
    row.set("uniformTerrainOnly", a.uniform_terrain_only);
    row.set("diagonals", set_of(kDiagonals, a.diagonals));
    row.set("costModels", set_of(kCostModels, a.cost_models));
    row.set("defaultHeuristic", a.default_heuristic ? val(std::string(name_of(*a.default_heuristic))) : val::null());
    row.set("bytesPerCell", static_cast<double>(bytes_per_cell(a.id)));
    row.set("prepares", search_class(a.id).prepares);
    row.set("preparedBytesPerCell", static_cast<double>(search_class(a.id).prepared_bytes_per_cell));
    row.set("onMesh", search_class(a.id).on_mesh);
    algorithms.call<void>("push", row);
  }
  val result = val::object();
  result.set("algorithms", algorithms);
  result.set("heuristics", names(kHeuristics));
  result.set("diagonals", names(kDiagonals));
  result.set("costModels", names(kCostModels));
  result.set("gridBytesPerCell", static_cast<double>(Grid::kBytesPerCell));
  result.set("walkBytesPerCell", static_cast<double>(Walk::kBytesPerCell));
  return result;
}

// The event kind that reports each outcome (events.h, kOutcomes), in Outcome value order:
// an EventKind member, or null for Outcome::None.
val outcome_kinds() {
  val list = val::array();
  for (const OutcomeRow& row : kOutcomes) list.call<void>("push", row.reported_by ? val(*row.reported_by) : val::null());
  return list;
}

// Enum members named by the core's tables: the names users type are the JS keys.
template <class E, class Table>
void register_named_enum(const char* type_name, const Table& table) {
  emscripten::enum_<E> binding(type_name);
  // The tables hold views of string literals, so data() is NUL-terminated.
  for (const auto& row : table) binding.value(row.name.data(), row.value);
}

}  // namespace
}  // namespace astar::bindings

EMSCRIPTEN_BINDINGS(astar_names) {
  using namespace emscripten;
  using astar::bindings::register_named_enum;

  // The engine's limits. scripts/generate-names.mjs copies every upper-case number constant
  // into web/src/engine/generated/names.ts, so TypeScript never restates one.
  constant("MAX_GRID_SIDE", astar::kMaxGridSide);
  constant("MAX_WEIGHT", astar::kMaxWeight);
  constant("MAX_SENSE_RADIUS", astar::kMaxSenseRadius);
  constant("MAX_TERRAIN_COST", static_cast<int>(astar::kMaxTerrainCost));
  constant("NO_CELL", static_cast<double>(astar::kNoCell));

  {
    enum_<astar::Algorithm> algorithm("Algorithm");
    for (const astar::AlgorithmInfo& row : astar::kAlgorithms) algorithm.value(row.name.data(), row.id);
  }
  register_named_enum<astar::Heuristic>("Heuristic", astar::kHeuristics);
  register_named_enum<astar::Diagonal>("Diagonal", astar::kDiagonals);
  register_named_enum<astar::CostModel>("CostModel", astar::kCostModels);
  register_named_enum<astar::Refusal>("Refusal", astar::kRefusals);
  register_named_enum<astar::Status>("Status", astar::kStatuses);
  register_named_enum<astar::CellPhase>("CellPhase", astar::kCellPhases);
  register_named_enum<astar::Side>("Side", astar::kSides);
  register_named_enum<astar::EventKind>("EventKind", astar::kEventKinds);
  register_named_enum<astar::Outcome>("Outcome", astar::kOutcomes);
  register_named_enum<astar::WalkStatus>("WalkStatus", astar::kWalkStatuses);
  register_named_enum<astar::ReplanReason>("ReplanReason", astar::kReplanReasons);
  register_named_enum<astar::ChannelType>("ChannelType", astar::kChannelTypes);
  register_named_enum<astar::ChannelName>("Channel", astar::kChannelNames);

  function("catalog", &astar::bindings::catalog);
  function("outcomeKinds", &astar::bindings::outcome_kinds);
}
