// Progress on stderr for the long-running subcommands (assess, simulate): one line per update,
// redrawn in place on a terminal, one line each otherwise (logs keep them all).
#pragma once

#include <fmt/core.h>

#include <cstdio>
#include <string>

#include <unistd.h>

namespace contactlab::cli {

class Progress {
 public:
  Progress() : terminal_(::isatty(STDERR_FILENO) == 1) {}
  ~Progress() { finish(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool terminal() const { return terminal_; }

  void line(const std::string& text) {
    if (terminal_) {
      fmt::print(stderr, "\r\x1b[K{}", text);
      open_ = true;
    } else {
      fmt::print(stderr, "{}\n", text);
    }
    std::fflush(stderr);
  }
  void finish() {
    if (open_) fmt::print(stderr, "\n");
    open_ = false;
  }

 private:
  bool terminal_;
  bool open_ = false;
};

}  // namespace contactlab::cli
