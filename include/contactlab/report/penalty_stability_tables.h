// The penalty stability study (assess/penalty_stability.h) as text, data and a plot: the largest
// stable ω h of each integrator, measured and by the seed's analysis (seed 001 §C), for the particle
// and for the body resting on its contacts; the sweeps as CSV; the energy growth over a run against
// ω h, one panel per integrator and case, with the seed's bound dashed. Writers only read.
#pragma once

#include "contactlab/assess/penalty_stability.h"
#include "contactlab/report/plots.h"

#include <string>

namespace contactlab {

/// The table printed on stdout and written to tables.txt.
std::string penalty_stability_table(const PenaltyStabilityResult& result);
/// case,integrator,omega_h,energy_growth — every sweep point.
std::string penalty_stability_csv(const PenaltyStabilityResult& result);
/// The result as JSON (format "contactlab-penalty-stability", version 1).
std::string penalty_stability_json(const PenaltyStabilityResult& result);
/// log10 of the energy growth against ω h (ω: the particle's √(k/m), the body's fastest mode).
PlotImages penalty_stability_plot(const PenaltyStabilityResult& result);

}  // namespace contactlab
