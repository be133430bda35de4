// convex_intersection (Solfec's dual algorithm) against an independent exact brute force: the
// intersection of the two polyhedra's half-spaces is enumerated over every triple of planes, each
// triple's point solved and tested against every plane in rational arithmetic (GMP), so the vertex
// set, whether the intersection is empty, flat or solid, and which face lies on which body's plane
// are exact for the double inputs. Volumes and areas of the exact vertex set are then measured in
// double. Families (2000 pairs each, 10⁴ in all), every pair mapped by a random similarity (exact
// ones — signed axis permutations, powers of two, dyadic shifts — where touching must stay exact):
//  - random tets, overlapping or not;
//  - tets with small integer corners, B translated by an integer vector: exact touching at faces,
//    edges and vertices, coplanar faces, shared planes;
//  - B standing on a face of A (the whole face or a triangle inside it): touching over a polygon;
//  - nested tets (B shrunk inside A);
//  - slivers (one corner 1e-7 of the size off the plane of the others).
// Plus Solfec-1.0's own test inputs (data/solfec-cvi, 255 pairs of convex polyhedra), hand cases,
// the contact of seed 004 lines 1–8/12 on cubes pressed together, GJK against a brute-force
// distance, and deepest_point against the enumeration of its LP's bases.
#include "contactlab/geometry/convex_intersection.h"
#include "contactlab/geometry/deepest_point.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include "core/count_from_environment.h"
#include "geometry/rational_vec.h"
#include "geometry/tet_face_distance.h"

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <Eigen/LU>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace contactlab {
namespace {

using namespace testing;  // the rational vectors (rational_vec.h)

/// A plane n · x ≤ h in rationals, with the body (0 = A, 1 = B) and its index there.
struct QPlane {
  QVec n;
  Q h;
  int body = 0;
  int index = 0;
  Vec3 unit;      ///< n normalised, in double
  double offset;  ///< h / |n|, in double
};

QPlane make_plane(const QVec& n, const Q& h, int body, int index) {
  QPlane p{n, h, body, index, to_double(n), 0.0};
  const double length = p.unit.norm();
  p.unit /= length;
  p.offset = h.get_d() / length;
  return p;
}

/// The exact outward planes of a tet of nonzero volume, face f opposite corner f.
std::vector<QPlane> exact_tet_planes(const std::array<Vec3, 4>& t, int body) {
  std::vector<QPlane> out;
  for (int f = 0; f < 4; ++f) {
    const auto& face = kTetFaces[static_cast<std::size_t>(f)];
    const QVec p0 = exact(t[static_cast<std::size_t>(face[0])]);
    QVec n = cross(sub(exact(t[static_cast<std::size_t>(face[1])]), p0),
                   sub(exact(t[static_cast<std::size_t>(face[2])]), p0));
    if (dot(n, sub(exact(t[static_cast<std::size_t>(f)]), p0)) > 0) n = {-n.x, -n.y, -n.z};
    out.push_back(make_plane(n, dot(n, p0), body, f));
  }
  return out;
}

/// Two planes are the same oriented plane, exactly, or so nearly (normals within 1e-9 rad, offsets
/// within 1e-9 of `size`) that which of them a face lies on is decided by rounding.
bool same_plane(const QPlane& a, const QPlane& b, double size) {
  const QVec c = cross(a.n, b.n);
  const Q d = dot(a.n, b.n);
  if (c.x == 0 && c.y == 0 && c.z == 0 && d > 0 && a.h * dot(b.n, b.n) == b.h * d) return true;
  const double offset_a = a.h.get_d() / std::sqrt(dot(a.n, a.n).get_d());
  const double offset_b = b.h.get_d() / std::sqrt(dot(b.n, b.n).get_d());
  return a.unit.dot(b.unit) > 1.0 - 1e-18 && (a.unit - b.unit).norm() < 1e-9 &&
         std::abs(offset_a - offset_b) < 1e-9 * size;
}

/// The exact intersection of the half-spaces: its vertices, and per plane which of them lie on it.
struct ExactPolytope {
  std::vector<QVec> vertices;
  std::vector<Vec3> vertices_double;
  bool solid = false;  ///< the vertices span 3 dimensions (positive volume)
  bool flat = false;   ///< nonempty and spanning exactly 2 dimensions (a polygon: touching faces)
};

ExactPolytope exact_intersection(const std::vector<QPlane>& planes) {
  ExactPolytope out;
  const std::size_t m = planes.size();
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = i + 1; j < m; ++j) {
      for (std::size_t k = j + 1; k < m; ++k) {
        // A floating-point look first: a triple whose point is outside some plane by far more than
        // any rounding of this solve (1e-6 of the coordinates' scale) is not a vertex; the rest,
        // near every plane or on it, are decided exactly below.
        {
          Eigen::Matrix3d normals;
          normals.row(0) = planes[i].unit;
          normals.row(1) = planes[j].unit;
          normals.row(2) = planes[k].unit;
          const Eigen::Vector3d h(planes[i].offset, planes[j].offset, planes[k].offset);
          const Eigen::FullPivLU<Eigen::Matrix3d> lu(normals);
          // |det| of three unit normals: the volume they span (Eigen's rcond() estimate is not
          // reliable for exactly singular matrices).
          if (std::abs(normals.determinant()) > 1e-6) {
            const Vec3 y = lu.solve(h);
            const double scale = y.cwiseAbs().maxCoeff() + h.cwiseAbs().maxCoeff();
            bool far_outside = false;
            for (const QPlane& p : planes) far_outside = far_outside || p.unit.dot(y) - p.offset > 1e-6 * scale;
            if (far_outside) continue;
          }
        }
        const QVec &a = planes[i].n, &b = planes[j].n, &c = planes[k].n;
        const QVec bc = cross(b, c);
        const Q det = dot(a, bc);
        if (det == 0) continue;
        const QVec ca = cross(c, a), ab = cross(a, b);
        const QVec x{(planes[i].h * bc.x + planes[j].h * ca.x + planes[k].h * ab.x) / det,
                     (planes[i].h * bc.y + planes[j].h * ca.y + planes[k].h * ab.y) / det,
                     (planes[i].h * bc.z + planes[j].h * ca.z + planes[k].h * ab.z) / det};
        bool inside = true;
        for (const QPlane& p : planes) {
          if (dot(p.n, x) > p.h) {
            inside = false;
            break;
          }
        }
        if (!inside) continue;
        if (std::find(out.vertices.begin(), out.vertices.end(), x) == out.vertices.end()) out.vertices.push_back(x);
      }
    }
  }
  for (const QVec& v : out.vertices) out.vertices_double.push_back(to_double(v));
  // Dimension of the vertex set, exactly.
  int dimension = out.vertices.empty() ? -1 : 0;
  if (out.vertices.size() >= 2) {
    const QVec& v0 = out.vertices[0];
    std::size_t i1 = 0;
    for (std::size_t i = 1; i < out.vertices.size() && i1 == 0; ++i) {
      if (!(out.vertices[i] == v0)) i1 = i;
    }
    if (i1 != 0) {
      dimension = 1;
      const QVec e1 = sub(out.vertices[i1], v0);
      std::size_t i2 = 0;
      for (std::size_t i = 1; i < out.vertices.size() && i2 == 0; ++i) {
        const QVec c = cross(e1, sub(out.vertices[i], v0));
        if (!(c.x == 0 && c.y == 0 && c.z == 0)) i2 = i;
      }
      if (i2 != 0) {
        dimension = 2;
        const QVec n = cross(e1, sub(out.vertices[i2], v0));
        for (std::size_t i = 1; i < out.vertices.size(); ++i) {
          if (dot(n, sub(out.vertices[i], v0)) != 0) dimension = 3;
        }
      }
    }
  }
  out.solid = dimension == 3;
  out.flat = dimension == 2;
  return out;
}

