// Readers and writer for the Moving AI formats (see movingai.h).
//
// Everything here works on string_views into the caller's text and reports problems as
// values: the Emscripten build has exceptions off, and a file a user drops on the page
// must never be able to crash the engine or make it allocate gigabytes. The one
// allocation sized by the input (the map's cells) grows with the rows actually read,
// after Grid::size_error has accepted the header's dimensions.
#include "movingai.h"

#include <cmath>
#include <cstdlib>

namespace astar {

namespace {

// Splits text into lines, numbering them from 1. Accepts LF and CRLF endings, a
// missing final newline and a UTF-8 byte-order mark (some editors add one).
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);
  }

  bool at_end() const { return pos_ >= text_.size(); }
  // Number of the line the next call to next() returns.
  int next_number() const { return number_ + 1; }

  std::string_view next() {
    const std::size_t end = text_.find('\n', pos_);
    const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
    std::string_view line = text_.substr(pos_, stop - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end == std::string_view::npos ? text_.size() : end + 1;
    ++number_;
    return line;
  }

  // True when every remaining line is blank (trailing blank lines are tolerated).
  bool only_blank_lines_remain() const {
    for (std::size_t i = pos_; i < text_.size(); ++i)
      if (!is_space(text_[i])) return false;
    return true;
  }

  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

bool is_blank(std::string_view line) {
  for (char c : line)
    if (!LineReader::is_space(c)) return false;
  return true;
}

// Fields separated by runs of spaces or tabs. Stops at `limit` + 1 fields so a line of
// a million tokens costs no memory; callers only need to know it had too many.
std::vector<std::string_view> split_fields(std::string_view line, std::size_t limit) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size() && fields.size() <= limit) {
    while (i < line.size() && LineReader::is_space(line[i])) ++i;
    if (i == line.size()) break;
    std::size_t start = i;
    while (i < line.size() && !LineReader::is_space(line[i])) ++i;
    fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

// The length of the well-formed UTF-8 character at the start of `text` (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF), or 0 if it does not start with one.
std::size_t utf8_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  const std::size_t length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
  if (length == 0 || text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i)
    if ((byte(i) & 0xC0) != 0x80) return 0;
  // The second byte's range where the lead allows less than 0x80-0xBF.
  const unsigned char second = byte(1);
  if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) || (lead == 0xF0 && second < 0x90) ||
      (lead == 0xF4 && second > 0x8F))
    return 0;
  return length;
}

// For error messages: the offending text, shortened to its first characters, with control
// bytes and bytes that are not UTF-8 shown as '?', so a binary file yields a readable
// message in any language's text (and a page never shows U+FFFD or a cut character). A tab
// is shown as a space: it separates fields as a space does (split_fields), and .scen lines
// are tab-separated, so a '?' for each would make an ordinary line look like garbage.
std::string quoted(std::string_view text) {
  constexpr std::size_t kMaxShown = 40;
  std::string out = "\"";
  std::size_t at = 0;
  for (std::size_t shown = 0; at < text.size() && shown < kMaxShown; ++shown) {
    const std::size_t length = utf8_length(text.substr(at));
    const unsigned char c = static_cast<unsigned char>(text[at]);
    if (c == '\t') {
      out += ' ';
      ++at;
    } else if (length == 0 || c < 0x20 || c == 0x7F) {
      out += '?';
      ++at;
    } else {
      out.append(text.substr(at, length));
      at += length;
    }
  }
  if (at < text.size()) out += "...";
  out += '"';
  return out;
}

FormatError error_at(int line, const std::string& what) {
  return {line, "line " + std::to_string(line) + ": " + what};
}

FormatError expected_at(int line, const std::string& expected, std::string_view found) {
  return error_at(line, "expected " + expected + ", found " + quoted(found));
}

// A non-negative decimal integer. Values beyond the cap saturate at it, which every
// caller then refuses as too large, so overflow is impossible.
std::optional<long long> parse_count(std::string_view text) {
  constexpr long long kCap = 1'000'000'000'000LL;
  if (text.empty()) return std::nullopt;
  long long value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value >= kCap ? kCap : value * 10 + (c - '0');
  }
  return value > kCap ? kCap : value;
}

// A finite decimal number such as "3.41421", "27", "1e3" or "-1". strtod alone would
// also accept "inf", "nan" and hexadecimal, which no scenario file contains.
std::optional<double> parse_number(std::string_view text) {
  constexpr std::size_t kMaxDigits = 64;
  if (text.empty() || text.size() > kMaxDigits) return std::nullopt;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) return std::nullopt;
  const std::string copy(text);  // strtod needs a terminator
  char* end = nullptr;
  const double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::uint8_t cost_of_map_char(char c) {
  if (c == '.' || c == 'G' || c == 'S') return kMinTerrainCost;
  if (c >= '2' && c <= '9') return static_cast<std::uint8_t>(c - '0');
  return kWall;
}

