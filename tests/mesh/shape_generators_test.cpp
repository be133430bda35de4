// Tests of the built-in shape generators. Ground truth comes from the shapes' definitions
// (docs/suite.md "Shapes", generators.h): closed-form volumes derived here, analytic inside/outside
// predicates written from the definitions (not from the generator code), analytic face normals,
// and the generalized winding number of the mesh (solid angles, van Oosterom & Strackee, IEEE
// Trans. Biomed. Eng. 30(2), 1983, eq. 9) compared with the analytic predicate on random points.
#include "contactlab/mesh/shape_generators.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <numbers>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "contactlab/core/error.h"
#include "contactlab/mesh/mass_properties.h"
#include "contactlab/mesh/tetrahedralize.h"
#include "contactlab/mesh/topology.h"
#include "contactlab/mesh/validate.h"

namespace contactlab {
namespace {

constexpr double kPi = std::numbers::pi;
const double kAlpha = std::sqrt(0.5);
const double kBeta = 1.0 / std::sqrt(10.0);
const double kGamma = 3.0 / std::sqrt(10.0);

/// One generated shape with its independent ground truth.
struct Case {
  std::string label;
  TriMesh mesh;
  double volume = 0.0;                        ///< closed form
  std::function<double(const Vec3&)> margin;  ///< > 0 strictly inside, < 0 outside (a slack, not a distance)
  std::vector<Vec3> normals;                  ///< every face's outward unit normal is one of these, and each occurs
};

// ---- analytic definitions ---------------------------------------------------------------------

Case box_case(const Vec3& size) {
  Case c{"box", box_surface(size), size.prod(), nullptr, {}};
  c.margin = [size](const Vec3& p) { return (0.5 * size - p.cwiseAbs()).minCoeff(); };
  for (int i = 0; i < 3; ++i) {
    c.normals.push_back(Vec3::Unit(i));
    c.normals.push_back(-Vec3::Unit(i));
  }
  return c;
}

/// Regular n-gon frustum: cross-section at height y is the n-gon of circumradius r(y) (linear in y),
/// whose side k has outward direction u_k at angle phase + 2π(k + ½)/n and apothem r(y)·cos(π/n).
Case frustum_case(int n, double r0, double r1, double h, double phase) {
  const double area0 = 0.5 * n * r0 * r0 * std::sin(2 * kPi / n);
  const double area1 = 0.5 * n * r1 * r1 * std::sin(2 * kPi / n);
  Case c{
      "frustum", frustum_surface(n, r0, r1, h, phase), h / 3 * (area0 + area1 + std::sqrt(area0 * area1)), nullptr, {}};
  const double cos_half = std::cos(kPi / n);
  c.margin = [=](const Vec3& p) {
    const double r = r0 + (r1 - r0) * p.y() / h;
    double m = std::min(p.y(), h - p.y());
    for (int k = 0; k < n; ++k) {
      const double a = phase + 2 * kPi * (k + 0.5) / n;
      m = std::min(m, r * cos_half - (p.x() * std::cos(a) + p.z() * std::sin(a)));
    }
    return m;
  };
  if (r0 > 0) c.normals.push_back(Vec3(0, -1, 0));
  if (r1 > 0) c.normals.push_back(Vec3(0, 1, 0));
  for (int k = 0; k < n; ++k) {
    const double a = phase + 2 * kPi * (k + 0.5) / n;
    // In the (radial, y) plane the side runs from (r0·cos(π/n), 0) to (r1·cos(π/n), h).
    c.normals.push_back(Vec3(h * std::cos(a), (r0 - r1) * cos_half, h * std::sin(a)).normalized());
  }
  return c;
}

Case spike_case(double height, double b) {
  Case c{"spike", spike_surface(height, b), 4 * b * b * height / 3, nullptr, {}};
  c.margin = [=](const Vec3& p) {
    const double half_width = b * (1 - p.y() / height);
    return std::min({p.y(), half_width - std::abs(p.x()), half_width - std::abs(p.z())});
  };
  const double s = std::hypot(height, b);
  c.normals = {
      {0, -1, 0}, {height / s, b / s, 0}, {-height / s, b / s, 0}, {0, b / s, height / s}, {0, b / s, -height / s}};
  return c;
}

Case wedge_case(double height, double b, double l) {
  Case c{"wedge", wedge_surface(height, b, l), 2 * b * height * l, nullptr, {}};
  c.margin = [=](const Vec3& p) {
    return std::min({p.y(), l - std::abs(p.z()), b * (1 - p.y() / height) - std::abs(p.x())});
  };
  const double s = std::hypot(height, b);
  c.normals = {{0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {height / s, b / s, 0}, {-height / s, b / s, 0}};
  return c;
}

/// Crack: block 2 × 1 × 4 minus the groove prism (triangle of base 1, depth 0.5, length 4) = 8 − 1.
Case crack_case() {
  Case c{"crack", crack_surface(), 8.0 - 0.5 * 1.0 * 0.5 * 4.0, nullptr, {}};
  c.margin = [](const Vec3& p) {
    const double top = std::abs(p.x()) >= 0.5 ? 0.5 : std::abs(p.x());
    return std::min({1 - std::abs(p.x()), 2 - std::abs(p.z()), p.y() + 0.5, top - p.y()});
  };
  c.normals = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},           {0, -1, 0},
               {0, 0, 1}, {0, 0, -1}, {kAlpha, kAlpha, 0}, {-kAlpha, kAlpha, 0}};
  return c;
}

/// Hole: block 2 × 1 × 2 minus the inverted pyramid (base 1 × 1, height 0.5): 4 − 1/6. A point is
/// in the pyramid when max(|x|, |z|) < y.
Case hole_case() {
  Case c{"hole", hole_surface(), 4.0 - 1.0 / 6.0, nullptr, {}};
  c.margin = [](const Vec3& p) {
    return std::min({1 - std::abs(p.x()), 1 - std::abs(p.z()), p.y() + 0.5, 0.5 - p.y(),
                     std::max(std::abs(p.x()), std::abs(p.z())) - p.y()});
  };
  c.normals = {{1, 0, 0},           {-1, 0, 0},          {0, 1, 0},           {0, -1, 0},
               {0, 0, 1},           {0, 0, -1},          {kAlpha, kAlpha, 0}, {-kAlpha, kAlpha, 0},
               {0, kAlpha, kAlpha}, {0, kAlpha, -kAlpha}};
  return c;
}

/// Voussoir: the quadrilateral (r1 e0, r2 e0, r2 e1, r1 e1) is the difference of the triangles
/// (0, r2 e0, r2 e1) and (0, r1 e0, r1 e1): area (r2² − r1²)/2 · sin Δθ; volume = area · depth.
/// Inside: strictly between the two rays (Δθ < π) and between the chords, whose common normal is
/// the bisector m at distance r·cos(Δθ/2).
Case voussoir_case(double r1, double r2, double t0, double t1, double depth) {
  const double span = t1 - t0;
  Case c{"voussoir",
         voussoir_surface(r1, r2, t0, t1, depth),
         0.5 * (r2 * r2 - r1 * r1) * std::sin(span) * depth,
         nullptr,
         {}};
  const Vec2 e0(std::cos(t0), std::sin(t0)), e1(std::cos(t1), std::sin(t1));
  const Vec2 m(std::cos(0.5 * (t0 + t1)), std::sin(0.5 * (t0 + t1)));
  const double chord = std::cos(0.5 * span);
  c.margin = [=](const Vec3& p) {
    const Vec2 q(p.x(), p.y());
    const double radial = q.dot(m);
    return std::min({e0.x() * q.y() - e0.y() * q.x(), q.x() * e1.y() - q.y() * e1.x(), radial - r1 * chord,
                     r2 * chord - radial, 0.5 * depth - std::abs(p.z())});
  };
  c.normals = {{0, 0, 1},
               {0, 0, -1},
               {m.x(), m.y(), 0},
               {-m.x(), -m.y(), 0},
               {std::sin(t0), -std::cos(t0), 0},
               {-std::sin(t1), std::cos(t1), 0}};
  return c;
}

Case internal_edge_base_case() {
  Case c = box_case(Vec3(4, 2, 4));
  c.label = "internal-edge-base";
  c.mesh = internal_edge_base_surface();
  return c;
}

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const Vec3& size :
       {Vec3(1, 1, 1), Vec3(0.5, 0.21, 0.5), Vec3(3, 0.3, 3), Vec3(0.625, 0.4, 0.5), Vec3(10, 0.05, 3)}) {
    cases.push_back(box_case(size));
  }
  cases.push_back(frustum_case(6, 0.25, 0.20, 0.21, 0));                                       // pillar pieces
  cases.push_back(frustum_case(6, 0.2, 0.2, 2.8 / 3, 0));                                      // prism
  cases.push_back(frustum_case(4, 2.4 * std::sqrt(2.0), 1.6 * std::sqrt(2.0), 3.2, kPi / 4));  // cliff-edge
  cases.push_back(frustum_case(3, 1, 0.5, 2, 0.3));
  cases.push_back(frustum_case(32, 1, 1, 1, 0));
  cases.push_back(frustum_case(8, 1, 0, 2, 0));      // cone, apex up
  cases.push_back(frustum_case(5, 0, 1.5, 1, 1.0));  // cone, apex down
  cases.push_back(frustum_case(7, 0.1, 3, 0.5, -2));
  cases.push_back(spike_case(2.4, 0.8));
  cases.push_back(spike_case(1, 1));
  cases.push_back(spike_case(5, 0.1));
  cases.push_back(wedge_case(2.4, 0.8, 1.6));
  cases.push_back(wedge_case(1, 2, 0.5));
  cases.push_back(crack_case());
  cases.push_back(hole_case());
  for (int k = 0; k < 7; ++k) cases.push_back(voussoir_case(1.5, 2, k * kPi / 7, (k + 1) * kPi / 7, 2));
  cases.push_back(voussoir_case(0.1, 5, -1, 0.5, 0.3));
  cases.push_back(voussoir_case(1, 1.2, 0, 3.0, 1));
  cases.push_back(internal_edge_base_case());
  return cases;
}

