// CallerCallee: the "sandwich" of one function, as speedscope and hotspot show it: its
// callers (an inverted tree: the function at the top, who called it beneath, down to the
// stacks' roots) and its callees (the function at the top, everything it called beneath),
// each merged over every place where the function appears.
//
// A stack counts once, at the function's outermost occurrence on it, as the function
// table's cum counts it: both trees' totals are the function's cum, and a recursive
// function's inner occurrences show in its callees (a -> b -> a) without counting twice.
// The trees are derived StackTables (see DerivedStackTable: same frame indices, sample
// types and totals; the frames they do not use are blank), so a CallTree gives their
// values in any sample type, percentages stay those of the whole profile, and
// FlameGraphView draws them.
#pragma once

#include "StackTable.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace embers {

class CallerCallee
{
public:
    // The function's node in both tables (node 0 is the empty stack, as in every trie).
    // A function that no stack passes through gives tables with node 0 only.
    static constexpr uint32_t kFunctionNode = 1;

    struct Trees
    {
        StackTable callers;
        StackTable callees;
    };

    // The nodes where the function occurs with no occurrence above it, ascending.
    static std::vector<uint32_t> outermostNodes(const StackTable &t, uint32_t frame);

    // Both trees; they share one pass over the source's nodes. nullopt when cancelled.
    static std::optional<Trees> build(const StackTable &t, uint32_t frame,
                                      const std::atomic_bool *cancel = nullptr);

    // Node 1 is the function; a node's children are its callers. A stack of the result
    // ends where the source stacks reach their root, with what the function's outermost
    // occurrences on them cost. nullopt when cancelled.
    static std::optional<StackTable> callers(const StackTable &t, uint32_t frame,
                                             const std::atomic_bool *cancel = nullptr);

    // Node 1 is the function; beneath it, the subtrees of its outermost occurrences,
    // merged. nullopt when cancelled.
    static std::optional<StackTable> callees(const StackTable &t, uint32_t frame,
                                             const std::atomic_bool *cancel = nullptr);
};

} // namespace embers
