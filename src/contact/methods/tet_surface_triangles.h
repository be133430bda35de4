// Private helper of the surface-based contact methods (Intersection, Closest points; docs/methods.md
// items 1 and 2): the boundary triangles of one tet of a posed body, in world coordinates, with
// the feature labels the methods write into contacts.
//
// Inputs: a MethodBody (world vertices, surface map) and a tet index. Output: up to 4
// SurfaceTriangle values, one per local face f of the tet with surface_triangle(tet, f) valid, in
// the order f = 0..3. Corners are listed in the boundary triangle's (outward) order.
// Degenerate triangles (height ≤ kDegenerateSine × longest edge, collinear or coincident corners)
// get a zero `normal` and `degenerate = true`; callers skip what needs a face normal.
#pragma once

#include "contactlab/contact/method.h"

#include <array>
#include <bitset>
#include <cstdint>

namespace contactlab::contact_detail {

/// Sine threshold below which a cross product (triangle normal, edge × edge) is treated as zero.
/// Dimensionless (an angle, not a length), as TetTetSatRequest::parallel_sine.
inline constexpr double kDegenerateSine = 1e-6;

/// Every field is set by tet_surface_triangles; only `degenerate` has a default (the four slots of
/// TetSurfaceTriangles were zeroed in every call, a tenth of the closest points method's time; a
/// bool left unset in an unused slot is undefined behaviour to copy, which UBSan reports).
struct SurfaceTriangle {
  Index triangle;               ///< boundary triangle index (FeatureType::kFace index)
  std::array<Index, 3> vertex;  ///< tet-mesh vertex indices, outward order
  std::array<int, 3> local;     ///< the corners' local indices 0..3 in the tet
  int face;                     ///< local face index 0..3 in the tet
  std::array<Vec3, 3> x;        ///< world positions of the corners
  Vec3 normal;                  ///< unit outward normal; zero when degenerate
  bool degenerate = false;
  /// ShapeFeatures::surface_triangle_ownership of this triangle (`vertex` is in its order): bit i,
  /// edge `vertex[i]`–`vertex[i + 1]` is owned by this triangle (the lowest-index surface triangle
  /// sharing it); bit 3 + i, corner i is owned (the lowest-index surface triangle around it).
  std::uint8_t ownership;
};

struct TetSurfaceTriangles {
  std::array<SurfaceTriangle, 4> triangles;  ///< the first `count` are set
  int count = 0;
};

/// The boundary triangles of tet `tet` of `body` (see the file comment).
TetSurfaceTriangles tet_surface_triangles(const MethodBody& body, Index tet);

/// Edge i of a surface triangle (corners i and (i + 1) mod 3) as a canonical segment: endpoints
/// ordered by ascending tet-mesh vertex index, so the same edge seen from two triangles gives
/// bit-identical segments.
/// Every field is set by surface_edge (none has a default, as SurfaceTriangle).
struct SurfaceEdge {
  Index v0, v1;  ///< tet-mesh vertex indices, v0 < v1
  int key;       ///< local edge key 4 min(l0, l1) + max(l0, l1) in 0..15 (for per-call dedup)
  Vec3 x0, x1;   ///< world endpoints
};
SurfaceEdge surface_edge(const SurfaceTriangle& t, int i);

/// FeatureRef of the surface edge {v0, v1} of `body` (kEdge, index from
/// surface_topology.find_edge; kInvalidIndex if it is not a surface edge).
FeatureRef edge_feature(const MethodBody& body, Index v0, Index v1);

/// Feature pairs a surface method has already handled for one tet pair, by local indices: (V of A,
/// F of B) 16 bits, (F of A, V of B) 16 bits, (E of A, E of B) 256 bits (edge keys 0..15) — a
/// vertex or edge belongs to several surface triangles of a tet and is reported once.
struct SeenPairs {
  std::bitset<16> vertex_face, face_vertex;
  std::bitset<256> edge_edge;
  /// True when bit i was already set; sets it.
  static bool test_and_set(auto& bits, std::size_t i) {
    if (bits.test(i)) return true;
    bits.set(i);
    return false;
  }
};

/// Lexicographic order of two segments by their endpoint coordinates: callers evaluate pair
/// queries in a canonical argument order, so swapping bodies A and B gives bit-identical results.
bool segment_less(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1);

}  // namespace contactlab::contact_detail
