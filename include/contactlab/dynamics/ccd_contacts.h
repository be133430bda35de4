// Speculative contacts from continuous collision detection over one step (issue 18 item 4; seed
// 003 §1.2 for the CCD, §1.1.1.1 for contacts with a positive gap): what keeps a fast body from
// tunnelling through a thin one, where the contacts of the step's start see nothing yet.
//
// For every pair of bodies where one moves fast relative to the pair — a surface vertex travels,
// under its free velocity (gravity included, before contacts), farther than `fast_fraction` × the
// thinner body's thickness — vertex–face CCD (ccd/inclusion_ccd.h, no false negatives) between the
// one's surface vertices and the other's surface triangles, and back, over the
// straight paths from the positions at t = 0 to those the free motion gives at t = h (a rotating
// body's vertices move on arcs; the chord is what is tested). Pairs of bodies whose swept boxes are
// apart are skipped first. Each vertex–face pair that first meets at some time in the step, and is
// in front of the face at t = 0 by more than the touching band (touching pairs are the contact
// method's), gives one speculative contact: body A = the face's body, B = the vertex's, at the
// vertex's position at t = 0, with the face's unit outward normal at t = 0 (from A to B, as
// contact.h has it) and gap = the vertex's distance from the face's plane at t = 0 (> 0). The solver
// then lets the bodies close that gap within the step but not pass it (contact_constraints.h). Of a
// body pair, only the first impacts are kept — those within 5 % of the step of its earliest — and
// one per vertex (its earliest).
//
// Edge–edge CCD (`edge_edge`, on by default) catches what vertex–face CCD cannot: an edge sweeping
// through another with no vertex meeting a face (two thin bars crossing). Each edge pair (a surface
// edge of each body) that first meets within the step and is apart at t = 0 gives a speculative
// contact along the segments' closest points at t = 0: A = the lower-indexed body, at the point on
// B's edge, normal from A's closest point to B's, gap = their distance. One per edge pair, and only
// for a pair of bodies where no vertex meets a face among the first impacts (there they would
// repeat the vertex–face contacts).
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/dynamics/rigid_body.h"
#include "contactlab/scene/scene.h"
#include "contactlab/solver/contact_problem.h"

#include <vector>

namespace contactlab {

struct CcdContactsRequest {
  double time_step = 0.01;  ///< h, s
  /// A body pair is tested when a surface vertex of one of them moves farther in the step than this
  /// × the thinner body's thickness (the smallest side of its rest surface's box, in its own frame).
  double fast_fraction = 0.1;
  /// The touching band, relative to the smaller body's length (the diagonal of its rest surface's
  /// box): a pair closer than it at t = 0 is left to the contact method.
  double relative_band = 1e-9;
  /// Edge–edge impacts too (vertex–face only when false).
  bool edge_edge = true;
};

/// The speculative contacts of one step. `bodies` and `free` are the simulation's (free: the
/// velocities without contacts, as free_velocity gives them); `scene` gives the shapes, in the
/// same order.
std::vector<Contact> ccd_contacts(const Scene& scene, const std::vector<RigidBody>& bodies,
                                  const std::vector<BodyVelocity>& free, const CcdContactsRequest& request);

}  // namespace contactlab
