#include "methods/tet_surface_triangles.h"

#include <algorithm>
#include <cmath>

namespace contactlab::contact_detail {

TetSurfaceTriangles tet_surface_triangles(const MethodBody& body, Index tet) {
  TetSurfaceTriangles out;
  const TriMesh& surface = body.shape->surface_map.surface;
  for (int f = 0; f < 4; ++f) {
    const Index tri = body.surface_triangle(tet, f);
    if (tri == kInvalidIndex) continue;
    SurfaceTriangle& s = out.triangles[static_cast<std::size_t>(out.count++)];
    s.triangle = tri;
    s.face = f;
    const Tet& k = body.shape->tets.tets[tet];
    for (int c = 0; c < 3; ++c) {
      s.vertex[static_cast<std::size_t>(c)] = surface.triangles[tri][c];
      int l = 0;
      while (l < 3 && k[static_cast<std::size_t>(l)] != s.vertex[static_cast<std::size_t>(c)]) ++l;
      s.local[static_cast<std::size_t>(c)] = l;
      s.x[static_cast<std::size_t>(c)] = body.vertex(s.vertex[static_cast<std::size_t>(c)]);
    }
    s.ownership = body.features->surface_triangle_ownership[static_cast<std::size_t>(tri)];
    const Vec3 n = (s.x[1] - s.x[0]).cross(s.x[2] - s.x[0]);
    const double longest_sq =
        std::max({(s.x[1] - s.x[0]).squaredNorm(), (s.x[2] - s.x[1]).squaredNorm(), (s.x[0] - s.x[2]).squaredNorm()});
    const double area2 = n.norm();
    // Height = area2 / longest; degenerate when height <= kDegenerateSine * longest.
    if (!(area2 > kDegenerateSine * longest_sq)) {
      s.degenerate = true;
      s.normal = Vec3::Zero();
    } else {
      s.normal = n / area2;
    }
  }
  return out;
}

SurfaceEdge surface_edge(const SurfaceTriangle& t, int i) {
  const auto a = static_cast<std::size_t>(i);
  const auto b = static_cast<std::size_t>((i + 1) % 3);
  const int key = 4 * std::min(t.local[a], t.local[b]) + std::max(t.local[a], t.local[b]);
  if (t.vertex[a] < t.vertex[b]) return {t.vertex[a], t.vertex[b], key, t.x[a], t.x[b]};
  return {t.vertex[b], t.vertex[a], key, t.x[b], t.x[a]};
}

FeatureRef edge_feature(const MethodBody& body, Index v0, Index v1) {
  return FeatureRef{FeatureType::kEdge, body.features->surface_topology.find_edge(v0, v1)};
}

bool segment_less(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1) {
  const std::array<double, 6> p{p0.x(), p0.y(), p0.z(), p1.x(), p1.y(), p1.z()};
  const std::array<double, 6> q{q0.x(), q0.y(), q0.z(), q1.x(), q1.y(), q1.z()};
  return std::lexicographical_compare(p.begin(), p.end(), q.begin(), q.end());
}

}  // namespace contactlab::contact_detail
