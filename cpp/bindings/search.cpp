// Searches in JavaScript: `Search`, the one runtime search object JavaScript owns whatever the
// algorithm; `SearchReader`, what it offers to read, which `PlannerView` (a walk's planner)
// shares; the step events and the open list as plain objects; `refusalFor`.
//
// - One runtime object for every algorithm: SearchHandle keeps a core Search made by
//   make_search and makes another when the options name an algorithm another class runs
//   (the old one's arrays go with it, which `layout()` tells the wrapper).
// - A step's events are recorded into one vector owned by the handle and reused, so
//   stepping allocates nothing in wasm once it has grown; they cross as an array of plain
//   Event objects, a tagged union the wrapper turns into typed objects. The open list
//   crosses the same way, as plain OpenItem objects.
// - The helpers bindings.h declares for search.cpp and walk.cpp are defined here: both take
//   options and hand out events the same way.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "memory.h"
#include "search_reader.h"

namespace astar::bindings {

SearchOptions search_options(Algorithm algorithm, Diagonal diagonal, Heuristic heuristic, bool use_default_heuristic,
                             double weight, CostModel cost_model, double max_expansions) {
  SearchOptions options;
  options.algorithm = algorithm;
  options.diagonal = diagonal;
  if (!use_default_heuristic) options.heuristic = heuristic;
  options.weight = weight;
  options.cost_model = cost_model;
  options.max_expansions = max_expansions >= 1 && max_expansions < 1.8e19 ? static_cast<std::uint64_t>(max_expansions) : 0;
  return options;
}

std::uint64_t count_from(double count) { return count >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(count); }

val events_array(const std::vector<Event>& events) {
  val list = val::array();
  for (const Event& event : events) list.call<void>("push", event);
  return list;
}

val points_view(const std::vector<Point>& points) {
  return val(emscripten::typed_memory_view(2 * points.size(), points.empty() ? nullptr : &points.front().x));
}

CountersView SearchReader::counters() const {
  const Counters& c = search().counters();
  return {static_cast<double>(c.expanded), static_cast<double>(c.opened), static_cast<double>(c.improved),
          static_cast<double>(c.max_open), static_cast<double>(search().open_size())};
}

ProgressView SearchReader::progress() const {
  const Progress p = search().progress();
  return {p.threshold, p.iteration, p.meeting_cost, p.meeting_cell == kNoCell ? -1.0 : static_cast<double>(p.meeting_cell)};
}

PreparationView SearchReader::preparation() const {
  const Preparation p = search().preparation();
  return {p.needed, p.ready, static_cast<double>(p.done), static_cast<double>(p.total), static_cast<double>(p.bytes)};
}

double SearchReader::parent(CellId id) const {
  const CellId p = valid(id) ? search().parent(id) : kNoCell;
  return p == kNoCell ? -1 : static_cast<double>(p);
}

// The reads below copy what they hand out (a snapshot, a buffer, a route, and each plain
// object embind copies through wasm memory on its way out): an allocation that fails changes
// nothing in the search, and the call answers nothing (memory.h).
val SearchReader::open_items(double limit) const {
  if (!(limit >= 1)) return val::array();
  const std::size_t count = limit >= static_cast<double>(SIZE_MAX) ? SIZE_MAX : static_cast<std::size_t>(limit);
  return guarded(
      "the open list",
      [&] {
        val list = val::array();
        for (const OpenItem& item : search().open_items(count)) list.call<void>("push", item);
        return list;
      },
      [] { return val::array(); });
}

val SearchReader::values_view(int kind) {
  const Search& read = search();
  const Grid& grid = read.grid();
  const std::size_t count = grid.cell_count();
  // resize() allocates before it changes anything, so on failure the old buffer stays.
  if (!guarded("the values of every cell", [&] { values_.resize(count); return true; }, [] { return false; }))
    return val(emscripten::typed_memory_view(0, values_.data()));
  for (std::size_t i = 0; i < count; ++i) {
    const CellId id = static_cast<CellId>(i);
    const bool known = kind == 0 ? grid.passable(id) : read.phase(id) != CellPhase::Unseen;
    values_[i] = known ? static_cast<float>(kind == 0 ? read.h(id) : read.f(id)) : NAN;
  }
  return val(emscripten::typed_memory_view(count, values_.data()));
}

val SearchReader::route_to(CellId id) const {
  if (!valid(id)) return val::array();
  const Grid& grid = search().grid();
  return guarded(
      "the route to this cell",
      [&] {
        val list = val::array();
        for (const Point& p : search().route_to(id)) list.call<void>("push", static_cast<double>(grid.id(p)));
        return list;
      },
      [] { return val::array(); });
}

namespace {

std::size_t element_size(ChannelType type) {
  switch (type) {
    case ChannelType::U8: return 1;
    case ChannelType::U16: return 2;
    case ChannelType::U32: return 4;
    default: return 8;
  }
}

val span(const void* data, std::size_t count, std::size_t stride, std::size_t size) {
  const std::size_t bytes = count == 0 ? 0 : (count - 1) * stride + size;
  return val(emscripten::typed_memory_view(bytes, static_cast<const std::uint8_t*>(data)));
}

}  // namespace

val SearchReader::channels() const {
  return guarded("the search's channels", [&] { return channel_list(); }, [] { return val::array(); });
}

val SearchReader::channel_list() const {
  val list = val::array();
  const std::size_t count = search().grid().cell_count();
  for (const Channel& c : search().channels()) {
    val channel = val::object();
    channel.set("name", std::string(kChannelNames[static_cast<std::size_t>(c.name)].name));
    channel.set("type", c.type);
    channel.set("bytes", span(c.data, count, c.stride, element_size(c.type)));
    channel.set("stride", c.stride);
    channel.set("stampBytes", c.stamp ? span(c.stamp, count, c.stamp_stride, sizeof(std::uint16_t)) : val::null());
    channel.set("stampStride", c.stamp_stride);
    list.call<void>("push", channel);
  }
  return list;
}

namespace {

// The one runtime search object JavaScript owns, whatever the algorithm: it holds the
// options and the core Search that runs them, made anew by make_search when the algorithm
// needs another class. Every call that changes the search may allocate (arrays, the open list,
// a path, a prepared table); when an allocation fails the search abandons its run
// (Search::abandon: Ready, no path) and the call throws in JavaScript (memory.h).
class SearchHandle final : public SearchReader {
 public:
  explicit SearchHandle(const Grid& grid) : grid_(&grid), owned_(make_search(grid, {})) {}

