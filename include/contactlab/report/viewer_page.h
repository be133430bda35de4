// Viewer pages: the viewer's build output (viewer/dist: a page template with a data and a bundle
// placeholder, and the bundle script; viewer/README.md, "Page assembly") made into HTML pages
// with the viewer data (viewer_data_json, docs/viewer-data.md) inlined. `contactlab view` writes
// one self-contained page (viewer_page, write_viewer_folder); the assessment report writes one
// page per case sharing one copy of the bundle (viewer_page_with_shared_bundle).
#pragma once

#include <optional>
#include <string>

namespace contactlab {

/// The viewer's build output (viewer/dist).
struct ViewerBundle {
  std::string template_html;    ///< dist/template.html
  std::string script;           ///< dist/viewer.js
  std::string template_path{};  ///< where template_html was read from, named in errors; may be empty
};

/// What read_viewer_bundle found.
struct ViewerBundleRead {
  std::optional<ViewerBundle> bundle;  ///< both files read
  std::string unreadable{};            ///< else the path of the first file that could not be read
};

/// Reads DIST/template.html, then DIST/viewer.js (`dist_dir` is viewer/dist of a built viewer).
/// Never throws for a missing file: the caller decides whether a report without 3-D views will do.
ViewerBundleRead read_viewer_bundle(const std::string& dist_dir);

/// The self-contained page: the template with "window.CONTACTLAB_DATA = <data_json>;" in place
/// of its data placeholder and the bundle script in place of its bundle placeholder, both made safe
/// inside <script> ("</" written "<\/"), so the page works offline from a file. Throws
/// std::runtime_error("<template_path> lacks the data/bundle placeholders") when the template lacks
/// either or has the bundle's before the data's.
std::string viewer_page(const ViewerBundle& bundle, const std::string& data_json);

/// The HTML of a viewer page with `data_json` (viewer_data_json) inlined and the bundle loaded from
/// `bundle_src` (a relative URL) instead of inlined, followed by a script that shows only the
/// contact set named by the URL's fragment (#label), if any. Throws std::runtime_error when the
/// template lacks a placeholder.
std::string viewer_page_with_shared_bundle(const std::string& template_html, const std::string& data_json,
                                           const std::string& bundle_src, const std::string& title);

}  // namespace contactlab
