// Speculative contacts from continuous collision detection over one step (issue 18 item 4; seed
// 003 §1.2 for the CCD, §1.1.1.1 for contacts with a positive gap): what keeps a fast body from
// tunnelling through a thin one, where the contacts of the step's start see nothing yet.
//
// For every movable body that moves fast during the step — a surface vertex travels farther than
// `fast_fraction` × the body's length under its free velocity (gravity included, before contacts) —
// vertex–face CCD (ccd/inclusion_ccd.h, no false negatives) between its surface vertices and every
// other body's surface triangles, and between the other body's vertices and its triangles, over the
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
// Edge–edge impacts (an edge sweeping through another without any vertex meeting a face) are not
// turned into contacts yet: a box dropped on a plate, the case of the issue, meets it with vertices.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/dynamics/rigid_body.h"
#include "contactlab/scene/scene.h"
#include "contactlab/solver/contact_problem.h"

#include <vector>

namespace contactlab {

struct CcdContactsRequest {
  double time_step = 0.01;  ///< h, s
  /// A body is fast when a surface vertex moves farther than this × its length in the step.
  double fast_fraction = 0.1;
  /// The touching band, relative to the smaller body's length (the diagonal of its rest surface's
  /// box): a pair closer than it at t = 0 is left to the contact method.
  double relative_band = 1e-9;
};

/// The speculative contacts of one step. `bodies` and `free` are the simulation's (free: the
/// velocities without contacts, as free_velocity gives them); `scene` gives the shapes, in the
/// same order.
std::vector<Contact> ccd_contacts(const Scene& scene, const std::vector<RigidBody>& bodies,
                                  const std::vector<BodyVelocity>& free, const CcdContactsRequest& request);

}  // namespace contactlab
