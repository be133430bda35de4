// contactlab command-line tool: thin subcommands over the public API.
// Exit status: 0 success; 2 bad input (the message names file, line or field); 1 internal failure.
#include "commands.h"

#include "contactlab/core/error.h"

#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>

int main(int argc, char** argv) {
  CLI::App app{"contactlab — mesh-based contact point generation and its assessment"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "contactlab 0.1.0");
  contactlab::cli::add_mesh_commands(app);
  contactlab::cli::add_scene_commands(app);
  contactlab::cli::add_contacts_command(app);
  contactlab::cli::add_view_command(app);
  contactlab::cli::add_assess_command(app);
  contactlab::cli::add_demo_command(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);
    return status == 0 ? 0 : 2;  // usage errors are bad input too
  } catch (const contactlab::InputError& e) {
    fmt::print(stderr, "contactlab: error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "contactlab: internal error: {}\n", e.what());
    return 1;
  }
  return 0;
}
