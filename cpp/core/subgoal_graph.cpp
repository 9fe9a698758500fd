#include "subgoal_graph.h"

#include <algorithm>
#include <cassert>

namespace astar {

SubgoalGraphSearch::SubgoalGraphSearch(const Grid& grid, const SearchOptions& options)
    : ExpandingSearch(grid, options), open_(PositionOf{&cells_}) {
  set_grid(grid);
}

void SubgoalGraphSearch::resize(std::size_t cells) {
  cells_.assign(cells, NodeState{0.0, 0, 0, 0, 0});
  parents_.assign(cells, kNoCell);
  open_.clear();
  // Another grid, or this one replaced: whatever was prepared was prepared for something else.
  graph_.reset();
  builder_.reset();
}

void SubgoalGraphSearch::clear_stamps() {
  for (NodeState& cell : cells_) cell.stamp = 0;
  std::fill(goal_side_.begin(), goal_side_.end(), std::uint16_t{0});
  std::fill(goal_link_.begin(), goal_link_.end(), std::uint16_t{0});
}

// ---------------------------------------------------------------------------------------
// Preparation

Preparation SubgoalGraphSearch::preparation() const {
  Preparation p;
  p.needed = true;
  p.ready = ready();
  if (p.ready) {
    p.done = p.total = graph_->work();
    p.bytes = graph_->bytes();
  } else if (builder_ && builder_->building_for(*grid_, options().diagonal, hierarchy_, options().cost_model)) {
    p.done = builder_->done();
    p.total = builder_->total();
    p.bytes = builder_->bytes();
  } else {
    p.total = static_cast<std::uint64_t>(grid_->height());  // its first phase; the rest is unknown
  }
  return p;
}

void SubgoalGraphSearch::use_graph(std::shared_ptr<const SubgoalGraph> graph) {
  graph_ = std::move(graph);
  builder_.reset();
  // Marks are kept when the count of subgoals stays (their stamps say which query they are
  // of; begin() marks anew).
  const std::size_t nodes = graph_->node_count();
  if (goal_side_.size() != nodes) {
    goal_side_.assign(nodes, 0);
    goal_link_.assign(nodes, 0);
  }
  ++layout_;  // the "subgoal" channel moved
}

std::uint64_t SubgoalGraphSearch::advance_preparation(std::uint64_t units) {
  if (ready()) return 0;
  if (!builder_ || !builder_->building_for(*grid_, options().diagonal, hierarchy_, options().cost_model))
    builder_ = std::make_unique<SubgoalGraphBuilder>(*grid_, options().diagonal, hierarchy_, options().cost_model);
  const std::uint64_t made = builder_->advance(units);
  if (builder_->finished()) use_graph(builder_->take());
  return made;
}

bool SubgoalGraphSearch::share_preparation(const Search& other) {
  const auto* from = dynamic_cast<const SubgoalGraphSearch*>(&other);
  if (!from || !from->graph_ || !from->graph_->built_for(*grid_, options().diagonal, hierarchy_, options().cost_model)) return false;
  if (from->graph_ != graph_) use_graph(from->graph_);
  return true;
}

// ---------------------------------------------------------------------------------------
// The query

void SubgoalGraphSearch::begin() {
  // search.h's reset() has applied the row's refusals and begins only once the graph is ready.
  const SubgoalGraph& graph = *graph_;
  const Grid& grid = *grid_;
  start_id_ = grid.id(start_);
  goal_id_ = grid.id(goal_);
  unit_ = grid.min_cost();
  const MoveLengths base = move_lengths(options_.cost_model);  // the landmarks' lengths
  lengths_ = {base.straight * unit_, base.diagonal * unit_};
  // h is the rule's own distance, whatever heuristic the options name: no edge costs less
  // than it between its ends, so A* over the graph is optimal with it and needs no weight.
  heuristic_ = HeuristicParams::make(options_.diagonal == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile,
                                     goal_.x, goal_.y, options_.cost_model, unit_, 1.0);
  open_.clear();

  // The goal's side: its links, then everything up from them. The search goes down only
  // into it: an edge down from a subgoal leads into it exactly when it is the way back of an
  // up edge followed here (the lower end is in it, and every up edge from there was followed).
  pending_.clear();
  const auto mark = [&](NodeId node) {
    if (goal_side_[node] == stamp_) return;
    goal_side_[node] = stamp_;
    pending_.push_back(node);
  };
  // The goal's distances from the landmarks: a subgoal's own, or the least over its links
  // of the link's plus the link's freespace length (a shortest path to a cell that is no
  // subgoal enters it from one of the subgoals it sees, subgoals.h).
  goal_landmarks_.fill(INFINITY);
  const auto take_landmarks = [&](NodeId node, double extra) {
    if (!graph.has_landmarks()) return;
    const double* from = graph.landmark_distances(node);
    for (std::size_t k = 0; k < goal_landmarks_.size(); ++k) goal_landmarks_[k] = std::min(goal_landmarks_[k], from[k] + extra);
  };
  const NodeId goal_node = graph.node_at(goal_.x, goal_.y);
  if (goal_node != kNoNode) {
    mark(goal_node);
    take_landmarks(goal_node, 0.0);
  } else {
    graph.reach(goal_.x, goal_.y, Point{-1, -1}, [&](Point p) {
      const NodeId node = graph.node_at(p.x, p.y);
      goal_link_[node] = stamp_;
      mark(node);
      take_landmarks(node, graph.h_moves(p, goal_).cost(base));
    });
  }
  landmarks_reach_goal_ = std::any_of(goal_landmarks_.begin(), goal_landmarks_.end(), [](double d) { return std::isfinite(d); });
  while (!pending_.empty()) {
    const NodeId node = pending_.back();
    pending_.pop_back();
    if (graph.rank(node) == kTopRank) continue;  // the top level is open to every search anyway
    for (const SubgoalEdge& edge : graph.up_edges(node)) mark(edge.to);
  }

  cells_[start_id_] = NodeState{0.0, 0, stamp_, static_cast<std::uint8_t>(CellPhase::Open), 0};
  parents_[start_id_] = kNoCell;
  open_.push(make_entry(priority_key(h_at(start_)), 0.0, start_id_));
  counters_.opened = 1;
  counters_.max_open = 1;
  status_ = Status::Running;
}

template <class Listener>
void SubgoalGraphSearch::relax(CellId id, Point at, NodeId node, double new_g, CellId parent, Listener& listener) {
  NodeState& next = cells_[id];
  Outcome outcome;
  double old_g = NAN;
  if (next.stamp != stamp_) {
    next = NodeState{new_g, 0, stamp_, static_cast<std::uint8_t>(CellPhase::Open), 0};
    parents_[id] = parent;
    open_.push(make_entry(priority_key(new_g + h_at(node, at)), new_g, id));
    ++counters_.opened;
    outcome = Outcome::Opened;
  } else if (next.phase == static_cast<std::uint8_t>(CellPhase::Open) && new_g < next.g - 1e-9 * next.g) {
    // The relative margin keeps rounding noise (two routes of the same true cost) from
    // counting as an improvement, as in best_first_impl.h.
    old_g = next.g;
    next.g = new_g;
    parents_[id] = parent;
    open_.decrease(next.aux, make_entry(priority_key(new_g + h_at(node, at)), new_g, id));
    ++counters_.improved;
    outcome = Outcome::Improved;
  } else {
    old_g = next.g;
    outcome = next.phase == static_cast<std::uint8_t>(CellPhase::Open) ? Outcome::NotImproved : Outcome::AlreadyClosed;
  }
  if constexpr (listener_observes<Listener>())
    listener.on_event(neighbour_event(id, outcome, old_g, next.g, parents_[id]));
}

template <class Listener>
void SubgoalGraphSearch::expand_next(Listener& listener) {
  // Running implies a non-empty open list: the expansion that empties it ends the search.
  const CellId id = open_.pop().id();
  NodeState& cell = cells_[id];
  cell.phase = static_cast<std::uint8_t>(CellPhase::Closed);
  cell.aux = static_cast<std::uint32_t>(++counters_.expanded);
  const Point at = grid_->point(id);
  const double g = cell.g;
  if constexpr (listener_observes<Listener>()) {
    const double h_here = h(id);
    Event event = make_event(EventKind::Expand, id, g, h_here, g + h_here);
    event.other = parents_[id];
    listener.on_event(event);
  }
  if (id == goal_id_) {
    mark_path();
    return;
  }

  const SubgoalGraph& graph = *graph_;
  const NodeId node = graph.node_at(at.x, at.y);
  const auto offer = [&](NodeId to, MoveCount moves) {
    const Point p = graph.point(to);
    relax(grid_->id(p), p, to, g + moves.cost(lengths_), id, listener);
  };
  const auto offer_goal = [&] { relax(goal_id_, goal_, kNoNode, g + graph.h_moves(at, goal_).cost(lengths_), id, listener); };
  if (node == kNoNode) {
    // Only the start can be a node that is no subgoal here (the goal ended the search above).
    graph.reach(at.x, at.y, goal_, [&](Point p) {
      if (p == goal_) offer_goal();
      else offer(graph.node_at(p.x, p.y), graph.h_moves(at, p));
    });
  } else {
    for (const SubgoalEdge& edge : graph.up_edges(node)) offer(edge.to, edge.moves);
    if (id == start_id_) {
      for (const SubgoalEdge& edge : graph.down_edges(node)) offer(edge.to, edge.moves);
    } else if (goal_side_[node] == stamp_) {
      for (const SubgoalEdge& edge : graph.down_edges(node))
        if (goal_side_[edge.to] == stamp_) offer(edge.to, edge.moves);
    }
    if (goal_link_[node] == stamp_) offer_goal();
  }
  if (open_.size() > counters_.max_open) counters_.max_open = open_.size();
  if (open_.empty()) status_ = Status::NoPath;
}

void SubgoalGraphSearch::mark_path() {
  std::vector<Point> nodes;
  for (CellId at = goal_id_; at != kNoCell; at = parents_[at]) nodes.push_back(grid_->point(at));
  std::reverse(nodes.begin(), nodes.end());
  path_.assign(1, nodes.front());
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    [[maybe_unused]] const bool walked = append_link(nodes[i - 1], nodes[i], path_);
    assert(walked && "the search only follows edges of its graph");
  }

