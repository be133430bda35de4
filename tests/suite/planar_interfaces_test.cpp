// Tests of find_planar_interfaces and deepest_overlap. Ground truth comes from the construction of
// each scene (boxes, prisms and their placements, with the contact polygons, areas and features
// derived by hand in the comments), from closed-form rectangle overlaps on 10^4 random box pairs,
// and — for deepest_overlap — from an exhaustive all-tet-pairs reference and a penetration depth
// proved by hand. Every scene is also checked after random similarity transforms (rotation,
// translation, uniform scale): polygons map, areas scale by s², counts and features stay.
#include "contactlab/suite/planar_interfaces.h"

#include "contactlab/core/error.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "contactlab/mesh/surface_map.h"
#include "contactlab/mesh/topology.h"
#include "contactlab/scene/shape.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <numbers>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace contactlab {
namespace {

constexpr double kPi = std::numbers::pi;

// ---------------------------------------------------------------------------------------------
// Meshes built here; every triangle's orientation is fixed from a known outward direction.

void add_triangle(TriMesh& mesh, Index a, Index b, Index c, const Vec3& outward) {
  const Vec3 n = (mesh.vertices[b] - mesh.vertices[a]).cross(mesh.vertices[c] - mesh.vertices[a]);
  if (n.dot(outward) < 0) std::swap(b, c);
  mesh.triangles.push_back({a, b, c});
}

Vec3 box_vertex(const Vec3& lo, const Vec3& hi, int i) {
  return {(i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(), (i & 4) ? hi.z() : lo.z()};
}

/// Box [lo, hi]: vertex i is the corner with x = hi.x if bit 0 of i is set, y = hi.y if bit 1,
/// z = hi.z if bit 2. Each face is split along its diagonal from the corner where both tangential
/// coordinates are low to the corner where both are high.
TriMesh box_mesh(const Vec3& lo, const Vec3& hi) {
  TriMesh mesh;
  for (int i = 0; i < 8; ++i) mesh.vertices.push_back(box_vertex(lo, hi, i));
  for (int k = 0; k < 3; ++k) {
    const int a1 = k == 0 ? 1 : 0, a2 = k == 2 ? 1 : 2;  // tangential axes, increasing
    for (int side = 0; side < 2; ++side) {
      const int base = side << k;
      const int c00 = base, c10 = base | (1 << a1), c11 = base | (1 << a1) | (1 << a2), c01 = base | (1 << a2);
      Vec3 outward = Vec3::Zero();
      outward[k] = side ? 1.0 : -1.0;
      add_triangle(mesh, c00, c10, c11, outward);
      add_triangle(mesh, c00, c11, c01, outward);
    }
  }
  return mesh;
}

/// Hexagonal prism, circumradius r, y ∈ [0, h]: bottom corners 0..5 at angle kπ/3 from +x towards
/// +z, top corners 6..11 above them, cap centres 12 (bottom) and 13 (top); caps are fans of 6
/// triangles around the centres, each side quad 2 triangles.
TriMesh hexagonal_prism_mesh(double r, double h) {
  TriMesh mesh;
  for (int y = 0; y < 2; ++y) {
    for (int k = 0; k < 6; ++k) mesh.vertices.emplace_back(r * std::cos(k * kPi / 3), y * h, r * std::sin(k * kPi / 3));
  }
  mesh.vertices.emplace_back(0, 0, 0);
  mesh.vertices.emplace_back(0, h, 0);
  for (int k = 0; k < 6; ++k) {
    const int k1 = (k + 1) % 6;
    add_triangle(mesh, 12, k, k1, Vec3(0, -1, 0));
    add_triangle(mesh, 13, 6 + k, 6 + k1, Vec3(0, 1, 0));
    const double mid = (k + 0.5) * kPi / 3;
    const Vec3 out(std::cos(mid), 0, std::sin(mid));
    add_triangle(mesh, k, k1, 6 + k1, out);
    add_triangle(mesh, k, 6 + k1, 6 + k, out);
  }
  return mesh;
}

/// Prism over a simple polygon `ring` in the (x, y) plane (counter-clockwise), z ∈ [0, 1]: ring
/// corner k is vertex k at z = 0 and vertex k + n at z = 1; `caps` triangulates the polygon (ring
/// indices); each side quad is 2 triangles.
TriMesh prism_mesh(const std::vector<Vec2>& ring, const std::vector<std::array<int, 3>>& caps) {
  const int n = static_cast<int>(ring.size());
  TriMesh mesh;
  for (int z = 0; z < 2; ++z) {
    for (const Vec2& p : ring) mesh.vertices.emplace_back(p.x(), p.y(), z);
  }
  for (const auto& t : caps) {
    add_triangle(mesh, t[0], t[1], t[2], Vec3(0, 0, -1));
    add_triangle(mesh, n + t[0], n + t[1], n + t[2], Vec3(0, 0, 1));
  }
  for (int k = 0; k < n; ++k) {
    const int k1 = (k + 1) % n;
    const Vec2 d = ring[k1] - ring[k];
    const Vec3 out(d.y(), -d.x(), 0);  // right of a counter-clockwise boundary = outside
    add_triangle(mesh, k, k1, n + k1, out);
    add_triangle(mesh, k, n + k1, n + k, out);
  }
  return mesh;
}

/// L-shaped prism: cross-section corners 0:(0,0) 1:(2,0) 2:(2,1) 3:(1,1) 4:(1,2) 5:(0,2), caps fans
/// from corner 0.
TriMesh l_prism_mesh() {
  return prism_mesh({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}});
}

/// U-shaped prism, feet down: cross-section corners 0:(0,0) 1:(1,0) 2:(1,1) 3:(2,1) 4:(2,0) 5:(3,0)
/// 6:(3,2) 7:(0,2); the feet's bottoms are y = 0, x ∈ [0,1] (ring edge 0–1) and x ∈ [2,3] (4–5).
TriMesh u_prism_mesh() {
  return prism_mesh({{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 0}, {3, 0}, {3, 2}, {0, 2}},
                    {{0, 1, 2}, {0, 2, 7}, {2, 3, 7}, {3, 6, 7}, {3, 4, 5}, {3, 5, 6}});
}

std::shared_ptr<const Shape> shape_of(const TriMesh& mesh, const std::string& name) {
  auto shape = make_shape(ShapeSource{}, mesh, kTetGenDefaultSwitches, name);
  // TetGen keeps the input vertices first, in order ('Y': surface preserved), so the vertex
  // numbers of the constructions above are those of shape->surface_map.surface.
  for (Index v = 0; v < mesh.vertex_count(); ++v) EXPECT_EQ(shape->surface_map.surface.vertices[v], mesh.vertices[v]);
  return shape;
}

std::shared_ptr<const Shape> box_shape(const Vec3& size) { return shape_of(box_mesh(-0.5 * size, 0.5 * size), "box"); }

// ---------------------------------------------------------------------------------------------
// Features by construction.

/// A feature named by the vertices (construction numbering) that span it.
struct FeatureSpec {
  FeatureType kind = FeatureType::kFace;
  std::vector<Index> vertices;
};

/// Brute-force classification of a point on the surface of box_mesh(lo, hi) (body frame).
FeatureSpec classify_on_box(const Vec3& lo, const Vec3& hi, const Vec3& p) {
  const double eps = 1e-9 * (hi - lo).norm();
  int bits = 0;
  std::vector<int> fixed, free;
  for (int axis = 0; axis < 3; ++axis) {
    if (std::abs(p[axis] - lo[axis]) <= eps) {
      fixed.push_back(axis);
    } else if (std::abs(p[axis] - hi[axis]) <= eps) {
      fixed.push_back(axis);
      bits |= 1 << axis;
    } else {
      free.push_back(axis);
    }
  }
  if (fixed.size() == 3) return {FeatureType::kVertex, {bits}};
  if (fixed.size() == 2) return {FeatureType::kEdge, {bits, bits | (1 << free[0])}};
  if (fixed.size() != 1) {
    ADD_FAILURE() << "point not on the box surface: " << p.transpose();
    return {};
  }
  const int a1 = free[0], a2 = free[1];
  const double s = (p[a1] - lo[a1]) / (hi[a1] - lo[a1]);
  const double t = (p[a2] - lo[a2]) / (hi[a2] - lo[a2]);
  const int c00 = bits, c10 = bits | (1 << a1), c11 = bits | (1 << a1) | (1 << a2), c01 = bits | (1 << a2);
  if (std::abs(s - t) <= 1e-9) return {FeatureType::kEdge, {c00, c11}};  // the face's diagonal
  return s > t ? FeatureSpec{FeatureType::kFace, {c00, c10, c11}} : FeatureSpec{FeatureType::kFace, {c00, c11, c01}};
}

/// The index a FeatureSpec has in a shape's surface (edges in build_topology order).
FeatureRef resolve(const Shape& shape, const FeatureSpec& spec) {
  const TriMesh& surface = shape.surface_map.surface;
  if (spec.kind == FeatureType::kVertex) return {FeatureType::kVertex, spec.vertices.at(0)};
  if (spec.kind == FeatureType::kEdge) {
    const Index edge = build_topology(surface).find_edge(spec.vertices.at(0), spec.vertices.at(1));
    EXPECT_NE(edge, kInvalidIndex);
    return {FeatureType::kEdge, edge};
  }
  std::vector<Index> want = spec.vertices;
  std::sort(want.begin(), want.end());
  for (Index t = 0; t < surface.triangle_count(); ++t) {
    std::vector<Index> have(surface.triangles[t].begin(), surface.triangles[t].end());
    std::sort(have.begin(), have.end());
    if (have == want) return {FeatureType::kFace, t};
  }
  ADD_FAILURE() << "no surface triangle with the given vertices";
  return {};
}

struct ExpectedCorner {
  Vec3 position;
  FeatureRef on_a, on_b;
};

struct ExpectedInterface {
  Index a = 0, b = 0;
  Vec3 normal;
  double area = 0;
  std::vector<ExpectedCorner> corners;
  bool convex = true;  ///< the region equals its convex hull (then the polygon's area is `area`)
};

/// A scene plus, per body, its box extents in the body frame when it is a box_mesh.
struct Case {
  std::string name;
  Scene scene;
  std::vector<std::optional<std::pair<Vec3, Vec3>>> boxes;
  std::vector<ExpectedInterface> expected;

