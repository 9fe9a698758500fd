#include "jump_table.h"

namespace astar {

namespace {

// kForcedTravels[rule][mask]: bit d set when a cell with this neighbour mask, entered by a
// move in direction d, has a forced neighbour (jump_rules::forced), so a scan in d stops there.
constexpr std::array<std::array<std::uint8_t, 256>, 4> make_forced_travels() {
  std::array<std::array<std::uint8_t, 256>, 4> table{};
  for (int m = 0; m < 4; ++m)
    for (std::uint32_t mask = 0; mask < 256; ++mask)
      for (int d = 0; d < kDirectionCount; ++d)
        if (jump_rules::forced(static_cast<Diagonal>(m), d, mask) != 0) table[m][mask] |= static_cast<std::uint8_t>(1u << d);
  return table;
}
constexpr auto kForcedTravels = make_forced_travels();

constexpr std::uint16_t kJumpPoint = JumpTable::kJumpPoint;

// One more move before the scan from the next cell: its steps plus one, the same stop.
constexpr std::uint16_t one_more(std::uint16_t entry) { return static_cast<std::uint16_t>(entry + 1); }

}  // namespace

JumpTableBuilder::JumpTableBuilder(const Grid& grid, Diagonal rule) : table_(std::make_shared<JumpTable>()) {
  JumpTable& t = *table_;
  t.grid_ = &grid;
  t.revision_ = grid.revision();
  t.width_ = grid.width();
  t.height_ = grid.height();
  t.rule_ = rule;
  t.cells_ = grid.cell_count();
  t.entries_.reset(new std::uint16_t[t.cells_ * kDirectionCount]);
}

std::uint64_t JumpTableBuilder::advance(std::uint64_t rows) {
  std::uint64_t made = 0;
  while (made < rows && !finished()) {
    switch (table_->rule_) {
      case Diagonal::Never: sweep_row<Diagonal::Never>(rows_done_); break;
      case Diagonal::Always: sweep_row<Diagonal::Always>(rows_done_); break;
      case Diagonal::IfAtMostOneObstacle: sweep_row<Diagonal::IfAtMostOneObstacle>(rows_done_); break;
      case Diagonal::OnlyWhenNoObstacles: sweep_row<Diagonal::OnlyWhenNoObstacles>(rows_done_); break;
    }
    ++rows_done_;
    ++made;
  }
  return made;
}

// Unit u < height: row u of the downward sweep (east, west, north, north-east, north-west);
// else row 2 height - 1 - u of the upward sweep (south, south-east, south-west).
template <Diagonal M>
void JumpTableBuilder::sweep_row(std::uint64_t unit) {
  const Grid& grid = *table_->grid_;
  const int width = table_->width_, height = table_->height_;
  std::uint16_t* const entries = table_->entries_.get();
  const bool down = unit < static_cast<std::uint64_t>(height);
  const int y = down ? static_cast<int>(unit) : 2 * height - 1 - static_cast<int>(unit);
  const CellId row = grid.id(0, y);
  const auto at = [entries](CellId id, int dir) -> std::uint16_t& {
    return entries[static_cast<std::size_t>(id) * kDirectionCount + static_cast<std::size_t>(dir)];
  };
  const auto forced = [&grid](CellId id, int dir) { return (kForcedTravels[static_cast<int>(M)][grid.neighbour_mask(id)] >> dir) & 1u; };
  // A straight scan from `id` in `dir` whose next cell is `next`.
  const auto straight = [&](CellId id, CellId next, int dir) -> std::uint16_t {
    if (!((grid.neighbour_mask(id) >> dir) & 1u)) return 0;
    if (forced(next, dir)) return kJumpPoint | 1;
    return one_more(at(next, dir));
  };
  // A stepped scan (diagonal, or vertical under "never") with components `first`, `second`.
  const auto stepped = [&](CellId id, CellId next, int dir, int first, int second) -> std::uint16_t {
    if (!((allowed_moves(M, grid.neighbour_mask(id)) >> dir) & 1u)) return 0;
    if constexpr (M == Diagonal::Always || M == Diagonal::IfAtMostOneObstacle) {
      if (forced(next, dir)) return kJumpPoint | 1;
    }
    if ((at(next, first) | at(next, second)) & kJumpPoint) return kJumpPoint | 1;
    return one_more(at(next, dir));
  };
  const auto walkable = [&grid](CellId id) { return grid.passable(id); };
  constexpr int N = 0, E = 1, S = 2, W = 3, NE = 4, SE = 5, SW = 6, NW = 7;

  if (down) {
    for (int x = width - 1; x >= 0; --x) {
      const CellId id = row + static_cast<CellId>(x);
      at(id, E) = walkable(id) ? straight(id, id + 1, E) : 0;
    }
    for (int x = 0; x < width; ++x) {
      const CellId id = row + static_cast<CellId>(x);
      at(id, W) = walkable(id) ? straight(id, id - 1, W) : 0;
    }
    for (int x = 0; x < width; ++x) {
      const CellId id = row + static_cast<CellId>(x);
      const CellId up = id - static_cast<CellId>(width);
      if (!walkable(id)) {
        at(id, N) = at(id, NE) = at(id, NW) = 0;
        continue;
      }
      if constexpr (M == Diagonal::Never) {
        at(id, N) = stepped(id, up, N, E, W);
        at(id, NE) = at(id, NW) = 0;
      } else {
        at(id, N) = straight(id, up, N);
        at(id, NE) = stepped(id, up + 1, NE, N, E);
        at(id, NW) = stepped(id, up - 1, NW, N, W);
      }
    }
  } else {
    for (int x = 0; x < width; ++x) {
      const CellId id = row + static_cast<CellId>(x);
      const CellId below = id + static_cast<CellId>(width);
      if (!walkable(id)) {
        at(id, S) = at(id, SE) = at(id, SW) = 0;
        continue;
      }
      if constexpr (M == Diagonal::Never) {
        at(id, S) = stepped(id, below, S, E, W);
        at(id, SE) = at(id, SW) = 0;
      } else {
        at(id, S) = straight(id, below, S);
        at(id, SE) = stepped(id, below + 1, SE, E, S);
        at(id, SW) = stepped(id, below - 1, SW, S, W);
      }
    }
  }
}

Preparation PrecomputedJumps::preparation(const Grid& grid, const SearchOptions& options) const {
  const std::size_t held = (table_ ? table_->bytes() : 0) + (builder_ ? builder_->bytes() : 0);
  if (table_ && table_->made_for(grid, options.diagonal)) return {true, true, 2 * static_cast<std::uint64_t>(grid.height()), 2 * static_cast<std::uint64_t>(grid.height()), held};
  if (builder_ && builder_->made_for(grid, options.diagonal)) return {true, false, builder_->done(), builder_->total(), held};
  return {true, false, 0, 2 * static_cast<std::uint64_t>(grid.height()), held};
}

std::uint64_t PrecomputedJumps::prepare_steps(const Grid& grid, const SearchOptions& options, std::uint64_t units) {
  if (table_ && table_->made_for(grid, options.diagonal)) return 0;
  if (!builder_ || !builder_->made_for(grid, options.diagonal)) {
    // Out of date (an edit, another rule): what this search held goes now, not when the
    // new table is done, so memory holds one table at a time.
    table_.reset();
    builder_.reset();
    builder_ = std::make_unique<JumpTableBuilder>(grid, options.diagonal);
  }
  const std::uint64_t made = builder_->advance(units);
  if (builder_->finished()) {
    table_ = builder_->take();
    builder_.reset();
  }
  return made;
}

bool PrecomputedJumps::adopt_preparation(const PrecomputedJumps& other, const Grid& grid, const SearchOptions& options) {
  if (!other.table_ || !other.table_->made_for(grid, options.diagonal)) return false;
  table_ = other.table_;
  builder_.reset();
  return true;
}

}  // namespace astar
