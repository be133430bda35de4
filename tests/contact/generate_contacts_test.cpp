// The driver, with probe methods whose output is known: every candidate surface-tet pair must reach
// the kernel exactly once (checked against the brute-force broad phase on surface tets), fixed–fixed
// pairs never, duplicates merge, and the result is identical for 1 and 2 threads. Posed-body input:
// the rigid vertices handed in as deformed ones give the rigid call's contacts, and a body deformed
// by a non-rigid map gives the contacts of a scene built from the deformed mesh as a new rigid shape.
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/methods/closest_points.h"
#include "contactlab/contact/methods/intersection.h"
#include "contactlab/contact/methods/opposing.h"
#include "contactlab/contact/methods/solfec.h"
#include "contactlab/contact/methods/volume_sat.h"

#include "broadphase/grid_mesh.h"
#include "contactlab/broadphase/brute_force.h"
#include "contactlab/core/error.h"
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/scene/shape.h"
#include "contactlab/suite/builtin_scenes.h"
#include "contactlab/suite/perturbed.h"
#include "scene/random_similarity.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <mutex>
#include <numbers>
#include <random>
#include <set>
#include <string>
#include <tuple>

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

/// A per-body-pair method: records each call (bodies, pair count, sorted or not) and gives one
/// contact per tet pair as PairProbe does.
class PerBodyPairProbe : public PairProbe {
 public:
  struct Call {
    Index a, b;
    std::size_t pairs;
    bool sorted;
  };
  bool per_body_pair() const override { return true; }
  void generate_body_pair(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                          const MethodSettings& settings, std::vector<Contact>& sink) const override {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      calls_.push_back({a.index, b.index, pairs.size(), std::is_sorted(pairs.begin(), pairs.end())});
    }
    for (const ElementPair& p : pairs) generate(a, p.a, b, p.b, settings, sink);
  }
  std::vector<Call> calls() const { return calls_; }

 private:
  mutable std::mutex mutex_;
  mutable std::vector<Call> calls_;
};

TEST(GenerateContacts, PerBodyPairMethodGetsEachBodyPairsCandidatesInOneCall) {
  for (const char* name : {"wall", "arch"}) {
    SCOPED_TRACE(name);
    const Scene scene = make_builtin_scene(name);
    PairProbe local;
    GenerateStatistics local_stats;
    const ContactSet expected = generate_contacts(scene, local, {.settings = {}, .threads = 2}, &local_stats);
    for (int threads : {1, 2}) {
      PerBodyPairProbe probe;
      GenerateStatistics stats;
      const ContactSet got = generate_contacts(scene, probe, {.settings = {}, .threads = threads}, &stats);
      const auto calls = probe.calls();
      std::set<std::pair<Index, Index>> seen;
      std::size_t pairs = 0;
      for (const auto& call : calls) {
        EXPECT_TRUE(seen.insert({call.a, call.b}).second) << "body pair " << call.a << "-" << call.b << " twice";
        EXPECT_GT(call.pairs, 0u);
        EXPECT_TRUE(call.sorted);
        pairs += call.pairs;
      }
      EXPECT_EQ(pairs, local_stats.element_pairs);
      EXPECT_EQ(stats.element_pairs, local_stats.element_pairs);
      ASSERT_EQ(got.contacts.size(), expected.contacts.size());
      for (std::size_t i = 0; i < got.contacts.size(); ++i) {
        EXPECT_EQ(got.contacts[i].position, expected.contacts[i].position);
        EXPECT_EQ(got.contacts[i].element_a, expected.contacts[i].element_a);
        EXPECT_EQ(got.contacts[i].element_b, expected.contacts[i].element_b);
      }
    }
  }
}

/// Records, per call, the moving body's velocity at the world origin (the spike's apex in slide-spike).
class MotionProbe : public PerBodyPairProbe {
 public:
  void generate_body_pair(const MethodBody& a, const MethodBody& b, std::span<const ElementPair>, const MethodSettings&,
                          std::vector<Contact>& sink) const override {
    const MethodBody& moving = a.index == 1 ? a : b;
    Contact c;
    c.body_a = a.index;
    c.body_b = b.index;
    c.position = moving.velocity_at(Vec3::Zero());
    c.normal = moving.centre_of_mass;  // (a probe: the fields carry what the test checks)
    sink.push_back(c);
  }
};

