#include "contactlab/core/output_files.h"

#include "contactlab/core/error.h"

#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

constexpr const char* kExpectedFile = "expected a regular file or a new file name";
constexpr const char* kExpectedFolder = "expected a folder that exists or can be created";

/// InputError(path, 0, "WHAT (REASON); EXPECTED") with REASON the text of errno `error`.
InputError error_with_reason(const std::string& path, const std::string& what, int error, const std::string& expected) {
  return InputError(path, 0, what + " (" + std::strerror(error) + "); " + expected);
}

/// The folder a file at `path` goes in: its parent, or "." for a bare name.
std::string folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

/// What a file of this type is, for "PATH: is <kind>".
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "is a folder";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "is a character device";
  if (S_ISBLK(mode)) return "is a block device";
  if (S_ISSOCK(mode)) return "is a socket";
  return "is not a regular file";
}

/// Throws unless the folder a new file at `path` goes in exists and is a folder.
void check_folder_of(const std::string& path) {
  const std::string folder = folder_of(path);
  struct stat info {};
  if (::stat(folder.c_str(), &info) != 0) {
    const int error = errno;
    if (error == ENOENT) {
      throw InputError(path, 0, "the folder '" + folder + "' does not exist; expected an existing folder");
    }
    if (error != ENOTDIR) {
      throw error_with_reason(path, "cannot use the folder '" + folder + "'", error, "expected an existing folder");
    }
  }
  // ENOTDIR: a part of the folder's path is a file.
  if (!S_ISDIR(info.st_mode))
    throw InputError(path, 0, "'" + folder + "' is not a folder; expected an existing folder");
}

/// Throws unless what is at `path` now may be replaced: nothing, or a regular file.
void check_replaceable(const std::string& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) {
    const int error = errno;
    if (error == ENOENT || error == ENOTDIR) return check_folder_of(path);
    throw error_with_reason(path, "cannot use the path", error, kExpectedFile);
  }
  if (S_ISREG(info.st_mode)) return;
  // A link is refused rather than written through. Writing through would replace whatever file the
  // link points to — as root, `-o /tmp/x` with /tmp/x a link planted by anyone to /etc/passwd would
  // replace /etc/passwd — and replacing the link itself (what a plain rename does) silently leaves
  // the file the user meant unchanged. Naming the target is unambiguous and costs the user nothing.
  if (S_ISLNK(info.st_mode)) {
    const std::string instead = " (links are not followed: name the file it points to instead)";
    throw InputError(path, 0, std::string("is a symbolic link; ") + kExpectedFile + instead);
  }
  throw InputError(path, 0, std::string(kind_of(info.st_mode)) + "; " + kExpectedFile);
}

/// Writes all of `text` to `fd`; returns 0 or the errno of the failure.
int write_all(int fd, std::string_view text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    if (n == 0) return EIO;
    written += static_cast<std::size_t>(n);
  }
  return 0;
}

/// Writes `text` to a new file beside `target` (mkstemp: TARGET.XXXXXX) and returns its path; on
/// failure removes it and throws InputError naming `target`.
std::string write_temporary(const std::string& target, std::string_view text) {
  std::string temporary = target + ".XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) {
    const int error = errno;
    throw error_with_reason(target, "cannot create a file in the folder '" + folder_of(target) + "'", error,
                            "expected a writable folder");
  }
  int error = write_all(fd, text);
  // mkstemp creates the file 0600; contactlab's outputs are ordinary documents.
  if (error == 0 && ::fchmod(fd, 0644) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    ::unlink(temporary.c_str());
    throw error_with_reason(target, "cannot write", error, "expected a writable folder with room for the file");
  }
  return temporary;
}

}  // namespace

void check_file_name(const std::string& path) {
  if (path.empty()) throw InputError("''", 0, "the path is empty; expected a file name");
  if (path.back() == '/') throw InputError(path, 0, "ends in '/', which names a folder; expected a file name");
  const std::string last = fs::path(path).filename().string();
  if (last == "." || last == "..") throw InputError(path, 0, "names a folder; expected a file name");
}

void check_output_file(const std::string& path) {
  check_file_name(path);
  check_replaceable(path);
}

void check_output_folder(const std::string& dir) {
  if (dir.empty()) throw InputError("''", 0, "the path is empty; expected a folder name");
  std::error_code error;
  // status follows links: a link to a folder is a folder here, the files go inside it.
  const fs::file_status status = fs::status(dir, error);
  if (fs::exists(status)) {
    if (!fs::is_directory(status)) {
      throw InputError(dir, 0, "exists and is not a folder; expected a folder (created if missing)");
    }
    if (::access(dir.c_str(), W_OK) != 0) {
      const int reason = errno;
      throw error_with_reason(dir, "the folder is not writable", reason, "expected a writable folder");
    }
    return;
  }
  if (fs::is_symlink(fs::symlink_status(dir, error))) {
    throw InputError(dir, 0, "is a symbolic link to nothing; expected a folder (created if missing)");
  }
  fs::path ancestor = fs::absolute(dir, error).parent_path();
  while (!ancestor.empty() && !fs::exists(ancestor, error) && ancestor != ancestor.parent_path()) {
    ancestor = ancestor.parent_path();
  }
  if (!fs::is_directory(ancestor, error) || ::access(ancestor.c_str(), W_OK) != 0) {
    throw InputError(
        dir, 0, "cannot create the folder: '" + ancestor.string() + "' is not a writable folder; " + kExpectedFolder);
  }
}

AtomicFileSet::~AtomicFileSet() {
  if (committed_) return;
  for (const Staged& file : staged_) {
    if (!file.renamed) ::unlink(file.temporary.c_str());
  }
  // Innermost first; rmdir removes only empty folders, so nothing that was put there meanwhile.
  for (auto it = created_folders_.rbegin(); it != created_folders_.rend(); ++it) ::rmdir(it->c_str());
}

void AtomicFileSet::create_folder(const std::string& dir) {
  check_output_folder(dir);
  std::vector<fs::path> missing;
  std::error_code error;
  for (fs::path p = fs::path(dir); !p.empty() && !fs::exists(p, error); p = p.parent_path()) {
    missing.push_back(p);
    if (p == p.parent_path()) break;
  }
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    if (::mkdir(it->c_str(), 0777) == 0) {
      created_folders_.push_back(it->string());
    } else if (const int reason = errno; reason != EEXIST || !fs::is_directory(*it, error)) {
      throw error_with_reason(dir, "cannot create the folder '" + it->string() + "'", reason, kExpectedFolder);
    }
  }
}

void AtomicFileSet::add(const std::string& path, std::string_view text) {
  check_output_file(path);
  staged_.push_back({path, write_temporary(path, text)});
}

void AtomicFileSet::commit() {
  // Again, now that everything is written: the first check may be minutes old (a report), and
  // something may have appeared at a target meanwhile. rename() would replace it, whatever it is.
  for (const Staged& file : staged_) check_replaceable(file.target);
  for (Staged& file : staged_) {
    if (std::rename(file.temporary.c_str(), file.target.c_str()) != 0) {
      const int error = errno;
      throw error_with_reason(file.target, "cannot replace the file", error, kExpectedFile);
    }
    file.renamed = true;
  }
  committed_ = true;
}

void write_file_atomically(const std::string& path, std::string_view text) {
  AtomicFileSet file;
  file.add(path, text);
  file.commit();
}

void write_files_atomically(const std::vector<OutputFile>& files) {
  for (const OutputFile& file : files) check_output_file(file.path);
  AtomicFileSet set;
  for (const OutputFile& file : files) set.add(file.path, file.text);
  set.commit();
}

}  // namespace contactlab
