// The Closest points method (docs/methods.md §2): bodies eroded by ε (surface vertices moved
// inward by ε along their angle-weighted vertex normals, the paper's §8.3), (V,F) and (E,E) pairs
// of eroded features within 2ε. Hand-derived cube-on-cube contacts (cube corners erode by
// ε(1,1,1)/√3, so faces move by ε/√3), crossed ridges, a brute-force check of the nearest contact
// against densely sampled distances of the eroded surfaces (eroded here by an independent
// formula), rigid-motion/scale invariance, A↔B swap symmetry and a randomized degenerate sweep.
#include "contactlab/contact/methods/closest_points.h"

#include "contact/surface_method_test_support.h"
#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/closest_points_segment_segment.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/triangle_triangle_intersection.h"

#include "contactlab/scene/scene_transforms.h"

#include "contactlab/suite/builtin_scenes.h"

#include "contactlab/contact/generate_contacts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>

namespace contactlab::testing {
namespace {

constexpr double kEnvelope = 0.01;  // the paper's absolute ε (§8.3), set explicitly
/// The method with the paper's absolute envelope, so the hand-computed figures below hold for any
/// pair (the registry's default is relative to the pair's length).
const ContactMethod& method() {
  static const std::unique_ptr<ContactMethod> absolute = make_closest_points_method({.envelope = kEnvelope});
  return *absolute;
}

TetMesh ridge_x() { return single_tet({-1, 0, 0}, {1, 0, 0}, {0, -1, -1}, {0, 1, -1}); }
TetMesh ridge_y(double h) { return single_tet({0, -1, h}, {0, 1, h}, {-1, 0, h + 1}, {1, 0, h + 1}); }

/// The cube [0,1]² × [z0, z0+1] as 6 tets around its main diagonal (Kuhn split): every face is
/// two triangles, and each corner's three faces meet at right angles, so its angle-weighted
/// normal is (±1,±1,±1)/√3 whatever the diagonals.
TetMesh cube(double z0) {
  TetMesh m;
  for (int i = 0; i < 8; ++i) m.vertices.emplace_back(i & 1, (i >> 1) & 1, z0 + ((i >> 2) & 1));
  // Paths 0 → 7 through the cube's corners, one per permutation of the axes.
  const int axes[6][3] = {{1, 2, 4}, {1, 4, 2}, {2, 1, 4}, {2, 4, 1}, {4, 1, 2}, {4, 2, 1}};
  for (const auto& order : axes) {
    const Index v1 = order[0], v2 = v1 + order[1], v3 = 7;
    std::array<Vec3, 4> x{m.vertices[0], m.vertices[static_cast<std::size_t>(v1)],
                          m.vertices[static_cast<std::size_t>(v2)], m.vertices[7]};
    Tet t{0, v1, v2, v3};
    if (signed_volume_sign(x[0], x[1], x[2], x[3]) < 0) std::swap(t[2], t[3]);
    m.tets.push_back(t);
  }
  return m;
}

/// All contacts of every tet pair of two bodies.
std::vector<Contact> run_all(const PosedTestBody& a, const PosedTestBody& b, const MethodSettings& s) {
  std::vector<Contact> out;
  for (Index i = 0; i < a.shape->tets.tet_count(); ++i)
    for (Index j = 0; j < b.shape->tets.tet_count(); ++j) method().generate(a.body(), i, b.body(), j, s, out);
  return out;
}

TEST(ClosestPointsMethod, CubeOnCubeGivesVerticalContactsWithinTwoEnvelopes) {
  // A = [0,1]³, B = the same cube lifted by 1 + h. Eroded, A's top is at z = 1 − ε/√3 and B's
  // bottom at z = 1 + h + ε/√3: distance D = h + 2ε/√3, so contacts exist iff D ≤ 2ε, all with
  // n = +z, gap D − 2ε, at z = 1 + h/2, inside the eroded square [ε/√3, 1 − ε/√3]².
  const MethodSettings s;
  const double eps = kEnvelope, shrink = eps / std::sqrt(3.0);
  for (double h : {0.0, 0.5 * eps, 0.8 * eps}) {
    const PosedTestBody a(cube(0.0), Transform::identity(), 0), b(cube(1.0 + h), Transform::identity(), 1);
    const auto cs = run_all(a, b, s);
    ASSERT_FALSE(cs.empty()) << h;
    int corners_of_a = 0;
    for (const Contact& c : cs) {
      EXPECT_LE((c.normal - Vec3(0, 0, 1)).norm(), 1e-12) << h;
      EXPECT_NEAR(c.gap, h + 2 * shrink - 2 * eps, 1e-12) << h;
      EXPECT_NEAR(c.position.z(), 1.0 + 0.5 * h, 1e-12) << h;
      for (int k = 0; k < 2; ++k) {
        EXPECT_GE(c.position[k], shrink - 1e-12);
        EXPECT_LE(c.position[k], 1.0 - shrink + 1e-12);
      }
      // A's eroded top corners against B's eroded bottom: straight up, so p keeps the corner's x, y.
      if (c.feature_a.type == FeatureType::kVertex &&
          std::abs(std::abs(c.position.x() - 0.5) - (0.5 - shrink)) < 1e-12 &&
          std::abs(std::abs(c.position.y() - 0.5) - (0.5 - shrink)) < 1e-12)
        ++corners_of_a;
    }
    EXPECT_GE(corners_of_a, 4) << h;
    // Swapped bodies: the same contacts (matched by features and elements), normals flipped.
    std::vector<Contact> ba;
    for (Index i = 0; i < 6; ++i)
      for (Index j = 0; j < 6; ++j) method().generate(b.body(), i, a.body(), j, s, ba);
    ASSERT_EQ(ba.size(), cs.size());
    for (const Contact& c : cs) {
      const auto d = std::find_if(ba.begin(), ba.end(), [&](const Contact& e) {
        return e.feature_a == c.feature_b && e.feature_b == c.feature_a && e.element_a == c.element_b &&
               e.element_b == c.element_a;
      });
      ASSERT_NE(d, ba.end());
      EXPECT_LE((d->position - c.position).norm(), 1e-12);
      EXPECT_LE((d->normal + c.normal).norm(), 1e-12);
      EXPECT_NEAR(d->gap, c.gap, 1e-12);
    }
  }
  // Beyond: D = 0.9ε + 2ε/√3 > 2ε.
  const PosedTestBody a(cube(0.0), Transform::identity(), 0), b(cube(1.0 + 0.9 * eps), Transform::identity(), 1);
  EXPECT_TRUE(run_all(a, b, s).empty());
}

TEST(ClosestPointsMethod, SideBySideCubesGiveHorizontalContacts) {
  // B = A moved by (1, 0.3, 0): touching along the face x = 1, eroded faces 2ε/√3 apart.
  const MethodSettings s;
  TetMesh shifted = cube(0.0);
  for (Vec3& v : shifted.vertices) v += Vec3(1, 0.3, 0);
  const PosedTestBody a(cube(0.0), Transform::identity(), 0), b(shifted, Transform::identity(), 1);
  const auto cs = run_all(a, b, s);
  ASSERT_FALSE(cs.empty());
  for (const Contact& c : cs) {
    EXPECT_LE((c.normal - Vec3(1, 0, 0)).norm(), 1e-12);
    EXPECT_NEAR(c.gap, 2 * kEnvelope / std::sqrt(3.0) - 2 * kEnvelope, 1e-12);
    EXPECT_NEAR(c.position.x(), 1.0, 1e-12);
  }
}

TEST(ClosestPointsMethod, CrossedRidgesGiveOneEdgeEdgeContact) {
  // Two ridges crossing at right angles, mirror images of each other about z = h/2: by symmetry
  // the eroded ridge edges stay parallel to x and y, at z = −δ and h + δ, so the one (E,E)
  // contact is at (0, 0, h/2) with n = +z; its gap (2δ + h − 2ε) is checked against the sampled
  // distance test below. The end points of the edges are not closest points: no (V,F) contact.
  const MethodSettings s;
  const double eps = kEnvelope;
  for (double h : {0.0, 0.5 * eps}) {
    const PosedTestBody a(ridge_x(), Transform::identity(), 0);
    const PosedTestBody b(ridge_y(h), Transform::identity(), 1);
    const auto cs = run(method(), a, b, s);
    ASSERT_EQ(cs.size(), 1u) << h;
    const Contact& c = cs[0];
    EXPECT_EQ(c.feature_a, (FeatureRef{FeatureType::kEdge, a.features->surface_topology.find_edge(0, 1)}));
    EXPECT_EQ(c.feature_b, (FeatureRef{FeatureType::kEdge, b.features->surface_topology.find_edge(0, 1)}));
    EXPECT_LE((c.position - Vec3(0, 0, h / 2)).norm(), 1e-15);
    EXPECT_LE((c.normal - Vec3(0, 0, 1)).norm(), 1e-15);
    EXPECT_LT(c.gap, h);  // eroded edges are further apart than h, but within 2ε
    EXPECT_GT(c.gap, h - 2 * eps);
    EXPECT_EQ(swap_mismatch(cs, run(method(), b, a, s)), "");
  }
  const PosedTestBody r(ridge_y(2.1 * eps), Transform::identity(), 1);
  EXPECT_TRUE(run(method(), PosedTestBody(ridge_x(), Transform::identity(), 0), r, s).empty());
}

/// A one-tet body eroded as the paper's §8.3 describes, computed independently of the method:
/// each corner moved by ε against the normalised sum of its three faces' outward unit normals,
/// each weighted by the face's interior angle at that corner (arc cosine of the edge directions).
std::array<Vec3, 4> eroded_one_tet(const std::array<Vec3, 4>& x, double eps) {
  std::array<Vec3, 4> normal_sum{Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero()};
  const Vec3 centroid = 0.25 * (x[0] + x[1] + x[2] + x[3]);
  for (const auto& f : kTetFaces) {
    const Vec3 p0 = x[static_cast<std::size_t>(f[0])], p1 = x[static_cast<std::size_t>(f[1])],
               p2 = x[static_cast<std::size_t>(f[2])];
    Vec3 n = (p1 - p0).cross(p2 - p0).normalized();
    if (n.dot(p0 - centroid) < 0) n = -n;  // outward
    for (int k = 0; k < 3; ++k) {
      const auto v = static_cast<std::size_t>(f[static_cast<std::size_t>(k)]);
      const Vec3 u = (x[static_cast<std::size_t>(f[static_cast<std::size_t>((k + 1) % 3)])] - x[v]).normalized();
      const Vec3 w = (x[static_cast<std::size_t>(f[static_cast<std::size_t>((k + 2) % 3)])] - x[v]).normalized();
      normal_sum[v] += std::acos(std::clamp(u.dot(w), -1.0, 1.0)) * n;
    }
  }
  std::array<Vec3, 4> out;
  for (std::size_t v = 0; v < 4; ++v) out[v] = x[v] - eps * normal_sum[v].normalized();
  return out;
}

/// Distance of two triangles from dense barycentric samples of each against the other triangle's
/// exact closest point (an upper bound within the sample spacing of the true distance) — not the
/// method's (V,F)/(E,E) feature enumeration.
double sampled_distance(const std::array<Vec3, 3>& t, const std::array<Vec3, 3>& u, int n) {
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) {
      const double a = double(i) / n, b = double(j) / n, c = 1.0 - a - b;
      best = std::min(best,
                      closest_point_point_triangle(a * t[0] + b * t[1] + c * t[2], u[0], u[1], u[2]).squared_distance);
      best = std::min(best,
                      closest_point_point_triangle(a * u[0] + b * u[1] + c * u[2], t[0], t[1], t[2]).squared_distance);
    }
  }
  return std::sqrt(best);
}

