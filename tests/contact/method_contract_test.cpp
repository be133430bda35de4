// The kernel contract of docs/methods.md ("The kernel contract"), checked for every registered method
// (a value-parameterised test over contact_methods(): a new method is covered by being registered)
// on every built-in scene of the suite (coarse meshes):
//   - sane output: finite positions, normals and gaps (never NaN), unit normals, body pairs of the
//     scene in order and not fixed–fixed, positions within the bodies' world boxes grown by the
//     candidate margin;
//   - A↔B symmetry: on every candidate tet pair the driver hands in, generate(B, A) is generate(A, B)
//     with normals negated and bodies, features and elements swapped — nothing else, bit for bit;
//   - the same symmetry and finite output, kernel by kernel, on random degenerate tet pairs with
//     small integer corners (exact touching, shared faces, edges and vertices, coplanar faces,
//     parallel edges, flat tets), some with interior faces;
//   - rigid motion and uniform scale: mapping every world vertex by s·R·x + t, with R a half turn
//     about an axis (exact in floating point, so exact touching stays exact — the suite's
//     cases touch exactly, and the methods decide signs with exact predicates), s a power of two
//     from 2^-10 to 2^10 (about 1e-3 to 1e3; exact too) and t a translation wherever one is exact
//     on the scene's coordinates, maps the contacts: positions by the same map, normals by R, gaps
//     times s (length scale and the method's length parameters scaled by s). Compared within 1e-9
//     of the (scaled) length scale.
// Hand-derived cases of each method are in its own test file.
#include "contact/method_test_support.h"
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/methods/closest_points.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/scene/shape.h"
#include "contactlab/suite/builtin_scenes.h"
#include "contactlab/suite/perturbed.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace contactlab {

// gtest prints a method parameter (test names' "# GetParam() = …", failures) by its name, not its
// address, which changed from run to run (`ctest --rerun-failed` then found no failed case again).
// In namespace contactlab, where argument-dependent lookup finds it for a ContactMethod pointer.
[[maybe_unused]] static void PrintTo(const ContactMethod* method, std::ostream* os) {
  *os << (method != nullptr ? method->name() : std::string("null"));
}

namespace {

using testing::swap_mismatch;

/// A method that passes everything but generate() on to `inner`.
class ForwardingMethod : public ContactMethod {
 public:
  explicit ForwardingMethod(const ContactMethod& inner) : inner_(inner) {}
  std::string name() const override { return inner_.name(); }
  std::string summary() const override { return inner_.summary(); }
  double candidate_margin(const MethodSettings& s) const override { return inner_.candidate_margin(s); }
  std::map<std::string, ParameterValue> parameters(const MethodSettings& s) const override {
    return inner_.parameters(s);
  }

 protected:
  const ContactMethod& inner_;
};

/// Runs the wrapped method on each candidate pair both ways and records every pair where the two
/// disagree (as sets of contacts, every field exact). Passes (A, B)'s contacts on to the driver.
class SwapCheck final : public ForwardingMethod {
 public:
  using ForwardingMethod::ForwardingMethod;
  void generate(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings& s,
                std::vector<Contact>& sink) const override {
    std::vector<Contact> ab, ba;
    inner_.generate(a, ta, b, tb, s, ab);
    inner_.generate(b, tb, a, ta, s, ba);
    const std::string mismatch = swap_mismatch(ab, std::move(ba));
    {
      const std::lock_guard lock(mutex_);
      ++pairs_;
      if (!mismatch.empty()) {
        failures_.push_back("bodies " + std::to_string(a.index) + "/" + std::to_string(b.index) + " tets " +
                            std::to_string(ta) + "/" + std::to_string(tb) + ": " + mismatch);
      }
    }
    sink.insert(sink.end(), ab.begin(), ab.end());
  }
  std::size_t pairs() const { return pairs_; }
  const std::vector<std::string>& failures() const { return failures_; }

