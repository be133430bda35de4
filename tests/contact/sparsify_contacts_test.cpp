// Solfec's contact sparsification (seed 004, "Contact sparsification"): each rule on hand-made
// contacts over two small tet meshes whose face adjacency is known by construction, order
// independence, the driver stage (GenerateOptions::sparsify) and bad options.
#include "contactlab/contact/sparsify_contacts.h"

#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/methods/solfec.h"
#include "contactlab/core/error.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace contactlab {
namespace {

/// Three tets in a row: 0 and 1 share the face {1,2,3}, 1 and 2 share {2,3,4}; 0 and 2 share only
/// the edge {2,3}.
TetMesh strip() {
  TetMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}, {2, 2, 2}};
  m.tets = {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}};
  return m;
}

Contact contact(Index element_a, Index element_b, const Vec3& p, double area, bool has_area = true) {
  Contact c;
  c.body_a = 0;
  c.body_b = 1;
  c.position = p;
  c.element_a = element_a;
  c.element_b = element_b;
  c.area = area;
  c.has_area = has_area;
  return c;
}

TEST(SparsifyContacts, TetsShareAFaceOnlyWithThreeCommonVertices) {
  const TetMesh m = strip();
  EXPECT_TRUE(tets_share_a_face(m, 0, 1));
  EXPECT_TRUE(tets_share_a_face(m, 2, 1));
  EXPECT_FALSE(tets_share_a_face(m, 0, 2));  // an edge only
  EXPECT_FALSE(tets_share_a_face(m, 1, 1));
  EXPECT_FALSE(tets_share_a_face(m, 0, 7));
}

TEST(SparsifyContacts, EachRuleOnHandMadeContacts) {
  const TetMesh m = strip();
  SparsifyOptions options;  // threshold 0.01, minarea 0, mindist 1e-6 × length
  // Rule 2: 0.005 < 0.01 × 1.0 with adjacent elements (A: 0 and 1 share a face; B: the same tet):
  // the small one goes. Against a non-adjacent big contact (A: 0 and 2 share only an edge) it stays.
  {
    const std::vector<Contact> in{contact(0, 0, {0, 0, 0}, 1.0), contact(1, 0, {5, 0, 0}, 0.005)};
    SparsifyCounts counts;
    const std::vector<Contact> out = sparsify_body_pair(in, m, m, options, 1.0, &counts);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].area, 1.0);
    EXPECT_EQ(counts.by_threshold, 1u);
    const std::vector<Contact> apart{contact(0, 0, {0, 0, 0}, 1.0), contact(2, 0, {5, 0, 0}, 0.005)};
    EXPECT_EQ(sparsify_body_pair(apart, m, m, options, 1.0).size(), 2u);
    // Adjacent on both sides (A: 0–1, B: 1–2) counts too; the threshold is strict (0.01 stays).
    const std::vector<Contact> both{contact(0, 1, {0, 0, 0}, 1.0), contact(1, 2, {5, 0, 0}, 0.005)};
    EXPECT_EQ(sparsify_body_pair(both, m, m, options, 1.0).size(), 1u);
    const std::vector<Contact> equal{contact(0, 0, {0, 0, 0}, 1.0), contact(1, 0, {5, 0, 0}, 0.01)};
    EXPECT_EQ(sparsify_body_pair(equal, m, m, options, 1.0).size(), 2u);
  }
  // Rule 1: below minarea.
  {
    SparsifyOptions big = options;
    big.minarea = 0.1;
    const std::vector<Contact> in{contact(0, 0, {0, 0, 0}, 1.0), contact(2, 2, {5, 0, 0}, 0.05),
                                  contact(2, 1, {9, 0, 0}, 0.0, false)};  // no area: rule 1 does not apply
    SparsifyCounts counts;
    const std::vector<Contact> out = sparsify_body_pair(in, m, m, big, 1.0, &counts);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(counts.by_area, 1u);
    EXPECT_FALSE(out[1].has_area);
  }
  // Rule 3: of two contacts closer than mindist, the smaller area goes; on a tie, the later one.
  {
    const double length = 2.0;  // mindist = 1e-6 × 2
    const std::vector<Contact> in{contact(0, 0, {0, 0, 0}, 0.5), contact(2, 2, {1.5e-6, 0, 0}, 0.6),
                                  contact(2, 0, {5, 0, 0}, 0.3), contact(0, 2, {5, 1e-6, 0}, 0.3),
                                  contact(1, 1, {9, 0, 0}, 0.3), contact(0, 0, {9, 2.5e-6, 0}, 0.3)};
    SparsifyCounts counts;
    const std::vector<Contact> out = sparsify_body_pair(in, m, m, options, length, &counts);
    ASSERT_EQ(out.size(), 4u);
    EXPECT_EQ(out[0].area, 0.6);
    EXPECT_EQ(out[1].position, Vec3(5, 0, 0));
    EXPECT_EQ(out[2].position, Vec3(9, 0, 0));  // 2.5e-6 apart: beyond mindist, both stay
    EXPECT_EQ(out[3].position, Vec3(9, 2.5e-6, 0));
    EXPECT_EQ(counts.by_distance, 2u);
    SparsifyOptions absolute = options;
    absolute.mindist = 3e-6;  // in metres: now the last two are close too
    EXPECT_EQ(sparsify_body_pair(in, m, m, absolute, length).size(), 3u);
  }
}