TEST(ClosestPointsMethod, NearestContactMatchesSampledErodedSurfaceDistance) {
  // 300 random tet pairs of size ~1, B shifted so that the eroded surfaces come within 2ε
  // (ε = 0.1) or not: for disjoint eroded surfaces the smallest contact distance (gap + 2ε) must
  // equal the brute-force distance between the two eroded tets' boundary triangles, and there are
  // contacts iff that distance is ≤ 2ε. Interpenetrating eroded surfaces are outside the method's
  // model (it has no (E,F) pairs: paper §6) and only get the sanity checks.
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(0, 1), shift(0.3, 1.1);
  const MethodSettings s;
  const double envelope = 0.1;
  const std::unique_ptr<ContactMethod> eroding = make_closest_points_method({.envelope = envelope});
  const int n = 32;  // samples per triangle side
  int with_contacts = 0, without = 0;
  for (int k = 0; k < 300; ++k) {
    auto corner = [&] { return Vec3(u(rng), u(rng), u(rng)); };
    const TetMesh ta = single_tet(corner(), corner(), corner(), corner());
    TetMesh tb = single_tet(corner(), corner(), corner(), corner());
    const Vec3 d = Vec3(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5).normalized() * shift(rng);
    for (Vec3& v : tb.vertices) v += d;
    const PosedTestBody a(ta, Transform::identity(), 0), b(tb, Transform::identity(), 1);
    const auto ea = eroded_one_tet({a.world[0], a.world[1], a.world[2], a.world[3]}, envelope);
    const auto eb = eroded_one_tet({b.world[0], b.world[1], b.world[2], b.world[3]}, envelope);
    double brute = std::numeric_limits<double>::infinity();
    double spacing = 0;
    bool penetrating = false;
    for (const auto& fa : kTetFaces) {
      const std::array<Vec3, 3> t{ea[static_cast<std::size_t>(fa[0])], ea[static_cast<std::size_t>(fa[1])],
                                  ea[static_cast<std::size_t>(fa[2])]};
      for (const auto& fb : kTetFaces) {
        const std::array<Vec3, 3> w{eb[static_cast<std::size_t>(fb[0])], eb[static_cast<std::size_t>(fb[1])],
                                    eb[static_cast<std::size_t>(fb[2])]};
        brute = std::min(brute, sampled_distance(t, w, n));
        penetrating |= triangle_triangle_intersection(t[0], t[1], t[2], w[0], w[1], w[2]).intersect;
      }
    }
    for (const auto& e : kTetEdges) {
      spacing = std::max(spacing, (ea[static_cast<std::size_t>(e[0])] - ea[static_cast<std::size_t>(e[1])]).norm());
      spacing = std::max(spacing, (eb[static_cast<std::size_t>(e[0])] - eb[static_cast<std::size_t>(e[1])]).norm());
    }
    spacing /= n;
    const auto cs = run(*eroding, a, b, s);
    double nearest = std::numeric_limits<double>::infinity();
    for (const Contact& c : cs) nearest = std::min(nearest, c.gap + 2 * envelope);
    // Sampled distance overestimates by at most the grid spacing (a point of each triangle is
    // within `spacing` of a sample).
    if (penetrating) {
      // no distance check
    } else if (brute <= 2 * envelope - 2 * spacing) {
      ASSERT_FALSE(cs.empty()) << k;
      EXPECT_LE(nearest, brute + 1e-12) << k;
      EXPECT_GE(nearest, brute - 2 * spacing) << k;
      ++with_contacts;
    } else if (brute > 2 * envelope + 1e-12) {
      EXPECT_TRUE(cs.empty()) << k;
      ++without;
    }
    expect_sane(cs, a.world, b.world, s.absolute_tolerance(), -2 * envelope);
  }
  EXPECT_GT(with_contacts, 15) << without;
  EXPECT_GT(without, 15) << with_contacts;
}

