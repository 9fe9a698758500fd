// Search options and the one table of algorithms.
//
// The diagonal modes are the four users know from PathFinding.js. The default,
// OnlyWhenNoObstacles, is also the Moving AI benchmark rule: a diagonal step needs both
// orthogonal neighbours free, so a path never cuts a wall's corner.
//
// Manhattan overestimates once diagonal moves exist (it is not admissible there), which
// is why the default heuristic depends on the diagonal mode: octile with diagonals,
// manhattan without. Both are exact on an empty map with unit costs. Theta* measures
// straight lines, so its default is euclidean.
//
// kAlgorithms below is the only place an algorithm's name and properties are written.
// The bindings export it; the page's panel, share links, embed settings, CLI help and the
// tests read it from there, so adding an algorithm is one row here plus its search class.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace astar {

class Grid;

// Enumerator values are stable: share links and the bindings number options by them.
// Never reorder; only append (and add the row to the matching table in options.cpp).
enum class Diagonal : std::uint8_t { Never = 0, Always = 1, IfAtMostOneObstacle = 2, OnlyWhenNoObstacles = 3 };
enum class Heuristic : std::uint8_t { Manhattan = 0, Euclidean = 1, Octile = 2, Chebyshev = 3, Zero = 4 };
enum class Algorithm : std::uint8_t {
  AStar = 0,
  Dijkstra = 1,
  GreedyBestFirst = 2,
  BreadthFirst = 3,
  DepthFirst = 4,
  JumpPoint = 5,
  Bidirectional = 6,
  IterativeDeepening = 7,
  ThetaStar = 8,
  DStarLite = 9,
  JumpPointPlus = 10,
  Mpaa = 11,
  SubgoalGraph = 12,
  NavMesh = 13,
  Polyanya = 14,
};
// How a move is counted: Exact uses the true lengths 1 and sqrt(2); Integer the classic
// tutorials' 10 and 14 (every cost an integer, which is how the seed articles count).
enum class CostModel : std::uint8_t { Exact = 0, Integer = 1 };

inline constexpr double kMaxWeight = 100.0;

struct SearchOptions {
  Algorithm algorithm = Algorithm::AStar;
  Diagonal diagonal = Diagonal::OnlyWhenNoObstacles;
  // Empty: the algorithm's default for the diagonal mode (see effective_heuristic).
  std::optional<Heuristic> heuristic;
  // 1 is A*; above 1 is weighted A* (faster, paths at most `weight` times optimal).
  // Only algorithms whose row says uses_weight read it. Not finite or below 0 is treated
  // as 1; above kMaxWeight as kMaxWeight (the bound keeps open-list keys far inside 64
  // bits, see open_list.h).
  double weight = 1.0;
  CostModel cost_model = CostModel::Exact;
  // Expansions after which a search gives up (Status::GaveUp); 0 for no limit. IDA* can
  // take exponentially many expansions on open maps, so callers that must answer in
  // bounded time set one.
  std::uint64_t max_expansions = 0;
};

// Bit sets over Diagonal and CostModel values, for the table.
inline constexpr std::uint8_t bit(Diagonal d) { return static_cast<std::uint8_t>(1u << static_cast<int>(d)); }
inline constexpr std::uint8_t bit(CostModel c) { return static_cast<std::uint8_t>(1u << static_cast<int>(c)); }
inline constexpr std::uint8_t kAllDiagonals = bit(Diagonal::Never) | bit(Diagonal::Always) |
                                              bit(Diagonal::IfAtMostOneObstacle) | bit(Diagonal::OnlyWhenNoObstacles);
inline constexpr std::uint8_t kAllCostModels = bit(CostModel::Exact) | bit(CostModel::Integer);

// The order a search takes its open cells in (the priority column of kAlgorithms). Best-
// first searches read it instead of switching on the algorithm; Search::f reports it.
enum class Priority : std::uint8_t {
  F,     // g + weight * h: A* and every search built on it
  G,     // g: Dijkstra (A* with the zero heuristic orders the same way)
  H,     // h: greedy best-first
  Fifo,  // first found, first taken: breadth-first (f shows g)
  Lifo,  // the latest expansion's cells first, in direction order: depth-first (f shows g)
};