  Index add(const std::shared_ptr<const Shape>& shape, const Vec3& position, const Quat& orientation = Quat::Identity(),
            std::optional<std::pair<Vec3, Vec3>> box = std::nullopt) {
    Body body;
    body.name = "b" + std::to_string(scene.bodies.size());
    body.shape = shape;
    body.position = position;
    body.orientation = orientation;
    scene.bodies.push_back(body);
    boxes.push_back(box);
    return static_cast<Index>(scene.bodies.size() - 1);
  }
  Index add_box(const std::shared_ptr<const Shape>& shape, const Vec3& size, const Vec3& position,
                const Quat& orientation = Quat::Identity()) {
    return add(shape, position, orientation, std::make_pair(Vec3(-0.5 * size), Vec3(0.5 * size)));
  }
  Index add_box_at(const std::shared_ptr<const Shape>& shape, const Vec3& lo, const Vec3& hi) {
    return add(shape, Vec3::Zero(), Quat::Identity(), std::make_pair(lo, hi));
  }
  /// The feature of box body `body` at world point p; checks the hand-derived kind.
  FeatureRef box_feature(Index body, const Vec3& p, FeatureType kind) const {
    const auto& box = boxes.at(body);
    EXPECT_TRUE(box.has_value());
    const Vec3 local = scene.bodies[body].pose().inverse().apply(p);
    const FeatureSpec spec = classify_on_box(box->first, box->second, local);
    EXPECT_EQ(spec.kind, kind) << name << ": body " << body << " at " << p.transpose();
    return resolve(*scene.bodies[body].shape, spec);
  }
  FeatureRef vertex_feature(Index body, Index vertex) const {
    return resolve(*scene.bodies[body].shape, {FeatureType::kVertex, {vertex}});
  }
  ExpectedCorner box_box_corner(Index a, Index b, const Vec3& p, FeatureType kind_a, FeatureType kind_b) const {
    return {p, box_feature(a, p, kind_a), box_feature(b, p, kind_b)};
  }
};

// ---------------------------------------------------------------------------------------------
// Checking.

struct Similarity {
  Quat rotation = Quat::Identity();
  Vec3 translation = Vec3::Zero();
  double scale = 1.0;
  Vec3 apply(const Vec3& p) const { return scale * (rotation * p) + translation; }
};

Similarity random_similarity(std::mt19937_64& rng, double max_translation = 10.0, double max_log_scale = 2.0) {
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  Similarity s;
  s.rotation = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
  s.translation = max_translation * Vec3(uniform(rng), uniform(rng), uniform(rng));
  s.scale = std::pow(10.0, max_log_scale * uniform(rng));
  return s;
}

/// The scene mapped by `s`: shapes scaled (shared shapes stay shared), poses composed.
Scene transformed(const Scene& scene, const Similarity& s) {
  std::map<const Shape*, std::shared_ptr<const Shape>> scaled;
  Scene result = scene;
  for (Body& body : result.bodies) {
    auto& copy = scaled[body.shape.get()];
    if (!copy) {
      auto shape = std::make_shared<Shape>(*body.shape);
      for (Vec3& v : shape->surface.vertices) v *= s.scale;
      for (Vec3& v : shape->tets.vertices) v *= s.scale;
      for (Vec3& v : shape->surface_map.surface.vertices) v *= s.scale;
      copy = shape;
    }
    body.shape = copy;
    body.orientation = (s.rotation * body.orientation.normalized()).normalized();
    body.position = s.apply(body.position);
  }
  return result;
}

std::vector<ExpectedInterface> transformed(const std::vector<ExpectedInterface>& expected, const Similarity& s) {
  std::vector<ExpectedInterface> result = expected;
  for (ExpectedInterface& e : result) {
    e.normal = s.rotation * e.normal;
    e.area *= s.scale * s.scale;
    for (ExpectedCorner& c : e.corners) c.position = s.apply(c.position);
  }
  return result;
}

bool same_feature(const FeatureRef& x, const FeatureRef& y) { return x.type == y.type && x.index == y.index; }

/// Compares find_planar_interfaces(scene) with `expected` (any order within a body pair).
void expect_interfaces(const Scene& scene, const std::vector<ExpectedInterface>& expected, const std::string& label) {
  SCOPED_TRACE(label);
  const std::vector<ContactInterface> found = find_planar_interfaces(scene);
  const double length = scene.length_scale();
  const double position_tol = 1e-9 * length;
  ASSERT_EQ(found.size(), expected.size());
  for (std::size_t i = 1; i < found.size(); ++i) {
    EXPECT_LE(std::make_pair(found[i - 1].body_a, found[i - 1].body_b),
              std::make_pair(found[i].body_a, found[i].body_b));
  }
  std::vector<bool> used(found.size(), false);
  for (const ExpectedInterface& e : expected) {
    std::size_t match = found.size();
    for (std::size_t i = 0; i < found.size(); ++i) {
      if (!used[i] && found[i].body_a == e.a && found[i].body_b == e.b && !found[i].feasible_normals.empty() &&
          found[i].feasible_normals[0].dot(e.normal) > 1.0 - 1e-9) {
        match = i;
        break;
      }
    }
    ASSERT_LT(match, found.size()) << "no interface " << e.a << "-" << e.b << " with normal " << e.normal.transpose();
    used[match] = true;
    const ContactInterface& f = found[match];
    EXPECT_TRUE(f.planar);
    ASSERT_EQ(f.feasible_normals.size(), 1u);
    const Vec3 n = f.feasible_normals[0];
    EXPECT_NEAR(n.norm(), 1.0, 1e-12);
    EXPECT_NEAR((n - e.normal).norm(), 0.0, 1e-9);
    EXPECT_NEAR(f.area, e.area, 1e-9 * e.area);
    ASSERT_EQ(f.polygon.size(), e.corners.size());
    EXPECT_EQ(f.min_contacts, static_cast<int>(e.corners.size()));
    // Corners: a bijection within the tolerance, with the expected features.
    std::vector<bool> corner_used(e.corners.size(), false);
    for (const ExpectedCorner& c : e.corners) {
      std::size_t k = 0;
      while (k < f.polygon.size() && (corner_used[k] || (f.polygon[k].position - c.position).norm() > position_tol))
        ++k;
      ASSERT_LT(k, f.polygon.size()) << "expected corner " << c.position.transpose() << " missing";
      corner_used[k] = true;
      EXPECT_TRUE(same_feature(f.polygon[k].on_a, c.on_a))
          << "corner " << c.position.transpose() << " on A: kind " << static_cast<int>(f.polygon[k].on_a.type)
          << " index " << f.polygon[k].on_a.index << ", expected kind " << static_cast<int>(c.on_a.type) << " index "
          << c.on_a.index;
      EXPECT_TRUE(same_feature(f.polygon[k].on_b, c.on_b))
          << "corner " << c.position.transpose() << " on B: kind " << static_cast<int>(f.polygon[k].on_b.type)
          << " index " << f.polygon[k].on_b.index << ", expected kind " << static_cast<int>(c.on_b.type) << " index "
          << c.on_b.index;
    }
    // Strictly convex and counter-clockwise about n; the polygon's own area equals the area (every
    // expected region here is convex).
    const std::size_t m = f.polygon.size();
    double twice_area = 0.0;
    for (std::size_t k = 0; k < m; ++k) {
      const Vec3& p0 = f.polygon[k].position;
      const Vec3& p1 = f.polygon[(k + 1) % m].position;
      const Vec3& p2 = f.polygon[(k + 2) % m].position;
      EXPECT_GT((p1 - p0).cross(p2 - p1).dot(n), 0.0) << "corner " << (k + 1) % m << " is not a left turn";
      twice_area += (p1 - f.polygon[0].position).cross(p2 - f.polygon[0].position).dot(n);
    }
    if (e.convex) {
      EXPECT_NEAR(0.5 * twice_area, e.area, 1e-9 * e.area);
    }
  }
}

/// The case as built, then under 25 random similarity transforms.
void expect_case(const Case& c, std::uint64_t seed = 1) {
  expect_interfaces(c.scene, c.expected, c.name);
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 25; ++i) {
    const Similarity s = random_similarity(rng);
    expect_interfaces(transformed(c.scene, s), transformed(c.expected, s),
                      c.name + " transformed #" + std::to_string(i));
  }
}

