// SubgoalGraphBuilder: prepares a SubgoalGraph (subgoals.h) for one grid and move rule, in
// slices of bounded work, so a page can run it a few milliseconds at a time with a progress
// bar, and a caller can stop caring about it at any point.
//
// Phases, each counted in its own units of work (about equal in cost on real maps):
//   Cells     one unit per row: free and clear bits, which cells are subgoals
//   Links     one per subgoal: reach() from it, the direct-h-reachable subgoals (directed)
//   Count     one per subgoal: degrees once every link is made two-way
//   Fill      one per subgoal: the two-way lists
//   Dedupe    one per subgoal: sorted, each neighbour once (a pair is usually found from
//             both ends)
//   Contract  the hierarchy, when asked for (subgoal_contraction.h): one per valuation of
//             a subgoal and per subgoal taken from its queue, then one per subgoal to
//             prune the top's edges and two to lay out the lists with their shortcuts
//   Landmarks with the hierarchy (subgoal_landmarks.h): one per subgoal settled by each of
//             its Dijkstras
// The total is only known as the phases learn the map: until the rows are read the number
// of subgoals is extrapolated from the rows read so far, and the hierarchy's from the
// subgoals still queued. done() only grows; total() may move.
//
// The flat graph's arrays are flat (the lists are offsets into one array, built by
// counting), so memory stays near what the finished graph holds; the hierarchy works on a
// list per subgoal until it lays them out flat again. bytes() reports what is held so far.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "subgoals.h"

namespace astar {

class SubgoalContraction;
class SubgoalLandmarks;

class SubgoalGraphBuilder {
 public:
  // `hierarchy`: whether to contract the graph into levels (subgoal_contraction.h), whose
  // lengths are those of `model`, or leave every subgoal at the top (the flat graph of the
  // 2013 paper, the same for every cost model).
  SubgoalGraphBuilder(const Grid& grid, Diagonal diagonal, bool hierarchy, CostModel model);
  ~SubgoalGraphBuilder();

  // Whether it is building what SubgoalGraph::built_for would accept for these.
  bool building_for(const Grid& grid, Diagonal diagonal, bool hierarchy, CostModel model) const {
    return graph_ && graph_->built_for(grid, diagonal, hierarchy, model);
  }
  // Advances by `units` units of work, or to the end; returns how many were done.
  // Precondition: the grid has not changed since construction (building_for).
  std::uint64_t advance(std::uint64_t units);
  bool finished() const { return phase_ == Phase::Finished; }
  std::uint64_t done() const { return done_; }
  std::uint64_t total() const;
  std::size_t bytes() const;
  // The graph, once finished (empty before); the builder is spent afterwards.
  std::shared_ptr<const SubgoalGraph> take();

 private:
  enum class Phase { Cells, Links, Count, Fill, Dedupe, Contract, Landmarks, Finished };

  // Above this many subgoals the graph stays flat: the hierarchy's working lists take about
  // 100 bytes a subgoal on top of the graph (a 40% random map of 4096 x 4096 has 5.6 million).
  static constexpr std::size_t kMaxHierarchyNodes = std::size_t{1} << 21;

  std::uint64_t units_in_phase() const;
  // Runs the end of every phase whose units are all done (the next may have none).
  void end_spent_phases();
  void read_row(int y);
  void end_cells();
  void link(NodeId node);
  void count(NodeId node);
  void end_count();
  void fill(NodeId node);
  void end_fill();
  void dedupe(NodeId node);
  void end_dedupe();

  const Grid& grid_;
  std::unique_ptr<SubgoalGraph> graph_;
  Phase phase_ = Phase::Cells;
  std::uint64_t cursor_ = 0;  // the next row or node of the phase
  std::uint64_t done_ = 0;
  std::vector<std::uint32_t> link_offsets_;  // Links: per node + 1, into links_
  std::vector<NodeId> links_;                // Links: what each node's reach() found
  std::vector<std::uint32_t> next_slot_;     // Fill: per node, where its next neighbour goes
  std::uint32_t kept_ = 0;                   // Dedupe: edges kept so far
  std::unique_ptr<SubgoalContraction> contraction_;  // Contract
  std::unique_ptr<SubgoalLandmarks> landmarks_;      // Landmarks
};

}  // namespace astar
