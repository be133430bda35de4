// Viewer pages (viewer_page.h): the template of viewer/dist with the data inlined and the bundle
// either inlined too (`contactlab view`: one self-contained page) or as <script src> (the report:
// one copy of the 0.5 MB bundle serves every page; a classic script loads from file:// and runs
// before the load event, as the inline one does).
#include "contactlab/report/viewer_page.h"

#include "html_text.h"

#include <stdexcept>

namespace contactlab {
namespace {

constexpr const char* kDataMark = "/*CONTACTLAB_DATA*/";
constexpr const char* kBundleMark = "/*CONTACTLAB_BUNDLE*/";

// Shows only the contact set named by the fragment (#opposing), through the viewer's hooks
// (viewer/README.md); other fragments, or none, leave every set shown.
constexpr const char* kSelectSetScript = R"(<script>
(function () {
  var viewer = window.contactlabViewer;
  if (!viewer) return;
  function showOnlyTheNamedSet() {
    if (typeof viewer.contactSetLabels !== 'function') return;
    var wanted = decodeURIComponent(location.hash.slice(1));
    var labels = viewer.contactSetLabels();
    if (labels.indexOf(wanted) < 0) return;
    labels.forEach(function (label) { viewer.setContactSetVisible(label, label === wanted); });
  }
  viewer.ready.then(showOnlyTheNamedSet);
  window.addEventListener('hashchange', showOnlyTheNamedSet);
})();
</script>)";

/// Text safe inside an inline <script>: "</" would end the element early; "<\/" is the same string
/// in JSON (viewer_data_json already writes it so; this keeps the page right for any input).
std::string script_safe(std::string text) {
  for (std::size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at + 3))
    text.insert(at + 1, "\\");
  return text;
}

}  // namespace

std::string viewer_page(const ViewerBundle& bundle, const std::string& data_json) {
  const std::string& page = bundle.template_html;
  const std::string data_mark = kDataMark, bundle_mark = kBundleMark;
  const std::size_t data_at = page.find(data_mark), bundle_at = page.find(bundle_mark);
  if (data_at == std::string::npos || bundle_at == std::string::npos || bundle_at < data_at) {
    throw std::runtime_error(bundle.template_path + " lacks the data/bundle placeholders");
  }
  std::string out;
  out.reserve(page.size() + data_json.size() + bundle.script.size() + 64);
  out += page.substr(0, data_at);
  out += "window.CONTACTLAB_DATA = " + script_safe(data_json) + ";";
  out += page.substr(data_at + data_mark.size(), bundle_at - data_at - data_mark.size());
  out += script_safe(bundle.script);
  out += page.substr(bundle_at + bundle_mark.size());
  return out;
}

std::string viewer_page_with_shared_bundle(const std::string& template_html, const std::string& data_json,
                                           const std::string& bundle_src, const std::string& title) {
  const std::size_t data_at = template_html.find(kDataMark);
  const std::size_t bundle_at =
      data_at == std::string::npos ? std::string::npos : template_html.find(kBundleMark, data_at);
  if (data_at == std::string::npos || bundle_at == std::string::npos) {
    throw std::runtime_error("the viewer template lacks the data or bundle placeholder (viewer/README.md)");
  }
  // The bundle's whole <script> element is replaced, from its "<script" to its "</script>".
  const std::size_t element_begin = template_html.rfind("<script", bundle_at);
  const std::string close = "</script>";
  const std::size_t element_end = template_html.find(close, bundle_at);
  if (element_begin == std::string::npos || element_begin < data_at || element_end == std::string::npos) {
    throw std::runtime_error("the viewer template's bundle placeholder is not inside its own <script> element");
  }
  std::string head = template_html.substr(0, data_at);
  const std::string title_open = "<title>", title_close = "</title>";
  const std::size_t title_at = head.find(title_open);
  const std::size_t title_end = title_at == std::string::npos ? title_at : head.find(title_close, title_at);
  if (title_end != std::string::npos) {
    head.replace(title_at + title_open.size(), title_end - title_at - title_open.size(),
                 report_detail::escape_html(title));
  }
  std::string out;
  out.reserve(template_html.size() + data_json.size() + 1024);
  out += head;
  out += "window.CONTACTLAB_DATA = " + script_safe(data_json) + ";";
  out += template_html.substr(data_at + std::string(kDataMark).size(),
                              element_begin - data_at - std::string(kDataMark).size());
  out += "<script src=\"" + report_detail::escape_html(bundle_src) + "\"></script>\n";
  out += kSelectSetScript;
  out += template_html.substr(element_end + close.size());
  return out;
}

}  // namespace contactlab
