// point_in_tet against answers known by construction (dyadic barycentric combinations of integer
// corners, exactly representable) and against barycentric coordinates solved in long double.
#include "contactlab/geometry/point_in_tet.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

namespace contactlab {
namespace {

constexpr std::array<std::array<int, 2>, 6> kEdgeVertices{{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}};

int edge_index(int i, int j) {
  for (int k = 0; k < 6; ++k) {
    if ((kEdgeVertices[k][0] == i && kEdgeVertices[k][1] == j) ||
        (kEdgeVertices[k][0] == j && kEdgeVertices[k][1] == i)) {
      return k;
    }
  }
  return -1;
}

long double det3(const std::array<long double, 3>& u, const std::array<long double, 3>& v,
                 const std::array<long double, 3>& w) {
  return u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0]);
}

// Right-handed signed volume ×6 of (a, b, c, d) in long double.
long double volume6(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  std::array<long double, 3> u, v, w;
  for (int k = 0; k < 3; ++k) {
    u[k] = static_cast<long double>(b[k]) - a[k];
    v[k] = static_cast<long double>(c[k]) - a[k];
    w[k] = static_cast<long double>(d[k]) - a[k];
  }
  return det3(u, v, w);
}

// Exact integer volume ×6 (coordinates are small integers).
long long volume6_int(const std::array<std::array<long long, 3>, 4>& v) {
  long long u[3], s[3], w[3];
  for (int k = 0; k < 3; ++k) {
    u[k] = v[1][k] - v[0][k];
    s[k] = v[2][k] - v[0][k];
    w[k] = v[3][k] - v[0][k];
  }
  return u[0] * (s[1] * w[2] - s[2] * w[1]) - u[1] * (s[0] * w[2] - s[2] * w[0]) + u[2] * (s[0] * w[1] - s[1] * w[0]);
}

enum class Kind { kInside, kFace, kEdge, kVertex, kOutside };

// Corners with integer coordinates, a point with dyadic barycentric weights n_i / 256: every
// coordinate is exactly representable, so the classification is known from the weights' signs.
TEST(PointInTet, DyadicBarycentricConstructionsBothOrientations) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> coord(-64, 64);
  std::uniform_int_distribution<int> kind_pick(0, 4);
  int checked = 0;
  for (int iter = 0; checked < 12000; ++iter) {
    std::array<std::array<long long, 3>, 4> iv;
    for (auto& c : iv) {
      for (auto& x : c) x = coord(rng);
    }
    if (volume6_int(iv) == 0) continue;
    // A large power-of-two offset keeps the coordinates exact but defeats naive determinants.
    const double offset = (iter % 3 == 0) ? 1048576.0 : 0.0;
    std::array<Vec3, 4> v;
    for (int i = 0; i < 4; ++i) {
      v[i] = Vec3(double(iv[i][0]), double(iv[i][1]), double(iv[i][2])) + Vec3::Constant(offset);
    }

    const Kind kind = static_cast<Kind>(kind_pick(rng));
    std::array<int, 4> w{};
    std::array<int, 4> order{0, 1, 2, 3};
    std::shuffle(order.begin(), order.end(), rng);
    // `parts` positive integer weights summing to `total`: cut [0, total] at distinct points.
    auto split = [&](int parts, int total) {
      std::array<int, 5> cuts{};
      for (;;) {
        cuts[0] = 0;
        for (int k = 1; k < parts; ++k) cuts[k] = std::uniform_int_distribution<int>(1, total - 1)(rng);
        cuts[parts] = total;
        for (int k = 1; k < parts; ++k) {  // insertion sort of the inner cuts
          for (int m = k; m > 1 && cuts[m - 1] > cuts[m]; --m) std::swap(cuts[m - 1], cuts[m]);
        }
        bool distinct = true;
        for (int k = 0; k < parts; ++k) distinct = distinct && cuts[k + 1] > cuts[k];
        if (distinct) break;
      }
      std::array<int, 4> out{};
      for (int k = 0; k < parts; ++k) out[k] = cuts[k + 1] - cuts[k];
      return out;
    };
    const int positive = 4 - static_cast<int>(kind);  // inside 4, face 3, edge 2, vertex 1
    if (kind == Kind::kOutside) {
      // One negative weight, the others positive, sum 256.
      const int negative = std::uniform_int_distribution<int>(1, 200)(rng);
      const auto rest = split(3, 256 + negative);
      w[order[0]] = -negative;
      for (int k = 0; k < 3; ++k) w[order[k + 1]] = rest[k];
    } else {
      const auto parts = split(positive, 256);
      for (int k = 0; k < positive; ++k) w[order[k]] = parts[k];
    }
    {
      int sum = 0;
      for (int x : w) sum += x;
      ASSERT_EQ(sum, 256);
    }
    Vec3 p = Vec3::Zero();
    for (int i = 0; i < 4; ++i) p += (w[i] / 256.0) * (v[i] - Vec3::Constant(offset));
    p += Vec3::Constant(offset);

    // Both orientations: identity and with corners 0 and 1 swapped (inverted tet).
    for (int flip = 0; flip < 2; ++flip) {
      std::array<int, 4> perm{0, 1, 2, 3};  // perm[local] = construction vertex
      if (flip) std::swap(perm[0], perm[1]);
      const PointInTetResult r = point_in_tet(p, v[perm[0]], v[perm[1]], v[perm[2]], v[perm[3]]);
      const int expected_orientation = (volume6_int(iv) > 0 ? 1 : -1) * (flip ? -1 : 1);
      ASSERT_EQ(r.orientation, expected_orientation);
      std::array<int, 4> wl{};  // weights per local index
      for (int i = 0; i < 4; ++i) wl[i] = w[perm[i]];
      switch (kind) {
        case Kind::kOutside:
          EXPECT_EQ(r.location, TetLocation::kOutside);
          EXPECT_FALSE(r.in_closure);
          EXPECT_EQ(r.feature, -1);
          break;
        case Kind::kInside:
          EXPECT_EQ(r.location, TetLocation::kInside);
          EXPECT_TRUE(r.in_closure);
          break;
        case Kind::kFace: {
          int zero = -1;
          for (int i = 0; i < 4; ++i) {
            if (wl[i] == 0) zero = i;
          }
          EXPECT_EQ(r.location, TetLocation::kOnFace);
          EXPECT_EQ(r.feature, zero);
          EXPECT_TRUE(r.on_boundary());
          break;
        }
        case Kind::kEdge: {
          int i0 = -1, i1 = -1;
          for (int i = 0; i < 4; ++i) {
            if (wl[i] != 0) (i0 < 0 ? i0 : i1) = i;
          }
          EXPECT_EQ(r.location, TetLocation::kOnEdge);
          EXPECT_EQ(r.feature, edge_index(i0, i1));
          break;
        }
        case Kind::kVertex: {
          int vertex = -1;
          for (int i = 0; i < 4; ++i) {
            if (wl[i] != 0) vertex = i;
          }
          EXPECT_EQ(r.location, TetLocation::kOnVertex);
          EXPECT_EQ(r.feature, vertex);
          EXPECT_EQ(p, v[perm[vertex]]);
          break;
        }
      }
    }
    ++checked;
  }
}

