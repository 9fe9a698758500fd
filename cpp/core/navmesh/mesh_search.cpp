#include "mesh_search.h"

namespace astar::navmesh {

MeshSearch::MeshSearch(const Grid& grid, const SearchOptions& options) : ExpandingSearch<MeshSearch>(grid, options) {
  set_grid(grid);
}

void MeshSearch::set_mesh(std::shared_ptr<const NavMesh> mesh, std::uint64_t grid_revision) {
  given_ = {std::move(mesh), grid_revision};
  if (status_ == Status::Preparing && !stale() && has_mesh()) start_search();
}

bool MeshSearch::has_mesh() const {
  const NavMesh* mesh = given_.mesh.get();
  return mesh && mesh->width() == grid_->width() && mesh->height() == grid_->height() && given_.grid_revision == grid_->revision();
}

Preparation MeshSearch::preparation() const {
  const bool ready = has_mesh();
  return {true, ready, ready ? 1u : 0u, 1, given_.mesh ? given_.mesh->bytes() : 0};
}

bool MeshSearch::share_preparation(const Search& other) {
  const auto* mesh_search = dynamic_cast<const MeshSearch*>(&other);
  if (!mesh_search || !mesh_search->given_.mesh || &mesh_search->grid() != grid_ ||
      mesh_search->given_.grid_revision != grid_->revision())
    return false;
  given_ = mesh_search->given_;
  return true;
}

void MeshSearch::begin() {
  path_points_.clear();
  if (current_ != given_.mesh) {
    current_ = given_.mesh;
    polyanya_search_.reset();
    corridor_.reset();
  }
  polyanya_ = polyanya_runs();
  const Vec2 start{start_.x + 0.5, start_.y + 0.5}, goal{goal_.x + 0.5, goal_.y + 0.5};
  status_ = Status::Running;
  if (polyanya_) {
    if (!polyanya_search_) polyanya_search_.emplace(*current_);
    polyanya_search_->begin(start, goal);
    settle(polyanya_search_->state(), polyanya_search_->path(), polyanya_search_->cost(), polyanya_search_->counters());
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
  // Nothing left to take: there is no path, known now rather than after a step that takes
  // nothing (open_items promises that the next step expands its first entry).
  if (state == PlannerState::Running && open_size() == 0) status_ = Status::NoPath;
  if (state == PlannerState::Found) {
    status_ = Status::Found;
    path_cost_ = cost;
    path_points_ = path;
  }
}

std::size_t MeshSearch::open_count() const {
  return polyanya_ ? polyanya_search_->open_size() : corridor_->open_size();
}

std::vector<OpenItem> MeshSearch::open_in_order(std::size_t limit) const {
  std::vector<OpenItem> items;
  const std::vector<PlannerEntry> entries =
      polyanya_ ? polyanya_search_->open_in_order(limit) : corridor_->open_in_order(limit);
  for (const PlannerEntry& e : entries) items.push_back({e.id, e.g, e.f - e.g, e.f, Side::Forward});
  return items;
}

}  // namespace astar::navmesh
