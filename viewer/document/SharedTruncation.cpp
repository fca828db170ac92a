#include "SharedTruncation.h"

#include "BackgroundPool.h"
#include "PoolTask.h"

#include <algorithm>
#include <vector>

namespace embers {

namespace {

struct Entry
{
    std::weak_ptr<const StackTable> table;
    const StackTable *address = nullptr; // the key, valid while `table` is
    std::shared_ptr<const TruncationSearch> search;
};

} // namespace

std::shared_ptr<const TruncationSearch>
sharedTruncation(const std::shared_ptr<const StackTable> &stacks)
{
    if (!stacks)
        return {};
    // A few tables live at a time (a page's capture, its transformed and inverted ones):
    // a short list, pruned of the tables that are gone. Process-wide on purpose: every page
    // and window that shows a table shares its one search, and no entry outlives its table.
    static std::vector<Entry> entries;
    std::erase_if(entries, [](const Entry &e) { return e.table.expired(); });
    for (const Entry &e : entries) {
        if (e.address == stacks.get())
            return e.search;
    }
    // The task keeps the table alive while it runs; the search then holds the result only.
    auto search = std::make_shared<TruncationSearch>();
    search->finished = startOnPool(backgroundPool(), [stacks, search] {
        search->m_result = std::make_shared<const StackTruncation>(detectTruncation(*stacks));
        search->m_ended.store(true, std::memory_order_release);
    });
    entries.push_back({stacks, stacks.get(), search});
    return search;
}

} // namespace embers