TEST(ClosestPointsMethod, RigidMotionAndScaleMoveTheContacts) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> scale(0.01, 100.0);
  const MethodSettings s;
  for (int k = 0; k < 20; ++k) {
    const Transform pose = random_pose(rng, 3.0);
    const double sc = scale(rng);
    const std::unique_ptr<ContactMethod> scaled = make_closest_points_method({.envelope = kEnvelope * sc});
    expect_rigid_invariant(method(), *scaled, ridge_x(), ridge_y(0.5 * kEnvelope), s, pose, sc);
    expect_rigid_invariant(method(), *scaled, ridge_x(), ridge_y(0.0), s, pose, sc);
    const double g = 0.5 * kEnvelope;  // A's bottom face over B's top face: (V,F) and (E,E) pairs
    expect_rigid_invariant(method(), *scaled, unit_tet(),
                           single_tet({0, 0, -g}, {1, 0, -g}, {0, 1, -g}, {0, 0, -1 - g}), s, pose, sc);
  }
}

TEST(ClosestPointsMethod, DegenerateSweepIsFiniteSaneAndSymmetric) {
  const double envelope = 0.25;  // integer/dyadic corners: touching and 2ε-near pairs both occur
  // Erosion moves corners by up to ε (anywhere, for zero-volume tets), so positions may leave the
  // tets' boxes by ε.
  const std::size_t n = degenerate_sweep(*make_closest_points_method({.envelope = envelope}), MethodSettings{}, 10000,
                                         13, -2 * envelope, envelope);
  EXPECT_GT(n, 1000u);
}

}  // namespace
}  // namespace contactlab::testing

