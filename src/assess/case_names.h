// Names of methods and cases as the assessment runs take them (suite_run, dynamic_study): checked
// before anything runs, with the known names in the message.
#pragma once

#include <string>
#include <vector>

namespace contactlab::assess_detail {

/// "a, b, c".
std::string join(const std::vector<std::string>& names);

/// `requested` (all of `known` when empty), each checked against `known` and listed once; InputError
/// naming `what` ("method", "case") otherwise.
std::vector<std::string> resolve(const std::vector<std::string>& requested, const std::vector<std::string>& known,
                                 const std::string& what);

/// Each case once, and each case one scene. Cases are named in the results by the text given (a
/// built-in name or a path as written), so two entries are one case when that text repeats, or when
/// two paths name one file ("a.json", "./a.json"); and a name that is both a built-in scene and a
/// file in the working folder would silently be the built-in one. Each is an InputError naming both
/// sources: never a case dropped or run twice under two names.
void check_distinct_cases(const std::vector<std::string>& cases);

}  // namespace contactlab::assess_detail
