#include "case_names.h"

#include "contactlab/core/error.h"
#include "contactlab/suite/builtin_scenes.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace contactlab::assess_detail {

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

std::vector<std::string> resolve(const std::vector<std::string>& requested, const std::vector<std::string>& known,
                                 const std::string& what) {
  if (requested.empty()) return known;
  std::set<std::string> seen;
  for (const std::string& name : requested) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      throw InputError("", 0, "unknown " + what + " '" + name + "': expected one of " + join(known));
    }
    if (!seen.insert(name).second) throw InputError("", 0, what + " '" + name + "' is listed twice");
  }
  return requested;
}

void check_distinct_cases(const std::vector<std::string>& cases) {
  std::set<std::string> seen;
  std::vector<std::string> files;
  for (const std::string& name : cases) {
    if (!seen.insert(name).second) throw InputError("", 0, "case '" + name + "' is listed twice");
    std::error_code error;
    const bool is_file = std::filesystem::is_regular_file(name, error);
    if (is_builtin_scene(name)) {
      if (is_file) {
        throw InputError("", 0,
                         "case '" + name + "' is both the built-in scene '" + name + "' and the scene file '" + name +
                             "' in the working folder: write './" + name + "' for the file, or rename it");
      }
      continue;
    }
    if (!is_file) continue;
    for (const std::string& other : files) {
      if (std::filesystem::equivalent(other, name, error)) {
        throw InputError("", 0, "cases '" + other + "' and '" + name + "' are the same scene file");
      }
    }
    files.push_back(name);
  }
}

}  // namespace contactlab::assess_detail
