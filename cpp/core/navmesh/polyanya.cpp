#include "polyanya.h"

#include <algorithm>

namespace astar::navmesh {

namespace {
// Slack when comparing path lengths: g values of one root reached two ways may differ by
// rounding only.
constexpr double kCostSlack = 1e-9;
}  // namespace

std::vector<PlannerEntry> in_pop_order(std::vector<PlannerEntry> heap, std::size_t limit) {
  std::vector<PlannerEntry> order;
  while (!heap.empty() && order.size() < limit) {
    std::pop_heap(heap.begin(), heap.end(), later);
    order.push_back(heap.back());
    heap.pop_back();
  }
  return order;
}

Polyanya::Polyanya(const NavMesh& mesh) : mesh_(mesh), root_g_(mesh.vertex_count()), root_stamp_(mesh.vertex_count(), 0) {}

void Polyanya::begin(Vec2 start, Vec2 goal) {
  if (++search_ == 0) {
    std::fill(root_stamp_.begin(), root_stamp_.end(), 0);
    search_ = 1;
  }
  start_ = start;
  goal_ = goal;
  nodes_.clear();
  heap_.clear();
  generated_.clear();
  path_.clear();
  cost_ = NAN;
  counters_ = {};
  start_polygons_ = mesh_.locate(start);
  goal_polygons_ = mesh_.locate(goal);
  state_ = PlannerState::Running;
  if (start_polygons_.empty() || goal_polygons_.empty()) {
    state_ = PlannerState::NoPath;
    return;
  }
  SearchNode node;
  node.root = node.left = node.right = start;
  node.kind = NodeKind::Start;
  node.f = distance(start, goal);
  nodes_.push_back(node);
  heap_.push_back({node.f, 0, 0});
  counters_.generated = counters_.max_open = 1;
}

bool Polyanya::is_goal_polygon(std::int32_t polygon) const {
  return polygon >= 0 && std::binary_search(goal_polygons_.begin(), goal_polygons_.end(), static_cast<std::uint32_t>(polygon));
}

double Polyanya::h(const SearchNode& node) const {
  const Vec2 r = node.root, left = node.left, right = node.right;
  if (node.kind == NodeKind::Start || node.kind == NodeKind::Final || side(left, right, r) == 0) return distance(r, goal_);
  // The goal mirrored into the far side of the interval's line, if it is on the root's side.
  const Vec2 t = side(left, right, goal_) == side(left, right, r) ? reflect(goal_, left, right) : goal_;
  if (side(r, right, t) >= 0 && side(r, left, t) <= 0) return distance(r, t);
  if (side(r, left, t) > 0) return distance(r, left) + distance(left, t);
  return distance(r, right) + distance(right, t);
}

bool Polyanya::dominated(const SearchNode& node) const {
  if (node.root_vertex < 0) return false;
  const auto v = static_cast<std::size_t>(node.root_vertex);
  return root_stamp_[v] == search_ && root_g_[v] + kCostSlack < node.g;
}

void Polyanya::add(SearchNode node) {
  node.outcome = Outcome::Opened;
  if (!is_goal_polygon(node.polygon) && mesh_.neighbour_count(static_cast<std::uint32_t>(node.polygon)) <= 1) {
    node.outcome = Outcome::IntoDeadEnd;  // nothing beyond it but where it came from
  } else if (dominated(node)) {
    node.outcome = Outcome::Pruned;
  } else if (node.root_vertex >= 0) {
    const auto v = static_cast<std::size_t>(node.root_vertex);
    if (root_stamp_[v] != search_ || node.g < root_g_[v]) root_g_[v] = node.g;
    root_stamp_[v] = search_;
  }
  node.f = node.g + h(node);
  const auto id = static_cast<std::uint32_t>(nodes_.size());
  nodes_.push_back(node);
  generated_.push_back(id);
  if (node.outcome != Outcome::Opened) {
    ++counters_.pruned;
    return;
  }
  heap_.push_back({node.f, node.g, id});
  std::push_heap(heap_.begin(), heap_.end(), later);
  ++counters_.generated;
}

std::uint32_t Polyanya::expand() {
  generated_.clear();
  if (state_ != PlannerState::Running) return kNoNode;
  std::uint32_t id = kNoNode;
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const std::uint32_t top = heap_.back().id;
    heap_.pop_back();
    // Root-level pruning, again: its root was reached more cheaply after it was queued.
    if (dominated(nodes_[top])) {
      ++counters_.pruned;
      continue;
    }
    id = top;
    break;
  }
  if (id == kNoNode) {
    state_ = PlannerState::NoPath;
    return kNoNode;
  }
  ++counters_.expanded;
  switch (nodes_[id].kind) {
    case NodeKind::Final: finish(id); break;
    case NodeKind::Start: expand_start(id); break;
    default:
      if (is_goal_polygon(nodes_[id].polygon)) expand_into_goal(id);
      else expand_successors(id);
  }
  counters_.max_open = std::max<std::uint64_t>(counters_.max_open, heap_.size());
  return id;
}