// ---- helpers ----------------------------------------------------------------------------------

double diameter(const TriMesh& mesh) { return mesh.bounds().diagonal(); }

Vec3 centroid(const TriMesh& mesh, Index t) { return (mesh.corner(t, 0) + mesh.corner(t, 1) + mesh.corner(t, 2)) / 3; }

/// Generalized winding number: Σ solid angles / 4π (van Oosterom & Strackee 1983).
double winding_number(const TriMesh& mesh, const Vec3& p) {
  double sum = 0;
  for (Index t = 0; t < mesh.triangle_count(); ++t) {
    const Vec3 a = mesh.corner(t, 0) - p, b = mesh.corner(t, 1) - p, c = mesh.corner(t, 2) - p;
    const double la = a.norm(), lb = b.norm(), lc = c.norm();
    const double numerator = a.dot(b.cross(c));
    const double denominator = la * lb * lc + a.dot(b) * lc + a.dot(c) * lb + b.dot(c) * la;
    sum += 2 * std::atan2(numerator, denominator);
  }
  return sum / (4 * kPi);
}

Index find_vertex(const TriMesh& mesh, const Vec3& p) {
  for (Index v = 0; v < mesh.vertex_count(); ++v) {
    if (mesh.vertices[v] == p) return v;
  }
  return kInvalidIndex;
}

// ---- tests ------------------------------------------------------------------------------------

TEST(Generators, ValidClosedManifoldWithClosedFormVolume) {
  for (const Case& c : all_cases()) {
    SCOPED_TRACE(c.label);
    const ValidationReport report = validate(c.mesh);
    EXPECT_TRUE(report.ok()) << report.summary();
    const MeshTopology topology = build_topology(c.mesh);
    EXPECT_TRUE(topology.closed_manifold());
    EXPECT_EQ(topology.count(EdgeKind::Degenerate), 0);
    EXPECT_EQ(topology.count(VertexKind::Irregular), 0);
    EXPECT_EQ(topology.count(VertexKind::Isolated), 0);  // every vertex is used
    // Euler characteristic of a sphere.
    EXPECT_EQ(c.mesh.vertex_count() - topology.edge_count() + c.mesh.triangle_count(), 2);
    std::set<std::array<double, 3>> distinct;
    for (const Vec3& v : c.mesh.vertices) distinct.insert({v.x(), v.y(), v.z()});
    EXPECT_EQ(static_cast<Index>(distinct.size()), c.mesh.vertex_count()) << "duplicate vertices";
    EXPECT_NEAR(mass_properties(c.mesh).volume, c.volume, 1e-12 * std::pow(diameter(c.mesh), 3));
  }
}

