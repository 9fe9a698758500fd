#include "subgoal_contraction.h"

#include <algorithm>

namespace astar {

namespace {

template <class T>
std::size_t capacity_bytes(const std::vector<std::vector<T>>& lists) {
  std::size_t bytes = lists.capacity() * sizeof(std::vector<T>);
  for (const std::vector<T>& list : lists) bytes += list.capacity() * sizeof(T);
  return bytes;
}

}  // namespace

SubgoalContraction::SubgoalContraction(SubgoalGraph& graph, CostModel model)
    : graph_(graph), lengths_(move_lengths(model)) {
  const std::size_t nodes = graph.node_count();
  live_.resize(nodes);
  for (std::size_t n = 0; n < nodes; ++n) {
    const std::span<const SubgoalEdge> edges = graph.edges(static_cast<NodeId>(n));
    live_[n].assign(edges.begin(), edges.end());
  }
  up_.resize(nodes);
  down_.resize(nodes);
  gone_neighbours_.assign(nodes, 0);
  level_.assign(nodes, 0);
  seen_.assign(nodes, 0);
  distance_.assign(nodes, 0.0);
  counted_.assign(nodes, MoveCount{});
  target_.assign(nodes, 0);
  beat_.assign(nodes, MoveCount{});
  top_count_ = nodes;
}

bool SubgoalContraction::no_longer(MoveCount moves, MoveCount than) const {
  // The relative margin absorbs rounding in the exact lengths (10-14 costs are whole numbers).
  return moves.cost(lengths_) <= than.cost(lengths_) * (1 + 1e-12);
}

std::size_t SubgoalContraction::bytes() const {
  return queue_.size() * sizeof(Entry) + capacity_bytes(live_) + capacity_bytes(up_) + capacity_bytes(down_) +
         (gone_neighbours_.capacity() + level_.capacity() + seen_.capacity() + target_.capacity()) * sizeof(std::uint32_t) +
         distance_.capacity() * sizeof(double) + (counted_.capacity() + beat_.capacity()) * sizeof(MoveCount) +
         offsets_.capacity() * sizeof(std::uint32_t) + edges_.capacity() * sizeof(SubgoalEdge);
}

std::uint64_t SubgoalContraction::remaining_estimate() const {
  const std::uint64_t nodes = graph_.node_count();
  // Each subgoal is taken from the queue about once (some twice), then the lists are laid out.
  switch (phase_) {
    case Phase::Value: return 2 * nodes - cursor_ + 3 * nodes;
    case Phase::Remove: return queue_.size() + 3 * nodes;
    case Phase::Prune: return 3 * nodes - cursor_;
    case Phase::Count: return 2 * nodes - cursor_;
    case Phase::Fill: return nodes - cursor_;
    default: return 0;
  }
}

bool SubgoalContraction::step() {
  const std::size_t nodes = graph_.node_count();
  switch (phase_) {
    case Phase::Value:
      if (cursor_ < nodes) {
        const NodeId node = static_cast<NodeId>(cursor_++);
        queue_.push({value(node, 1), node});
      } else {
        phase_ = Phase::Remove;
      }
      return true;
    case Phase::Remove:
      if (!queue_.empty() && queue_.top().first != kNever && top_count_ > kCoreSize) {
        const NodeId node = queue_.top().second;
        queue_.pop();
        const std::int64_t now = value(node, 1);
        if (now != kNever && (queue_.empty() || now <= queue_.top().first)) {
          value(node, kSettleLimit);  // the shortcuts it needs, with the closer witness search
          remove(node);
        } else {
          queue_.push({now, node});
        }
      } else {
        decltype(queue_)().swap(queue_);
        phase_ = Phase::Prune;
        cursor_ = 0;
      }
      return true;
    case Phase::Prune:
      if (cursor_ < nodes) {
        prune_top_edges(static_cast<NodeId>(cursor_++));
        return true;
      }
      offsets_.assign(nodes + 1, 0);
      phase_ = Phase::Count;
      cursor_ = 0;
      return true;
    case Phase::Count:
      if (cursor_ < nodes) {
        count_edges(static_cast<NodeId>(cursor_++));
        return true;
      }
      for (std::size_t i = 1; i <= nodes; ++i) offsets_[i] += offsets_[i - 1];
      edges_.resize(offsets_.back());
      graph_.up_ends_.assign(nodes, 0);
      phase_ = Phase::Fill;
      cursor_ = 0;
      return true;
    case Phase::Fill:
      if (cursor_ < nodes) {
        fill_edges(static_cast<NodeId>(cursor_++));
        return true;
      }
      finish();
      return true;
    case Phase::Done:
      return false;
  }
  return false;
}

void SubgoalContraction::next_search() {
  if (++search_ == 0) {  // wrapped: no mark may look current
    std::fill(seen_.begin(), seen_.end(), 0u);
    std::fill(target_.begin(), target_.end(), 0u);
    search_ = 1;
  }
}

std::int64_t SubgoalContraction::value(NodeId node, std::uint32_t settle_limit) {
  const std::vector<SubgoalEdge>& around = live_[node];
  needed_.clear();
  if (around.size() > kMaxDegree) return kNever;
  for (std::size_t i = 0; i + 1 < around.size(); ++i) {
    next_search();
    // Targets: the neighbours after p, each to be reached as cheaply as through `node`.
    const SubgoalEdge& p = around[i];
    double bound = 0;
    for (std::size_t j = i + 1; j < around.size(); ++j) {
      const SubgoalEdge& q = around[j];
      target_[q.to] = search_;
      beat_[q.to] = p.moves + q.moves;
      bound = std::max(bound, beat_[q.to].cost(lengths_));
    }
    witness_search(p.to, node, bound, static_cast<std::uint32_t>(around.size() - i - 1), settle_limit);
    for (std::size_t j = i + 1; j < around.size(); ++j) {
      const NodeId q = around[j].to;
      if (target_[q] == search_) needed_.push_back({p.to, q, beat_[q]});
    }
  }
  return static_cast<std::int64_t>(needed_.size()) - static_cast<std::int64_t>(around.size()) + gone_neighbours_[node] +
         level_[node];
}

void SubgoalContraction::witness_search(NodeId from, NodeId avoid, double bound, std::uint32_t targets,
                                        std::uint32_t settle_limit) {
  heap_.clear();
  seen_[from] = search_;
  distance_[from] = 0;
  counted_[from] = {};
  heap_.push_back({0.0, from});
  std::uint32_t settled = 0, relaxed = 0;
  const auto later = std::greater<std::pair<double, NodeId>>();
  while (!heap_.empty() && targets > 0) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const auto [d, u] = heap_.back();
    heap_.pop_back();
    if (d > distance_[u]) continue;  // superseded
    if (d > bound || ++settled > settle_limit || relaxed > kRelaxLimit) break;
    relaxed += static_cast<std::uint32_t>(live_[u].size());
    // After the last subgoal the search may settle, only the targets' witnesses matter.
    const bool last = settled == settle_limit;
    for (const SubgoalEdge& edge : live_[u]) {
      const NodeId v = edge.to;
      if (v == avoid) continue;
      const MoveCount moves = counted_[u] + edge.moves;
      if (target_[v] == search_ && no_longer(moves, beat_[v])) {
        target_[v] = 0;  // witnessed
        --targets;
      }
      if (last) continue;
      const double next = d + edge.moves.cost(lengths_);
      if (next > bound || (seen_[v] == search_ && next >= distance_[v])) continue;  // no witness beyond the bound
      seen_[v] = search_;
      distance_[v] = next;
      counted_[v] = moves;
      heap_.push_back({next, v});
      std::push_heap(heap_.begin(), heap_.end(), later);
    }
  }
}

