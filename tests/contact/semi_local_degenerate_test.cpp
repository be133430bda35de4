// Issue 15: degenerate input never crashes the semi-local method or gives NaN — 10⁴ random
// degenerate body pairs (the asan preset runs fewer: CONTACTLAB_SEMI_LOCAL_DEGENERATE_PAIRS). Unlike
// the kernel contract's one-tet pairs (method_contract_test.cpp), these are bodies of one to five
// tets, so the per-body-pair stage sees whole neighbourhoods: planar interfaces across several faces,
// touches on shared edges, walls of more than one face. Corners lie on the integer grid {0..4}³
// (sometimes halved, so dyadic: exact touching), tets may be flat (a corner in the others' plane) or
// slivers, and the partner body is the same body (full coincidence), a copy moved by a small integer
// vector, its point reflection through a vertex or an edge's midpoint (sharing that feature), its
// mirror image beyond a boundary face (sharing that face), a copy shrunk by 1/2 about a vertex
// (nested), or random. Every body moves (random integer velocities), so the two-points rule sees
// velocities, zero ones included. Checked: finite positions and gaps, unit normals, the body pair
// and elements of the input, and that the pair handed over the other way round gives the same
// contacts with the normals flipped, bit for bit (the method works in the bodies' canonical order,
// canonical_pair.h). Not vacuous: a share of the pairs must produce contacts.
#include "contact/method_test_support.h"
#include "contactlab/contact/methods/semi_local.h"
#include "contactlab/core/error.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "core/count_from_environment.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace contactlab {
namespace {

using testing::swap_mismatch;

/// A test body: its tet mesh posed as is (world = rest), with a motion.
struct DegenerateBody {
  std::shared_ptr<const Shape> shape;
  ShapeFeatures features;
  std::vector<Vec3> world;
  Vec3 linear_velocity = Vec3::Zero(), angular_velocity = Vec3::Zero();

  explicit DegenerateBody(TetMesh mesh) {
    world = mesh.vertices;
    shape = make_shape_from_tets(std::move(mesh), "degenerate body");
    features = build_shape_features(*shape);
  }
  MethodBody view(Index index) const {
    MethodBody b{index, shape.get(), &features, world};
    b.linear_velocity = linear_velocity;
    b.angular_velocity = angular_velocity;
    Vec3 sum = Vec3::Zero();
    for (const Vec3& v : world) sum += v;
    b.centre_of_mass = sum / static_cast<double>(world.size());
    return b;
  }
};

double volume6(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) { return (b - a).dot((c - a).cross(d - a)); }

/// Random degenerate bodies and partners (file comment).
class Generator {
 public:
  explicit Generator(unsigned seed) : rng_(seed) {}

  Vec3 point() {
    const Vec3 p(coord_(rng_), coord_(rng_), coord_(rng_));
    return pick(6) == 0 ? Vec3(0.5 * p) : p;
  }

