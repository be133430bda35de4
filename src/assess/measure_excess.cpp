#include "contactlab/assess/measure_excess.h"

namespace contactlab {

double measure_excess(int contact_count, const GroundTruth& truth) {
  int min_contacts = 0;
  for (const ContactInterface& in : truth.interfaces) min_contacts += in.min_contacts;
  return min_contacts > 0 ? static_cast<double>(contact_count) / min_contacts : 0.0;
}

}  // namespace contactlab
