// JumpScanner: how jump point search (JPS) finds the successors of a cell.
//
// CONTRACT (the interface BestFirstSearch<JumpMoves> is written against):
//
//   scanner.prepare(grid, diagonal)
//       Called at every reset(). Rebuilds whatever the scanner keeps (bit rows of the
//       walkable cells, a transposed copy for vertical scans) only when the grid's
//       revision, size or the diagonal rule changed since the last call.
//
//   scanner.successors(x, y, travel, goal, found, report)
//       For the cell (x, y), reached by a move in direction `travel` (moves.h numbering;
//       kNoDirection for the start), scans every direction JPS keeps after pruning under
//       the diagonal rule given to prepare(), and for each jump point (or the goal) found
//       calls
//           found(int dir, std::uint32_t steps)
//       meaning: the successor is `steps` moves in direction `dir` from (x, y), on a
//       straight or diagonal line, every move of which is legal under the diagonal rule.
//       Directions are visited in moves.h order, so searches stay deterministic.
//       `report` is a JumpReport (below) told about every scan and forced neighbour.
//
// template JumpReport concept:
//   static constexpr bool kActive;   false: successors() reports nothing (compiled away)
//   void scan(int x, int y, int dir, std::uint32_t steps, Outcome outcome);
//       a scan from (x, y) in `dir` passed over `steps` cells and ended at the last of
//       them: Outcome::JumpPoint, ReachedGoal, TerrainChange (a jump point beside a change of
//       terrain, below), or DeadEnd (the next cell is blocked or off the map; steps may then
//       be 0). Diagonal scans report the straight scans made
//       from each of their cells, in order, before their own scan.
//   void forced(int fx, int fy, int jx, int jy);
//       (fx, fy) is a forced neighbour of the jump point (jx, jy).
//   void terrain_keeps(int x, int y, std::uint32_t dirs);
//       told before the scans from (x, y), a terrain edge, when the terrain rule keeps
//       directions `dirs` (a bit per direction) that the walls' rules alone would prune
//       (below, "Terrain"): the scans in those directions are there because of the terrain.
//
// DESIGN
//
// Canonical paths. JPS keeps, of all the optimal paths that differ only in the order of
// their moves, one "canonical" path, and prunes every neighbour some canonical path reaches
// without passing through the current cell (Harabor & Grastien, AAAI 2011; the no-corner-
// cutting rules from ICAPS 2014). A neighbour that can only be reached optimally through
// the cell is "forced", and a cell with a forced neighbour is a jump point. Below, n is the
// cell entered by a move from p in direction d = (dx, dy), and a "side" s is one of the two
// directions perpendicular to a straight d. Where every walkable cell costs the same only
// move lengths matter; terrain is the next section.
//
//   rule                     straight d: natural d, and       diagonal d: natural d and its
//                            also, when                       two components, and also, when
//   only-when-no-obstacles   p+s blocked, n+s free: s, d+s    never (entering n needed both
//                                                             cells behind n free)
//   always                   n+s blocked, n+s+d free: d+s     n-(dx,0) blocked, n+(-dx,dy)
//                                                             free: (-dx,dy); the mirror for
//                                                             n-(0,dy) and (dx,-dy)
//   if-at-most-one-obstacle  as always, and n+d free (the     as always, and the side the
//                            side the forced diagonal passes) forced diagonal passes free
//   never (4-connected)      horizontal d: p+s blocked, n+s   vertical moves act like the
//                            free: s                          diagonals: natural d, E, W
//
// "never" uses the canonical order "vertical before horizontal": a vertical move may be
// followed by any move, a horizontal move only by the same move unless the wall beside p
// ends at n. So vertical scans step cell by cell, as diagonal scans do.
//
// Every cell these rules read is one of n's eight neighbours, so the kept directions are a
// table lookup, jump_rules::kPrune[rule][travel][neighbour mask], built at compile time.
//
// Terrain (weighted JPS, after JPSW: Carlson, Harabor, Stuckey et al., AAAI 2023). A move
// costs its length times the terrain cost of the cell it enters. Call a walkable cell a
// "terrain edge" when some walkable cell among its eight neighbours costs differently. Every
// rule above justifies pruning a neighbour of n by another path from p to it inside n's
// 3 x 3 block; where that block is of one cost they stand as they are (the uniform case,
// scaled). At a terrain edge the same question is answered with the block's costs
// (jump_terrain.h): a neighbour is pruned when a path from p avoiding n is strictly cheaper,
// or as cheap and the same two moves in canonical order. On a straight boundary this keeps,
// for example, the moves from the cheap side into the costly one, but nothing from the
// costly side back along it, and a scan that crosses a boundary square on does not stop.
// An edge is a jump point for scans in direction d when entering it by d keeps a direction
// that is not natural (Outcome::TerrainChange); its expansion keeps what the rule keeps.
// A jump may then enter cells of several costs: its cost is the move's length times the
// sum of their costs (jump_policy.h). Maps of one terrain cost have no edges and never pay
// for any of this (the T = false instances below).
//
// Jumping. A straight scan runs until the next cell is blocked (dead end: no successor), a
// cell is a jump point, or it passes the goal. A diagonal scan (and a vertical scan under
// "never") steps one cell at a time while the move is legal and stops at a cell that is the
// goal, has a forced neighbour, or from which a straight scan in one of the diagonal's two
// components (tried in moves.h order; the second is skipped once the first finds something)
// finds a jump point or the goal.
//
// Block scans ("Improving Jump Point Search", ICAPS 2014). Straight scans never step cell
// by cell: lines_[d] holds, for each straight direction d, the walkable cells as bit lines
// laid out so that d is "forward" (east: the rows; west: the rows mirrored; south: the
// transpose; north: the transpose mirrored), with a blocked line on either side and blocked
// cells at position -1 and from the line's end to the end of its words. A scan reads its
// line and the two lines beside it 56 cells at a time (one unaligned 8-byte load per line,
// shifted to the cell: cheaper than joining two aligned words, in wasm too), builds the
// word of stop positions and takes count-trailing-zeros. With a, b the lines beside, the rules above become
//   stop = ~here | (a & ~(a << 1)) | (b & ~(b << 1))
// (a neighbour line turning from blocked to free, or a wall). For only-when-no-obstacles
// and never a "turning" bit sits at the jump point n itself; for always and
// if-at-most-one-obstacle it sits at n + 1 (n+s blocked, n+s+d free), so there every stop
// is read one cell late, which puts "the next cell is blocked" on the same bit. On a map
// with terrain stops_[d] holds, in the layout of lines_[d], the edges that stop a scan in
// direction d, one more stop (read one cell late where the other stops are). Thanks to
// the padding no scan needs a bounds check. The goal costs one comparison after the scan:
// it is reached when it lies on the scanned line between the start and the stop.
//
// Rebuilds. The bit lines depend only on the cells' costs, so prepare() rebuilds them when
// the grid (its address), its revision or its size changed; a rule change only switches
// the rules, except on a map with terrain, where the edges' stops depend on the diagonal
// rule and the cost model and are made again. invalidate() makes the next prepare() rebuild (for a grid replaced in
// place by one with the same revision and size).
//
// Reporting order within successors(): for each kept direction in moves.h order, the
// straight sub-scans of a diagonal (or never-vertical) scan from each cell it visits, each
// preceded by the forced neighbours of the jump point it stopped at; then the forced
// neighbours of the cell the scan itself stopped at, if that is why it stopped; then the
// scan's own scan(). forced() lists the neighbours the jump point can legally move to, in
// moves.h order of their direction from it. An observed expansion also scans the kept
// directions whose first move is illegal (reported as DeadEnd, 0 steps); an unobserved one
// skips them. With a report whose kActive is false nothing is reported or computed for it.
//
// Preconditions: prepare() was called and the grid has not changed since; (x, y) is a
// walkable cell.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "events.h"
#include "expansion_policy.h"
#include "grid.h"
#include "jump_rules.h"
#include "jump_terrain.h"
#include "moves.h"
#include "options.h"

