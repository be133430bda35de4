// Test support shared by the vertex-only and consistent-vertex kernel tests: exact integer geometry
// for independent brute-force answers, a generator of degenerate tet pairs on an integer grid, the
// invariants every contact must satisfy, and hand-built cases under exact and random motions (with
// the swap check). What every method test uses is in method_test_support.h.
#pragma once

#include "contact/method_test_support.h"
#include "contactlab/contact/method.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace contactlab::testing {

// ---- exact integer geometry (coordinates are small integers: |x| ≤ 8) ----

using I3 = std::array<std::int64_t, 3>;

inline I3 to_int(const Vec3& v) {
  return {static_cast<std::int64_t>(v.x()), static_cast<std::int64_t>(v.y()), static_cast<std::int64_t>(v.z())};
}
inline I3 sub(const I3& a, const I3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline I3 cross(const I3& a, const I3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline std::int64_t dot(const I3& a, const I3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline int sign(std::int64_t x) { return (x > 0) - (x < 0); }

/// Exact data of one tet face: integer normal (c1−c0)×(c2−c0), its first corner.
struct IntFace {
  I3 n, c0;
  bool zero_area() const { return n[0] == 0 && n[1] == 0 && n[2] == 0; }
  std::int64_t side(const I3& q) const { return dot(n, sub(q, c0)); }  ///< > 0: beyond the plane
};

struct IntTet {
  std::array<IntFace, 4> face;
  int orientation = 0;
};

inline IntTet int_tet(const std::array<Vec3, 4>& corners) {
  std::array<I3, 4> c;
  for (int i = 0; i < 4; ++i) c[i] = to_int(corners[i]);
  IntTet t;
  t.orientation = sign(dot(sub(c[1], c[0]), cross(sub(c[2], c[0]), sub(c[3], c[0]))));
  for (int f = 0; f < 4; ++f) {
    const auto& k = kTetFaces[f];
    t.face[f] = {cross(sub(c[k[1]], c[k[0]]), sub(c[k[2]], c[k[0]])), c[k[0]]};
  }
  return t;
}

/// Exact: q in the closed, proper tet.
inline bool int_in_closed(const IntTet& t, const I3& q) {
  if (t.orientation == 0) return false;
  for (const IntFace& f : t.face) {
    if (t.orientation * f.side(q) > 0) return false;
  }
  return true;
}

/// Distance from q (inside) to the plane of face f, in double from exact integers.
inline double int_plane_distance(const IntTet& t, int f, const I3& q) {
  const IntFace& face = t.face[f];
  return static_cast<double>(-t.orientation * face.side(q)) / std::sqrt(static_cast<double>(dot(face.n, face.n)));
}

/// Unit outward normal of face f from exact integers.
inline Vec3 int_outward_normal(const IntTet& t, int f) {
  const I3& n = t.face[f].n;
  return Vec3(double(n[0]), double(n[1]), double(n[2])).normalized() * double(t.orientation);
}

inline Aabb tet_box(const std::array<Vec3, 4>& t) {
  Aabb box;
  for (const Vec3& p : t) box.extend(p);
  return box;
}

inline double tet_diameter(const std::array<Vec3, 4>& t) {
  double d = 0.0;
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) d = std::max(d, (t[i] - t[j]).norm());
  return d;
}

/// Invariants of every contact of the pair: finite, unit normal, labels, position in the union of
/// the tets' boxes (inflated by the tolerance), −(sum of diameters) ≤ gap ≤ 0.
inline void expect_sane(const std::vector<Contact>& contacts, const MethodBody& a, Index ta, const MethodBody& b,
                        Index tb, const MethodSettings& settings) {
  const auto ca = a.tet(ta), cb = b.tet(tb);
  Aabb box = tet_box(ca);
  box.extend(tet_box(cb));
  const double tol = settings.absolute_tolerance();
  const double min_gap = -(tet_diameter(ca) + tet_diameter(cb));
  for (const Contact& c : contacts) {
    ASSERT_TRUE(c.position.allFinite() && c.normal.allFinite() && std::isfinite(c.gap));
    EXPECT_NEAR(c.normal.norm(), 1.0, 1e-12);
    EXPECT_EQ(c.body_a, a.index);
    EXPECT_EQ(c.body_b, b.index);
    EXPECT_EQ(c.element_a, ta);
    EXPECT_EQ(c.element_b, tb);
    EXPECT_LE(c.gap, 0.0);
    EXPECT_GE(c.gap, min_gap);
    for (int k = 0; k < 3; ++k) {
      EXPECT_GE(c.position[k], box.min[k] - tol);
      EXPECT_LE(c.position[k], box.max[k] + tol);
    }
    const bool vf = c.feature_a.type == FeatureType::kVertex && c.feature_b.type == FeatureType::kFace;
    const bool fv = c.feature_a.type == FeatureType::kFace && c.feature_b.type == FeatureType::kVertex;
    EXPECT_TRUE(vf || fv);
    EXPECT_NE(c.feature_a.index, kInvalidIndex);
    EXPECT_NE(c.feature_b.index, kInvalidIndex);
  }
}

// ---- random degenerate pairs on an integer grid ----

/// The unit tet on top of a second tet below its face z = 0 (face (0, 1, 2), which becomes
/// interior). With unit_tet() the two canonical topologies of the degenerate sweeps: kernels read
/// only topology and world vertices, so each case overwrites `world` of a body built once per
/// topology.
inline TetMesh unit_tet_on_tet_below() {
  TetMesh m = unit_tet();
  m.vertices.push_back({0.25, 0.25, -1.0});
  m.tets.push_back({1, 0, 2, 4});
  return m;
}

class DegenerateGenerator {
 public:
  explicit DegenerateGenerator(std::uint32_t seed) : rng_(seed) {}

  /// Random world vertices for a body (4 or 5 vertices), all coordinates even integers in [−8, 8]
  /// unless drawn from `pool` (points of the other body: its vertices, edge midpoints, points on its
  /// face planes), so that touching, shared faces, coplanar faces and parallel edges occur often.
  /// Tets come out with orientation ≥ 0 (zero-volume slivers included).
  std::vector<Vec3> body(std::size_t n, const std::vector<Vec3>& pool) {
    std::vector<Vec3> p(n);
    for (int attempt = 0;; ++attempt) {
      for (std::size_t i = 0; i < n; ++i) p[i] = point(pool);
      if (coin(0.15)) p[3] = sliver_point(p);  // flat or nearly flat first tet
      if (orient(p[0], p[1], p[2], p[3]) < 0) std::swap(p[0], p[1]);
      if (n == 4) return p;
      if (orient(p[1], p[0], p[2], p[4]) >= 0 || attempt > 20) {
        if (orient(p[1], p[0], p[2], p[4]) < 0) p[4] = p[3];  // still a valid (zero-volume) case
        return p;
      }
    }
  }

  /// Points of a body for the other body to reuse.
  static std::vector<Vec3> pool_of(const std::vector<Vec3>& p) {
    std::vector<Vec3> pool = p;
    for (std::size_t i = 0; i < p.size(); ++i)
      for (std::size_t j = i + 1; j < p.size(); ++j) {
        const Vec3 m = (p[i] + p[j]) / 2.0;
        if (m == m.array().round().matrix()) pool.push_back(m);
      }
    return pool;
  }

  bool coin(double probability) { return std::uniform_real_distribution<double>(0, 1)(rng_) < probability; }
  std::mt19937& rng() { return rng_; }

 private:
  static std::int64_t orient(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    const I3 ia = to_int(a);
    return dot(sub(to_int(b), ia), cross(sub(to_int(c), ia), sub(to_int(d), ia)));
  }
  double grid(int lo, int hi) { return double(std::uniform_int_distribution<int>(lo, hi)(rng_)); }
  Vec3 point(const std::vector<Vec3>& pool) {
    if (!pool.empty() && coin(0.5)) {
      const Vec3& base = pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng_)];
      if (coin(0.6)) return base;
      // A small integer step from a pool point (stays near the other body, often on its planes).
      Vec3 q = base + Vec3(grid(-1, 1), grid(-1, 1), grid(-1, 1));
      return q.cwiseMax(-8.0).cwiseMin(8.0);
    }
    return 2.0 * Vec3(grid(-4, 4), grid(-4, 4), grid(-4, 4));
  }
  /// A point in the plane of p0, p1, p2 (integer combination), or one step off it.
  Vec3 sliver_point(const std::vector<Vec3>& p) {
    Vec3 q = p[0] + grid(-1, 1) * (p[1] - p[0]) + grid(-1, 1) * (p[2] - p[0]);
    if (coin(0.3)) q += Vec3(grid(-1, 1), grid(-1, 1), grid(-1, 1));
    return q.cwiseMax(-8.0).cwiseMin(8.0);
  }
  std::mt19937 rng_;
};

