#include "InvertedStacks.h"

#include "DerivedStackTable.h"
#include "LargeArrays.h"
#include "RadixSort.h"

#include <algorithm>
#include <atomic>

namespace embers {

namespace {

// A depth of the growing: its items (a stack, and the source node whose frame it adds
// here), grouped by the output node they hang below, in node order.
struct Depth
{
    std::vector<uint32_t> stacks, cursors;
    std::vector<uint32_t> groupStart, groupParent;

    void clear()
    {
        stacks.clear();
        cursors.clear();
        groupStart.clear();
        groupParent.clear();
    }
};

// Grows a depth: each group sorted by frame, every distinct frame a new node (its id the
// number of nodes in `parents` before it), the items that go on put in `next`, and the
// stacks that end here (their outermost frame) handed to `ended(stack, node)`.
class DepthGrower
{
public:
    explicit DepthGrower(const StackTable &source)
        : m_frames(source.nodeFrames.data()), m_parents(source.nodeParents.data())
    {}

    template <typename Ended>
    void grow(const Depth &depth, std::vector<uint32_t> &parents, std::vector<uint32_t> &frames,
              Depth &next, const Ended &ended)
    {
        const size_t n = depth.stacks.size();
        m_keys.resize(n);
        m_up.resize(n);
        constexpr size_t kAhead = 16; // the cursors' nodes are scattered: fetched ahead
        const uint32_t *cursors = depth.cursors.data();
        for (size_t i = 0; i < n; ++i) {
            if (i + kAhead < n) {
                __builtin_prefetch(m_frames + cursors[i + kAhead]);
                __builtin_prefetch(m_parents + cursors[i + kAhead]);
            }
            m_keys[i] = uint64_t(m_frames[cursors[i]] & kFrameMask) << 32 | i;
            m_up[i] = m_parents[cursors[i]];
        }
        next.clear();
        for (size_t g = 0; g < depth.groupStart.size(); ++g) {
            const size_t begin = depth.groupStart[g];
            const size_t groupEnd = g + 1 < depth.groupStart.size() ? depth.groupStart[g + 1] : n;
            if (groupEnd - begin >= kRadixSortFrom)
                sortByHighWord(m_keys.data() + begin, groupEnd - begin, m_scratch);
            else if (groupEnd - begin > 1)
                std::sort(m_keys.begin() + ptrdiff_t(begin), m_keys.begin() + ptrdiff_t(groupEnd));
            uint32_t node = StackTable::kRoot;
            for (size_t k = begin; k < groupEnd; ++k) {
                const uint32_t i = uint32_t(m_keys[k]), frame = uint32_t(m_keys[k] >> 32);
                if (k == begin || frame != uint32_t(m_keys[k - 1] >> 32)) {
                    growLarge(parents, 1);
                    growLarge(frames, 1);
                    node = uint32_t(parents.size());
                    parents.push_back(depth.groupParent[g]);
                    frames.push_back(frame);
                }
                if (m_up[i] == StackTable::kRoot) {
                    ended(depth.stacks[i], node);
                    continue;
                }
                if (next.groupParent.empty() || next.groupParent.back() != node) {
                    next.groupStart.push_back(uint32_t(next.stacks.size()));
                    next.groupParent.push_back(node);
                }
                next.stacks.push_back(depth.stacks[i]);
                next.cursors.push_back(m_up[i]);
            }
        }
    }

private:
    const uint32_t *m_frames, *m_parents;
    // Frame << 32 | item: sorted as numbers, a group's items fall in frame order, and
    // within a frame in item order (so the stacks' order decides ties).
    std::vector<uint64_t> m_keys, m_scratch;
    std::vector<uint32_t> m_up; // per item: the source node above its cursor
};

// The part of the result below a run of one wide depth's groups, grown by one thread.
// Its nodes are numbered from 0 in its own breadth-first order; its first level's parents
// are the output's own nodes, the deeper levels' its own. Each level goes to its place in
// the output's level once every chunk is grown.
struct Chunk
{
    size_t firstGroup = 0, endGroup = 0;   // of the wide depth
    std::vector<uint32_t> parents, frames; // per node
    std::vector<uint32_t> levelStart;      // each level's first node, then the end
    std::vector<uint32_t> ended;           // stack, node: the stacks that end in it
    std::vector<size_t> endedStart;        // where each level's ended stacks start
    std::vector<uint32_t> delta;           // per level: what makes its node ids global

