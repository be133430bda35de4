// Fuzz target: the scene JSON reader (parse_scene_json), from text. Mesh paths resolve against a
// folder inside the scratch folder that holds copies of data/'s meshes (scene/meshes/ and
// meshes/, so the repository's scenes find theirs); an input naming a path that leaves the scratch
// folder (absolute, or climbing with "..", also through \u escapes) is skipped unread, so the
// target never reads the real filesystem. Inputs that ask for large legal work are skipped too:
// a frustum of more than kFuzzMaxSlices slices, a sphere or plate finer than kFuzzMaxSubdivisions or
// kFuzzMaxDivisions, or TetGen switches with their own Steiner limit
// 'S' (which lifts the default cap of 10^4 added points). The cost of that work is bounded by the
// documented caps and measured directly (docs/errors-and-limits.md "Generator caps": a 500-slice
// frustum takes about 2 s, 5 s under ASan); fuzzed under a 1 s budget it would only be reported
// as a hang again and again, hiding real ones. Accepted scenes must be valid: finite poses,
// velocities and materials, valid shapes (fuzz_checks.h), a finite length scale.
#include "fuzz_checks.h"
#include "fuzz_target.h"

#include "contactlab/core/json_support.h"
#include "contactlab/scene/scene_json.h"

#include <cmath>
#include <filesystem>

namespace fs = std::filesystem;

namespace contactlab::fuzz {

namespace {

std::string g_root;      // the scratch folder
std::string g_base_dir;  // g_root/scene: where relative mesh paths start

/// Decoded JSON string literals of `text` (escapes decoded as the parser would; code points above
/// 0x7f as '?'), cut at a NUL as a path would be.
std::vector<std::string> string_literals(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '"') continue;
    std::string s;
    ++i;
    for (; i < text.size() && text[i] != '"'; ++i) {
      char c = text[i];
      if (c == '\\' && i + 1 < text.size()) {
        c = text[++i];
        if (c == 'u' && i + 4 < text.size()) {
          unsigned code = 0;
          for (int k = 1; k <= 4; ++k) {
            const char h = text[i + k];
            code =
                code * 16 + static_cast<unsigned>(std::isdigit(static_cast<unsigned char>(h))
                                                      ? h - '0'
                                                      : (std::tolower(static_cast<unsigned char>(h)) - 'a' + 10) & 15);
          }
          i += 4;
          c = code < 0x80 ? static_cast<char>(code) : '?';
        }
      }
      s += c;
    }
    if (const std::size_t nul = s.find('\0'); nul != std::string::npos) s.resize(nul);
    out.push_back(std::move(s));
  }
  return out;
}

/// Whether every string of `text`, taken as a mesh path, stays inside the scratch folder.
bool paths_stay_inside(std::string_view text) {
  for (const std::string& s : string_literals(text)) {
    if (s.find('/') == std::string::npos && s.find("..") == std::string::npos && s.find('\\') == std::string::npos)
      continue;
    const fs::path p(s);
    if (p.is_absolute() || s.find('\\') != std::string::npos) return false;
    const std::string resolved = (fs::path(g_base_dir) / p).lexically_normal().string();
    if (resolved.rfind(g_root + "/", 0) != 0) return false;
  }
  return true;
}

void copy_meshes(const std::string& from, const std::string& to) {
  fs::create_directories(to);
  for (const std::string& f : files_in(from, {".obj", ".off"}))
    if (fs::path(f).parent_path() == fs::path(from))
      fs::copy_file(f, to + "/" + fs::path(f).filename().string(), fs::copy_options::overwrite_existing);
}

bool finite(const Vec3& v) { return v.allFinite(); }

/// Above this many slices a frustum is skipped (100 slices: about 0.1 s of TetGen under ASan).
constexpr double kFuzzMaxSlices = 100;
/// Above this many subdivisions a sphere is skipped (4, 5120 triangles: about 1.1 s of TetGen
/// under ASan, the fuzz budget; 3: 0.3 s), and a plate above this many divisions (16: 0.25 s).
/// data/scenes/sphere_on_plate.json asks for 4: as a seed it was a hang on every run.
constexpr double kFuzzMaxSubdivisions = 3;
constexpr double kFuzzMaxDivisions = 16;

