#include "InvertedStacks.h"

#include "DerivedStackTable.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace embers {

std::shared_ptr<const StackTable> invertedStackTable(const StackTable &source,
                                                     const std::atomic_bool *cancel)
{
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    // A trie grown in insertion order first (parent, frame) -> node; renumbered breadth
    // first below, as StackTable wants its nodes.
    std::vector<uint32_t> parents{StackTable::kRoot};
    std::vector<uint32_t> frames{StackTable::kNoFrame};
    std::unordered_map<uint64_t, uint32_t> children;
    children.reserve(source.nodeCount());
    std::vector<uint32_t> ends(source.stackCount());
    std::vector<uint32_t> path;
    for (size_t s = 0; s < source.stackCount(); ++s) {
        if ((s & 4095) == 0 && cancelled())
            return nullptr;
        path.clear();
        for (uint32_t n = source.stackNodes[s]; n != StackTable::kRoot; n = source.nodeParent(n))
            path.push_back(source.nodeFrame(n) & kFrameMask); // leaf first
        uint32_t node = StackTable::kRoot;
        for (uint32_t frame : path) {
            const uint64_t key = (uint64_t(node) << 32) | frame;
            auto [it, added] = children.try_emplace(key, uint32_t(parents.size()));
            if (added) {
                parents.push_back(node);
                frames.push_back(frame);
            }
            node = it->second;
        }
        ends[s] = node;
    }
    children = {};
    if (cancelled())
        return nullptr;

    // Children of each node, sorted by frame; then breadth-first numbering.
    const uint32_t n = uint32_t(parents.size());
    std::vector<uint32_t> childCount(n + 1, 0);
    for (uint32_t i = 1; i < n; ++i)
        ++childCount[parents[i] + 1];
    std::vector<uint32_t> childStart(n + 1, 0);
    std::partial_sum(childCount.begin(), childCount.end(), childStart.begin());
    std::vector<uint32_t> childList(n > 0 ? n - 1 : 0);
    {
        std::vector<uint32_t> fill(childStart.begin(), childStart.end() - 1);
        for (uint32_t i = 1; i < n; ++i)
            childList[fill[parents[i]]++] = i;
    }
    StackTable t = derivedStackTable(source);
    t.nodeParents.assign(1, StackTable::kRoot);
    t.nodeFrames.assign(1, StackTable::kNoFrame);
    t.nodeChildBegin.clear();
    t.nodeParents.reserve(n);
    t.nodeFrames.reserve(n);
    std::vector<uint32_t> renumbered(n, 0);
    std::vector<uint32_t> order{StackTable::kRoot}; // old ids in new order
    order.reserve(n);
    for (size_t at = 0; at < order.size(); ++at) {
        const uint32_t old = order[at];
        t.nodeChildBegin.push_back(uint32_t(order.size()));
        auto begin = childList.begin() + childStart[old];
        auto end = childList.begin() + childStart[old + 1];
        std::sort(begin, end, [&](uint32_t a, uint32_t b) { return frames[a] < frames[b]; });
        for (auto it = begin; it != end; ++it) {
            renumbered[*it] = uint32_t(order.size());
            t.nodeParents.push_back(uint32_t(at));
            t.nodeFrames.push_back(frames[*it]);
            order.push_back(*it);
        }
    }
    t.nodeChildBegin.push_back(uint32_t(order.size()));
    if (cancelled())
        return nullptr;

    std::vector<uint32_t> stacks(source.stackCount());
    std::iota(stacks.begin(), stacks.end(), 0u);
    std::sort(stacks.begin(), stacks.end(),
              [&](uint32_t a, uint32_t b) { return renumbered[ends[a]] < renumbered[ends[b]]; });
    const size_t columns = source.columnCount();
    t.stackNodes.reserve(stacks.size());
    t.stackValues.reserve(stacks.size() * columns);
    for (uint32_t s : stacks) {
        const uint32_t node = renumbered[ends[s]];
        const int64_t *values = source.stackValues.data() + size_t(s) * columns;
        if (!t.stackNodes.empty() && t.stackNodes.back() == node) {
            // Two stacks that differ only in inline bits reverse to one.
            int64_t *into = t.stackValues.data() + t.stackValues.size() - columns;
            for (size_t c = 0; c < columns; ++c)
                into[c] = addSaturating(into[c], values[c]);
            continue;
        }
        appendStack(t, node, values);
    }
    return std::make_shared<const StackTable>(std::move(t));
}

} // namespace embers