  /// One to five tets: a first one, then tets glued on boundary faces of earlier ones (the apex
  /// beyond the face, in its plane — flat — or at a grid point on the outer side).
  TetMesh body() {
    TetMesh m;
    for (;;) {
      std::array<Vec3, 4> c{point(), point(), point(), point()};
      if (pick(5) == 0) c[3] = c[0] + (c[1] - c[0]) - (c[2] - c[0]);  // flat
      if (!distinct(c)) continue;
      if (volume6(c[0], c[1], c[2], c[3]) < 0) std::swap(c[1], c[2]);
      m.vertices.assign(c.begin(), c.end());
      m.tets = {{0, 1, 2, 3}};
      break;
    }
    const int more = pick(5);
    for (int k = 0; k < more; ++k) {
      const std::size_t t = static_cast<std::size_t>(pick(static_cast<int>(m.tets.size())));
      const auto& face = kTetFaces[static_cast<std::size_t>(pick(4))];
      const std::array<Index, 4> tet = m.tets[t];
      const Index i = tet[static_cast<std::size_t>(face[0])], j = tet[static_cast<std::size_t>(face[1])],
                  l = tet[static_cast<std::size_t>(face[2])];
      const Index opposite = tet[static_cast<std::size_t>(6 - face[0] - face[1] - face[2])];
      // Only on a boundary face (a face of no other tet): a third tet on a face is no manifold.
      bool shared = false;
      for (std::size_t u = 0; u < m.tets.size(); ++u) {
        int common = 0;
        for (const Index x : m.tets[u]) common += (x == i || x == j || x == l) ? 1 : 0;
        shared = shared || (u != t && common == 3);
      }
      if (shared) continue;
      const Vec3 p = m.vertices[static_cast<std::size_t>(i)], q = m.vertices[static_cast<std::size_t>(j)],
                 r = m.vertices[static_cast<std::size_t>(l)];
      const double side = volume6(p, q, r, m.vertices[static_cast<std::size_t>(opposite)]);
      if (side == 0.0) continue;  // a flat tet: no outer side to glue on
      Vec3 apex;
      switch (pick(3)) {
        case 0:
          apex = p + q + r - 2.0 * m.vertices[static_cast<std::size_t>(opposite)];
          break;  // mirrored
        case 1:
          apex = p + (q - p) + (r - p);
          break;  // flat
        default:
          apex = point();
      }
      // The new tet on the face's outer side (or flat in its plane), positively oriented: the face
      // wound the other way than in the old tet. (It may still overlap other tets of the body:
      // degenerate input.)
      const bool flip = side > 0;
      if ((flip ? volume6(p, r, q, apex) : volume6(p, q, r, apex)) < 0) continue;
      m.vertices.push_back(apex);
      const Index n = static_cast<Index>(m.vertices.size() - 1);
      m.tets.push_back(flip ? std::array<Index, 4>{i, l, j, n} : std::array<Index, 4>{i, j, l, n});
    }
    return m;
  }

  /// The partner of body `a` (file comment).
  TetMesh partner(const TetMesh& a) {
    TetMesh b = a;
    switch (pick(7)) {
      case 0:
        break;   // the same body
      case 1: {  // moved by a small integer vector
        const Vec3 t(shift_(rng_), shift_(rng_), shift_(rng_));
        for (Vec3& v : b.vertices) v += t;
        break;
      }
      case 2:
      case 3: {  // point reflection through a vertex or an edge's midpoint
        const auto& tet = a.tets[static_cast<std::size_t>(pick(static_cast<int>(a.tets.size())))];
        const Vec3& x = a.vertices[static_cast<std::size_t>(tet[static_cast<std::size_t>(pick(4))])];
        const Vec3& y = a.vertices[static_cast<std::size_t>(tet[static_cast<std::size_t>(pick(4))])];
        const Vec3 centre2 = pick(2) == 0 ? Vec3(2.0 * x) : Vec3(x + y);
        for (Vec3& v : b.vertices) v = centre2 - v;
        for (auto& t : b.tets) std::swap(t[1], t[2]);  // a point reflection turns a tet inside out
        break;
      }
      case 4: {  // mirrored beyond a face of a tet (orientation restored by swapping two corners)
        const auto& tet = a.tets[static_cast<std::size_t>(pick(static_cast<int>(a.tets.size())))];
        const auto& face = kTetFaces[static_cast<std::size_t>(pick(4))];
        const Vec3 &p = a.vertices[static_cast<std::size_t>(tet[static_cast<std::size_t>(face[0])])],
                   &q = a.vertices[static_cast<std::size_t>(tet[static_cast<std::size_t>(face[1])])],
                   &r = a.vertices[static_cast<std::size_t>(tet[static_cast<std::size_t>(face[2])])];
        const Vec3 n = (q - p).cross(r - p);
        if (!(n.squaredNorm() > 0)) break;  // a degenerate face: the same body then
        for (Vec3& v : b.vertices) v -= 2.0 * n * (n.dot(v - p) / n.squaredNorm());
        for (auto& t : b.tets) std::swap(t[1], t[2]);
        break;
      }
      case 5: {  // shrunk by 1/2 about a vertex
        const Vec3 c = a.vertices[static_cast<std::size_t>(pick(static_cast<int>(a.vertices.size())))];
        for (Vec3& v : b.vertices) v = c + 0.5 * (v - c);
        break;
      }
      default:
        b = body();
    }
    return b;
  }

