// TrieRewrite: a StackTable whose stacks are rewritten frame by frame, built straight
// from the source's trie. Each source node either keeps a frame (its own or another),
// merges into its caller (its cost stays, the frame disappears: pprof's -hide), or is
// dropped with its subtree; a node can also be grafted below an ancestor, leaving the
// frames between out of the stacks through it (collapsing recursion, pprof's -show_from
// cutting a location's outer lines).
//
// The output trie is grown one depth at a time, as StackTable::build grows its own: the
// source nodes that land on an output node are its cursors; their kept children, sorted
// by frame, become its children. Siblings that come out with the same frame (once a
// merged node's children join its caller's) become one node. No hashing: the cost is a
// few linear passes, and sorting only where nodes merge.
#pragma once

#include "LargeArrays.h"
#include "StackTable.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace embers {

struct TrieRewrite
{
    static constexpr uint32_t kMerge = 0xFFFFFFFEu; // no frame: joins its output parent
    static constexpr uint32_t kDrop = 0xFFFFFFFFu;  // gone, with its subtree

    // Per source node: its output frame (| kInlineBit), kMerge or kDrop. Node 0 (the
    // root) is never read.
    std::vector<uint32_t> frameOf;
    // Per source node, or empty for none: 1 when the stack that ends there is dropped.
    std::vector<uint8_t> dropValue;
    // Source node `source` leaves its parent's output and is placed below `target`'s (an
    // ancestor), with its own frameOf (or merged into it).
    struct Graft
    {
        uint32_t target;
        uint32_t source;
    };
    std::vector<Graft> grafts;
    // Stacks left with no frame are dropped (pprof drops samples left with no location).
    bool dropEmptyStacks = false;
    // Subtrees the rewrite leaves as they are are copied whole, a level at a time. False:
    // every node goes through the general rules (the reference the tests compare with).
    bool copyUnchanged = true;
    // When few nodes keep a frame, the output is found by hashing (FewKeptRewrite.h). False:
    // always level by level (the reference the tests compare with).
    bool hashWhenFewKept = true;
};

// Builds the rewritten table into `out`, a derived table of `in` (same columns, strings
// and totals; frames may have been added). `outOf`, when given, receives each source
// node's output node (kNone when its stack was dropped), for the samples' labels.
// nullopt when cancelled.
std::optional<StackTable> rewriteTrie(const StackTable &in, StackTable out, const TrieRewrite &rw,
                                      std::vector<uint32_t> *outOf, const std::atomic_bool *cancel);

} // namespace embers
