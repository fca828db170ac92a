#include "FunctionTable.h"

namespace embers {

FunctionTable FunctionTable::build(const StackTable &stacks)
{
    FunctionTable t;
    const size_t columns = stacks.columnCount();
    const size_t nodes = stacks.nodeCount();
    t.m_columns = columns;
    t.m_flat.assign(stacks.frameCount() * columns, 0);
    t.m_cum.assign(stacks.frameCount() * columns, 0);

    // flat: what stacks ending in a frame sampled.
    for (size_t s = 0; s < stacks.stackCount(); ++s) {
        uint32_t node = stacks.stackNodes[s];
        if (node == StackTable::kRoot)
            continue; // a sample without locations counts in the total only
        int64_t *flat = t.m_flat.data() + size_t(stacks.nodeFrame(node) & kFrameMask) * columns;
        for (size_t c = 0; c < columns; ++c)
            flat[c] = addSaturating(flat[c], stacks.value(s, c));
    }

    // cum: a frame's outermost nodes' subtree totals, so a stack that recurses through
    // the frame counts once. One depth-first walk keeps, per frame, how many nodes of
    // that frame are on the current path.
    std::vector<int64_t> total(nodes * columns, 0);
    for (size_t s = 0; s < stacks.stackCount(); ++s) {
        for (size_t c = 0; c < columns; ++c)
            total[size_t(stacks.stackNodes[s]) * columns + c] = stacks.value(s, c);
    }
    for (size_t node = nodes; node-- > 1;) {
        int64_t *to = total.data() + size_t(stacks.nodeParent(uint32_t(node))) * columns;
        const int64_t *from = total.data() + node * columns;
        for (size_t c = 0; c < columns; ++c)
            to[c] = addSaturating(to[c], from[c]);
    }
    std::vector<uint32_t> onPath(stacks.frameCount(), 0);
    struct Visit
    {
        uint32_t node;
        uint32_t nextChild;
    };
    std::vector<Visit> path;
    auto enter = [&](uint32_t node) {
        uint32_t f = stacks.nodeFrame(node) & kFrameMask;
        if (onPath[f]++ == 0) {
            int64_t *cum = t.m_cum.data() + size_t(f) * columns;
            for (size_t c = 0; c < columns; ++c)
                cum[c] = addSaturating(cum[c], total[size_t(node) * columns + c]);
        }
        path.push_back({node, stacks.firstChild(node)});
    };
    for (uint32_t top = stacks.firstChild(StackTable::kRoot);
         top < stacks.childEnd(StackTable::kRoot); ++top) {
        enter(top);
        while (!path.empty()) {
            Visit &v = path.back();
            if (v.nextChild < stacks.childEnd(v.node)) {
                enter(v.nextChild++);
            } else {
                --onPath[stacks.nodeFrame(v.node) & kFrameMask];
                path.pop_back();
            }
        }
    }
    return t;
}

} // namespace embers
