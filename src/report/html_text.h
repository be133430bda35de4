// HTML text helpers of the report module (internal).
#pragma once

#include <string>

namespace contactlab::report_detail {

/// `text` with &, <, >, " and ' written as character references: safe in element content and in
/// quoted attribute values.
std::string escape_html(const std::string& text);

/// A URL path segment or fragment with every byte outside [A-Za-z0-9._~-] percent-encoded.
std::string percent_encode(const std::string& text);

}  // namespace contactlab::report_detail
