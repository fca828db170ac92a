// FrameIndex: interns frames by content into a frame table (open addressing over
// indices), so that a frame seen again costs one probe and no allocation.
#pragma once

#include "Hashing.h"
#include "StackTable.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace embers {

inline uint64_t hashFrame(const Frame &f)
{
    uint64_t h = mix64(f.name ^ (uint64_t(f.file) << 32));
    h = mix64(h ^ f.objfile ^ (uint64_t(f.line) << 20));
    return mix64(h ^ uint64_t(f.startLine) ^ (f.address * 31));
}

// Each slot keeps a tag of the hash, so that a probe rarely reads a frame it does not
// want; a node-based map would cost a scattered allocation per frame and a cache miss
// per lookup.
class FrameIndex
{
public:
    explicit FrameIndex(std::vector<Frame> &frames) : m_frames(frames) {}

    uint32_t intern(const Frame &f)
    {
        if ((m_frames.size() + 1) * 2 > m_slots.size())
            grow();
        const uint64_t h = hashFrame(f);
        const uint32_t tag = uint32_t(h >> 32);
        const size_t mask = m_slots.size() - 1;
        for (size_t i = h & mask;; i = (i + 1) & mask) {
            Slot &s = m_slots[i];
            if (s.index == kEmpty) {
                s = {tag, uint32_t(m_frames.size())};
                m_frames.push_back(f);
                return s.index;
            }
            if (s.tag == tag && m_frames[s.index] == f)
                return s.index;
        }
    }

private:
    static constexpr uint32_t kEmpty = 0xFFFFFFFFu;
    struct Slot
    {
        uint32_t tag = 0;
        uint32_t index = kEmpty;
    };

    void grow()
    {
        m_slots.assign(std::max<size_t>(1024, m_slots.size() * 2), Slot{});
        const size_t mask = m_slots.size() - 1;
        for (uint32_t index = 0; index < m_frames.size(); ++index) {
            const uint64_t h = hashFrame(m_frames[index]);
            size_t i = h & mask;
            while (m_slots[i].index != kEmpty)
                i = (i + 1) & mask;
            m_slots[i] = {uint32_t(h >> 32), index};
        }
    }

    std::vector<Frame> &m_frames;
    std::vector<Slot> m_slots;
};

} // namespace embers
