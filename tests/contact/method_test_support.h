// Test support every contact-method test uses: hand-built tet meshes posed in the world as the
// driver would hand them to a kernel (single tets, the unit tet, scaled meshes), running a kernel on
// a tet pair, random rigid motions, random degenerate tet pairs with matching by position, and the
// A↔B symmetry of the kernel contract (docs/methods.md "The kernel contract"): generate(B, A) is
// generate(A, B) with normals negated and bodies, features and elements swapped — nothing else, bit
// for bit, as sets (the one swap check: the contract test on the whole suite and on random
// degenerate pairs, the method tests on their hand-built cases).
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/core/transform.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/scene/shape.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace contactlab::testing {

// ---- posed test bodies ----

struct PosedTestBody {
  std::shared_ptr<const Shape> shape;
  std::unique_ptr<ShapeFeatures> features;
  std::vector<Vec3> world;
  Index index = 0;

  PosedTestBody(TetMesh tets, const Transform& pose, Index body_index)
      : shape(make_shape_from_tets(std::move(tets), "test body")),
        features(std::make_unique<ShapeFeatures>(build_shape_features(*shape))),
        index(body_index) {
    for (const Vec3& v : shape->tets.vertices) world.push_back(pose.apply(v));
  }
  MethodBody body() const { return MethodBody{index, shape.get(), features.get(), world}; }
};

/// The unit corner tet (0,0,0), (1,0,0), (0,1,0), (0,0,1), positively oriented.
inline TetMesh unit_tet() {
  TetMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  m.tets = {{0, 1, 2, 3}};
  return m;
}

/// A one-tet mesh with the given corners; an inverted tet is made positive by swapping corners 2
/// and 3 (exact orientation test; flat tets are kept as given).
inline TetMesh single_tet(std::array<Vec3, 4> c) {
  if (signed_volume_sign(c[0], c[1], c[2], c[3]) < 0) std::swap(c[2], c[3]);
  TetMesh m;
  m.vertices.assign(c.begin(), c.end());
  m.tets = {{0, 1, 2, 3}};
  return m;
}
inline TetMesh single_tet(const Vec3& p0, const Vec3& p1, const Vec3& p2, const Vec3& p3) {
  return single_tet(std::array<Vec3, 4>{p0, p1, p2, p3});
}

/// Every vertex multiplied by s.
inline TetMesh scaled(TetMesh m, double s) {
  for (Vec3& v : m.vertices) v *= s;
  return m;
}

/// The kernel's contacts for (a: tet ta, b: tet tb).
inline std::vector<Contact> run(const ContactMethod& method, const PosedTestBody& a, Index ta, const PosedTestBody& b,
                                Index tb, const MethodSettings& settings) {
  std::vector<Contact> out;
  method.generate(a.body(), ta, b.body(), tb, settings, out);
  return out;
}

/// The kernel's contacts for tet 0 of a and tet 0 of b.
inline std::vector<Contact> run(const ContactMethod& method, const PosedTestBody& a, const PosedTestBody& b,
                                const MethodSettings& settings) {
  return run(method, a, 0, b, 0, settings);
}

// ---- random motions ----

/// A random proper rotation (uniform quaternion) and a translation uniform in [−extent, extent]³.
template <class Rng>
Transform random_pose(Rng& rng, double extent) {
  std::normal_distribution<double> g;
  const Quat q(g(rng), g(rng), g(rng), g(rng));
  std::uniform_real_distribution<double> u(-extent, extent);
  return Transform::from_quaternion(q, Vec3(u(rng), u(rng), u(rng)));
}

// ---- random degenerate tet pairs, matched by position ----

/// Every contact matches some expected point and every expected point some contact.
inline void expect_same_points(const std::vector<Contact>& contacts, const std::vector<Vec3>& expected, double tol) {
  for (const Contact& c : contacts) {
    const bool found =
        std::any_of(expected.begin(), expected.end(), [&](const Vec3& e) { return (e - c.position).norm() <= tol; });
    EXPECT_TRUE(found) << "unexpected contact at " << c.position.transpose();
  }
  for (const Vec3& e : expected) {
    const bool found =
        std::any_of(contacts.begin(), contacts.end(), [&](const Contact& c) { return (e - c.position).norm() <= tol; });
    EXPECT_TRUE(found) << "missing contact at " << e.transpose();
  }
  EXPECT_EQ(contacts.size(), expected.size());
}

/// A random point of the grid {0, …, n}³ · unit.
inline Vec3 grid_point(std::mt19937_64& rng, int n, double unit) {
  std::uniform_int_distribution<int> g(0, n);
  return Vec3(g(rng), g(rng), g(rng)) * unit;
}

/// A random tet pair built to be degenerate in one of several ways (exact dyadic coordinates;
/// corners as drawn, not reoriented).
inline std::pair<std::array<Vec3, 4>, std::array<Vec3, 4>> random_degenerate_tet_pair(std::mt19937_64& rng) {
  std::array<Vec3, 4> a, b;
  for (Vec3& v : a) v = grid_point(rng, 4, 0.5);
  const int kind = std::uniform_int_distribution<int>(0, 5)(rng);
  switch (kind) {
    case 0:  // B: A translated by an integer vector (touching, coplanar faces, parallel edges)
    {
      const Vec3 t = grid_point(rng, 2, 1.0) - Vec3(1, 1, 1);
      for (int i = 0; i < 4; ++i) b[i] = a[i] + t;
      break;
    }
    case 1:  // B shares A's face (0, 1, 2), apex on either side or in the plane
      b = {a[0], a[1], a[2], grid_point(rng, 4, 0.5)};
      break;
    case 2:  // B: A mirrored through a point (parallel faces and edges)
    {
      const Vec3 c = grid_point(rng, 4, 0.25);
      for (int i = 0; i < 4; ++i) b[i] = 2 * c - a[i];
      break;
    }
    case 3:  // slivers: both tets nearly flat (one corner lifted by 2^-10)
      for (Vec3& v : a) v.z() = 0;
      a[3].z() = std::ldexp(1.0, -10);
      for (Vec3& v : b) v = grid_point(rng, 4, 0.5);
      for (Vec3& v : b) v.z() = 0;
      b[3].z() = -std::ldexp(1.0, -10) * std::uniform_int_distribution<int>(-1, 1)(rng);
      break;
    case 4:  // B shares an edge or vertex of A
      b = {a[0], a[1], grid_point(rng, 4, 0.5), grid_point(rng, 4, 0.5)};
      if (rng() % 2) b[1] = grid_point(rng, 4, 0.5);
      break;
    default:  // generic small-grid tets (many coplanar coincidences)
      for (Vec3& v : b) v = grid_point(rng, 4, 0.5);
  }
  return {a, b};
}

// ---- the A↔B swap check ----

/// The contact seen with A and B exchanged.
inline Contact swapped(Contact c) {
  std::swap(c.body_a, c.body_b);
  std::swap(c.feature_a, c.feature_b);
  std::swap(c.element_a, c.element_b);
  c.normal = -c.normal;
  return c;
}

/// Every field of a contact, for exact comparison and a total order.
inline auto contact_key(const Contact& c) {
  return std::tuple(c.body_a, c.body_b, c.element_a, c.element_b, c.feature_a, c.feature_b, c.position.x(),
                    c.position.y(), c.position.z(), c.normal.x(), c.normal.y(), c.normal.z(), c.gap, c.area,
                    c.has_area);
}

inline std::vector<Contact> sorted_contacts(std::vector<Contact> cs) {
  std::sort(cs.begin(), cs.end(), [](const Contact& x, const Contact& y) { return contact_key(x) < contact_key(y); });
  return cs;
}

/// Empty when `ba` (the kernel's output for (B, A)) is `ab` swapped, as sets with every field
/// exact; otherwise what differs first.
inline std::string swap_mismatch(const std::vector<Contact>& ab, std::vector<Contact> ba) {
  for (Contact& c : ba) c = swapped(c);
  const std::vector<Contact> want = sorted_contacts(ab), got = sorted_contacts(std::move(ba));
  if (want.size() != got.size()) {
    return std::to_string(want.size()) + " contacts one way, " + std::to_string(got.size()) + " the other";
  }
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (contact_key(want[i]) != contact_key(got[i])) {
      std::ostringstream what;
      what << "contact at " << want[i].position.transpose() << " n " << want[i].normal.transpose() << " gap "
           << want[i].gap << " differs from " << got[i].position.transpose() << " n " << got[i].normal.transpose()
           << " gap " << got[i].gap;
      return what.str();
    }
  }
  return {};
}

/// Runs the kernel on (a, ta, b, tb) and on (b, tb, a, ta) and expects the swap symmetry.
inline void expect_swap_symmetric(const ContactMethod& method, const MethodBody& a, Index ta, const MethodBody& b,
                                  Index tb, const MethodSettings& settings) {
  std::vector<Contact> ab, ba;
  method.generate(a, ta, b, tb, settings, ab);
  method.generate(b, tb, a, ta, settings, ba);
  const std::string mismatch = swap_mismatch(ab, std::move(ba));
  EXPECT_TRUE(mismatch.empty()) << method.name() << ", tets " << ta << "/" << tb << ": " << mismatch;
}

}  // namespace contactlab::testing
