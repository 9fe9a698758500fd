// What a search reports about one step: a list of Events, a tagged union whose kind says
// which fields mean what, and the listeners searches report them to.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "grid.h"
#include "moves.h"
#include "options.h"

namespace astar {

// Which frontier an event or a cell belongs to. Only bidirectional search has a backward
// one (growing from the goal); every other search is all Forward.
enum class Side : std::uint8_t { Forward = 0, Backward = 1 };
// The names JavaScript uses for these enums, as in options.h: each table is the only place
// its names are spelled (the bindings register them, the build generates TypeScript from them).
inline constexpr std::array kSides = {Named<Side>{Side::Forward, "forward"}, Named<Side>{Side::Backward, "backward"}};
static_assert(values_in_order(kSides));

// A node of the map being searched, as events and the Search interface name it: a grid
// cell's id (y * width + x) today; a mesh search will number its own nodes (search.h).
using NodeId = CellId;

inline constexpr CellId kNoCell = 0xFFFFFFFFu;

// What happened, in the terms of the event's kind (see EventKind).
enum class Outcome : std::uint8_t {
  None = 0,
  // Neighbour events:
  Opened = 1,         // seen for the first time, added to the open list
  Improved = 2,       // already open, a cheaper way found: g lowered, parent changed
  NotImproved = 3,    // already open, this way is no cheaper
  AlreadyClosed = 4,  // already expanded
  Blocked = 5,        // in bounds but a wall, or a move the diagonal rule forbids
  Pruned = 6,         // IDA*: f above the threshold, left for a later iteration
  OnPath = 7,         // IDA*: already on the current path (a cycle)
  // Scan events (JPS):
  JumpPoint = 8,      // the scan stopped at a jump point
  DeadEnd = 9,        // the scan ran into a wall or the map's edge
  ReachedGoal = 10,   // the scan reached the goal
  // Sight events (Theta*):
  Clear = 11,         // the segment touches no blocked cell
  Obstructed = 12,    // the segment touches a blocked cell or leaves the map
  // Key events (D* Lite): what the pop did to the popped cell.
  KeyRaised = 13,       // its key had grown since it was queued (km rose, the start moved): requeued
  OverConsistent = 14,  // g > rhs: g lowered to rhs; consistent now, out of the queue
  UnderConsistent = 15, // g < rhs: g raised to infinity; its predecessors' rhs are recomputed
  // Rhs events (D* Lite): where the cell is in the queue after its rhs changed.
  Queued = 16,    // it was consistent and is not now: put in the queue
  Requeued = 17,  // it was in the queue and still is, with a new key
  Dequeued = 18,  // consistent again (g = rhs): taken out of the queue
  // Funnel events (navmesh A* + funnel): what the portal did to the funnel.
  Narrowed = 19,  // a side moved in
  Corner = 20,    // it crossed a side, whose point became a corner of the path and the apex
  // Neighbour events of Polyanya (besides Opened and Pruned, its root reached more cheaply):
  IntoDeadEnd = 21,  // the node's polygon leads nowhere but back: dropped
  ReachesGoal = 22,  // the final node, from the goal's polygon to the goal: queued
  // Scan events (JPS on a map with terrain), besides the three above:
  TerrainChange = 23,  // the scan stopped beside a change of terrain, at a jump point (jump_terrain.h)
  // Sight events (Theta* on a map with terrain), besides Clear and Obstructed:
  Dearer = 24,  // clear, but the line crosses costlier terrain: the ordinary move is cheaper
};

enum class EventKind : std::uint8_t {
  // `cell` taken from the open list (IDA*: the top of the stack).
  //   a = g, b = h (unweighted), c = f (the priority it was taken by; see Search::f)
  // D* Lite: a = g after the step, b = h from the start, c = k1 of the key it was popped
  // with; `other` = its successor toward the goal after the step (kNoCell for none).
  Expand = 0,
  // `cell` considered from the expanded cell: `outcome`; a = g before (NaN if unseen or
  // blocked), b = g after (NaN if blocked); `other` = its parent after the step (kNoCell
  // if none). Theta*'s parent may be the expanded cell's own parent (line of sight).
  Neighbour = 1,
  // JPS: a scan from `other` in direction `dir` that stopped at `cell`: `outcome` says why
  // (JumpPoint, DeadEnd: `cell` is the last free cell, ReachedGoal, TerrainChange). `a` is 1
  // when `other` is the expanded cell, a terrain edge, and only the terrain rule keeps this
  // direction from it (jump_terrain.h: the walls' rules alone would prune it); else NaN.
  Scan = 2,
  // JPS: `cell` is a forced neighbour of `other`, which makes `other` a jump point.
  Forced = 3,
  // Theta*: line of sight from `other` to `cell`: Clear, Obstructed, or Dearer.
  Sight = 4,
  // Bidirectional: the best meeting so far improved: through `cell`, a = its cost.
  Meet = 5,
  // IDA*: iteration a (1-based) starts from the start with f threshold b.
  Iteration = 6,
  // IDA*: the depth-first path was cut back to end at `cell` (a = the cells popped).
  Backtrack = 7,
  // Bidirectional: the search stops: a = the best meeting cost, b = the bound that proves
  // no cheaper path exists (the larger of the two frontiers' smallest f).
  Stop = 8,
  // D* Lite: what popping `cell` did (the step's Expand event comes first): `outcome`
  // KeyRaised, OverConsistent or UnderConsistent; a = k1, b = k2 of the key it was popped
  // with; c = the new k1 for KeyRaised (its k2 is unchanged), else g before the step.
  Key = 9,
  // D* Lite: the rhs of `cell`, a predecessor of the popped cell (or, after an
  // UnderConsistent pop, the popped cell itself, whose rhs may be unchanged), changed:
  // a = rhs before, b = rhs after (infinity: no way to the goal through what is known);
  // c = its k1 in the queue now (NaN when Dequeued); `other` = its successor on the best
  // way to the goal now (kNoCell for none); `outcome` Queued, Requeued or Dequeued.
  Rhs = 10,
  // Navmesh A* + funnel: the corridor was found (the step's Expand took the goal's
  // polygon): a = its polygons (the search's corridor() lists them).
  Corridor = 11,
  // Navmesh A* + funnel: the funnel walked portal a of the corridor; `cell` indexes the
  // search's funnel steps (apex, sides); `outcome` None, Narrowed or Corner.
  Funnel = 12,
};

inline constexpr std::array kEventKinds = {
    Named<EventKind>{EventKind::Expand, "expand"},       Named<EventKind>{EventKind::Neighbour, "neighbour"},
    Named<EventKind>{EventKind::Scan, "scan"},           Named<EventKind>{EventKind::Forced, "forced"},
    Named<EventKind>{EventKind::Sight, "sight"},         Named<EventKind>{EventKind::Meet, "meet"},
    Named<EventKind>{EventKind::Iteration, "iteration"}, Named<EventKind>{EventKind::Backtrack, "backtrack"},
    Named<EventKind>{EventKind::Stop, "stop"},           Named<EventKind>{EventKind::Key, "key"},
    Named<EventKind>{EventKind::Rhs, "rhs"},             Named<EventKind>{EventKind::Corridor, "corridor"},
    Named<EventKind>{EventKind::Funnel, "funnel"},
};
static_assert(values_in_order(kEventKinds));

// An outcome's name and the kind of event that reports it (none for Outcome::None, the
// outcome of every kind that has none), so that each kind's outcomes are typed as a set of
// their own in TypeScript.
struct OutcomeRow {
  Outcome value;
  std::string_view name;
  std::optional<EventKind> reported_by;
};
inline constexpr std::array kOutcomes = {
    OutcomeRow{Outcome::None, "none", {}},
    OutcomeRow{Outcome::Opened, "opened", EventKind::Neighbour},
    OutcomeRow{Outcome::Improved, "improved", EventKind::Neighbour},
    OutcomeRow{Outcome::NotImproved, "not-improved", EventKind::Neighbour},
    OutcomeRow{Outcome::AlreadyClosed, "closed", EventKind::Neighbour},
    OutcomeRow{Outcome::Blocked, "blocked", EventKind::Neighbour},
    OutcomeRow{Outcome::Pruned, "pruned", EventKind::Neighbour},
    OutcomeRow{Outcome::OnPath, "on-path", EventKind::Neighbour},
    OutcomeRow{Outcome::JumpPoint, "jump-point", EventKind::Scan},
    OutcomeRow{Outcome::DeadEnd, "dead-end", EventKind::Scan},
    OutcomeRow{Outcome::ReachedGoal, "reached-goal", EventKind::Scan},
    OutcomeRow{Outcome::Clear, "clear", EventKind::Sight},
    OutcomeRow{Outcome::Obstructed, "obstructed", EventKind::Sight},
    OutcomeRow{Outcome::KeyRaised, "key-raised", EventKind::Key},
    OutcomeRow{Outcome::OverConsistent, "over-consistent", EventKind::Key},
    OutcomeRow{Outcome::UnderConsistent, "under-consistent", EventKind::Key},
    OutcomeRow{Outcome::Queued, "queued", EventKind::Rhs},
    OutcomeRow{Outcome::Requeued, "requeued", EventKind::Rhs},
    OutcomeRow{Outcome::Dequeued, "dequeued", EventKind::Rhs},
    OutcomeRow{Outcome::Narrowed, "narrowed", EventKind::Funnel},
    OutcomeRow{Outcome::Corner, "corner", EventKind::Funnel},
    OutcomeRow{Outcome::IntoDeadEnd, "into-dead-end", EventKind::Neighbour},
    OutcomeRow{Outcome::ReachesGoal, "reaches-goal", EventKind::Neighbour},
    OutcomeRow{Outcome::TerrainChange, "terrain-change", EventKind::Scan},
    OutcomeRow{Outcome::Dearer, "dearer", EventKind::Sight},
};
static_assert(values_in_order(kOutcomes));

struct Event {
  EventKind kind = EventKind::Expand;
  Outcome outcome = Outcome::None;
  Side side = Side::Forward;
  std::uint8_t dir = 0;  // Scan: direction (moves.h)
  NodeId cell = kNoCell;
  NodeId other = kNoCell;
  double a = NAN, b = NAN, c = NAN;
};

// Builds an event of `kind` about `cell`; fields its kind does not use keep their defaults.
inline Event make_event(EventKind kind, CellId cell, double a = NAN, double b = NAN, double c = NAN) {
  Event event;
  event.kind = kind;
  event.cell = cell;
  event.a = a;
  event.b = b;
  event.c = c;
  return event;
}

// A Neighbour event: `cell` came to `outcome`; its g before and after; its parent now.
inline Event neighbour_event(CellId cell, Outcome outcome, double g_before, double g_after, CellId parent) {
  Event event = make_event(EventKind::Neighbour, cell, g_before, g_after);
  event.outcome = outcome;
  event.other = parent;
  return event;
}

inline Event on_side(Event event, Side side) {
  event.side = side;
  return event;
}

// A listener receives each event of a step. NullListener declares kObserves = false and
// searches then build no events at all; a listener may also set kWantsBlocked = false to
// skip Blocked neighbour reports. Both default to true.
template <class Listener>
constexpr bool listener_observes() {
  if constexpr (requires { Listener::kObserves; }) return Listener::kObserves;
  else return true;
}
template <class Listener>
constexpr bool listener_wants_blocked() {
  if constexpr (requires { Listener::kWantsBlocked; }) return Listener::kWantsBlocked && listener_observes<Listener>();
  else return listener_observes<Listener>();
}

struct NullListener {
  static constexpr bool kObserves = false;
  static constexpr bool kWantsBlocked = false;
  void on_event(const Event&) {}
};

// Reports the neighbour of (x, y) in direction `dir`, which no legal move reaches, as
// Blocked: unless it is off the map, or a diagonal where the rule allows none at all.
template <class Listener>
void report_blocked(Listener& listener, const Grid& grid, Diagonal diagonal, int x, int y, int dir,
                    Side side = Side::Forward) {
  const int nx = x + kDirDx[dir], ny = y + kDirDy[dir];
  if ((diagonal == Diagonal::Never && is_diagonal(dir)) || !grid.in_bounds(nx, ny)) return;
  listener.on_event(on_side(neighbour_event(grid.id(nx, ny), Outcome::Blocked, NAN, NAN, kNoCell), side));
}

// Appends every event to a vector (cleared by the search at the start of each step).
struct EventRecorder {
  std::vector<Event>* events;
  void on_event(const Event& event) { events->push_back(event); }
};

}  // namespace astar
