#include "contactlab/mesh/tetgen_io.h"

#include "contactlab/core/error.h"
#include "contactlab/core/output_files.h"
#include "text_line_reader.h"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>

namespace contactlab {
namespace {

std::string strip_extension(const std::string& path) {
  for (const char* ext : {".node", ".ele", ".face"}) {
    const std::string e(ext);
    if (path.size() > e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0) {
      return path.substr(0, path.size() - e.size());
    }
  }
  return path;
}

std::int64_t parse_count(const mesh_detail::TextLineReader& reader, std::size_t i, const std::string& what) {
  const std::int64_t n = reader.parse_integer(reader.token(i, what), what);
  if (n < 0 || n > std::numeric_limits<Index>::max()) {
    reader.fail(what + " " + std::to_string(n) + " is out of range: expected 0..2^31-1");
  }
  return n;
}

// Checks the item number at the start of a data line: items are numbered consecutively from the
// mesh's first index (TetGen manual §5.2.1).
void check_item_number(const mesh_detail::TextLineReader& reader, std::int64_t expected, const char* item) {
  const std::int64_t number = reader.parse_integer(reader.tokens()[0], std::string(item) + " number");
  if (number != expected) {
    reader.fail(std::string(item) + " number " + std::to_string(number) + ": expected " + std::to_string(expected) +
                " (items are numbered consecutively from the first node's index)");
  }
}

Index parse_node_reference(const mesh_detail::TextLineReader& reader, std::size_t token, std::int64_t first,
                           std::int64_t node_count, const std::string& what) {
  const std::int64_t index = reader.parse_integer(reader.token(token, what), what);
  if (index < first || index >= first + node_count) {
    reader.fail("node index " + std::to_string(index) + " out of range: valid " + std::to_string(first) + ".." +
                std::to_string(first + node_count - 1));
  }
  return static_cast<Index>(index - first);
}

// A tet or face through one node twice has no volume or area: refused here, where the line is
// known, rather than later by build_surface_map or validate, which can only name its index.
template <std::size_t N>
void check_distinct(const mesh_detail::TextLineReader& reader, const std::array<Index, N>& nodes, std::int64_t first,
                    const char* item) {
  for (std::size_t a = 0; a < N; ++a) {
    for (std::size_t b = a + 1; b < N; ++b) {
      if (nodes[a] == nodes[b]) {
        reader.fail(fmt::format("{} lists node {} twice (corners {} and {}): expected {} distinct nodes", item,
                                nodes[a] + first, a, b, N));
      }
    }
  }
}

}  // namespace

TetGenMesh read_tetgen(const std::string& path) {
  const std::string base = strip_extension(path);
  TetGenMesh result;

  {  // .node
    mesh_detail::TextLineReader reader(base + ".node");
    if (!reader.next_line()) reader.fail_truncated("the header 'node_count 3 attribute_count marker_flag'");
    const std::int64_t count = parse_count(reader, 0, "node count");
    if (reader.tokens().size() > 1) {
      const std::int64_t dim = reader.parse_integer(reader.tokens()[1], "dimension");
      if (dim != 3) reader.fail("dimension " + std::to_string(dim) + ": expected 3");
    }
    if (count < 4) reader.fail("node count " + std::to_string(count) + ": expected at least 4 (one tet)");
    // Each node takes a line: reserve no more than the file can hold (the header may lie).
    result.mesh.vertices.reserve(reader.reservable(count));
    static const char* const kAxis[3] = {"x", "y", "z"};
    for (std::int64_t i = 0; i < count; ++i) {
      if (!reader.next_line()) {
        reader.fail_truncated(std::to_string(count) + " nodes, found " + std::to_string(i));
      }
      if (i == 0) {
        const std::int64_t first = reader.parse_integer(reader.tokens()[0], "node number");
        if (first != 0 && first != 1) {
          reader.fail("first node number " + std::to_string(first) + ": expected 0 or 1");
        }
        result.first_index = static_cast<int>(first);
      }
      check_item_number(reader, result.first_index + i, "node");
      Vec3 p;
      for (int k = 0; k < 3; ++k) {
        const std::string what = std::string(kAxis[k]) + " coordinate of node";
        p[k] = reader.parse_coordinate(reader.token(1 + static_cast<std::size_t>(k), what), what);
      }
      result.mesh.vertices.push_back(p);
    }
  }
  const std::int64_t first = result.first_index;
  const auto node_count = static_cast<std::int64_t>(result.mesh.vertices.size());

  {  // .ele
    mesh_detail::TextLineReader reader(base + ".ele");
    if (!reader.next_line()) reader.fail_truncated("the header 'tet_count nodes_per_tet attribute_count'");
    const std::int64_t count = parse_count(reader, 0, "tet count");
    if (reader.tokens().size() > 1) {
      const std::int64_t corners = reader.parse_integer(reader.tokens()[1], "nodes per tet");
      if (corners != 4 && corners != 10) {
        reader.fail("nodes per tet " + std::to_string(corners) + ": expected 4 or 10");
      }
    }
    if (count < 1) reader.fail("tet count 0: expected at least 1 tet");
    result.mesh.tets.reserve(reader.reservable(count));
    for (std::int64_t i = 0; i < count; ++i) {
      if (!reader.next_line()) reader.fail_truncated(std::to_string(count) + " tets, found " + std::to_string(i));
      check_item_number(reader, first + i, "tet");
      Tet tet;
      for (std::size_t k = 0; k < 4; ++k) {
        tet[k] = parse_node_reference(reader, 1 + k, first, node_count, "node " + std::to_string(k) + " of tet");
      }
      check_distinct(reader, tet, first, "tet");
      result.mesh.tets.push_back(tet);
    }
  }

  const std::string face_path = base + ".face";
  std::error_code ec;
  if (std::filesystem::exists(face_path, ec)) {
    mesh_detail::TextLineReader reader(face_path);
    if (!reader.next_line()) reader.fail_truncated("the header 'face_count marker_flag'");
    const std::int64_t count = parse_count(reader, 0, "face count");
    bool has_markers = false;
    if (reader.tokens().size() > 1) {
      const std::int64_t flag = reader.parse_integer(reader.tokens()[1], "boundary marker flag");
      if (flag != 0 && flag != 1) reader.fail("boundary marker flag " + std::to_string(flag) + ": expected 0 or 1");
      has_markers = flag == 1;
    }
    for (std::int64_t i = 0; i < count; ++i) {
      if (!reader.next_line()) reader.fail_truncated(std::to_string(count) + " faces, found " + std::to_string(i));
      check_item_number(reader, first + i, "face");
      Triangle face;
      for (std::size_t k = 0; k < 3; ++k) {
        face[k] = parse_node_reference(reader, 1 + k, first, node_count, "node " + std::to_string(k) + " of face");
      }
      check_distinct(reader, face, first, "face");
      result.faces.push_back(face);
      if (has_markers) {
        const std::int64_t marker = reader.parse_integer(reader.token(4, "boundary marker"), "boundary marker");
        if (marker < std::numeric_limits<int>::min() || marker > std::numeric_limits<int>::max()) {
          reader.fail("boundary marker " + std::to_string(marker) + " does not fit a 32-bit integer");
        }
        result.face_markers.push_back(static_cast<int>(marker));
      }
    }
  }
  return result;
}

void write_tetgen(const std::string& base, const TetMesh& mesh, const std::vector<Triangle>& faces,
                  const std::vector<int>& face_markers, int first_index) {
  // BASE must name a file of its own: "" or "out/" would write the hidden ".node", "." "..node".
  check_file_name(base);
  if (first_index != 0 && first_index != 1) {
    throw InputError(base, 0, "first index " + std::to_string(first_index) + ": expected 0 or 1");
  }
  if (!face_markers.empty() && face_markers.size() != faces.size()) {
    throw InputError(
        base + ".face", 0,
        fmt::format("{} face markers for {} faces: expected one per face", face_markers.size(), faces.size()));
  }
  std::string node = fmt::format("# contactlab TetMesh nodes\n{} 3 0 0\n", mesh.vertices.size());
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
    const Vec3& v = mesh.vertices[i];
    node += fmt::format("{} {} {} {}\n", i + static_cast<std::size_t>(first_index), mesh_detail::format_double(v.x()),
                        mesh_detail::format_double(v.y()), mesh_detail::format_double(v.z()));
  }
  std::string ele = fmt::format("# contactlab TetMesh tets\n{} 4 0\n", mesh.tets.size());
  for (std::size_t i = 0; i < mesh.tets.size(); ++i) {
    const Tet& t = mesh.tets[i];
    ele += fmt::format("{} {} {} {} {}\n", i + static_cast<std::size_t>(first_index), t[0] + first_index,
                       t[1] + first_index, t[2] + first_index, t[3] + first_index);
  }
  std::vector<OutputFile> files = {{base + ".node", std::move(node)}, {base + ".ele", std::move(ele)}};
  if (!faces.empty()) {
    const bool markers = !face_markers.empty();
    std::string face = fmt::format("# contactlab boundary faces\n{} {}\n", faces.size(), markers ? 1 : 0);
    for (std::size_t i = 0; i < faces.size(); ++i) {
      const Triangle& f = faces[i];
      face += fmt::format("{} {} {} {}", i + static_cast<std::size_t>(first_index), f[0] + first_index,
                          f[1] + first_index, f[2] + first_index);
      face += markers ? fmt::format(" {}\n", face_markers[i]) : std::string("\n");
    }
    files.push_back({base + ".face", std::move(face)});
  }
  // All or none: a .face that cannot be written must not leave a new .node and .ele behind.
  write_files_atomically(files);
}

}  // namespace contactlab
