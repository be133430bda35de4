// `contactlab mesh info FILE` and `contactlab mesh tetrahedralize IN -o OUT [--switches S]`.
#include "commands.h"

#include "contactlab/core/error.h"
#include "contactlab/core/output_files.h"
#include "contactlab/mesh/mass_properties.h"
#include "contactlab/mesh/mesh_file.h"
#include "contactlab/mesh/surface_map.h"
#include "contactlab/mesh/tetgen_io.h"
#include "contactlab/mesh/tetrahedralize.h"
#include "contactlab/mesh/topology.h"
#include "contactlab/mesh/validate.h"

#include <fmt/core.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace contactlab::cli {
namespace {

namespace fs = std::filesystem;

std::string format_vec(const Vec3& v) { return fmt::format("({:.6g}, {:.6g}, {:.6g})", v.x(), v.y(), v.z()); }

void print_validation(const char* label, const ValidationReport& report) {
  if (report.ok()) {
    fmt::print("{:<14}valid\n", label);
    return;
  }
  fmt::print("{:<14}INVALID, {} issue(s)\n", label, report.issues.size());
  const std::size_t shown = std::min<std::size_t>(report.issues.size(), 10);
  for (std::size_t i = 0; i < shown; ++i) {
    const MeshIssue& issue = report.issues[i];
    fmt::print("  - {} (element {}): {}\n", to_string(issue.kind), issue.element, issue.message);
  }
  if (shown < report.issues.size()) fmt::print("  - … {} more\n", report.issues.size() - shown);
}

void print_topology(const MeshTopology& topology) {
  fmt::print("{:<14}{} (convex {}, concave {}, flat {}", "edges", topology.edge_count(),
             topology.count(EdgeKind::Convex), topology.count(EdgeKind::Concave), topology.count(EdgeKind::Flat));
  const Index irregular = topology.count(EdgeKind::Boundary) + topology.count(EdgeKind::NonManifold) +
                          topology.count(EdgeKind::Inconsistent) + topology.count(EdgeKind::Degenerate);
  if (irregular > 0) {
    fmt::print(", boundary {}, non-manifold {}, inconsistent {}, degenerate {}", topology.count(EdgeKind::Boundary),
               topology.count(EdgeKind::NonManifold), topology.count(EdgeKind::Inconsistent),
               topology.count(EdgeKind::Degenerate));
  }
  fmt::print(")\n");
  fmt::print("{:<14}convex {}, concave {}, flat {}, mixed {}", "vertex kinds", topology.count(VertexKind::Convex),
             topology.count(VertexKind::Concave), topology.count(VertexKind::Flat), topology.count(VertexKind::Mixed));
  if (topology.count(VertexKind::Irregular) + topology.count(VertexKind::Isolated) > 0) {
    fmt::print(", irregular {}, isolated {}", topology.count(VertexKind::Irregular),
               topology.count(VertexKind::Isolated));
  }
  fmt::print("\n");
}

// The file of a TetGen set with extension `ext`, as read_tetgen opens it.
std::string tetgen_file(const std::string& path, const char* ext) {
  const fs::path p(path);
  const std::string e = p.extension().string();
  if (e == ".node" || e == ".ele" || e == ".face") return (p.parent_path() / p.stem()).string() + ext;
  return path + ext;
}

void mesh_info(const std::string& path) {
  const MeshFileFormat format = mesh_file_format(path);
  std::optional<TetMesh> tets;
  TriMesh surface;
  if (format == MeshFileFormat::kTetGen) {
    TetGenMesh tetgen = read_tetgen(path);
    tets = std::move(tetgen.mesh);
  } else {
    surface = read_surface_mesh(path);
  }

  // Validate before deriving anything: the surface of a broken tet mesh is not meaningful.
  std::optional<ValidationReport> tet_report;
  if (tets) {
    tet_report = validate(*tets);
    try {
      surface = build_surface_map(*tets).surface;
    } catch (const GeometryError& e) {
      // A face shared by three tets, or by two that overlap: the tets of the .ele file are at fault.
      throw GeometryError(tetgen_file(path, ".ele"), 0, e.what());
    }
  }
  const ValidationReport surface_report = validate(surface);
  const Aabb box = tets ? tets->bounds() : surface.bounds();

  fmt::print("{:<14}{}\n", "file", path);
  fmt::print("{:<14}{}\n", "vertices", tets ? tets->vertex_count() : surface.vertex_count());
  fmt::print("{:<14}{}\n", "triangles", surface.triangle_count());
  fmt::print("{:<14}{}\n", "tets", tets ? tets->tet_count() : 0);
  if (!box.empty()) fmt::print("{:<14}{} – {}\n", "bounding box", format_vec(box.min), format_vec(box.max));
  if (tets) print_validation("tet mesh", *tet_report);
  print_validation("surface", surface_report);
  if (tets && tet_report->ok()) {
    fmt::print("{:<14}{:.12g}\n", "volume", mass_properties(*tets).volume);
  } else if (surface_report.ok()) {
    fmt::print("{:<14}{:.12g}\n", "volume", mass_properties(surface).volume);
  } else {
    fmt::print("{:<14}n/a (invalid mesh)\n", "volume");
  }
  print_topology(build_topology(surface));
}

std::string strip_tetgen_extension(const std::string& path) {
  const fs::path p(path);
  const std::string ext = p.extension().string();
  if (ext == ".node" || ext == ".ele" || ext == ".face") return (p.parent_path() / p.stem()).string();
  return path;
}

/// OUT.node, OUT.ele and OUT.face checked before TetGen runs (minutes, for a fine mesh), not after;
/// write_tetgen checks them again when it writes.
void check_tetgen_output(const std::string& base) {
  check_file_name(base);
  for (const char* extension : {".node", ".ele", ".face"}) check_output_file(base + extension);
}

}  // namespace

