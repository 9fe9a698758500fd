// bench_subgoal: subgoal graphs against our A* and JPS on Moving AI scenarios, natively,
// 8-connected (the Moving AI rule) and 4-connected, as tables.
//
// Per map: the 30 hardest queries (largest published optimal lengths, ties by index, as
// scripts/bench.mjs picks them; the same queries for both rules). The subgoal graph is
// prepared first and its preparation reported apart (median of --prep-runs, on a fresh
// search each time): milliseconds, megabytes held, subgoals, how many stayed at the top.
// Then each engine (the subgoal graph with its hierarchy, the flat subgoal graph of the
// 2013 paper, A*, JPS) runs the queries once untimed (every cost is checked: against the
// published length 8-connected, against A* 4-connected), then --runs timed runs, each
// repeating the set until it lasts --min-run-ms; a query's time is the median run over the
// queries, reset included. Ratios divide the other engine's time by the subgoal graph's,
// measured in the same run. The "all maps" row adds the maps' times up.
//
// A program that prints tables, not a test: it asserts no speed. It exits non-zero when a
// cost is wrong.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "movingai.h"
#include "search.h"
#include "subgoal_graph.h"

namespace {

using astar::Diagonal;
using astar::Grid;
using astar::ScenarioQuery;

struct Settings {
  std::size_t queries = 30;
  int runs = 5;
  int prep_runs = 3;
  double min_run_ms = 20;
  std::vector<Diagonal> rules = {Diagonal::OnlyWhenNoObstacles, Diagonal::Never};
  std::vector<std::string> files;
};

// The engines of a row, in column order.
enum Engine { kSubgoal, kFlat, kAStar, kJps, kEngines };
constexpr const char* kEngineNames[kEngines] = {"subgoal", "flat", "A*", "JPS"};

struct MapRow {
  std::string name;
  std::size_t cells = 0, subgoals = 0, top = 0, queries = 0;
  double prep_ms = 0, flat_prep_ms = 0, megabytes = 0;
  double micros[kEngines] = {};  // per query
  std::uint64_t expanded[kEngines] = {};  // per query
};

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "bench_subgoal: " << message << '\n';
  std::exit(2);
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

double elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since).count();
}

std::vector<std::size_t> hardest(const std::vector<ScenarioQuery>& queries, std::size_t count) {
  std::vector<std::size_t> indices;
  for (std::size_t i = 0; i < queries.size(); ++i)
    if (queries[i].optimal >= 0) indices.push_back(i);
  std::sort(indices.begin(), indices.end(), [&](std::size_t a, std::size_t b) {
    return queries[a].optimal > queries[b].optimal || (queries[a].optimal == queries[b].optimal && a < b);
  });
  indices.resize(std::min(count, indices.size()));
  std::sort(indices.begin(), indices.end());
  return indices;
}

astar::SearchOptions options_for(astar::Algorithm algorithm, Diagonal rule) {
  astar::SearchOptions options;
  options.algorithm = algorithm;
  options.diagonal = rule;
  return options;
}

std::unique_ptr<astar::SubgoalGraphSearch> prepared_subgoal_search(const Grid& grid, Diagonal rule, bool hierarchy,
                                                                   int runs, double& median_ms) {
  std::vector<double> times;
  std::unique_ptr<astar::SubgoalGraphSearch> search;
  for (int run = 0; run < runs; ++run) {
    search = std::make_unique<astar::SubgoalGraphSearch>(grid, options_for(astar::Algorithm::SubgoalGraph, rule));
    search->set_hierarchy(hierarchy);
    // A query from the first walkable cell to itself waits for the graph (search.h's
    // Preparing), which is what is timed.
    for (astar::CellId id = 0; id < grid.cell_count(); ++id)
      if (grid.passable(id)) {
        search->reset(grid.point(id), grid.point(id));
        break;
      }
    const auto begin = std::chrono::steady_clock::now();
    search->prepare_steps(UINT64_MAX);
    times.push_back(elapsed_ms(begin));
  }
  median_ms = median(times);
  return search;
}

