// SharedTruncation: a table's stacks cut at their producer's depth limit
// (TruncatedStacks.h), found once per table, off the GUI thread (a pass over every node:
// ~0.2 s on a 9M-node trie), for everyone who asks about that table: the page's "Group
// truncated stacks" toggle and the flame graphs' tooltip notes. A result lives as long
// as its table.
#pragma once

#include "TruncatedStacks.h"

#include <QFuture>

#include <memory>

namespace embers {

using TruncationFuture = QFuture<std::shared_ptr<const StackTruncation>>;

// The search for `stacks`' cut stacks: started by the first question (on the background
// pool), shared by the later ones. Call from the GUI thread.
TruncationFuture sharedTruncation(const std::shared_ptr<const StackTable> &stacks);

} // namespace embers
