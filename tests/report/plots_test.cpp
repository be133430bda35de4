// The sorted plots: valid SVG and PNG of the documented size; a curve drawn where its values say —
// all-correct normals at the top of the panel, reversed ones at the bottom, hull areas equal to the
// true area on its reference line — found by decoding the PNG and locating the method's colour;
// the tick helper against hand-picked ranges.
#include "contactlab/report/plots.h"
#include "contactlab/report/dynamic_study_tables.h"

#include "plot_canvas.h"

#include <cairo.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>

namespace contactlab {
namespace {

struct Decoded {
  int width = 0, height = 0;
  std::vector<std::uint32_t> pixels;  // 0xAARRGGBB, row-major
};

Decoded decode_png(const std::string& bytes) {
  struct Reader {
    const std::string* data;
    std::size_t at = 0;
  } reader{&bytes};
  auto read = [](void* closure, unsigned char* out, unsigned int length) {
    auto* r = static_cast<Reader*>(closure);
    if (r->at + length > r->data->size()) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(out, r->data->data() + r->at, length);
    r->at += length;
    return CAIRO_STATUS_SUCCESS;
  };
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
      cairo_image_surface_create_from_png_stream(read, &reader), cairo_surface_destroy);
  Decoded d;
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) return d;
  cairo_surface_flush(surface.get());
  d.width = cairo_image_surface_get_width(surface.get());
  d.height = cairo_image_surface_get_height(surface.get());
  const int stride = cairo_image_surface_get_stride(surface.get());
  const unsigned char* data = cairo_image_surface_get_data(surface.get());
  for (int y = 0; y < d.height; ++y) {
    const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    d.pixels.insert(d.pixels.end(), row, row + d.width);
  }
  return d;
}

/// Mean row of the pixels within 3/255 of method `index`'s colour in the left `columns` pixels
/// (the first panel); −1 when there are none.
double mean_row_of_colour(const Decoded& image, std::size_t index, int columns) {
  const report_detail::Colour c = report_detail::series_colour(index);
  const auto channel = [](double v) { return static_cast<int>(std::lround(v * 255.0)); };
  double sum = 0.0;
  int found = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < std::min(columns, image.width); ++x) {
      const std::uint32_t p = image.pixels[static_cast<std::size_t>(y) * image.width + x];
      const int r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
      if (std::abs(r - channel(c.r)) <= 3 && std::abs(g - channel(c.g)) <= 3 && std::abs(b - channel(c.b)) <= 3) {
        sum += y;
        ++found;
      }
    }
  }
  return found > 0 ? sum / found : -1.0;
}

/// One method on one structure case whose contacts all have normal quality `q`.
SuiteResult one_method(double q, std::size_t contacts) {
  SuiteResult result;
  result.methods = {"m"};
  result.cases = {"wall"};
  CaseResult r;
  r.method = "m";
  r.case_name = "wall";
  r.measures.count = static_cast<int>(contacts);
  r.measures.normal_quality.assign(contacts, q);
  r.measures.abs_normal_y.assign(contacts, std::abs(q));
  result.results = {r};
  return result;
}

bool is_png(const std::string& bytes) { return bytes.rfind("\x89PNG\r\n\x1a\n", 0) == 0; }

TEST(SortedQualityPlot, WritesSvgAndPngOfOnePanelRow) {
  const PlotImages images = sorted_quality_plot(one_method(1.0, 50), 0, QualityMeasure::kSignedNormal);
  ASSERT_TRUE(is_png(images.png));
  const Decoded image = decode_png(images.png);
  EXPECT_EQ(image.width, 1200);
  EXPECT_EQ(image.height, 48 + 260 + 8);  // title, one row of panels, margin
  EXPECT_NE(images.svg.find("<svg"), std::string::npos);
  EXPECT_NE(images.svg.find("width=\"1200px\""), std::string::npos) << images.svg.substr(0, 300);
}

TEST(SortedQualityPlot, CorrectNormalsAreDrawnAtTheTopAndReversedOnesAtTheBottom) {
  const auto row = [](double q) {
    const Decoded image = decode_png(sorted_quality_plot(one_method(q, 40), 0, QualityMeasure::kSignedNormal).png);
    return mean_row_of_colour(image, 0, 1200);
  };
  const double top = row(1.0), middle = row(0.0), bottom = row(-1.0);
  ASSERT_GT(top, 0.0);
  ASSERT_GT(middle, 0.0);
  ASSERT_GT(bottom, 0.0);
  EXPECT_LT(top, middle - 50.0);
  EXPECT_LT(middle, bottom - 50.0);
  // The y axis is linear: 0 lies halfway between −1 and 1 (within the line width).
  EXPECT_NEAR(middle, 0.5 * (top + bottom), 2.5);
}

TEST(SortedQualityPlot, AbsNormalYPutsAReversedNormalAtTheTop) {
  const Decoded reversed = decode_png(sorted_quality_plot(one_method(-1.0, 40), 0, QualityMeasure::kAbsNormalY).png);
  const Decoded right = decode_png(sorted_quality_plot(one_method(1.0, 40), 0, QualityMeasure::kAbsNormalY).png);
  EXPECT_NEAR(mean_row_of_colour(reversed, 0, 1200), mean_row_of_colour(right, 0, 1200), 0.5);
}

