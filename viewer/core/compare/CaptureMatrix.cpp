#include "CaptureMatrix.h"

#include <algorithm>

namespace embers {

CaptureMatrix CaptureMatrix::build(const Comparison &comparison, size_t column, Measure measure)
{
    CaptureMatrix m;
    if (!comparison.stacks || !comparison.functions)
        return m;
    const StackTable &stacks = *comparison.stacks;
    const FunctionTable &functions = *comparison.functions;
    const size_t n = comparison.captureCount();
    m.m_captures = n;
    if (n == 0 || column >= stacks.columnsPerGroup())
        return m;

    std::vector<size_t> columns(n);
    std::vector<double> totals(n);
    for (size_t c = 0; c < n; ++c) {
        columns[c] = comparison.columnOf(c, column);
        totals[c] = double(stacks.totals[columns[c]]);
    }

    std::vector<double> sorted(n);
    for (uint32_t frame = 0; frame < functions.frameCount(); ++frame) {
        bool any = false;
        for (size_t c = 0; c < n && !any; ++c)
            any = functions.flat(frame, columns[c]) != 0 || functions.cum(frame, columns[c]) != 0;
        if (!any)
            continue;
        m.m_frames.push_back(frame);
        Stats stats;
        for (size_t c = 0; c < n; ++c) {
            const int64_t flat = functions.flat(frame, columns[c]);
            const int64_t cum = functions.cum(frame, columns[c]);
            const int64_t value = measure == Measure::Self ? flat : cum;
            const bool present = flat != 0 || cum != 0;
            const double share = totals[c] != 0 ? 100.0 * double(value) / totals[c] : 0.0;
            m.m_values.push_back(value);
            m.m_present.push_back(present ? 1 : 0);
            m.m_shares.push_back(share);
            sorted[c] = share;
            stats.present += present ? 1 : 0;
        }
        const auto [lo, hi] = std::minmax_element(sorted.begin(), sorted.end());
        stats.min = *lo;
        stats.max = *hi;
        stats.median = median(sorted);
        m.m_stats.push_back(stats);
    }
    return m;
}

long CaptureMatrix::rowOfFrame(uint32_t frame) const
{
    const auto it = std::lower_bound(m_frames.begin(), m_frames.end(), frame);
    return it != m_frames.end() && *it == frame ? long(it - m_frames.begin()) : -1;
}

double CaptureMatrix::slope(size_t row) const
{
    const std::span<const double> s = shares(row);
    const size_t n = s.size();
    if (n < 2)
        return 0.0;
    const double meanX = double(n - 1) / 2.0;
    double meanY = 0;
    for (double v : s)
        meanY += v;
    meanY /= double(n);
    double num = 0, den = 0;
    for (size_t i = 0; i < n; ++i) {
        const double dx = double(i) - meanX;
        num += dx * (s[i] - meanY);
        den += dx * dx;
    }
    return num / den;
}

double CaptureMatrix::median(std::vector<double> values)
{
    if (values.empty())
        return 0.0;
    const size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + long(mid), values.end());
    const double upper = values[mid];
    if (values.size() % 2 == 1)
        return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + long(mid));
    return (lower + upper) / 2.0;
}

} // namespace embers
