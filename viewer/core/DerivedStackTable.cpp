#include "DerivedStackTable.h"

namespace embers {

StackTable derivedStackTable(const StackTable &source, DerivedStrings strings)
{
    StackTable t;
    t.columns = source.columns;
    t.defaultColumn = source.defaultColumn;
    t.totals = source.totals;
    t.header = source.header;
    // Interned again in the same order, which gives every string its index: a copied
    // pool's lookup index would point into the source's strings.
    if (strings == DerivedStrings::All) {
        for (uint32_t s = 1; s < source.strings.size(); ++s)
            t.strings.intern(source.strings[s]);
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

} // namespace embers
