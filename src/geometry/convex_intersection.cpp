#include "contactlab/geometry/convex_intersection.h"

#include "contactlab/geometry/deepest_point.h"
#include "qhull_3d.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

namespace contactlab {

double ConvexIntersection::area_on(int body) const {
  double total = 0.0;
  for (const IntersectionTriangle& t : triangles) {
    if (t.body == body) total += t.area;
  }
  return total;
}

ConvexIntersection convex_intersection(const ConvexPolyhedron& a, const ConvexPolyhedron& b,
                                       const ConvexIntersectionRequest& request) {
  if (!(request.epsilon > 0.0) || !std::isfinite(request.epsilon)) {
    throw std::invalid_argument("convex_intersection: epsilon must be finite and > 0");
  }
  ConvexIntersection out;
  if (!a.has_volume() || !b.has_volume() || a.vertices.empty() || b.vertices.empty()) {
    out.status = ConvexIntersectionStatus::kDegenerateInput;
    return out;
  }
  const double eps = request.epsilon;
  // Lines 1–3: GJK; farther apart than ε → nothing.
  out.gjk = gjk_distance(a.vertices, b.vertices);
  if (!(out.gjk.distance <= eps)) {
    out.status = ConvexIntersectionStatus::kSeparated;
    return out;
  }
  // Line 4: the deepest point of both sets of planes.
  std::vector<HalfSpace> planes;
  planes.reserve(a.planes.size() + b.planes.size());
  planes.insert(planes.end(), a.planes.begin(), a.planes.end());
  planes.insert(planes.end(), b.planes.begin(), b.planes.end());
  const DeepestPoint deepest = deepest_point(planes, 0.5 * (out.gjk.point_a + out.gjk.point_b));
  if (!deepest.bounded || !deepest.point.allFinite()) {
    out.status = ConvexIntersectionStatus::kFailed;
    return out;
  }
  const Vec3 x = deepest.point;
  out.interior_point = x;
  out.depth = deepest.depth;
  // Lines 5–6: dual points n / (h + shift − n · x). Thinner than ε at x (depth < ε: touching or
  // barely overlapping): every plane is moved out by ε − depth, so that the deepest point is ε
  // deep (the regularisation; see the header for how it differs from cvi.c's).
  const double shift = deepest.depth < eps ? eps - deepest.depth : 0.0;
  out.regularised = shift > 0.0;
  std::vector<double> dual;
  dual.reserve(3 * planes.size());
  for (const HalfSpace& p : planes) {
    const double slack = p.offset + shift - p.normal.dot(x);
    const Vec3 y = p.normal / std::max(slack, eps);  // slack ≥ ε but for rounding
    dual.insert(dual.end(), {y.x(), y.y(), y.z()});
  }
  // Line 7: their convex hull.
  geometry_detail::Qhull3d hull(dual, "");
  if (!hull.ok()) {
    out.status = ConvexIntersectionStatus::kFailed;
    return out;
  }
  qhT* qh = hull.get();
  // Line 8: each facet's polar point is a vertex of the intersection.
  facetT* facet = nullptr;
  unsigned next_index = 0;
  FORALLfacets {
    const Vec3 normal(facet->normal[0], facet->normal[1], facet->normal[2]);
    const double offset = facet->offset;  // normal · y + offset = 0, < 0 with the origin inside
    if (!(offset < 0.0)) {
      out.status = ConvexIntersectionStatus::kFailed;
      out.vertices.clear();
      return out;
    }
    const Vec3 v = x - normal / offset;
    if (!v.allFinite()) {
      out.status = ConvexIntersectionStatus::kFailed;
      out.vertices.clear();
      return out;
    }
    facet->visitid = next_index++;
    out.vertices.push_back(v);
  }
  // Line 9: each hull vertex (a plane that bounds the intersection) is a face: the polar points of
  // the facets around it, ordered counter-clockwise about the plane's normal by their angle about
  // their centroid (a convex polygon), fanned into triangles. (Not qh_order_vertexneighbors: on an
  // internal error it would end the process, Qhull's error exit being off outside qh_new_qhull.)
  qh_vertexneighbors(qh);
  const int count_a = static_cast<int>(a.planes.size());
  vertexT* vertex = nullptr;
  std::vector<int> polygon;
  std::vector<std::pair<double, int>> by_angle;
  int face_count = 0;
  FORALLvertices {
    polygon.clear();
    facetT *neighbor = nullptr, **neighborp = nullptr;
    FOREACHneighbor_(vertex) { polygon.push_back(static_cast<int>(neighbor->visitid)); }
    if (polygon.size() < 3) continue;
    const int plane_index = hull.point_index(vertex);
    if (plane_index < 0 || plane_index >= static_cast<int>(planes.size())) continue;
    const Vec3& n = planes[static_cast<std::size_t>(plane_index)].normal;
    Vec3 centre = Vec3::Zero();
    for (const int k : polygon) centre += out.vertices[static_cast<std::size_t>(k)];
    centre /= static_cast<double>(polygon.size());
    const Vec3 u = (std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(n).normalized();
    const Vec3 w = n.cross(u);  // (u, w, n) right-handed: increasing angle is counter-clockwise about n
    by_angle.clear();
    for (const int k : polygon) {
      const Vec3 d = out.vertices[static_cast<std::size_t>(k)] - centre;
      by_angle.emplace_back(std::atan2(d.dot(w), d.dot(u)), k);
    }
    std::sort(by_angle.begin(), by_angle.end());
    for (std::size_t i = 0; i < polygon.size(); ++i) polygon[i] = by_angle[i].second;
    // A face whose plane the other body has too (same direction, offsets within ε: one plane at
    // Solfec's precision): on both boundaries — Qhull keeps one of the two (nearly) equal dual
    // points, or splits the face between them, by rounding; labelled "both". (Within 1e-3 ε, two
    // wedges' end caps 0.007 ε apart stayed two planes, and which one got the face's area turned
    // the contact's normal by up to 75° between frames.)
    int body = plane_index < count_a ? 0 : 1;
    int own_index = plane_index < count_a ? plane_index : plane_index - count_a;
    const std::size_t other_begin = body == 0 ? static_cast<std::size_t>(count_a) : 0;
    const std::size_t other_end = body == 0 ? planes.size() : static_cast<std::size_t>(count_a);
    for (std::size_t j = other_begin; j < other_end; ++j) {
      const HalfSpace& p = planes[static_cast<std::size_t>(plane_index)];
      if (p.normal.dot(planes[j].normal) > 1.0 - 1e-12 && std::abs(p.offset - planes[j].offset) <= eps) {
        own_index = body == 0 ? own_index : static_cast<int>(j);  // A's index
        body = 2;
        break;
      }
    }
    for (std::size_t k = 1; k + 1 < polygon.size(); ++k) {
      IntersectionTriangle t;
      t.corners = {polygon[0], polygon[k], polygon[k + 1]};
      t.body = body;
      t.plane = own_index;
      t.face = face_count;
      t.normal = n;
      const Vec3& p0 = out.vertices[static_cast<std::size_t>(t.corners[0])];
      const Vec3& p1 = out.vertices[static_cast<std::size_t>(t.corners[1])];
      const Vec3& p2 = out.vertices[static_cast<std::size_t>(t.corners[2])];
      t.area = 0.5 * (p1 - p0).cross(p2 - p0).norm();
      // The signed volume of the cone from x: the polytope's volume is their sum.
      out.volume += (p0 - x).dot((p1 - x).cross(p2 - x)) / 6.0;
      out.triangles.push_back(t);
    }
    ++face_count;
  }
  out.volume = std::max(out.volume, 0.0);
  out.status = ConvexIntersectionStatus::kIntersecting;
  return out;
}

IntersectionSurfaceContact intersection_surface_contact(const ConvexIntersection& intersection) {
  IntersectionSurfaceContact out;
  if (intersection.triangles.empty()) return out;
  Vec3 point = Vec3::Zero(), normal = Vec3::Zero();
  double area = 0.0, weights = 0.0;
  // Lines 2–7, with each face's area squared (its triangles are consecutive, one face each).
  std::size_t k = 0;
  const auto& triangles = intersection.triangles;
  while (k < triangles.size()) {
    const IntersectionTriangle& first = triangles[k];
    double face_area = 0.0;
    for (; k < triangles.size() && triangles[k].face == first.face; ++k) {
      const IntersectionTriangle& t = triangles[k];
      const Vec3 centroid = (intersection.vertices[static_cast<std::size_t>(t.corners[0])] +
                             intersection.vertices[static_cast<std::size_t>(t.corners[1])] +
                             intersection.vertices[static_cast<std::size_t>(t.corners[2])]) /
                            3.0;
      point += t.area * centroid;
      face_area += t.area;
    }
    const double b = face_area * face_area;
    // A's faces point to B, B's faces point to A; a face on both boundaries is no interface: none.
    if (first.body != 2) normal += (first.body == 0 ? b : -b) * first.normal;
    area += face_area;
    weights += b;
  }
  const double length = normal.norm();
  if (!(area > 0.0) || !(length > 1e-12 * weights) || !std::isfinite(length)) return out;
  out.point = point / area;  // line 8
  out.normal = normal / length;
  out.area = 0.5 * area;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;  // line 12
  for (const Vec3& v : intersection.vertices) {
    const double s = out.normal.dot(v);
    lo = std::min(lo, s);
    hi = std::max(hi, s);
  }
  out.extent_gap = lo - hi;
  out.valid = out.point.allFinite() && out.normal.allFinite();
  return out;
}

}  // namespace contactlab