void Polyanya::expand_start(std::uint32_t id) {
  const Vec2 s = start_;
  // Start and goal in one convex polygon: the straight segment is the answer.
  for (std::uint32_t p : start_polygons_) {
    if (!is_goal_polygon(static_cast<std::int32_t>(p))) continue;
    SearchNode final;
    final.root = s;
    final.left = final.right = goal_;
    final.g = 0;
    final.kind = NodeKind::Final;
    final.parent = id;
    final.polygon = static_cast<std::int32_t>(p);
    final.outcome = Outcome::ReachesGoal;
    final.f = distance(s, goal_);
    const auto final_id = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(final);
    generated_.push_back(final_id);
    heap_.push_back({final.f, 0, final_id});
    std::push_heap(heap_.begin(), heap_.end(), later);
    ++counters_.generated;
    return;
  }
  for (std::uint32_t p : start_polygons_) {
    const std::uint32_t n = mesh_.size(p);
    for (std::uint32_t k = 0; k < n; ++k) {
      const std::int32_t beyond = mesh_.neighbour_at(p, k);
      const std::uint32_t a = mesh_.vertex_at(p, k), b = mesh_.vertex_at(p, (k + 1) % n);
      // An edge through the start is covered by the polygon on its other side.
      if (beyond == kNoPolygon || side(mesh_.vertex(a), mesh_.vertex(b), s) <= 0) continue;
      SearchNode node;
      node.root = s;
      node.right = mesh_.vertex(a);
      node.left = mesh_.vertex(b);
      node.right_vertex = a;
      node.left_vertex = b;
      node.polygon = beyond;
      node.parent = id;
      node.kind = NodeKind::Observable;
      add(node);
    }
  }
}

void Polyanya::expand_into_goal(std::uint32_t id) {
  const SearchNode& node = nodes_[id];
  const Vec2 r = node.root, t = goal_;
  SearchNode final;
  final.left = final.right = t;
  final.kind = NodeKind::Final;
  final.parent = id;
  final.polygon = node.polygon;
  final.outcome = Outcome::ReachesGoal;
  final.root = r;
  final.root_vertex = node.root_vertex;
  final.g = node.g;
  if (side(node.left, node.right, r) != 0 && !(side(r, node.right, t) >= 0 && side(r, node.left, t) <= 0)) {
    // The goal is not seen through the interval: the way turns around its nearer end.
    const bool left = side(r, node.left, t) > 0;
    final.root = left ? node.left : node.right;
    const std::uint32_t v = left ? node.left_vertex : node.right_vertex;
    final.root_vertex = near(final.root, mesh_.vertex(v)) ? static_cast<std::int32_t>(v) : -1;
    final.g = node.g + distance(r, final.root);
  }
  final.f = final.g + distance(final.root, t);
  const auto final_id = static_cast<std::uint32_t>(nodes_.size());
  nodes_.push_back(final);
  generated_.push_back(final_id);
  heap_.push_back({final.f, final.g, final_id});
  std::push_heap(heap_.begin(), heap_.end(), later);
  ++counters_.generated;
}

