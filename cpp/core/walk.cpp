#include "walk.h"

#include <algorithm>

#include "heuristics.h"
#include "moves.h"

namespace astar {

namespace {

// Walls rank above every terrain cost: "went down" means cheaper or no longer a wall.
int rank(std::uint8_t cost) { return cost == kWall ? kMaxTerrainCost + 1 : cost; }

// The direction of the move a -> b between neighbours, or -1.
int direction_between(Point a, Point b) {
  for (int dir = 0; dir < kDirectionCount; ++dir)
    if (a.x + kDirDx[dir] == b.x && a.y + kDirDy[dir] == b.y) return dir;
  return -1;
}

// The cost of the move a -> b on `grid`, or -1 when it is not a legal move there.
double move_cost(const Grid& grid, Diagonal diagonal, CostModel model, Point a, Point b) {
  const int dir = direction_between(a, b);
  // A wall drawn under the agent holds it there: no move leaves a wall.
  if (dir < 0 || !grid.in_bounds(b.x, b.y) || !grid.passable(grid.id(a)) || !grid.passable(grid.id(b))) return -1;
  if (!(allowed_moves(diagonal, grid.neighbour_mask(grid.id(a))) & (1u << dir))) return -1;
  const MoveLengths lengths = move_lengths(model);
  return (is_diagonal(dir) ? lengths.diagonal : lengths.straight) * grid.cost(grid.id(b));
}

}  // namespace

Walk::Walk(const Grid& world) : world_(&world), knowledge_(world.width(), world.height()) {
  planner_ = make_search(knowledge_, options_);
}

void Walk::set_options(const SearchOptions& options, int sense_radius) {
  next_options_ = options;
  next_sense_radius_ = std::clamp(sense_radius, 0, kMaxSenseRadius);
}

bool Walk::reset(Point start, Point goal) {
  options_ = next_options_;
  sense_radius_ = next_sense_radius_;
  const Grid& world = *world_;
  if (!same_size()) knowledge_ = Grid(world.width(), world.height());
  counters_ = {};
  last_replan_ = ReplanReason::None;
  refusal_ = Refusal::None;
  plan_.clear();
  plan_costs_.clear();
  plan_at_ = 0;
  unrepaired_.clear();
  walked_.clear();
  if (!world.in_bounds(start.x, start.y) || !world.in_bounds(goal.x, goal.y)) {
    status_ = WalkStatus::Ready;
    return false;
  }
  agent_ = start;
  goal_ = goal;
  walked_.push_back(start);
  if (sense_radius_ == 0) {
    knowledge_.assign(world.costs(), world.cell_count());
    known_.assign(world.cell_count(), 1);
  } else {
    knowledge_.fill(1);
    known_.assign(world.cell_count(), 0);
    std::vector<Change> ignored;
    sense(start, ignored);
  }
  if (!planner_->runs(options_.algorithm)) planner_ = make_search(knowledge_, options_);
  planner_->set_options(options_);
  incremental_ = dynamic_cast<IncrementalSearch*>(planner_.get());
  if (info(options_.algorithm).any_angle) {
    status_ = WalkStatus::Refused;
    refusal_ = Refusal::AnyAngle;
    return true;
  }
  planner_->reset(start, goal);
  unrepaired_.clear();  // the planner starts from the knowledge as it is
  if (!world.passable(world.id(start)) || !world.passable(world.id(goal))) {
    status_ = planner_->status() == Status::Refused ? WalkStatus::Refused : WalkStatus::NoPath;
    refusal_ = planner_->refusal();
    return true;
  }
  status_ = WalkStatus::Planning;
  settle();
  return true;
}

void Walk::settle() {
  switch (planner_->status()) {
    case Status::Running:
    case Status::Preparing: status_ = WalkStatus::Planning; break;
    case Status::Found: adopt_plan(); break;
    case Status::NoPath: status_ = WalkStatus::NoPath; break;
    case Status::GaveUp: status_ = WalkStatus::GaveUp; break;
    case Status::Refused:
      status_ = WalkStatus::Refused;
      refusal_ = planner_->refusal();
      break;
    case Status::Ready: status_ = WalkStatus::NoPath; break;  // not reached: reset checked the points
  }
  counters_.expanded_this_plan = planner_->counters().expanded;
}

void Walk::adopt_plan() {
  plan_ = planner_->path();
  plan_at_ = 0;
  plan_costs_.clear();
  for (std::size_t i = 0; i + 1 < plan_.size(); ++i)
    plan_costs_.push_back(move_cost(knowledge_, options_.diagonal, options_.cost_model, plan_[i], plan_[i + 1]));
  status_ = agent_ == goal_ ? WalkStatus::Arrived : WalkStatus::Moving;
}

std::vector<Point> Walk::planned_path() const {
  if (status_ != WalkStatus::Moving && status_ != WalkStatus::Arrived) return {};
  return {plan_.begin() + static_cast<std::ptrdiff_t>(plan_at_), plan_.end()};
}

void Walk::learn(CellId cell, std::vector<Change>& changes) {
  const std::uint8_t truth = world_->cost(cell), believed = knowledge_.cost(cell);
  if (truth == believed) return;
  knowledge_.set_cost(cell, truth);
  changes.push_back({cell, believed});
  if (incremental_) unrepaired_.push_back(cell);
}

void Walk::sense(Point at, std::vector<Change>& changes) {
  const int r = sense_radius_;
  if (r == 0) return;  // the knowledge is the world already
  const Grid& world = *world_;
  for (int y = std::max(0, at.y - r); y <= std::min(world.height() - 1, at.y + r); ++y)
    for (int x = std::max(0, at.x - r); x <= std::min(world.width() - 1, at.x + r); ++x) {
      const CellId id = world.id(x, y);
      known_[id] = 1;
      learn(id, changes);
    }
}

ReplanReason Walk::replan_reason(const std::vector<Change>& changes) const {
  if (changes.empty()) return ReplanReason::None;
  bool dearer = false;
  for (std::size_t i = plan_at_; i + 1 < plan_.size(); ++i) {
    const double cost = move_cost(knowledge_, options_.diagonal, options_.cost_model, plan_[i], plan_[i + 1]);
    if (cost < 0) return ReplanReason::PathBlocked;
    if (cost > plan_costs_[i]) dearer = true;
  }
  if (dearer) return ReplanReason::PathDearer;
  for (const Change& change : changes)
    if (rank(knowledge_.cost(change.cell)) < rank(change.old_cost)) return ReplanReason::CostLowered;
  return ReplanReason::None;
}

void Walk::replan(ReplanReason reason) {
  ++counters_.replans;
  last_replan_ = reason;
  plan_.clear();
  plan_costs_.clear();
  plan_at_ = 0;
  if (incremental_ && reason != ReplanReason::GoalMoved) {
    incremental_->repair(unrepaired_, agent_);
  } else {
    planner_->reset(agent_, goal_);
  }
  unrepaired_.clear();
  status_ = WalkStatus::Planning;
  settle();
}

bool Walk::step(WalkStepRecord* record) {
  if (!same_size()) return false;
  if (record) {
    *record = WalkStepRecord{};
  }
  if (status_ == WalkStatus::Planning) {
    const std::uint64_t before = planner_->counters().expanded;
    const bool stepped = record ? planner_->step(record->events) : planner_->step();
    if (!stepped) return false;
    if (record) record->planned = true;
    counters_.expanded_total += planner_->counters().expanded - before;
    ++counters_.steps;
    settle();
    return true;
  }
  if (status_ == WalkStatus::Moving) {
    move(record);
    ++counters_.steps;
    return true;
  }
  return false;
}

std::uint64_t Walk::run_steps(std::uint64_t count, bool until_move) {
  std::uint64_t made = 0;
  while (made < count && same_size()) {
    if (status_ == WalkStatus::Planning) {
      const std::uint64_t before = planner_->counters().expanded;
      const std::uint64_t taken = planner_->run_steps(count - made);
      if (taken == 0) break;
      counters_.expanded_total += planner_->counters().expanded - before;
      counters_.steps += taken;
      made += taken;
      settle();
    } else if (status_ == WalkStatus::Moving && !until_move) {
      move(nullptr);
      ++counters_.steps;
      ++made;
    } else {
      break;
    }
  }
  return made;
}

void Walk::move(WalkStepRecord* record) {
  const Grid& world = *world_;
  const Point from = agent_;
  const Point to = plan_[plan_at_ + 1];
  // The knowledge around the agent is the truth (sensed, or kept by world_changed), so the
  // plan's next move is legal on the world; should it not be, the agent stays and replans.
  const double cost = move_cost(world, options_.diagonal, options_.cost_model, from, to);
  const bool legal = cost >= 0;
  if (legal) {
    agent_ = to;
    ++plan_at_;
    ++counters_.moves;
    counters_.walked_cost += cost;
    walked_.push_back(to);
  }
  std::vector<Change> changes;
  sense(agent_, changes);
  if (!legal) {
    // Learn the cells the move needed, whatever the radius.
    learn(world.id(to), changes);
    for (int dir = 0; dir < kDirectionCount; ++dir) {
      const int x = from.x + kDirDx[dir], y = from.y + kDirDy[dir];
      if (world.in_bounds(x, y)) learn(world.id(x, y), changes);
    }
  }
  ReplanReason reason = ReplanReason::None;
  const bool arrived = agent_ == goal_;
  if (arrived) {
    status_ = WalkStatus::Arrived;
  } else {
    reason = legal ? replan_reason(changes) : ReplanReason::PathBlocked;
    if (reason != ReplanReason::None) replan(reason);
    else if (incremental_) incremental_->move_start(agent_);
  }
  if (record) {
    record->from = from;
    record->to = agent_;
    record->cost = legal ? cost : 0;
    for (const Change& change : changes) record->discovered.push_back({change.cell, knowledge_.cost(change.cell)});
    record->replan = reason;
    record->arrived = arrived;
  }
}

void Walk::world_changed(const std::vector<CellId>& cells) {
  if (status_ == WalkStatus::Ready || !same_size()) return;
  std::vector<Change> changes;
  for (CellId cell : cells)
    if (cell < known_.size() && known_[cell]) learn(cell, changes);
  if (changes.empty()) return;
  switch (status_) {
    case WalkStatus::Planning:
      // The plan in progress takes the change in: D* Lite repairs, others start again.
      if (incremental_) incremental_->repair(unrepaired_, agent_);
      else planner_->reset(agent_, goal_);
      unrepaired_.clear();
      settle();
      break;
    case WalkStatus::Moving: {
      const ReplanReason reason = replan_reason(changes);
      if (reason != ReplanReason::None) replan(reason);
      break;
    }
    case WalkStatus::NoPath:
      for (const Change& change : changes)
        if (rank(knowledge_.cost(change.cell)) < rank(change.old_cost)) {
          replan(ReplanReason::CostLowered);
          break;
        }
      break;
    default: break;
  }
}

bool Walk::set_goal(Point goal) {
  if (!world_->in_bounds(goal.x, goal.y)) return false;
  goal_ = goal;
  if (status_ == WalkStatus::Ready || status_ == WalkStatus::Refused) return true;
  replan(ReplanReason::GoalMoved);
  return true;
}

}  // namespace astar
