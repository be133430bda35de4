// Small closed-form meshes for the mesh tests: boxes (2 or 4 triangles per face), an L-shaped
// prism, a box with a cubic cavity, a square pyramid (surfaces and several tet splits), a box
// split into 5 or 6 tets per cell on an n×m×k grid, and random similarity transforms.
//
// Orientation of every generated element is fixed from the geometry of the construction (known
// outward directions, signs of determinants computed here), never by the code under test.
#pragma once

#include "contactlab/core/transform.h"
#include "contactlab/core/types.h"
#include "contactlab/mesh/tet_mesh.h"
#include "contactlab/mesh/tri_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <utility>
#include <vector>

namespace contactlab::testing {

/// A random triangle of three distinct indices drawn from `index` (a range of at least 3): the
/// readers refuse faces that repeat a vertex.
template <typename Distribution, typename Rng>
Triangle distinct_triangle(Distribution& index, Rng& rng) {
  Triangle t{index(rng), index(rng), index(rng)};
  while (t[1] == t[0]) t[1] = index(rng);
  while (t[2] == t[0] || t[2] == t[1]) t[2] = index(rng);
  return t;
}

/// Appends triangle (a, b, c), reversed if its normal points against `outward`.
inline void add_triangle(TriMesh& mesh, Index a, Index b, Index c, const Vec3& outward) {
  const Vec3 n = (mesh.vertices[b] - mesh.vertices[a]).cross(mesh.vertices[c] - mesh.vertices[a]);
  if (n.dot(outward) < 0) std::swap(b, c);
  mesh.triangles.push_back({a, b, c});
}

/// Appends the planar quad (a, b, c, d) (in cyclic order) as triangles (a, b, c), (a, c, d).
inline void add_quad(TriMesh& mesh, Index a, Index b, Index c, Index d, const Vec3& outward) {
  add_triangle(mesh, a, b, c, outward);
  add_triangle(mesh, a, c, d, outward);
}

/// Appends the planar quad (a, b, c, d) as 4 triangles around a new vertex at its centre.
inline void add_quad_fan(TriMesh& mesh, Index a, Index b, Index c, Index d, const Vec3& outward) {
  const Index centre = mesh.vertex_count();
  mesh.vertices.push_back(0.25 * (mesh.vertices[a] + mesh.vertices[b] + mesh.vertices[c] + mesh.vertices[d]));
  const std::array<Index, 4> q{a, b, c, d};
  for (int i = 0; i < 4; ++i) add_triangle(mesh, centre, q[i], q[(i + 1) % 4], outward);
}

/// Corner i of box [lo, hi]: bit 0 → x = hi.x, bit 1 → y = hi.y, bit 2 → z = hi.z.
inline Vec3 box_corner(const Vec3& lo, const Vec3& hi, int i) {
  return {(i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(), (i & 4) ? hi.z() : lo.z()};
}

/// The 6 faces of a box as corner-index quads in cyclic order, with their outward axis directions.
inline std::array<std::pair<std::array<int, 4>, Vec3>, 6> box_faces() {
  return {{{{0, 2, 6, 4}, Vec3(-1, 0, 0)},
           {{1, 3, 7, 5}, Vec3(1, 0, 0)},
           {{0, 1, 5, 4}, Vec3(0, -1, 0)},
           {{2, 3, 7, 6}, Vec3(0, 1, 0)},
           {{0, 1, 3, 2}, Vec3(0, 0, -1)},
           {{4, 5, 7, 6}, Vec3(0, 0, 1)}}};
}

/// Box surface: 8 vertices, 12 triangles (each face split along one diagonal). `inward` flips all
/// triangles (the surface of a cavity). `first` offsets the vertex indices (vertices are appended).
inline void append_box_surface(TriMesh& mesh, const Vec3& lo, const Vec3& hi, bool inward = false) {
  const Index first = mesh.vertex_count();
  for (int i = 0; i < 8; ++i) mesh.vertices.push_back(box_corner(lo, hi, i));
  for (const auto& [q, out] : box_faces()) {
    add_quad(mesh, first + q[0], first + q[1], first + q[2], first + q[3], inward ? Vec3(-out) : out);
  }
}

inline TriMesh box_surface(const Vec3& lo = Vec3::Zero(), const Vec3& hi = Vec3::Ones()) {
  TriMesh mesh;
  append_box_surface(mesh, lo, hi);
  return mesh;
}

/// Box surface with each face split into 4 triangles around its centre: 14 vertices, 24 triangles.
inline TriMesh box_surface_split_faces(const Vec3& lo = Vec3::Zero(), const Vec3& hi = Vec3::Ones()) {
  TriMesh mesh;
  for (int i = 0; i < 8; ++i) mesh.vertices.push_back(box_corner(lo, hi, i));
  for (const auto& [q, out] : box_faces()) add_quad_fan(mesh, q[0], q[1], q[2], q[3], out);
  return mesh;
}

/// Box [0,3]³ with a cubic cavity [1,2]³: 16 vertices, 24 triangles, the cavity oriented inward.
inline TriMesh box_with_cavity() {
  TriMesh mesh;
  append_box_surface(mesh, Vec3::Zero(), Vec3::Constant(3));
  append_box_surface(mesh, Vec3::Constant(1), Vec3::Constant(2), /*inward=*/true);
  return mesh;
}

/// The L-shaped polygon (0,0) (2,0) (2,1) (1,1) (1,2) (0,2) (counter-clockwise, reflex corner 3 at
/// (1,1)) extruded along z over [0, height]. Bottom vertices 0..5, top vertices 6..11; each cap is
/// fanned from corner 0 into 4 triangles, each side quad split into 2: 20 triangles.
inline TriMesh l_prism_surface(double height = 1.0) {
  const std::array<Vec2, 6> polygon{Vec2(0, 0), Vec2(2, 0), Vec2(2, 1), Vec2(1, 1), Vec2(1, 2), Vec2(0, 2)};
  TriMesh mesh;
  for (double z : {0.0, height}) {
    for (const Vec2& p : polygon) mesh.vertices.emplace_back(p.x(), p.y(), z);
  }
  for (Index i = 1; i + 1 < 6; ++i) {
    add_triangle(mesh, 0, i, i + 1, Vec3(0, 0, -1));
    add_triangle(mesh, 6, 6 + i, 6 + i + 1, Vec3(0, 0, 1));
  }
  for (Index i = 0; i < 6; ++i) {
    const Index j = (i + 1) % 6;
    const Vec2 d = polygon[j] - polygon[i];
    add_quad(mesh, i, j, 6 + j, 6 + i, Vec3(d.y(), -d.x(), 0));  // right of a ccw edge = outside
  }
  return mesh;
}

/// Square pyramid: base corners (±B/2, ±B/2, 0) = vertices 0..3 (counter-clockwise seen from +z),
/// apex (0, 0, H) = vertex 4. `split_base`: base fanned around its centre (vertex 5) into 4
/// triangles instead of 2.
inline TriMesh square_pyramid_surface(double base, double height, bool split_base = false) {
  const double h = 0.5 * base;
  TriMesh mesh;
  mesh.vertices = {Vec3(-h, -h, 0), Vec3(h, -h, 0), Vec3(h, h, 0), Vec3(-h, h, 0), Vec3(0, 0, height)};
  if (split_base) {
    add_quad_fan(mesh, 0, 1, 2, 3, Vec3(0, 0, -1));
  } else {
    add_quad(mesh, 0, 1, 2, 3, Vec3(0, 0, -1));
  }
  const Vec3 inside(0, 0, 0.25 * height);
  for (Index i = 0; i < 4; ++i) {
    const Index j = (i + 1) % 4;
    const Vec3 centre = (mesh.vertices[i] + mesh.vertices[j] + mesh.vertices[4]) / 3.0;
    add_triangle(mesh, i, j, 4, centre - inside);
  }
  return mesh;
}

/// Appends tet (a, b, c, d), swapping c and d if it is negatively oriented (orientation from the
/// determinant of the construction's coordinates, which are well away from degenerate here).
inline void add_tet(TetMesh& mesh, Index a, Index b, Index c, Index d) {
  const Vec3& pa = mesh.vertices[a];
  Mat3 m;
  m << mesh.vertices[b] - pa, mesh.vertices[c] - pa, mesh.vertices[d] - pa;
  if (m.determinant() < 0) std::swap(c, d);
  mesh.tets.push_back({a, b, c, d});
}

/// Square pyramid as tets. variant 0: 2 tets (base split along a diagonal); 1: 4 tets around the
/// base centre; 2: 8 tets around the base centre and an axis point at H/3.
inline TetMesh square_pyramid_tets(double base, double height, int variant) {
  const double h = 0.5 * base;
  TetMesh mesh;
  mesh.vertices = {Vec3(-h, -h, 0), Vec3(h, -h, 0), Vec3(h, h, 0), Vec3(-h, h, 0), Vec3(0, 0, height)};
  if (variant == 0) {
    add_tet(mesh, 0, 1, 2, 4);
    add_tet(mesh, 0, 2, 3, 4);
    return mesh;
  }
  mesh.vertices.push_back(Vec3::Zero());         // 5: base centre
  mesh.vertices.emplace_back(0, 0, height / 3);  // 6: axis point
  for (Index i = 0; i < 4; ++i) {
    const Index j = (i + 1) % 4;
    if (variant == 1) {
      add_tet(mesh, 5, i, j, 4);
    } else {
      add_tet(mesh, 5, i, j, 6);
      add_tet(mesh, 6, i, j, 4);
    }
  }
  return mesh;
}

enum class CellSplit { Six, Five };

/// Index of grid vertex (i, j, k) on an (n+1)×(m+1)×(k+1) lattice.
inline Index grid_vertex(int n, int m, int i, int j, int k) { return i + (n + 1) * (j + (m + 1) * k); }

/// The box [lo, hi] divided into n×m×k cells, each split into tets.
/// Six: the Kuhn (Freudenthal) split — one tet per monotone path from corner 0 to corner 7; every
///      cell is split the same way, so shared cell faces get the same diagonal.
/// Five: one central tet on the corners of even bit count plus four corner tets; cells alternate
///      with the parity of i + j + k (the mirrored split), which matches the face diagonals.
/// All tets positively oriented. Cell corners use box_corner's bit order.
inline TetMesh box_grid_tets(const Vec3& lo, const Vec3& hi, int n, int m, int k, CellSplit split) {
  TetMesh mesh;
  const Vec3 size = hi - lo;
  for (int z = 0; z <= k; ++z) {
    for (int y = 0; y <= m; ++y) {
      for (int x = 0; x <= n; ++x) {
        // The last layer is exactly `hi` (lo + size·n/n may round differently).
        mesh.vertices.emplace_back(x == n ? hi.x() : lo.x() + size.x() * x / n,
                                   y == m ? hi.y() : lo.y() + size.y() * y / m,
                                   z == k ? hi.z() : lo.z() + size.z() * z / k);
      }
    }
  }
  static constexpr std::array<std::array<int, 3>, 6> kPermutations{
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  static constexpr std::array<std::array<int, 4>, 5> kFiveEven{
      {{0, 3, 5, 6}, {1, 0, 3, 5}, {2, 0, 3, 6}, {4, 0, 5, 6}, {7, 3, 5, 6}}};
  static constexpr std::array<std::array<int, 4>, 5> kFiveOdd{
      {{1, 2, 4, 7}, {0, 1, 2, 4}, {3, 1, 2, 7}, {5, 1, 4, 7}, {6, 2, 4, 7}}};
  for (int z = 0; z < k; ++z) {
    for (int y = 0; y < m; ++y) {
      for (int x = 0; x < n; ++x) {
        std::array<Index, 8> c{};
        for (int i = 0; i < 8; ++i) {
          c[i] = grid_vertex(n, m, x + (i & 1), y + ((i >> 1) & 1), z + ((i >> 2) & 1));
        }
        if (split == CellSplit::Six) {
          for (const auto& p : kPermutations) {
            const int c1 = 1 << p[0], c2 = c1 | (1 << p[1]);
            add_tet(mesh, c[0], c[c1], c[c2], c[7]);
          }
        } else {
          const auto& tets = (x + y + z) % 2 == 0 ? kFiveEven : kFiveOdd;
          for (const auto& t : tets) add_tet(mesh, c[t[0]], c[t[1]], c[t[2]], c[t[3]]);
        }
      }
    }
  }
  return mesh;
}

/// A similarity transform p ↦ R (s p) + t.
struct Similarity {
  Transform rigid;
  double scale = 1.0;
  Vec3 apply(const Vec3& p) const { return rigid.apply(scale * p); }
};

/// Random rotation (uniform unit quaternion), translation in [−10, 10]³, scale in [0.1, 10]
/// (log-uniform).
inline Similarity random_similarity(std::mt19937& rng) {
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform(-10.0, 10.0);
  std::uniform_real_distribution<double> log_scale(std::log(0.1), std::log(10.0));
  Quat q(normal(rng), normal(rng), normal(rng), normal(rng));
  Similarity s;
  s.rigid = Transform::from_quaternion(q, Vec3(uniform(rng), uniform(rng), uniform(rng)));
  s.scale = std::exp(log_scale(rng));
  return s;
}

template <class Mesh>
Mesh transformed(Mesh mesh, const Similarity& s) {
  for (Vec3& v : mesh.vertices) v = s.apply(v);
  return mesh;
}

}  // namespace contactlab::testing
