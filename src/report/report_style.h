// The report pages' style sheet (internal to the report module), shared by the assessment report and
// the study pages so that they look alike.
#pragma once

namespace contactlab::report_detail {

inline constexpr const char* kReportStyle = R"(
  body { margin: 0 auto; max-width: 1260px; padding: 8px 20px 40px; font: 14px/1.45 system-ui, sans-serif; color: #1d2330; }
  h1 { font-size: 24px; margin: 14px 0 4px; }
  h2 { font-size: 19px; margin: 30px 0 6px; border-bottom: 1px solid #d5d9e0; padding-bottom: 3px; }
  h3 { font-size: 15px; margin: 18px 0 4px; }
  nav a { margin-right: 14px; }
  .meta, .note { color: #525a6a; }
  .note { font-size: 13px; max-width: 900px; }
  code { background: #f1f3f6; padding: 0 3px; border-radius: 3px; }
  table { border-collapse: collapse; margin: 4px 0 8px; font-variant-numeric: tabular-nums; }
  th, td { border: 1px solid #d5d9e0; padding: 3px 7px; }
  th { background: #f3f5f8; font-weight: 600; font-size: 13px; }
  td { text-align: right; }
  td.method { text-align: left; font-weight: 600; white-space: nowrap; }
  td .ref { display: block; color: #7a8292; font-size: 11.5px; }
  td.sep, th.sep { border-left: 2px solid #9aa2b2; }
  figure { margin: 12px 0 22px; }
  figure img { max-width: 100%; height: auto; border: 1px solid #e3e6eb; }
  figcaption { color: #525a6a; font-size: 13px; }
  .views td { text-align: center; }
  .views td.method { text-align: left; }
)";

}  // namespace contactlab::report_detail
