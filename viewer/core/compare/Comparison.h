// Comparison: several open captures brought onto one trie (CombinedStacks, Apart), with
// the per-function table of every capture, for diffs, side-by-side panes and the
// many-captures table; and merging open captures into one (CombinedStacks, Sum).
#pragma once

#include "Capture.h"
#include "CombinedStacks.h"
#include "SampleType.h"

#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace embers {

struct Comparison
{
    // At one granularity: those opened at a coarser one are built again for it
    // (ComparisonGranularity.h), the pages keep theirs.
    std::vector<std::shared_ptr<const Capture>> captures;
    std::vector<Granularity> openedAt;        // each capture's granularity in its page
    std::shared_ptr<const StackTable> stacks; // Apart: one column group per capture
    std::shared_ptr<const FunctionTable> functions;

    size_t captureCount() const { return captures.size(); }
    // The column of capture i for a column within a group.
    size_t columnOf(size_t capture, size_t column) const
    {
        return capture * stacks->columnsPerGroup() + column;
    }
    // A sample type within a group: `wanted` when the groups have it, else the stacks'
    // default (pprof's: the last type); none when they have no types.
    SampleType sampleTypeOr(SampleType wanted) const;
};

struct ComparisonResult
{
    std::shared_ptr<const Comparison> comparison; // null on error
    QString error;
};

// Brings the captures onto one trie, at the finest granularity among them. Fails when
// they share no sample type. With CombineContent::FramesOnly, the stacks hold no trie
// and no stacks: enough for the function tables, the totals and what reads only them
// (CaptureMatrix, Trend), not for a diff or flame graphs.
ComparisonResult compareCaptures(const std::vector<std::shared_ptr<const Capture>> &opened,
                                 const std::atomic_bool *cancel = nullptr,
                                 CombineContent content = CombineContent::Stacks);

// The captures at lines granularity (regranulated: from their samples when they kept
// them, else read again) and compared: what Show Source in a comparison and a diff page's
// sources read.
ComparisonResult compareAtLines(const std::vector<std::shared_ptr<const Capture>> &captures,
                                const std::atomic_bool *cancel = nullptr);

struct MergeResult
{
    std::shared_ptr<const Capture> capture; // null on error
    QString error;
};

// One capture holding the sum of the captures (as `go tool pprof A B` merges files), at
// the finest granularity among them.
MergeResult mergeCaptures(const std::vector<std::shared_ptr<const Capture>> &opened,
                          const std::atomic_bool *cancel = nullptr);

} // namespace embers
