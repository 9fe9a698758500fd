// SubgoalGraph: what subgoal-graph search prepares per map (Uras, Koenig & Hernandez,
// "Subgoal Graphs for Optimal Pathfinding in Eight-Neighbor Grids", ICAPS 2013), and the
// freespace reasoning it rests on. Built by SubgoalGraphBuilder (subgoal_builder.h), read by
// SubgoalGraphSearch (subgoal_graph.h); immutable once built, so searches share it.
//
// Two move rules fit the idea: 8-connected with diagonals only between two free cells (the
// Moving AI rule, Diagonal::OnlyWhenNoObstacles, distances octile) and 4-connected
// (Diagonal::Never, distances Manhattan). "h" below is that distance, ignoring walls.
//
// Subgoals. A free cell is a subgoal when a diagonal neighbour is blocked while the two cells
// beside both of them are free: it sits just off an obstacle's convex corner. Shortest paths
// bend only around such corners, so every shortest path can be cut at subgoals into pieces
// each as short as h: "h-reachable" pairs, joined by a path that walls do not lengthen.
//
// Edges. Two cells are direct-h-reachable when they are h-reachable and no path of length h
// between them passes a subgoal. Linking every pair of direct-h-reachable subgoals keeps all
// shortest distances: a piece with a subgoal on one of its h-paths splits there into two
// shorter pieces. Such a freespace edge costs h, and is walked in cells along the canonical
// shape (below) that found it, so the graph stores no cells.
//
// Finding them: reach(). From a cell, the paper's scan: each straight ray runs until it meets
// an obstacle or a subgoal (reported); each diagonal (8-connected) or vertical (4-connected)
// ray steps cell by cell, and from each of its cells a run goes along each of its two
// straight sides. A run reports the subgoal it ends at only if it is no longer than every run
// before it in the same sector, the ray's own included (a run that reached a subgoal counts
// one shorter), and runs after it are held to the same. So each reported cell is reached by
// "diagonal (or vertical) steps first, then straight": the first canonical shape; the
// reverse of it, walked from the other end, is the second. A direct-h-reachable pair has no
// wall or subgoal anywhere among its h-paths (the paper's lemma), so each row between them is
// at least as long as the one it ends on and the scan finds it; the scan may find a few more
// h-reachable ones, which only adds valid edges. A query also gives reach() a target (the
// goal), treated as one more subgoal, so a goal in plain sight of the start is linked to it.
//
// Runs are read from bit lines, 56 cells per load (count trailing zeros, as JPS's block
// scans do): "clear" cells (free and not a subgoal) in rows and in columns, and "free" cells
// in rows, each line padded with blocked cells on both sides and a blocked line above and
// below, so no scan checks bounds. A run stops at a cell that is not clear, which is a
// subgoal exactly when it is free. Subgoals are numbered in row-major order (NodeId); a
// cell's node is the count of subgoal bits before it (a rank per word plus one popcount).
//
// Landmarks (subgoal_landmarks.h): a hierarchy's graph also holds kLandmarkCount subgoals
// spread to the map's far ends and every subgoal's distance from each, by which a query
// bounds its distance to the goal more tightly than h does (landmark_bound()).
//
// Hierarchy (subgoal_contraction.h): subgoals are removed one at a time, each given a rank
// (the order of removal); removing one may add shortcuts between its neighbours, each
// carrying the moves of the path it stands for and the subgoal it bypasses (`via`), through
// which it is walked. Subgoals never removed are the top level, kTopRank. Each node's edges
// are stored with those to higher ranks first ("up", top to top included) and the rest after
// ("down"); a query goes up from the start, across the top and down only into what lies above
// the goal (subgoal_graph.h says why that keeps a shortest path). Without a hierarchy every
// subgoal is at the top and every edge leads up.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "grid.h"
#include "heuristics.h"
#include "moves.h"
#include "options.h"