// The rules are judged on the contacts as given: any order of the input keeps the same set.
TEST(SparsifyContacts, TheSameContactsStayInAnyOrder) {
  const TetMesh m = strip();
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::uniform_int_distribution<int> element(0, 2);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<Contact> in;
    for (int k = 0; k < 12; ++k) {
      in.push_back(contact(element(rng), element(rng), Vec3(u(rng), 0, 0) * 1e-5, std::pow(10.0, -4.0 * u(rng))));
    }
    SparsifyOptions options;
    options.mindist = 2e-6;
    const auto key = [](const Contact& c) { return std::make_tuple(c.position.x(), c.area, c.element_a, c.element_b); };
    std::vector<std::tuple<double, double, Index, Index>> want;
    for (const Contact& c : sparsify_body_pair(in, m, m, options, 1.0)) want.push_back(key(c));
    std::sort(want.begin(), want.end());
    std::shuffle(in.begin(), in.end(), rng);
    std::vector<std::tuple<double, double, Index, Index>> got;
    for (const Contact& c : sparsify_body_pair(in, m, m, options, 1.0)) got.push_back(key(c));
    std::sort(got.begin(), got.end());
    EXPECT_EQ(want, got) << trial;
  }
}

TEST(SparsifyContacts, TheDriverStageThinsSolfecsContactsAndRecordsItsSettings) {
  const Scene scene = make_builtin_scene("pillar");
  const ContactSet plain = generate_contacts(scene, solfec_method());
  GenerateStatistics stats;
  GenerateOptions options;
  options.sparsify = SparsifyOptions{};
  const ContactSet thinned = generate_contacts(scene, solfec_method(), options, &stats);
  EXPECT_EQ(thinned.contacts.size() + stats.sparsified.total(), plain.contacts.size());
  EXPECT_LT(thinned.contacts.size(), plain.contacts.size() / 4);
  EXPECT_GT(stats.sparsified.by_threshold, 0u);
  EXPECT_EQ(std::get<double>(thinned.parameters.at("sparsify_threshold")), 0.01);
  // Every kept contact is one of the plain ones.
  for (const Contact& c : thinned.contacts) {
    EXPECT_TRUE(std::any_of(plain.contacts.begin(), plain.contacts.end(), [&](const Contact& d) {
      return d.position == c.position && d.element_a == c.element_a && d.element_b == c.element_b;
    }));
  }
}

TEST(SparsifyContacts, BadOptionsAreInputErrors) {
  SparsifyOptions bad;
  bad.threshold = 1.5;
  EXPECT_THROW(validate(bad), InputError);
  bad = SparsifyOptions{};
  bad.minarea = -1.0;
  EXPECT_THROW(validate(bad), InputError);
  bad = SparsifyOptions{};
  bad.mindist = std::nan("");
  EXPECT_THROW(validate(bad), InputError);
  GenerateOptions options;
  options.sparsify = SparsifyOptions{};
  options.sparsify->relative_mindist = -1.0;
  EXPECT_THROW(generate_contacts(make_builtin_scene("pillar"), solfec_method(), options), InputError);
}

}  // namespace
}  // namespace contactlab
