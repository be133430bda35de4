// closest_points_segment_segment: the closest pair of points of two closed segments in 3-D.
//
// Inputs: segment P from p0 to p1 and segment Q from q0 to q1 (one length unit throughout).
// Output (SegmentSegmentClosestPoints): parameters s, t ∈ [0, 1] with point_p = p0 + s (p1 − p0)
// and point_q = q0 + t (q1 − q0), the squared distance |point_p − point_q|² (length²) and flags.
//
// Special cases (the minimum distance is always exact up to rounding; only the choice of the pair
// among equally close ones is a convention):
// - Zero-length segments (p0 == p1 and/or q0 == q1 exactly): `degenerate` is set and the segment is
//   its point (s = 0 or t = 0); the other side is the closest point to it.
// - Parallel segments — sin² of the angle between the directions ≤ 1e-16, i.e. the angle below
//   1e-8 rad — set `parallel`. When their projections onto P's line overlap, s is the middle of the
//   overlap (so overlapping collinear segments return the midpoint of their common part); otherwise
//   the nearest end points. Deterministic, and the same physical pair up to rounding when P and Q
//   are swapped. For a nearly parallel pair the distance error is at most 1e-8 × the overlap length.
// Never NaN for finite input.
#pragma once

#include "contactlab/core/types.h"

namespace contactlab {

struct SegmentSegmentClosestPoints {
  /// Parameter of point_p on P, in [0, 1].
  double s = 0.0;
  /// Parameter of point_q on Q, in [0, 1].
  double t = 0.0;
  /// Closest point on P: p0 + s (p1 − p0).
  Vec3 point_p = Vec3::Zero();
  /// Closest point on Q: q0 + t (q1 − q0).
  Vec3 point_q = Vec3::Zero();
  /// |point_p − point_q|², in length².
  double squared_distance = 0.0;
  /// Both segments have non-zero length and are parallel (see the file comment).
  bool parallel = false;
  /// At least one segment has zero length.
  bool degenerate = false;
};

/// Closest points of segments [p0, p1] and [q0, q1]. See the file comment.
SegmentSegmentClosestPoints closest_points_segment_segment(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                                           const Vec3& q1);

}  // namespace contactlab
