#include "contactlab/mesh/mass_properties.h"

#include "contactlab/core/aabb.h"
#include "contactlab/core/error.h"

#include <fmt/format.h>

#include <cmath>
#include <vector>

namespace contactlab {
namespace {

/// A solid whose volume is at most this fraction of its bounding-box diagonal cubed counts as
/// degenerate (flat): a plate 1e-12 of its size thick, far below any physical body and well above
/// the round-off of the signed-volume sums (~1e-15 of diagonal³).
constexpr double kDegenerateRelativeVolume = 1e-12;

/// Signed volume of the tet (0, a, b, c): a·(b×c)/6.
double signed_volume(const Vec3& a, const Vec3& b, const Vec3& c) { return a.dot(b.cross(c)) / 6.0; }

void check_density(double density, const char* source) {
  if (!std::isfinite(density) || density < 0.0) {
    throw InputError(source, 0, fmt::format("density must be finite and >= 0, got {}", density));
  }
}

/// Checks indices and coordinates of the used vertices; returns their bounding box.
template <std::size_t N>
Aabb check_elements(const std::vector<Vec3>& vertices, const std::vector<std::array<Index, N>>& elements,
                    const char* source, const char* element_name) {
  const Index n = static_cast<Index>(vertices.size());
  Aabb box;
  for (std::size_t e = 0; e < elements.size(); ++e) {
    for (Index v : elements[e]) {
      if (v < 0 || v >= n) {
        throw GeometryError(source, 0,
                            fmt::format("{} {} has vertex index {} out of range [0, {})", element_name, e, v, n));
      }
      if (!vertices[v].allFinite()) {
        throw GeometryError(source, 0,
                            fmt::format("vertex {} (used by {} {}) has a non-finite coordinate", v, element_name, e));
      }
      box.extend(vertices[v]);
    }
  }
  return box;
}

/// Shared two-pass integration over signed tets (apex, a, b, c) enumerated by `for_each_tet(f)`,
/// which calls f(p, a, b, c) with absolute coordinates.
template <class ForEachTet>
MassProperties integrate(const ForEachTet& for_each_tet, const Vec3& reference, const Aabb& box, double density) {
  // Pass 1: volume and first moment, corners taken relative to `reference` (a used vertex).
  double volume = 0.0;
  Vec3 first_moment = Vec3::Zero();
  for_each_tet([&](const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 pa = a - p, pb = b - p, pc = c - p;
    const double v = signed_volume(pa, pb, pc);
    volume += v;
    first_moment += v * (0.25 * ((p - reference) + (a - reference) + (b - reference) + (c - reference)));
  });

  MassProperties result;
  result.volume = volume;
  result.mass = density * volume;
  const double diagonal = box.diagonal();
  if (!(volume > kDegenerateRelativeVolume * diagonal * diagonal * diagonal)) {
    result.centroid = box.empty() ? Vec3::Zero() : box.center();
    return result;  // degenerate: zero inertia (see the header)
  }
  const Vec3 centroid = reference + first_moment / volume;
  result.centroid = centroid;

  // Pass 2: second moments about the centroid.
  Mat3 covariance = Mat3::Zero();
  for_each_tet([&](const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 pa = a - p, pb = b - p, pc = c - p;
    const double v = signed_volume(pa, pb, pc);
    // Translate the tet so that the centroid is the origin; the apex is then a corner ≠ 0, so use
    // the four-corner form: ∫ r rᵀ = v/20 (Σ_k v_k v_kᵀ + s sᵀ), s = Σ_k v_k.
    const Vec3 q0 = p - centroid, q1 = a - centroid, q2 = b - centroid, q3 = c - centroid;
    const Vec3 s = q0 + q1 + q2 + q3;
    covariance += (v / 20.0) * (q0 * q0.transpose() + q1 * q1.transpose() + q2 * q2.transpose() + q3 * q3.transpose() +
                                s * s.transpose());
  });
  covariance = 0.5 * (covariance + covariance.transpose()).eval();
  result.inertia = density * (covariance.trace() * Mat3::Identity() - covariance);
  return result;
}

}  // namespace

MassProperties mass_properties(const TetMesh& mesh, double density) {
  constexpr const char* kSource = "mass_properties(TetMesh)";
  check_density(density, kSource);
  const Aabb box = check_elements(mesh.vertices, mesh.tets, kSource, "tet");
  if (mesh.tets.empty()) return {};
  const Vec3 reference = mesh.corner(0, 0);
  auto for_each_tet = [&](const auto& f) {
    for (Index t = 0; t < mesh.tet_count(); ++t)
      f(mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2), mesh.corner(t, 3));
  };
  return integrate(for_each_tet, reference, box, density);
}

MassProperties mass_properties(const TriMesh& mesh, double density) {
  constexpr const char* kSource = "mass_properties(TriMesh)";
  check_density(density, kSource);
  const Aabb box = check_elements(mesh.vertices, mesh.triangles, kSource, "triangle");
  if (mesh.triangles.empty()) return {};
  // Divergence theorem: the solid is the signed sum of the tets (apex, a, b, c); any apex works for
  // a closed surface; a surface vertex keeps the coordinates at the mesh's scale.
  const Vec3 apex = mesh.corner(0, 0);
  auto for_each_tet = [&](const auto& f) {
    for (Index t = 0; t < mesh.triangle_count(); ++t) f(apex, mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2));
  };
  return integrate(for_each_tet, apex, box, density);
}

}  // namespace contactlab
