// SamplingNoise: is a change between two captures more than sampling noise?
//
// A sampling profiler sees a function in a random number of samples. Of the b + n
// samples that landed in a function (b in the base capture, n in the new one), n
// follows a binomial distribution with m = b + n trials if nothing changed: the
// conditional test for two Poisson rates. What "nothing changed" means depends on the
// comparison: normalised (shares compared), the function kept its share, so
// p = N / (B + N) for captures of B and N samples; absolute (values compared), it cost
// the same, so p = 1/2. The two-sided p-value says how surprising the observed split
// is: twice the exact binomial tail on the observed side.
//
// Across the many functions of a profile some small p-values happen by chance, so the
// threshold is chosen with the Benjamini-Hochberg procedure at a false discovery rate
// of 5%: of the changes called real, about 5% are expected to be noise.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace embers::noise {

// Two-sided p-value of seeing `newCount` of the `baseCount + newCount` samples in the
// new capture, when each sample lands there with probability `newFraction`.
double changePValue(int64_t baseCount, int64_t newCount, double newFraction);
// The same, except that once the p-value is known to be above `stopAbove` it stops and
// returns some value above `stopAbove` (not the p-value); at or below it, the p-value.
double changePValue(int64_t baseCount, int64_t newCount, double newFraction, double stopAbove);

// The fewest samples whose split can be significant at level q: for fewer, even the
// least likely split (all of them in the capture that expects fewer) has a p-value above
// q, so a caller may skip the test. At most 6 at q = 0.05, whatever newFraction is.
int64_t fewestSignificantSamples(double newFraction, double q);

// The test's critical counts, for one newFraction and level q and up to a number of
// samples: for m samples, the new counts whose p-value is surely above q, so that a
// caller testing millions of nodes computes p-values only where they can be <= q. The
// p-value falls monotonically away from the expected count on either side, so these are
// an interval around it, found once per m (with a margin for rounding).
class CriticalCounts
{
public:
    CriticalCounts(double newFraction, double q, int64_t mostSamples);

    // Whether changePValue(baseCount, newCount, newFraction) is surely above q; false
    // when unsure (then compute it).
    bool surelyAbove(int64_t baseCount, int64_t newCount) const
    {
        if (baseCount < 0 || newCount < 0)
            return false;
        const uint64_t m = uint64_t(baseCount) + uint64_t(newCount);
        return m < m_low.size() && m_low[m] < newCount && newCount < m_high[m];
    }

private:
    // For m samples, the new counts in (m_low[m], m_high[m]) have p-values above q.
    std::vector<int64_t> m_low, m_high;
};

// newFraction for a comparison: N / (B + N) when normalised, 1/2 when absolute.
double expectedNewFraction(int64_t baseSamples, int64_t newSamples, bool normalized);

// The largest p-value still called significant among `pValues` at false discovery
// rate q (Benjamini-Hochberg); 0 when none is. `tests` is the number of tests made,
// when only the p-values that can pass (<= q) are given; 0 means pValues.size().
double significanceThreshold(std::span<const double> pValues, double q = 0.05, size_t tests = 0);
// The same for p-values already in ascending order.
double significanceThresholdOfSorted(std::span<const double> sorted, double q, size_t tests);

} // namespace embers::noise
