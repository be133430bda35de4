#include "contactlab/mesh/off_io.h"

#include "text_line_reader.h"

#include <fmt/format.h>

#include <cstdint>
#include <string>

namespace contactlab {

TriMesh read_off(const std::string& path) {
  mesh_detail::TextLineReader reader(path);
  if (!reader.next_line()) reader.fail_truncated("an 'OFF' header line");
  if (reader.tokens()[0] != "OFF") {
    reader.fail("expected the header 'OFF', found '" + std::string(reader.tokens()[0]) + "'");
  }
  // The counts follow on the header line or on the next line.
  std::size_t first = 1;
  if (reader.tokens().size() == 1) {
    if (!reader.next_line()) reader.fail_truncated("the counts line 'vertex_count face_count edge_count'");
    first = 0;
  }
  if (reader.tokens().size() < first + 2) {
    reader.fail("missing counts: expected 'vertex_count face_count edge_count'");
  }
  const std::int64_t vertex_count = reader.parse_integer(reader.tokens()[first], "vertex count");
  const std::int64_t face_count = reader.parse_integer(reader.tokens()[first + 1], "face count");
  if (vertex_count < 0 || face_count < 0 || vertex_count > INT32_MAX || face_count > INT32_MAX) {
    reader.fail("vertex and face counts must be between 0 and 2^31-1");
  }

  TriMesh mesh;
  mesh.vertices.reserve(static_cast<std::size_t>(vertex_count));
  static const char* const kAxis[3] = {"x", "y", "z"};
  for (std::int64_t i = 0; i < vertex_count; ++i) {
    if (!reader.next_line()) {
      reader.fail_truncated(std::to_string(vertex_count) + " vertices, found " + std::to_string(i));
    }
    Vec3 p;
    for (int k = 0; k < 3; ++k) {
      const std::string what = std::string(kAxis[k]) + " coordinate of vertex " + std::to_string(i);
      p[k] = reader.parse_double(reader.token(static_cast<std::size_t>(k), what), what);
    }
    mesh.vertices.push_back(p);
  }
  std::vector<Index> corners;
  for (std::int64_t f = 0; f < face_count; ++f) {
    if (!reader.next_line()) {
      reader.fail_truncated(std::to_string(face_count) + " faces, found " + std::to_string(f));
    }
    const std::int64_t n = reader.parse_integer(reader.tokens()[0], "corner count of face " + std::to_string(f));
    if (n < 3) {
      reader.fail("face " + std::to_string(f) + " has " + std::to_string(n) + " corner(s): expected at least 3");
    }
    if (static_cast<std::int64_t>(reader.tokens().size()) < n + 1) {
      reader.fail("face " + std::to_string(f) + " declares " + std::to_string(n) + " corners but lists " +
                  std::to_string(reader.tokens().size() - 1) + " vertex indices");
    }
    corners.clear();
    for (std::int64_t k = 0; k < n; ++k) {
      const std::int64_t index = reader.parse_integer(reader.tokens()[static_cast<std::size_t>(k + 1)],
                                                      "vertex index of face " + std::to_string(f));
      if (index < 0 || index >= vertex_count) {
        reader.fail("vertex index " + std::to_string(index) + " out of range: valid 0.." +
                    std::to_string(vertex_count - 1) + " (" + std::to_string(vertex_count) + " vertices)");
      }
      corners.push_back(static_cast<Index>(index));
    }
    for (std::size_t k = 1; k + 1 < corners.size(); ++k) {
      mesh.triangles.push_back({corners[0], corners[k], corners[k + 1]});
    }
  }
  return mesh;
}

void write_off(const std::string& path, const TriMesh& mesh) {
  std::string text = fmt::format("OFF\n{} {} 0\n", mesh.vertices.size(), mesh.triangles.size());
  for (const Vec3& v : mesh.vertices) {
    text += fmt::format("{} {} {}\n", mesh_detail::format_double(v.x()), mesh_detail::format_double(v.y()),
                        mesh_detail::format_double(v.z()));
  }
  for (const Triangle& t : mesh.triangles) text += fmt::format("3 {} {} {}\n", t[0], t[1], t[2]);
  mesh_detail::write_text_file(path, text);
}

}  // namespace contactlab
