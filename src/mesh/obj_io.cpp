#include "contactlab/mesh/obj_io.h"

#include "contactlab/core/error.h"
#include "text_line_reader.h"

#include <fmt/format.h>

#include <cstdint>
#include <string>

namespace contactlab {
namespace {

struct PendingIndex {
  std::int64_t value;  // 1-based (positive) as written in the file
  int line;
};

}  // namespace

TriMesh read_obj(const std::string& path) {
  mesh_detail::TextLineReader reader(path);
  TriMesh mesh;
  // Positive indices may refer to vertices defined later in the file, so they are range-checked
  // once all vertices are known; each triangle corner remembers its line for the message.
  std::vector<std::array<PendingIndex, 3>> faces;
  std::vector<PendingIndex> corners;
  while (reader.next_line()) {
    const auto& tokens = reader.tokens();
    if (tokens[0] == "v") {
      Vec3 p;
      static const char* const kAxis[3] = {"x", "y", "z"};
      for (int k = 0; k < 3; ++k) {
        const std::string what =
            std::string(kAxis[k]) + " coordinate of vertex " + std::to_string(mesh.vertices.size() + 1);
        p[k] = reader.parse_double(reader.token(1 + static_cast<std::size_t>(k), what), what);
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
        const std::string_view vertex = corner.substr(0, corner.find('/'));
        const std::string what = "vertex index of face corner " + std::to_string(k);
        std::int64_t index = reader.parse_integer(vertex, what);
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
        corners.push_back({index, reader.line()});
      }
      // Fan triangulation from the first corner keeps the polygon's winding.
      for (std::size_t k = 1; k + 1 < corners.size(); ++k) {
        faces.push_back({corners[0], corners[k], corners[k + 1]});
      }
    }
    // Every other statement (vn, vt, vp, o, g, s, usemtl, mtllib, l, p, ...) is ignored.
  }
  const auto count = static_cast<std::int64_t>(mesh.vertices.size());
  mesh.triangles.reserve(faces.size());
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
