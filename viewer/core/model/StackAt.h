// StackAt: which trie nodes end a stack, and which stack: a bit per node and a count per
// 64 bits, a fraction of the memory of an index per node.
#pragma once

#include "BitCount.h"
#include "StackTable.h"

#include <cstdint>
#include <vector>

namespace embers {

class StackAt
{
public:
    explicit StackAt(const StackTable &t)
        : m_words((t.nodeCount() + 63) / 64, 0), m_before(m_words.size() + 1, 0)
    {
        for (uint32_t node : t.stackNodes)
            m_words[node >> 6] |= uint64_t(1) << (node & 63);
        for (size_t w = 0; w < m_words.size(); ++w)
            m_before[w + 1] = m_before[w] + bitCount(m_words[w]);
    }

    void prefetch(uint32_t node) const { __builtin_prefetch(m_words.data() + (node >> 6)); }
    // Whether a stack ends at `node` (most nodes end none: a bit test, no count).
    bool ends(uint32_t node) const { return (m_words[node >> 6] >> (node & 63)) & 1; }

    // How many stacks end before `node` (node < the trie's node count + 1).
    uint32_t before(uint32_t node) const
    {
        const uint64_t word = (node >> 6) < m_words.size() ? m_words[node >> 6] : 0;
        return m_before[node >> 6] + bitCount(word & ((uint64_t(1) << (node & 63)) - 1));
    }

    // The stack that ends at `node`, or kNone.
    uint32_t operator()(uint32_t node) const
    {
        const uint64_t word = m_words[node >> 6], bit = uint64_t(1) << (node & 63);
        if (!(word & bit))
            return kNone;
        return m_before[node >> 6] + bitCount(word & (bit - 1));
    }

private:
    std::vector<uint64_t> m_words;
    std::vector<uint32_t> m_before;
};

} // namespace embers
