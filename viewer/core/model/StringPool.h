// StringPool: interns strings by content, so frames from different profiles that name
// the same function compare equal by index.
#pragma once

#include "Hashing.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace embers {

class StringPool
{
public:
    StringPool() : m_data(std::make_shared<Data>()) { intern({}); }
    // Copies share the strings until one of them adds one: a table derived from another
    // (a filtered one) copies its pool for nothing. (No move: a copy is as cheap, and
    // leaves the source whole.)
    StringPool(const StringPool &) = default;
    StringPool &operator=(const StringPool &) = default;

    uint32_t intern(std::string_view s)
    {
        if (m_data.use_count() != 1)
            m_data = std::make_shared<Data>(*m_data);
        Data &d = *m_data;
        if ((d.strings.size() + 1) * 2 > d.index.size())
            d.grow();
        const uint64_t hash = hashBytes(s);
        const uint32_t tag = uint32_t(hash >> 32);
        const size_t mask = d.index.size() - 1;
        for (size_t i = hash & mask;; i = (i + 1) & mask) {
            Slot &slot = d.index[i];
            if (slot.id == kEmpty) {
                slot = {tag, uint32_t(d.strings.size())};
                d.strings.emplace_back(s);
                d.hashes.push_back(hash);
                return slot.id;
            }
            if (slot.tag == tag && d.strings[slot.id] == s)
                return slot.id;
        }
    }

    // The id of `s`, or kNotFound when the pool does not hold it (nothing is added).
    static constexpr uint32_t kNotFound = 0xFFFFFFFFu;
    uint32_t find(std::string_view s) const
    {
        const Data &d = *m_data;
        const uint64_t hash = hashBytes(s);
        const uint32_t tag = uint32_t(hash >> 32);
        const size_t mask = d.index.size() - 1;
        for (size_t i = hash & mask;; i = (i + 1) & mask) {
            const Slot &slot = d.index[i];
            if (slot.id == kEmpty)
                return kNotFound;
            if (slot.tag == tag && d.strings[slot.id] == s)
                return slot.id;
        }
    }

    const std::string &operator[](uint32_t id) const { return m_data->strings[id]; }
    size_t size() const { return m_data->strings.size(); }

private:
    static constexpr uint32_t kEmpty = 0xFFFFFFFFu;
    // Open addressing over ids, with a tag of the hash in each slot so that a probe rarely
    // compares strings (a node-based map would cost an allocation and a cache miss per
    // string, and its views would point into the pool it was copied from).
    struct Slot
    {
        uint32_t tag = 0;
        uint32_t id = kEmpty;
    };

    struct Data
    {
        std::deque<std::string> strings; // stable addresses for operator[]
        std::vector<uint64_t> hashes;    // per string, for growing
        std::vector<Slot> index;

        void grow()
        {
            index.assign(std::max<size_t>(64, index.size() * 2), Slot{});
            const size_t mask = index.size() - 1;
            for (uint32_t id = 0; id < strings.size(); ++id) {
                size_t i = hashes[id] & mask;
                while (index[i].id != kEmpty)
                    i = (i + 1) & mask;
                index[i] = {uint32_t(hashes[id] >> 32), id};
            }
        }
    };

    std::shared_ptr<Data> m_data;
};

} // namespace embers
