#include "Trend.h"

#include "DiffTree.h"
#include "SamplingNoise.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace embers {

const char *trendVerdictName(TrendVerdict verdict)
{
    switch (verdict) {
    case TrendVerdict::Steady:
        return "steady";
    case TrendVerdict::Grew:
        return "grew";
    case TrendVerdict::Shrank:
        return "shrank";
    case TrendVerdict::Appeared:
        return "appeared";
    case TrendVerdict::Vanished:
        return "vanished";
    case TrendVerdict::Growing:
        return "growing";
    }
    return "steady";
}

namespace trend {

double mannKendallPValue(std::span<const double> values)
{
    const size_t n = values.size();
    if (n < 3)
        return 1;
    double s = 0;
    for (size_t i = 0; i < n; ++i) {
        for (size_t j = i + 1; j < n; ++j)
            s += values[j] > values[i] ? 1 : values[j] < values[i] ? -1 : 0;
    }
    // Ties shrink the variance: each group of t equal values takes t(t-1)(2t+5).
    std::vector<double> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    const double dn = double(n);
    double variance = dn * (dn - 1) * (2 * dn + 5);
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && sorted[j] == sorted[i])
            ++j;
        const double t = double(j - i);
        variance -= t * (t - 1) * (2 * t + 5);
        i = j;
    }
    variance /= 18;
    if (s <= 0 || variance <= 0)
        return s > 0 ? 0.0 : 1.0;
    const double z = (s - 1) / std::sqrt(variance);
    return 0.5 * std::erfc(z / std::sqrt(2.0));
}

FittedLine fitLine(std::span<const double> values)
{
    if (values.empty())
        return {};
    const double n = double(values.size());
    const double meanX = (n - 1) / 2;
    const double meanY = std::accumulate(values.begin(), values.end(), 0.0) / n;
    double sxx = 0, sxy = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        sxx += (double(i) - meanX) * (double(i) - meanX);
        sxy += (double(i) - meanX) * (values[i] - meanY);
    }
    const double slope = sxx > 0 ? sxy / sxx : 0;
    return {meanY - slope * meanX, slope};
}

ChangePoint bestChangePoint(std::span<const int64_t> counts, std::span<const double> shares)
{
    ChangePoint best;
    const size_t n = counts.size();
    if (n < 2 || shares.size() != n)
        return best;
    // Counts past 2^63 together (only hand-made files have them) are scaled down to fit:
    // the test is then the normal approximation's, which depends on proportions.
    double sum = 0;
    for (int64_t c : counts)
        sum += double(std::max<int64_t>(c, 0));
    const double scale = sum > 4e18 ? 4e18 / sum : 1.0;
    std::vector<int64_t> fitted(n);
    int64_t total = 0;
    for (size_t i = 0; i < n; ++i) {
        const int64_t c = std::max<int64_t>(counts[i], 0);
        fitted[i] = scale == 1.0 ? c : int64_t(double(c) * scale);
        total += fitted[i];
    }
    if (total == 0)
        return best;
    int64_t late = total;
    double lateShare = 1;
    for (size_t split = 1; split < n; ++split) {
        late -= fitted[split - 1];
        lateShare -= shares[split - 1];
        // A p-value known to be above the best so far is not needed exactly.
        const double p = noise::changePValue(total - late, late, std::clamp(lateShare, 0.0, 1.0),
                                             best.split ? best.pValue : 2.0);
        if (!best.split || p < best.pValue)
            best = {split, p};
    }
    return best;
}

} // namespace trend