// ---------------------------------------------------------------------------------------------
// The scenes. Shapes are built once (TetGen) and shared.

const std::shared_ptr<const Shape>& unit_cube() {
  static const auto shape = box_shape(Vec3(1, 1, 1));
  return shape;
}
const std::shared_ptr<const Shape>& slab() {  // 4 × 1 × 4
  static const auto shape = box_shape(Vec3(4, 1, 4));
  return shape;
}

// Two unit cubes, the upper exactly on the lower: the whole face, every corner vertex–vertex.
Case stacked_cubes() {
  Case c;
  c.name = "stacked cubes";
  const Vec3 size(1, 1, 1);
  const Index a = c.add_box(unit_cube(), size, Vec3(0.5, 0.5, 0.5));
  const Index b = c.add_box(unit_cube(), size, Vec3(0.5, 1.5, 0.5));
  ExpectedInterface e{a, b, Vec3(0, 1, 0), 1.0, {}};
  for (const Vec3& p : {Vec3(0, 1, 0), Vec3(1, 1, 0), Vec3(1, 1, 1), Vec3(0, 1, 1)}) {
    e.corners.push_back(c.box_box_corner(a, b, p, FeatureType::kVertex, FeatureType::kVertex));
  }
  c.expected = {e};
  return c;
}

// Unit cube (body 0) on the 4×4 slab (body 1, top y = 0), footprint x ∈ [0.2, 1.2],
// z ∈ [−1.5, −0.5]: every corner has x > z, so it is strictly inside the slab-top triangle on the
// x > z side of its diagonal x = z (vertex–face). A = the cube: the normal points down, (0,−1,0).
Case cube_on_slab() {
  Case c;
  c.name = "cube on slab";
  const Index cube = c.add_box(unit_cube(), Vec3(1, 1, 1), Vec3(0.7, 0.5, -1.0));
  const Index base = c.add_box(slab(), Vec3(4, 1, 4), Vec3(0, -0.5, 0));
  ExpectedInterface e{cube, base, Vec3(0, -1, 0), 1.0, {}};
  for (double x : {0.2, 1.2}) {
    for (double z : {-1.5, -0.5}) {
      e.corners.push_back(c.box_box_corner(cube, base, Vec3(x, 0, z), FeatureType::kVertex, FeatureType::kFace));
    }
  }
  c.expected = {e};
  return c;
}

// Cube [0.3,1.3]×[1,2]×[0.2,1.2] on cube [0,1]³: overlap [0.3,1]×[0.2,1], area 0.7·0.8.
// Corner (0.3,0.2): inside A's top (0.3 ≠ 0.2: off the diagonal), B's corner → face–vertex.
// Corner (1,1): A's corner; in B's bottom at local (0.7,0.8), off its diagonal → vertex–face.
// Corner (1,0.2): A's top edge x = 1 crosses B's bottom edge z = 0.2 → edge–edge; (0.3,1) likewise.
Case shifted_cube() {
  Case c;
  c.name = "shifted cube";
  const Vec3 size(1, 1, 1);
  const Index a = c.add_box(unit_cube(), size, Vec3(0.5, 0.5, 0.5));
  const Index b = c.add_box(unit_cube(), size, Vec3(0.8, 1.5, 0.7));
  ExpectedInterface e{a, b, Vec3(0, 1, 0), 0.7 * 0.8, {}};
  e.corners.push_back(c.box_box_corner(a, b, Vec3(0.3, 1, 0.2), FeatureType::kFace, FeatureType::kVertex));
  e.corners.push_back(c.box_box_corner(a, b, Vec3(1, 1, 1), FeatureType::kVertex, FeatureType::kFace));
  e.corners.push_back(c.box_box_corner(a, b, Vec3(1, 1, 0.2), FeatureType::kEdge, FeatureType::kEdge));
  e.corners.push_back(c.box_box_corner(a, b, Vec3(0.3, 1, 1), FeatureType::kEdge, FeatureType::kEdge));
  c.expected = {e};
  return c;
}

