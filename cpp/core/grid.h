// Grid: the map a search runs on. Walls, walkable cells with a terrain cost, and
// the precomputed neighbour masks that make expansion cheap.
//
// Design:
// - Cells live in one flat byte array indexed by id = y * width + x. A cell's byte is
//   its terrain cost 1..9, or 0 for a wall. Nothing else is stored per cell except the
//   neighbour mask below, so a 4096 x 4096 grid takes 32 MiB.
// - For every cell we keep an 8-bit mask of which of its eight neighbours are inside
//   the grid and walkable. A search then never bounds-checks or re-reads walls around a
//   cell: it looks the mask up in a 256-entry table per diagonal mode (see moves.h).
//   Edits update the 3 x 3 block around the changed cell, so painting stays O(1).
// - We count cells per terrain cost so the smallest cost present is known in O(1);
//   heuristics scale by it to stay admissible on maps whose cheapest terrain is > 1.
// - `revision()` increases on every edit. Searches and renderers compare it to know
//   when what they computed is out of date.
// - A search never mutates the grid (PathFinding.js keeps search state on its nodes and
//   must tell users to clone the grid; we keep all search state in the Search object).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace astar {

using CellId = std::uint32_t;

struct Point {
  int x = 0;
  int y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

// Largest accepted side. 4096 x 4096 = 16 Mi cells keeps every id in 32 bits with room
// to spare and bounds memory (grid + 16-byte search state per cell = 544 MiB at most).
inline constexpr int kMaxGridSide = 4096;

inline constexpr std::uint8_t kWall = 0;
inline constexpr std::uint8_t kMinTerrainCost = 1;
inline constexpr std::uint8_t kMaxTerrainCost = 9;

class Grid {
 public:
  // Empty string when width x height is acceptable, otherwise a sentence saying why.
  // Callers that take sizes from users check this before constructing.
  static std::string size_error(long long width, long long height);

  // Every cell starts walkable with cost 1. Precondition: size_error(width, height) is
  // empty (checked; an invalid size yields a 1 x 1 grid rather than undefined behaviour).
  Grid(int width, int height);

  // Its per-cell arrays (costs and move masks): what a grid of n cells holds, n times this.
  static constexpr std::size_t kBytesPerCell = 2 * sizeof(std::uint8_t);

  int width() const { return width_; }
  int height() const { return height_; }
  std::size_t cell_count() const { return costs_.size(); }

  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  CellId id(int x, int y) const { return static_cast<CellId>(y) * static_cast<CellId>(width_) + static_cast<CellId>(x); }
  CellId id(Point p) const { return id(p.x, p.y); }
  Point point(CellId id) const {
    return {static_cast<int>(id % static_cast<CellId>(width_)), static_cast<int>(id / static_cast<CellId>(width_))};
  }

  // 0 for a wall, otherwise the terrain cost 1..9 of entering the cell.
  std::uint8_t cost(CellId id) const { return costs_[id]; }
  bool passable(CellId id) const { return costs_[id] != kWall; }

  // cost 0 makes a wall; values above 9 are clamped to 9.
  void set_cost(CellId id, std::uint8_t cost);
  void fill(std::uint8_t cost);
  // Replace every cell at once (row-major, size must equal cell_count(); values > 9 are
  // clamped). Returns false and changes nothing if the size is wrong.
  bool assign(const std::uint8_t* costs, std::size_t count);

  // Bit d is set when the neighbour in direction d (see moves.h) is in bounds and
  // walkable.
  std::uint8_t neighbour_mask(CellId id) const { return masks_[id]; }

  // Smallest terrain cost of any walkable cell (1 when there is none).
  std::uint8_t min_cost() const;
  // True when every walkable cell has the same terrain cost (or none is walkable): the
  // maps JPS and Theta* are defined on.
  bool uniform_cost() const;

  // Raw row-major costs, for bulk export and typed-array views.
  const std::uint8_t* costs() const { return costs_.data(); }

  std::uint64_t revision() const { return revision_; }

 private:
  void update_masks_around(int x, int y);
  void rebuild_all_masks();
  std::uint8_t compute_mask(int x, int y) const;

  int width_ = 1;
  int height_ = 1;
  std::vector<std::uint8_t> costs_;
  std::vector<std::uint8_t> masks_;
  std::array<std::uint32_t, kMaxTerrainCost + 1> cells_per_cost_{};
  std::uint64_t revision_ = 0;
};

}  // namespace astar
