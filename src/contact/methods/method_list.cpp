#include "contactlab/contact/methods/method_list.h"

#include "contactlab/contact/methods/closest_points.h"
#include "contactlab/contact/methods/consistent_vertex.h"
#include "contactlab/contact/methods/growth.h"
#include "contactlab/contact/methods/intersection.h"
#include "contactlab/contact/methods/opposing.h"
#include "contactlab/contact/methods/rounded_triangles.h"
#include "contactlab/contact/methods/semi_local.h"
#include "contactlab/contact/methods/solfec.h"
#include "contactlab/contact/methods/surface_sat.h"
#include "contactlab/contact/methods/vertex_only.h"
#include "contactlab/contact/methods/volume_sat.h"

namespace contactlab {

// Methods are listed here explicitly (not self-registered by static initialisers, which a static
// library drops when nothing references them), in the paper's order: intersection,
// closest-points, vertex-only, consistent-vertex, volume-sat, surface-sat, opposing, growth; then
// contactlab's own semi-local method, Solfec's volumetric one and seed 000's rounded triangles.
std::vector<const ContactMethod*> registered_contact_methods() {
  return {&intersection_method(), &closest_points_method(), &vertex_only_method(),      &consistent_vertex_method(),
          &volume_sat_method(),   &surface_sat_method(),    &opposing_method(),         &growth_method(),
          &semi_local_method(),   &solfec_method(),         &rounded_triangles_method()};
}

}  // namespace contactlab
