// DerivedStackTable: the start of a StackTable made from another one (a filtered table,
// a caller/callee tree): the same frames, sample types, totals and header, so that frame
// indices and percentages mean the same in both, and a trie with the root only. The
// samples' labels (which name the source's nodes) are not carried over.
#pragma once

#include "StackTable.h"

#include <unordered_map>

namespace embers {

enum class DerivedStrings {
    All,       // every string of the source, at the same index
    UsedLater, // none yet: usedStringsOnly() gives the used frames theirs once the trie is built
};

// A table like `source` whose trie holds only the empty stack (node 0, no stacks).
StackTable derivedStackTable(const StackTable &source,
                             DerivedStrings strings = DerivedStrings::All);

// For a table made with DerivedStrings::UsedLater, once its nodes are in place: interns
// the strings of the frames its nodes use, and blanks the frames that no node uses (their
// indices stay, empty). Far cheaper than every string when the trie is a small part of
// the source's.
void usedStringsOnly(StackTable &t, const StackTable &source);

// Appends a stack ending at `node`, with columnCount() values.
inline void appendStack(StackTable &t, uint32_t node, const int64_t *values)
{
    t.stackNodes.push_back(node);
    t.stackValues.insert(t.stackValues.end(), values, values + t.columnCount());
}

// Adds frames to a derived table, or finds an equal one it has (by content); keeps the
// table's frame origins in step.
class FrameAdder
{
public:
    explicit FrameAdder(StackTable &t) : m_t(t) {}

    // The frame's index; a new frame gets `origin` (or none) as its origin.
    uint32_t add(const Frame &frame, const FrameOrigin *origin = nullptr);

private:
    struct Hash
    {
        size_t operator()(const Frame &f) const;
    };
    uint32_t append(const Frame &frame, const FrameOrigin *origin);

    StackTable &m_t;
    std::unordered_map<Frame, uint32_t, Hash> m_index; // filled on the second add
    bool m_scanned = false;
};

} // namespace embers
