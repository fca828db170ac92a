// FunctionTableReuse: the function table of a table the window is about to show, from the
// table of the one it shows when one is a filter of the other (StackSubset): dropping a
// few samples, or undoing that, then walks the few stacks that differ rather than the
// whole trie.
#pragma once

#include "FunctionTable.h"
#include "StackTable.h"

#include <atomic>
#include <memory>

namespace embers {

// The function table of `stacks`. `shown` and `shownFunctions` (either may be null) are a
// table and its function table, used when one of the two tables keeps a few of the other's
// stacks; otherwise FunctionTable::build. With `cancel` set the result is incomplete, to
// be thrown away.
FunctionTable functionTableFollowing(const std::shared_ptr<const StackTable> &stacks,
                                     const std::shared_ptr<const StackTable> &shown,
                                     const FunctionTable *shownFunctions,
                                     const std::atomic_bool *cancel = nullptr);

} // namespace embers
