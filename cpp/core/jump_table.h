// JumpTable: JPS+'s precomputed jumps (Harabor & Grastien, "Improving Jump Point Search",
// ICAPS 2014), and PrecomputedJumps, the jump source JumpPolicy reads them through.
//
// WHAT IS STORED. For every cell and each of the eight directions (moves.h order), what a
// goal-less jump point scan from that cell in that direction finds, under one diagonal rule:
// the number of moves it makes, and whether it stops at a jump point or runs into a dead end
// (the next move is illegal). One 16-bit entry:
//     bits 0..14  steps: moves to the jump point, or to the last cell before the dead end
//                 (0: the first move is illegal)
//     bit 15      kJumpPoint: the scan stops at a jump point (else at a dead end)
// Sides are at most kMaxGridSide (4096) cells, so 15 bits always hold the steps. Entries are
// cell-major, 8 per cell (16 bytes a cell), so one expansion reads one cache line; the same
// layout is exposed as eight channels ("jumpN", "jumpE", ..., "jumpNW", moves.h order: u16,
// stride 16 bytes, no stamp) for the page to draw the distances on the cells.
//
// WHAT A SCAN IS. Exactly JumpScanner's (jump_points.h, whose header gives the pruning rules):
// a straight scan stops at the first cell with a forced neighbour for its direction; a
// diagonal scan (and a vertical scan under "never") stops at the first cell with a forced
// neighbour (always, if-at-most-one-obstacle) or from which a straight scan along one of its
// two components finds a jump point. So the table is the online scanner's answer with no goal
// on the map; the tests check it against the scanner cell by cell and direction by direction.
//
// BUILT IN O(cells) BY LINE SWEEPS. Each entry depends on one neighbour's entries only: a
// straight scan from c in d is "dead end, 0" when c + d is blocked, "jump point, 1" when c + d
// has a forced neighbour, else the scan from c + d plus one move. A diagonal (stepped) scan
// likewise, with "a component scan from c + d finds a jump point" as one more stop. So
// rows are swept top to bottom for east, west (within the row), north, north-east and
// north-west (each reads the row above), then bottom to top for south, south-east and
// south-west (the row below, and the straight entries already made). Every entry is written,
// walls included (0). The work unit is one row of one sweep: 2 x height units in all, which
// is how a caller slices the build (JumpTableBuilder::advance) and shows progress.
//
// THE GOAL. A table made without a goal still answers with one: PrecomputedJumps::successors
// reproduces the online scans' goal checks. A straight jump reaches the goal when the goal
// lies on its line within its steps. A diagonal jump visits cells 1..steps; at each the online
// scan stops if the cell is the goal, or if a straight component scan from it reaches the
// goal, which can only happen at the cell where the diagonal crosses the goal's column or row
// (the component scan along that column or row, read from the table at the crossing cell).
// The earliest such crossing before the table's stop is where the jump stops. So JPS+ gives
// exactly the successors online JPS gives, in the same order: the same search, expansion by
// expansion.
//
// REPORTS. Scans are told like JumpScanner's (a JumpReport): each kept direction's scan, with
// the forced neighbours of the jump point it stopped at; for a diagonal jump that stopped
// because a component scan found something, that component scan (from the stop cell). What
// JPS+ does not do is pass over cells: it reports no per-cell scanning (no "scanned" channel)
// and not the component scans that found nothing; its reports are a subsequence of JPS's.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "events.h"
#include "expansion_policy.h"
#include "grid.h"
#include "jump_points.h"
#include "moves.h"
#include "options.h"
#include "search.h"

namespace astar {

// The channels of the eight directions' entries, in moves.h order (ChannelName::JumpN + dir).
inline ChannelName jump_channel(int dir) {
  return static_cast<ChannelName>(static_cast<int>(ChannelName::JumpN) + dir);
}

class JumpTable {
 public:
  static constexpr std::uint16_t kJumpPoint = 0x8000;
  static constexpr std::uint16_t kSteps = 0x7FFF;
  static constexpr std::size_t kBytesPerCell = kDirectionCount * sizeof(std::uint16_t);

  // Whether it was made for this grid object, as it is now, under this rule.
  bool made_for(const Grid& grid, Diagonal rule) const {
    return grid_ == &grid && revision_ == grid.revision() && width_ == grid.width() && height_ == grid.height() &&
           rule_ == rule;
  }
  Diagonal rule() const { return rule_; }
  std::uint16_t entry(CellId id, int dir) const { return entries_[static_cast<std::size_t>(id) * kDirectionCount + static_cast<std::size_t>(dir)]; }
  const std::uint16_t* data() const { return entries_.get(); }
  std::size_t bytes() const { return cells_ * kBytesPerCell; }

 private:
  friend class JumpTableBuilder;
  const Grid* grid_ = nullptr;
  std::uint64_t revision_ = 0;
  int width_ = 0, height_ = 0;
  Diagonal rule_ = Diagonal::OnlyWhenNoObstacles;
  std::size_t cells_ = 0;
  std::unique_ptr<std::uint16_t[]> entries_;  // not zeroed: the sweeps write every entry
};

// Builds a JumpTable for one grid, as it is when the builder is made, and one rule, a slice of
// rows at a time. The grid must not change meanwhile (a search checks made_for and starts
// again when it did).
class JumpTableBuilder {
 public:
  JumpTableBuilder(const Grid& grid, Diagonal rule);

