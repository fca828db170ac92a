// FunctionTableReuse: the function table of a table the window is about to show, from the
// table of the one it shows when a transform relates the two (StackDerivation): a filter
// walks only the few stacks it dropped (undoing it adds them back), merging frames into
// their callers only the stacks that ended in them, collapsing a function's recursion only
// the stacks with two calls of it (both ways), collapsing a package or file one pass for
// the new frame's cum, rather than walking the whole trie; collapsing direct recursion
// leaves the table as it was.
#pragma once

#include "FunctionTable.h"
#include "StackTable.h"

#include <atomic>
#include <memory>

namespace embers {

// The function table of `stacks`. `shown` and `shownFunctions` (either may be null) are a
// table and its function table, used when a transform relates the two tables; otherwise
// FunctionTable::build. With `cancel` set the result is incomplete, to be thrown away.
std::shared_ptr<const FunctionTable>
functionTableFollowing(const std::shared_ptr<const StackTable> &stacks,
                       const std::shared_ptr<const StackTable> &shown,
                       const std::shared_ptr<const FunctionTable> &shownFunctions,
                       const std::atomic_bool *cancel = nullptr);

} // namespace embers
