#include "plot_canvas.h"

#include <cairo-svg.h>
#include <cairo.h>

#if defined(__SANITIZE_ADDRESS__)
#define CONTACTLAB_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CONTACTLAB_ADDRESS_SANITIZER 1
#endif
#endif
#ifdef CONTACTLAB_ADDRESS_SANITIZER
#include <fontconfig/fontconfig.h>

#include <cstdlib>
#include <mutex>
#endif

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>

namespace contactlab::report_detail {
namespace {

constexpr double kWidth = 1200.0;
constexpr double kTitleHeight = 48.0;
constexpr double kPanelHeight = 260.0;
constexpr double kBottomMargin = 8.0;
constexpr int kMaxColumns = 4;
// Inside a panel cell: room for the y tick labels and y label (left), the title and subtitle (top),
// the x tick labels and x label (bottom).
constexpr double kPlotLeft = 62.0, kPlotRight = 16.0, kPlotTop = 44.0, kPlotBottom = 44.0;
const char* const kFont = "DejaVu Sans";

void check(cairo_status_t status, const char* what) {
  if (status != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("cairo: ") + what + ": " + cairo_status_to_string(status));
  }
}

void set_font(cairo_t* cr, double size, bool bold) {
  cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

/// Writes `text` with its anchor at (x, y): align 0 left, 0.5 centre, 1 right of x; y is the baseline.
void text(cairo_t* cr, double x, double y, const std::string& s, double align) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s.c_str(), &e);
  cairo_move_to(cr, x - align * e.x_advance, y);
  cairo_show_text(cr, s.c_str());
}

/// Same, vertically centred on y (for tick labels).
void text_middle(cairo_t* cr, double x, double y, const std::string& s, double align) {
  cairo_font_extents_t f;
  cairo_font_extents(cr, &f);
  text(cr, x, y + 0.5 * (f.ascent - f.descent), s, align);
}

void set_colour(cairo_t* cr, double r, double g, double b) { cairo_set_source_rgb(cr, r, g, b); }

struct Frame {  // the plot area of one panel and its data ranges
  double left, top, width, height;
  double x_min, x_max, y_min, y_max;
  double x(double value) const { return left + (value - x_min) / (x_max - x_min) * width; }
  double y(double value) const { return top + height - (value - y_min) / (y_max - y_min) * height; }
};

void draw_curve(cairo_t* cr, const Frame& f, const std::vector<double>& values, bool markers, Colour colour) {
  cairo_save(cr);
  cairo_rectangle(cr, f.left, f.top, f.width, f.height);
  cairo_clip(cr);
  set_colour(cr, colour.r, colour.g, colour.b);
  if (markers || values.size() == 1) {
    const double radius = values.size() > 60 ? 2.0 : 3.2;
    for (std::size_t i = 0; i < values.size(); ++i) {
      cairo_new_sub_path(cr);
      cairo_arc(cr, f.x(static_cast<double>(i)), f.y(values[i]), radius, 0.0, 2.0 * M_PI);
    }
    cairo_fill(cr);
  }
  if (!markers && values.size() > 1) {
    // Sorted values repeat a lot (most normals are exactly right): keep the ends of each run of
    // equal values — the same line with far fewer points.
    cairo_move_to(cr, f.x(0.0), f.y(values[0]));
    for (std::size_t i = 1; i < values.size(); ++i) {
      const bool run_continues = i + 1 < values.size() && values[i] == values[i - 1] && values[i] == values[i + 1];
      if (!run_continues) cairo_line_to(cr, f.x(static_cast<double>(i)), f.y(values[i]));
    }
    cairo_set_line_width(cr, 2.0);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
  }
  cairo_restore(cr);
}

