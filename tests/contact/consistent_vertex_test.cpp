// consistent-vertex kernel (docs/methods.md §4): hand-derived contacts (unit tet faces: local face 1
// is x = 0, 2 is y = 0, 3 is z = 0, 0 is x + y + z = 1), exact touch (no strict sign change), the
// locality compromise, rigid motions and scaling, A/B swap symmetry, and 10^4 random degenerate
// integer-grid pairs against an exact rational brute force of the edge crossings.
#include "contactlab/contact/methods/consistent_vertex.h"

#include "contact/vertex_methods_test_support.h"

#include <gtest/gtest.h>

#include <limits>

namespace contactlab {
namespace {

using namespace testing;

const ContactMethod& method() { return consistent_vertex_method(); }

std::vector<HandCase> hand_cases() {
  std::vector<HandCase> cases;
  const TetMesh unit = unit_tet();
  {  // The apex came in through z = 0 (its edges go down through it): face z = 0, depth 0.1.
    const Vec3 p(0.2, 0.3, 0.1);
    const TetMesh b = spike(p);
    cases.push_back(
        {"apex under z=0",
         unit,
         b,
         0,
         0,
         {{p, {0, 0, -1}, -0.1, face_feature(surface_triangle_of(unit, 0, 3)), vertex_feature(vertex_at(b, p))}}});
  }
  {  // Nearest plane x = 0 (0.1), but the edges leave through z = 0 — that face wins (Vertex only
    // would pick x = 0): depth 0.3.
    const Vec3 p(0.1, 0.3, 0.3);
    const TetMesh b = spike(p);
    cases.push_back(
        {"edges pick z=0",
         unit,
         b,
         0,
         0,
         {{p, {0, 0, -1}, -0.3, face_feature(surface_triangle_of(unit, 0, 3)), vertex_feature(vertex_at(b, p))}}});
  }
  {  // Spike coming in sideways through x = 0 (apex nearer to z = 0): face x = 0, depth 0.2.
    const Vec3 p(0.2, 0.3, 0.1);
    const TetMesh b = single_tet(p + Vec3(-1.3, -0.05, -0.05), p + Vec3(-1.3, 0.05, -0.05), p + Vec3(-1.3, 0, 0.05), p);
    cases.push_back(
        {"edges pick x=0",
         unit,
         b,
         0,
         0,
         {{p, {-1, 0, 0}, -0.2, face_feature(surface_triangle_of(unit, 0, 1)), vertex_feature(vertex_at(b, p))}}});
  }
  {  // A's apex inside B: normal +z (from A up to B).
    const Vec3 p(0.2, 0.3, 0.1);
    const TetMesh a = spike(p);
    cases.push_back(
        {"A's vertex in B",
         a,
         unit,
         0,
         0,
         {{p, {0, 0, 1}, -0.1, vertex_feature(vertex_at(a, p)), face_feature(surface_triangle_of(unit, 0, 3))}}});
  }
  {  // Exact touch: the apex on face z = 0, its edges leaving from it (crossing at distance 0).
    const Vec3 p(0.25, 0.25, 0.0);
    const TetMesh b = spike(p);
    cases.push_back(
        {"apex touching",
         unit,
         b,
         0,
         0,
         {{p, {0, 0, -1}, 0.0, face_feature(surface_triangle_of(unit, 0, 3)), vertex_feature(vertex_at(b, p))}},
         true});
  }
  {  // Face on face: B's top face in z = 0 inside A's face. Each top corner has two edges lying in
    // the plane (inside the closed tet: ignored) and one going down through z = 0 at the corner.
    const Vec3 q0(0.125, 0.125, 0), q1(0.5, 0.125, 0), q2(0.125, 0.5, 0);
    const TetMesh b = single_tet(q0, q1, q2, Vec3(0.25, 0.25, -1));
    std::vector<ExpectedContact> e;
    for (const Vec3& q : {q0, q1, q2})
      e.push_back({q, {0, 0, -1}, 0.0, face_feature(surface_triangle_of(unit, 0, 3)), vertex_feature(vertex_at(b, q))});
    cases.push_back({"face on face", unit, b, 0, 0, e, true});
  }
  {  // Face on face, B's top face reaching past A's face edge on the x = 0 side: the corner at
    // x = −0.5 is outside; the corners inside still take z = 0 (their in-plane edges towards the
    // outside corner only touch the plane of z = 0, and cross x = 0 farther away than the edge
    // going down, which leaves at the corner itself).
    const Vec3 q0(-0.5, 0.25, 0), q1(0.5, 0.125, 0), q2(0.25, 0.5, 0);
    const TetMesh b = single_tet(q0, q1, q2, Vec3(0.25, 0.25, -1));
    std::vector<ExpectedContact> e;
    for (const Vec3& q : {q1, q2})
      e.push_back({q, {0, 0, -1}, 0.0, face_feature(surface_triangle_of(unit, 0, 3)), vertex_feature(vertex_at(b, q))});
    cases.push_back({"face on face, overhanging", unit, b, 0, 0, e, true});
  }
  {  // Locality compromise: with a second tet under the unit tet, z = 0 is interior. The spike's
    // edges leave tet 0 through that interior face only, so this pair reports nothing.
    TetMesh a = unit_tet();
    a.vertices.push_back({0.25, 0.25, -1.0});
    a.tets.push_back({1, 0, 2, 4});
    cases.push_back({"edges leave through an interior face", a, spike(Vec3(0.2, 0.3, 0.1)), 0, 0, {}});
  }
  {  // Interior vertex (1,1,1) of a tet split in four, inside B: not probed; no vertex of B lies in
    // sub-tet 0 (the cone over the slanted face).
    TetMesh a;
    a.vertices = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {0, 0, 4}, {1, 1, 1}};
    for (const auto& f : kTetFaces) a.tets.push_back({f[0], f[2], f[1], 4});
    const Vec3 c(1, 1, 1);
    const TetMesh b = single_tet(c + Vec3(-0.2, -0.2, -0.2), c + Vec3(0.5, -0.2, -0.2), c + Vec3(-0.2, 0.5, -0.2),
                                 c + Vec3(-0.2, -0.2, 0.5));
    cases.push_back({"interior vertex not probed", a, b, 0, 0, {}});
  }
  {  // B wholly inside A: no edge of B leaves A's tet, so nothing (not a strict-sign failure: there
    // is no crossing at all).
    const TetMesh b = single_tet({0.1, 0.1, 0.1}, {0.3, 0.1, 0.1}, {0.1, 0.3, 0.1}, {0.1, 0.1, 0.3});
    cases.push_back({"no outgoing edge", unit, b, 0, 0, {}});
  }
  return cases;
}

TEST(ConsistentVertex, NameAndParameters) {
  EXPECT_EQ(method().name(), "consistent-vertex");
  EXPECT_FALSE(method().summary().empty());
  EXPECT_EQ(method().candidate_margin(MethodSettings{}), 0.0);
}

TEST(ConsistentVertex, HandBuiltCases) { expect_hand_cases(method(), hand_cases()); }

// 20 random motions per case: general rotations and scales in [1e-3, 1e3] for the penetrating
// cases; signed permutations, integer shifts and powers of two for the touching ones.
TEST(ConsistentVertex, HandBuiltCasesUnderMotionAndScale) {
  expect_hand_cases_under_motion(method(), hand_cases(), 11);
}

/// Brute force in exact rationals: for a surface vertex v of one tet in the other closed tet, every
/// neighbour w and every surface face f with w strictly beyond f's plane: the plane crossing
/// t = num/den, X = v + t (w − v) (den·X in integers), X in the closed triangle ⇔ on the inner side
/// of the tet's three other planes. Admissible faces: those whose crossing distance is least (up to
/// rounding of the distances, 1e-12 relative). Checks the kernel's contacts against it.
void expect_brute_force(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings& settings,
                        const std::vector<Contact>& got) {
  std::size_t expected_count = 0;
  for (int side = 0; side < 2; ++side) {
    const MethodBody& vb = side == 0 ? a : b;
    const MethodBody& fb = side == 0 ? b : a;
    const Index vt = side == 0 ? ta : tb, ft = side == 0 ? tb : ta;
    const IntTet t = int_tet(fb.tet(ft));
    for (Index v : vb.shape->tets.tets[vt]) {
      const I3 p = to_int(vb.vertex(v));
      if (!vb.features->on_surface[v] || !int_in_closed(t, p)) continue;
      std::vector<std::pair<double, int>> crossings;  // (distance from v, face)
      for (Index w : vb.features->vertex_neighbours[v]) {
        const I3 q = to_int(vb.vertex(w));
        const I3 e = sub(q, p);
        for (int f = 0; f < 4; ++f) {
          if (fb.surface_triangle(ft, f) == kInvalidIndex || t.face[f].zero_area()) continue;
          if (t.orientation * t.face[f].side(q) <= 0) continue;
          const std::int64_t num = -t.face[f].side(p), den = dot(t.face[f].n, e);
          const I3 xden{den * p[0] + num * e[0], den * p[1] + num * e[1], den * p[2] + num * e[2]};
          bool in_triangle = true;
          for (int g = 0; g < 4; ++g) {
            if (g == f) continue;
            const IntFace& h = t.face[g];
            const std::int64_t s = dot(h.n, xden) - den * dot(h.n, h.c0);  // den · side(X)
            if (t.orientation * sign(den) * sign(s) > 0) in_triangle = false;
          }
          if (!in_triangle) continue;
          const double length = std::sqrt(double(dot(e, e)));
          crossings.push_back({double(num) / double(den) * length, f});
        }
      }
      if (crossings.empty()) continue;
      ++expected_count;
      double least = std::numeric_limits<double>::infinity();
      for (const auto& [d, f] : crossings) least = std::min(least, d);
      int matches = 0;
      for (const Contact& c : got) {
        const FeatureRef& vf = side == 0 ? c.feature_a : c.feature_b;
        const FeatureRef& ff = side == 0 ? c.feature_b : c.feature_a;
        if (vf.type != FeatureType::kVertex || vf.index != v) continue;
        ++matches;
        int chosen = -1;
        for (const auto& [d, f] : crossings)
          if (d <= least + 1e-12 * settings.length_scale && fb.surface_triangle(ft, f) == ff.index) chosen = f;
        ASSERT_GE(chosen, 0) << "not a face of a nearest crossing";
        const Vec3 n = int_outward_normal(t, chosen);
        EXPECT_LT((c.normal - (side == 0 ? -n : n)).norm(), 1e-12);
        EXPECT_EQ(c.position, vb.vertex(v));
        const double d = int_plane_distance(t, chosen, p);
        if (d == 0.0)
          EXPECT_EQ(c.gap, 0.0);
        else
          EXPECT_NEAR(c.gap, -d, 1e-12 * settings.length_scale);
      }
      EXPECT_EQ(matches, 1) << "vertex " << v << " side " << side;
    }
  }
  EXPECT_EQ(got.size(), expected_count);
}

// 2·10^4 random pairs (as in the vertex-only test): invariants, exact A/B symmetry, brute force.
TEST(ConsistentVertex, RandomDegeneratePairsAgainstBruteForce) {
  expect_random_degenerate_pairs(method(), 777, expect_brute_force);
}

}  // namespace
}  // namespace contactlab