    size_t nodesAt(size_t level) const
    {
        return level + 1 < levelStart.size() ? levelStart[level + 1] - levelStart[level] : 0;
    }
};

// Below this many items a depth is grown here; from there, the rest in chunks by two
// threads (at most kChunks, dealt as the threads come free).
constexpr size_t kChunkedItems = size_t(1) << 16;
constexpr size_t kChunks = 128;

} // namespace

std::shared_ptr<const StackTable> invertedStackTable(const StackTable &source,
                                                     const std::atomic_bool *cancel)
{
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    StackTable t = derivedStackTable(source);
    const size_t stackCount = source.stackCount();

    // Grown one depth at a time, as StackTable::build grows its trie: each stack has a
    // cursor, the source node whose frame it adds at this depth (its leaf first, then up).
    // Within a group, sorting by frame makes equal frames one child. Nodes so come out
    // breadth first with contiguous children, and no hashing is needed.
    std::vector<uint32_t> end(stackCount, StackTable::kRoot);
    Depth depth, next;
    depth.stacks.reserve(stackCount);
    depth.cursors.reserve(stackCount);
    for (uint32_t s = 0; s < stackCount; ++s) {
        if (source.stackNodes[s] == StackTable::kRoot)
            continue;
        depth.stacks.push_back(s);
        depth.cursors.push_back(source.stackNodes[s]);
    }
    depth.groupStart = {0};
    depth.groupParent = {StackTable::kRoot};
    // Reversed stacks share less: the result has more nodes than the source (half as many
    // again on a profile of deep, mostly distinct stacks). Reserved once: each doubling
    // would copy and fault in fresh pages.
    reserveLarge(t.nodeParents, source.nodeCount() + source.nodeCount() / 2);
    reserveLarge(t.nodeFrames, t.nodeParents.capacity());
    DepthGrower growers[2] = {DepthGrower(source), DepthGrower(source)};
    auto endsAt = [&end](uint32_t stack, uint32_t node) { end[stack] = node; };
    while (!depth.stacks.empty() &&
           (depth.stacks.size() < kChunkedItems || depth.groupStart.size() < 2 * kChunks)) {
        if (cancelled())
            return nullptr;
        growers[0].grow(depth, t.nodeParents, t.nodeFrames, next, endsAt);
        std::swap(depth, next);
    }

    if (!depth.stacks.empty()) {
        // Runs of the wide depth's groups with about as many items each.
        const size_t groups = depth.groupStart.size(), items = depth.stacks.size();
        std::vector<Chunk> chunks(kChunks);
        size_t cut = 0;
        for (size_t k = 0; k < kChunks; ++k) {
            const auto from = depth.groupStart.begin() + ptrdiff_t(cut);
            const size_t endGroup =
                k + 1 == kChunks ? groups
                                 : size_t(std::lower_bound(from, depth.groupStart.end(),
                                                           uint32_t(items * (k + 1) / kChunks)) -
                                          depth.groupStart.begin());
            chunks[k].firstGroup = cut;
            chunks[k].endGroup = std::max(cut, endGroup);
            // No levels yet; none at all when one group took more items than a run.
            chunks[k].levelStart = {0};
            cut = chunks[k].endGroup;
        }
        std::atomic<size_t> taken{0};
        std::atomic_bool stopped{false};
        auto growChunks = [&](int thread) {
            Depth at, below;
            for (size_t k; !stopped && (k = taken++) < chunks.size();) {
                Chunk &c = chunks[k];
                if (c.firstGroup == c.endGroup)
                    continue;
                const size_t firstItem = depth.groupStart[c.firstGroup];
                const size_t endItem = c.endGroup < groups ? depth.groupStart[c.endGroup] : items;
                at.clear();
                at.stacks.assign(depth.stacks.begin() + ptrdiff_t(firstItem),
                                 depth.stacks.begin() + ptrdiff_t(endItem));
                at.cursors.assign(depth.cursors.begin() + ptrdiff_t(firstItem),
                                  depth.cursors.begin() + ptrdiff_t(endItem));
                for (size_t g = c.firstGroup; g < c.endGroup; ++g) {
                    at.groupStart.push_back(uint32_t(depth.groupStart[g] - firstItem));
                    at.groupParent.push_back(depth.groupParent[g]);
                }
                auto endsHere = [&c](uint32_t stack, uint32_t node) {
                    c.ended.push_back(stack);
                    c.ended.push_back(node);
                };
                while (!at.stacks.empty()) {
                    if (cancelled()) {
                        stopped = true;
                        return;
                    }
                    c.endedStart.push_back(c.ended.size());
                    growers[thread].grow(at, c.parents, c.frames, below, endsHere);
                    c.levelStart.push_back(uint32_t(c.parents.size()));
                    std::swap(at, below);
                }
                c.endedStart.push_back(c.ended.size());
            }
        };
        inParallel([&] { growChunks(0); }, [&] { growChunks(1); });
        if (stopped)
            return nullptr;

        // Each output level holds the chunks' parts of it in order.
        size_t levels = 0;
        for (const Chunk &c : chunks)
            levels = std::max(levels, c.levelStart.size());
        // The next free id in each level.
        std::vector<uint32_t> nextFree(levels, uint32_t(t.nodeParents.size()));
        for (size_t level = 0; level + 1 < levels; ++level) {
            uint32_t size = 0;
            for (const Chunk &c : chunks)
                size += uint32_t(c.nodesAt(level));
            nextFree[level + 1] = nextFree[level] + size;
        }
        const uint32_t nodes = nextFree[levels - 1];
        for (Chunk &c : chunks) {
            c.delta.resize(levels);
            for (size_t level = 0; level < levels; ++level) {
                const uint32_t local =
                    level < c.levelStart.size() ? c.levelStart[level] : c.levelStart.back();
                c.delta[level] = nextFree[level] - local;
                nextFree[level] += uint32_t(c.nodesAt(level));
            }
        }
        // Past the reservation, a plain resize would move them to small pages.
        growLarge(t.nodeParents, nodes - t.nodeParents.size());
        growLarge(t.nodeFrames, nodes - t.nodeFrames.size());
        t.nodeParents.resize(nodes);
        t.nodeFrames.resize(nodes);
        taken = 0;
        auto copyChunks = [&] {
            for (size_t k; (k = taken++) < chunks.size();) {
                const Chunk &c = chunks[k];
                for (size_t level = 0; level + 1 < c.levelStart.size(); ++level) {
                    const uint32_t first = c.levelStart[level], count = uint32_t(c.nodesAt(level));
                    // The first level's parents are the output's; the others' the chunk's.
                    const uint32_t parentDelta = level == 0 ? 0 : c.delta[level - 1];
                    uint32_t *toParents = t.nodeParents.data() + first + c.delta[level];
                    for (uint32_t i = 0; i < count; ++i)
                        toParents[i] = c.parents[first + i] + parentDelta;
                    std::copy_n(c.frames.data() + first, count,
                                t.nodeFrames.data() + first + c.delta[level]);
                    for (size_t e = c.endedStart[level]; e < c.endedStart[level + 1]; e += 2)
                        end[c.ended[e]] = c.ended[e + 1] + c.delta[level];
                }
            }
        };
        inParallel(copyChunks, copyChunks);
    }
    if (cancelled())
        return nullptr;

    computeChildRanges(t);

    // The stacks by the node where they end (then by stack), as numbers.
    std::vector<uint64_t> byEnd(stackCount), scratch;
    for (uint32_t s = 0; s < stackCount; ++s)
        byEnd[s] = uint64_t(end[s]) << 32 | s;
    sortByHighWord(byEnd, scratch);
    const size_t columns = source.columnCount();
    t.stackNodes.reserve(stackCount);
    t.stackValues.reserve(stackCount * columns);
    for (const uint64_t key : byEnd) {
        const uint32_t s = uint32_t(key);
        const int64_t *values = source.stackValues.data() + size_t(s) * columns;
        if (!t.stackNodes.empty() && t.stackNodes.back() == end[s]) {
            // Two stacks that differ only in inline bits reverse to one.
            int64_t *into = t.stackValues.data() + t.stackValues.size() - columns;
            for (size_t c = 0; c < columns; ++c)
                into[c] = addSaturating(into[c], values[c]);
            continue;
        }
        appendStack(t, end[s], values);
    }
    return std::make_shared<const StackTable>(std::move(t));
}

} // namespace embers
