#include "FunctionDiff.h"

#include "SamplingNoise.h"

#include <cmath>
#include <limits>

namespace embers {

FunctionDiff FunctionDiff::build(const StackTable &stacks, const FunctionTable &functions,
                                 size_t column, bool normalize)
{
    FunctionDiff d;
    const size_t perGroup = stacks.columnsPerGroup();
    const size_t newColumn = perGroup + column;
    const int64_t baseTotal = stacks.totals[column], newTotal = stacks.totals[newColumn];
    d.baseScale = baseScaleFor(baseTotal, newTotal, normalize);
    auto scaled = [&](int64_t v) { return scaledBy(v, d.baseScale); };
    const int countColumn = sampleCountColumn(stacks, column);
    int64_t baseN = 0, newN = 0;
    if (countColumn >= 0) {
        for (size_t s = 0; s < stacks.stackCount(); ++s) {
            baseN += stacks.value(s, size_t(countColumn));
            newN += stacks.value(s, perGroup + size_t(countColumn));
        }
    }
    d.hasNoiseTest = baseN > 0 && newN > 0;
    std::vector<double> pValues;
    const double fraction = noise::expectedNewFraction(baseN, newN, normalize);
    for (uint32_t f = 0; f < functions.frameCount(); ++f) {
        FunctionDiffRow r;
        r.frame = f;
        const int64_t rawBefore = functions.cum(f, column);
        r.flatBefore = scaled(functions.flat(f, column));
        r.flatAfter = functions.flat(f, newColumn);
        r.cumBefore = scaled(rawBefore);
        r.cumAfter = functions.cum(f, newColumn);
        if (rawBefore == 0 && r.cumAfter == 0 && r.flatBefore == 0 && r.flatAfter == 0)
            continue; // only in other sample types
        if (rawBefore == 0)
            r.change = Change::Added;
        else if (r.cumAfter == 0)
            r.change = Change::Removed;
        else
            r.change = r.cumDelta() > 0   ? Change::Grew
                       : r.cumDelta() < 0 ? Change::Shrank
                                          : Change::Unchanged;
        if (d.hasNoiseTest) {
            r.pValue =
                noise::changePValue(functions.cum(f, size_t(countColumn)),
                                    functions.cum(f, perGroup + size_t(countColumn)), fraction);
            pValues.push_back(r.pValue);
        }
        d.rows.push_back(r);
    }
    if (d.hasNoiseTest) {
        d.threshold = noise::significanceThreshold(pValues);
        for (FunctionDiffRow &r : d.rows)
            r.noise = !(r.pValue <= d.threshold);
    }
    return d;
}

} // namespace embers
