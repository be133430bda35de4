// Planar contact interfaces found from geometry alone (docs/suite.md "Ground truth"):
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

/// All planar interfaces of the scene at its current poses, one per touching body pair and plane
/// (a < b, normal = the outward normal of A's touching faces, pointing from A to B), sorted by
/// (a, b), then by plane (normal, then offset). Each has: feasible_normals = {n}, planar = true,
/// the convex contact polygon (corners CCW about n, with the feature of each body at each corner:
/// vertex / edge in build_topology order / triangle of shape->surface_map.surface), area = the
/// exact area of the overlap of the touching faces, min_contacts = the number of polygon corners.
/// A pair touching in two planes (a box in an L-shaped corner) gives two entries; two disjoint
/// regions in ONE plane give one entry whose area is their sum and whose polygon is their convex
/// hull. Touching narrower than the tolerance (along an edge, at a point) is not an interface.
/// Throws InputError for a negative or non-finite tolerance or angle_tolerance.
std::vector<ContactInterface> find_planar_interfaces(const Scene& scene, const PlanarInterfaceOptions& options = {});

/// The largest penetration depth between any two bodies' tet meshes (tet–tet SAT least overlap over
/// all candidate tet pairs of all candidate body pairs), in metres; 0 when nothing overlaps.
/// Exactly touching bodies give at most the SAT touching band (1e-9 × a tet pair's size).
double deepest_overlap(const Scene& scene);

}  // namespace contactlab
