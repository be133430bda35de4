#include "surface_features.h"

#include <algorithm>

namespace contactlab {

std::vector<std::array<Index, 2>> surface_edges(const TriMesh& surface) {
  std::vector<std::array<Index, 2>> edges;
  edges.reserve(3 * surface.triangles.size());
  for (const Triangle& t : surface.triangles) {
    for (int c = 0; c < 3; ++c) {
      const Index a = t[c], b = t[(c + 1) % 3];
      edges.push_back({std::min(a, b), std::max(a, b)});
    }
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  return edges;
}

SegmentClosestPoints closest_points_of_segments(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1) {
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  double s = 0.0, t = 0.0;
  if (a > 0.0 || e > 0.0) {
    if (a <= 0.0) {
      t = std::clamp(f / e, 0.0, 1.0);
    } else {
      const double c = d1.dot(r);
      if (e <= 0.0) {
        s = std::clamp(-c / a, 0.0, 1.0);
      } else {
        const double b = d1.dot(d2), denominator = a * e - b * b;
        s = denominator > 0.0 ? std::clamp((b * f - c * e) / denominator, 0.0, 1.0) : 0.0;
        t = (b * s + f) / e;
        if (t < 0.0) {
          t = 0.0;
          s = std::clamp(-c / a, 0.0, 1.0);
        } else if (t > 1.0) {
          t = 1.0;
          s = std::clamp((b - c) / a, 0.0, 1.0);
        }
      }
    }
  }
  return {p0 + s * d1, q0 + t * d2, s, t};
}

std::array<double, 3> closest_point_weights(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0.0 && d2 <= 0.0) return {1.0, 0.0, 0.0};  // vertex region a
  const Vec3 bp = p - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0.0 && d4 <= d3) return {0.0, 1.0, 0.0};  // vertex region b
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {  // edge ab
    const double v = d1 / (d1 - d3);
    return {1.0 - v, v, 0.0};
  }
  const Vec3 cp = p - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0.0 && d5 <= d6) return {0.0, 0.0, 1.0};  // vertex region c
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {  // edge ac
    const double w = d2 / (d2 - d6);
    return {1.0 - w, 0.0, w};
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {  // edge bc
    const double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return {0.0, 1.0 - w, w};
  }
  const double sum = va + vb + vc;
  if (!(sum > 0.0)) {  // collapsed triangle: the nearest point of the longest side
    const std::array<std::pair<Vec3, Vec3>, 3> sides{{{a, b}, {b, c}, {c, a}}};
    std::size_t longest = 0;
    for (std::size_t k = 1; k < 3; ++k) {
      if ((sides[k].second - sides[k].first).squaredNorm() >
          (sides[longest].second - sides[longest].first).squaredNorm())
        longest = k;
    }
    const SegmentClosestPoints q = closest_points_of_segments(p, p, sides[longest].first, sides[longest].second);
    std::array<double, 3> w{0.0, 0.0, 0.0};
    w[longest] = 1.0 - q.r;
    w[(longest + 1) % 3] = q.r;
    return w;
  }
  const double v = vb / sum, w = vc / sum;
  return {1.0 - v - w, v, w};
}

}  // namespace contactlab
