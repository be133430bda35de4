// Writing a whole file atomically, shared by the io writers (internal to the io module).
#pragma once

#include <string>

namespace contactlab {

/// Writes `text` to `path` through a temporary file in the same directory and a rename, so readers
/// see either the old file or the complete new one. On failure the temporary file is removed and
/// InputError(path, 0, "cannot write: <reason>") is thrown. The file gets mode 0644.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace contactlab