// ---- hand-built cases under motion ----

struct ExpectedContact {
  Vec3 position, normal;
  double gap;
  FeatureRef feature_a, feature_b;
};

/// The surface triangle of local face f of tet t of `mesh`.
inline Index surface_triangle_of(const TetMesh& mesh, Index t, int f) {
  return make_shape_from_tets(mesh, "lookup")->surface_map.tet_face_to_triangle[t][f];
}

/// A thin tet with its apex at `apex` and its base 1.3 below (−z): the apex's three edges run
/// almost straight down.
inline TetMesh spike(const Vec3& apex) {
  return single_tet(apex + Vec3(-0.05, -0.05, -1.3), apex + Vec3(0.05, -0.05, -1.3), apex + Vec3(0, 0.05, -1.3), apex);
}

inline FeatureRef vertex_feature(Index v) { return {FeatureType::kVertex, v}; }
inline FeatureRef face_feature(Index f) { return {FeatureType::kFace, f}; }

/// A hand-built case: tet ta of a against tet tb of b, and the contacts expected (unposed, unscaled).
struct HandCase {
  const char* name;
  TetMesh a, b;
  Index ta = 0, tb = 0;
  std::vector<ExpectedContact> expected;
  bool touching = false;  ///< only exact motions keep it touching
};

