// contactlab command-line tool: thin subcommands over the public API.
// Exit status: 0 success, 1 internal failure, 2 bad input (file, line or field named on stderr).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "contactlab/core/error.h"

#include <exception>

int main(int argc, char** argv) {
  CLI::App app{"contactlab — mesh-based contact point generation and its assessment"};
  app.require_subcommand(1);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  return 0;
}
