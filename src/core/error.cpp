#include "contactlab/core/error.h"

#include <sstream>

namespace contactlab {

// Out of line, and through a stream rather than std::string concatenation: GCC 12 at -O3 reports a
// spurious -Wrestrict inside inlined string operator+ (GCC bug 105329).
std::string InputError::format(const std::string& source, int line, const std::string& what) {
  std::ostringstream out;
  out << source;
  if (line > 0) out << ':' << line;
  if (!source.empty() || line > 0) out << ": ";
  out << what;
  return out.str();
}

}  // namespace contactlab
