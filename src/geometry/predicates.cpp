#include "contactlab/geometry/predicates.h"

#include <tetgen.h>

#include <mutex>

// libtet exports Shewchuk's orient2d (predicates.cxx) without declaring it in tetgen.h.
REAL orient2d(REAL* pa, REAL* pb, REAL* pc);

namespace contactlab {
namespace {

// TetGen's exactinit() sets the machine epsilon and error bounds used by the adaptive predicates.
// Its optional *static* filter is tuned to a bounding box given at init time and would be wrong
// for coordinates outside it, so it is disabled (nofilter = 1): we keep Shewchuk's dynamic filters,
// which are valid for any input. Called once, thread-safely.
void ensure_initialized() {
  static std::once_flag once;
  std::call_once(once, [] { exactinit(/*verbose=*/0, /*noexact=*/0, /*nofilter=*/1, 1.0, 1.0, 1.0); });
}

}  // namespace

double orient2d(const Vec2& a, const Vec2& b, const Vec2& c) {
  ensure_initialized();
  double pa[2] = {a.x(), a.y()}, pb[2] = {b.x(), b.y()}, pc[2] = {c.x(), c.y()};
  return ::orient2d(pa, pb, pc);
}

double orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  ensure_initialized();
  double pa[3] = {a.x(), a.y(), a.z()}, pb[3] = {b.x(), b.y(), b.z()};
  double pc[3] = {c.x(), c.y(), c.z()}, pd[3] = {d.x(), d.y(), d.z()};
  return ::orient3d(pa, pb, pc, pd);
}

int orient2d_sign(const Vec2& a, const Vec2& b, const Vec2& c) {
  double v = orient2d(a, b, c);
  return (v > 0) - (v < 0);
}

bool exactly_collinear(const Vec3& a, const Vec3& b, const Vec3& c) {
  for (int drop = 0; drop < 3; ++drop) {
    const int i = (drop + 1) % 3, j = (drop + 2) % 3;
    if (orient2d_sign(Vec2(a[i], a[j]), Vec2(b[i], b[j]), Vec2(c[i], c[j])) != 0) return false;
  }
  return true;
}

int signed_volume_sign(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  // Shewchuk's orient3d(a,b,c,d) = (a−d)·((b−d)×(c−d)), which is −(b−a)·((c−a)×(d−a)).
  double v = orient3d(a, b, c, d);
  return (v < 0) - (v > 0);
}

}  // namespace contactlab
