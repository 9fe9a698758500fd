// bench_native: times the core's searches on Moving AI scenarios, natively, for `npm run bench`.
//
// The driver (scripts/bench.mjs) picks the queries, so that the native build, the wasm
// build and PathFinding.js all run exactly the same ones, and passes their indices here.
// This program only measures and checks, and prints one JSON document on stdout.
//
// Timing: every selected query of a map is run once untimed (to check each cost against
// the file's optimal length and to warm caches), then the whole set is timed `--runs`
// times; the driver takes the median of those per-map totals. A run repeats the set until
// it lasts --min-run-ms, so a small map is not timed at the clock's resolution. The reset
// is inside the timed region because it is part of what a query costs.
//
// An algorithm that prepares per map (JPS+) prepares during the untimed check pass, so the
// timed runs measure queries alone, as its users see them once the map is loaded; its
// preparation is timed apart (prepareMicros), from a fresh search per run.
//
// Besides the core, a "textbook" A* is timed on the same queries: std::priority_queue
// with lazy deletion, per-query arrays, bounds and walls checked per neighbour. It is
// context for the core's numbers (how much the stamps, neighbour masks and indexed heap
// buy), not a competitor, and it expands a different number of nodes because it breaks
// ties differently.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <queue>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "grid.h"
#include "moves.h"
#include "movingai.h"
#include "best_first.h"
#include "search.h"

namespace {

using astar::CellId;
using astar::Grid;
using astar::Point;
using astar::ScenarioQuery;

constexpr double kTolerance = 0.01;

struct QueryResult {
  double cost;  // NaN when no path was found
  std::uint64_t expanded;
};

class TextbookAStar {
 public:
  explicit TextbookAStar(const Grid& grid) : grid_(grid) {}

  QueryResult run(Point start, Point goal) {
    const double infinity = std::numeric_limits<double>::infinity();
    const std::size_t count = grid_.cell_count();
    g_.assign(count, infinity);
    came_from_.assign(count, kNone);
    closed_.assign(count, 0);

    using Entry = std::pair<double, CellId>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> frontier;
    const CellId start_id = grid_.id(start), goal_id = grid_.id(goal);
    QueryResult result{NAN, 0};
    if (!grid_.passable(start_id) || !grid_.passable(goal_id)) return result;
    g_[start_id] = 0;
    frontier.emplace(octile(start, goal), start_id);

    while (!frontier.empty()) {
      const CellId current = frontier.top().second;
      frontier.pop();
      if (closed_[current]) continue;  // a stale duplicate: lazy deletion
      closed_[current] = 1;
      ++result.expanded;
      if (current == goal_id) {
        result.cost = g_[goal_id];
        for (CellId at = goal_id; at != start_id; at = came_from_[at]) path_length_ += 1;
        return result;
      }
      const Point p = grid_.point(current);
      for (int dir = 0; dir < astar::kDirectionCount; ++dir) {
        const Point next{p.x + astar::kDirDx[dir], p.y + astar::kDirDy[dir]};
        if (!walkable(next)) continue;
        if (astar::is_diagonal(dir)) {
          const auto [a, b] = astar::diagonal_sides(dir);
          if (!walkable({p.x + astar::kDirDx[a], p.y + astar::kDirDy[a]}) ||
              !walkable({p.x + astar::kDirDx[b], p.y + astar::kDirDy[b]}))
            continue;
        }
        const CellId next_id = grid_.id(next);
        const double new_g = g_[current] + astar::kDirLength[dir] * grid_.cost(next_id);
        if (new_g < g_[next_id]) {
          g_[next_id] = new_g;
          came_from_[next_id] = current;
          frontier.emplace(new_g + octile(next, goal), next_id);
        }
      }
    }
    return result;
  }

  // Read once at the end so the compiler cannot drop the path walk above.
  std::uint64_t path_length() const { return path_length_; }

 private:
  static constexpr CellId kNone = std::numeric_limits<CellId>::max();

  bool walkable(Point p) const { return grid_.in_bounds(p.x, p.y) && grid_.passable(grid_.id(p)); }
  static double octile(Point a, Point b) {
    const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    return dx + dy + (astar::kSqrt2 - 2.0) * std::min(dx, dy);
  }

