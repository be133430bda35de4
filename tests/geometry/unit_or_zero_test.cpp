// unit_or_zero against directions known exactly: Pythagorean triples (3, 4, 12 → 13) give unit
// vectors whose components are exact quotients, and the vectors without a direction give zero.
#include "contactlab/geometry/unit_or_zero.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace contactlab {
namespace {

TEST(UnitOrZero, DividesByTheLength) {
  // |(3, 4, 12)| = 13 exactly.
  const Vec3 u = unit_or_zero(Vec3(3, 4, 12));
  EXPECT_EQ(u, Vec3(3.0 / 13.0, 4.0 / 13.0, 12.0 / 13.0));
  EXPECT_EQ(unit_or_zero(Vec3(0, -2.5, 0)), Vec3(0, -1, 0));
  // A tiny but non-zero vector keeps its direction (2^-500 squared, 2^-1000, is still a normal double).
  EXPECT_EQ(unit_or_zero(Vec3(0, 0, std::ldexp(1.0, -500))), Vec3(0, 0, 1));
}

TEST(UnitOrZero, NoDirectionGivesZero) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(unit_or_zero(Vec3::Zero()), Vec3::Zero());
  EXPECT_EQ(unit_or_zero(Vec3(-0.0, 0.0, -0.0)), Vec3::Zero());
  EXPECT_EQ(unit_or_zero(Vec3(1, nan, 0)), Vec3::Zero());
  EXPECT_EQ(unit_or_zero(Vec3(inf, 0, 0)), Vec3::Zero());
  EXPECT_EQ(unit_or_zero(Vec3(-inf, inf, 1)), Vec3::Zero());
}

}  // namespace
}  // namespace contactlab