struct Polygon {
  double area = 0.0;
  Vec3 centroid = Vec3::Zero();
};

/// Area and centroid of the convex polygon of coplanar points (normal n), ordered by angle.
Polygon polygon_of(std::vector<Vec3> points, const Vec3& n) {
  Vec3 c = Vec3::Zero();
  for (const Vec3& p : points) c += p;
  c /= static_cast<double>(points.size());
  const Vec3 u = (std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(n).normalized();
  const Vec3 w = n.cross(u);
  std::sort(points.begin(), points.end(), [&](const Vec3& p, const Vec3& q) {
    return std::atan2((p - c).dot(w), (p - c).dot(u)) < std::atan2((q - c).dot(w), (q - c).dot(u));
  });
  Polygon out;
  Vec3 moment = Vec3::Zero();
  for (std::size_t k = 0; k < points.size(); ++k) {
    const Vec3& p = points[k];
    const Vec3& q = points[(k + 1) % points.size()];
    const double a = 0.5 * std::abs((p - c).cross(q - c).dot(n));
    out.area += a;
    moment += a * (p + q + c) / 3.0;
  }
  out.centroid = out.area > 0.0 ? Vec3(moment / out.area) : c;
  return out;
}

/// Volume and per-body face areas of a solid exact polytope, measured in double: each plane's
/// vertices (exactly on it) ordered by angle about their centroid and fanned. Faces on a plane that
/// both bodies have are counted in `shared` instead of a body.
struct Measured {
  double volume = 0.0;
  std::array<double, 2> area{};
  double shared = 0.0;
};

Measured measure(const ExactPolytope& polytope, const std::vector<QPlane>& planes, double size) {
  Measured out;
  Vec3 centre = Vec3::Zero();
  for (const Vec3& v : polytope.vertices_double) centre += v;
  centre /= static_cast<double>(polytope.vertices_double.size());
  std::vector<bool> done(planes.size(), false);
  for (std::size_t i = 0; i < planes.size(); ++i) {
    if (done[i]) continue;
    bool shared = false;
    for (std::size_t j = i + 1; j < planes.size(); ++j) {
      if (same_plane(planes[i], planes[j], size)) {
        done[j] = true;
        shared = shared || planes[j].body != planes[i].body;
      }
    }
    std::vector<Vec3> face;
    for (std::size_t v = 0; v < polytope.vertices.size(); ++v) {
      if (dot(planes[i].n, polytope.vertices[v]) == planes[i].h) face.push_back(polytope.vertices_double[v]);
    }
    if (face.size() < 3) continue;
    // The face's polygon, and the cone over it from the centre: volume = area × height / 3.
    const Polygon polygon = polygon_of(face, planes[i].unit);
    const double area = polygon.area;
    out.volume += area * planes[i].unit.dot(polygon.centroid - centre) / 3.0;
    if (shared) {
      out.shared += area;
    } else {
      out.area[static_cast<std::size_t>(planes[i].body)] += area;
    }
  }
  out.volume = std::abs(out.volume);
  return out;
}

/// Computed triangles' area per body, leaving out those on a plane both bodies have.
std::array<double, 2> computed_areas(const ConvexIntersection& r, const std::vector<QPlane>& planes,
                                     std::size_t count_a, double size) {
  std::array<double, 2> out{};
  for (const IntersectionTriangle& t : r.triangles) {
    if (t.body == 2) continue;  // on a plane both bodies have: "shared", as in measure()
    const QPlane& p =
        planes[t.body == 0 ? static_cast<std::size_t>(t.plane) : count_a + static_cast<std::size_t>(t.plane)];
    bool shared = false;
    for (const QPlane& q : planes) shared = shared || (q.body != p.body && same_plane(p, q, size));
    if (!shared) out[static_cast<std::size_t>(t.body)] += t.area;
  }
  return out;
}

/// The largest distance by which a point lies outside one of the planes.
double largest_violation(const std::vector<Vec3>& points, const std::vector<HalfSpace>& planes) {
  double worst = 0.0;
  for (const Vec3& p : points) {
    for (const HalfSpace& h : planes) worst = std::max(worst, h.distance(p));
  }
  return worst;
}

double extent(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
  Vec3 lo = a[0], hi = a[0];
  for (const auto* s : {&a, &b}) {
    for (const Vec3& p : *s) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
  }
  return (hi - lo).norm();
}

struct Similarity {
  Mat3 rotation = Mat3::Identity();
  double scale = 1.0;
  Vec3 translation = Vec3::Zero();
  Vec3 operator()(const Vec3& p) const { return scale * (rotation * p) + translation; }
};

Similarity random_similarity(std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  Similarity s;
  s.rotation = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized().toRotationMatrix();
  s.scale = std::pow(10.0, 3.0 * unit(rng));
  s.translation = Vec3(unit(rng), unit(rng), unit(rng)) * 10.0 * s.scale;
  return s;
}

Similarity exact_similarity(std::mt19937_64& rng) {
  std::array<int, 3> axes{0, 1, 2};
  std::shuffle(axes.begin(), axes.end(), rng);
  std::uniform_int_distribution<int> coin(0, 1), power(-10, 10), offset(-64, 64);
  Similarity s;
  s.rotation = Mat3::Zero();
  for (int i = 0; i < 3; ++i) s.rotation(i, axes[static_cast<std::size_t>(i)]) = coin(rng) ? 1.0 : -1.0;
  s.scale = std::ldexp(1.0, power(rng));
  s.translation = Vec3(offset(rng), offset(rng), offset(rng)) * s.scale * 0.25;
  return s;
}

enum class Family { kRandom, kGrid, kFaceOnFace, kNested, kSliver };

struct Pair {
  std::array<Vec3, 4> a, b;
};

double signed_volume(const std::array<Vec3, 4>& t) { return (t[1] - t[0]).dot((t[2] - t[0]).cross(t[3] - t[0])); }

Pair make_pair(Family family, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int> small(0, 3), shift(-2, 2);
  const auto random_tet = [&](double lo, double hi) {
    std::array<Vec3, 4> t;
    do {
      for (Vec3& p : t) p = Vec3(lo + (hi - lo) * unit(rng), lo + (hi - lo) * unit(rng), lo + (hi - lo) * unit(rng));
    } while (std::abs(signed_volume(t)) < 1e-3 * std::pow(hi - lo, 3));
    return t;
  };
  Pair p;
  switch (family) {
    case Family::kRandom:
      p.a = random_tet(0.0, 1.0);
      p.b = random_tet(0.25, 1.25);
      break;
    case Family::kGrid: {
      const auto grid_tet = [&] {
        std::array<Vec3, 4> t;
        do {
          for (Vec3& c : t) c = Vec3(small(rng), small(rng), small(rng));
        } while (signed_volume(t) == 0.0);
        return t;
      };
      p.a = grid_tet();
      p.b = grid_tet();
      const Vec3 offset(shift(rng), shift(rng), shift(rng));
      for (Vec3& c : p.b) c += offset;
      break;
    }
    case Family::kFaceOnFace: {
      // B stands on a face of A, outside it: on the whole face, or on a smaller triangle of
      // dyadic points inside the face (exact in floating point), so the two touch over a polygon.
      std::array<Vec3, 4> t;
      do {
        for (Vec3& c : t) c = Vec3(small(rng), small(rng), small(rng));
      } while (signed_volume(t) == 0.0);
      p.a = t;
      const int f = std::uniform_int_distribution<int>(0, 3)(rng);
      const auto& face = kTetFaces[static_cast<std::size_t>(f)];
      const Vec3 q0 = t[static_cast<std::size_t>(face[0])], q1 = t[static_cast<std::size_t>(face[1])],
                 q2 = t[static_cast<std::size_t>(face[2])];
      const Vec3 apex = q0 + q1 + q2 - 2.0 * t[static_cast<std::size_t>(f)];  // beyond the face's plane
      if (unit(rng) < 0.5) {
        p.b = {q0, q1, q2, apex};
      } else {
        p.b = {0.5 * (q0 + q1), 0.5 * (q1 + q2), 0.5 * (q2 + q0), apex};
      }
      if (unit(rng) < 0.5) std::swap(p.a, p.b);
      break;
    }
    case Family::kNested: {
      p.a = random_tet(0.0, 1.0);
      const Vec3 c = 0.25 * (p.a[0] + p.a[1] + p.a[2] + p.a[3]);
      const double f = 0.2 + 0.7 * unit(rng);
      for (std::size_t i = 0; i < 4; ++i) p.b[i] = c + f * (p.a[i] - c);
      if (unit(rng) < 0.5) std::swap(p.a, p.b);
      break;
    }
    case Family::kSliver: {
      p.a = random_tet(0.0, 1.0);
      p.b = random_tet(0.3, 1.3);
      const Vec3 n = (p.b[1] - p.b[0]).cross(p.b[2] - p.b[0]).normalized();
      p.b[3] = (p.b[0] + p.b[1] + p.b[2]) / 3.0 + 1e-7 * n;
      break;
    }
  }
  // The grid pairs keep their exact touching: a signed permutation of the axes, a power-of-two
  // scale and a dyadic translation are exact in floating point. The others take any similarity.
  const bool exact = family == Family::kGrid || family == Family::kFaceOnFace;
  const Similarity s = exact ? exact_similarity(rng) : random_similarity(rng);
  for (Vec3& c : p.a) c = s(c);
  for (Vec3& c : p.b) c = s(c);
  return p;
}

struct Tally {
  int solid = 0, flat = 0, lower = 0, empty = 0, failed = 0, degenerate = 0, compared = 0, compared_thin = 0;
};

/// Checks one pair against the exact brute force; returns what the exact answer was.
/// The inputs of one comparison: the two polyhedra, their exact planes (A's first), their size,
/// the brute-force distance when known (NaN otherwise) and A's centroid (to orient normals).
struct Case {
  ConvexPolyhedron a, b;
  std::vector<QPlane> planes;
  std::size_t count_a = 0;
  double size = 1.0;
  double epsilon = 0.0;
  double distance = std::numeric_limits<double>::quiet_NaN();
  Vec3 centroid_a = Vec3::Zero();
};

void check_case(const Case& in, const std::string& what, Tally& tally);

void check_pair(const Pair& pair, const std::string& what, Tally& tally) {
  Case in;
  in.a = tet_polyhedron(pair.a);
  in.b = tet_polyhedron(pair.b);
  in.size = extent(in.a.vertices, in.b.vertices);
  in.epsilon = 1e-9 * in.size;
  in.centroid_a = 0.25 * (pair.a[0] + pair.a[1] + pair.a[2] + pair.a[3]);
  if (in.a.has_volume() && in.b.has_volume()) {
    in.planes = exact_tet_planes(pair.a, 0);
    const std::vector<QPlane> planes_b = exact_tet_planes(pair.b, 1);
    in.planes.insert(in.planes.end(), planes_b.begin(), planes_b.end());
    in.count_a = 4;
    in.distance = testing::tet_face_distance(pair.a, pair.b);
  }
  check_case(in, what, tally);
}

void check_case(const Case& in, const std::string& what, Tally& tally) {
  SCOPED_TRACE(what);
  const ConvexPolyhedron& a = in.a;
  const ConvexPolyhedron& b = in.b;
  const double size = in.size;
  ConvexIntersectionRequest request;
  request.epsilon = in.epsilon;
  const ConvexIntersection r = convex_intersection(a, b, request);
  for (const Vec3& v : r.vertices) ASSERT_TRUE(v.allFinite());
  ASSERT_TRUE(std::isfinite(r.volume));
  if (!a.has_volume() || !b.has_volume()) {
    EXPECT_EQ(r.status, ConvexIntersectionStatus::kDegenerateInput);
    ++tally.degenerate;
    return;
  }
  const std::vector<QPlane>& planes = in.planes;
  const ExactPolytope expected = exact_intersection(planes);
  if (r.status == ConvexIntersectionStatus::kFailed) ++tally.failed;
  if (expected.vertices.empty()) {
    ++tally.empty;
    // Disjoint: GJK must not call them touching when they are clearly apart.
    if (in.distance > 2.0 * request.epsilon) {
      EXPECT_EQ(r.status, ConvexIntersectionStatus::kSeparated);
    }
    return;
  }
  // A common point: never "separated".
  EXPECT_NE(r.status, ConvexIntersectionStatus::kSeparated);
  if (!expected.solid) {
    (expected.flat ? tally.flat : tally.lower)++;
    EXPECT_EQ(r.status, ConvexIntersectionStatus::kIntersecting);
    EXPECT_TRUE(r.regularised);
    EXPECT_LE(r.volume, 8.0 * request.epsilon * size * size);
    if (expected.flat && r.status == ConvexIntersectionStatus::kIntersecting) {
      // Faces touching over a polygon: the contact normal is the common plane's, from A to B.
      const IntersectionSurfaceContact c = intersection_surface_contact(r);
      ASSERT_TRUE(c.valid);
      const QVec e1 = sub(expected.vertices[1], expected.vertices[0]);
      Vec3 n = Vec3::Zero();
      for (std::size_t i = 2; i < expected.vertices.size() && n == Vec3::Zero(); ++i) {
        n = to_double(cross(e1, sub(expected.vertices[i], expected.vertices[0])));
      }
      n.normalize();
      // Oriented from A to B: A's centroid lies on the negative side.
      if (n.dot(in.centroid_a - expected.vertices_double[0]) > 0.0) n = -n;
      EXPECT_GT(c.normal.dot(n), 1.0 - 1e-6) << c.normal.transpose() << " vs " << n.transpose();
      // The point is the touching polygon's centroid and the area its area (the ε-slab's two big
      // faces, halved), up to the slab's O(ε) rim.
      const Polygon polygon = polygon_of(expected.vertices_double, n);
      EXPECT_NEAR(c.area, polygon.area, 1e-6 * size * size + 20.0 * request.epsilon * size);
      EXPECT_LE((c.point - polygon.centroid).norm(), 1e-6 * size + 20.0 * request.epsilon);
    }
    return;
  }
  ++tally.solid;
  ASSERT_EQ(r.status, ConvexIntersectionStatus::kIntersecting);
  // Thinner than ε at the deepest point: every plane was moved out by ε − depth ≤ ε, so the
  // computed polytope holds the exact one and exceeds each exact plane by at most ε; its volume by
  // at most ε × its surface. Otherwise they are the same polytope.
  const bool thin = r.depth < request.epsilon;
  (thin ? tally.compared_thin : tally.compared)++;
  const Measured m = measure(expected, planes, size);
  double surface = 0.0;
  for (const IntersectionTriangle& t : r.triangles) surface += t.area;
  if (thin) {
    EXPECT_TRUE(r.regularised);
    EXPECT_GE(r.volume, m.volume - 1e-9 * size * size * size);
    EXPECT_LE(r.volume, m.volume + request.epsilon * surface + 1e-9 * size * size * size);
  } else {
    EXPECT_NEAR(r.volume, m.volume, 1e-9 * size * size * size + 1e-7 * m.volume);
  }
  // Each polytope's vertices lie in the other (within 1e-7 of the size): the same point set. Vertex
  // sets are not compared one to one: where planes of A and B nearly coincide (after a rotation of
  // a grid pair), the exact polytope has extra vertices along the nearly flat crease, which the
  // double computation rightly merges.
  std::vector<HalfSpace> computed_planes;
  for (const IntersectionTriangle& t : r.triangles) {
    computed_planes.push_back({t.normal, t.normal.dot(r.vertices[static_cast<std::size_t>(t.corners[0])])});
  }
  std::vector<HalfSpace> exact_planes;
  for (const QPlane& p : planes) {
    const Q norm2 = dot(p.n, p.n);
    exact_planes.push_back({p.unit, p.h.get_d() / std::sqrt(norm2.get_d())});
  }
  EXPECT_LE(largest_violation(r.vertices, exact_planes), (thin ? request.epsilon : 0.0) + 1e-7 * size);
  EXPECT_LE(largest_violation(expected.vertices_double, computed_planes), 1e-7 * size);
  if (thin) return;  // which body a face of the ε-slab lies on depends on the moved planes
  const std::array<double, 2> areas = computed_areas(r, planes, in.count_a, size);
  for (int body = 0; body < 2; ++body) {
    EXPECT_NEAR(areas[static_cast<std::size_t>(body)], m.area[static_cast<std::size_t>(body)], 1e-7 * size * size)
        << "area on body " << body;
  }
}

TEST(ConvexIntersection, MatchesTheExactHalfSpaceIntersectionOnTenThousandPairs) {
  std::mt19937_64 rng(20261127);
  const std::vector<std::pair<Family, const char*>> families{{Family::kRandom, "random"},
                                                             {Family::kGrid, "grid"},
                                                             {Family::kFaceOnFace, "face-on-face"},
                                                             {Family::kNested, "nested"},
                                                             {Family::kSliver, "sliver"}};
  // 2000 pairs per family, 10⁴ in all (the asan preset runs fewer: CMakePresets.json).
  const int count = test::count_from_environment("CONTACTLAB_CVI_PAIRS", 2000);
  for (const auto& [family, name] : families) {
    Tally tally;
    for (int i = 0; i < count; ++i) {
      check_pair(make_pair(family, rng), std::string(name) + " #" + std::to_string(i), tally);
      if (HasFatalFailure()) return;
    }
    std::cout << name << ": solid " << tally.solid << " (" << tally.compared << " deeper than ε, "
              << tally.compared_thin << " thinner), flat " << tally.flat << ", edge/vertex " << tally.lower
              << ", disjoint " << tally.empty << ", degenerate input " << tally.degenerate << ", Qhull failed "
              << tally.failed << "\n";
    EXPECT_EQ(tally.failed, 0) << name;
  }
}

/// One polyhedron of a Solfec cvi file.
struct CviPolyhedron {
  std::vector<Vec3> vertices;
  std::vector<std::pair<Vec3, Vec3>> planes;  ///< normal, point on the plane
};

/// Reads every pair of a cvi file (data/solfec-cvi/README.md): epsilon, then two polyhedra.
std::vector<std::tuple<double, CviPolyhedron, CviPolyhedron>> read_cvi(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::tuple<double, CviPolyhedron, CviPolyhedron>> out;
  double epsilon = 0.0;
  while (in >> epsilon) {
    std::array<CviPolyhedron, 2> body;
    for (CviPolyhedron& p : body) {
      int nv = 0, np = 0;
      in >> nv >> np;
      p.vertices.resize(static_cast<std::size_t>(nv));
      for (Vec3& v : p.vertices) in >> v.x() >> v.y() >> v.z();
      p.planes.resize(static_cast<std::size_t>(np));
      for (auto& [n, q] : p.planes) in >> n.x() >> n.y() >> n.z() >> q.x() >> q.y() >> q.z();
    }
    if (!in) break;
    out.emplace_back(epsilon, body[0], body[1]);
  }
  return out;
}

TEST(ConvexIntersection, MatchesTheExactAnswerOnSolfecsOwnTestInputs) {
  Tally tally;
  int pairs = 0;
  for (int file = 0; file < 16; ++file) {
    const std::string path = std::string(CONTACTLAB_TEST_DATA_DIR) + "/solfec-cvi/cvi." + std::to_string(file);
    const auto cases = read_cvi(path);
    ASSERT_FALSE(cases.empty()) << path;
    for (std::size_t k = 0; k < cases.size(); ++k) {
      const auto& [epsilon, pa, pb] = cases[k];
      Case in;
      for (int body = 0; body < 2; ++body) {
        const CviPolyhedron& p = body == 0 ? pa : pb;
        ConvexPolyhedron& poly = body == 0 ? in.a : in.b;
        poly.vertices = p.vertices;
        for (std::size_t i = 0; i < p.planes.size(); ++i) {
          const auto& [n, q] = p.planes[i];
          poly.planes.push_back({n.normalized(), n.normalized().dot(q)});
          const QVec nq = exact(n);
          in.planes.push_back(make_plane(nq, dot(nq, exact(q)), body, static_cast<int>(i)));
        }
      }
      in.count_a = pa.planes.size();
      in.size = extent(in.a.vertices, in.b.vertices);
      in.epsilon = epsilon;
      for (const Vec3& v : in.a.vertices) in.centroid_a += v / static_cast<double>(in.a.vertices.size());
      check_case(in, path + " pair " + std::to_string(k), tally);
      ++pairs;
    }
  }
  std::cout << "solfec-cvi: " << pairs << " pairs: solid " << tally.solid << " (" << tally.compared
            << " deeper than ε, " << tally.compared_thin << " thinner), flat " << tally.flat << ", edge/vertex "
            << tally.lower << ", disjoint " << tally.empty << ", Qhull failed " << tally.failed << "\n";
  EXPECT_EQ(pairs, 255);
  EXPECT_EQ(tally.failed, 0);
  EXPECT_GT(tally.compared, 0);
}

TEST(ConvexHullPolyhedron, GivesTheFacePlanesOfSolfecsPolyhedraFromTheirVertices) {
  for (int file = 0; file < 16; ++file) {
    for (const auto& [epsilon, pa, pb] :
         read_cvi(std::string(CONTACTLAB_TEST_DATA_DIR) + "/solfec-cvi/cvi." + std::to_string(file))) {
      for (const CviPolyhedron* p : {&pa, &pb}) {
        const ConvexPolyhedron hull = convex_hull_polyhedron(p->vertices);
        ASSERT_TRUE(hull.has_volume());
        double size = 0.0;
        for (const Vec3& v : p->vertices) size = std::max(size, (v - p->vertices[0]).norm());
        // Every vertex inside every hull plane, and every hull plane through 3 of the vertices (a
        // supporting plane). (The file's own face planes are not compared: its vertices are not
        // all on them — some faces are not planar.)
        EXPECT_LE(largest_violation(p->vertices, hull.planes), 1e-12 * size);
        for (const HalfSpace& h : hull.planes) {
          int on = 0;
          for (const Vec3& v : p->vertices) on += std::abs(h.distance(v)) <= 1e-12 * size ? 1 : 0;
          EXPECT_GE(on, 3);
        }
        EXPECT_EQ(hull.vertices.size(), p->vertices.size());
      }
    }
  }
  // Random clouds against the brute force: the supporting planes through triples of points.
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<Vec3> points(12);
    for (Vec3& p : points) p = Vec3(normal(rng), normal(rng), normal(rng));
    std::vector<Vec3> expected;
    for (std::size_t i = 0; i < points.size(); ++i)
      for (std::size_t j = i + 1; j < points.size(); ++j)
        for (std::size_t k = j + 1; k < points.size(); ++k) {
          Vec3 n = (points[j] - points[i]).cross(points[k] - points[i]).normalized();
          int above = 0, below = 0;
          for (const Vec3& q : points) {
            const double d = n.dot(q - points[i]);
            above += d > 1e-12 ? 1 : 0;
            below += d < -1e-12 ? 1 : 0;
          }
          if (above > 0 && below > 0) continue;
          if (above > 0) n = -n;
          bool seen = false;
          for (const Vec3& e : expected) seen = seen || e.dot(n) > 1.0 - 1e-12;
          if (!seen) expected.push_back(n);
        }
    const ConvexPolyhedron hull = convex_hull_polyhedron(points);
    ASSERT_EQ(hull.planes.size(), expected.size()) << trial;
    for (const HalfSpace& h : hull.planes) {
      bool found = false;
      for (const Vec3& e : expected) found = found || h.normal.dot(e) > 1.0 - 1e-12;
      EXPECT_TRUE(found);
    }
  }
  // Flat and too few points: vertices kept, no planes.
  const std::vector<Vec3> square{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {1, 0, 0}};
  const ConvexPolyhedron flat = convex_hull_polyhedron(square);
  EXPECT_FALSE(flat.has_volume());
  EXPECT_EQ(flat.vertices.size(), 4u);
  EXPECT_FALSE(convex_hull_polyhedron(std::vector<Vec3>{{0, 0, 0}, {1, 2, 3}}).has_volume());
  EXPECT_THROW(convex_hull_polyhedron(std::vector<Vec3>{{0, 0, std::nan("")}}), std::invalid_argument);
}