TEST(Generators, EveryFaceNormalPointsOutwardAndIsAnAnalyticNormal) {
  for (const Case& c : all_cases()) {
    SCOPED_TRACE(c.label);
    const double step = 1e-6 * diameter(c.mesh);
    std::vector<bool> seen(c.normals.size(), false);
    for (Index t = 0; t < c.mesh.triangle_count(); ++t) {
      const Vec3 n = c.mesh.area_normal(t).normalized();
      const Vec3 g = centroid(c.mesh, t);
      EXPECT_GT(c.margin(g - step * n), 0) << "triangle " << t << " inside point";
      EXPECT_LT(c.margin(g + step * n), 0) << "triangle " << t << " outside point";
      bool matched = false;
      for (std::size_t i = 0; i < c.normals.size(); ++i) {
        if ((n - c.normals[i]).norm() < 1e-12) matched = seen[i] = true;
      }
      EXPECT_TRUE(matched) << "triangle " << t << " normal " << n.transpose();
    }
    for (std::size_t i = 0; i < seen.size(); ++i)
      EXPECT_TRUE(seen[i]) << "no face with normal " << c.normals[i].transpose();
  }
}

// 1000 random points per case (≈ 3·10^4 in all), 30% of them with one coordinate snapped to a
// vertex coordinate, i.e. in the plane of faces, edges and vertices (the degenerate share). Points
// within 1e-9·diameter of the analytic boundary are not judged.
TEST(Generators, WindingNumberMatchesAnalyticInsideOnRandomPoints) {
  std::mt19937_64 rng(20240611);
  int judged = 0;
  for (const Case& c : all_cases()) {
    SCOPED_TRACE(c.label);
    const Aabb box = c.mesh.bounds();
    const Vec3 pad = 0.1 * box.extents();
    const Vec3 lo = box.min - pad, hi = box.max + pad;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_int_distribution<Index> pick_vertex(0, c.mesh.vertex_count() - 1);
    std::uniform_int_distribution<int> pick_axis(0, 2);
    const double tolerance = 1e-9 * diameter(c.mesh);
    int failures = 0;
    for (int i = 0; i < 1000; ++i) {
      Vec3 p;
      for (int k = 0; k < 3; ++k) p[k] = lo[k] + (hi[k] - lo[k]) * unit(rng);
      if (i % 10 < 3) {
        const int axis = pick_axis(rng);
        p[axis] = c.mesh.vertices[pick_vertex(rng)][axis];
      }
      const double margin = c.margin(p);
      if (std::abs(margin) <= tolerance) continue;
      ++judged;
      const double w = winding_number(c.mesh, p);
      const bool ok = std::abs(w - (margin > 0 ? 1.0 : 0.0)) < 1e-6;
      if (!ok && ++failures <= 5)
        ADD_FAILURE() << "point " << p.transpose() << " margin " << margin << " winding " << w;
    }
  }
  EXPECT_GT(judged, 20000);
}

TEST(Generators, SuiteNormalsOfSpikeWedgeCrackHole) {
  // Spike and wedge with the suite's dimensions: side normals (±γ, β, 0), (0, β, ±γ).
  const std::vector<Vec3> spike_sides{{kGamma, kBeta, 0}, {-kGamma, kBeta, 0}, {0, kBeta, kGamma}, {0, kBeta, -kGamma}};
  const auto count_normal = [](const TriMesh& mesh, const Vec3& normal, const std::function<bool(const Vec3&)>& where) {
    int count = 0;
    for (Index t = 0; t < mesh.triangle_count(); ++t) {
      if (where(centroid(mesh, t)) && (mesh.area_normal(t).normalized() - normal).norm() < 1e-12) ++count;
    }
    return count;
  };
  const auto anywhere = [](const Vec3&) { return true; };
  const TriMesh spike = spike_surface();
  for (const Vec3& n : spike_sides) EXPECT_EQ(count_normal(spike, n, anywhere), 1) << n.transpose();
  const TriMesh wedge = wedge_surface();
  EXPECT_EQ(count_normal(wedge, Vec3(kGamma, kBeta, 0), [](const Vec3& g) { return g.x() > 0; }), 2);
  EXPECT_EQ(count_normal(wedge, Vec3(-kGamma, kBeta, 0), [](const Vec3& g) { return g.x() < 0; }), 2);

  // Crack: the left groove wall (−0.5 < x < 0) faces (α, α, 0), the right one (−α, α, 0); the two
  // strips of the top are y = 0.5 with normal +y.
  const TriMesh crack = crack_surface();
  const auto in_groove = [](const Vec3& g) { return std::abs(g.z()) < 2 && g.y() > 0 && g.y() < 0.5; };
  EXPECT_EQ(count_normal(crack, Vec3(kAlpha, kAlpha, 0), [&](const Vec3& g) { return in_groove(g) && g.x() < 0; }), 2);
  EXPECT_EQ(count_normal(crack, Vec3(-kAlpha, kAlpha, 0), [&](const Vec3& g) { return in_groove(g) && g.x() > 0; }), 2);
  EXPECT_EQ(count_normal(crack, Vec3(0, 1, 0), [](const Vec3& g) { return g.y() == 0.5 && std::abs(g.x()) > 0.5; }), 4);
  EXPECT_EQ(find_vertex(crack, Vec3(0, 0, -2)) != kInvalidIndex && find_vertex(crack, Vec3(0, 0, 2)) != kInvalidIndex,
            true);

  // Hole: four walls meeting at (0,0,0), normals into the hole: the wall at x = +0.5 faces −x.
  const TriMesh hole = hole_surface();
  const Index pit = find_vertex(hole, Vec3(0, 0, 0));
  ASSERT_NE(pit, kInvalidIndex);
  const std::vector<std::pair<Vec3, Vec3>> walls{{{-kAlpha, kAlpha, 0}, {1, 0, 0}},
                                                 {{kAlpha, kAlpha, 0}, {-1, 0, 0}},
                                                 {{0, kAlpha, -kAlpha}, {0, 0, 1}},
                                                 {{0, kAlpha, kAlpha}, {0, 0, -1}}};
  for (const auto& [normal, side] : walls) {
    int count = 0;
    for (Index t = 0; t < hole.triangle_count(); ++t) {
      const Triangle& tri = hole.triangles[t];
      const bool at_pit = std::find(tri.begin(), tri.end(), pit) != tri.end();
      if (at_pit && centroid(hole, t).dot(side) > 0 && (hole.area_normal(t).normalized() - normal).norm() < 1e-12)
        ++count;
    }
    EXPECT_EQ(count, 1) << normal.transpose();
  }
  // The top is the square ring: 8 triangles at y = 0.5 of total area 4 − 1.
  double top_area = 0;
  int top_triangles = 0;
  for (Index t = 0; t < hole.triangle_count(); ++t) {
    if (hole.corner(t, 0).y() == 0.5 && hole.corner(t, 1).y() == 0.5 && hole.corner(t, 2).y() == 0.5) {
      top_area += 0.5 * hole.area_normal(t).norm();
      ++top_triangles;
      EXPECT_GT(hole.area_normal(t).y(), 0);
    }
  }
  EXPECT_EQ(top_triangles, 8);
  EXPECT_NEAR(top_area, 3.0, 1e-14);
}

