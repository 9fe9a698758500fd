#include "subgoals.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace astar {

std::size_t SubgoalGraph::shortcut_count() const {
  std::size_t count = 0;
  for (const SubgoalEdge& edge : edges_) count += edge.shortcut();
  return count / 2;
}

void SubgoalGraph::append_shape(Point from, Point to, bool steps_first, std::vector<Point>& cells) const {
  const int ax = std::abs(to.x - from.x), ay = std::abs(to.y - from.y);
  const int sx = (to.x > from.x) - (to.x < from.x), sy = (to.y > from.y) - (to.y < from.y);
  // "Steps" are the moves reach() steps by before its runs: diagonal ones, or vertical ones
  // without diagonals; "straight" are the rest.
  struct Leg {
    int dx, dy, count;
  };
  Leg steps, straight;
  if (diagonal_ == Diagonal::Never) {
    steps = {0, sy, ay};
    straight = {sx, 0, ax};
  } else {
    const int both = std::min(ax, ay);
    steps = {sx, sy, both};
    straight = ax > ay ? Leg{sx, 0, ax - both} : Leg{0, sy, ay - both};
  }
  Point at = from;
  for (const Leg& leg : steps_first ? std::array<Leg, 2>{steps, straight} : std::array<Leg, 2>{straight, steps})
    for (int i = 0; i < leg.count; ++i) {
      at = {at.x + leg.dx, at.y + leg.dy};
      cells.push_back(at);
    }
}

std::optional<SubgoalEdge> SubgoalGraph::find_edge(NodeId from, NodeId to) const {
  const bool from_lower = ranks_[from] <= ranks_[to];
  const NodeId low = from_lower ? from : to, high = from_lower ? to : from;
  // Up edges are sorted by the subgoal they lead to.
  const std::span<const SubgoalEdge> up = up_edges(low);
  const auto at = std::lower_bound(up.begin(), up.end(), high, [](const SubgoalEdge& e, NodeId n) { return e.to < n; });
  if (at == up.end() || at->to != high) return std::nullopt;
  if (from_lower) return *at;
  // The same edge seen from its other end: a shortcut bypasses the same subgoal, a freespace
  // edge is walked the other shape first.
  const NodeId via = at->shortcut() ? at->via : at->via == kStepsFirst ? kStraightFirst : kStepsFirst;
  return SubgoalEdge{to, via, at->moves};
}

void SubgoalGraph::append_edge(NodeId from, const SubgoalEdge& edge, std::vector<Point>& cells) const {
  if (!edge.shortcut()) {
    append_shape(point(from), point(edge.to), edge.via == kStepsFirst, cells);
    return;
  }
  // Both halves were edges when the subgoal between them was removed, and no edge is ever
  // removed. A half bypasses only subgoals of lower levels than the one it leads to, so the
  // recursion is no deeper than the hierarchy has levels.
  append_edge(from, *find_edge(from, edge.via), cells);
  append_edge(edge.via, *find_edge(edge.via, edge.to), cells);
}

std::size_t SubgoalGraph::bytes() const {
  return free_rows_.bytes() + clear_rows_.bytes() + clear_cols_.bytes() + rank_.capacity() * sizeof(NodeId) +
         points_.capacity() * sizeof(NodePoint) + ranks_.capacity() * sizeof(std::uint32_t) +
         offsets_.capacity() * sizeof(std::uint32_t) + up_ends_.capacity() * sizeof(std::uint32_t) +
         edges_.capacity() * sizeof(SubgoalEdge) + levels_.capacity() + landmarks_.capacity() * sizeof(NodeId) + landmark_cells_.capacity() +
         landmark_distances_.capacity() * sizeof(double);
}

}  // namespace astar