  bool made_for(const Grid& grid, Diagonal rule) const { return table_->made_for(grid, rule); }
  std::uint64_t total() const { return 2 * static_cast<std::uint64_t>(table_->height_); }
  std::uint64_t done() const { return rows_done_; }
  bool finished() const { return rows_done_ == total(); }
  std::size_t bytes() const { return table_->bytes(); }
  // Sweeps up to `rows` more rows; returns how many.
  std::uint64_t advance(std::uint64_t rows);
  // The finished table (once finished()); the builder is spent.
  std::shared_ptr<const JumpTable> take() { return std::move(table_); }

 private:
  template <Diagonal M>
  void sweep_row(std::uint64_t unit);

  std::shared_ptr<JumpTable> table_;
  std::uint64_t rows_done_ = 0;
};

// The jump source of JPS+ (JumpPolicy<PrecomputedJumps>): JumpScanner's successors() read from
// a shared, immutable JumpTable instead of scanning. It holds the table through the search's
// preparation (preparation.h): built in slices, or adopted from another search made for the
// same grid, revision and rule.
class PrecomputedJumps {
 public:
  static constexpr bool kScansCells = false;
  static constexpr bool kPrepares = true;
  static constexpr std::size_t kPreparedBytesPerCell = JumpTable::kBytesPerCell;

  // At a search's start: the table is ready (a search begins only once prepared).
  void prepare(const Grid& grid, Diagonal, CostModel = CostModel::Exact) { grid_ = &grid; }
  // The grid object may have been replaced: the table is not trusted any more.
  void invalidate() {
    table_.reset();
    builder_.reset();
  }

  Preparation preparation(const Grid& grid, const SearchOptions& options) const;
  std::uint64_t prepare_steps(const Grid& grid, const SearchOptions& options, std::uint64_t units);
  bool adopt_preparation(const PrecomputedJumps& other, const Grid& grid, const SearchOptions& options);
  const void* prepared_data() const { return table_.get(); }
  const JumpTable* table() const { return table_.get(); }

  void channels(std::vector<Channel>& list) const {
    if (!table_) return;
    for (int dir = 0; dir < kDirectionCount; ++dir)
      list.push_back({jump_channel(dir), ChannelType::U16, table_->data() + dir, JumpTable::kBytesPerCell, nullptr, 0});
  }

  template <class Found, class Report>
  void successors(int x, int y, int travel, Point goal, Found&& found, Report& report) const {
    switch (table_->rule()) {
      case Diagonal::Never: successors_in<Diagonal::Never>(x, y, travel, goal, found, report); break;
      case Diagonal::Always: successors_in<Diagonal::Always>(x, y, travel, goal, found, report); break;
      case Diagonal::IfAtMostOneObstacle: successors_in<Diagonal::IfAtMostOneObstacle>(x, y, travel, goal, found, report); break;
      case Diagonal::OnlyWhenNoObstacles: successors_in<Diagonal::OnlyWhenNoObstacles>(x, y, travel, goal, found, report); break;
    }
  }

 private:
  struct Hit {
    std::uint32_t steps;
    Outcome outcome;
  };

  // Scans that step cell by cell online: the diagonals, and the verticals under "never".
  template <Diagonal M>
  static constexpr bool stepped(int dir) {
    return dir >= 4 || (M == Diagonal::Never && (dir == 0 || dir == 2));
  }

  std::uint32_t mask(int x, int y) const { return grid_->neighbour_mask(grid_->id(x, y)); }

  template <Diagonal M, class Report>
  void report_forced(int x, int y, int travel, Report& report) const {
    const std::uint32_t m = mask(x, y);
    std::uint32_t dirs = jump_rules::forced(M, travel, m) & allowed_moves(M, static_cast<std::uint8_t>(m));
    while (dirs != 0) {
      const int d = std::countr_zero(dirs);
      dirs &= dirs - 1;
      report.forced(x + kDirDx[d], y + kDirDy[d], x, y);
    }
  }

  // The straight scan from (x, y) in `dir`, with the goal: the table's entry, cut short where
  // the goal lies on the line within it.
  Hit straight(int x, int y, int dir, Point goal) const {
    const std::uint16_t e = table_->entry(grid_->id(x, y), dir);
    Hit hit{static_cast<std::uint32_t>(e & JumpTable::kSteps), (e & JumpTable::kJumpPoint) ? Outcome::JumpPoint : Outcome::DeadEnd};
    const int dx = kDirDx[dir], dy = kDirDy[dir];
    const int ahead = dx != 0 ? (goal.y == y ? (goal.x - x) * dx : 0) : (goal.x == x ? (goal.y - y) * dy : 0);
    if (ahead > 0 && static_cast<std::uint32_t>(ahead) <= hit.steps) hit = {static_cast<std::uint32_t>(ahead), Outcome::ReachedGoal};
    return hit;
  }