// What an algorithm is, for everything that offers or explains it.
struct AlgorithmInfo {
  Algorithm id;
  std::string_view name;         // CLI, share links, embed attribute: "astar", "jps", ...
  std::string_view label;        // English label; the page translates by name
  Priority priority;             // the order open cells are taken in
  bool improves_open;            // a cheaper way to an open cell replaces the old one (else the first found is final)
  bool uses_heuristic;           // reads SearchOptions::heuristic
  bool uses_weight;              // reads SearchOptions::weight
  bool optimal;                  // always finds a cheapest path (with an admissible heuristic and weight 1)
  bool any_angle;                // paths are straight segments between cell centres, not cell steps
  bool incremental;              // repairs its plan after map changes instead of starting again
  bool reexpands;                // may expand a cell many times: needs an expansion limit on open maps
  bool uniform_terrain_only;     // defined only where every walkable cell costs the same
  std::uint8_t diagonals;        // bit(Diagonal) of the diagonal rules it supports
  std::uint8_t cost_models;      // bit(CostModel) of the cost models it supports
  std::optional<Heuristic> default_heuristic;  // empty: octile with diagonals, manhattan without
};

// Names and descriptions of the enums' values, in value order: each table is the only
// place its names are spelled, and its size is the enum's count.
template <class E>
struct Named {
  E value;
  std::string_view name;
};
inline constexpr std::array kHeuristics = {
    Named<Heuristic>{Heuristic::Manhattan, "manhattan"}, Named<Heuristic>{Heuristic::Euclidean, "euclidean"},
    Named<Heuristic>{Heuristic::Octile, "octile"},       Named<Heuristic>{Heuristic::Chebyshev, "chebyshev"},
    Named<Heuristic>{Heuristic::Zero, "zero"},
};
inline constexpr std::array kDiagonals = {
    Named<Diagonal>{Diagonal::Never, "never"},
    Named<Diagonal>{Diagonal::Always, "always"},
    Named<Diagonal>{Diagonal::IfAtMostOneObstacle, "if-at-most-one-obstacle"},
    Named<Diagonal>{Diagonal::OnlyWhenNoObstacles, "only-when-no-obstacles"},
};
inline constexpr std::array kCostModels = {
    Named<CostModel>{CostModel::Exact, "exact"},
    Named<CostModel>{CostModel::Integer, "10-14"},
};

// Indexed by the Algorithm value (checked below).
inline constexpr std::array kAlgorithms = {
    //            id                             name             label                          priority        improves heur   weight optimal angle  incr   again  uniform diagonals      cost models    default heuristic
    AlgorithmInfo{Algorithm::AStar,              "astar",         "A*",                          Priority::F,    true,    true,  true,  true,   false, false, false, false,  kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::Dijkstra,           "dijkstra",      "Dijkstra",                    Priority::G,    true,    false, false, true,   false, false, false, false,  kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::GreedyBestFirst,    "greedy",        "Greedy best-first",           Priority::H,    false,   true,  false, false,  false, false, false, false,  kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::BreadthFirst,       "bfs",           "Breadth-first",               Priority::Fifo, false,   false, false, false,  false, false, false, false,  kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::DepthFirst,         "dfs",           "Depth-first",                 Priority::Lifo, false,   false, false, false,  false, false, false, false,  kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::JumpPoint,          "jps",           "Jump point search (JPS)",     Priority::F,    true,    true,  false, true,   false, false, false, false,  kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::Bidirectional,      "bidirectional", "Bidirectional A*",            Priority::F,    true,    true,  false, true,   false, false, false, false,  kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::IterativeDeepening, "ida",           "IDA* (iterative deepening)",  Priority::F,    false,   true,  false, true,   false, false, true,  false,  kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::ThetaStar,          "theta",         "Theta* (any-angle)",          Priority::F,    true,    true,  false, false,  true,  false, false, false,
                  bit(Diagonal::Never) | bit(Diagonal::OnlyWhenNoObstacles), bit(CostModel::Exact), Heuristic::Euclidean},
    AlgorithmInfo{Algorithm::DStarLite,          "dstar-lite",    "D* Lite (incremental)",       Priority::F,    true,    true,  false, true,   false, true,  false, false,  kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::JumpPointPlus,      "jps-plus",      "JPS+ (precomputed jumps)",    Priority::F,    true,    true,  false, true,   false, false, false, true,   kAllDiagonals, kAllCostModels, {}},
    AlgorithmInfo{Algorithm::Mpaa,               "mpaa",          "MPAA* (multipath adaptive)",  Priority::F,    true,    true,  false, true,   false, true,  false, false,  kAllDiagonals, kAllCostModels, {}},
    // Its h is the rule's own distance (octile or Manhattan) whatever the options say: subgoal_graph.h.
    AlgorithmInfo{Algorithm::SubgoalGraph,       "subgoal-graph", "Subgoal graph (prepared)",    Priority::F,    true,    false, false, true,   false, false, false, true,
                  bit(Diagonal::Never) | bit(Diagonal::OnlyWhenNoObstacles), kAllCostModels, {}},
    // The searches on a navigation mesh (navmesh/mesh_search.h): the map is the mesh built
    // from the grid, so they follow the mesh's own rule (any_angle.h's: never between two
    // blocked cells touching at a corner), measure straight lines and read no heuristic option.
    AlgorithmInfo{Algorithm::NavMesh,            "navmesh",       "Navmesh A* + funnel",         Priority::F,    true,    false, false, false,  true,  false, false, true,
                  bit(Diagonal::Never) | bit(Diagonal::OnlyWhenNoObstacles), bit(CostModel::Exact), Heuristic::Euclidean},
    AlgorithmInfo{Algorithm::Polyanya,           "polyanya",      "Polyanya (optimal any-angle)", Priority::F,   true,    false, false, true,   true,  false, false, true,
                  bit(Diagonal::Never) | bit(Diagonal::OnlyWhenNoObstacles), bit(CostModel::Exact), Heuristic::Euclidean},
};

