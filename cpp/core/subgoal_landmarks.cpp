#include "subgoal_landmarks.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace astar {

namespace {

constexpr double kUnreached = std::numeric_limits<double>::infinity();
const auto kLater = std::greater<std::pair<double, NodeId>>();  // a min-heap with std::push_heap

}  // namespace

SubgoalLandmarks::SubgoalLandmarks(SubgoalGraph& graph, CostModel model)
    : graph_(graph), lengths_(move_lengths(model)) {
  const std::size_t nodes = graph.node_count();
  graph_.landmarks_.clear();
  if (nodes == 0) {
    done_ = true;
    return;
  }
  nearest_.assign(nodes, kUnreached);
  NodeId seed = 0;
  for (NodeId node = 1; node < nodes; ++node)
    if (graph.edges(node).size() > graph.edges(seed).size()) seed = node;
  start_run(seed);
}

std::size_t SubgoalLandmarks::bytes() const {
  return (distance_.capacity() + nearest_.capacity()) * sizeof(double) + heap_.capacity() * sizeof(heap_[0]);
}

std::uint64_t SubgoalLandmarks::work_for(std::uint64_t nodes) {
  return (SubgoalGraph::kLandmarkCount + 1) * nodes;  // the seed's run, then one per landmark
}

std::uint64_t SubgoalLandmarks::remaining_estimate() const {
  if (done_) return 0;
  const std::uint64_t nodes = graph_.node_count();
  const std::uint64_t runs_after = static_cast<std::uint64_t>(SubgoalGraph::kLandmarkCount - run_);
  return runs_after * nodes + (nodes > settled_ ? nodes - settled_ : 1);
}

void SubgoalLandmarks::start_run(NodeId from) {
  distance_.assign(graph_.node_count(), kUnreached);
  distance_[from] = 0;
  heap_.assign(1, {0.0, from});
  settled_ = 0;
}

bool SubgoalLandmarks::step() {
  if (done_) return false;
  // Entries left behind by a cheaper way to the same subgoal settle nothing.
  while (!heap_.empty() && heap_.front().first > distance_[heap_.front().second]) {
    std::pop_heap(heap_.begin(), heap_.end(), kLater);
    heap_.pop_back();
  }
  if (heap_.empty()) {
    end_run();
    return true;
  }
  std::pop_heap(heap_.begin(), heap_.end(), kLater);
  const auto [d, node] = heap_.back();
  heap_.pop_back();
  ++settled_;
  for (const SubgoalEdge& edge : graph_.edges(node)) {
    const double next = d + edge.moves.cost(lengths_);
    if (next < distance_[edge.to]) {
      distance_[edge.to] = next;
      heap_.push_back({next, edge.to});
      std::push_heap(heap_.begin(), heap_.end(), kLater);
    }
  }
  return true;
}

NodeId SubgoalLandmarks::farthest() const {
  NodeId pick = kNoNode;
  double best = 0;
  const std::vector<double>& from = run_ == 0 ? distance_ : nearest_;
  for (NodeId node = 0; node < from.size(); ++node)
    if (std::isfinite(from[node]) && from[node] > best) {
      best = from[node];
      pick = node;
    }
  return pick;
}

void SubgoalLandmarks::end_run() {
  if (run_ > 0) {
    const std::size_t k = static_cast<std::size_t>(run_ - 1);
    for (NodeId node = 0; node < distance_.size(); ++node) {
      graph_.landmark_distances_[node * SubgoalGraph::kLandmarkCount + k] = distance_[node];
      nearest_[node] = std::min(nearest_[node], distance_[node]);
    }
  }
  const NodeId next = run_ < SubgoalGraph::kLandmarkCount ? farthest() : kNoNode;
  if (next == kNoNode) {
    // Done: every landmark chosen, or none left that the others do not stand on (a map of a
    // subgoal or two). Columns without a landmark stay infinite and bound nothing.
    done_ = true;
    std::vector<double>().swap(distance_);
    std::vector<double>().swap(nearest_);
    std::vector<std::pair<double, NodeId>>().swap(heap_);
    return;
  }
  if (graph_.landmarks_.empty()) {
    // The graph's arrays, made with the first landmark (a graph without one has none).
    graph_.landmark_distances_.assign(distance_.size() * SubgoalGraph::kLandmarkCount, kUnreached);
    graph_.landmark_cells_.assign(graph_.cell_count(), 0);
  }
  graph_.landmarks_.push_back(next);
  graph_.landmark_cells_[graph_.cell(next)] = static_cast<std::uint8_t>(graph_.landmarks_.size());
  ++run_;
  start_run(next);
}

}  // namespace astar
