#include "DerivedStackTable.h"

#include "FrameIndex.h"

#include <algorithm>

namespace embers {

StackTable derivedStackTable(const StackTable &source, DerivedStrings strings)
{
    StackTable t;
    t.columns = source.columns;
    t.defaultColumn = source.defaultColumn;
    t.totals = source.totals;
    t.header = source.header;
    // A copy: every string keeps its index (StringPool's index holds ids, not views into
    // its strings, so a copy is whole).
    if (strings == DerivedStrings::All) {
        t.strings = source.strings;
        t.origins = source.origins;
    }
    t.frames = source.frames;
    t.granularity = source.granularity;
    t.warnings = source.warnings;
    t.nodeParents = {StackTable::kRoot};
    t.nodeFrames = {StackTable::kNoFrame};
    t.nodeChildBegin = {1, 1};
    return t;
}

void usedStringsOnly(StackTable &t, const StackTable &source)
{
    std::vector<uint8_t> used(t.frameCount(), 0);
    for (uint32_t node = 1; node < t.nodeCount(); ++node)
        used[t.nodeFrame(node) & kFrameMask] = 1;
    std::vector<uint32_t> renamed(source.strings.size(), UINT32_MAX);
    renamed[0] = 0;
    auto intern = [&](uint32_t &s) {
        if (renamed[s] == UINT32_MAX)
            renamed[s] = t.strings.intern(source.strings[s]);
        s = renamed[s];
    };
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        Frame &frame = t.frames[f];
        if (!used[f]) {
            frame = Frame{};
            continue;
        }
        intern(frame.name);
        intern(frame.file);
        intern(frame.objfile);
    }
}

size_t FrameAdder::Hash::operator()(const Frame &f) const
{
    return size_t(hashFrame(f) ^ mix64(f.origin));
}

uint32_t FrameAdder::add(const Frame &frame, const FrameOrigin *origin)
{
    // The first frame is looked for by a scan: the index of a profile's 100k frames takes
    // tens of milliseconds to build, and many transforms add one frame.
    if (m_index.empty() && !m_scanned) {
        m_scanned = true;
        const auto found = std::find(m_t.frames.begin(), m_t.frames.end(), frame);
        if (found != m_t.frames.end())
            return uint32_t(found - m_t.frames.begin());
        return append(frame, origin);
    }
    if (m_index.empty()) {
        m_index.reserve(m_t.frames.size() + 16);
        for (uint32_t f = 0; f < m_t.frames.size(); ++f)
            m_index.emplace(m_t.frames[f], f);
    }
    const auto [it, added] = m_index.emplace(frame, uint32_t(m_t.frames.size()));
    if (added)
        append(frame, origin);
    return it->second;
}

uint32_t FrameAdder::append(const Frame &frame, const FrameOrigin *origin)
{
    m_t.frames.push_back(frame);
    if (origin)
        m_t.origins.appendFrame(*origin);
    else
        m_t.origins.appendFrameWithout();
    return uint32_t(m_t.frames.size() - 1);
}

} // namespace embers
