// The driver, with probe methods whose output is known: every candidate surface-tet pair must reach
// the kernel exactly once (checked against the brute-force broad phase on surface tets), fixed–fixed
// pairs never, duplicates merge, and the result is identical for 1 and 2 threads.
#include "contactlab/contact/generate_contacts.h"

#include "contactlab/broadphase/brute_force.h"
#include "contactlab/scene/builtin_scenes.h"

#include <gtest/gtest.h>

#include <set>

namespace contactlab {
namespace {

/// One contact per tet pair at the midpoint of the two tets' centroids, normal +y.
class PairProbe : public ContactMethod {
 public:
  std::string name() const override { return "pair-probe"; }
  std::string summary() const override { return "test probe"; }
  void generate(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings&,
                std::vector<Contact>& sink) const override {
    Vec3 ca = Vec3::Zero(), cb = Vec3::Zero();
    for (const Vec3& v : a.tet(ta)) ca += v / 4;
    for (const Vec3& v : b.tet(tb)) cb += v / 4;
    Contact c;
    c.body_a = a.index;
    c.body_b = b.index;
    c.position = 0.5 * (ca + cb);
    c.element_a = ta;
    c.element_b = tb;
    sink.push_back(c);
  }
};

/// One contact per tet pair at the same point for the whole body pair: all merge into one.
class BodyPairProbe : public PairProbe {
 public:
  void generate(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings& s,
                std::vector<Contact>& sink) const override {
    PairProbe::generate(a, ta, b, tb, s, sink);
    sink.back().position = Vec3(a.index, b.index, 0);
  }
};

TEST(GenerateContacts, EveryCandidateSurfaceTetPairOnceAndDeterministic) {
  for (const char* name : {"wall", "pillar", "arch", "crack-hole"}) {
    SCOPED_TRACE(name);
    const Scene scene = make_builtin_scene(name);
    PairProbe probe;
    GenerateStatistics stats;
    const ContactSet one = generate_contacts(scene, probe, {.settings = {}, .threads = 1}, &stats);
    const ContactSet two = generate_contacts(scene, probe, {.settings = {}, .threads = 2});
    ASSERT_EQ(one.contacts.size(), two.contacts.size());
    for (std::size_t i = 0; i < one.contacts.size(); ++i) {
      EXPECT_EQ(one.contacts[i].position, two.contacts[i].position);
      EXPECT_EQ(one.contacts[i].element_a, two.contacts[i].element_a);
    }
    // Independent count: brute force over all body pairs (not both fixed) and their surface tets.
    const double margin = MethodSettings{}.tolerance.absolute(scene.length_scale());
    std::size_t expected = 0;
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
      for (std::size_t j = i + 1; j < scene.bodies.size(); ++j) {
        if (scene.bodies[i].fixed && scene.bodies[j].fixed) continue;
        auto surface_tets = [](const Body& b) {
          std::vector<Index> s;
          for (Index t = 0; t < b.shape->tets.tet_count(); ++t) {
            if (b.shape->surface_map.surface_face_count[t] > 0) s.push_back(t);
          }
          return s;
        };
        const auto sa = surface_tets(scene.bodies[i]), sb = surface_tets(scene.bodies[j]);
        const TetMesh &ma = scene.bodies[i].shape->tets, &mb = scene.bodies[j].shape->tets;
        expected += brute_force_element_pairs(MeshElements{ElementKind::kTetrahedron, ma.vertices, ma.tets, {}},
                                              scene.bodies[i].pose(), sa,
                                              MeshElements{ElementKind::kTetrahedron, mb.vertices, mb.tets, {}},
                                              scene.bodies[j].pose(), sb, margin)
                        .size();
      }
    }
    EXPECT_EQ(stats.element_pairs, expected);
    EXPECT_EQ(stats.raw_contacts, expected);
    for (const Contact& c : one.contacts) {
      EXPECT_LT(c.body_a, c.body_b);
      EXPECT_FALSE(scene.bodies[c.body_a].fixed && scene.bodies[c.body_b].fixed);
    }
  }
}

TEST(GenerateContacts, EqualContactsOfOneBodyPairMerge) {
  const Scene scene = make_builtin_scene("wall");
  BodyPairProbe probe;
  GenerateStatistics stats;
  const ContactSet set = generate_contacts(scene, probe, {}, &stats);
  std::set<std::pair<Index, Index>> pairs;
  for (const Contact& c : set.contacts) pairs.insert({c.body_a, c.body_b});
  EXPECT_EQ(set.contacts.size(), pairs.size());  // exactly one per body pair
  EXPECT_GT(stats.raw_contacts, set.contacts.size());
  EXPECT_GE(pairs.size(), 213u);  // at least every touching pair of the wall
}

}  // namespace
}  // namespace contactlab
