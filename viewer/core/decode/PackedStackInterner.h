// PackedStackInterner: finds each sample's stack by the bytes of its packed location ids,
// before they are decoded. Most samples of a large profile repeat a stack seen before:
// those are found by a hash and a compare of a few dozen bytes, and only a new byte string
// is decoded into location slots and interned in the stack SequenceInterner.
//
// Equal bytes are equal ids, hence the same stack; different bytes may still be the same
// stack (another varint encoding), which the SequenceInterner then finds. Samples whose
// ids were decoded already (not one packed run) are queued as slots.
//
// Sequences queue in batches, so that the table's cache misses are fetched ahead, and are
// interned in order: the caller must flush() before it gives a location id a slot itself,
// so that slots keep the order of first use.
#pragma once

#include "Hashing.h"
#include "LargeArrays.h"
#include "SequenceInterner.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace embers {

class PackedStackInterner
{
public:
    // Appends each sample's stack index to `indices`.
    PackedStackInterner(SequenceInterner &stacks, std::vector<uint32_t> &indices)
        : m_stacks(stacks), m_indices(indices)
    {}

    // Queue a sample's packed ids, or its decoded slots. True when the batch is full and
    // wants a flush().
    bool addPacked(std::span<const uint8_t> bytes)
    {
        queue(bytes.data(), bytes.size(), hashByteString(bytes.data(), bytes.size()), true);
        return m_entries.size() == kBatchSize;
    }
    bool addSlots(std::span<const uint32_t> seq)
    {
        queue(seq.data(), seq.size_bytes(), SequenceInterner::hashOf(seq), false);
        return m_entries.size() == kBatchSize;
    }
    bool empty() const { return m_entries.empty(); }

    // False once a window of 65536 samples found fewer than a quarter of their byte
    // strings (a profile of mostly unique stacks): a new one costs a lookup and a copy
    // more than decoding it alone. Measured: the 1M-sample benchmark profile finds 2-12 %
    // per window, and one of 100k hot paths 40 % in its first window, then 57-95 %.
    bool pays() const { return m_pays; }

    // Interns every queued sample, in order. `decode(bytes, out)` appends the slots of
    // the packed ids in `bytes` to `out` (it may throw on a corrupt number).
    template <typename Decode> void flush(Decode &&decode);

    // Frees the table and the stored bytes (the stacks stay in the SequenceInterner).
    void release()
    {
        std::vector<Slot>().swap(m_table);
        std::vector<uint8_t>().swap(m_pool);
        m_count = 0;
    }

private:
    static constexpr size_t kBatchSize = 4096;
    static constexpr size_t kPrefetchAhead = 8;
    static constexpr size_t kWindow = 16 * kBatchSize;

    struct Entry
    {
        uint64_t hash;
        uint32_t begin, end; // in m_bytes
        bool packed;
    };
    // The hash's low half tells the slot in a table of up to 2^32 slots, so that growing
    // the table never reads the stored bytes again; what the mask leaves is a tag.
    struct Slot
    {
        uint32_t hash = 0;
        uint32_t stack = kEmpty;
        uint32_t offset = 0, length = 0; // of the bytes in m_pool
    };
    static constexpr uint32_t kEmpty = 0xFFFFFFFFu;

    void queue(const void *data, size_t size, uint64_t hash, bool packed)
    {
        // Slots are read back as 32-bit words: they start at a multiple of 4.
        const uint32_t begin =
            packed ? uint32_t(m_bytes.size()) : uint32_t(m_bytes.size() + 3) & ~3u;
        m_bytes.resize(begin + size);
        if (size)
            std::memcpy(m_bytes.data() + begin, data, size);
        m_entries.push_back({hash, begin, uint32_t(m_bytes.size()), packed});
    }

    void prefetch(uint64_t h) const
    {
        if (!m_table.empty())
            __builtin_prefetch(m_table.data() + (h & (m_table.size() - 1)));
    }

