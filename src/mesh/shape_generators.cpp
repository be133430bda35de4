// Built-in shape generators (see generators.h for shapes, vertex orders and diagonals).
//
// Every surface is assembled by SurfaceBuilder from explicit corner coordinates: a vertex is
// created the first time its exact coordinates appear and reused afterwards, so shared corners are
// bit-identical and there are no duplicate vertices by construction. Faces are listed
// counter-clockwise seen from outside; a rectangular face "quad(a, b, c, d)" is split along a–c.
#include "contactlab/mesh/shape_generators.h"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <map>
#include <numbers>

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/mesh/validate.h"

namespace contactlab {
namespace {

constexpr double kPi = std::numbers::pi;
// Tetrahedralising a frustum costs about slices² (TetGen, default switches "pq2.0Y", measured on
// the shared 2-core development machine: 200 slices 0.5 s, 300 1.0 s, 500 2.2 s, 700 6.2 s, 1000
// 16 s; the refined switches take about 3.5 times as long). 500 keeps one shape near 2 s; a
// finer polygon than that is no more use to a contact method than 500 sides.
constexpr int kMaxSlices = 500;

/// x + 0.0 turns −0.0 into +0.0 and leaves every other value unchanged.
double positive_zero(double x) { return x + 0.0; }

// ---------------------------------------------------------------------------------------------
// Assembly

class SurfaceBuilder {
 public:
  Index vertex(const Vec3& p) {
    // -0.0 and 0.0 compare equal, so they map to one vertex (the first one stored).
    const auto [it, inserted] = index_.try_emplace({p.x(), p.y(), p.z()}, mesh_.vertex_count());
    if (inserted) mesh_.vertices.push_back(p);
    return it->second;
  }
  /// Adds triangle (a, b, c) unless two of its corners are the same vertex (a collapsed side of
  /// a cone).
  void triangle(Index a, Index b, Index c) {
    if (a == b || b == c || c == a) return;
    mesh_.triangles.push_back({a, b, c});
  }
  void triangle(const Vec3& a, const Vec3& b, const Vec3& c) { triangle(vertex(a), vertex(b), vertex(c)); }
  /// Quad a, b, c, d (counter-clockwise seen from outside), split along the diagonal a–c.
  void quad(Index a, Index b, Index c, Index d) {
    triangle(a, b, c);
    triangle(a, c, d);
  }
  void quad(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    quad(vertex(a), vertex(b), vertex(c), vertex(d));
  }
  TriMesh take() { return std::move(mesh_); }

