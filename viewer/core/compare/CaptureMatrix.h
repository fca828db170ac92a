// CaptureMatrix: the many-captures table's numbers — for every function sampled in any
// capture of a Comparison, its share of each capture's total in one sample type, and
// the minimum, median and maximum of those shares (a capture without the function
// counts as 0) and in how many captures it appears.
#pragma once

#include "Comparison.h"

#include <cstdint>
#include <span>
#include <vector>

namespace embers {

class CaptureMatrix
{
public:
    enum class Measure {
        Total, // cum: the function and everything it calls
        Self,  // flat: the function's own samples
    };

    CaptureMatrix() = default;
    // `column` is a column within a group (a sample type); out of range gives no rows.
    static CaptureMatrix build(const Comparison &comparison, size_t column,
                               Measure measure = Measure::Total);

    size_t captureCount() const { return m_captures; }
    size_t rowCount() const { return m_frames.size(); }

    // The combined StackTable frame of a row; rows are in frame order.
    uint32_t frame(size_t row) const { return m_frames[row]; }
    // The row of a frame, or -1 when it is sampled in no capture.
    long rowOfFrame(uint32_t frame) const;

    // Percent of capture c's total (0 when absent or the total is 0).
    double share(size_t row, size_t capture) const { return m_shares[row * m_captures + capture]; }
    std::span<const double> shares(size_t row) const
    {
        return {m_shares.data() + row * m_captures, m_captures};
    }
    // The function has a flat or cum value in capture c (whatever the measure shown).
    bool present(size_t row, size_t capture) const
    {
        return m_present[row * m_captures + capture] != 0;
    }
    // The raw value (flat or cum, in the combined table's unit) in capture c.
    int64_t value(size_t row, size_t capture) const { return m_values[row * m_captures + capture]; }

    double minShare(size_t row) const { return m_stats[row].min; }
    double medianShare(size_t row) const { return m_stats[row].median; }
    double maxShare(size_t row) const { return m_stats[row].max; }
    size_t presentCount(size_t row) const { return m_stats[row].present; }
    // The trend across the captures in their order: the least-squares slope of the
    // shares, in percentage points per capture (0 with fewer than two captures).
    double slope(size_t row) const;

    // The median of values (the mean of the two middle ones for an even count); 0 when empty.
    static double median(std::vector<double> values);

private:
    struct Stats
    {
        double min = 0, median = 0, max = 0;
        size_t present = 0;
    };

    size_t m_captures = 0;
    std::vector<uint32_t> m_frames;
    std::vector<double> m_shares;   // rows x captures
    std::vector<int64_t> m_values;  // rows x captures
    std::vector<uint8_t> m_present; // rows x captures
    std::vector<Stats> m_stats;
};

} // namespace embers
