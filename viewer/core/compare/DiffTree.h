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
//
// Built for millions of nodes: every sum per node (both captures' totals, the weights,
// the sample counts when they are not a fixed fraction of the totals) comes from one
// pass over the trie, on both cores, which also finds the largest change and the nodes
// whose change can be significant (for the threshold). Other nodes' p-values are only
// computed when asked for.
#pragma once

#include "CallTree.h"

#include <cmath>

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace embers {

enum class Change : uint8_t { Unchanged, Grew, Shrank, Added, Removed };

// What base values are multiplied by: newTotal / baseTotal normalised, else 1.
double baseScaleFor(int64_t baseTotal, int64_t newTotal, bool normalize);
// v * scale rounded half away from zero (std::llround), inline where that is exact:
// it runs once per node of a big diff.
inline int64_t scaledBy(int64_t v, double scale)
{
    if (scale == 1)
        return v;
    const double x = double(v) * scale;
    if (!(std::abs(x) < 0x1p62)) // past 2^63 - 1: saturate, as the deltas do
        return x >= 0x1p63 ? INT64_MAX : x < -0x1p63 ? INT64_MIN : int64_t(std::llround(x));
    const int64_t whole = int64_t(x);          // truncated
    const double fraction = x - double(whole); // exact
    return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole;
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

    // Raw totals of each capture (not scaled). The base's tree is built when first asked
    // for (the diff itself does not need it).
    const std::shared_ptr<const CallTree> &baseTree() const;
    const std::shared_ptr<const CallTree> &newTree() const { return m_after; }

    // What base values are multiplied by: newTotal / baseTotal normalised, else 1.
    double baseScale() const { return m_scale; }
    // The profile totals of each capture in this column (pprof's report totals).
    int64_t baseTotal() const { return m_baseTotal; }
    int64_t newTotal() const { return m_newTotal; }

    int64_t before(uint32_t node) const { return scaled(m_rawBefore[node]); }
    int64_t after(uint32_t node) const { return m_after->total(node); }
    int64_t delta(uint32_t node) const { return subtractSaturating(after(node), before(node)); }
    int64_t beforeSelf(uint32_t node) const;
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

    bool hasNoiseTest() const { return m_noiseTest; }
    // The count column used for the noise test (-1 when there is none).
    int countColumn() const { return m_countColumn; }
    // Two-sided p-value of the node's change in sample counts (1 without a noise test).
    double pValue(uint32_t node) const;
    // The Benjamini-Hochberg threshold over all nodes; p-values above it are noise.
    double threshold() const { return m_threshold; }
    bool isNoise(uint32_t node) const;

private:
    int64_t scaled(int64_t v) const { return scaledBy(v, m_scale); }
    // The node's sample counts in the base and the new capture.
    int64_t baseCount(uint32_t node) const
    {
        return m_baseCounts ? m_baseCounts[node] : m_countOf[0].of(m_rawBefore[node]);
    }
    int64_t newCount(uint32_t node) const
    {
        return m_newCounts ? m_newCounts[node] : m_countOf[1].of(m_after->total(node));
    }
    void setUpNoiseTest(int64_t baseSamples, int64_t newSamples);

    std::shared_ptr<const StackTable> m_stacks;
    size_t m_column;
    bool m_normalize;
    std::shared_ptr<const CallTree> m_after;
    // The base's totals per node (left uninitialised when allocated: the pass that fills
    // them is the first to touch the memory).
    std::unique_ptr<int64_t[]> m_rawBefore;
    mutable std::shared_ptr<const CallTree> m_before;
    mutable std::once_flag m_beforeBuilt;
    double m_scale = 1;
    int64_t m_baseTotal = 0, m_newTotal = 0;
    int64_t m_maxAbsDelta = 0;
    std::shared_ptr<const std::vector<int64_t>> m_weights;

    // Sample counts: either the shown totals divided by a fixed multiple per capture
    // (when every stack's value is that multiple of its count, as a CPU profile's time
    // is samples x period; 1 when the counts are shown), or totals of their own.
    int m_countColumn = -1;
    struct ExactDivision
    {
        int shift = 0;        // divide by 2^shift ...
        uint64_t inverse = 1; // ... then by an odd number: multiply by its inverse mod 2^64
        int64_t of(int64_t multiple) const
        {
            return int64_t((uint64_t(multiple) >> shift) * inverse);
        }
    } m_countOf[2];
    std::unique_ptr<int64_t[]> m_baseCounts, m_newCounts; // null when the counts are derived
    bool m_noiseTest = false;
    double m_newFraction = 0.5;
    int64_t m_fewestTestable = 0;
    double m_threshold = 0;
    // A p-value above this rounds to a float above the threshold: isNoise can stop there.
    double m_surelyNoise = 0;
};

// The column (within a group) holding raw sample counts: the first whose type is
// "samples" or "sample" in the unit "count"; -1 when none is.
int sampleCountColumn(const StackTable &stacks, size_t shownColumn);

} // namespace embers
