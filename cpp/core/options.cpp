#include "options.h"

#include <array>
#include <cmath>
#include <utility>

namespace astar {

namespace {
// One table per enum: the only place names are spelled.
constexpr std::array<std::pair<Algorithm, std::string_view>, 4> kAlgorithmNames = {{
    {Algorithm::AStar, "astar"},
    {Algorithm::Dijkstra, "dijkstra"},
    {Algorithm::GreedyBestFirst, "greedy"},
    {Algorithm::BreadthFirst, "bfs"},
}};
constexpr std::array<std::pair<Heuristic, std::string_view>, 5> kHeuristicNames = {{
    {Heuristic::Manhattan, "manhattan"},
    {Heuristic::Euclidean, "euclidean"},
    {Heuristic::Octile, "octile"},
    {Heuristic::Chebyshev, "chebyshev"},
    {Heuristic::Zero, "zero"},
}};
constexpr std::array<std::pair<Diagonal, std::string_view>, 4> kDiagonalNames = {{
    {Diagonal::Never, "never"},
    {Diagonal::Always, "always"},
    {Diagonal::IfAtMostOneObstacle, "if-at-most-one-obstacle"},
    {Diagonal::OnlyWhenNoObstacles, "only-when-no-obstacles"},
}};

template <class E, std::size_t N>
std::string_view lookup_name(const std::array<std::pair<E, std::string_view>, N>& table, E value) {
  for (const auto& [e, name] : table)
    if (e == value) return name;
  return "?";
}

template <class E, std::size_t N>
std::optional<E> lookup_value(const std::array<std::pair<E, std::string_view>, N>& table, std::string_view name) {
  for (const auto& [e, n] : table)
    if (n == name) return e;
  return std::nullopt;
}
}  // namespace

Heuristic effective_heuristic(const SearchOptions& options) {
  if (options.algorithm == Algorithm::Dijkstra || options.algorithm == Algorithm::BreadthFirst) return Heuristic::Zero;
  return options.heuristic.value_or(default_heuristic(options.diagonal));
}

double effective_weight(const SearchOptions& options) {
  if (options.algorithm != Algorithm::AStar) return 1.0;
  if (!std::isfinite(options.weight) || options.weight < 0) return 1.0;
  return options.weight > kMaxWeight ? kMaxWeight : options.weight;
}

std::string_view name_of(Algorithm v) { return lookup_name(kAlgorithmNames, v); }
std::string_view name_of(Heuristic v) { return lookup_name(kHeuristicNames, v); }
std::string_view name_of(Diagonal v) { return lookup_name(kDiagonalNames, v); }
std::optional<Algorithm> parse_algorithm(std::string_view s) { return lookup_value(kAlgorithmNames, s); }
std::optional<Heuristic> parse_heuristic(std::string_view s) { return lookup_value(kHeuristicNames, s); }
std::optional<Diagonal> parse_diagonal(std::string_view s) { return lookup_value(kDiagonalNames, s); }

}  // namespace astar
