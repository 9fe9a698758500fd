// What JavaScript reads of a search (SearchReader), and the read-only view of a walk's planner
// (PlannerView), shared by search.cpp, which registers both, and walk.cpp, whose Walk hands
// out its PlannerView.
//
// One read interface for two owners: a search JavaScript owns (search.cpp's SearchHandle,
// which adds the calls that change it) and the planner a walk holds, which JavaScript may only
// read, so the wrapper shows a walk's planner with the same code as any search. Whichever it
// is, `search()` is the core Search read now; `layout()` counts how often that object was
// replaced (its arrays with it), so the wrapper knows when its views are dead.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "bindings.h"
#include "search.h"
#include "walk.h"

namespace astar::bindings {

struct CountersView {
  double expanded = 0;
  double opened = 0;
  double improved = 0;
  double max_open = 0;
  double open_size = 0;
};

struct ProgressView {
  double threshold = NAN;
  double iteration = NAN;
  double meeting_cost = NAN;
  double meeting_cell = -1;
};

struct PreparationView {
  bool needed = false;
  bool ready = true;
  double done = 0;
  double total = 0;
  double bytes = 0;
};

class SearchReader {
 public:
  virtual ~SearchReader() = default;
  // The core search read now.
  virtual const Search& search() const = 0;

  Status status() const { return search().status(); }
  Refusal refusal() const { return search().refusal(); }
  bool stale() const { return search().stale(); }
  double path_cost() const { return search().path_cost(); }
  val path_view() const { return points_view(search().path()); }
  CountersView counters() const;
  ProgressView progress() const;
  PreparationView preparation() const;

  CellPhase phase(CellId id) const { return valid(id) ? search().phase(id) : CellPhase::Unseen; }
  double g(CellId id) const { return valid(id) ? search().g(id) : NAN; }
  double h(CellId id) const { return valid(id) ? search().h(id) : NAN; }
  double f(CellId id) const { return valid(id) ? search().f(id) : NAN; }
  double parent(CellId id) const;
  double order(CellId id) const { return valid(id) ? search().expansion_order(id) : 0; }
  // The open list in the order the search will take it (Search::open_items): at most
  // `limit` OpenItem objects, the first being what the next step expands. NaN or below 1
  // lists nothing; any count the platform's size_t cannot hold means no limit (the wrapper
  // passes whole numbers only).
  val open_items(double limit) const;
  // h (kind 0) or f (kind 1) of every cell at once, for heat maps: one call instead of one
  // per cell. h is given on every walkable cell, f where the search has been; NaN
  // elsewhere. A Float32Array view into a buffer this reader owns: valid until the next
  // call or wasm allocation, so the wrapper copies it.
  val values_view(int kind);
  // Cell ids from the start to `id` along the search's parents; empty when unseen.
  val route_to(CellId id) const;

  int stamp() const { return search().stamp(); }
  // Replacements of the core search, and its own reallocations.
  double layout() const { return static_cast<double>(replacements()) * 4294967296.0 + search().layout(); }
  double cell_count() const { return static_cast<double>(search().grid().cell_count()); }
  // Each channel as {name, type, bytes, stride, stampBytes, stampStride}: `bytes` is a
  // Uint8Array view starting at element 0 and covering every element (its length is
  // (count - 1) * stride + element size); `stampBytes` likewise for the stamps, or null.
  val channels() const;

 protected:
  // How many times the core search read has been replaced by another object (its arrays
  // with it), for layout().
  virtual std::uint32_t replacements() const = 0;

 private:
  bool valid(CellId id) const { return id < search().grid().cell_count(); }
  val channel_list() const;  // channels(), unguarded

  std::vector<float> values_;  // values_view's buffer
};

// A read-only view of a walk's planner, whichever search object the walk holds now.
class PlannerView final : public SearchReader {
 public:
  explicit PlannerView(const Walk& walk) : walk_(&walk) {}

  const Search& search() const override { return walk_->planner(); }

 protected:
  std::uint32_t replacements() const override {
    if (&walk_->planner() != seen_) {
      // The walk made a new planner (another algorithm): views of the old one are dead.
      seen_ = &walk_->planner();
      ++replaced_;
    }
    return replaced_;
  }

 private:
  const Walk* walk_;
  mutable const Search* seen_ = nullptr;
  mutable std::uint32_t replaced_ = 0;
};

}  // namespace astar::bindings
