#include "interrupt.h"

#include <csignal>

namespace contactlab::cli {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_interrupt(int) {
  g_interrupted = 1;
  std::signal(SIGINT, SIG_DFL);
}

}  // namespace

InterruptScope::InterruptScope() {
  g_interrupted = 0;
  std::signal(SIGINT, on_interrupt);
}

void InterruptScope::restore() {
  if (!installed_) return;
  std::signal(SIGINT, SIG_DFL);
  installed_ = false;
}

bool InterruptScope::requested() { return g_interrupted != 0; }

}  // namespace contactlab::cli
