#include "start_estimate.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>

#include "moves.h"

namespace astar {

namespace {
StartEstimate::Fixed to_fixed(double cost) { return static_cast<StartEstimate::Fixed>(cost * ExactCosts::kScale); }
}  // namespace

void StartEstimate::look_around(const Grid& grid, Diagonal diagonal, const ExactCosts& costs, Point start) {
  costs_ = &costs;
  kind_ = costs.heuristic.kind;
  start_ = start;
  excess_ = 0;
  ring_.clear();
  // Manhattan with diagonal moves overestimates a diagonal move: the bound on km needs an
  // estimate no larger than any move's cost, so that estimate stays plain.
  lookahead_ = grid.passable(grid.id(start.x, start.y)) && !(kind_ == Heuristic::Manhattan && diagonal != Diagonal::Never);
  fast_ = kind_ == Heuristic::Octile || kind_ == Heuristic::Chebyshev;
  if (!lookahead_) return;

  // Dijkstra over the box: cells strictly inside are taken out in cost order (the box is
  // small: a linear scan for the least is cheaper than a heap); ring cells are only reached.
  constexpr int r = kRadius;
  inner_.fill(kInfinite);
  std::array<bool, kSide * kSide> done{};
  inner_[r * kSide + r] = 0;
  for (;;) {
    int at = -1;
    for (int i = 0; i < kSide * kSide; ++i) {
      if (done[i] || inner_[i] == kInfinite) continue;
      if (std::max(std::abs(i % kSide - r), std::abs(i / kSide - r)) == r) continue;
      if (at < 0 || inner_[i] < inner_[at]) at = i;
    }
    if (at < 0) break;
    done[at] = true;
    const int x = start.x + at % kSide - r, y = start.y + at / kSide - r;
    const std::uint8_t moves = allowed_moves(diagonal, grid.neighbour_mask(grid.id(x, y)));
    for (unsigned remaining = moves; remaining != 0; remaining &= remaining - 1) {
      const int dir = std::countr_zero(remaining);
      const int next = at + kDirDy[dir] * kSide + kDirDx[dir];
      const Fixed through = inner_[at] + to_fixed(costs.move(dir, grid.cost(grid.id(x + kDirDx[dir], y + kDirDy[dir]))));
      inner_[next] = std::min(inner_[next], through);
    }
  }

  Fixed excess = kInfinite;
  for (auto& counts : clear_prefix_) counts.fill(0);
  std::array<std::array<std::uint8_t, kSide>, 4> clear{};
  for (int i = 0; i < kSide * kSide; ++i) {
    const int dx = i % kSide - r, dy = i / kSide - r;
    if (std::max(std::abs(dx), std::abs(dy)) != r || inner_[i] == kInfinite) continue;
    ring_.push_back({dx, dy, inner_[i]});
    excess = std::min(excess, inner_[i] + plain(dx, dy));
    if (inner_[i] != plain(dx, dy)) continue;
    if (dx == r) clear[0][dy + r] = 1;
    if (dx == -r) clear[1][dy + r] = 1;
    if (dy == r) clear[2][dx + r] = 1;
    if (dy == -r) clear[3][dx + r] = 1;
  }
  if (ring_.empty()) {
    // Walled in within the box: nothing lies beyond, and the plain estimate will do.
    lookahead_ = false;
    return;
  }
  for (int side = 0; side < 4; ++side)
    for (int j = 0; j < kSide; ++j) clear_prefix_[side][j + 1] = static_cast<std::uint8_t>(clear_prefix_[side][j] + clear[side][j]);
  excess_ = excess + slack();
}

StartEstimate::Fixed StartEstimate::plain(int dx, int dy) const { return to_fixed(costs_->estimate(0, 0, dx, dy)); }

StartEstimate::Fixed StartEstimate::ring_part(int dx, int dy) const {
  if (!lookahead_) return plain(dx, dy);
  Fixed best = kInfinite;
  for (const RingCell& e : ring_) best = std::min(best, e.cost + plain(dx - e.dx, dy - e.dy));
  return best;
}

StartEstimate::Fixed StartEstimate::at(Point p) const {
  const int dx = p.x - start_.x, dy = p.y - start_.y;
  if (!lookahead_) return plain(dx, dy);
  constexpr int r = kRadius;
  const int ax = std::abs(dx), ay = std::abs(dy);
  if (fast_ && std::max(ax, ay) >= r) {
    // The ring cells that monotone cheapest moves toward p reach after r moves: on the side
    // p lies beyond, offsets from max(0, r - (long - short)) to min(r, short) toward p.
    const bool along_x = ax >= ay;
    const int longer = along_x ? ax : ay, shorter = along_x ? ay : ax;
    const int lo = std::max(0, r - (longer - shorter)), hi = std::min(r, shorter);
    const int side = along_x ? (dx > 0 ? 0 : 1) : (dy > 0 ? 2 : 3);
    const bool toward_negative = (along_x ? dy : dx) < 0;
    if (toward_negative ? clear_between(side, -hi, -lo) : clear_between(side, lo, hi)) return plain(dx, dy);
  }
  const Fixed ring = ring_part(dx, dy);
  return std::max(ax, ay) < r ? std::min(ring, inner_[(dy + r) * kSide + dx + r]) : ring;
}

}  // namespace astar
