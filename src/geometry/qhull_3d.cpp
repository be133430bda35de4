#include "qhull_3d.h"

#include <cstdio>
#include <string>

namespace contactlab::geometry_detail {
namespace {

/// One stream for Qhull's messages, opened once for the process (a FILE is locked per write, so
/// concurrent runs may share it) and kept open: nothing of it is ever read.
std::FILE* quiet_stream() {
  static std::FILE* const stream = std::fopen("/dev/null", "w");
  return stream;
}

}  // namespace

Qhull3d::Qhull3d(std::span<double> coordinates, const char* options) {
  std::FILE* quiet = quiet_stream();
  qh_zero(&qh_, quiet);
  const int count = static_cast<int>(coordinates.size() / 3);
  std::string command = std::string("qhull ") + options;
  // qh_new_qhull returns non-zero on any Qhull error (it catches its own longjmp); ismalloc False:
  // the caller owns the coordinates.
  ok_ = count >= 4 && qh_new_qhull(&qh_, 3, count, coordinates.data(), False, command.data(), nullptr, quiet) == 0;
}

Qhull3d::~Qhull3d() {
  qh_freeqhull(&qh_, !qh_ALL);
  int current_long = 0, total_long = 0;
  qh_memfreeshort(&qh_, &current_long, &total_long);
}

}  // namespace contactlab::geometry_detail
