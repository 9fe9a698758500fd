#include "fixture_table.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace astar::testing {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// A plain decimal number (no sign, no exponent): all the table needs.
std::optional<double> parse_decimal(std::string_view s) {
  if (s.empty() || s.find_first_not_of("0123456789.") != std::string_view::npos) return std::nullopt;
  if (s.find('.') != s.rfind('.') || s == ".") return std::nullopt;
  return std::strtod(std::string(s).c_str(), nullptr);
}

std::optional<int> parse_int(std::string_view s) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  return std::atoi(std::string(s).c_str());
}

// "<a>", "<a>+<b>*sqrt2" or "<b>*sqrt2".
std::optional<double> parse_cost(std::string_view s) {
  constexpr std::string_view kSqrt2Suffix = "*sqrt2";
  if (s.size() < kSqrt2Suffix.size() || s.substr(s.size() - kSqrt2Suffix.size()) != kSqrt2Suffix)
    return parse_decimal(s);
  s.remove_suffix(kSqrt2Suffix.size());
  const std::size_t plus = s.find('+');
  std::optional<double> straight = plus == std::string_view::npos ? 0.0 : parse_decimal(s.substr(0, plus));
  std::optional<double> diagonal = parse_decimal(plus == std::string_view::npos ? s : s.substr(plus + 1));
  if (!straight || !diagonal) return std::nullopt;
  return *straight + *diagonal * std::sqrt(2.0);
}

class Parser {
 public:
  FixtureTable parse(std::string_view text) {
    std::size_t pos = 0;
    while (pos <= text.size() && table_.error.empty()) {
      const std::size_t end = std::min(text.find('\n', pos), text.size());
      ++line_number_;
      handle(trim(text.substr(pos, end - pos)));
      pos = end + 1;
    }
    if (table_.error.empty() && in_case_) {
      line_number_ = current_.line;
      fail("case \"" + current_.name + "\" has no `expect` line");
    }
    return std::move(table_);
  }

 private:
  enum class Section { Header, Map };

  void fail(const std::string& message) {
    if (table_.error.empty()) table_.error = "scenarios.txt line " + std::to_string(line_number_) + ": " + message;
  }

  void handle(std::string_view line) {
    if (line.empty() || starts_with(line, "//")) return;
    const std::vector<std::string_view> parts = words(line);
    const std::string_view keyword = parts[0];
    if (keyword == "case") return begin_case(parts);
    if (!in_case_) return fail("expected `case <name>`, found \"" + std::string(line) + "\"");
    if (keyword == "expect") return finish_case(parts);
    if (section_ == Section::Map) return add_row(line);
    if (keyword == "options") return read_options(parts);
    if (keyword == "start" || keyword == "goal") return read_point(parts);
    if (keyword == "map") {
      if (!has_options_) return fail("`options` must come before `map`");
      section_ = Section::Map;
      return;
    }
    fail("unknown line \"" + std::string(line) + "\"");
  }

  void begin_case(const std::vector<std::string_view>& parts) {
    if (in_case_) return fail("case \"" + current_.name + "\" has no `expect` line");
    if (parts.size() != 2 || parts[1].find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string_view::npos)
      return fail("expected `case <name>` with a name of a-z, 0-9 and '-'");
    current_ = FixtureCase{};
    current_.name = std::string(parts[1]);
    current_.line = line_number_;
    if (!names_.insert(current_.name).second) return fail("duplicate case name \"" + current_.name + "\"");
    in_case_ = true;
    has_options_ = false;
    section_ = Section::Header;
    rows_.clear();
    start_line_.reset();
    goal_line_.reset();
  }

  void read_options(const std::vector<std::string_view>& parts) {
    if (has_options_) return fail("`options` given twice");
    bool has_algorithm = false, has_diagonal = false;
    for (std::size_t i = 1; i < parts.size(); ++i) {
      const std::size_t eq = parts[i].find('=');
      if (eq == std::string_view::npos) return fail("expected <key>=<value>, found \"" + std::string(parts[i]) + "\"");
      const std::string_view key = parts[i].substr(0, eq), value = parts[i].substr(eq + 1);
      if (key == "algorithm") {
        const auto parsed = parse_algorithm(value);
        if (!parsed) return fail("unknown algorithm \"" + std::string(value) + "\"");
        current_.options.algorithm = *parsed;
        has_algorithm = true;
      } else if (key == "diagonal") {
        const auto parsed = parse_diagonal(value);
        if (!parsed) return fail("unknown diagonal mode \"" + std::string(value) + "\"");
        current_.options.diagonal = *parsed;
        has_diagonal = true;
      } else if (key == "heuristic") {
        const auto parsed = parse_heuristic(value);
        if (!parsed) return fail("unknown heuristic \"" + std::string(value) + "\"");
        current_.options.heuristic = *parsed;
      } else if (key == "weight") {
        const auto parsed = parse_decimal(value);
        if (!parsed || *parsed <= 0) return fail("weight must be a number > 0");
        current_.options.weight = *parsed;
      } else if (key == "costs") {
        const auto parsed = parse_cost_model(value);
        if (!parsed) return fail("unknown cost model \"" + std::string(value) + "\"");
        current_.options.cost_model = *parsed;
      } else {
        return fail("unknown option \"" + std::string(key) + "\"");
      }
    }
    if (!has_algorithm || !has_diagonal) return fail("`options` needs algorithm= and diagonal=");
    has_options_ = true;
  }

