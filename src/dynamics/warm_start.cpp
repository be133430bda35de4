#include "contactlab/dynamics/warm_start.h"

#include "contactlab/dynamics/contact_constraints.h"

#include <algorithm>
#include <limits>

namespace contactlab {

std::vector<Vec3> ContactImpulseMemory::initial_impulses(const ContactSet& contacts,
                                                         const std::vector<std::size_t>& constrained,
                                                         const std::vector<RigidBody>& bodies) const {
  if (records_.empty()) return {};
  std::vector<Vec3> out(constrained.size(), Vec3::Zero());
  for (std::size_t k = 0; k < constrained.size(); ++k) {
    const Contact& c = contacts.contacts[constrained[k]];
    const auto found = records_.find({c.body_a, c.body_b});
    if (found == records_.end()) continue;
    const RigidBody& a = bodies[static_cast<std::size_t>(c.body_a)];
    const Quat to_a = a.orientation.conjugate();
    const Vec3 position = to_a * (c.position - a.centre);
    const Vec3 normal = to_a * c.normal;
    const double radius = kMatchRadius * std::min(lengths_[static_cast<std::size_t>(c.body_a)],
                                                  lengths_[static_cast<std::size_t>(c.body_b)]);
    // The nearest within the radius with a close normal; ties go to the earlier record, so the
    // choice repeats run to run.
    const Record* best = nullptr;
    double best_distance = std::numeric_limits<double>::infinity();
    for (const Record& r : found->second) {
      const double d = (r.position - position).norm();
      if (d <= radius && r.normal.dot(normal) >= kMatchCosine && d < best_distance) best = &r, best_distance = d;
    }
    if (!best) continue;
    const Vec3 impulse = a.orientation * best->impulse;  // world
    const ContactFrame frame = contact_frame(c.normal, a.orientation);
    // Only a pushing normal impulse carries over (a rounding-negative one would start infeasible).
    out[k] = Vec3(std::max(0.0, impulse.dot(frame.normal)), impulse.dot(frame.tangent), impulse.dot(frame.bitangent));
  }
  return out;
}

void ContactImpulseMemory::remember(const ContactSet& contacts, const std::vector<std::size_t>& constrained,
                                    const std::vector<Vec3>& impulses, const std::vector<RigidBody>& bodies) {
  records_.clear();
  for (std::size_t k = 0; k < constrained.size() && k < impulses.size(); ++k) {
    const Contact& c = contacts.contacts[constrained[k]];
    const RigidBody& a = bodies[static_cast<std::size_t>(c.body_a)];
    const Quat to_a = a.orientation.conjugate();
    const ContactFrame frame = contact_frame(c.normal, a.orientation);
    const Vec3 world =
        impulses[k].x() * frame.normal + impulses[k].y() * frame.tangent + impulses[k].z() * frame.bitangent;
    records_[{c.body_a, c.body_b}].push_back({to_a * (c.position - a.centre), to_a * c.normal, to_a * world});
  }
}

}  // namespace contactlab