/// Axis-aligned box [lo, hi] as a polyhedron.
ConvexPolyhedron box(const Vec3& lo, const Vec3& hi) {
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i)
    corners.emplace_back(i & 1 ? hi.x() : lo.x(), i & 2 ? hi.y() : lo.y(), i & 4 ? hi.z() : lo.z());
  return convex_hull_polyhedron(corners);
}

TEST(ConvexIntersection, CubesPressedTogetherGiveTheSeedsContact) {
  // Unit cube A under a unit cube B shifted by (0.5, 1 − d, 0.25): the overlap is the box
  // [0.5, 1] × [1 − d, 1] × [0.25, 1]. Its surface: the top face (on A, normal +y) and the bottom
  // (on B, normal −y) of area 0.5 × 0.75 each, and the thin side faces. Seed 004: the normal
  // Σ ± area² n is +y (the side faces cancel pairwise or weigh area²), the point the centroid of
  // the surface, the area half the surface, the extent gap about −d.
  const double d = 0.01;
  const ConvexPolyhedron a = box({0, 0, 0}, {1, 1, 1});
  const ConvexPolyhedron b = box({0.5, 1 - d, 0.25}, {1.5, 2 - d, 1.25});
  const ConvexIntersection r = convex_intersection(a, b);
  ASSERT_EQ(r.status, ConvexIntersectionStatus::kIntersecting);
  EXPECT_FALSE(r.regularised);
  EXPECT_NEAR(r.volume, 0.5 * d * 0.75, 1e-12);
  EXPECT_NEAR(r.area_on(0), 0.5 * 0.75 + 2 * d * (0.5 + 0.75) / 2, 1e-12);  // A's top and two of the sides
  const IntersectionSurfaceContact c = intersection_surface_contact(r);
  ASSERT_TRUE(c.valid);
  // Faces on A: top (y = 1, area 0.375, +y), x = 1 (0.75 d, +x), z = 1 (0.5 d, +z); on B: bottom
  // (y = 1 − d, −y), x = 0.5 (−x), z = 0.25 (−z), the same areas. B's are subtracted, so each
  // opposite pair adds: n ∝ 2 ((0.75 d)², 0.375², (0.5 d)²) — tilted off +y by the sides' area².
  const Vec3 expected_normal = Vec3(std::pow(0.75 * d, 2), 0.375 * 0.375, std::pow(0.5 * d, 2)).normalized();
  EXPECT_NEAR((c.normal - expected_normal).norm(), 0.0, 1e-12);
  EXPECT_GT(c.normal.y(), 1.0 - 1e-6);
  // Extent along n of the box 0.5 × d × 0.75 (n has positive components).
  EXPECT_NEAR(c.extent_gap, -(0.5 * c.normal.x() + d * c.normal.y() + 0.75 * c.normal.z()), 1e-12);
  const double surface = 2 * 0.5 * 0.75 + 2 * d * 0.5 + 2 * d * 0.75;
  EXPECT_NEAR(c.area, 0.5 * surface, 1e-12);
  EXPECT_NEAR(c.point.x(), 0.75, 1e-12);
  EXPECT_NEAR(c.point.y(), 1 - d / 2, 1e-12);
  EXPECT_NEAR(c.point.z(), 0.625, 1e-12);
  // Swapped: the same intersection, the normal from B to A.
  const IntersectionSurfaceContact swapped = intersection_surface_contact(convex_intersection(b, a));
  EXPECT_NEAR((swapped.normal + expected_normal).norm(), 0.0, 1e-12);
}

