// SubgoalGraphSearch: A* over a subgoal graph (subgoals.h) prepared once per map, its
// answer walked back into cells. Optimal, for uniform terrain, 8-connected under the Moving
// AI rule (octile distances) or 4-connected (Manhattan); other diagonal rules are refused
// (Refusal::DiagonalRule: diagonals that may cut a corner break the corner argument the
// subgoals rest on), as are maps with terrain costs (Refusal::NeedsUniformTerrain).
//
// A query:
//   1. The goal's side. reach() from the goal gives the subgoals in plain sight of it (its
//      links; a goal on a subgoal starts from itself), and from those the search follows
//      every edge that leads up the hierarchy, marking what it reaches (the goal's side).
//   2. A* from the start, one expansion per step, with h = the rule's distance to the goal
//      (octile or Manhattan, in the cost model's lengths, times the terrain's one cost):
//      consistent, since no edge costs less than the distance between its ends. At a subgoal
//      of a graph with landmarks (subgoal_landmarks.h), h is the larger of that and the
//      landmarks' bound, |d(L, goal) - d(L, n)| at its best landmark L, also consistent; the
//      goal's distances from the landmarks come from its links in step 1. The start's
//      successors are what reach() finds from it (the goal among them when in plain sight);
//      a start on a subgoal takes all its edges. Any other subgoal relaxes its up edges, its
//      down edges into the goal's side when it is in it (each the way back of an edge step 1
//      followed), and the goal when it is one of the goal's links.
//   3. When the goal is expanded, each edge of the answer is walked into cells (a freespace
//      edge along the canonical shape reach() found it by, a shortcut through the subgoal it
//      bypasses) and every cell of the path is marked Path, with its cost from the start and
//      the cell before it as its parent.
// Why the restricted edges keep a shortest path: number the subgoals by rank (the order the
// hierarchy removed them; the top level last, as equals), the start and goal below all.
// Take a shortest path through the graph. A subgoal on it ranked below both its neighbours
// on it was removed while they were still there, and its removal either added the shortcut
// between them or found a path between them no longer than through it, made of subgoals
// ranked above it: replace it by that. Each replacement removes a low-ranked subgoal and
// adds higher ones, so it ends, with a path whose ranks rise from the start, cross the top
// level and fall to the goal. Its falling part, read backwards, rises from the goal: it lies
// in the goal's side. Without a hierarchy every subgoal is at the top and nothing is
// restricted.
//
// Observing. One step is one expansion of a graph node (the start, a subgoal or the goal):
// an Expand event (a = g, b = h, c = f, other = its parent node), then a Neighbour event per
// edge relaxed (cell = the node at its other end; Opened, Improved, NotImproved or
// AlreadyClosed; a, b = g before and after; other = that node's parent). Edges the hierarchy
// leaves out are not reported. The expansion of the goal also walks the path into cells.
// Per-cell state is stamped, 16 bytes plus a parent id, and only nodes have any until the
// path is marked. Channels: "phase", "g", "order", "parentId" (a node's parent is the node
// its edge comes from, which is rarely a neighbour; path cells' is the cell before them) and
// "subgoal" (u8, unstamped: 0, or the subgoal's level, levels() of subgoals.h) and, with
// landmarks, "landmark" (u8, unstamped: 0, or k + 1 at landmark k). route_to()
// walks each edge of the chain into cells. links() gives the edges at a cell, for drawing.
//
// Preparation (search.h's contract). The graph depends on the grid (address, revision,
// size), the rule and, for the hierarchy, the cost model (subgoal_contraction.h says why);
// not on the terrain's one cost, which a query multiplies in. A SubgoalGraphBuilder builds it
// in slices (advance_preparation: rows while finding subgoals and edges, then subgoals while
// contracting), and it is held as shared immutable data, so a second search on the same map
// and options shares it (share_preparation) instead of building its own. reset() leaves the
// search Preparing until the graph fits; the rules it does not fit (other diagonal rules,
// terrain) are refused by its row in options.h before that.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "open_list.h"
#include "search.h"
#include "subgoal_builder.h"
#include "subgoals.h"

namespace astar {

// An edge at a cell, for drawing: where it leads and, for a shortcut, the cell it bypasses.
struct SubgoalLink {
  CellId to;
  CellId via;  // kNoCell for a freespace edge
};

class SubgoalGraphSearch final : public ExpandingSearch<SubgoalGraphSearch> {
 public:
  explicit SubgoalGraphSearch(const Grid& grid, const SearchOptions& options = {});

  // Per-cell state; the prepared graph and its per-subgoal marks come on top.
  static constexpr std::size_t bytes_per_cell() { return sizeof(NodeState) + sizeof(CellId); }
  static constexpr bool kPrepares = true;
  static constexpr std::size_t kPreparedBytesPerCell = SubgoalGraph::kBytesPerCellBound;

  Preparation preparation() const override;