// The length in bytes of the character starting at line[i]: the files are UTF-8 (or
// ASCII), and a row's width is counted in characters, as the user sees it. A byte that
// does not start a well-formed sequence counts as one character on its own, as a browser's
// decoder shows it (one U+FFFD each).
std::size_t character_length(std::string_view line, std::size_t i) {
  const std::size_t length = utf8_length(line.substr(i));
  return length == 0 ? 1 : length;
}

char map_char_of_cost(std::uint8_t cost) {
  if (cost == kWall) return '@';
  if (cost == kMinTerrainCost) return '.';
  return static_cast<char>('0' + cost);
}

template <class T>
Parsed<T> failure(FormatError error) {
  Parsed<T> result;
  result.error = std::move(error);
  return result;
}

}  // namespace

Parsed<Grid> read_map(std::string_view text) {
  LineReader lines(text);

  if (lines.at_end()) return failure<Grid>({0, "the map file is empty"});
  int number = lines.next_number();
  std::string_view line = lines.next();
  const auto type_fields = split_fields(line, 2);
  if (type_fields.size() != 2 || type_fields[0] != "type" || type_fields[1] != "octile")
    return failure<Grid>(expected_at(number, "\"type octile\"", line));

  // "height" and "width" may come in either order: real files differ.
  std::optional<long long> height, width;
  for (int i = 0; i < 2; ++i) {
    const std::string expected =
        height ? "\"width <number>\"" : width ? "\"height <number>\"" : "\"height <number>\" or \"width <number>\"";
    if (lines.at_end()) return failure<Grid>(error_at(lines.next_number(), "expected " + expected + ", found the end of the file"));
    number = lines.next_number();
    line = lines.next();
    const auto fields = split_fields(line, 2);
    std::optional<long long> value = fields.size() == 2 ? parse_count(fields[1]) : std::nullopt;
    if (value && fields[0] == "height" && !height) {
      height = value;
    } else if (value && fields[0] == "width" && !width) {
      width = value;
    } else {
      return failure<Grid>(expected_at(number, expected, line));
    }
  }
  const std::string size_problem = Grid::size_error(*width, *height);
  if (!size_problem.empty()) return failure<Grid>(error_at(number, size_problem));
  const int w = static_cast<int>(*width), h = static_cast<int>(*height);

  if (lines.at_end()) return failure<Grid>(error_at(lines.next_number(), "expected \"map\", found the end of the file"));
  number = lines.next_number();
  line = lines.next();
  const auto map_fields = split_fields(line, 1);
  if (map_fields.size() != 1 || map_fields[0] != "map") return failure<Grid>(expected_at(number, "\"map\"", line));

  // Grown a row at a time: memory follows the rows the file holds, not the size it claims.
  std::vector<std::uint8_t> costs;
  for (int y = 0; y < h; ++y) {
    if (lines.only_blank_lines_remain())
      return failure<Grid>(error_at(lines.next_number(), "expected " + std::to_string(h) + " map rows, found " + std::to_string(y)));
    number = lines.next_number();
    line = lines.next();
    costs.resize(costs.size() + static_cast<std::size_t>(w));
    // One cell per character; a character other than ASCII is blocked, like any unknown one.
    std::size_t characters = 0;
    for (std::size_t i = 0; i < line.size(); i += character_length(line, i), ++characters) {
      if (characters < static_cast<std::size_t>(w)) costs[static_cast<std::size_t>(y) * w + characters] = cost_of_map_char(line[i]);
    }
    if (characters != static_cast<std::size_t>(w))
      return failure<Grid>(error_at(number, "expected " + std::to_string(w) + " characters, found " + std::to_string(characters)));
  }
  while (!lines.at_end()) {
    number = lines.next_number();
    line = lines.next();
    if (!is_blank(line))
      return failure<Grid>(expected_at(number, "the end of the file after " + std::to_string(h) + " map rows", line));
  }

  Parsed<Grid> result;
  result.value.emplace(w, h);
  result.value->assign(costs.data(), costs.size());
  return result;
}

std::string write_map(const Grid& grid) {
  const int w = grid.width(), h = grid.height();
  std::string out = "type octile\nheight " + std::to_string(h) + "\nwidth " + std::to_string(w) + "\nmap\n";
  out.reserve(out.size() + static_cast<std::size_t>(w + 1) * static_cast<std::size_t>(h));
  const std::uint8_t* costs = grid.costs();
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) out += map_char_of_cost(costs[static_cast<std::size_t>(y) * w + x]);
    out += '\n';
  }
  return out;
}

