// RewrittenStacks: how a trie rewrite (TrieRewrite, MergeRewrite) begins, with room for its
// nodes, and ends, once they are grown: each output node's stack sums the source stacks it
// absorbed, each source node learns its output node, and nodes that no stack passes
// through go.
#pragma once

#include "StackTable.h"

#include <cstdint>
#include <vector>

namespace embers {

struct AbsorbedStack
{
    uint32_t out, stack; // output node, source stack it took
};

struct NodePair
{
    uint32_t out, in; // output node, source node whose stack it took
};

// Empties `out`'s nodes but the root, with room for one per source node (reserving costs
// nothing until touched).
void startRewrite(StackTable &out, size_t sourceNodes);

// Sets `out`'s stacks from `absorbed` (in output node order), summing the values of the
// source stacks one node took (saturating). With `outOf`, each source node's output node
// (kNone for none) from `pairs`. `leftEmpty`: some node may hold no stack below it; such
// nodes are pruned (and `outOf` renumbered).
void finishRewrite(const StackTable &in, StackTable &out,
                   const std::vector<AbsorbedStack> &absorbed, const std::vector<NodePair> &pairs,
                   bool leftEmpty, std::vector<uint32_t> *outOf);

} // namespace embers
