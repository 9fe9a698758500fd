#include "jump_points.h"

#include <algorithm>
#include <unordered_map>

namespace astar {

namespace {

// ORs 64 bits into a bit line starting at cell a (bit position a + 1, see BitLines).
void or_bits(std::uint64_t* line, int a, std::uint64_t bits) {
  const unsigned pos = static_cast<unsigned>(a + 1);
  const unsigned k = pos >> 6, s = pos & 63u;
  line[k] |= bits << s;
  if (s != 0) line[k + 1] |= bits >> (64u - s);
}

std::uint64_t reverse_bits(std::uint64_t v) {
  v = ((v >> 1) & 0x5555555555555555ull) | ((v & 0x5555555555555555ull) << 1);
  v = ((v >> 2) & 0x3333333333333333ull) | ((v & 0x3333333333333333ull) << 2);
  v = ((v >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((v & 0x0F0F0F0F0F0F0F0Full) << 4);
  v = ((v >> 8) & 0x00FF00FF00FF00FFull) | ((v & 0x00FF00FF00FF00FFull) << 8);
  v = ((v >> 16) & 0x0000FFFF0000FFFFull) | ((v & 0x0000FFFF0000FFFFull) << 16);
  return (v >> 32) | (v << 32);
}

// a[k] bit j becomes a[j] bit k: swap the off-diagonal halves, then quarters, ... (the
// recursive block transpose of Hacker's Delight, 7-3).
void transpose(std::uint64_t* a) {
  std::uint64_t m = 0x00000000FFFFFFFFull;
  for (unsigned j = 32; j != 0; j >>= 1, m ^= (m << j)) {
    for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const std::uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
  }
}

}  // namespace

void JumpScanner::prepare(const Grid& grid, Diagonal diagonal, CostModel model) {
  const bool same_grid =
      built_ && grid_ == &grid && revision_ == grid.revision() && width_ == grid.width() && height_ == grid.height();
  const bool same_rules = diagonal == diagonal_ && model == model_;
  diagonal_ = diagonal;
  model_ = model;
  if (same_grid && (!terrain_ || same_rules)) return;
  if (!same_grid) {
    grid_ = &grid;
    revision_ = grid.revision();
    width_ = grid.width();
    height_ = grid.height();
    terrain_ = !grid.uniform_cost();

    // Rows are packed 64 cells to a word as they are stored; lay_out() makes the columns
    // from those words, so no pass reads the grid across its rows.
    const std::uint8_t* costs = grid.costs();
    const int blocks = (width_ + 63) / 64;
    runs_.assign(static_cast<std::size_t>(height_) * static_cast<std::size_t>(blocks), 0);
    for (int y = 0; y < height_; ++y) {
      const std::uint8_t* row = costs + cell(0, y);
      for (int x0 = 0; x0 < width_; x0 += 64) {
        const int n = std::min(64, width_ - x0);
        std::uint64_t run = 0;
        for (int k = 0; k < n; ++k) run |= static_cast<std::uint64_t>(row[x0 + k] != kWall) << k;
        runs_[static_cast<std::size_t>(y) * static_cast<std::size_t>(blocks) + static_cast<std::size_t>(x0 >> 6)] = run;
      }
    }
    lay_out(lines_, runs_, blocks);
  }
  if (terrain_) build_terrain(grid);
  built_ = true;
}

void JumpScanner::build_terrain(const Grid& grid) {
  const std::uint8_t* costs = grid.costs();
  // Terrain edges: each pair of walkable neighbours of different costs marks both cells.
  // Every pair is visited once, from its upper or left cell (east, south-west, south, south-east).
  cell_terrain_.assign(grid.cell_count(), 0);
  for (int y = 0; y < height_; ++y) {
    const std::uint8_t* row = costs + cell(0, y);
    const std::uint8_t* next = y + 1 < height_ ? costs + cell(0, y + 1) : nullptr;
    for (int x = 0; x < width_; ++x) {
      const std::uint8_t c = row[x];
      if (c == kWall) continue;
      const auto mark = [&](int other_x, int other_y, std::uint8_t other) {
        if (other == kWall || other == c) return;
        cell_terrain_[cell(x, y)] = kEdge;
        cell_terrain_[cell(other_x, other_y)] = kEdge;
      };
      if (x + 1 < width_) mark(x + 1, y, row[x + 1]);
      if (next == nullptr) continue;
      if (x > 0) mark(x - 1, y + 1, next[x - 1]);
      mark(x, y + 1, next[x]);
      if (x + 1 < width_) mark(x + 1, y + 1, next[x + 1]);
    }
  }

  // What each edge keeps, per 3 x 3 block of costs (few distinct ones on a real map), and
  // so where scans stop.
  kept_.clear();
  std::unordered_map<std::uint64_t, std::uint32_t> patterns;
  const auto at = [&](int x, int y) -> std::uint8_t {
    return x < 0 || y < 0 || x >= width_ || y >= height_ ? kWall : costs[cell(x, y)];
  };
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      std::uint32_t& info = cell_terrain_[cell(x, y)];
      if (!(info & kEdge)) continue;
      jump_terrain::Block block{};
      std::uint64_t key = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const std::uint8_t c = at(x + dx, y + dy);
          block[static_cast<std::size_t>(jump_terrain::cell_of(dx, dy))] = c;
          key = key << 4 | c;
        }
      auto found = patterns.find(key);
      if (found == patterns.end()) {
        const jump_terrain::Rule rule(block, diagonal_, model_);
        std::array<std::uint8_t, kDirectionCount> kept{};
        for (int travel = 0; travel < kDirectionCount; ++travel) kept[static_cast<std::size_t>(travel)] = rule.kept(travel);
        found = patterns.emplace(key, static_cast<std::uint32_t>(kept_.size())).first;
        kept_.push_back(kept);
      }
      const auto& kept = kept_[found->second];
      info |= found->second << kPatternShift;
      for (int travel = 0; travel < kDirectionCount; ++travel)
        if (kept[static_cast<std::size_t>(travel)] & ~jump_rules::natural(diagonal_, travel) & 0xFFu) info |= 1u << travel;
    }
  }