TEST(Generators, CrackAndHoleEdgeClassification) {
  const TriMesh crack = crack_surface();
  const MeshTopology crack_topology = build_topology(crack);
  const Index groove = crack_topology.find_edge(find_vertex(crack, Vec3(0, 0, -2)), find_vertex(crack, Vec3(0, 0, 2)));
  ASSERT_NE(groove, kInvalidIndex);
  EXPECT_EQ(crack_topology.edge_kinds[groove], EdgeKind::Concave);
  // 36 edges: the 2 × 7 cap outlines are convex; of the 7 edges along z only the groove line is
  // concave; the diagonals (4 per cap fan, 1 per side quad) are flat.
  EXPECT_EQ(crack_topology.count(EdgeKind::Concave), 1);
  EXPECT_EQ(crack_topology.count(EdgeKind::Convex), 7 + 7 + 6);
  EXPECT_EQ(crack_topology.count(EdgeKind::Flat), 7 + 2 * 4);

  const TriMesh hole = hole_surface();
  const MeshTopology hole_topology = build_topology(hole);
  const Index pit = find_vertex(hole, Vec3(0, 0, 0));
  EXPECT_EQ(hole_topology.vertex_kinds[pit], VertexKind::Concave);
  EXPECT_EQ(hole_topology.count(EdgeKind::Concave), 4);  // the wall–wall edges to the pit
  for (const double x : {-0.5, 0.5}) {
    for (const double z : {-0.5, 0.5}) EXPECT_NE(find_vertex(hole, Vec3(x, 0.5, z)), kInvalidIndex);
  }
}

TEST(Generators, InternalEdgeBaseTopIsExactlyTheListedTriangles) {
  const TriMesh base = internal_edge_base_surface();
  EXPECT_EQ(base.vertex_count(), 14);
  EXPECT_EQ(base.triangle_count(), 24);
  // docs/suite.md's list, (x, z) at y = 1; a mesh triangle matches one up to cyclic rotation (same
  // orientation, which is counter-clockwise seen from above).
  const double listed[10][3][2] = {
      {{-2, 2}, {0, 2}, {-1, 1}}, {{-2, 2}, {-1, 1}, {-2, 0}},  {{0, 2}, {2, 2}, {1, 1}},  {{2, 2}, {2, 0}, {1, 1}},
      {{2, 0}, {2, -2}, {0, -2}}, {{0, -2}, {-2, -2}, {-2, 0}}, {{0, 2}, {1, 1}, {0, -2}}, {{1, 1}, {2, 0}, {0, -2}},
      {{0, 2}, {0, -2}, {-1, 1}}, {{-1, 1}, {0, -2}, {-2, 0}}};
  std::vector<int> matches(10, 0);
  int top_triangles = 0;
  for (Index t = 0; t < base.triangle_count(); ++t) {
    if (!(base.corner(t, 0).y() == 1 && base.corner(t, 1).y() == 1 && base.corner(t, 2).y() == 1)) continue;
    ++top_triangles;
    EXPECT_GT(base.area_normal(t).y(), 0);
    for (int i = 0; i < 10; ++i) {
      for (int shift = 0; shift < 3; ++shift) {
        bool same = true;
        for (int k = 0; k < 3; ++k) {
          const auto& q = listed[i][(k + shift) % 3];
          same = same && base.corner(t, k) == Vec3(q[0], 1, q[1]);
        }
        if (same) ++matches[i];
      }
    }
  }
  EXPECT_EQ(top_triangles, 10);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(matches[i], 1) << "listed triangle " << i;

  const MeshTopology topology = build_topology(base);
  // The internal vertices (−1, 1, 1), (1, 1, 1) are flat; every edge inside the top face is flat,
  // every edge on its border convex.
  for (const Vec3& p : {Vec3(-1, 1, 1), Vec3(1, 1, 1)}) {
    const Index v = find_vertex(base, p);
    ASSERT_NE(v, kInvalidIndex);
    EXPECT_EQ(topology.vertex_kinds[v], VertexKind::Flat);
  }
  int top_edges = 0;
  for (Index e = 0; e < topology.edge_count(); ++e) {
    const Vec3& a = base.vertices[topology.edges[e][0]];
    const Vec3& b = base.vertices[topology.edges[e][1]];
    if (a.y() != 1 || b.y() != 1) continue;
    ++top_edges;
    const bool border = (a.x() == b.x() && std::abs(a.x()) == 2) || (a.z() == b.z() && std::abs(a.z()) == 2);
    EXPECT_EQ(topology.edge_kinds[e], border ? EdgeKind::Convex : EdgeKind::Flat)
        << a.transpose() << " – " << b.transpose();
  }
  EXPECT_EQ(top_edges, 19);  // 8 border + 11 internal (Euler on the disc: 10 faces, 10 vertices)
  // The cube's corners (±1, 1, −1) lie on the internal edges (2,0)–(0,−2) and (0,−2)–(−2,0), at their midpoints.
  for (const auto& [from, to] : {std::pair{Vec3(2, 1, 0), Vec3(0, 1, -2)}, std::pair{Vec3(0, 1, -2), Vec3(-2, 1, 0)}}) {
    const Index e = topology.find_edge(find_vertex(base, from), find_vertex(base, to));
    ASSERT_NE(e, kInvalidIndex);
    EXPECT_EQ(topology.edge_kinds[e], EdgeKind::Flat);
    const Vec3 middle = 0.5 * (from + to);
    EXPECT_EQ(std::abs(middle.x()), 1.0);
    EXPECT_EQ(middle.z(), -1.0);
  }
  // Side faces: fans of 3 from the top-edge midpoints (convex vertices on the top's border), which
  // docs/suite.md's list also uses 4, 3, 6, 3 times.
  for (const auto& [p, triangles] : {std::pair{Vec3(0, 1, 2), 7u}, std::pair{Vec3(2, 1, 0), 6u},
                                     std::pair{Vec3(0, 1, -2), 9u}, std::pair{Vec3(-2, 1, 0), 6u}}) {
    const Index v = find_vertex(base, p);
    ASSERT_NE(v, kInvalidIndex);
    EXPECT_EQ(topology.vertex_triangles[v].size(), triangles) << p.transpose();
    EXPECT_EQ(topology.vertex_kinds[v], VertexKind::Convex) << p.transpose();
  }
}