void draw_panel(cairo_t* cr, const SmallMultiples& figure, const Panel& panel, Colour colour, double cell_left,
                double cell_top, double cell_width) {
  const std::size_t n = panel.values.size();
  Frame f{cell_left + kPlotLeft,
          cell_top + kPlotTop,
          cell_width - kPlotLeft - kPlotRight,
          kPanelHeight - kPlotTop - kPlotBottom,
          0.0,
          1.0,
          figure.y_min,
          figure.y_max};
  if (figure.markers) {
    f.x_min = -0.5;
    f.x_max = std::max(0.5, static_cast<double>(n) - 0.5);
  } else {
    f.x_max = std::max(1.0, static_cast<double>(n) - 1.0);
  }
  // A little room above and below the data range, so that a curve at its end (all normals right:
  // quality 1) is not hidden under the frame.
  const double y_pad = 0.04 * (f.y_max - f.y_min);
  f.y_min -= y_pad;
  f.y_max += y_pad;

  // Background, grid, reference lines.
  set_colour(cr, 0.97, 0.975, 0.98);
  cairo_rectangle(cr, f.left, f.top, f.width, f.height);
  cairo_fill(cr);
  cairo_set_line_width(cr, 1.0);
  const std::vector<double> y_ticks = nice_ticks(figure.y_min, figure.y_max, 5);
  set_colour(cr, 0.86, 0.87, 0.89);
  for (double t : y_ticks) {
    cairo_move_to(cr, f.left, std::round(f.y(t)) + 0.5);
    cairo_line_to(cr, f.left + f.width, std::round(f.y(t)) + 0.5);
  }
  cairo_stroke(cr);
  // Reference lines are labelled in the figure's note, not in the panel: sorted data sits on
  // them at one end or the other, and a label would hide it.
  for (double y : figure.reference_lines) {
    if (y < figure.y_min || y > figure.y_max) continue;
    const double dashes[] = {6.0, 4.0};
    cairo_set_dash(cr, dashes, 2, 0.0);
    set_colour(cr, 0.35, 0.35, 0.38);
    cairo_set_line_width(cr, 1.2);
    cairo_move_to(cr, f.left, f.y(y));
    cairo_line_to(cr, f.left + f.width, f.y(y));
    cairo_stroke(cr);
    cairo_set_dash(cr, nullptr, 0, 0.0);
  }

  // A vertical reference line of this panel (in label units).
  const std::size_t panel_index = static_cast<std::size_t>(&panel - figure.panels.data());
  if (panel_index < figure.panel_x_lines.size()) {
    const double t = (figure.panel_x_lines[panel_index] - figure.x_origin) / figure.x_scale;
    if (t >= f.x_min && t <= f.x_max) {
      const double dashes[] = {6.0, 4.0};
      cairo_set_dash(cr, dashes, 2, 0.0);
      set_colour(cr, 0.35, 0.35, 0.38);
      cairo_set_line_width(cr, 1.2);
      cairo_move_to(cr, f.x(t), f.top);
      cairo_line_to(cr, f.x(t), f.top + f.height);
      cairo_stroke(cr);
      cairo_set_dash(cr, nullptr, 0, 0.0);
    }
  }

  // The data.
  if (n == 0) {
    set_font(cr, 13, false);
    set_colour(cr, 0.45, 0.45, 0.5);
    text_middle(cr, f.left + 0.5 * f.width, f.top + 0.5 * f.height, panel.empty_message, 0.5);
  } else {
    draw_curve(cr, f, panel.values, figure.markers, colour);
  }

  // Axes with ticks and labels.
  set_colour(cr, 0.2, 0.22, 0.26);
  cairo_set_line_width(cr, 1.0);
  cairo_rectangle(cr, std::round(f.left) + 0.5, std::round(f.top) + 0.5, std::round(f.width), std::round(f.height));
  cairo_stroke(cr);
  set_font(cr, 11, false);
  for (double t : y_ticks) {
    cairo_move_to(cr, f.left - 4.0, std::round(f.y(t)) + 0.5);
    cairo_line_to(cr, f.left, std::round(f.y(t)) + 0.5);
    cairo_stroke(cr);
    text_middle(cr, f.left - 7.0, f.y(t), tick_label(t), 1.0);
  }
  const double x_first = figure.markers ? 0.0 : f.x_min;
  const double x_last = figure.markers ? std::max(0.0, static_cast<double>(n) - 1.0) : f.x_max;
  const bool ranks = figure.x_origin == 0.0 && figure.x_scale == 1.0;
  const auto label_of = [&](double t) { return figure.x_origin + figure.x_scale * t; };
  std::vector<double> x_ticks = nice_ticks(label_of(x_first), label_of(std::max(x_last, 1.0)), 5);
  for (double v : x_ticks) {
    const double t = (v - figure.x_origin) / figure.x_scale;
    if ((ranks && t != std::round(t)) || t < f.x_min - 1e-9 || t > f.x_max + 1e-9) continue;  // ranks: whole
    cairo_move_to(cr, std::round(f.x(t)) + 0.5, f.top + f.height);
    cairo_line_to(cr, std::round(f.x(t)) + 0.5, f.top + f.height + 4.0);
    cairo_stroke(cr);
    text(cr, f.x(t), f.top + f.height + 16.0, tick_label(v), 0.5);
  }
  set_font(cr, 11.5, false);
  text(cr, f.left + 0.5 * f.width, f.top + f.height + 34.0, figure.x_label, 0.5);
  cairo_save(cr);
  cairo_move_to(cr, cell_left + 16.0, f.top + 0.5 * f.height);
  cairo_rotate(cr, -M_PI / 2.0);
  cairo_text_extents_t e;
  cairo_text_extents(cr, figure.y_label.c_str(), &e);
  cairo_rel_move_to(cr, -0.5 * e.x_advance, 0.0);
  cairo_show_text(cr, figure.y_label.c_str());
  cairo_restore(cr);

  // Title (method, in its colour) and subtitle.
  set_font(cr, 14, true);
  set_colour(cr, colour.r * 0.8, colour.g * 0.8, colour.b * 0.8);
  text(cr, f.left, cell_top + 18.0, panel.title, 0.0);
  set_font(cr, 11.5, false);
  set_colour(cr, 0.3, 0.32, 0.36);
  text(cr, f.left, cell_top + 35.0, panel.subtitle, 0.0);
}

