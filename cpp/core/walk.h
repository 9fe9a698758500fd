// Walk: an agent walking from a start to a goal on a true map it may know only in part,
// planning with any search of the family (D* Lite repairs its plan; the others plan again
// from scratch from the agent's cell).
//
// Two grids. The true map (the world) belongs to the caller, which may edit it during the
// walk and says so with world_changed(). The Walk owns the knowledge grid, what the agent
// believes, and its planner, a Search (make_search) over the knowledge grid:
//   sense radius 0      the agent knows the whole map: the knowledge is a copy, kept equal
//                       to the world by world_changed()
//   sense radius 1..10  the agent knows the cells within that Chebyshev distance of every
//                       cell it has stood on (sensed when it arrives); every other cell is
//                       assumed free (cost 1) until sensed. The known mask says which.
//
// One step is one planner expansion while planning, else one move of the agent to the
// next cell of its plan, paying the move's cost on the true map, then sensing around the
// new cell. Cells whose true cost differs from the knowledge are "discovered": the
// knowledge takes the true cost. The agent plans again when what changed in its knowledge
// (discovered, or edited by world_changed in cells it knows) touches the rest of its plan:
//   path-blocked   a move of the rest of the plan is no longer legal on the knowledge (a
//                  cell on it, or a corner cell a diagonal move needs, became a wall)
//   path-dearer    a move of the rest of the plan costs more than when planned
//   cost-lowered   some known cost went down (a wall went away, terrain got cheaper): a
//                  cheaper way may have opened anywhere
//   goal-moved     set_goal()
// D* Lite is repaired (IncrementalSearch::repair) with every knowledge change since its
// last repair, the ones that did not touch the plan included (it must see every edit of
// the grid it reads); other planners are reset from the agent's cell. Changes that touch
// nothing cost no planning: both kinds of planner replan only when the plan is touched.
//
// Statuses: Ready (not reset), Planning, Moving, Arrived (at the goal), NoPath (the planner
// found none: the goal is unreachable as far as the agent knows), GaveUp (the planner hit
// max_expansions within one plan), Refused (the planner refused the options, or the
// planner is any-angle: a walk moves from cell to cell). A start or goal on a wall of the
// true map is NoPath at once; a wall drawn under the agent holds it there (no move leaves
// a wall) until erased.
//
// Edits and goal moves at any time: while planning, a change the agent learns is taken
// into the plan in progress (D* Lite repairs, others start that plan again; not counted as
// a replan); while moving, it replans as above; after NoPath, a cost that went down makes
// it try again; set_goal() plans again from the agent whatever the status (after Arrived
// too), except before the first reset or when refused.
//
// Deterministic: the same world, options, start and goal and the same world_changed and
// set_goal calls at the same steps give the same steps, so a timeline can replay a walk.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "events.h"
#include "grid.h"
#include "options.h"
#include "search.h"

namespace astar {

enum class WalkStatus : std::uint8_t { Ready = 0, Planning = 1, Moving = 2, Arrived = 3, NoPath = 4, GaveUp = 5, Refused = 6 };
enum class ReplanReason : std::uint8_t { None = 0, PathBlocked = 1, PathDearer = 2, CostLowered = 3, GoalMoved = 4 };
// The names JavaScript uses, as in options.h: the only place they are spelled.
inline constexpr std::array kWalkStatuses = {
    Named<WalkStatus>{WalkStatus::Ready, "ready"},     Named<WalkStatus>{WalkStatus::Planning, "planning"},
    Named<WalkStatus>{WalkStatus::Moving, "moving"},   Named<WalkStatus>{WalkStatus::Arrived, "arrived"},
    Named<WalkStatus>{WalkStatus::NoPath, "no-path"},  Named<WalkStatus>{WalkStatus::GaveUp, "gave-up"},
    Named<WalkStatus>{WalkStatus::Refused, "refused"},
};
inline constexpr std::array kReplanReasons = {
    Named<ReplanReason>{ReplanReason::None, "none"},
    Named<ReplanReason>{ReplanReason::PathBlocked, "path-blocked"},
    Named<ReplanReason>{ReplanReason::PathDearer, "path-dearer"},
    Named<ReplanReason>{ReplanReason::CostLowered, "cost-lowered"},
    Named<ReplanReason>{ReplanReason::GoalMoved, "goal-moved"},
};
static_assert(values_in_order(kWalkStatuses) && values_in_order(kReplanReasons));

// The largest sense radius (set_options clamps to it); exported to JavaScript as MAX_SENSE_RADIUS.
inline constexpr int kMaxSenseRadius = 10;

struct WalkCounters {
  std::uint64_t steps = 0;               // steps taken: planning expansions and moves
  std::uint64_t moves = 0;
  double walked_cost = 0;                // on the true map
  std::uint64_t replans = 0;             // plans made after the first (goal moves included)
  std::uint64_t expanded_this_plan = 0;  // the current (or last) plan's expansions
  std::uint64_t expanded_total = 0;      // every plan's, the first included
};

// A cell the agent found to differ from what it believed, with its true cost (0 wall).
struct Discovery {
  CellId cell = kNoCell;
  std::uint8_t cost = 0;
};

// What an observed step did: a planner expansion (`planned`, with the planner's events) or a
// move and what it sensed.
struct WalkStepRecord {
  bool planned = false;
  std::vector<Event> events;  // planned: the planner's events of the expansion
  Point from{}, to{};         // a move: from and to (equal if the move was not legal)
  double cost = 0;            // the move's cost on the true map
  std::vector<Discovery> discovered;
  ReplanReason replan = ReplanReason::None;  // a replan starts after this move, and why
  bool arrived = false;
};

class Walk {
 public:
  // `world` must outlive the walk.
  explicit Walk(const Grid& world);