// A body's motion reaches the kernels: the velocity of a material point is v + ω × (p − c), c the
// centre of mass. slide-spike's moving spike (body 1) is apex-down with its apex at the origin: a
// square pyramid of height H = 2.4 has its centroid H/4 from the base, so c = (0, 3H/4, 0).
TEST(GenerateContacts, MethodsSeeEachBodysMotion) {
  Scene scene = make_builtin_scene("slide-spike");
  ASSERT_FALSE(scene.bodies[1].fixed);
  const Vec3 v(-2.4, 0.3, 0.1), w(0.5, -2.0, 1.5);
  scene.bodies[1].linear_velocity = v;
  scene.bodies[1].angular_velocity = w;
  const Vec3 centre(0.0, 0.75 * 2.4, 0.0);
  const Vec3 expected = v + w.cross(Vec3::Zero() - centre);
  MotionProbe probe;
  const ContactSet rigid = generate_contacts(scene, probe, {.settings = {}, .threads = 1});
  ASSERT_EQ(rigid.contacts.size(), 1u);
  EXPECT_LT((rigid.contacts[0].normal - centre).norm(), 1e-12);
  EXPECT_LT((rigid.contacts[0].position - expected).norm(), 1e-12);
  // The same body handed in as deformed (no rigid pose): its centre from its world tets.
  PosedBodies posed = posed_bodies(scene);
  for (ContactBody& body : posed.bodies) body.rigid_pose.reset();
  const ContactSet deformed = generate_contacts(posed, probe, {.settings = {}, .threads = 1});
  ASSERT_EQ(deformed.contacts.size(), 1u);
  EXPECT_LT((deformed.contacts[0].position - expected).norm(), 1e-12);
  // Not finite: a clear error naming the field.
  posed.bodies[1].angular_velocity.x() = std::numeric_limits<double>::quiet_NaN();
  try {
    generate_contacts(posed, probe, {.settings = {}, .threads = 1});
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bodies[1].angular_velocity"), std::string::npos) << e.what();
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

/// Per tet pair, a chain of contacts 0.6 × the band apart along x (each within the band of the next,
/// the ends 0.6 × (k − 1) bands apart), starting at a point fixed per body pair and in an order that
/// depends on the tet pair; plus one contact 3 bands beyond the chain's end, and one with the same
/// position as the chain's start but a normal 1e-6 off. `once_per_body_pair`: the same for the body
/// pair's first candidate pair only, in one call per body pair, every link reported twice (a method
/// reporting few contacts per body pair: the merge takes another path for them).
class ChainProbe : public ContactMethod {
 public:
  explicit ChainProbe(bool once_per_body_pair = false) : once_per_body_pair_(once_per_body_pair) {}
  std::string name() const override { return "chain-probe"; }
  std::string summary() const override { return "test probe"; }
  bool per_body_pair() const override { return once_per_body_pair_; }
  void generate_body_pair(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                          const MethodSettings& s, std::vector<Contact>& sink) const override {
    generate(a, pairs.front().a, b, pairs.front().b, s, sink);
  }
  void generate(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings& s,
                std::vector<Contact>& sink) const override {
    const double tol = s.absolute_tolerance();
    const Vec3 start(a.index, b.index, 0.0);
    constexpr int kLinks = 6;
    for (int k = 0; k < kLinks; ++k) {
      const int link = (k + ta + 3 * tb) % kLinks;  // a different order for each tet pair
      Contact c;
      c.body_a = a.index, c.body_b = b.index;
      c.position = start + Vec3(0.6 * tol * link, 0.0, 0.0);
      c.normal = Vec3(0.0, 1.0, 0.0);
      c.element_a = ta, c.element_b = tb;
      sink.push_back(c);
      if (once_per_body_pair_) sink.push_back(c);
    }
    Contact far = sink.back();
    far.position = start + Vec3(0.6 * tol * (kLinks - 1) + 3.0 * tol, 0.0, 0.0);
    sink.push_back(far);
    Contact tilted = sink.back();
    tilted.position = start;
    tilted.normal = Vec3(1e-6, 1.0, 0.0).normalized();
    sink.push_back(tilted);
  }

 private:
  bool once_per_body_pair_ = false;
};

// The merge groups the connected components of "within the band, normals within 1e-9": a chain of
// contacts each within the band of the next is one contact however the kernels ordered them, kept
// at its first in output order (smallest element pair, then position on body A — a frame carried by
// A's tet 0, so which link that is depends on the tet); a contact 3 bands beyond the chain, or with
// a normal 1e-6 off, stays apart. Three per body pair.
void expect_chains_merged(const ContactSet& set) {
  std::map<std::pair<Index, Index>, std::vector<Contact>> by_pair;
  for (const Contact& c : set.contacts) by_pair[{c.body_a, c.body_b}].push_back(c);
  for (const auto& [pair, contacts] : by_pair) {
    ASSERT_EQ(contacts.size(), 3u) << pair.first << " " << pair.second;
    const Vec3 start(pair.first, pair.second, 0.0);
    // The chain spans [0, 3] bands from the start and the far contact lies 6 bands out, so the
    // chain's one contact lies within half the far contact's offset.
    std::vector<double> offsets;  // of the contacts with the chain's normal, along x
    int tilted = 0;
    for (const Contact& c : contacts) {
      if (c.normal.x() != 0.0) {
        ++tilted;
        EXPECT_EQ(c.position, start);
      } else {
        EXPECT_EQ(c.position.y(), start.y());
        offsets.push_back(c.position.x() - start.x());
      }
    }
    EXPECT_EQ(tilted, 1);
    ASSERT_EQ(offsets.size(), 2u);
    std::sort(offsets.begin(), offsets.end());
    EXPECT_GE(offsets[0], 0.0);
    EXPECT_LE(offsets[0], 0.5 * offsets[1]);
  }
}

TEST(GenerateContacts, MergeJoinsChainsOfContactsWithinTheBand) {
  const Scene scene = make_builtin_scene("pillar");
  ChainProbe probe;
  GenerateStatistics stats;
  const ContactSet set = generate_contacts(scene, probe, {}, &stats);
  ASSERT_GT(stats.body_pairs, 0u);
  ASSERT_EQ(set.contacts.size() % 3, 0u);
  ASSERT_GT(stats.raw_contacts, 16 * set.contacts.size() / 3);  // many per body pair
  expect_chains_merged(set);
}

// The same for a method reporting 14 contacts per body pair (the merge's path for few contacts),
// exact copies among them.
TEST(GenerateContacts, MergeJoinsChainsOfFewContactsPerBodyPair) {
  const Scene scene = make_builtin_scene("pillar");
  const ChainProbe probe(true);
  GenerateStatistics stats;
  const ContactSet set = generate_contacts(scene, probe, {}, &stats);
  ASSERT_GT(stats.body_pairs, 0u);
  ASSERT_EQ(set.contacts.size() % 3, 0u);
  ASSERT_EQ(stats.raw_contacts, 14 * set.contacts.size() / 3);
  expect_chains_merged(set);
}

/// Once per body pair, two long chains of contacts 0.9 × the band apart along a direction oblique to
/// every axis, 1.5 bands apart side by side, starting at a point off the coordinate grid and listed
/// in a scrambled order: each chain spans about 2.7 thousand bands, so it crosses the merge's cells
/// (about a thousand bands wide) along x, y and z, and only a search of the neighbour cells keeps
/// each chain one contact.
class LongChainProbe : public ContactMethod {
 public:
  static constexpr int kLinks = 3000;
  std::string name() const override { return "long-chain-probe"; }
  std::string summary() const override { return "test probe"; }
  bool per_body_pair() const override { return true; }
  void generate_body_pair(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                          const MethodSettings& s, std::vector<Contact>& sink) const override {
    const double tol = s.absolute_tolerance();
    const Vec3 along = Vec3(0.48, 0.6, 0.64).normalized();
    const Vec3 side = along.cross(Vec3::UnitX()).normalized();
    const Vec3 start = Vec3(a.index + 0.123, b.index + 0.456, 0.789);
    for (int k = 0; k < 2 * kLinks; ++k) {
      const int i = static_cast<int>((static_cast<long long>(k) * 1237) % (2 * kLinks));  // 1237 is prime
      Contact c;
      c.body_a = a.index, c.body_b = b.index;
      c.position = start + 0.9 * tol * (i % kLinks) * along + (i < kLinks ? 0.0 : 1.5 * tol) * side;
      c.normal = Vec3::UnitY();
      c.element_a = pairs.front().a, c.element_b = pairs.front().b;
      sink.push_back(c);
    }
  }
  void generate(const MethodBody&, Index, const MethodBody&, Index, const MethodSettings&,
                std::vector<Contact>&) const override {}
};

// The merge's groups do not depend on its grid of cells: a chain crossing cell faces in every axis is
// one contact, the chain beside it another (two per body pair), with 1 and 2 threads (from 4096
// contacts of a body pair the merge's per-contact steps run in parallel).
TEST(GenerateContacts, MergeJoinsChainsAcrossItsCells) {
  const Scene scene = make_builtin_scene("pillar");
  const LongChainProbe probe;
  for (const int threads : {1, 2}) {
    GenerateStatistics stats;
    const ContactSet set = generate_contacts(scene, probe, {.settings = {}, .threads = threads}, &stats);
    ASSERT_GT(stats.body_pairs, 0u);
    EXPECT_EQ(stats.raw_contacts, 2 * LongChainProbe::kLinks * stats.body_pairs);
    EXPECT_EQ(set.contacts.size(), 2 * stats.body_pairs) << threads << " threads";
  }
}

/// Per tet pair, many contacts at one point (fixed per body pair) with normals in the xy-plane:
/// for each of six directions φ_d, a chain of three normals at angles φ_d, φ_d + δ, φ_d + 2δ
/// (δ = 0.6e-9 rad: each within the merge's 1e-9 of the next, the ends 1.2e-9 apart) and one more
/// at φ_d + 3e-9 (1.8e-9 from the chain). The directions come in pairs with equal x (±y), so that
/// normals close in x are far in y. In an order that depends on the tet pair.
class NormalFanProbe : public ContactMethod {
 public:
  static constexpr std::array<double, 6> kDirections = {0.927295218001612, -0.927295218001612, 2.0, -2.0, 3.0, -3.0};
  static constexpr double kStep = 0.6e-9, kFar = 3e-9;
  std::string name() const override { return "normal-fan-probe"; }
  std::string summary() const override { return "test probe"; }
  void generate(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings&,
                std::vector<Contact>& sink) const override {
    constexpr int kPerDirection = 4;  // three chain links and the far one
    constexpr int kCount = static_cast<int>(kDirections.size()) * kPerDirection;
    for (int k = 0; k < kCount; ++k) {
      const int i = (k + 5 * ta + 7 * tb) % kCount;
      const int link = i % kPerDirection;
      const double angle = kDirections[static_cast<std::size_t>(i / kPerDirection)] + (link < 3 ? kStep * link : kFar);
      Contact c;
      c.body_a = a.index, c.body_b = b.index;
      c.position = Vec3(a.index, b.index, 0.5);
      c.normal = Vec3(std::cos(angle), std::sin(angle), 0.0);
      c.element_a = ta, c.element_b = tb;
      sink.push_back(c);
    }
  }
};

// The merge's connected components in normal space, where one point holds more contacts than the
// merge tests pairwise (a block's corner under Intersection: many (E,E) normals at one point):
// each direction's chain is one contact and its far normal another — 12 per body pair — whatever
// the order of the raw contacts.
TEST(GenerateContacts, MergeJoinsChainsOfNormalsAtOnePoint) {
  const Scene scene = make_builtin_scene("pillar");
  const NormalFanProbe probe;
  GenerateStatistics stats;
  const ContactSet set = generate_contacts(scene, probe, {}, &stats);
  ASSERT_GT(stats.body_pairs, 0u);
  std::map<std::pair<Index, Index>, std::vector<Contact>> by_pair;
  for (const Contact& c : set.contacts) by_pair[{c.body_a, c.body_b}].push_back(c);
  EXPECT_EQ(by_pair.size(), stats.body_pairs);
  for (const auto& [pair, contacts] : by_pair) {
    ASSERT_EQ(contacts.size(), 2 * NormalFanProbe::kDirections.size()) << pair.first << " " << pair.second;
    for (const double direction : NormalFanProbe::kDirections) {
      int chain = 0, far = 0;
      for (const Contact& c : contacts) {
        const double angle = std::atan2(c.normal.y(), c.normal.x()) - direction;
        if (std::abs(angle - NormalFanProbe::kStep) <= 1.1 * NormalFanProbe::kStep) ++chain;
        if (std::abs(angle - NormalFanProbe::kFar) <= 1e-12) ++far;
      }
      EXPECT_EQ(chain, 1) << direction;
      EXPECT_EQ(far, 1) << direction;
    }
  }
}

/// Every field, bit for bit (positions, normals and gaps compared with ==).
void expect_same_contacts(const ContactSet& want, const ContactSet& got, const std::string& what) {
  ASSERT_EQ(want.contacts.size(), got.contacts.size()) << what;
  for (std::size_t i = 0; i < want.contacts.size(); ++i) {
    const Contact &w = want.contacts[i], &g = got.contacts[i];
    const bool same = w.body_a == g.body_a && w.body_b == g.body_b && w.position == g.position &&
                      w.normal == g.normal && w.gap == g.gap && w.feature_a == g.feature_a &&
                      w.feature_b == g.feature_b && w.element_a == g.element_a && w.element_b == g.element_b &&
                      w.area == g.area && w.has_area == g.has_area;
    ASSERT_TRUE(same) << what << ": contact " << i;
  }
}

/// The same contacts up to rounding: every discrete field equal, positions and gaps within
/// `length` × 1e-12, normals within 1e-12.
void expect_same_contacts_up_to_rounding(const ContactSet& want, const ContactSet& got, double length,
                                         const std::string& what) {
  ASSERT_EQ(want.contacts.size(), got.contacts.size()) << what;
  for (std::size_t i = 0; i < want.contacts.size(); ++i) {
    const Contact &w = want.contacts[i], &g = got.contacts[i];
    const bool same = w.body_a == g.body_a && w.body_b == g.body_b &&
                      (w.position - g.position).norm() <= 1e-12 * length && (w.normal - g.normal).norm() <= 1e-12 &&
                      std::abs(w.gap - g.gap) <= 1e-12 * length && w.feature_a == g.feature_a &&
                      w.feature_b == g.feature_b && w.element_a == g.element_a && w.element_b == g.element_b &&
                      w.area == g.area && w.has_area == g.has_area;
    ASSERT_TRUE(same) << what << ": contact " << i;
  }
}

std::size_t distinct_shapes(const Scene& scene) {
  std::set<const Shape*> shapes;
  for (const Body& body : scene.bodies) shapes.insert(body.shape.get());
  return shapes.size();
}

// Every registered method gives the same contacts, bit for bit, serially, on 2 and 4 threads, and
// with shape data from a cache (filled by an earlier call) instead of built in the call. The wall
// (213 body pairs) with two of the methods only, to keep the test short.
/// PairProbe whose kernel takes at least `kKernelWait` per tet pair (it waits on the clock), with or
/// without the tet planes stage.
constexpr std::chrono::microseconds kKernelWait{20};
class SlowPairProbe : public PairProbe {
 public:
  explicit SlowPairProbe(bool planes) : planes_(planes) {}
  bool uses_tet_planes() const override { return planes_; }
  void generate(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings& s,
                std::vector<Contact>& sink) const override {
    const auto until = std::chrono::steady_clock::now() + kKernelWait;
    PairProbe::generate(a, ta, b, tb, s, sink);
    while (std::chrono::steady_clock::now() < until) {}
  }

 private:
  bool planes_;
};

// GenerateOptions::time_stages: on one thread the stages are disjoint stretches of the call, so they
// add up to at most its seconds, and the kernels' share is at least the waits the probe makes (one
// per candidate tet pair, counted by the statistics) — misattributed or double-counted time fails
// one of the two. Off, or without statistics, nothing is timed; either way the contacts are the same.
TEST(GenerateContacts, StageTimesAddUpToTheCallAndHoldTheKernels) {
  const Scene scene = make_builtin_scene("pillar");
  for (const bool planes : {true, false}) {
    SCOPED_TRACE(planes ? "with the planes stage" : "without the planes stage");
    const SlowPairProbe probe(planes);
    GenerateStatistics timed, untimed;
    const ContactSet with =
        generate_contacts(scene, probe, {.settings = {}, .threads = 1, .time_stages = true}, &timed);
    const ContactSet without = generate_contacts(scene, probe, {.settings = {}, .threads = 1}, &untimed);
    const GenerateStageSeconds& s = timed.stages;
    const double wait = std::chrono::duration<double>(kKernelWait).count();
    ASSERT_GT(timed.element_pairs, 100u);
    EXPECT_GE(s.kernels, wait * static_cast<double>(timed.element_pairs));
    EXPECT_LE(s.total(), timed.seconds);
    for (const double stage : {s.posing, s.checks, s.shape_data, s.bodies, s.tet_pairs, s.planes, s.merge, s.output}) {
      EXPECT_GE(stage, 0.0);
    }
    EXPECT_GT(s.posing, 0.0);
    EXPECT_GT(s.tet_pairs, 0.0);
    EXPECT_GT(s.merge, 0.0);
    EXPECT_EQ(s.planes > 0.0, planes);
    EXPECT_EQ(untimed.stages.total(), 0.0);
    ASSERT_EQ(with.contacts.size(), without.contacts.size());
    for (std::size_t i = 0; i < with.contacts.size(); ++i) {
      EXPECT_EQ(with.contacts[i].position, without.contacts[i].position);
    }
    // Two threads: the per-pair stages are thread time, still holding every wait.
    GenerateStatistics two;
    generate_contacts(scene, probe, {.settings = {}, .threads = 2, .time_stages = true}, &two);
    EXPECT_GE(two.stages.kernels, wait * static_cast<double>(two.element_pairs));
  }
}

TEST(GenerateContacts, SameContactsWhateverTheThreadsAndTheShapeCache) {
  for (const char* name : {"pillar", "arch", "wall"}) {
    const Scene scene = make_builtin_scene(name);
    for (const ContactMethod* method : contact_methods()) {
      if (name == std::string("wall") && method->name() != "intersection" && method->name() != "vertex-only") {
        continue;
      }
      const std::string what = std::string(name) + " " + method->name();
      const ContactSet serial = generate_contacts(scene, *method, {.settings = {}, .threads = 1});
      ASSERT_FALSE(serial.contacts.empty()) << what;
      expect_same_contacts(serial, generate_contacts(scene, *method, {.settings = {}, .threads = 2}),
                           what + ", 2 threads");
      ShapeCache cache;
      for (int call = 0; call < 2; ++call) {  // the first call fills the cache, the second reads it
        expect_same_contacts(serial,
                             generate_contacts(scene, *method, {.settings = {}, .threads = 4, .shape_cache = &cache}),
                             what + ", 4 threads, cache call " + std::to_string(call));
      }
    }
  }
}

/// Two jittered cells × cells × (cells + cells/6) grids of size about 1, one turned 30° about
/// (1, 1, 1) and overlapping the other by a third along x (methods_bench's grid pair at cells = 12).
Scene overlapping_grids(int cells) {
  std::mt19937 rng(2024);
  const Vec3 h = Vec3::Constant(1.0 / cells);
  Scene scene;
  for (int k = 0; k < 2; ++k) {
    Body body;
    body.name = k == 0 ? "grid-a" : "grid-b";
    body.shape = make_shape_from_tets(
        testing::grid_tet_mesh(cells, cells, cells + cells / 6, h, Vec3::Zero(), 0.2, &rng), body.name);
    scene.bodies.push_back(std::move(body));
  }
  const Vec3 centre = scene.bodies[1].shape->tets.bounds().center();
  const Quat turn(Eigen::AngleAxisd(std::numbers::pi / 6.0, Vec3(1, 1, 1).normalized()));
  scene.bodies[1].orientation = turn;
  scene.bodies[1].position = centre - turn * centre + Vec3(2.0 / 3.0, 0.0, 0.0);
  return scene;
}

// One body pair with thousands of raw contacts (two jittered 12 × 12 × 14 grids, one turned 30°
// and overlapping the other by a third, as methods_bench's grid pair): the merge then runs its
// per-contact steps in parallel (from 4096 contacts), and must still give the serial result bit
// for bit — for volume-sat, and for the chain probe (8 contacts per tet pair, chains and exact
// copies across tet pairs).
TEST(GenerateContacts, SameContactsWhateverTheThreadsOnOneLargeBodyPair) {
  const Scene scene = overlapping_grids(12);
  const ChainProbe chains;
  for (const ContactMethod* method : {&volume_sat_method(), static_cast<const ContactMethod*>(&chains)}) {
    GenerateStatistics stats;
    const ContactSet serial = generate_contacts(scene, *method, {.settings = {}, .threads = 1}, &stats);
    ASSERT_EQ(stats.body_pairs, 1u) << method->name();
    ASSERT_GE(stats.raw_contacts, 4096u) << method->name();
    ASSERT_FALSE(serial.contacts.empty()) << method->name();
    for (const int threads : {2, 4}) {
      expect_same_contacts(serial, generate_contacts(scene, *method, {.settings = {}, .threads = threads}),
                           method->name() + ", " + std::to_string(threads) + " threads");
    }
  }
}

// The kernels keep what they derive from a tet for the whole call (MethodBody::call; opposing's
// surface faces, closest points' eroded tets, intersection's surface triangles and guard planes):
// a second call on the same PosedBodies, its vertices moved in place, must give the contacts of
// the moved bodies — those of a fresh posing of the moved scene, bit for bit — not the first
// call's.
TEST(GenerateContacts, BodiesMovedInPlaceBetweenCallsGiveTheMovedContacts) {
  for (const char* name : {"pillar", "wall"}) {
    Scene scene = make_builtin_scene(name);
    PosedBodies posed = posed_bodies(scene);
    std::size_t moved = 0;
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
      if (scene.bodies[i].fixed) continue;
      scene.bodies[i].position += Vec3(0.0, -2e-3, 0.0) * static_cast<double>(1 + i % 3);
      ++moved;
    }
    ASSERT_GT(moved, 0u) << name;
    const PosedBodies moved_fresh = posed_bodies(scene);
    for (const ContactMethod* method : {&opposing_method(), &closest_points_method(), &intersection_method()}) {
      const std::string what = std::string(name) + " " + method->name();
      const ContactSet before = generate_contacts(posed, *method, {.settings = {}, .threads = 2});
      ASSERT_FALSE(before.contacts.empty()) << what;
      PosedBodies again = posed;  // the same shapes; vertices overwritten in place below
      for (std::size_t i = 0; i < posed.bodies.size(); ++i) {
        std::copy(moved_fresh.bodies[i].world_vertices.begin(), moved_fresh.bodies[i].world_vertices.end(),
                  posed.bodies[i].world_vertices.begin());
        posed.bodies[i].rigid_pose = moved_fresh.bodies[i].rigid_pose;
      }
      const ContactSet after = generate_contacts(posed, *method, {.settings = {}, .threads = 2});
      expect_same_contacts(generate_contacts(moved_fresh, *method, {.settings = {}, .threads = 1}), after,
                           what + ", moved in place");
      const bool same_positions =
          before.contacts.size() == after.contacts.size() &&
          std::equal(before.contacts.begin(), before.contacts.end(), after.contacts.begin(),
                     [](const Contact& x, const Contact& y) { return x.position == y.position; });
      EXPECT_FALSE(same_positions) << what << ": the bodies moved, so must the contacts";
      posed = std::move(again);  // back to the first pose for the next method
    }
  }
}

TEST(GenerateContacts, ShapeCacheBuildsEachShapeOnceAndKeepsItAlive) {
  ShapeCache cache;
  std::weak_ptr<const Shape> brick;
  std::size_t wall_shapes = 0;
  {
    const Scene wall = make_builtin_scene("wall");
    wall_shapes = distinct_shapes(wall);
    ASSERT_LT(wall_shapes, wall.bodies.size());  // bricks share shapes
    const ContactMethod& method = *find_contact_method("vertex-only");
    GenerateStatistics stats;
    generate_contacts(wall, method, {}, &stats);
    EXPECT_EQ(stats.shapes_built, wall_shapes);  // no cache: built every call
    generate_contacts(wall, method, {.settings = {}, .threads = 0, .shape_cache = &cache}, &stats);
    EXPECT_EQ(stats.shapes_built, wall_shapes);
    EXPECT_EQ(cache.size(), wall_shapes);
    generate_contacts(wall, method, {.settings = {}, .threads = 0, .shape_cache = &cache}, &stats);
    EXPECT_EQ(stats.shapes_built, 0u);
    brick = wall.bodies.back().shape;
  }
  EXPECT_FALSE(brick.expired());                  // the cache holds the shapes it has data for
  const Scene arch = make_builtin_scene("arch");  // other shapes: added
  GenerateStatistics stats;
  generate_contacts(arch, *find_contact_method("vertex-only"), {.settings = {}, .threads = 0, .shape_cache = &cache},
                    &stats);
  EXPECT_EQ(stats.shapes_built, distinct_shapes(arch));
  EXPECT_EQ(cache.size(), wall_shapes + distinct_shapes(arch));
  cache.clear();
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_TRUE(brick.expired());
}

// The rigid pose's own vertices handed in as a deformed body's (no rigid pose: the driver builds the
// BVHs from them instead of posing the cached ones) give the rigid call's contacts bit for bit, and
// the same candidate pairs: the BVHs are walked differently but the tet-pair test is the same.
TEST(GenerateContacts, RigidVerticesAsDeformedBodiesGiveTheRigidContacts) {
  for (const char* name : {"pillar", "arch", "internal-edge", "crack-hole"}) {
    const Scene scene = make_builtin_scene(name);
    PosedBodies deformed = posed_bodies(scene);
    for (ContactBody& body : deformed.bodies) body.rigid_pose.reset();
    for (const ContactMethod* method : contact_methods()) {
      const std::string what = std::string(name) + " " + method->name();
      GenerateStatistics rigid_stats, deformed_stats;
      const ContactSet rigid = generate_contacts(scene, *method, {}, &rigid_stats);
      ShapeCache cache;  // a cache changes nothing for deformed bodies either
      for (ShapeCache* c : {static_cast<ShapeCache*>(nullptr), &cache, &cache}) {
        // Bit for bit but for closest-points, which erodes a rigid body along its rest-frame vertex
        // normals rotated into the world and a deformed one along normals from its world vertices:
        // the same directions up to rounding.
        const ContactSet got =
            generate_contacts(deformed, *method, {.settings = {}, .threads = 0, .shape_cache = c}, &deformed_stats);
        if (method->name() == "closest-points") {
          expect_same_contacts_up_to_rounding(rigid, got, scene.length_scale(), what);
        } else {
          expect_same_contacts(rigid, got, what);
        }
        EXPECT_EQ(rigid_stats.element_pairs, deformed_stats.element_pairs) << what;
      }
    }
  }
}

/// `inner` in every respect but how its candidate pairs are found: ContactMethod::surface_candidates
/// left false (the driver then takes candidate tet pairs by the tets' whole boxes), or with
/// `own_faces` taken from `inner` — by the boxes of the body's own boundary faces; either way
/// without ContactMethod::candidate_vertices (no moved faces).
class WholeTetBoxes final : public ContactMethod {
 public:
  explicit WholeTetBoxes(const ContactMethod& inner, bool own_faces = false) : inner_(inner), own_faces_(own_faces) {}
  bool surface_candidates() const override { return own_faces_ && inner_.surface_candidates(); }
  std::string name() const override { return inner_.name(); }
  std::string summary() const override { return inner_.summary(); }
  double candidate_margin(const MethodSettings& s) const override { return inner_.candidate_margin(s); }
  std::map<std::string, ParameterValue> parameters(const MethodSettings& s) const override {
    return inner_.parameters(s);
  }
  void generate(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings& s,
                std::vector<Contact>& sink) const override {
    inner_.generate(a, ta, b, tb, s, sink);
  }
  void generate_run(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                    const MethodSettings& s, std::vector<Contact>& sink) const override {
    inner_.generate_run(a, b, pairs, s, sink);
  }
  bool per_body_pair() const override { return inner_.per_body_pair(); }
  bool pair_by_pair() const override { return inner_.pair_by_pair(); }
  void generate_body_pair(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                          const MethodSettings& s, std::vector<Contact>& sink) const override {
    inner_.generate_body_pair(a, b, pairs, s, sink);
  }
  double merge_normal_tolerance() const override { return inner_.merge_normal_tolerance(); }
  bool uses_tet_planes() const override { return inner_.uses_tet_planes(); }
  bool uses_face_planes() const override { return inner_.uses_face_planes(); }
  bool reports_areas() const override { return inner_.reports_areas(); }

 private:
  const ContactMethod& inner_;
  bool own_faces_;
};

// A method that declares surface_candidates() is given the tet pairs whose boundary faces' boxes
// come within the pair's margin, fewer than those of the tets' whole boxes: its contacts must be
// those it gives on the whole-box candidates, every field bit for bit. Checked on every built-in
// scene, as it is, displaced at random (the perturbation study's scenes, pieces tilted) and under
// seeded random similarity transforms (rotation, scale 1e-3…1e3, translation), and on deformed
// bodies (the world-frame trees). The pillar's drums, whose tets reach from cap to cap, must give
// strictly fewer pairs: the declaration is there to be used. A method that also moves its vertices
// (ContactMethod::candidate_vertices: Closest points' erosion) has its pairs taken by the moved
// faces' boxes within its own margin, where the bodies have many surface tets: the same contacts
// again, from no more pairs than by its own faces, and strictly fewer on two overlapping grids
// (bench/methods_bench's grid pair at half the cells, moved at random as the others).
TEST(GenerateContacts, SurfaceCandidateMethodsGiveTheContactsOfWholeTetBoxes) {
  std::vector<const ContactMethod*> methods;
  for (const ContactMethod* method : contact_methods()) {
    if (method->surface_candidates()) methods.push_back(method);
  }
  ASSERT_GE(methods.size(), 2u);  // closest points and intersection, at least
  std::mt19937_64 rng(51);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::uniform_real_distribution<double> log_scale(std::log(1e-3), std::log(1e3));
  std::vector<std::pair<std::string, Scene>> scenes;
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    Scene base = make_builtin_scene(info.name);
    scenes.emplace_back(info.name + " perturbed", perturbed(base, 0.05 * base.length_scale(), 7));
    const Vec3 axis(unit(rng), unit(rng), unit(rng));
    const Transform motion{rotation_about(axis.norm() > 0.1 ? axis : Vec3::UnitZ(), 3.0 * unit(rng)),
                           Vec3(unit(rng), unit(rng), unit(rng)) * 100.0};
    scenes.emplace_back(info.name + " moved", transformed(base, motion, std::exp(log_scale(rng))));
    scenes.emplace_back(info.name, std::move(base));
  }
  scenes.emplace_back("overlapping grids", overlapping_grids(6));
  scenes.emplace_back("overlapping grids moved",
                      transformed(overlapping_grids(6), Transform{rotation_about(Vec3(1, 2, 3), 0.7), Vec3(5, -3, 2)},
                                  std::exp(log_scale(rng))));
  for (const ContactMethod* method : methods) {
    const WholeTetBoxes whole(*method), own_faces(*method, true);
    const bool moves_vertices = method->name() == "closest-points";
    for (const auto& [name, scene] : scenes) {
      const std::string what = method->name() + " on " + name;
      GenerateStatistics by_faces, by_tets, by_own_faces;
      const ContactSet want = generate_contacts(scene, whole, {.settings = {}, .threads = 1}, &by_tets);
      const ContactSet got = generate_contacts(scene, *method, {.settings = {}, .threads = 2}, &by_faces);
      expect_same_contacts(want, got, what);
      EXPECT_LE(by_faces.element_pairs, by_tets.element_pairs) << what;
      if (name == "pillar") {
        EXPECT_LT(by_faces.element_pairs, by_tets.element_pairs) << what;
      }
      expect_same_contacts(want, generate_contacts(scene, own_faces, {.settings = {}, .threads = 1}, &by_own_faces),
                           what + " (own faces)");
      EXPECT_LE(by_faces.element_pairs, by_own_faces.element_pairs) << what;
      if (moves_vertices && name.starts_with("overlapping grids")) {
        EXPECT_LT(by_faces.element_pairs, by_own_faces.element_pairs) << what;
      }
    }
    for (const std::string name : {"pillar", "crack-spike", "arch", "overlapping grids"}) {
      const Scene scene = name == "overlapping grids" ? overlapping_grids(6) : make_builtin_scene(name);
      PosedBodies deformed = posed_bodies(scene);
      for (ContactBody& body : deformed.bodies) body.rigid_pose.reset();
      const std::string what = method->name() + " on deformed " + name;
      GenerateStatistics by_faces, by_own_faces;
      const ContactSet want = generate_contacts(deformed, whole, {});
      expect_same_contacts(want, generate_contacts(deformed, *method, {}, &by_faces), what);
      // (The deformed bodies' trees are built from their world vertices in the call.)
      expect_same_contacts(want, generate_contacts(deformed, own_faces, {}, &by_own_faces), what + " (own faces)");
      if (moves_vertices && name == "overlapping grids") {
        EXPECT_LT(by_faces.element_pairs, by_own_faces.element_pairs) << what;
      }
    }
  }
}