// Unit cube rotated 45° about y, centred at (0.8, 0.5, −0.9), on the slab: the footprint is the
// unit square with corners (0.8 ± √½, 0, −0.9) and (0.8, 0, −0.9 ± √½), all with x > z
// (inside one slab-top triangle): area 1, vertex (slab face)–(cube vertex).
Case rotated_cube_on_slab() {
  Case c;
  c.name = "rotated cube on slab";
  const Index base = c.add_box(slab(), Vec3(4, 1, 4), Vec3(0, -0.5, 0));
  const Quat q(Eigen::AngleAxisd(kPi / 4, Vec3::UnitY()));
  const Vec3 centre(0.8, 0.5, -0.9);
  const Index cube = c.add_box(unit_cube(), Vec3(1, 1, 1), centre, q);
  ExpectedInterface e{base, cube, Vec3(0, 1, 0), 1.0, {}};
  const double h = std::sqrt(0.5);
  for (const Vec3& p :
       {Vec3(0.8 + h, 0, -0.9), Vec3(0.8 - h, 0, -0.9), Vec3(0.8, 0, -0.9 + h), Vec3(0.8, 0, -0.9 - h)}) {
    e.corners.push_back(c.box_box_corner(base, cube, p, FeatureType::kFace, FeatureType::kVertex));
  }
  c.expected = {e};
  return c;
}

// Hexagonal prism (circumradius r) standing on the box [−1,1]×[−1,0]×[−1,1]. Its bottom cap is
// the regular hexagon, area 3√3/2 r²; each corner is a prism vertex k (0..5). Off-centre
// (r = 0.5 at (0.1, 0.3)): all corners strictly inside the box top, off its diagonal x = z → face.
// Centred with r = 1: corners 0 and 3 at (±1, 0, 0) lie on the box's top edges x = ±1 → edge; the
// other four (±½, ±√3/2) are inside → face.
Case hexagon_on_box(double r, const Vec3& centre, const std::string& name) {
  Case c;
  c.name = name;
  static const auto box = box_shape(Vec3(2, 1, 2));
  const auto prism = shape_of(hexagonal_prism_mesh(r, 0.4), "hexagonal prism");
  const Index base = c.add_box(box, Vec3(2, 1, 2), Vec3(0, -0.5, 0));
  const Index top = c.add(prism, centre);
  ExpectedInterface e{base, top, Vec3(0, 1, 0), 1.5 * std::sqrt(3.0) * r * r, {}};
  for (int k = 0; k < 6; ++k) {
    const Vec3 p = centre + Vec3(r * std::cos(k * kPi / 3), 0, r * std::sin(k * kPi / 3));
    const bool on_edge = std::abs(std::abs(p.x()) - 1.0) < 1e-12;
    e.corners.push_back(
        {p, c.box_feature(base, p, on_edge ? FeatureType::kEdge : FeatureType::kFace), c.vertex_feature(top, k)});
  }
  c.expected = {e};
  return c;
}

// On the slab (body 0, top y = 0): unit cube [0,1]³ (body 1) and box [1,2]×[0,0.5]×[0.25,0.75]
// (body 2) side by side. Slab–cube: area 1; the slab diagonal x = z passes through the cube's
// corners (0,0) and (1,1) → slab edge there, face at the other two. Slab–box: area 0.5; its
// corners at x = 2 lie on the slab's edge x = 2, those at x = 1 (z ≠ 1) inside the x > z triangle.
// Cube–box: normal (1,0,0), the box's end face 0.5 × 0.5 = 0.25 inside the cube's face x = 1:
// box corners; on the cube the two at y = 0 are on its bottom edge, the two at y = 0.5 are
// off the cube face's diagonal y = z → face.
Case side_by_side() {
  Case c;
  c.name = "side by side on slab";
  static const auto half_box = box_shape(Vec3(1, 0.5, 0.5));
  const Index base = c.add_box(slab(), Vec3(4, 1, 4), Vec3(0, -0.5, 0));
  const Index cube = c.add_box(unit_cube(), Vec3(1, 1, 1), Vec3(0.5, 0.5, 0.5));
  const Index box = c.add_box(half_box, Vec3(1, 0.5, 0.5), Vec3(1.5, 0.25, 0.5));
  ExpectedInterface slab_cube{base, cube, Vec3(0, 1, 0), 1.0, {}};
  for (const Vec3& p : {Vec3(0, 0, 0), Vec3(1, 0, 1)}) {
    slab_cube.corners.push_back(c.box_box_corner(base, cube, p, FeatureType::kEdge, FeatureType::kVertex));
  }
  for (const Vec3& p : {Vec3(1, 0, 0), Vec3(0, 0, 1)}) {
    slab_cube.corners.push_back(c.box_box_corner(base, cube, p, FeatureType::kFace, FeatureType::kVertex));
  }
  ExpectedInterface slab_box{base, box, Vec3(0, 1, 0), 0.5, {}};
  for (double z : {0.25, 0.75}) {
    slab_box.corners.push_back(c.box_box_corner(base, box, Vec3(2, 0, z), FeatureType::kEdge, FeatureType::kVertex));
    slab_box.corners.push_back(c.box_box_corner(base, box, Vec3(1, 0, z), FeatureType::kFace, FeatureType::kVertex));
  }
  ExpectedInterface cube_box{cube, box, Vec3(1, 0, 0), 0.25, {}};
  for (double z : {0.25, 0.75}) {
    cube_box.corners.push_back(c.box_box_corner(cube, box, Vec3(1, 0, z), FeatureType::kEdge, FeatureType::kVertex));
    cube_box.corners.push_back(c.box_box_corner(cube, box, Vec3(1, 0.5, z), FeatureType::kFace, FeatureType::kVertex));
  }
  c.expected = {slab_cube, slab_box, cube_box};
  return c;
}

// Wall of 2 layers × 3 bricks 1 × 0.5 × 1 (x, y, z), z ∈ [0, 1]; layer 0 (bodies 0–2) spans
// x ∈ [0,1], [1,2], [2,3], layer 1 (bodies 3–5) is offset by half a brick: [0.5,1.5], [1.5,2.5],
// [2.5,3.5]. Neighbours in a layer (0-1, 1-2, 3-4, 4-5): normal (1,0,0), the full end face
// 0.5 × 1, vertex–vertex. Layer to layer, a lower brick [l, l+1] and an upper one overlapping it by
// half: 0-3, 1-3, 1-4, 2-4, 2-5, each 0.5 × 1 = 0.5, normal (0,1,0); at each corner one brick has
// a vertex and the other an edge (the half-way point of its long top/bottom edge). 9 interfaces,
// total area 4.5.
Case brick_wall() {
  Case c;
  c.name = "brick wall 3x2";
  const Vec3 size(1, 0.5, 1);
  static const auto brick = box_shape(Vec3(1, 0.5, 1));
  for (int layer = 0; layer < 2; ++layer) {
    for (int j = 0; j < 3; ++j) c.add_box(brick, size, Vec3(j + 0.5 + 0.5 * layer, 0.25 + 0.5 * layer, 0.5));
  }
  for (int layer = 0; layer < 2; ++layer) {
    for (int j = 0; j < 2; ++j) {
      const Index a = 3 * layer + j, b = a + 1;
      const double x = j + 1 + 0.5 * layer;
      ExpectedInterface e{a, b, Vec3(1, 0, 0), 0.5, {}};
      for (double y : {0.5 * layer, 0.5 * layer + 0.5}) {
        for (double z : {0.0, 1.0}) {
          e.corners.push_back(c.box_box_corner(a, b, Vec3(x, y, z), FeatureType::kVertex, FeatureType::kVertex));
        }
      }
      c.expected.push_back(e);
    }
  }
  // Lower brick i spans [i, i+1]; upper brick k spans [k + 0.5, k + 1.5].
  for (auto [lower, upper] : std::vector<std::pair<int, int>>{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}) {
    const Index a = lower, b = 3 + upper;
    const double x0 = std::max<double>(lower, upper + 0.5), x1 = std::min<double>(lower + 1, upper + 1.5);
    ExpectedInterface e{a, b, Vec3(0, 1, 0), 0.5, {}};
    for (double z : {0.0, 1.0}) {
      // The end of the overlap that is a corner of the lower brick is the middle of an upper edge.
      for (double x : {x0, x1}) {
        const bool lower_corner = x == lower || x == lower + 1;
        e.corners.push_back(c.box_box_corner(a, b, Vec3(x, 0.5, z),
                                             lower_corner ? FeatureType::kVertex : FeatureType::kEdge,
                                             lower_corner ? FeatureType::kEdge : FeatureType::kVertex));
      }
    }
    c.expected.push_back(e);
  }
  return c;
}

