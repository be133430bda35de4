// Ground truth derived for any scene, built-in or a user's own (docs/suite.md "Ground truth",
// "Deriving ground truth for your own scene"): the planar interfaces of every touching body pair,
// found from the geometry alone (find_planar_interfaces), and the touching pairs it cannot derive,
// each with the reason — a point or edge contact, whose feasible normals are a modelling decision,
// or bodies that overlap deeper than the touching band.
#pragma once

#include "contactlab/core/tolerance.h"
#include "contactlab/core/types.h"
#include "contactlab/scene/ground_truth.h"
#include "contactlab/scene/scene.h"

#include <string>
#include <vector>

namespace contactlab {

struct DeriveGroundTruthRequest {
  /// The touching band: surfaces closer than relative × scene.length_scale() touch, and bodies
  /// overlap when they interpenetrate deeper than that. Default 1e-9 (docs/design.md "Exact signs,
  /// relative tolerances"), the band the contact methods use.
  Tolerance tolerance;
  /// Face normals are opposite when the angle between n_A and −n_B is at most this (radians);
  /// passed to find_planar_interfaces.
  double angle_tolerance = 1e-6;
};

/// Why the ground truth of a touching body pair could not be derived.
enum class UnderivedReason {
  /// The surfaces touch (within the band) but have no coplanar opposing faces that overlap over an
  /// area: a point or edge contact (an apex on a face, an edge on a face, edge on edge). Its feasible
  /// normals are a modelling decision (docs/suite.md "Ground truth"), so they must be given by hand
  /// in the scene's ground_truth, as for the built-in point and line cases.
  kNoCoplanarFaces,
  /// The bodies' tet meshes interpenetrate deeper than the band (tet–tet SAT): the scene is not at
  /// a touching state, where ground truth is defined.
  kOverlap,
};

/// A touching (or overlapping) body pair without derived ground truth.
struct UnderivedPair {
  Index body_a = kInvalidIndex;  ///< body_a < body_b, scene body indices
  Index body_b = kInvalidIndex;
  UnderivedReason reason = UnderivedReason::kNoCoplanarFaces;
  double depth = 0.0;  ///< kOverlap: the deepest tet–tet penetration between the two bodies (m); else 0
};

struct DeriveGroundTruthResult {
  /// The scene's non-planar interfaces (kept as given), then the derived planar ones, stably sorted
  /// by (body_a, body_b); see derive_ground_truth.
  GroundTruth ground_truth;
  /// Touching or overlapping body pairs that have no interface in `ground_truth`, sorted by
  /// (body_a, body_b). An overlapping pair is listed even when it has a kept interface.
  std::vector<UnderivedPair> underived;
  int kept = 0;            ///< non-planar interfaces of scene.ground_truth carried over unchanged
  int replaced = 0;        ///< planar interfaces of scene.ground_truth dropped (replaced by the derived ones)
  int derived = 0;         ///< planar interfaces found from the geometry
  double tolerance = 0.0;  ///< the absolute touching band used, m (relative × scene.length_scale())
};

/// Derives the ground truth of `scene` at its current poses.
///
/// What the scene already carries: its planar interfaces are replaced by what the geometry gives
/// now (they are derivable, so a stale or hand-made copy is not trusted); its non-planar ones
/// (points and segments, whose feasible normals are a modelling decision) are kept unchanged.
/// Planar interfaces are find_planar_interfaces(scene) with the request's tolerances, except on
/// overlapping pairs, which get none. Touching pairs are the body pairs whose method surfaces
/// (shape->surface_map.surface) come within the band (broad phase, then exact triangle–triangle
/// distance); overlapping pairs those whose tet meshes interpenetrate deeper than the band. A
/// touching pair with neither a derived nor a kept interface is reported as kNoCoplanarFaces, an
/// overlapping pair as kOverlap. A pair with a planar interface that also touches elsewhere at a
/// point or along an edge is not reported (known limit: it counts as derived). Pairs of two fixed
/// bodies are skipped altogether (no interface, not reported): the contact driver never pairs them.
/// Results are unchanged by a rigid motion with uniform scale of the scene (the band is relative
/// to Scene::length_scale()). Throws InputError for a negative or non-finite tolerance or
/// angle_tolerance.
DeriveGroundTruthResult derive_ground_truth(const Scene& scene, const DeriveGroundTruthRequest& request = {});

/// One line for a user: "no coplanar opposing faces: a point or edge contact …" or "the bodies
/// overlap by D m (deeper than the touching band T m)".
std::string describe(const UnderivedPair& pair, double tolerance);

}  // namespace contactlab
