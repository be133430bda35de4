// Every built peer (FCL, Bullet, ODE; docs/peers.md) on built-in cases whose ground truth is simple:
// contacts on every touching body pair, normals from body A to body B — checked against the
// ground-truth interface normals derived from the geometry, not against the peer — and positions
// within the two bodies' overlap. Registered only for the peers CMake found.
#include "contactlab/peers/peers.h"

#include "contactlab/core/error.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

namespace contactlab::testing {
namespace {

std::vector<std::string> built_peers() { return built_peer_names(); }

/// World box of a body, grown by `pad` per side.
std::pair<Vec3, Vec3> body_box(const Body& body, double pad) {
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  const Transform pose = body.pose();
  for (const Vec3& v : body.shape->surface.vertices) {
    lo = lo.cwiseMin(pose.apply(v));
    hi = hi.cwiseMax(pose.apply(v));
  }
  return {lo.array() - pad, hi.array() + pad};
}

ContactSet run_peer(const std::string& name, const Scene& scene) {
  const std::vector<SceneContactGenerator> generators = peer_generators({name});
  return generators.front().generate(scene);
}

class PeerCase : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(PeerCase, TouchingPairsFoundNormalsFromAToBPositionsInTheOverlap) {
  const auto& [peer, case_name] = GetParam();
  const Scene scene = make_builtin_scene(case_name, {});
  ASSERT_TRUE(scene.ground_truth);
  const ContactSet set = run_peer(peer, scene);
  EXPECT_EQ(set.method, peer);
  // The margins grow the bodies by at most 10 × 1e-5 of the length scale (peer_mesh.h, Bullet's).
  const double pad = 1e-3 * scene.length_scale();
  for (const ContactInterface& truth : scene.ground_truth->interfaces) {
    int found = 0;
    bool some_feasible_side = false;
    const auto [lo_a, hi_a] = body_box(scene.bodies[truth.body_a], pad);
    const auto [lo_b, hi_b] = body_box(scene.bodies[truth.body_b], pad);
    for (const Contact& c : set.contacts) {
      ASSERT_LT(c.body_a, c.body_b);
      const bool same = c.body_a == truth.body_a && c.body_b == truth.body_b;
      const bool flipped = c.body_a == truth.body_b && c.body_b == truth.body_a;
      if (!same && !flipped) continue;
      ++found;
      const Vec3 n = same ? c.normal : Vec3(-c.normal);  // from the truth's A to its B
      EXPECT_NEAR(n.norm(), 1.0, 1e-9);
      double best = -1.0;
      for (const Vec3& feasible : truth.feasible_normals) best = std::max(best, n.dot(feasible));
      // Never reversed (from B to A); at least one contact on the feasible side.
      EXPECT_GT(best, -1e-6) << peer << " on " << case_name << ": normal " << n.transpose();
      if (best > 1e-6) some_feasible_side = true;
      const auto inside = [&](const Vec3& lo, const Vec3& hi) {
        return (c.position.array() >= lo.array()).all() && (c.position.array() <= hi.array()).all();
      };
      if (peer == "fcl") {
        // FCL gives a point per intersecting triangle pair that can lie anywhere on the two
        // triangles, far from where the bodies meet (cliff-edge: the cube's top corners, where a side
        // triangle of the cube crosses a slanted one of the frustum; docs/peers.md): on a body, then.
        EXPECT_TRUE(inside(lo_a, hi_a) || inside(lo_b, hi_b))
            << "fcl on " << case_name << ": position " << c.position.transpose() << " on neither body";
      } else {
        const Vec3 lo = lo_a.cwiseMax(lo_b), hi = hi_a.cwiseMin(hi_b);
        EXPECT_TRUE(inside(lo, hi)) << peer << " on " << case_name << ": position " << c.position.transpose()
                                    << " outside the overlap " << lo.transpose() << " – " << hi.transpose();
      }
    }
    EXPECT_GT(found, 0) << peer << " found no contact on " << case_name;
    EXPECT_TRUE(some_feasible_side) << peer << " on " << case_name;
  }
}

INSTANTIATE_TEST_SUITE_P(Built, PeerCase,
                         ::testing::Combine(::testing::ValuesIn(built_peers()),
                                            ::testing::Values("internal-edge", "cliff-edge", "slide-spike")),
                         [](const auto& info) {
                           std::string name = std::get<0>(info.param) + "_" + std::get<1>(info.param);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// internal-edge: a cube resting on a base, face on face; the true normal is +y from the base (A)
// to the cube (B). Every contact of a face–face pair gives exactly that normal and a gap ≤ 0.
TEST(Peers, FaceOnFaceNormalIsPlusYFromGroundToCube) {
  const Scene scene = make_builtin_scene("internal-edge", {});
  const Index base = scene.find_body("base"), cube = scene.find_body("cube");
  ASSERT_LT(base, cube);
  for (const std::string& peer : built_peers()) {
    const ContactSet set = run_peer(peer, scene);
    int up = 0;
    for (const Contact& c : set.contacts) {
      EXPECT_EQ(c.body_a, base);
      EXPECT_EQ(c.body_b, cube);
      EXPECT_LE(c.gap, 0.0) << peer;
      EXPECT_GT(c.normal.y(), -1e-9) << peer << ": normal " << c.normal.transpose();
      if (c.normal.y() > 1.0 - 1e-9) ++up;
    }
    EXPECT_GT(up, 0) << peer << ": no contact with normal +y";
  }
}

TEST(Peers, UnknownRepeatedAndGeneratorsLabelledAsPeers) {
  EXPECT_THROW(peer_generators({"havok"}), InputError);
  const std::string first = built_peers().front();
  EXPECT_THROW(peer_generators({first, first}), InputError);
  const std::vector<SceneContactGenerator> generators = peer_generators({first});
  ASSERT_EQ(generators.size(), 1u);
  EXPECT_EQ(generators[0].name, first);
  EXPECT_TRUE(generators[0].peer);
}

// Deterministic: the same scene gives the same contacts, in the same order.
TEST(Peers, Deterministic) {
  const Scene scene = make_builtin_scene("pillar", {});
  for (const std::string& peer : built_peers()) {
    const ContactSet one = run_peer(peer, scene), two = run_peer(peer, scene);
    ASSERT_EQ(one.contacts.size(), two.contacts.size()) << peer;
    for (std::size_t i = 0; i < one.contacts.size(); ++i) {
      EXPECT_EQ(one.contacts[i].position, two.contacts[i].position) << peer;
      EXPECT_EQ(one.contacts[i].normal, two.contacts[i].normal) << peer;
    }
  }
}

}  // namespace
}  // namespace contactlab::testing
