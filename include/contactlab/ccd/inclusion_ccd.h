// Conservative continuous collision detection by inclusion (issue 18): no false negatives, with
// rounding accounted for. The approach is that of the field's reference method (Tight Inclusion:
// Wang, Ferguson, Schneider, Panozzo et al., "A Large Scale Benchmark and an Inclusion-Based
// Algorithm for Continuous Collision Detection", ACM TOG 2021): write the contact condition as
// F(t, u, v) = 0 over a box of parameters, and subdivide the box, discarding the parts where F
// certainly stays away from 0.
//
//   vertex–face  F = p(t) − a(t) − u (b(t) − a(t)) − v (c(t) − a(t)),  t, u, v ∈ [0,1], u + v ≤ 1
//   edge–edge    F = a0(t) + u (a1(t) − a0(t)) − b0(t) − v (b1(t) − b0(t)),  t, u, v ∈ [0,1]
// with every point moving linearly, x(t) = x0 + t (x1 − x0). Each coordinate of F is multilinear
// in (t, u, v), so over a box its range is exactly the interval spanned by its values at the box's
// 8 corners: the inclusion is exact but for rounding. Each corner value is computed in double with
// an a-priori error bound (below); a box is discarded only when, on some axis, all corner values
// minus the bound exceed δ, or all plus the bound are below −δ (δ = min_separation; an axis is a
// unit vector, so |F| > δ then). The axes are the query's own (the face's normal, or the two edges'
// common normal, an edge and their cross product; the world's for a collapsed face or parallel
// edges): F seen along them separates a resting or sliding contact on a tilted face at once, and
// the verdict does not depend on how the scene is rotated. The points are rotated once, and the
// bound covers that rounding too (inclusion_ccd.cpp). The search
// takes the boxes in order of their start time (a priority queue), splits in two (at dyadic
// midpoints, so the corners are exact) the parameter along which F varies most over the box, and
// stops at the first box it cannot exclude whose image is within tolerance × the points' extent, or
// which is narrower than the tolerance in all three parameters: its start time is the reported time
// of impact, a lower bound. (Splitting by F's variation, as Tight Inclusion does, keeps a collapsed
// triangle or parallel edges — F independent of a parameter — from splitting a parameter in vain.)
//
// Rounding bound: with M_i the largest |coordinate i| of the 8 input points, every intermediate
// quantity is at most 4 M_i in magnitude and each corner value takes at most 14 floating-point
// operations, so its error is below 14 × 4 M_i × 2⁻⁵³ (unit roundoff, with the products of the
// dyadic parameters exact to rounding); we use 128 M_i × 2⁻⁵³, a factor above 2 of headroom.
// Inputs must be finite (std::invalid_argument otherwise).
//
// Proven contacts (δ = 0): a box where Krawczyk's interval Newton test proves a zero of F (a
// transversal crossing) is contracted onto it in a few Newton steps, and the search then looks only
// for earlier contacts: the time of impact is then within ≈ 1e-15 of the true one, and such a
// crossing costs tens of boxes instead of the ≈ 60 levels of splitting down to the tolerance.
// Tangential contacts, contacts on a feature's boundary and continua (a singular Jacobian) are
// narrowed down to the tolerance as before.
//
// The early-out filter is the root box: its corners are the differences of the trajectories' end
// points, so a query whose trajectories' boxes are apart is rejected after 8 corner evaluations.
#pragma once

#include "contactlab/ccd/ccd_query.h"

namespace contactlab {

/// Vertex–face CCD: points (v, f0, f1, f2) at t = 0 (`start`) and t = 1 (`end`).
CcdResult vertex_face_ccd(const std::array<Vec3, 4>& start, const std::array<Vec3, 4>& end,
                          const CcdRequest& request = {});

/// Edge–edge CCD: points (ea0, ea1, eb0, eb1) at t = 0 and t = 1.
CcdResult edge_edge_ccd(const std::array<Vec3, 4>& start, const std::array<Vec3, 4>& end,
                        const CcdRequest& request = {});

/// The one matching query.kind.
CcdResult inclusion_ccd(const CcdQuery& query, const CcdRequest& request = {});

}  // namespace contactlab
