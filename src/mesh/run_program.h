// Private helper of the mesh module: runs a program in a child process and collects what it says,
// so that an abort(), a failed assert(), a segfault or an exit() inside it ends only the child. Used
// by tetrahedralize() to isolate TetGen in the helper program contactlab-tetgen (see
// tetrahedralize.h).
//
// Why a program and not a fork() that runs a function: the child of a fork() in a process with
// other threads (oneTBB's workers, after any parallel step) holds only the forking thread, and any
// lock another thread held at that instant stays locked in it forever. glibc re-initialises
// malloc's and stdio's locks in the child, but AddressSanitizer's allocator (GCC 12's libasan has no
// fork handling) does not: CI saw `contactlab assess` hang for 600 s in a TetGen child after a
// parallel contact run. posix_spawn() starts a fresh process instead (vfork-like, no copy of the
// caller's memory), which is safe from any thread.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace contactlab::mesh_detail {

struct ProgramRun {
  std::string path;                    ///< the executable (no PATH search)
  std::vector<std::string> arguments;  ///< argv[1...]; argv[0] is `path`
  std::string input;                   ///< the program's stdin (all of it; then end of file)
  std::size_t stderr_limit = 4096;     ///< keep only this many last bytes of its stderr
};

struct ChildOutcome {
  enum class End { exited, signalled, unknown };  ///< unknown: SIGCHLD is ignored (auto-reaped)
  End end = End::exited;
  int exit_status = 0;      ///< when exited
  int signal = 0;           ///< when signalled
  std::string data;         ///< everything the program wrote to its file descriptor 3
  std::string stderr_tail;  ///< the last `stderr_limit` bytes the program wrote to its stderr
};

/// Starts `run.path` with stdin reading `run.input` (a memfd, so the caller never blocks on it),
/// file descriptor 3 and stderr as pipes read by the caller, stdout shared with the caller (flushed
/// first, so that output is not repeated out of order), the default action for SIGABRT, SIGSEGV,
/// SIGBUS, SIGFPE, SIGILL and SIGPIPE and no blocked signals. Reads both pipes until the program
/// closes them (poll(), EINTR-safe), reaps it and returns how it ended. All descriptors are
/// O_CLOEXEC in the caller and closed on every path; if reading throws (e.g. bad_alloc), the child
/// is killed and reaped. The caller never writes to a pipe, so it cannot get SIGPIPE.
/// A program that cannot be started, or a pipe/memfd failure: std::system_error naming `path`.
ChildOutcome run_program(const ProgramRun& run);

/// "signal 6, SIGABRT" (number and name; the name is omitted for unusual signals).
std::string describe_signal(int signal);

}  // namespace contactlab::mesh_detail