TEST(Generators, FrustumCapCentresAreFlatAndCornersExact) {
  for (const int n : {3, 4, 6, 7, 12}) {
    const TriMesh frustum = frustum_surface(n, 1.0, 0.5, 2.0);
    const MeshTopology topology = build_topology(frustum);
    ASSERT_EQ(frustum.vertex_count(), 2 * n + 2);
    EXPECT_EQ(frustum.vertices[2 * n], Vec3(0, 0, 0));
    EXPECT_EQ(frustum.vertices[2 * n + 1], Vec3(0, 2, 0));
    EXPECT_EQ(topology.vertex_kinds[2 * n], VertexKind::Flat);
    EXPECT_EQ(topology.vertex_kinds[2 * n + 1], VertexKind::Flat);
    EXPECT_EQ(topology.count(VertexKind::Flat), 2);
    EXPECT_EQ(topology.count(VertexKind::Convex), 2 * n);
    // Corner 0 exactly on +x; corners k and n − k exact mirror images in z.
    EXPECT_EQ(frustum.vertices[0], Vec3(1, 0, 0));
    for (int k = 1; k < n; ++k) {
      EXPECT_EQ(frustum.vertices[k].x(), frustum.vertices[n - k].x());
      EXPECT_EQ(frustum.vertices[k].z(), -frustum.vertices[n - k].z());
    }
  }
  // Pillar hexagons: the ±x corners are exact (they lie on the boxes' edges).
  const TriMesh hexagon = frustum_surface(6, 0.25, 0.2, 0.21);
  EXPECT_EQ(hexagon.vertices[0], Vec3(0.25, 0, 0));
  EXPECT_EQ(hexagon.vertices[3], Vec3(-0.25, 0, 0));
  EXPECT_EQ(hexagon.vertices[6 + 3], Vec3(-0.2, 0.21, 0));
  const TriMesh square = frustum_surface(4, 1, 1, 1);
  EXPECT_EQ(square.vertices[1], Vec3(0, 0, 1));
  EXPECT_EQ(square.vertices[3], Vec3(0, 0, -1));
  // A cone: the apex is a convex vertex, one cap centre remains, flat.
  const TriMesh cone = frustum_surface(8, 1, 0, 2);
  const MeshTopology cone_topology = build_topology(cone);
  EXPECT_EQ(cone.vertex_count(), 8 + 1 + 1);
  EXPECT_EQ(cone.triangle_count(), 16);
  EXPECT_EQ(cone_topology.vertex_kinds[find_vertex(cone, Vec3(0, 2, 0))], VertexKind::Convex);
  EXPECT_EQ(cone_topology.vertex_kinds[find_vertex(cone, Vec3(0, 0, 0))], VertexKind::Flat);
}

TEST(Generators, VoussoirsOfTheArchShareExactFaces) {
  // Neighbouring voussoirs of the suite's arch share their radial-face corners bit for bit, and
  // θ = 0, π give exact horizontal faces.
  std::vector<TriMesh> stones;
  for (int k = 0; k < 7; ++k) stones.push_back(voussoir_surface(1.5, 2, k * kPi / 7, (k + 1) * kPi / 7, 2));
  for (int k = 0; k + 1 < 7; ++k) {
    int shared = 0;
    for (const Vec3& v : stones[k].vertices) shared += find_vertex(stones[k + 1], v) != kInvalidIndex;
    EXPECT_EQ(shared, 4) << k;
  }
  for (const double z : {-1.0, 1.0}) {
    for (const double r : {1.5, 2.0}) {
      EXPECT_NE(find_vertex(stones[0], Vec3(r, 0, z)), kInvalidIndex);
      EXPECT_NE(find_vertex(stones[6], Vec3(-r, 0, z)), kInvalidIndex);
    }
  }
  // Each radial face is 0.5 × 2 = 1 m².
  for (const TriMesh& stone : stones) {
    double radial_area = 0;
    for (Index t = 0; t < stone.triangle_count(); ++t) {
      const Vec3 n = stone.area_normal(t);
      const Vec3 g = centroid(stone, t);
      // Radial faces contain the z direction and their normal is ⊥ to the centroid's radius.
      if (std::abs(n.z()) < 1e-12 * n.norm() &&
          std::abs(n.normalized().dot(Vec3(g.x(), g.y(), 0).normalized())) < 1e-9) {
        radial_area += 0.5 * n.norm();
      }
    }
    EXPECT_NEAR(radial_area, 2.0, 1e-12);
  }
}

/// The diagonals generators.h documents are edges of the mesh, and flat.
void expect_flat_edges(const TriMesh& mesh, const std::vector<std::pair<Vec3, Vec3>>& diagonals) {
  const MeshTopology topology = build_topology(mesh);
  for (const auto& [a, b] : diagonals) {
    const Index e = topology.find_edge(find_vertex(mesh, a), find_vertex(mesh, b));
    ASSERT_NE(e, kInvalidIndex) << a.transpose() << " – " << b.transpose();
    EXPECT_EQ(topology.edge_kinds[e], EdgeKind::Flat) << a.transpose() << " – " << b.transpose();
  }
  EXPECT_EQ(topology.count(EdgeKind::Flat), static_cast<Index>(diagonals.size()));
}

