// MergeRewrite: the rewrite in which every node either keeps its own frame or merges into
// its parent's output node (its cost stays, the frame disappears). Collapsing the direct
// recursion of every function is that rewrite, with merges all over the trie.
//
// The result is exactly rewriteTrie's with frameOf = the node's frame or kMerge and
// copyUnchanged = false, made by a grower for this case alone: no drops, grafts or copied
// runs to check for; the source read as it is, with no pass to prepare it; cursors that
// carry a node's frame and child range (read with its siblings), so that reading ahead is a
// prefetch, not a load, and whether a child merges follows from the child's frame alone; a
// group's children merged from the sorted child ranges of its source nodes rather than
// sorted.
#pragma once

#include "StackTable.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace embers {

// A bit per node of `in` (bit node & 63 of word node >> 6): the nodes that merge.
using NodeBits = std::vector<uint64_t>;

// The most nodes a table given to rewriteMerges may have (node ids leave the top bits free
// for the cursors' marks).
inline constexpr size_t kMergeRewriteNodes = (size_t(1) << 29) - 1;

// Builds the rewritten table into `out`, a derived table of `in` (same columns, strings and
// frames). The nodes that merge are those set in `merged`, or, when it is null, every node
// whose parent (other than the root) has its function: the direct recursion of every
// function, found as the source is read. `outOf`, when given, receives each source node's
// output node where its stack went (kNone for the others), as rewriteTrie's. nullopt when
// cancelled. At most kMergeRewriteNodes nodes.
std::optional<StackTable> rewriteMerges(const StackTable &in, StackTable out,
                                        const NodeBits *merged, std::vector<uint32_t> *outOf,
                                        const std::atomic_bool *cancel);

// Whether some node's parent (other than the root) has its function.
bool hasDirectRecursion(const StackTable &in);

} // namespace embers
