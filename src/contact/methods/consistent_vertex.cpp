// Consistent vertex (Erleben 2018, "Methodology for Assessing Mesh-Based Contact Point Methods",
// §6 "consistent vertex": for a vertex inside a tet, the surface face of that tet with the closest
// edge intersection point gives the normal, p = vertex, depth = distance to that face; docs/methods.md
// item 4).
//
// Kernel over one tet pair (tet_a of A, tet_b of B), both directions. For every SURFACE vertex v of
// tet_a lying in the closed tet_b grown by the touching band (in_tet_distance_band), and likewise with
// A and B exchanged:
//  - over the mesh edges (v, w), w in features->vertex_neighbours[v] (A's tet-mesh adjacency), with
//    w outside tet_b, find where the edge leaves tet_b through one of tet_b's SURFACE faces: the
//    faces f whose plane w is beyond by more than the band and whose triangle, grown by the band,
//    the segment [v, w] crosses (segment_crosses_face_band);
//  - the crossing nearest to v (Euclidean distance along the edge) picks the face; ties (within
//    the band: an edge
//    leaving through an edge or corner of tet_b, or several edges leaving at the same point) go to
//    the face whose plane is nearer to v, then to the lower local face index;
//  - contact: p = v, d = −(distance from v to that face's plane) (snapped to 0 below
//    settings.absolute_tolerance()), n = −(outward face normal) for a vertex of A inside B, +(outward
//    face normal) for a vertex of B inside A (from A to B); features (kVertex v, kFace surface
//    triangle), elements (tet_a, tet_b).
// Exact touch works: no strict sign change is demanded of v (docs/methods.md "Pitfalls to avoid"). A vertex lying
// exactly on a surface face f, with a neighbour strictly beyond f's plane, has a crossing at distance
// 0 on f, so f is chosen and d = 0. Edges lying in a face's plane never "cross" it (w is not strictly
// beyond it), so an edge sliding along a touching face does not pick a side face.
// Parameters: none (only the touching tolerance is used).
// Frame independence (geometry/tolerance_band.h): every side, inclusion and tie decision above is
// taken against the band tol = settings.absolute_tolerance(), so exact touching and touching up to
// the rounding of a rigid motion or uniform scale decide alike.
//
// Locality compromise: the paper crosses the edges with the other BODY's surface triangles and takes
// "outside" to mean outside the other body. A kernel only has the pair (tet_a, tet_b), so here
// "outside" means outside tet_b and only tet_b's own surface faces are crossed. An edge that leaves
// tet_b through an interior face (into a neighbouring tet of B) is ignored, even though it may reach
// B's surface further on; when every outgoing edge of v leaves that way, or v has no neighbour
// outside tet_b, this pair reports nothing for v.
//
// Other decisions as in Vertex only (vertex_only.cpp): interior vertices are not probed; a vertex in
// several tets is reported from each pair and the driver merges the copies (over a body pair each
// vertex is probed from its canonical tet only, contact_detail::ProbeFilter); symmetric by
// construction (each direction computed by the same code). Degenerate configurations: a tet thinner
// than the band (zero volume included, TetPlanes::thin) gives no contacts for vertices in it; zero-area faces have no normal and are never picked;
// zero-length edges (w at v's position) are inside the closed tet and ignored.
#include "contactlab/contact/methods/consistent_vertex.h"

#include "contactlab/geometry/tolerance_band.h"
#include "methods/vertex_face_contact.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <tuple>

