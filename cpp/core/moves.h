// Moves on an 8-connected grid: direction numbering, step lengths, and which moves each
// diagonal mode allows given a cell's neighbour mask.
//
// Directions are numbered straight moves first, clockwise from north, then diagonals
// clockwise from north-east. A search considers neighbours in this order, which fixes
// the order of ties and of the neighbours reported in a step.
//
//      7 0 4        NW N NE
//      3 . 1         W . E
//      6 2 5        SW S SE
//
// The diagonal rule is a pure function of the 8-bit mask, so we tabulate it once:
// allowed_moves(mode, mask) is a single load in the inner loop.
#pragma once

#include <array>
#include <cstdint>

#include "options.h"

namespace astar {

inline constexpr int kDirectionCount = 8;
inline constexpr std::uint8_t kNoDirection = 0xFF;

inline constexpr std::array<int, kDirectionCount> kDirDx = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr std::array<int, kDirectionCount> kDirDy = {-1, 0, 1, 0, -1, 1, 1, -1};

inline constexpr double kSqrt2 = 1.4142135623730950488;
inline constexpr std::array<double, kDirectionCount> kDirLength = {1, 1, 1, 1, kSqrt2, kSqrt2, kSqrt2, kSqrt2};

inline constexpr bool is_diagonal(int dir) { return dir >= 4; }

// The order in which equally cheap moves are preferred when a route is read from costs to
// the goal: diagonals first, then straight moves, each clockwise from north. Searches that
// dive toward the goal along one cheapest path (A* taking the larger g at equal f) take
// their diagonal moves first on open ground, so routes read in this order agree with them
// there (D* Lite's path, the walk's canonical route: canonical_route.h).
inline constexpr std::array<int, kDirectionCount> kRouteOrder = {4, 5, 6, 7, 0, 1, 2, 3};

// The two straight directions a diagonal passes between (its "corners").
inline constexpr std::array<int, 2> diagonal_sides(int dir) {
  switch (dir) {
    case 4: return {0, 1};  // NE: N and E
    case 5: return {2, 1};  // SE: S and E
    case 6: return {2, 3};  // SW: S and W
    default: return {0, 3};  // NW: N and W
  }
}

namespace detail {
constexpr std::uint8_t compute_allowed(Diagonal mode, std::uint8_t mask) {
  std::uint8_t allowed = mask & 0x0F;
  if (mode == Diagonal::Never) return allowed;
  for (int dir = 4; dir < kDirectionCount; ++dir) {
    if (!(mask & (1u << dir))) continue;
    auto [a, b] = diagonal_sides(dir);
    int open_sides = ((mask >> a) & 1) + ((mask >> b) & 1);
    bool ok = mode == Diagonal::Always || (mode == Diagonal::IfAtMostOneObstacle && open_sides >= 1) ||
              (mode == Diagonal::OnlyWhenNoObstacles && open_sides == 2);
    if (ok) allowed |= static_cast<std::uint8_t>(1u << dir);
  }
  return allowed;
}

constexpr std::array<std::array<std::uint8_t, 256>, 4> make_allowed_table() {
  std::array<std::array<std::uint8_t, 256>, 4> table{};
  for (int mode = 0; mode < 4; ++mode)
    for (int mask = 0; mask < 256; ++mask)
      table[mode][mask] = compute_allowed(static_cast<Diagonal>(mode), static_cast<std::uint8_t>(mask));
  return table;
}
inline constexpr auto kAllowedMoves = make_allowed_table();
}  // namespace detail

// Moves allowed from a cell whose neighbour mask is `mask`, under `mode`.
inline std::uint8_t allowed_moves(Diagonal mode, std::uint8_t mask) {
  return detail::kAllowedMoves[static_cast<int>(mode)][mask];
}

}  // namespace astar