namespace astar {

// window() reads bit lines through unaligned byte loads, which number bits this way.
static_assert(std::endian::native == std::endian::little, "JumpScanner assumes a little-endian target");

// The JumpReport for unobserved searches.
struct NoJumpReport {
  static constexpr bool kActive = false;
  void scan(int, int, int, std::uint32_t, Outcome) {}
  void forced(int, int, int, int) {}
  void terrain_keeps(int, int, std::uint32_t) {}
};


class JumpScanner : public NothingToPrepare {
 public:
  // For JumpPolicy (jump_policy.h): scans pass over cells, which tracing can show; no array
  // of its own to draw; nothing prepared per map (the bit lines are rebuilt by prepare() at a
  // search's start when the grid changed).
  static constexpr bool kScansCells = true;
  template <class List>
  void channels(List&) const {}

  void prepare(const Grid& grid, Diagonal diagonal, CostModel model = CostModel::Exact);
  void invalidate() { built_ = false; }

  Diagonal diagonal() const { return diagonal_; }
  int width() const { return width_; }
  int height() const { return height_; }
  // Walkable as of the last prepare(); false outside the map.
  bool walkable(int x, int y) const {
    return built_ && x >= 0 && y >= 0 && x < width_ && y < height_ && free(x, y);
  }

  // True when the grid had several terrain costs at the last prepare().
  bool terrain() const { return terrain_; }
  // A terrain edge (see DESIGN) as of the last prepare(); false outside the map.
  bool terrain_edge(int x, int y) const {
    return built_ && terrain_ && x >= 0 && y >= 0 && x < width_ && y < height_ && edge(x, y);
  }

