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
    // Both cores: each sums half of the stacks' counts, then makes half of the rows.
    int64_t counts[2][2] = {};
    auto sumCounts = [&](size_t begin, size_t end, int64_t *sum) {
        for (size_t s = begin; s < end; ++s) {
            sum[0] += stacks.value(s, size_t(countColumn));
            sum[1] += stacks.value(s, perGroup + size_t(countColumn));
        }
    };
    if (countColumn >= 0) {
        const size_t middle = stacks.stackCount() / 2;
        inParallel([&] { sumCounts(0, middle, counts[0]); },
                   [&] { sumCounts(middle, stacks.stackCount(), counts[1]); });
    }
    const int64_t baseN = counts[0][0] + counts[1][0], newN = counts[0][1] + counts[1][1];
    d.hasNoiseTest = baseN > 0 && newN > 0;
    const double fraction = noise::expectedNewFraction(baseN, newN, normalize);
    auto makeRows = [&](uint32_t begin, uint32_t end, std::vector<FunctionDiffRow> &rows) {
        for (uint32_t f = begin; f < end; ++f) {
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
            if (d.hasNoiseTest)
                r.pValue =
                    noise::changePValue(functions.cum(f, size_t(countColumn)),
                                        functions.cum(f, perGroup + size_t(countColumn)), fraction);
            rows.push_back(r);
        }
    };
    const uint32_t frames = uint32_t(functions.frameCount()), middle = frames / 2;
    std::vector<FunctionDiffRow> second;
    inParallel([&] { makeRows(0, middle, d.rows); }, [&] { makeRows(middle, frames, second); });
    d.rows.insert(d.rows.end(), second.begin(), second.end());
    if (d.hasNoiseTest) {
        std::vector<double> pValues;
        pValues.reserve(d.rows.size());
        for (const FunctionDiffRow &r : d.rows)
            pValues.push_back(r.pValue);
        d.threshold = noise::significanceThreshold(pValues);
        for (FunctionDiffRow &r : d.rows)
            r.noise = !(r.pValue <= d.threshold);
    }
    return d;
}

} // namespace embers