namespace astar {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;
inline constexpr std::uint32_t kTopRank = 0xFFFFFFFFu;

// A path's length counted in moves, so that it has a cost in every cost model.
struct MoveCount {
  std::uint32_t diagonal = 0;
  std::uint32_t straight = 0;
  double cost(MoveLengths lengths) const { return lengths.diagonal * diagonal + lengths.straight * straight; }
  MoveCount operator+(MoveCount other) const { return {diagonal + other.diagonal, straight + other.straight}; }
  friend bool operator==(const MoveCount&, const MoveCount&) = default;
};

// A freespace edge's `via`: the canonical shape that walks it from the end holding it.
inline constexpr NodeId kStepsFirst = 0xFFFFFFFFu;     // diagonal (or vertical) moves first
inline constexpr NodeId kStraightFirst = 0xFFFFFFFEu;  // the other moves first

// One end of an edge: the subgoal it leads to, the moves of the cells it stands for, and how
// to walk them: through the subgoal a shortcut bypasses, or along a canonical shape.
struct SubgoalEdge {
  NodeId to;
  NodeId via;  // a subgoal, or kStepsFirst / kStraightFirst
  MoveCount moves;
  bool shortcut() const { return via < kStraightFirst; }
};

// `count` lines of `length` cells as bits, with the runs of set cells along them read in
// either direction. Lines -1 and `count` and cells -1 and `length` exist and are clear.
class BitLines {
 public:
  void shape(int count, int length) {
    stride_ = static_cast<std::size_t>(length / 64 + 3);
    words_.assign(static_cast<std::size_t>(count + 2) * stride_, 0);
  }
  void set(int line, int along) {
    const std::size_t p = static_cast<std::size_t>(kPad + along);
    words_[start(line) + p / 64] |= std::uint64_t{1} << (p % 64);
  }
  bool test(int line, int along) const {
    const std::size_t p = static_cast<std::size_t>(kPad + along);
    return (words_[start(line) + p / 64] >> (p % 64)) & 1u;
  }
  // How many set cells follow `along` on its line (along + 1, along + 2, ...) before a clear one.
  std::uint32_t run_forward(int line, int along) const {
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(words_.data() + start(line));
    std::size_t p = static_cast<std::size_t>(kPad + along + 1);
    std::uint32_t run = 0;
    for (;;) {
      std::uint64_t word;
      std::memcpy(&word, bytes + p / 8, sizeof word);
      const int ones = std::countr_zero(~(word >> (p % 8)));  // at least 57 bits are cells
      if (ones < 56) return run + static_cast<std::uint32_t>(ones);
      run += 56;
      p += 56;
    }
  }
  // How many set cells precede `along` (along - 1, along - 2, ...) before a clear one.
  std::uint32_t run_backward(int line, int along) const {
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(words_.data() + start(line));
    std::size_t p = static_cast<std::size_t>(kPad + along - 1);
    std::uint32_t run = 0;
    for (;;) {
      // The 8 bytes ending with p's byte, shifted so that p is the top bit.
      std::uint64_t word;
      std::memcpy(&word, bytes + p / 8 - 7, sizeof word);
      const int ones = std::countl_zero(~(word << (7 - p % 8)));
      if (ones < 56) return run + static_cast<std::uint32_t>(ones);
      run += 56;
      p -= 56;
    }
  }
  // The storage word holding cell `along` of `line`, and that cell's bit in it (for ranks).
  std::size_t word_index(int line, int along) const { return start(line) + static_cast<std::size_t>(kPad + along) / 64; }
  static unsigned bit_index(int along) { return static_cast<unsigned>(kPad + along) % 64; }
  const std::vector<std::uint64_t>& words() const { return words_; }
  std::size_t bytes() const { return words_.capacity() * sizeof(std::uint64_t); }

 private:
  // Cell a of a line is bit kPad + a: a whole clear word before the first cell keeps the
  // backward loads inside the line; three spare words after it keep the forward ones.
  static constexpr int kPad = 64;
  std::size_t start(int line) const { return static_cast<std::size_t>(line + 1) * stride_; }

