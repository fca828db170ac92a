#include "InvertedStacks.h"

#include "DerivedStackTable.h"

#include <algorithm>
#include <numeric>

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
    std::vector<uint32_t> nextStacks, nextCursors, nextStart, nextParent, frameOf, order;
    while (!stacks.empty()) {
        if (cancelled())
            return nullptr;
        const size_t n = stacks.size();
        frameOf.resize(n);
        for (size_t i = 0; i < n; ++i)
            frameOf[i] = source.nodeFrame(cursors[i]) & kFrameMask;
        order.resize(n);
        std::iota(order.begin(), order.end(), 0u);
        nextStacks.clear();
        nextCursors.clear();
        nextStart.clear();
        nextParent.clear();
        for (size_t g = 0; g < groupStart.size(); ++g) {
            const size_t begin = groupStart[g];
            const size_t groupEnd = g + 1 < groupStart.size() ? groupStart[g + 1] : n;
            std::sort(order.begin() + ptrdiff_t(begin), order.begin() + ptrdiff_t(groupEnd),
                      [&](uint32_t a, uint32_t b) {
                          return frameOf[a] != frameOf[b] ? frameOf[a] < frameOf[b] : a < b;
                      });
            uint32_t node = StackTable::kRoot;
            for (size_t k = begin; k < groupEnd; ++k) {
                const uint32_t i = order[k];
                if (k == begin || frameOf[i] != frameOf[order[k - 1]]) {
                    node = uint32_t(t.nodeParents.size());
                    t.nodeParents.push_back(groupParent[g]);
                    t.nodeFrames.push_back(frameOf[i]);
                }
                const uint32_t up = source.nodeParent(cursors[i]);
                if (up == StackTable::kRoot) {
                    end[stacks[i]] = node; // its outermost frame: the stack ends here
                    continue;
                }
                if (nextParent.empty() || nextParent.back() != node) {
                    nextStart.push_back(uint32_t(nextStacks.size()));
                    nextParent.push_back(node);
                }
                nextStacks.push_back(stacks[i]);
                nextCursors.push_back(up);
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

    std::vector<uint32_t> byEnd(stackCount);
    std::iota(byEnd.begin(), byEnd.end(), 0u);
    std::sort(byEnd.begin(), byEnd.end(),
              [&](uint32_t a, uint32_t b) { return end[a] != end[b] ? end[a] < end[b] : a < b; });
    const size_t columns = source.columnCount();
    t.stackNodes.reserve(stackCount);
    t.stackValues.reserve(stackCount * columns);
    for (uint32_t s : byEnd) {
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
