#include "mutate.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace contactlab::fuzz {

namespace {

// Numbers that break readers: extremes, signed zero, NaN and Inf spellings, counts that overflow
// 32 and 64 bits or would allocate too much, values just beyond the coordinate limit (1e50),
// malformed spellings.
constexpr std::array<std::string_view, 46> kNumbers = {"0",
                                                       "-0",
                                                       "1",
                                                       "-1",
                                                       "2",
                                                       "3",
                                                       "4",
                                                       "10",
                                                       "1.5",
                                                       "1e308",
                                                       "-1e308",
                                                       "1e309",
                                                       "-1e309",
                                                       "1.7976931348623157e308",
                                                       "4.9e-324",
                                                       "1e-320",
                                                       "2.2250738585072014e-308",
                                                       "nan",
                                                       "NaN",
                                                       "-nan",
                                                       "inf",
                                                       "-inf",
                                                       "Infinity",
                                                       "1e50",
                                                       "1.0000000000000002e50",
                                                       "-1e50",
                                                       "1e51",
                                                       "2147483647",
                                                       "2147483648",
                                                       "-2147483648",
                                                       "4294967295",
                                                       "4294967296",
                                                       "2000000000",
                                                       "9223372036854775807",
                                                       "18446744073709551616",
                                                       "99999999999999999999999",
                                                       "0x1p3",
                                                       "1e",
                                                       "-",
                                                       ".",
                                                       "00",
                                                       "1e6",
                                                       "100000",
                                                       "1e200",
                                                       "-1e-300",
                                                       "65536"};

// Words of the formats (OBJ, OFF, TetGen, JSON) and separators.
constexpr std::array<std::string_view, 40> kWords = {"v",
                                                     "f",
                                                     "vn",
                                                     "vt",
                                                     "OFF",
                                                     "#",
                                                     "\n",
                                                     "\r\n",
                                                     "\r",
                                                     " ",
                                                     "\t",
                                                     "/",
                                                     "//",
                                                     "{",
                                                     "}",
                                                     "[",
                                                     "]",
                                                     ",",
                                                     ":",
                                                     "\"",
                                                     "null",
                                                     "true",
                                                     "false",
                                                     "{}",
                                                     "[]",
                                                     "\"\"",
                                                     "\"mesh\"",
                                                     "\"generator\"",
                                                     "\"box\"",
                                                     "\"frustum\"",
                                                     "\"slices\"",
                                                     "\"vertices\"",
                                                     "\"triangles\"",
                                                     "\"bodies\"",
                                                     "\"name\"",
                                                     "\"shape\"",
                                                     "\"contacts\"",
                                                     "\"normal\"",
                                                     "\xef\xbb\xbf",
                                                     "\x1e"};

constexpr std::array<char, 24> kBytes = {'\0', '\xff', '\n', '\r', ' ', '\t', '#',  '-', '.', 'e',    '"',    '{',
                                         '[',  ']',    '}',  ',',  ':', '/',  '\\', '0', '9', '\x80', '\x1e', 'u'};

using Rng = std::mt19937_64;

std::size_t below(Rng& rng, std::size_t n) {
  return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
}

bool is_number_char(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E';
}
bool is_token_char(char c) {
  return !std::isspace(static_cast<unsigned char>(c)) && c != ',' && c != '[' && c != ']' && c != '{' && c != '}' &&
         c != ':';
}

/// [begin, end) of the token (run of token characters) at or after a random position, or npos.
std::pair<std::size_t, std::size_t> random_token(const std::string& s, Rng& rng, bool number) {
  if (s.empty()) return {std::string::npos, 0};
  std::size_t i = below(rng, s.size());
  const auto wanted = [&](char c) {
    return number ? std::isdigit(static_cast<unsigned char>(c)) != 0 : is_token_char(c);
  };
  std::size_t scanned = 0;
  while (!wanted(s[i]) && scanned < s.size()) {
    i = (i + 1) % s.size();
    ++scanned;
  }
  if (scanned == s.size()) return {std::string::npos, 0};
  const auto inside = [&](char c) { return number ? is_number_char(c) : is_token_char(c); };
  std::size_t b = i, e = i;
  while (b > 0 && inside(s[b - 1])) --b;
  while (e < s.size() && inside(s[e])) ++e;
  return {b, e};
}

/// [begin, end) of the line holding a random position (end includes the '\n').
std::pair<std::size_t, std::size_t> random_line(const std::string& s, Rng& rng) {
  const std::size_t i = below(rng, s.size());
  std::size_t b = s.rfind('\n', i == 0 ? 0 : i - 1);
  b = (b == std::string::npos || i == 0) ? 0 : b + 1;
  std::size_t e = s.find('\n', i);
  e = e == std::string::npos ? s.size() : e + 1;
  return {b, e};
}

std::string random_number(Rng& rng) {
  switch (below(rng, 4)) {
    case 0:
      return std::to_string(static_cast<long long>(rng() >> (rng() % 64)));
    case 1:
      return std::to_string(-static_cast<long long>(below(rng, 1000)));
    case 2: {
      char buffer[40];
      std::snprintf(
          buffer, sizeof buffer, "%.17g",
          std::ldexp(static_cast<double>(rng() >> 11) / 9007199254740992.0, static_cast<int>(below(rng, 400)) - 200));
      return buffer;
    }
    default:
      return std::string(kNumbers[below(rng, kNumbers.size())]);
  }
}

/// The end of the JSON value starting at `at` (after whitespace): a string, a bracketed value
/// (brackets matched outside strings) or a scalar up to the next ',', '}', ']' or line end.
std::size_t value_end(const std::string& s, std::size_t at) {
  while (at < s.size() && std::isspace(static_cast<unsigned char>(s[at]))) ++at;
  if (at >= s.size()) return at;
  if (s[at] == '"') {
    for (std::size_t i = at + 1; i < s.size(); ++i) {
      if (s[i] == '\\')
        ++i;
      else if (s[i] == '"')
        return i + 1;
    }
    return s.size();
  }
  if (s[at] == '[' || s[at] == '{') {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = at; i < s.size(); ++i) {
      const char c = s[i];
      if (in_string) {
        if (c == '\\')
          ++i;
        else if (c == '"')
          in_string = false;
      } else if (c == '"') {
        in_string = true;
      } else if (c == '[' || c == '{') {
        ++depth;
      } else if ((c == ']' || c == '}') && --depth == 0) {
        return i + 1;
      }
    }
    return s.size();
  }
  const std::size_t end = s.find_first_of(",}]\n", at);
  return end == std::string::npos ? s.size() : end;
}