Parsed<Scenario> read_scenario(std::string_view text) {
  LineReader lines(text);
  if (lines.at_end()) return failure<Scenario>({0, "the scenario file is empty"});
  const int version_number = lines.next_number();
  const std::string_view version_line = lines.next();
  const auto version = split_fields(version_line, 2);
  // "version 1", "version 1.0", "version 1.00": the same format version however written.
  const bool version_ok = version.size() == 2 && version[0] == "version" && parse_number(version[1]) == 1.0 &&
                          version[1].find_first_not_of("0123456789.") == std::string_view::npos;
  if (!version_ok) return failure<Scenario>(expected_at(version_number, "\"version 1\"", version_line));

  constexpr std::size_t kFieldCount = 9;
  Parsed<Scenario> result;
  Scenario& scenario = result.value.emplace();
  while (!lines.at_end()) {
    const int number = lines.next_number();
    const std::string_view line = lines.next();
    if (is_blank(line)) continue;
    const auto fields = split_fields(line, kFieldCount);
    if (fields.size() != kFieldCount)
      return failure<Scenario>(error_at(number, "expected 9 fields (bucket, map, width, height, start x, start y, goal x, "
                                                "goal y, optimal length), found " +
                                                    (fields.size() > kFieldCount ? std::string("more than 9") : std::to_string(fields.size()))));

    std::optional<long long> counts[kFieldCount];
    static constexpr const char* kNames[kFieldCount] = {"bucket", "map path", "map width", "map height", "start x",
                                                        "start y", "goal x", "goal y", "optimal length"};
    for (std::size_t i : {0, 2, 3, 4, 5, 6, 7}) {
      counts[i] = parse_count(fields[i]);
      if (!counts[i])
        return failure<Scenario>(expected_at(number, std::string(kNames[i]) + " as a non-negative integer", fields[i]));
    }
    const std::string size_problem = Grid::size_error(*counts[2], *counts[3]);
    if (!size_problem.empty()) return failure<Scenario>(error_at(number, "map " + size_problem));
    for (std::size_t i : {4, 5, 6, 7}) {
      const long long limit = (i % 2 == 0) ? *counts[2] : *counts[3];
      if (*counts[i] >= limit)
        return failure<Scenario>(error_at(number, std::string(kNames[i]) + " " + std::to_string(*counts[i]) +
                                                      " is outside the map (" + std::to_string(*counts[2]) + " x " +
                                                      std::to_string(*counts[3]) + ")"));
    }
    if (*counts[0] > 1'000'000'000LL) return failure<Scenario>(expected_at(number, "a bucket number below 10^9", fields[0]));
    const std::optional<double> optimal = parse_number(fields[8]);
    if (!optimal || (*optimal < 0 && *optimal != -1.0))
      return failure<Scenario>(expected_at(number, "optimal length as a number >= 0 or -1", fields[8]));

    ScenarioQuery& query = scenario.queries.emplace_back();
    query.bucket = static_cast<int>(*counts[0]);
    query.map_path = std::string(fields[1]);
    query.map_width = static_cast<int>(*counts[2]);
    query.map_height = static_cast<int>(*counts[3]);
    query.start = {static_cast<int>(*counts[4]), static_cast<int>(*counts[5])};
    query.goal = {static_cast<int>(*counts[6]), static_cast<int>(*counts[7])};
    query.optimal = *optimal;
  }
  return result;
}

std::vector<std::string> candidate_map_paths(const std::string& scen_path, const Scenario& scenario) {
  const auto base_name_start = [](const std::string& path) {
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? 0 : slash + 1;
  };
  const std::size_t name_start = base_name_start(scen_path);
  const std::string folder = scen_path.substr(0, name_start);
  const std::string scen_name = scen_path.substr(name_start);

  std::vector<std::string> candidates;
  const auto add = [&](const std::string& name) {
    if (name.empty()) return;
    const std::string path = folder + name;
    for (const std::string& existing : candidates)
      if (existing == path) return;
    candidates.push_back(path);
  };

  constexpr std::string_view kScenSuffix = ".scen";
  if (scen_name.size() > kScenSuffix.size() &&
      std::string_view(scen_name).substr(scen_name.size() - kScenSuffix.size()) == kScenSuffix)
    add(scen_name.substr(0, scen_name.size() - kScenSuffix.size()));
  for (const ScenarioQuery& query : scenario.queries) add(query.map_path.substr(base_name_start(query.map_path)));
  return candidates;
}

}  // namespace astar
