// JumpPolicy<Jumps>: jump point search's successors (Harabor & Grastien, AAAI 2011): the jump
// points found from a node by scanning the directions its arrival leaves after pruning. Where
// the jumps come from is the template parameter, warthog's jps_expansion_policy over
// jump_point_online or jump_point_offline:
//
//   JumpPolicy<JumpScanner>        JPS: block scans of bit lines, online (jump_points.h)
//   JumpPolicy<PrecomputedJumps>   JPS+: the same jumps read from a table prepared per map
//                                  (jump_table.h)
//
// A Jumps source provides
//   static constexpr bool kScansCells;          its scans pass over cells one by one, which
//                                               the "scanned" channel can show while tracing
//   void prepare(const Grid&, Diagonal, CostModel);  at every search's start; cheap when nothing
//                                               changed (JumpScanner rebuilds its bit lines
//                                               only after an edit)
//   template <class Found, class Report>
//   void successors(int x, int y, int travel, Point goal, Found&& found, Report& report) const;
//                                               JumpScanner's contract (jump_points.h):
//                                               found(dir, steps) per successor, every scan
//                                               and forced neighbour told to the report
//   template <class List> void channels(List&) const;
//                                               arrays of its own to draw (Channels)
//   void invalidate();                          forget what was built for the grid object
//   and the preparation half of the policy contract (expansion_policy.h), which JumpPolicy
//   passes on: JumpScanner prepares nothing (NothingToPrepare); PrecomputedJumps builds its
//   jump table (jump_table.h).
//
// A successor `steps` moves away in direction `dir` costs the move's length times the sum of
// the costs of the cells the jump enters: steps times the one cost on a map of one cost; on a
// map with terrain the cells are read (jump_points.h, "Terrain"; JPS+ refuses such maps). The parent is the
// expanded node (ParentKind::Node) and the arrival direction is the jump's, which is what the
// successor's own expansion prunes by. See expansion_policy.h for the contract.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "events.h"
#include "expansion_policy.h"
#include "jump_points.h"

namespace astar {

// Stands in for members a template instance does not need ([[no_unique_address]]).
struct Empty {};

// How the scans are told: as events for an observer, as marks in the "scanned" channel
// while tracing, or not at all (the benchmark's path: NoJumpReport).
template <class Listener>
struct JumpEvents {
  static constexpr bool kActive = true;
  Listener& listener;
  const Grid& grid;
  std::uint16_t* scanned;  // null unless tracing
  std::uint16_t stamp;
  // The directions from (terrain_x, terrain_y) kept by the terrain rule alone (terrain_keeps).
  int terrain_x = -1, terrain_y = -1;
  std::uint32_t terrain_dirs = 0;

  void scan(int x, int y, int dir, std::uint32_t steps, Outcome outcome) {
    if (scanned) {
      for (std::uint32_t k = 1; k <= steps; ++k)
        scanned[grid.id(x + static_cast<int>(k) * kDirDx[dir], y + static_cast<int>(k) * kDirDy[dir])] = stamp;
    }
    if constexpr (listener_observes<Listener>()) {
      Event event = make_event(EventKind::Scan, grid.id(x + static_cast<int>(steps) * kDirDx[dir], y + static_cast<int>(steps) * kDirDy[dir]));
      event.outcome = outcome;
      event.dir = static_cast<std::uint8_t>(dir);
      event.other = grid.id(x, y);
      // 1: the terrain rule alone keeps this direction from the expanded cell (events.h).
      if (x == terrain_x && y == terrain_y && (terrain_dirs >> dir & 1u)) event.a = 1;
      listener.on_event(event);
    }
  }
  void terrain_keeps(int x, int y, std::uint32_t dirs) {
    // Only events carry it: unobserved (a run flat out, tracing at most), the call and the
    // scanner's work for it compile away.
    if constexpr (listener_observes<Listener>()) {
      terrain_x = x;
      terrain_y = y;
      terrain_dirs = dirs;
    }
  }
  void forced(int fx, int fy, int jx, int jy) {
    if constexpr (listener_observes<Listener>()) {
      Event event = make_event(EventKind::Forced, grid.id(fx, fy));
      event.other = grid.id(jx, jy);
      listener.on_event(event);
    }
  }
};

template <class Jumps>
class JumpPolicy {
 public:
  static constexpr ParentKind kParent = ParentKind::Node;
  static constexpr bool kFillsPath = true;
  static constexpr std::size_t kBytesPerCell = Jumps::kScansCells ? sizeof(std::uint16_t) : 0;
  static constexpr bool kPrepares = Jumps::kPrepares;
  static constexpr std::size_t kPreparedBytesPerCell = Jumps::kPreparedBytesPerCell;