 private:
  mutable std::mutex mutex_;
  mutable std::size_t pairs_ = 0;
  mutable std::vector<std::string> failures_;
};

/// The method with its own length parameters multiplied by s (docs/methods.md "Parameters": only
/// Closest points' envelope is a length). A method with another length parameter must be added
/// here, or its scale check fails.
std::unique_ptr<ContactMethod> scaled_method(const ContactMethod& method, double s) {
  const auto parameters = method.parameters(MethodSettings{});
  if (const auto it = parameters.find("envelope"); it != parameters.end()) {
    EXPECT_EQ(method.name(), "closest-points");
    return make_closest_points_method({.envelope = std::get<double>(it->second) * s});
  }
  return nullptr;
}

/// Every world vertex x ↦ s·R·x + t; the bodies become "deformed" (no rigid pose), so the driver
/// builds their BVHs from the mapped vertices.
PosedBodies mapped(PosedBodies bodies, const Mat3& r, double s, const Vec3& t) {
  // The band is relative to each pair's rest shapes (pair_length_scale), so the rest shapes are
  // scaled by s too (one scaled copy per distinct shape).
  std::map<const Shape*, std::shared_ptr<const Shape>> scaled_shapes;
  for (ContactBody& body : bodies.bodies) {
    for (Vec3& v : body.world_vertices) v = s * (r * v) + t;
    body.linear_velocity = s * (r * body.linear_velocity);  // the motion moves with the scene
    body.angular_velocity = r * body.angular_velocity;
    body.rigid_pose.reset();
    std::shared_ptr<const Shape>& copy = scaled_shapes[body.shape.get()];
    if (!copy) {
      auto scaled = std::make_shared<Shape>(*body.shape);
      for (Vec3& v : scaled->tets.vertices) v *= s;
      for (Vec3& v : scaled->surface.vertices) v *= s;
      for (Vec3& v : scaled->surface_map.surface.vertices) v *= s;
      copy = std::move(scaled);
    }
    body.shape = copy;
  }
  return bodies;
}

/// A one-body test shape: tet 0 with the given corners, and tets glued on the faces listed in
/// `glued` (those faces of tet 0 are then interior), as the driver would hand it to a kernel.
struct KernelBody {
  std::shared_ptr<const Shape> shape;
  ShapeFeatures features;
  std::vector<Vec3> world;
  MethodBody view(Index index) const { return MethodBody{index, shape.get(), &features, world}; }
};

KernelBody test_body(const std::array<Vec3, 4>& c, const std::vector<int>& glued) {
  TetMesh m;
  m.vertices.assign(c.begin(), c.end());
  m.tets = {{0, 1, 2, 3}};
  for (int f : glued) {
    const auto& face = kTetFaces[f];
    m.vertices.push_back(c[face[0]] + c[face[1]] + c[face[2]] - 2.0 * c[f]);  // beyond face f
    m.tets.push_back({face[0], face[1], face[2], static_cast<Index>(m.vertices.size() - 1)});
  }
  KernelBody body;
  body.world = m.vertices;
  body.shape = make_shape_from_tets(std::move(m), "test body");
  body.features = build_shape_features(*body.shape);
  return body;
}

/// Exact 6 × signed volume for small integer corners.
double volume6(const std::array<Vec3, 4>& c) { return (c[1] - c[0]).dot((c[2] - c[0]).cross(c[3] - c[0])); }

/// Random degenerate pairs of one-tet bodies (some with interior faces): corners on the integer
/// grid {0..4}³ (sometimes halved, so dyadic), flat tets (fourth corner in the first three's plane),
/// and partners that share a face (mirrored beyond it), an edge or a vertex (point reflections),
/// are translated by an integer vector, or are random. Calls f(A corners, B corners, glued faces of
/// A, glued faces of B) for each proper-or-flat, positively oriented pair.
template <class F>
void degenerate_pairs(int count, unsigned seed, F&& f) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> coord(0, 4), kind(0, 5), pick4(0, 3), pick6(0, 5), shift(-1, 1);
  const auto point = [&] {
    Vec3 p(coord(rng), coord(rng), coord(rng));
    return kind(rng) == 0 ? Vec3(0.5 * p) : p;
  };
  const auto distinct = [](const std::array<Vec3, 4>& c) {
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j)
        if (c[i] == c[j]) return false;
    return true;
  };
  const auto orient = [](std::array<Vec3, 4> c) {
    if (volume6(c) < 0) std::swap(c[1], c[2]);
    return c;
  };
  for (int n = 0; n < count;) {
    std::array<Vec3, 4> a{point(), point(), point(), point()};
    if (kind(rng) == 0) a[3] = a[0] + (a[1] - a[0]) - (a[2] - a[0]);  // flat
    if (!distinct(a)) continue;
    a = orient(a);
    std::array<Vec3, 4> b;
    switch (kind(rng)) {
      case 0: {  // share face f
        const auto& face = kTetFaces[pick4(rng)];
        const int f = 6 - face[0] - face[1] - face[2];
        b = {a[face[0]], a[face[1]], a[face[2]], a[face[0]] + a[face[1]] + a[face[2]] - 2.0 * a[f]};
        break;
      }
      case 1: {  // share an edge: point reflection through its midpoint
        const auto& edge = kTetEdges[pick6(rng)];
        const Vec3 m2 = a[edge[0]] + a[edge[1]];
        for (int i = 0; i < 4; ++i) b[i] = m2 - a[i];
        break;
      }
      case 2: {  // share a vertex: point reflection through it
        const Vec3 v = a[pick4(rng)];
        for (int i = 0; i < 4; ++i) b[i] = 2.0 * v - a[i];
        break;
      }
      case 3: {  // translated by a small integer vector (often touching)
        const Vec3 t(shift(rng), shift(rng), shift(rng));
        for (int i = 0; i < 4; ++i) b[i] = a[i] + t;
        break;
      }
      default:
        b = {point(), point(), point(), point()};
    }
    if (!distinct(b)) continue;
    b = orient(b);
    // Interior faces only on proper tets (gluing on a flat tet would invert the neighbour).
    std::vector<int> glued_a, glued_b;
    if (volume6(a) != 0 && kind(rng) == 0) glued_a = {pick4(rng)};
    if (volume6(b) != 0 && kind(rng) == 0) glued_b = {pick4(rng)};
    f(a, b, glued_a, glued_b);
    ++n;
  }
}

