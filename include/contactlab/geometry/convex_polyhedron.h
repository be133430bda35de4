// A convex polyhedron given both ways at once, as Solfec-1.0 keeps its convex elements (seed 004,
// "Calculating volumetric intersection"): its vertices and its face planes. The intersection
// algorithm (convex_intersection.h) reads the planes, GJK (gjk_distance.h) the vertices.
//
// Conventions: a plane is a unit outward normal n and an offset h, the polyhedron lies in
// n · x ≤ h (the seed writes n · x + d = 0 with d = −h). Units: those of the input.
//
// Degenerate input: a polyhedron without volume (a flat tet, coplanar or collinear hull points)
// keeps its vertices but has no planes — `planes.empty()` is the documented sign of it, and the
// intersection algorithm reports such input as kDegenerateInput instead of guessing a result.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/geometry/tolerance_band.h"

#include <array>
#include <span>
#include <vector>

namespace contactlab {

/// The half-space n · x ≤ offset, n a unit vector.
struct HalfSpace {
  Vec3 normal = Vec3::UnitY();
  double offset = 0.0;

  /// Signed distance of p from the plane, > 0 outside.
  double distance(const Vec3& p) const { return normal.dot(p) - offset; }
};

struct ConvexPolyhedron {
  std::vector<Vec3> vertices;
  std::vector<HalfSpace> planes;  ///< empty for a polyhedron without volume

  bool has_volume() const { return !planes.empty(); }
};

/// The tet with these corners (either orientation): its 4 corners and its 4 face planes, plane f
/// being the face opposite corner f (kTetFaces order). A tet of zero volume (by the exact
/// orientation predicate) or with a face whose normal cannot be normalised gets no planes.
ConvexPolyhedron tet_polyhedron(const std::array<Vec3, 4>& corners);

/// The same from the tet's planes already computed (tet_planes(corners), e.g. from a cache).
ConvexPolyhedron tet_polyhedron(const std::array<Vec3, 4>& corners, const TetPlanes& planes);

/// The convex hull of the points, by Qhull (libqhull_r, facets merged where coplanar, so a cube has
/// 6 planes): its extreme points as vertices (in the input's order) and one plane per hull facet.
/// Fewer than 4 points, or points without volume (coplanar, collinear, coincident — Qhull's
/// "initial simplex is flat"): the distinct points as vertices and no planes. Throws
/// std::invalid_argument for a non-finite point.
ConvexPolyhedron convex_hull_polyhedron(std::span<const Vec3> points);

}  // namespace contactlab
