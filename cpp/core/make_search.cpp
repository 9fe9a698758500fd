// The registry: the one place an algorithm is mapped to the class that runs it. make_search,
// bytes_per_cell, Search::runs and the bindings' catalogue derive from it.
#include <array>
#include <tuple>

#include "any_angle_policy.h"
#include "best_first.h"
#include "bidirectional.h"
#include "dstar_lite.h"
#include "grid_policy.h"
#include "ida_star.h"
#include "jump_policy.h"
#include "jump_table.h"
#include "mpaa.h"
#include "navmesh/mesh_search.h"
#include "search.h"
#include "subgoal_graph.h"

namespace astar {

namespace {

template <class Class>
constexpr SearchClass row(Algorithm algorithm) {
  return {algorithm, &make_as<Class>, Class::bytes_per_cell(), Class::kPrepares, Class::kPreparedBytesPerCell, Class::kOnMesh};
}

// Row for row like kAlgorithms (checked below).
constexpr std::array kSearchClasses = {
    row<BestFirstSearch<GridPolicy>>(Algorithm::AStar),
    row<BestFirstSearch<GridPolicy>>(Algorithm::Dijkstra),
    row<BestFirstSearch<GridPolicy>>(Algorithm::GreedyBestFirst),
    row<BestFirstSearch<GridPolicy>>(Algorithm::BreadthFirst),
    row<BestFirstSearch<GridPolicy>>(Algorithm::DepthFirst),
    row<BestFirstSearch<JumpPolicy<JumpScanner>>>(Algorithm::JumpPoint),
    row<BidirectionalSearch>(Algorithm::Bidirectional),
    row<IdaStarSearch>(Algorithm::IterativeDeepening),
    row<BestFirstSearch<AnyAnglePolicy>>(Algorithm::ThetaStar),
    row<DStarLiteSearch>(Algorithm::DStarLite),
    row<BestFirstSearch<JumpPolicy<PrecomputedJumps>>>(Algorithm::JumpPointPlus),
    row<MpaaSearch>(Algorithm::Mpaa),
    row<SubgoalGraphSearch>(Algorithm::SubgoalGraph),
    row<navmesh::MeshSearch>(Algorithm::NavMesh),
    row<navmesh::MeshSearch>(Algorithm::Polyanya),
};
static_assert(std::tuple_size_v<decltype(kSearchClasses)> == std::tuple_size_v<decltype(kAlgorithms)>,
              "every algorithm of kAlgorithms needs its row in the registry");
static_assert([] {
  for (std::size_t i = 0; i < kSearchClasses.size(); ++i)
    if (kSearchClasses[i].algorithm != kAlgorithms[i].id) return false;
  return true;
}());

}  // namespace

const SearchClass& search_class(Algorithm algorithm) { return kSearchClasses[row_index(algorithm)]; }

std::unique_ptr<Search> make_search(const Grid& grid, const SearchOptions& options) {
  return search_class(options.algorithm).make(grid, options);
}

std::size_t bytes_per_cell(Algorithm algorithm) { return search_class(algorithm).bytes_per_cell; }

}  // namespace astar