  const Grid& grid_;
  std::vector<double> g_;
  std::vector<CellId> came_from_;
  std::vector<std::uint8_t> closed_;
  std::uint64_t path_length_ = 0;
};

// One of the core's algorithms with its default options (octile, Moving AI diagonals,
// exact costs), through the runtime interface the bindings use: one virtual call per query.
class CoreSearch {
 public:
  CoreSearch(const Grid& grid, astar::Algorithm algorithm)
      : search_(astar::make_search(grid, astar::SearchOptions{.algorithm = algorithm})) {}

  QueryResult run(Point start, Point goal) {
    search_->reset(start, goal);
    search_->run();
    const double cost = search_->status() == astar::Status::Found ? search_->path_cost() : NAN;
    return {cost, search_->counters().expanded};
  }

 private:
  std::unique_ptr<astar::Search> search_;
};

struct Mismatch {
  std::size_t index;
  double optimal;
  double cost;
};

struct EngineReport {
  std::string name;
  std::uint64_t expanded = 0;  // over one pass through the queries
  int passes_per_run = 1;
  std::vector<double> run_micros;  // per pass
  std::vector<Mismatch> mismatches;
  std::vector<double> prepare_micros;  // per run, for algorithms that prepare per map
};

struct Job {
  std::string scen_path;
  std::optional<std::vector<std::size_t>> indices;  // empty optional: every query
};

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "bench_native: " << message << '\n';
  std::exit(1);
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool matches(double optimal, double cost) {
  if (optimal < 0) return std::isnan(cost);
  return !std::isnan(cost) && std::abs(cost - optimal) <= kTolerance;
}

template <class Engine>
EngineReport measure(const std::string& name, Engine& engine, const std::vector<std::size_t>& indices,
                     const std::vector<ScenarioQuery>& queries, int runs, double min_run_micros,
                     std::uint64_t& sink) {
  EngineReport report{name, 0, 1, {}, {}};
  const auto pass = [&] {
    const auto begin = std::chrono::steady_clock::now();
    for (std::size_t index : indices) {
      const ScenarioQuery& q = queries[index];
      sink += engine.run(q.start, q.goal).expanded;
    }
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - begin).count();
  };
  for (std::size_t index : indices) {
    const ScenarioQuery& q = queries[index];
    const QueryResult r = engine.run(q.start, q.goal);
    report.expanded += r.expanded;
    if (!matches(q.optimal, r.cost)) report.mismatches.push_back({index, q.optimal, r.cost});
  }
  // A run repeats the whole set until it lasts min_run_micros, so that small maps are not
  // timed at the clock's resolution; its time is then divided by the repetitions.
  report.passes_per_run = static_cast<int>(std::clamp(std::ceil(min_run_micros / std::max(pass(), 1.0)), 1.0, 1e6));
  for (int run = 0; run < runs; ++run) {
    double total = 0;
    for (int p = 0; p < report.passes_per_run; ++p) total += pass();
    report.run_micros.push_back(total / report.passes_per_run);
  }
  return report;
}

// The per-map preparation of an algorithm that has one (JPS+'s jump table), timed apart from
// the queries (whose timed runs reuse what the check pass prepared): per run, a fresh
// search's reset and preparation to the end, its allocation outside the timing.
std::vector<double> measure_preparation(const Grid& grid, astar::Algorithm algorithm, int runs, const ScenarioQuery& query) {
  std::vector<double> micros;
  for (int run = 0; run < runs; ++run) {
    const std::unique_ptr<astar::Search> search = astar::make_search(grid, astar::SearchOptions{.algorithm = algorithm});
    const auto begin = std::chrono::steady_clock::now();
    search->reset(query.start, query.goal);
    search->prepare_steps(UINT64_MAX);
    micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - begin).count());
    if (!search->preparation().ready) fail("the preparation of " + std::string(astar::name_of(algorithm)) + " did not finish");
  }
  return micros;
}

