#include "contactlab/core/json_fields.h"

#include "contactlab/core/error.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace contactlab::json {

void FieldReader::fail(const std::string& path, const std::string& what) const {
  throw InputError(source_, 0, path.empty() ? what : path + ": " + what);
}

void FieldReader::expect(const Json& v, const std::string& path, bool ok, const std::string& what) const {
  if (!ok) fail(path, "expected " + what + ", got " + describe(v));
}

void FieldReader::check_fields(const Json& object, const std::string& path, const Names& known) const {
  for (const auto& [key, value] : object.items()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      fail(field_path(path, key), "unknown field" + suggest(key, known));
    }
  }
}

const Json* FieldReader::optional(const Json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

const Json& FieldReader::required(const Json& object, const std::string& path, const char* key) const {
  const Json* v = optional(object, key);
  if (!v) fail(field_path(path, key), "missing required field");
  return *v;
}

double FieldReader::number(const Json& v, const std::string& path) const {
  expect(v, path, v.is_number(), "a number");
  const double value = v.get<double>();
  if (!std::isfinite(value)) fail(path, "non-finite number; expected a finite number");
  return value;
}

double FieldReader::number_at_least(const Json& v, const std::string& path, double low, bool strict) const {
  const double value = number(v, path);
  if (strict ? !(value > low) : !(value >= low)) {
    std::ostringstream out;
    out << "expected a number " << (strict ? "> " : ">= ") << low << ", got " << v.dump();
    fail(path, out.str());
  }
  return value;
}

double FieldReader::number_within(const Json& v, const std::string& path, double limit, std::string_view what) const {
  const double value = number(v, path);
  if (!(std::abs(value) <= limit)) {
    std::ostringstream out;
    out << "expected a number within ±" << limit << " (" << what << "), got " << v.dump();
    fail(path, out.str());
  }
  return value;
}

long long FieldReader::integer(const Json& v, const std::string& path, long long low, long long high) const {
  expect(v, path, v.is_number_integer(), "an integer");
  // nlohmann keeps non-negative literals unsigned: compare them as unsigned so that values beyond
  // the range of long long are refused, not wrapped.
  bool in_range = false;
  if (v.is_number_unsigned()) {
    const unsigned long long u = v.get<unsigned long long>();
    in_range = u <= static_cast<unsigned long long>(high) && (low <= 0 || u >= static_cast<unsigned long long>(low));
  } else {
    const long long s = v.get<long long>();
    in_range = s >= low && s <= high;
  }
  if (!in_range) {
    fail(path, "expected an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "], got " + v.dump());
  }
  return v.get<long long>();
}

std::string FieldReader::string(const Json& v, const std::string& path) const {
  expect(v, path, v.is_string(), "a string");
  return v.get<std::string>();
}

bool FieldReader::boolean(const Json& v, const std::string& path) const {
  expect(v, path, v.is_boolean(), "true or false");
  return v.get<bool>();
}

double finite_for_writing(double value, const std::string& source, const std::string& path) {
  if (!std::isfinite(value)) throw InputError(source, 0, path + ": non-finite number cannot be written");
  return value;
}

void FieldWriter::fail(const std::string& path, const std::string& what) const {
  throw InputError(source_, 0, path + ": " + what);
}

Json FieldWriter::vec3(const Vec3& v, const std::string& path) const {
  Json out = Json::array();
  for (int k = 0; k < 3; ++k) out.push_back(number(v[k], element_path(path, static_cast<std::size_t>(k))));
  return out;
}

}  // namespace contactlab::json
