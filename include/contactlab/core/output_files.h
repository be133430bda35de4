// Output paths: the one rule every writer of contactlab follows (docs/errors-and-limits.md,
// "Output paths"). A file is written to a temporary beside its target and renamed into place, so a
// reader sees the old file or the complete new one, and the rename only ever replaces a regular
// file: a path that exists and is a folder, a FIFO, a device, a socket or a symbolic link is refused
// with an InputError naming it, before anything is written. Files that belong together (a TetGen
// triple, a report folder) appear all or none (AtomicFileSet).
//
// It lives in core, below every module that writes (mesh, scene, io, report), so that there is one
// rule and not one per module.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace contactlab {

/// Throws InputError unless `path` can name a file: not empty, not ending in '/', and its last
/// component not "." or ".." (all of which name a folder).
void check_file_name(const std::string& path);

/// Throws InputError(path, 0, "<what it is>; expected …") unless a file may be written at `path`:
/// check_file_name; `path` does not exist or is a regular file; its folder exists. The check uses
/// lstat: a symbolic link is refused, not followed. Never opens `path` (a FIFO must not block).
void check_output_file(const std::string& path);

/// Throws InputError(dir, 0, …) unless `dir` may receive output files: not empty; an existing,
/// writable folder (a link to a folder is fine: files go inside it and the link stays), or absent
/// with a writable folder as its nearest existing ancestor, so that it can be created.
void check_output_folder(const std::string& dir);

/// Files written all or none. add() checks each target (check_output_file) and writes its text to a
/// new temporary in the target's folder (TARGET.XXXXXX, mode 0644); commit() checks every target
/// again, just before the renames, and renames each temporary onto its target. A set destroyed
/// without a successful commit — an error on the way, an exception — removes its temporaries and the
/// folders create_folder made, so the user's folders look as they did before.
///
/// Once every target has passed the second check a rename can only fail through a concurrent change
/// of the folder; the files renamed before it then stay (there is no undoing a rename), the others
/// are removed.
class AtomicFileSet {
 public:
  AtomicFileSet() = default;
  ~AtomicFileSet();
  AtomicFileSet(const AtomicFileSet&) = delete;
  AtomicFileSet& operator=(const AtomicFileSet&) = delete;

  /// check_output_folder(dir), then creates `dir` and its missing parents.
  void create_folder(const std::string& dir);
  /// check_output_file(path), then writes `text` to a temporary beside `path`.
  void add(const std::string& path, std::string_view text);
  /// Checks every target again and renames the temporaries into place, in the order added.
  void commit();

 private:
  struct Staged {
    std::string target, temporary;
    bool renamed = false;
  };
  std::vector<Staged> staged_;
  std::vector<std::string> created_folders_;
  bool committed_ = false;
};

/// `text` written to `path` as a set of one file (AtomicFileSet). Throws InputError naming `path`.
void write_file_atomically(const std::string& path, std::string_view text);

/// One file of write_files_atomically.
struct OutputFile {
  std::string path;
  std::string text;
};

/// Checks every path first (check_output_file), so that a bad one writes nothing at all, then writes
/// the files all or none (AtomicFileSet).
void write_files_atomically(const std::vector<OutputFile>& files);

}  // namespace contactlab
