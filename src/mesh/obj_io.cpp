#include "contactlab/mesh/obj_io.h"

#include "contactlab/core/error.h"
#include "text_line_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

namespace contactlab {
namespace {

struct PendingIndex {
  std::int64_t value;  // 1-based (positive) as written in the file
  int line;
};

// Statements of the OBJ format that describe nothing a closed triangle surface needs, skipped on
// purpose: vertex normals, texture and parameter-space vertices, grouping and smoothing, materials
// and display attributes, and point and line elements (not surfaces). Anything else — free-form
// curves and surfaces (curv, surf, ...) or a misspelt keyword — would lose geometry or hide a
// typo if skipped, so it is an error.
constexpr std::string_view kSkippedStatements[] = {"vn",    "vt",       "vp",       "g",          "o",        "s",
                                                   "mg",    "usemtl",   "mtllib",   "l",          "p",        "lod",
                                                   "bevel", "c_interp", "d_interp", "shadow_obj", "trace_obj"};

bool is_skipped(std::string_view keyword) {
  return std::find(std::begin(kSkippedStatements), std::end(kSkippedStatements), keyword) !=
         std::end(kSkippedStatements);
}

std::string skipped_list() {
  std::string list;
  for (std::string_view k : kSkippedStatements) list += (list.empty() ? "" : " ") + std::string(k);
  return list;
}

}  // namespace

TriMesh read_obj(const std::string& path, std::vector<int>* triangle_lines) {
  mesh_detail::TextLineReader reader(path);
  TriMesh mesh;
  // Positive indices may refer to vertices defined later in the file, so they are range-checked
  // once all vertices are known; each triangle corner remembers its line for the message.
  std::vector<std::array<PendingIndex, 3>> faces;
  std::vector<PendingIndex> corners;
  while (reader.next_line()) {
    const auto& tokens = reader.tokens();
    if (tokens[0] == "v") {
      const std::size_t values = tokens.size() - 1;
      // x y z, optionally the OBJ weight w, or the common x y z r g b vertex-colour extension.
      if (values > 3 && values != 4 && values != 6) {
        reader.fail(
            fmt::format("vertex with {} values, the last {}: expected 'v x y z', 'v x y z w' or 'v x y z r g b'",
                        values, mesh_detail::quoted(tokens.back())));
      }
      Vec3 p;
      static const char* const kAxis[3] = {"x", "y", "z"};
      for (int k = 0; k < 3; ++k) {
        const std::string what =
            std::string(kAxis[k]) + " coordinate of vertex " + std::to_string(mesh.vertices.size() + 1);
        p[k] = reader.parse_coordinate(reader.token(1 + static_cast<std::size_t>(k), what), what);
      }
      for (std::size_t k = 4; k < tokens.size(); ++k) {
        reader.parse_double(tokens[k], values == 4 ? "weight w of the vertex" : "colour component of the vertex");
      }
      mesh.vertices.push_back(p);
    } else if (tokens[0] == "f") {
      if (tokens.size() < 4) {
        reader.fail("face with " + std::to_string(tokens.size() - 1) +
                    " corner(s): expected at least 3 vertex indices");
      }
      corners.clear();
      for (std::size_t k = 1; k < tokens.size(); ++k) {
        const std::string_view corner = tokens[k];
        const std::string what = "vertex index of face corner " + std::to_string(k);
        // Corner forms i, i/t, i//n, i/t/n: the texture and normal indices are not used, but they
        // must be whole numbers (or empty) so that a garbled corner is not half-read.
        std::string_view rest = corner;
        std::string_view parts[3];
        int part_count = 0;
        while (part_count < 3) {
          const std::size_t slash = rest.find('/');
          parts[part_count++] = rest.substr(0, slash);
          if (slash == std::string_view::npos) break;
          rest.remove_prefix(slash + 1);
          if (part_count == 3)
            reader.fail("face corner " + mesh_detail::quoted(corner) + ": expected i, i/t, i//n or i/t/n");
        }
        for (int part = 1; part < part_count; ++part) {
          if (!parts[part].empty())
            reader.parse_integer(parts[part], (part == 1 ? "texture" : "normal") +
                                                  std::string(" index of face corner ") + std::to_string(k));
        }
        std::int64_t index = reader.parse_integer(parts[0], what);
        const auto count = static_cast<std::int64_t>(mesh.vertices.size());
        if (index == 0) reader.fail("vertex index 0 is invalid: OBJ indices start at 1");
        if (index < 0) {
          // Relative index: -1 is the most recently defined vertex.
          if (-index > count) {
            reader.fail("relative vertex index " + std::to_string(index) + " out of range: valid -" +
                        std::to_string(count) + "..-1 (" + std::to_string(count) + " vertices defined so far)");
          }
          index = count + index + 1;
        }
        for (std::size_t c = 0; c < corners.size(); ++c) {
          // A face through one vertex twice has no area where it folds back: no closed surface has one.
          if (corners[c].value == index) {
            reader.fail(
                fmt::format("face corners {} and {} are both vertex {}: expected distinct vertices", c + 1, k, index));
          }
        }
        corners.push_back({index, reader.line()});
      }
      // Fan triangulation from the first corner keeps the polygon's winding.
      for (std::size_t k = 1; k + 1 < corners.size(); ++k) {
        faces.push_back({corners[0], corners[k], corners[k + 1]});
      }
    } else if (!is_skipped(tokens[0])) {
      reader.fail("unknown statement " + mesh_detail::quoted(tokens[0]) +
                  ": expected 'v', 'f', a comment, or one of the skipped statements " + skipped_list());
    }
  }
  // An empty, comment-only or wrongly named file is not an empty mesh: nothing downstream wants one.
  if (mesh.vertices.empty()) {
    throw InputError(path, reader.line_count(),
                     "no vertices and no faces in the file: expected an OBJ surface mesh ('v x y z' and 'f i j k' "
                     "lines)");
  }
  if (faces.empty()) {
    throw InputError(
        path, reader.line_count(),
        fmt::format("{} vertices but no faces in the file: expected 'f i j k' lines", mesh.vertices.size()));
  }
  const auto count = static_cast<std::int64_t>(mesh.vertices.size());
  mesh.triangles.reserve(faces.size());
  if (triangle_lines) triangle_lines->clear();
  for (const auto& face : faces) {
    Triangle t;
    for (int k = 0; k < 3; ++k) {
      const PendingIndex& c = face[static_cast<std::size_t>(k)];
      if (c.value > count) {
        throw InputError(path, c.line,
                         "vertex index " + std::to_string(c.value) + " out of range: valid 1.." +
                             std::to_string(count) + " (the file has " + std::to_string(count) + " vertices)");
      }
      t[static_cast<std::size_t>(k)] = static_cast<Index>(c.value - 1);
    }
    mesh.triangles.push_back(t);
    if (triangle_lines) triangle_lines->push_back(face[0].line);
  }
  return mesh;
}
void write_obj(const std::string& path, const TriMesh& mesh) {
  std::string text =
      fmt::format("# contactlab TriMesh: {} vertices, {} triangles\n", mesh.vertices.size(), mesh.triangles.size());
  for (const Vec3& v : mesh.vertices) {
    text += fmt::format("v {} {} {}\n", mesh_detail::format_double(v.x()), mesh_detail::format_double(v.y()),
                        mesh_detail::format_double(v.z()));
  }
  for (const Triangle& t : mesh.triangles) {
    text += fmt::format("f {} {} {}\n", t[0] + 1, t[1] + 1, t[2] + 1);
  }
  mesh_detail::write_text_file(path, text);
}

}  // namespace contactlab
