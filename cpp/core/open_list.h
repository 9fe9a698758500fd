// The open list: a binary min-heap with decrease-key.
//
// Each entry carries its key and tie-breakers next to the id, so
// sifting never touches the per-cell array except to record positions. A cell's heap
// position lives in its CellState::aux (see search.h), which is what makes decrease-key
// O(log n) without a separate index array.
//
// Priorities are stored as integer keys: the priority in units of 2^-20, rounded. Costs
// are sums of 1s and sqrt(2)s, so two routes of the same true cost often differ in the
// last bits of a double; compared as doubles, those ties would be decided by rounding
// noise, and the g tie-break below would never apply (on an empty 200 x 200 map that
// made A* expand 5,291 cells for a 171-cell path). Rounding to 2^-20 makes equal costs
// equal, and integer keys compare faster.
//
// Order (documented, deterministic): lower key first; among equal keys the larger g first
// (the entry that has travelled further, so nearer the goal, which saves expansions on
// open ground); then the smaller cell id.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace astar {

// Forces inlining into the expansion loops. The loops are templates with several
// instances (per listener and per kind of moves), and past a certain size GCC stops
// inlining these small hot functions on its own, which costs the benchmark's A* about 9%
// of its instructions (measured with callgrind).
#define ASTAR_HOT [[gnu::always_inline]] inline

inline constexpr double kPriorityScale = 1048576.0;  // 2^20 keys per unit of cost

inline std::uint64_t priority_key(double priority) {
  return static_cast<std::uint64_t>(priority * kPriorityScale + 0.5);
}

// `tie` packs the secondary orders into one integer: the high half is the bitwise
// complement of g's float bits (for non-negative floats the bit patterns are in value
// order, so complementing puts larger g first), the low half is the cell id. (key, tie)
// then compares as one 128-bit integer, without branches: which child to follow in a
// heap is a coin toss to the branch predictor, so this matters.
struct OpenEntry {
  std::uint64_t key;
  std::uint64_t tie;
  std::uint32_t id() const { return static_cast<std::uint32_t>(tie); }
};
static_assert(sizeof(OpenEntry) == 16);

inline OpenEntry make_entry(std::uint64_t key, double g, std::uint32_t id) {
  // memcpy rather than std::bit_cast: Emscripten 3.1.6's libc++ has no bit_cast. It
  // compiles to the same single move.
  const float g_float = static_cast<float>(g);
  std::uint32_t g_bits;
  std::memcpy(&g_bits, &g_float, sizeof g_bits);
  return {key, (static_cast<std::uint64_t>(~g_bits) << 32) | id};
}

inline bool comes_before(const OpenEntry& a, const OpenEntry& b) {
  // One 128-bit comparison: a compare and a subtract-with-borrow on x86-64 (GCC, Clang
  // and Emscripten all have the extension; __extension__ keeps -Wpedantic quiet).
  __extension__ typedef unsigned __int128 Wide;
  return ((static_cast<Wide>(a.key) << 64) | a.tie) < ((static_cast<Wide>(b.key) << 64) | b.tie);
}

// PositionOf(id) -> std::uint32_t& gives where to record an entry's index.
//
// The entries live in slots_[0, size_); slots_[size_] always holds kSentinel, an entry
// that comes after every real one. A node's second child may then be read without
// checking that it exists, which takes a branch out of every level of pop().
template <class PositionOf>
class OpenList {
 public:
  explicit OpenList(PositionOf position_of) : slots_(kInitialSlots, kSentinel), position_of_(position_of) {}

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  // Keeps capacity: no allocation once the heap has grown to its working size.
  void clear() {
    size_ = 0;
    slots_[0] = kSentinel;
  }
  const OpenEntry& top() const { return slots_[0]; }

  ASTAR_HOT void push(const OpenEntry& entry) {
    if (size_ + 2 > slots_.size()) slots_.resize(2 * slots_.size(), kSentinel);
    slots_[size_ + 1] = kSentinel;
    slots_[size_] = entry;
    sift_up(size_++);
  }

  // Bottom-up pop: walk the hole left by the top down to a leaf along the smaller
  // children (one comparison per level), then sift the last entry up from there. The
  // last entry usually belongs near the bottom, so this does about half the comparisons
  // of the textbook sift-down.
  ASTAR_HOT OpenEntry pop() {
    OpenEntry* const heap = slots_.data();
    const OpenEntry top = heap[0];
    const std::uint32_t n = --size_;
    const OpenEntry last = heap[n];
    heap[n] = kSentinel;
    if (n == 0) return top;
    std::uint32_t hole = 0;
    for (;;) {
      std::uint32_t child = 2 * hole + 1;
      if (child >= n) break;
      child += comes_before(heap[child + 1], heap[child]);  // heap[n] is the sentinel
      place(hole, heap[child]);
      hole = child;
    }
    heap[hole] = last;
    sift_up(hole);
    return top;
  }

  // The first `count` entries in the order pop() would return them if nothing were pushed
  // or decreased meantime (all of them when count >= size()), for observers; the heap is
  // not changed. (key, tie) is unique (the tie ends in the cell id), so that order is
  // total: exactly the order of successive pops.
  //
  // Walks the heap from the root instead of sorting it: the smallest entry not yet listed
  // is always a child of a listed one (or the root), so a small second heap of those
  // candidates yields the entries in order in O(count log count), whatever the size of the
  // open list. A partial sort of the whole heap would cost O(size log count), and an
  // inspector reads a few dozen entries of lists that reach hundreds of thousands, as
  // often as every frame.
  std::vector<OpenEntry> in_pop_order(std::size_t count) const {
    count = std::min(count, static_cast<std::size_t>(size_));
    std::vector<OpenEntry> ordered;
    ordered.reserve(count);
    if (count == 0) return ordered;
    const OpenEntry* const heap = slots_.data();
    // std heap functions keep the largest first, so "larger" here means "pops later".
    const auto pops_later = [heap](std::uint32_t a, std::uint32_t b) { return comes_before(heap[b], heap[a]); };
    std::vector<std::uint32_t> candidates{0};  // heap positions; each listing adds at most one net
    candidates.reserve(count + 1);
    while (ordered.size() < count) {
      std::pop_heap(candidates.begin(), candidates.end(), pops_later);
      const std::uint32_t at = candidates.back();
      candidates.pop_back();
      ordered.push_back(heap[at]);
      for (std::uint32_t child = 2 * at + 1; child <= 2 * at + 2 && child < size_; ++child) {
        candidates.push_back(child);
        std::push_heap(candidates.begin(), candidates.end(), pops_later);
      }
    }
    return ordered;
  }

  // The entry at `position` now has a priority that is no later than before.
  ASTAR_HOT void decrease(std::uint32_t position, const OpenEntry& entry) {
    slots_[position] = entry;
    sift_up(position);
  }

 private:
  static constexpr OpenEntry kSentinel{UINT64_MAX, UINT64_MAX};
  static constexpr std::size_t kInitialSlots = 64;

  void place(std::uint32_t at, const OpenEntry& entry) {
    slots_[at] = entry;
    position_of_(entry.id()) = at;
  }

  ASTAR_HOT void sift_up(std::uint32_t at) {
    OpenEntry* const heap = slots_.data();
    const OpenEntry moving = heap[at];
    while (at > 0) {
      const std::uint32_t parent = (at - 1) / 2;
      if (!comes_before(moving, heap[parent])) break;
      place(at, heap[parent]);
      at = parent;
    }
    place(at, moving);
  }

  std::vector<OpenEntry> slots_;
  std::uint32_t size_ = 0;
  PositionOf position_of_;
};

}  // namespace astar
