// The parameter the JumpScanner test files run over (jump_points_test.cpp: block scans against
// cell-by-cell scans; jump_points_search_test.cpp: JPS built on them against Dijkstra;
// jump_points_cases_test.cpp: hand-drawn maps): the four diagonal rules, as the one
// parameterised suite JumpScannerRule. Its tests live in all three files and run under one
// instantiation, in jump_points_test.cpp (gtest instantiates a suite's tests from every file
// once their fixture is the same class, hence this header).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "options.h"
#include "reference.h"

namespace astar::jump_test {

inline constexpr const auto& kRules = reference::kAllRules;

inline std::string rule_name(Diagonal rule) { return std::string(name_of(rule)); }

class JumpScannerRule : public ::testing::TestWithParam<Diagonal> {};

}  // namespace astar::jump_test