  void read_point(const std::vector<std::string_view>& parts) {
    const auto x = parts.size() == 3 ? parse_int(parts[1]) : std::nullopt;
    const auto y = parts.size() == 3 ? parse_int(parts[2]) : std::nullopt;
    if (!x || !y) return fail("expected `" + std::string(parts[0]) + " <x> <y>`");
    (parts[0] == "start" ? start_line_ : goal_line_) = Point{*x, *y};
  }

  void add_row(std::string_view row) {
    if (row.find_first_not_of(".#23456789SG") != std::string_view::npos)
      return fail("map rows use only . # 2-9 S G, found \"" + std::string(row) + "\"");
    if (!rows_.empty() && row.size() != rows_.front().size())
      return fail("map row has " + std::to_string(row.size()) + " cells, expected " + std::to_string(rows_.front().size()));
    rows_.emplace_back(row);
  }

  // Resolves markers into costs, start and goal; false after reporting a problem.
  bool build_map() {
    if (rows_.empty()) return fail("`map` has no rows"), false;
    current_.width = static_cast<int>(rows_.front().size());
    current_.height = static_cast<int>(rows_.size());
    if (!Grid::size_error(current_.width, current_.height).empty()) return fail("map size out of range"), false;
    std::vector<Point> starts, goals;
    for (int y = 0; y < current_.height; ++y) {
      for (int x = 0; x < current_.width; ++x) {
        const char c = rows_[y][x];
        if (c == 'S') starts.push_back({x, y});
        if (c == 'G') goals.push_back({x, y});
        current_.costs.push_back(c == '#' ? 0 : (c >= '2' && c <= '9') ? static_cast<std::uint8_t>(c - '0') : 1);
      }
    }
    const auto resolve = [&](const char* what, const std::optional<Point>& given, const std::vector<Point>& marked,
                             Point& out) {
      if (given) {
        if (!marked.empty()) return fail(std::string("a `") + what + "` line and a marker both give the " + what), false;
        if (given->x >= current_.width || given->y >= current_.height)
          return fail(std::string("the ") + what + " is outside the map"), false;
        out = *given;
        return true;
      }
      if (marked.size() != 1) return fail(std::string("the map needs exactly one ") + what + " marker"), false;
      out = marked.front();
      return true;
    };
    return resolve("start", start_line_, starts, current_.start) && resolve("goal", goal_line_, goals, current_.goal);
  }

  void finish_case(const std::vector<std::string_view>& parts) {
    if (section_ != Section::Map) return fail("`expect` before `map`");
    if (!build_map()) return;
    if (parts.size() < 2) return fail("`expect` needs no-path or cost=");
    bool no_path = false, has_cost = false;
    for (std::size_t i = 1; i < parts.size(); ++i) {
      const std::string_view part = parts[i];
      if (part == "no-path" && i == 1) {
        no_path = true;
        continue;
      }
      const std::size_t eq = part.find('=');
      const std::string_view key = part.substr(0, eq);
      const std::string_view value = eq == std::string_view::npos ? std::string_view{} : part.substr(eq + 1);
      if (key == "cost" && i == 1) {
        current_.cost = parse_cost(value);
        if (!current_.cost) return fail("bad cost \"" + std::string(value) + "\"");
        has_cost = true;
      } else if (key == "path-length" && has_cost) {
        current_.path_length = parse_int(value);
        if (!current_.path_length) return fail("bad path-length");
      } else if (key == "expanded") {
        const auto expanded = parse_int(value);
        if (!expanded) return fail("bad expanded");
        current_.expanded = static_cast<std::uint64_t>(*expanded);
      } else {
        return fail("unexpected \"" + std::string(part) + "\" in `expect`");
      }
    }
    if (!no_path && !has_cost) return fail("`expect` needs no-path or cost= first");
    table_.cases.push_back(std::move(current_));
    in_case_ = false;
  }

  FixtureTable table_;
  int line_number_ = 0;
  bool in_case_ = false;
  bool has_options_ = false;
  Section section_ = Section::Header;
  FixtureCase current_;
  std::vector<std::string> rows_;
  std::optional<Point> start_line_, goal_line_;
  std::set<std::string> names_;
};

}  // namespace

FixtureTable parse_fixture_table(std::string_view text) { return Parser{}.parse(text); }

FixtureTable load_fixture_table() {
  const std::string path = std::string(ASTAR_FIXTURES_DIR) + "/scenarios.txt";
  std::ifstream file(path, std::ios::binary);
  if (!file) return {{}, "cannot open " + path};
  std::ostringstream text;
  text << file.rdbuf();
  return parse_fixture_table(text.str());
}

}  // namespace astar::testing