namespace contactlab {
namespace {

using contact_detail::TetFacePlanes;

/// (crossing, plane distance, face) lexicographically, the two distances compared with the band:
/// values within tol of each other tie and the next key decides.
bool band_less(const std::tuple<double, double, int>& x, const std::tuple<double, double, int>& y, double tol) {
  const auto [cx, dx, fx] = x;
  const auto [cy, dy, fy] = y;
  if (band_sign(cx - cy, tol) != 0) return cx < cy;
  if (band_sign(dx - dy, tol) != 0) return dx < dy;
  return fx < fy;
}

/// Where the segment p→q crosses the plane of face f, if that point lies in the face grown by the
/// band (each edge's in-plane outward distance ≤ tol). q is beyond the band outside the plane and p
/// in the closed tet (grown by the band), so the crossing parameter is in [0, 1] up to the band.
std::optional<Vec3> segment_crosses_face_band(const Vec3& p, const Vec3& q, const TetFacePlanes& planes, int f,
                                              double tol) {
  const Vec3& n = planes.normal[f];
  const Vec3& a = planes.face_corner(f, 0);
  const double dp = n.dot(p - a), dq = n.dot(q - a);  // dq > tol ≥ ... ≥ dp − (rounding)
  if (!(dq > dp)) return std::nullopt;
  const double t = std::clamp(-dp / (dq - dp), 0.0, 1.0);
  const Vec3 x = p + t * (q - p);
  // The face with the tet's outward normal (its corners wind counter-clockwise about it in a
  // positively oriented tet, which every mesh tet beyond the band is).
  if (!in_triangle_band({planes.face_corner(f, 0), planes.face_corner(f, 1), planes.face_corner(f, 2)}, n, x, tol)) {
    return std::nullopt;
  }
  return x;
}

void probe(const MethodBody& vbody, Index vtet, const MethodBody& fbody, Index ftet, bool vertex_is_a,
           const MethodSettings& settings, std::vector<Contact>& sink, const contact_detail::ProbeFilter& filter = {}) {
  const double tol = settings.absolute_tolerance();
  // Nothing for a tet thinner than the band, or when no vertex lies in it (vertices_in_tet).
  const std::optional<contact_detail::VerticesInTet> found =
      contact_detail::vertices_in_tet(vbody, vtet, fbody, ftet, tol, filter, vertex_is_a);
  if (!found) return;
  const TetFacePlanes& planes = found->planes;
  std::array<bool, 4> usable{};
  bool any_usable = false;
  for (int f = 0; f < 4; ++f) {
    usable[f] = planes.valid[f] && fbody.surface_triangle(ftet, f) != kInvalidIndex;
    any_usable = any_usable || usable[f];
  }
  if (!any_usable) return;
  for (Index v : found->inside) {
    const Vec3& p = vbody.vertex(v);
    constexpr double kInf = std::numeric_limits<double>::infinity();
    // Lexicographic key: (crossing distance from v, plane distance of v, local face index), both
    // distances snapped to 0 within the band so that ties stay ties in every frame.
    std::tuple<double, double, int> best{kInf, kInf, 4};
    for (Index w : vbody.features->vertex_neighbours[v]) {
      const Vec3& q = vbody.vertex(w);
      for (int f = 0; f < 4; ++f) {
        if (!usable[f] || !planes.outside_beyond_band(f, q, tol)) continue;
        const std::optional<Vec3> hit = segment_crosses_face_band(p, q, planes, f, tol);
        if (!hit) continue;
        double crossing = (*hit - p).norm();
        if (crossing <= tol) crossing = 0.0;
        const std::tuple<double, double, int> key{crossing, planes.inner_distance(f, p, tol), f};
        if (band_less(key, best, tol)) best = key;
      }
    }
    const int face = std::get<2>(best);
    if (face == 4) continue;
    contact_detail::append_vertex_face_contact(vbody, v, vtet, fbody, ftet, face, planes, std::get<1>(best),
                                               vertex_is_a, settings, sink);
  }
}

class ConsistentVertexMethod final : public contact_detail::VertexProbeMethod<ConsistentVertexMethod> {
 public:
  std::string name() const override { return "consistent-vertex"; }
  std::string summary() const override {
    return "surface vertices inside the other tet; normal from the surface face their outgoing edges cross nearest";
  }
  /// The kernel's probe (VertexProbeMethod runs it both ways round).
  static void probe(const MethodBody& vbody, Index vtet, const MethodBody& fbody, Index ftet, bool vertex_is_a,
                    const MethodSettings& settings, std::vector<Contact>& sink,
                    const contact_detail::ProbeFilter& filter) {
    contactlab::probe(vbody, vtet, fbody, ftet, vertex_is_a, settings, sink, filter);
  }
};

}  // namespace

const ContactMethod& consistent_vertex_method() {
  static const ConsistentVertexMethod method;
  return method;
}

}  // namespace contactlab