TEST(Generators, DocumentedDiagonals) {
  // Box: every face from its (−,−) to its (+,+) corner in the in-plane coordinates.
  const Vec3 h(0.5, 1.0, 1.5);
  const TriMesh box = box_surface(2 * h);
  expect_flat_edges(box, {{{-h.x(), -h.y(), -h.z()}, {-h.x(), h.y(), h.z()}},
                          {{h.x(), -h.y(), -h.z()}, {h.x(), h.y(), h.z()}},
                          {{-h.x(), -h.y(), -h.z()}, {h.x(), -h.y(), h.z()}},
                          {{-h.x(), h.y(), -h.z()}, {h.x(), h.y(), h.z()}},
                          {{-h.x(), -h.y(), -h.z()}, {h.x(), h.y(), -h.z()}},
                          {{-h.x(), -h.y(), h.z()}, {h.x(), h.y(), h.z()}}});
  // Spike and wedge bases from (−b, 0, −b·…) to (b, 0, …); wedge sides as documented.
  expect_flat_edges(spike_surface(2.4, 0.8), {{{-0.8, 0, -0.8}, {0.8, 0, 0.8}}});
  expect_flat_edges(
      wedge_surface(2.4, 0.8, 1.6),
      {{{-0.8, 0, -1.6}, {0.8, 0, 1.6}}, {{0.8, 0, -1.6}, {0, 2.4, 1.6}}, {{-0.8, 0, 1.6}, {0, 2.4, -1.6}}});
  // Crack: side quads from section vertex k at z = −2 to vertex k+1 at z = +2; cap fans from the
  // groove vertex to the 4 section vertices not adjacent to it.
  const std::vector<Vec2> section{{-1, -0.5}, {1, -0.5}, {1, 0.5}, {0.5, 0.5}, {0, 0}, {-0.5, 0.5}, {-1, 0.5}};
  std::vector<std::pair<Vec3, Vec3>> crack_diagonals;
  for (int k = 0; k < 7; ++k) {
    const Vec2& a = section[k];
    const Vec2& b = section[(k + 1) % 7];
    crack_diagonals.push_back({{a.x(), a.y(), -2}, {b.x(), b.y(), 2}});
  }
  for (const double z : {-2.0, 2.0}) {
    for (const int k : {6, 0, 1, 2}) crack_diagonals.push_back({{0, 0, z}, {section[k].x(), section[k].y(), z}});
  }
  expect_flat_edges(crack_surface(), crack_diagonals);
  // Hole: with square corners c_k = (−1,−1), (1,−1), (1,1), (−1,1) in (x, z): the ring trapezoid k
  // from outer c_k to rim c_{k+1}/2, side k from bottom c_k to top c_{k+1}, bottom c_0–c_2; the
  // edges c_k – c_k/2 between neighbouring (coplanar) trapezoids are flat as well.
  const double cx[4] = {-1, 1, 1, -1};
  const double cz[4] = {-1, -1, 1, 1};
  std::vector<std::pair<Vec3, Vec3>> hole_diagonals{{{-1, -0.5, -1}, {1, -0.5, 1}}};
  for (int k = 0; k < 4; ++k) {
    const int n = (k + 1) % 4;
    hole_diagonals.push_back({{cx[k], 0.5, cz[k]}, {0.5 * cx[n], 0.5, 0.5 * cz[n]}});
    hole_diagonals.push_back({{cx[k], -0.5, cz[k]}, {cx[n], 0.5, cz[n]}});
    hole_diagonals.push_back({{cx[k], 0.5, cz[k]}, {0.5 * cx[k], 0.5, 0.5 * cz[k]}});
  }
  expect_flat_edges(hole_surface(), hole_diagonals);
  // Voussoir: caps from (inner, θ0) to (outer, θ1); side quads of the corner sequence inner θ0,
  // outer θ0, outer θ1, inner θ1 from corner k at −depth/2 to corner k+1 at +depth/2.
  const std::vector<Vec2> corners{{1, 0}, {2, 0}, {0, 2}, {0, 1}};  // θ0 = 0, θ1 = π/2 (exact)
  std::vector<std::pair<Vec3, Vec3>> voussoir_diagonals{{{1, 0, -0.5}, {0, 2, -0.5}}, {{1, 0, 0.5}, {0, 2, 0.5}}};
  for (int k = 0; k < 4; ++k) {
    const Vec2& a = corners[k];
    const Vec2& b = corners[(k + 1) % 4];
    voussoir_diagonals.push_back({{a.x(), a.y(), -0.5}, {b.x(), b.y(), 0.5}});
  }
  expect_flat_edges(voussoir_surface(1, 2, 0, kPi / 2, 1), voussoir_diagonals);
  // Frustum side k from bottom k to top k+1; cap fan edges to the centres are flat too.
  const int n = 5;
  const TriMesh frustum = frustum_surface(n, 1, 0.5, 1, 0.2);
  std::vector<std::pair<Vec3, Vec3>> frustum_flat;
  for (int k = 0; k < n; ++k) {
    frustum_flat.push_back({frustum.vertices[k], frustum.vertices[n + (k + 1) % n]});
    frustum_flat.push_back({frustum.vertices[k], Vec3(0, 0, 0)});
    frustum_flat.push_back({frustum.vertices[n + k], Vec3(0, 1, 0)});
  }
  expect_flat_edges(frustum, frustum_flat);
}

