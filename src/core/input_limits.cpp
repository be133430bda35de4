#include "contactlab/core/input_limits.h"

#include <cstdio>

namespace contactlab {

std::string quoted_excerpt(std::string_view text, std::size_t max_length) {
  std::string out;
  const std::size_t shown = text.size() <= max_length ? text.size() : max_length;
  for (std::size_t i = 0; i < shown; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte >= 0x7f) {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", byte);
      out += hex;
    } else {
      out += static_cast<char>(byte);
    }
  }
  if (shown < text.size()) out += "…(" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace contactlab