template <class Table>
constexpr bool values_in_order(const Table& table) {
  for (std::size_t i = 0; i < table.size(); ++i)
    if (static_cast<std::size_t>(table[i].value) != i) return false;
  return true;
}
static_assert(values_in_order(kHeuristics) && values_in_order(kDiagonals) && values_in_order(kCostModels));
// Rows are in ascending id order. An id may have no row (a value reserved for an algorithm
// being added elsewhere is never reused), so a row is found by its id, not at index id.
static_assert([] {
  for (std::size_t i = 1; i < kAlgorithms.size(); ++i)
    if (kAlgorithms[i - 1].id >= kAlgorithms[i].id) return false;
  return true;
}());
static_assert(kDiagonals.size() <= 8 && kCostModels.size() <= 8, "the table's bit sets are 8 bits wide");

// Where `a`'s row is in kAlgorithms, or kAlgorithms.size() when it has none.
inline constexpr std::size_t row_index(Algorithm a) {
  std::size_t i = 0;
  while (i < kAlgorithms.size() && kAlgorithms[i].id != a) ++i;
  return i;
}
inline constexpr bool has_row(Algorithm a) { return row_index(a) < kAlgorithms.size(); }
// The row of `a`, which must have one.
inline constexpr const AlgorithmInfo& info(Algorithm a) { return kAlgorithms[row_index(a)]; }

// Why a search refuses to run with some options on some grid. Searches check this at
// reset() and end in Status::Refused instead of giving a wrong answer.
enum class Refusal : std::uint8_t {
  None = 0,
  NeedsUniformTerrain = 1,  // JPS, JPS+, Theta* and subgoal graphs assume every walkable cell costs the same
  DiagonalRule = 2,         // the algorithm does not support this diagonal rule
  CostModel = 3,            // the algorithm does not support this cost model
  AnyAngle = 4,             // a walk (walk.h) moves from cell to cell: any-angle paths are not cell moves
};
inline constexpr std::array kRefusals = {
    Named<Refusal>{Refusal::None, "none"},
    Named<Refusal>{Refusal::NeedsUniformTerrain, "needs-uniform-terrain"},
    Named<Refusal>{Refusal::DiagonalRule, "diagonal-rule"},
    Named<Refusal>{Refusal::CostModel, "cost-model"},
    Named<Refusal>{Refusal::AnyAngle, "any-angle"},
};
static_assert(values_in_order(kRefusals));
Refusal refusal_for(const SearchOptions& options, const Grid& grid);

// The heuristic a search with these options actually uses: algorithms without a
// heuristic use Zero (Dijkstra is A* with the zero heuristic).
Heuristic effective_heuristic(const SearchOptions& options);
double effective_weight(const SearchOptions& options);

// Names as used by the CLI, the web app and share links ("astar", "octile",
// "only-when-no-obstacles", "10-14", ...). Parsing is case-sensitive and exact.
std::string_view name_of(Algorithm);
std::string_view name_of(Heuristic);
std::string_view name_of(Diagonal);
std::string_view name_of(CostModel);
std::string_view name_of(Refusal);
std::optional<Algorithm> parse_algorithm(std::string_view);
std::optional<Heuristic> parse_heuristic(std::string_view);
std::optional<Diagonal> parse_diagonal(std::string_view);
std::optional<CostModel> parse_cost_model(std::string_view);

}  // namespace astar