std::string error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const GeometryError& e) {
    return std::string("GeometryError: ") + e.what();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// The sphere: an icosahedron subdivided k times has 20·4^k faces and 10·4^k + 2 vertices, every
// vertex on the sphere; being convex, it holds the ball out to its nearest face plane and lies in
// the sphere's ball, so its volume is between those two balls'. Faces point away from the centre.
TEST(Generators, SphereIsASubdividedIcosahedronOnTheSphere) {
  const double r = 0.7;
  for (int k = 0; k <= 4; ++k) {
    SCOPED_TRACE(k);
    const TriMesh mesh = generate_surface("sphere", {{"radius", {r}}, {"subdivisions", {double(k)}}}, "s");
    EXPECT_TRUE(validate(mesh).ok());
    const MeshTopology topology = build_topology(mesh);
    EXPECT_TRUE(topology.closed_manifold());
    const Index faces = 20 * (Index{1} << (2 * k));
    EXPECT_EQ(mesh.triangle_count(), faces);
    EXPECT_EQ(mesh.vertex_count(), faces / 2 + 2);
    for (const Vec3& v : mesh.vertices) EXPECT_NEAR(v.norm(), r, 1e-15 * r);
    double nearest_plane = r;
    for (Index t = 0; t < mesh.triangle_count(); ++t) {
      const Vec3 n = mesh.area_normal(t).normalized();
      EXPECT_GT(n.dot(centroid(mesh, t)), 0.0);
      nearest_plane = std::min(nearest_plane, n.dot(mesh.corner(t, 0)));
    }
    const double volume = mass_properties(mesh).volume, ball = 4.0 / 3.0 * kPi * r * r * r;
    EXPECT_LT(volume, ball);
    EXPECT_GT(volume, ball * std::pow(nearest_plane / r, 3));
  }
}

// The plate: a box (volume exact) whose top is n × n quads of the grid, 2n² triangles facing +y;
// (n + 1)² top vertices, 4n bottom boundary points and the bottom's centre.
TEST(Generators, PlateTopIsTheGrid) {
  for (const int n : {1, 3, 16}) {
    SCOPED_TRACE(n);
    const Vec3 size(1.5, 0.25, 0.75);
    const TriMesh mesh = generate_surface("plate", {{"size", {1.5, 0.25, 0.75}}, {"divisions", {double(n)}}}, "s");
    EXPECT_TRUE(validate(mesh).ok());
    const MeshTopology topology = build_topology(mesh);
    EXPECT_TRUE(topology.closed_manifold());
    EXPECT_EQ(mesh.vertex_count(), (n + 1) * (n + 1) + 4 * n + 1);
    EXPECT_EQ(mesh.vertex_count() - topology.edge_count() + mesh.triangle_count(), 2);
    EXPECT_NEAR(mass_properties(mesh).volume, size.prod(), 1e-14);
    int top = 0;
    for (Index t = 0; t < mesh.triangle_count(); ++t) {
      if (centroid(mesh, t).y() != 0.125) continue;
      ++top;
      EXPECT_LT((mesh.area_normal(t).normalized() - Vec3::UnitY()).norm(), 1e-15);
      EXPECT_NEAR(mesh.area_normal(t).norm(), size.x() * size.z() / (n * n), 1e-14);  // twice a half cell
    }
    EXPECT_EQ(top, 2 * n * n);
    const TetrahedralizeResult tets = tetrahedralize(mesh, kTetGenDefaultSwitches);
    EXPECT_EQ(tets.boundary_triangles.size(), mesh.triangles.size());
  }
  EXPECT_NE(error_of([] {
              generate_surface("plate", {{"size", {1, 1, 1}}, {"divisions", {0}}}, "b");
            }).find("divisions"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              generate_surface("sphere", {{"radius", {1}}, {"subdivisions", {7}}}, "b");
            }).find("subdivisions: expected an integer from 0 to 6"),
            std::string::npos);
  EXPECT_NE(error_of([] { generate_surface("sphere", {{"radius", {-1}}}, "b"); }).find("radius"), std::string::npos);
}

TEST(Generators, TetrahedralizeWithSuiteSwitchesKeepsVolumeAndSurface) {
  for (const Case& c : all_cases()) {
    SCOPED_TRACE(c.label);
    const TetrahedralizeResult result = tetrahedralize(c.mesh, kTetGenDefaultSwitches);
    EXPECT_TRUE(validate(result.mesh).ok());
    EXPECT_NEAR(mass_properties(result.mesh).volume, c.volume, 1e-12 * std::pow(diameter(c.mesh), 3));
    // 'Y' preserves the surface: one boundary triangle per input triangle.
    EXPECT_EQ(result.boundary_triangles.size(), c.mesh.triangles.size());
  }
}

TEST(Generators, ListingAndDefaults) {
  const auto& list = shape_generators();
  std::vector<std::string> names;
  for (const GeneratorInfo& info : list) {
    names.push_back(info.name);
    EXPECT_FALSE(info.summary.empty());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"box", "frustum", "spike", "wedge", "crack", "hole", "voussoir", "sphere",
                                             "plate", "internal-edge-base"}));
  EXPECT_EQ(list[0].defaults, (ShapeParams{{"size", {}}}));
  EXPECT_EQ(list[1].defaults,
            (ShapeParams{{"slices", {}}, {"bottom_radius", {}}, {"top_radius", {}}, {"height", {}}, {"phase", {0.0}}}));
  EXPECT_EQ(list[2].defaults, (ShapeParams{{"height", {2.4}}, {"half_base", {0.8}}}));
  EXPECT_EQ(list[3].defaults, (ShapeParams{{"height", {2.4}}, {"half_base", {0.8}}, {"half_length", {1.6}}}));
  EXPECT_TRUE(list[4].defaults.empty());
  EXPECT_TRUE(list[5].defaults.empty());
  EXPECT_EQ(list[6].defaults,
            (ShapeParams{{"inner_radius", {}}, {"outer_radius", {}}, {"theta0", {}}, {"theta1", {}}, {"depth", {}}}));
  EXPECT_EQ(list[7].defaults, (ShapeParams{{"radius", {}}, {"subdivisions", {3}}}));
  EXPECT_EQ(list[8].defaults, (ShapeParams{{"size", {}}, {"divisions", {8}}}));
  EXPECT_TRUE(list[9].defaults.empty());

  const auto same = [](const TriMesh& a, const TriMesh& b) {
    return a.vertices == b.vertices && a.triangles == b.triangles;
  };
  EXPECT_TRUE(same(generate_surface("spike", {}, "s"), spike_surface()));
  EXPECT_TRUE(same(generate_surface("wedge", {{"half_length", {2}}}, "s"), wedge_surface(2.4, 0.8, 2)));
  EXPECT_TRUE(same(generate_surface("box", {{"size", {1, 2, 3}}}, "s"), box_surface(Vec3(1, 2, 3))));
  EXPECT_TRUE(
      same(generate_surface("frustum",
                            {{"slices", {6}}, {"bottom_radius", {1}}, {"top_radius", {0.5}}, {"height", {2}}}, "s"),
           frustum_surface(6, 1, 0.5, 2)));
  EXPECT_TRUE(same(
      generate_surface("voussoir",
                       {{"inner_radius", {1}}, {"outer_radius", {2}}, {"theta0", {0}}, {"theta1", {1}}, {"depth", {3}}},
                       "s"),
      voussoir_surface(1, 2, 0, 1, 3)));
  EXPECT_TRUE(same(generate_surface("crack", {}, "s"), crack_surface()));
  EXPECT_TRUE(same(generate_surface("hole", {}, "s"), hole_surface()));
  EXPECT_TRUE(same(generate_surface("internal-edge-base", {}, "s"), internal_edge_base_surface()));
}

