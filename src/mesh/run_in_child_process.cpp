#include "run_in_child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <system_error>
#include <utility>

namespace contactlab::mesh_detail {
namespace {

[[noreturn]] void throw_errno(const char* what) { throw std::system_error(errno, std::generic_category(), what); }

// Owns one file descriptor.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);  // close() is not retried on EINTR (Linux releases the fd anyway)
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

// Writes all of `bytes` to `fd`, retrying partial writes and EINTR; false on any other error.
bool write_all(int fd, const char* bytes, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, bytes, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

[[noreturn]] void child_main(int data_fd, int err_fd, const std::function<void(const ChildWriter&)>& work) {
  // Crash signals end the child with their default action (also where the parent installed
  // handlers, e.g. a sanitizer's or a crash reporter's), and none of them is blocked.
  for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGPIPE}) ::signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  while (::dup2(err_fd, STDERR_FILENO) < 0 && errno == EINTR) {}
  int status = 0;
  try {
    const ChildWriter writer = [data_fd](std::string_view bytes) {
      return write_all(data_fd, bytes.data(), bytes.size());
    };
    work(writer);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    status = 70;
  } catch (...) {
    std::fprintf(stderr, "unknown exception\n");
    status = 70;
  }
  std::fflush(stdout);  // e.g. TetGen's verbose output ('V')
  ::_exit(status);
}

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

ChildOutcome run_in_child_process(const std::function<void(const ChildWriter&)>& work, std::size_t stderr_limit) {
  int data_fds[2], err_fds[2];
  if (::pipe2(data_fds, O_CLOEXEC) != 0) throw_errno("run_in_child_process: pipe2");
  Fd data_read(data_fds[0]), data_write(data_fds[1]);
  if (::pipe2(err_fds, O_CLOEXEC) != 0) throw_errno("run_in_child_process: pipe2");
  Fd err_read(err_fds[0]), err_write(err_fds[1]);

  std::fflush(stdout);
  const pid_t pid = ::fork();
  if (pid < 0) throw_errno("run_in_child_process: fork");
  if (pid == 0) {
    ::close(data_read.get());
    ::close(err_read.get());
    child_main(data_write.get(), err_write.get(), work);
  }

  // Parent. Until the child is reaped, an exception kills and reaps it (no zombie).
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
  data_write.reset();  // the child holds the write ends now: EOF when it ends
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
      throw_errno("run_in_child_process: poll");
    }
    for (nfds_t i = 0; i < count; ++i) {
      if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      const bool is_data = fds[i].fd == data_read.get();
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n < 0) {
        if (errno == EINTR || errno == EAGAIN) continue;
        throw_errno("run_in_child_process: read");
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
        if (err.size() > 2 * stderr_limit) err.erase(0, err.size() - stderr_limit);
      }
    }
  }
  if (err.size() > stderr_limit) err.erase(0, err.size() - stderr_limit);
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