void draw_figure(cairo_t* cr, const SmallMultiples& figure, double height) {
  set_colour(cr, 1.0, 1.0, 1.0);
  cairo_rectangle(cr, 0.0, 0.0, kWidth, height);
  cairo_fill(cr);
  set_font(cr, 18, true);
  set_colour(cr, 0.11, 0.14, 0.19);
  text(cr, 16.0, 30.0, figure.title, 0.0);
  if (!figure.note.empty()) {
    set_font(cr, 12.5, false);
    set_colour(cr, 0.3, 0.32, 0.36);
    text(cr, kWidth - 16.0, 30.0, figure.note, 1.0);
  }
  const std::size_t columns = std::clamp<std::size_t>(figure.panels.size(), 1, kMaxColumns);
  const double cell_width = kWidth / static_cast<double>(columns);
  for (std::size_t i = 0; i < figure.panels.size(); ++i) {
    const double left = static_cast<double>(i % columns) * cell_width;
    const double top = kTitleHeight + static_cast<double>(i / columns) * kPanelHeight;
    draw_panel(cr, figure, figure.panels[i], series_colour(i), left, top, cell_width);
  }
}

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

/// Runs `draw` on a context of `surface`, finishes the surface, and checks for errors.
void paint(cairo_surface_t* surface, const std::function<void(cairo_t*)>& draw, const char* what) {
  cairo_t* cr = cairo_create(surface);
  draw(cr);
  const cairo_status_t status = cairo_status(cr);
  cairo_destroy(cr);
  check(status, what);
}

/// Sanitizer builds only: cairo's font caches and fontconfig's configuration live until the process
/// ends, which LeakSanitizer reports as leaks; free them at exit (cairo_debug_reset_static_data is
/// meant for memory checkers). Release builds leave them to the process's end, as usual.
void release_font_caches_at_exit() {
#ifdef CONTACTLAB_ADDRESS_SANITIZER
  static std::once_flag once;
  std::call_once(once, [] {
    std::atexit([] {
      cairo_debug_reset_static_data();
      FcFini();
    });
  });
#endif
}

}  // namespace

std::vector<double> nice_ticks(double low, double high, int target) {
  if (!(high > low) || target < 1) return {low};
  const double raw = (high - low) / target;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    step = factor * magnitude;
    if (step >= raw) break;
  }
  std::vector<double> ticks;
  const double tolerance = 1e-9 * step;
  for (double k = std::ceil((low - tolerance) / step);; k += 1.0) {
    const double t = k * step;
    if (t > high + tolerance) break;
    ticks.push_back(std::abs(t) < tolerance ? 0.0 : t);
  }
  return ticks;
}

std::string tick_label(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value == 0.0 ? 0.0 : value);  // no "-0"
  return buffer;
}

Colour series_colour(std::size_t index) {
  // Tableau-like palette: distinct, readable on white, kinder to colour-blind readers.
  static constexpr Colour kPalette[] = {{0.12, 0.47, 0.71}, {0.85, 0.37, 0.01}, {0.17, 0.63, 0.17}, {0.84, 0.15, 0.16},
                                        {0.58, 0.40, 0.74}, {0.55, 0.34, 0.29}, {0.89, 0.47, 0.76}, {0.50, 0.50, 0.50}};
  return kPalette[index % 8];
}

PlotImages render_small_multiples(const SmallMultiples& figure) {
  const std::size_t columns = std::clamp<std::size_t>(figure.panels.size(), 1, kMaxColumns);
  const std::size_t rows = std::max<std::size_t>(1, (figure.panels.size() + columns - 1) / columns);
  const double height = kTitleHeight + static_cast<double>(rows) * kPanelHeight + kBottomMargin;
  const auto draw = [&](cairo_t* cr) { draw_figure(cr, figure, height); };
  release_font_caches_at_exit();
  PlotImages images;

  using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
  {
    Surface svg(cairo_svg_surface_create_for_stream(append_to_string, &images.svg, kWidth, height),
                cairo_surface_destroy);
    cairo_svg_surface_set_document_unit(svg.get(), CAIRO_SVG_UNIT_PX);
    paint(svg.get(), draw, "drawing the SVG");
    cairo_surface_finish(svg.get());
    check(cairo_surface_status(svg.get()), "writing the SVG");
  }
  Surface png(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(kWidth), static_cast<int>(height)),
              cairo_surface_destroy);
  paint(png.get(), draw, "drawing the PNG");
  check(cairo_surface_write_to_png_stream(png.get(), append_to_string, &images.png), "writing the PNG");
  return images;
}

}  // namespace contactlab::report_detail