  template <class Found, class Report>
  void successors(int x, int y, int travel, Point goal, Found&& found, Report& report) const {
    if (terrain_) successors_for<true>(x, y, travel, goal, found, report);
    else successors_for<false>(x, y, travel, goal, found, report);
  }

 private:
  struct Hit {
    std::uint32_t steps;
    Outcome outcome;
  };

  // Cell a of line b is bit a + 1 of line b + 1 in storage: position -1 and line -1 are padding.
  struct BitLines {
    std::vector<std::uint64_t> words;
    int stride = 0;  // words per line
    const std::uint64_t* line(int b) const { return words.data() + static_cast<std::ptrdiff_t>(b + 1) * stride; }
  };

  // The goal in every straight direction's line coordinates.
  struct Target {
    int x, y;
    std::array<int, 4> line;
    std::array<int, 4> at;
  };

  // Cells a .. a + 56 of a line, cell a in bit 0 (one unaligned load; bits above 56 are
  // cells too, but not all of them are read).
  static std::uint64_t window(const std::uint64_t* line, int a) {
    const unsigned pos = static_cast<unsigned>(a + 1);
    std::uint64_t word;
    std::memcpy(&word, reinterpret_cast<const unsigned char*>(line) + (pos >> 3), sizeof word);
    return word >> (pos & 7u);
  }

  // Valid for -1 <= x <= width, -1 <= y <= height.
  bool free(int x, int y) const {
    const unsigned pos = static_cast<unsigned>(x + 1);
    return (lines_[1].line(y)[pos >> 6] >> (pos & 63u)) & 1u;
  }

  std::uint32_t neighbour_mask(int x, int y) const {
    const std::uint32_t above = static_cast<std::uint32_t>(window(lines_[1].line(y - 1), x - 1)) & 7u;
    const std::uint32_t here = static_cast<std::uint32_t>(window(lines_[1].line(y), x - 1)) & 7u;
    const std::uint32_t below = static_cast<std::uint32_t>(window(lines_[1].line(y + 1), x - 1)) & 7u;
    return jump_rules::kMaskFromRows[above | here << 3 | below << 6];
  }

  template <bool T, class Found, class Report>
  void successors_for(int x, int y, int travel, Point goal, Found& found, Report& report) const {
    switch (diagonal_) {
      case Diagonal::Never: successors_in<Diagonal::Never, T>(x, y, travel, goal, found, report); break;
      case Diagonal::Always: successors_in<Diagonal::Always, T>(x, y, travel, goal, found, report); break;
      case Diagonal::IfAtMostOneObstacle:
        successors_in<Diagonal::IfAtMostOneObstacle, T>(x, y, travel, goal, found, report);
        break;
      case Diagonal::OnlyWhenNoObstacles:
        successors_in<Diagonal::OnlyWhenNoObstacles, T>(x, y, travel, goal, found, report);
        break;
    }
  }