void SubgoalContraction::add_edge(NodeId from, const SubgoalEdge& edge) {
  // An edge to the same subgoal is dearer: it would have been a witness otherwise.
  for (SubgoalEdge& old : live_[from])
    if (old.to == edge.to) {
      old = edge;
      return;
    }
  live_[from].push_back(edge);
}

void SubgoalContraction::remove(NodeId node) {
  for (const Needed& shortcut : needed_) {
    add_edge(shortcut.from, {shortcut.to, node, shortcut.moves});
    add_edge(shortcut.to, {shortcut.from, node, shortcut.moves});
  }
  // Its edges now lead up; each neighbour's edge back to it leads down.
  up_[node] = std::move(live_[node]);
  std::vector<SubgoalEdge>().swap(live_[node]);
  const std::uint32_t level = level_[node] + 1;
  for (const SubgoalEdge& edge : up_[node]) {
    std::vector<SubgoalEdge>& back = live_[edge.to];
    for (std::size_t k = 0; k < back.size();) {
      if (back[k].to == node) {
        down_[edge.to].push_back(back[k]);
        back[k] = back.back();
        back.pop_back();
      } else {
        ++k;
      }
    }
    ++gone_neighbours_[edge.to];
    level_[edge.to] = std::max(level_[edge.to], level);
  }
  level_[node] = level;
  graph_.ranks_[node] = next_rank_++;
  --top_count_;
  const std::uint32_t shown = std::min<std::uint32_t>(level, 254);
  graph_.levels_[graph_.cell(node)] = static_cast<std::uint8_t>(shown);
  highest_level_ = std::max(highest_level_, shown);
}

