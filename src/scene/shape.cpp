#include "contactlab/scene/shape.h"

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

}  // namespace contactlab
