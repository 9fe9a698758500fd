// Fuzz target: every algorithm of the catalog on a small fuzzed map with fuzzed options,
// then a short walk with edits. Besides the sanitizers' checks (no crash, no read out of
// bounds, no undefined behaviour) each search is held to what the tests hold it to:
//   - reset() accepts exactly the points on the map; options that do not apply are Refused;
//   - with an expansion cap every search ends, within the cap;
//   - a path found runs from start to goal by legal moves (move_rules.h, written apart
//     from the core) whose costs add up to the reported cost; any-angle paths by
//     walkable corners;
//   - Found or NoPath agree with the reference Dijkstra on whether the goal is reachable,
//     and the optimal algorithms with an admissible heuristic at weight 1 find its cost;
//   - JPS+ (jumps read from its prepared table) expands exactly what JPS (jumps scanned
//     online) expands, in the same order, and finds the same path;
//   - a walk's moves are legal on the world as it is when they are made, it ends once the
//     edits stop, and Arrived means the agent stands on the goal.
//
// Input, byte by byte (missing bytes read as 0, missing cells as '.': any input is a case):
//   0 width - 1 (mod 24)   1 height - 1 (mod 24)   2 diagonal   3 heuristic (5: the default)
//   4 weight (an entry of kWeights)   5 cost model   6 start x   7 start y   8 goal x
//   9 goal y (each mod side + 1: the side itself is off the map)   10 the walk's planner
//   11 the walk's sensing radius (mod 12: 11 is clamped)   12 flags: 1 = tracing on
//   then width * height map bytes as in a .map file ('.', 'G', 'S', '2'..'9' walkable,
//   anything else a wall), then the walk's edits, four bytes each: steps to wait,
//   x, y, cost (0..9 sets the cell; 10 or 11 moves the goal there instead).
// scripts/fuzz.mjs writes seeds in this layout from windows of Moving AI maps.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "move_rules.h"
#include "movingai.h"
#include "search.h"
#include "walk.h"

namespace {

using namespace astar;

constexpr int kMaxSide = 24;
// Above what any search but IDA* needs on 24 x 24 cells (bidirectional: two per cell),
// so only IDA* gives up.
constexpr std::uint64_t kMaxExpansions = 1500;
constexpr std::size_t kObservedSteps = 64;
constexpr std::size_t kMaxEdits = 64;
// Steps a walk may take after its last edit; far above what a 32 x 32 walk needs.
constexpr std::uint64_t kWalkStepsAfterEdits = 200'000;
constexpr double kWeights[] = {1, 0, 0.5, 1.5, 2, 5, 100, 1000, -1, NAN, INFINITY};

class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t next() { return at_ < size_ ? data_[at_++] : 0; }
  std::size_t left() const { return size_ - at_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

struct Edit {
  std::uint8_t wait;
  Point cell;
  std::uint8_t cost;  // 10 or 11: move the goal
};

struct Case {
  Grid grid{1, 1};
  SearchOptions options;
  Point start, goal;
  Algorithm planner = Algorithm::AStar;
  int sense_radius = 0;
  bool tracing = false;
  std::vector<Edit> edits;
};

Case decode(const std::uint8_t* data, std::size_t size) {
  Bytes in(data, size);
  Case c;
  const int width = 1 + in.next() % kMaxSide, height = 1 + in.next() % kMaxSide;
  c.options.diagonal = static_cast<Diagonal>(in.next() % kDiagonals.size());
  const std::size_t heuristic = in.next() % (kHeuristics.size() + 1);
  if (heuristic < kHeuristics.size()) c.options.heuristic = static_cast<Heuristic>(heuristic);
  c.options.weight = kWeights[in.next() % std::size(kWeights)];
  c.options.cost_model = static_cast<CostModel>(in.next() % kCostModels.size());
  c.options.max_expansions = kMaxExpansions;
  c.start.x = in.next() % (width + 1);
  c.start.y = in.next() % (height + 1);
  c.goal.x = in.next() % (width + 1);
  c.goal.y = in.next() % (height + 1);
  c.planner = kAlgorithms[in.next() % kAlgorithms.size()].id;
  c.sense_radius = in.next() % (kMaxSenseRadius + 2);
  c.tracing = in.next() & 1;

  // Through the .map reader, so the cells mean what they mean in a map file.
  std::string text = "type octile\nheight " + std::to_string(height) + "\nwidth " + std::to_string(width) + "\nmap\n";
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const char cell = in.left() > 0 ? static_cast<char>(in.next()) : '.';
      // One byte, one cell: spaces, control bytes and bytes above ASCII (which would end a
      // row, blank it or join a multi-byte character) are walls like any other character.
      text += cell > ' ' && cell < 0x7F ? cell : '@';
    }
    text += '\n';
  }
  Parsed<Grid> parsed = read_map(text);
  FUZZ_CHECK(parsed, "a well-formed map was refused: %s", parsed.error.message.c_str());
  c.grid = std::move(*parsed.value);