  std::size_t cell(int x, int y) const { return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x); }
  // Valid for 0 <= x < width, 0 <= y < height, on a map with terrain.
  bool edge(int x, int y) const { return (cell_terrain_[cell(x, y)] & kEdge) != 0; }

  // The directions the terrain edge (x, y) keeps after entering by `travel`.
  std::uint32_t edge_kept(int x, int y, int travel) const {
    if (static_cast<unsigned>(travel) >= kDirectionCount)
      return allowed_moves(diagonal_, static_cast<std::uint8_t>(neighbour_mask(x, y)));
    return kept_[cell_terrain_[cell(x, y)] >> kPatternShift][static_cast<std::size_t>(travel)];
  }

  // Builds the layouts of bit lines (see BitLines and lines_) whose bit is set in `which`
  // from rows packed 64 cells to a word, `blocks` words a row.
  void lay_out(std::array<BitLines, 4>& lines, const std::vector<std::uint64_t>& rows, int blocks, unsigned which = 0xF);
  // The terrain edges, their stops and stops_ (see "Terrain").
  void build_terrain(const Grid& grid);

  template <Diagonal M>
  static std::uint32_t kept(int travel, std::uint32_t mask) {
    const unsigned t = static_cast<unsigned>(travel) < kDirectionCount ? static_cast<unsigned>(travel) : kDirectionCount;
    return jump_rules::kPrune[static_cast<int>(M)][t][mask];
  }

  template <Diagonal M>
  bool legal(int x, int y, int dir) const {
    const int dx = kDirDx[dir], dy = kDirDy[dir];
    if (!free(x + dx, y + dy)) return false;
    if (dir < 4) return true;
    if constexpr (M == Diagonal::Always) return true;
    else if constexpr (M == Diagonal::IfAtMostOneObstacle) return free(x + dx, y) || free(x, y + dy);
    else if constexpr (M == Diagonal::OnlyWhenNoObstacles) return free(x + dx, y) && free(x, y + dy);
    else return false;
  }

  template <Diagonal M, class Report>
  void report_forced(int x, int y, int travel, Report& report) const {
    const std::uint32_t mask = neighbour_mask(x, y);
    std::uint32_t dirs = jump_rules::forced(M, travel, mask) & allowed_moves(M, static_cast<std::uint8_t>(mask));
    while (dirs != 0) {
      const int d = std::countr_zero(dirs);
      dirs &= dirs - 1;
      report.forced(x + kDirDx[d], y + kDirDy[d], x, y);
    }
  }

  Target target(Point goal) const {
    return {goal.x, goal.y, {goal.x, goal.y, goal.x, goal.y}, {height_ - 1 - goal.y, goal.x, goal.y, width_ - 1 - goal.x}};
  }