  template <Diagonal M, class Report>
  Hit straight_reported(int x, int y, int dir, Point goal, Report& report) const {
    const Hit hit = straight(x, y, dir, goal);
    if constexpr (Report::kActive) {
      const int s = static_cast<int>(hit.steps);
      if (hit.outcome == Outcome::JumpPoint) report_forced<M>(x + kDirDx[dir] * s, y + kDirDy[dir] * s, dir, report);
      report.scan(x, y, dir, hit.steps, hit.outcome);
    }
    return hit;
  }

  // A stepped scan: the table's stop, or the earlier cell where the goal is, or where a
  // component scan reaches it (only where the line crosses the goal's column or row).
  template <Diagonal M, class Report>
  Hit stepped_scan(int x, int y, int dir, Point goal, Report& report) const;

  template <Diagonal M, class Found, class Report>
  void successors_in(int x, int y, int travel, Point goal, Found& found, Report& report) const {
    const std::uint32_t m = mask(x, y);
    const unsigned t = static_cast<unsigned>(travel) < kDirectionCount ? static_cast<unsigned>(travel) : kDirectionCount;
    std::uint32_t dirs = jump_rules::kPrune[static_cast<int>(M)][t][m];
    // A direction whose first move is illegal finds nothing; only a report wants to hear so.
    if constexpr (!Report::kActive) dirs &= allowed_moves(M, static_cast<std::uint8_t>(m));
    while (dirs != 0) {
      const int d = std::countr_zero(dirs);
      dirs &= dirs - 1;
      const Hit hit = stepped<M>(d) ? stepped_scan<M>(x, y, d, goal, report) : straight_reported<M>(x, y, d, goal, report);
      if (hit.outcome != Outcome::DeadEnd) found(d, hit.steps);
    }
  }

  const Grid* grid_ = nullptr;
  std::shared_ptr<const JumpTable> table_;
  std::unique_ptr<JumpTableBuilder> builder_;  // while preparing
};

template <Diagonal M, class Report>
PrecomputedJumps::Hit PrecomputedJumps::stepped_scan(int x, int y, int dir, Point goal, Report& report) const {
  const std::uint16_t e = table_->entry(grid_->id(x, y), dir);
  const std::uint32_t steps = e & JumpTable::kSteps;
  const int dx = kDirDx[dir], dy = kDirDy[dir];
  // The component scans: east before west under "never"; else in moves.h order.
  const int vertical = jump_rules::dir_of(0, dy), horizontal = jump_rules::dir_of(dx, 0);
  const int first = M == Diagonal::Never ? 1 : std::min(vertical, horizontal);
  const int second = M == Diagonal::Never ? 3 : std::max(vertical, horizontal);

  // Where the line meets the goal's column (k = (goal.x - x) dx) or row (k = (goal.y - y) dy),
  // the goal may be that cell or reachable from it by the component scan along the column or
  // row. The earliest such meeting within the table's steps is where the scan stops.
  std::uint32_t stop = steps;
  bool goal_stop = false;
  const auto consider = [&](int k, int component) {
    if (k < 1 || static_cast<std::uint32_t>(k) > stop || (goal_stop && static_cast<std::uint32_t>(k) == stop)) return;
    const int cx = x + k * dx, cy = y + k * dy;
    if ((cx == goal.x && cy == goal.y) || straight(cx, cy, component, goal).outcome == Outcome::ReachedGoal) {
      stop = static_cast<std::uint32_t>(k);
      goal_stop = true;
    }
  };
  if (dx != 0) consider((goal.x - x) * dx, vertical);
  if (M == Diagonal::Never) consider((goal.y - y) * dy, goal.x > x ? 1 : 3);
  else consider((goal.y - y) * dy, horizontal);

  Outcome outcome = goal_stop || (e & JumpTable::kJumpPoint) ? Outcome::JumpPoint : Outcome::DeadEnd;
  const int sx = x + static_cast<int>(stop) * dx, sy = y + static_cast<int>(stop) * dy;
  if (outcome == Outcome::JumpPoint && sx == goal.x && sy == goal.y) {
    outcome = Outcome::ReachedGoal;
  } else if (outcome == Outcome::JumpPoint && Report::kActive) {
    // Why the scan stopped there, as the online scan tells it: a forced neighbour, else the
    // component scan that found something (the first, unless it found nothing).
    if ((M == Diagonal::Always || M == Diagonal::IfAtMostOneObstacle) && dir >= 4 &&
        jump_rules::forced(M, dir, mask(sx, sy)) != 0) {
      report_forced<M>(sx, sy, dir, report);
    } else if (straight(sx, sy, first, goal).outcome != Outcome::DeadEnd) {
      straight_reported<M>(sx, sy, first, goal, report);
    } else {
      straight_reported<M>(sx, sy, second, goal, report);
    }
  }
  if constexpr (Report::kActive) report.scan(x, y, dir, stop, outcome);
  return {stop, outcome};
}

}  // namespace astar