    // The stored bytes of the first slot the hash probes, when its hash matches: the
    // slot was fetched a few samples ahead, and the compare would wait for these.
    void prefetchStored(uint64_t h) const
    {
        const Slot &s = m_table[h & (m_table.size() - 1)];
        if (s.hash == uint32_t(h) && s.stack != kEmpty) {
            // Both ends: most byte strings of a few dozen bytes cross a cache line.
            __builtin_prefetch(m_pool.data() + s.offset);
            __builtin_prefetch(m_pool.data() + s.offset + std::max(s.length, 1u) - 1);
        }
    }

    // The stack of packed bytes seen before, or kEmpty (then *slot is where they go).
    uint32_t find(const uint8_t *bytes, uint32_t size, uint64_t h, Slot *&slot)
    {
        const size_t mask = m_table.size() - 1;
        for (size_t i = h & mask;; i = (i + 1) & mask) {
            Slot &s = m_table[i];
            if (s.stack == kEmpty) {
                slot = &s;
                return kEmpty;
            }
            if (s.hash == uint32_t(h) && s.length == size &&
                std::memcmp(m_pool.data() + s.offset, bytes, size) == 0)
                return s.stack;
        }
    }

    void grow()
    {
        std::vector<Slot> old(std::max<size_t>(1024, m_table.size() * 2));
        old.swap(m_table);
        const size_t mask = m_table.size() - 1;
        for (const Slot &s : old) {
            if (s.stack == kEmpty)
                continue;
            size_t i = s.hash & mask;
            while (m_table[i].stack != kEmpty)
                i = (i + 1) & mask;
            m_table[i] = s;
        }
    }

    SequenceInterner &m_stacks;
    std::vector<uint32_t> &m_indices;
    std::vector<Entry> m_entries;
    std::vector<uint8_t> m_bytes;               // the queued samples' bytes
    std::vector<uint32_t> m_slots;              // scratch: a new byte string's slots
    std::vector<Slot> m_table;                  // open addressing, a power of two
    std::vector<uint8_t> m_pool;                // each distinct byte string once
    size_t m_count = 0;                         // byte strings in the table
    size_t m_windowCount = 0, m_windowHits = 0; // samples queued as bytes, those found
    bool m_pays = true;
};

template <typename Decode> void PackedStackInterner::flush(Decode &&decode)
{
    if (m_table.empty())
        grow();
    const size_t n = m_entries.size();
    growLarge(m_indices, n);
    for (size_t i = 0; i < std::min(n, kPrefetchAhead); ++i)
        prefetch(m_entries[i].hash);
    for (size_t i = 0; i < n; ++i) {
        if (i + kPrefetchAhead < n)
            prefetch(m_entries[i + kPrefetchAhead].hash);
        if (i + kPrefetchAhead / 2 < n)
            prefetchStored(m_entries[i + kPrefetchAhead / 2].hash);
        const Entry &e = m_entries[i];
        const uint8_t *bytes = m_bytes.data() + e.begin;
        const uint32_t size = e.end - e.begin;
        if (!e.packed) {
            m_indices.push_back(m_stacks.intern(
                std::span(reinterpret_cast<const uint32_t *>(bytes), size / sizeof(uint32_t)),
                e.hash));
            continue;
        }
        Slot *slot;
        uint32_t stack = find(bytes, size, e.hash, slot);
        ++m_windowCount;
        if (stack != kEmpty) {
            ++m_windowHits;
        } else {
            m_slots.clear();
            decode(std::span(bytes, size), m_slots);
            stack = m_stacks.intern(m_slots);
            // Past 4 GiB of distinct bytes (offsets are 32-bit), new ones are not kept.
            if (m_pool.size() + size <= UINT32_MAX && m_count < (size_t(1) << 30)) {
                *slot = {uint32_t(e.hash), stack, uint32_t(m_pool.size()), size};
                growLarge(m_pool, size);
                m_pool.insert(m_pool.end(), bytes, bytes + size);
                if (++m_count * 4 > m_table.size() * 3)
                    grow();
            }
        }
        m_indices.push_back(stack);
    }
    m_entries.clear();
    m_bytes.clear();
    if (m_windowCount >= kWindow) {
        m_pays = m_windowHits * 4 >= m_windowCount;
        m_windowCount = m_windowHits = 0;
    }
}

} // namespace embers
