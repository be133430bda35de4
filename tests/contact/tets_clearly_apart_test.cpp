// contact_detail::TetPairFaces::clearly_apart (src/contact/methods/sat_contacts.h) lets Growth and
// the SAT methods skip a tet pair before the SAT. It may say "apart" only when the tets are farther
// apart than the band — checked against GJK's distance (a separately tested query) and against
// append_intersection_points of the same pair, which must then find nothing, and of a fresh one,
// which measures its distances itself — and it must say it for pairs clearly
// beyond a face plane (or it would save nothing). Random tets at scales 1e-3…1e3, near the origin
// and 1e3 sizes away, placed beyond a face of the other at gaps from half the band to far away,
// touching it, sharing a corner, or overlapping.
#include "methods/sat_contacts.h"

#include "contact/method_test_support.h"
#include "contactlab/geometry/gjk_distance.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include <gtest/gtest.h>

#include <array>
#include <random>

namespace contactlab {
namespace {

using testing::PosedTestBody;
using testing::single_tet;
using Corners = std::array<Vec3, 4>;

TEST(TetsClearlyApart, OnlyForTetsFartherApartThanTheBandAndThenNoIntersectionPoint) {
  std::mt19937 rng(2611);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  std::uniform_int_distribution<int> kind_of(0, 5), face_of(0, 3);
  int said_apart = 0, clear_cases = 0, clear_found = 0;
  for (const double scale : {1e-3, 1.0, 1e3}) {
    for (const double offset : {0.0, 1e3}) {
      const double tol = 1e-9 * scale;
      for (int i = 0; i < 3000; ++i) {
        const Vec3 origin = Vec3::Constant(offset * scale);
        Corners a;
        for (Vec3& x : a) x = origin + scale * Vec3(u(rng), u(rng), u(rng));
        const PosedTestBody body_a(single_tet(a), Transform::identity(), 0);
        const Corners pa = body_a.body().tet(0);  // as oriented in the body
        // Face f of A and its outward unit normal (away from the opposite corner).
        const int f = face_of(rng);
        const auto& k = kTetFaces[static_cast<std::size_t>(f)];
        Vec3 n = (pa[k[1]] - pa[k[0]]).cross(pa[k[2]] - pa[k[0]]).normalized();
        if (n.dot(pa[f] - pa[k[0]]) > 0) n = -n;
        Corners b;
        double gap = 0.0;  // B's corners lie at least this far beyond face f's plane (cases 0–2)
        const int kind = kind_of(rng);
        switch (kind) {
          case 0:
          case 1:
          case 2: {  // beyond face f by 0.5…4 tol (kind 0), 1e-7…1e-5 of the magnitude (1), or far (2)
            const double magnitude = scale * (offset + 1.0);
            gap = kind == 0   ? tol * std::array{0.5, 1.0, 2.0, 3.0, 4.0}[i % 5]
                  : kind == 1 ? magnitude * std::array{1e-7, 3e-7, 1e-6, 1e-5}[i % 4]
                              : scale * unit(rng);
            for (Vec3& x : b) {
              const Vec3 q = pa[k[0]] + scale * Vec3(u(rng), u(rng), u(rng));
              x = q - (q - pa[k[0]]).dot(n) * n + (gap + scale * unit(rng) * (i % 2)) * n;
            }
            break;
          }
          case 3:  // a corner on face f
            for (Vec3& x : b) x = origin + scale * Vec3(u(rng), u(rng), u(rng));
            b[0] = (pa[k[0]] + pa[k[1]] + pa[k[2]]) / 3.0;
            break;
          case 4:  // a shared corner
            for (Vec3& x : b) x = origin + scale * Vec3(u(rng), u(rng), u(rng));
            b[1] = pa[2];
            break;
          default:  // random (mostly overlapping or near)
            for (Vec3& x : b) x = origin + scale * Vec3(u(rng), u(rng), u(rng));
            break;
        }
        const PosedTestBody body_b(single_tet(b), Transform::identity(), 1);
        const Corners pb = body_b.body().tet(0);
        const MethodBody method_a = body_a.body(), method_b = body_b.body();
        contact_detail::TetPairFaces pair(method_a, 0, method_b, 0);
        const bool apart = pair.clearly_apart(tol);
        if (apart) {
          ++said_apart;
          const double distance = gjk_distance(pa, pb).distance;
          EXPECT_GT(distance, tol) << "scale " << scale << " offset " << offset << " case " << i;
          std::vector<contact_detail::LabelledPoint> points;
          pair.append_intersection_points(tol, points);
          EXPECT_TRUE(points.empty()) << "scale " << scale << " offset " << offset << " case " << i;
          contact_detail::TetPairFaces fresh(method_a, 0, method_b, 0);
          fresh.append_intersection_points(tol, points);
          EXPECT_TRUE(points.empty()) << "scale " << scale << " offset " << offset << " case " << i;
        }
        // Clearly beyond: by more than twice the band and 1e-6 of the magnitude.
        const double magnitude = scale * (offset + 2.0);
        if (kind <= 2 && gap > 2.0 * tol + 1e-6 * magnitude) {
          ++clear_cases;
          clear_found += apart ? 1 : 0;
        }
      }
    }
  }
  EXPECT_GT(said_apart, 1000);
  EXPECT_EQ(clear_found, clear_cases);
  EXPECT_GT(clear_cases, 1000);
}

}  // namespace
}  // namespace contactlab
