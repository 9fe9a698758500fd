// MeshSearch: the mesh searches (Polyanya, navmesh A* + funnel) behind the Search
// interface, beside the grid searches: reset, one expansion per step with its events,
// run flat out, the open list in order, counters.
//
// The domain seam. A mesh search has no per-cell state: phase(), g(), channels() and the
// other per-cell reads report nothing, and its events speak of nodes, not cells:
//   Polyanya        Expand: `cell` is the search node taken (a = g, b = h, c = f, `other`
//                   its parent); Neighbour: `cell` a node it generated, `outcome` Opened,
//                   Pruned (its root was reached more cheaply), IntoDeadEnd (it leads into
//                   a dead end) or ReachesGoal (the final node), b = its g, `other` the
//                   expanded node. polyanya_node(id) gives a node's root, interval, polygon.
//   navmesh A*      Expand: `cell` is the polygon taken; Neighbour: a neighbouring polygon,
//                   `outcome` Opened, Improved, NotImproved or AlreadyClosed, a = g before,
//                   b = g after. polygon_node(p) gives its position (the midpoint of the
//                   edge it was entered by) and parent. The last step adds Corridor (a = its
//                   polygons) and one Funnel event per portal (`cell` indexes funnel()).
// The path is corners in the plane (path_points(); cell (x, y) is the square from (x, y)
// to (x + 1, y + 1), and the start and goal are the centres of their cells); path() lists
// no cells.
//
// Preparation (search.h's contract). The mesh is built from the grid in TypeScript
// (web/src/engine/navmesh, where the constrained Delaunay triangulation library lives) and
// given with set_mesh(), so a MeshSearch cannot advance its own preparation: reset() on a
// search without a mesh for the grid's current revision and size leaves it Preparing (its
// preparation() needed and not ready), and set_mesh() or adopt_preparation() from another
// mesh search that has one begins it. The registry makes it for both rows of the algorithm
// table (options.h: navmesh, polyanya); which one it runs is SearchOptions::algorithm, read
// at reset(). A mesh treats every walkable cell alike, as Theta* does (the row's
// uniform_terrain_only refuses other grids).
#pragma once

#include <memory>
#include <optional>

#include "../search.h"
#include "corridor.h"
#include "polyanya.h"

namespace astar::navmesh {

// The mesh a search reads, with the grid it was built from.
struct PreparedMesh {
  std::shared_ptr<const NavMesh> mesh;
  std::uint64_t grid_revision = 0;
};

class MeshSearch final : public ExpandingSearch<MeshSearch> {
 public:
  static constexpr bool kPrepares = true;
  static constexpr bool kOnMesh = true;
  // An upper bound of what a mesh holds per cell (NavMesh::bytes on the shared maps is below
  // a quarter of it: a mesh has far fewer vertices than the map has cells).
  static constexpr std::size_t kPreparedBytesPerCell = 64;

  MeshSearch(const Grid& grid, const SearchOptions& options);

  // The mesh of `grid_revision` of the grid. A Preparing search for which it fits begins.
  void set_mesh(std::shared_ptr<const NavMesh> mesh, std::uint64_t grid_revision);
  // Whether the mesh given fits the grid now (its size and revision).
  bool has_mesh() const;
  // The mesh the current search reads (null before the first search began).
  const NavMesh* mesh() const { return current_ ? current_.get() : nullptr; }
  bool polyanya_runs() const { return options_.algorithm == Algorithm::Polyanya; }

  Preparation preparation() const override;
  std::size_t open_count() const override;
  CellPhase phase(CellId) const override { return CellPhase::Unseen; }
  double g(CellId) const override { return NAN; }
  double f(CellId) const override { return NAN; }
  CellId parent(CellId) const override { return kNoCell; }
  std::uint32_t expansion_order(CellId) const override { return 0; }
  std::vector<Point> route_to(CellId) const override { return {}; }
  std::vector<Channel> channels() const override { return {}; }

  // Start to goal as points of the plane; empty unless Found.
  const std::vector<Vec2>& path_points() const { return path_points_; }
  // The search that ran last (null for the other kind, and before the first began).
  const Polyanya* polyanya() const { return polyanya_ && polyanya_search_ ? &*polyanya_search_ : nullptr; }
  const CorridorSearch* corridor() const { return !polyanya_ && corridor_ ? &*corridor_ : nullptr; }

  static constexpr std::size_t bytes_per_cell() { return 0; }

 protected:
  void resize(std::size_t) override {}
  void begin() override;
  std::uint64_t advance_preparation(std::uint64_t) override { return 0; }  // the mesh comes from set_mesh
  bool share_preparation(const Search& other) override;
  void clear_stamps() override {}
  CellId stored_parent(CellId) const override { return kNoCell; }
  std::vector<OpenItem> open_in_order(std::size_t limit) const override;

 private:
  friend class ExpandingSearch<MeshSearch>;
  template <class Listener>
  void expand_next(Listener& listener);
  void settle(PlannerState state, const std::vector<Vec2>& path, double cost, const PlannerCounters& counters);

  bool polyanya_ = false;  // what the running search is: options_.algorithm at its begin()
  PreparedMesh given_;
  std::shared_ptr<const NavMesh> current_;  // the mesh the running search reads
  std::optional<Polyanya> polyanya_search_;
  std::optional<CorridorSearch> corridor_;
  std::vector<Vec2> path_points_;
};

template <class Listener>
void MeshSearch::expand_next(Listener& listener) {
  constexpr bool kObserved = listener_observes<Listener>();
  if (polyanya_) {
    Polyanya& search = *polyanya_search_;
    const std::uint32_t id = search.expand();
    if (kObserved && id != kNoNode) {
      const SearchNode& node = search.nodes()[id];
      Event expand = make_event(EventKind::Expand, id, node.g, node.f - node.g, node.f);
      expand.other = node.parent;
      listener.on_event(expand);
      for (std::uint32_t child : search.generated()) {
        const SearchNode& next = search.nodes()[child];
        listener.on_event(neighbour_event(child, next.outcome, NAN, next.g, id));
      }
    }
    settle(search.state(), search.path(), search.cost(), search.counters());
    return;
  }
  CorridorSearch& search = *corridor_;
  const std::uint32_t polygon = search.expand();
  if (kObserved && polygon != kNoNode) {
    const PolygonNode& node = *search.node(polygon);
    Event expand = make_event(EventKind::Expand, polygon, node.g, node.f - node.g, node.f);
    expand.other = node.parent < 0 ? kNoCell : static_cast<CellId>(node.parent);
    listener.on_event(expand);
    for (const CorridorSearch::Generated& next : search.generated())
      listener.on_event(neighbour_event(next.polygon, next.outcome, next.g_before, search.node(next.polygon)->g, polygon));
    if (search.state() == PlannerState::Found) {
      listener.on_event(make_event(EventKind::Corridor, polygon, static_cast<double>(search.corridor().size())));
      for (std::size_t i = 0; i < search.funnel().size(); ++i) {
        Event funnel = make_event(EventKind::Funnel, static_cast<CellId>(i), search.funnel()[i].portal);
        funnel.outcome = search.funnel()[i].move;
        listener.on_event(funnel);
      }
    }
  }
  settle(search.state(), search.path(), search.cost(), search.counters());
}

}  // namespace astar::navmesh
