// CallTree: the values of the merged call tree in one sample type. The tree's shape
// (nodes, frames, children) is the StackTable's trie; this adds each node's total
// (signed 64-bit), from which self follows. Building it is one pass over the nodes, so
// switching sample type is cheap and only the shown type costs memory.
//
// It also holds each node's weight, the sum of |value| over the stacks in its subtree,
// which is what a flame graph's widths measure (pprof's rule). Without negative values
// (every profile but a diff) weight is total and costs nothing; it is computed here, where
// the tree is built (off the GUI thread), so a view never walks the nodes to get it.
#pragma once

#include "StackTable.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace embers {

class CallTree
{
public:
    static constexpr uint32_t kRoot = StackTable::kRoot;

    CallTree(std::shared_ptr<const StackTable> stacks, size_t column);
    // A tree whose per-node sums were made elsewhere, exactly as the constructor above
    // makes them (a diff sums several columns in one pass): `totals`, and `weights` when
    // some stack value is negative (else empty).
    CallTree(std::shared_ptr<const StackTable> stacks, size_t column, std::vector<int64_t> totals,
             std::vector<int64_t> weights);

    const StackTable &stacks() const { return *m_stacks; }
    const std::shared_ptr<const StackTable> &sharedStacks() const { return m_stacks; }
    size_t column() const { return m_column; }
    size_t nodeCount() const { return m_total.size(); }

    uint32_t parent(uint32_t node) const { return m_stacks->nodeParent(node); }
    uint32_t frame(uint32_t node) const { return m_stacks->nodeFrame(node) & kFrameMask; }
    bool isInlined(uint32_t node) const
    {
        return node != kRoot && (m_stacks->nodeFrame(node) & kInlineBit);
    }
    uint32_t firstChild(uint32_t node) const { return m_stacks->firstChild(node); }
    uint32_t childEnd(uint32_t node) const { return m_stacks->childEnd(node); }
    uint32_t childCount(uint32_t node) const { return childEnd(node) - firstChild(node); }

    // Everything sampled in the node's subtree, and what was sampled in the node itself.
    int64_t total(uint32_t node) const { return m_total[node]; }
    int64_t self(uint32_t node) const;
    uint32_t depth(uint32_t node) const;
    // The sum of |value| over the stacks in the node's subtree.
    int64_t weight(uint32_t node) const { return weights()[node]; }
    std::span<const int64_t> weights() const { return m_weight.empty() ? m_total : m_weight; }

private:
    std::shared_ptr<const StackTable> m_stacks;
    size_t m_column;
    std::vector<int64_t> m_total;
    std::vector<int64_t> m_weight; // empty when no stack value is negative (weight = total)
};

} // namespace embers
