#include "contactlab/geometry/planar_overlap_corners.h"

#include "contactlab/geometry/orthonormal_basis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

namespace contactlab {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

/// An arc of the circle: the directions at angles [start, start + width], start in [0, 2π).
struct Arc {
  double start = 0.0;
  double width = 0.0;
};

double wrap(double angle) {
  double a = std::fmod(angle, kTwoPi);
  if (a < 0.0) a += kTwoPi;
  return a >= kTwoPi ? 0.0 : a;
}

double angle_of(const Vec2& d) { return wrap(std::atan2(d.y(), d.x())); }

/// A union of arcs, kept disjoint and sorted by start; `whole` for the full circle.
struct AngularSet {
  bool whole = false;
  std::vector<Arc> arcs;

  bool empty() const { return !whole && arcs.empty(); }

  /// Sorts and joins arcs closer than the band; drops those narrower than it; notes the full circle.
  void normalise(double band) {
    if (whole) {
      arcs.clear();
      return;
    }
    std::erase_if(arcs, [&](const Arc& a) { return !(a.width > band); });
    for (const Arc& a : arcs) {
      if (a.width >= kTwoPi - band) {
        whole = true;
        arcs.clear();
        return;
      }
    }
    if (arcs.empty()) return;
    std::sort(arcs.begin(), arcs.end(), [](const Arc& x, const Arc& y) { return x.start < y.start; });
    // Joined in place (arcs[0, n) are the joined ones): no allocation per candidate point.
    std::size_t n = 1;
    for (std::size_t i = 1; i < arcs.size(); ++i) {
      Arc& last = arcs[n - 1];
      const double end = last.start + last.width;
      if (arcs[i].start <= end + band) {
        last.width = std::max(end, arcs[i].start + arcs[i].width) - last.start;
      } else {
        arcs[n++] = arcs[i];
      }
    }
    arcs.resize(n);
    // Across angle 0: the last arc may reach the first.
    if (arcs.size() > 1) {
      const Arc last = arcs.back();
      Arc& first = arcs.front();
      const double overhang = last.start + last.width - kTwoPi;
      if (overhang >= first.start - band) {
        first.width = (kTwoPi - last.start) + std::max(first.start + first.width, overhang);
        first.start = last.start;
        arcs.pop_back();
      }
    }
    for (const Arc& a : arcs) {
      if (a.width >= kTwoPi - band) {
        whole = true;
        arcs.clear();
        return;
      }
    }
  }

  void clear() {
    whole = false;
    arcs.clear();
  }

