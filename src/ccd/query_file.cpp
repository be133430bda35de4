#include "contactlab/ccd/query_file.h"

#include "contactlab/core/error.h"

#include <gmpxx.h>

#include <cmath>
#include <fstream>
#include <sstream>

namespace contactlab {
namespace {

/// A decimal integer (optional sign, digits only).
bool is_integer(const std::string& text) {
  std::size_t i = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
  if (i == text.size()) return false;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  return true;
}

/// The exact fraction of a finite double: m / 2^k in lowest terms (k ≥ 0) or an integer.
std::pair<std::string, std::string> fraction_of(double x) {
  mpq_class q(x);  // exact: mpq_set_d
  q.canonicalize();
  return {q.get_num().get_str(), q.get_den().get_str()};
}

}  // namespace

std::vector<CcdQueryRecord> read_ccd_queries(const std::string& path, CcdKind kind) {
  std::ifstream in(path);
  if (!in) throw InputError(path, 0, "cannot open the file");
  std::vector<CcdQueryRecord> out;
  std::string text;
  int line = 0, row = 0;
  CcdQueryRecord record;
  record.query.kind = kind;
  while (std::getline(in, text)) {
    ++line;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty() && in.peek() == std::ifstream::traits_type::eof()) break;  // a final empty line
    std::vector<std::string> fields;
    std::stringstream cells(text);
    std::string cell;
    while (std::getline(cells, cell, ',')) fields.push_back(cell);
    if (!text.empty() && text.back() == ',') fields.emplace_back();
    if (fields.size() != 7) {
      throw InputError(path, line,
                       "expected 7 comma-separated integers (x, y, z as numerator, denominator; then the "
                       "truth flag), got " +
                           std::to_string(fields.size()) + " fields");
    }
    Vec3 point;
    for (int c = 0; c < 3; ++c) {
      const std::string& num = fields[static_cast<std::size_t>(2 * c)];
      const std::string& den = fields[static_cast<std::size_t>(2 * c + 1)];
      if (!is_integer(num) || !is_integer(den)) {
        throw InputError(path, line,
                         "coordinate " + std::to_string(c) + ": expected integers, got '" + num + "' / '" + den + "'");
      }
      const mpz_class n(num), d(den);
      if (d <= 0) throw InputError(path, line, "coordinate " + std::to_string(c) + ": the denominator must be > 0");
      const mpq_class exact(n, d);
      const double value = exact.get_d();
      if (!std::isfinite(value) || mpq_class(value) != exact) {
        throw InputError(path, line,
                         "coordinate " + std::to_string(c) + ": " + num + "/" + den + " is not exactly a double");
      }
      point[c] = value;
    }
    const std::string& flag = fields[6];
    if (flag != "0" && flag != "1") throw InputError(path, line, "the truth flag must be 0 or 1, got '" + flag + "'");
    const bool truth = flag == "1";
    if (row == 0) {
      record.line = line;
      record.collides = truth;
    } else if (truth != record.collides) {
      throw InputError(path, line,
                       "the truth flag differs from the query's first row (line " + std::to_string(record.line) + ")");
    }
    (row < 4 ? record.query.start : record.query.end)[static_cast<std::size_t>(row % 4)] = point;
    if (++row == 8) {
      out.push_back(record);
      row = 0;
    }
  }
  if (row != 0) {
    throw InputError(path, line,
                     "the file ends inside a query: " + std::to_string(row) +
                         " of its 8 rows (a query is 4 points at t = 0, then at t = 1)");
  }
  return out;
}

CcdKind ccd_kind_from_path(const std::string& path) {
  const bool vf = path.find("vertex-face") != std::string::npos;
  const bool ee = path.find("edge-edge") != std::string::npos;
  if (vf == ee) {
    throw InputError(path, 0,
                     "cannot tell the query kind from the path (no 'vertex-face' or 'edge-edge' in it, "
                     "or both): give --kind vf or ee");
  }
  return vf ? CcdKind::kVertexFace : CcdKind::kEdgeEdge;
}

void write_ccd_queries(const std::string& path, const std::vector<CcdQueryRecord>& records) {
  std::ostringstream out;
  for (const CcdQueryRecord& r : records) {
    for (int row = 0; row < 8; ++row) {
      const Vec3& p = (row < 4 ? r.query.start : r.query.end)[static_cast<std::size_t>(row % 4)];
      for (int c = 0; c < 3; ++c) {
        const auto [num, den] = fraction_of(p[c]);
        out << num << ',' << den << ',';
      }
      out << (r.collides ? 1 : 0) << '\n';
    }
  }
  std::ofstream file(path);
  file << out.str();
  if (!file) throw InputError(path, 0, "cannot write the file");
}

}  // namespace contactlab