  const Search& search() const override { return *owned_; }

  void set_options(Algorithm algorithm, Diagonal diagonal, Heuristic heuristic, bool use_default_heuristic, double weight,
                   CostModel cost_model, double max_expansions) {
    const SearchOptions options =
        search_options(algorithm, diagonal, heuristic, use_default_heuristic, weight, cost_model, max_expansions);
    if (!owned_->runs(algorithm)) {
      // Another class runs this algorithm. The old one's arrays go with it, so views
      // taken from it are dead: `layout` tells the wrapper to take new ones. When the new
      // one cannot be made the old one stays, with its options.
      std::unique_ptr<Search> made = guarded("a search of another kind", [&] { return make_search(*grid_, options); },
                                             [] { return std::unique_ptr<Search>(); });
      if (!made) return;
      made->set_tracing(owned_->tracing());
      owned_ = std::move(made);
      ++replaced_;
    }
    owned_->set_options(options);
  }
  void set_grid(const Grid& grid) {
    // The core adopts the grid only once its arrays are sized for it (Search::set_grid).
    if (changing("this search's arrays", [&] { owned_->set_grid(grid); })) grid_ = &grid;
  }
  void set_tracing(bool on) { owned_->set_tracing(on); }
  bool reset(Point start, Point goal) {
    bool started = false;
    changing("starting this search", [&] { started = owned_->reset(start, goal); });
    return started;
  }

  // The step's events, or null when there was nothing to do.
  val step() {
    return guarded(
        "running this search",
        [&] { return owned_->step(events_) ? events_array(events_) : val::null(); },
        [&] {
          owned_->abandon();
          return val::null();
        });
  }
  double run_steps(double count) {
    std::uint64_t made = 0;
    if (count > 0) changing("running this search", [&] { made = owned_->run_steps(count_from(count)); });
    return static_cast<double>(made);
  }
  void run() { changing("running this search", [&] { owned_->run(); }); }
  // Search::prepare_steps and adopt_preparation; `other` may be any search handle or a walk's
  // planner.
  double prepare_steps(double units) {
    std::uint64_t made = 0;
    if (units > 0) changing("preparing this search", [&] { made = owned_->prepare_steps(count_from(units)); });
    return static_cast<double>(made);
  }
  bool adopt_preparation(const SearchReader& other) {
    bool adopted = false;
    changing("starting this search", [&] { adopted = owned_->adopt_preparation(other.search()); });
    return adopted;
  }

 protected:
  std::uint32_t replacements() const override { return replaced_; }