// Runs the queries once to check them, then times them; returns microseconds per query.
double time_queries(astar::Search& search, const std::vector<ScenarioQuery>& queries, const std::vector<std::size_t>& picked,
                    const std::vector<double>& expected, const Settings& settings, const std::string& where,
                    std::uint64_t& expanded, int& problems) {
  expanded = 0;
  for (std::size_t k = 0; k < picked.size(); ++k) {
    const ScenarioQuery& q = queries[picked[k]];
    search.reset(q.start, q.goal);
    search.run();
    expanded += search.counters().expanded;
    const double cost = search.status() == astar::Status::Found ? search.path_cost() : NAN;
    if (!(std::abs(cost - expected[k]) <= std::max(1e-4 * expected[k], 0.005))) {
      std::cerr << where << " query " << picked[k] << ": cost " << cost << ", expected " << expected[k] << '\n';
      ++problems;
    }
  }
  expanded /= std::max<std::size_t>(1, picked.size());
  const auto pass = [&] {
    const auto begin = std::chrono::steady_clock::now();
    for (const std::size_t index : picked) {
      search.reset(queries[index].start, queries[index].goal);
      search.run();
    }
    return elapsed_ms(begin);
  };
  const int repeats = static_cast<int>(std::clamp(std::ceil(settings.min_run_ms / std::max(pass(), 1e-3)), 1.0, 1e6));
  std::vector<double> runs;
  for (int run = 0; run < settings.runs; ++run) {
    double total = 0;
    for (int r = 0; r < repeats; ++r) total += pass();
    runs.push_back(1000.0 * total / repeats / static_cast<double>(picked.size()));
  }
  return median(runs);
}

MapRow measure_map(const std::string& scen_path, Diagonal rule, const Settings& settings, int& problems) {
  const std::optional<std::string> scen_text = read_file(scen_path);
  if (!scen_text) fail("cannot read " + scen_path);
  const astar::Parsed<astar::Scenario> scenario = astar::read_scenario(*scen_text);
  if (!scenario) fail(scen_path + ": " + scenario.error.message);
  std::optional<Grid> grid;
  for (const std::string& candidate : astar::candidate_map_paths(scen_path, *scenario.value)) {
    if (const std::optional<std::string> map_text = read_file(candidate)) {
      astar::Parsed<Grid> parsed = astar::read_map(*map_text);
      if (!parsed) fail(candidate + ": " + parsed.error.message);
      grid = std::move(parsed.value);
      break;
    }
  }
  if (!grid) fail("no map found for " + scen_path);
  const std::vector<ScenarioQuery>& queries = scenario.value->queries;
  const std::vector<std::size_t> picked = hardest(queries, settings.queries);

  MapRow row;
  row.name = scen_path.substr(scen_path.find_last_of('/') + 1);
  row.name = row.name.substr(0, row.name.find(".map"));
  row.cells = grid->cell_count();
  row.queries = picked.size();
  const std::unique_ptr<astar::SubgoalGraphSearch> subgoal =
      prepared_subgoal_search(*grid, rule, true, settings.prep_runs, row.prep_ms);
  const std::unique_ptr<astar::SubgoalGraphSearch> flat =
      prepared_subgoal_search(*grid, rule, false, settings.prep_runs, row.flat_prep_ms);
  const astar::SubgoalGraph& graph = *subgoal->graph();
  row.subgoals = graph.node_count();
  for (astar::NodeId n = 0; n < graph.node_count(); ++n) row.top += graph.rank(n) == astar::kTopRank;
  row.megabytes = static_cast<double>(subgoal->preparation().bytes) / 1e6;

  const std::unique_ptr<astar::Search> a_star = astar::make_search(*grid, options_for(astar::Algorithm::AStar, rule));
  const std::unique_ptr<astar::Search> jps = astar::make_search(*grid, options_for(astar::Algorithm::JumpPoint, rule));
  // 8-connected: the published lengths. 4-connected has none: A*'s costs.
  std::vector<double> expected;
  for (const std::size_t index : picked) {
    if (rule == Diagonal::OnlyWhenNoObstacles) {
      expected.push_back(queries[index].optimal);
    } else {
      a_star->reset(queries[index].start, queries[index].goal);
      a_star->run();
      expected.push_back(a_star->status() == astar::Status::Found ? a_star->path_cost() : NAN);
    }
  }
  astar::Search* const engines[kEngines] = {subgoal.get(), flat.get(), a_star.get(), jps.get()};
  for (int e = 0; e < kEngines; ++e) {
    const std::string where = row.name + " " + std::string(astar::name_of(rule)) + " " + kEngineNames[e];
    row.micros[e] = time_queries(*engines[e], queries, picked, expected, settings, where, row.expanded[e], problems);
  }
  return row;
}

