#include "contactlab/geometry/gjk_distance.h"

#include "contactlab/geometry/closest_point_point_triangle.h"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

namespace contactlab {
namespace {

/// A support point of A − B and the two vertices it came from.
struct SimplexPoint {
  Vec3 w, a, b;
};

struct Simplex {
  std::array<SimplexPoint, 4> points;
  std::array<double, 4> weight{};  ///< barycentric weights of the nearest point
  int count = 0;
};

/// Keeps the points with weight > 0, in order.
void reduce(Simplex& s) {
  int kept = 0;
  for (int i = 0; i < s.count; ++i) {
    if (s.weight[static_cast<std::size_t>(i)] > 0.0) {
      s.points[static_cast<std::size_t>(kept)] = s.points[static_cast<std::size_t>(i)];
      s.weight[static_cast<std::size_t>(kept)] = s.weight[static_cast<std::size_t>(i)];
      ++kept;
    }
  }
  if (kept == 0) {  // cannot happen with weights summing to 1; keep the first point
    s.weight[0] = 1.0;
    kept = 1;
  }
  s.count = kept;
}

/// Sets the weights of the triangle (i, j, k) of the simplex from closest_point_point_triangle of
/// the origin; returns the squared distance.
double triangle_weights(Simplex& s, int i, int j, int k) {
  const auto r =
      closest_point_point_triangle(Vec3::Zero(), s.points[static_cast<std::size_t>(i)].w,
                                   s.points[static_cast<std::size_t>(j)].w, s.points[static_cast<std::size_t>(k)].w);
  s.weight.fill(0.0);
  s.weight[static_cast<std::size_t>(i)] = r.barycentric[0];
  s.weight[static_cast<std::size_t>(j)] = r.barycentric[1];
  s.weight[static_cast<std::size_t>(k)] = r.barycentric[2];
  return r.squared_distance;
}

/// The nearest point of the simplex to the origin: sets the weights, drops the points of weight 0.
/// Returns true when the origin lies in a full (4-point) simplex: the polyhedra intersect.
bool nearest_to_origin(Simplex& s) {
  switch (s.count) {
    case 1:
      s.weight[0] = 1.0;
      return false;
    case 2: {
      const Vec3& w0 = s.points[0].w;
      const Vec3 d = s.points[1].w - w0;
      const double dd = d.squaredNorm();
      const double t = dd > 0.0 ? std::clamp(-w0.dot(d) / dd, 0.0, 1.0) : 0.0;
      s.weight[0] = 1.0 - t;
      s.weight[1] = t;
      reduce(s);
      return false;
    }
    case 3:
      triangle_weights(s, 0, 1, 2);
      reduce(s);
      return false;
    default: {
      // Barycentric coordinates of the origin in the tet w0..w3 (signed volumes): all ≥ 0 means
      // inside. A flat simplex (volume 0) falls through to its faces.
      const Vec3& w0 = s.points[0].w;
      const Vec3 e1 = s.points[1].w - w0, e2 = s.points[2].w - w0, e3 = s.points[3].w - w0;
      const double volume = e1.dot(e2.cross(e3));
      if (volume != 0.0) {
        const Vec3 o = -w0;
        const double l1 = o.dot(e2.cross(e3)) / volume;
        const double l2 = e1.dot(o.cross(e3)) / volume;
        const double l3 = e1.dot(e2.cross(o)) / volume;
        const double l0 = 1.0 - l1 - l2 - l3;
        if (l0 >= 0.0 && l1 >= 0.0 && l2 >= 0.0 && l3 >= 0.0) {
          s.weight = {l0, l1, l2, l3};
          return true;
        }
      }
      // Outside: the nearest of the four faces.
      constexpr std::array<std::array<int, 3>, 4> faces{{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}};
      Simplex best = s;
      double best_distance = std::numeric_limits<double>::infinity();
      for (const auto& f : faces) {
        Simplex trial = s;
        const double d = triangle_weights(trial, f[0], f[1], f[2]);
        if (d < best_distance) {
          best_distance = d;
          best = trial;
        }
      }
      s = best;
      reduce(s);
      return false;
    }
  }
}

Vec3 point_of(const Simplex& s, Vec3 SimplexPoint::*member) {
  Vec3 p = Vec3::Zero();
  for (int i = 0; i < s.count; ++i) {
    p += s.weight[static_cast<std::size_t>(i)] * (s.points[static_cast<std::size_t>(i)].*member);
  }
  return p;
}

SimplexPoint support(std::span<const Vec3> a, std::span<const Vec3> b, const Vec3& direction) {
  const auto extreme = [](std::span<const Vec3> points, const Vec3& d) {
    std::size_t best = 0;
    double best_dot = points[0].dot(d);
    for (std::size_t i = 1; i < points.size(); ++i) {
      const double x = points[i].dot(d);
      if (x > best_dot) {
        best_dot = x;
        best = i;
      }
    }
    return points[best];
  };
  SimplexPoint p;
  p.a = extreme(a, direction);
  p.b = extreme(b, -direction);
  p.w = p.a - p.b;
  return p;
}

Vec3 centroid(std::span<const Vec3> points) {
  Vec3 c = Vec3::Zero();
  for (const Vec3& p : points) c += p;
  return c / static_cast<double>(points.size());
}

}  // namespace

GjkResult gjk_distance(std::span<const Vec3> a, std::span<const Vec3> b, const GjkRequest& request) {
  if (a.empty() || b.empty()) throw std::invalid_argument("gjk_distance: a polyhedron has no vertices");
  for (const auto* set : {&a, &b}) {
    for (const Vec3& p : *set) {
      if (!p.allFinite()) throw std::invalid_argument("gjk_distance: a vertex is not finite");
    }
  }
  GjkResult result;
  Simplex s;
  Vec3 v = centroid(a) - centroid(b);  // a point of A − B: the start direction, frame-equivariant
  if (v == Vec3::Zero()) v = a[0] - b[0];
  s.points[0] = support(a, b, -v);
  s.weight[0] = 1.0;
  s.count = 1;
  v = s.points[0].w;
  const double tol2 = request.relative_tolerance * request.relative_tolerance;
  bool inside = false;
  result.converged = false;
  for (result.iterations = 1; result.iterations <= request.max_iterations; ++result.iterations) {
    const double vv = v.squaredNorm();
    if (vv == 0.0) {  // the origin is a point of the simplex: they touch or intersect
      result.converged = true;
      break;
    }
    const SimplexPoint w = support(a, b, -v);
    // |v|² − v·w bounds |v|² − distance·|v| from above: no more to gain than the tolerance.
    if (vv - v.dot(w.w) <= tol2 * vv) {
      result.converged = true;
      break;
    }
    bool repeated = false;
    for (int i = 0; i < s.count; ++i) repeated = repeated || s.points[static_cast<std::size_t>(i)].w == w.w;
    if (repeated) {  // no new support point: v is as near as rounding allows
      result.converged = true;
      break;
    }
    Simplex next = s;
    next.points[static_cast<std::size_t>(next.count++)] = w;
    inside = nearest_to_origin(next);
    const Vec3 next_v = inside ? Vec3::Zero() : point_of(next, &SimplexPoint::w);
    if (!inside && next_v.squaredNorm() >= vv) {  // no progress (rounding): keep the last simplex
      result.converged = true;
      break;
    }
    s = next;
    v = next_v;
    if (inside) {
      result.converged = true;
      break;
    }
  }
  result.iterations = std::min(result.iterations, request.max_iterations);
  result.point_a = point_of(s, &SimplexPoint::a);
  result.point_b = point_of(s, &SimplexPoint::b);
  result.distance = inside ? 0.0 : v.norm();
  if (inside) result.point_b = result.point_a;
  return result;
}

}  // namespace contactlab