std::string test_name(const ::testing::TestParamInfo<const ContactMethod*>& info) {
  std::string name = info.param->name();
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

class MethodContract : public ::testing::TestWithParam<const ContactMethod*> {};

TEST_P(MethodContract, FiniteUnitNormalsKnownPairsInsideTheBodies) {
  const ContactMethod& method = *GetParam();
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    SCOPED_TRACE(info.name);
    const Scene scene = make_builtin_scene(info.name);
    std::vector<Aabb> boxes;
    for (const Body& body : scene.bodies) {
      Aabb box;
      for (const Vec3& v : body.shape->surface.vertices) box.extend(body.pose().apply(v));
      boxes.push_back(box);
    }
    MethodSettings settings;
    settings.length_scale = scene.length_scale();
    const double slack = method.candidate_margin(settings) + 1e-6 * scene.length_scale();
    const ContactSet set = generate_contacts(scene, method);
    EXPECT_EQ(set.method, method.name());
    EXPECT_EQ(set.parameters, method.parameters(settings));
    for (const Contact& c : set.contacts) {
      ASSERT_TRUE(c.position.allFinite() && c.normal.allFinite() && std::isfinite(c.gap));
      EXPECT_NEAR(c.normal.norm(), 1.0, 1e-9);
      ASSERT_TRUE(c.body_a >= 0 && c.body_a < c.body_b && c.body_b < static_cast<Index>(scene.bodies.size()));
      EXPECT_FALSE(scene.bodies[c.body_a].fixed && scene.bodies[c.body_b].fixed);
      EXPECT_TRUE(boxes[c.body_a].inflated(slack).contains(c.position) ||
                  boxes[c.body_b].inflated(slack).contains(c.position));
    }
  }
}

