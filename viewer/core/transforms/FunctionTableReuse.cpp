#include "FunctionTableReuse.h"

#include <algorithm>

namespace embers {

namespace {

// How `t` was made from `from`, or null when it was not.
const StackDerivation *derivation(const StackTable &t,
                                  const std::shared_ptr<const StackTable> &from)
{
    return t.derivedFrom && t.derivedFrom->of.lock() == from ? t.derivedFrom.get() : nullptr;
}

// Whether the filter `subset` of `superset` drops few of its stacks: walking those stacks
// then costs less than walking the trie.
bool fewDropped(const StackTable &subset, const StackTable &superset,
                const std::vector<uint8_t> &kept)
{
    const size_t keptCount =
        size_t(std::count_if(kept.begin(), kept.end(), [](uint8_t k) { return k != 0; }));
    if (keptCount != subset.stackCount() || subset.frameCount() != superset.frameCount())
        return false;                      // not what the filter made (cannot happen: a safeguard)
    constexpr size_t kMostDroppedPart = 4; // at most a quarter of the stacks
    return kept.size() - keptCount <= kept.size() / kMostDroppedPart;
}

} // namespace

std::shared_ptr<const FunctionTable> functionTableFollowing(
    const std::shared_ptr<const StackTable> &stacks, const std::shared_ptr<const StackTable> &shown,
    const std::shared_ptr<const FunctionTable> &shownFunctions, const std::atomic_bool *cancel)
{
    using Kind = StackDerivation::Kind;
    using Step = FunctionTable::Step;
    const bool known = shown && shownFunctions;
    // This table a transform of the shown one, or the other way round (an undo).
    const StackDerivation *d = known ? derivation(*stacks, shown) : nullptr;
    const StackDerivation *back = known && !d ? derivation(*shown, stacks) : nullptr;
    std::optional<FunctionTable> t;
    if (d) {
        switch (d->kind) {
        case Kind::SameFunctions:
            return shownFunctions;
        case Kind::Subset:
            if (fewDropped(*stacks, *shown, d->kept))
                t = FunctionTable::acrossSubset(*shownFunctions, *shown, d->kept, Step::Apply,
                                                cancel);
            break;
        case Kind::FramesMerged:
            // The stacks whose leaf merged are walked up: when most frames merge (pprof's
            // -show) the result is small, and quicker built.
            if (stacks->nodeCount() * 2 >= shown->nodeCount())
                t = FunctionTable::acrossMergedFrames(*shownFunctions, *shown, d->frames, cancel);
            break;
        case Kind::RecursionCollapsed:
            t = FunctionTable::acrossCollapsedRecursion(*shownFunctions, *shown, d->frames,
                                                        Step::Apply, cancel);
            break;
        case Kind::FramesCollapsed:
            if (stacks->frameCount() == size_t(d->into) + 1)
                t = FunctionTable::acrossCollapsedFrames(*shownFunctions, *shown, d->frames,
                                                         d->into, cancel);
            break;
        }
    } else if (back) {
        if (back->kind == Kind::SameFunctions)
            return shownFunctions;
        if (back->kind == Kind::Subset && fewDropped(*shown, *stacks, back->kept))
            t = FunctionTable::acrossSubset(*shownFunctions, *stacks, back->kept, Step::Undo,
                                            cancel);
        else if (back->kind == Kind::RecursionCollapsed)
            t = FunctionTable::acrossCollapsedRecursion(*shownFunctions, *stacks, back->frames,
                                                        Step::Undo, cancel);
    }
    if (t)
        return std::make_shared<const FunctionTable>(std::move(*t));
    return std::make_shared<const FunctionTable>(FunctionTable::build(*stacks, cancel));
}

} // namespace embers