void add_mesh_commands(CLI::App& app) {
  CLI::App* mesh = app.add_subcommand("mesh", "Inspect, validate and tetrahedralize meshes");
  mesh->require_subcommand(1);

  // Option storage is shared with the callbacks, which the app owns: it lives as long as the app.
  auto info_path = std::make_shared<std::string>();
  CLI::App* info = mesh->add_subcommand(
      "info", "Counts, volume, bounding box, validation verdict and edge/vertex classes of a mesh file");
  info->add_option("FILE", *info_path, "mesh file: .obj, .off, or TetGen .node/.ele")->required();
  info->callback([info_path] { mesh_info(*info_path); });

  struct TetrahedralizeArgs {
    std::string input, output, switches = kTetGenDefaultSwitches;
  };
  auto args = std::make_shared<TetrahedralizeArgs>();
  CLI::App* tet = mesh->add_subcommand("tetrahedralize",
                                       "Tetrahedralize a closed surface mesh with TetGen; writes OUT.node/.ele/.face");
  tet->add_option("IN", args->input, "closed surface mesh: .obj or .off")->required();
  tet->add_option("-o,--output", args->output, "output base name (OUT.node, OUT.ele, OUT.face)")->required();
  tet->add_option("--switches", args->switches,
                  fmt::format("TetGen switches (default {}, the paper's; refined: {})", kTetGenDefaultSwitches,
                              kTetGenRefinedSwitches));
  tet->callback([args] {
    std::vector<int> lines;  // of each triangle's face in the file, for messages
    const TriMesh surface = read_surface_mesh(args->input, &lines);
    require_valid(surface, args->input, lines);
    const std::string base = strip_tetgen_extension(args->output);
    check_tetgen_output(base);
    TetrahedralizeResult result;
    try {
      result = tetrahedralize(surface, args->switches);
    } catch (const GeometryError& e) {
      // TetGen's own findings (its intersection check, its failures) concern the input file.
      throw GeometryError(args->input, 0, e.what());
    }
    write_tetgen(base, result.mesh, result.boundary_triangles);
    fmt::print("{}: {} vertices, {} tets, {} boundary triangles (switches {}) -> {}.node/.ele/.face\n", args->input,
               result.mesh.vertex_count(), result.mesh.tet_count(), result.boundary_triangles.size(), result.switches,
               base);
  });
}

}  // namespace contactlab::cli