  std::vector<std::uint64_t> words_;
  std::size_t stride_ = 0;
};

class SubgoalGraph {
 public:
  // Memory per cell a graph holds (bytes()) at most, for the registry's row, by which the page
  // makes room before preparing. It depends on the map: on the shared Moving AI maps from
  // 2.7 (64room) to 15 (Aurora) and 106 on random512-10-0 8-connected, whose open corners see
  // hundreds of others each (landmarks included: 8 doubles per subgoal and a byte per cell);
  // the bound leaves room above that.
  static constexpr std::size_t kBytesPerCellBound = 128;
  // What it was built for: the grid (its address, revision and size), the move rule, and
  // the cost model its hierarchy compares lengths in (without a hierarchy, any).
  bool built_for(const Grid& grid, Diagonal diagonal, bool hierarchical, CostModel model) const {
    return grid_ == &grid && revision_ == grid.revision() && width_ == grid.width() && height_ == grid.height() &&
           diagonal_ == diagonal && hierarchical_ == hierarchical && (!hierarchical || cost_model_ == model);
  }
  Diagonal diagonal() const { return diagonal_; }
  bool hierarchical() const { return hierarchical_; }

  std::size_t node_count() const { return points_.size(); }
  Point point(NodeId node) const { return {points_[node].x, points_[node].y}; }
  CellId cell(NodeId node) const {
    return static_cast<CellId>(points_[node].y) * static_cast<CellId>(width_) + points_[node].x;
  }
  // The subgoal at (x, y), kNoNode when the cell is not one (or is off the map).
  NodeId node_at(int x, int y) const {
    if (x < 0 || y < 0 || x >= width_ || y >= height_ || !free(x, y) || clear(x, y)) return kNoNode;
    const std::size_t w = free_rows_.word_index(y, x);
    const std::uint64_t below = (std::uint64_t{1} << BitLines::bit_index(x)) - 1;
    return rank_[w] + static_cast<NodeId>(std::popcount(subgoal_word(w) & below));
  }
  std::uint32_t rank(NodeId node) const { return ranks_[node]; }
  // Edges to higher ranks (and top to top), then the others; each part sorted by `to`.
  std::span<const SubgoalEdge> up_edges(NodeId node) const {
    return {edges_.data() + offsets_[node], edges_.data() + up_ends_[node]};
  }
  std::span<const SubgoalEdge> down_edges(NodeId node) const {
    return {edges_.data() + up_ends_[node], edges_.data() + offsets_[node + 1]};
  }
  std::span<const SubgoalEdge> edges(NodeId node) const {
    return {edges_.data() + offsets_[node], edges_.data() + offsets_[node + 1]};
  }
  std::size_t edge_count() const { return edges_.size() / 2; }  // each edge is stored at both ends
  std::size_t shortcut_count() const;
  // Per cell: 0 for a cell that is not a subgoal, else the subgoal's level: 1 + the highest
  // level among its neighbours removed before it (subgoal_contraction.h), or level_count()
  // for the top level (1 in a graph without a hierarchy).
  const std::uint8_t* levels() const { return levels_.data(); }
  int level_count() const { return level_count_; }

  bool free(int x, int y) const { return free_rows_.test(y, x); }    // valid from -1 to the size
  bool clear(int x, int y) const { return clear_rows_.test(y, x); }  // free and not a subgoal

  // Calls found(Point) for every subgoal direct-h-reachable from the free cell (x, y) (and
  // possibly a few more h-reachable ones), and for `target` when it is direct-h-reachable
  // counting it as a subgoal. Each at most once; never (x, y) itself.
  template <class Found>
  void reach(int x, int y, Point target, Found&& found) const;