namespace {

// Residual sums of squares of the two shapes a change takes: a step at `split` (two
// levels) and a straight line.
double stepError(std::span<const double> y, size_t split)
{
    auto error = [](std::span<const double> part) {
        if (part.empty())
            return 0.0;
        const double mean = std::accumulate(part.begin(), part.end(), 0.0) / double(part.size());
        double sum = 0;
        for (double v : part)
            sum += (v - mean) * (v - mean);
        return sum;
    };
    return error(y.first(split)) + error(y.subspan(split));
}

double lineError(std::span<const double> y)
{
    const trend::FittedLine line = trend::fitLine(y);
    double sum = 0;
    for (size_t i = 0; i < y.size(); ++i) {
        const double r = y[i] - (line.intercept + line.slope * double(i));
        sum += r * r;
    }
    return sum;
}

struct Tested
{
    TrendRow row;
    trend::ChangePoint step;
    double stepP = 1, climbP = 1;
    std::vector<double> series; // values or shares
};

// The verdict of a function found significant: a climb when only the trend test finds
// it at level q, a step when only the change-point test does; when both do (a large
// step also rises, a steep climb also has a best split), the shape that fits better.
void classify(Tested &t, double q)
{
    const bool step = t.step.split > 0 && 2 * t.stepP <= q, rising = 2 * t.climbP <= q;
    bool climb = rising && !step;
    if (step && rising)
        climb = lineError(t.series) <= stepError(t.series, t.step.split);
    if (climb) {
        t.row.verdict = TrendVerdict::Growing;
        return;
    }
    const size_t split = t.step.split;
    const std::span<const int64_t> values = t.row.values;
    auto allZero = [](std::span<const int64_t> part) {
        return std::all_of(part.begin(), part.end(), [](int64_t v) { return v == 0; });
    };
    auto mean = [](std::span<const double> part) {
        return std::accumulate(part.begin(), part.end(), 0.0) / double(part.size());
    };
    t.row.changeAt = int(split);
    const std::span<const double> series = t.series;
    if (allZero(values.first(split)))
        t.row.verdict = TrendVerdict::Appeared;
    else if (allZero(values.subspan(split)))
        t.row.verdict = TrendVerdict::Vanished;
    else
        t.row.verdict = mean(series.subspan(split)) > mean(series.first(split))
                            ? TrendVerdict::Grew
                            : TrendVerdict::Shrank;
}

} // namespace

Trend Trend::build(const Comparison &comparison, size_t column, const TrendOptions &options,
                   const std::atomic_bool *cancel)
{
    Trend result;
    if (!comparison.stacks || !comparison.functions)
        return result;
    const StackTable &stacks = *comparison.stacks;
    const FunctionTable &functions = *comparison.functions;
    const size_t n = comparison.captureCount();
    if (n == 0 || column >= stacks.columnsPerGroup())
        return result;

    const int countColumn = sampleCountColumn(stacks, column);
    std::vector<double> shares(n, 1.0 / double(n)), totals(n);
    if (countColumn >= 0) {
        double all = 0;
        for (size_t c = 0; c < n; ++c) {
            shares[c] = double(
                std::max<int64_t>(stacks.totals[comparison.columnOf(c, size_t(countColumn))], 0));
            all += shares[c];
        }
        result.hasCounts = all > 0;
        for (double &s : shares)
            s = options.normalize && all > 0 ? s / all : 1.0 / double(n);
    }
    for (size_t c = 0; c < n; ++c)
        totals[c] = double(stacks.totals[comparison.columnOf(c, column)]);

    std::vector<Tested> tested;
    std::vector<int64_t> counts(n);
    const uint32_t frames = uint32_t(functions.frameCount());
    for (uint32_t frame = 0; frame < frames; ++frame) {
        if ((frame & 1023) == 0 && cancel && cancel->load(std::memory_order_relaxed)) {
            result.cancelled = true;
            return result;
        }
        bool any = false;
        for (size_t c = 0; c < n && !any; ++c) {
            const size_t col = comparison.columnOf(c, column);
            any = functions.cum(frame, col) != 0 || functions.flat(frame, col) != 0;
        }
        if (!any)
            continue;
        Tested t;
        t.row.frame = frame;
        t.row.values.resize(n);
        t.series.resize(n);
        for (size_t c = 0; c < n; ++c) {
            const int64_t v = functions.cum(frame, comparison.columnOf(c, column));
            t.row.values[c] = v;
            t.series[c] =
                options.normalize ? (totals[c] != 0 ? double(v) / totals[c] : 0.0) : double(v);
        }
        t.climbP = trend::mannKendallPValue(t.series);
        if (result.hasCounts) {
            for (size_t c = 0; c < n; ++c)
                counts[c] = functions.cum(frame, comparison.columnOf(c, size_t(countColumn)));
            t.step = trend::bestChangePoint(counts, shares);
            t.stepP = std::min(1.0, t.step.pValue * double(n - 1));
            t.row.pValue = std::min(1.0, 2 * std::min(t.stepP, t.climbP));
        } else {
            t.row.pValue = t.climbP;
        }
        tested.push_back(std::move(t));
    }

    std::vector<double> pValues;
    pValues.reserve(tested.size());
    for (const Tested &t : tested)
        pValues.push_back(t.row.pValue);
    result.threshold = noise::significanceThreshold(pValues, options.falseDiscoveryRate);
    result.rows.reserve(tested.size());
    for (Tested &t : tested) {
        if (t.row.pValue <= result.threshold) {
            if (result.hasCounts)
                classify(t, options.falseDiscoveryRate);
            else
                t.row.verdict = TrendVerdict::Growing;
        }
        result.rows.push_back(std::move(t.row));
    }
    return result;
}

} // namespace embers
