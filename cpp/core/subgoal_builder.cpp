#include "subgoal_builder.h"

#include "subgoal_contraction.h"
#include "subgoal_landmarks.h"

#include <algorithm>
#include <array>
#include <bit>

namespace astar {

namespace {

// kCorner[mask]: a free cell with this neighbour mask (Grid::neighbour_mask) is a subgoal:
// some diagonal neighbour is blocked while the two cells beside it are free.
constexpr std::array<bool, 256> make_corner_table() {
  std::array<bool, 256> table{};
  for (int mask = 0; mask < 256; ++mask)
    for (int dir = 4; dir < kDirectionCount; ++dir) {
      const auto [a, b] = diagonal_sides(dir);
      if (!(mask & (1 << dir)) && (mask & (1 << a)) && (mask & (1 << b))) table[mask] = true;
    }
  return table;
}
constexpr std::array<bool, 256> kCorner = make_corner_table();

}  // namespace

SubgoalGraphBuilder::SubgoalGraphBuilder(const Grid& grid, Diagonal diagonal, bool hierarchy, CostModel model)
    : grid_(grid), graph_(std::make_unique<SubgoalGraph>()) {
  SubgoalGraph& g = *graph_;
  g.hierarchical_ = hierarchy;
  g.cost_model_ = model;
  g.grid_ = &grid;
  g.revision_ = grid.revision();
  g.width_ = grid.width();
  g.height_ = grid.height();
  g.diagonal_ = diagonal;
  g.free_rows_.shape(g.height_, g.width_);
  g.clear_rows_.shape(g.height_, g.width_);
  g.clear_cols_.shape(g.width_, g.height_);
  g.levels_.assign(grid.cell_count(), 0);
}

SubgoalGraphBuilder::~SubgoalGraphBuilder() = default;

std::uint64_t SubgoalGraphBuilder::total() const {
  const std::uint64_t rows = static_cast<std::uint64_t>(graph_->height_);
  std::uint64_t nodes = graph_->points_.size();
  // Before every row is read, assume the rows to come hold subgoals as densely as those read.
  if (phase_ == Phase::Cells && cursor_ > 0) nodes = nodes * rows / cursor_;
  if (phase_ == Phase::Landmarks) return done_ + landmarks_->remaining_estimate();
  if (phase_ == Phase::Contract) return done_ + contraction_->remaining_estimate() + SubgoalLandmarks::work_for(nodes);
  // Four passes over the subgoals for the flat graph; the hierarchy values each, takes each
  // from its queue about once, prunes and lays the lists out in three passes, and its
  // landmarks' Dijkstras settle each once a run.
  return rows + (graph_->hierarchical_ && nodes <= kMaxHierarchyNodes ? 9 * nodes + SubgoalLandmarks::work_for(nodes) : 4 * nodes);
}

std::size_t SubgoalGraphBuilder::bytes() const {
  return graph_->bytes() + link_offsets_.capacity() * sizeof(std::uint32_t) + links_.capacity() * sizeof(NodeId) +
         next_slot_.capacity() * sizeof(std::uint32_t) + (contraction_ ? contraction_->bytes() : 0) +
         (landmarks_ ? landmarks_->bytes() : 0);
}

std::shared_ptr<const SubgoalGraph> SubgoalGraphBuilder::take() {
  if (!finished() || !graph_) return nullptr;
  return std::shared_ptr<const SubgoalGraph>(std::move(graph_));
}

std::uint64_t SubgoalGraphBuilder::units_in_phase() const {
  switch (phase_) {
    case Phase::Cells: return static_cast<std::uint64_t>(graph_->height_);
    case Phase::Links:
    case Phase::Count:
    case Phase::Fill:
    case Phase::Dedupe: return graph_->points_.size();
    default: return 0;  // Contract and Landmarks count their own
  }
}

std::uint64_t SubgoalGraphBuilder::advance(std::uint64_t units) {
  std::uint64_t made = 0;
  end_spent_phases();
  while (made < units && phase_ != Phase::Finished) {
    // Each moves on as soon as its last unit is done, so that no slice ends with nothing made.
    if (phase_ == Phase::Contract) {
      made += contraction_->step();
      if (contraction_->finished()) {
        contraction_.reset();
        landmarks_ = std::make_unique<SubgoalLandmarks>(*graph_, graph_->cost_model_);
        phase_ = Phase::Landmarks;
      }
      continue;
    }
    if (phase_ == Phase::Landmarks) {
      made += landmarks_->step();
      if (landmarks_->finished()) {
        landmarks_.reset();
        phase_ = Phase::Finished;
      }
      continue;
    }
    const std::uint64_t at = cursor_++;
    switch (phase_) {
      case Phase::Cells: read_row(static_cast<int>(at)); break;
      case Phase::Links: link(static_cast<NodeId>(at)); break;
      case Phase::Count: count(static_cast<NodeId>(at)); break;
      case Phase::Fill: fill(static_cast<NodeId>(at)); break;
      case Phase::Dedupe: dedupe(static_cast<NodeId>(at)); break;
      default: break;
    }
    ++made;
    end_spent_phases();
  }
  done_ += made;
  graph_->work_ = done_;
  return made;
}

void SubgoalGraphBuilder::end_spent_phases() {
  while (phase_ != Phase::Contract && phase_ != Phase::Landmarks && phase_ != Phase::Finished && cursor_ >= units_in_phase()) {
    const Phase ending = phase_;
    cursor_ = 0;
    switch (ending) {
      case Phase::Cells: end_cells(); break;
      case Phase::Links: phase_ = Phase::Count; break;
      case Phase::Count: end_count(); break;
      case Phase::Fill: end_fill(); break;
      case Phase::Dedupe: end_dedupe(); break;
      default: break;
    }
  }
}

void SubgoalGraphBuilder::read_row(int y) {
  SubgoalGraph& g = *graph_;
  const int width = g.width_;
  for (int x = 0; x < width; ++x) {
    const CellId id = grid_.id(x, y);
    if (!grid_.passable(id)) continue;
    g.free_rows_.set(y, x);
    if (kCorner[grid_.neighbour_mask(id)]) {
      g.points_.push_back({static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(y)});  // row-major: node order
      g.levels_[id] = 1;
    } else {
      g.clear_rows_.set(y, x);
      g.clear_cols_.set(x, y);
    }
  }
}

void SubgoalGraphBuilder::end_cells() {
  SubgoalGraph& g = *graph_;
  const std::vector<std::uint64_t>& free = g.free_rows_.words();
  const std::vector<std::uint64_t>& clear = g.clear_rows_.words();
  g.rank_.resize(free.size());
  NodeId before = 0;
  for (std::size_t w = 0; w < free.size(); ++w) {
    g.rank_[w] = before;
    before += static_cast<NodeId>(std::popcount(free[w] & ~clear[w]));
  }
  g.ranks_.assign(g.points_.size(), kTopRank);
  g.offsets_.assign(g.points_.size() + 1, 0);
  link_offsets_.assign(1, 0);
  link_offsets_.reserve(g.points_.size() + 1);
  phase_ = Phase::Links;
}

void SubgoalGraphBuilder::link(NodeId node) {
  const SubgoalGraph& g = *graph_;
  const Point at = g.point(node);
  g.reach(at.x, at.y, Point{-1, -1}, [&](Point found) { links_.push_back(g.node_at(found.x, found.y)); });
  link_offsets_.push_back(static_cast<std::uint32_t>(links_.size()));
}

void SubgoalGraphBuilder::count(NodeId node) {
  // Degrees go one slot up, so the running sums of end_count() leave each node's start in place.
  std::vector<std::uint32_t>& offsets = graph_->offsets_;
  offsets[node + 1] += link_offsets_[node + 1] - link_offsets_[node];
  for (std::uint32_t i = link_offsets_[node]; i < link_offsets_[node + 1]; ++i) ++offsets[links_[i] + 1];
}

void SubgoalGraphBuilder::end_count() {
  std::vector<std::uint32_t>& offsets = graph_->offsets_;
  for (std::size_t i = 1; i < offsets.size(); ++i) offsets[i] += offsets[i - 1];
  graph_->edges_.assign(offsets.back(), SubgoalEdge{kNoNode, kNoNode, {}});
  next_slot_.assign(offsets.begin(), offsets.end() - 1);
  phase_ = Phase::Fill;
}

void SubgoalGraphBuilder::fill(NodeId node) {
  SubgoalGraph& g = *graph_;
  for (std::uint32_t i = link_offsets_[node]; i < link_offsets_[node + 1]; ++i) {
    const NodeId other = links_[i];
    const MoveCount moves = g.h_moves(g.point(node), g.point(other));
    // reach() from `node` walked to `other` steps first; the way back takes the other moves first.
    g.edges_[next_slot_[node]++] = {other, kStepsFirst, moves};
    g.edges_[next_slot_[other]++] = {node, kStraightFirst, moves};
  }
}

void SubgoalGraphBuilder::end_fill() {
  std::vector<std::uint32_t>().swap(next_slot_);
  std::vector<std::uint32_t>().swap(link_offsets_);
  std::vector<NodeId>().swap(links_);
  kept_ = 0;
  phase_ = Phase::Dedupe;
}

void SubgoalGraphBuilder::dedupe(NodeId node) {
  // Compacts in place, in node order: this node's kept edges move down to kept_, which is
  // never past where they start. offsets_[node + 1] still holds the old end until the next
  // node is compacted.
  SubgoalGraph& g = *graph_;
  SubgoalEdge* const edges = g.edges_.data();
  const std::uint32_t begin = g.offsets_[node], end = g.offsets_[node + 1];
  std::sort(edges + begin, edges + end, [](const SubgoalEdge& a, const SubgoalEdge& b) { return a.to < b.to; });
  g.offsets_[node] = kept_;
  NodeId last = kNoNode;
  for (std::uint32_t i = begin; i < end; ++i) {
    if (edges[i].to == last) continue;
    last = edges[i].to;
    edges[kept_++] = edges[i];
  }
}

void SubgoalGraphBuilder::end_dedupe() {
  SubgoalGraph& g = *graph_;
  g.offsets_.back() = kept_;
  g.edges_.resize(kept_);
  g.edges_.shrink_to_fit();
  // Without a hierarchy every subgoal is at the top, and every edge leads up.
  g.up_ends_.assign(g.offsets_.begin() + 1, g.offsets_.end());
  g.level_count_ = 1;
  if (g.hierarchical_ && g.points_.size() <= kMaxHierarchyNodes) {
    contraction_ = std::make_unique<SubgoalContraction>(g, g.cost_model_);
    phase_ = Phase::Contract;
  } else {
    phase_ = Phase::Finished;
  }
}

}  // namespace astar
