#include "contactlab/ccd/inclusion_ccd.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <stdexcept>
#include <vector>

namespace contactlab {
namespace {

struct Box {
  double t0, t1, u0, u1, v0, v1;
  int depth = 0;  ///< splits from the root
};

/// Orders the queue by start time, earliest first; on a tie, the deeper box first — depth first
/// among boxes that start together, so that a continuum of contacts (parallel edges touching along
/// a segment) is followed down one branch instead of refined everywhere at once.
struct LaterStart {
  bool operator()(const Box& a, const Box& b) const { return a.t0 > b.t0 || (a.t0 == b.t0 && a.depth < b.depth); }
};

/// Axes of the query's own geometry at t = 0, as rows of a rotation: the face's (or the two edges')
/// normal first, then an edge direction and their cross product. F seen along them separates the
/// features of a resting or sliding contact on a tilted face at once, where the world axes (which
/// cut such a face obliquely) need fine boxes. Degenerate geometry (a collapsed face, parallel
/// edges): the world axes again (the identity).
Mat3 query_frame(CcdKind kind, const std::array<Vec3, 4>& x) {
  const Vec3 e1 = kind == CcdKind::kVertexFace ? Vec3(x[2] - x[1]) : Vec3(x[1] - x[0]);
  const Vec3 e2 = kind == CcdKind::kVertexFace ? Vec3(x[3] - x[1]) : Vec3(x[3] - x[2]);
  const Vec3 n = e1.cross(e2);
  if (!(n.norm() > 1e-12 * e1.norm() * e2.norm()) || !n.allFinite()) return Mat3::Identity();
  const Vec3 a = n.normalized(), b = e1.normalized(), c = a.cross(b).normalized();
  Mat3 r;
  r.row(0) = a;
  r.row(1) = b;
  r.row(2) = c;
  return r;
}

class Search {
 public:
  Search(CcdKind kind, const std::array<Vec3, 4>& start, const std::array<Vec3, 4>& end, const CcdRequest& request)
      : kind_(kind), request_(request) {
    if (!(request.min_separation >= 0.0) || !std::isfinite(request.min_separation) ||
        !(request.parameter_tolerance > 0.0)) {
      throw std::invalid_argument("ccd: min_separation must be finite and ≥ 0, parameter_tolerance > 0");
    }
    double largest = 0.0;  // M: the largest |coordinate| of the 8 points
    Vec3 lo = start[0], hi = start[0];
    for (std::size_t k = 0; k < 4; ++k) {
      if (!start[k].allFinite() || !end[k].allFinite()) throw std::invalid_argument("ccd: a point is not finite");
      largest = std::max({largest, start[k].cwiseAbs().maxCoeff(), end[k].cwiseAbs().maxCoeff()});
      lo = lo.cwiseMin(start[k]).cwiseMin(end[k]);
      hi = hi.cwiseMax(start[k]).cwiseMax(end[k]);
    }
    codomain_tolerance_ = request.parameter_tolerance * (hi - lo).maxCoeff();
    // The points in the query's own frame (its rows are unit vectors): each rotated coordinate is a
    // 3-term dot product, off by at most γ₃ ‖row‖₁ M ≤ 3u √3 M (1 + 4u) < 6uM from the exact R x.
    // F is a combination of the 4 points (at any t, a convex combination of its 2 positions) with
    // absolute weights summing to at most 4 over a box (vertex–face: 1 + |1 − u − v| + u + v with
    // u + v ≤ 2 at a box's corners; edge–edge: 2), so the rotated points' F is within 24uM of R F.
    const Mat3 frame = query_frame(kind, start);
    const bool rotated = !frame.isIdentity();
    Vec3 rotated_largest = Vec3::Zero();
    for (std::size_t k = 0; k < 4; ++k) {
      start_[k] = rotated ? Vec3(frame * start[k]) : start[k];
      end_[k] = rotated ? Vec3(frame * end[k]) : end[k];
      motion_[k] = end_[k] - start_[k];
      rotated_largest = rotated_largest.cwiseMax(start_[k].cwiseAbs()).cwiseMax(end_[k].cwiseAbs());
    }
    constexpr double u = 0x1p-53;  // unit roundoff
    // The evaluation's own rounding (see the header: 128 uM per axis), plus the rotation's.
    error_ = Vec3::Constant(rotated ? 24.0 * u * largest : 0.0) + 128.0 * u * rotated_largest;
    // The Jacobian's entries (certify): differences of the points' motions and positions, up to
    // 4 M_y in size, a few operations each (< 64 u M_y), plus the rotation's perturbation of the
    // points differentiated (at most 8 × 6uM = 48uM).
    jacobian_error_ = 128.0 * u * rotated_largest.maxCoeff() + 64.0 * u * largest;
    // δ is a Euclidean distance: an axis of R (a unit row, to 4u) sees F beyond δ (1 + 2⁻⁴⁰) only
    // when |F| > δ.
    delta_ = request.min_separation * (1.0 + 0x1p-40);
  }

