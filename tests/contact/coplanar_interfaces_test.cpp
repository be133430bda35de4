// The coplanar-interface stage of the semi-local method (methods/coplanar_interfaces.h), run on the
// suite's scenes through the driver's per-body-pair stage. Ground truth: the scenes' planar
// interfaces, built by the scene builders from the scene's geometry (scene/ground_truth.h) — the
// contact polygon's corners and the normal of each — in the scenes' own frames and after random
// rigid motions with uniform scale.
#include "methods/coplanar_interfaces.h"

#include "contactlab/contact/generate_contacts.h"
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace contactlab {
namespace {

/// A contact at every corner of every coplanar interface, with the interface's normal.
class InterfaceCorners final : public ContactMethod {
 public:
  std::string name() const override { return "interface-corners"; }
  std::string summary() const override { return "test probe"; }
  void generate(const MethodBody&, Index, const MethodBody&, Index, const MethodSettings&,
                std::vector<Contact>&) const override {}
  bool per_body_pair() const override { return true; }
  void generate_body_pair(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                          const MethodSettings& settings, std::vector<Contact>& sink) const override {
    const contact_detail::CandidateFaces faces = contact_detail::candidate_faces(a, b, pairs);
    for (const auto& face :
         contact_detail::coplanar_interfaces(pairs, faces, {settings.absolute_tolerance(), 0.0, 0.0})) {
      for (std::size_t i = 0; i < face.corners.size(); ++i) {
        Contact c;
        c.body_a = a.index;
        c.body_b = b.index;
        c.position = face.corners[i];
        c.normal = face.normal;
        c.element_a = face.corner_face_a[i]->tet;
        c.element_b = face.corner_face_b[i]->tet;
        sink.push_back(c);
      }
    }
  }
};

/// For every body pair: the interface corners found equal the ground truth's polygon corners (as
/// sets, within 1e-9 of the scene's length), with its normal; pairs without a planar interface get
/// none.
void expect_ground_truth_corners(const Scene& scene) {
  const InterfaceCorners probe;
  const ContactSet found = generate_contacts(scene, probe, {.settings = {}, .threads = 2});
  std::map<std::pair<Index, Index>, std::vector<const Contact*>> by_pair;
  for (const Contact& c : found.contacts) by_pair[{c.body_a, c.body_b}].push_back(&c);
  const double eps = 1e-9 * scene.length_scale();
  std::size_t expected_pairs = 0;
  ASSERT_TRUE(scene.ground_truth.has_value());
  for (const ContactInterface& truth : scene.ground_truth->interfaces) {
    if (!truth.planar) continue;
    ++expected_pairs;
    SCOPED_TRACE("bodies " + std::to_string(truth.body_a) + " and " + std::to_string(truth.body_b));
    const auto it = by_pair.find({truth.body_a, truth.body_b});
    ASSERT_NE(it, by_pair.end());
    const std::vector<const Contact*>& got = it->second;
    EXPECT_EQ(got.size(), truth.polygon.size());
    for (const PolygonCorner& corner : truth.polygon) {
      int matches = 0;
      for (const Contact* c : got) matches += (c->position - corner.position).norm() <= eps ? 1 : 0;
      EXPECT_EQ(matches, 1) << "corner " << corner.position.transpose();
    }
    for (const Contact* c : got) EXPECT_GT(c->normal.dot(truth.feasible_normals.front()), 1.0 - 1e-12);
  }
  EXPECT_EQ(by_pair.size(), expected_pairs);
}

TEST(CoplanarInterfaces, CornersOfEveryPlanarInterfaceOfTheSuite) {
  for (const char* name : {"pillar", "wall", "arch", "internal-edge", "cliff-edge"}) {
    SCOPED_TRACE(name);
    expect_ground_truth_corners(make_builtin_scene(name));
  }
}

TEST(CoplanarInterfaces, CornersOnTheRefinedMeshes) {
  // Finer, different tessellations on the two sides of every interface: more internal vertices
  // and edges and T-junctions, the same polygons.
  for (const char* name : {"pillar", "wall", "arch", "internal-edge", "cliff-edge"}) {
    SCOPED_TRACE(name);
    expect_ground_truth_corners(make_builtin_scene(name, {.refined = true}));
  }
}

TEST(CoplanarInterfaces, SameCornersAfterRigidMotionAndScale) {
  std::mt19937_64 rng(15);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), log_scale(-3.0, 3.0);
  for (const char* name : {"pillar", "wall", "arch", "internal-edge", "cliff-edge"}) {
    for (int trial = 0; trial < 3; ++trial) {
      SCOPED_TRACE(std::string(name) + " trial " + std::to_string(trial));
      Transform motion;
      motion.rotation = rotation_about(Vec3(unit(rng), unit(rng), unit(rng)), 3.0 * unit(rng));
      motion.translation = Vec3(unit(rng), unit(rng), unit(rng)) * 100.0;
      expect_ground_truth_corners(transformed(make_builtin_scene(name), motion, std::pow(10.0, log_scale(rng))));
    }
  }
}

TEST(CoplanarInterfaces, PointAndLineContactsAreNotPlanar) {
  for (const char* name : {"crack-spike", "crack-hole", "crack-wedge", "slide-spike", "slide-wedge", "two-spikes",
                           "two-spike-wedge", "two-wedges"}) {
    SCOPED_TRACE(name);
    const InterfaceCorners probe;
    EXPECT_TRUE(generate_contacts(make_builtin_scene(name), probe, {.settings = {}, .threads = 1}).contacts.empty());
  }
}

}  // namespace
}  // namespace contactlab
