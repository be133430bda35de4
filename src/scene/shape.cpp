#include "contactlab/scene/shape.h"

#include "contactlab/core/error.h"
#include "contactlab/mesh/tetrahedralize.h"
#include "contactlab/mesh/validate.h"

namespace contactlab {

std::shared_ptr<const Shape> make_shape(ShapeSource source, TriMesh surface, const std::string& switches,
                                        const std::string& name) {
  require_valid(surface, name);
  auto shape = std::make_shared<Shape>();
  shape->source = std::move(source);
  TetrahedralizeResult result = tetrahedralize(surface, switches);
  shape->surface = std::move(surface);
  shape->tetgen_switches = switches;
  shape->tets = std::move(result.mesh);
  shape->surface_map = build_surface_map(shape->tets);
  return shape;
}

std::shared_ptr<const Shape> make_shape_from_tets(TetMesh tets, const std::string& name) {
  // Slivers and flat tets are kept (they are real inputs, e.g. TetGen's refined meshes, and the
  // methods' degenerate-case tests need them); anything that breaks indexing or orientation is not.
  for (const MeshIssue& issue : validate(tets).issues) {
    if (issue.kind == MeshIssueKind::kSliverTet || issue.kind == MeshIssueKind::kZeroVolumeTet) continue;
    throw GeometryError(
        name, 0,
        std::string(to_string(issue.kind)) + " (element " + std::to_string(issue.element) + "): " + issue.message);
  }
  auto shape = std::make_shared<Shape>();
  shape->source = ShapeSource{};
  shape->surface_map = build_surface_map(tets);
  shape->surface = shape->surface_map.surface;
  shape->tets = std::move(tets);
  return shape;
}

}  // namespace contactlab
