// TruncatedStacks: stacks cut short by their producer's depth limit. Producers record at
// most so many frames and drop the outer ones (the root side), so such a stack's root is
// not a real root. Go records 64 frames for CPU profiles, 32 for heap, block, mutex,
// goroutine and threadcreate profiles before Go 1.23 and 128 since (GODEBUG
// profstackdepth); gperftools 64; Linux perf 127 (kernel.perf_event_max_stack); V8's
// CPU profiler 255 and its sampling heap profiler 16 by default.
//
// Whether a profile was cut is decided for the whole table: at the smallest known limit
// that several stacks reach exactly and none exceeds. Depth is counted as producers count
// it: Go counts logical frames (inlined calls included) and, when the cut falls inside
// inlined calls, keeps the rest of that location's lines; others count locations. A stack
// reaches limit N when either count is N (the logical one allowing for the outermost
// location's extra lines), and exceeds it when both are larger.
#pragma once

#include "StackTable.h"

#include <atomic>
#include <optional>
#include <vector>

namespace embers {

inline constexpr int kKnownStackLimits[] = {16, 32, 64, 127, 128, 255};
inline constexpr const char *kTruncatedFrameName = "[truncated]";

struct StackTruncation
{
    int limit = 0;              // the producer's limit the stacks hit; 0 when none was hit
    std::vector<uint8_t> stack; // per stack: 1 when cut at the limit
    std::vector<uint8_t> node;  // per node: 1 when every stack through it was cut
    size_t truncatedStacks = 0;
    uint32_t groupNode = StackTable::kNoFrame; // the "[truncated]" root node, if grouped

    bool any() const { return truncatedStacks > 0; }
};

// Stacks under a root frame named "[truncated]" (groupTruncated's) count as cut, one
// frame shallower. `minStacks`: how many stacks must reach the limit exactly.
StackTruncation detectTruncation(const StackTable &t, size_t minStacks = 2);

// How many times detectTruncation() has run in this process: a pass over every node that
// the window makes once per table (SharedTruncation.h); tests check that it does.
uint64_t truncationDetectionCount();

// `t` with its cut stacks moved under a synthetic root frame "[truncated]" (appended to
// the frames), so that their outermost frames are not taken for real roots. Totals, frames
// and the other stacks stay; labels are not carried over. nullopt when cancelled.
std::optional<StackTable> groupTruncated(const StackTable &t, const StackTruncation &truncation,
                                         const std::atomic_bool *cancel = nullptr);

} // namespace embers
