// The rounded-triangle validation (assess/rounded_sphere_press.h) as text and data: per sphere mesh
// and depth, the force of the rounded-triangle contacts under the per-area law against the
// elastic-foundation law k π Δ² (R − Δ/3), and the contacts' area against the cap's base. Writers
// only read.
#pragma once

#include "contactlab/assess/rounded_sphere_press.h"

#include <string>

namespace contactlab {

/// The table printed on stdout and written to tables.txt.
std::string rounded_sphere_table(const RoundedSphereResult& result);
/// subdivisions,triangles,mean_edge,plate_divisions,depth,contacts,force,force_spread,law,relative_error,area,law_area
std::string rounded_sphere_csv(const RoundedSphereResult& result);
/// The result as JSON (format "contactlab-rounded-sphere", version 1).
std::string rounded_sphere_json(const RoundedSphereResult& result);

}  // namespace contactlab
