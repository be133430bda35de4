// Vertex only (Erleben 2018, "Methodology for Assessing Mesh-Based Contact Point Methods", §6
// "vertex only": vertices tested for inclusion in tets, normal of the closest surface face of the
// tet, depth = distance to that face; docs/methods.md §3).
//
// Kernel over one tet pair (tet_a of A, tet_b of B), both directions:
//  - every SURFACE vertex v of tet_a lying in the closed tet_b grown by the touching band (within
//    the band of every face plane and within tol of the tet: in_tet_distance_band; the boundary
//    and the band count, so touching in any frame gives a contact with gap 0), and likewise every
//    surface vertex of tet_b in the closed tet_a;
//  - the face: among the tet's SURFACE faces (interior faces count as infinitely far) the one whose
//    plane is nearest to v (ties, distances equal within the band: the lower local face index) —
//    the nearest, not the farthest
//    (docs/methods.md "Pitfalls to avoid");
//  - contact: p = v, d = −(distance from v to that face's plane) (snapped to 0 below
//    settings.absolute_tolerance()), n = −(outward face normal) for a vertex of A inside B (B lies
//    behind its own face as seen from A's vertex) and +(outward face normal) for a vertex of B
//    inside A, so n always points from A to B; features (kVertex v, kFace surface triangle),
//    elements (tet_a, tet_b).
// Parameters: none (the paper's method has none; only the touching tolerance is used).
// Frame independence (geometry/tolerance_band.h): inclusion, depth snapping and the nearest-plane
//  choice are decided against the band tol = settings.absolute_tolerance(), so a rigid motion or a
//  uniform scale of the pair changes no decision.
//
// Decisions:
//  - Interior vertices (features->on_surface false) are not probed. The paper says "every vertex";
//    an interior vertex can only be inside the other body at a penetration deeper than the local
//    element size, where the surface vertices around it already report, and its contact would not
//    lie on either surface.
//  - Duplicates: a vertex shared by k tets of A that lies in tet_b is reported from each of the k
//    pairs (tet_a differs), and a vertex on a face shared by two tets of B is reported from both.
//    The copies from different tet_a are identical but for element_a; the driver merges contacts
//    equal in position and normal, keeping the least element. Over a body pair (the driver's
//    call, generate_body_pair) each vertex is probed only from its canonical tet, the least
//    surface tet holding it (contact_detail::ProbeFilter), and within a run (generate_run) each
//    (vertex, tet) probe is made once (contact_detail::ProbeSet): the copies either skips are ones
//    the merge would drop, so the output is the same (MethodRuns.GiveThePairByPairContacts).
//  - Symmetry: each direction is computed by the same code from the same inputs, so swapping A and
//    B gives the same contacts with normals negated and features/elements swapped (exactly).
// Degenerate configurations: a tet thinner than the band (zero volume included) has no interior, gives no
//  contacts for vertices in it; a zero-area face has no normal and is skipped; a tet whose surface
//  faces are all zero-area gives nothing. A vertex exactly on an edge or corner shared by two
//  surface faces picks by the nearest-plane rule (both at distance 0 → the lower local index).
#include "contactlab/contact/methods/vertex_only.h"

#include "contactlab/geometry/tolerance_band.h"
#include "methods/vertex_face_contact.h"

#include <limits>
#include <optional>

namespace contactlab {
namespace {

using contact_detail::TetFacePlanes;

/// Contacts of the surface vertices of `vtet` (of `vbody`) lying in the closed `ftet` (of `fbody`).
void probe(const MethodBody& vbody, Index vtet, const MethodBody& fbody, Index ftet, bool vertex_is_a,
           const MethodSettings& settings, std::vector<Contact>& sink, const contact_detail::ProbeFilter& filter = {}) {
  const double tol = settings.absolute_tolerance();
  // Nothing for a tet thinner than the band, or when no vertex lies in it (vertices_in_tet).
  const std::optional<contact_detail::VerticesInTet> found =
      contact_detail::vertices_in_tet(vbody, vtet, fbody, ftet, tol, filter, vertex_is_a);
  if (!found) return;
  const TetFacePlanes& planes = found->planes;
  for (Index v : found->inside) {
    const Vec3& p = vbody.vertex(v);
    int best = -1;
    double best_distance = std::numeric_limits<double>::infinity();
    for (int f = 0; f < 4; ++f) {
      if (!planes.valid[f] || fbody.surface_triangle(ftet, f) == kInvalidIndex) continue;
      // Nearer only by more than the band: planes at equal distance (within the band) tie, and the
      // tie goes to the lower local face index in every frame.
      const double distance = planes.inner_distance(f, p, tol);
      if (distance < best_distance - tol) best = f, best_distance = distance;
    }
    if (best < 0) continue;
    contact_detail::append_vertex_face_contact(vbody, v, vtet, fbody, ftet, best, planes, best_distance, vertex_is_a,
                                               settings, sink);
  }
}

class VertexOnlyMethod final : public contact_detail::VertexProbeMethod<VertexOnlyMethod> {
 public:
  std::string name() const override { return "vertex-only"; }
  std::string summary() const override {
    return "surface vertices inside the other tet; normal and depth from the nearest surface face plane";
  }
  /// The kernel's probe (VertexProbeMethod runs it both ways round).
  static void probe(const MethodBody& vbody, Index vtet, const MethodBody& fbody, Index ftet, bool vertex_is_a,
                    const MethodSettings& settings, std::vector<Contact>& sink,
                    const contact_detail::ProbeFilter& filter) {
    contactlab::probe(vbody, vtet, fbody, ftet, vertex_is_a, settings, sink, filter);
  }
};

}  // namespace

const ContactMethod& vertex_only_method() {
  static const VertexOnlyMethod method;
  return method;
}

}  // namespace contactlab