void print_table(Diagonal rule, const std::vector<MapRow>& rows, const Settings& settings) {
  std::printf("\n%s: the %zu hardest queries per map; microseconds per query (median of %d runs); preparation apart\n",
              rule == Diagonal::Never ? "4-connected" : "8-connected (Moving AI rule)", settings.queries, settings.runs);
  std::printf("%-16s %9s %8s %6s | %9s %9s %6s | %9s %9s %9s %9s | %6s %6s %6s\n", "map", "cells", "subgoals", "top",
              "prep ms", "flat ms", "MB", "subgoal", "flat", "A*", "JPS", "A*/sg", "JPS/sg", "flt/sg");
  MapRow all;
  all.name = "all maps";
  for (const MapRow& row : rows) {
    all.cells += row.cells;
    all.subgoals += row.subgoals;
    all.top += row.top;
    all.queries += row.queries;
    all.prep_ms += row.prep_ms;
    all.flat_prep_ms += row.flat_prep_ms;
    all.megabytes += row.megabytes;
    for (int e = 0; e < kEngines; ++e) all.micros[e] += row.micros[e] * static_cast<double>(row.queries);
  }
  for (int e = 0; e < kEngines; ++e) all.micros[e] /= std::max<double>(1, static_cast<double>(all.queries));
  std::vector<MapRow> printed = rows;
  printed.push_back(all);
  for (const MapRow& row : printed) {
    const double sg = row.micros[kSubgoal];
    std::printf("%-16s %9zu %8zu %6zu | %9.1f %9.1f %6.1f | %9.1f %9.1f %9.1f %9.1f | %6.1f %6.1f %6.1f\n",
                row.name.c_str(), row.cells, row.subgoals, row.top, row.prep_ms, row.flat_prep_ms, row.megabytes, sg,
                row.micros[kFlat], row.micros[kAStar], row.micros[kJps], row.micros[kAStar] / sg, row.micros[kJps] / sg,
                row.micros[kFlat] / sg);
  }
}

constexpr const char* kUsage =
    "usage: bench_subgoal [--queries N] [--runs N] [--prep-runs N] [--min-run-ms MS] [--rules 8,4] FILE.scen...\n"
    "Prepares subgoal graphs for the maps of Moving AI scenario files and times them against A* and JPS on\n"
    "each file's hardest queries, 8-connected (Moving AI rule) and 4-connected. Prints tables; exits 1 when a\n"
    "cost is wrong. For example: build/native/bench_subgoal ../shared/movingai/*.map.scen\n";

int whole_number(const std::string& option, const char* text) {
  const std::string value = text ? text : "";
  if (value.empty() || value.size() > 6 || !std::all_of(value.begin(), value.end(), ::isdigit) || std::stoi(value) < 1)
    fail(option + " needs a whole number from 1 to 999999, got \"" + value + "\"");
  return std::stoi(value);
}

}  // namespace

int main(int argc, char** argv) {
  Settings settings;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "--queries") {
      settings.queries = static_cast<std::size_t>(whole_number(arg, next)), ++i;
    } else if (arg == "--runs") {
      settings.runs = whole_number(arg, next), ++i;
    } else if (arg == "--prep-runs") {
      settings.prep_runs = whole_number(arg, next), ++i;
    } else if (arg == "--min-run-ms") {
      settings.min_run_ms = whole_number(arg, next), ++i;
    } else if (arg == "--rules") {
      const std::string list = next ? next : "";
      ++i;
      settings.rules.clear();
      if (list == "8" || list == "8,4") settings.rules.push_back(Diagonal::OnlyWhenNoObstacles);
      if (list == "4" || list == "8,4") settings.rules.push_back(Diagonal::Never);
      if (list == "4,8") settings.rules = {Diagonal::Never, Diagonal::OnlyWhenNoObstacles};
      if (settings.rules.empty()) fail("--rules needs 8, 4, 8,4 or 4,8, got \"" + list + "\"");
    } else if (arg.rfind("--", 0) == 0) {
      fail("unknown option " + arg + " (see --help)");
    } else {
      settings.files.push_back(arg);
    }
  }
  if (settings.files.empty()) fail("no scenario file given (see --help)");
#ifndef __OPTIMIZE__
  std::cerr << "bench_subgoal: built without optimisation; the times mean little\n";
#endif
  int problems = 0;
  for (const Diagonal rule : settings.rules) {
    std::vector<MapRow> rows;
    for (const std::string& file : settings.files) {
      std::cerr << "\r" << name_of(rule) << ": " << file << std::string(10, ' ') << std::flush;
      rows.push_back(measure_map(file, rule, settings, problems));
    }
    std::cerr << '\n';
    print_table(rule, rows, settings);
  }
  if (problems > 0) std::printf("\nPROBLEMS: %d wrong costs (listed on stderr)\n", problems);
  return problems > 0 ? 1 : 0;
}