  Vec3 velocity() { return pick(3) == 0 ? Vec3::Zero() : Vec3(shift_(rng_), shift_(rng_), shift_(rng_)); }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  static bool distinct(const std::array<Vec3, 4>& c) {
    for (std::size_t i = 0; i < 4; ++i)
      for (std::size_t j = i + 1; j < 4; ++j)
        if (c[i] == c[j]) return false;
    return true;
  }

  std::mt19937 rng_;
  std::uniform_int_distribution<int> coord_{0, 4}, shift_{-1, 1};
};

TEST(SemiLocalDegenerate, BodyPairsGiveFiniteSymmetricContacts) {
  const ContactMethod& method = semi_local_method();
  MethodSettings settings;
  settings.length_scale = 8.0;  // corners in [0, 4]³, partners within about [-4, 8]³
  const int count = test::count_from_environment("CONTACTLAB_SEMI_LOCAL_DEGENERATE_PAIRS", 10000);
  Generator gen(2026);
  int with_contacts = 0, rejected = 0;
  for (int n = 0; n < count; ++n) {
    const TetMesh mesh_a = gen.body();
    const TetMesh mesh_b = gen.partner(mesh_a);
    std::optional<DegenerateBody> a, b;
    try {
      a.emplace(mesh_a);
      b.emplace(mesh_b);
    } catch (const InputError& e) {
      if (rejected < 8) std::printf("refused: %s\n", e.what());
      ++rejected;  // a mesh the shape builder refuses with a clear error: also an answer
      continue;
    }
    a->linear_velocity = gen.velocity(), a->angular_velocity = gen.velocity();
    b->linear_velocity = gen.velocity(), b->angular_velocity = gen.velocity();
    // Every tet pair is a candidate (a superset of the broad phase's), ascending.
    std::vector<ElementPair> pairs, swapped;
    for (Index i = 0; i < static_cast<Index>(mesh_a.tets.size()); ++i)
      for (Index j = 0; j < static_cast<Index>(mesh_b.tets.size()); ++j) pairs.push_back({i, j});
    for (Index j = 0; j < static_cast<Index>(mesh_b.tets.size()); ++j)
      for (Index i = 0; i < static_cast<Index>(mesh_a.tets.size()); ++i) swapped.push_back({j, i});
    std::vector<Contact> ab, ba;
    method.generate_body_pair(a->view(0), b->view(1), pairs, settings, ab);
    method.generate_body_pair(b->view(1), a->view(0), swapped, settings, ba);
    with_contacts += ab.empty() ? 0 : 1;
    for (const Contact& c : ab) {
      ASSERT_TRUE(c.position.allFinite() && c.normal.allFinite() && std::isfinite(c.gap)) << "pair " << n;
      ASSERT_NEAR(c.normal.norm(), 1.0, 1e-12) << "pair " << n;
      ASSERT_TRUE(c.body_a == 0 && c.body_b == 1) << "pair " << n;
      ASSERT_TRUE(c.element_a >= 0 && c.element_a < static_cast<Index>(mesh_a.tets.size())) << "pair " << n;
      ASSERT_TRUE(c.element_b >= 0 && c.element_b < static_cast<Index>(mesh_b.tets.size())) << "pair " << n;
    }
    const std::string mismatch = swap_mismatch(ab, std::move(ba));
    ASSERT_TRUE(mismatch.empty()) << "pair " << n << ": " << mismatch;
  }
  std::printf("semi-local, %d degenerate body pairs: %d with contacts, %d meshes refused\n", count, with_contacts,
              rejected);
  EXPECT_GT(with_contacts, count / 4);  // the sweep is not vacuous
  EXPECT_LT(rejected, count / 2);       // nor mostly refused meshes
}

}  // namespace
}  // namespace contactlab
