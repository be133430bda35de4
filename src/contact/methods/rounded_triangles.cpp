#include "contactlab/contact/methods/rounded_triangles.h"

#include "contactlab/core/error.h"
#include "contactlab/geometry/rounded_triangle_contact.h"
#include "methods/tet_surface_triangles.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

/// A strict order of triangles by their corners' coordinates (lexicographic).
bool triangle_less(const std::array<Vec3, 3>& p, const std::array<Vec3, 3>& q) {
  for (std::size_t c = 0; c < 3; ++c) {
    for (int k = 0; k < 3; ++k) {
      if (p[c][k] != q[c][k]) return p[c][k] < q[c][k];
    }
  }
  return false;
}

class RoundedTrianglesMethod final : public ContactMethod {
 public:
  explicit RoundedTrianglesMethod(const RoundedTrianglesParameters& p) : parameters_(p) {
    if (!(p.roundness >= 1.0) || !std::isfinite(p.roundness)) {
      throw InputError("rounded-triangles", 0, "roundness: expected a finite number >= 1");
    }
    if (!(p.relative_depth_limit > 0.0) || !std::isfinite(p.relative_depth_limit)) {
      throw InputError("rounded-triangles", 0, "relative_depth_limit: expected a finite number > 0");
    }
    if (!(p.relative_margin >= 0.0) || !std::isfinite(p.relative_margin)) {
      throw InputError("rounded-triangles", 0, "relative_margin: expected a finite number >= 0");
    }
  }
  std::string name() const override { return "rounded-triangles"; }
  std::string summary() const override {
    return "seed 000's rounded triangles: surface triangle pairs with encompassing spheres, the overlap of their "
           "projections on the spheres' contact plane, its point nearest the contact circle's centre";
  }
  double candidate_margin(const MethodSettings& settings) const override {
    return std::max(parameters_.relative_margin, parameters_.relative_depth_limit) * settings.length_scale;
  }
  std::map<std::string, ParameterValue> parameters(const MethodSettings& settings) const override {
    return {{"roundness", parameters_.roundness},
            {"relative_margin", parameters_.relative_margin},
            {"relative_depth_limit", parameters_.relative_depth_limit},
            {"relative_tolerance", settings.tolerance.relative}};
  }
  bool uses_tet_planes() const override { return false; }
  bool reports_areas() const override { return true; }

  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    const double band = settings.absolute_tolerance();
    const double depth_reach = parameters_.relative_depth_limit * settings.length_scale;
    const contact_detail::TetSurfaceTriangles ta = contact_detail::tet_surface_triangles(a, tet_a);
    const contact_detail::TetSurfaceTriangles tb = contact_detail::tet_surface_triangles(b, tet_b);
    for (int i = 0; i < ta.count; ++i) {
      const contact_detail::SurfaceTriangle& p = ta.triangles[static_cast<std::size_t>(i)];
      if (p.degenerate) continue;
      for (int j = 0; j < tb.count; ++j) {
        const contact_detail::SurfaceTriangle& q = tb.triangles[static_cast<std::size_t>(j)];
        if (q.degenerate) continue;
        // The canonical order: the same arithmetic whichever body is A.
        const bool swapped = triangle_less(q.x, p.x);
        const auto hit = swapped ? rounded_triangle_contact(q.x, p.x, parameters_.roundness, band, depth_reach)
                                 : rounded_triangle_contact(p.x, q.x, parameters_.roundness, band, depth_reach);
        if (!hit) continue;
        Contact c;
        c.body_a = a.index;
        c.body_b = b.index;
        c.position = hit->point;
        c.normal = swapped ? Vec3(-hit->normal) : hit->normal;
        c.gap = -hit->overlap;
        c.feature_a = {FeatureType::kFace, p.triangle};
        c.feature_b = {FeatureType::kFace, q.triangle};
        c.element_a = tet_a;
        c.element_b = tet_b;
        c.area = hit->area;
        c.has_area = true;
        sink.push_back(c);
      }
    }
  }

 private:
  RoundedTrianglesParameters parameters_;
};

}  // namespace

const ContactMethod& rounded_triangles_method() {
  static const RoundedTrianglesMethod method{RoundedTrianglesParameters{}};
  return method;
}

std::unique_ptr<ContactMethod> make_rounded_triangles_method(const RoundedTrianglesParameters& parameters) {
  return std::make_unique<RoundedTrianglesMethod>(parameters);
}

}  // namespace contactlab
