// SharedTruncation: a table's stacks cut at their producer's depth limit
// (TruncatedStacks.h), found once per table, off the GUI thread (a pass over every node:
// a fraction of a second on a big trie), for everyone who asks about that table: the
// page's "Group truncated stacks" toggle and the flame graphs' tooltip notes. A result
// lives as long as its table.
#pragma once

#include "TruncatedStacks.h"

#include <QFuture>

#include <atomic>
#include <memory>

namespace embers {

// One table's search: `finished` ends once result() has the answer.
class TruncationSearch
{
public:
    QFuture<void> finished;
    // Null until the search has ended.
    std::shared_ptr<const StackTruncation> result() const
    {
        return m_ended.load(std::memory_order_acquire) ? m_result : nullptr;
    }

private:
    friend std::shared_ptr<const TruncationSearch>
    sharedTruncation(const std::shared_ptr<const StackTable> &stacks);
    std::shared_ptr<const StackTruncation> m_result; // written once, before m_ended
    std::atomic_bool m_ended{false};
};

// The search for `stacks`' cut stacks: started by the first question (on the background
// pool), shared by the later ones. Call from the GUI thread.
std::shared_ptr<const TruncationSearch>
sharedTruncation(const std::shared_ptr<const StackTable> &stacks);

} // namespace embers
