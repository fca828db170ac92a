// StackFilter: a StackTable without the stacks that pass through some frames, as pprof's
// -ignore drops the samples with a matching location. Which frames is a mask over the
// table's frames, so the same filter serves a regular expression (-ignore), V8's
// pseudo-frames (hide idle/program time) or a set picked by hand.
//
// The result is a derived table (same frames, strings, columns; see DerivedStackTable):
// frame indices stay valid, so selections carry over between the full and the filtered
// view. Its trie is the source's without the dropped stacks' nodes, still breadth-first.
#pragma once

#include "StackTable.h"

#include <QRegularExpression>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace embers {

// One byte per StackTable frame: nonzero for the frames to match.
using FrameMask = std::vector<uint8_t>;

class StackFilter
{
public:
    static FrameMask frames(const StackTable &t, const std::function<bool(uint32_t frame)> &match);

    // pprof's -ignore/-focus matching (FrameMatch.h): the pattern found (unanchored) in the
    // name or file of a frame's functions, or in its binary.
    static FrameMask framesMatching(const StackTable &t, const QRegularExpression &rx);

    // The V8 (Node, Workers) pseudo-frames that are not JavaScript work: "(program)",
    // "(idle)", "(garbage collector)" and "Garbage Collection" (the name @datadog/pprof
    // gives the collector). Matched by exact name, with no file.
    static bool isV8PseudoFrame(const StackTable &t, uint32_t frame);
    static FrameMask v8PseudoFrames(const StackTable &t);

    // Whether some stack of the table passes through a masked frame.
    static bool anyStackThrough(const StackTable &t, const FrameMask &mask);
    // Per stack, 1 when it passes through a masked frame.
    static std::vector<uint8_t> stacksThrough(const StackTable &t, const FrameMask &mask);
    // Per column, the sum of |value| of the stacks through a masked frame (each once).
    static std::vector<int64_t> totalThrough(const StackTable &t, const FrameMask &mask);

    enum class Totals {
        Kept,       // the source's: percentages stay of the whole profile (pprof's -ignore)
        Recomputed, // of the stacks left (pprof's -ignore with -relative_percentages)
    };

    // The table without the stacks through a masked frame. Nodes that no kept stack
    // passes through are dropped. Recomputed totals are the source's less the dropped
    // stacks' |value| (exact unless one stack merges samples of opposite signs, as a
    // -diff_base profile can). nullopt when cancelled.
    static std::optional<StackTable> withoutFrames(const StackTable &t, const FrameMask &mask,
                                                   Totals totals,
                                                   const std::atomic_bool *cancel = nullptr);

    // The table with only the stacks whose `keep` byte is set, with new values when
    // `values` is given (stackCount() x columnCount()). Nodes that no kept stack passes
    // through are dropped. Recomputed totals: the source's less the dropped stacks' |value|,
    // or with new values, the kept stacks' |value| summed. `renumbered`, when given,
    // receives each source node's new index (kNone when dropped). nullopt when cancelled.
    static std::optional<StackTable> keepStacks(const StackTable &t,
                                                const std::vector<uint8_t> &keep,
                                                const std::vector<int64_t> *values, Totals totals,
                                                const std::atomic_bool *cancel = nullptr,
                                                std::vector<uint32_t> *renumbered = nullptr);
};

} // namespace embers