 private:
  std::map<std::array<double, 3>, Index> index_;
  TriMesh mesh_;
};

/// Prism along z, z ∈ [z0, z1], over the simple polygon `polygon` (counter-clockwise in the xy
/// plane seen from +z). `cap` triangulates the polygon (index triples into `polygon`,
/// counter-clockwise seen from +z); the z1 cap uses it as is, the z0 cap reversed. Side k, between
/// polygon vertices k and k+1, is the quad (k, z0), (k+1, z0), (k+1, z1), (k, z1), split from
/// (k, z0) to (k+1, z1).
TriMesh extruded_polygon(const std::vector<Vec2>& polygon, const std::vector<std::array<int, 3>>& cap, double z0,
                         double z1) {
  SurfaceBuilder builder;
  const auto n = static_cast<int>(polygon.size());
  const auto at = [&](int k, double z) { return builder.vertex(Vec3(polygon[k].x(), polygon[k].y(), z)); };
  for (int k = 0; k < n; ++k) at(k, z0);
  for (int k = 0; k < n; ++k) at(k, z1);
  for (const auto& t : cap) builder.triangle(at(t[0], z0), at(t[2], z0), at(t[1], z0));
  for (const auto& t : cap) builder.triangle(at(t[0], z1), at(t[1], z1), at(t[2], z1));
  for (int k = 0; k < n; ++k) {
    const int next = (k + 1) % n;
    builder.quad(at(k, z0), at(next, z0), at(next, z1), at(k, z1));
  }
  return builder.take();
}

/// (cos, sin) of 2π·k/n, evaluated on the angle reduced to [0, π/4] so that quarter-turn points
/// are exact and the points k and n − k are exact mirror images.
Vec2 circle_point(int k, int n) {
  const long long four_k = 4LL * k;
  const auto quadrant = static_cast<int>((four_k / n) % 4);
  const long long rest = four_k % n;  // angle inside the quadrant = (π/2)·rest/n
  double c = 0.0;
  double s = 0.0;
  if (2 * rest <= n) {
    const double angle = 0.5 * kPi * static_cast<double>(rest) / n;
    c = std::cos(angle);
    s = std::sin(angle);
  } else {
    const double angle = 0.5 * kPi * static_cast<double>(n - rest) / n;
    c = std::sin(angle);
    s = std::cos(angle);
  }
  switch (quadrant) {
    case 0:
      return {c, s};
    case 1:
      return {positive_zero(-s), c};
    case 2:
      return {positive_zero(-c), positive_zero(-s)};
    default:
      return {s, positive_zero(-c)};
  }
}

/// (cos θ, sin θ), exact when θ is a multiple of π/2 in double arithmetic.
Vec2 direction(double theta) {
  const double quarter = std::round(theta / (0.5 * kPi));
  if (quarter * (0.5 * kPi) == theta && std::abs(quarter) < 1e9) {
    const auto q = static_cast<long long>(quarter);
    switch (((q % 4) + 4) % 4) {
      case 0:
        return {1.0, 0.0};
      case 1:
        return {0.0, 1.0};
      case 2:
        return {-1.0, 0.0};
      default:
        return {0.0, -1.0};
    }
  }
  return {std::cos(theta), std::sin(theta)};
}

// ---------------------------------------------------------------------------------------------
// Parameter checks. `where` names the origin (a function or a scene field); the error's source is
// where.parameter.

std::string field(const std::string& where, const std::string& parameter) {
  return where.empty() ? parameter : where + "." + parameter;
}

[[noreturn]] void fail(const std::string& where, const std::string& parameter, const std::string& what) {
  throw InputError(field(where, parameter), 0, what);
}

std::string number(double value) { return fmt::format("{}", value); }

// Lengths become coordinates: beyond kMaxCoordinateMagnitude the geometry's products overflow.
void require_length_limit(const std::string& where, const std::string& parameter, double value) {
  if (value > kMaxCoordinateMagnitude) {
    fail(where, parameter,
         fmt::format("expected a length of at most {:g} (kMaxCoordinateMagnitude), got {}", kMaxCoordinateMagnitude,
                     number(value)));
  }
}

void require_positive(const std::string& where, const std::string& parameter, double value) {
  if (!(std::isfinite(value) && value > 0.0))
    fail(where, parameter, "expected a positive number, got " + number(value));
  require_length_limit(where, parameter, value);
}

void require_non_negative(const std::string& where, const std::string& parameter, double value) {
  if (!(std::isfinite(value) && value >= 0.0)) {
    fail(where, parameter, "expected a number ≥ 0, got " + number(value));
  }
  require_length_limit(where, parameter, value);
}

void require_finite(const std::string& where, const std::string& parameter, double value) {
  if (!std::isfinite(value)) fail(where, parameter, "expected a finite number, got " + number(value));
}

void check_slices(const std::string& where, double slices) {
  if (!(std::isfinite(slices) && slices == std::floor(slices) && slices >= 3.0)) {
    fail(where, "slices", "expected an integer ≥ 3, got " + number(slices));
  }
  if (slices > kMaxSlices) {
    fail(where, "slices",
         fmt::format("expected an integer ≤ {} (the cap: tetrahedralisation time grows with slices², about 2 s at "
                     "{}), got {}",
                     kMaxSlices, kMaxSlices, slices));
  }
}

void check_box(const std::string& where, const Vec3& size) {
  if (!(size.allFinite() && (size.array() > 0.0).all())) {
    fail(where, "size", fmt::format("expected 3 positive numbers, got [{}, {}, {}]", size.x(), size.y(), size.z()));
  }
  if (size.maxCoeff() > kMaxCoordinateMagnitude) {
    fail(where, "size",
         fmt::format("expected lengths of at most {:g} (kMaxCoordinateMagnitude), got [{}, {}, {}]",
                     kMaxCoordinateMagnitude, size.x(), size.y(), size.z()));
  }
}

void check_frustum(const std::string& where, double slices, double bottom_radius, double top_radius, double height,
                   double phase) {
  check_slices(where, slices);
  require_non_negative(where, "bottom_radius", bottom_radius);
  require_non_negative(where, "top_radius", top_radius);
  if (bottom_radius == 0.0 && top_radius == 0.0) {
    fail(where, "top_radius",
         "expected a positive number when bottom_radius is 0 (at most one radius may be 0), got 0");
  }
  require_positive(where, "height", height);
  require_finite(where, "phase", phase);
}

void check_pyramid(const std::string& where, double height, double half_base) {
  require_positive(where, "height", height);
  require_positive(where, "half_base", half_base);
}

void check_voussoir(const std::string& where, double inner_radius, double outer_radius, double theta0, double theta1,
                    double depth) {
  require_positive(where, "inner_radius", inner_radius);
  require_positive(where, "outer_radius", outer_radius);
  if (!(outer_radius > inner_radius)) {
    fail(where, "outer_radius",
         fmt::format("expected a number > inner_radius = {}, got {}", inner_radius, outer_radius));
  }
  require_finite(where, "theta0", theta0);
  require_finite(where, "theta1", theta1);
  const double span = theta1 - theta0;
  if (!(span > 0.0 && span < kPi)) {
    fail(where, "theta1", fmt::format("expected theta0 < theta1 < theta0 + π (theta0 = {}), got {}", theta0, theta1));
  }
  require_positive(where, "depth", depth);
}

// ---------------------------------------------------------------------------------------------
// Generators after their parameters were checked.

TriMesh build_box(const Vec3& size) {
  const Vec3 h = 0.5 * size;
  SurfaceBuilder builder;
  // Corner i + 2j + 4k has x = ±h.x for i = 0/1, y for j, z for k.
  Index c[8];
  for (int i = 0; i < 8; ++i) {
    c[i] = builder.vertex(Vec3((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z()));
  }
  // Each face starts at its (−,−) corner in the two in-plane coordinates: diagonal (−,−)–(+,+).
  builder.quad(c[0], c[4], c[6], c[2]);  // −x
  builder.quad(c[1], c[3], c[7], c[5]);  // +x
  builder.quad(c[0], c[1], c[5], c[4]);  // −y
  builder.quad(c[2], c[6], c[7], c[3]);  // +y
  builder.quad(c[0], c[2], c[3], c[1]);  // −z
  builder.quad(c[4], c[5], c[7], c[6]);  // +z
  return builder.take();
}

TriMesh build_frustum(int slices, double bottom_radius, double top_radius, double height, double phase) {
  const double cos_phase = std::cos(phase);
  const double sin_phase = std::sin(phase);
  const auto corner = [&](double radius, double y, int k) {
    Vec2 d = circle_point(k, slices);
    if (phase != 0.0) d = Vec2(cos_phase * d.x() - sin_phase * d.y(), sin_phase * d.x() + cos_phase * d.y());
    return Vec3(positive_zero(radius * d.x()), y, positive_zero(radius * d.y()));
  };
  SurfaceBuilder builder;
  std::vector<Index> bottom(slices), top(slices);
  for (int k = 0; k < slices; ++k) bottom[k] = builder.vertex(corner(bottom_radius, 0.0, k));
  for (int k = 0; k < slices; ++k) top[k] = builder.vertex(corner(top_radius, height, k));
  const Index bottom_centre = builder.vertex(Vec3(0.0, 0.0, 0.0));
  const Index top_centre = builder.vertex(Vec3(0.0, height, 0.0));
  // Corner k lies at increasing angle from +x towards +z, i.e. clockwise seen from above.
  for (int k = 0; k < slices; ++k) {
    const int next = (k + 1) % slices;
    if (bottom_radius > 0.0) builder.triangle(bottom_centre, bottom[k], bottom[next]);
    if (top_radius > 0.0) builder.triangle(top_centre, top[next], top[k]);
    builder.quad(bottom[k], top[k], top[next], bottom[next]);  // a cone drops the collapsed half
  }
  return builder.take();
}

TriMesh build_spike(double height, double half_base) {
  const double b = half_base;
  SurfaceBuilder builder;
  // Base corners at increasing angle from +x towards +z (counter-clockwise seen from below).
  const Index base[4] = {builder.vertex(Vec3(-b, 0, -b)), builder.vertex(Vec3(b, 0, -b)), builder.vertex(Vec3(b, 0, b)),
                         builder.vertex(Vec3(-b, 0, b))};
  const Index apex = builder.vertex(Vec3(0, height, 0));
  builder.quad(base[0], base[1], base[2], base[3]);
  for (int k = 0; k < 4; ++k) builder.triangle(base[k], apex, base[(k + 1) % 4]);
  return builder.take();
}

TriMesh build_wedge(double height, double half_base, double half_length) {
  const double b = half_base;
  const double l = half_length;
  SurfaceBuilder builder;
  const Vec3 base[4] = {{-b, 0, -l}, {b, 0, -l}, {b, 0, l}, {-b, 0, l}};
  const Vec3 ridge_back(0, height, -l), ridge_front(0, height, l);
  builder.quad(base[0], base[1], base[2], base[3]);         // bottom, normal −y
  builder.triangle(base[0], ridge_back, base[1]);           // z = −l
  builder.triangle(base[2], ridge_front, base[3]);          // z = +l
  builder.quad(base[1], ridge_back, ridge_front, base[2]);  // x > 0
  builder.quad(base[3], ridge_front, ridge_back, base[0]);  // x < 0
  return builder.take();
}

TriMesh build_voussoir(double inner_radius, double outer_radius, double theta0, double theta1, double depth) {
  const Vec2 d0 = direction(theta0);
  const Vec2 d1 = direction(theta1);
  const std::vector<Vec2> quad{inner_radius * d0, outer_radius * d0, outer_radius * d1, inner_radius * d1};
  return extruded_polygon(quad, {{0, 1, 2}, {0, 2, 3}}, -0.5 * depth, 0.5 * depth);
}

/// Icosahedron subdivided `subdivisions` times (each triangle into four at its sides' midpoints),
/// every vertex pushed out onto the sphere of `radius` about the origin.
TriMesh build_sphere(double radius, int subdivisions) {
  const double phi = 0.5 * (1.0 + std::sqrt(5.0));
  std::vector<Vec3> points{{-1, phi, 0},  {1, phi, 0},  {-1, -phi, 0}, {1, -phi, 0}, {0, -1, phi},  {0, 1, phi},
                           {0, -1, -phi}, {0, 1, -phi}, {phi, 0, -1},  {phi, 0, 1},  {-phi, 0, -1}, {-phi, 0, 1}};
  for (Vec3& x : points) x.normalize();
  std::vector<std::array<Index, 3>> faces{{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                                          {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                                          {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                                          {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  for (int level = 0; level < subdivisions; ++level) {
    std::map<std::pair<Index, Index>, Index> midpoint;
    const auto middle = [&](Index a, Index b) {
      const auto key = std::minmax(a, b);
      const auto [it, inserted] = midpoint.try_emplace({key.first, key.second}, static_cast<Index>(points.size()));
      if (inserted)
        points.push_back((points[static_cast<std::size_t>(a)] + points[static_cast<std::size_t>(b)]).normalized());
      return it->second;
    };
    std::vector<std::array<Index, 3>> finer;
    finer.reserve(4 * faces.size());
    for (const auto& [a, b, c] : faces) {
      const Index ab = middle(a, b), bc = middle(b, c), ca = middle(c, a);
      finer.push_back({a, ab, ca});
      finer.push_back({b, bc, ab});
      finer.push_back({c, ca, bc});
      finer.push_back({ab, bc, ca});
    }
    faces = std::move(finer);
  }
  TriMesh mesh;
  for (const Vec3& x : points) mesh.vertices.push_back(radius * x);
  for (auto [a, b, c] : faces) {
    const Vec3 &pa = points[static_cast<std::size_t>(a)], &pb = points[static_cast<std::size_t>(b)],
               &pc = points[static_cast<std::size_t>(c)];
    if ((pb - pa).cross(pc - pa).dot(pa + pb + pc) < 0.0) std::swap(b, c);  // outward
    mesh.triangles.push_back({a, b, c});
  }
  return mesh;
}

/// Box of full `size` centred at the origin whose top (y = size.y / 2) is a grid of divisions ×
/// divisions quads, each split from its corner with the smaller x and z to the opposite one; each
/// side a row of `divisions` quads down to the bottom edge, divided alike; the bottom a fan from its
/// centre over the 4 × divisions boundary points.
TriMesh build_plate(const Vec3& size, int divisions) {
  SurfaceBuilder builder;
  const int n = divisions;
  const double hx = 0.5 * size.x(), hy = 0.5 * size.y(), hz = 0.5 * size.z();
  const auto x_at = [&](int i) { return i == n ? hx : -hx + size.x() * i / n; };
  const auto z_at = [&](int k) { return k == n ? hz : -hz + size.z() * k / n; };
  const auto top = [&](int i, int k) { return builder.vertex(Vec3(x_at(i), hy, z_at(k))); };
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < n; ++k) builder.quad(top(i, k), top(i, k + 1), top(i + 1, k + 1), top(i + 1, k));  // +y
  }
  // The boundary, counter-clockwise seen from below (increasing angle from +x towards +z): its
  // top points and their bottom twins.
  std::vector<std::pair<int, int>> ring;
  for (int i = 0; i < n; ++i) ring.push_back({i, 0});
  for (int k = 0; k < n; ++k) ring.push_back({n, k});
  for (int i = n; i > 0; --i) ring.push_back({i, n});
  for (int k = n; k > 0; --k) ring.push_back({0, k});
  const Index centre = builder.vertex(Vec3(0.0, -hy, 0.0));
  for (std::size_t j = 0; j < ring.size(); ++j) {
    const auto [i0, k0] = ring[j];
    const auto [i1, k1] = ring[(j + 1) % ring.size()];
    const Index b0 = builder.vertex(Vec3(x_at(i0), -hy, z_at(k0))), b1 = builder.vertex(Vec3(x_at(i1), -hy, z_at(k1)));
    builder.quad(b0, top(i0, k0), top(i1, k1), b1);  // side, outward
    builder.triangle(centre, b0, b1);                // bottom, −y
  }
  return builder.take();
}

void check_count(const std::string& where, const std::string& parameter, double value, int low, int high,
                 const std::string& why) {
  if (!(std::isfinite(value) && value == std::floor(value) && value >= low && value <= high)) {
    fail(where, parameter,
         fmt::format("expected an integer from {} to {} ({}), got {}", low, high, why, number(value)));
  }
}

// ---------------------------------------------------------------------------------------------
// Registry

struct Generator {
  GeneratorInfo info;
  TriMesh (*run)(const ShapeParams& params);  // params complete and checked by `check`
  void (*check)(const ShapeParams& params, const std::string& where);
};

double one(const ShapeParams& params, const char* name) { return params.at(name).front(); }

const std::vector<Generator>& generators() {
  static const std::vector<Generator> list = {
      {{"box", "box of full size [x, y, z] centred at the origin", {{"size", {}}}},
       [](const ShapeParams& p) {
         const auto& s = p.at("size");
         return build_box(Vec3(s[0], s[1], s[2]));
       },
       [](const ShapeParams& p, const std::string& where) {
         const auto& s = p.at("size");
         check_box(where, Vec3(s[0], s[1], s[2]));
       }},
      {{"frustum",
        "regular-polygon frustum (prism, cone) from y = 0 to height, corner 0 at angle phase from +x",
        {{"slices", {}}, {"bottom_radius", {}}, {"top_radius", {}}, {"height", {}}, {"phase", {0.0}}}},
       [](const ShapeParams& p) {
         return build_frustum(static_cast<int>(one(p, "slices")), one(p, "bottom_radius"), one(p, "top_radius"),
                              one(p, "height"), one(p, "phase"));
       },
       [](const ShapeParams& p, const std::string& where) {
         check_frustum(where, one(p, "slices"), one(p, "bottom_radius"), one(p, "top_radius"), one(p, "height"),
                       one(p, "phase"));
       }},
      {{"spike",
        "square pyramid, apex (0, height, 0), base corners (±half_base, 0, ±half_base)",
        {{"height", {2.4}}, {"half_base", {0.8}}}},
       [](const ShapeParams& p) { return build_spike(one(p, "height"), one(p, "half_base")); },
       [](const ShapeParams& p, const std::string& where) {
         check_pyramid(where, one(p, "height"), one(p, "half_base"));
       }},
      {{"wedge",
        "triangular prism, ridge (0, height, ±half_length), base (±half_base, 0, ±half_length)",
        {{"height", {2.4}}, {"half_base", {0.8}}, {"half_length", {1.6}}}},
       [](const ShapeParams& p) { return build_wedge(one(p, "height"), one(p, "half_base"), one(p, "half_length")); },
       [](const ShapeParams& p, const std::string& where) {
         check_pyramid(where, one(p, "height"), one(p, "half_base"));
         require_positive(where, "half_length", one(p, "half_length"));
       }},
      {{"crack", "block 2 x 1 x 4 with a 45° V-groove along z, groove line x = 0, y = 0", {}},
       [](const ShapeParams&) { return crack_surface(); },
       [](const ShapeParams&, const std::string&) {}},
      {{"hole", "block 2 x 1 x 2 with an inverted square-pyramid hole, bottom vertex (0, 0, 0)", {}},
       [](const ShapeParams&) { return hole_surface(); },
       [](const ShapeParams&, const std::string&) {}},
      {{"voussoir",
        "arch stone between two radii and two angles about the z axis, planar faces",
        {{"inner_radius", {}}, {"outer_radius", {}}, {"theta0", {}}, {"theta1", {}}, {"depth", {}}}},
       [](const ShapeParams& p) {
         return build_voussoir(one(p, "inner_radius"), one(p, "outer_radius"), one(p, "theta0"), one(p, "theta1"),
                               one(p, "depth"));
       },
       [](const ShapeParams& p, const std::string& where) {
         check_voussoir(where, one(p, "inner_radius"), one(p, "outer_radius"), one(p, "theta0"), one(p, "theta1"),
                        one(p, "depth"));
       }},
      {{"sphere",
        "icosphere of the given radius about the origin: 20 x 4^subdivisions triangles",
        {{"radius", {}}, {"subdivisions", {3.0}}}},
       [](const ShapeParams& p) { return build_sphere(one(p, "radius"), static_cast<int>(one(p, "subdivisions"))); },
       [](const ShapeParams& p, const std::string& where) {
         require_positive(where, "radius", one(p, "radius"));
         check_count(where, "subdivisions", one(p, "subdivisions"), 0, 6, "20 x 4^6 = 81920 triangles at most");
       }},
      {{"plate",
        "box of full size [x, y, z] centred at the origin, its top a grid of divisions x divisions quads",
        {{"size", {}}, {"divisions", {8.0}}}},
       [](const ShapeParams& p) {
         const auto& s = p.at("size");
         return build_plate(Vec3(s[0], s[1], s[2]), static_cast<int>(one(p, "divisions")));
       },
       [](const ShapeParams& p, const std::string& where) {
         const auto& s = p.at("size");
         check_box(where, Vec3(s[0], s[1], s[2]));
         check_count(where, "divisions", one(p, "divisions"), 1, 256, "2 x 256^2 top triangles at most");
       }},
      {{"internal-edge-base", "box 4 x 2 x 4, top y = 1 tessellated as the internal-edge case needs", {}},
       [](const ShapeParams&) { return internal_edge_base_surface(); },
       [](const ShapeParams&, const std::string&) {}},
  };
  return list;
}

std::string generator_names() {
  std::string names;
  for (const Generator& g : generators()) names += (names.empty() ? "" : ", ") + g.info.name;
  return names;
}

std::string parameter_names(const ShapeParams& defaults) {
  if (defaults.empty()) return "none";
  std::string names;
  for (const auto& [name, value] : defaults) names += (names.empty() ? "" : ", ") + name;
  return names;
}

}  // namespace

// -------------------------------------------------------------------------------------------------
// Public generators

TriMesh box_surface(const Vec3& size) {
  check_box("box_surface", size);
  return build_box(size);
}

TriMesh frustum_surface(int slices, double bottom_radius, double top_radius, double height, double phase) {
  check_frustum("frustum_surface", slices, bottom_radius, top_radius, height, phase);
  return build_frustum(slices, bottom_radius, top_radius, height, phase);
}

TriMesh spike_surface(double height, double half_base) {
  check_pyramid("spike_surface", height, half_base);
  return build_spike(height, half_base);
}

TriMesh wedge_surface(double height, double half_base, double half_length) {
  check_pyramid("wedge_surface", height, half_base);
  require_positive("wedge_surface", "half_length", half_length);
  return build_wedge(height, half_base, half_length);
}

TriMesh crack_surface() {
  // Cross-section in (x, y), counter-clockwise seen from +z; vertex 4 is the groove line.
  const std::vector<Vec2> section{{-1.0, -0.5}, {1.0, -0.5}, {1.0, 0.5}, {0.5, 0.5},
                                  {0.0, 0.0},   {-0.5, 0.5}, {-1.0, 0.5}};
  // The groove vertex sees the whole (star-shaped) section: fan from it over the other edges.
  const std::vector<std::array<int, 3>> cap{{4, 5, 6}, {4, 6, 0}, {4, 0, 1}, {4, 1, 2}, {4, 2, 3}};
  return extruded_polygon(section, cap, -2.0, 2.0);
}

TriMesh hole_surface() {
  SurfaceBuilder builder;
  // Square corners at increasing angle from +x towards +z (counter-clockwise seen from below).
  const double sx[4] = {-1, 1, 1, -1};
  const double sz[4] = {-1, -1, 1, 1};
  Index outer[4], rim[4], bottom[4];
  for (int k = 0; k < 4; ++k) outer[k] = builder.vertex(Vec3(sx[k], 0.5, sz[k]));
  for (int k = 0; k < 4; ++k) rim[k] = builder.vertex(Vec3(0.5 * sx[k], 0.5, 0.5 * sz[k]));
  const Index pit = builder.vertex(Vec3(0.0, 0.0, 0.0));
  for (int k = 0; k < 4; ++k) bottom[k] = builder.vertex(Vec3(sx[k], -0.5, sz[k]));
  for (int k = 0; k < 4; ++k) {
    const int next = (k + 1) % 4;
    builder.quad(outer[k], rim[k], rim[next], outer[next]);        // top ring trapezoid, normal +y
    builder.triangle(rim[next], rim[k], pit);                      // wall, normal into the hole
    builder.quad(bottom[k], outer[k], outer[next], bottom[next]);  // side face
  }
  builder.quad(bottom[0], bottom[1], bottom[2], bottom[3]);  // normal −y
  return builder.take();
}

TriMesh voussoir_surface(double inner_radius, double outer_radius, double theta0, double theta1, double depth) {
  check_voussoir("voussoir_surface", inner_radius, outer_radius, theta0, theta1, depth);
  return build_voussoir(inner_radius, outer_radius, theta0, theta1, depth);
}

TriMesh internal_edge_base_surface() {
  SurfaceBuilder builder;
  const auto top = [](double x, double z) { return Vec3(x, 1.0, z); };
  // docs/suite.md "internal-edge", as listed there with (x, z) points; each is counter-clockwise seen
  // from above.
  const double listed[10][3][2] = {
      {{-2, 2}, {0, 2}, {-1, 1}}, {{-2, 2}, {-1, 1}, {-2, 0}},  {{0, 2}, {2, 2}, {1, 1}},  {{2, 2}, {2, 0}, {1, 1}},
      {{2, 0}, {2, -2}, {0, -2}}, {{0, -2}, {-2, -2}, {-2, 0}}, {{0, 2}, {1, 1}, {0, -2}}, {{1, 1}, {2, 0}, {0, -2}},
      {{0, 2}, {0, -2}, {-1, 1}}, {{-1, 1}, {0, -2}, {-2, 0}}};
  for (const auto& t : listed) {
    builder.triangle(top(t[0][0], t[0][1]), top(t[1][0], t[1][1]), top(t[2][0], t[2][1]));
  }
  // Side faces: fan of 3 from the top-edge midpoint. Corners at increasing angle from +x towards
  // +z, so side k runs from corner k to corner k+1 counter-clockwise seen from below.
  const double sx[4] = {-2, 2, 2, -2};
  const double sz[4] = {-2, -2, 2, 2};
  for (int k = 0; k < 4; ++k) {
    const int next = (k + 1) % 4;
    const Vec3 top_k(sx[k], 1.0, sz[k]), top_next(sx[next], 1.0, sz[next]);
    const Vec3 low_k(sx[k], -1.0, sz[k]), low_next(sx[next], -1.0, sz[next]);
    const Vec3 middle = 0.5 * (top_k + top_next);
    builder.triangle(middle, low_k, top_k);
    builder.triangle(middle, low_next, low_k);
    builder.triangle(middle, top_next, low_next);
  }
  builder.quad(Vec3(-2, -1, -2), Vec3(2, -1, -2), Vec3(2, -1, 2), Vec3(-2, -1, 2));  // normal −y
  return builder.take();
}

const std::vector<GeneratorInfo>& shape_generators() {
  static const std::vector<GeneratorInfo> infos = [] {
    std::vector<GeneratorInfo> list;
    for (const Generator& g : generators()) list.push_back(g.info);
    return list;
  }();
  return infos;
}

TriMesh generate_surface(const std::string& name, const ShapeParams& params, const std::string& where) {
  const Generator* generator = nullptr;
  for (const Generator& g : generators()) {
    if (g.info.name == name) generator = &g;
  }
  if (generator == nullptr) {
    throw InputError(where, 0,
                     fmt::format("unknown shape generator \"{}\"; expected one of: {}", name, generator_names()));
  }
  const ShapeParams& defaults = generator->info.defaults;
  for (const auto& [parameter, values] : params) {
    if (!defaults.contains(parameter)) {
      fail(where, parameter,
           fmt::format("unknown parameter of generator \"{}\"; expected one of: {}", name, parameter_names(defaults)));
    }
  }
  ShapeParams complete;
  for (const auto& [parameter, default_values] : defaults) {
    const auto given = params.find(parameter);
    const std::size_t expected_count = parameter == "size" ? 3 : 1;
    if (given == params.end()) {
      if (default_values.empty()) {
        fail(where, parameter,
             fmt::format("missing required parameter of generator \"{}\" (expected {} number{})", name, expected_count,
                         expected_count == 1 ? "" : "s"));
      }
      complete[parameter] = default_values;
      continue;
    }
    if (given->second.size() != expected_count) {
      fail(where, parameter,
           fmt::format("expected {} number{}, got {}", expected_count, expected_count == 1 ? "" : "s",
                       given->second.size()));
    }
    complete[parameter] = given->second;
  }
  generator->check(complete, where);
  TriMesh surface = generator->run(complete);
  const ValidationReport report = validate(surface);
  if (!report.ok()) {
    throw InputError(
        where, 0,
        fmt::format("generator \"{}\": these parameters give an invalid surface: {}", name, report.summary()));
  }
  return surface;
}

}  // namespace contactlab