// A unit cube in the inner corner of an L-shaped prism (body 0; cross-section corners
// (0,0) (2,0) (2,1) (1,1) (1,2) (0,2), z ∈ [0,1]), occupying [1,2]×[1,2]×[0,1]: two interfaces of
// one body pair in different planes — the L's face y = 1 (x ∈ [1,2], normal (0,1,0)) and its face
// x = 1 (y ∈ [1,2], normal (1,0,0)), each 1 × 1 with L vertices at all corners.
Case cube_in_corner() {
  Case c;
  c.name = "cube in an L corner";
  static const auto l_prism = shape_of(l_prism_mesh(), "L prism");
  const Index l = c.add(l_prism, Vec3::Zero());
  const Index cube = c.add_box(unit_cube(), Vec3(1, 1, 1), Vec3(1.5, 1.5, 0.5));
  ExpectedInterface floor{l, cube, Vec3(0, 1, 0), 1.0, {}};
  // L vertices: 2 = (2,1,0), 3 = (1,1,0), 4 = (1,2,0), +6 at z = 1.
  for (Index v : {2, 3, 9, 8}) {
    const Vec3 p = l_prism->surface_map.surface.vertices[v];
    floor.corners.push_back({p, c.vertex_feature(l, v), c.box_feature(cube, p, FeatureType::kVertex)});
  }
  ExpectedInterface wall{l, cube, Vec3(1, 0, 0), 1.0, {}};
  for (Index v : {3, 4, 10, 9}) {
    const Vec3 p = l_prism->surface_map.surface.vertices[v];
    wall.corners.push_back({p, c.vertex_feature(l, v), c.box_feature(cube, p, FeatureType::kVertex)});
  }
  c.expected = {floor, wall};
  return c;
}

// A U-shaped prism (body 1, feet x ∈ [0,1] and [2,3] at y = 0, z ∈ [0,1]) on a box (body 0) whose
// top y = 0 spans x ∈ [lo, hi], z ∈ [0,1].
// (a) x ∈ [0.5, 2.5]: both feet touch, [0.5,1] and [2,2.5]: ONE interface (one plane), area
//     0.5 + 0.5 = 1, polygon = the convex hull [0.5,2.5]×[0,1] (box corners; on the U the middle of
//     its feet's bottom edges) — not the region itself, which is not convex.
// (b) x ∈ [0.25, 2 + 1e-12]: the left foot touches over [0.25,1] (area 0.75); the right foot only
//     over a 1e-12 strip, narrower than the tolerance: ignored, so the polygon is the left
//     rectangle alone. Corners: box corners on U edges at x = 0.25; U corners on box edges at x = 1.
Case u_on_box(bool sliver) {
  Case c;
  c.name = sliver ? "U on a box, right foot on a sliver" : "U on a box, both feet";
  const Vec3 lo(sliver ? 0.25 : 0.5, -1, 0), hi(sliver ? 2 + 1e-12 : 2.5, 0, 1);
  const auto box = shape_of(box_mesh(lo, hi), "box");
  static const auto u = shape_of(u_prism_mesh(), "U prism");
  const Index base = c.add_box_at(box, lo, hi);
  const Index top = c.add(u, Vec3::Zero());
  const auto u_edge = [&](Index v0, Index v1) { return resolve(*u, {FeatureType::kEdge, {v0, v1}}); };
  ExpectedInterface e{base, top, Vec3(0, 1, 0), sliver ? 0.75 : 1.0, {}, /*convex=*/sliver};
  if (sliver) {
    for (int z = 0; z < 2; ++z) {
      const Vec3 left(0.25, 0, z), right(1, 0, z);
      e.corners.push_back({left, c.box_feature(base, left, FeatureType::kVertex), u_edge(8 * z, 8 * z + 1)});
      e.corners.push_back({right, c.box_feature(base, right, FeatureType::kEdge), c.vertex_feature(top, 8 * z + 1)});
    }
  } else {
    for (int z = 0; z < 2; ++z) {
      const Vec3 left(0.5, 0, z), right(2.5, 0, z);
      e.corners.push_back({left, c.box_feature(base, left, FeatureType::kVertex), u_edge(8 * z, 8 * z + 1)});
      e.corners.push_back({right, c.box_feature(base, right, FeatureType::kVertex), u_edge(8 * z + 4, 8 * z + 5)});
    }
  }
  c.expected = {e};
  return c;
}

// ---------------------------------------------------------------------------------------------

TEST(FindPlanarInterfaces, StackedCubesShareTheWholeFaceVertexToVertex) { expect_case(stacked_cubes(), 11); }

TEST(FindPlanarInterfaces, CubeOnSlabCornersAreVertexFaceAndNormalPointsFromLowerIndex) {
  expect_case(cube_on_slab(), 12);
}

TEST(FindPlanarInterfaces, ShiftedCubeHasFaceVertexVertexFaceAndTwoEdgeEdgeCorners) { expect_case(shifted_cube(), 13); }

TEST(FindPlanarInterfaces, RotatedCubeOnSlabIsTheRotatedSquare) { expect_case(rotated_cube_on_slab(), 14); }

TEST(FindPlanarInterfaces, HexagonalPrismOnBoxIsTheHexagon) {
  expect_case(hexagon_on_box(0.5, Vec3(0.1, 0, 0.3), "hexagon off centre"), 15);
  expect_case(hexagon_on_box(1.0, Vec3::Zero(), "hexagon touching the box edges"), 16);
}

TEST(FindPlanarInterfaces, SideBySideBoxesOnSlabGiveThreeInterfaces) { expect_case(side_by_side(), 17); }

TEST(FindPlanarInterfaces, BrickWallThreeByTwoHasNineHalfSquareInterfaces) {
  const Case c = brick_wall();
  ASSERT_EQ(c.expected.size(), 9u);
  expect_case(c, 18);
}

TEST(FindPlanarInterfaces, OneBodyPairTouchingInTwoPlanesGivesTwoInterfaces) { expect_case(cube_in_corner(), 19); }

