#include "contactlab/mesh/mass_properties.h"

#include "contactlab/core/error.h"
#include "contactlab/mesh/surface_map.h"
#include "mesh/test_meshes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace contactlab {
namespace {

using testing::CellSplit;
using testing::Similarity;

/// Expects `got` to match (volume, centroid, inertia) within `rel` of the body's scales.
void expect_mass_properties_near(const MassProperties& got, double density, double volume, const Vec3& centroid,
                                 const Mat3& inertia, double length, double rel = 1e-10) {
  const double mass = density * volume;
  EXPECT_NEAR(got.volume, volume, rel * volume);
  EXPECT_NEAR(got.mass, mass, rel * mass);
  EXPECT_LE((got.centroid - centroid).norm(), rel * length)
      << got.centroid.transpose() << " vs " << centroid.transpose();
  EXPECT_LE((got.inertia - inertia).norm(), rel * mass * length * length) << got.inertia << "\nvs\n" << inertia;
  EXPECT_LE((got.inertia - got.inertia.transpose()).norm(), rel * mass * length * length);
}

/// Inertia tensor of a solid box with edge lengths `d` and mass m about its centre, box axes:
/// diag(m(dy² + dz²)/12, m(dx² + dz²)/12, m(dx² + dy²)/12).
Mat3 box_inertia(double mass, const Vec3& d) {
  return Vec3(mass * (d.y() * d.y() + d.z() * d.z()) / 12, mass * (d.x() * d.x() + d.z() * d.z()) / 12,
              mass * (d.x() * d.x() + d.y() * d.y()) / 12)
      .asDiagonal();
}

/// Square pyramid, base side B in z = 0 centred on the axis, apex at height H (derivation: the
/// cross-section at height z is a square of side s = B(1 − z/H)):
///   V = ∫ s² dz = B²H/3;   centroid z̄ = ∫ z s² dz / V = H/4;
///   ∫ x² dV = ∫ s⁴/12 dz = B⁴H/60 = m B²/20 (per unit density, m = V);
///   ∫ z² dV = B² ∫ (1 − z/H)² z² dz = B²H³/30 = m H²/10, so about the centroid
///   ∫ (z − z̄)² dV = m H²/10 − m H²/16 = 3 m H²/80;
///   Ixx = Iyy = m B²/20 + 3 m H²/80,  Izz = m B²/10, no products (two mirror planes).
Mat3 pyramid_inertia(double mass, double base, double height) {
  const double side = mass * base * base / 20 + 3 * mass * height * height / 80;
  return Vec3(side, side, mass * base * base / 10).asDiagonal();
}

// Boxes a×b×c as several tessellations (grids of 6- and 5-tet cells; surfaces with 2 or 4
// triangles per face and the grid's boundary surface), each under 15 random similarity transforms
// with random edge lengths and densities: volume abc·s³, centroid = image of the centre,
// inertia R I Rᵀ with I the box formula at the scaled lengths.
TEST(MassProperties, BoxUnderRandomSimilarity) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> length(0.2, 3.0), log_density(std::log(0.1), std::log(1000.0));
  const std::array<std::array<int, 3>, 3> grids{{{1, 1, 1}, {2, 3, 1}, {3, 3, 3}}};
  for (int trial = 0; trial < 15; ++trial) {
    const Vec3 d(length(rng), length(rng), length(rng));
    const Vec3 lo(-0.3, 0.1, -0.7), hi = lo + d;
    const Similarity s = testing::random_similarity(rng);
    const double density = std::exp(log_density(rng));
    const double volume = d.prod() * s.scale * s.scale * s.scale;
    const Vec3 centroid = s.apply(0.5 * (lo + hi));
    const Mat3 inertia = s.rigid.rotation * box_inertia(density * volume, s.scale * d) * s.rigid.rotation.transpose();
    const double size = s.scale * d.norm();
    for (CellSplit split : {CellSplit::Six, CellSplit::Five}) {
      for (const auto& g : grids) {
        const TetMesh tets = testing::transformed(testing::box_grid_tets(lo, hi, g[0], g[1], g[2], split), s);
        expect_mass_properties_near(mass_properties(tets, density), density, volume, centroid, inertia, size);
        const TriMesh surface = build_surface_map(tets).surface;
        expect_mass_properties_near(mass_properties(surface, density), density, volume, centroid, inertia, size);
      }
    }
    for (const TriMesh& surface : {testing::box_surface(lo, hi), testing::box_surface_split_faces(lo, hi)}) {
      expect_mass_properties_near(mass_properties(testing::transformed(surface, s), density), density, volume, centroid,
                                  inertia, size);
    }
  }
}

