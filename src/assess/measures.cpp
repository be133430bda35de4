// measure_contacts (measures.h): the measures of docs/suite.md "Measures" (Erleben 2018 §5),
// composed from one function per measure.
//
// Stages:
//   1. Checks: the threshold, then every interface's and every contact's bodies (InputError).
//   2.–3. Assignment of each contact to an interface, its normal oriented A → B of the interface
//      and its best n·n* (assign_contacts, contact_assignment.h).
//   4. The measures, each from the assignment: quality (measure_quality.h), coverage
//      (measure_coverage.h), excess (measure_excess.h), area coverage P and P clipped
//      (measure_area_coverage.h), position error (measure_position_error.h), stray contacts
//      (measure_stray_contacts.h), per-contact n·n* (measure_normal_quality.h) and |n_y|
//      (measure_abs_normal_y.h).
#include "contactlab/assess/measures.h"

#include "contactlab/assess/contact_assignment.h"
#include "contactlab/assess/measure_abs_normal_y.h"
#include "contactlab/assess/measure_area_coverage.h"
#include "contactlab/assess/measure_coverage.h"
#include "contactlab/assess/measure_excess.h"
#include "contactlab/assess/measure_normal_quality.h"
#include "contactlab/assess/measure_position_error.h"
#include "contactlab/assess/measure_quality.h"
#include "contactlab/assess/measure_stray_contacts.h"
#include "measure_checks.h"

namespace contactlab {

Measures measure_contacts(const Scene& scene, const GroundTruth& truth, const ContactSet& contacts,
                          const MeasureOptions& options) {
  assess_detail::check_normal_threshold(options.normal_threshold);
  const ContactAssignment assignment = assign_contacts(scene, truth, contacts);
  const QualityScore quality = measure_quality(assignment, options.normal_threshold);
  const CoverageScore coverage = measure_coverage(assignment, options.normal_threshold);
  const AreaCoverageScore area = measure_area_coverage(assignment, truth);
  const PositionErrorScore position = measure_position_error(assignment);

  Measures m;
  m.count = static_cast<int>(contacts.contacts.size());
  m.correct = quality.correct;
  m.stray = measure_stray_contacts(assignment);
  m.quality_percent = quality.percent;
  m.coverage_percent = coverage.percent;
  m.excess = measure_excess(m.count, truth);
  m.area_coverage = area.p;
  m.area_coverage_clipped = area.p_clipped;
  m.position_error = position.max;
  const std::vector<int> assigned = assignment.contacts_per_interface();
  m.interfaces.resize(truth.interfaces.size());
  for (std::size_t k = 0; k < truth.interfaces.size(); ++k) {
    const ContactInterface& in = truth.interfaces[k];
    InterfaceScore& score = m.interfaces[k];
    score.body_a = in.body_a;
    score.body_b = in.body_b;
    score.contacts = assigned[k];
    score.correct = quality.correct_per_interface[k];
    score.feasible_normals = static_cast<int>(in.feasible_normals.size());
    score.normals_matched = coverage.matched_per_interface[k];
    score.min_contacts = in.min_contacts;
    score.planar = in.planar;
    score.true_area = in.planar ? in.area : 0.0;
    score.hull_area = area.hull_area[k];
    score.hull_area_clipped = area.hull_area_clipped[k];
    score.position_error = position.per_interface[k];
  }
  m.normal_quality = measure_normal_quality(assignment);
  m.abs_normal_y = measure_abs_normal_y(contacts);
  return m;
}

}  // namespace contactlab