  while (in.left() >= 4 && c.edits.size() < kMaxEdits) {
    Edit edit;
    edit.wait = in.next();
    edit.cell.x = in.next() % width;
    edit.cell.y = in.next() % height;
    edit.cost = in.next() % 12;
    c.edits.push_back(edit);
  }
  return c;
}

bool on_map(const Grid& grid, Point p) { return grid.in_bounds(p.x, p.y); }

// Every observer read of a search once, so the sanitizers see each array's extent.
void read_everything(const Search& search) {
  const Grid& grid = search.grid();
  volatile double sink = 0;
  for (const OpenItem& item : search.open_items(4)) sink = sink + item.f;
  const Progress progress = search.progress();
  sink = sink + progress.threshold + progress.meeting_cost;
  static constexpr std::size_t kSize[] = {1, 2, 4, 8};
  const std::size_t last = grid.cell_count() - 1;
  for (const Channel& channel : search.channels()) {
    for (const std::size_t i : {std::size_t{0}, last}) {
      std::uint64_t bits = 0;
      std::memcpy(&bits, static_cast<const std::uint8_t*>(channel.data) + i * channel.stride,
                  kSize[static_cast<int>(channel.type)]);
      sink = sink + static_cast<double>(bits);
      if (channel.stamp) {  // stamp_stride counts bytes
        std::uint16_t stamp = 0;
        std::memcpy(&stamp, reinterpret_cast<const std::uint8_t*>(channel.stamp) + i * channel.stamp_stride, sizeof stamp);
        sink = sink + stamp;
      }
    }
  }
  for (const CellId id : {CellId{0}, static_cast<CellId>(last)}) {
    sink = sink + search.g(id) + search.h(id) + search.f(id) + search.expansion_order(id) +
           static_cast<double>(search.phase(id)) + search.parent(id);
    sink = sink + static_cast<double>(search.route_to(id).size());
  }
}

bool admissible(const SearchOptions& options) {
  switch (effective_heuristic(options)) {
    case Heuristic::Manhattan: return options.diagonal == Diagonal::Never;
    default: return true;
  }
}

void check_path(const Search& search, const Case& c, const AlgorithmInfo& row) {
  const std::vector<Point>& path = search.path();
  const std::string_view name = row.name;
  FUZZ_CHECK(!path.empty() && path.front() == c.start && path.back() == c.goal, "%.*s: the path does not join start and goal",
             static_cast<int>(name.size()), name.data());
  const double cost = search.path_cost();
  FUZZ_CHECK(std::isfinite(cost) && cost >= 0, "%.*s: path cost %g", static_cast<int>(name.size()), name.data(), cost);
  if (row.any_angle) {
    for (const Point p : path)
      FUZZ_CHECK(on_map(c.grid, p) && c.grid.passable(c.grid.id(p)), "%.*s: a corner at %d,%d is not walkable",
                 static_cast<int>(name.size()), name.data(), p.x, p.y);
    return;
  }
  const reference::MoveRules rules{c.options.diagonal, c.options.cost_model};
  double total = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const std::optional<double> move = reference::move_cost(c.grid, rules, path[i - 1], path[i]);
    FUZZ_CHECK(move, "%.*s: illegal move %d,%d -> %d,%d", static_cast<int>(name.size()), name.data(), path[i - 1].x,
               path[i - 1].y, path[i].x, path[i].y);
    total += *move;
  }
  FUZZ_CHECK(std::fabs(total - cost) <= 1e-9 * (1 + cost), "%.*s: the moves cost %.17g, the search says %.17g",
             static_cast<int>(name.size()), name.data(), total, cost);
}

