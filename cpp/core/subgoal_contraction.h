// SubgoalContraction: the hierarchy of a subgoal graph (subgoals.h), built by removing its
// subgoals one at a time from a graph where all are at the top, in units of bounded work.
//
// Removing ("contracting") a subgoal s keeps every distance between the subgoals left if,
// for every pair (p, q) of its neighbours, either a "witness" path avoiding s is no longer
// than p-s-q, or a shortcut p-q with the cost of p-s-q is added (a contraction hierarchy,
// Geisberger et al., 2008). The N-level subgoal graphs of Uras & Koenig (GPPC 2014, SoCS
// 2015) allow a shortcut only where p-s-q is itself an h-path, so that every edge stays a
// straight freespace path. Measured on the Moving AI maps, that leaves most subgoals of
// mazes, rooms and random maps at the top (a corridor's corners are bends no h-path
// replaces), and queries there no faster than online JPS (the commit that added this file
// has the figures). Here any shortcut is allowed (Uras & Koenig, IJCAI 2018, relate subgoal
// graphs and contraction hierarchies this way): it carries the moves of the path it stands
// for and the subgoal it bypasses, and is walked by unpacking it through that subgoal.
//
// Order (the usual lazy one). Every subgoal is first given a value: the shortcuts its
// removal would add (counting only pairs not already joined by an edge at least as short),
// less the edges it takes away, plus how many of its neighbours are already gone and the
// highest level among them (so removals spread over the map instead of eating into one
// area). Then the cheapest is taken from a queue, valued again on the graph as it now is,
// and removed if it is still no dearer than the next one, otherwise put back. A removed
// subgoal gets the next rank and the level 1 + that highest level. Subgoals with more than
// kMaxDegree edges at the top are not removed: their witness searches grow with the square
// of their edges, and so do the shortcuts they may add (open maps, where subgoals see many
// others, keep a large top level, which the query's A* crosses guided by its heuristic).
// Removal stops when only such subgoals, or kCoreSize or fewer, are left.
//
// Witnesses. One Dijkstra from p over the subgoals at the top, avoiding s, stopping once every
// target has a witness, past the largest cost it must beat, or after kSettleLimit settled
// subgoals (or after looking along kRelaxLimit edges). A witness found is real; one not
// found may exist, so the limits only add shortcuts, never lose a distance. They are set
// for preparation time: at 16 and 500 rather than 32 and 1,000, witness searches (half of a
// preparation) stop sooner, more subgoals keep too many edges to be removed and stay at the
// top, and preparing takes 10-30% less (Aurora 4-connected 720 -> 530 ms natively), while
// queries, which the landmarks keep to a narrow band of the top, take about as long (from
// 12% more on CatwalkAlley 4-connected to 20% less on Aurora). Costs are compared in the lengths of one cost model: a
// path shorter than another in exact lengths can be longer in 10-14 ones (29 diagonal moves
// against 41 straight ones), so a hierarchy holds for the cost model it was built with.
//
// Pruning. Once removal stops, an edge between two subgoals at the top is dropped when two
// edges through a third subgoal at the top are no longer. Most such edges are shortcuts
// (a witness search gives up at its limits, and later shortcuts can make earlier ones
// needless); on Aurora they were 27% of the top's edges 8-connected and 45% 4-connected
// (measured with the witness limits at 32 and 1,000),
// and a query relaxes every edge of each top subgoal it expands. Distances stay: each dropped edge is matched by two strictly
// shorter ones, kept or themselves matched by shorter ones, and so on down. Top edges are
// never the halves of shortcuts (only removed subgoals are bypassed), so every shortcut can
// still be unpacked. One unit of work per subgoal.
//
// Edges. Each subgoal keeps the edges to subgoals still at the top; when it is removed they
// become its up edges, and each neighbour moves its edge back to it to its down edges. So
// every search only walks live edges, and the final lists (up edges first) come out
// directly. Units of work: one valuation, one queue pop (a valuation and maybe a removal),
// then one per subgoal to prune and two to lay the lists out flat.
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "subgoals.h"

namespace astar {

class SubgoalContraction {
 public:
  // `graph` has its subgoals and edges, every rank kTopRank; it must outlive this object.
  SubgoalContraction(SubgoalGraph& graph, CostModel model);

  // One unit of work; false once the graph holds the hierarchy (and nothing was done).
  bool step();
  bool finished() const { return phase_ == Phase::Done; }
  std::uint64_t remaining_estimate() const;
  std::size_t bytes() const;

 private:
  struct Needed {
    NodeId from, to;
    MoveCount moves;
  };
  enum class Phase { Value, Remove, Prune, Count, Fill, Done };
  using Entry = std::pair<std::int64_t, NodeId>;  // (value, subgoal)

  static constexpr std::uint32_t kSettleLimit = 16;
  static constexpr std::uint32_t kRelaxLimit = 500;  // edges a witness search may look along
  static constexpr std::size_t kCoreSize = 16;
  static constexpr std::size_t kMaxDegree = 32;
  static constexpr std::int64_t kNever = INT64_MAX;  // the value of a subgoal that stays

  // Fills needed_ with the shortcuts removing `node` needs now, its witnesses searched
  // with `settle_limit` (1: only the edges out of each neighbour); returns its value.
  std::int64_t value(NodeId node, std::uint32_t settle_limit);
  // A new stamp for seen_ and target_'s marks.
  void next_search();
  void witness_search(NodeId from, NodeId avoid, double bound, std::uint32_t targets, std::uint32_t settle_limit);
  // Adds the edge at `from`, or puts it in the place of a dearer one to the same subgoal.
  void add_edge(NodeId from, const SubgoalEdge& edge);
  void remove(NodeId node);
  // Drops each edge between `node` and a higher-numbered subgoal, both at the top, that a
  // path of two edges through a third subgoal at the top is no longer than.
  void prune_top_edges(NodeId node);
  void count_edges(NodeId node);
  void fill_edges(NodeId node);
  void finish();

  // Whether a path of `moves` is no longer than one of `than`.
  bool no_longer(MoveCount moves, MoveCount than) const;

  SubgoalGraph& graph_;
  const MoveLengths lengths_;
  Phase phase_ = Phase::Value;
  std::size_t cursor_ = 0;  // the next subgoal of the phase
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue_;  // cheapest first
  std::size_t top_count_ = 0;  // subgoals still at the top
  std::uint32_t next_rank_ = 0;
  std::uint32_t highest_level_ = 0;

  // Per node
  std::vector<std::vector<SubgoalEdge>> live_;  // edges to subgoals at the top (for top ones)
  std::vector<std::vector<SubgoalEdge>> up_;    // removed: its live edges when it went
  std::vector<std::vector<SubgoalEdge>> down_;  // edges to subgoals removed before it
  std::vector<std::uint32_t> gone_neighbours_;
  std::vector<std::uint32_t> level_;  // removed: its level; at the top: the highest level of its gone neighbours

  // value()'s scratch
  std::vector<Needed> needed_;
  // witness_search's state, per node, valid where seen_ equals search_
  std::vector<std::uint32_t> seen_;
  std::vector<double> distance_;
  std::vector<MoveCount> counted_;     // the moves of the path distance_ measures
  std::vector<std::uint32_t> target_;  // search_ while a target without a witness
  std::vector<MoveCount> beat_;        // per target: the moves of p-s-q, to be matched
  std::uint32_t search_ = 0;
  std::vector<std::pair<double, NodeId>> heap_;

  // The flat lists being laid out
  std::vector<std::uint32_t> offsets_;
  std::vector<SubgoalEdge> edges_;
};

}  // namespace astar
