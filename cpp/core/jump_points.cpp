#include "jump_points.h"

#include <algorithm>

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

void JumpScanner::prepare(const Grid& grid, Diagonal diagonal) {
  diagonal_ = diagonal;
  if (built_ && grid_ == &grid && revision_ == grid.revision() && width_ == grid.width() && height_ == grid.height())
    return;
  grid_ = &grid;
  revision_ = grid.revision();
  width_ = grid.width();
  height_ = grid.height();
  terrain_ = !grid.uniform_cost();

  // Rows are packed 64 cells to a word as they are stored; lay_out() makes the columns from
  // those words, so no pass reads the grid across its rows.
  const std::uint8_t* costs = grid.costs();
  const int blocks = (width_ + 63) / 64;
  const auto row_of = [&](int y) { return costs + static_cast<std::size_t>(y) * static_cast<std::size_t>(width_); };
  const auto word = [&](int y, int x) -> std::uint64_t& {
    return runs_[static_cast<std::size_t>(y) * static_cast<std::size_t>(blocks) + static_cast<std::size_t>(x >> 6)];
  };
  runs_.assign(static_cast<std::size_t>(height_) * static_cast<std::size_t>(blocks), 0);
  for (int y = 0; y < height_; ++y) {
    const std::uint8_t* row = row_of(y);
    for (int x0 = 0; x0 < width_; x0 += 64) {
      const int n = std::min(64, width_ - x0);
      std::uint64_t run = 0;
      for (int k = 0; k < n; ++k) run |= static_cast<std::uint64_t>(row[x0 + k] != kWall) << k;
      word(y, x0) = run;
    }
  }
  lay_out(lines_, runs_, blocks);
  if (!terrain_) {
    built_ = true;
    return;
  }

  // Terrain edges: each pair of walkable neighbours of different costs marks both cells.
  // Every pair is visited once, from its upper or left cell (east, south-west, south, south-east).
  std::fill(runs_.begin(), runs_.end(), std::uint64_t{0});
  const auto mark = [&](int x, int y) { word(y, x) |= std::uint64_t{1} << (x & 63); };
  for (int y = 0; y < height_; ++y) {
    const std::uint8_t* row = row_of(y);
    const std::uint8_t* next = y + 1 < height_ ? row_of(y + 1) : nullptr;
    for (int x = 0; x < width_; ++x) {
      const std::uint8_t c = row[x];
      if (c == kWall) continue;
      const auto differs = [c](std::uint8_t other) { return other != kWall && other != c; };
      if (x + 1 < width_ && differs(row[x + 1])) mark(x, y), mark(x + 1, y);
      if (next == nullptr) continue;
      if (x > 0 && differs(next[x - 1])) mark(x, y), mark(x - 1, y + 1);
      if (differs(next[x])) mark(x, y), mark(x, y + 1);
      if (x + 1 < width_ && differs(next[x + 1])) mark(x, y), mark(x + 1, y + 1);
    }
  }
  lay_out(edges_, runs_, blocks);
  built_ = true;
}

void JumpScanner::lay_out(std::array<BitLines, 4>& lines, const std::vector<std::uint64_t>& rows, int blocks) {
  // A line of `length` cells needs bit positions 0 (padding) .. length + 1 (the cell after
  // it, always 0); window() reads 8 bytes from the byte holding a position up to length + 1,
  // and the second spare word keeps that read inside the line.
  const auto shape = [](BitLines& out, int count, int length) {
    out.stride = (length + 1) / 64 + 2;
    out.words.assign(static_cast<std::size_t>(count + 2) * static_cast<std::size_t>(out.stride), 0);
  };
  shape(lines[0], width_, height_);
  shape(lines[1], height_, width_);
  shape(lines[2], width_, height_);
  shape(lines[3], height_, width_);
  const auto line = [](BitLines& out, int b) { return out.words.data() + static_cast<std::ptrdiff_t>(b + 1) * out.stride; };
  const auto run_at = [&](int y, int xb) { return rows[static_cast<std::size_t>(y) * static_cast<std::size_t>(blocks) + static_cast<std::size_t>(xb)]; };

  for (int y = 0; y < height_; ++y) {
    for (int xb = 0; xb < blocks; ++xb) {
      const int x0 = xb * 64, n = std::min(64, width_ - x0);
      const std::uint64_t run = run_at(y, xb);
      or_bits(line(lines[1], y), x0, run);
      or_bits(line(lines[3], y), width_ - x0 - n, reverse_bits(run) >> (64 - n));
    }
  }
  // Columns come from transposing 64 x 64 blocks of the row words.
  std::uint64_t block[64];
  for (int y0 = 0; y0 < height_; y0 += 64) {
    const int count = std::min(64, height_ - y0);
    for (int xb = 0; xb < blocks; ++xb) {
      for (int k = 0; k < 64; ++k) block[k] = k < count ? run_at(y0 + k, xb) : 0;
      transpose(block);
      const int x0 = xb * 64, columns = std::min(64, width_ - x0);
      for (int j = 0; j < columns; ++j) {
        or_bits(line(lines[2], x0 + j), y0, block[j]);
        or_bits(line(lines[0], x0 + j), height_ - y0 - count, reverse_bits(block[j]) >> (64 - count));
      }
    }
  }
}

}  // namespace astar
