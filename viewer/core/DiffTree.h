// DiffTree: two captures compared node by node in one sample type. The stacks are a
// StackTable combined Apart from the base (group 0) and the new capture (group 1), so
// every node is one call path, with its value before and after.
//
// - Normalised (the default), the base is scaled to the new capture's total, so a
//   capture twice as long does not make every frame look twice as wide; otherwise the
//   raw values are compared.
// - Boxes are laid out by weight = |before| + |after| summed over the node's stacks: a
//   frame that exists in only one capture still gets a box (marked added or removed),
//   and children always fit in their parent.
// - Whether a node's change is sampling noise comes from the sample counts (a count
//   column of the profile, e.g. "samples"): see SamplingNoise.h. Without a count column
//   there is no noise test and every change counts.
#pragma once

#include "CallTree.h"

#include <cmath>

#include <cstdint>
#include <memory>
#include <vector>

namespace embers {

enum class Change : uint8_t { Unchanged, Grew, Shrank, Added, Removed };

// What base values are multiplied by: newTotal / baseTotal normalised, else 1.
double baseScaleFor(int64_t baseTotal, int64_t newTotal, bool normalize);
inline int64_t scaledBy(int64_t v, double scale)
{
    return scale == 1 ? v : int64_t(std::llround(double(v) * scale));
}
// Δ as a fraction of the value before: +inf when it was 0 (new), -1 when removed.
double relativeChange(int64_t before, int64_t after);

class DiffTree
{
public:
    // `stacks` combined Apart with two groups; `column` is within a group.
    DiffTree(std::shared_ptr<const StackTable> stacks, size_t column, bool normalize);

    const StackTable &stacks() const { return *m_stacks; }
    const std::shared_ptr<const StackTable> &sharedStacks() const { return m_stacks; }
    size_t column() const { return m_column; }
    bool isNormalized() const { return m_normalize; }
    size_t nodeCount() const { return m_after->nodeCount(); }

    // Raw totals of each capture (not scaled).
    const std::shared_ptr<const CallTree> &baseTree() const { return m_before; }
    const std::shared_ptr<const CallTree> &newTree() const { return m_after; }

    // What base values are multiplied by: newTotal / baseTotal normalised, else 1.
    double baseScale() const { return m_scale; }
    // The profile totals of each capture in this column (pprof's report totals).
    int64_t baseTotal() const { return m_baseTotal; }
    int64_t newTotal() const { return m_newTotal; }

    int64_t before(uint32_t node) const { return scaled(m_before->total(node)); }
    int64_t after(uint32_t node) const { return m_after->total(node); }
    int64_t delta(uint32_t node) const { return after(node) - before(node); }
    int64_t beforeSelf(uint32_t node) const { return scaled(m_before->self(node)); }
    int64_t afterSelf(uint32_t node) const { return m_after->self(node); }
    Change change(uint32_t node) const;
    // Δ as a fraction of the value before (+inf for added frames, -1 for removed ones).
    double relativeChange(uint32_t node) const
    {
        return embers::relativeChange(before(node), after(node));
    }

    // The largest |Δ| of any node below the root (for colour intensity).
    int64_t maxAbsDelta() const { return m_maxAbsDelta; }

    // Layout weights, per node (see the header comment).
    const std::shared_ptr<const std::vector<int64_t>> &weights() const { return m_weights; }

    bool hasNoiseTest() const { return !m_pValue.empty(); }
    // The count column used for the noise test (-1 when there is none).
    int countColumn() const { return m_countColumn; }
    // Two-sided p-value of the node's change in sample counts (1 without a noise test).
    double pValue(uint32_t node) const { return m_pValue.empty() ? 1.0 : m_pValue[node]; }
    // The Benjamini-Hochberg threshold over all nodes; p-values above it are noise.
    double threshold() const { return m_threshold; }
    bool isNoise(uint32_t node) const
    {
        return !m_pValue.empty() && !(m_pValue[node] <= m_threshold);
    }

private:
    int64_t scaled(int64_t v) const { return scaledBy(v, m_scale); }

    std::shared_ptr<const StackTable> m_stacks;
    size_t m_column;
    bool m_normalize;
    std::shared_ptr<const CallTree> m_before, m_after;
    double m_scale = 1;
    int64_t m_baseTotal = 0, m_newTotal = 0;
    int64_t m_maxAbsDelta = 0;
    std::shared_ptr<const std::vector<int64_t>> m_weights;
    int m_countColumn = -1;
    std::vector<float> m_pValue;
    double m_threshold = 0;
};

// The column (within a group) holding sample counts: the shown one when its unit is
// "count", else the first whose type is "samples" or "sample"; -1 when none is.
int sampleCountColumn(const StackTable &stacks, size_t shownColumn);

} // namespace embers