TEST(ConvexIntersection, TouchingSeparatedNestedAndDegenerateInputs) {
  const ConvexPolyhedron a = box({0, 0, 0}, {1, 1, 1});
  ConvexIntersectionRequest request;
  request.epsilon = 1e-6;
  // Face on face, exactly: the ε-slab, normal +y, area the touching square, gap −2ε at most.
  const ConvexIntersection touching = convex_intersection(a, box({0.25, 1, 0.25}, {0.75, 2, 0.75}), request);
  ASSERT_EQ(touching.status, ConvexIntersectionStatus::kIntersecting);
  EXPECT_TRUE(touching.regularised);
  const IntersectionSurfaceContact c = intersection_surface_contact(touching);
  ASSERT_TRUE(c.valid);
  EXPECT_NEAR(c.normal.y(), 1.0, 1e-9);
  EXPECT_NEAR(c.area, 0.25, 1e-5);
  EXPECT_NEAR((c.point - Vec3(0.5, 1.0, 0.5)).norm(), 0.0, 1e-6);
  EXPECT_GE(c.extent_gap, -2.0 * request.epsilon * (1 + 1e-6));
  // Apart by 2ε: separated; by ε/2: touching.
  EXPECT_EQ(convex_intersection(a, box({0, 1 + 2e-6, 0}, {1, 2, 1}), request).status,
            ConvexIntersectionStatus::kSeparated);
  EXPECT_EQ(convex_intersection(a, box({0, 1 + 5e-7, 0}, {1, 2, 1}), request).status,
            ConvexIntersectionStatus::kIntersecting);
  // Nested: the inner box, all on B's boundary.
  const ConvexIntersection nested = convex_intersection(a, box({0.2, 0.3, 0.4}, {0.6, 0.7, 0.8}), request);
  ASSERT_EQ(nested.status, ConvexIntersectionStatus::kIntersecting);
  EXPECT_NEAR(nested.volume, 0.4 * 0.4 * 0.4, 1e-12);
  EXPECT_NEAR(nested.area_on(1), 6 * 0.16, 1e-12);
  EXPECT_EQ(nested.area_on(0), 0.0);
  // The same box twice: every face on both boundaries (labelled 2), the volume the box's, and no
  // interface, so no contact normal.
  const ConvexIntersection same = convex_intersection(a, a, request);
  EXPECT_NEAR(same.volume, 1.0, 1e-12);
  EXPECT_NEAR(same.area_on(2), 6.0, 1e-12);
  EXPECT_FALSE(intersection_surface_contact(same).valid);
  // A flat tet: degenerate input.
  const ConvexPolyhedron flat = tet_polyhedron({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0)});
  EXPECT_FALSE(flat.has_volume());
  EXPECT_EQ(convex_intersection(a, flat, request).status, ConvexIntersectionStatus::kDegenerateInput);
  EXPECT_THROW(convex_intersection(a, a, {.epsilon = 0.0}), std::invalid_argument);
}

