// Search options: algorithm, heuristic, diagonal mode, heuristic weight.
//
// The diagonal modes are the four users know from PathFinding.js. The default,
// OnlyWhenNoObstacles, is also the Moving AI benchmark rule: a diagonal step needs both
// orthogonal neighbours free, so a path never cuts a wall's corner.
//
// Manhattan overestimates once diagonal moves exist (it is not admissible there), which
// is why the default heuristic depends on the diagonal mode: octile with diagonals,
// manhattan without. Both are exact on an empty map with unit costs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace astar {

// Enumerator values are stable: they are used in tables, bindings and share links.
enum class Diagonal : std::uint8_t { Never = 0, Always = 1, IfAtMostOneObstacle = 2, OnlyWhenNoObstacles = 3 };
enum class Heuristic : std::uint8_t { Manhattan = 0, Euclidean = 1, Octile = 2, Chebyshev = 3, Zero = 4 };
enum class Algorithm : std::uint8_t { AStar = 0, Dijkstra = 1, GreedyBestFirst = 2, BreadthFirst = 3 };

inline constexpr double kMaxWeight = 100.0;

struct SearchOptions {
  Algorithm algorithm = Algorithm::AStar;
  Diagonal diagonal = Diagonal::OnlyWhenNoObstacles;
  // Empty: the default for the diagonal mode (see default_heuristic).
  std::optional<Heuristic> heuristic;
  // 1 is A*; above 1 is weighted A* (faster, paths at most `weight` times optimal).
  // Only A* uses it. Not finite or below 0 is treated as 1; above kMaxWeight as
  // kMaxWeight (the bound keeps open-list keys far inside 64 bits, see open_list.h).
  double weight = 1.0;
};

inline Heuristic default_heuristic(Diagonal diagonal) {
  return diagonal == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile;
}

// The heuristic a search with these options actually uses: Dijkstra and breadth-first
// always use Zero (Dijkstra is A* with the zero heuristic; breadth-first ignores it).
Heuristic effective_heuristic(const SearchOptions& options);
double effective_weight(const SearchOptions& options);

// Names as used by the CLI, the web app and share links ("astar", "octile",
// "only-when-no-obstacles", ...). Parsing is case-sensitive and exact.
std::string_view name_of(Algorithm);
std::string_view name_of(Heuristic);
std::string_view name_of(Diagonal);
std::optional<Algorithm> parse_algorithm(std::string_view);
std::optional<Heuristic> parse_heuristic(std::string_view);
std::optional<Diagonal> parse_diagonal(std::string_view);

}  // namespace astar
