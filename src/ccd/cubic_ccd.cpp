#include "contactlab/ccd/cubic_ccd.h"

#include "contactlab/core/cubic_roots.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace contactlab {
namespace {

/// k0 + k1 t + k2 t² + k3 t³.
struct Cubic {
  std::array<double, 4> k{};
  double operator()(double t) const { return ((k[3] * t + k[2]) * t + k[1]) * t + k[0]; }
};

/// The coplanarity cubic of x0..x3 moving linearly: with A = x1 − x0, B = x2 − x0, C = x3 − x0 at
/// t = 0 and their rates A', B', C', det(A + tA', B + tB', C + tC') expanded by multilinearity.
Cubic coplanarity(const CcdQuery& q) {
  const auto rel = [&](std::size_t i, bool rate) {
    const Vec3 s = q.start[i] - q.start[0];
    return rate ? Vec3((q.end[i] - q.end[0]) - s) : s;
  };
  const Vec3 a = rel(1, false), b = rel(2, false), c = rel(3, false);
  const Vec3 da = rel(1, true), db = rel(2, true), dc = rel(3, true);
  Cubic f;
  f.k[0] = a.dot(b.cross(c));
  f.k[1] = da.dot(b.cross(c)) + a.dot(db.cross(c)) + a.dot(b.cross(dc));
  f.k[2] = da.dot(db.cross(c)) + da.dot(b.cross(dc)) + a.dot(db.cross(dc));
  f.k[3] = da.dot(db.cross(dc));
  return f;
}

/// Roots of f in [0, 1], increasing (core/cubic_roots.h).
std::vector<double> roots_in_unit_interval(const Cubic& f) { return cubic_roots_in_unit_interval(f.k); }

Vec3 at(const CcdQuery& q, std::size_t i, double t) { return q.start[i] + t * (q.end[i] - q.start[i]); }

/// The vertex lies in the closed triangle (barycentric coordinates ≥ 0, no tolerance).
bool vertex_in_face(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 n = (b - a).cross(c - a);
  const double w0 = (b - p).cross(c - p).dot(n), w1 = (c - p).cross(a - p).dot(n), w2 = (a - p).cross(b - p).dot(n);
  return w0 >= 0.0 && w1 >= 0.0 && w2 >= 0.0 && n.squaredNorm() > 0.0;
}

/// The segments' closest points lie on both and within 1e-12 of their size of each other.
bool edges_meet(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1) {
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.dot(d1), e = d2.dot(d2), f = d2.dot(r), c = d1.dot(r), b = d1.dot(d2);
  const double den = a * e - b * b;
  if (!(den > 0.0)) return false;  // parallel or degenerate: the naive test has no answer
  const double s = (b * f - c * e) / den, t = (a * f - b * c) / den;
  if (s < 0.0 || s > 1.0 || t < 0.0 || t > 1.0) return false;
  const double size = std::max(
      {p0.cwiseAbs().maxCoeff(), p1.cwiseAbs().maxCoeff(), q0.cwiseAbs().maxCoeff(), q1.cwiseAbs().maxCoeff()});
  return ((p0 + s * d1) - (q0 + t * d2)).norm() <= 1e-12 * size;
}

}  // namespace

CcdResult cubic_ccd(const CcdQuery& query) {
  CcdResult result;
  for (const double t : roots_in_unit_interval(coplanarity(query))) {
    ++result.boxes;
    const bool hit = query.kind == CcdKind::kVertexFace
                         ? vertex_in_face(at(query, 0, t), at(query, 1, t), at(query, 2, t), at(query, 3, t))
                         : edges_meet(at(query, 0, t), at(query, 1, t), at(query, 2, t), at(query, 3, t));
    if (hit) {
      result.collides = true;
      result.toi = t;
      return result;
    }
  }
  return result;
}

}  // namespace contactlab