  // Each path cell gets its cost along the path and the cell before it as its parent; nodes
  // expanded keep their g (final, so the same up to rounding) and their expansion order.
  double g = 0;
  CellId before = kNoCell;
  for (std::size_t k = 0; k < path_.size(); ++k) {
    const CellId id = grid_->id(path_[k]);
    if (k > 0) g += path_[k].x != path_[k - 1].x && path_[k].y != path_[k - 1].y ? lengths_.diagonal : lengths_.straight;
    NodeState& cell = cells_[id];
    const bool expanded = cell.stamp == stamp_ && cell.phase == static_cast<std::uint8_t>(CellPhase::Closed);
    if (!expanded) {
      cell.g = g;
      cell.aux = 0;
    }
    cell.stamp = stamp_;
    cell.phase = static_cast<std::uint8_t>(CellPhase::Path);
    parents_[id] = before;
    before = id;
  }
  status_ = Status::Found;
  path_cost_ = cells_[goal_id_].g;
}

// ---------------------------------------------------------------------------------------
// Reading

std::vector<OpenItem> SubgoalGraphSearch::open_in_order(std::size_t limit) const {
  std::vector<OpenItem> items;
  for (const OpenEntry& entry : open_.in_pop_order(limit)) {
    const CellId id = entry.id();
    const double h_here = h(id);
    items.push_back({id, cells_[id].g, h_here, cells_[id].g + h_here, Side::Forward});
  }
  return items;
}

