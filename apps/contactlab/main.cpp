// contactlab command-line tool: thin subcommands over the public API.
// Exit status: 0 success; 2 bad input (the message names file, line or field); 1 internal failure;
// 130 stopped by Ctrl-C (the command's output is left in order, e.g. a run marked incomplete).
#include "commands.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/core/json_support.h"

#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>

namespace {

/// CLI11 reports an unknown command ("contactlab frobnicate", "contactlab mesh frob") as "A
/// subcommand is required". Before parsing, the leading words of the command line are matched
/// against the commands, and the first that is none of them is named, with the closest command.
void check_command_words(const CLI::App& app, int argc, char** argv) {
  const CLI::App* current = &app;
  std::string words;
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    const auto commands = current->get_subcommands([](const CLI::App*) { return true; });
    // Options (--help, --version) and the arguments of a command without subcommands are CLI11's.
    if (commands.empty() || word.empty() || word.front() == '-') return;
    const CLI::App* next = nullptr;
    std::vector<std::string_view> names;
    for (const CLI::App* command : commands) {
      names.push_back(command->get_name());
      if (command->get_name() == word) next = command;
    }
    if (!next) {
      throw contactlab::InputError("", 0,
                                   "unknown command '" + words + contactlab::quoted_excerpt(word) + "'" +
                                       contactlab::json::suggest(word, names));
    }
    words += std::string(word) + " ";
    current = next;
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"contactlab — mesh-based contact point generation and its assessment"};
  // Usage errors read like every other error (before the subcommands, which copy it).
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    return fmt::format("contactlab: error: {}\nRun with --help for more information.\n", e.what());
  });
  app.require_subcommand(1);
  app.set_version_flag("--version", "contactlab 0.1.0");
  contactlab::cli::add_mesh_commands(app);
  contactlab::cli::add_scene_commands(app);
  contactlab::cli::add_contacts_command(app);
  contactlab::cli::add_view_command(app);
  contactlab::cli::add_assess_command(app);
  contactlab::cli::add_simulate_command(app);
  contactlab::cli::add_study_command(app);
  contactlab::cli::add_fclib_command(app);
  contactlab::cli::add_ccd_command(app);
  contactlab::cli::add_demo_command(app);

  try {
    check_command_words(app, argc, argv);
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);
    return status == 0 ? 0 : 2;  // usage errors are bad input too
  } catch (const contactlab::cli::Interrupted&) {
    return 130;
  } catch (const contactlab::InputError& e) {
    fmt::print(stderr, "contactlab: error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "contactlab: internal error: {}\n", e.what());
    return 1;
  }
  return 0;
}