  // The edge from `from` to `to`, if there is one. Looked up among the up edges of the end
  // ranked lower (the top's edges among each other are up edges at both ends): those are the
  // edges it had when it was removed, at most a few dozen, where the other end's list can
  // hold hundreds.
  std::optional<SubgoalEdge> find_edge(NodeId from, NodeId to) const;
  // Appends the cells after subgoal `from` up to the other end of `edge`, one of its edges.
  void append_edge(NodeId from, const SubgoalEdge& edge, std::vector<Point>& cells) const;
  // Appends the cells after `from` up to `to` along a canonical shape (steps first, or the
  // other moves first) that the caller knows to be free: one reach() found.
  void append_shape(Point from, Point to, bool steps_first, std::vector<Point>& cells) const;
  // The moves of an h-path between two cells under the rule: what a freespace edge costs.
  MoveCount h_moves(Point a, Point b) const {
    const std::uint32_t dx = static_cast<std::uint32_t>(a.x > b.x ? a.x - b.x : b.x - a.x);
    const std::uint32_t dy = static_cast<std::uint32_t>(a.y > b.y ? a.y - b.y : b.y - a.y);
    if (diagonal_ == Diagonal::Never) return {0, dx + dy};
    const std::uint32_t both = dx < dy ? dx : dy;
    return {both, dx + dy - 2 * both};
  }
  // Landmarks (subgoal_landmarks.h), none in a flat graph. A subgoal's distances from them
  // are in the lengths of the hierarchy's cost model, infinite where one does not reach it.
  static constexpr int kLandmarkCount = 8;
  std::span<const NodeId> landmarks() const { return landmarks_; }
  // Per cell: 0, or k + 1 for landmark k (empty without landmarks), for drawing.
  const std::uint8_t* landmark_cells() const { return landmark_cells_.data(); }
  bool has_landmarks() const { return !landmarks_.empty(); }
  const double* landmark_distances(NodeId node) const {
    return landmark_distances_.data() + static_cast<std::size_t>(node) * kLandmarkCount;
  }
  // A lower bound on the distance from `node` to a cell whose distances from the landmarks
  // are `to` (the same lengths): the largest |to[k] - d(k, node)| over the landmarks that
  // reach both; 0 without landmarks.
  double landmark_bound(NodeId node, const double* to) const {
    double bound = 0;
    if (landmarks_.empty()) return bound;
    const double* from = landmark_distances(node);
    for (std::size_t k = 0; k < landmarks_.size(); ++k) {
      // Unreached at one end: infinite, or NaN at both (which compares false); neither counts.
      const double gap = from[k] > to[k] ? from[k] - to[k] : to[k] - from[k];
      if (gap > bound && gap != std::numeric_limits<double>::infinity()) bound = gap;
    }
    return bound;
  }
  // What building it took, in the builder's units of work (SubgoalGraphBuilder::done()).
  std::uint64_t work() const { return work_; }
  std::size_t cell_count() const { return levels_.size(); }

  // Memory held, in bytes.
  std::size_t bytes() const;

 private:
  friend class SubgoalGraphBuilder;
  friend class SubgoalContraction;
  friend class SubgoalLandmarks;

  // A run of clear cells from (x, y) in straight direction `dir`: how many, and whether the
  // cell after them is a subgoal or the target (then `at` is that cell).
  struct Run {
    int length;
    bool hit;
    Point at;
  };
  Run run(int x, int y, int dir, Point target) const;
  template <class Found>
  void sector_row(int x, int y, int dir, Point target, int& limit, Found& found) const;
  std::uint64_t subgoal_word(std::size_t w) const { return free_rows_.words()[w] & ~clear_rows_.words()[w]; }

  const Grid* grid_ = nullptr;
  std::uint64_t revision_ = 0;
  int width_ = 0, height_ = 0;
  Diagonal diagonal_ = Diagonal::OnlyWhenNoObstacles;
  bool hierarchical_ = true;
  CostModel cost_model_ = CostModel::Exact;

