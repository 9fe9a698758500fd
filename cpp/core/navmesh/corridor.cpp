#include "corridor.h"

#include <algorithm>

namespace astar::navmesh {

CorridorSearch::CorridorSearch(const NavMesh& mesh)
    : mesh_(mesh), nodes_(mesh.polygon_count()), stamp_(mesh.polygon_count(), 0) {}

PolygonNode& CorridorSearch::at(std::uint32_t polygon) {
  if (stamp_[polygon] != search_) {
    stamp_[polygon] = search_;
    nodes_[polygon] = PolygonNode{};
  }
  return nodes_[polygon];
}

const PolygonNode* CorridorSearch::node(std::uint32_t polygon) const {
  return polygon < nodes_.size() && stamp_[polygon] == search_ ? &nodes_[polygon] : nullptr;
}

void CorridorSearch::begin(Vec2 start, Vec2 goal) {
  if (++search_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    search_ = 1;
  }
  start_ = start;
  goal_ = goal;
  heap_.clear();
  open_count_ = 0;
  generated_.clear();
  corridor_.clear();
  funnel_.clear();
  path_.clear();
  cost_ = NAN;
  counters_ = {};
  goal_polygons_ = mesh_.locate(goal);
  const std::vector<std::uint32_t> starts = mesh_.locate(start);
  state_ = PlannerState::Running;
  if (starts.empty() || goal_polygons_.empty()) {
    state_ = PlannerState::NoPath;
    return;
  }
  // The first polygon holding the start; a start on an edge or vertex reaches the others
  // through it. One holding the goal too is preferred: then nothing needs searching.
  std::uint32_t first = starts.front();
  for (std::uint32_t p : starts)
    if (std::binary_search(goal_polygons_.begin(), goal_polygons_.end(), p)) first = p;
  PolygonNode& node = at(first);
  node.g = 0;
  node.position = start;
  node.f = distance(start, goal);
  heap_.push_back({node.f, 0, first});
  open_count_ = 1;
  counters_.generated = counters_.max_open = 1;
}

std::vector<PlannerEntry> CorridorSearch::open_in_order(std::size_t limit) const {
  std::vector<PlannerEntry> live;
  for (const PlannerEntry& e : heap_) {
    const PolygonNode* n = node(e.id);
    if (n && !n->closed && n->f == e.f && n->g == e.g) live.push_back(e);
  }
  std::make_heap(live.begin(), live.end(), later);
  return in_pop_order(std::move(live), limit);
}

std::uint32_t CorridorSearch::expand() {
  generated_.clear();
  if (state_ != PlannerState::Running) return kNoNode;
  std::uint32_t p = kNoNode;
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const PlannerEntry top = heap_.back();
    heap_.pop_back();
    const PolygonNode& n = nodes_[top.id];
    if (n.closed || n.f != top.f || n.g != top.g) continue;  // superseded by a cheaper entry
    p = top.id;
    break;
  }
  if (p == kNoNode) {
    state_ = PlannerState::NoPath;
    return kNoNode;
  }
  --open_count_;
  nodes_[p].closed = true;
  nodes_[p].order = static_cast<std::uint32_t>(++counters_.expanded);
  if (std::binary_search(goal_polygons_.begin(), goal_polygons_.end(), p)) {
    finish(p);
    return p;
  }
  const std::uint32_t n = mesh_.size(p);
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::int32_t beyond = mesh_.neighbour_at(p, k);
    if (beyond == kNoPolygon) continue;
    const auto q = static_cast<std::uint32_t>(beyond);
    const Vec2 mid = (mesh_.vertex(mesh_.vertex_at(p, k)) + mesh_.vertex(mesh_.vertex_at(p, (k + 1) % n))) * 0.5;
    const double g = nodes_[p].g + distance(nodes_[p].position, mid);
    const PolygonNode* seen = node(q);
    const double before = seen ? seen->g : NAN;
    Outcome outcome;
    if (seen && seen->closed) outcome = Outcome::AlreadyClosed;
    else if (seen && !(g < seen->g)) outcome = Outcome::NotImproved;
    else {
      outcome = seen ? Outcome::Improved : Outcome::Opened;
      PolygonNode& next = at(q);
      next.g = g;
      next.position = mid;
      next.f = g + distance(mid, goal_);
      next.parent = static_cast<std::int32_t>(p);
      heap_.push_back({next.f, next.g, q});
      std::push_heap(heap_.begin(), heap_.end(), later);
      if (outcome == Outcome::Opened) ++open_count_, ++counters_.generated;
    }
    generated_.push_back({q, outcome, before});
  }
  counters_.max_open = std::max<std::uint64_t>(counters_.max_open, open_count_);
  return p;
}

