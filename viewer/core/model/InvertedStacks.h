// InvertedStacks: the bottom-up view of a StackTable. Each stack is reversed (leaf
// first), so the roots of the result are the functions where samples were taken, with
// their self cost, and each node's children are its callers. The result is an ordinary
// table (frames, totals and columns are the source's), so CallTree, FunctionTable and
// FlameLayout show it unchanged.
//
// Recursion needs nothing special: a stack f -> g -> f becomes f <- g <- f, one path, so a
// sample counts once at every node. The inline bit is dropped: in a bottom-up tree a
// function's own samples must meet in one root whether or not that call was inlined.
//
// A big table is grown by two threads below its first wide depth; while they lay their
// parts out, the nodes are held twice.
#pragma once

#include "StackTable.h"

#include <atomic>
#include <memory>

namespace embers {

// Null when cancelled. Labels are not carried over.
std::shared_ptr<const StackTable> invertedStackTable(const StackTable &source,
                                                     const std::atomic_bool *cancel = nullptr);

} // namespace embers