  // What a walk keeps per cell besides its planner (make_search's bytes_per_cell()): the
  // knowledge grid the planner reads and the known-cell mask.
  static constexpr std::size_t kBytesPerCell = Grid::kBytesPerCell + sizeof(std::uint8_t);

  // Take effect at the next reset(). The radius is clamped to 0..kMaxSenseRadius.
  void set_options(const SearchOptions& options, int sense_radius);
  const SearchOptions& options() const { return options_; }
  int sense_radius() const { return sense_radius_; }

  // The agent at `start`, knowledge sensed around it, the planner reset. False (status
  // Ready) when a point is outside the world.
  bool reset(Point start, Point goal);
  // One step (observed when `record` is given). False when there was nothing to do.
  bool step(WalkStepRecord* record = nullptr);
  // Up to `count` unobserved steps; returns how many were made. `until_move`: stop before
  // the next move, so at most the plan under way is finished (a timeline that counts moves
  // makes each move's planning first, in as many calls as it likes).
  std::uint64_t run_steps(std::uint64_t count, bool until_move = false);

  // The world was edited at these cells: the ones the agent knows update its knowledge at
  // once (and may make it replan); the others are discovered when sensed.
  void world_changed(const std::vector<CellId>& cells);
  // The goal moved: plan again from the agent. False when it is outside the world.
  bool set_goal(Point goal);

  WalkStatus status() const { return status_; }
  Refusal refusal() const { return refusal_; }
  Point agent() const { return agent_; }
  Point goal() const { return goal_; }
  const std::vector<Point>& walked() const { return walked_; }
  // From the agent to the goal: empty unless Moving or Arrived.
  std::vector<Point> planned_path() const;
  const WalkCounters& counters() const { return counters_; }
  ReplanReason last_replan() const { return last_replan_; }
  // Per cell, 1 where the agent knows the true cost.
  const std::vector<std::uint8_t>& known() const { return known_; }
  const Grid& knowledge() const { return knowledge_; }
  const Grid& world() const { return *world_; }
  const Search& planner() const { return *planner_; }

 private:
  struct Change {
    CellId cell;
    std::uint8_t old_cost;
  };

  // Senses the cells around `at`; appends what differed to `changes`.
  void sense(Point at, std::vector<Change>& changes);
  // Sets a knowledge cell to the world's cost, remembering the change.
  void learn(CellId cell, std::vector<Change>& changes);
  // Whether (and why) these knowledge changes call for a new plan.
  ReplanReason replan_reason(const std::vector<Change>& changes) const;
  void replan(ReplanReason reason);
  // Follows the planner's status after it started or stepped.
  void settle();
  void adopt_plan();
  void move(WalkStepRecord* record);
  bool same_size() const { return world_->cell_count() == knowledge_.cell_count() && world_->width() == knowledge_.width(); }

  const Grid* world_;
  Grid knowledge_;
  std::unique_ptr<Search> planner_;
  IncrementalSearch* incremental_ = nullptr;  // the planner, when it can repair
  SearchOptions options_, next_options_;
  int sense_radius_ = 0, next_sense_radius_ = 0;

  WalkStatus status_ = WalkStatus::Ready;
  Refusal refusal_ = Refusal::None;
  Point agent_{}, goal_{};
  std::vector<Point> walked_;
  std::vector<Point> plan_;         // agent (when planned) to goal
  std::vector<double> plan_costs_;  // each move of plan_, on the knowledge when planned
  std::size_t plan_at_ = 0;         // the agent's index in plan_
  std::vector<CellId> unrepaired_;  // D* Lite: knowledge changes since its last repair
  std::vector<std::uint8_t> known_;
  WalkCounters counters_;
  ReplanReason last_replan_ = ReplanReason::None;
};

}  // namespace astar
