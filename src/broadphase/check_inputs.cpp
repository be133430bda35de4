#include "check_inputs.h"

namespace contactlab::broadphase_detail {

void throw_input_error(const char* source, const std::string& what) { throw InputError(source, 0, what); }

void throw_geometry_error(const char* source, const std::string& what) { throw GeometryError(source, 0, what); }

}  // namespace contactlab::broadphase_detail