/// Scene `name` with body `body`'s shape replaced by the same tets made by make_shape_from_tets
/// (the surface map then follows from the connectivity alone, as it does for `deformed_copy`).
Scene with_shape_from_tets(Scene scene, Index body) {
  scene.bodies[body].shape = make_shape_from_tets(scene.bodies[body].shape->tets, "rest");
  return scene;
}

/// The same scene with body `body` replaced by a new rigid shape whose tets are the deformed world
/// vertices, at the identity pose (x ↦ x exactly).
Scene deformed_copy(Scene scene, Index body, const std::vector<Vec3>& world) {
  TetMesh tets = scene.bodies[body].shape->tets;
  tets.vertices = world;
  scene.bodies[body].shape = make_shape_from_tets(std::move(tets), "deformed");
  scene.bodies[body].position = Vec3::Zero();
  scene.bodies[body].orientation = Quat::Identity();
  return scene;
}

// A free cube deformed by non-rigid maps that keep its bottom face (y = y0) where it was, so it
// still rests on its support: a shear, a squash (flattened and widened), and a bulge (a non-affine
// widening that vanishes at the bottom). The driver given the deformed vertices (the shape keeps its
// rest geometry and connectivity) must give exactly the contacts of a scene whose cube is a new
// rigid shape built from the deformed mesh — an independent path through make_shape_from_tets,
// the shape cache and the rigid BVH.
TEST(GenerateContacts, DeformedBodyGivesTheContactsOfTheDeformedMeshAsARigidShape) {
  using Map = Vec3 (*)(const Vec3&, double);
  const std::vector<std::pair<const char*, Map>> maps = {
      {"shear", [](const Vec3& x, double y0) { return Vec3(x.x() + 0.3 * (x.y() - y0), x.y(), x.z()); }},
      {"squash", [](const Vec3& x, double y0) { return Vec3(1.25 * x.x(), y0 + 0.5 * (x.y() - y0), 1.25 * x.z()); }},
      {"bulge",
       [](const Vec3& x, double y0) {
         const double h = x.y() - y0, widening = 1.0 + 0.1 * h * (2.5 - h);
         return Vec3(widening * x.x(), x.y(), widening * x.z());
       }},
  };
  std::size_t compared = 0;
  for (const char* name : {"internal-edge", "cliff-edge"}) {
    const Scene built = make_builtin_scene(name);
    const Index cube = built.find_body("cube");
    ASSERT_NE(cube, kInvalidIndex);
    const Scene rest = with_shape_from_tets(built, cube);
    double y0 = std::numeric_limits<double>::infinity();
    const PosedBodies posed = posed_bodies(rest);
    for (const Vec3& v : posed.bodies[cube].world_vertices) y0 = std::min(y0, v.y());
    for (const auto& [map_name, map] : maps) {
      PosedBodies deformed = posed;
      for (Vec3& v : deformed.bodies[cube].world_vertices) v = map(v, y0);
      deformed.bodies[cube].rigid_pose.reset();
      const Scene reference = deformed_copy(rest, cube, deformed.bodies[cube].world_vertices);
      // Closest points with an absolute envelope: its default ε is relative to the pair's rest
      // length, which differs between the deformed body (its rest shape) and the reference (a new
      // shape from the deformed mesh).
      // Solfec likewise, whose ε is relative to the pair's length by default.
      const std::unique_ptr<ContactMethod> absolute_closest_points = make_closest_points_method({.envelope = 0.01});
      const std::unique_ptr<ContactMethod> absolute_solfec = make_solfec_method({.epsilon = 1e-6});
      for (const ContactMethod* registered : contact_methods()) {
        const ContactMethod* method = registered->name() == "closest-points" ? absolute_closest_points.get()
                                      : registered->name() == "solfec"       ? absolute_solfec.get()
                                                                             : registered;
        const std::string what = std::string(name) + " " + map_name + " " + method->name();
        const ContactSet want = generate_contacts(reference, *method);
        expect_same_contacts(want, generate_contacts(deformed, *method), what);
        compared += want.contacts.size();
      }
    }
  }
  EXPECT_GT(compared, 100u);
}