// JSON has no NaN: a missing cost is null, and -1 optimal lengths stay -1 as in the file.
std::string json_number(double value) {
  if (std::isnan(value)) return "null";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", value);
  return buffer;
}

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out += buffer;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string engine_json(const EngineReport& report) {
  std::string out = "{\"name\":" + json_string(report.name) + ",\"expanded\":" + std::to_string(report.expanded) +
                    ",\"passesPerRun\":" + std::to_string(report.passes_per_run) + ",\"runMicros\":[";
  for (std::size_t i = 0; i < report.run_micros.size(); ++i)
    out += (i ? "," : "") + json_number(report.run_micros[i]);
  out += "],\"prepareMicros\":[";
  for (std::size_t i = 0; i < report.prepare_micros.size(); ++i)
    out += (i ? "," : "") + json_number(report.prepare_micros[i]);
  out += "],\"mismatches\":[";
  for (std::size_t i = 0; i < report.mismatches.size(); ++i) {
    const Mismatch& m = report.mismatches[i];
    out += std::string(i ? "," : "") + "{\"index\":" + std::to_string(m.index) + ",\"optimal\":" +
           json_number(m.optimal) + ",\"cost\":" + json_number(m.cost) + "}";
  }
  return out + "]}";
}

std::optional<std::vector<std::size_t>> parse_indices(const std::string& text) {
  std::vector<std::size_t> indices;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty() || item.size() > 9 || !std::all_of(item.begin(), item.end(), ::isdigit)) return std::nullopt;
    indices.push_back(std::stoul(item));
  }
  if (indices.empty()) return std::nullopt;
  return indices;
}

std::string map_json(const Job& job, const std::vector<astar::Algorithm>& algorithms, int runs, double min_run_micros,
                     bool with_textbook, std::uint64_t& sink) {
  const std::optional<std::string> scen_text = read_file(job.scen_path);
  if (!scen_text) fail("cannot read " + job.scen_path);
  astar::Parsed<astar::Scenario> scenario = astar::read_scenario(*scen_text);
  if (!scenario) fail(job.scen_path + " " + scenario.error.message);
  const std::vector<ScenarioQuery>& queries = scenario.value->queries;

  std::string map_path;
  std::optional<std::string> map_text;
  for (const std::string& candidate : astar::candidate_map_paths(job.scen_path, *scenario.value)) {
    map_text = read_file(candidate);
    if (map_text) {
      map_path = candidate;
      break;
    }
  }
  if (!map_text) fail("no map file found next to " + job.scen_path);
  astar::Parsed<Grid> grid = astar::read_map(*map_text);
  if (!grid) fail(map_path + " " + grid.error.message);

  std::vector<std::size_t> indices;
  if (job.indices) {
    indices = *job.indices;
  } else {
    for (std::size_t i = 0; i < queries.size(); ++i) indices.push_back(i);
  }
  for (std::size_t index : indices) {
    if (index >= queries.size())
      fail(job.scen_path + " has " + std::to_string(queries.size()) + " queries, no query " + std::to_string(index));
    const ScenarioQuery& q = queries[index];
    if (!grid.value->in_bounds(q.start.x, q.start.y) || !grid.value->in_bounds(q.goal.x, q.goal.y))
      fail(job.scen_path + " query " + std::to_string(index) + " lies outside the map");
  }

  std::vector<EngineReport> reports;
  for (astar::Algorithm algorithm : algorithms) {
    CoreSearch core(*grid.value, algorithm);
    reports.push_back(measure(std::string(astar::name_of(algorithm)), core, indices, queries, runs, min_run_micros, sink));
    if (astar::search_class(algorithm).prepares) reports.back().prepare_micros = measure_preparation(*grid.value, algorithm, runs, queries[indices.front()]);
  }
  if (with_textbook) {
    TextbookAStar textbook(*grid.value);
    reports.push_back(measure("textbook", textbook, indices, queries, runs, min_run_micros, sink));
    sink += textbook.path_length();
  }

  std::string out = "{\"scen\":" + json_string(job.scen_path) + ",\"map\":" + json_string(map_path) +
                    ",\"width\":" + std::to_string(grid.value->width()) +
                    ",\"height\":" + std::to_string(grid.value->height()) +
                    ",\"queries\":" + std::to_string(indices.size()) + ",\"engines\":[";
  for (std::size_t i = 0; i < reports.size(); ++i) out += (i ? "," : "") + engine_json(reports[i]);
  return out + "]}";
}