void search_with_every_algorithm(const Case& c) {
  const bool points_on_map = on_map(c.grid, c.start) && on_map(c.grid, c.goal);
  const std::optional<double> cheapest =
      points_on_map ? reference::dijkstra(c.grid, {c.options.diagonal, c.options.cost_model}, c.start, c.goal) : std::nullopt;
  for (const AlgorithmInfo& row : kAlgorithms) {
    const std::string_view name = row.name;
    SearchOptions options = c.options;
    options.algorithm = row.id;
    const std::unique_ptr<Search> search = make_search(c.grid, options);
    search->set_tracing(c.tracing);
    const bool started = search->reset(c.start, c.goal);
    FUZZ_CHECK(started == points_on_map, "%.*s: reset gave %d", static_cast<int>(name.size()), name.data(), started);
    if (!started) {
      FUZZ_CHECK(search->status() == Status::Ready, "%.*s: not Ready", static_cast<int>(name.size()), name.data());
      continue;
    }
    if (refusal_for(options, c.grid) != Refusal::None) {
      FUZZ_CHECK(search->status() == Status::Refused, "%.*s: options that do not apply were not refused",
                 static_cast<int>(name.size()), name.data());
      continue;
    }
    // A search on the navigation mesh cannot prepare itself: its mesh is built in TypeScript
    // (web/src/engine/navmesh, where the triangulation library lives) and given to it, so
    // here it waits for one (Preparing), or has ended at once (no path: the start or the goal
    // is a wall). It never runs without one. Its paths are checked against a visibility graph
    // in tests/js/navmesh.test.ts.
    if (search_class(row.id).on_mesh) {
      FUZZ_CHECK(search->status() != Status::Running, "%.*s: began without a mesh (status %d)", static_cast<int>(name.size()), name.data(),
                 static_cast<int>(search->status()));
      continue;
    }
    std::vector<Event> events;
    for (std::size_t i = 0; i < kObservedSteps && search->step(events); ++i) read_everything(*search);
    search->run();
    read_everything(*search);

    FUZZ_CHECK(search->finished(), "%.*s: still running after run()", static_cast<int>(name.size()), name.data());
    FUZZ_CHECK(search->counters().expanded <= kMaxExpansions, "%.*s: %llu expansions past the cap",
               static_cast<int>(name.size()), name.data(), static_cast<unsigned long long>(search->counters().expanded));
    const Status status = search->status();
    if (status == Status::Found) check_path(*search, c, row);
    if (status == Status::Found || status == Status::NoPath)
      FUZZ_CHECK((status == Status::Found) == cheapest.has_value(), "%.*s: %s, but the reference %s",
                 static_cast<int>(name.size()), name.data(), status == Status::Found ? "found a path" : "no path",
                 cheapest ? "finds one" : "finds none");
    const bool must_be_cheapest = row.optimal && admissible(options) && (!row.uses_weight || effective_weight(options) == 1.0);
    if (status == Status::Found && must_be_cheapest)
      FUZZ_CHECK(std::fabs(search->path_cost() - *cheapest) <= 1e-9 * (1 + *cheapest),
                 "%.*s: cost %.17g, the cheapest is %.17g", static_cast<int>(name.size()), name.data(), search->path_cost(),
                 *cheapest);
  }
}

void jps_plus_is_jps(const Case& c) {
  if (!on_map(c.grid, c.start) || !on_map(c.grid, c.goal)) return;
  SearchOptions jps_options = c.options, plus_options = c.options;
  jps_options.algorithm = Algorithm::JumpPoint;
  plus_options.algorithm = Algorithm::JumpPointPlus;
  const std::unique_ptr<Search> jps = make_search(c.grid, jps_options), plus = make_search(c.grid, plus_options);
  jps->reset(c.start, c.goal);
  plus->reset(c.start, c.goal);
  std::vector<Event> a, b;
  for (;;) {
    const bool stepped = jps->step(a);
    FUZZ_CHECK(plus->step(b) == stepped, "jps-plus: steps when JPS does not, or the other way");
    if (!stepped) break;
    FUZZ_CHECK(a.front().kind == EventKind::Expand && b.front().kind == EventKind::Expand && a.front().cell == b.front().cell,
               "jps-plus: expanded another cell than JPS");
  }
  FUZZ_CHECK(plus->status() == jps->status() && plus->path() == jps->path(), "jps-plus: ended otherwise than JPS");
}

void walk_with_edits(const Case& c) {
  Grid world = c.grid;
  Walk walk(world);
  SearchOptions options = c.options;
  options.algorithm = c.planner;
  walk.set_options(options, c.sense_radius);
  const bool started = walk.reset(c.start, c.goal);
  FUZZ_CHECK(started == (on_map(world, c.start) && on_map(world, c.goal)), "the walk's reset gave %d", started);
  if (!started) return;

  const reference::MoveRules rules{options.diagonal, options.cost_model};
  std::size_t next_edit = 0;
  std::uint64_t since_edit = 0;
  while (true) {
    const bool edit_due = next_edit < c.edits.size() && since_edit >= c.edits[next_edit].wait;
    WalkStepRecord record;
    if (!edit_due && walk.step(&record)) {
      ++since_edit;
      FUZZ_CHECK(next_edit < c.edits.size() || since_edit <= kWalkStepsAfterEdits, "the walk does not end");
      if (!record.planned && !(record.from == record.to)) {
        const std::optional<double> move = reference::move_cost(world, rules, record.from, record.to);
        FUZZ_CHECK(move && std::fabs(*move - record.cost) <= 1e-9 * (1 + *move),
                   "the agent moved %d,%d -> %d,%d, illegal or at the wrong cost", record.from.x, record.from.y,
                   record.to.x, record.to.y);
      }
      continue;
    }
    if (next_edit == c.edits.size()) break;
    // Due, or the walk has ended: the next edit may set it going again.
    const Edit& edit = c.edits[next_edit++];
    since_edit = 0;
    if (edit.cost > kMaxTerrainCost) {
      walk.set_goal(edit.cell);
    } else {
      const CellId id = world.id(edit.cell);
      world.set_cost(id, edit.cost);
      walk.world_changed({id});
    }
  }
  FUZZ_CHECK(walk.counters().moves + 1 == walk.walked().size(), "moves and the walked route disagree");
  if (walk.status() == WalkStatus::Arrived) FUZZ_CHECK(walk.agent() == walk.goal(), "arrived away from the goal");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Case c = decode(data, size);
  search_with_every_algorithm(c);
  jps_plus_is_jps(c);
  walk_with_edits(c);
  return 0;
}
