#include "options.h"

#include <cmath>

#include "grid.h"

namespace astar {

namespace {
template <class Table, class E>
std::string_view lookup_name(const Table& table, E value) {
  for (const auto& row : table)
    if (row.value == value) return row.name;
  return "?";
}

template <class E, class Table>
std::optional<E> lookup_value(const Table& table, std::string_view name) {
  for (const auto& row : table)
    if (row.name == name) return row.value;
  return std::nullopt;
}
}  // namespace

Refusal refusal_for(const SearchOptions& options, const Grid& grid) {
  const AlgorithmInfo& algorithm = info(options.algorithm);
  if (!(algorithm.diagonals & bit(options.diagonal))) return Refusal::DiagonalRule;
  if (!(algorithm.cost_models & bit(options.cost_model))) return Refusal::CostModel;
  if (algorithm.uniform_terrain_only && !grid.uniform_cost()) return Refusal::NeedsUniformTerrain;
  return Refusal::None;
}

Heuristic effective_heuristic(const SearchOptions& options) {
  const AlgorithmInfo& algorithm = info(options.algorithm);
  if (!algorithm.uses_heuristic) return Heuristic::Zero;
  if (options.heuristic) return *options.heuristic;
  if (algorithm.default_heuristic) return *algorithm.default_heuristic;
  return options.diagonal == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile;
}

double effective_weight(const SearchOptions& options) {
  if (!info(options.algorithm).uses_weight) return 1.0;
  if (!std::isfinite(options.weight) || options.weight < 0) return 1.0;
  return options.weight > kMaxWeight ? kMaxWeight : options.weight;
}

std::string_view name_of(Algorithm v) { return info(v).name; }
std::string_view name_of(Heuristic v) { return lookup_name(kHeuristics, v); }
std::string_view name_of(Diagonal v) { return lookup_name(kDiagonals, v); }
std::string_view name_of(CostModel v) { return lookup_name(kCostModels, v); }
std::string_view name_of(Refusal v) { return lookup_name(kRefusals, v); }

std::optional<Algorithm> parse_algorithm(std::string_view s) {
  for (const AlgorithmInfo& row : kAlgorithms)
    if (row.name == s) return row.id;
  return std::nullopt;
}
std::optional<Heuristic> parse_heuristic(std::string_view s) { return lookup_value<Heuristic>(kHeuristics, s); }
std::optional<Diagonal> parse_diagonal(std::string_view s) { return lookup_value<Diagonal>(kDiagonals, s); }
std::optional<CostModel> parse_cost_model(std::string_view s) { return lookup_value<CostModel>(kCostModels, s); }

}  // namespace astar