// A boundary that folds over itself in a face plane (as TetGen's refinement can leave with flat
// tets on a boundary face): the unit cube's surface plus, on its top face and on its bottom face, a
// zero-volume "pillow" — a triangle facing out and the same triangle facing in. The face is
// covered (1 + 1 − 1) times where a pillow lies, so the touching area of two stacked folded cubes
// is still exactly 1 (pillows of A and B overlap in part, too).
TEST(FindPlanarInterfaces, FoldedBoundaryFacesCountOnce) {
  auto folded = std::make_shared<Shape>(*unit_cube());
  TriMesh& surface = folded->surface_map.surface;
  auto add_pillow = [&](double y, double x0, double z0, double size) {
    const Index first = surface.vertex_count();
    surface.vertices.emplace_back(x0, y, z0);
    surface.vertices.emplace_back(x0 + size, y, z0);
    surface.vertices.emplace_back(x0, y, z0 + size);
    surface.triangles.push_back({first, first + 1, first + 2});
    surface.triangles.push_back({first, first + 2, first + 1});
  };
  add_pillow(0.5, -0.3, -0.3, 0.4);
  add_pillow(-0.5, -0.2, -0.2, 0.5);
  folded->surface = surface;
  Case c = stacked_cubes();
  c.name = "stacked folded cubes";
  for (Body& body : c.scene.bodies) body.shape = folded;
  expect_case(c, 23);
}

TEST(FindPlanarInterfaces, OnePlaneTwoRegionsIsOneHullAndSliversAreIgnored) {
  expect_case(u_on_box(false), 21);
  expect_case(u_on_box(true), 22);
}

// Touching that is not over an area, and near-misses, give no planar interface.
TEST(FindPlanarInterfaces, GapEdgeCornerSliverAndTiltAreNotPlanarInterfaces) {
  const Vec3 size(1, 1, 1);
  auto pair_case = [&](const std::string& name, const Vec3& position_b, const Quat& orientation_b = Quat::Identity()) {
    Case c;
    c.name = name;
    c.add_box(unit_cube(), size, Vec3(0.5, 0.5, 0.5));
    c.add_box(unit_cube(), size, position_b, orientation_b);
    return c;
  };
  std::vector<Case> cases;
  cases.push_back(pair_case("gap 1e-3", Vec3(0.5, 1.5 + 1e-3, 0.5)));
  cases.push_back(pair_case("gap 1e-7 (above the 1e-9 scale tolerance)", Vec3(0.5, 1.5 + 1e-7, 0.5)));
  cases.push_back(pair_case("shared edge", Vec3(1.5, 1.5, 0.5)));
  cases.push_back(pair_case("shared corner", Vec3(1.5, 1.5, 1.5)));
  cases.push_back(pair_case("shared edge, offset along it", Vec3(1.5, 1.5, 0.9)));
  // Top faces overlapping in a strip 1e-12 wide (below the tolerance 1e-9 × length scale): an edge.
  cases.push_back(pair_case("sliver 1e-12", Vec3(1.5 - 1e-12, 1.5, 0.5)));
  // B tilted by 1e-3 rad about the z axis through its bottom edge x = 0 at y = 1: only that edge
  // touches A's top; B's bottom is 1e-3 rad off A's top plane.
  {
    const Quat tilt(Eigen::AngleAxisd(1e-3, Vec3::UnitZ()));
    const Vec3 pivot(0, 1, 0);
    const Vec3 centre = pivot + (tilt * Vec3(0.5, 0.5, 0.0)) + Vec3(0, 0, 0.5);
    cases.push_back(pair_case("tilted 1e-3 rad", centre, tilt));
  }
  for (const Case& c : cases) expect_case(c, 20);
}

TEST(FindPlanarInterfaces, GapWithinTheToleranceStillTouches) {
  // Length scale ≈ 2.4 (the scene spans 1 × 2 × 1), tolerance ≈ 2.4e-9: a gap of 1e-12 touches.
  Case c = stacked_cubes();
  c.name = "stacked cubes with a 1e-12 gap";
  c.scene.bodies[1].position.y() += 1e-12;  // corners sit on A's vertices: positions unchanged
  expect_interfaces(c.scene, c.expected, c.name);
}

TEST(FindPlanarInterfaces, DegenerateScenesAndBadOptions) {
  Scene empty;
  EXPECT_TRUE(find_planar_interfaces(empty).empty());
  Scene one = stacked_cubes().scene;
  one.bodies.resize(1);
  EXPECT_TRUE(find_planar_interfaces(one).empty());
  Scene shapeless = stacked_cubes().scene;
  shapeless.bodies[1].shape.reset();
  EXPECT_TRUE(find_planar_interfaces(shapeless).empty());
  // Two coincident cubes: faces coplanar but with equal normals, opposite faces not coplanar.
  Scene coincident = stacked_cubes().scene;
  coincident.bodies[1].position = coincident.bodies[0].position;
  EXPECT_TRUE(find_planar_interfaces(coincident).empty());

  PlanarInterfaceOptions bad;
  bad.tolerance.relative = -1;
  EXPECT_THROW(find_planar_interfaces(stacked_cubes().scene, bad), InputError);
  bad = {};
  bad.angle_tolerance = std::nan("");
  EXPECT_THROW(find_planar_interfaces(stacked_cubes().scene, bad), InputError);
}

// 10^4 random pairs of boxes from a pool of dyadic sizes, B placed against one face of A at
// dyadic offsets (exact arithmetic), a share of them degenerate: tangential offsets that make the
// boxes touch only along an edge or at a corner, aligned edges, a gap of 1/8. The expected overlap
// is the closed-form rectangle overlap; corners and features come from classify_on_box. Half the
// cases are then moved by a random similarity.
TEST(FindPlanarInterfaces, RandomBoxPairsMatchTheRectangleOverlap) {
  const std::vector<Vec3> sizes{{1, 1, 1}, {2, 0.5, 1}, {0.5, 1.5, 2}, {1.5, 1, 0.5}, {0.75, 0.25, 1.25}, {2, 2, 0.5}};
  static std::vector<std::shared_ptr<const Shape>> pool;
  if (pool.empty()) {
    for (const Vec3& s : sizes) pool.push_back(box_shape(s));
  }
  std::mt19937_64 rng(2024);
  std::uniform_int_distribution<int> pick(0, static_cast<int>(sizes.size()) - 1);
  std::uniform_int_distribution<int> eighth(-16, 16);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int with_interface = 0, edge_or_corner = 0;
  constexpr int kCases = 10000;
  for (int i = 0; i < kCases; ++i) {
    const int ia = pick(rng), ib = pick(rng);
    const Vec3 sa = sizes[ia], sb = sizes[ib];
    const Vec3 pa(eighth(rng) / 8.0, eighth(rng) / 8.0, eighth(rng) / 8.0);
    const int k = static_cast<int>(unit(rng) * 3);
    const double side = unit(rng) < 0.5 ? -1.0 : 1.0;
    const double gap = unit(rng) < 0.1 ? 0.125 : 0.0;
    Vec3 pb = pa;
    pb[k] += side * (0.5 * (sa[k] + sb[k]) + gap);
    bool degenerate_touch = false;
    for (int j = 0; j < 3; ++j) {
      if (j == k) continue;
      const double reach = 0.5 * (sa[j] + sb[j]);
      const double r = unit(rng);
      double offset;
      if (r < 0.15) {
        offset = unit(rng) < 0.5 ? -reach : reach;  // touching along an edge (or corner)
      } else if (r < 0.3) {
        offset = (unit(rng) < 0.5 ? -0.5 : 0.5) * (sa[j] - sb[j]);  // aligned edges
      } else {
        offset =
            std::uniform_int_distribution<int>(-static_cast<int>(8 * reach) - 2, static_cast<int>(8 * reach) + 2)(rng) /
            8.0;
      }
      pb[j] = pa[j] + offset;
    }
    const bool swap = unit(rng) < 0.5;
    Case c;
    c.name = "random pair #" + std::to_string(i);
    Index a, b;
    if (swap) {
      b = c.add_box(pool[ib], sb, pb);
      a = c.add_box(pool[ia], sa, pa);
    } else {
      a = c.add_box(pool[ia], sa, pa);
      b = c.add_box(pool[ib], sb, pb);
    }
    // Overlap of the two rectangles in the contact plane.
    const Vec3 lo = (pa - 0.5 * sa).cwiseMax(pb - 0.5 * sb);
    const Vec3 hi = (pa + 0.5 * sa).cwiseMin(pb + 0.5 * sb);
    const int j1 = (k + 1) % 3, j2 = (k + 2) % 3;
    const double w1 = hi[j1] - lo[j1], w2 = hi[j2] - lo[j2];
    if (gap == 0.0 && w1 >= 0.0 && w2 >= 0.0 && (w1 == 0.0 || w2 == 0.0)) degenerate_touch = true;
    if (gap == 0.0 && w1 > 0.0 && w2 > 0.0) {
      Vec3 normal = Vec3::Zero();
      normal[k] = side;
      const Index first = std::min(a, b), second = std::max(a, b);
      if (first != a) normal = -normal;  // from the lower body index to the higher
      ExpectedInterface e{first, second, normal, w1 * w2, {}};
      for (int corner = 0; corner < 4; ++corner) {
        Vec3 p;
        p[k] = pa[k] + side * 0.5 * sa[k];
        p[j1] = (corner & 1) ? hi[j1] : lo[j1];
        p[j2] = (corner & 2) ? hi[j2] : lo[j2];
        const auto feature = [&](Index body) {
          const auto& box = c.boxes[body];
          const FeatureSpec spec = classify_on_box(box->first, box->second, p - c.scene.bodies[body].position);
          return resolve(*c.scene.bodies[body].shape, spec);
        };
        e.corners.push_back({p, feature(first), feature(second)});
      }
      c.expected = {e};
      ++with_interface;
    }
    if (degenerate_touch) ++edge_or_corner;
    if (unit(rng) < 0.5) {
      const Similarity s = random_similarity(rng, 10.0, 1.0);
      expect_interfaces(transformed(c.scene, s), transformed(c.expected, s), c.name + " transformed");
    } else {
      expect_interfaces(c.scene, c.expected, c.name);
    }
    if (HasFailure()) break;
  }
  // The generator covers all kinds: area contacts, edge/corner touching, separated.
  EXPECT_GT(with_interface, kCases / 4);
  EXPECT_GT(edge_or_corner, kCases / 20);
}