TEST(GjkDistance, MatchesTheBruteForceDistanceOfTetPairs) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int separated = 0;
  for (int i = 0; i < 4000; ++i) {
    std::array<Vec3, 4> a, b;
    for (Vec3& p : a) p = Vec3(unit(rng), unit(rng), unit(rng));
    const Vec3 offset = 2.5 * Vec3(unit(rng) - 0.5, unit(rng) - 0.5, unit(rng) - 0.5);
    for (Vec3& p : b) p = Vec3(unit(rng), unit(rng), unit(rng)) + offset;
    const Similarity s = random_similarity(rng);
    for (Vec3& p : a) p = s(p);
    for (Vec3& p : b) p = s(p);
    const GjkResult r = gjk_distance(a, b);
    const double brute = testing::tet_face_distance(a, b);
    // The surfaces' distance is the solids' unless one tet holds the other; two random tets of
    // this size and spread never nest (a nested pair would fail the second branch, not pass).
    ASSERT_TRUE(r.converged);
    if (r.distance > 0.0) {
      EXPECT_NEAR(r.distance, brute, 1e-9 * s.scale) << i;
      EXPECT_NEAR((r.point_a - r.point_b).norm(), r.distance, 1e-9 * s.scale);
      ++separated;
    } else {
      EXPECT_LE(brute, 1e-9 * s.scale);  // intersecting: the surfaces meet
    }
  }
  EXPECT_GT(separated, 1000);
  EXPECT_THROW(gjk_distance(std::vector<Vec3>{}, std::vector<Vec3>{Vec3::Zero()}), std::invalid_argument);
  // Points and segments are polyhedra too.
  EXPECT_NEAR(gjk_distance(std::vector<Vec3>{Vec3(0, 0, 0)}, std::vector<Vec3>{Vec3(3, 4, 0)}).distance, 5.0, 1e-15);
  EXPECT_NEAR(
      gjk_distance(std::vector<Vec3>{Vec3(-1, 1, 0), Vec3(1, 1, 0)}, std::vector<Vec3>{Vec3(0, -1, 0)}).distance, 2.0,
      1e-15);
}

