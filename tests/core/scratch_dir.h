// A folder of its own for one test, under the system's temporary folder, removed afterwards: for
// the tests of writers (io, report, scene). Test support, shared by every module's tests.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <iterator>
#include <optional>
#include <string>
#include <system_error>

namespace contactlab::testing {

class ScratchDir {
 public:
  /// <temp>/contactlab-<tag>-<pid>-<test suite>.<test>: emptied first, then created unless `create`
  /// is false (for tests of writers that create their folder). Each test runs in its own process
  /// under ctest, and the test's name keeps folders of one process apart.
  explicit ScratchDir(const std::string& tag, bool create = true) {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string test = info == nullptr ? "none" : std::string(info->test_suite_name()) + "." + info->name();
    path_ =
        std::filesystem::temp_directory_path() / ("contactlab-" + tag + "-" + std::to_string(::getpid()) + "-" + test);
    std::filesystem::remove_all(path_);
    if (create) std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// The path of `name` in the folder, as a string.
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  /// How many entries the folder holds (files and folders, not recursive).
  std::size_t entries() const {
    return static_cast<std::size_t>(
        std::distance(std::filesystem::directory_iterator(path_), std::filesystem::directory_iterator()));
  }

 private:
  std::filesystem::path path_;
};

/// The folder of the running test for file-at-a-time helpers (`scratch("x.obj")`) that have no
/// fixture to hold a ScratchDir: made on the first call in a test, the previous test's removed
/// then, and the last one when the program ends.
inline const ScratchDir& current_test_dir(const std::string& tag) {
  static std::optional<ScratchDir> dir;
  static const ::testing::TestInfo* owner = nullptr;
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  if (!dir || owner != info) {
    dir.reset();
    dir.emplace(tag);
    owner = info;
  }
  return *dir;
}

}  // namespace contactlab::testing