  // Each straight direction's stops, in that direction's layout only.
  const int blocks = (width_ + 63) / 64;
  for (int d = 0; d < 4; ++d) {
    std::fill(runs_.begin(), runs_.end(), std::uint64_t{0});
    for (int y = 0; y < height_; ++y)
      for (int x = 0; x < width_; ++x)
        if ((cell_terrain_[cell(x, y)] >> d) & 1u)
          runs_[static_cast<std::size_t>(y) * static_cast<std::size_t>(blocks) + static_cast<std::size_t>(x >> 6)] |= std::uint64_t{1} << (x & 63);
    lay_out(stops_, runs_, blocks, 1u << d);
  }
}

void JumpScanner::lay_out(std::array<BitLines, 4>& lines, const std::vector<std::uint64_t>& rows, int blocks, unsigned which) {
  // A line of `length` cells needs bit positions 0 (padding) .. length + 1 (the cell after
  // it, always 0); window() reads 8 bytes from the byte holding a position up to length + 1,
  // and the second spare word keeps that read inside the line.
  const auto shape = [](BitLines& out, int count, int length) {
    out.stride = (length + 1) / 64 + 2;
    out.words.assign(static_cast<std::size_t>(count + 2) * static_cast<std::size_t>(out.stride), 0);
  };
  if (which & 1u) shape(lines[0], width_, height_);
  if (which & 2u) shape(lines[1], height_, width_);
  if (which & 4u) shape(lines[2], width_, height_);
  if (which & 8u) shape(lines[3], height_, width_);
  const auto line = [](BitLines& out, int b) { return out.words.data() + static_cast<std::ptrdiff_t>(b + 1) * out.stride; };
  const auto run_at = [&](int y, int xb) { return rows[static_cast<std::size_t>(y) * static_cast<std::size_t>(blocks) + static_cast<std::size_t>(xb)]; };

  for (int y = 0; y < height_; ++y) {
    for (int xb = 0; xb < blocks; ++xb) {
      const int x0 = xb * 64, n = std::min(64, width_ - x0);
      const std::uint64_t run = run_at(y, xb);
      if (which & 2u) or_bits(line(lines[1], y), x0, run);
      if (which & 8u) or_bits(line(lines[3], y), width_ - x0 - n, reverse_bits(run) >> (64 - n));
    }
  }
  // Columns come from transposing 64 x 64 blocks of the row words.
  if (!(which & 5u)) return;
  std::uint64_t block[64];
  for (int y0 = 0; y0 < height_; y0 += 64) {
    const int count = std::min(64, height_ - y0);
    for (int xb = 0; xb < blocks; ++xb) {
      for (int k = 0; k < 64; ++k) block[k] = k < count ? run_at(y0 + k, xb) : 0;
      transpose(block);
      const int x0 = xb * 64, columns = std::min(64, width_ - x0);
      for (int j = 0; j < columns; ++j) {
        if (which & 4u) or_bits(line(lines[2], x0 + j), y0, block[j]);
        if (which & 1u) or_bits(line(lines[0], x0 + j), height_ - y0 - count, reverse_bits(block[j]) >> (64 - count));
      }
    }
  }
}

}  // namespace astar
