// HTML text and file-name helpers of the report module (internal).
#pragma once

#include <string>
#include <vector>

namespace contactlab::report_detail {

/// `text` with &, <, >, " and ' written as character references: safe in element content and in
/// quoted attribute values.
std::string escape_html(const std::string& text);

/// A URL path segment or fragment with every byte outside [A-Za-z0-9._~-] percent-encoded.
std::string percent_encode(const std::string& text);

/// File-name stems for the report's per-case files (plots, viewer pages), one per case: a built-in
/// case keeps its name; a scene file (a path) becomes its file name without extension, with every
/// byte outside [A-Za-z0-9._-] replaced by '_'; a stem already taken gets "-2", "-3", ….
std::vector<std::string> case_file_stems(const std::vector<std::string>& cases);

}  // namespace contactlab::report_detail
