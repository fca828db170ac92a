#include "ComparisonGranularity.h"

#include "Regranulate.h"
#include "TruncatedStacks.h"

#include <algorithm>

namespace embers {

namespace {

// Whether the capture's stacks were grouped under "[truncated]" (a root frame of that
// name: groupTruncated's), which the rebuilt capture keeps.
bool groupsTruncated(const StackTable &t)
{
    for (uint32_t c = t.firstChild(StackTable::kRoot); c < t.childEnd(StackTable::kRoot); ++c) {
        if (t.frameName(t.nodeFrame(c)) == kTruncatedFrameName)
            return true;
    }
    return false;
}

} // namespace

Granularity finestGranularity(const std::vector<std::shared_ptr<const Capture>> &captures)
{
    Granularity finest = Granularity::Functions;
    for (const auto &c : captures)
        finest = std::max(finest, c->stacks->granularity);
    return finest;
}

AlignedCaptures alignGranularities(const std::vector<std::shared_ptr<const Capture>> &captures,
                                   const std::atomic_bool *cancel)
{
    AlignedCaptures out;
    if (captures.empty()) {
        out.error = QStringLiteral("no captures");
        return out;
    }
    out.granularity = finestGranularity(captures);
    for (const auto &c : captures)
        out.openedAt.push_back(c->stacks->granularity);
    std::vector<std::shared_ptr<const Capture>> aligned;
    for (const auto &c : captures) {
        if (c->stacks->granularity == out.granularity) {
            aligned.push_back(c);
            continue;
        }
        QString error;
        auto rebuilt = regranulate(*c, out.granularity, -1, cancel, &error,
                                   groupsTruncated(*c->stacks), /*withTree=*/false);
        if (!rebuilt) {
            out.error = error.isEmpty() ? QStringLiteral("cancelled") : error;
            return out;
        }
        aligned.push_back(std::move(rebuilt));
    }
    if (cancel && cancel->load()) {
        out.error = QStringLiteral("cancelled");
        return out;
    }
    out.captures = std::move(aligned);
    return out;
}

} // namespace embers