/// Brute force: every 4 planes whose equalities n_i · x + t = h_i have a unique solution, kept if
/// it satisfies all planes (within `band`); the largest t is the optimum.
double best_vertex_depth(const std::vector<HalfSpace>& planes, double band) {
  double best = -std::numeric_limits<double>::infinity();
  const std::size_t n = planes.size();
  for (std::size_t q0 = 0; q0 < n; ++q0)
    for (std::size_t q1 = q0 + 1; q1 < n; ++q1)
      for (std::size_t q2 = q1 + 1; q2 < n; ++q2)
        for (std::size_t q3 = q2 + 1; q3 < n; ++q3) {
          Eigen::Matrix4d m;
          Eigen::Vector4d h;
          int row = 0;
          for (const std::size_t q : {q0, q1, q2, q3}) {
            m.row(row) << planes[q].normal.x(), planes[q].normal.y(), planes[q].normal.z(), 1.0;
            h[row++] = planes[q].offset;
          }
          const Eigen::FullPivLU<Eigen::Matrix4d> lu(m);
          if (!lu.isInvertible()) continue;
          const Eigen::Vector4d z = lu.solve(h);
          bool feasible = true;
          for (const HalfSpace& p : planes) feasible = feasible && p.normal.dot(z.head<3>()) + z[3] <= p.offset + band;
          if (feasible) best = std::max(best, z[3]);
        }
  return best;
}