// Square pyramids (3 tet splits, 2 surface triangulations) under random similarity transforms,
// against the closed form above.
TEST(MassProperties, SquarePyramidUnderRandomSimilarity) {
  std::mt19937 rng(6);
  std::uniform_real_distribution<double> length(0.2, 3.0);
  for (int trial = 0; trial < 20; ++trial) {
    const double base = length(rng), height = length(rng), density = 0.5 + trial;
    const Similarity s = testing::random_similarity(rng);
    const double volume = base * base * height / 3 * s.scale * s.scale * s.scale;
    const Vec3 centroid = s.apply(Vec3(0, 0, height / 4));
    const Mat3 inertia = s.rigid.rotation * pyramid_inertia(density * volume, s.scale * base, s.scale * height) *
                         s.rigid.rotation.transpose();
    const double size = s.scale * (base + height);
    for (int variant = 0; variant < 3; ++variant) {
      const TetMesh tets = testing::transformed(testing::square_pyramid_tets(base, height, variant), s);
      expect_mass_properties_near(mass_properties(tets, density), density, volume, centroid, inertia, size);
    }
    for (bool split_base : {false, true}) {
      const TriMesh surface = testing::transformed(testing::square_pyramid_surface(base, height, split_base), s);
      expect_mass_properties_near(mass_properties(surface, density), density, volume, centroid, inertia, size);
    }
  }
}

// Random unions of grid cells (non-convex, possibly disconnected solids): the exact answer is the
// sum over cells of box contributions, each moved to the common centroid by the parallel-axis
// theorem I = Σ [I_cell + m_cell (|r|² 1 − r rᵀ)], r = cell centre − centroid. Checked for the tet
// mesh and its boundary surface, 40 subsets.
TEST(MassProperties, UnionsOfCellsMatchParallelAxisSum) {
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int n = 4, m = 3, k = 3;
  const Vec3 lo(1.0, -2.0, 0.5), hi(3.0, 1.0, 2.0);
  const Vec3 cell = (hi - lo).cwiseQuotient(Vec3(n, m, k));
  for (int trial = 0; trial < 40; ++trial) {
    const CellSplit split = trial % 2 == 0 ? CellSplit::Six : CellSplit::Five;
    const int per_cell = split == CellSplit::Six ? 6 : 5;
    const TetMesh grid = testing::box_grid_tets(lo, hi, n, m, k, split);
    TetMesh mesh;
    mesh.vertices = grid.vertices;
    std::vector<Vec3> centres;
    int index = 0;
    for (int z = 0; z < k; ++z) {
      for (int y = 0; y < m; ++y) {
        for (int x = 0; x < n; ++x, ++index) {
          if (unit(rng) < 0.5 && !(index == n * m * k - 1 && centres.empty())) continue;
          centres.push_back(lo + cell.cwiseProduct(Vec3(x + 0.5, y + 0.5, z + 0.5)));
          for (int t = 0; t < per_cell; ++t) mesh.tets.push_back(grid.tets[index * per_cell + t]);
        }
      }
    }
    const double density = 2.5;
    const double cell_mass = density * cell.prod();
    const double volume = cell.prod() * static_cast<double>(centres.size());
    Vec3 centroid = Vec3::Zero();
    for (const Vec3& c : centres) centroid += c;
    centroid /= static_cast<double>(centres.size());
    Mat3 inertia = Mat3::Zero();
    for (const Vec3& c : centres) {
      const Vec3 r = c - centroid;
      inertia += box_inertia(cell_mass, cell) + cell_mass * (r.squaredNorm() * Mat3::Identity() - r * r.transpose());
    }
    const double size = (hi - lo).norm();
    expect_mass_properties_near(mass_properties(mesh, density), density, volume, centroid, inertia, size);
    expect_mass_properties_near(mass_properties(build_surface_map(mesh).surface, density), density, volume, centroid,
                                inertia, size);
  }
}