  double total_width() const {
    if (whole) return kTwoPi;
    double sum = 0.0;
    for (const Arc& a : arcs) sum += a.width;
    return sum;
  }
};

/// The directions common to two arcs: up to two arcs.
void intersect_arcs(const Arc& x, const Arc& y, double band, std::vector<Arc>& out) {
  // y relative to x's start, once as it is and once a turn earlier (its part across angle 0).
  const double rel = wrap(y.start - x.start);
  for (const double shift : {rel, rel - kTwoPi}) {
    const double lo = std::max(0.0, shift);
    const double hi = std::min(x.width, shift + y.width);
    if (hi - lo > band) out.push_back({wrap(x.start + lo), hi - lo});
  }
}

/// x ∩ y into `out` (its storage reused).
void intersect(const AngularSet& x, const AngularSet& y, double band, AngularSet& out) {
  out.clear();
  if (x.whole || y.whole) {
    const AngularSet& other = x.whole ? y : x;
    out.whole = other.whole;
    out.arcs.assign(other.arcs.begin(), other.arcs.end());
    return;
  }
  for (const Arc& a : x.arcs) {
    for (const Arc& b : y.arcs) intersect_arcs(a, b, band, out.arcs);
  }
  out.normalise(band);
}

/// A triangle of the plane, corners counter-clockwise, with its edges' unit inward normals.
struct Triangle2 {
  std::array<Vec2, 3> p;
  std::array<double, 3> edge_length;  // |p[i+1] − p[i]|
  std::array<Vec2, 3> unit_edge;      // (p[i+1] − p[i]) / its length
  std::array<double, 3> edge_angle;   // angle_of(unit_edge[i])
  std::array<double, 3> corner_arc;   // the interior angle at corner i, between edges i and i − 1
};

std::optional<Triangle2> make_triangle(const Triangle3& t, const Vec3& origin, const Vec3& u, const Vec3& v,
                                       double tol) {
  Triangle2 out;
  for (int i = 0; i < 3; ++i) {
    const Vec3 d = t[static_cast<std::size_t>(i)] - origin;
    out.p[static_cast<std::size_t>(i)] = Vec2(d.dot(u), d.dot(v));
  }
  if (!out.p[0].allFinite() || !out.p[1].allFinite() || !out.p[2].allFinite()) return std::nullopt;
  double area2 = cross2d(out.p[1] - out.p[0], out.p[2] - out.p[0]);
  if (area2 < 0.0) {
    std::swap(out.p[1], out.p[2]);
    area2 = -area2;
  }
  double longest = 0.0;
  for (std::size_t i = 0; i < 3; ++i) {
    out.edge_length[i] = (out.p[(i + 1) % 3] - out.p[i]).norm();
    longest = std::max(longest, out.edge_length[i]);
  }
  // Smallest height = twice the area / the longest edge: no thicker than 2 tol → no area in the band.
  if (!(longest > 0.0) || !(area2 > 2.0 * tol * longest)) return std::nullopt;
  // The unit edges from the lengths just taken (what normalized() computes, without its roots).
  for (std::size_t i = 0; i < 3; ++i) out.unit_edge[i] = (out.p[(i + 1) % 3] - out.p[i]) / out.edge_length[i];
  // The arcs' angles, once per triangle rather than once per candidate point at a corner or edge.
  for (std::size_t i = 0; i < 3; ++i) out.edge_angle[i] = angle_of(out.unit_edge[i]);
  // The interior angle at corner i is π less the turn from edge i − 1 to edge i, which the edge
  // angles give (counter-clockwise: a turn in (0, π)) without another atan2 per corner.
  for (std::size_t i = 0; i < 3; ++i) {
    double turn = out.edge_angle[i] - out.edge_angle[(i + 2) % 3];
    if (turn <= -std::numbers::pi) turn += kTwoPi;
    if (turn > std::numbers::pi) turn -= kTwoPi;
    out.corner_arc[i] = std::numbers::pi - turn;
  }
  return out;
}

/// The directions from x into the closed triangle, decided with the band.
void add_angular_set(const Triangle2& t, const Vec2& x, double tol, AngularSet& set) {
  std::array<bool, 3> on{};
  int count = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const double inward = cross2d(t.unit_edge[i], x - t.p[i]);  // > 0 inside (counter-clockwise)
    if (inward < -tol) return;
    on[i] = inward <= tol;
    count += on[i] ? 1 : 0;
  }
  if (count == 0) {
    set.whole = true;
    return;
  }
  if (count == 1) {
    const std::size_t i = on[0] ? 0 : (on[1] ? 1 : 2);
    set.arcs.push_back({t.edge_angle[i], std::numbers::pi});
    return;
  }
  // At a corner: that of the two edges within the band (edge i runs from corner i to corner i+1,
  // so edges i−1 and i meet at corner i). Three (a triangle within the band everywhere) cannot
  // happen after make_triangle's thickness test; the corner nearest x is taken then.
  std::size_t corner = 0;
  if (count == 2) {
    for (std::size_t i = 0; i < 3; ++i) {
      if (on[i] && on[(i + 2) % 3]) corner = i;
    }
  } else {
    double best = (x - t.p[0]).squaredNorm();
    for (std::size_t i = 1; i < 3; ++i) {
      if ((x - t.p[i]).squaredNorm() < best) best = (x - t.p[i]).squaredNorm(), corner = i;
    }
  }
  set.arcs.push_back({t.edge_angle[corner], t.corner_arc[corner]});
}

