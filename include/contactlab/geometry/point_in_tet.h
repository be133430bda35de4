// Exact classification of a point against a closed tetrahedron (a, b, c, d).
//
// The point's barycentric coordinate λ_i is, up to a positive factor, the signed volume of the tet
// with vertex i replaced by p; only its sign is needed, and it is taken from the exact orient3d
// predicate (predicates.h), so the answer is exact for any double input — no tolerance.
//
// Conventions: vertex indices 0..3 are a, b, c, d. Face i is the face opposite vertex i, edge k is
// kTetEdges[k] (mesh/tet_mesh.h: {0,1},{0,2},{0,3},{1,2},{1,3},{2,3}). The tet may be given in
// either orientation: an inverted (negative-volume) tet is classified as the same closed point set.
//
// Zero-volume tet (all four corners coplanar, collinear or coincident): it has no interior, so the
// result is `kDegenerate` with `feature = -1`, and `in_closure` says (exactly) whether p lies in the
// convex hull of the four corners (a flat polygon, a segment or a point). For a proper tet,
// `in_closure` is true exactly when the location is not kOutside.
// Inputs must be finite.
#pragma once

#include "contactlab/core/types.h"

namespace contactlab {

enum class TetLocation {
  kOutside,     ///< strictly outside the closed tet
  kInside,      ///< strictly inside (all four barycentric coordinates > 0)
  kOnFace,      ///< on the relative interior of face `feature` (0..3, opposite vertex `feature`)
  kOnEdge,      ///< on the relative interior of edge `feature` (0..5, index into kTetEdges)
  kOnVertex,    ///< coincides with vertex `feature` (0..3)
  kDegenerate,  ///< the tet has zero volume; see `in_closure`
};

struct PointInTetResult {
  TetLocation location = TetLocation::kOutside;
  int feature = -1;         ///< face/edge/vertex index for kOnFace/kOnEdge/kOnVertex, else −1
  int orientation = 0;      ///< sign of (b−a)·((c−a)×(d−a)): +1, −1, or 0 for a zero-volume tet
  bool in_closure = false;  ///< p belongs to the closed tet (convex hull of a, b, c, d)

  /// On the boundary of a proper tet (face, edge or vertex).
  bool on_boundary() const {
    return location == TetLocation::kOnFace || location == TetLocation::kOnEdge || location == TetLocation::kOnVertex;
  }
};

PointInTetResult point_in_tet(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d);

}  // namespace contactlab
