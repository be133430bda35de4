#include "contactlab/geometry/convex_polyhedron.h"

#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/tolerance_band.h"
#include "qhull_3d.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace contactlab {

ConvexPolyhedron tet_polyhedron(const std::array<Vec3, 4>& corners) {
  return tet_polyhedron(corners, tet_planes(corners));
}

ConvexPolyhedron tet_polyhedron(const std::array<Vec3, 4>& corners, const TetPlanes& planes) {
  ConvexPolyhedron out;
  out.vertices.assign(corners.begin(), corners.end());
  // tet_planes: the exact orientation sign and the unit outward normals of the faces (face f
  // opposite corner f), so a flat tet is recognised exactly, in any frame.
  if (planes.orientation == 0) return out;
  for (std::size_t f = 0; f < 4; ++f) {
    if (!planes.valid[f]) {
      out.planes.clear();
      return out;
    }
    const Vec3& n = planes.normal[f];
    // The offset from the face's three corners, averaged: the plane passes through all three to
    // rounding, whichever of them it is measured at.
    const auto& face = kTetFaces[f];
    double offset = 0.0;
    for (const int c : face) offset += n.dot(corners[static_cast<std::size_t>(c)]);
    out.planes.push_back({n, offset / 3.0});
  }
  return out;
}

ConvexPolyhedron convex_hull_polyhedron(std::span<const Vec3> points) {
  ConvexPolyhedron out;
  std::vector<double> coordinates;
  coordinates.reserve(3 * points.size());
  for (const Vec3& p : points) {
    if (!p.allFinite()) throw std::invalid_argument("convex_hull_polyhedron: a point is not finite");
    coordinates.insert(coordinates.end(), {p.x(), p.y(), p.z()});
  }
  geometry_detail::Qhull3d hull(coordinates, "");
  if (!hull.ok()) {  // fewer than 4 points or no volume: the distinct points, no planes
    for (const Vec3& p : points) {
      if (std::find(out.vertices.begin(), out.vertices.end(), p) == out.vertices.end()) out.vertices.push_back(p);
    }
    return out;
  }
  qhT* qh = hull.get();
  std::vector<bool> extreme(points.size(), false);
  vertexT* vertex = nullptr;
  FORALLvertices { extreme[static_cast<std::size_t>(hull.point_index(vertex))] = true; }
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (extreme[i]) out.vertices.push_back(points[i]);
  }
  facetT* facet = nullptr;
  FORALLfacets {
    // Qhull's hyperplane: normal · x + offset = 0, unit normal pointing out of the hull.
    const Vec3 n(facet->normal[0], facet->normal[1], facet->normal[2]);
    out.planes.push_back({n, -facet->offset});
  }
  return out;
}

}  // namespace contactlab