 private:
  // Runs `change` on the owned search; false, with the search abandoned, when it ran out of memory.
  template <class Change>
  bool changing(const char* what, Change&& change) {
    return guarded(what, [&] { change(); return true; }, [&] { owned_->abandon(); return false; });
  }

  const Grid* grid_;
  std::unique_ptr<Search> owned_;
  std::vector<Event> events_;
  std::uint32_t replaced_ = 0;
};

Refusal refusal_for(const Grid& grid, Algorithm algorithm, Diagonal diagonal, CostModel cost_model) {
  SearchOptions options;
  options.algorithm = algorithm;
  options.diagonal = diagonal;
  options.cost_model = cost_model;
  return astar::refusal_for(options, grid);
}

}  // namespace
}  // namespace astar::bindings

EMSCRIPTEN_BINDINGS(astar_search) {
  using namespace emscripten;
  using astar::bindings::CountersView;
  using astar::bindings::PlannerView;
  using astar::bindings::PreparationView;
  using astar::bindings::ProgressView;
  using astar::bindings::SearchHandle;
  using astar::bindings::SearchReader;

  value_object<astar::Event>("Event")
      .field("kind", &astar::Event::kind)
      .field("outcome", &astar::Event::outcome)
      .field("side", &astar::Event::side)
      .field("dir", &astar::Event::dir)
      .field("cell", &astar::Event::cell)
      .field("other", &astar::Event::other)
      .field("a", &astar::Event::a)
      .field("b", &astar::Event::b)
      .field("c", &astar::Event::c);
  value_object<astar::OpenItem>("OpenItem")
      .field("cell", &astar::OpenItem::cell)
      .field("g", &astar::OpenItem::g)
      .field("h", &astar::OpenItem::h)
      .field("f", &astar::OpenItem::f)
      .field("side", &astar::OpenItem::side);
  value_object<CountersView>("Counters")
      .field("expanded", &CountersView::expanded)
      .field("opened", &CountersView::opened)
      .field("improved", &CountersView::improved)
      .field("maxOpen", &CountersView::max_open)
      .field("openSize", &CountersView::open_size);
  value_object<ProgressView>("Progress")
      .field("threshold", &ProgressView::threshold)
      .field("iteration", &ProgressView::iteration)
      .field("meetingCost", &ProgressView::meeting_cost)
      .field("meetingCell", &ProgressView::meeting_cell);
  value_object<PreparationView>("Preparation")
      .field("needed", &PreparationView::needed)
      .field("ready", &PreparationView::ready)
      .field("done", &PreparationView::done)
      .field("total", &PreparationView::total)
      .field("bytes", &PreparationView::bytes);

  function("refusalFor", &astar::bindings::refusal_for);

  // One read interface for a search JavaScript owns and a walk's planner; the mutators on the
  // owning kind only.
  class_<SearchReader>("SearchReader")
      .function("status", &SearchReader::status)
      .function("refusal", &SearchReader::refusal)
      .function("stale", &SearchReader::stale)
      .function("pathCost", &SearchReader::path_cost)
      .function("_pathView", &SearchReader::path_view)
      .function("counters", &SearchReader::counters)
      .function("progress", &SearchReader::progress)
      .function("preparation", &SearchReader::preparation)
      .function("phase", &SearchReader::phase)
      .function("g", &SearchReader::g)
      .function("h", &SearchReader::h)
      .function("f", &SearchReader::f)
      .function("parent", &SearchReader::parent)
      .function("order", &SearchReader::order)
      .function("_routeTo", &SearchReader::route_to)
      .function("_openItems", &SearchReader::open_items)
      .function("_valuesView", &SearchReader::values_view)
      .function("stamp", &SearchReader::stamp)
      .function("layout", &SearchReader::layout)
      .function("cellCount", &SearchReader::cell_count)
      .function("_channels", &SearchReader::channels);
  class_<SearchHandle, base<SearchReader>>("Search")
      .constructor<const astar::Grid&>()
      .function("_setOptions", &SearchHandle::set_options)
      .function("setGrid", &SearchHandle::set_grid)
      .function("setTracing", &SearchHandle::set_tracing)
      .function("reset", &SearchHandle::reset)
      .function("_step", &SearchHandle::step)
      .function("runSteps", &SearchHandle::run_steps)
      .function("run", &SearchHandle::run)
      .function("prepareSteps", &SearchHandle::prepare_steps)
      .function("_adoptPreparation", &SearchHandle::adopt_preparation);
  class_<PlannerView, base<SearchReader>>("PlannerView");
}
