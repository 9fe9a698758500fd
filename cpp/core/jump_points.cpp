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

  // A line of `length` cells needs bit positions 0 (padding) .. length + 1 (the blocked cell
  // after it); window() reads 8 bytes from the byte holding a position up to length + 1,
  // and the second spare word keeps that read inside the line.
  const auto shape = [](BitLines& lines, int count, int length) {
    lines.stride = (length + 1) / 64 + 2;
    lines.words.assign(static_cast<std::size_t>(count + 2) * static_cast<std::size_t>(lines.stride), 0);
  };
  shape(lines_[0], width_, height_);
  shape(lines_[1], height_, width_);
  shape(lines_[2], width_, height_);
  shape(lines_[3], height_, width_);
  const auto line = [](BitLines& lines, int b) { return lines.words.data() + static_cast<std::ptrdiff_t>(b + 1) * lines.stride; };

  // Rows are packed 64 cells to a word as they are stored; columns come from transposing
  // 64 x 64 blocks of those words, so no pass reads the grid across its rows.
  const std::uint8_t* costs = grid.costs();
  const int blocks = (width_ + 63) / 64;
  runs_.assign(static_cast<std::size_t>(height_) * static_cast<std::size_t>(blocks), 0);
  for (int y = 0; y < height_; ++y) {
    const std::uint8_t* row = costs + static_cast<std::size_t>(y) * static_cast<std::size_t>(width_);
    for (int xb = 0; xb < blocks; ++xb) {
      const int x0 = xb * 64, n = std::min(64, width_ - x0);
      std::uint64_t run = 0;
      for (int k = 0; k < n; ++k) run |= static_cast<std::uint64_t>(row[x0 + k] != kWall) << k;
      runs_[static_cast<std::size_t>(y) * static_cast<std::size_t>(blocks) + static_cast<std::size_t>(xb)] = run;
      or_bits(line(lines_[1], y), x0, run);
      or_bits(line(lines_[3], y), width_ - x0 - n, reverse_bits(run) >> (64 - n));
    }
  }
  std::uint64_t block[64];
  for (int y0 = 0; y0 < height_; y0 += 64) {
    const int rows = std::min(64, height_ - y0);
    for (int xb = 0; xb < blocks; ++xb) {
      for (int k = 0; k < 64; ++k)
        block[k] = k < rows ? runs_[static_cast<std::size_t>(y0 + k) * static_cast<std::size_t>(blocks) + static_cast<std::size_t>(xb)] : 0;
      transpose(block);
      const int x0 = xb * 64, columns = std::min(64, width_ - x0);
      for (int j = 0; j < columns; ++j) {
        or_bits(line(lines_[2], x0 + j), y0, block[j]);
        or_bits(line(lines_[0], x0 + j), height_ - y0 - rows, reverse_bits(block[j]) >> (64 - rows));
      }
    }
  }
  built_ = true;
}

}  // namespace astar
