#include "grid.h"

#include <algorithm>

#include "moves.h"

namespace astar {

std::string Grid::size_error(long long width, long long height) {
  if (width <= 0 || height <= 0)
    return "grid size must be positive, got " + std::to_string(width) + " x " + std::to_string(height);
  if (width > kMaxGridSide || height > kMaxGridSide)
    return "grid size " + std::to_string(width) + " x " + std::to_string(height) + " is larger than the maximum " +
           std::to_string(kMaxGridSide) + " x " + std::to_string(kMaxGridSide);
  return {};
}

Grid::Grid(int width, int height) {
  if (size_error(width, height).empty()) {
    width_ = width;
    height_ = height;
  }
  const std::size_t count = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  costs_.assign(count, kMinTerrainCost);
  masks_.assign(count, 0);
  cells_per_cost_[kMinTerrainCost] = static_cast<std::uint32_t>(count);
  rebuild_all_masks();
}

void Grid::set_cost(CellId id, std::uint8_t cost) {
  cost = std::min(cost, kMaxTerrainCost);
  const std::uint8_t old = costs_[id];
  if (old == cost) return;
  --cells_per_cost_[old];
  ++cells_per_cost_[cost];
  costs_[id] = cost;
  ++revision_;
  // Only walls change masks; a terrain change keeps passability.
  if ((old == kWall) != (cost == kWall)) {
    const Point p = point(id);
    update_masks_around(p.x, p.y);
  }
}

void Grid::fill(std::uint8_t cost) {
  cost = std::min(cost, kMaxTerrainCost);
  std::fill(costs_.begin(), costs_.end(), cost);
  cells_per_cost_.fill(0);
  cells_per_cost_[cost] = static_cast<std::uint32_t>(costs_.size());
  ++revision_;
  rebuild_all_masks();
}

bool Grid::assign(const std::uint8_t* costs, std::size_t count) {
  if (count != costs_.size()) return false;
  cells_per_cost_.fill(0);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t c = std::min(costs[i], kMaxTerrainCost);
    costs_[i] = c;
    ++cells_per_cost_[c];
  }
  ++revision_;
  rebuild_all_masks();
  return true;
}

std::uint8_t Grid::min_cost() const {
  for (std::uint8_t c = kMinTerrainCost; c <= kMaxTerrainCost; ++c)
    if (cells_per_cost_[c] != 0) return c;
  return kMinTerrainCost;
}

bool Grid::uniform_cost() const {
  int costs_present = 0;
  for (std::uint8_t c = kMinTerrainCost; c <= kMaxTerrainCost; ++c) costs_present += cells_per_cost_[c] != 0;
  return costs_present <= 1;
}

std::uint8_t Grid::compute_mask(int x, int y) const {
  std::uint8_t mask = 0;
  for (int dir = 0; dir < kDirectionCount; ++dir) {
    const int nx = x + kDirDx[dir], ny = y + kDirDy[dir];
    if (in_bounds(nx, ny) && costs_[id(nx, ny)] != kWall) mask |= static_cast<std::uint8_t>(1u << dir);
  }
  return mask;
}

void Grid::update_masks_around(int x, int y) {
  for (int ny = y - 1; ny <= y + 1; ++ny)
    for (int nx = x - 1; nx <= x + 1; ++nx)
      if (in_bounds(nx, ny)) masks_[id(nx, ny)] = compute_mask(nx, ny);
}

void Grid::rebuild_all_masks() {
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) masks_[id(x, y)] = compute_mask(x, y);
}

}  // namespace astar