  // The block scan along line b from cell a0 (a0 itself excluded); with T, `edges` holds
  // the terrain edges in the same layout.
  template <Diagonal M, bool T>
  static Hit run(const BitLines& lines, const BitLines& edges, int b, int a0) {
    // always / if-at-most-one-obstacle see a jump point's forced neighbour one cell late.
    constexpr bool kLate = M == Diagonal::Always || M == Diagonal::IfAtMostOneObstacle;
    const std::uint64_t* above = lines.line(b - 1);
    const std::uint64_t* here = lines.line(b);
    const std::uint64_t* below = lines.line(b + 1);
    const std::uint64_t* edge_line = T ? edges.line(b) : nullptr;
    std::uint64_t keep_blocked = ~std::uint64_t{1};
    std::uint64_t keep_turns = kLate ? ~std::uint64_t{3} : ~std::uint64_t{1};
    std::uint64_t carry_above = 0, carry_below = 0, carry_edge = 0;
    constexpr std::uint64_t kValid = (std::uint64_t{1} << 56) - 1;
    for (int a = a0;; a += 56) {
      const std::uint64_t up = window(above, a) & kValid, mid = window(here, a), down = window(below, a) & kValid;
      const std::uint64_t blocked = ~mid & keep_blocked & kValid;
      const std::uint64_t turns =
          ((up & ~((up << 1) | carry_above)) | (down & ~((down << 1) | carry_below))) & keep_turns;
      std::uint64_t edge_bits = 0, edge_stops = 0;
      if constexpr (T) {
        edge_bits = window(edge_line, a) & kValid;
        edge_stops = (kLate ? (edge_bits << 1) | carry_edge : edge_bits) & keep_turns;
      }
      const std::uint64_t stop = blocked | turns | edge_stops;
      if (stop != 0) {
        const int i = std::countr_zero(stop);
        const int cell = a + i;
        const bool wall = (blocked >> i) & 1u;
        // A terrain edge stops the scan whatever else is read at the same bit.
        if (T && ((edge_stops >> i) & 1u) != 0)
          return Hit{static_cast<std::uint32_t>(kLate ? cell - 1 - a0 : cell - a0), Outcome::TerrainChange};
        if constexpr (!kLate) {
          return wall ? Hit{static_cast<std::uint32_t>(cell - 1 - a0), Outcome::DeadEnd}
                      : Hit{static_cast<std::uint32_t>(cell - a0), Outcome::JumpPoint};
        } else {
          // Under always the forced diagonal needs no side free, so the cell before a wall
          // can still be a jump point.
          const bool jump = M == Diagonal::Always ? ((turns >> i) & 1u) != 0 : !wall;
          return Hit{static_cast<std::uint32_t>(cell - 1 - a0), jump ? Outcome::JumpPoint : Outcome::DeadEnd};
        }
      }
      carry_above = up >> 55;
      carry_below = down >> 55;
      carry_edge = edge_bits >> 55;
      keep_blocked = keep_turns = ~std::uint64_t{0};
    }
  }

  template <Diagonal M, bool T, int D, class Report>
  Hit straight(int x, int y, const Target& t, Report& report) const {
    int b, a;
    if constexpr (D == 0) b = x, a = height_ - 1 - y;
    else if constexpr (D == 1) b = y, a = x;
    else if constexpr (D == 2) b = x, a = y;
    else b = y, a = width_ - 1 - x;
    Hit hit = run<M, T>(lines_[D], stops_[D], b, a);
    if (t.line[D] == b) {
      const int ahead = t.at[D] - a;
      if (ahead > 0 && static_cast<std::uint32_t>(ahead) <= hit.steps)
        hit = {static_cast<std::uint32_t>(ahead), Outcome::ReachedGoal};
    }
    if constexpr (Report::kActive) {
      const int s = static_cast<int>(hit.steps);
      if (hit.outcome == Outcome::JumpPoint) report_forced<M>(x + kDirDx[D] * s, y + kDirDy[D] * s, D, report);
      report.scan(x, y, D, hit.steps, hit.outcome);
    }
    return hit;
  }

  // Diagonal scans, and vertical scans under "never": step, then look along the components.
  template <Diagonal M, bool T, int D, class Report>
  Hit stepped(int x, int y, const Target& t, Report& report) const {
    constexpr int dx = kDirDx[D], dy = kDirDy[D];
    constexpr int v = jump_rules::dir_of(0, dy), h = M == Diagonal::Never ? 1 : jump_rules::dir_of(dx, 0);
    constexpr int first = M == Diagonal::Never ? 1 : (v < h ? v : h);
    constexpr int second = M == Diagonal::Never ? 3 : (v < h ? h : v);
    const int x0 = x, y0 = y;
    std::uint32_t steps = 0;
    Outcome outcome;
    for (;;) {
      if (!legal<M>(x, y, D)) {
        outcome = Outcome::DeadEnd;
        break;
      }
      x += dx;
      y += dy;
      ++steps;
      if (x == t.x && y == t.y) {
        outcome = Outcome::ReachedGoal;
        break;
      }
      if constexpr (T) {
        if ((cell_terrain_[cell(x, y)] >> D) & 1u) {
          outcome = Outcome::TerrainChange;
          break;
        }
      }
      if constexpr (M == Diagonal::Always || M == Diagonal::IfAtMostOneObstacle) {
        if ((kept<M>(D, neighbour_mask(x, y)) & ~jump_rules::natural(M, D)) != 0) {
          if constexpr (Report::kActive) report_forced<M>(x, y, D, report);
          outcome = Outcome::JumpPoint;
          break;
        }
      }
      if (straight<M, T, first>(x, y, t, report).outcome != Outcome::DeadEnd ||
          straight<M, T, second>(x, y, t, report).outcome != Outcome::DeadEnd) {
        outcome = Outcome::JumpPoint;
        break;
      }
    }
    if constexpr (Report::kActive) report.scan(x0, y0, D, steps, outcome);
    return {steps, outcome};
  }