TEST(DeepestPoint, IsTheBestOfAllBasesOfItsLinearProgram) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 2000; ++i) {
    std::array<Vec3, 4> ta, tb;
    for (Vec3& p : ta) p = Vec3(unit(rng), unit(rng), unit(rng));
    for (Vec3& p : tb) p = Vec3(unit(rng), unit(rng), unit(rng)) + Vec3(0.6 * unit(rng), 0.0, 0.0);
    std::vector<HalfSpace> planes = tet_polyhedron(ta).planes;
    const std::vector<HalfSpace> pb = tet_polyhedron(tb).planes;
    planes.insert(planes.end(), pb.begin(), pb.end());
    if (planes.size() != 8) continue;
    const double best = best_vertex_depth(planes, 1e-12);
    const DeepestPoint d = deepest_point(planes, Vec3(0.5, 0.5, 0.5));
    ASSERT_TRUE(d.bounded);
    EXPECT_NEAR(d.depth, best, 1e-12) << i;
  }
  // Unbounded (one plane) and empty input.
  EXPECT_FALSE(deepest_point(std::vector<HalfSpace>{{Vec3::UnitX(), 1.0}}).bounded);
  EXPECT_FALSE(deepest_point(std::vector<HalfSpace>{}).bounded);
  // The unit cube: its centre, depth 1/2.
  const DeepestPoint cube = deepest_point(box({0, 0, 0}, {1, 1, 1}).planes, Vec3(5, -3, 2));
  EXPECT_NEAR((cube.point - Vec3(0.5, 0.5, 0.5)).norm(), 0.0, 1e-12);
  EXPECT_NEAR(cube.depth, 0.5, 1e-12);
}

