// StackTableBuilder: how StackTable::build makes a table, internal to the core. Each
// profile is prepared (its samples summed per location stack, its locations' frames
// interned: StackTableBuilder.cpp); then the stacks are ranked by depth, laid out a
// level per array, and the trie is grown a level at a time (StackTableTrie.cpp).
#pragma once

#include "FrameIndex.h"
#include "StackTable.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace embers::stackbuild {

// Frees a vector's buffer now: `v = {}` would keep its capacity.
template <typename T> void freeNow(std::vector<T> &v)
{
    std::vector<T>().swap(v);
}

// Work is split between two threads only when there is enough of it to pay for one:
// this many frames (or nodes), or this many stacks (or samples).
inline constexpr uint64_t kParallelFrames = uint64_t(1) << 16;
inline constexpr size_t kParallelStacks = 4096;

// One profile's part of the build: each location's frames (root first, after
// drop_frames) and each location stack's summed values.
struct PreparedProfile
{
    const Profile *profile = nullptr;
    // Most locations have one frame: it is read from here, with a single lookup.
    std::vector<uint32_t> locSingleFrame; // location -> frame, or kSeveralFrames
    std::vector<uint64_t> locOffsets;     // location -> range in locFrames
    std::vector<uint32_t> locFrames;      // frame | kInlineBit
    std::vector<int64_t> values;          // location stack x column
    std::vector<uint32_t> leafEnd; // per location stack: locations [leafEnd, depth) are kept;
                                   // empty when all are
};

// A location with one frame has no inlined frame, so its frame never has kInlineBit.
inline constexpr uint32_t kSeveralFrames = 0xFFFFFFFFu;

// A stack that takes part in the build: which profile, which location stack.
struct SourceStack
{
    uint32_t profile;
    uint32_t stack;
};

// The frames of all stacks laid out by depth: stacks are ranked by decreasing depth,
// so the stacks that reach depth d are ranks [0, reaching[d]), and the frame of rank r
// at depth d is frames[levelStart[d] + r]. Building the trie level by level then reads
// one compact array per level, which stays in cache.
struct DepthLayout
{
    std::vector<uint32_t> sourceOfRank;
    std::vector<uint32_t> reaching;     // maxDepth + 2 entries
    std::vector<uint64_t> levelStart;   // maxDepth + 1 entries; the last one is the frame count
    std::unique_ptr<uint32_t[]> frames; // not zeroed first: every entry is written
};

struct SampleReader;

class Builder
{
public:
    Builder(StackTable &table, const StackTableOptions &options)
        : m_t(table), m_options(options), m_frameIndex(table.frames),
          m_total(table.columns.size(), 0), m_baseTotal(table.columns.size(), 0)
    {}

    // Preparing a profile is two independent halves: its samples summed per location
    // stack, and its locations' frames (strings interned, in order). Summing stops (false)
    // when cancelled or when a column's |values| add up beyond int64 (beyondColumn()).
    bool sumSamples(const SampleReader &read, PreparedProfile &out);
    // The first column whose sum of |value| leaves the int64 range, or -1. A table is
    // refused then: within it, every sum a view or report makes is exact.
    int beyondColumn() const { return m_beyondColumn; }
    void finishTotals(const std::vector<SampleReader> &readers);
    bool prepareFrames(const Profile &p, PreparedProfile &out);
    // The stacks that take part, ranked by depth. Depths need the frames only when
    // drop_frames cuts stacks (`framesKnown`); `bothCores` lets it take a helper thread.
    bool rankByDepth(const std::vector<PreparedProfile> &prepared, bool framesKnown,
                     bool bothCores);
    bool buildTrie(const std::vector<PreparedProfile> &prepared);
    // Each frame's origins, once every profile's frames are prepared.
    void finishOrigins();
    // The samples' values by stack and label set (StackTableOptions::keepLabels).
    void collectLabels(const std::vector<SampleReader> &readers);

private:
    bool fillLayout(const std::vector<PreparedProfile> &prepared);

    uint32_t internFrame(const Frame &f) { return m_frameIndex.intern(f); }
    // Origins are not deduplicated: equal ones match alike, and frames split by origin
    // merge again after filtering.
    uint32_t addOrigin(const FrameOrigin &o)
    {
        m_t.origins.origins.push_back(o);
        return uint32_t(m_t.origins.origins.size() - 1);
    }

    bool cancelled() const
    {
        return m_options.cancel && m_options.cancel->load(std::memory_order_relaxed);
    }

    StackTable &m_t;
    const StackTableOptions &m_options;
    FrameIndex m_frameIndex;
    std::vector<SourceStack> m_sources; // the location stacks with a value
    DepthLayout m_layout;
    std::vector<int64_t> m_total, m_baseTotal; // per column, over all profiles
    int m_beyondColumn = -1;
    bool m_anyNegative = false;
    std::vector<uint64_t> m_frameOrigins; // frame << 32 | origin, with repeats
    std::vector<uint32_t> m_nodeOfSource; // keepLabels: where each source stack ends
};

} // namespace embers::stackbuild
