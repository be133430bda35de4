// Ctrl-C during a long run (simulate, study): the first SIGINT only raises a flag that the run
// polls (its request's `stop`, or the step loop), so it stops cleanly between steps and the command
// decides what to write (simulate: the run so far, marked incomplete; study: nothing); the handler
// then restores the default action, so a second Ctrl-C kills at once. One flag for the whole
// program: SIGINT has one handler.
#pragma once

namespace contactlab::cli {

/// Installs the handler for its lifetime: clears the flag on construction; restores SIGINT's
/// default action on restore() or destruction — on an exception too.
class InterruptScope {
 public:
  InterruptScope();
  ~InterruptScope() { restore(); }
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  /// Back to SIGINT's default action (idempotent); the flag keeps its value.
  void restore();

  /// Whether Ctrl-C was pressed since the last scope began (async-signal-safe to poll).
  static bool requested();

 private:
  bool installed_ = true;
};

}  // namespace contactlab::cli