constexpr const char* kUsage =
    "usage: bench_native [--algorithms A,B,...] [--runs N] [--min-run-ms MS] [--no-textbook] FILE.scen [--only I,J,...]\n"
    "       [FILE.scen ...]\n"
    "Times the core's searches (default options) on the given Moving AI scenario files and prints JSON.\n"
    "--algorithms: CLI names of the algorithms to time (default astar).\n"
    "--runs: timed runs per map (default 5). A run repeats the queries until it lasts\n"
    "--min-run-ms (default 20) and reports the time of one pass.\n"
    "--only picks query indices (0-based, in file order) of the preceding file; default: all.\n"
    "Algorithms that prepare per map (jps-plus) have their preparation timed apart, per run\n"
    "(prepareMicros); their query times exclude it.\n";

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  double min_run_micros = 20'000;
  bool with_textbook = true;
  std::vector<astar::Algorithm> algorithms = {astar::Algorithm::AStar};
  std::vector<Job> jobs;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "--runs") {
      if (i + 1 >= argc) fail("--runs needs a number");
      const std::string value = argv[++i];
      if (value.empty() || value.size() > 4 || !std::all_of(value.begin(), value.end(), ::isdigit) ||
          std::stoi(value) < 1)
        fail("--runs needs a whole number from 1 to 9999, got \"" + value + "\"");
      runs = std::stoi(value);
    } else if (arg == "--min-run-ms") {
      if (i + 1 >= argc) fail("--min-run-ms needs a number");
      const std::string value = argv[++i];
      if (value.empty() || value.size() > 5 || !std::all_of(value.begin(), value.end(), ::isdigit))
        fail("--min-run-ms needs a whole number of milliseconds, got \"" + value + "\"");
      min_run_micros = 1000.0 * std::stoi(value);
    } else if (arg == "--algorithms") {
      if (i + 1 >= argc) fail("--algorithms needs a list of names");
      algorithms.clear();
      std::stringstream list(argv[++i]);
      std::string name;
      while (std::getline(list, name, ',')) {
        const std::optional<astar::Algorithm> algorithm = astar::parse_algorithm(name);
        if (!algorithm) fail("unknown algorithm \"" + name + "\"");
        algorithms.push_back(*algorithm);
      }
      if (algorithms.empty()) fail("--algorithms needs at least one name");
    } else if (arg == "--no-textbook") {
      with_textbook = false;
    } else if (arg == "--only") {
      if (jobs.empty()) fail("--only must follow a .scen file");
      if (i + 1 >= argc) fail("--only needs a list of query indices");
      jobs.back().indices = parse_indices(argv[++i]);
      if (!jobs.back().indices) fail("--only needs comma-separated query indices, got \"" + std::string(argv[i]) + "\"");
    } else if (arg.rfind("--", 0) == 0) {
      fail("unknown option " + arg + " (see --help)");
    } else {
      jobs.push_back({arg, std::nullopt});
    }
  }
  if (jobs.empty()) fail("no scenario file given (see --help)");

  std::uint64_t sink = 0;
  std::string maps;
  for (std::size_t i = 0; i < jobs.size(); ++i) maps += (i ? "," : "") + map_json(jobs[i], algorithms, runs, min_run_micros, with_textbook, sink);

#ifdef __VERSION__
  const std::string compiler = __VERSION__;
#else
  const std::string compiler = "unknown";
#endif
#ifdef NDEBUG
  const bool assertions = false;
#else
  const bool assertions = true;
#endif
#ifdef __OPTIMIZE__
  const bool optimized = true;
#else
  const bool optimized = false;
#endif
  std::cout << "{\"tool\":\"bench_native\",\"compiler\":" << json_string(compiler)
            << ",\"optimized\":" << (optimized ? "true" : "false") << ",\"assertions\":" << (assertions ? "true" : "false")
            << ",\"cellStateBytes\":" << sizeof(astar::CellState) << ",\"openEntryBytes\":" << sizeof(astar::OpenEntry)
            << ",\"runs\":" << runs << ",\"sink\":" << sink << ",\"maps\":[" << maps << "]}\n";
  return 0;
}
