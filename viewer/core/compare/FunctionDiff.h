// FunctionDiff: the function table of a two-capture comparison: per function, flat and
// cum before (base, scaled when normalised) and after, the change, and whether the
// change of cum is sampling noise (SamplingNoise.h, on the functions' sample counts).
#pragma once

#include "DiffTree.h"
#include "FunctionTable.h"

#include <cstdint>
#include <vector>

namespace embers {

struct FunctionDiffRow
{
    uint32_t frame = 0;
    int64_t flatBefore = 0, flatAfter = 0;
    int64_t cumBefore = 0, cumAfter = 0;
    Change change = Change::Unchanged; // of cum
    double pValue = 1;
    bool noise = false;

    int64_t flatDelta() const { return subtractSaturating(flatAfter, flatBefore); }
    int64_t cumDelta() const { return subtractSaturating(cumAfter, cumBefore); }
};

struct FunctionDiff
{
    std::vector<FunctionDiffRow> rows; // functions present in either capture
    double baseScale = 1;
    bool hasNoiseTest = false;
    double threshold = 0;

    // `stacks` combined Apart with two groups (base, new); `functions` built from it;
    // `column` within a group.
    static FunctionDiff build(const StackTable &stacks, const FunctionTable &functions,
                              size_t column, bool normalize);
};

} // namespace embers