/// The region's angular set at x into `set` (its storage reused).
void angular_set(std::span<const Triangle2> region, const Vec2& x, double tol, double band, AngularSet& set) {
  set.clear();
  for (const Triangle2& t : region) {
    add_angular_set(t, x, tol, set);
    if (set.whole) break;
  }
  set.normalise(band);
}

/// A box of the plane that holds every point from which a triangle of a region has a non-empty
/// angular set: the triangle with each edge line moved out by tol (add_angular_set's test). That
/// grown triangle is the triangle scaled about its incentre by (r + tol) / r (r the inradius), so
/// it lies within tol · (longest edge) / r of the triangle: the corners' box grown by the largest
/// such margin over the region holds them all. A cheap test before the angular sets; it never
/// rejects a point they would accept, so it decides nothing (and depends on no frame).
struct GrownBox {
  Vec2 min = Vec2::Constant(std::numeric_limits<double>::infinity());
  Vec2 max = Vec2::Constant(-std::numeric_limits<double>::infinity());
  bool contains(const Vec2& x) const { return (min.array() <= x.array()).all() && (x.array() <= max.array()).all(); }
};

GrownBox grown_box(std::span<const Triangle2> region, double tol) {
  GrownBox box;
  double margin = 0.0;
  for (const Triangle2& t : region) {
    double longest = 0.0, perimeter = 0.0;
    for (std::size_t i = 0; i < 3; ++i) {
      const double e = t.edge_length[i];
      longest = std::max(longest, e), perimeter += e;
      box.min = box.min.cwiseMin(t.p[i]), box.max = box.max.cwiseMax(t.p[i]);
    }
    const double area2 = std::abs(cross2d(t.p[1] - t.p[0], t.p[2] - t.p[0]));
    // r = area2 / perimeter; margin tol · longest / r, twice over for the rounding of it all.
    margin = std::max(margin, 2.0 * tol * longest * perimeter / area2 + tol);
  }
  if (!std::isfinite(margin)) margin = std::numeric_limits<double>::infinity();
  box.min.array() -= margin, box.max.array() += margin;
  return box;
}

struct Edge2 {
  Vec2 from, to;
  double length = 0.0;  // |to − from|
  double slack = 0.0;   // tol / length: the band as a fraction of the edge (inf for a zero length)
};

/// The edges of a region's triangles that no other triangle of it shares (end points within tol,
/// either direction), into `out`: only these can bound the region.
void unshared_edges(std::span<const Triangle2> region, double tol, std::vector<Edge2>& out) {
  const double tol2 = tol * tol;
  const auto same = [&](const Vec2& a, const Vec2& b) { return (a - b).squaredNorm() <= tol2; };
  out.clear();
  for (std::size_t t = 0; t < region.size(); ++t) {
    for (std::size_t i = 0; i < 3; ++i) {
      const Vec2& a = region[t].p[i];
      const Vec2& b = region[t].p[(i + 1) % 3];
      bool shared = false;
      for (std::size_t s = 0; s < region.size() && !shared; ++s) {
        if (s == t) continue;
        for (std::size_t j = 0; j < 3 && !shared; ++j) {
          const Vec2& c = region[s].p[j];
          const Vec2& d = region[s].p[(j + 1) % 3];
          shared = (same(a, d) && same(b, c)) || (same(a, c) && same(b, d));
        }
      }
      if (!shared) {
        const double length = region[t].edge_length[i];
        out.push_back({a, b, length, tol / length});
      }
    }
  }
}

/// planar_overlap_corners' working storage.
struct Scratch {
  std::vector<Triangle2> ta, tb;
  std::vector<Vec2> candidates, kept;
  std::vector<Edge2> edges_a, edges_b;
  AngularSet in_a, in_b, both;
};

/// The crossing of two segments that are not parallel, when it lies on both (parameters within
/// the band of their ends).
std::optional<Vec2> crossing(const Edge2& e, const Edge2& f) {
  const Vec2 r = e.to - e.from, s = f.to - f.from;
  const double rs = cross2d(r, s);
  // Lengths and band fractions once per edge (Edge2), not once per pair: the same values.
  const double lr = e.length, ls = f.length;
  // Parallel (sine below 1e-12) or zero-length: the end points are candidates already.
  if (!(std::abs(rs) > 1e-12 * lr * ls)) return std::nullopt;
  const Vec2 q = f.from - e.from;
  const double t = cross2d(q, s) / rs, w = cross2d(q, r) / rs;
  if (t < -e.slack || t > 1.0 + e.slack || w < -f.slack || w > 1.0 + f.slack) return std::nullopt;
  return e.from + t * r;
}

}  // namespace

