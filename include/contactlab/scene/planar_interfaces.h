// Planar contact interfaces found from geometry alone (SUITE.md "Ground truth from geometry"):
// two bodies touch over an area where surface faces of A and B are coplanar with opposite outward
// normals and overlap. Used by the built-in suite and for any user scene whose interfaces are planar.
#pragma once

#include "contactlab/core/tolerance.h"
#include "contactlab/scene/ground_truth.h"
#include "contactlab/scene/scene.h"

#include <vector>

namespace contactlab {

struct PlanarInterfaceOptions {
  /// Faces are coplanar / touching when within relative_tolerance × scene.length_scale().
  Tolerance tolerance;
  /// Face normals are opposite when the angle between n_A and −n_B is at most this (radians).
  double angle_tolerance = 1e-6;
};

/// All planar interfaces of the scene at its current poses, one per touching body pair (a < b,
/// normal = the outward normal of A's touching faces, pointing from A to B), sorted by (a, b).
/// Each has: feasible_normals = {n}, planar = true, the convex contact polygon (corners CCW about n,
/// with the feature of each body at each corner), area = the exact area of the overlap of the
/// touching faces, min_contacts = the number of polygon corners.
std::vector<ContactInterface> find_planar_interfaces(const Scene& scene, const PlanarInterfaceOptions& options = {});

/// The largest penetration depth between any two bodies' tet meshes (tet–tet SAT least overlap over
/// all candidate tet pairs of all candidate body pairs), in metres; 0 when nothing overlaps.
double deepest_overlap(const Scene& scene);

}  // namespace contactlab