  std::size_t open_count() const override { return open_.size(); }
  CellPhase phase(CellId id) const override {
    const NodeState& c = cells_[id];
    return c.stamp == stamp_ ? static_cast<CellPhase>(c.phase) : CellPhase::Unseen;
  }
  double g(CellId id) const override { return phase(id) == CellPhase::Unseen ? NAN : cells_[id].g; }
  // The search's own h (step 2 above): at a subgoal of a graph with landmarks the larger of
  // the rule's distance and the landmarks' bound; elsewhere the rule's distance.
  double h(CellId id) const override;
  double f(CellId id) const override { return phase(id) == CellPhase::Unseen ? NAN : cells_[id].g + h(id); }
  CellId parent(CellId id) const override { return phase(id) == CellPhase::Unseen ? kNoCell : parents_[id]; }
  std::uint32_t expansion_order(CellId id) const override {
    const CellPhase ph = phase(id);
    return (ph == CellPhase::Closed || ph == CellPhase::Path) ? cells_[id].aux : 0;
  }
  std::vector<Point> route_to(CellId id) const override;
  std::vector<Channel> channels() const override;

  // The edges at `cell`: a subgoal's edges in the prepared graph (every level), or, for the
  // current query's start or goal when it is not a subgoal, the subgoals reach() links it to.
  // Empty for other cells or while the graph is not ready.
  std::vector<SubgoalLink> links(CellId cell) const;
  // The prepared graph (null until one is ready for the current grid and rule).
  const SubgoalGraph* graph() const { return ready() ? graph_.get() : nullptr; }
  // Whether to prepare the hierarchy (the default) or the flat graph, for comparing the two;
  // takes effect at the next reset() (which then prepares again).
  void set_hierarchy(bool on) { hierarchy_ = on; }

 protected:
  void resize(std::size_t cells) override;
  void begin() override;
  void clear_stamps() override;
  std::uint64_t advance_preparation(std::uint64_t units) override;
  bool share_preparation(const Search& other) override;
  CellId stored_parent(CellId id) const override { return parents_[id]; }
  std::vector<OpenItem> open_in_order(std::size_t limit) const override;

 private:
  friend ExpandingSearch<SubgoalGraphSearch>;

  struct NodeState {
    double g;             // cost from the start
    std::uint32_t aux;    // heap position while open; expansion order (1-based) once closed, 0 for
                          // path cells never expanded
    std::uint16_t stamp;  // equals Search::stamp() when the cell belongs to this search
    std::uint8_t phase;   // CellPhase
    std::uint8_t unused;
  };
  static_assert(sizeof(NodeState) == 16, "search state must stay at 16 bytes per cell");

  struct PositionOf {
    std::vector<NodeState>* cells;
    std::uint32_t& operator()(std::uint32_t id) const { return (*cells)[id].aux; }
  };

  bool ready() const { return graph_ && graph_->built_for(*grid_, options().diagonal, hierarchy_, options().cost_model); }
  // Takes a finished graph (its per-subgoal marks sized to it).
  void use_graph(std::shared_ptr<const SubgoalGraph> graph);
  template <class Listener>
  void expand_next(Listener& listener);
  // Offers node `id` (at `at`, the subgoal `node` or kNoNode for the goal) the cost `g`.
  template <class Listener>
  void relax(CellId id, Point at, NodeId node, double g, CellId parent, Listener& listener);
  // h from `at` to the goal: the same numbers as heuristic_ (the base class's h()), without
  // its switch over heuristics in the inner loop.
  double h_at(Point at) const { return graph_->h_moves(at, goal_).cost(lengths_); }
  // h at the node at `at`: the subgoal `node`, also bounded by the landmarks when the graph
  // has them, or kNoNode (the start or the goal when they are none).
  double h_at(NodeId node, Point at) const {
    const double rule = h_at(at);
    if (node == kNoNode || !landmarks_reach_goal_) return rule;
    const double bound = graph_->landmark_bound(node, goal_landmarks_.data()) * unit_;
    return bound > rule ? bound : rule;
  }

  void mark_path();
  // Appends the cells after node `a` up to node `b`, whose parent it is: along their edge,
  // or the start's or the goal's link. False when the graph has no such edge (a graph
  // rebuilt since the search ran).
  bool append_link(Point a, Point b, std::vector<Point>& cells) const;

  std::vector<NodeState> cells_;
  std::vector<CellId> parents_;
  OpenList<PositionOf> open_;

  std::shared_ptr<const SubgoalGraph> graph_;
  std::unique_ptr<SubgoalGraphBuilder> builder_;
  bool hierarchy_ = true;

  // Per subgoal of the graph, stamped like the cells: in the goal's side; a link of the goal.
  std::vector<std::uint16_t> goal_side_;
  std::vector<std::uint16_t> goal_link_;
  std::vector<NodeId> pending_;  // begin()'s scratch

  // Resolved at begin().
  CellId start_id_ = 0, goal_id_ = 0;
  double unit_ = 1.0;       // the one terrain cost
  // The goal's distances from the graph's landmarks (in the cost model's lengths, before
  // unit_), and whether any of them is finite.
  std::array<double, SubgoalGraph::kLandmarkCount> goal_landmarks_{};
  bool landmarks_reach_goal_ = false;
  MoveLengths lengths_{};  // the cost model's move lengths, times unit_
};

}  // namespace astar
