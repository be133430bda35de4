// Mid-plane contacts and canonical order for Opposing and Growth (see mid_plane_contacts.h).
#include "methods/mid_plane_contacts.h"
#include "methods/element_pair_contact.h"

#include "contactlab/geometry/tetrahedron_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace contactlab::contact_detail {

void append_mid_plane_contacts(std::span<const LabelledPoint> points, const Vec3& normal, const MethodBody& a,
                               Index tet_a, const MethodBody& b, Index tet_b, double tolerance,
                               std::vector<Contact>& sink, Placement placement) {
  if (points.empty()) return;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  for (const LabelledPoint& p : points) {
    const double t = normal.dot(p.position);
    lo = std::min(lo, t);
    hi = std::max(hi, t);
  }
  const double extent = hi - lo;
  const double gap = extent <= tolerance ? 0.0 : -extent;
  const double plane = 0.5 * (lo + hi);
  const std::size_t first = sink.size();
  const double tolerance2 = tolerance * tolerance;
  for (const LabelledPoint& p : points) {
    const Vec3 q =
        placement == Placement::kMidPlane ? Vec3(p.position - (normal.dot(p.position) - plane) * normal) : p.position;
    bool duplicate = false;
    for (std::size_t i = first; i < sink.size() && !duplicate; ++i) {
      duplicate = (sink[i].position - q).squaredNorm() <= tolerance2;
    }
    if (duplicate) continue;
    sink.push_back(element_pair_contact(a, tet_a, b, tet_b, q, normal, gap, p.feature_a, p.feature_b));
  }
}

Vec3 face_area_vector(const std::array<Vec3, 4>& tet, int f) {
  const auto& k = kTetFaces[static_cast<std::size_t>(f)];
  const Vec3& p0 = tet[static_cast<std::size_t>(k[0])];
  return (tet[static_cast<std::size_t>(k[1])] - p0).cross(tet[static_cast<std::size_t>(k[2])] - p0);
}

}  // namespace contactlab::contact_detail
