// SequenceInterner: stores each distinct sequence of 32-bit words once, in one pool,
// and gives it a dense index. Used for unique location stacks and frame stacks.
#pragma once

#include "Hashing.h"
#include "LargeArrays.h"

#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace embers {

class SequenceInterner
{
public:
    explicit SequenceInterner(std::vector<uint64_t> &offsets, std::vector<uint32_t> &pool)
        : m_offsets(offsets), m_pool(pool)
    {
        if (m_offsets.empty())
            m_offsets.push_back(0);
        size_t capacity = 1024;
        while (capacity * 3 < size() * 4 + 4)
            capacity *= 2;
        rehash(capacity);
    }

    size_t size() const { return m_offsets.size() - 1; }

    // Index of `seq`, adding it if new. *added tells which.
    uint32_t intern(std::span<const uint32_t> seq, bool *added = nullptr)
    {
        return intern(seq, hashOf(seq), added);
    }

    // The same in two steps, for a caller with other work to do in between: the slot to
    // probe is a cache miss in a large table, which prefetch() starts early.
    static uint64_t hashOf(std::span<const uint32_t> seq)
    {
        return hashWords(seq.data(), seq.size());
    }
    void prefetch(uint64_t h) const
    {
        __builtin_prefetch(m_slots.data() + (h & (m_slots.size() - 1)));
    }
    uint32_t intern(std::span<const uint32_t> seq, uint64_t h, bool *added = nullptr)
    {
        if ((size() + 1) * 4 > m_slots.size() * 3)
            rehash(m_slots.size() * 2);
        size_t mask = m_slots.size() - 1;
        for (size_t i = h & mask;; i = (i + 1) & mask) {
            Slot &s = m_slots[i];
            if (s.index == kEmpty) {
                uint32_t index = uint32_t(size());
                growLarge(m_pool, seq.size());
                m_pool.insert(m_pool.end(), seq.begin(), seq.end());
                m_offsets.push_back(m_pool.size());
                m_hashes.push_back(h);
                s = {uint32_t(h >> 32), index};
                if (added)
                    *added = true;
                return index;
            }
            if (s.tag == uint32_t(h >> 32) && equals(s.index, seq)) {
                if (added)
                    *added = false;
                return s.index;
            }
        }
    }

private:
    static constexpr uint32_t kEmpty = 0xFFFFFFFFu;
    struct Slot
    {
        uint32_t tag = 0;
        uint32_t index = kEmpty;
    };

    uint64_t hashOf(uint32_t index)
    {
        if (index >= m_hashes.size())
            m_hashes.push_back(hashWords(m_pool.data() + m_offsets[index],
                                         m_offsets[index + 1] - m_offsets[index]));
        return m_hashes[index];
    }

    bool equals(uint32_t index, std::span<const uint32_t> seq) const
    {
        uint64_t begin = m_offsets[index], end = m_offsets[index + 1];
        return end - begin == seq.size() &&
               (seq.empty() ||
                std::memcmp(m_pool.data() + begin, seq.data(), seq.size() * sizeof(uint32_t)) == 0);
    }

    void rehash(size_t capacity)
    {
        m_slots.assign(capacity, Slot{});
        size_t mask = capacity - 1;
        for (uint32_t index = 0; index < size(); ++index) {
            uint64_t h = hashOf(index);
            size_t i = h & mask;
            while (m_slots[i].index != kEmpty)
                i = (i + 1) & mask;
            m_slots[i] = {uint32_t(h >> 32), index};
        }
    }

    std::vector<uint64_t> &m_offsets;
    std::vector<uint32_t> &m_pool;
    std::vector<Slot> m_slots;
    std::vector<uint64_t> m_hashes; // per sequence, so that growing never rehashes content
};

} // namespace embers