TEST(GenerateContacts, RejectsBodiesWhoseVerticesDoNotFitTheirShape) {
  const Scene scene = make_builtin_scene("internal-edge");
  const ContactMethod& method = *find_contact_method("vertex-only");
  PosedBodies missing = posed_bodies(scene);
  missing.bodies[1].world_vertices.pop_back();
  EXPECT_THROW(generate_contacts(missing, method), InputError);
  PosedBodies not_finite = posed_bodies(scene);
  not_finite.bodies[0].world_vertices[0].x() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(generate_contacts(not_finite, method), InputError);
  // The check shares its pass with the bodies' boxes: a non-finite coordinate anywhere, in any
  // body, is still named.
  PosedBodies infinite = posed_bodies(scene);
  infinite.bodies[1].world_vertices.back().z() = -std::numeric_limits<double>::infinity();
  try {
    generate_contacts(infinite, method);
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bodies[1].world_vertices"), std::string::npos) << e.what();
  }
  PosedBodies no_shape = posed_bodies(scene);
  no_shape.bodies[0].shape = nullptr;
  EXPECT_THROW(generate_contacts(no_shape, method), InputError);
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

// Issue 12 (a): the touching band is local to each body pair. Moving one brick of the wall far
// away (x = 1e9) must leave the contacts of every other body pair exactly as they were — with a
// band from the whole scene's length it became 2 m, and 11,342 contacts over 1,970 body pairs came
// out instead of 1,970 over 213.
TEST(GenerateContacts, FarAwayBodyChangesNoOtherPair) {
  const Scene wall = make_builtin_scene("wall");
  Scene moved = wall;
  Index far = kInvalidIndex;
  for (Index i = 0; i < static_cast<Index>(moved.bodies.size()); ++i) {
    if (!moved.bodies[i].fixed) far = i;  // the last movable brick: the top layer's last one
  }
  ASSERT_NE(far, kInvalidIndex);
  moved.bodies[far].position.x() = 1e9;
  const auto without_far = [&](const ContactSet& set) {
    ContactSet kept;
    for (const Contact& c : set.contacts) {
      if (c.body_a != far && c.body_b != far) kept.contacts.push_back(c);
    }
    return kept;
  };
  for (const char* name : {"volume-sat", "vertex-only", "closest-points"}) {
    const ContactMethod& method = *find_contact_method(name);
    const ContactSet before = without_far(generate_contacts(wall, method));
    GenerateStatistics stats;
    const ContactSet after = generate_contacts(moved, method, {}, &stats);
    for (const Contact& c : after.contacts) EXPECT_TRUE(c.body_a != far && c.body_b != far) << name;
    expect_same_contacts(before, after, std::string(name) + " with one brick at x = 1e9");
    EXPECT_LT(stats.body_pairs, 250u) << name;  // the wall has 213 touching pairs
  }
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

// A scene moved about 10³ of its sizes from the origin gives the contacts of the scene where it
// was: the same element and feature pairs, the positions moved with it. The driver works from the
// scene's centre there (far_scene_origin); from world coordinates, Intersection gave two more
// contacts on the refined two wedges and Closest points two more on the refined pillar (docs/
// methods.md "Frame independence", "How far"). The moves are those of the frame-independence
// test's "far" variant for the refined meshes, which CI does not run (the refined scenes cost more).
TEST(GenerateContacts, AFarSceneGivesTheContactsOfTheSceneNearTheOrigin) {
  BuiltinSceneOptions refined;
  refined.refined = true;
  const std::vector<std::pair<const char*, const char*>> cases = {{"two-wedges", "intersection"},
                                                                  {"pillar", "closest-points"}};
  for (const auto& [scene_name, method_name] : cases) {
    const Scene scene = make_builtin_scene(scene_name, refined);
    const ContactMethod& method = *find_contact_method(method_name);
    const ContactSet near = generate_contacts(scene, method);
    for (const unsigned seed : {1u, 2u}) {
      const test::SimilarityMove move = test::random_similarity(seed, 1e3);
      const ContactSet far = generate_contacts(transformed(scene, move.motion, move.scale), method);
      const std::string what = std::string(method_name) + " on the refined " + scene_name + ", " + move.text;
      ASSERT_EQ(near.contacts.size(), far.contacts.size()) << what;
      // Matched by element and feature pairs (the output order follows them); the position mapped
      // back to the scene's frame within 1e-6 of the scene's length (rounding of coordinates 10³
      // times the scene's size, through ill-conditioned edge pairs), the normal within 1e-6.
      using Key = std::tuple<Index, Index, Index, Index, FeatureRef, FeatureRef>;
      std::multimap<Key, const Contact*> by_pair;
      for (const Contact& c : near.contacts) {
        by_pair.insert({Key{c.body_a, c.body_b, c.element_a, c.element_b, c.feature_a, c.feature_b}, &c});
      }
      const Transform back = move.motion.inverse();
      for (const Contact& c : far.contacts) {
        const Vec3 position = back.apply(c.position) / move.scale;
        const Vec3 normal = back.apply_vector(c.normal);
        const auto [first, last] =
            by_pair.equal_range(Key{c.body_a, c.body_b, c.element_a, c.element_b, c.feature_a, c.feature_b});
        const bool found = std::any_of(first, last, [&](const auto& entry) {
          return (entry.second->position - position).norm() <= 1e-6 * scene.length_scale() &&
                 (entry.second->normal - normal).norm() <= 1e-6;
        });
        EXPECT_TRUE(found) << what << ": contact at " << position.transpose() << " has no match";
      }
    }
  }
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

// Just beyond the band: the internal edge's cube lifted by about 1.2 bands (6e-10 of the scene's
// length; the band is 1e-9 of the cube's length) touches nothing, and the vertex methods say so in
// every frame. Their probe takes the band as a distance from the tet: with the face planes' band
// alone, the cube's corners hovering over the base's corners were inside base tets that meet the
// top only there, and a turned frame, whose candidate boxes then overlap, gave up to 6 contacts
// (docs/methods.md "Just beyond the band"). Ground truth: the geometry — the gap is above the band.
TEST(GenerateContacts, VertexMethodsGiveNothingJustBeyondTheBandInAnyFrame) {
  Scene scene = make_builtin_scene("internal-edge");
  const double lift = 6e-10 * scene.length_scale();
  for (Body& body : scene.bodies) {
    if (!body.fixed) body.position.y() += lift;
  }
  for (const char* name : {"vertex-only", "consistent-vertex"}) {
    const ContactMethod& method = *find_contact_method(name);
    EXPECT_EQ(generate_contacts(scene, method).contacts.size(), 0u) << name;
    for (const unsigned seed : {1u, 2u, 3u}) {
      const test::SimilarityMove move = test::random_similarity(seed);
      EXPECT_EQ(generate_contacts(transformed(scene, move.motion, move.scale), method).contacts.size(), 0u)
          << name << ", " << move.text;
    }
  }
}

}  // namespace
}  // namespace contactlab
