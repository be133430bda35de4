// The data object of the viewer page (docs/viewer-data.md, version 1): the scene's bodies as
// body-frame tet-mesh vertices and boundary triangles with their poses, the ground truth with its
// contact polygons as plain positions, and labelled contact sets in the contacts JSON format
// (docs/contacts-format.md). `contactlab view` assigns it to window.CONTACTLAB_DATA in index.html.
//
// Time frames ("frames" in the format) are not written by this function: they belong to the
// simulator, which will add them when it exists; a page without "frames" shows the static scene.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/scene/scene.h"

#include <string>
#include <utility>
#include <vector>

namespace contactlab {

inline constexpr int kViewerDataVersion = 1;
inline constexpr const char* kViewerDataFormatName = "contactlab-view";

/// One frame of an animation (a simulation run): every body's pose and the contacts of that frame.
struct ViewerFrame {
  double time = 0.0;
  std::vector<Vec3> positions;                                   ///< one per scene body
  std::vector<Quat> orientations;                                ///< one per scene body
  std::vector<std::pair<std::string, ContactSet>> contact_sets;  ///< replace the top-level sets
};

/// A plot on the page: curves over the frames' times (one value per frame), e.g. energies.
struct ViewerPlot {
  std::string title;                                                ///< "Energy"
  std::string unit;                                                 ///< "J"
  std::vector<std::pair<std::string, std::vector<double>>> curves;  ///< label, one value per frame
};

struct ViewerDataOptions {
  bool include_tets = false;  ///< write each body's "tets" (larger; lets the page show the tet mesh)
  /// Frames to animate (the page's time slider), or none. Each frame's pose arrays must have one
  /// entry per scene body.
  std::vector<ViewerFrame> frames;
  /// Plots beside the frames (each curve one value per frame); only with frames.
  std::vector<ViewerPlot> plots;
};

/// Compact JSON (one line, no trailing newline) of the viewer data. Each body's arrays are written
/// in full even when bodies share a shape (simple, and small for the suite). "</" is written as
/// "<\/" (the same string in JSON) so the text can sit inside an HTML <script> element as it is.
/// "ground_truth" is null when the scene has none. Each contact set is the contacts JSON object
/// with "label" as its first member. "frames" and "plots" are written only when there are frames. Throws InputError for a non-finite number (JSON has none), a
/// contact naming a body index outside the scene, or a string that is not valid UTF-8.
std::string viewer_data_json(const Scene& scene, const std::vector<std::pair<std::string, ContactSet>>& labelled_sets,
                             const ViewerDataOptions& options = {});

}  // namespace contactlab
