// make_search: the one place an algorithm is mapped to the class that runs it (and to the
// memory that class keeps per cell).
#include "best_first.h"
#include "bidirectional.h"
#include "dstar_lite.h"
#include "ida_star.h"
#include "mpaa.h"
#include "search.h"

namespace astar {

std::unique_ptr<Search> make_search(const Grid& grid, const SearchOptions& options) {
  switch (options.algorithm) {
    case Algorithm::JumpPoint: return std::make_unique<BestFirstSearch<JumpMoves>>(grid, options);
    case Algorithm::ThetaStar: return std::make_unique<BestFirstSearch<AnyAngle>>(grid, options);
    case Algorithm::Bidirectional: return std::make_unique<BidirectionalSearch>(grid, options);
    case Algorithm::IterativeDeepening: return std::make_unique<IdaStarSearch>(grid, options);
    case Algorithm::DStarLite: return std::make_unique<DStarLiteSearch>(grid, options);
    case Algorithm::Mpaa: return std::make_unique<MpaaSearch>(grid, options);
    default: return std::make_unique<BestFirstSearch<GridMoves>>(grid, options);
  }
}

std::size_t bytes_per_cell(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::JumpPoint: return BestFirstSearch<JumpMoves>::bytes_per_cell();
    case Algorithm::ThetaStar: return BestFirstSearch<AnyAngle>::bytes_per_cell();
    case Algorithm::Bidirectional: return BidirectionalSearch::bytes_per_cell();
    case Algorithm::IterativeDeepening: return IdaStarSearch::bytes_per_cell();
    case Algorithm::DStarLite: return DStarLiteSearch::bytes_per_cell();
    case Algorithm::Mpaa: return MpaaSearch::bytes_per_cell();
    default: return BestFirstSearch<GridMoves>::bytes_per_cell();
  }
}

}  // namespace astar
