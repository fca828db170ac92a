#include "TransformRules.h"

#include "DerivedStackTable.h"
#include "LargeArrays.h"
#include "StackFilter.h"
#include "TrieRewrite.h"

#include <algorithm>

namespace embers::rules {

namespace {

// The nodes reached from the root through `path` (callPathSteps): one frame per depth
// matches exactly, with its inline bit; a set matches any of its frames, inline bits
// aside (a path picked at a coarser granularity).
std::vector<uint32_t> nodesOfPath(const StackTable &t, const std::vector<uint32_t> &path)
{
    std::vector<std::vector<uint32_t>> steps = callPathSteps(path);
    if (steps.empty())
        return {};
    std::vector<uint32_t> level{StackTable::kRoot}, next;
    for (std::vector<uint32_t> &step : steps) {
        const bool exact = step.size() == 1;
        for (uint32_t &f : step)
            f = exact ? f : f & kFrameMask;
        std::sort(step.begin(), step.end());
        next.clear();
        for (uint32_t node : level) {
            for (uint32_t c = t.firstChild(node); c < t.childEnd(node); ++c) {
                const uint32_t f = exact ? t.nodeFrame(c) : t.nodeFrame(c) & kFrameMask;
                if (std::binary_search(step.begin(), step.end(), f))
                    next.push_back(c);
            }
        }
        std::swap(level, next);
        if (level.empty())
            break;
    }
    return level;
}

} // namespace

// pprof's -focus / -ignore, and the window's "drop samples with this function".
TransformResult throughFrames(const TablePtr &source, const FrameMask &mask, bool keepThrough,
                              bool dropEmpty, const TransformContext &context)
{
    const StackTable &in = *source;
    std::vector<uint8_t> keep = StackFilter::stacksThrough(in, mask);
    bool matched = false, changed = false;
    for (size_t s = 0; s < keep.size(); ++s) {
        matched = matched || keep[s];
        if (!keepThrough)
            keep[s] = !keep[s];
        // pprof drops samples that have no location at all.
        if (dropEmpty && in.stackNodes[s] == StackTable::kRoot)
            keep[s] = 0;
        changed = changed || !keep[s];
    }
    if (!changed)
        return unchanged(source, matched);
    if (cancelledBy(context))
        return cancelledResult();
    return keptStacks(source, keep, nullptr, context, matched);
}

// pprof's -hide / -show and the window's "merge function": removed frames join their
// caller. A location's inlined frames are one unit: when its outermost frame goes, the
// next one it keeps is no longer inlined.
TransformResult removeFrames(const TablePtr &source, const FrameMask &removed, bool dropEmpty,
                             const TransformContext &context, bool fewRemoved)
{
    const StackTable &in = *source;
    const uint32_t n = uint32_t(in.nodeCount());
    TrieRewrite rw;
    bool any = false;
    if (std::find(removed.begin(), removed.end(), 1) != removed.end()) {
        rw.frameOf = ownFrames(in);
        const uint32_t *frames = in.nodeFrames.data();
        const uint32_t *parents = in.nodeParents.data();
        uint32_t *frameOf = rw.frameOf.data();
        bool found[2] = {false, false};
        // Removed frames merge; the first kept frame of a location whose frames above it
        // (in the location) all went is no longer inlined.
        auto rule = [&](uint32_t begin, uint32_t end) {
            bool &anyHere = found[begin == 1 ? 0 : 1];
            for (uint32_t node = begin; node < end; ++node) {
                const uint32_t f = frames[node];
                if (removed[f & kFrameMask]) {
                    frameOf[node] = TrieRewrite::kMerge;
                    anyHere = true;
                    continue;
                }
                if (!(f & kInlineBit))
                    continue;
                bool keptBefore = false;
                for (uint32_t p = parents[node]; p != StackTable::kRoot; p = parents[p]) {
                    if (!removed[frames[p] & kFrameMask]) {
                        keptBefore = true;
                        break;
                    }
                    if (!(frames[p] & kInlineBit))
                        break;
                }
                if (!keptBefore)
                    frameOf[node] = f & kFrameMask;
            }
        };
        overNodes(n, rule);
        any = found[0] || found[1];
    }
    if (!any) {
        // Nothing to remove; pprof still drops the samples that have no frame.
        const bool emptyStack = in.stackCount() && in.stackNodes[0] == StackTable::kRoot;
        if (!dropEmpty || !emptyStack)
            return unchanged(source, false);
        std::vector<uint8_t> keep(in.stackCount(), 1);
        keep[0] = 0;
        return keptStacks(source, keep, nullptr, context, false);
    }
    rw.dropEmptyStacks = dropEmpty;
    rw.copyUnchanged = fewRemoved;
    if (cancelledBy(context))
        return cancelledResult();
    return doneDerived(rewrittenTable(in, derivedStackTable(in), rw, context),
                       StackDerivation{StackDerivation::Kind::FramesMerged, source, {}, removed});
}

// pprof's -show_from and the window's "focus on function": each stack starts at its
// outermost matching frame; stacks without one go. With `cutLocations` (pprof), a
// location whose inlined frame matches loses its outer frames in every stack, as pprof
// cuts the location's lines.
TransformResult startFrom(const TablePtr &source, const FrameMask &mask, bool cutLocations,
                          const TransformContext &context)
{
    const StackTable &in = *source;
    const uint32_t n = uint32_t(in.nodeCount());
    const uint32_t *frames = in.nodeFrames.data();
    const uint32_t *parents = in.nodeParents.data();
    // Which subtrees hold a match: the others, above any start, go whole (rather than
    // every node of theirs merging into the root, only to be dropped).
    enum : uint8_t { Started = 1, LocationMatched = 2, MatchBelow = 4 };
    std::vector<uint8_t> state = largeArray<uint8_t>(n, 0);
    for (uint32_t node = n; node-- > 1;) {
        if (mask[frames[node] & kFrameMask])
            state[node] |= MatchBelow;
        state[parents[node]] |= state[node] & MatchBelow;
    }
    const bool matched = n > 1 && (state[StackTable::kRoot] & MatchBelow);
    TrieRewrite rw;
    rw.frameOf = largeArray<uint32_t>(n, TrieRewrite::kMerge);
    rw.dropValue = largeArray<uint8_t>(n, 0);
    rw.dropEmptyStacks = cutLocations;
    rw.dropValue[StackTable::kRoot] = 1;
    for (uint32_t node = 1; node < n; ++node) {
        const uint32_t f = frames[node], parent = parents[node];
        const bool inlined = f & kInlineBit;
        const bool m = mask[f & kFrameMask];
        const bool startedBefore = state[parent] & Started;
        const bool matchedBefore = inlined && (state[parent] & LocationMatched);
        state[node] = uint8_t((state[node] & MatchBelow) | (startedBefore || m ? Started : 0) |
                              (matchedBefore || m ? LocationMatched : 0));
        if (!startedBefore && !m) {
            // Above the start: its stack has none, and its subtree may.
            if (state[node] & MatchBelow)
                rw.dropValue[node] = 1;
            else
                rw.frameOf[node] = TrieRewrite::kDrop;
            continue;
        }
        rw.frameOf[node] = f;
        if (m && !startedBefore)
            rw.frameOf[node] = f & kFrameMask; // the new root is nobody's inlined callee
        if (cutLocations && m && !matchedBefore && inlined) {
            rw.frameOf[node] = f & kFrameMask;
            if (startedBefore) {
                uint32_t head = parent;
                while (frames[head] & kInlineBit)
                    head = parents[head];
                rw.grafts.push_back({parents[head], node});
            }
        }
    }
    // The part kept is small and merged or grafted: nothing to copy as it is.
    rw.copyUnchanged = false;
    if (cancelledBy(context))
        return cancelledResult();
    return rewritten(in, derivedStackTable(in), rw, context, matched);
}

TransformResult focusSubtree(const TablePtr &source, const std::vector<uint32_t> &path,
                             const TransformContext &context)
{
    const StackTable &in = *source;
    // Several targets when the path has sets of frames; at one depth, none is below another.
    const std::vector<uint32_t> targets = nodesOfPath(in, path);
    const uint32_t n = uint32_t(in.nodeCount());
    TrieRewrite rw;
    rw.frameOf = largeArray<uint32_t>(n, TrieRewrite::kDrop);
    rw.dropValue = largeArray<uint8_t>(n, 0);
    rw.dropValue[StackTable::kRoot] = 1;
    std::vector<uint8_t> below(targets.empty() ? 0 : n, 0);
    for (uint32_t target : targets) {
        // Targets share callers: those already merged have their own callers merged too.
        for (uint32_t node = in.nodeParent(target);
             node != StackTable::kRoot && rw.frameOf[node] != TrieRewrite::kMerge;
             node = in.nodeParent(node)) {
            rw.frameOf[node] = TrieRewrite::kMerge;
            rw.dropValue[node] = 1;
        }
        rw.frameOf[target] = in.nodeFrame(target) & kFrameMask;
        below[target] = 1;
    }
    // Breadth-first: a node's parent comes before it.
    for (uint32_t node = targets.empty() ? n : targets.front() + 1; node < n; ++node) {
        if (below[in.nodeParent(node)]) {
            below[node] = 1;
            rw.frameOf[node] = in.nodeFrame(node);
        }
    }
    rw.copyUnchanged = false; // one subtree kept, below merged nodes
    if (cancelledBy(context))
        return cancelledResult();
    return rewritten(in, derivedStackTable(in), rw, context, !targets.empty());
}

} // namespace embers::rules
