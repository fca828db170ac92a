#include "FunctionTableReuse.h"

#include <algorithm>

namespace embers {

namespace {

// Whether `subset` is a filter of `superset` that drops few of its stacks: walking those
// stacks then costs less than walking the trie.
const std::vector<uint8_t> *fewDropped(const StackTable &subset,
                                       const std::shared_ptr<const StackTable> &superset)
{
    if (!subset.subsetOf || subset.subsetOf->of.lock() != superset)
        return nullptr;
    const std::vector<uint8_t> &kept = subset.subsetOf->kept;
    const size_t keptCount =
        size_t(std::count_if(kept.begin(), kept.end(), [](uint8_t k) { return k != 0; }));
    if (keptCount != subset.stackCount() || subset.frameCount() != superset->frameCount())
        return nullptr;                    // not what the filter made (cannot happen: a safeguard)
    constexpr size_t kMostDroppedPart = 4; // at most a quarter of the stacks
    return kept.size() - keptCount <= kept.size() / kMostDroppedPart ? &kept : nullptr;
}

} // namespace

std::shared_ptr<const FunctionTable> functionTableFollowing(
    const std::shared_ptr<const StackTable> &stacks, const std::shared_ptr<const StackTable> &shown,
    const std::shared_ptr<const FunctionTable> &shownFunctions, const std::atomic_bool *cancel)
{
    if (shown && shownFunctions) {
        // Every stack keeps its set of functions and its leaf: the same flat and cum.
        if (stacks->sameFunctionsAs.lock() == shown || shown->sameFunctionsAs.lock() == stacks)
            return shownFunctions;
        using Step = FunctionTable::SubsetStep;
        std::optional<FunctionTable> t;
        if (const auto *kept = fewDropped(*stacks, shown))
            t = FunctionTable::acrossSubset(*shownFunctions, *shown, *kept, Step::Filter, cancel);
        else if (const auto *keptOfShown = fewDropped(*shown, stacks))
            t = FunctionTable::acrossSubset(*shownFunctions, *stacks, *keptOfShown, Step::Unfilter,
                                            cancel);
        if (t)
            return std::make_shared<const FunctionTable>(std::move(*t));
    }
    return std::make_shared<const FunctionTable>(FunctionTable::build(*stacks, cancel));
}

} // namespace embers
