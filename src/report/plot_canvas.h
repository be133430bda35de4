// Drawing the report's plots with cairo (internal to the report module): a small-multiples figure
// of sorted values — one panel per method, each with its own axes, ticks and title — rendered once
// to an SVG surface and once to a PNG image surface by the same drawing code.
#pragma once

#include "contactlab/report/plots.h"

#include <string>
#include <vector>

namespace contactlab::report_detail {

struct Panel {
  std::string title;           ///< e.g. the method name
  std::string subtitle;        ///< a one-line summary, e.g. "86 contacts, 100 % correct"
  std::vector<double> values;  ///< sorted ascending; drawn at x = 0, 1, …
  std::string empty_message;   ///< shown instead of a curve when values is empty
};

struct SmallMultiples {
  std::string title;
  std::string note;  ///< right-aligned beside the title, e.g. what dashed lines are
  std::string x_label, y_label;
  double y_min = 0.0, y_max = 1.0;      ///< fixed y range, shared by all panels
  bool markers = false;                 ///< draw a dot at every value (few values), else a line
  std::vector<double> reference_lines;  ///< values of dashed horizontal lines in every panel
  /// The x axis's labels: value i ↦ x_origin + x_scale × i (the defaults label ranks 0, 1, …).
  double x_origin = 0.0, x_scale = 1.0;
  /// Per panel (by index; empty or shorter: none), an x value (in label units) of a dashed vertical line.
  std::vector<double> panel_x_lines;
  std::vector<Panel> panels;
};

/// "Nice" tick positions (1, 2, 2.5, 5 × 10^k steps) covering [low, high], about `target` of them.
std::vector<double> nice_ticks(double low, double high, int target);

/// Tick label text: the shortest of %g with up to 6 significant digits ("0.5", "1000", "0.15625").
std::string tick_label(double value);

/// The figure rendered as SVG text (px units) and PNG bytes, the same drawing on both surfaces.
/// Width is fixed; the height follows from the number of panel rows (up to 4 panels per row).
/// Throws std::runtime_error when cairo reports an error.
PlotImages render_small_multiples(const SmallMultiples& figure);

/// Colour of the i-th method (a fixed palette, repeated after 8).
struct Colour {
  double r, g, b;
};
Colour series_colour(std::size_t index);

}  // namespace contactlab::report_detail