void Polyanya::expand_successors(std::uint32_t id) {
  const SearchNode node = nodes_[id];  // a copy: add() grows nodes_
  const auto p = static_cast<std::uint32_t>(node.polygon);
  const std::uint32_t m = mesh_.size(p);
  // Walk the polygon from the interval's left end u: c(0) = u, c(1) = w (its right end),
  // then on round to u again; chain edge i runs from c(i) to c(i + 1), i = 1 .. m - 1.
  const std::uint32_t k = mesh_.index_of(p, node.left_vertex);
  const auto c = [&](std::uint32_t i) { return mesh_.vertex_at(p, (k + i) % m); };
  const auto at = [&](std::uint32_t i) { return mesh_.vertex(c(i)); };
  const auto beyond = [&](std::uint32_t i) { return mesh_.neighbour_at(p, (k + i) % m); };
  const Vec2 r = node.root;
  const auto emit = [&](NodeKind kind, Vec2 root, std::int32_t root_vertex, double g, std::uint32_t i, Vec2 right, Vec2 left) {
    if (beyond(i) == kNoPolygon || near(right, left)) return;
    SearchNode next;
    next.root = root;
    next.root_vertex = root_vertex;
    next.right = right;
    next.left = left;
    next.right_vertex = c(i);
    next.left_vertex = c(i + 1);
    next.polygon = beyond(i);
    next.g = g;
    next.parent = id;
    next.kind = kind;
    add(next);
  };
  if (side(node.left, node.right, r) == 0) {
    // The root is an end of the edge (a corner's own edge): the whole polygon is in view,
    // every other edge a successor. Those that end at the root too lead on round it, to
    // the next polygon of the fan around the corner.
    for (std::uint32_t i = 1; i < m; ++i) emit(NodeKind::Observable, r, node.root_vertex, node.g, i, at(i), at(i + 1));
    return;
  }
  // Where the rays through the interval's ends leave the polygon: the right ray on the
  // first chain edge whose end is left of it, the left ray on the last whose start is
  // right of it.
  std::uint32_t a = m - 1, b = 1;
  for (std::uint32_t i = 1; i < m; ++i)
    if (side(r, node.right, at(i + 1)) > 0) {
      a = i;
      break;
    }
  for (std::uint32_t i = m - 1; i >= 1; --i)
    if (side(r, node.left, at(i)) < 0) {
      b = i;
      break;
    }
  const Vec2 right_cut = side(r, node.right, at(a)) >= 0 ? at(a) : line_intersection(r, node.right, at(a), at(a + 1));
  const Vec2 left_cut = side(r, node.left, at(b + 1)) <= 0 ? at(b + 1) : line_intersection(r, node.left, at(b), at(b + 1));
  for (std::uint32_t i = a; i <= b; ++i)
    emit(NodeKind::Observable, r, node.root_vertex, node.g, i, i == a ? right_cut : at(i), i == b ? left_cut : at(i + 1));
  const std::uint32_t w = c(1), u = c(0);
  if (near(node.right, at(1)) && mesh_.is_corner(w)) {
    const double g = node.g + distance(r, at(1));
    for (std::uint32_t i = 1; i <= a; ++i)
      emit(NodeKind::NonObservable, at(1), static_cast<std::int32_t>(w), g, i, at(i), i == a ? right_cut : at(i + 1));
  }
  if (near(node.left, at(0)) && mesh_.is_corner(u)) {
    const double g = node.g + distance(r, at(0));
    for (std::uint32_t i = b; i < m; ++i)
      emit(NodeKind::NonObservable, at(0), static_cast<std::int32_t>(u), g, i, i == b ? left_cut : at(i), at(i + 1));
  }
}

void Polyanya::finish(std::uint32_t id) {
  state_ = PlannerState::Found;
  cost_ = nodes_[id].f;
  path_.assign(1, goal_);
  for (std::uint32_t at = id; at != kNoNode; at = nodes_[at].parent)
    if (!(path_.back() == nodes_[at].root)) path_.push_back(nodes_[at].root);
  std::reverse(path_.begin(), path_.end());
}

}  // namespace astar::navmesh
