#include "mesh_search.h"

namespace astar::navmesh {

MeshSearch::MeshSearch(const Grid& grid, const SearchOptions& options, MeshAlgorithm algorithm)
    : ExpandingSearch<MeshSearch>(grid, options), algorithm_(algorithm) {
  set_grid(grid);
}

void MeshSearch::set_mesh(std::shared_ptr<const NavMesh> mesh, std::uint64_t grid_revision) {
  given_ = {std::move(mesh), grid_revision};
}

bool MeshSearch::prepared() const {
  const NavMesh* mesh = given_.mesh.get();
  return mesh && mesh->width() == grid_->width() && mesh->height() == grid_->height() && given_.grid_revision == grid_->revision();
}

void MeshSearch::begin() {
  path_points_.clear();
  if (!prepared()) {
    status_ = Status::Preparing;
    return;
  }
  // A mesh treats every walkable cell alike, as Theta* does.
  if (!grid_->uniform_cost()) {
    refusal_ = Refusal::NeedsUniformTerrain;
    status_ = Status::Refused;
    return;
  }
  if (current_ != given_.mesh) {
    current_ = given_.mesh;
    polyanya_.reset();
    corridor_.reset();
  }
  const Vec2 start{start_.x + 0.5, start_.y + 0.5}, goal{goal_.x + 0.5, goal_.y + 0.5};
  status_ = Status::Running;
  if (algorithm_ == MeshAlgorithm::Polyanya) {
    if (!polyanya_) polyanya_.emplace(*current_);
    polyanya_->begin(start, goal);
    settle(polyanya_->state(), polyanya_->path(), polyanya_->cost(), polyanya_->counters());
  } else {
    if (!corridor_) corridor_.emplace(*current_);
    corridor_->begin(start, goal);
    settle(corridor_->state(), corridor_->path(), corridor_->cost(), corridor_->counters());
  }
}

void MeshSearch::settle(PlannerState state, const std::vector<Vec2>& path, double cost, const PlannerCounters& counters) {
  counters_.expanded = counters.expanded;
  counters_.opened = counters.generated;
  counters_.improved = 0;
  counters_.max_open = counters.max_open;
  if (state == PlannerState::NoPath) status_ = Status::NoPath;
  if (state == PlannerState::Found) {
    status_ = Status::Found;
    path_cost_ = cost;
    path_points_ = path;
  }
}

std::size_t MeshSearch::open_size() const {
  if (status_ != Status::Running) return 0;
  return algorithm_ == MeshAlgorithm::Polyanya ? (polyanya_ ? polyanya_->open_size() : 0)
                                               : (corridor_ ? corridor_->open_size() : 0);
}

std::vector<OpenItem> MeshSearch::open_in_order(std::size_t limit) const {
  std::vector<OpenItem> items;
  const std::vector<PlannerEntry> entries = algorithm_ == MeshAlgorithm::Polyanya ? polyanya_->open_in_order(limit)
                                                                                 : corridor_->open_in_order(limit);
  for (const PlannerEntry& e : entries) items.push_back({e.id, e.g, e.f - e.g, e.f, Side::Forward});
  return items;
}

}  // namespace astar::navmesh
