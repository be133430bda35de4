#include "methods/eroded_vertex.h"

namespace contactlab::contact_detail {

Vec3 surface_vertex_normal(const MethodBody& body, Index v) {
  // A rigid body: the rest-frame pseudo-normal, rotated (computed once per shape; the same
  // directions as from the world vertices up to rounding far below the band).
  if (body.rest_to_world != nullptr && static_cast<std::size_t>(v) < body.features->rest_vertex_normals.size()) {
    return *body.rest_to_world * body.features->rest_vertex_normals[static_cast<std::size_t>(v)];
  }
  return surface_pseudo_normal(*body.features, body.world_vertices, v);
}

Vec3 eroded_vertex(const MethodBody& body, Index v, double envelope) {
  return body.vertex(v) - envelope * surface_vertex_normal(body, v);
}

}  // namespace contactlab::contact_detail