/// Deep nesting: the JSON value after a ':' or '[' at or after a random position wrapped in n
/// levels of arrays or of objects ({"a": …}), so the document stays valid JSON.
void nest(std::string& s, Rng& rng) {
  static constexpr std::array<std::size_t, 6> kDepths = {2, 64, 255, 257, 1000, 100000};
  const std::size_t n = kDepths[below(rng, kDepths.size())];
  std::size_t at = s.find_first_of(":[", below(rng, s.size() + 1));
  if (at == std::string::npos) at = s.find_first_of(":[");
  at = at == std::string::npos ? s.size() : at + 1;
  const std::size_t end = value_end(s, at);
  std::string open, close;
  if (rng() % 2) {
    open.assign(n, '[');
    close.assign(n, ']');
  } else {
    open.reserve(5 * n);
    for (std::size_t i = 0; i < n; ++i) open += "{\"a\":";
    close.assign(n, '}');
  }
  s.insert(end, close);
  s.insert(at, open);
}

void mutate_once(std::string& s, const std::vector<std::string>& seeds, Rng& rng) {
  const std::size_t n = s.size();
  switch (below(rng, 20)) {
    case 0:  // bit flip
      if (n) s[below(rng, n)] ^= static_cast<char>(1u << below(rng, 8));
      break;
    case 1:  // an interesting byte
      if (n) s[below(rng, n)] = kBytes[below(rng, kBytes.size())];
      break;
    case 2:  // random bytes inserted
    {
      std::string bytes(1 + below(rng, 8), '\0');
      for (char& c : bytes) c = static_cast<char>(rng());
      s.insert(below(rng, n + 1), bytes);
      break;
    }
    case 3:  // a range deleted
      if (n) {
        const std::size_t at = below(rng, n);
        s.erase(at, 1 + below(rng, std::min<std::size_t>(n - at, 64)));
      }
      break;
    case 4:  // a range copied elsewhere
      if (n) {
        const std::size_t at = below(rng, n);
        const std::string chunk = s.substr(at, 1 + below(rng, std::min<std::size_t>(n - at, 128)));
        s.insert(below(rng, n + 1), chunk);
      }
      break;
    case 5:
    case 6:
    case 7:  // a number replaced by an extreme, a random or a malformed one
    {
      const auto [b, e] = random_token(s, rng, true);
      if (b != std::string::npos) s.replace(b, e - b, random_number(rng));
      break;
    }
    case 8:  // the first number (a header count) replaced
    {
      const std::size_t b = s.find_first_of("0123456789");
      if (b != std::string::npos) {
        std::size_t e = b;
        while (e < s.size() && is_number_char(s[e])) ++e;
        s.replace(b, e - b, random_number(rng));
      }
      break;
    }
    case 9:  // a token spliced from another seed
      if (!seeds.empty()) {
        const std::string& other = seeds[below(rng, seeds.size())];
        const auto [ob, oe] = random_token(other, rng, false);
        const auto [b, e] = random_token(s, rng, false);
        if (ob != std::string::npos && b != std::string::npos) s.replace(b, e - b, other.substr(ob, oe - ob));
      }
      break;
    case 10:  // a dictionary word inserted or replacing a token
    {
      const std::string_view word = kWords[below(rng, kWords.size())];
      const auto [b, e] = random_token(s, rng, false);
      if (b != std::string::npos && rng() % 2)
        s.replace(b, e - b, word);
      else
        s.insert(below(rng, n + 1), word);
      break;
    }
    case 11:  // a line duplicated
      if (n) {
        const auto [b, e] = random_line(s, rng);
        s.insert(b, s.substr(b, e - b));
      }
      break;
    case 12:  // a line deleted
      if (n) {
        const auto [b, e] = random_line(s, rng);
        s.erase(b, e - b);
      }
      break;
    case 13:  // two lines swapped
      if (n) {
        auto [b1, e1] = random_line(s, rng);
        auto [b2, e2] = random_line(s, rng);
        if (b2 < b1) {
          std::swap(b1, b2);
          std::swap(e1, e2);
        }
        if (e1 <= b2) {
          const std::string l1 = s.substr(b1, e1 - b1), l2 = s.substr(b2, e2 - b2);
          s.replace(b2, e2 - b2, l1);
          s.replace(b1, e1 - b1, l2);
        }
      }
      break;
    case 14:  // line ends: CRLF, CR only, or a BOM
    {
      const std::size_t which = below(rng, 3);
      if (which == 2) {
        s.insert(0, "\xef\xbb\xbf");
        break;
      }
      std::string out;
      out.reserve(s.size() + s.size() / 8);
      for (char c : s) {
        if (c == '\n')
          out += which == 0 ? "\r\n" : "\r";
        else
          out += c;
      }
      s = std::move(out);
      break;
    }
    case 15:  // truncated
      s.resize(below(rng, n + 1));
      break;
    case 16:  // a chunk of another seed inserted (crossover)
      if (!seeds.empty()) {
        const std::string& other = seeds[below(rng, seeds.size())];
        if (!other.empty()) {
          const std::size_t at = below(rng, other.size());
          s.insert(below(rng, n + 1), other.substr(at, 1 + below(rng, std::min<std::size_t>(other.size() - at, 256))));
        }
      }
      break;
    case 17:  // deep nesting, less often (the deepest levels are slow to parse)
      if (below(rng, 4) == 0) nest(s, rng);
      break;
    case 18:  // a value's sign flipped or a minus inserted before a number
    {
      const auto [b, e] = random_token(s, rng, true);
      if (b != std::string::npos) {
        if (s[b] == '-')
          s.erase(b, 1);
        else
          s.insert(b, "-");
      }
      break;
    }
    default:  // a number scaled by a power of ten (huge counts, tiny or huge coordinates)
    {
      const auto [b, e] = random_token(s, rng, true);
      if (b != std::string::npos) s.insert(e, (rng() % 2 ? "e" : "e-") + std::to_string(1 + below(rng, 400)));
      break;
    }
  }
}

}  // namespace

std::string mutated_input(const std::vector<std::string>& seeds, std::mt19937_64& rng, std::size_t max_len) {
  std::string s;
  if (seeds.empty()) {
    s.resize(1 + below(rng, 256));
    for (char& c : s) c = static_cast<char>(rng());
  } else {
    s = seeds[below(rng, seeds.size())];
  }
  // 1 to 8 stacked mutations, fewer more often.
  const std::size_t count = 1 + std::min<std::size_t>(7, std::geometric_distribution<std::size_t>(0.45)(rng));
  for (std::size_t i = 0; i < count; ++i) {
    mutate_once(s, seeds, rng);
    if (s.size() > max_len) s.resize(max_len);
  }
  return s;
}

}  // namespace contactlab::fuzz
