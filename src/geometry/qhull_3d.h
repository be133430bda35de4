// Private to the geometry module: one run of Qhull (libqhull_r, the reentrant C library — each run
// has its own qhT, so threads may run it at once) on 3-d points, freed when the object goes.
// Qhull's messages go to /dev/null: a failure is reported by ok() = false and handled by the
// caller as documented there (flat input, precision trouble), never printed.
#pragma once

#include <libqhull_r/qhull_ra.h>

#include <span>

namespace contactlab::geometry_detail {

class Qhull3d {
 public:
  /// Runs `qhull <options>` on the points (x, y, z of each, in order). Qhull keeps a pointer to
  /// `coordinates`: they must outlive this object.
  Qhull3d(std::span<double> coordinates, const char* options);
  ~Qhull3d();
  Qhull3d(const Qhull3d&) = delete;
  Qhull3d& operator=(const Qhull3d&) = delete;

  bool ok() const { return ok_; }
  qhT* get() { return &qh_; }
  /// Index of a vertex's point in the input.
  int point_index(const vertexT* vertex) { return qh_pointid(&qh_, vertex->point); }

 private:
  qhT qh_{};
  bool ok_ = false;
};

}  // namespace contactlab::geometry_detail
