#include "fuzz_checks.h"
#include "fuzz_target.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

namespace contactlab::fuzz {

namespace {
FindingHandler g_handler = nullptr;
}  // namespace

const char* finding_name(FindingKind kind) {
  switch (kind) {
    case FindingKind::kNaN:
      return "nan";
    case FindingKind::kInvariant:
      return "invariant";
    case FindingKind::kException:
      return "exception";
  }
  return "?";
}

Outcome& outcome() {
  static Outcome current = Outcome::kSkipped;
  return current;
}

void set_finding_handler(FindingHandler handler) { g_handler = handler; }

void report(FindingKind kind, std::string_view message) {
  if (g_handler) {
    g_handler(kind, message);
    return;
  }
  std::fprintf(stderr, "fuzz finding (%s): %.*s\n", finding_name(kind), static_cast<int>(message.size()),
               message.data());
  std::abort();
}

const std::string& scratch_dir() {
  static const std::string dir = [] {
    namespace fs = std::filesystem;
    fs::path path;
    if (const char* set = std::getenv("CONTACTLAB_FUZZ_SCRATCH"); set && *set) {
      path = set;
    } else {
      fs::path root = "/dev/shm";
      std::error_code error;
      if (!fs::is_directory(root, error) || ::access(root.c_str(), W_OK) != 0) {
        const char* tmp = std::getenv("TMPDIR");
        root = tmp && *tmp ? tmp : "/tmp";
      }
      path = root / ("contactlab-fuzz-" + std::to_string(::getpid()));
    }
    fs::create_directories(path);
    return fs::absolute(path).string();
  }();
  return dir;
}

std::string write_scratch_file(const std::string& name, std::string_view bytes) {
  const std::string path = scratch_dir() + "/" + name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("fuzz: cannot write " + path);
  return path;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<std::string> files_in(const std::string& folder, const std::vector<std::string>& extensions) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  std::error_code error;
  for (auto it = fs::recursive_directory_iterator(folder, error); !error && it != fs::recursive_directory_iterator();
       it.increment(error)) {
    if (!it->is_regular_file()) continue;
    const std::string name = it->path().string();
    for (const std::string& ext : extensions) {
      if (name.size() >= ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0) {
        files.push_back(name);
        break;
      }
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace contactlab::fuzz
