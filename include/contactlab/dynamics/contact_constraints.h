// From a ContactSet to the solver's ContactProblem (solver/contact_problem.h): per contact a frame,
// Jacobian rows for both bodies, the free velocity and the friction coefficient.
//
// Frame: n = the contact normal (A → B), t and b a right-handed tangent basis (contact_frame).
// Rows (seed 003 §1.1): with r_A = p − c_A and r_B = p − c_B (p the contact position, c the centres
// of mass), the relative velocity along a unit d is dᵀ((v_B + ω_B × r_B) − (v_A + ω_A × r_A)), so
// body A's row is (−dᵀ, −(r_A × d)ᵀ) and body B's (dᵀ, (r_B × d)ᵀ), for d = n, t, b.
//
// Free velocity: b = J u_free. A contact with a positive gap g (separated, e.g. within
// closest-points' envelope) is *speculative*: its normal row gets + g/h, so the solver lets the
// bodies close the gap within the step but not pass it (seed 003 §1.1.1.1: φ + h v_n ≥ 0 in place
// of v_n ≥ 0). Touching and penetrating contacts (g ≤ 0) get nothing added: no stabilisation, as in
// the paper's simulations (§7), so a penetration is neither corrected nor deepened.
//
// Friction: μ = sqrt(μ_A μ_B) of the two bodies' coefficients (equal coefficients give that value).
// Contacts between two fixed bodies are left out: they can do nothing.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/dynamics/rigid_body.h"
#include "contactlab/solver/contact_problem.h"

#include <vector>

namespace contactlab {

struct ContactFrame {
  Vec3 normal, tangent, bitangent;  ///< orthonormal, bitangent = normal × tangent
};

/// A deterministic tangent basis for a unit normal: t = normalise(n × a), b = n × t, with a one of
/// two fixed directions of body A's frame (`axes`, its orientation), (1, √2, √3)/√6 or
/// (−√3, 1, √2)/√6, whichever is less aligned with n. The disk of PGS prox is isotropic, so its
/// results do not depend on this choice (pgs_prox.h); the polygon of the polyhedral LCP and the
/// square of the boxed LCP are not. Taken from body A, which turns with the scene, the basis turns
/// with it: a rotated scene gives the rotated result (tests/dynamics/simulation_frame_test.cpp).
/// The directions are oblique on purpose: with A's own axes, a normal along one of them left two
/// axes tied, round-off picked either, and Lemke — whose answer on an indeterminate problem (a box
/// on four corners) depends on the order of the cone's directions — moved the box differently in a
/// turned frame. The two directions are not tied for any normal along A's axes.
ContactFrame contact_frame(const Vec3& normal, const Quat& axes = Quat::Identity());

struct ContactConstraints {
  ContactProblem problem;            ///< bodies: all of them, in scene order
  std::vector<std::size_t> contact;  ///< for each constraint, its index in the ContactSet
};

/// Builds the problem for `contacts` (scene body indices) with the bodies' free velocities
/// `free` (free_velocity of each body) and the step h.
ContactConstraints build_contact_constraints(const ContactSet& contacts, const std::vector<RigidBody>& bodies,
                                             const std::vector<BodyVelocity>& free, double time_step);

}  // namespace contactlab