// Random real-valued tets (a share of them slivers) and points against barycentric coordinates
// solved in long double; cases within a relative 1e-9 of a face are left to the exact test above.
TEST(PointInTet, RandomAgainstLongDoubleBarycentrics) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto random_point = [&] { return Vec3(u(rng), u(rng), u(rng)); };
  int inside = 0, outside = 0, undecided = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    std::array<Vec3, 4> v{random_point(), random_point(), random_point(), random_point()};
    if (iter % 4 == 0) {
      // Sliver: d pushed to within 1e-6 of the plane through a, b, c.
      const Vec3 n = (v[1] - v[0]).cross(v[2] - v[0]).normalized();
      v[3] -= (n.dot(v[3] - v[0]) - 1e-6 * u(rng)) * n;
    }
    const double scale = std::pow(10.0, std::uniform_int_distribution<int>(-3, 3)(rng));
    const Vec3 shift = random_point() * 100 * scale;
    for (auto& x : v) x = x * scale + shift;
    // Points near the tet: affine combinations of its corners with weights in about [−0.25, 1].
    std::array<double, 4> mu{};
    double mu_sum = 0;
    for (double& m : mu) {
      m = 0.375 + 0.625 * u(rng);
      mu_sum += m;
    }
    Vec3 p = Vec3::Zero();
    for (int i = 0; i < 4; ++i) p += (mu[i] / mu_sum) * v[i];

    const long double total = volume6(v[0], v[1], v[2], v[3]);
    if (total == 0) continue;
    std::array<long double, 4> lambda{};
    long double lambda_min = 1;
    for (int i = 0; i < 4; ++i) {
      std::array<Vec3, 4> w = v;
      w[i] = p;
      lambda[i] = volume6(w[0], w[1], w[2], w[3]) / total;
      lambda_min = std::min(lambda_min, lambda[i]);
    }
    const PointInTetResult r = point_in_tet(p, v[0], v[1], v[2], v[3]);
    const PointInTetResult flipped = point_in_tet(p, v[0], v[2], v[1], v[3]);
    EXPECT_EQ(r.orientation, total > 0 ? 1 : -1);
    EXPECT_EQ(flipped.orientation, -r.orientation);
    EXPECT_EQ(flipped.in_closure, r.in_closure);
    if (lambda_min > 1e-9L) {
      EXPECT_EQ(r.location, TetLocation::kInside) << iter;
      EXPECT_EQ(flipped.location, TetLocation::kInside) << iter;
      ++inside;
    } else if (lambda_min < -1e-9L) {
      EXPECT_EQ(r.location, TetLocation::kOutside) << iter;
      ++outside;
    } else {
      ++undecided;
    }
  }
  // The ground truth must have decided almost every case, with both answers well represented.
  EXPECT_GT(inside, 2000);
  EXPECT_GT(outside, 2000);
  EXPECT_LT(undecided, 200);
}