TEST(DeepestPoint, TouchingTetsWithFlushFacesInAnyFrame) {
  // Two tets touching along an edge only, each with a face on one plane (z = −1) with one outward
  // normal: the two unit normals differ by rounding only. Two pairs: (1) the unit corner tet and
  // (1,0,0), (0,1,0), (1,1,0), (1,1,1) (beyond its slanted face; their flush plane is z = 0);
  // (2) the arch's voussoirs 0 and 1, tets 11 and 3 (coordinates as the suite builds them), the
  // pair whose two flush normals once entered one simplex basis together after a tiny pivot — a
  // singular system, so no point at all, and no Solfec contact for that pair with the arch moved
  // 10³ of its sizes away (frame test seed 477). Analytic answer: the planes meet only on the
  // common edge, so the deepest point lies on it, at depth 0. Under 4000 random similarities each,
  // translated up to 10³ × the scale away as the far frame tests are, with the reference anywhere
  // near the pair: bounded, depth 0 and every plane's slack at least the depth, up to rounding, and
  // the point on the edge.
  struct Pair {
    std::array<Vec3, 4> a, b;
    Vec3 edge0, edge1;
  };
  const Vec3 p0(1.8019377358048383, 2.8677674782351161, -1), p1(1.3514533018536288, 2.6508256086763371, -1);
  const std::array<Pair, 2> pairs{
      Pair{{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)},
           {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0), Vec3(1, 1, 1)},
           Vec3(1, 0, 0),
           Vec3(0, 1, 0)},
      Pair{{Vec3(1.5, 2, -1), p0, p1, Vec3(1.5511303519305912, 2.5061976854507275, 0.16519992421843899)},
           {p0, Vec3(1.1778891919347021, 3.1290786147183063, 0.22792711709105662),
            Vec3(1.2469796037174672, 3.5636629649360598, -1), p1},
           p0,
           p1}};
  // The planes as the kernel passed them then (offsets relative to the reference; planes 3 and 5
  // are the flush pair): the simplex's path on exactly these bits.
  const std::vector<HalfSpace> seen{
      {Vec3(-0.60338047874054868, -0.65152903244307347, 0.4598281393723298), 0.0},
      {Vec3(0.35682682725925779, -0.89371930594532867, -0.27191987336105466), 219.35324687631982},
      {Vec3(0.23294764297311388, 0.95285158087047217, 0.19444603484235007), 160.09631779125982},
      {Vec3(-0.53266893073333466, 0.19260752899078842, -0.82411537420889602), 9.473903143468002e-15},
      {Vec3(0.14458114268525241, -0.89636768542788425, -0.41907190993967147), 213.56981249345301},
      {Vec3(-0.53266893073333454, 0.19260752899078848, -0.82411537420889602), 2.8421709430404007e-14},
      {Vec3(0.86212803837793417, 0.50614437087851161, 0.023518530366734403), 0.0},
      {Vec3(-0.44691986216457824, 0.52739529536849483, 0.72257652828331775), 214.10455970145506}};
  const DeepestPoint at_seen = deepest_point(seen);
  ASSERT_TRUE(at_seen.bounded);
  EXPECT_NEAR(at_seen.depth, 0.0, 1e-12 * 220.0);
  EXPECT_NEAR(at_seen.depth, best_vertex_depth(seen, 1e-12 * 220.0), 1e-12 * 220.0);

  std::mt19937_64 rng(477);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (const Pair& pair : pairs) {
    for (int i = 0; i < 4000; ++i) {
      Similarity s = random_similarity(rng);
      s.translation *= 100.0;  // up to 10³ × the scale from the origin
      std::array<Vec3, 4> ta, tb;
      for (std::size_t k = 0; k < 4; ++k) ta[k] = s(pair.a[k]), tb[k] = s(pair.b[k]);
      std::vector<HalfSpace> planes = tet_polyhedron(ta).planes;
      const std::vector<HalfSpace> pb = tet_polyhedron(tb).planes;
      planes.insert(planes.end(), pb.begin(), pb.end());
      ASSERT_EQ(planes.size(), 8u);
      // The rounding of the world coordinates (about ε × 10³ × the scale) bounds every error here.
      const double band = 1e-10 * s.scale;
      const Vec3 middle = 0.5 * (pair.edge0 + pair.edge1);
      const Vec3 reference = s(middle + 0.5 * Vec3(unit(rng), unit(rng), unit(rng)));
      const DeepestPoint d = deepest_point(planes, reference);
      ASSERT_TRUE(d.bounded) << i;
      EXPECT_NEAR(d.depth, 0.0, band) << i;
      double least_slack = std::numeric_limits<double>::infinity();
      for (const HalfSpace& p : planes) least_slack = std::min(least_slack, p.offset - p.normal.dot(d.point));
      EXPECT_NEAR(least_slack, d.depth, band) << i;
      // On the common edge's line, between its ends (back in the pair's own frame).
      const Vec3 local = s.rotation.transpose() * (d.point - s.translation) / s.scale;
      const Vec3 along = pair.edge1 - pair.edge0;
      const double u = (local - pair.edge0).dot(along) / along.squaredNorm();
      EXPECT_NEAR((local - pair.edge0 - u * along).norm(), 0.0, 1e-9) << i;
      EXPECT_GE(u, -1e-9) << i;
      EXPECT_LE(u, 1.0 + 1e-9) << i;
    }
  }
}

}  // namespace
}  // namespace contactlab
