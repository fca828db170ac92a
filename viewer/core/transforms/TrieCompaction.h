// TrieCompaction: a StackTable with some of its stacks, when nothing else changes: the
// nodes that no kept stack passes through go and the rest keep their order, which stays
// breadth-first. What StackFilter::keepStacks computes (with Totals::Kept), made for big
// tries: a bit per node, the kept nodes renumbered by counting bits (no per-node map),
// and the result's arrays written by two threads.
#pragma once

#include "StackTable.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace embers {

// The table with only the stacks whose `keep` byte is set, with new values when `values`
// is given (stackCount() x columnCount()); same totals. `renumbered`, when given,
// receives each source node's new index (kNone when dropped). Labels are not carried.
// nullopt when cancelled.
std::optional<StackTable> compactStacks(const StackTable &in, const std::vector<uint8_t> &keep,
                                        const std::vector<int64_t> *values,
                                        const std::atomic_bool *cancel,
                                        std::vector<uint32_t> *renumbered = nullptr);

// Removes the nodes that no stack passes through (and renumbers the rest, still
// breadth-first), in place; `renumbered`, when given, maps the old nodes to the new
// (kNone: gone).
void pruneEmptyNodes(StackTable &t, std::vector<uint32_t> *renumbered = nullptr);

} // namespace embers