  CcdResult run() {
    CcdResult result;
    // The queue's storage is kept per thread: the search allocates nothing once it has run.
    thread_local std::vector<Box> heap;
    heap.clear();
    const LaterStart later;
    const auto push = [&](const Box& b) {
      heap.push_back(b);
      std::push_heap(heap.begin(), heap.end(), later);
    };
    push({0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0});
    const double tol = request_.parameter_tolerance;
    double proven = 2.0;  // the earliest start of a box proven to hold a contact (certify); 2: none
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), later);
      const Box box = heap.back();
      heap.pop_back();
      if (box.t0 >= proven) break;  // all before the proven contact is settled
      ++result.boxes;
      if (kind_ == CcdKind::kVertexFace && box.u0 + box.v0 > 1.0) continue;  // outside u + v ≤ 1 (exact)
      const Corners c = corners(box);
      if (excluded(c)) continue;
      // The whole box's image within the tolerance of 0 (it reaches within δ of 0, it is narrower
      // than tol × the points' extent): contact, to the tolerance, from the box's start on. Or
      // the box narrower than tol in every parameter.
      const bool narrow = box.t1 - box.t0 <= tol && box.u1 - box.u0 <= tol && box.v1 - box.v0 <= tol;
      if (c.width <= codomain_tolerance_ || narrow) {
        result.collides = true;
        result.toi = box.t0;
        return result;
      }
      if (result.boxes >= request_.max_boxes) {  // conservative: a collision at the earliest start left
        result.collides = true;
        result.exhausted = true;
        result.toi = box.t0;
        return result;
      }
      // A box with a contact proven inside: the contact's time is known to within the contracted
      // box, and the rest of the box holds no zero of F; the search goes on only for earlier ones.
      // Tried every third level (a box and its children largely agree on it), once the box is
      // small enough for F to be close to linear on it. Only for δ = 0: with δ > 0 the features
      // come within δ before they touch, and the rest of the box may hold that earlier time.
      // The test runs on the box widened by half its size each way (within the domain), so that a
      // zero near the box's side — where the box's own test fails, K reaching past it — is proven
      // too. No zero lies before box.t0 (everything earlier is excluded), so the proven time is at
      // least box.t0; the box's own zeros are in the widened box's K, none earlier than its start.
      if (Box wide = widened(box); delta_ == 0.0 && box.depth % 3 == 0 && box.depth >= 6 && certify(wide)) {
        proven = std::min(proven, std::max(wide.t0, box.t0));
        continue;
      }
      // Split, at its midpoint (exact for dyadic bounds), the parameter along which F varies most
      // over the box (of those still wider than tol): a parameter F barely depends on — a collapsed
      // triangle, parallel edges — is not split in vain.
      const std::array<double, 3> width{box.t1 - box.t0, box.u1 - box.u0, box.v1 - box.v0};
      int split = -1;
      for (int k = 0; k < 3; ++k) {
        if (width[static_cast<std::size_t>(k)] <= tol) continue;
        if (split < 0 || c.variation[static_cast<std::size_t>(k)] > c.variation[static_cast<std::size_t>(split)])
          split = k;
      }
      Box lo = box, hi = box;
      lo.depth = hi.depth = box.depth + 1;
      if (split == 0) {
        lo.t1 = hi.t0 = 0.5 * (box.t0 + box.t1);
      } else if (split == 1) {
        lo.u1 = hi.u0 = 0.5 * (box.u0 + box.u1);
      } else {
        lo.v1 = hi.v0 = 0.5 * (box.v0 + box.v1);
      }
      push(lo);
      push(hi);
    }
    if (proven <= 1.0) {
      result.collides = true;
      result.toi = proven;
    }
    return result;  // otherwise every box excluded: no collision
  }

 private:
  /// F at the box's 8 corners, reduced to what the search needs.
  struct Corners {
    Vec3 lo, hi;                        ///< per axis (of the query's frame), the least and greatest corner value
    double width = 0.0;                 ///< the image box's largest side, max(hi − lo)
    std::array<double, 3> variation{};  ///< largest change of F (∞-norm) along t, u, v between corners
    std::array<Vec3, 8> value;          ///< F at the corners, index 4 t + 2 u + v
  };

  /// F at time t as base + u·along_u + v·along_v (the header's F, for the points taken at t).
  void terms(double t, Vec3& base, Vec3& along_u, Vec3& along_v) const {
    std::array<Vec3, 4> x;
    for (std::size_t k = 0; k < 4; ++k) x[k] = start_[k] + t * motion_[k];
    const bool vf = kind_ == CcdKind::kVertexFace;
    base = vf ? Vec3(x[0] - x[1]) : Vec3(x[0] - x[2]);
    along_u = vf ? Vec3(x[1] - x[2]) : Vec3(x[1] - x[0]);
    along_v = vf ? Vec3(x[1] - x[3]) : Vec3(x[2] - x[3]);
  }

  Corners corners(const Box& box) const {
    Corners c;
    std::array<Vec3, 8>& value = c.value;
    for (std::size_t i = 0; i < 2; ++i) {
      const double t = i == 0 ? box.t0 : box.t1;
      Vec3 base, along_u, along_v;
      terms(t, base, along_u, along_v);
      for (std::size_t j = 0; j < 2; ++j) {
        const Vec3 with_u = base + (j == 0 ? box.u0 : box.u1) * along_u;
        value[4 * i + 2 * j] = with_u + box.v0 * along_v;
        value[4 * i + 2 * j + 1] = with_u + box.v1 * along_v;
      }
    }
    c.lo = c.hi = value[0];
    for (const Vec3& v : value) {
      c.lo = c.lo.cwiseMin(v);
      c.hi = c.hi.cwiseMax(v);
    }
    c.width = (c.hi - c.lo).maxCoeff();
    for (std::size_t n = 0; n < 8; ++n) {  // each edge of the box: corners differing in one parameter
      for (std::size_t bit = 0; bit < 3; ++bit) {
        const std::size_t m = n ^ (std::size_t{1} << bit);
        if (m < n) continue;
        const double change = (value[m] - value[n]).cwiseAbs().maxCoeff();
        double& slot = c.variation[2 - bit];  // bit 2: t, bit 1: u, bit 0: v
        slot = std::max(slot, change);
      }
    }
    return c;
  }

  /// Proves that the exact F (in the query's frame) has a zero in the box, by Krawczyk's test: with
  /// m the box's centre, Y an approximate inverse of F's Jacobian there and J(B) an enclosure of
  /// the Jacobian over the box, K = m − Y F(m) + (I − Y J(B)) (B − m) strictly inside B implies a
  /// unique zero of F in B (Krawczyk 1969; Moore, Kearfott, Cloud, "Introduction to Interval
  /// Analysis", §8.2), and every zero of F in B lies in K: the box is contracted to K ∩ B (a Newton
  /// step, quadratically), up to 4 times. Every quantity is enclosed with its rounding: F(m) by
  /// error_, J(B) by jacobian_error_, the matrix products by γ = 8u times their absolute values.
  /// Fails (false) for a singular or ill-conditioned Jacobian — a tangential contact, a contact on
  /// the domain's boundary (a vertex exactly on an edge, touching exactly at t = 0): the search
  /// then narrows those down to its tolerance instead.
  /// The box grown by half its width on each side, clipped to [0, 1]³ (and, vertex–face, kept as
  /// it was when the growth would cross u + v = 1). Dyadic bounds stay dyadic.
  Box widened(const Box& box) const {
    Box w = box;
    const double ht = 0.5 * (box.t1 - box.t0), hu = 0.5 * (box.u1 - box.u0), hv = 0.5 * (box.v1 - box.v0);
    w.t0 = std::max(0.0, box.t0 - ht);
    w.t1 = std::min(1.0, box.t1 + ht);
    w.u0 = std::max(0.0, box.u0 - hu);
    w.u1 = std::min(1.0, box.u1 + hu);
    w.v0 = std::max(0.0, box.v0 - hv);
    w.v1 = std::min(1.0, box.v1 + hv);
    if (kind_ == CcdKind::kVertexFace && w.u1 + w.v1 > 1.0) return box;
    return w;
  }

  bool certify(Box& b) const {
    if (kind_ == CcdKind::kVertexFace && b.u1 + b.v1 > 1.0) return false;  // the box must lie in the triangle
    constexpr double u = 0x1p-53, gamma = 8.0 * u;
    const bool vf = kind_ == CcdKind::kVertexFace;
    // F = base(t) + u along_u(t) + v along_v(t), each linear in t (corners): their rates.
    const Vec3 base_rate = vf ? Vec3(motion_[0] - motion_[1]) : Vec3(motion_[0] - motion_[2]);
    const Vec3 u_rate = vf ? Vec3(motion_[1] - motion_[2]) : Vec3(motion_[1] - motion_[0]);
    const Vec3 v_rate = vf ? Vec3(motion_[1] - motion_[3]) : Vec3(motion_[2] - motion_[3]);
    bool proven = false;
    for (int iteration = 0; iteration < 4; ++iteration) {
      const Vec3 lo(b.t0, b.u0, b.v0), hi(b.t1, b.u1, b.v1);
      const Vec3 m = 0.5 * (lo + hi);
      const Vec3 h = (hi - m).cwiseMax(m - lo) * (1.0 + 4.0 * u);
      // The Jacobian's columns over the box: ∂F/∂t = base_rate + u u_rate + v v_rate (extremes at
      // the (u, v) corners), ∂F/∂u = along_u(t), ∂F/∂v = along_v(t) (extremes at t0, t1).
      Mat3 jlo, jhi;
      for (int corner = 0; corner < 4; ++corner) {
        const Vec3 dt = base_rate + ((corner & 1) ? b.u1 : b.u0) * u_rate + ((corner & 2) ? b.v1 : b.v0) * v_rate;
        jlo.col(0) = corner == 0 ? dt : Vec3(jlo.col(0).cwiseMin(dt));
        jhi.col(0) = corner == 0 ? dt : Vec3(jhi.col(0).cwiseMax(dt));
      }
      Vec3 base, along_u, along_v, base1, along_u1, along_v1;
      terms(b.t0, base, along_u, along_v);
      terms(b.t1, base1, along_u1, along_v1);
      jlo.col(1) = along_u.cwiseMin(along_u1);
      jhi.col(1) = along_u.cwiseMax(along_u1);
      jlo.col(2) = along_v.cwiseMin(along_v1);
      jhi.col(2) = along_v.cwiseMax(along_v1);
      const Mat3 jc = 0.5 * (jlo + jhi);
      const Mat3 jr = ((0.5 * (jhi - jlo)).array() * (1.0 + 4.0 * u) + jacobian_error_).matrix();
      const Mat3 y = jc.inverse();
      if (!y.allFinite()) return proven;
      terms(m[0], base, along_u, along_v);
      const Vec3 g = base + m[1] * along_u + m[2] * along_v;  // F(m), within error_
      const Mat3 ay = y.cwiseAbs();
      const Vec3 yg = y * g;
      // |I − Y J(B)| bounded entrywise, the products' rounding included.
      const Mat3 spread =
          Mat3((Mat3::Identity() - y * jc).cwiseAbs()) + ay * jr + gamma * (ay * jc.cwiseAbs()) + Mat3::Constant(gamma);
      const Vec3 centre = m - yg;
      const Vec3 spread_h = spread * h;
      const Vec3 radius_exact =
          ay * error_ + gamma * (ay * g.cwiseAbs()) + spread_h + gamma * Vec3(m.cwiseAbs() + yg.cwiseAbs());
      const Vec3 radius = radius_exact * (1.0 + 1e-12) + Vec3::Constant(4.0 * u);
      if (!radius.allFinite()) return proven;
      const Vec3 k_lo = centre - radius, k_hi = centre + radius;
      const bool inside = (k_lo.array() > lo.array()).all() && (k_hi.array() < hi.array()).all();
      if (!inside) return proven;  // a later step that fails keeps the box already contracted
      proven = true;
      b.t0 = k_lo[0];
      b.t1 = k_hi[0];
      b.u0 = k_lo[1];
      b.u1 = k_hi[1];
      b.v0 = k_lo[2];
      b.v1 = k_hi[2];
    }
    return proven;
  }

  /// F certainly stays farther than δ from 0 on the box: on some axis, all 8 corner values are
  /// beyond δ on the same side, by more than the rounding bound.
  bool excluded(const Corners& c) const {
    for (int i = 0; i < 3; ++i) {
      if (c.lo[i] - error_[i] > delta_ || c.hi[i] + error_[i] < -delta_) return true;
    }
    // One more axis, the box's own: w along F's mean over the corners (≈ F at the centre), which
    // for a near miss points along the features' closest approach — oblique to the fixed axes when
    // a vertex passes by an edge other than the first, or edges pass each other. w · F is
    // multilinear too, so its range is that of its corner values; their rounding: w · fl(F) is
    // within Σ|w_i| error_i of w · F, and the dot product's own within 4u Σ|w_i||F_i|.
    Vec3 mean = Vec3::Zero();
    for (const Vec3& v : c.value) mean += v;
    const double norm = mean.norm();
    if (!(norm > 0.0) || !std::isfinite(norm)) return false;
    const Vec3 w = mean / norm;
    const Vec3 aw = w.cwiseAbs();
    double lo = w.dot(c.value[0]), hi = lo, largest = 0.0;
    for (const Vec3& v : c.value) {
      const double x = w.dot(v);
      lo = std::min(lo, x);
      hi = std::max(hi, x);
      largest = std::max(largest, aw.dot(v.cwiseAbs()));
    }
    const double error = aw.dot(error_) + 4.0 * 0x1p-53 * largest;
    return lo - error > delta_ || hi + error < -delta_;
  }

  CcdKind kind_;
  std::array<Vec3, 4> start_{}, end_{}, motion_{};  ///< the points in the query's frame
  Vec3 error_ = Vec3::Zero();                       ///< the bound of F's rounding per axis
  double jacobian_error_ = 0.0;                     ///< the bound of the Jacobian entries\' rounding
  double delta_ = 0.0;                              ///< min_separation, widened by the rows' rounding
  double codomain_tolerance_ = 0.0;  ///< parameter_tolerance × the points' extent (largest side of their box)
  const CcdRequest& request_;
};

}  // namespace

CcdResult vertex_face_ccd(const std::array<Vec3, 4>& start, const std::array<Vec3, 4>& end, const CcdRequest& request) {
  return Search(CcdKind::kVertexFace, start, end, request).run();
}

CcdResult edge_edge_ccd(const std::array<Vec3, 4>& start, const std::array<Vec3, 4>& end, const CcdRequest& request) {
  return Search(CcdKind::kEdgeEdge, start, end, request).run();
}

CcdResult inclusion_ccd(const CcdQuery& query, const CcdRequest& request) {
  return Search(query.kind, query.start, query.end, request).run();
}

}  // namespace contactlab
