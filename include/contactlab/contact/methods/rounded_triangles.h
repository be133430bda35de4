// Rounded-triangle contacts (issue 19; seed 000; geometry/rounded_triangle_contact.h): every pair
// of surface triangles of a candidate tet pair, each with its encompassing sphere, gives a contact
// where the spheres overlap inside both triangles' projections onto the spheres' contact plane:
// position = the point of that overlap nearest the contact circle's centre, normal = from A's
// triangle's sphere centre to B's, gap = −δt (the spheres' overlap there), features = the two faces.
// The spheres bulge beyond their faces by about ρ / 2κ (ρ: the radius of the triangle's smallest
// enclosing circle, κ: roundness): touching faces overlap by about their two bulges, so the contacts
// carry a force under penalty stepping (dynamics/penalty_step.h) before the faces meet — the
// model's rounded surfaces. Meant for finely triangulated (deformable-cell) bodies, where the
// bulges are small. Each triangle pair is evaluated in a canonical order (its triangles' corners
// compared) and the normal flipped back, so that swapping the bodies flips the normals and changes
// nothing else; borderline tests are settled by the touching band.
#pragma once

#include "contactlab/contact/method.h"

#include <memory>

namespace contactlab {

struct RoundedTrianglesParameters {
  /// κ = R / ρ ≥ 1: the spheres' radius over the radius of the triangles' smallest enclosing
  /// circle. The bulge is about ρ / 2κ: 2.5 % of ρ at the default 20.
  double roundness = 20.0;
  /// Tet pairs within this × the body pair's length are candidates (the bulges must fit in it).
  double relative_margin = 0.05;
  /// Two triangles each behind the other's plane (a penetrating pair) may be this × the body pair's
  /// length apart; farther, they are no contact: two faces that face each other across the bodies'
  /// insides (a box's far side and its slab's) look, pair by pair, like a deep penetration, and the
  /// model is for overlaps small against the bodies. The candidate margin is at least this, so that
  /// every such pair is a candidate in every frame.
  double relative_depth_limit = 0.05;
};

const ContactMethod& rounded_triangles_method();

/// Throws InputError for a roundness below 1, a negative margin or a depth limit not > 0 (any not finite).
std::unique_ptr<ContactMethod> make_rounded_triangles_method(const RoundedTrianglesParameters& parameters);

}  // namespace contactlab
