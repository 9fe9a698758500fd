// StartEstimate: D* Lite's heuristic h(start, cell), an estimate of the cost from the start
// to a cell that knows the walls and terrain near the start.
//
// Why. D* Lite searches back from the goal and must take out every queued cell whose key
// min(g, rhs) + h(start, cell) is below the start's. With h the plain octile distance, the
// cells between the goal and the start on open ground all have the same key as the start
// (every one of them is on some cheapest path there, as far as h can tell); a wall just
// beside the start, which makes the true cost a little higher, then forces D* Lite to take
// out all of that band, cell by cell, to prove that none of it leads round the wall more
// cheaply. A forward A* meets the same wall at its first expansions and dives past it. In
// the walks of `npm run bench` (an agent discovering walls beside itself) this made D*
// Lite 1.8 times the expansions of repeated A* on arena and 1.4 times on NewYork_0_1024;
// its first plans were up to 8 times A*'s. An estimate that sees the walls near the start
// raises the band's keys by the detour and leaves it queued.
//
// What. A Dijkstra search from the start over the box of cells within Chebyshev distance
// r = kRadius of it (the grid as it is, with its diagonal rule) gives
//   inner(c)  for c strictly inside the box: the least cost of a path from the start to c
//             that stays strictly inside;
//   d(e)      for e on the box's ring (distance exactly r): the least cost of a path from
//             the start to e whose other cells are strictly inside.
// Every path from the start to a cell either stays strictly inside the box or reaches the
// ring, first at some cell e, so
//   h(c) = min(inner(c) [c strictly inside], min over ring cells e of d(e) + est(e, c))
// is admissible (est is the plain estimate: admissible, and no more than any move's cost).
// It is consistent too: the ring part is a minimum of functions that each grow by at most
// est(c, c') <= c(c, c') from c to c', and across the inner boundary a ring cell's d is at
// most its inner neighbour's inner + the move, so h(c') <= h(c) + c(c, c') for every move.
// At the start, h = inner = 0. With r = 1 it is "the cheapest first move, then the plain
// estimate". With no ring cell reachable (the start boxed in by walls) the plain estimate is
// used.
//
// Why r = 2. In the walks of `npm run bench` (13 game and street maps, measured natively),
// D* Lite expands 8,444,151 cells with the plain estimate, 7,872,529 with r = 1, 7,514,000
// with r = 2 and 6,693,813 with r = 3; NewYork_0_1024 1,214,600, 836,499, 721,385 and
// 448,297 (r = 4: 447,815). But the band a larger box leaves queued stays there, tied with
// the start's key, and is re-keyed whenever km grows by more than its keys fell: planning
// took 4.0 s, 4.1 s, 4.8 s and 6.3 s. r = 1 leaves arena at 1.6 times repeated A*'s
// expansions; r = 2 is the smallest box that brings every map below A*'s.
//
// Fast path. h(c) >= est(start, c) always (d(e) >= est(start, e), and est's triangle
// inequality), and h(c) = est(start, c) as soon as one ring cell e on a cheapest way from
// the start to c as est measures it (est(start, e) + est(e, c) = est(start, c)) has
// d(e) = est(start, e): the walls near the start are not in the way. For the octile and
// Chebyshev estimates and a cell on or beyond the ring, those ring cells are the cells that
// monotone paths of straight and diagonal moves toward c reach after r moves: a range of
// one side of the ring, checked in O(1) with prefix counts of such "clear" ring cells per
// side. Elsewhere (euclidean and manhattan estimates, cells inside the box, walls in the
// way) the minimum is taken over the ring.
//
// Moving the start (or changing the grid). D* Lite's km must then grow by at least
// h_a(c) - h_b(c) for every cell c, h_a the estimate keys were made with and h_b the new one,
// so that keys queued before stay lower bounds; the less it grows, the fewer queued keys are
// found out of date (each then costs a re-key). rise_to() bounds it by looking only at the
// new box: write ring_a(c) for h_a's ring part (the plain estimate when h_a is plain), which
// grows by at most est(m, c) from m to c. Where h_b(c) comes from b's ring cell m,
// h_b(c) = d_b(m) + est(m, c) and h_a(c) <= ring_a(m) + est(m, c), so the difference is at
// most ring_a(m) - d_b(m); elsewhere c is inside b's box and the difference is
// h_a(c) - inner_b(c), which only matters for a cell with a key queued (the start's key,
// and every key made after the move, are made with h_b). The bound is the largest of these
// over b's ring and the queued cells inside (or, for a plain h_b, est(a, b) plus how far h_a
// may exceed est(a, .)). A start that moved one cell on open ground gets one move's cost, as
// with the plain estimate.
//
// Costs are whole multiples of 2^-25 held as 64-bit integers (exact_costs.h), like D* Lite's
// keys; the euclidean estimate's rounding may break its triangle inequality by two units
// (kEuclideanSlack) each time one is used above.
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstdint>
#include <vector>

