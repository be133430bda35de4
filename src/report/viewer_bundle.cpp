// read_viewer_bundle (viewer_page.h): the two files of viewer/dist, read whole and as bytes.
#include "contactlab/report/viewer_page.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace contactlab {
namespace {

std::optional<std::string> read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

ViewerBundleRead read_viewer_bundle(const std::string& dist_dir) {
  const std::filesystem::path dist = dist_dir;
  const std::string template_path = (dist / "template.html").string(), script_path = (dist / "viewer.js").string();
  std::optional<std::string> page = read_text(template_path);
  if (!page) return {.bundle = std::nullopt, .unreadable = template_path};
  std::optional<std::string> script = read_text(script_path);
  if (!script) return {.bundle = std::nullopt, .unreadable = script_path};
  return {.bundle = ViewerBundle{std::move(*page), std::move(*script), template_path}, .unreadable = {}};
}

}  // namespace contactlab