namespace contactlab {
namespace {

// Issue 12 (b): the default envelope is relative to the pair's length, so the wall scaled by 1e-3
// gives the same contacts as the wall (a fixed 0.01 m gave 876,764 contacts at 1 % quality).
TEST(ClosestPoints, DefaultEnvelopeScalesWithTheBodies) {
  const Scene wall = make_builtin_scene("wall");
  const Scene small = transformed(wall, Transform::identity(), 1e-3);
  const ContactSet big_set = generate_contacts(wall, closest_points_method());
  const ContactSet small_set = generate_contacts(small, closest_points_method());
  ASSERT_EQ(big_set.contacts.size(), small_set.contacts.size());
  for (std::size_t i = 0; i < big_set.contacts.size(); ++i) {
    const Contact &b = big_set.contacts[i], &s = small_set.contacts[i];
    EXPECT_EQ(b.body_a, s.body_a);
    EXPECT_EQ(b.body_b, s.body_b);
    EXPECT_LE((1e-3 * b.position - s.position).norm(), 1e-12) << i;
    EXPECT_LE((b.normal - s.normal).norm(), 1e-9) << i;
  }
  EXPECT_EQ(closest_points_method().parameters(MethodSettings{}).count("relative_envelope"), 1u);
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

/// The Closest points method by its definition, with no broad phase and no tet pairs: every
/// surface vertex of one body against every surface triangle of the other and every pair of
/// surface edges, on the bodies eroded by ε along their angle-weighted vertex normals (computed
/// here from the world vertices), kept when the closest points are within 2ε + tol (edge pairs:
/// inside both edges beyond the band of their ends, not parallel). Closest points apart only
/// (the method's normal is then the separation, whichever tets hold the features).
struct BruteContact {
  Vec3 position, normal;
  double gap;
  /// 1 / sin of the angle between the edges of an edge pair (1 for a vertex and a face): how far the
  /// closest points slide along the edges per unit of offset across them. Rounding of the
  /// positions' order moves an edge pair's points by that much more than a vertex's.
  double slide = 1.0;
};

std::vector<BruteContact> closest_points_by_definition(const ContactBody& a, const ShapeFeatures& fa,
                                                       const ContactBody& b, const ShapeFeatures& fb,
                                                       bool& coincident) {
  const double length = pair_length_scale(fa, fb);
  MethodSettings settings;
  settings.length_scale = length;
  const double epsilon = 0.01 * length, tol = settings.absolute_tolerance();
  const double reach = 2 * epsilon + tol;
  // Positions from a corner of A, added back to the contacts: the definition does not depend on
  // where the pair lies, and a scene moved far from the origin (random_pose) would otherwise give
  // this reference the rounding of its distance from the origin (the driver works from the
  // scene's centre there).
  const Vec3 origin = a.world_vertices.front();
  struct Surface {
    std::vector<Vec3> x;  // eroded positions from `origin` by tet-mesh vertex (surface vertices only)
    std::vector<Triangle> triangles;
    std::set<std::pair<Index, Index>> edges;
  };
  const auto surface_of = [&](const ContactBody& body, const ShapeFeatures& f) {
    Surface s;
    s.x = body.world_vertices;
    s.triangles = body.shape->surface_map.surface.triangles;
    for (const Triangle& t : s.triangles) {
      for (std::size_t i = 0; i < 3; ++i) {
        const Index v = t[i];
        s.x[static_cast<std::size_t>(v)] = (body.world_vertices[static_cast<std::size_t>(v)] - origin) -
                                           epsilon * surface_pseudo_normal(f, body.world_vertices, v);
        s.edges.insert({std::min(t[i], t[(i + 1) % 3]), std::max(t[i], t[(i + 1) % 3])});
      }
    }
    return s;
  };
  const Surface sa = surface_of(a, fa), sb = surface_of(b, fb);
  std::vector<BruteContact> out;
  const auto keep = [&](const Vec3& pa, const Vec3& pb, double slide = 1.0) {
    const double d = (pb - pa).norm();
    if (d > reach) return;
    if (d <= tol) {
      coincident = true;
      return;
    }
    out.push_back({origin + 0.5 * (pa + pb), (pb - pa) / d, d - 2 * epsilon, slide});
  };
  const auto vertices_against_faces = [&](const Surface& points, const Surface& faces, bool points_on_a) {
    std::set<Index> done;
    for (const Triangle& t : points.triangles) {
      for (const Index v : t) {
        if (!done.insert(v).second) continue;
        const Vec3& p = points.x[static_cast<std::size_t>(v)];
        for (const Triangle& f : faces.triangles) {
          const Vec3 q = closest_point_point_triangle(p, faces.x[static_cast<std::size_t>(f[0])],
                                                      faces.x[static_cast<std::size_t>(f[1])],
                                                      faces.x[static_cast<std::size_t>(f[2])])
                             .closest_point;
          points_on_a ? keep(p, q) : keep(q, p);
        }
      }
    }
  };
  vertices_against_faces(sa, sb, true);
  vertices_against_faces(sb, sa, false);
  for (const auto& [a0, a1] : sa.edges) {
    for (const auto& [b0, b1] : sb.edges) {
      const Vec3 &p0 = sa.x[static_cast<std::size_t>(a0)], &p1 = sa.x[static_cast<std::size_t>(a1)];
      const Vec3 &q0 = sb.x[static_cast<std::size_t>(b0)], &q1 = sb.x[static_cast<std::size_t>(b1)];
      const auto r = closest_points_segment_segment(p0, p1, q0, q1);
      const double la = (p1 - p0).norm(), lb = (q1 - q0).norm();
      if (!(r.s * la > tol && (1 - r.s) * la > tol && r.t * lb > tol && (1 - r.t) * lb > tol)) continue;
      const double sine = (p1 - p0).cross(q1 - q0).norm() / (la * lb);
      if (!(sine > 1e-6)) continue;
      keep(r.point_p, r.point_q, 1.0 / sine);
    }
  }
  return out;
}

// The method's pruning — candidate tet pairs, each feature pair queried only from the tets owning
// its features, box prefilters — loses and adds nothing: on suite scenes, plain and under random
// similarity transforms, its contacts are those of the definition evaluated over all features.
TEST(ClosestPoints, ContactsAreThoseOfEveryFeaturePairByDefinition) {
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> log_scale(-3.0, 3.0);
  for (const std::string name :
       {"pillar", "wall", "arch", "crack-hole", "two-spike-wedge", "internal-edge", "cliff-edge"}) {
    for (int trial = 0; trial < 5; ++trial) {
      const Scene base = make_builtin_scene(name);
      Scene scene =
          trial == 0 ? base : transformed(base, testing::random_pose(rng, 5.0), std::pow(10.0, log_scale(rng)));
      if (trial >= 3) {
        // A simulation's state: every movable piece turned by up to 1e-4 rad, so that feature pairs
        // lie at every distance around the reach instead of at the few a resting stack has; and by
        // up to 1e-7 rad and moved along gravity by up to 2e-8 of the scene's length, so that pairs
        // 2ε apart at rest (flush faces eroded alike) lie within ~1e-8 of the reach on either side.
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        for (Body& body : scene.bodies) {
          if (body.fixed) continue;
          const Vec3 axis = Vec3(unit(rng), unit(rng), unit(rng)).normalized();
          body.orientation = Quat(Eigen::AngleAxisd((trial == 3 ? 1e-4 : 1e-7) * unit(rng), axis)) * body.orientation;
          if (trial == 4) body.position += 2e-8 * scene.length_scale() * unit(rng) * scene.gravity.normalized();
        }
      }
      const PosedBodies bodies = posed_bodies(scene);
      const ContactSet set = generate_contacts(bodies, closest_points_method());
      std::vector<ShapeFeatures> features;
      for (const ContactBody& body : bodies.bodies) features.push_back(build_shape_features(*body.shape));
      std::size_t expected_total = 0, got_total = 0;
      for (std::size_t i = 0; i < bodies.bodies.size(); ++i) {
        for (std::size_t j = i + 1; j < bodies.bodies.size(); ++j) {
          if (bodies.bodies[i].fixed && bodies.bodies[j].fixed) continue;
          bool coincident = false;
          const std::vector<BruteContact> expected =
              closest_points_by_definition(bodies.bodies[i], features[i], bodies.bodies[j], features[j], coincident);
          ASSERT_FALSE(coincident) << name << ": eroded bodies touch; the comparison assumes they do not";
          const double length = pair_length_scale(features[i], features[j]);
          std::vector<const Contact*> got;
          for (const Contact& c : set.contacts) {
            if (c.body_a == static_cast<Index>(i) && c.body_b == static_cast<Index>(j)) got.push_back(&c);
          }
          // Both ways: every contact of the definition is among the method's, and every contact of
          // the method is one of the definition's. (Not a count: the merge joins contacts of
          // different feature pairs at one place whose normals agree to 1e-9, and rounding decides
          // that for a vertex over an edge shared by two faces.)
          // Positions within 1e-9 × length, times the slide of an edge pair: in trial 3 edges meet at
          // angles down to 1e-6, whose closest points the rounding of coordinates of the scene's
          // size moves along the edges by up to 1e-9 × length (the wall moved far away: 1.9e-9,
          // the driver working from the scene's centre, this reference from a corner of A).
          const auto same = [&](const Vec3& p, const Vec3& n, double gap, const BruteContact& e) {
            return (p - e.position).norm() <= 1e-9 * length * e.slide && n.dot(e.normal) >= 1 - 1e-9 &&
                   std::abs(gap - e.gap) <= 1e-9 * length;
          };
          expected_total += expected.size();
          for (const BruteContact& e : expected) {
            const bool found = std::any_of(got.begin(), got.end(),
                                           [&](const Contact* c) { return same(c->position, c->normal, c->gap, e); });
            EXPECT_TRUE(found) << name << " trial " << trial << " bodies " << i << "-" << j << ": missing contact at "
                               << e.position.transpose();
          }
          for (const Contact* c : got) {
            const bool found = std::any_of(expected.begin(), expected.end(), [&](const BruteContact& e) {
              return same(c->position, c->normal, c->gap, e);
            });
            EXPECT_TRUE(found) << name << " trial " << trial << " bodies " << i << "-" << j << ": contact at "
                               << c->position.transpose() << " (gap " << c->gap << ") is not one of the definition's";
          }
          got_total += got.size();
        }
      }
      EXPECT_EQ(set.contacts.size(), got_total) << name << " trial " << trial << ": contacts of fixed pairs";
      EXPECT_GT(expected_total, 0u) << name;
    }
  }
}

}  // namespace
}  // namespace contactlab