  void resize(std::size_t) {
    if constexpr (Jumps::kScansCells) scanned_.clear();  // sized again when tracing
    jumps_.invalidate();  // the grid object may be another at the same address
  }

  Preparation preparation(const Grid& grid, const SearchOptions& options) const { return jumps_.preparation(grid, options); }
  std::uint64_t prepare_steps(const Grid& grid, const SearchOptions& options, std::uint64_t units) {
    return jumps_.prepare_steps(grid, options, units);
  }
  bool adopt_preparation(const JumpPolicy& other, const Grid& grid, const SearchOptions& options) {
    return jumps_.adopt_preparation(other.jumps_, grid, options);
  }
  const void* prepared_data() const { return jumps_.prepared_data(); }
  void clear_stamps() {
    if constexpr (Jumps::kScansCells) std::fill(scanned_.begin(), scanned_.end(), std::uint16_t{0});
  }
  bool begin(const Grid& grid, const SearchOptions& options, bool tracing) {
    grid_ = &grid;
    moves_ = MoveTable::of(grid, options.cost_model);
    costs_ = grid.costs();
    unit_ = grid.min_cost();
    terrain_ = !grid.uniform_cost();
    tracing_ = tracing;
    jumps_.prepare(grid, options.diagonal, options.cost_model);
    if constexpr (Jumps::kScansCells) {
      if (tracing && scanned_.size() != grid.cell_count()) {
        scanned_.assign(grid.cell_count(), 0);
        return true;
      }
    }
    return false;
  }

  template <class Expansion>
  ASTAR_HOT void successors(const Node& node, Expansion& expansion) {
    // Inlined into the search's loop, with only what a jump's relax needs captured: the
    // scanner calls `found` from its own code, so the captures live in memory.
    auto found = [&expansion, id = node.id, g = node.g, unit = unit_, costs = costs_, terrain = terrain_, table = &moves_](int dir, std::uint32_t steps) {
      const int offset = table->offset[dir];
      const CellId next = id + static_cast<CellId>(static_cast<int>(steps) * offset);
      double entered = steps * unit;
      if (terrain) {
        std::uint32_t sum = 0;
        for (std::uint32_t k = 1; k <= steps; ++k) sum += costs[id + static_cast<CellId>(static_cast<int>(k) * offset)];
        entered = sum;
      }
      expansion.relax(next, g + table->length[dir] * entered, static_cast<std::uint8_t>(dir), steps, id);
    };
    const Point goal = expansion.goal;
    if (Expansion::kObserves || (Jumps::kScansCells && tracing_)) {
      JumpEvents<typename Expansion::ListenerType> report{expansion.listener, *grid_, scanned_data(), expansion.stamp};
      jumps_.successors(node.x, node.y, node.arrival, goal, found, report);
    } else {
      NoJumpReport report;
      jumps_.successors(node.x, node.y, node.arrival, goal, found, report);
    }
  }

  void channels(std::vector<Channel>& list, const std::uint16_t*, std::uint32_t) const {
    if constexpr (Jumps::kScansCells) {
      if (!scanned_.empty()) list.push_back({ChannelName::Scanned, ChannelType::U16, scanned_.data(), sizeof(std::uint16_t), nullptr, 0});
    }
    jumps_.channels(list);
  }

  Jumps& jumps() { return jumps_; }
  const Jumps& jumps() const { return jumps_; }

 private:
  std::uint16_t* scanned_data() {
    if constexpr (Jumps::kScansCells) return tracing_ ? scanned_.data() : nullptr;
    else return nullptr;
  }

  Jumps jumps_;
  const Grid* grid_ = nullptr;
  MoveTable moves_;
  const std::uint8_t* costs_ = nullptr;
  double unit_ = 1.0;  // the one cost of a map without terrain
  bool terrain_ = false;
  bool tracing_ = false;
  // Where a scan passed over a cell in this search (equal to the stamp), kept while tracing.
  [[no_unique_address]] std::conditional_t<Jumps::kScansCells, std::vector<std::uint16_t>, Empty> scanned_;
};

}  // namespace astar
