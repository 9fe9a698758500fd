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

// Loading a map or a link rebuilds every mask in one call, which the page cannot cut into
// slices: on a 1024 x 1024 map, testing the bounds of each of 8 neighbours of every cell made
// that call (twice, for a grid created and then assigned) a main-thread task of about 50 ms.
// Inside the border every neighbour exists, so the interior reads its neighbours at fixed
// offsets from the cell, and only the border cells go through compute_mask.
void Grid::rebuild_all_masks() {
  if (width_ < 3 || height_ < 3) {
    for (int y = 0; y < height_; ++y)
      for (int x = 0; x < width_; ++x) masks_[id(x, y)] = compute_mask(x, y);
    return;
  }
  std::array<std::ptrdiff_t, kDirectionCount> offsets{};
  for (int dir = 0; dir < kDirectionCount; ++dir)
    offsets[dir] = static_cast<std::ptrdiff_t>(kDirDy[dir]) * width_ + kDirDx[dir];
  for (int x = 0; x < width_; ++x) {
    masks_[id(x, 0)] = compute_mask(x, 0);
    masks_[id(x, height_ - 1)] = compute_mask(x, height_ - 1);
  }
  for (int y = 1; y < height_ - 1; ++y) {
    masks_[id(0, y)] = compute_mask(0, y);
    masks_[id(width_ - 1, y)] = compute_mask(width_ - 1, y);
    const std::uint8_t* cost = costs_.data() + id(1, y);
    std::uint8_t* mask = masks_.data() + id(1, y);
    for (int x = 1; x < width_ - 1; ++x, ++cost, ++mask) {
      std::uint8_t bits = 0;
      for (int dir = 0; dir < kDirectionCount; ++dir)
        bits |= static_cast<std::uint8_t>(static_cast<unsigned>(cost[offsets[dir]] != kWall) << dir);
      *mask = bits;
    }
  }
}

}  // namespace astar
