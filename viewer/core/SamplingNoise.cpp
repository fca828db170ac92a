#include "SamplingNoise.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace embers::noise {

namespace {

double logBinomialPmf(int64_t k, int64_t m, double logP, double logQ)
{
    return std::lgamma(double(m) + 1) - std::lgamma(double(k) + 1) -
           std::lgamma(double(m - k) + 1) + double(k) * logP + double(m - k) * logQ;
}

} // namespace

double expectedNewFraction(int64_t baseSamples, int64_t newSamples, bool normalized)
{
    if (!normalized || baseSamples <= 0 || newSamples <= 0)
        return 0.5;
    return double(newSamples) / double(baseSamples + newSamples);
}

double changePValue(int64_t baseCount, int64_t newCount, double p)
{
    baseCount = std::max<int64_t>(baseCount, 0);
    newCount = std::max<int64_t>(newCount, 0);
    const int64_t m = baseCount + newCount;
    if (m == 0 || !(p > 0 && p < 1))
        return 1.0;
    // Twice the tail on the observed side (the exact "doubling" test). The tail is summed
    // outwards from the observation with the pmf's ratio from one k to the next; terms
    // fall off fast away from the mean, so it stops after a few dozen.
    const double logP = std::log(p), logQ = std::log1p(-p);
    const int64_t k = newCount;
    const bool upper = double(k) >= double(m) * p;
    double term = std::exp(logBinomialPmf(k, m, logP, logQ));
    double tail = 0;
    const double odds = p / (1 - p);
    for (int64_t j = k;;) {
        tail += term;
        if (term <= tail * 1e-12 || (upper ? j == m : j == 0))
            break;
        if (upper) {
            term *= double(m - j) / double(j + 1) * odds;
            ++j;
        } else {
            term *= double(j) / double(m - j + 1) / odds;
            --j;
        }
    }
    return std::min(1.0, 2 * tail);
}

double significanceThreshold(std::span<const double> pValues, double q, size_t tests)
{
    std::vector<double> sorted(pValues.begin(), pValues.end());
    std::sort(sorted.begin(), sorted.end());
    const double count = double(std::max(tests, sorted.size()));
    double threshold = 0;
    for (size_t i = 0; i < sorted.size(); ++i) {
        if (sorted[i] <= double(i + 1) / count * q)
            threshold = sorted[i];
    }
    return threshold;
}

} // namespace embers::noise