// The suite's wall (docs/suite.md "wall"): 10 layers × 8 bricks 0.625 × 0.4 × 0.5 on a ground box.
// Interfaces: 10 × 7 in-layer (area 0.4·0.5 = 0.2), 9 × 15 between layers (each upper brick
// overlaps one or two lower ones by half a brick: 8 + 7 per layer pair, area 0.3125·0.5 = 0.15625),
// 8 on the ground (0.625·0.5 = 0.3125): 213 interfaces, total 37.59375 m², 4 corners each.
Scene wall_scene() {
  Scene scene;
  const auto brick = box_shape(Vec3(0.625, 0.4, 0.5));
  const auto ground = box_shape(Vec3(7, 0.5, 2));
  Body g;
  g.name = "ground";
  g.shape = ground;
  g.position = Vec3(2.5, -0.25, 0);
  g.fixed = true;
  scene.bodies.push_back(g);
  for (int i = 0; i < 10; ++i) {
    for (int j = 0; j < 8; ++j) {
      Body body;
      body.name = "brick" + std::to_string(i) + "_" + std::to_string(j);
      body.shape = brick;
      body.position = Vec3(j * 0.625 + (i % 2) * 0.3125, (i + 0.5) * 0.4, 0);
      scene.bodies.push_back(body);
    }
  }
  return scene;
}

