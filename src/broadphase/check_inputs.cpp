// The only place the broad phase constructs its exceptions. GCC 12 at -O3 reports a false
// -Wrestrict inside the inlined message formatting of core/error.h (GCC bug 105329, std::string
// operator+ on a moved temporary); the warning is silenced for this file only, where the two
// constructors are instantiated, instead of at every throw site.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

#include "broadphase/check_inputs.h"

namespace contactlab::broadphase_detail {

void throw_input_error(const char* source, const std::string& what) {
  throw InputError(source, 0, what);
}

void throw_geometry_error(const char* source, const std::string& what) {
  throw GeometryError(source, 0, what);
}

}  // namespace contactlab::broadphase_detail
