// The rounded-triangle validation (issue 19, seed 000; docs/penalty.md "Force laws"): a sphere,
// finely triangulated, pressed a depth Δ into a plate, with the rounded-triangles method's
// contacts under the per-area law — each contact a pressure k δ on its area A (the overlap of the
// two projected triangles inside their spheres' contact circle) — gives the force Σ k A δ n.
//
// The law it tends to as the meshes refine: where the true sphere (radius R, centre R − Δ above
// the plate) reaches below the plate at distance r from the axis, it does so by
// δ(r) = Δ − (R − √(R² − r²)), so the pressure integrates to
//     F = k ∫ δ dA = k V,   V = π Δ² (R − Δ/3),
// the volume of the spherical cap below the plate (the elastic-foundation, or Winkler, law of a
// sphere: F ≈ π k R Δ² for Δ ≪ R). Each pair's δ (eq. 36) is the overlap of the two triangles'
// spheres, which bulge above their triangles by ≈ ρ/2κ (ρ the triangle's size, κ the roundness)
// and stand over the inscribed polyhedron, ≈ ρ²/2R below the true sphere: both vanish as ρ → 0,
// and the areas tile the contact region up to the mesh's size — so the force converges to the law
// as the meshes refine, at first order in the edge length.
//
// The plate's grid is matched to the sphere's mesh (its cell ≈ the sphere's mean edge), and the
// force measured is the vertical component on the sphere; the law's constant k cancels in the ratio.
//
// What limits it: each pair projects onto its own contact plane, perpendicular to the axis of its
// two spheres (radius κρ), and neighbouring pairs' axes differ by ≈ 1/κ; two triangles δ apart
// along the axis project ≈ δ/κ apart, so the pairs' areas tile the contact region only while
// δ ≪ κρ — the model's premise that overlaps are small against the rounding spheres. Deeper, the
// areas fall short (measured: Σ A against the cap's base, docs/penalty.md).
#pragma once

#include "contactlab/core/types.h"

#include <functional>
#include <string>
#include <vector>

namespace contactlab {

struct RoundedSphereRequest {
  double radius = 0.5;                        ///< R, m
  std::vector<int> subdivisions{3, 4, 5, 6};  ///< the sphere's meshes (20 × 4^k triangles), coarse to fine
  std::vector<double> relative_depths{0.005, 0.01, 0.02};  ///< Δ / R
  double roundness = 20.0;                                 ///< κ of the rounded-triangles method
  /// The plate's grid cell over the sphere's mean edge length (1: alike).
  double plate_cell_over_edge = 1.0;
  /// Poses per mesh and depth: the sphere turned by a random rotation and the plate shifted by a
  /// random fraction of its cell (seeded, so runs repeat), so that no one alignment of the two
  /// meshes decides the figures; the force is their mean.
  int poses = 8;
  unsigned seed = 1;
  int threads = 0;  ///< contact generation's threads (0: all cores)
  /// Called after each mesh's depths: a short description of what ran.
  std::function<void(const std::string&)> progress;
  /// Polled between meshes: true stops the study (RoundedSphereResult::stopped).
  std::function<bool()> stop;
};

struct RoundedSpherePoint {
  int subdivisions = 0;
  Index sphere_triangles = 0;
  double mean_edge = 0.0;  ///< m, the sphere mesh's
  int plate_divisions = 0;
  double depth = 0.0;         ///< Δ, m
  double contacts = 0.0;      ///< rounded-triangle contacts with area, mean over the poses
  double force = 0.0;         ///< Σ A δ n_y over the contacts, per unit k, mean over the poses: m³
  double force_spread = 0.0;  ///< the poses' standard deviation of it
  double area = 0.0;          ///< Σ A over the contacts, mean over the poses: m²
  double law_area = 0.0;      ///< π (2 R Δ − Δ²): the cap's base, which the areas should tile
  double law = 0.0;           ///< π Δ² (R − Δ/3), m³
  double seconds = 0.0;       ///< contact generation
  double relative_error() const { return (force - law) / law; }
};

struct RoundedSphereResult {
  std::vector<RoundedSpherePoint> points;  ///< by mesh, then depth
  RoundedSphereRequest request;            ///< as run (its callbacks are not to be used)
  bool stopped = false;
};

/// V = π Δ² (R − Δ/3): the volume of the cap of a sphere of radius R below a plane Δ above its
/// lowest point, 0 ≤ Δ ≤ 2R — the elastic-foundation force per unit pressure stiffness.
double sphere_cap_volume(double radius, double depth);

/// Runs the study. Throws InputError for a request out of range (radius not > 0, subdivisions
/// outside 0–6, depths not in (0, 0.5], roundness < 1, plate cell ≤ 0, poses < 1).
RoundedSphereResult run_rounded_sphere_press(const RoundedSphereRequest& request);

}  // namespace contactlab
