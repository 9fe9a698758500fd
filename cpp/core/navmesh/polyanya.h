// Polyanya: optimal any-angle paths on a navigation mesh (Cui, Harabor & Grastien,
// "Compromise-free Pathfinding on a Navigation Mesh", IJCAI 2017). Written from the paper.
//
// A search node is an interval [left, right] on a polygon edge and a root: a point (the
// start or a corner of an obstacle) from which every point of the interval is visible.
// left and right are named as seen from the root: orient(root, right, left) > 0. g is the
// length of the shortest path from the start to the root; the node's f adds the shortest
// distance from the root through the interval to the goal (the goal mirrored in the
// interval's line when it is on the root's side), so f never overestimates and the first
// goal node taken from the open list is optimal.
//
// Expanding a node looks into the polygon beyond its interval. Rays from the root through
// the interval's ends cut that polygon's other edges into three parts:
// - observable successors, between the rays: visible from the root, so the root is kept;
// - non-observable successors, beyond a ray whose interval end is a corner of the mesh (a
//   vertex where the walkable space turns more than a half-turn): reached only by turning
//   there, so that corner becomes their root (g grows by the distance to it). Beyond an
//   end that is no corner nothing is generated: a shortest path never turns there.
// The paper's pruning is kept: a successor whose root is a vertex already reached more
// cheaply is pruned (root-level pruning; checked again when it is popped), and one that
// leads into a dead-end polygon (one neighbour, no goal) is not queued. When the polygon
// beyond holds the goal, the node yields a final node instead: straight to the goal if the
// goal is seen through the interval, else around the nearer end. Taking a final node from
// the open list ends the search.
//
// The search starts from a start node (the start point, which the first expansion turns
// into one node per edge of the polygons holding it), so one expansion is one step for
// the observers, as for every other search. Start and goal may lie on edges or vertices.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "../events.h"
#include "mesh.h"

namespace astar::navmesh {

inline constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;

enum class PlannerState : std::uint8_t { Idle = 0, Running = 1, Found = 2, NoPath = 3 };

// How a node came to be: the start, between the rays (same root), beyond a ray (the corner
// is its root) or the goal.
enum class NodeKind : std::uint8_t { Start = 0, Observable = 1, NonObservable = 2, Final = 3 };

struct SearchNode {
  Vec2 root;
  std::int32_t root_vertex = -1;  // the mesh vertex at the root; -1 for the start and for final turns off vertices
  Vec2 left, right;               // the interval (both the goal for a final node, the start for the start node)
  std::uint32_t left_vertex = 0, right_vertex = 0;  // the mesh edge holding the interval
  std::int32_t polygon = kNoPolygon;  // the polygon beyond the interval
  double g = 0, f = 0;
  std::uint32_t parent = kNoNode;
  NodeKind kind = NodeKind::Start;
  Outcome outcome = Outcome::Opened;  // Opened (queued), Pruned, IntoDeadEnd or ReachesGoal
};

struct PlannerCounters {
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;  // nodes queued
  std::uint64_t pruned = 0;     // not queued, or dropped when popped: root-level and dead-end pruning
  std::uint64_t max_open = 0;
};

// An entry of a planner's open list, ordered by f, then the larger g, then the smaller id.
struct PlannerEntry {
  double f;
  double g;
  std::uint32_t id;
};
inline bool later(const PlannerEntry& a, const PlannerEntry& b) {
  if (a.f != b.f) return a.f > b.f;
  if (a.g != b.g) return a.g < b.g;
  return a.id > b.id;
}
// The open list's entries in the order they will be taken, at most `limit`.
std::vector<PlannerEntry> in_pop_order(std::vector<PlannerEntry> heap, std::size_t limit);

class Polyanya {
 public:
  explicit Polyanya(const NavMesh& mesh);

  void begin(Vec2 start, Vec2 goal);
  // One expansion; returns the node expanded (kNoNode when the open list was empty: no
  // path). The nodes it generated are in generated().
  std::uint32_t expand();

  PlannerState state() const { return state_; }
  const std::vector<SearchNode>& nodes() const { return nodes_; }
  const std::vector<std::uint32_t>& generated() const { return generated_; }
  // Start to goal: the start, the corners turned at, the goal. Empty unless Found.
  const std::vector<Vec2>& path() const { return path_; }
  double cost() const { return cost_; }
  const PlannerCounters& counters() const { return counters_; }
  std::size_t open_size() const { return heap_.size(); }
  std::vector<PlannerEntry> open_in_order(std::size_t limit) const { return in_pop_order(heap_, limit); }
  // The node's h: f - g, the shortest distance from its root through its interval to the goal.
  double h(const SearchNode& node) const;
  Vec2 start() const { return start_; }
  Vec2 goal() const { return goal_; }

 private:
  bool is_goal_polygon(std::int32_t polygon) const;
  void add(SearchNode node);
  void expand_start(std::uint32_t id);
  void expand_into_goal(std::uint32_t id);
  void expand_successors(std::uint32_t id);
  void finish(std::uint32_t id);
  bool dominated(const SearchNode& node) const;

  const NavMesh& mesh_;
  Vec2 start_, goal_;
  PlannerState state_ = PlannerState::Idle;
  std::vector<SearchNode> nodes_;
  std::vector<PlannerEntry> heap_;
  std::vector<std::uint32_t> generated_;
  std::vector<std::uint32_t> start_polygons_, goal_polygons_;
  std::vector<double> root_g_;             // per vertex: the cheapest g it was reached with
  std::vector<std::uint32_t> root_stamp_;  // per vertex: the search that reached it
  std::uint32_t search_ = 0;
  std::vector<Vec2> path_;
  double cost_ = NAN;
  PlannerCounters counters_;
};

}  // namespace astar::navmesh