TEST_P(MethodContract, SwappingTheBodiesFlipsTheNormalsAndNothingElse) {
  const ContactMethod& method = *GetParam();
  std::size_t pairs = 0;
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    SCOPED_TRACE(info.name);
    const SwapCheck check(method);
    generate_contacts(make_builtin_scene(info.name), check);
    pairs += check.pairs();
    EXPECT_TRUE(check.failures().empty()) << check.failures().size() << " pairs, first: " << check.failures()[0];
  }
  EXPECT_GT(pairs, 1000u);  // the wall alone has 213 touching body pairs
}

/// The wrapped method with the default generate_run: generate() on each pair of a run, in order.
class PairByPair final : public ForwardingMethod {
 public:
  using ForwardingMethod::ForwardingMethod;
  void generate(const MethodBody& a, Index ta, const MethodBody& b, Index tb, const MethodSettings& s,
                std::vector<Contact>& sink) const override {
    inner_.generate(a, ta, b, tb, s, sink);
  }
};

TEST_P(MethodContract, DegenerateTetPairsAreSymmetricAndFinite) {
  const ContactMethod& method = *GetParam();
  // The grid's length scale (corners in [0, 4]³, partners within [-4, 8]³): the band is 1e-9 of it.
  MethodSettings settings;
  settings.length_scale = 8.0;
  std::size_t with_contacts = 0;
  degenerate_pairs(4000, 2026, [&](const auto& ca, const auto& cb, const auto& glued_a, const auto& glued_b) {
    const KernelBody a = test_body(ca, glued_a), b = test_body(cb, glued_b);
    std::vector<Contact> ab, ba;
    method.generate(a.view(0), 0, b.view(1), 0, settings, ab);
    method.generate(b.view(1), 0, a.view(0), 0, settings, ba);
    with_contacts += !ab.empty();
    for (const Contact& c : ab) {
      ASSERT_TRUE(c.position.allFinite() && c.normal.allFinite() && std::isfinite(c.gap));
      ASSERT_NEAR(c.normal.norm(), 1.0, 1e-12);
      ASSERT_TRUE(c.body_a == 0 && c.body_b == 1 && c.element_a == 0 && c.element_b == 0);
    }
    const std::string mismatch = swap_mismatch(ab, std::move(ba));
    ASSERT_TRUE(mismatch.empty()) << mismatch << "\nA " << ca[0].transpose() << " | " << ca[1].transpose() << " | "
                                  << ca[2].transpose() << " | " << ca[3].transpose() << "\nB " << cb[0].transpose()
                                  << " | " << cb[1].transpose() << " | " << cb[2].transpose() << " | "
                                  << cb[3].transpose();
  });
  EXPECT_GT(with_contacts, 400u);  // the sweep is not vacuous
}

/// Whether y + t is exact (Knuth's TwoSum error is zero) for every coordinate y of s·R·x over all
/// world vertices x: then exactly touching features stay exactly touching after the translation.
bool exact_translation(const PosedBodies& bodies, const Mat3& r, double s, const Vec3& t) {
  for (const ContactBody& body : bodies.bodies) {
    for (const Vec3& x : body.world_vertices) {
      const Vec3 y = s * (r * x);
      for (int i = 0; i < 3; ++i) {
        const double sum = y[i] + t[i], back = sum - y[i];
        if ((y[i] - (sum - back)) + (t[i] - back) != 0.0) return false;
      }
    }
  }
  return true;
}

