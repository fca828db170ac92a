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

namespace embers::noise {

// Two-sided p-value of seeing `newCount` of the `baseCount + newCount` samples in the
// new capture, when each sample lands there with probability `newFraction`.
double changePValue(int64_t baseCount, int64_t newCount, double newFraction);

// newFraction for a comparison: N / (B + N) when normalised, 1/2 when absolute.
double expectedNewFraction(int64_t baseSamples, int64_t newSamples, bool normalized);

// The largest p-value still called significant among `pValues` at false discovery
// rate q (Benjamini-Hochberg); 0 when none is. `tests` is the number of tests made,
// when only the p-values that can pass (<= q) are given; 0 means pValues.size().
double significanceThreshold(std::span<const double> pValues, double q = 0.05, size_t tests = 0);

} // namespace embers::noise
