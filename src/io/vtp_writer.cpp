// VTK XML PolyData writer (the "VTK XML file formats" of the VTK User's Guide, "PolyData"): one
// <Piece> with Points, Verts or Polys as connectivity + offsets arrays, and point or cell data.
#include "contactlab/io/vtp_writer.h"

#include "contactlab/core/error.h"
#include "contactlab/core/output_files.h"

#include <fmt/format.h>

#include <cmath>
#include <iterator>
#include <vector>

namespace contactlab {
namespace {

/// Data array text: values separated by spaces, in lines of `per_line` values. fmt's "{}" is the
/// shortest text that reads back as the same double.
template <typename T>
void data_array(std::string& out, const char* type, const char* name, int components, const std::vector<T>& values,
                int per_line) {
  fmt::format_to(std::back_inserter(out), "        <DataArray type=\"{}\" Name=\"{}\"", type, name);
  if (components != 1) fmt::format_to(std::back_inserter(out), " NumberOfComponents=\"{}\"", components);
  out += " format=\"ascii\">\n";
  for (std::size_t i = 0; i < values.size(); ++i) {
    out += (i % static_cast<std::size_t>(per_line) == 0) ? "          " : " ";
    fmt::format_to(std::back_inserter(out), "{}", values[i]);
    if ((i + 1) % static_cast<std::size_t>(per_line) == 0 || i + 1 == values.size()) out += '\n';
  }
  out += "        </DataArray>\n";
}

/// Header up to the opening <Piece> tag.
std::string header(std::size_t points, std::size_t verts, std::size_t polys) {
  return fmt::format(
      "<?xml version=\"1.0\"?>\n"
      "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n"
      "  <PolyData>\n"
      "    <Piece NumberOfPoints=\"{}\" NumberOfVerts=\"{}\" NumberOfLines=\"0\" NumberOfStrips=\"0\" "
      "NumberOfPolys=\"{}\">\n",
      points, verts, polys);
}

const char* footer() {
  return "    </Piece>\n"
         "  </PolyData>\n"
         "</VTKFile>\n";
}

void points_section(std::string& out, const std::vector<double>& xyz) {
  out += "      <Points>\n";
  data_array(out, "Float64", "Points", 3, xyz, 3);
  out += "      </Points>\n";
}

/// <Verts> or <Polys> with connectivity and offsets (end of each cell in connectivity).
void cells_section(std::string& out, const char* tag, const std::vector<std::int64_t>& connectivity,
                   const std::vector<std::int64_t>& offsets, int per_line) {
  fmt::format_to(std::back_inserter(out), "      <{}>\n", tag);
  data_array(out, "Int64", "connectivity", 1, connectivity, per_line);
  data_array(out, "Int64", "offsets", 1, offsets, 12);
  fmt::format_to(std::back_inserter(out), "      </{}>\n", tag);
}

}  // namespace

std::string vtp_surfaces(const Scene& scene, const std::string& path) {
  std::vector<double> points;
  std::vector<std::int64_t> connectivity, offsets;
  std::vector<std::int32_t> body_of_cell;
  std::int64_t first_point = 0;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const Body& body = scene.bodies[b];
    if (!body.shape) continue;
    const SurfaceMap& map = body.shape->surface_map;
    const Transform pose = body.pose();
    // surface_vertices is sorted: a vertex's new index is its rank in it.
    std::vector<std::int64_t> new_index(map.surface.vertices.size(), -1);
    for (std::size_t k = 0; k < map.surface_vertices.size(); ++k) {
      const Index v = map.surface_vertices[k];
      new_index[static_cast<std::size_t>(v)] = first_point + static_cast<std::int64_t>(k);
      const Vec3 x = pose.apply(map.surface.vertices[static_cast<std::size_t>(v)]);
      if (!x.allFinite()) {
        throw InputError(path, 0,
                         "body '" + body.name + "': vertex " + std::to_string(v) + " is not finite at the body's pose");
      }
      points.insert(points.end(), {x.x(), x.y(), x.z()});
    }
    for (const Triangle& t : map.surface.triangles) {
      for (Index v : t) connectivity.push_back(new_index[static_cast<std::size_t>(v)]);
      offsets.push_back(static_cast<std::int64_t>(connectivity.size()));
      body_of_cell.push_back(static_cast<std::int32_t>(b));
    }
    first_point += static_cast<std::int64_t>(map.surface_vertices.size());
  }

  std::string out = header(points.size() / 3, 0, body_of_cell.size());
  points_section(out, points);
  cells_section(out, "Polys", connectivity, offsets, 12);
  out += "      <CellData Scalars=\"body\">\n";
  data_array(out, "Int32", "body", 1, body_of_cell, 12);
  out += "      </CellData>\n";
  out += footer();
  return out;
}

void write_vtp_surfaces(const std::string& path, const Scene& scene) {
  write_file_atomically(path, vtp_surfaces(scene, path));
}

std::string vtp_contacts(const ContactSet& contacts, const std::string& path) {
  const std::size_t n = contacts.contacts.size();
  std::vector<double> points, normals, gaps;
  std::vector<std::int64_t> connectivity, offsets;
  std::vector<std::int32_t> body_a, body_b;
  for (std::size_t i = 0; i < n; ++i) {
    const Contact& c = contacts.contacts[i];
    if (!c.position.allFinite() || !c.normal.allFinite() || !std::isfinite(c.gap)) {
      throw InputError(path, 0,
                       "contacts[" + std::to_string(i) + "] of method '" + contacts.method +
                           "': non-finite position, normal or gap cannot be written");
    }
    points.insert(points.end(), {c.position.x(), c.position.y(), c.position.z()});
    normals.insert(normals.end(), {c.normal.x(), c.normal.y(), c.normal.z()});
    gaps.push_back(c.gap);
    connectivity.push_back(static_cast<std::int64_t>(i));
    offsets.push_back(static_cast<std::int64_t>(i + 1));
    body_a.push_back(c.body_a);
    body_b.push_back(c.body_b);
  }

  std::string out = header(n, n, 0);
  points_section(out, points);
  cells_section(out, "Verts", connectivity, offsets, 12);
  out += "      <PointData Normals=\"normal\" Scalars=\"gap\">\n";
  data_array(out, "Float64", "normal", 3, normals, 3);
  data_array(out, "Float64", "gap", 1, gaps, 6);
  data_array(out, "Int32", "body_a", 1, body_a, 12);
  data_array(out, "Int32", "body_b", 1, body_b, 12);
  out += "      </PointData>\n";
  out += footer();
  return out;
}

void write_vtp_contacts(const std::string& path, const ContactSet& contacts) {
  write_file_atomically(path, vtp_contacts(contacts, path));
}

}  // namespace contactlab
