// DerivedStackTable: the start of a StackTable made from another one (a filtered table,
// a caller/callee tree): the same frames, sample types, totals and header, so that frame
// indices and percentages mean the same in both, and a trie with the root only.
#pragma once

#include "StackTable.h"

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

} // namespace embers
