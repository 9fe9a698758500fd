// JPS's pruning rules (jump_points.h, DESIGN) as pure functions of a cell's neighbour mask
// (bit d: the neighbour in direction d is walkable, as Grid::neighbour_mask), tabulated at
// compile time. The online scanner (jump_points.h), JPS+'s table (jump_table.h) and the rule
// at a terrain edge (jump_terrain.h) all read them.
#pragma once

#include <array>
#include <cstdint>

#include "moves.h"
#include "options.h"

namespace astar {

namespace jump_rules {

constexpr int dir_of(int dx, int dy) {
  constexpr int table[3][3] = {{7, 0, 4}, {3, -1, 1}, {6, 2, 5}};
  return table[dy + 1][dx + 1];
}
constexpr std::uint32_t bit(int dir) { return 1u << dir; }

constexpr std::uint32_t natural(Diagonal m, int travel) {
  if (travel < 0 || travel >= kDirectionCount) return m == Diagonal::Never ? 0x0Fu : 0xFFu;
  if (m == Diagonal::Never) {
    if (travel >= 4) return 0x0Fu;
    return (travel & 1) ? bit(travel) : bit(travel) | bit(1) | bit(3);
  }
  if (travel < 4) return bit(travel);
  const int dx = kDirDx[travel], dy = kDirDy[travel];
  return bit(travel) | bit(dir_of(0, dy)) | bit(dir_of(dx, 0));
}

constexpr std::uint32_t forced(Diagonal m, int travel, std::uint32_t mask) {
  if (travel < 0 || travel >= kDirectionCount) return 0;
  const auto open = [mask](int ox, int oy) { return ((mask >> dir_of(ox, oy)) & 1u) != 0; };
  const int dx = kDirDx[travel], dy = kDirDy[travel];
  std::uint32_t dirs = 0;
  if (travel < 4) {
    if (m == Diagonal::Never && dx == 0) return 0;
    for (int side = 0; side < 2; ++side) {
      const int ox = side ? -dy : dy, oy = side ? -dx : dx;
      if (m == Diagonal::Never || m == Diagonal::OnlyWhenNoObstacles) {
        if (!open(ox - dx, oy - dy) && open(ox, oy)) {
          dirs |= bit(dir_of(ox, oy));
          if (m == Diagonal::OnlyWhenNoObstacles) dirs |= bit(dir_of(dx + ox, dy + oy));
        }
      } else if (!open(ox, oy) && open(dx + ox, dy + oy) && (m == Diagonal::Always || open(dx, dy))) {
        dirs |= bit(dir_of(dx + ox, dy + oy));
      }
    }
    return dirs;
  }
  if (m == Diagonal::Always || m == Diagonal::IfAtMostOneObstacle) {
    const bool careful = m == Diagonal::IfAtMostOneObstacle;
    if (!open(-dx, 0) && open(-dx, dy) && (!careful || open(0, dy))) dirs |= bit(dir_of(-dx, dy));
    if (!open(0, -dy) && open(dx, -dy) && (!careful || open(dx, 0))) dirs |= bit(dir_of(dx, -dy));
  }
  return dirs;
}

// kPrune[rule][travel][mask]: the directions kept at a cell; travel kDirectionCount is the start.
using PruneTable = std::array<std::array<std::array<std::uint8_t, 256>, kDirectionCount + 1>, 4>;
constexpr PruneTable make_prune_table() {
  PruneTable table{};
  for (int m = 0; m < 4; ++m)
    for (int travel = 0; travel <= kDirectionCount; ++travel)
      for (std::uint32_t mask = 0; mask < 256; ++mask)
        table[m][travel][mask] =
            static_cast<std::uint8_t>(natural(static_cast<Diagonal>(m), travel) | forced(static_cast<Diagonal>(m), travel, mask));
  return table;
}
inline constexpr PruneTable kPrune = make_prune_table();

// The neighbour mask from three rows of three cells (bit 3 * row + column, NW first).
constexpr std::array<std::uint8_t, 512> make_mask_table() {
  std::array<std::uint8_t, 512> table{};
  for (int rows = 0; rows < 512; ++rows) {
    std::uint32_t mask = 0;
    for (int d = 0; d < kDirectionCount; ++d)
      if ((rows >> ((kDirDy[d] + 1) * 3 + (kDirDx[d] + 1))) & 1) mask |= bit(d);
    table[rows] = static_cast<std::uint8_t>(mask);
  }
  return table;
}
inline constexpr std::array<std::uint8_t, 512> kMaskFromRows = make_mask_table();

}  // namespace jump_rules

}  // namespace astar
