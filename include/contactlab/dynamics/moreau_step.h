// The two halves of a semi-implicit (Moreau) step of seed 003 §1.1, around the contact solve:
//
//   u_free = u + h M⁻¹ f_ext          (free_velocity: gravity and the gyroscopic term)
//   u⁺     = u_free + M⁻¹ Jᵀ λ        (the solver's velocity change)
//   q⁺     = q + h H(q) u⁺            (integrate_position, with the new velocity)
//
// Position update: c⁺ = c + h v⁺, and for the orientation q⁺ = normalise(q + (h/2) (0, ω⁺) ⊗ q).
// That is a rotation of exactly 2·atan(h|ω|/2) about ω (not h|ω|): the first-order update of the
// quaternion, renormalised, as the seed's q⁺ = q + h H u⁺ prescribes.
//
// Gyroscopic term: Euler's equations in the body frame, I ω̇ = −ω × I ω, are stepped implicitly —
// solve I(ω⁺ − ω) + h ω⁺ × I ω⁺ = 0 by one Newton step from ω (the treatment Bullet's
// btRigidBody::computeGyroscopicImpulseImplicit_Body uses, after Catto, GDC 2015). The explicit
// term would feed energy into a tumbling body; the implicit one loses a little instead, so a free
// body's kinetic energy never grows (tests/dynamics: moreau_step_test). Spin about a principal
// axis has ω × I ω = 0 and is kept exactly.
#pragma once

#include "contactlab/dynamics/rigid_body.h"

namespace contactlab {

/// u_free for one body: v + h g, and ω after the implicit gyroscopic step; zero for a fixed body.
BodyVelocity free_velocity(const RigidBody& body, const Vec3& gravity, double time_step);

/// Moves the centre and orientation of a movable body by one step with its current velocities.
void integrate_position(RigidBody& body, double time_step);

}  // namespace contactlab
