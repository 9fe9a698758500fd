// Points of the plane and the one predicate the mesh searches are built on.
//
// Coordinates are the map's: x to the right, y down, cell (x, y) the square from (x, y) to
// (x + 1, y + 1). orient(a, b, c) = (b - a) x (c - a) is positive when c is to the left of
// the ray a -> b in these axes (counter-clockwise with y up; on screen, clockwise).
//
// Mesh vertices are multiples of 1/4 below 4097, so orient() of three of them is exact.
// The searches also cut edges with rays (Polyanya's intervals), and those points carry
// rounding error: side() then calls three points collinear within a tolerance scaled by
// the lengths involved (the error of a cross product grows with them).
#pragma once

#include <cmath>

namespace astar::navmesh {

struct Vec2 {
  double x = 0;
  double y = 0;
  friend bool operator==(const Vec2&, const Vec2&) = default;
};

inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator*(Vec2 a, double k) { return {a.x * k, a.y * k}; }
inline double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
inline double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
inline double distance(Vec2 a, Vec2 b) { return std::hypot(a.x - b.x, a.y - b.y); }

inline double orient(Vec2 a, Vec2 b, Vec2 c) { return cross(b - a, c - a); }

// Relative tolerance of side(): coordinates below 2^13 with a last-bit error near 1e-12.
inline constexpr double kTolerance = 1e-9;

// +1 when c is left of a -> b, -1 when right, 0 when collinear within the tolerance.
inline int side(Vec2 a, Vec2 b, Vec2 c) {
  const double o = orient(a, b, c);
  const double scale = std::abs(b.x - a.x) + std::abs(b.y - a.y) + std::abs(c.x - a.x) + std::abs(c.y - a.y);
  if (o > kTolerance * scale) return 1;
  if (o < -kTolerance * scale) return -1;
  return 0;
}

inline bool near(Vec2 a, Vec2 b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y) <= kTolerance * (1 + std::abs(a.x) + std::abs(a.y)); }

// Where the line through a and b meets the line through c and d (they must not be parallel).
inline Vec2 line_intersection(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
  const Vec2 ab = b - a, cd = d - c;
  const double t = cross(c - a, cd) / cross(ab, cd);
  return a + ab * t;
}

// The mirror image of p in the line through a and b.
inline Vec2 reflect(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const Vec2 foot = a + ab * (dot(p - a, ab) / dot(ab, ab));
  return foot * 2 - p;
}

}  // namespace astar::navmesh
