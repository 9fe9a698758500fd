// SubgoalLandmarks: the landmarks of a subgoal graph (subgoals.h), chosen and measured in
// units of bounded work, after its hierarchy (subgoal_contraction.h).
//
// What they are for. A query's A* (subgoal_graph.h) is guided by h, a lower bound on the
// distance to the goal. The rule's own distance (octile or Manhattan) ignores walls, and on
// maps where walls make long detours (city blocks, caverns) it leaves a wide band of
// subgoals whose f stays under the answer's cost, each expanded with all of its edges. A
// landmark L gives a second bound by the triangle inequality: d(n, goal) is at least
// |d(L, goal) - d(L, n)|, exact for subgoals lying on the way from L to the goal or beyond
// it ("ALT": A*, landmarks and the triangle inequality; Goldberg & Harrelson, SODA 2005;
// l1-path-finder uses them for the same reason). The search takes the larger of the rule's
// distance and the best landmark's bound: still a lower bound, and consistent (each is), so
// A* stays optimal and never reopens a node. Measured on NewYork_0_1024's 30 hardest
// queries when they came (with the contraction's witness limits then at 32 and 1,000), 8
// landmarks cut the expansions from 881 to 244 (8-connected) and from 306 to 48
// (4-connected); on CatwalkAlley from 2,025 to 164. Over every shared Moving AI query
// (`astar scen ... --algorithm subgoal-graph`) the mean fell from 178.6 to about 50.
//
// Distances. Through the prepared graph, every edge at both ends (the hierarchy keeps every
// distance between subgoals, so these are the true shortest distances on the grid between
// subgoals), in the lengths of the cost model the hierarchy was built for. A flat graph has
// no cost model and gets no landmarks; nor does a graph too big for a hierarchy, whose
// distances would take kLandmarkCount doubles per subgoal on top of its edges.
//
// Choice ("farthest", the usual one). A Dijkstra from the subgoal with the most edges (on a
// map with several areas, most likely in the largest) finds the subgoal farthest from it:
// the first landmark. Each next one is the subgoal farthest from the landmarks chosen, among
// those they reach. So they spread to the map's far ends, where their bounds are tight for
// long queries. Subgoals in an area no landmark reaches keep infinite distances, and the
// search there uses the rule's distance alone (areas cut off from the first landmark's are
// small on the shared maps).
//
// Units of work: one subgoal settled by one of the kLandmarkCount + 1 Dijkstras (the first
// only finds the first landmark).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "subgoals.h"

namespace astar {

class SubgoalLandmarks {
 public:
  // `graph` has its edges laid out (and its hierarchy, if any); it must outlive this object.
  SubgoalLandmarks(SubgoalGraph& graph, CostModel model);

  // One unit of work; false once the graph holds its landmarks (and nothing was done).
  bool step();
  bool finished() const { return done_; }
  std::uint64_t remaining_estimate() const;
  // The units of work for a graph of `nodes` subgoals, all in one area (the builder's
  // estimate before this phase).
  static std::uint64_t work_for(std::uint64_t nodes);
  std::size_t bytes() const;

 private:
  // Starts the Dijkstra of run `run_` from `from`.
  void start_run(NodeId from);
  // Ends the current run: keeps its distances (a landmark's), then starts the next run or
  // finishes.
  void end_run();
  // The next landmark: the subgoal farthest from those chosen (from the seed, first), among
  // those they reach; kNoNode when none is left.
  NodeId farthest() const;

  SubgoalGraph& graph_;
  const MoveLengths lengths_;
  int run_ = 0;  // 0: from the seed; k >= 1: from landmark k - 1
  bool done_ = false;
  std::uint64_t settled_ = 0;  // in this run
  std::vector<double> distance_;  // this run's, per subgoal
  std::vector<double> nearest_;   // per subgoal: its distance to the nearest landmark so far
  std::vector<std::pair<double, NodeId>> heap_;
};

}  // namespace astar
