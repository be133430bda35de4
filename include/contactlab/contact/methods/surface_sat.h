// Surface-SAT contact method (Erleben 2018 §6; docs/methods.md §6). See src/contact/methods/surface_sat.cpp.
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab {

/// The registered "surface-sat" method (a stateless static instance).
const ContactMethod& surface_sat_method();

}  // namespace contactlab
