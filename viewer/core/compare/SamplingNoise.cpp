#include "SamplingNoise.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace embers::noise {

namespace {

// lgamma_r, not std::lgamma: lgamma stores the sign in the global `signgam`, a data race
// when comparisons run on two threads (FunctionDiff does). The sign is + for x >= 1.
double logGamma(double x)
{
    int sign = 0;
    return lgamma_r(x, &sign);
}

double logBinomialPmf(int64_t k, int64_t m, double logP, double logQ)
{
    return logGamma(double(m) + 1) - logGamma(double(k) + 1) - logGamma(double(m - k) + 1) +
           double(k) * logP + double(m - k) * logQ;
}

} // namespace

double expectedNewFraction(int64_t baseSamples, int64_t newSamples, bool normalized)
{
    if (!normalized || baseSamples <= 0 || newSamples <= 0)
        return 0.5;
    return double(newSamples) / (double(baseSamples) + double(newSamples));
}

double changePValue(int64_t baseCount, int64_t newCount, double newFraction)
{
    return changePValue(baseCount, newCount, newFraction, std::numeric_limits<double>::infinity());
}

double changePValue(int64_t baseCount, int64_t newCount, double newFraction, double stopAbove)
{
    baseCount = std::max<int64_t>(baseCount, 0);
    newCount = std::max<int64_t>(newCount, 0);
    if ((baseCount == 0 && newCount == 0) || !(newFraction > 0 && newFraction < 1))
        return 1.0;
    // With a spread of more than 10^4 samples the tail below would take tens of thousands
    // of terms (counts far beyond any real capture's reach it, from hand-made files, even
    // past 2^63 together); the normal approximation, with continuity correction, is then
    // exact to about 1/spread.
    const double samples = double(baseCount) + double(newCount);
    const double variance = samples * newFraction * (1 - newFraction);
    int64_t m;
    if (variance > 1e8 || __builtin_add_overflow(baseCount, newCount, &m)) {
        const double z =
            (std::abs(double(newCount) - samples * newFraction) - 0.5) / std::sqrt(variance);
        return std::min(1.0, std::erfc(std::max(z, 0.0) / std::sqrt(2.0)));
    }
    // Twice the tail on the observed side (the exact "doubling" test). The tail is summed
    // outwards from the observation with the pmf's ratio from one k to the next; terms
    // fall off fast away from the mean, so it stops after a few dozen.
    const double logP = std::log(newFraction), logQ = std::log1p(-newFraction);
    const int64_t k = newCount;
    const bool upper = double(k) >= double(m) * newFraction;
    double term = std::exp(logBinomialPmf(k, m, logP, logQ));
    double tail = 0;
    const double odds = newFraction / (1 - newFraction);
    for (int64_t j = k;;) {
        tail += term;
        if (term <= tail * 1e-12 || (upper ? j == m : j == 0))
            break;
        if (std::min(1.0, 2 * tail) > stopAbove) // the rest only adds to it
            return 2 * tail;
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

int64_t fewestSignificantSamples(double newFraction, double q)
{
    if (!(newFraction > 0 && newFraction < 1) || !(q > 0))
        return std::numeric_limits<int64_t>::max();
    // The smallest p-value for m samples is that of the least likely extreme: all in the
    // capture with the smaller expected share. It halves at least with each sample.
    const bool fewerInNew = newFraction < 0.5;
    for (int64_t m = 1;; ++m) {
        const double least =
            fewerInNew ? changePValue(0, m, newFraction) : changePValue(m, 0, newFraction);
        if (least <= q)
            return m;
    }
}

CriticalCounts::CriticalCounts(double newFraction, double q, int64_t mostSamples)
{
    // Small counts are the many: tables past a few thousand samples would cost more to
    // fill than the p-values they spare.
    const int64_t limit = std::min<int64_t>(mostSamples, 4095) + 1;
    if (!(newFraction > 0 && newFraction < 1) || limit <= 0)
        return;
    m_low.assign(size_t(limit), 0);
    m_high.assign(size_t(limit), 0);
    // "Can be significant": at or below q, with a margin far above the p-values' rounding
    // error, so that no count in the interval can have a p-value <= q.
    const double bound = q * (1 + 1e-6);
    auto can = [&](int64_t m, int64_t k) {
        return changePValue(m - k, k, newFraction, bound) <= bound;
    };
    int64_t low = -1, high = 0;
    for (int64_t m = 0; m < limit; ++m) {
        // The first count on the upper side, as changePValue splits them.
        int64_t mid = std::max<int64_t>(0, int64_t(std::ceil(double(m) * newFraction)) - 1);
        while (mid <= m && double(mid) < double(m) * newFraction)
            ++mid;
        // Walk from the previous m's bounds (they move by about one count at a time) to the
        // last count below the expected one that can be significant (-1: none) and the
        // first above it (m + 1: none).
        low = std::clamp(low, int64_t(-1), mid - 1);
        if (low >= 0 && !can(m, low)) {
            while (low >= 0 && !can(m, low))
                --low;
        } else {
            while (low + 1 < mid && can(m, low + 1))
                ++low;
        }
        high = std::clamp(high, mid, m + 1);
        if (high <= m && !can(m, high)) {
            while (high <= m && !can(m, high))
                ++high;
        } else {
            while (high - 1 >= mid && can(m, high - 1))
                --high;
        }
        m_low[size_t(m)] = low;
        m_high[size_t(m)] = high;
    }
}

double significanceThreshold(std::span<const double> pValues, double q, size_t tests)
{
    std::vector<double> sorted(pValues.begin(), pValues.end());
    std::sort(sorted.begin(), sorted.end());
    return significanceThresholdOfSorted(sorted, q, tests);
}

double significanceThresholdOfSorted(std::span<const double> sorted, double q, size_t tests)
{
    const double count = double(std::max(tests, sorted.size()));
    double threshold = 0;
    for (size_t i = 0; i < sorted.size(); ++i) {
        if (sorted[i] <= double(i + 1) / count * q)
            threshold = sorted[i];
    }
    return threshold;
}

} // namespace embers::noise
