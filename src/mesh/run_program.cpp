#include "run_program.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string_view>
#include <system_error>
#include <utility>

extern char** environ;

namespace contactlab::mesh_detail {
namespace {

[[noreturn]] void throw_errno(int error, const std::string& what) {
  throw std::system_error(error, std::generic_category(), what);
}

// Owns one file descriptor.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Fd& operator=(Fd&&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);  // close() is not retried on EINTR (Linux releases the fd anyway)
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

// Descriptors the child's dup2()s cannot clobber: each is moved to a number ≥ 10 (close-on-exec),
// so that making one of them the child's 0, 2 or 3 never overwrites another before it is used.
constexpr int kFirstHighFd = 10;
void move_high(Fd& fd, const std::string& what) {
  if (fd.get() >= kFirstHighFd) return;
  const int high = ::fcntl(fd.get(), F_DUPFD_CLOEXEC, kFirstHighFd);
  if (high < 0) throw_errno(errno, what + ": fcntl");
  fd.reset(high);
}

void make_pipe(Fd& read_end, Fd& write_end, const std::string& what) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw_errno(errno, what + ": pipe2");
  read_end.reset(fds[0]);
  write_end.reset(fds[1]);
  move_high(read_end, what);
  move_high(write_end, what);
}

// The input as a memory file, positioned at its start: the child reads it at its own pace and the
// caller never blocks writing to it (nor gets SIGPIPE when the child ends early).
Fd input_file(const std::string& input, const std::string& what) {
  Fd fd(::memfd_create("contactlab-program-input", MFD_CLOEXEC));
  if (fd.get() < 0) throw_errno(errno, what + ": memfd_create");
  std::string_view rest = input;
  while (!rest.empty()) {
    const ssize_t n = ::write(fd.get(), rest.data(), rest.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_errno(errno, what + ": writing its input");
    }
    rest.remove_prefix(static_cast<std::size_t>(n));
  }
  if (::lseek(fd.get(), 0, SEEK_SET) != 0) throw_errno(errno, what + ": lseek");
  move_high(fd, what);
  return fd;
}

// posix_spawn's file actions and attributes, destroyed on every path.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
};

}  // namespace

std::string describe_signal(int signal) {
  const char* name = nullptr;
  switch (signal) {
    case SIGABRT:
      name = "SIGABRT";
      break;
    case SIGSEGV:
      name = "SIGSEGV";
      break;
    case SIGBUS:
      name = "SIGBUS";
      break;
    case SIGFPE:
      name = "SIGFPE";
      break;
    case SIGILL:
      name = "SIGILL";
      break;
    case SIGKILL:
      name = "SIGKILL";
      break;
    case SIGTERM:
      name = "SIGTERM";
      break;
    case SIGPIPE:
      name = "SIGPIPE";
      break;
    default:
      break;
  }
  std::string text = "signal " + std::to_string(signal);
  if (name != nullptr) text += std::string(", ") + name;
  return text;
}

ChildOutcome run_program(const ProgramRun& run) {
  const std::string what = "running " + run.path;
  Fd input = input_file(run.input, what);
  Fd data_read, data_write, err_read, err_write;
  make_pipe(data_read, data_write, what);
  make_pipe(err_read, err_write, what);

  SpawnSetup setup;
  posix_spawn_file_actions_adddup2(&setup.actions, input.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&setup.actions, err_write.get(), STDERR_FILENO);
  posix_spawn_file_actions_adddup2(&setup.actions, data_write.get(), 3);
  // Crash signals end the child with their default action (also where the caller installed
  // handlers or ignores them, e.g. a sanitizer's or a crash reporter's), and none is blocked.
  sigset_t defaults, none;
  sigemptyset(&defaults);
  for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGPIPE}) sigaddset(&defaults, sig);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&setup.attributes, &defaults);
  posix_spawnattr_setsigmask(&setup.attributes, &none);
  posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<std::string> args;
  args.reserve(run.arguments.size() + 1);
  args.push_back(run.path);
  args.insert(args.end(), run.arguments.begin(), run.arguments.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  std::fflush(stdout);
  pid_t pid = 0;
  if (const int error = ::posix_spawn(&pid, run.path.c_str(), &setup.actions, &setup.attributes, argv.data(), environ);
      error != 0) {
    throw_errno(error, "cannot start " + run.path);
  }

  // Until the child is reaped, an exception kills and reaps it (no zombie).
  struct Reaper {
    pid_t pid;
    bool reaped = false;
    ~Reaper() {
      if (reaped) return;
      ::kill(pid, SIGKILL);
      int status = 0;
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    }
  } reaper{pid};
  input.reset();
  data_write.reset();  // the child holds the write ends now: end of file when it ends
  err_write.reset();

  ChildOutcome outcome;
  std::string err;
  char buffer[65536];
  bool data_open = true, err_open = true;
  while (data_open || err_open) {
    pollfd fds[2];
    nfds_t count = 0;
    if (data_open) fds[count++] = {data_read.get(), POLLIN, 0};
    if (err_open) fds[count++] = {err_read.get(), POLLIN, 0};
    if (::poll(fds, count, -1) < 0) {
      if (errno == EINTR) continue;
      throw_errno(errno, what + ": poll");
    }
    for (nfds_t i = 0; i < count; ++i) {
      if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      const bool is_data = fds[i].fd == data_read.get();
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n < 0) {
        if (errno == EINTR || errno == EAGAIN) continue;
        throw_errno(errno, what + ": read");
      }
      if (n == 0) {
        (is_data ? data_open : err_open) = false;
        (is_data ? data_read : err_read).reset();
        continue;
      }
      if (is_data) {
        outcome.data.append(buffer, static_cast<std::size_t>(n));
      } else {
        err.append(buffer, static_cast<std::size_t>(n));
        if (err.size() > 2 * run.stderr_limit) err.erase(0, err.size() - run.stderr_limit);
      }
    }
  }
  if (err.size() > run.stderr_limit) err.erase(0, err.size() - run.stderr_limit);
  outcome.stderr_tail = std::move(err);

  int status = 0;
  pid_t waited = 0;
  while ((waited = ::waitpid(pid, &status, 0)) < 0 && errno == EINTR) {}
  reaper.reaped = true;
  if (waited < 0) {
    // ECHILD: the process ignores SIGCHLD, so the kernel reaped the child and its status is lost.
    outcome.end = ChildOutcome::End::unknown;
  } else if (WIFSIGNALED(status)) {
    outcome.end = ChildOutcome::End::signalled;
    outcome.signal = WTERMSIG(status);
  } else {
    outcome.end = ChildOutcome::End::exited;
    outcome.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  return outcome;
}

}  // namespace contactlab::mesh_detail
