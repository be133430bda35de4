// vertex-only kernel (docs/methods.md §3): hand-derived contacts (unit tet faces: local face 1 is
// x = 0, 2 is y = 0, 3 is z = 0, 0 is x + y + z = 1), the same under rigid motions and scaling,
// A/B swap symmetry, and 10^4 random degenerate integer-grid pairs against an exact brute force.
#include "contactlab/contact/methods/vertex_only.h"

#include "contact/vertex_methods_test_support.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

using namespace testing;

const ContactMethod& method() { return vertex_only_method(); }

std::vector<HandCase> hand_cases() {
  std::vector<HandCase> cases;
  const TetMesh unit = unit_tet();
  {  // B's apex 0.1 deep under face z = 0 (planes: x 0.2, y 0.3, slanted 0.4/√3 ≈ 0.23).
    const Vec3 p(0.2, 0.3, 0.1);
    const TetMesh b = spike(p);
    cases.push_back(
        {"apex near z=0",
         unit,
         b,
         0,
         0,
         {{p, {0, 0, -1}, -0.1, face_feature(surface_triangle_of(unit, 0, 3)), vertex_feature(vertex_at(b, p))}}});
  }
  {  // Nearest plane is x = 0 (0.1), not the one the spike came through (z = 0, 0.3).
    const Vec3 p(0.1, 0.3, 0.3);
    const TetMesh b = spike(p);
    cases.push_back(
        {"apex near x=0",
         unit,
         b,
         0,
         0,
         {{p, {-1, 0, 0}, -0.1, face_feature(surface_triangle_of(unit, 0, 1)), vertex_feature(vertex_at(b, p))}}});
  }
  {  // z = 0 is interior in the stacked mesh: the nearest SURFACE plane is x = 0 (0.2).
    const Vec3 p(0.2, 0.3, 0.1);
    const TetMesh a = unit_tet_on_tet_below(), b = spike(p);
    cases.push_back(
        {"interior face ignored",
         a,
         b,
         0,
         0,
         {{p, {-1, 0, 0}, -0.2, face_feature(surface_triangle_of(a, 0, 1)), vertex_feature(vertex_at(b, p))}}});
  }
  {  // The unit tet's vertex... the other way round: A's apex inside B, normal +z (from A up to B).
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
  {  // Exact touch: apex on face z = 0.
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
  {  // Face on face: B's top face lies in z = 0 inside A's face: its three corners touch.
    const Vec3 q0(0.125, 0.125, 0), q1(0.5, 0.125, 0), q2(0.125, 0.5, 0);
    const TetMesh b = single_tet(q0, q1, q2, Vec3(0.25, 0.25, -1));
    std::vector<ExpectedContact> e;
    for (const Vec3& q : {q0, q1, q2})
      e.push_back({q, {0, 0, -1}, 0.0, face_feature(surface_triangle_of(unit, 0, 3)), vertex_feature(vertex_at(b, q))});
    cases.push_back({"face on face", unit, b, 0, 0, e, true});
  }
  {  // Interior vertex (the centroid (1,1,1) of a tet split in four) inside B: not probed. No
    // vertex of B lies in sub-tet 0 (the cone over the slanted face: B's corners all have a
    // barycentric coordinate below the slanted one's), so there is nothing at all.
    TetMesh a;
    a.vertices = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {0, 0, 4}, {1, 1, 1}};
    for (const auto& f : kTetFaces) a.tets.push_back({f[0], f[2], f[1], 4});
    const Vec3 c(1, 1, 1);
    const TetMesh b = single_tet(c + Vec3(-0.2, -0.2, -0.2), c + Vec3(0.5, -0.2, -0.2), c + Vec3(-0.2, 0.5, -0.2),
                                 c + Vec3(-0.2, -0.2, 0.5));
    cases.push_back({"interior vertex not probed", a, b, 0, 0, {}});
  }
  {  // Separated.
    TetMesh b = unit_tet();
    for (Vec3& v : b.vertices) v += Vec3(2, 0, 0);
    cases.push_back({"separated", unit, b, 0, 0, {}});
  }
  return cases;
}

TEST(VertexOnly, NameAndParameters) {
  EXPECT_EQ(method().name(), "vertex-only");
  EXPECT_FALSE(method().summary().empty());
  EXPECT_EQ(method().candidate_margin(MethodSettings{}), 0.0);
}

TEST(VertexOnly, HandBuiltCases) { expect_hand_cases(method(), hand_cases()); }

// 20 random motions per case: general rotations and scales in [1e-3, 1e3] for the penetrating
// cases; signed permutations, integer shifts and powers of two for the touching ones.
TEST(VertexOnly, HandBuiltCasesUnderMotionAndScale) { expect_hand_cases_under_motion(method(), hand_cases(), 7); }

/// Brute force: for each surface vertex of one tet in the other closed tet (exact integers), the
/// surface faces at exactly the least plane distance. Checks the kernel's contacts against it.
void expect_brute_force(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings& settings,
                        const std::vector<Contact>& got) {
  std::size_t expected_count = 0;
  for (int side = 0; side < 2; ++side) {
    const MethodBody& vb = side == 0 ? a : b;
    const MethodBody& fb = side == 0 ? b : a;
    const Index vt = side == 0 ? ta : tb, ft = side == 0 ? tb : ta;
    const IntTet t = int_tet(fb.tet(ft));
    for (Index v : vb.shape->tets.tets[vt]) {
      const I3 q = to_int(vb.vertex(v));
      if (!vb.features->on_surface[v] || !int_in_closed(t, q)) continue;
      // Surface faces with the least exact plane distance s/|n| (s = −o·side ≥ 0).
      std::vector<int> best;
      for (int f = 0; f < 4; ++f) {
        if (fb.surface_triangle(ft, f) == kInvalidIndex || t.face[f].zero_area()) continue;
        if (best.empty()) {
          best = {f};
          continue;
        }
        const std::int64_t sf = -t.orientation * t.face[f].side(q), sg = -t.orientation * t.face[best[0]].side(q);
        const std::int64_t lhs = sf * sf * dot(t.face[best[0]].n, t.face[best[0]].n);
        const std::int64_t rhs = sg * sg * dot(t.face[f].n, t.face[f].n);
        if (lhs < rhs)
          best = {f};
        else if (lhs == rhs)
          best.push_back(f);
      }
      if (best.empty()) continue;
      ++expected_count;
      int matches = 0;
      for (const Contact& c : got) {
        const FeatureRef& vf = side == 0 ? c.feature_a : c.feature_b;
        const FeatureRef& ff = side == 0 ? c.feature_b : c.feature_a;
        if (vf.type != FeatureType::kVertex || vf.index != v) continue;
        ++matches;
        int chosen = -1;
        for (int f : best)
          if (fb.surface_triangle(ft, f) == ff.index) chosen = f;
        ASSERT_GE(chosen, 0) << "not a nearest surface face";
        const Vec3 n = int_outward_normal(t, chosen);
        EXPECT_LT((c.normal - (side == 0 ? -n : n)).norm(), 1e-12);
        EXPECT_EQ(c.position, vb.vertex(v));
        const double d = int_plane_distance(t, chosen, q);
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

// 2·10^4 random pairs (one- or two-tet bodies, integer coordinates in [−8, 8], the second body
// built from the first's vertices, edge midpoints and nearby grid points; 15% flat or nearly flat
// tets): invariants, exact A/B symmetry and the brute force.
TEST(VertexOnly, RandomDegeneratePairsAgainstBruteForce) {
  expect_random_degenerate_pairs(method(), 12345, expect_brute_force);
}

}  // namespace
}  // namespace contactlab