TEST(SortedQualityPlot, EightMethodsMakeTwoRowsAndEachPanelHasItsColour) {
  SuiteResult result;
  result.cases = {"pillar"};
  for (int m = 0; m < 8; ++m) {
    result.methods.push_back("method-" + std::to_string(m));
    CaseResult r;
    r.measures.normal_quality.assign(10, m % 2 == 0 ? 1.0 : -1.0);
    result.results.push_back(r);
  }
  const Decoded image = decode_png(sorted_quality_plot(result, 0, QualityMeasure::kSignedNormal).png);
  EXPECT_EQ(image.height, 48 + 2 * 260 + 8);
  for (std::size_t m = 0; m < 8; ++m) EXPECT_GT(mean_row_of_colour(image, m, 1200), 0.0) << m;
  // Method 4 (all correct) opens the second row: its curve is below method 0's by one panel height.
  EXPECT_NEAR(mean_row_of_colour(image, 4, 1200) - mean_row_of_colour(image, 0, 1200), 260.0, 1.0);
}

TEST(SortedQualityPlot, AMethodWithoutContactsDrawsNoCurve) {
  const Decoded image = decode_png(sorted_quality_plot(one_method(1.0, 0), 0, QualityMeasure::kSignedNormal).png);
  EXPECT_EQ(mean_row_of_colour(image, 0, 1200), -1.0);
}

/// One method on a case of two planar interfaces (true areas 0.2 and 0.3) with hull areas `hulls`.
SuiteResult areas(double hull_a, double hull_b) {
  SuiteResult result = one_method(1.0, 4);
  Measures& m = result.results[0].measures;
  InterfaceScore a, b;
  a.planar = b.planar = true;
  a.true_area = 0.2;
  b.true_area = 0.3;
  a.hull_area = hull_a;
  b.hull_area = hull_b;
  m.interfaces = {a, b};
  m.area_coverage = (hull_a + hull_b) / 0.5;
  m.area_coverage_clipped = m.area_coverage;
  return result;
}

TEST(SortedAreaPlot, HullAreasAreDrawnAtTheirHeightOnTheSharedScale) {
  // y runs from 0 to 1.15 × the largest area (0.3): markers at 0.3 sit above markers at 0.15.
  const double full = mean_row_of_colour(decode_png(sorted_area_plot(areas(0.3, 0.3), 0).png), 0, 1200);
  const double half = mean_row_of_colour(decode_png(sorted_area_plot(areas(0.15, 0.15), 0).png), 0, 1200);
  const double zero = mean_row_of_colour(decode_png(sorted_area_plot(areas(0.0, 0.0), 0).png), 0, 1200);
  ASSERT_GT(full, 0.0);
  ASSERT_GT(half, 0.0);
  ASSERT_GT(zero, 0.0);
  EXPECT_LT(full, half - 40.0);
  EXPECT_NEAR(half, 0.5 * (full + zero), 2.5);
}

TEST(SortedAreaPlot, WritesBothFormats) {
  const PlotImages images = sorted_area_plot(areas(0.2, 0.1), 0);
  EXPECT_TRUE(is_png(images.png));
  EXPECT_NE(images.svg.find("<svg"), std::string::npos);
}

TEST(PlotTicks, NiceStepsCoverTheRange) {
  using report_detail::nice_ticks;
  EXPECT_EQ(nice_ticks(-1.0, 1.0, 5), (std::vector<double>{-1.0, -0.5, 0.0, 0.5, 1.0}));
  EXPECT_EQ(nice_ticks(0.0, 4940.0, 5), (std::vector<double>{0.0, 1000.0, 2000.0, 3000.0, 4000.0}));
  const std::vector<double> small = nice_ticks(0.0, 0.36, 5);
  ASSERT_EQ(small.size(), 4u);
  EXPECT_NEAR(small[3], 0.3, 1e-15);
  EXPECT_EQ(nice_ticks(0.0, 13.0, 5), (std::vector<double>{0.0, 5.0, 10.0}));  // step 2.6 → 5
  EXPECT_EQ(nice_ticks(2.0, 2.0, 5), (std::vector<double>{2.0}));
}

TEST(PlotTicks, LabelsAreShortAndNeverNegativeZero) {
  using report_detail::tick_label;
  EXPECT_EQ(tick_label(0.15625), "0.15625");
  EXPECT_EQ(tick_label(-0.0), "0");
  EXPECT_EQ(tick_label(4000.0), "4000");
  EXPECT_EQ(tick_label(-0.5), "-0.5");
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

/// A study of two methods on one case, each with a constant contact count over 20 steps.
DynamicStudyResult constant_counts(int first, int second) {
  DynamicStudyResult result;
  result.methods = {"first", "second"};
  result.cases = {"pillar"};
  result.steps_requested = 20;
  for (const int count : {first, second}) {
    DynamicRun run;
    run.method = count == first ? "first" : "second";
    run.case_name = "pillar";
    run.length_scale = 1.0;
    run.steps = 20;
    run.contact_counts.assign(20, count);
    run.largest_displacement.assign(20, 0.0);
    result.runs.push_back(run);
  }
  return result;
}

// The panels share their y range: a count of 100 is drawn higher than one of 50, which sits near
// the middle between it and the axis.
TEST(StudyCountsPlot, SharedRangeDrawsLargerCountsHigher) {
  const PlotImages images = study_counts_plot(constant_counts(100, 50), 0);
  ASSERT_TRUE(is_png(images.png));
  const Decoded image = decode_png(images.png);
  const double high = mean_row_of_colour(image, 0, 1200), low = mean_row_of_colour(image, 1, 1200);
  ASSERT_GT(high, 0.0);
  ASSERT_GT(low, 0.0);
  EXPECT_LT(high, low - 50.0);
  EXPECT_NE(images.svg.find("<svg"), std::string::npos);
}

}  // namespace
}  // namespace contactlab
