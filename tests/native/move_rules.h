// The move rules written out on their own, and a Dijkstra over them: the reference the
// search tests (reference.h) and the search fuzz target (cpp/fuzz/) check the core against.
// Written from the rules rather than from moves.h's tables or any search of the core, so
// that a wrong table or a wrong search cannot agree with itself. No GoogleTest here: the
// fuzz targets include it too.
#pragma once

#include <cmath>
#include <cstdlib>
#include <functional>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

#include "grid.h"
#include "options.h"

namespace astar::reference {

struct MoveRules {
  Diagonal diagonal;
  CostModel model;
};

inline double straight_length(CostModel model) { return model == CostModel::Integer ? 10.0 : 1.0; }
inline double diagonal_length(CostModel model) { return model == CostModel::Integer ? 14.0 : std::sqrt(2.0); }

inline bool walkable(const Grid& grid, int x, int y) { return grid.in_bounds(x, y) && grid.passable(grid.id(x, y)); }

// The cost of the move a -> b, or nullopt when it is not a legal move.
inline std::optional<double> move_cost(const Grid& grid, MoveRules rules, Point a, Point b) {
  const int dx = b.x - a.x, dy = b.y - a.y;
  if ((dx == 0 && dy == 0) || std::abs(dx) > 1 || std::abs(dy) > 1) return std::nullopt;
  if (!walkable(grid, a.x, a.y) || !walkable(grid, b.x, b.y)) return std::nullopt;
  const double terrain = grid.cost(grid.id(b));
  if (dx == 0 || dy == 0) return straight_length(rules.model) * terrain;
  const int free_sides = walkable(grid, a.x + dx, a.y) + walkable(grid, a.x, a.y + dy);
  switch (rules.diagonal) {
    case Diagonal::Never: return std::nullopt;
    case Diagonal::Always: break;
    case Diagonal::IfAtMostOneObstacle:
      if (free_sides < 1) return std::nullopt;
      break;
    case Diagonal::OnlyWhenNoObstacles:
      if (free_sides < 2) return std::nullopt;
      break;
  }
  return diagonal_length(rules.model) * terrain;
}

// Dijkstra from `start` over the moves `cost(a, b)` allows (nullopt: no move a -> b): the
// cheapest cost to every cell, infinity where there is none. With `stop`, it ends once that
// cell is taken out (its cost is then final; others may not be).
template <class MoveCost>
std::vector<double> cheapest_costs(const Grid& grid, Point start, MoveCost&& cost, std::optional<Point> stop = std::nullopt) {
  std::vector<double> dist(grid.cell_count(), INFINITY);
  using Item = std::pair<double, CellId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  dist[grid.id(start)] = 0;
  queue.push({0.0, grid.id(start)});
  while (!queue.empty()) {
    const auto [d, id] = queue.top();
    queue.pop();
    if (d > dist[id]) continue;
    const Point p = grid.point(id);
    if (stop && p == *stop) break;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const Point q{p.x + dx, p.y + dy};
        const std::optional<double> step = cost(p, q);
        if (!step) continue;
        const CellId qid = grid.id(q);
        if (d + *step < dist[qid]) {
          dist[qid] = d + *step;
          queue.push({dist[qid], qid});
        }
      }
  }
  return dist;
}

// The cheapest cost by the rules from `start` to every cell (infinity where unreachable).
inline std::vector<double> costs_from(const Grid& grid, MoveRules rules, Point start) {
  if (!walkable(grid, start.x, start.y)) return std::vector<double>(grid.cell_count(), INFINITY);
  return cheapest_costs(grid, start, [&](Point a, Point b) { return move_cost(grid, rules, a, b); });
}

// The cheapest cost from start to goal, nullopt when unreachable (or an end is a wall).
inline std::optional<double> dijkstra(const Grid& grid, MoveRules rules, Point start, Point goal) {
  if (!walkable(grid, start.x, start.y) || !walkable(grid, goal.x, goal.y)) return std::nullopt;
  const double cost = cheapest_costs(grid, start, [&](Point a, Point b) { return move_cost(grid, rules, a, b); }, goal)[grid.id(goal)];
  return std::isinf(cost) ? std::nullopt : std::optional<double>(cost);
}

}  // namespace astar::reference