void SubgoalContraction::prune_top_edges(NodeId node) {
  if (graph_.ranks_[node] != kTopRank) return;
  std::vector<SubgoalEdge>& edges = live_[node];
  // Marks: the subgoal's neighbours (all at the top), with the moves of its edge to each.
  next_search();
  for (const SubgoalEdge& edge : edges) {
    seen_[edge.to] = search_;
    counted_[edge.to] = edge.moves;
  }
  for (std::size_t k = 0; k < edges.size();) {
    const SubgoalEdge edge = edges[k];
    // Each pair is looked at once, from its lower end.
    bool bypassed = false;
    if (edge.to > node)
      for (const SubgoalEdge& onward : live_[edge.to])
        if (onward.to != node && seen_[onward.to] == search_ && no_longer(counted_[onward.to] + onward.moves, edge.moves)) {
          bypassed = true;
          break;
        }
    if (!bypassed) {
      ++k;
      continue;
    }
    seen_[edge.to] = 0;  // no longer a neighbour, so no longer the middle of a pair
    edges[k] = edges.back();
    edges.pop_back();
    std::vector<SubgoalEdge>& back = live_[edge.to];
    for (std::size_t b = 0; b < back.size(); ++b)
      if (back[b].to == node) {
        back[b] = back.back();
        back.pop_back();
        break;
      }
  }
}

void SubgoalContraction::count_edges(NodeId node) {
  if (graph_.ranks_[node] == kTopRank) up_[node] = std::move(live_[node]);  // top to top: up both ways
  std::vector<SubgoalEdge>().swap(live_[node]);
  offsets_[node + 1] = static_cast<std::uint32_t>(up_[node].size() + down_[node].size());
}

void SubgoalContraction::fill_edges(NodeId node) {
  const auto by_node = [](const SubgoalEdge& a, const SubgoalEdge& b) { return a.to < b.to; };
  std::sort(up_[node].begin(), up_[node].end(), by_node);
  std::sort(down_[node].begin(), down_[node].end(), by_node);
  SubgoalEdge* const out = edges_.data() + offsets_[node];
  std::copy(up_[node].begin(), up_[node].end(), out);
  std::copy(down_[node].begin(), down_[node].end(), out + up_[node].size());
  graph_.up_ends_[node] = offsets_[node] + static_cast<std::uint32_t>(up_[node].size());
  std::vector<SubgoalEdge>().swap(up_[node]);
  std::vector<SubgoalEdge>().swap(down_[node]);
}

void SubgoalContraction::finish() {
  graph_.offsets_ = std::move(offsets_);
  graph_.edges_ = std::move(edges_);
  const std::uint8_t top = static_cast<std::uint8_t>(highest_level_ + 1);
  for (std::size_t n = 0; n < graph_.node_count(); ++n)
    if (graph_.ranks_[n] == kTopRank) graph_.levels_[graph_.cell(static_cast<NodeId>(n))] = top;
  graph_.level_count_ = top;
  // Free the scratch now: the builder holds this object until it hands the graph over.
  decltype(live_)().swap(live_);
  decltype(up_)().swap(up_);
  decltype(down_)().swap(down_);
  for (std::vector<std::uint32_t>* v : {&gone_neighbours_, &level_, &seen_, &target_}) std::vector<std::uint32_t>().swap(*v);
  std::vector<double>().swap(distance_);
  std::vector<MoveCount>().swap(counted_);
  std::vector<MoveCount>().swap(beat_);
  phase_ = Phase::Done;
}

}  // namespace astar