double SubgoalGraphSearch::h(CellId id) const {
  // The query's h only once this reset began it: the graph and the goal's landmark
  // distances are then this query's (a rebuilt graph comes with another reset).
  const double rule = Search::h(id);
  if (!begun_ || std::isnan(rule)) return rule;
  const Point at = grid_->point(id);
  return h_at(graph_->node_at(at.x, at.y), at);
}

std::vector<Point> SubgoalGraphSearch::route_to(CellId id) const {
  std::vector<Point> route;
  if (id >= grid_->cell_count() || phase(id) == CellPhase::Unseen || !graph_ || graph_->cell_count() != grid_->cell_count())
    return route;
  std::vector<Point> chain;
  // At most one entry per cell; the bound guards against a cycle a bug could leave.
  for (CellId at = id; at != kNoCell && chain.size() <= grid_->cell_count(); at = parents_[at])
    chain.push_back(grid_->point(at));
  std::reverse(chain.begin(), chain.end());
  route.push_back(chain.front());
  for (std::size_t i = 1; i < chain.size(); ++i) {
    // A path cell's parent is the cell before it; any other's is the node of its edge.
    if (phase(grid_->id(chain[i])) == CellPhase::Path) route.push_back(chain[i]);
    else if (!append_link(chain[i - 1], chain[i], route)) break;  // only on a graph rebuilt since
  }
  return route;
}