  BitLines free_rows_;   // line y: the free cells of row y
  BitLines clear_rows_;  // line y: the clear cells of row y
  BitLines clear_cols_;  // line x: the clear cells of column x
  std::vector<NodeId> rank_;  // per word of the row lines: subgoals in the words before it
  // Per node: where it is (kMaxGridSide fits 16 bits; a multiply gives the cell, where a
  // cell id would need a division on every edge a query looks along).
  struct NodePoint {
    std::uint16_t x, y;
  };
  std::vector<NodePoint> points_;
  std::vector<std::uint32_t> ranks_;  // per node: contraction order, kTopRank for the top level
  std::vector<std::uint32_t> offsets_;  // per node + 1: where its edges start in edges_
  std::vector<std::uint32_t> up_ends_;  // per node: where its up edges end
  std::vector<SubgoalEdge> edges_;
  std::vector<std::uint8_t> levels_;  // per cell, see levels()
  std::vector<NodeId> landmarks_;
  std::vector<std::uint8_t> landmark_cells_;  // landmark_cells()
  std::vector<double> landmark_distances_;  // per node, kLandmarkCount (landmark_distances())
  int level_count_ = 1;
  std::uint64_t work_ = 0;
};

inline SubgoalGraph::Run SubgoalGraph::run(int x, int y, int dir, Point target) const {
  const int dx = kDirDx[dir], dy = kDirDy[dir];
  int length;
  switch (dir) {
    case 0: length = static_cast<int>(clear_cols_.run_backward(x, y)); break;
    case 1: length = static_cast<int>(clear_rows_.run_forward(y, x)); break;
    case 2: length = static_cast<int>(clear_cols_.run_forward(x, y)); break;
    default: length = static_cast<int>(clear_rows_.run_backward(y, x)); break;
  }
  if (dx == 0 ? target.x == x : target.y == y) {
    const int ahead = dx == 0 ? (target.y - y) * dy : (target.x - x) * dx;
    if (ahead >= 1 && ahead <= length) return {ahead - 1, true, target};
  }
  const Point stop{x + (length + 1) * dx, y + (length + 1) * dy};
  return {length, free(stop.x, stop.y), stop};
}

// One row of a sector: reports its end when it is a subgoal (or the target) no farther than
// `limit` cells out, and narrows `limit` for the rows after it.
template <class Found>
void SubgoalGraph::sector_row(int x, int y, int dir, Point target, int& limit, Found& found) const {
  const Run r = run(x, y, dir, target);
  int reach = r.length;
  if (r.hit && reach <= limit) {
    found(r.at);
    --reach;
  }
  if (reach < limit) limit = reach;
}

template <class Found>
void SubgoalGraph::reach(int x, int y, Point target, Found&& found) const {
  std::array<int, 4> extent{}, limit{};
  for (int dir = 0; dir < 4; ++dir) {
    const Run r = run(x, y, dir, target);
    if (r.hit) found(r.at);
    extent[dir] = r.length;
    limit[dir] = r.hit ? r.length - 1 : r.length;
  }
  if (diagonal_ == Diagonal::Never) {
    // Quadrants: vertical steps north or south, then runs east and west from each.
    for (const int vertical : {0, 2}) {
      int east = limit[1], west = limit[3];
      for (int i = 1; i <= extent[vertical] && (east >= 0 || west >= 0); ++i) {
        const int cy = y + i * kDirDy[vertical];
        if (east >= 0) sector_row(x, cy, 1, target, east, found);
        if (west >= 0) sector_row(x, cy, 3, target, west, found);
      }
    }
    return;
  }
  // Octants: diagonal steps (legal under the Moving AI rule), then runs along its two sides.
  for (int dir = 4; dir < kDirectionCount; ++dir) {
    const auto [a, b] = diagonal_sides(dir);
    const int dx = kDirDx[dir], dy = kDirDy[dir];
    int along_a = limit[a], along_b = limit[b];
    int cx = x, cy = y;
    while (free(cx + dx, cy) && free(cx, cy + dy) && free(cx + dx, cy + dy)) {
      cx += dx;
      cy += dy;
      if ((cx == target.x && cy == target.y) || !clear(cx, cy)) {
        found(Point{cx, cy});
        break;
      }
      if (along_a >= 0) sector_row(cx, cy, a, target, along_a, found);
      if (along_b >= 0) sector_row(cx, cy, b, target, along_b, found);
    }
  }
}

}  // namespace astar
