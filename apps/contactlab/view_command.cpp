// `contactlab view SCENE [--contacts FILE …] [-o DIR] [--png FILE] [--tets] [--vtp PREFIX]`:
// writes DIR/index.html — the viewer bundle (viewer/, built with npm) with the scene, its ground
// truth and the contact sets inlined, so the page works offline from a file — and optionally a
// screenshot through headless Chromium (viewer/tools/screenshot.mjs) and VTK .vtp files.
#include "commands.h"
#include "viewer_location.h"

#include "contactlab/core/error.h"
#include "contactlab/io/contacts_json.h"
#include "contactlab/io/viewer_data.h"
#include "contactlab/io/vtp_writer.h"
#include "contactlab/report/viewer_folder.h"
#include "contactlab/suite/load_scene.h"

#include <fmt/core.h>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>

extern char** environ;

namespace contactlab::cli {
namespace {

namespace fs = std::filesystem;

struct ViewArgs {
  std::string scene, output, png, vtp;
  std::vector<std::string> contacts;
  bool refined = false, tets = false;
};

/// viewer/dist's template and bundle; without them there is no page to write.
ViewerBundle load_viewer() {
  ViewerBundleRead read = read_viewer_bundle((viewer_dir() / "dist").string());
  if (!read.bundle) {
    throw std::runtime_error("cannot read " + read.unreadable +
                             " — build the viewer first (scripts/setup.sh installs npm packages; "
                             "`cmake --build --preset default` runs `npm run build` in viewer/)");
  }
  return std::move(*read.bundle);
}

/// Runs `node viewer/tools/screenshot.mjs PAGE PNG` (no shell involved).
void screenshot(const fs::path& page, const std::string& png) {
  const std::string tool = (viewer_dir() / "tools" / "screenshot.mjs").string();
  std::vector<std::string> args = {"node", tool, page.string(), png};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, "node", nullptr, nullptr, argv.data(), environ) != 0) {
    throw std::runtime_error("cannot run node for the screenshot (is Node.js installed?)");
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error("waiting for the screenshot tool failed");
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("the screenshot tool failed (see its message above); is Debian's chromium installed?");
  }
}

void run_view(const ViewArgs& args) {
  const Scene scene = load_scene(args.scene, {.refined = args.refined});
  std::vector<std::pair<std::string, ContactSet>> sets;
  for (const std::string& file : args.contacts) {
    ContactSet set = read_contacts_json(file, scene);
    std::string label = set.method.empty() ? fs::path(file).stem().string() : set.method;
    for (const auto& [existing, unused] : sets) {
      if (existing == label) label += " (" + fs::path(file).filename().string() + ")";
    }
    sets.emplace_back(label, std::move(set));
  }
  const std::string data = viewer_data_json(scene, sets, ViewerDataOptions{.include_tets = args.tets});

  fs::path dir = args.output;
  std::optional<fs::path> scratch;
  if (dir.empty()) {
    if (args.png.empty() && args.vtp.empty()) throw InputError("-o", 0, "expected -o DIR, --png FILE or --vtp PREFIX");
    if (!args.png.empty()) {
      scratch = fs::temp_directory_path() / ("contactlab-view-" + std::to_string(::getpid()));
      dir = *scratch;
    }
  }
  if (!dir.empty()) {
    const fs::path page = write_viewer_folder({.dir = dir.string(), .bundle = load_viewer(), .data_json = data});
    if (!scratch) fmt::print("wrote {}\n", page.string());
    if (!args.png.empty()) {
      screenshot(page, args.png);
      fmt::print("wrote {}\n", args.png);
    }
    if (scratch) fs::remove_all(*scratch);
  }
  if (!args.vtp.empty()) {
    write_vtp_surfaces(args.vtp + "_surfaces.vtp", scene);
    fmt::print("wrote {}_surfaces.vtp\n", args.vtp);
    for (std::size_t i = 0; i < sets.size(); ++i) {
      const std::string path = fmt::format("{}_contacts_{}.vtp", args.vtp, i);
      write_vtp_contacts(path, sets[i].second);
      fmt::print("wrote {} ({})\n", path, sets[i].first);
    }
  }
}

}  // namespace

void add_view_command(CLI::App& app) {
  auto args = std::make_shared<ViewArgs>();
  CLI::App* cmd = app.add_subcommand(
      "view", "Write a 3-D viewer page (and optionally a PNG or .vtp files) for a scene and contact sets");
  cmd->add_option("SCENE", args->scene, "built-in scene name or scene JSON path")->required();
  cmd->add_option("--contacts", args->contacts, "contacts JSON file(s) to show (docs/contacts-format.md)");
  cmd->add_option("-o,--output", args->output, "folder for index.html (created if missing)");
  cmd->add_option("--png", args->png, "render a screenshot through headless Chromium");
  cmd->add_option("--vtp", args->vtp, "also write PREFIX_surfaces.vtp and PREFIX_contacts_N.vtp for ParaView");
  cmd->add_flag("--refined", args->refined, "refined tet meshes");
  cmd->add_flag("--tets", args->tets, "include the tets (the page can show them)");
  cmd->callback([args] { run_view(*args); });
}

}  // namespace contactlab::cli