// 12000 random single tets against the symmetric 4-point quadrature rule, which integrates
// polynomials of degree ≤ 2 exactly (points α v_i + β Σ_{j≠i} v_j, α = (5 + 3√5)/20,
// β = (5 − √5)/20, weights V/4) — an independent route to volume, centroid and inertia. The tet mesh
// and its 4-triangle surface are both checked. 10 % are degenerate (flat, collinear, coincident
// corners) and must give the documented degenerate result; 10 % are inverted (negative volume,
// same documented result); 10 % are thin slivers (height 1e-4 of their size) that are valid.
TEST(MassProperties, RandomTetsAgainstQuadrature) {
  std::mt19937 rng(10);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> normal;
  const double alpha = (5 + 3 * std::sqrt(5.0)) / 20, beta = (5 - std::sqrt(5.0)) / 20;
  int valid = 0, degenerate = 0;
  for (int iteration = 0; iteration < 12000; ++iteration) {
    const double scale = std::pow(10.0, -2.0 + 4.0 * unit(rng));
    const Vec3 offset = 10 * scale * Vec3(normal(rng), normal(rng), normal(rng));
    std::array<Vec3, 4> v;
    for (Vec3& p : v) p = offset + scale * Vec3(normal(rng), normal(rng), normal(rng));
    const double category = unit(rng);
    bool expect_degenerate = false;
    if (category < 0.1) {
      const int kind = iteration % 3;
      if (kind == 0) {
        v[3] = v[0] + 0.3 * (v[1] - v[0]) + 0.5 * (v[2] - v[0]);  // coplanar
      } else if (kind == 1) {
        v[3] = v[0];  // coincident
      } else {
        v[2] = v[0] + 0.5 * (v[1] - v[0]);  // collinear
        v[3] = v[0] + 2.0 * (v[1] - v[0]);
      }
      expect_degenerate = true;
    } else if (category < 0.3) {
      const Vec3 n = (v[1] - v[0]).cross(v[2] - v[0]).normalized();
      const double thin = category < 0.2 ? 1e-4 * scale : 0.0;
      if (category < 0.2) v[3] = (v[0] + v[1] + v[2]) / 3.0 + thin * n;  // sliver above
    }
    Mat3 edges;
    edges << v[1] - v[0], v[2] - v[0], v[3] - v[0];
    double det = edges.determinant();
    const bool invert = category >= 0.2 && category < 0.3;
    if (!expect_degenerate && ((det < 0) != invert)) {
      std::swap(v[2], v[3]);
      det = -det;
    }
    TetMesh tet;
    tet.vertices.assign(v.begin(), v.end());
    tet.tets = {{0, 1, 2, 3}};
    TriMesh surface;
    surface.vertices = tet.vertices;
    for (int f = 0; f < 4; ++f) surface.triangles.push_back(tet.face(0, f));
    const double density = 0.5 + unit(rng);
    Aabb box;
    for (const Vec3& p : v) box.extend(p);

    for (const MassProperties& got : {mass_properties(tet, density), mass_properties(surface, density)}) {
      ASSERT_TRUE(got.centroid.allFinite() && got.inertia.allFinite() && std::isfinite(got.volume));
      if (expect_degenerate || invert) {
        const double d = box.diagonal();
        EXPECT_LE(got.volume, 1e-12 * d * d * d) << "case " << iteration;
        EXPECT_EQ(got.inertia, Mat3::Zero());
        EXPECT_LE((got.centroid - box.center()).norm(), 1e-12 * d);
        if (invert) {
          EXPECT_NEAR(got.volume, det / 6, 1e-10 * std::abs(det));
        }
        continue;
      }
      const double volume = det / 6;
      std::array<Vec3, 4> q;
      const Vec3 sum = v[0] + v[1] + v[2] + v[3];
      for (int i = 0; i < 4; ++i) q[i] = alpha * v[i] + beta * (sum - v[i]);
      const Vec3 centroid = (q[0] + q[1] + q[2] + q[3]) / 4;
      Mat3 inertia = Mat3::Zero();
      for (const Vec3& p : q) {
        const Vec3 r = p - centroid;
        inertia += (density * volume / 4) * (r.squaredNorm() * Mat3::Identity() - r * r.transpose());
      }
      // Slivers lose relative accuracy in the volume (a difference of nearly equal products).
      const double rel = category < 0.2 ? 1e-7 : 1e-10;
      const double size = box.diagonal();
      const double mass = density * volume;
      EXPECT_NEAR(got.volume, volume, rel * volume) << "case " << iteration;
      EXPECT_NEAR(got.mass, mass, rel * mass);
      EXPECT_LE((got.centroid - centroid).norm(), rel * size) << "case " << iteration;
      EXPECT_LE((got.inertia - inertia).norm(), rel * mass * size * size) << "case " << iteration;
    }
    (expect_degenerate || invert ? degenerate : valid) += 1;
  }
  EXPECT_GT(valid, 9000);
  EXPECT_GT(degenerate, 1500);
}

