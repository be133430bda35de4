// Private helper of the mesh module: runs a piece of code in a forked child process (POSIX fork and
// pipes), so that an abort(), a failed assert(), a segfault or an exit() inside it ends only the
// child. Used by tetrahedralize() to isolate TetGen (see tetrahedralize.h).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace contactlab::mesh_detail {

/// What the child sends back: `write` appends bytes to the result stream read by the parent.
/// It returns false when the parent is gone (the child should then stop).
using ChildWriter = std::function<bool(std::string_view bytes)>;

struct ChildOutcome {
  enum class End { exited, signalled, unknown };  ///< unknown: SIGCHLD is ignored (auto-reaped)
  End end = End::exited;
  int exit_status = 0;      ///< when exited
  int signal = 0;           ///< when signalled
  std::string data;         ///< everything the child wrote through the ChildWriter
  std::string stderr_tail;  ///< the last `stderr_limit` bytes the child wrote to its stderr
};

/// Forks; the child runs `work` with its stderr redirected into a pipe, the default action for
/// SIGABRT/SIGSEGV/SIGBUS/SIGFPE/SIGILL, and ends with _exit(0) (no atexit handlers, no stdio
/// flush but stdout's, no LeakSanitizer run) — or _exit(70) if `work` throws, after writing what()
/// to its stderr. The parent reads both pipes until the child closes them (poll(), EINTR-safe),
/// reaps it and returns what happened. All pipe ends are O_CLOEXEC and closed on every path; if
/// the parent's reading throws (e.g. bad_alloc), the child is killed and reaped. The parent never
/// writes to a pipe, so it cannot get SIGPIPE. Pipe or fork failure: std::system_error.
///
/// The child of a multi-threaded process holds only the calling thread; `work` must not need
/// locks that other threads may have held at the fork (glibc re-initialises malloc's and stdio's).
/// stdout is flushed before the fork so that the child's flush cannot repeat buffered output.
ChildOutcome run_in_child_process(const std::function<void(const ChildWriter&)>& work, std::size_t stderr_limit = 4096);

/// "signal 6, SIGABRT" (number and name; the name is omitted for unusual signals).
std::string describe_signal(int signal);

}  // namespace contactlab::mesh_detail
