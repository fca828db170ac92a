// Trend: which functions changed across a series of captures (taken in order), from
// which capture on, and which keep climbing.
//
// Two tests per function, each controlled for what it tries:
// - a change point on the sample counts: for every split of the series into an early
//   and a late part, are the function's samples in the late part more (or fewer) than
//   its share of the series allows (the binomial test of SamplingNoise.h, with the late
//   part's expected share: its number of captures, or its share of the samples when
//   normalised)? The smallest p-value, times the number of splits tried (Bonferroni);
// - a trend: the Mann-Kendall test for a monotonic climb of the values (or shares),
//   which needs no counts, so that it judges heap profiles' scaled estimates too.
// A function's p-value is the smaller of the two times two; across functions the
// Benjamini-Hochberg procedure sets the threshold, as in a two-capture diff.
#pragma once

#include "Comparison.h"

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace embers {

enum class TrendVerdict : uint8_t { Steady, Grew, Shrank, Appeared, Vanished, Growing };

// "steady", "grew", ... as --trend prints them.
const char *trendVerdictName(TrendVerdict verdict);

struct TrendRow
{
    uint32_t frame = 0; // in the comparison's stacks
    TrendVerdict verdict = TrendVerdict::Steady;
    // The first capture (0-based) of the new level; -1 for steady and growing.
    int changeAt = -1;
    double pValue = 1;           // the tests combined, before the threshold
    std::vector<int64_t> values; // per capture: cum in the sample type's unit
};

struct TrendOptions
{
    bool normalize = false; // compare shares of each capture's total, not values
    double falseDiscoveryRate = 0.05;
};

struct Trend
{
    std::vector<TrendRow> rows; // every function sampled in any capture, in frame order
    bool hasCounts = false;     // change points tested; without, only the trend test
    double threshold = 0;       // the largest p-value called significant
    bool cancelled = false;

    // `column` within a capture's group (a sample type).
    static Trend build(const Comparison &comparison, size_t column, const TrendOptions &options,
                       const std::atomic_bool *cancel = nullptr);
};

namespace trend {

// One-sided p-value of the Mann-Kendall test for a climb (normal approximation with the
// variance corrected for ties and a continuity correction); 1 for fewer than 3 values.
double mannKendallPValue(std::span<const double> values);

// The least-squares line through values at x = 0, 1, 2, ...: value = intercept + slope * x.
struct FittedLine
{
    double intercept = 0, slope = 0;
};
FittedLine fitLine(std::span<const double> values);

struct ChangePoint
{
    size_t split = 0;  // captures before the change (1 .. n-1); 0 when none was tried
    double pValue = 1; // the best split's, not yet multiplied by the splits tried
};

// The split whose late part's count departs most from what the late part's captures'
// `shares` (each capture's expected fraction of a function's samples, summing to 1)
// allow.
ChangePoint bestChangePoint(std::span<const int64_t> counts, std::span<const double> shares);

} // namespace trend

} // namespace embers