#include "exact_costs.h"
#include "grid.h"
#include "options.h"

namespace astar {

class StartEstimate {
 public:
  using Fixed = std::int64_t;  // a cost times 2^25
  static constexpr int kRadius = 2;
  static constexpr Fixed kInfinite = INT64_MAX;

  // Reads the box around `start` on `grid` (the start must be in bounds). `costs` is kept
  // by reference (the plain estimate is read from it): it must outlive this estimate.
  void look_around(const Grid& grid, Diagonal diagonal, const ExactCosts& costs, Point start);

  Point start() const { return start_; }
  // h(start, p) as above, in units of 2^-25.
  Fixed at(Point p) const;
  // The plain estimate between two cells, in units of 2^-25.
  Fixed plain(Point a, Point b) const { return plain(b.x - a.x, b.y - a.y); }
  // At least at(c) - later.at(c) for every cell c for which `keyed(c)` (cells with a key in
  // D* Lite's queue: only those keys must stay lower bounds), and at least 0 (see "Moving
  // the start").
  template <class Keyed>
  Fixed rise_to(const StartEstimate& later, Keyed&& keyed) const {
    const int mx = later.start_.x - start_.x, my = later.start_.y - start_.y;  // b - a
    if (!later.lookahead_) {
      // h_a(c) <= est(a, c) + excess_a <= est(a, b) + est(b, c) + excess_a, and h_b = est(b, .).
      return plain(mx, my) + (lookahead_ ? excess_ : 0) + slack();
    }
    Fixed rise = 0;
    for (const RingCell& m : later.ring_) rise = std::max(rise, ring_part(mx + m.dx, my + m.dy) - m.cost);
    for (int i = 0; i < kSide * kSide; ++i) {
      const int dx = i % kSide - kRadius, dy = i / kSide - kRadius;
      if (std::max(std::abs(dx), std::abs(dy)) == kRadius || later.inner_[i] == kInfinite) continue;
      const Point c{later.start_.x + dx, later.start_.y + dy};
      if (keyed(c)) rise = std::max(rise, at(c) - later.inner_[i]);
    }
    return rise + 2 * slack();
  }

 private:
  static constexpr int kSide = 2 * kRadius + 1;
  struct RingCell {
    int dx, dy;  // from the start
    Fixed cost;  // d(e)
  };

  Fixed plain(int dx, int dy) const;
  // The ring part of at() (the plain estimate when there is no ring), at p - start.
  Fixed ring_part(int dx, int dy) const;
  // How many units of 2^-25 a triangle inequality of the estimate may miss by.
  Fixed slack() const { return kind_ == Heuristic::Euclidean ? ExactCosts::kEuclideanSlack : 0; }
  // Whether a clear ring cell lies on side `side` (0: x = +r, 1: x = -r, 2: y = +r, 3: y = -r)
  // at an along-side offset (y for sides 0 and 1, x for 2 and 3) in [from, to].
  bool clear_between(int side, int from, int to) const {
    return clear_prefix_[side][to + kRadius + 1] > clear_prefix_[side][from + kRadius];
  }

  const ExactCosts* costs_ = nullptr;
  Heuristic kind_ = Heuristic::Octile;
  Point start_{};
  bool lookahead_ = false;  // false: at() is the plain estimate
  bool fast_ = false;       // the estimate is octile or Chebyshev: the fast path applies
  Fixed excess_ = 0;        // the most at() may exceed plain(start, .): min over the ring of d(e) + est(e, start)
  std::array<Fixed, kSide * kSide> inner_{};  // box cell (dy + r) * side + dx + r; kInfinite off the box's reach
  std::vector<RingCell> ring_;                // the ring cells reachable within the box
  std::array<std::array<std::uint8_t, kSide + 1>, 4> clear_prefix_{};
};

}  // namespace astar
