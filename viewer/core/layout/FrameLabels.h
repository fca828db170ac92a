// FrameLabels: shorter forms of a function name for boxes too narrow for the whole
// name, tried in order: drop the argument list, collapse template arguments, drop the
// package path, then drop leading qualifiers one at a time (namespace, package, class).
// The painter tries each and elides the last one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace embers::labels {

// "f(int, char) const" -> "f"; names not ending in an argument list are unchanged.
std::string dropArguments(std::string_view name);
// "std::map<int, std::vector<int>>::find" -> "std::map<…>::find" (UTF-8 ellipsis).
std::string collapseTemplates(std::string_view name);
// "github.com/x/y.(*T).M" -> "y.(*T).M": the text after the last '/' outside brackets.
std::string dropPackagePath(std::string_view name);

// "ns::C::f" -> "C::f", "pkg.Func" -> "Func", "main.(*T).M" -> "(*T).M"; unchanged
// when there is no leading qualifier.
std::string dropLeadingQualifier(std::string_view name);

// The distinct shortenings of `name`, shortest last, not including `name` itself.
std::vector<std::string> shortenings(std::string_view name);

} // namespace embers::labels
