// The Moving AI readers: every malformed input gives a message naming its line, every
// well-formed variant seen in real files is accepted, and nothing is allocated from a
// size the header merely claims.
#include "movingai.h"

#include <gtest/gtest.h>

#include <string>

namespace astar {
namespace {

const char* const kSmallMap =
    "type octile\n"
    "height 3\n"
    "width 4\n"
    "map\n"
    ".@T.\n"
    "GS.W\n"
    "2..9\n";

// Asserts that parsing failed on `line` with a message containing `fragment`.
template <class T>
void expect_error(const Parsed<T>& parsed, int line, const std::string& fragment) {
  ASSERT_FALSE(parsed) << "expected an error containing: " << fragment;
  EXPECT_EQ(parsed.error.line, line) << parsed.error.message;
  EXPECT_NE(parsed.error.message.find(fragment), std::string::npos) << parsed.error.message;
  if (line > 0) EXPECT_EQ(parsed.error.message.rfind("line " + std::to_string(line) + ": ", 0), 0u) << parsed.error.message;
}

TEST(ReadMap, ReadsWallsTerrainDigitsAndWalkableLetters) {
  const Parsed<Grid> parsed = read_map(kSmallMap);
  ASSERT_TRUE(parsed) << parsed.error.message;
  const Grid& grid = *parsed.value;
  ASSERT_EQ(grid.width(), 4);
  ASSERT_EQ(grid.height(), 3);
  const int expected[3][4] = {{1, 0, 0, 1}, {1, 1, 1, 0}, {2, 1, 1, 9}};
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(grid.cost(grid.id(x, y)), expected[y][x]) << "at " << x << "," << y;
}

TEST(ReadMap, DigitsZeroAndOneAreObstaclesLikeAnyOtherCharacter) {
  const Parsed<Grid> parsed = read_map("type octile\nheight 1\nwidth 3\nmap\n01.\n");
  ASSERT_TRUE(parsed) << parsed.error.message;
  EXPECT_EQ(parsed.value->cost(0), 0);
  EXPECT_EQ(parsed.value->cost(1), 0);
  EXPECT_EQ(parsed.value->cost(2), 1);
}

TEST(ReadMap, AcceptsCrlfMissingFinalNewlineAndTrailingBlankLines) {
  const std::string crlf = "type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.@\r\n@.\r\n";
  const std::string no_final_newline = "type octile\nheight 2\nwidth 2\nmap\n.@\n@.";
  const std::string trailing_blanks = "type octile\nheight 2\nwidth 2\nmap\n.@\n@.\n\n\r\n  \n";
  for (const std::string& text : {crlf, no_final_newline, trailing_blanks}) {
    const Parsed<Grid> parsed = read_map(text);
    ASSERT_TRUE(parsed) << parsed.error.message;
    EXPECT_EQ(parsed.value->cost(0), 1);
    EXPECT_EQ(parsed.value->cost(1), 0);
    EXPECT_EQ(parsed.value->cost(2), 0);
    EXPECT_EQ(parsed.value->cost(3), 1);
  }
}

TEST(ReadMap, AcceptsWidthBeforeHeight) {
  const Parsed<Grid> parsed = read_map("type octile\nwidth 3\nheight 1\nmap\n..@\n");
  ASSERT_TRUE(parsed) << parsed.error.message;
  EXPECT_EQ(parsed.value->width(), 3);
  EXPECT_EQ(parsed.value->height(), 1);
}

TEST(ReadMap, AcceptsTabsAndExtraSpacesBetweenHeaderWords) {
  const Parsed<Grid> parsed = read_map("type\toctile\nheight   1\nwidth\t2 \nmap\n..\n");
  ASSERT_TRUE(parsed) << parsed.error.message;
  EXPECT_EQ(parsed.value->width(), 2);
}

TEST(ReadMap, BadTypeLineNamesLineOne) {
  expect_error(read_map("type hex\nheight 1\nwidth 1\nmap\n.\n"), 1, "expected \"type octile\", found \"type hex\"");
}

TEST(ReadMap, MisspelledHeightNamesTheLineAndWhatWasFound) {
  expect_error(read_map("type octile\nhieght 10\nwidth 10\nmap\n"), 2,
               "expected \"height <number>\" or \"width <number>\", found \"hieght 10\"");
}

TEST(ReadMap, RepeatedHeightAsksForWidth) {
  expect_error(read_map("type octile\nheight 2\nheight 2\nmap\n"), 3, "expected \"width <number>\", found \"height 2\"");
}

TEST(ReadMap, NonNumericOrNegativeSizeIsRefused) {
  expect_error(read_map("type octile\nheight ten\nwidth 2\nmap\n"), 2, "found \"height ten\"");
  expect_error(read_map("type octile\nheight 2\nwidth -2\nmap\n"), 3, "expected \"width <number>\"");
  expect_error(read_map("type octile\nheight 2\nwidth 2 3\nmap\n"), 3, "expected \"width <number>\"");
}

TEST(ReadMap, ZeroSizeIsRefusedWithTheGridSizeMessage) {
  expect_error(read_map("type octile\nheight 0\nwidth 2\nmap\n"), 3, "must be positive");
}

TEST(ReadMap, AbsurdSizeIsRefusedBeforeAnyRowIsRead) {
  // No rows follow: the size check must come first, and must not allocate 10^10 cells.
  expect_error(read_map("type octile\nheight 100000\nwidth 100000\nmap\n"), 3, "larger than the maximum 4096 x 4096");
  // A size that overflows every integer type is refused the same way.
  expect_error(read_map("type octile\nheight 99999999999999999999999999\nwidth 5\nmap\n"), 3, "larger than the maximum");
}

TEST(ReadMap, MissingMapKeywordIsReported) {
  expect_error(read_map("type octile\nheight 1\nwidth 1\nmpa\n.\n"), 4, "expected \"map\", found \"mpa\"");
}

TEST(ReadMap, ShortRowNamesLineAndBothLengths) {
  expect_error(read_map("type octile\nheight 3\nwidth 4\nmap\n....\n...\n....\n"), 6, "expected 4 characters, found 3");
}

TEST(ReadMap, LongRowNamesLineAndBothLengths) {
  expect_error(read_map("type octile\nheight 2\nwidth 2\nmap\n..\n...\n"), 6, "expected 2 characters, found 3");
}

TEST(ReadMap, RowWidthCountsCharactersNotBytes) {
  // "é" is two bytes in UTF-8, "€" three: each is one character, as the user counts.
  expect_error(read_map("type octile\nheight 1\nwidth 4\nmap\n\xC3\xA9\xC3\xA9\xC3\xA9\n"), 5, "expected 4 characters, found 3");
  expect_error(read_map("type octile\nheight 1\nwidth 2\nmap\n.\xE2\x82\xAC.\n"), 5, "expected 2 characters, found 3");
  // A row of the right number of characters is read, a character other than ASCII blocked.
  const Parsed<Grid> parsed = read_map("type octile\nheight 1\nwidth 3\nmap\n.\xC3\xA9.\n");
  ASSERT_TRUE(parsed) << parsed.error.message;
  EXPECT_EQ(parsed.value->cost(0), 1);
  EXPECT_EQ(parsed.value->cost(1), 0);
  EXPECT_EQ(parsed.value->cost(2), 1);
  // Bytes that are not well-formed UTF-8 count one each, so no row is ever shorter than it looks.
  expect_error(read_map("type octile\nheight 1\nwidth 1\nmap\n\xA9\xA9\n"), 5, "expected 1 characters, found 2");
}

TEST(ReadMap, TruncatedFileSaysHowManyRowsWereFound) {
  expect_error(read_map("type octile\nheight 5\nwidth 2\nmap\n..\n..\n"), 7, "expected 5 map rows, found 2");
  expect_error(read_map("type octile\nheight 5\nwidth 2\nmap\n..\n..\n\n\n"), 7, "expected 5 map rows, found 2");
  expect_error(read_map("type octile\nheight 5\nwidth 2\nmap"), 5, "expected 5 map rows, found 0");
}

TEST(ReadMap, TruncatedHeaderIsReported) {
  expect_error(read_map(""), 0, "empty");
  expect_error(read_map("type octile\nheight 5\n"), 3, "expected \"width <number>\", found the end of the file");
  expect_error(read_map("type octile\nheight 5\nwidth 5"), 4, "expected \"map\", found the end of the file");
}

TEST(ReadMap, TooManyRowsIsReported) {
  expect_error(read_map("type octile\nheight 1\nwidth 2\nmap\n..\n..\n"), 6, "expected the end of the file after 1 map rows");
}

TEST(ReadMap, BinaryGarbageGivesAReadableMessage) {
  const std::string garbage("\x01\x02\xff\x00zz", 6);
  const Parsed<Grid> parsed = read_map(garbage);
  ASSERT_FALSE(parsed);
  EXPECT_EQ(parsed.error.line, 1);
  for (char c : parsed.error.message) EXPECT_GE(static_cast<unsigned char>(c), 0x20) << parsed.error.message;
}

TEST(ReadMap, QuotesWhatItFoundAsUtf8WithBadBytesAsQuestionMarks) {
  // Control bytes, a lone continuation byte, an overlong form, a surrogate and bytes that
  // are never UTF-8 each become one '?'; well-formed characters are kept whole.
  expect_error(read_map("type octile\nGARBAGE\x01\xff\xfe \x80 \xC0\xAF \xED\xA0\x80 nonsense\n"), 2,
               "found \"GARBAGE??? ? ?? ??? nonsense\"");
  expect_error(read_map("type octile\n\xE9\xAB\x98\xE5\xBA\xA6 5\n"), 2, "found \"\xE9\xAB\x98\xE5\xBA\xA6 5\"");
  // Shortened to 40 characters, never inside one.
  std::string long_line = "type octile\n";
  for (int i = 0; i < 50; ++i) long_line += "\xC3\xA9";
  std::string shown = "found \"";
  for (int i = 0; i < 40; ++i) shown += "\xC3\xA9";
  expect_error(read_map(long_line + "\n"), 2, shown + "...\"");
}

TEST(WriteMap, WritesStandardFormatWithDigitsOnlyForTerrainAboveOne) {
  Grid grid(3, 2);
  grid.set_cost(grid.id(1, 0), 0);
  grid.set_cost(grid.id(2, 1), 7);
  EXPECT_EQ(write_map(grid), "type octile\nheight 2\nwidth 3\nmap\n.@.\n..7\n");
}

TEST(WriteMap, RoundTripsEveryCostThroughReadMap) {
  Grid grid(10, 3);
  for (int i = 0; i < 30; ++i) grid.set_cost(static_cast<CellId>(i), static_cast<std::uint8_t>(i % 10));
  const Parsed<Grid> parsed = read_map(write_map(grid));
  ASSERT_TRUE(parsed) << parsed.error.message;
  ASSERT_EQ(parsed.value->cell_count(), grid.cell_count());
  for (CellId i = 0; i < grid.cell_count(); ++i) EXPECT_EQ(parsed.value->cost(i), grid.cost(i)) << "cell " << i;
}

TEST(ReadScenario, ReadsTabSeparatedRows) {
  const Parsed<Scenario> parsed =
      read_scenario("version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n3\tmaps/dao/arena.map\t49\t49\t2\t3\t40\t45\t57.52691193\n");
  ASSERT_TRUE(parsed) << parsed.error.message;
  ASSERT_EQ(parsed.value->queries.size(), 2u);
  const ScenarioQuery& q = parsed.value->queries[1];
  EXPECT_EQ(q.bucket, 3);
  EXPECT_EQ(q.map_path, "maps/dao/arena.map");
  EXPECT_EQ(q.map_width, 49);
  EXPECT_EQ(q.map_height, 49);
  EXPECT_EQ(q.start, (Point{2, 3}));
  EXPECT_EQ(q.goal, (Point{40, 45}));
  EXPECT_DOUBLE_EQ(q.optimal, 57.52691193);
}

TEST(ReadScenario, AcceptsVersionOnePointZeroSpacesCrlfAndBlankLines) {
  const Parsed<Scenario> parsed = read_scenario("version 1.0\r\n\r\n1   a.map  8 4   0 0  7 3   -1\r\n   \r\n");
  ASSERT_TRUE(parsed) << parsed.error.message;
  ASSERT_EQ(parsed.value->queries.size(), 1u);
  EXPECT_EQ(parsed.value->queries[0].goal, (Point{7, 3}));
  EXPECT_EQ(parsed.value->queries[0].optimal, -1);
  EXPECT_TRUE(read_scenario("version 1.00\n"));
}

TEST(ReadScenario, VersionLineIsRequiredFirst) {
  expect_error(read_scenario("version 2\n"), 1, "expected \"version 1\", found \"version 2\"");
  expect_error(read_scenario("0\ta.map\t8\t4\t0\t0\t7\t3\t7\n"), 1, "expected \"version 1\"");
  expect_error(read_scenario(""), 0, "empty");
}

TEST(ReadScenario, QuotesATabAsASpaceAndOtherControlBytesAsQuestionMarks) {
  // A query line where the version line should be: its tabs read as the spaces they stand
  // for, while a control byte is still shown as '?'.
  expect_error(read_scenario("0\ta.map\t8\t4\t0\t0\t7\t3\t7\n"), 1,
               "expected \"version 1\", found \"0 a.map 8 4 0 0 7 3 7\"");
  expect_error(read_scenario("version\t\x01\x02 1\n"), 1, "found \"version ?? 1\"");
}

TEST(ReadScenario, WrongFieldCountNamesTheLine) {
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\t0\t0\t7\t3\t7\n0\ta.map\t8\t4\t0\t0\t7\t3\n"), 3, "expected 9 fields");
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\t0\t0\t7\t3\t7\t9\n"), 2, "found more than 9");
}

TEST(ReadScenario, NonNumericFieldsAreNamed) {
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\tx\t0\t7\t3\t7\n"), 2, "start x as a non-negative integer, found \"x\"");
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\t0\t-1\t7\t3\t7\n"), 2, "start y as a non-negative integer");
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\t0\t0\t7\t3\tseven\n"), 2, "optimal length");
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\t0\t0\t7\t3\tnan\n"), 2, "optimal length");
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\t0\t0\t7\t3\t-2\n"), 2, "optimal length");
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\t0\t0\t7\t3\t1e999\n"), 2, "optimal length");
}

TEST(ReadScenario, CoordinatesOutsideTheStatedMapAreRefused) {
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\t8\t0\t7\t3\t7\n"), 2, "start x 8 is outside the map (8 x 4)");
  expect_error(read_scenario("version 1\n0\ta.map\t8\t4\t0\t0\t7\t4\t7\n"), 2, "goal y 4 is outside the map");
}

TEST(ReadScenario, AbsurdMapSizeIsRefused) {
  expect_error(read_scenario("version 1\n0\ta.map\t100000\t100000\t0\t0\t7\t4\t7\n"), 2, "larger than the maximum");
  expect_error(read_scenario("version 1\n0\ta.map\t0\t4\t0\t0\t0\t0\t0\n"), 2, "must be positive");
}

TEST(CandidateMapPaths, PrefersTheScenFileNameThenTheMapColumnBaseName) {
  Scenario scenario;
  scenario.queries.push_back({0, "maps/dao/arena.map", 49, 49, {}, {}, 1});
  scenario.queries.push_back({0, "maps/dao/arena.map", 49, 49, {}, {}, 1});
  EXPECT_EQ(candidate_map_paths("/data/x/arena.map.scen", scenario), (std::vector<std::string>{"/data/x/arena.map"}));
  EXPECT_EQ(candidate_map_paths("/data/x/copy.scen", scenario),
            (std::vector<std::string>{"/data/x/copy", "/data/x/arena.map"}));
  EXPECT_EQ(candidate_map_paths("local.scen", scenario), (std::vector<std::string>{"local", "arena.map"}));
  scenario.queries[0].map_path = "maps\\bg\\AR0011SR.map";
  EXPECT_EQ(candidate_map_paths("dir/AR.map.scen", scenario),
            (std::vector<std::string>{"dir/AR.map", "dir/AR0011SR.map", "dir/arena.map"}));
}

}  // namespace
}  // namespace astar