PlanarOverlapCorners planar_overlap_corners(std::span<const Triangle3> a, std::span<const Triangle3> b,
                                            const PlanarOverlapRequest& request) {
  PlanarOverlapCorners result;
  planar_overlap_corners(a, b, request, result);
  return result;
}

void planar_overlap_corners(std::span<const Triangle3> a, std::span<const Triangle3> b,
                            const PlanarOverlapRequest& request, PlanarOverlapCorners& result) {
  result.corners.clear();
  result.reflex.clear();
  const double tol = request.tolerance;
  const double band = request.angle_band;
  const double length = request.normal.norm();
  if (!(band >= 0.0) || !(band < 0.5) || !(tol >= 0.0) || !std::isfinite(tol) || !(length > 0.0) ||
      !std::isfinite(length) || !request.origin.allFinite()) {
    return;
  }
  const Vec3 normal = request.normal / length;
  const auto [u, v] = orthonormal_basis(normal);
  // The working storage, reused by the calls on one thread (a simulation's contact search calls
  // this for every interface of every body pair, every step; allocating it each time cost a third
  // of the call on the arch). Nothing here calls back into this function.
  static thread_local Scratch scratch;
  std::vector<Triangle2>& ta = scratch.ta;
  std::vector<Triangle2>& tb = scratch.tb;
  ta.clear();
  tb.clear();
  for (const Triangle3& t : a) {
    if (auto t2 = make_triangle(t, request.origin, u, v, tol)) ta.push_back(*t2);
  }
  for (const Triangle3& t : b) {
    if (auto t2 = make_triangle(t, request.origin, u, v, tol)) tb.push_back(*t2);
  }
  if (ta.empty() || tb.empty()) return;

  // Candidates, in the documented order.
  std::vector<Vec2>& candidates = scratch.candidates;
  candidates.clear();
  for (const auto* region : {&ta, &tb}) {
    for (const Triangle2& t : *region) candidates.insert(candidates.end(), t.p.begin(), t.p.end());
  }
  std::vector<Edge2>& ea = scratch.edges_a;
  std::vector<Edge2>& eb = scratch.edges_b;
  unshared_edges(ta, tol, ea);
  unshared_edges(tb, tol, eb);
  for (const Edge2& e : ea) {
    for (const Edge2& f : eb) {
      if (auto x = crossing(e, f)) candidates.push_back(*x);
    }
  }

  const GrownBox box_a = grown_box(ta, tol), box_b = grown_box(tb, tol);
  std::vector<Vec2>& kept = scratch.kept;
  kept.clear();
  const double tol2 = tol * tol;
  AngularSet &in_a = scratch.in_a, &in_b = scratch.in_b, &both = scratch.both;  // reused for every candidate
  for (const Vec2& x : candidates) {
    if (std::any_of(kept.begin(), kept.end(), [&](const Vec2& y) { return (x - y).squaredNorm() <= tol2; })) continue;
    kept.push_back(x);
    if (!box_a.contains(x) || !box_b.contains(x)) continue;  // an empty angular set for that region
    angular_set(ta, x, tol, band, in_a);
    if (in_a.empty()) continue;
    angular_set(tb, x, tol, band, in_b);
    if (in_b.empty()) continue;
    intersect(in_a, in_b, band, both);
    if (both.empty() || both.whole) continue;
    if (both.arcs.size() == 1 && std::abs(both.arcs[0].width - std::numbers::pi) <= band) continue;
    result.corners.push_back(request.origin + x.x() * u + x.y() * v);
    result.reflex.push_back(both.total_width() > std::numbers::pi + band);
  }
}

}  // namespace contactlab
