#include "InvertedStacks.h"

#include "DerivedStackTable.h"
#include "LargeArrays.h"

#include <algorithm>

namespace embers {

std::shared_ptr<const StackTable> invertedStackTable(const StackTable &source,
                                                     const std::atomic_bool *cancel)
{
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    StackTable t = derivedStackTable(source);
    const size_t stackCount = source.stackCount();

    // Grown one depth at a time, as StackTable::build grows its trie: each stack has a
    // cursor, the source node whose frame it adds at this depth (its leaf first, then up).
    // The items of a depth come grouped by the output node they hang below, in node order;
    // within a group, sorting by frame makes equal frames one child. Nodes so come out
    // breadth first with contiguous children, and no hashing is needed.
    std::vector<uint32_t> end(stackCount, StackTable::kRoot);
    std::vector<uint32_t> stacks, cursors, groupStart, groupParent;
    stacks.reserve(stackCount);
    cursors.reserve(stackCount);
    for (uint32_t s = 0; s < stackCount; ++s) {
        if (source.stackNodes[s] == StackTable::kRoot)
            continue;
        stacks.push_back(s);
        cursors.push_back(source.stackNodes[s]);
    }
    groupStart = {0};
    groupParent = {StackTable::kRoot};
    std::vector<uint32_t> nextStacks, nextCursors, nextStart, nextParent, up;
    // Frame << 32 | item: sorted as numbers, a group's items fall in frame order, and
    // within a frame in item order (so the stacks' order decides ties).
    std::vector<uint64_t> keys;
    // Reversed stacks share less: the result has more nodes than the source (half as many
    // again on a profile of deep, mostly distinct stacks). Huge pages: fresh small pages
    // cost more to fault in than the rest of the work.
    reserveLarge(t.nodeParents, source.nodeCount() + source.nodeCount() / 2);
    reserveLarge(t.nodeFrames, t.nodeParents.capacity());
    const uint32_t *frames = source.nodeFrames.data(), *parents = source.nodeParents.data();
    constexpr size_t kAhead = 16; // the cursors' nodes are scattered: fetched ahead
    while (!stacks.empty()) {
        if (cancelled())
            return nullptr;
        const size_t n = stacks.size();
        keys.resize(n);
        up.resize(n);
        for (size_t i = 0; i < n; ++i) {
            if (i + kAhead < n) {
                __builtin_prefetch(frames + cursors[i + kAhead]);
                __builtin_prefetch(parents + cursors[i + kAhead]);
            }
            keys[i] = uint64_t(frames[cursors[i]] & kFrameMask) << 32 | i;
            up[i] = parents[cursors[i]];
        }
        nextStacks.clear();
        nextCursors.clear();
        nextStart.clear();
        nextParent.clear();
        for (size_t g = 0; g < groupStart.size(); ++g) {
            const size_t begin = groupStart[g];
            const size_t groupEnd = g + 1 < groupStart.size() ? groupStart[g + 1] : n;
            if (groupEnd - begin > 1)
                std::sort(keys.begin() + ptrdiff_t(begin), keys.begin() + ptrdiff_t(groupEnd));
            uint32_t node = StackTable::kRoot;
            for (size_t k = begin; k < groupEnd; ++k) {
                const uint32_t i = uint32_t(keys[k]), frame = uint32_t(keys[k] >> 32);
                if (k == begin || frame != uint32_t(keys[k - 1] >> 32)) {
                    growLarge(t.nodeParents, 1);
                    growLarge(t.nodeFrames, 1);
                    node = uint32_t(t.nodeParents.size());
                    t.nodeParents.push_back(groupParent[g]);
                    t.nodeFrames.push_back(frame);
                }
                if (up[i] == StackTable::kRoot) {
                    end[stacks[i]] = node; // its outermost frame: the stack ends here
                    continue;
                }
                if (nextParent.empty() || nextParent.back() != node) {
                    nextStart.push_back(uint32_t(nextStacks.size()));
                    nextParent.push_back(node);
                }
                nextStacks.push_back(stacks[i]);
                nextCursors.push_back(up[i]);
            }
        }
        stacks.swap(nextStacks);
        cursors.swap(nextCursors);
        groupStart.swap(nextStart);
        groupParent.swap(nextParent);
    }
    if (cancelled())
        return nullptr;

    computeChildRanges(t);

    // The stacks by the node where they end (then by stack), as numbers.
    std::vector<uint64_t> byEnd(stackCount);
    for (uint32_t s = 0; s < stackCount; ++s)
        byEnd[s] = uint64_t(end[s]) << 32 | s;
    std::sort(byEnd.begin(), byEnd.end());
    const size_t columns = source.columnCount();
    t.stackNodes.reserve(stackCount);
    t.stackValues.reserve(stackCount * columns);
    for (const uint64_t key : byEnd) {
        const uint32_t s = uint32_t(key);
        const int64_t *values = source.stackValues.data() + size_t(s) * columns;
        if (!t.stackNodes.empty() && t.stackNodes.back() == end[s]) {
            // Two stacks that differ only in inline bits reverse to one.
            int64_t *into = t.stackValues.data() + t.stackValues.size() - columns;
            for (size_t c = 0; c < columns; ++c)
                into[c] = addSaturating(into[c], values[c]);
            continue;
        }
        appendStack(t, end[s], values);
    }
    return std::make_shared<const StackTable>(std::move(t));
}

} // namespace embers
