// A contact generator the suite runner can score without knowing what it is: a name and a function
// from a posed scene to a ContactSet. The registered contact methods run through generate_contacts;
// a SceneContactGenerator is everything else — in practice another library's contact generation
// (FCL, Bullet, ODE: the optional peers/ part, which the library never depends on). The CLI
// registers them in SuiteOptions::generators; run_suite scores their contacts with the same
// measures, and the report labels the rows of those with `peer` set as peers.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/scene/scene.h"

#include <functional>
#include <string>

namespace contactlab {

struct SceneContactGenerator {
  /// Row label in the tables, CSV and JSON, e.g. "fcl"; unique within a run and not the name of a
  /// registered contact method (run_suite checks).
  std::string name;
  bool peer = false;  ///< another library's contact generation, labelled "(peer)" in the report
  /// Contacts of every body pair of the scene at its bodies' poses, with the conventions of
  /// contact.h (normal from body_a to body_b, gap < 0 penetrating). Fixed–fixed pairs are expected
  /// to be skipped, as generate_contacts does. Timed by run_suite as one call, so whatever the
  /// generator builds per call (e.g. a peer's BVHs) counts in its time.
  std::function<ContactSet(const Scene&)> generate;
};

}  // namespace contactlab