TEST(FindPlanarInterfaces, WallOf80BricksCountsAreasAndDeterminism) {
  const Scene scene = wall_scene();
  const std::vector<ContactInterface> found = find_planar_interfaces(scene);
  ASSERT_EQ(found.size(), 213u);
  double total = 0.0;
  int horizontal = 0, vertical = 0;
  for (const ContactInterface& i : found) {
    total += i.area;
    EXPECT_EQ(i.polygon.size(), 4u);
    EXPECT_EQ(i.min_contacts, 4);
    const Vec3& n = i.feasible_normals.at(0);
    if ((n - Vec3(1, 0, 0)).norm() < 1e-12) {
      ++horizontal;
      EXPECT_NEAR(i.area, 0.2, 1e-12);
    } else {
      EXPECT_NEAR((n - Vec3(0, 1, 0)).norm(), 0.0, 1e-12);
      ++vertical;
      EXPECT_NEAR(i.area, i.body_a == 0 ? 0.3125 : 0.15625, 1e-12);
    }
  }
  EXPECT_EQ(horizontal, 70);
  EXPECT_EQ(vertical, 143);
  EXPECT_NEAR(total, 37.59375, 1e-9);
  // Same input, same output, bit for bit.
  const std::vector<ContactInterface> again = find_planar_interfaces(scene);
  ASSERT_EQ(again.size(), found.size());
  for (std::size_t k = 0; k < found.size(); ++k) {
    EXPECT_EQ(again[k].body_a, found[k].body_a);
    EXPECT_EQ(again[k].body_b, found[k].body_b);
    EXPECT_EQ(again[k].area, found[k].area);
    for (std::size_t c = 0; c < found[k].polygon.size(); ++c) {
      EXPECT_EQ(again[k].polygon[c].position, found[k].polygon[c].position);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// deepest_overlap

/// Exhaustive reference: every tet of every body against every tet of every other body (no
/// hierarchy). A pair whose boxes are more than 1e-6 × the scene's length scale apart is skipped
/// without SAT: SAT could at most call it touching, with a depth below its 1e-9 relative band,
/// which the comparison below tolerates.
double all_tet_pairs_deepest(const Scene& scene) {
  const double skip_gap = 1e-6 * scene.length_scale();
  double deepest = 0.0;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    for (std::size_t j = i + 1; j < scene.bodies.size(); ++j) {
      const TetMesh& mi = scene.bodies[i].shape->tets;
      const TetMesh& mj = scene.bodies[j].shape->tets;
      const Transform pi = scene.bodies[i].pose(), pj = scene.bodies[j].pose();
      for (Index s = 0; s < mi.tet_count(); ++s) {
        std::array<Vec3, 4> a;
        for (int c = 0; c < 4; ++c) a[c] = pi.apply(mi.corner(s, c));
        Aabb box_a;
        for (const Vec3& p : a) box_a.extend(p);
        box_a = box_a.inflated(skip_gap);
        for (Index t = 0; t < mj.tet_count(); ++t) {
          std::array<Vec3, 4> b;
          Aabb box_b;
          for (int c = 0; c < 4; ++c) box_b.extend(b[c] = pj.apply(mj.corner(t, c)));
          if (!box_a.overlaps(box_b)) continue;
          const TetTetSatResult sat = tet_tet_sat(a, b);
          if (!sat.separated) deepest = std::max(deepest, sat.depth);
        }
      }
    }
  }
  return deepest;
}

/// The box [lo, hi] split by hand into the 6 Kuhn tets (in coordinates scaled to the unit cube)
/// x_{π0} ≥ x_{π1} ≥ x_{π2} around the diagonal lo–hi (no TetGen), so that which tets exist is known.
std::shared_ptr<const Shape> kuhn_box(const Vec3& lo, const Vec3& hi) {
  auto shape = std::make_shared<Shape>();
  for (int i = 0; i < 8; ++i) shape->tets.vertices.push_back(box_vertex(lo, hi, i));
  const int permutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto& p : permutations) {
    Tet tet{0, 1 << p[0], (1 << p[0]) | (1 << p[1]), 7};
    const Vec3 a = shape->tets.vertices[tet[0]];
    if ((shape->tets.vertices[tet[1]] - a)
            .dot((shape->tets.vertices[tet[2]] - a).cross(shape->tets.vertices[tet[3]] - a)) < 0) {
      std::swap(tet[2], tet[3]);
    }
    shape->tets.tets.push_back(tet);
  }
  shape->surface_map = build_surface_map(shape->tets);
  shape->surface = shape->surface_map.surface;
  return shape;
}

/// The unit cube [0,1]³ as 6 Kuhn tets.
std::shared_ptr<const Shape> kuhn_cube() { return kuhn_box(Vec3::Zero(), Vec3::Ones()); }

Scene two_bodies(const std::shared_ptr<const Shape>& shape, const Vec3& position_a, const Vec3& position_b) {
  Scene scene;
  for (const Vec3& p : {position_a, position_b}) {
    Body body;
    body.name = "b" + std::to_string(scene.bodies.size());
    body.shape = shape;
    body.position = p;
    scene.bodies.push_back(body);
  }
  return scene;
}

TEST(DeepestOverlap, TouchingCubesAreWithinTheTolerance) {
  const Scene scene = stacked_cubes().scene;
  EXPECT_LE(deepest_overlap(scene), 1e-9 * scene.length_scale());
  std::mt19937_64 rng(31);
  for (int i = 0; i < 20; ++i) {
    const Similarity s = random_similarity(rng);
    const Scene moved = transformed(scene, s);
    EXPECT_LE(deepest_overlap(moved), 1e-9 * moved.length_scale());
  }
}

// Kuhn cube A = [0,1]³ and B = A + (0, 0.9, 0): 0.1 deep.
// Upper bound: moving B up by 0.1 separates every tet pair, so no pair's penetration depth (= the
// SAT least overlap for convex tets) exceeds 0.1.
// Lower bound: A's tet {y ≥ x ≥ z} and B's tet {x ≥ z ≥ y − 0.9} both contain the cube
// [0.5,0.6]×[0.9,1]×[0.3,0.4] of side 0.1, whose inscribed ball (radius 0.05) and any copy of it
// moved by less than 0.1 intersect: that pair's depth is at least 0.1. So deepest = 0.1.
TEST(DeepestOverlap, CubePushedIntoAnotherIsTheOverlapDepth) {
  const Scene scene = two_bodies(kuhn_cube(), Vec3::Zero(), Vec3(0, 0.9, 0));
  // SAT keeps an earlier axis on near-ties (within its 1e-9 relative band): allow that band.
  EXPECT_NEAR(deepest_overlap(scene), 0.1, 5e-9);
  std::mt19937_64 rng(32);
  for (int i = 0; i < 20; ++i) {
    const Similarity s = random_similarity(rng);
    EXPECT_NEAR(deepest_overlap(transformed(scene, s)), 0.1 * s.scale, 5e-9 * s.scale);
  }
  // With TetGen's tets (unknown split) the upper bound still holds, and the bodies do overlap.
  const Scene tetgen = two_bodies(unit_cube(), Vec3::Zero(), Vec3(0, 0.9, 0));
  const double depth = deepest_overlap(tetgen);
  EXPECT_GT(depth, 1e-3);
  EXPECT_LE(depth, 0.1 + 5e-9);
}

TEST(DeepestOverlap, SeparatedAndDegenerateScenesGiveZero) {
  EXPECT_EQ(deepest_overlap(two_bodies(unit_cube(), Vec3::Zero(), Vec3(0, 1.01, 0))), 0.0);
  EXPECT_EQ(deepest_overlap(two_bodies(unit_cube(), Vec3::Zero(), Vec3(3, 0, 0))), 0.0);
  EXPECT_EQ(deepest_overlap(Scene{}), 0.0);
  Scene shapeless = two_bodies(unit_cube(), Vec3::Zero(), Vec3::Zero());
  shapeless.bodies[1].shape.reset();
  EXPECT_EQ(deepest_overlap(shapeless), 0.0);
  // Coincident Kuhn cubes: tets coincide; a tet overlaps its copy by its least width along the
  // face normals, which is positive — and at most 1 (the cube's side).
  const double coincident = deepest_overlap(two_bodies(kuhn_cube(), Vec3::Zero(), Vec3::Zero()));
  EXPECT_GT(coincident, 0.1);
  EXPECT_LE(coincident, 1.0 + 1e-12);
}

// 10^4 random pairs of boxes against the all-tet-pairs reference: a share exactly touching (dyadic, face to
// face), a share coincident, the rest at random relative poses (overlapping or separated).
TEST(DeepestOverlap, RandomPairsMatchAllTetPairs) {
  const std::vector<Vec3> sizes{{1, 1, 1}, {2, 0.5, 1}, {0.5, 1.5, 2}};
  // Two hand-split boxes (6 tets each) keep the exhaustive reference cheap; one TetGen box.
  const std::vector<std::shared_ptr<const Shape>> pool{kuhn_box(-0.5 * sizes[0], 0.5 * sizes[0]),
                                                       kuhn_box(-0.5 * sizes[1], 0.5 * sizes[1]), box_shape(sizes[2])};
  std::mt19937_64 rng(2025);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> normal;
  int overlapping = 0, touching = 0;
  constexpr int kCases = 10000;
  for (int i = 0; i < kCases; ++i) {
    const int ia = static_cast<int>(unit(rng) * 3), ib = static_cast<int>(unit(rng) * 3);
    Scene scene;
    Body a, b;
    a.name = "a";
    b.name = "b";
    a.shape = pool[ia];
    b.shape = pool[ib];
    const double r = unit(rng);
    if (r < 0.45) {  // face to face, dyadic: exact touching
      const int k = static_cast<int>(unit(rng) * 3);
      b.position[k] = 0.5 * (sizes[ia][k] + sizes[ib][k]);
      b.position[(k + 1) % 3] = std::floor(8 * (unit(rng) - 0.5)) / 8;
      ++touching;
    } else if (r < 0.5) {
      b.shape = a.shape;  // coincident
    } else {
      a.orientation = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
      b.orientation = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
      b.position = 3.0 * Vec3(unit(rng) - 0.5, unit(rng) - 0.5, unit(rng) - 0.5);
    }
    scene.bodies = {a, b};
    const double fast = deepest_overlap(scene);
    const double reference = all_tet_pairs_deepest(scene);
    // Identical SAT calls; the broad phase may only skip tet pairs whose boxes are disjoint, which
    // SAT can at most call "touching" with depth below its 1e-9 relative band.
    ASSERT_NEAR(fast, reference, 1e-8) << "case " << i;
    if (reference > 1e-6) ++overlapping;
  }
  EXPECT_GT(overlapping, kCases / 5);
  EXPECT_GT(touching, kCases / 3);
}

TEST(DeepestOverlap, WallOf80BricksIsTouchingAndFast) {
  const Scene scene = wall_scene();
  const auto start = std::chrono::steady_clock::now();
  const double depth = deepest_overlap(scene);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LE(depth, 1e-9 * scene.length_scale());
  EXPECT_LT(seconds, 5.0);  // typically milliseconds; generous for sanitizer builds
  // One brick pushed 0.05 down into the one below: the deepest overlap is at most 0.05.
  Scene pushed = scene;
  pushed.bodies[1 + 8 * 5 + 3].position.y() -= 0.05;
  const double pushed_depth = deepest_overlap(pushed);
  EXPECT_GT(pushed_depth, 1e-3);
  EXPECT_LE(pushed_depth, 0.05 + 5e-9);
}

}  // namespace
}  // namespace contactlab
