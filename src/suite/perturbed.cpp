// The perturbation study's scene (docs/suite.md "Dynamic studies"; Erleben 2018 §8.5).
#include "contactlab/suite/perturbed.h"

#include "contactlab/core/error.h"
#include "contactlab/suite/planar_interfaces.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace contactlab {
namespace {

// Uniform in [−1, 1] from the top 53 bits of a 64-bit Mersenne Twister draw. std::mt19937_64's
// output sequence is fixed by the standard, unlike std::uniform_real_distribution's mapping.
double symmetric_unit(std::mt19937_64& rng) {
  const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;  // [0, 1)
  return 2.0 * u - 1.0;
}

}  // namespace

Scene perturbed(const Scene& scene, double magnitude, std::uint64_t seed) {
  if (!std::isfinite(magnitude) || magnitude < 0.0) {
    throw InputError("", 0, "perturbation magnitude must be finite and >= 0, got " + std::to_string(magnitude));
  }
  Scene out = scene;
  std::mt19937_64 rng(seed);
  std::vector<Vec3> moved(out.bodies.size(), Vec3::Zero());
  for (std::size_t b = 0; b < out.bodies.size(); ++b) {
    Body& body = out.bodies[b];
    if (body.fixed) continue;
    const double dx = magnitude * symmetric_unit(rng);
    const double dz = magnitude * symmetric_unit(rng);
    moved[b] = Vec3(dx, 0.0, dz);
    body.position += moved[b];
  }
  if (out.ground_truth) {
    std::vector<ContactInterface> kept;
    for (ContactInterface i : out.ground_truth->interfaces) {
      if (i.planar) continue;
      // A point or segment region sits on the features of the body that moved: it goes along with
      // that body (with the mean displacement when both moved).
      const bool a_moved = !out.bodies[i.body_a].fixed, b_moved = !out.bodies[i.body_b].fixed;
      const Vec3 shift = a_moved && b_moved ? Vec3(0.5 * (moved[i.body_a] + moved[i.body_b]))
                                            : (a_moved ? moved[i.body_a] : moved[i.body_b]);
      for (PolygonCorner& corner : i.polygon) corner.position += shift;
      kept.push_back(std::move(i));
    }
    for (ContactInterface& i : find_planar_interfaces(out)) kept.push_back(std::move(i));
    std::stable_sort(kept.begin(), kept.end(), [](const ContactInterface& a, const ContactInterface& b) {
      return std::pair(a.body_a, a.body_b) < std::pair(b.body_a, b.body_b);
    });
    out.ground_truth->interfaces = std::move(kept);
  }
  return out;
}

}  // namespace contactlab