/// How far a contact's normal may turn under an exact motion: 1e-9 (rounding), except Solfec's
/// contacts of tets that touch only along an edge or at a corner (area below 1e-6 of the length
/// squared: an ε-thin sliver of the regularisation, convex_intersection.h). Their normal is the
/// area²-weighted mix of the sliver's faces, which nearly cancel — the ill-conditioned contacts
/// seed 004 describes ("near corners or sharp edges, due to roundoff error") and Solfec's
/// sparsification removes: rounding moved it by up to 8.5e-7 on the suite's scenes.
double normal_tolerance_of(const ContactMethod& method, const Contact& c, double length) {
  if (method.name() == "solfec" && c.has_area && c.area < 1e-6 * length * length) return 1e-5;
  return 1e-9;
}

TEST_P(MethodContract, RigidMotionAndUniformScaleMoveTheContacts) {
  const ContactMethod& method = *GetParam();
  // Half turns about the axes (diagonal sign matrices: exact, and they keep every floating-point
  // sum in its order) and a rotation permuting the axes (exact too, but it reorders sums, so a
  // method's ties must be settled by the band, not by rounding); scales by powers of two (exact).
  // A translation is exact only where it needs no rounding of any coordinate, so each motion
  // takes the first of its candidate translations that is exact on the scene, or none (scenes
  // with rotated bodies have coordinates like 1e-16 that no translation keeps exact).
  const Mat3 half_x = Vec3(1, -1, -1).asDiagonal(), half_y = Vec3(-1, 1, -1).asDiagonal(),
             half_z = Vec3(-1, -1, 1).asDiagonal();
  Mat3 cycle;  // x → y → z → x: a rotation by 120° about (1, 1, 1)
  cycle << 0, 0, 1, 1, 0, 0, 0, 1, 0;
  const std::vector<Vec3> translations = {Vec3(3, -5, 7), Vec3(0.5, -0.25, 0.75),
                                          std::ldexp(1.0, -20) * Vec3(1, -3, 2)};
  const std::vector<std::pair<Mat3, double>> motions = {
      {Mat3::Identity(), std::ldexp(1.0, -10)}, {Mat3::Identity(), std::ldexp(1.0, 10)}, {half_z, 1.0},
      {half_x, std::ldexp(1.0, -10)},           {half_y, std::ldexp(1.0, 10)},           {cycle, 1.0},
  };
  std::size_t compared = 0, translated = 0;
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    const Scene scene = make_builtin_scene(info.name);
    const PosedBodies original = posed_bodies(scene);
    const ContactSet before = generate_contacts(original, method);
    for (std::size_t k = 0; k < motions.size(); ++k) {
      const auto& [r, s] = motions[k];
      Vec3 t = Vec3::Zero();
      for (const Vec3& candidate : translations) {
        if (exact_translation(original, r, s, candidate)) {
          t = candidate;
          ++translated;
          break;
        }
      }
      std::ostringstream trace;
      trace << info.name << ", rotation " << r.reshaped().transpose() << ", scale " << s << ", translation "
            << t.transpose();
      SCOPED_TRACE(trace.str());
      const std::unique_ptr<ContactMethod> own = scaled_method(method, s);
      const ContactSet after = generate_contacts(mapped(original, r, s, t), own ? *own : method);
      const double length = s * scene.length_scale();
      ASSERT_EQ(before.contacts.size(), after.contacts.size());
      // Matched as sets: which of two coinciding points represents a merged contact may change.
      for (const Contact& o : before.contacts) {
        const double normal_tolerance = normal_tolerance_of(method, o, scene.length_scale());
        int matches = 0;
        for (const Contact& m : after.contacts) {
          matches += m.body_a == o.body_a && m.body_b == o.body_b &&
                     (s * (r * o.position) + t - m.position).norm() <= 1e-9 * length &&
                     (r * o.normal - m.normal).norm() <= normal_tolerance &&
                     std::abs(s * o.gap - m.gap) <= 1e-9 * length;
        }
        ASSERT_EQ(matches, 1) << o.position.transpose();
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 0u);
  EXPECT_GE(translated, 10u);  // the translations are not vacuous
  std::cout << "[          ] " << translated << " of " << motions.size() * builtin_scenes().size()
            << " scene motions translated\n";
}

INSTANTIATE_TEST_SUITE_P(Registered, MethodContract, ::testing::ValuesIn(contact_methods()), test_name);

// ContactMethod::generate_run may share work between the pairs of a run, but the driver's output
// must be what the pair-by-pair kernel gives, every field bit for bit: on every built-in scene
// (coarse meshes) as it is and displaced at random (the perturbation study's scenes), and on three
// refined ones (finer meshes: a vertex lies in more tets, so more probes repeat within a run),
// with 1 and 2 threads (runs are cut the same way, so the threads change nothing either). One
// test for all the methods, so that the scenes are built once.
TEST(MethodRuns, GiveThePairByPairContacts) {
  const auto fields = [](const Contact& c) {
    return std::tuple(c.body_a, c.body_b, c.element_a, c.element_b, c.feature_a, c.feature_b, c.position.x(),
                      c.position.y(), c.position.z(), c.normal.x(), c.normal.y(), c.normal.z(), c.gap, c.area,
                      c.has_area);
  };
  const std::vector<std::pair<std::string, Scene>> scenes = [] {
    std::vector<std::pair<std::string, Scene>> out;
    for (const BuiltinSceneInfo& info : builtin_scenes()) {
      Scene base = make_builtin_scene(info.name);
      Scene moved = perturbed(base, 0.05 * base.length_scale(), 11);
      out.emplace_back(info.name, std::move(base));
      out.emplace_back(info.name + " perturbed", std::move(moved));
    }
    for (const char* name : {"crack-wedge", "internal-edge", "pillar"})
      out.emplace_back(std::string(name) + " refined", make_builtin_scene(name, {.refined = true}));
    return out;
  }();
  for (const ContactMethod* method_ptr : contact_methods()) {
    const ContactMethod& method = *method_ptr;
    const PairByPair reference(method);
    std::size_t contacts = 0;
    for (const auto& [name, scene] : scenes) {
      SCOPED_TRACE(method.name() + " on " + name);
      GenerateOptions options;
      options.threads = 1;
      // A semi-local method is not made of pair-by-pair contacts (pair_by_pair() false): it is
      // held to giving the same contacts on 1 and 2 threads.
      const ContactSet expected = generate_contacts(scene, method.pair_by_pair() ? reference : method, options);
      for (const int threads : {1, 2}) {
        options.threads = threads;
        const ContactSet got = generate_contacts(scene, method, options);
        ASSERT_EQ(got.contacts.size(), expected.contacts.size()) << threads << " threads";
        for (std::size_t i = 0; i < got.contacts.size(); ++i) {
          ASSERT_TRUE(fields(got.contacts[i]) == fields(expected.contacts[i])) << "contact " << i;
        }
      }
      contacts += expected.contacts.size();
    }
    EXPECT_GT(contacts, 1000u) << method.name();
  }
}

TEST(MethodRegistry, ListsThePapersEightMethodsInThePapersOrderThenOurs) {
  std::vector<std::string> names;
  for (const ContactMethod* m : contact_methods()) names.push_back(m->name());
  EXPECT_EQ(names, (std::vector<std::string>{"intersection", "closest-points", "vertex-only", "consistent-vertex",
                                             "volume-sat", "surface-sat", "opposing", "growth", "semi-local", "solfec",
                                             "rounded-triangles"}));
  for (const std::string& name : names) EXPECT_EQ(find_contact_method(name)->name(), name);
  EXPECT_EQ(find_contact_method("ground-truth"), nullptr);
}

}  // namespace
}  // namespace contactlab