// Zero-volume tets: flat (four coplanar corners), collinear and coincident corners. The location is
// kDegenerate; in_closure is known by construction: convex combinations are in, points displaced
// off the plane/line or beyond the extreme corner along a direction are out.
TEST(PointInTet, ZeroVolumeTetsReportClosureMembership) {
  std::mt19937 rng(8);
  std::uniform_int_distribution<int> coord(-32, 32);
  std::uniform_int_distribution<int> weight(0, 64);
  int in_count = 0, out_count = 0;
  for (int iter = 0; iter < 12000; ++iter) {
    const int shape = iter % 3;  // 0 flat, 1 collinear, 2 coincident
    // Integer spanning vectors; corners are integer combinations of them (exactly coplanar/collinear).
    const Vec3 origin(coord(rng), coord(rng), coord(rng));
    const Vec3 e1(coord(rng), coord(rng), coord(rng));
    const Vec3 e2 = shape == 0 ? Vec3(coord(rng), coord(rng), coord(rng)) : Vec3::Zero();
    const Vec3 base1 = shape == 2 ? Vec3::Zero() : e1;
    if (shape == 0 && e1.cross(e2).squaredNorm() == 0) continue;
    if (shape == 1 && e1.squaredNorm() == 0) continue;
    std::array<Vec3, 4> v;
    for (auto& x : v) {
      x = origin + double(std::uniform_int_distribution<int>(-4, 4)(rng)) * base1 +
          double(std::uniform_int_distribution<int>(-4, 4)(rng)) * e2;
    }
    // Convex combination with weights n_i / 256 (exact): in the closure.
    std::array<int, 4> w{};
    int sum = 0;
    for (int i = 0; i < 3; ++i) {
      w[i] = weight(rng);
      sum += w[i];
    }
    w[3] = 256 - sum;
    Vec3 p_in = Vec3::Zero();
    for (int i = 0; i < 4; ++i) p_in += (w[i] / 256.0) * v[i];
    PointInTetResult r = point_in_tet(p_in, v[0], v[1], v[2], v[3]);
    EXPECT_EQ(r.location, TetLocation::kDegenerate);
    EXPECT_EQ(r.orientation, 0);
    EXPECT_EQ(r.feature, -1);
    EXPECT_TRUE(r.in_closure) << iter;
    ++in_count;

    // Off the plane (flat) or off the line (collinear, coincident): out.
    Vec3 off = shape == 0 ? e1.cross(e2) : (shape == 1 ? e1.cross(Vec3(1, 2, 3)) : Vec3(1, 0, 0));
    if (off.squaredNorm() == 0) off = e1.cross(Vec3(3, -1, 2));
    if (off.squaredNorm() > 0) {
      r = point_in_tet(p_in + off / 64.0, v[0], v[1], v[2], v[3]);
      EXPECT_FALSE(r.in_closure) << iter;
      ++out_count;
    }
    // In the plane/line but beyond the extreme corner along an in-span direction: out.
    if (shape != 2) {
      const Vec3 dir = shape == 0 ? (iter % 2 ? e1 : e2) : e1;
      int extreme = 0;
      for (int i = 1; i < 4; ++i) {
        if (dir.dot(v[i]) > dir.dot(v[extreme])) extreme = i;
      }
      r = point_in_tet(v[extreme] + dir / 128.0, v[0], v[1], v[2], v[3]);
      EXPECT_FALSE(r.in_closure) << iter;
      ++out_count;
    }
  }
  EXPECT_GT(in_count, 10000);
  EXPECT_GT(out_count, 10000);
}

TEST(PointInTet, UnitTetHandCases) {
  const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0), d(0, 0, 1);
  EXPECT_EQ(point_in_tet(Vec3(0.1, 0.1, 0.1), a, b, c, d).location, TetLocation::kInside);
  // Face 0 (opposite a) is x + y + z = 1.
  PointInTetResult r = point_in_tet(Vec3(0.25, 0.25, 0.5), a, b, c, d);
  EXPECT_EQ(r.location, TetLocation::kOnFace);
  EXPECT_EQ(r.feature, 0);
  r = point_in_tet(Vec3(0.5, 0, 0), a, b, c, d);  // edge {0, 1}
  EXPECT_EQ(r.location, TetLocation::kOnEdge);
  EXPECT_EQ(r.feature, 0);
  r = point_in_tet(Vec3(0, 0.5, 0.5), a, b, c, d);  // edge {2, 3}
  EXPECT_EQ(r.location, TetLocation::kOnEdge);
  EXPECT_EQ(r.feature, 5);
  r = point_in_tet(d, a, b, c, d);
  EXPECT_EQ(r.location, TetLocation::kOnVertex);
  EXPECT_EQ(r.feature, 3);
  EXPECT_EQ(point_in_tet(Vec3(0.5, 0.5, 0.5), a, b, c, d).location, TetLocation::kOutside);
  EXPECT_EQ(point_in_tet(Vec3(-1e-300, 0.1, 0.1), a, b, c, d).location, TetLocation::kOutside);
}

}  // namespace
}  // namespace contactlab
