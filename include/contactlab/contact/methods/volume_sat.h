// Volume-SAT contact method (Erleben 2018 §6; docs/methods.md §5). See src/contact/methods/volume_sat.cpp.
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab {

/// The registered "volume-sat" method (a stateless static instance).
const ContactMethod& volume_sat_method();

}  // namespace contactlab
