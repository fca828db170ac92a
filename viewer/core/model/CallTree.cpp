#include "CallTree.h"

#include "LargeArrays.h"

namespace embers {

CallTree::CallTree(std::shared_ptr<const StackTable> stacks, size_t column)
    : m_stacks(std::move(stacks)), m_column(column)
{
    const StackTable &t = *m_stacks;
    m_total = largeArray<int64_t>(t.nodeCount(), 0);
    bool negative = false;
    for (size_t s = 0; s < t.stackCount(); ++s) {
        const int64_t v = t.value(s, column);
        m_total[t.stackNodes[s]] = v;
        negative |= v < 0;
    }
    if (negative) {
        m_weight = largeArray<int64_t>(t.nodeCount(), 0);
        for (size_t s = 0; s < t.stackCount(); ++s) {
            const int64_t v = t.value(s, column);
            m_weight[t.stackNodes[s]] = v == INT64_MIN ? INT64_MAX : (v < 0 ? -v : v);
        }
    }
    // Breadth-first order: every child comes after its parent.
    for (size_t node = m_total.size(); node-- > 1;) {
        const uint32_t parent = t.nodeParent(uint32_t(node));
        m_total[parent] = addSaturating(m_total[parent], m_total[node]);
        if (negative)
            m_weight[parent] = addSaturating(m_weight[parent], m_weight[node]);
    }
}

CallTree::CallTree(std::shared_ptr<const StackTable> stacks, size_t column,
                   std::vector<int64_t> totals, std::vector<int64_t> weights)
    : m_stacks(std::move(stacks)), m_column(column), m_total(std::move(totals)),
      m_weight(std::move(weights))
{}

int64_t CallTree::self(uint32_t node) const
{
    int64_t children = 0;
    for (uint32_t c = firstChild(node); c < childEnd(node); ++c)
        children = addSaturating(children, m_total[c]);
    return m_total[node] - children;
}

uint32_t CallTree::depth(uint32_t node) const
{
    uint32_t d = 0;
    for (; node != kRoot; node = parent(node))
        ++d;
    return d;
}

} // namespace embers
