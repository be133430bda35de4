// The rule for output paths (core/output_files.h): a new file or a regular file is written, through
// a temporary that does not outlive the call; anything else at the path — a FIFO, a symbolic link,
// a folder — is refused with an InputError naming the path and stays as it was; names of folders
// are refused; file sets appear all or none. Each case counts the folder's entries afterwards, so a
// leftover temporary fails it.
#include "contactlab/core/output_files.h"

#include "contactlab/core/error.h"
#include "core/scratch_dir.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace contactlab {
namespace {

namespace fs = std::filesystem;
using testing::ScratchDir;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void make_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

/// The message of the InputError that `write` throws ("" and a test failure if it throws none).
template <typename Write>
std::string input_error_of(Write write) {
  try {
    write();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError";
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(OutputFiles, WritesANewFileAndReplacesARegularOne) {
  const ScratchDir dir("output-files");
  const std::string path = dir.file("out.txt");
  write_file_atomically(path, "first");
  EXPECT_EQ(read_file(path), "first");
  write_file_atomically(path, "second, longer");
  EXPECT_EQ(read_file(path), "second, longer");
  struct stat info {};
  ASSERT_EQ(::stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0644u);
  EXPECT_EQ(dir.entries(), 1u);
}

TEST(OutputFiles, RefusesAFifoWithoutOpeningIt) {
  const ScratchDir dir("output-files");
  const std::string path = dir.file("fifo");
  ASSERT_EQ(::mkfifo(path.c_str(), 0644), 0);
  // Opening a FIFO for writing blocks until a reader comes: this would hang if the check opened it.
  const std::string message = input_error_of([&] { write_file_atomically(path, "text"); });
  EXPECT_TRUE(contains(message, path + ": is a FIFO")) << message;
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(path)));
  EXPECT_EQ(dir.entries(), 1u);
}

TEST(OutputFiles, RefusesASymbolicLinkAndLeavesItsTargetAlone) {
  const ScratchDir dir("output-files");
  const std::string target = dir.file("target.txt"), link = dir.file("link");
  make_file(target, "original");
  fs::create_symlink("target.txt", link);
  const std::string message = input_error_of([&] { write_file_atomically(link, "text"); });
  EXPECT_TRUE(contains(message, link + ": is a symbolic link")) << message;
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(read_file(target), "original");
  EXPECT_EQ(dir.entries(), 2u);
}

TEST(OutputFiles, RefusesAFolderAndLeavesItEmpty) {
  const ScratchDir dir("output-files");
  const std::string folder = dir.file("folder");
  fs::create_directory(folder);
  const std::string message = input_error_of([&] { write_file_atomically(folder, "text"); });
  EXPECT_TRUE(contains(message, folder + ": is a folder")) << message;
  EXPECT_TRUE(fs::is_empty(folder));
  EXPECT_EQ(dir.entries(), 1u);
}

TEST(OutputFiles, RefusesNamesThatNameAFolder) {
  const ScratchDir dir("output-files");
  EXPECT_TRUE(contains(input_error_of([] { write_file_atomically("", "text"); }), "the path is empty"));
  for (const std::string& name : {dir.file("."), dir.file(".."), dir.file("new/"), dir.path().string() + "/"}) {
    const std::string message = input_error_of([&] { write_file_atomically(name, "text"); });
    EXPECT_TRUE(contains(message, name + ": ") && contains(message, "expected a file name")) << message;
  }
  EXPECT_EQ(dir.entries(), 0u);
}

TEST(OutputFiles, RefusesAPathInAFolderThatIsMissingOrAFile) {
  const ScratchDir dir("output-files");
  const std::string message = input_error_of([&] { write_file_atomically(dir.file("missing/out.txt"), "text"); });
  EXPECT_TRUE(contains(message, "does not exist")) << message;
  make_file(dir.file("file"), "");
  const std::string under_file = input_error_of([&] { write_file_atomically(dir.file("file/out.txt"), "text"); });
  EXPECT_TRUE(contains(under_file, "is not a folder")) << under_file;
  EXPECT_EQ(dir.entries(), 1u);
}

TEST(OutputFiles, AFileSetWithOneBadTargetWritesNothing) {
  const ScratchDir dir("output-files");
  fs::create_directory(dir.file("c.txt"));
  const std::string message = input_error_of([&] {
    write_files_atomically({{dir.file("a.txt"), "a"}, {dir.file("b.txt"), "b"}, {dir.file("c.txt"), "c"}});
  });
  EXPECT_TRUE(contains(message, dir.file("c.txt") + ": is a folder")) << message;
  EXPECT_EQ(dir.entries(), 1u);  // c.txt, still a folder; no a.txt, b.txt or temporary
  write_files_atomically({{dir.file("a.txt"), "a"}, {dir.file("b.txt"), "b"}});
  EXPECT_EQ(read_file(dir.file("a.txt")) + read_file(dir.file("b.txt")), "ab");
  EXPECT_EQ(dir.entries(), 3u);
}

TEST(OutputFiles, CommitChecksTheTargetsAgain) {
  const ScratchDir dir("output-files");
  const std::string path = dir.file("out.txt");
  std::string message;
  {
    AtomicFileSet files;
    files.add(path, "text");
    ASSERT_EQ(::mkfifo(path.c_str(), 0644), 0);  // appears between the check in add and the rename
    message = input_error_of([&] { files.commit(); });
  }
  EXPECT_TRUE(contains(message, path + ": is a FIFO")) << message;
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(path)));
  EXPECT_EQ(dir.entries(), 1u);
}

TEST(OutputFiles, AnUncommittedSetRemovesItsTemporariesAndTheFoldersItMade) {
  const ScratchDir dir("output-files");
  make_file(dir.file("kept.txt"), "kept");
  {
    AtomicFileSet files;
    files.create_folder(dir.file("new/sub"));
    files.add(dir.file("new/sub/a.txt"), "a");
    files.add(dir.file("kept.txt"), "replaced");
    EXPECT_EQ(dir.entries(), 3u);  // kept.txt, its temporary, new/
  }                                // no commit: as after an exception
  EXPECT_EQ(dir.entries(), 1u);
  EXPECT_EQ(read_file(dir.file("kept.txt")), "kept");
}

TEST(OutputFiles, OutputFolders) {
  const ScratchDir dir("output-files");
  make_file(dir.file("file"), "");
  fs::create_directory(dir.file("folder"));
  fs::create_directory_symlink("folder", dir.file("link-to-folder"));
  fs::create_symlink("nothing", dir.file("dangling"));
  check_output_folder(dir.file("folder"));
  check_output_folder(dir.file("link-to-folder"));  // the files go inside; the link stays
  check_output_folder(dir.file("new/deeper"));      // can be created
  for (const std::string& name : {dir.file("file"), dir.file("dangling"), dir.file("file/sub"), std::string()}) {
    const std::string message = input_error_of([&] { check_output_folder(name); });
    EXPECT_TRUE(contains(message, "expected a folder")) << message;
  }
  EXPECT_EQ(dir.entries(), 4u);
}

}  // namespace
}  // namespace contactlab
