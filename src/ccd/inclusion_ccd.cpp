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
      : kind_(kind), start_(start), request_(request) {
    Vec3 largest = Vec3::Zero();
    for (std::size_t k = 0; k < 4; ++k) {
      if (!start[k].allFinite() || !end[k].allFinite()) throw std::invalid_argument("ccd: a point is not finite");
      motion_[k] = end[k] - start[k];
      largest = largest.cwiseMax(start[k].cwiseAbs()).cwiseMax(end[k].cwiseAbs());
    }
    error_ = 128.0 * std::ldexp(1.0, -53) * largest;  // see the header: the rounding bound per axis
    Vec3 lo = start[0], hi = start[0];
    for (std::size_t k = 0; k < 4; ++k) {
      lo = lo.cwiseMin(start[k]).cwiseMin(end[k]);
      hi = hi.cwiseMax(start[k]).cwiseMax(end[k]);
    }
    codomain_tolerance_ = request.parameter_tolerance * (hi - lo).maxCoeff();
    frame_ = query_frame(kind, start);
    // A unit vector's projection of F: |R F − fl(R fl(F))| ≤ ‖F's error‖ + the product's own
    // rounding (3 products and 2 sums of terms ≤ ‖F‖ ≤ 4 √3 M), doubled for headroom.
    frame_error_ = 2.0 * (error_.norm() + 5.0 * std::ldexp(1.0, -53) * 4.0 * std::sqrt(3.0) * largest.norm());
    if (!(request.min_separation >= 0.0) || !std::isfinite(request.min_separation) ||
        !(request.parameter_tolerance > 0.0)) {
      throw std::invalid_argument("ccd: min_separation must be finite and ≥ 0, parameter_tolerance > 0");
    }
  }

  CcdResult run() {
    CcdResult result;
    std::priority_queue<Box, std::vector<Box>, LaterStart> queue;
    queue.push({0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0});
    const double tol = request_.parameter_tolerance;
    while (!queue.empty()) {
      const Box box = queue.top();
      queue.pop();
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
      queue.push(lo);
      queue.push(hi);
    }
    return result;  // every box excluded: no collision
  }

 private:
  /// F at the box's 8 corners, reduced to what the search needs.
  struct Corners {
    Vec3 lo, hi;                        ///< per axis, the least and greatest corner value
    Vec3 frame_lo, frame_hi;            ///< the same along the query's own axes (frame_)
    double width = 0.0;                 ///< the image box's largest side, max(hi − lo)
    std::array<double, 3> variation{};  ///< largest change of F (∞-norm) along t, u, v between corners
  };

  /// A point's position at time t.
  Vec3 at(std::size_t k, double t) const { return start_[k] + t * motion_[k]; }

  /// F at (t, u, v), for the points already taken at time t.
  Vec3 f(const std::array<Vec3, 4>& x, double u, double v) const {
    if (kind_ == CcdKind::kVertexFace) return x[0] - x[1] - u * (x[2] - x[1]) - v * (x[3] - x[1]);
    return x[0] + u * (x[1] - x[0]) - x[2] - v * (x[3] - x[2]);
  }

  Corners corners(const Box& box) const {
    std::array<Vec3, 8> value;  // index 4 t + 2 u + v
    for (int i = 0; i < 2; ++i) {
      const double t = i == 0 ? box.t0 : box.t1;
      const std::array<Vec3, 4> x{at(0, t), at(1, t), at(2, t), at(3, t)};
      for (int j = 0; j < 2; ++j) {
        for (int k = 0; k < 2; ++k) {
          value[static_cast<std::size_t>(4 * i + 2 * j + k)] = f(x, j == 0 ? box.u0 : box.u1, k == 0 ? box.v0 : box.v1);
        }
      }
    }
    Corners c;
    c.lo = c.hi = value[0];
    c.frame_lo = c.frame_hi = frame_ * value[0];
    for (const Vec3& v : value) {
      c.lo = c.lo.cwiseMin(v);
      c.hi = c.hi.cwiseMax(v);
      const Vec3 w = frame_ * v;
      c.frame_lo = c.frame_lo.cwiseMin(w);
      c.frame_hi = c.frame_hi.cwiseMax(w);
    }
    c.width = (c.hi - c.lo).maxCoeff();
    for (int n = 0; n < 8; ++n) {  // each edge of the box: corners differing in one parameter
      for (int bit = 0; bit < 3; ++bit) {
        const int m = n ^ (1 << bit);
        if (m < n) continue;
        const double change =
            (value[static_cast<std::size_t>(m)] - value[static_cast<std::size_t>(n)]).cwiseAbs().maxCoeff();
        double& slot = c.variation[static_cast<std::size_t>(2 - bit)];  // bit 2: t, bit 1: u, bit 0: v
        slot = std::max(slot, change);
      }
    }
    return c;
  }

  /// F certainly stays farther than δ from 0 on the box: on some axis, all 8 corner values are
  /// beyond δ on the same side, by more than the rounding bound.
  bool excluded(const Corners& c) const {
    const double delta = request_.min_separation;
    for (int i = 0; i < 3; ++i) {
      if (c.lo[i] - error_[i] > delta || c.hi[i] + error_[i] < -delta) return true;
      if (c.frame_lo[i] - frame_error_ > delta || c.frame_hi[i] + frame_error_ < -delta) return true;
    }
    return false;
  }

  CcdKind kind_;
  const std::array<Vec3, 4>& start_;
  std::array<Vec3, 4> motion_{};
  Vec3 error_ = Vec3::Zero();
  Mat3 frame_ = Mat3::Identity();    ///< rows: the query's own axes (query_frame)
  double frame_error_ = 0.0;         ///< the rounding bound of F along them
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
