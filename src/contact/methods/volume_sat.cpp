// Volume-SAT (K. Erleben, "Methodology for Assessing Mesh-Based Contact Point Methods", ACM TOG
// 37(3), 2018, §6 "Volume-SAT"; docs/methods.md §5).
//
// For a candidate tet pair: the separating-axis test over the 4 + 4 face normals and the 6 × 6
// edge cross products of the two tets (tet_tet_sat); the axis of least overlap, oriented A→B, is
// the normal, face axes winning ties over edge axes. The contacts are all intersection points of
// the two tets (vertices of one in the other, edge–face crossings) projected along n onto the mid
// contact plane, each with gap −(least overlap); duplicates within the tolerance are merged
// (sat_contacts.h gives the details and the feature labels).
//
// Parameters: none of its own (the paper's method has none); the touching tolerance is
// settings.absolute_tolerance() (default 1e-9 × the scene's length scale): tets separated along
// some axis by more than it give no contact, and vertices within it of the other tet count as in.
//
// Ties and symmetry: the pair is processed in canonical order — the body with the smaller scene
// index (then the smaller tet index) plays "A" of tet_tet_sat, whose ties go to A's faces, then
// B's faces, then edge pairs — and the result is flipped back, so generate(b, a) is exactly
// generate(a, b) with normals negated and features/elements swapped.
//
// Degenerate configurations: touching (shared face, edge or vertex; depth within the tolerance)
// gives contacts at the touching points with gap −depth ≈ 0; a pair that overlaps within the
// tolerance but has no exact common point (a gap below the tolerance) gives none; parallel edges
// and zero-area faces are skipped as axes by tet_tet_sat, which adds extra axes for two flat tets;
// when no axis is usable (all 8 corners coincide) there is no normal and no contact.
#include "contactlab/contact/methods/volume_sat.h"

#include "methods/canonical_pair.h"
#include "methods/sat_contacts.h"

namespace contactlab {
namespace {

class VolumeSatMethod final : public ContactMethod {
 public:
  /// The tet intersection points (sat_contacts.h) test each tet's edges against the other's face planes.
  bool uses_face_planes() const override { return true; }
  std::string name() const override { return "volume-sat"; }
  std::string summary() const override {
    return "least-overlap SAT axis of each tet pair (face axes win ties); tet intersection points on the mid plane";
  }
  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    contact_detail::run_canonical(a, tet_a, b, tet_b, sink,
                                  [&](const MethodBody& p, Index tp, const MethodBody& q, Index tq,
                                      std::vector<Contact>& out) { generate_ordered(p, tp, q, tq, settings, out); });
  }

 private:
  static void generate_ordered(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b,
                               const MethodSettings& settings, std::vector<Contact>& sink) {
    contact_detail::TetPairFaces pair(a, tet_a, b, tet_b);
    // Apart by more than the band: no intersection point, no contact (sat_contacts.h).
    if (pair.clearly_apart(settings.absolute_tolerance())) return;
    // No intersection point within the band: no contact, whatever the axis (sat_contacts.h).
    if (pair.intersection_points(settings.absolute_tolerance()).empty()) return;
    TetTetSatRequest request = contact_detail::band_request(settings);
    // A corner of one certainly in the other or within tol/8 of it: touching tets settle at the
    // face axis they touch along (TetTetSatRequest::near_points), as tets with shared corners do.
    request.near_points = [&] { return pair.certainly_not_separated(settings.absolute_tolerance()); };
    const TetTetSatResult sat = tet_tet_sat(pair.a(), pair.b(), request);
    if (sat.separated || sat.kind == SatAxisKind::kNone) return;
    contact_detail::append_intersection_contacts(pair, sat.axis, sat.depth, settings, sink);
  }
};

}  // namespace

const ContactMethod& volume_sat_method() {
  static const VolumeSatMethod method;
  return method;
}

}  // namespace contactlab
