// Line of sight between cell centres, for any-angle search (Theta*).
//
// The rule: the straight segment between two cell centres may not touch a blocked cell at
// all, not even at a single corner point, and cells outside the map count as blocked.
// A segment through a lattice corner therefore needs all four cells around that corner
// free, which is exactly the Moving AI rule for a diagonal step (only-when-no-obstacles).
// So every legal 8-connected path is also a legal any-angle path, and any-angle paths are
// never longer than 8-connected ones.
//
// The walk is exact, in integers: the segment from centre (x0+1/2, y0+1/2) to
// (x1+1/2, y1+1/2) crosses a vertical grid line at parameter t = (2i+1) / (2|dx|) and a
// horizontal one at (2j+1) / (2|dy|). Comparing (2i+1)|dy| with (2j+1)|dx| says which it
// crosses first; equality is a corner, where both side cells are touched too. Every cell
// the segment touches lies inside the bounding box of the two end cells, so no cell off
// the map is ever touched when both ends are on it.
#pragma once

#include <cmath>
#include <cstdlib>

#include "events.h"
#include "grid.h"

namespace astar {

// Walks the cells the segment from the centre of (x0, y0) to the centre of (x1, y1) touches,
// in the order the segment meets them: cell(x, y, from, to) for each cell it runs through,
// from and to being the fractions of the segment where it enters and leaves the cell, and
// corner(x, y) for each of the two cells beside a lattice corner it passes through, which it
// touches at that point only. A call returning true stops the walk, and walk_segment then
// returns true.
template <class Cell, class Corner>
bool walk_segment(int x0, int y0, int x1, int y1, Cell&& cell, Corner&& corner) {
  const int sx = x1 > x0 ? 1 : -1, sy = y1 > y0 ? 1 : -1;
  const long long ax = std::abs(x1 - x0), ay = std::abs(y1 - y0);
  int x = x0, y = y0;
  // Crossings made so far: i vertical lines, j horizontal lines.
  long long i = 0, j = 0;
  double t = 0;
  while (i < ax || j < ay) {
    const long long vertical = (2 * i + 1) * ay;    // when the next vertical line is crossed (scaled)
    const long long horizontal = (2 * j + 1) * ax;  // when the next horizontal line is crossed
    const bool across = i < ax && (j >= ay || vertical <= horizontal);
    const bool down = j < ay && (i >= ax || horizontal <= vertical);
    const double next = across ? static_cast<double>(2 * i + 1) / static_cast<double>(2 * ax)
                               : static_cast<double>(2 * j + 1) / static_cast<double>(2 * ay);
    if (cell(x, y, t, next)) return true;
    // Through a corner: the two cells beside it are touched before the diagonal one.
    if (across && down && (corner(x + sx, y) || corner(x, y + sy))) return true;
    t = next;
    if (across) x += sx, ++i;
    if (down) y += sy, ++j;
  }
  return cell(x, y, t, 1.0);
}

// The first blocked cell the segment from (x0, y0) to (x1, y1) touches, in the order the
// segment meets them, or kNoCell when the line of sight is clear. Both ends must be in the
// grid; the end cells themselves are checked too.
inline CellId first_obstruction(const Grid& grid, int x0, int y0, int x1, int y1) {
  CellId found = kNoCell;
  const auto blocked = [&](int x, int y) {
    if (grid.passable(grid.id(x, y))) return false;
    found = grid.id(x, y);
    return true;
  };
  walk_segment(x0, y0, x1, y1, [&](int x, int y, double, double) { return blocked(x, y); }, blocked);
  return found;
}

inline bool line_of_sight(const Grid& grid, int x0, int y0, int x1, int y1) {
  return first_obstruction(grid, x0, y0, x1, y1) == kNoCell;
}

// The cost of the segment between the two cell centres on a map with terrain: its length
// inside each cell times that cell's cost (nothing in the two cells beside a lattice corner
// it passes through). The cells are not checked: call it for a clear line of sight (or
// between neighbours).
inline double segment_cost(const Grid& grid, int x0, int y0, int x1, int y1) {
  double sum = 0;
  walk_segment(
      x0, y0, x1, y1,
      [&](int x, int y, double from, double to) {
        sum += (to - from) * grid.cost(grid.id(x, y));
        return false;
      },
      [](int, int) { return false; });
  const double dx = x1 - x0, dy = y1 - y0;
  return sum * std::sqrt(dx * dx + dy * dy);
}

}  // namespace astar
