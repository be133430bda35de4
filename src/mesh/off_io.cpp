#include "contactlab/mesh/off_io.h"

#include "text_line_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace contactlab {

namespace {

// Values after a vertex's coordinates or a face's indices, from `first` on: at most a colour (1 to
// 4 numbers: a colour-map index, RGB or RGBA) — anything else means the line is not what it seems.
void check_colour(const mesh_detail::TextLineReader& reader, std::size_t first, const std::string& item) {
  const auto& tokens = reader.tokens();
  if (tokens.size() > first + 4) {
    reader.fail(item + " has " + std::to_string(tokens.size() - first) + " extra values, the last " +
                mesh_detail::quoted(tokens.back()) + ": expected at most a colour (1 to 4 numbers)");
  }
  for (std::size_t k = first; k < tokens.size(); ++k) reader.parse_double(tokens[k], "colour of " + item);
}

}  // namespace

TriMesh read_off(const std::string& path, std::vector<int>* triangle_lines) {
  mesh_detail::TextLineReader reader(path);
  if (triangle_lines) triangle_lines->clear();
  if (!reader.next_line()) reader.fail_truncated("an 'OFF' header line");
  if (reader.tokens()[0] != "OFF") {
    reader.fail("expected the header 'OFF', found " + mesh_detail::quoted(reader.tokens()[0]));
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
  if (vertex_count < 3 || face_count < 1) {
    reader.fail("the header declares " + std::to_string(vertex_count) + " vertices and " + std::to_string(face_count) +
                " faces: expected a surface mesh (at least 3 vertices and 1 face)");
  }
  TriMesh mesh;
  // Each vertex takes a line: reserve no more than the file can hold (the header may lie).
  mesh.vertices.reserve(reader.reservable(vertex_count));
  static const char* const kAxis[3] = {"x", "y", "z"};
  for (std::int64_t i = 0; i < vertex_count; ++i) {
    if (!reader.next_line()) {
      reader.fail_truncated(std::to_string(vertex_count) + " vertices, found " + std::to_string(i));
    }
    Vec3 p;
    for (int k = 0; k < 3; ++k) {
      const std::string what = std::string(kAxis[k]) + " coordinate of vertex " + std::to_string(i);
      p[k] = reader.parse_coordinate(reader.token(static_cast<std::size_t>(k), what), what);
    }
    check_colour(reader, 3, "vertex " + std::to_string(i));
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
      if (std::find(corners.begin(), corners.end(), static_cast<Index>(index)) != corners.end()) {
        // A face through one vertex twice has no area where it folds back: no closed surface has one.
        reader.fail("face " + std::to_string(f) + " lists vertex " + std::to_string(index) +
                    " twice: expected distinct vertices");
      }
      corners.push_back(static_cast<Index>(index));
    }
    check_colour(reader, static_cast<std::size_t>(n + 1), "face " + std::to_string(f));
    for (std::size_t k = 1; k + 1 < corners.size(); ++k) {
      mesh.triangles.push_back({corners[0], corners[k], corners[k + 1]});
      if (triangle_lines) triangle_lines->push_back(reader.line());
    }
  }
  if (reader.next_line()) {
    reader.fail("unexpected data after the last of the " + std::to_string(face_count) +
                " faces the header declares: expected the end of the file (are the counts right?)");
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