void CorridorSearch::finish(std::uint32_t goal_polygon) {
  for (std::int32_t at = static_cast<std::int32_t>(goal_polygon); at != kNoPolygon; at = nodes_[at].parent)
    corridor_.push_back(static_cast<std::uint32_t>(at));
  std::reverse(corridor_.begin(), corridor_.end());
  // Portals as seen walking the corridor: leaving polygon P by its edge k (from vertex k to
  // k + 1), vertex k is on the right and vertex k + 1 on the left.
  std::vector<std::pair<Vec2, Vec2>> portals{{start_, start_}};
  for (std::size_t i = 0; i + 1 < corridor_.size(); ++i) {
    const std::uint32_t p = corridor_[i], n = mesh_.size(p);
    for (std::uint32_t k = 0; k < n; ++k)
      if (mesh_.neighbour_at(p, k) == static_cast<std::int32_t>(corridor_[i + 1])) {
        portals.push_back({mesh_.vertex(mesh_.vertex_at(p, (k + 1) % n)), mesh_.vertex(mesh_.vertex_at(p, k))});
        break;
      }
  }
  portals.push_back({goal_, goal_});
  path_ = pull_string(portals, &funnel_);
  cost_ = 0;
  for (std::size_t i = 1; i < path_.size(); ++i) cost_ += distance(path_[i - 1], path_[i]);
  state_ = PlannerState::Found;
}

std::vector<Vec2> CorridorSearch::pull_string(const std::vector<std::pair<Vec2, Vec2>>& portals, std::vector<FunnelStep>* steps) {
  std::vector<Vec2> path;
  if (portals.empty()) return path;
  Vec2 apex = portals[0].first, left = apex, right = apex;
  std::size_t apex_index = 0, left_index = 0, right_index = 0;
  path.push_back(apex);
  const auto record = [&](std::size_t i, Outcome move) {
    if (steps) steps->push_back({static_cast<std::uint32_t>(i), portals[i].first, portals[i].second, apex, left, right, move});
  };
  for (std::size_t i = 1; i < portals.size(); ++i) {
    const Vec2 new_left = portals[i].first, new_right = portals[i].second;
    Outcome move = Outcome::None;
    // The right side moves in when the portal's right end is left of (or on) it.
    if (orient(apex, right, new_right) >= 0) {
      if (apex == right || orient(apex, left, new_right) < 0) {
        right = new_right;
        right_index = i;
        move = Outcome::Narrowed;
      } else {
        // It crossed the left side: the left point is a corner; walk on from there.
        path.push_back(left);
        apex = left;
        apex_index = left_index;
        right = left = apex;
        right_index = left_index = apex_index;
        record(i, Outcome::Corner);
        i = apex_index;
        continue;
      }
    }
    if (orient(apex, left, new_left) <= 0) {
      if (apex == left || orient(apex, right, new_left) > 0) {
        left = new_left;
        left_index = i;
        move = Outcome::Narrowed;
      } else {
        path.push_back(right);
        apex = right;
        apex_index = right_index;
        right = left = apex;
        right_index = left_index = apex_index;
        record(i, Outcome::Corner);
        i = apex_index;
        continue;
      }
    }
    record(i, move);
  }
  const Vec2 end = portals.back().first;
  if (!(path.back() == end)) path.push_back(end);
  return path;
}

}  // namespace astar::navmesh