/// Whether the JSON value asks for large legal work anywhere inside it (see the header comment).
bool asks_for_large_work(const json::Json& value) {
  if (value.is_array()) {
    for (const json::Json& item : value)
      if (asks_for_large_work(item)) return true;
  }
  if (!value.is_object()) return false;
  for (const auto& [key, member] : value.items()) {
    const auto above = [&](const char* name, double limit) {
      return key == name && member.is_number() && !(member.get<double>() <= limit);
    };
    if (above("slices", kFuzzMaxSlices) || above("subdivisions", kFuzzMaxSubdivisions) ||
        above("divisions", kFuzzMaxDivisions))
      return true;
    if (key == "tetgen_switches" && member.is_string() && member.get<std::string>().find('S') != std::string::npos)
      return true;
    if (asks_for_large_work(member)) return true;
  }
  return false;
}

/// asks_for_large_work of the text parsed as JSON; false where it does not parse (the reader
/// then refuses it).
bool text_asks_for_large_work(const std::string& text) {
  try {
    return asks_for_large_work(json::parse_json(text, "fuzz.json"));
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

std::vector<std::string> seed_inputs() {
  std::vector<std::string> seeds;
  for (const std::string& f : files_in(std::string(CONTACTLAB_TEST_DATA_DIR) + "/scenes", {".json"}))
    seeds.push_back(read_file(f));
  // Issue 11 item 1: 10^5 levels of nesting inside a field must be refused, not overflow the stack.
  seeds.push_back(R"({"format": "contactlab-scene", "version": 1, "name": "deep", "description": )" +
                  std::string(100000, '[') + std::string(100000, ']') +
                  R"(, "bodies": [{"name": "b", "shape": {"generator": "box"}}]})");
  return seeds;
}
std::vector<std::string> subtargets() { return {}; }
void select_subtarget(const std::string&) {}

}  // namespace contactlab::fuzz

using namespace contactlab;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::g_root = fuzz::scratch_dir();
  fuzz::g_base_dir = fuzz::g_root + "/scene";
  const std::string data = CONTACTLAB_TEST_DATA_DIR;
  fuzz::copy_meshes(data + "/scenes/meshes", fuzz::g_base_dir + "/meshes");
  fuzz::copy_meshes(data + "/meshes", fuzz::g_root + "/meshes");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (!fuzz::paths_stay_inside(text) || fuzz::text_asks_for_large_work(text)) return 0;  // skipped
  Scene scene;
  if (!fuzz::guarded([&] { scene = parse_scene_json(text, "fuzz.json", fuzz::g_base_dir); })) return 0;
  fuzz::outcome() = fuzz::Outcome::kAccepted;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const Body& b = scene.bodies[i];
    const std::string what = "parse_scene_json: bodies[" + std::to_string(i) + "]";
    if (!fuzz::finite(b.position) || !b.orientation.coeffs().allFinite() || !fuzz::finite(b.linear_velocity) ||
        !fuzz::finite(b.angular_velocity) || !std::isfinite(b.density) || !std::isfinite(b.friction)) {
      fuzz::report(fuzz::FindingKind::kNaN, what + ": a pose, velocity or material is not finite");
      return 0;
    }
    if (!b.pose().apply(Vec3(1, 1, 1)).allFinite()) {
      fuzz::report(fuzz::FindingKind::kNaN, what + ": the pose maps a point to NaN or Inf");
      return 0;
    }
    if (!b.shape) {
      fuzz::report(fuzz::FindingKind::kInvariant, what + ": no shape");
      return 0;
    }
    if (!fuzz::check_tri_mesh(b.shape->surface, what + ".shape surface") ||
        !fuzz::check_tet_mesh(b.shape->tets, what + ".shape tets"))
      return 0;
  }
  if (!std::isfinite(scene.length_scale()) || !scene.gravity.allFinite()) {
    fuzz::report(fuzz::FindingKind::kNaN, "parse_scene_json: the scene's length scale or gravity is not finite");
    return 0;
  }
  return 0;
}
