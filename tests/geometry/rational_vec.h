// Test support: 3-vectors of exact rationals (GMP) for the geometry tests' brute-force oracles —
// a double input converted exactly, and the few operations those oracles need, all exact.
#pragma once

#include "contactlab/core/types.h"

#include <gmpxx.h>

namespace contactlab::testing {

using Q = mpq_class;
struct QVec {
  Q x, y, z;
};
inline QVec exact(const Vec3& v) { return {Q(v.x()), Q(v.y()), Q(v.z())}; }
inline QVec sub(const QVec& a, const QVec& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline QVec cross(const QVec& a, const QVec& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline Q dot(const QVec& a, const QVec& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline bool operator==(const QVec& a, const QVec& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
/// The nearest doubles.
inline Vec3 to_double(const QVec& v) { return {v.x.get_d(), v.y.get_d(), v.z.get_d()}; }

}  // namespace contactlab::testing