TEST(Generators, BadParametersNameWhereWhatAndExpected) {
  const std::string where = "bodies[2].shape";
  const auto generate = [&](const std::string& name, const ShapeParams& params) {
    return error_of([&] { generate_surface(name, params, where); });
  };
  const ShapeParams frustum{{"slices", {6}}, {"bottom_radius", {1}}, {"top_radius", {0.5}}, {"height", {2}}};
  const auto with = [&](ShapeParams params, const std::string& name, std::vector<double> values) {
    params[name] = std::move(values);
    return params;
  };
  EXPECT_EQ(generate("frustum", with(frustum, "slices", {2})),
            "bodies[2].shape.slices: expected an integer ≥ 3, got 2");
  EXPECT_EQ(generate("frustum", with(frustum, "slices", {3.5})),
            "bodies[2].shape.slices: expected an integer ≥ 3, got 3.5");
  EXPECT_EQ(generate("frustum", with(frustum, "slices", {1e9})),
            "bodies[2].shape.slices: expected an integer ≤ 500 (the cap: tetrahedralisation time grows with slices², "
            "about 2 s at 500), got 1000000000");
  EXPECT_EQ(generate("frustum", with(frustum, "slices", {501})),
            "bodies[2].shape.slices: expected an integer ≤ 500 (the cap: tetrahedralisation time grows with slices², "
            "about 2 s at 500), got 501");
  EXPECT_EQ(generate("frustum", with(frustum, "slices", {500})), "no error");
  // Lengths become coordinates: beyond kMaxCoordinateMagnitude (1e50) they are refused.
  EXPECT_EQ(generate("frustum", with(frustum, "height", {1e300})),
            "bodies[2].shape.height: expected a length of at most 1e+50 (kMaxCoordinateMagnitude), got 1e+300");
  EXPECT_EQ(generate("box", ShapeParams{{"size", {1, 1e51, 1}}}),
            "bodies[2].shape.size: expected lengths of at most 1e+50 (kMaxCoordinateMagnitude), got [1, 1e+51, 1]");
  EXPECT_EQ(generate("frustum", with(frustum, "height", {-1})),
            "bodies[2].shape.height: expected a positive number, got -1");
  EXPECT_EQ(generate("frustum", with(frustum, "bottom_radius", {NAN})),
            "bodies[2].shape.bottom_radius: expected a number ≥ 0, got nan");
  EXPECT_EQ(generate("frustum", with(with(frustum, "bottom_radius", {0}), "top_radius", {0})),
            "bodies[2].shape.top_radius: expected a positive number when bottom_radius is 0 (at most one radius may "
            "be 0), got 0");
  EXPECT_EQ(generate("frustum", with(frustum, "phase", {INFINITY})),
            "bodies[2].shape.phase: expected a finite number, got inf");
  EXPECT_EQ(generate("frustum", with(frustum, "slices", {6, 7})), "bodies[2].shape.slices: expected 1 number, got 2");
  ShapeParams missing = frustum;
  missing.erase("height");
  EXPECT_EQ(generate("frustum", missing),
            "bodies[2].shape.height: missing required parameter of generator \"frustum\" (expected 1 number)");
  EXPECT_EQ(generate("frustum", with(frustum, "radius", {1})),
            "bodies[2].shape.radius: unknown parameter of generator \"frustum\"; expected one of: bottom_radius, "
            "height, phase, slices, top_radius");
  EXPECT_EQ(generate("crack", {{"width", {1}}}),
            "bodies[2].shape.width: unknown parameter of generator \"crack\"; expected one of: none");
  EXPECT_EQ(generate("torus", {}),
            "bodies[2].shape: unknown shape generator \"torus\"; expected one of: box, frustum, spike, wedge, crack, "
            "hole, voussoir, sphere, plate, internal-edge-base");
  EXPECT_EQ(generate("sphere", {}),
            "bodies[2].shape.radius: missing required parameter of generator \"sphere\" (expected 1 number)");
  EXPECT_EQ(generate("box", {}),
            "bodies[2].shape.size: missing required parameter of generator \"box\" (expected 3 numbers)");
  EXPECT_EQ(generate("box", {{"size", {1, 2}}}), "bodies[2].shape.size: expected 3 numbers, got 2");
  EXPECT_EQ(generate("box", {{"size", {1, 0, 2}}}), "bodies[2].shape.size: expected 3 positive numbers, got [1, 0, 2]");
  EXPECT_EQ(generate("spike", {{"half_base", {-0.5}}}),
            "bodies[2].shape.half_base: expected a positive number, got -0.5");
  EXPECT_EQ(generate("wedge", {{"half_length", {0}}}),
            "bodies[2].shape.half_length: expected a positive number, got 0");
  const ShapeParams voussoir{
      {"inner_radius", {1.5}}, {"outer_radius", {2}}, {"theta0", {0}}, {"theta1", {1}}, {"depth", {2}}};
  EXPECT_EQ(generate("voussoir", with(voussoir, "outer_radius", {1.5})),
            "bodies[2].shape.outer_radius: expected a number > inner_radius = 1.5, got 1.5");
  EXPECT_EQ(generate("voussoir", with(voussoir, "theta1", {0})),
            "bodies[2].shape.theta1: expected theta0 < theta1 < theta0 + π (theta0 = 0), got 0");
  EXPECT_EQ(generate("voussoir", with(voussoir, "theta1", {4})),
            "bodies[2].shape.theta1: expected theta0 < theta1 < theta0 + π (theta0 = 0), got 4");
  EXPECT_EQ(generate("voussoir", with(voussoir, "depth", {0})),
            "bodies[2].shape.depth: expected a positive number, got 0");
  // In range but degenerate at the relative tolerance: validate() catches it.
  const std::string degenerate = generate("frustum", with(frustum, "bottom_radius", {1e-14}));
  EXPECT_EQ(degenerate.rfind("bodies[2].shape: generator \"frustum\": these parameters give an invalid surface: ", 0),
            0u)
      << degenerate;
  // An empty `where` leaves the parameter as the source.
  EXPECT_EQ(error_of([] {
              generate_surface("spike", {{"height", {0}}}, "");
            }),
            "height: expected a positive number, got 0");

  // The direct functions name themselves.
  EXPECT_EQ(error_of([] { box_surface(Vec3(1, -1, 1)); }),
            "box_surface.size: expected 3 positive numbers, got [1, -1, 1]");
  EXPECT_EQ(error_of([] { frustum_surface(2, 1, 1, 1); }), "frustum_surface.slices: expected an integer ≥ 3, got 2");
  EXPECT_EQ(error_of([] { spike_surface(0); }), "spike_surface.height: expected a positive number, got 0");
  EXPECT_EQ(error_of([] { wedge_surface(1, 1, NAN); }),
            "wedge_surface.half_length: expected a positive number, got nan");
  EXPECT_EQ(error_of([] { voussoir_surface(1, 2, 0, kPi, 1); }),
            "voussoir_surface.theta1: expected theta0 < theta1 < theta0 + π (theta0 = 0), got 3.141592653589793");
}

}  // namespace
}  // namespace contactlab
