// The "consistent-vertex" contact method (Erleben 2018 §6, docs/methods.md §4); see
// src/contact/methods/consistent_vertex.cpp for what it computes, its locality compromise and its
// degenerate cases.
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab {

/// The stateless Consistent vertex method ("consistent-vertex").
const ContactMethod& consistent_vertex_method();

}  // namespace contactlab