  template <Diagonal M, bool T, class Report>
  Hit scan(int dir, int x, int y, const Target& t, Report& report) const {
    constexpr bool kNever = M == Diagonal::Never;
    switch (dir) {
      case 0:
        if constexpr (kNever) return stepped<M, T, 0>(x, y, t, report);
        else return straight<M, T, 0>(x, y, t, report);
      case 1: return straight<M, T, 1>(x, y, t, report);
      case 2:
        if constexpr (kNever) return stepped<M, T, 2>(x, y, t, report);
        else return straight<M, T, 2>(x, y, t, report);
      case 3: return straight<M, T, 3>(x, y, t, report);
      default: break;
    }
    if constexpr (kNever) {
      return {0, Outcome::DeadEnd};  // no diagonal moves
    } else {
      switch (dir) {
        case 4: return stepped<M, T, 4>(x, y, t, report);
        case 5: return stepped<M, T, 5>(x, y, t, report);
        case 6: return stepped<M, T, 6>(x, y, t, report);
        default: return stepped<M, T, 7>(x, y, t, report);
      }
    }
  }

  template <Diagonal M, bool T, class Found, class Report>
  void successors_in(int x, int y, int travel, Point goal, Found& found, Report& report) const {
    const Target t = target(goal);
    const std::uint32_t mask = neighbour_mask(x, y);
    std::uint32_t dirs = T && edge(x, y) ? edge_kept(x, y, travel) : kept<M>(travel, mask);
    // A direction whose first move is illegal finds nothing; only a report wants to hear so.
    if constexpr (!Report::kActive) dirs &= allowed_moves(M, static_cast<std::uint8_t>(mask));
    if constexpr (Report::kActive && T) {
      const std::uint32_t terrain_only = edge(x, y) ? dirs & ~kept<M>(travel, mask) : 0;
      if (terrain_only != 0) report.terrain_keeps(x, y, terrain_only);
    }
    while (dirs != 0) {
      const int d = std::countr_zero(dirs);
      dirs &= dirs - 1;
      const Hit hit = scan<M, T>(d, x, y, t, report);
      if (hit.outcome != Outcome::DeadEnd) found(d, hit.steps);
    }
  }

  std::array<BitLines, 4> lines_;  // indexed by the straight direction that scans them forward
  // With terrain: per cell, bit d when entering it by d stops a scan, kEdge for a terrain
  // edge, and above kPatternShift the index in kept_ of the directions it keeps per arrival
  // (one entry per distinct 3 x 3 block of costs); stops_[d] holds bit d of every cell in
  // the layout of lines_[d].
  static constexpr std::uint32_t kEdge = 0x100;
  static constexpr int kPatternShift = 9;
  std::vector<std::uint32_t> cell_terrain_;
  std::array<BitLines, 4> stops_;
  std::vector<std::array<std::uint8_t, kDirectionCount>> kept_;
  std::vector<std::uint64_t> runs_;  // prepare()'s scratch: the rows packed 64 cells to a word
  const Grid* grid_ = nullptr;
  std::uint64_t revision_ = 0;
  int width_ = 0;
  int height_ = 0;
  Diagonal diagonal_ = Diagonal::OnlyWhenNoObstacles;
  CostModel model_ = CostModel::Exact;
  bool terrain_ = false;
  bool built_ = false;
};

}  // namespace astar
