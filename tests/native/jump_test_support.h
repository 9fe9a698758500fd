// Test support shared by the jump tests (jump_points_test.cpp: the online scanner;
// jump_table_test.cpp: JPS+'s table): maps that make jump point search work (random walls,
// mazes with one-cell corridors, long walls), and a JumpReport that records what a scan tells,
// so that two scanners can be compared event by event.
#pragma once

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "events.h"
#include "grid.h"
#include "moves.h"

namespace astar::jump_test {

// ---------------------------------------------------------------------------------------
// What a scan reports, recorded so that two scanners can be compared event by event.

struct Reported {
  bool is_forced = false;
  int x = 0, y = 0, dir = 0;  // scan: from (x, y) in dir; forced: the forced cell (x, y)
  std::uint32_t steps = 0;
  Outcome outcome = Outcome::None;
  int jx = 0, jy = 0;  // forced: the jump point
  friend bool operator==(const Reported&, const Reported&) = default;
};

inline std::ostream& operator<<(std::ostream& out, const Reported& r) {
  if (r.is_forced) return out << "forced(" << r.x << "," << r.y << " of " << r.jx << "," << r.jy << ")";
  return out << "scan(" << r.x << "," << r.y << " dir " << r.dir << " steps " << r.steps << " outcome "
             << static_cast<int>(r.outcome) << ")";
}

struct Recorder {
  static constexpr bool kActive = true;
  std::vector<Reported> events;
  void scan(int x, int y, int dir, std::uint32_t steps, Outcome outcome) {
    events.push_back({false, x, y, dir, steps, outcome, 0, 0});
  }
  void forced(int fx, int fy, int jx, int jy) { events.push_back({true, fx, fy, 0, 0, Outcome::None, jx, jy}); }
  void terrain_keeps(int, int, std::uint32_t dirs) { terrain_dirs |= dirs; }
  std::uint32_t terrain_dirs = 0;  // every direction the terrain rule alone kept
};

struct Successor {
  int dir;
  std::uint32_t steps;
  friend bool operator==(const Successor&, const Successor&) = default;
};

inline std::ostream& operator<<(std::ostream& out, const Successor& s) { return out << "(" << s.dir << " x" << s.steps << ")"; }

// ---------------------------------------------------------------------------------------
// Maps.

inline Grid grid_from(const std::vector<std::string>& rows) {
  Grid grid(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      if (rows[y][x] == '#') grid.set_cost(grid.id(x, y), kWall);
  return grid;
}

inline Grid random_grid(int w, int h, double density, std::mt19937& rng) {
  Grid grid(w, h);
  std::bernoulli_distribution wall(density);
  for (CellId id = 0; id < grid.cell_count(); ++id)
    if (wall(rng)) grid.set_cost(id, kWall);
  return grid;
}

// A perfect maze (every corridor one cell wide), optionally with some walls knocked out so
// that it has loops.
inline Grid maze_grid(int cells_w, int cells_h, double knock_out, std::mt19937& rng) {
  const int w = 2 * cells_w + 1, h = 2 * cells_h + 1;
  Grid grid(w, h);
  grid.fill(kWall);
  std::vector<char> seen(static_cast<std::size_t>(cells_w * cells_h), 0);
  std::vector<std::pair<int, int>> stack = {{0, 0}};
  seen[0] = 1;
  grid.set_cost(grid.id(1, 1), 1);
  while (!stack.empty()) {
    const auto [cx, cy] = stack.back();
    std::vector<int> options;
    for (int d = 0; d < 4; ++d) {
      const int nx = cx + kDirDx[d], ny = cy + kDirDy[d];
      if (nx >= 0 && ny >= 0 && nx < cells_w && ny < cells_h && !seen[static_cast<std::size_t>(ny * cells_w + nx)])
        options.push_back(d);
    }
    if (options.empty()) {
      stack.pop_back();
      continue;
    }
    const int d = options[std::uniform_int_distribution<std::size_t>(0, options.size() - 1)(rng)];
    const int nx = cx + kDirDx[d], ny = cy + kDirDy[d];
    seen[static_cast<std::size_t>(ny * cells_w + nx)] = 1;
    grid.set_cost(grid.id(2 * cx + 1 + kDirDx[d], 2 * cy + 1 + kDirDy[d]), 1);
    grid.set_cost(grid.id(2 * nx + 1, 2 * ny + 1), 1);
    stack.push_back({nx, ny});
  }
  std::bernoulli_distribution knock(knock_out);
  for (int y = 1; y + 1 < h; ++y)
    for (int x = 1; x + 1 < w; ++x)
      if (((x ^ y) & 1) && knock(rng)) grid.set_cost(grid.id(x, y), 1);
  return grid;
}

// Solid rectangles on open ground: long walls that cast "shadows" JPS must look around.
inline Grid blocks_grid(int w, int h, int blocks, std::mt19937& rng) {
  Grid grid(w, h);
  for (int i = 0; i < blocks; ++i) {
    const int bw = std::uniform_int_distribution<int>(1, std::max(1, w / 2))(rng);
    const int bh = std::uniform_int_distribution<int>(1, std::max(1, h / 2))(rng);
    const int bx = std::uniform_int_distribution<int>(0, w - 1)(rng);
    const int by = std::uniform_int_distribution<int>(0, h - 1)(rng);
    for (int y = by; y < std::min(h, by + bh); ++y)
      for (int x = bx; x < std::min(w, bx + bw); ++x) grid.set_cost(grid.id(x, y), kWall);
  }
  return grid;
}

// Terrain on a map: the walkable cells get a base cost (usually 1, sometimes more, which
// heuristics must scale by), then `patches` rectangles of another cost 1..9, from single cells
// to a third of the map, some of them touching walls or each other. Walls stay walls. With
// big patches JPS jumps across uniform ground; with small ones nearly every cell is a
// terrain edge.
inline void paint_terrain(Grid& grid, int patches, std::mt19937& rng) {
  const int w = grid.width(), h = grid.height();
  std::uniform_int_distribution<int> cost(1, 9);
  const std::uint8_t base = std::bernoulli_distribution(0.2)(rng) ? static_cast<std::uint8_t>(cost(rng)) : 1;
  for (CellId id = 0; id < grid.cell_count(); ++id)
    if (grid.passable(id)) grid.set_cost(id, base);
  for (int i = 0; i < patches; ++i) {
    const int pw = std::uniform_int_distribution<int>(1, std::max(1, w / 3))(rng);
    const int ph = std::uniform_int_distribution<int>(1, std::max(1, h / 3))(rng);
    const int px = std::uniform_int_distribution<int>(0, w - 1)(rng);
    const int py = std::uniform_int_distribution<int>(0, h - 1)(rng);
    const auto c = static_cast<std::uint8_t>(cost(rng));
    for (int y = py; y < std::min(h, py + ph); ++y)
      for (int x = px; x < std::min(w, px + pw); ++x)
        if (grid.passable(grid.id(x, y))) grid.set_cost(grid.id(x, y), c);
  }
}

// A walkable cell with a walkable neighbour of another cost (jump_points.h, "Terrain"),
// straight from the grid.
inline bool terrain_edge(const Grid& grid, int x, int y) {
  if (!grid.in_bounds(x, y) || !grid.passable(grid.id(x, y))) return false;
  const std::uint8_t c = grid.cost(grid.id(x, y));
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (grid.in_bounds(x + dx, y + dy) && grid.passable(grid.id(x + dx, y + dy)) && grid.cost(grid.id(x + dx, y + dy)) != c)
        return true;
  return false;
}

inline std::vector<Point> free_cells(const Grid& grid) {
  std::vector<Point> cells;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      if (grid.passable(grid.id(x, y))) cells.push_back({x, y});
  return cells;
}

}  // namespace astar::jump_test
