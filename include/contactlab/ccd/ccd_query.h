// Continuous collision detection queries (seed 003 §1.2; issue 18): a vertex and a triangle, or two
// edges, each point moving linearly from its position at t = 0 to its position at t = 1. The
// kinds and the order of the points are those of the public CCD benchmark (Wang, Ferguson,
// Schneider, Panozzo et al. 2021): vertex–face (v, f0, f1, f2), edge–edge (ea0, ea1, eb0, eb1).
#pragma once

#include "contactlab/core/types.h"

#include <array>

namespace contactlab {

enum class CcdKind { kVertexFace, kEdgeEdge };

/// Four points at t = 0 and at t = 1, in the order of `kind`.
struct CcdQuery {
  CcdKind kind = CcdKind::kVertexFace;
  std::array<Vec3, 4> start{};
  std::array<Vec3, 4> end{};
};

struct CcdRequest {
  /// δ ≥ 0: report a collision when the features come within the Euclidean distance δ of each
  /// other at some t in [0, 1]. 0: when they touch.
  double min_separation = 0.0;
  /// The search reports a collision at a candidate (t, u, v) box it cannot exclude once the box is
  /// this narrow in all three parameters, or once the box's image (the values of the distance
  /// function F over it) is narrower than this × the extent of the 8 points (the largest side of
  /// their bounding box): a possible false positive, never a miss.
  double parameter_tolerance = 1e-6;
  /// Boxes examined before giving up refining: then a collision is reported at the earliest time
  /// still possible (conservative).
  int max_boxes = 10000;
};

struct CcdResult {
  bool collides = false;
  /// A lower bound of the time of impact in [0, 1] (1 when no collision): no contact within δ
  /// happens before it (the boxes before it were excluded with rounding accounted for). Its error:
  /// either a contact was proven in a box starting at toi and contracted to a width of ≈ 1e-15
  /// (the true time lies within it), or at toi starts a (t, u, v) box no wider than
  /// parameter_tolerance (or whose image is narrower than parameter_tolerance × the points' extent)
  /// whose values of the distance function, rounding included, reach within δ of 0 — the features
  /// touch there to that tolerance; where they only come close (a near miss below the tolerance),
  /// that is a false positive. With the box budget spent (`exhausted`), no error bound.
  double toi = 1.0;
  int boxes = 0;           ///< boxes examined
  bool exhausted = false;  ///< max_boxes reached: the collision is reported without refining
};

}  // namespace contactlab
