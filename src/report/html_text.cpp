#include "html_text.h"

#include "contactlab/suite/builtin_scenes.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <set>

namespace contactlab::report_detail {

std::string escape_html(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string percent_encode(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
                       c == '_' || c == '~' || c == '-';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      char buffer[4];
      std::snprintf(buffer, sizeof buffer, "%%%02X", c);
      out += buffer;
    }
  }
  return out;
}

std::vector<std::string> case_file_stems(const std::vector<std::string>& cases) {
  std::vector<std::string> stems(cases.size());
  std::set<std::string> taken;
  // Built-in cases first, so that each keeps its own name whatever the order: a scene file
  // "x/crack-spike.json" listed before the built-in crack-spike gets "crack-spike-2", not the
  // built-in's page.
  for (std::size_t c = 0; c < cases.size(); ++c) {
    if (is_builtin_scene(cases[c]) && taken.insert(cases[c]).second) stems[c] = cases[c];
  }
  for (std::size_t c = 0; c < cases.size(); ++c) {
    if (!stems[c].empty()) continue;
    std::string stem = std::filesystem::path(cases[c]).stem().string();
    if (stem.empty()) stem = "case";
    for (char& ch : stem) {
      const bool keep = std::isalnum(static_cast<unsigned char>(ch)) != 0 || ch == '.' || ch == '_' || ch == '-';
      if (!keep) ch = '_';
    }
    std::string unique = stem;
    for (int k = 2; !taken.insert(unique).second; ++k) unique = stem + "-" + std::to_string(k);
    stems[c] = unique;
  }
  return stems;
}

}  // namespace contactlab::report_detail
