// The pruning rule of jump point search at a terrain edge (jump_points.h, "Terrain"): which
// neighbours of a cell must be kept, given its 3 x 3 block of costs, the direction it was
// entered by, the diagonal rule and the cost model.
//
// A move costs its length times the cost of the cell it enters. With p the cell the move
// came from (p = centre - travel), a neighbour m of the centre is pruned when a path from p
// to m that avoids the centre, of one or two moves inside the block, is
//   - strictly cheaper than p -> centre -> m, or
//   - exactly as cheap and the same two moves in JPS's canonical order: the diagonal first
//     (4-connected: the vertical move first), so p -> z -> m with (p -> z) = (centre -> m)
//     and (z -> m) = (p -> centre).
// Every other neighbour the centre can legally move to is kept; the natural ones always.
// Why this is sound: take any optimal path and replace each pruned triple (p, centre, m) by
// its alternative. A strictly cheaper one cannot exist on an optimal path; an equally cheap
// one moves a diagonal (vertical) move earlier, which can happen only finitely often. So
// some optimal path has no pruned triple, and JPS, which keeps everything else, finds it.
// Where the block is of one cost this gives exactly JPS's own rules (jump_rules.h;
// tests/native/jump_points_test.cpp checks every block of walls).
//
// Costs are compared exactly: a path's cost is a count of straight units and of diagonal
// units, each unit a cell's cost, and a + b sqrt(2) is compared with integers.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

#include "jump_rules.h"
#include "moves.h"
#include "options.h"

namespace astar::jump_terrain {

// Costs of a 3 x 3 block, row by row from the north-west; 0 for a wall or off the map.
using Block = std::array<std::uint8_t, 9>;

inline constexpr int cell_of(int dx, int dy) { return (dy + 1) * 3 + (dx + 1); }

struct Cost {
  long long straight = 0;  // sum of the costs of cells entered by straight moves
  long long diagonal = 0;  // ... by diagonal moves
};

// The sign of a - b under `model`.
inline int compare(Cost a, Cost b, CostModel model) {
  const long long s = a.straight - b.straight, d = a.diagonal - b.diagonal;
  if (model == CostModel::Integer) {
    const long long v = 10 * s + 14 * d;
    return (v > 0) - (v < 0);
  }
  // s + d sqrt(2): equal only when both are 0 (sqrt(2) is irrational).
  if (s >= 0 && d >= 0) return (s > 0 || d > 0) ? 1 : 0;
  if (s <= 0 && d <= 0) return -1;
  const long long ss = s * s, dd = 2 * d * d;
  return s > 0 ? (ss > dd ? 1 : -1) : (dd > ss ? 1 : -1);
}

class Rule {
 public:
  Rule(const Block& block, Diagonal rule, CostModel model) : block_(block), rule_(rule), model_(model) {}

  // The directions kept at the centre after entering by `travel` (kNoDirection: every legal
  // move), each a legal move.
  std::uint8_t kept(int travel) const {
    std::uint32_t out = 0;
    for (int k = 0; k < kDirectionCount; ++k)
      if (legal(0, 0, k) && keeps(travel, k)) out |= 1u << k;
    return static_cast<std::uint8_t>(out);
  }

 private:
  std::uint8_t cost(int x, int y) const {
    if (x < -1 || x > 1 || y < -1 || y > 1) return 0;
    return block_[static_cast<std::size_t>(cell_of(x, y))];
  }
  bool open(int x, int y) const { return cost(x, y) != 0; }

  bool legal(int x, int y, int dir) const {
    const int dx = kDirDx[dir], dy = kDirDy[dir];
    if (!open(x + dx, y + dy)) return false;
    if (dir < 4) return true;
    switch (rule_) {
      case Diagonal::Never: return false;
      case Diagonal::Always: return true;
      case Diagonal::IfAtMostOneObstacle: return open(x + dx, y) || open(x, y + dy);
      case Diagonal::OnlyWhenNoObstacles: return open(x + dx, y) && open(x, y + dy);
    }
    return false;
  }

  // The cost of a move in `dir` into (x, y).
  Cost move(int dir, int x, int y) const {
    Cost c;
    (dir >= 4 ? c.diagonal : c.straight) = cost(x, y);
    return c;
  }
  static Cost plus(Cost a, Cost b) { return {a.straight + b.straight, a.diagonal + b.diagonal}; }

  bool canonical_first(int first, int second) const {
    if (rule_ == Diagonal::Never) return (first == 0 || first == 2) && (second == 1 || second == 3);
    return first >= 4 && second < 4;
  }

  bool keeps(int travel, int k) const {
    if (travel < 0 || travel >= kDirectionCount) return true;
    if (jump_rules::natural(rule_, travel) & (1u << k)) return true;
    const int px = -kDirDx[travel], py = -kDirDy[travel];
    const int mx = kDirDx[k], my = kDirDy[k];
    if (mx == px && my == py) return false;  // back to p
    const Cost via = plus(move(travel, 0, 0), move(k, mx, my));
    // p -> m directly.
    if (std::abs(mx - px) <= 1 && std::abs(my - py) <= 1) {
      const int dir = jump_rules::dir_of(mx - px, my - py);
      if (legal(px, py, dir) && compare(move(dir, mx, my), via, model_) < 0) return false;
    }
    // p -> z -> m, z another cell of the block.
    for (int zy = -1; zy <= 1; ++zy) {
      for (int zx = -1; zx <= 1; ++zx) {
        if ((zx == 0 && zy == 0) || (zx == px && zy == py) || (zx == mx && zy == my)) continue;
        if (std::abs(zx - px) > 1 || std::abs(zy - py) > 1 || std::abs(mx - zx) > 1 || std::abs(my - zy) > 1) continue;
        const int first = jump_rules::dir_of(zx - px, zy - py), second = jump_rules::dir_of(mx - zx, my - zy);
        if (!legal(px, py, first) || !legal(zx, zy, second)) continue;
        const int sign = compare(plus(move(first, zx, zy), move(second, mx, my)), via, model_);
        if (sign < 0 || (sign == 0 && first == k && second == travel && canonical_first(k, travel))) return false;
      }
    }
    return true;
  }

  const Block& block_;
  Diagonal rule_;
  CostModel model_;
};

}  // namespace astar::jump_terrain
