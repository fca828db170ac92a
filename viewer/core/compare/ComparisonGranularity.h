// ComparisonGranularity: captures opened at different granularities (the page's Frames
// menu) brought to one before they are compared. Frames are matched by content, so a
// function's frame never meets the frames of its lines: the coarser captures are built
// again at the finest granularity of the set, the detail the user asked for on one of
// them. This is done for the comparison only; the pages keep showing what they show.
#pragma once

#include "Capture.h"

#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace embers {

// Functions < FileFunctions < Lines < Addresses.
Granularity finestGranularity(const std::vector<std::shared_ptr<const Capture>> &captures);

struct AlignedCaptures
{
    std::vector<std::shared_ptr<const Capture>> captures; // empty on error or cancel
    Granularity granularity = Granularity::Functions;
    std::vector<Granularity> openedAt; // each capture's own granularity
    QString error;

    bool rebuilt(size_t capture) const { return openedAt[capture] != granularity; }
};

// The captures at their finest granularity: the ones already there as they are, the
// others built again (with their truncated stacks grouped if they were). Builds no call
// tree (a comparison reads the stacks and function tables).
AlignedCaptures alignGranularities(const std::vector<std::shared_ptr<const Capture>> &captures,
                                   const std::atomic_bool *cancel = nullptr);

} // namespace embers
