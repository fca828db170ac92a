// FunctionTable: per frame (function at the table's granularity), flat (self) and cum
// (total) for every sample type. cum counts a frame once per stack, however often it
// recurses, so it never exceeds the profile total.
#pragma once

#include "StackTable.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace embers {

class FunctionTable
{
public:
    // With `cancel`, stops early once it is set: the table is then incomplete, to be
    // thrown away (a window's stale transform run).
    static FunctionTable build(const StackTable &stacks, const std::atomic_bool *cancel = nullptr);
    // A table from its values (frame x column, row-major), e.g. combined from others.
    static FunctionTable fromValues(size_t columns, std::vector<int64_t> flat,
                                    std::vector<int64_t> cum);

    // Which way a transform is crossed: Apply gives the result's table from its source's,
    // Undo the source's from the result's.
    enum class Step { Apply, Undo };
    // Across a filter (StackDerivation::Subset): the stacks of `superset` that `kept` drops
    // are taken out of `from` (Apply: `from` is the superset's table) or added back (Undo:
    // `from` is the kept stacks'). It walks only those stacks, not the trie. nullopt when
    // cancelled, or when sums could saturate (build() is then the exact one).
    static std::optional<FunctionTable> acrossSubset(const FunctionTable &from,
                                                     const StackTable &superset,
                                                     const std::vector<uint8_t> &kept, Step step,
                                                     const std::atomic_bool *cancel = nullptr);
    // Across frames merged into their callers (StackDerivation::FramesMerged): from
    // `superset`'s table, the merged frames lose their flat and cum, and each stack whose
    // leaf merged gives its flat to its innermost kept frame; the rest stays (each stack
    // still holds the other functions once). nullopt as for acrossSubset.
    static std::optional<FunctionTable>
    acrossMergedFrames(const FunctionTable &from, const StackTable &superset,
                       const std::vector<uint8_t> &merged,
                       const std::atomic_bool *cancel = nullptr);
    // Across a collapsed recursion (StackDerivation::RecursionCollapsed) of the function
    // whose frames `calls` marks: in each stack of `source` with two calls or more, the
    // frames from its innermost call up to its outermost go; those found nowhere else in
    // the stack lose the stack's value from their cum, and a stack that ended in an inner
    // call ends in the outermost. Apply: `from` is `source`'s table; Undo: the result's.
    // Only those stacks are walked. nullopt as for acrossSubset.
    static std::optional<FunctionTable>
    acrossCollapsedRecursion(const FunctionTable &from, const StackTable &source,
                             const std::vector<uint8_t> &calls, Step step,
                             const std::atomic_bool *cancel = nullptr);
    // Across runs of frames collapsed into a new frame `into` (StackDerivation::
    // FramesCollapsed; `into` is source.frameCount()): from `source`'s table, the collapsed
    // frames' flat and cum go to `into`, whose cum counts each stack through any of them
    // once. nullopt as for acrossSubset.
    static std::optional<FunctionTable>
    acrossCollapsedFrames(const FunctionTable &from, const StackTable &source,
                          const std::vector<uint8_t> &collapsed, uint32_t into,
                          const std::atomic_bool *cancel = nullptr);

    int64_t flat(uint32_t frame, size_t column) const { return m_flat[frame * m_columns + column]; }
    int64_t cum(uint32_t frame, size_t column) const { return m_cum[frame * m_columns + column]; }
    size_t frameCount() const { return m_columns ? m_flat.size() / m_columns : 0; }

private:
    size_t m_columns = 0;
    std::vector<int64_t> m_flat;
    std::vector<int64_t> m_cum;
};

} // namespace embers