/// Runs `method` on (a: tet ta, b: tet tb), with both bodies' meshes scaled by `scale` and posed by
/// `pose`, settings.length_scale = scale, and compares with `expected` (given unscaled, unposed):
/// same features, positions pose(scale·p), normals R·n, gaps scale·g.
inline void expect_hand_case(const ContactMethod& method, const TetMesh& mesh_a, Index ta, const TetMesh& mesh_b,
                             Index tb, const std::vector<ExpectedContact>& expected, const Transform& pose,
                             double scale) {
  const PosedTestBody a(scaled(mesh_a, scale), pose, 0), b(scaled(mesh_b, scale), pose, 1);
  MethodSettings settings;
  settings.length_scale = scale;
  std::vector<Contact> got;
  method.generate(a.body(), ta, b.body(), tb, settings, got);
  ASSERT_EQ(got.size(), expected.size());
  std::vector<bool> used(got.size(), false);
  const double tol = 1e-9 * scale;
  for (const ExpectedContact& e : expected) {
    bool found = false;
    for (std::size_t i = 0; i < got.size() && !found; ++i) {
      const Contact& c = got[i];
      if (used[i] || c.feature_a != e.feature_a || c.feature_b != e.feature_b) continue;
      used[i] = found = true;
      EXPECT_LT((c.position - pose.apply(scale * e.position)).norm(), tol);
      EXPECT_LT((c.normal - pose.apply_vector(e.normal)).norm(), 1e-9);
      EXPECT_NEAR(c.gap, scale * e.gap, tol);
      EXPECT_EQ(c.body_a, 0);
      EXPECT_EQ(c.body_b, 1);
      EXPECT_EQ(c.element_a, ta);
      EXPECT_EQ(c.element_b, tb);
    }
    EXPECT_TRUE(found) << "expected contact at " << e.position.transpose();
  }
  expect_swap_symmetric(method, a.body(), ta, b.body(), tb, settings);
}

/// An exact motion: a proper signed permutation matrix and an integer translation (keeps exact
/// touching exact).
inline Transform random_exact_pose(std::mt19937& rng) {
  std::array<int, 3> perm{0, 1, 2};
  std::shuffle(perm.begin(), perm.end(), rng);
  Mat3 r = Mat3::Zero();
  for (int i = 0; i < 3; ++i) r(i, perm[i]) = (rng() & 1) ? 1.0 : -1.0;
  if (r.determinant() < 0) r.row(0) *= -1.0;
  const Vec3 t(double(int(rng() % 21) - 10), double(int(rng() % 21) - 10), double(int(rng() % 21) - 10));
  return {r, t};
}

