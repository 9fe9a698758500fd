// Navmesh A* + funnel: what game engines do (Recast/Detour's findPath, then string
// pulling). Fast, not optimal.
//
// A* runs over polygons. As Detour does, a polygon's position is the midpoint of the edge
// it was entered by (the start's polygon: the start itself): g adds the straight distances
// between these positions, h is the straight distance from the position to the goal, and
// a cheaper way to an open polygon moves its position to the new edge's midpoint. Closed
// polygons are not reopened. The search stops when it takes a polygon that holds the goal.
//
// The polygons from start to goal are the corridor; the edges between them its portals.
// The funnel (Mononen's "simple stupid funnel algorithm", string pulling) then walks the
// portals with an apex and a left and right side: a portal end inside the funnel narrows
// it; one that crosses the other side makes that side's point a corner of the path and the
// new apex. The corridor fixes which side of every obstacle the path passes, so the path
// is the shortest within the corridor, not the shortest on the map.
//
// One expansion is one polygon; the last step (taking the goal's polygon) also builds the
// corridor and runs the funnel, recording each portal's funnel for observers.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "../events.h"
#include "polyanya.h"

namespace astar::navmesh {

// The funnel after one portal: `portal` indexes the corridor's portals (0 is the start
// point, the last the goal point); `move` is None (the portal changed nothing), Narrowed
// (a side moved in) or Corner (a side's point became a corner of the path and the apex).
struct FunnelStep {
  std::uint32_t portal = 0;
  Vec2 portal_left, portal_right;
  Vec2 apex, left, right;
  Outcome move = Outcome::None;
};

// Per polygon, what the A* over polygons knows.
struct PolygonNode {
  double g = NAN, f = NAN;
  Vec2 position;
  std::int32_t parent = kNoPolygon;
  std::uint32_t order = 0;  // 1-based expansion order, 0 until expanded
  bool closed = false;
};

class CorridorSearch {
 public:
  explicit CorridorSearch(const NavMesh& mesh);

  void begin(Vec2 start, Vec2 goal);
  // One expansion; returns the polygon expanded (kNoNode when the open list was empty). Its
  // neighbours' outcomes are in generated(), as (polygon, outcome, g before).
  std::uint32_t expand();

  struct Generated {
    std::uint32_t polygon;
    Outcome outcome;
    double g_before;
  };
  PlannerState state() const { return state_; }
  const std::vector<Generated>& generated() const { return generated_; }
  // The polygon's node in this search; nullptr when it has not been reached.
  const PolygonNode* node(std::uint32_t polygon) const;
  const std::vector<Vec2>& path() const { return path_; }
  double cost() const { return cost_; }
  // Empty until Found: the polygons from start to goal, and the funnel at every portal.
  const std::vector<std::uint32_t>& corridor() const { return corridor_; }
  const std::vector<FunnelStep>& funnel() const { return funnel_; }
  const PlannerCounters& counters() const { return counters_; }
  std::size_t open_size() const { return open_count_; }
  std::vector<PlannerEntry> open_in_order(std::size_t limit) const;
  Vec2 start() const { return start_; }
  Vec2 goal() const { return goal_; }

  // String pulling through `portals` (left, right pairs, as seen walking from the first to
  // the last; the first and last are the start and goal points): the path's corners, and
  // the funnel after each portal in `steps` when it is not null.
  static std::vector<Vec2> pull_string(const std::vector<std::pair<Vec2, Vec2>>& portals, std::vector<FunnelStep>* steps);

 private:
  PolygonNode& at(std::uint32_t polygon);
  void finish(std::uint32_t goal_polygon);

  const NavMesh& mesh_;
  Vec2 start_, goal_;
  PlannerState state_ = PlannerState::Idle;
  std::vector<PolygonNode> nodes_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t search_ = 0;
  std::vector<PlannerEntry> heap_;  // lazy: entries whose f is no longer the polygon's are skipped
  std::size_t open_count_ = 0;
  std::vector<std::uint32_t> goal_polygons_;
  std::vector<Generated> generated_;
  std::vector<std::uint32_t> corridor_;
  std::vector<FunnelStep> funnel_;
  std::vector<Vec2> path_;
  double cost_ = NAN;
  PlannerCounters counters_;
};

}  // namespace astar::navmesh
