// ValueRange: the one rule for values too large to add. No table holds values of a
// sample type whose magnitudes add up past 2^63 - 1, so every sum of them (a stack, a
// total, a function's flat or cum, a merge, a diff's side) is exact: a build or a
// combination that would break it is refused with valuesBeyondRangeMessage(). Importers
// refuse a single value past the range where they compute one (a count, hits x interval).
// Only differences of two captures can leave the range; they saturate
// (subtractSaturating, StackTable.h).
#pragma once

#include "StackTable.h"

#include <cstdint>
#include <string>

namespace embers {

// |v|, saturating: -2^63 has no 64-bit magnitude.
inline int64_t magnitudeOf(int64_t v)
{
    return v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v;
}

// "the values of sample type T/U add up beyond what a profile can hold (9223372036854775807)"
std::string valuesBeyondRangeMessage(const SampleColumn &column);

} // namespace embers