/// Index of the vertex at `p` in `m` (exact match).
inline Index vertex_at(const TetMesh& m, const Vec3& p) {
  for (Index i = 0; i < m.vertex_count(); ++i)
    if (m.vertices[i] == p) return i;
  return kInvalidIndex;
}

/// Every hand case as built (identity pose, scale 1).
inline void expect_hand_cases(const ContactMethod& method, const std::vector<HandCase>& cases) {
  for (const HandCase& c : cases) {
    SCOPED_TRACE(c.name);
    expect_hand_case(method, c.a, c.ta, c.b, c.tb, c.expected, Transform::identity(), 1.0);
  }
}

/// Every hand case under 20 random motions: general rotations (translations within ±10) and scales
/// in [1e-3, 1e3] for the penetrating cases; signed permutations, integer shifts and powers of two
/// for the touching ones.
inline void expect_hand_cases_under_motion(const ContactMethod& method, const std::vector<HandCase>& cases,
                                           std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> log_scale(-3, 3);
  for (const HandCase& c : cases) {
    SCOPED_TRACE(c.name);
    for (int k = 0; k < 20; ++k) {
      if (c.touching) {
        expect_hand_case(method, c.a, c.ta, c.b, c.tb, c.expected, random_exact_pose(rng),
                         std::ldexp(1.0, int(rng() % 21) - 10));
      } else {
        expect_hand_case(method, c.a, c.ta, c.b, c.tb, c.expected, random_pose(rng, 10.0),
                         std::pow(10.0, log_scale(rng)));
      }
    }
  }
}

/// 2·10^4 random pairs from DegenerateGenerator(seed) on one- or two-tet bodies: the invariants
/// (expect_sane), exact A/B symmetry and the method's brute force, called as
/// expect_brute_force(a, ta, b, tb, settings, contacts); the generator must produce contacts,
/// touching and penetrating ones among them.
template <class BruteForce>
void expect_random_degenerate_pairs(const ContactMethod& method, std::uint32_t seed, BruteForce&& expect_brute_force) {
  PosedTestBody a1(unit_tet(), Transform::identity(), 0), a2(unit_tet_on_tet_below(), Transform::identity(), 0);
  PosedTestBody b1(unit_tet(), Transform::identity(), 1), b2(unit_tet_on_tet_below(), Transform::identity(), 1);
  DegenerateGenerator gen(seed);
  MethodSettings settings;
  settings.length_scale = 16.0;
  std::size_t with_contacts = 0, touching = 0, penetrating = 0;
  for (int i = 0; i < 20000; ++i) {
    PosedTestBody& pa = gen.coin(0.5) ? a1 : a2;
    PosedTestBody& pb = gen.coin(0.5) ? b1 : b2;
    pa.world = gen.body(pa.world.size(), {});
    pb.world = gen.body(pb.world.size(), DegenerateGenerator::pool_of(pa.world));
    const MethodBody a = pa.body(), b = pb.body();
    const Index ta = Index(gen.rng()() % a.shape->tets.tets.size());
    const Index tb = Index(gen.rng()() % b.shape->tets.tets.size());
    std::vector<Contact> got;
    method.generate(a, ta, b, tb, settings, got);
    SCOPED_TRACE(i);
    expect_sane(got, a, ta, b, tb, settings);
    expect_swap_symmetric(method, a, ta, b, tb, settings);
    expect_brute_force(a, ta, b, tb, settings, got);
    if (::testing::Test::HasFailure()) return;
    with_contacts += !got.empty();
    for (const Contact& c : got) (c.gap == 0.0 ? touching : penetrating) += 1;
  }
  // The generator must actually produce contacts, touching ones among them.
  EXPECT_GT(with_contacts, 2000u);
  EXPECT_GT(touching, 1000u);
  EXPECT_GT(penetrating, 1000u);
  std::printf("%s random pairs: %zu with contacts, %zu touching and %zu penetrating contacts\n",
              std::string(method.name()).c_str(), with_contacts, touching, penetrating);
}

}  // namespace contactlab::testing
