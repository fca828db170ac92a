// Dominators: the immediate dominator of every node of a directed graph from its root,
// by Lengauer and Tarjan's algorithm (path compression, O(m log n)), without recursion:
// a heap snapshot's graph has millions of nodes and chains as long as a linked list.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace embers {

struct DominatorTree
{
    static constexpr uint32_t kNone = 0xFFFFFFFFu;
    // idom[v]: v's immediate dominator; the root's is itself.
    std::vector<uint32_t> idom;
    // The nodes in an order where each comes after its dominator (a depth-first preorder
    // of the graph): walk it forwards to go down the tree, backwards to sum up it.
    std::vector<uint32_t> order;
    // Nodes the root does not reach: each was taken as a child of the root, as Chrome
    // DevTools takes them, and counted here.
    uint32_t unreachable = 0;
    bool cancelled = false;
};

// The graph as successor lists: node v's edges go to targets[offsets[v] .. offsets[v+1]).
// Every node is in the tree: those the root does not reach hang from the root.
DominatorTree computeDominators(std::span<const uint64_t> offsets,
                                std::span<const uint32_t> targets, uint32_t root,
                                const std::atomic<bool> *cancel = nullptr);

} // namespace embers