bool SubgoalGraphSearch::append_link(Point a, Point b, std::vector<Point>& cells) const {
  const SubgoalGraph& graph = *graph_;
  const NodeId from = graph.node_at(a.x, a.y), to = graph.node_at(b.x, b.y);
  if (from == kNoNode) {
    graph.append_shape(a, b, true, cells);  // a is the start: reach() from it went steps first
  } else if (to == kNoNode) {
    graph.append_shape(a, b, false, cells);  // b is the goal: reach() from it came steps first
  } else {
    const std::optional<SubgoalEdge> edge = graph.find_edge(from, to);
    if (!edge) return false;
    graph.append_edge(from, *edge, cells);
  }
  return true;
}

std::vector<Channel> SubgoalGraphSearch::channels() const {
  const NodeState* base = cells_.data();
  const std::uint16_t* stamps = &base->stamp;
  constexpr std::uint32_t kStride = sizeof(NodeState);
  std::vector<Channel> list = {
      {ChannelName::Phase, ChannelType::U8, &base->phase, kStride, stamps, kStride},
      {ChannelName::G, ChannelType::F64, &base->g, kStride, stamps, kStride},
      {ChannelName::Order, ChannelType::U32, &base->aux, kStride, stamps, kStride},
      {ChannelName::ParentId, ChannelType::U32, parents_.data(), sizeof(CellId), stamps, kStride},
  };
  // Only a graph of this grid's size can be read cell by cell (a stale one still shows the
  // subgoals it was built on until it is rebuilt).
  if (graph_ && graph_->cell_count() == grid_->cell_count()) {
    list.push_back({ChannelName::Subgoal, ChannelType::U8, graph_->levels(), 1, nullptr, 0});
    if (graph_->has_landmarks()) list.push_back({ChannelName::Landmark, ChannelType::U8, graph_->landmark_cells(), 1, nullptr, 0});
  }
  return list;
}

std::vector<SubgoalLink> SubgoalGraphSearch::links(CellId cell) const {
  std::vector<SubgoalLink> result;
  if (!ready() || cell >= grid_->cell_count()) return result;
  const SubgoalGraph& graph = *graph_;
  const Point at = grid_->point(cell);
  const NodeId node = graph.node_at(at.x, at.y);
  if (node != kNoNode) {
    for (const SubgoalEdge& edge : graph.edges(node))
      result.push_back({graph.cell(edge.to), edge.shortcut() ? graph.cell(edge.via) : kNoCell});
    return result;
  }
  const bool queried = status_ != Status::Ready && status_ != Status::Refused;
  if (!queried || !graph.free(at.x, at.y) || (!(at == start_) && !(at == goal_))) return result;
  const Point target = at == start_ ? goal_ : Point{-1, -1};
  graph.reach(at.x, at.y, target, [&](Point p) { result.push_back({grid_->id(p), kNoCell}); });
  return result;
}

}  // namespace astar
