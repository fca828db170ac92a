// IdIndex: maps the file's 64-bit ids to dense 32-bit indices. Ids are usually small
// and dense (1..n) but may be anything, so small ids use a plain array and the rest an
// open-addressing hash table.
#pragma once

#include "Hashing.h"

#include <cstdint>
#include <vector>

namespace embers {

class IdIndex
{
public:
    static constexpr uint32_t kMissing = 0xFFFFFFFFu;

    uint32_t find(uint64_t id) const
    {
        if (id < m_dense.size())
            return m_dense[id];
        if (m_slots.empty())
            return kMissing;
        size_t mask = m_slots.size() - 1;
        for (size_t i = mix64(id) & mask;; i = (i + 1) & mask) {
            const Slot &s = m_slots[i];
            if (s.index == kMissing)
                return kMissing;
            if (s.id == id)
                return s.index;
        }
    }

    // Starts fetching the entry of a small id: lookups of a run of ids then overlap.
    void prefetch(uint64_t id) const
    {
        if (id < m_dense.size())
            __builtin_prefetch(m_dense.data() + id);
    }

    // Returns the existing index, or stores and returns `index` when id is new.
    uint32_t insert(uint64_t id, uint32_t index)
    {
        if (id < m_dense.size() && m_dense[id] != kMissing)
            return m_dense[id];
        return insertSlow(id, index);
    }

private:
    uint32_t insertSlow(uint64_t id, uint32_t index)
    {
        if (id < kDenseLimit) {
            if (id >= m_dense.size())
                m_dense.resize(std::max<size_t>(id + 1, m_dense.size() * 2), kMissing);
            uint32_t &slot = m_dense[id];
            if (slot == kMissing)
                slot = index;
            return slot;
        }
        if ((m_count + 1) * 2 > m_slots.size())
            grow();
        size_t mask = m_slots.size() - 1;
        for (size_t i = mix64(id) & mask;; i = (i + 1) & mask) {
            Slot &s = m_slots[i];
            if (s.index == kMissing) {
                s = {id, index};
                ++m_count;
                return index;
            }
            if (s.id == id)
                return s.index;
        }
    }

    static constexpr uint64_t kDenseLimit = 1u << 22;
    struct Slot
    {
        uint64_t id = 0;
        uint32_t index = kMissing;
    };

    void grow()
    {
        std::vector<Slot> old;
        old.swap(m_slots);
        m_slots.assign(old.empty() ? 1024 : old.size() * 2, Slot{});
        m_count = 0;
        for (const Slot &s : old) {
            if (s.index != kMissing)
                insert(s.id, s.index);
        }
    }

    std::vector<uint32_t> m_dense;
    std::vector<Slot> m_slots;
    size_t m_count = 0;
};

} // namespace embers
