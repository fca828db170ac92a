// PprofNames: the ways `go tool pprof` rewrites function names, for exact parity.
#pragma once

#include <string>
#include <string_view>

namespace embers {

// The name pprof reports for a function, after its default demangling step: when the
// name is empty or equal to the system name and looks like demangled C++, parameter
// lists "(...)" and template arguments "<...>" are removed. (A real demangler for
// mangled "_Z..." names is not applied.)
std::string pprofDisplayName(std::string_view name, std::string_view systemName);

// The name pprof matches drop_frames/keep_frames against: no leading '.', cut at the
// first '(' that is not part of "(anonymous namespace)" or "operator()".
std::string pprofMatchName(std::string_view name);

} // namespace embers