TEST(MassProperties, DensityScalesMassAndInertia) {
  const TetMesh mesh = testing::box_grid_tets(Vec3::Zero(), Vec3(1, 2, 3), 2, 2, 2, CellSplit::Six);
  const MassProperties unit = mass_properties(mesh);
  const MassProperties heavy = mass_properties(mesh, 7.5);
  EXPECT_NEAR(unit.mass, 6.0, 1e-12);
  EXPECT_NEAR(heavy.mass, 7.5 * 6.0, 1e-11);
  EXPECT_NEAR(heavy.volume, unit.volume, 1e-12);
  EXPECT_LE((heavy.inertia - 7.5 * unit.inertia).norm(), 1e-11);
  const MassProperties massless = mass_properties(mesh, 0.0);
  EXPECT_EQ(massless.mass, 0.0);
  EXPECT_NEAR(massless.volume, 6.0, 1e-12);
  EXPECT_EQ(massless.inertia, Mat3::Zero());
}

TEST(MassProperties, DegenerateAndInvalidInput) {
  // Empty meshes: zero everything.
  MassProperties empty = mass_properties(TetMesh{});
  EXPECT_EQ(empty.volume, 0.0);
  EXPECT_EQ(empty.centroid, Vec3::Zero());
  empty = mass_properties(TriMesh{});
  EXPECT_EQ(empty.volume, 0.0);
  // An open surface (a box without its top) is not a solid: the result is finite.
  TriMesh open = testing::box_surface();
  open.triangles.resize(10);
  const MassProperties partial = mass_properties(open);
  EXPECT_TRUE(partial.centroid.allFinite() && partial.inertia.allFinite() && std::isfinite(partial.volume));
  // An inside-out box: negative volume, degenerate result.
  TriMesh inside_out = testing::box_surface();
  for (Triangle& t : inside_out.triangles) std::swap(t[1], t[2]);
  const MassProperties flipped = mass_properties(inside_out);
  EXPECT_NEAR(flipped.volume, -1.0, 1e-12);
  EXPECT_EQ(flipped.inertia, Mat3::Zero());
  EXPECT_LE((flipped.centroid - Vec3::Constant(0.5)).norm(), 1e-12);

  TetMesh mesh = testing::square_pyramid_tets(1, 1, 0);
  EXPECT_THROW(mass_properties(mesh, -1.0), InputError);
  EXPECT_THROW(mass_properties(mesh, std::nan("")), InputError);
  mesh.vertices.emplace_back(std::nan(""), 0, 0);  // unused: fine
  EXPECT_NO_THROW(mass_properties(mesh));
  mesh.tets.push_back({0, 1, 2, 5});
  EXPECT_THROW(mass_properties(mesh), GeometryError);
  mesh.tets.back() = {0, 1, 2, 9};
  EXPECT_THROW(mass_properties(mesh), GeometryError);
}

}  // namespace
}  // namespace contactlab
