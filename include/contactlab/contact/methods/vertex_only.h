// The "vertex-only" contact method (Erleben 2018 §6, docs/methods.md §3); see
// src/contact/methods/vertex_only.cpp for what it computes and its degenerate cases.
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab {

/// The stateless Vertex only method ("vertex-only").
const ContactMethod& vertex_only_method();

}  // namespace contactlab
