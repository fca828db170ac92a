#include "StackTableBuilder.h"

#include "FreedMemory.h"
#include "LargeArrays.h"
#include "RadixSort.h"

#include <algorithm>
#include <mutex>
#include <span>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace embers::stackbuild {

namespace {

// Gives a big buffer's memory back to the system as it is consumed from the front, a
// few pages at a time, rather than all of it only when the buffer is freed: the buffers that
// feed the trie's levels shrink as fast as the trie grows.
class ConsumedPages
{
public:
    explicit ConsumedPages(const void *begin) : m_released(pageAfter(begin)) {}

    // Everything before `end` is dead. Released 2 MiB at a time: a system call per page
    // cost more than it saved on small profiles, where the pages were soon faulted in
    // again for the next table.
    void release(const void *end)
    {
#ifdef __linux__
        constexpr uintptr_t kBatch = uintptr_t(2) << 20;
        const uintptr_t to = uintptr_t(end) & ~(pageSize() - 1);
        if (to >= m_released + kBatch) {
            madvise(reinterpret_cast<void *>(m_released), to - m_released, MADV_DONTNEED);
            m_released = to;
        }
#else
        (void)end;
#endif
    }

private:
    static uintptr_t pageSize()
    {
#ifdef __linux__
        static const uintptr_t size = uintptr_t(sysconf(_SC_PAGESIZE));
        return size;
#else
        return 4096;
#endif
    }
    // Whole pages only: the allocator keeps its bookkeeping next to the buffer.
    static uintptr_t pageAfter(const void *p)
    {
        return (uintptr_t(p) + pageSize() - 1) & ~(pageSize() - 1);
    }

    uintptr_t m_released;
};

// Rank blocks handed alternately to the two threads of the layout's passes.
constexpr uint32_t kRankBlock = 4096;

// Where a source stack's kept locations are, leaf first as in the file.
std::span<const uint32_t> locationsOf(const SourceStack &src, const PreparedProfile &pp)
{
    const Profile &p = *pp.profile;
    const uint32_t *locs = p.stackLocations.data() + p.stackOffsets[src.stack];
    const uint32_t count = uint32_t(p.stackOffsets[src.stack + 1] - p.stackOffsets[src.stack]);
    const uint32_t leafEnd = pp.leafEnd.empty() ? 0 : pp.leafEnd[src.stack];
    return std::span<const uint32_t>(locs + leafEnd, locs + count);
}

// Runs pass(begin, end) over [0, count) in blocks of kRankBlock, every other block on a
// helper thread when there is more than one: the passes over the stacks read them in a
// scattered order, and alternate blocks balance the two threads without counting.
template <typename Pass> void inBlocks(size_t count, bool bothCores, const Pass &pass)
{
    const size_t step = bothCores && count > kRankBlock ? 2 : 1;
    auto blocksFrom = [&](size_t first) {
        for (size_t b = first * kRankBlock; b < count; b += step * kRankBlock)
            pass(b, std::min(count, b + kRankBlock));
    };
    if (step == 2)
        inParallel([&] { blocksFrom(0); }, [&] { blocksFrom(1); });
    else
        blocksFrom(0);
}

} // namespace

bool Builder::rankByDepth(const std::vector<PreparedProfile> &prepared, bool framesKnown,
                          bool bothCores)
{
    const size_t columns = m_t.columns.size();
    m_sources.clear();
    for (uint32_t k = 0; k < prepared.size(); ++k) {
        const PreparedProfile &pp = prepared[k];
        for (uint32_t s = 0; s < pp.profile->stackCount(); ++s) {
            const int64_t *v = pp.values.data() + size_t(s) * columns;
            if (std::any_of(v, v + columns, [](int64_t x) { return x != 0; }))
                m_sources.push_back({k, s});
        }
    }
    if (cancelled())
        return false;

    // Each location's frame count, compact: a location has a frame per line (inlined ones
    // included unless left out), or one for its binary when it has no line; drop_frames
    // can cut that, but then the frames are known.
    std::vector<std::vector<uint32_t>> frameCounts(prepared.size());
    for (size_t k = 0; k < prepared.size(); ++k) {
        const PreparedProfile &pp = prepared[k];
        const std::vector<Location> &locations = pp.profile->locations;
        frameCounts[k].resize(locations.size());
        for (size_t l = 0; l < locations.size(); ++l) {
            if (framesKnown) {
                frameCounts[k][l] = uint32_t(pp.locOffsets[l + 1] - pp.locOffsets[l]);
            } else {
                const uint32_t lines = locations[l].lineCount;
                frameCounts[k][l] = lines == 0 || m_options.noInlines ? 1 : lines;
            }
        }
    }
    std::vector<uint32_t> depthOf(m_sources.size());
    inBlocks(m_sources.size(), bothCores, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            const SourceStack &src = m_sources[i];
            const uint32_t *frames = frameCounts[src.profile].data();
            uint32_t d = 0;
            for (uint32_t location : locationsOf(src, prepared[src.profile]))
                d += frames[location];
            depthOf[i] = d;
        }
    });
    freeNow(frameCounts);
    const uint32_t maxDepth =
        depthOf.empty() ? 0 : *std::max_element(depthOf.begin(), depthOf.end());
    std::vector<uint32_t> withDepth(maxDepth + 1, 0);
    for (uint32_t d : depthOf)
        ++withDepth[d];
    // reaching[d]: the stacks deeper than d, which is also the first rank of depth d.
    DepthLayout &out = m_layout;
    out.reaching.assign(maxDepth + 2, 0);
    for (uint32_t d = maxDepth; d-- > 0;)
        out.reaching[d] = out.reaching[d + 1] + withDepth[d + 1];
    out.sourceOfRank.resize(m_sources.size());
    std::vector<uint32_t> nextRank(out.reaching.begin(), out.reaching.end() - 1);
    for (uint32_t i = 0; i < m_sources.size(); ++i)
        out.sourceOfRank[nextRank[depthOf[i]]++] = i;
    out.levelStart.assign(maxDepth + 1, 0);
    for (uint32_t d = 1; d <= maxDepth; ++d)
        out.levelStart[d] = out.levelStart[d - 1] + out.reaching[d - 1];
    return !cancelled();
}

bool Builder::fillLayout(const std::vector<PreparedProfile> &prepared)
{
    DepthLayout &out = m_layout;
    const std::vector<SourceStack> &sources = m_sources;
    out.frames.reset(new uint32_t[out.levelStart.back()]);
    prefaultPages(out.frames.get(), out.levelStart.back() * sizeof(uint32_t)); // written whole
    // Stacks come in rank order, which is scattered in memory: fetch each stack's
    // bookkeeping, then its locations, some ranks ahead, so that the cache misses overlap.
    inBlocks(out.sourceOfRank.size(), true, [&](size_t begin, size_t end) {
        constexpr size_t kAhead = 8;
        for (size_t rank = begin; rank < end; ++rank) {
            if (rank + 3 * kAhead < end)
                __builtin_prefetch(sources.data() + out.sourceOfRank[rank + 3 * kAhead]);
            if (rank + 2 * kAhead < end) {
                const SourceStack &ahead = sources[out.sourceOfRank[rank + 2 * kAhead]];
                const PreparedProfile &pp = prepared[ahead.profile];
                __builtin_prefetch(pp.profile->stackOffsets.data() + ahead.stack);
                if (!pp.leafEnd.empty())
                    __builtin_prefetch(pp.leafEnd.data() + ahead.stack);
            }
            if (rank + kAhead < end) {
                const SourceStack &ahead = sources[out.sourceOfRank[rank + kAhead]];
                const auto locs = locationsOf(ahead, prepared[ahead.profile]);
                if (!locs.empty()) {
                    __builtin_prefetch(&locs.front());
                    __builtin_prefetch(&locs.back());
                }
            }
            const SourceStack &src = sources[out.sourceOfRank[rank]];
            const PreparedProfile &pp = prepared[src.profile];
            // Plain pointers: the stores into `frames` must not force reloads of these.
            const uint32_t *const single = pp.locSingleFrame.data();
            const uint64_t *const locOffsets = pp.locOffsets.data();
            const uint32_t *const locFrames = pp.locFrames.data();
            const uint64_t *const start = out.levelStart.data();
            uint32_t *const column = out.frames.get() + rank;
            const std::span<const uint32_t> locs = locationsOf(src, pp);
            uint32_t d = 0;
            for (auto it = locs.rbegin(); it != locs.rend(); ++it) {
                if (single[*it] != kSeveralFrames) {
                    column[start[d++]] = single[*it];
                    continue;
                }
                for (uint64_t f = locOffsets[*it], e = locOffsets[*it + 1]; f < e; ++f)
                    column[start[d++]] = locFrames[f];
            }
        }
    });
    return !cancelled();
}

namespace {

// A stack on its way down the trie: its rank in the layout and the node it has reached.
struct Cursor
{
    uint32_t rank;
    uint32_t node;
};

// Where a source stack ends in the trie.
struct StackEnd
{
    uint32_t node;
    uint32_t source;
};

// Grows a trie, or the part of it below some nodes, one depth at a time. At each depth
// the stacks still going are kept grouped by their current node, in node order; each
// group is sorted by its next frame and every distinct frame becomes a child. Nodes come
// out breadth-first with children contiguous, and no hash table is needed: the work is a
// few linear passes per depth.
class TrieGrower
{
public:
    // The nodes this grower adds are numbered from `firstNode` on.
    TrieGrower(const DepthLayout &layout, uint32_t firstNode)
        : m_layout(layout), m_firstNode(firstNode)
    {}

    std::vector<Cursor> cursors;           // at the current depth, grouped by node in node order
    std::vector<uint32_t> parents, frames; // of nodes firstNode, firstNode + 1, ...
    std::vector<uint32_t> levelEnds;       // one past the last node of each level added
    std::vector<StackEnd> ends;            // in node order

    uint32_t nextNode() const { return m_firstNode + uint32_t(parents.size()); }
    // The first node of the level the cursors are at.
    uint32_t cursorLevelBegin() const
    {
        return levelEnds.size() > 1 ? levelEnds.end()[-2] : m_firstNode;
    }

    // Frees what only growing needs.
    void stopGrowing()
    {
        freeNow(cursors);
        freeNow(m_next);
        freeNow(m_keys);
        freeNow(m_scratch);
    }

    // Adds the level below the cursors, which are at `depth`.
    void grow(uint32_t depth)
    {
        const uint32_t *levelFrames = m_layout.frames.get() + m_layout.levelStart[depth];
        const uint32_t goesDeeper = m_layout.reaching[depth + 1]; // ranks below this go on
        // A cursor makes at most one node: fault in that much room ahead (reserved).
        const size_t room = std::min(cursors.size(), parents.capacity() - parents.size());
        prefaultPages(parents.data() + parents.size(), room * sizeof(uint32_t));
        prefaultPages(frames.data() + frames.size(), room * sizeof(uint32_t));
        m_next.clear();
        for (size_t i = 0; i < cursors.size();) {
            const uint32_t parent = cursors[i].node;
            size_t j = i;
            m_keys.clear();
            for (; j < cursors.size() && cursors[j].node == parent; ++j) {
                if (j + 16 < cursors.size())
                    __builtin_prefetch(levelFrames + cursors[j + 16].rank);
                m_keys.push_back((uint64_t(levelFrames[cursors[j].rank]) << 32) | uint32_t(j - i));
            }
            if (m_keys.size() >= kRadixSortFrom)
                sortByHighWord(m_keys, m_scratch);
            else if (m_keys.size() > 1)
                std::sort(m_keys.begin(), m_keys.end());
            uint32_t previousFrame = 0, node = 0;
            for (size_t k = 0; k < m_keys.size(); ++k) {
                const uint32_t frame = uint32_t(m_keys[k] >> 32);
                if (k == 0 || frame != previousFrame) {
                    node = nextNode();
                    parents.push_back(parent);
                    frames.push_back(frame);
                    previousFrame = frame;
                }
                const uint32_t rank = cursors[i + uint32_t(m_keys[k])].rank;
                if (rank < goesDeeper)
                    m_next.push_back({rank, node});
                else
                    ends.push_back({node, m_layout.sourceOfRank[rank]});
            }
            i = j;
        }
        cursors.swap(m_next);
        levelEnds.push_back(nextNode());
    }

private:
    const DepthLayout &m_layout;
    uint32_t m_firstNode;
    std::vector<Cursor> m_next;
    std::vector<uint64_t> m_keys; // frame << 32 | position in group
    std::vector<uint64_t> m_scratch;
};

// Where to split the nodes the cursors are at into two runs with about as many cursors
// each, for two threads to grow the trie below each. 0 when no split is worth it.
uint32_t balancedSplit(const std::vector<Cursor> &cursors, uint64_t framesAhead)
{
    if (framesAhead < kParallelFrames)
        return 0;
    // The cursors are grouped by node, in node order: the best split is at the start of
    // the group that holds the middle cursor, or of the group after it.
    const size_t middle = cursors.size() / 2;
    size_t begin = middle, end = middle;
    while (begin > 0 && cursors[begin - 1].node == cursors[middle].node)
        --begin;
    while (end < cursors.size() && cursors[end].node == cursors[middle].node)
        ++end;
    const size_t at = begin >= cursors.size() - end ? begin : end;
    const size_t larger = std::max(at, cursors.size() - at);
    return larger * 5 <= cursors.size() * 3 ? cursors[at].node : 0; // at most 60% on one side
}

// A split trie's numbering: the root and the top levels as grown, then, level by level,
// the first half's nodes and the second's. Each half numbers its nodes locally, starting
// with the nodes of the split level it grows from.
class MergedNumbering
{
public:
    MergedNumbering(const TrieGrower (&halves)[2], uint32_t levelBegin, uint32_t split,
                    uint32_t levelEnd)
    {
        const uint32_t startNodes[2] = {split - levelBegin, levelEnd - split};
        size_t levels = 1;
        for (int h = 0; h < 2; ++h)
            levels = std::max(levels, halves[h].levelEnds.size() + 1);
        // localBegin[h][l]: half h's first local node of level l (0: the split level).
        for (int h = 0; h < 2; ++h) {
            m_localBegin[h] = {0, startNodes[h]};
            for (size_t l = 2; l <= levels; ++l) {
                const std::vector<uint32_t> &ends = halves[h].levelEnds;
                m_localBegin[h].push_back(l - 2 < ends.size() ? ends[l - 2]
                                                              : m_localBegin[h].back());
            }
        }
        int64_t globalBegin = levelBegin;
        for (size_t l = 0; l < levels; ++l) {
            const int64_t firstSize = m_localBegin[0][l + 1] - m_localBegin[0][l];
            m_delta[0].push_back(globalBegin - m_localBegin[0][l]);
            m_delta[1].push_back(globalBegin + firstSize - m_localBegin[1][l]);
            globalBegin += firstSize + (m_localBegin[1][l + 1] - m_localBegin[1][l]);
        }
        m_nodeCount = uint32_t(globalBegin);
    }

    uint32_t nodeCount() const { return m_nodeCount; }
    size_t levels() const { return m_delta[0].size(); }
    uint32_t localBegin(int half, size_t level) const { return m_localBegin[half][level]; }
    uint32_t global(int half, size_t level, uint32_t local) const
    {
        return uint32_t(local + m_delta[half][level]);
    }

private:
    std::vector<uint32_t> m_localBegin[2]; // levels() + 1 entries
    std::vector<int64_t> m_delta[2];       // local -> global, per level
    uint32_t m_nodeCount = 0;
};

} // namespace

// Builds the trie. The top levels are grown here until the nodes of a level can be split
// into two runs of about equal work; the trie below each run is then grown on its own
// thread, and the two are merged level by level: at every depth the first run's nodes
// come before the second's, as in a breadth-first order of the whole trie, since all
// their parents do. The result is the same as growing it all here.
bool Builder::buildTrie(const std::vector<PreparedProfile> &prepared)
{
    const size_t columns = m_t.columns.size();
    if (!fillLayout(prepared))
        return false;
    DepthLayout &layout = m_layout;
    const std::vector<SourceStack> &sources = m_sources;

    // The top grower starts with the root, and its arrays become the table's.
    TrieGrower top(layout, StackTable::kRoot);
    // At most one node per frame: reserving is free until touched, and saves copies.
    reserveLarge(top.parents, layout.levelStart.back() + 1);
    reserveLarge(top.frames, layout.levelStart.back() + 1);
    top.parents.push_back(StackTable::kRoot);
    top.frames.push_back(StackTable::kNoFrame);
    top.levelEnds.push_back(1);
    for (uint32_t rank = 0; rank < layout.sourceOfRank.size(); ++rank) {
        if (rank < layout.reaching[0])
            top.cursors.push_back({rank, StackTable::kRoot});
        else
            top.ends.push_back({StackTable::kRoot, layout.sourceOfRank[rank]});
    }
    ConsumedPages consumedLayout(layout.frames.get());
    uint32_t depth = 0, split = 0;
    for (; !top.cursors.empty(); ++depth) {
        if (cancelled())
            return false;
        const uint64_t framesAhead = layout.levelStart.back() - layout.levelStart[depth];
        if (top.levelEnds.back() - top.cursorLevelBegin() > 1 &&
            (split = balancedSplit(top.cursors, framesAhead)) != 0)
            break;
        top.grow(depth);
        consumedLayout.release(layout.frames.get() + layout.levelStart[depth + 1]);
    }

    // Each half numbers its nodes locally: first those of the split level it grows from,
    // then the ones it adds.
    const uint32_t levelBegin = split ? top.cursorLevelBegin() : 0;
    const uint32_t levelEnd = split ? top.levelEnds.back() : 0;
    TrieGrower halves[2] = {TrieGrower(layout, split - levelBegin),
                            TrieGrower(layout, levelEnd - split)};
    if (split) {
        // Each half adds at most a node per frame ahead: reserving is free until touched.
        const uint64_t framesAhead = layout.levelStart.back() - layout.levelStart[depth];
        for (int h = 0; h < 2; ++h) {
            halves[h].parents.reserve(framesAhead);
            halves[h].frames.reserve(framesAhead);
        }
        for (const Cursor &c : top.cursors) {
            if (c.node < split)
                halves[0].cursors.push_back({c.rank, c.node - levelBegin});
            else
                halves[1].cursors.push_back({c.rank, c.node - split});
        }
    }
    top.stopGrowing();
    if (split) {
        // Both halves read every level of the layout: a level is dead once both are past it.
        std::mutex releasing;
        uint32_t passed[2] = {depth, depth};
        auto growHalf = [&](int h) {
            for (uint32_t d = depth; !halves[h].cursors.empty() && !cancelled(); ++d) {
                halves[h].grow(d);
                std::lock_guard lock(releasing);
                passed[h] = halves[h].cursors.empty() ? uint32_t(layout.reaching.size()) : d + 1;
                const uint32_t dead = std::min(passed[0], passed[1]);
                if (dead < layout.levelStart.size())
                    consumedLayout.release(layout.frames.get() + layout.levelStart[dead]);
            }
        };
        inParallel(
            [&] {
                growHalf(0);
                halves[0].stopGrowing();
            },
            [&] {
                growHalf(1);
                halves[1].stopGrowing();
            });
        if (cancelled())
            return false;
    }
    layout = {};

    // The nodes: the root and the top levels, then the halves' levels interleaved, added
    // in order so that the table's arrays are written once (not zeroed first). One thread
    // adds the parents, the other the frames, each giving the halves' pages back as it goes.
    const MergedNumbering numbering(halves, levelBegin, split, levelEnd);
    auto appendHalves = [&](bool parents) {
        std::vector<uint32_t> &out = parents ? top.parents : top.frames;
        std::vector<uint32_t> *from[2] = {parents ? &halves[0].parents : &halves[0].frames,
                                          parents ? &halves[1].parents : &halves[1].frames};
        ConsumedPages consumed[2] = {ConsumedPages(from[0]->data()),
                                     ConsumedPages(from[1]->data())};
        for (size_t l = 1; l < numbering.levels(); ++l) {
            // Faulted in a level at a time, as the halves' pages go back.
            const size_t levelNodes = numbering.localBegin(0, l + 1) - numbering.localBegin(0, l) +
                                      numbering.localBegin(1, l + 1) - numbering.localBegin(1, l);
            prefaultPages(out.data() + out.size(), levelNodes * sizeof(uint32_t));
            for (int h = 0; h < 2; ++h) {
                const uint32_t *stored = from[h]->data(); // from its first added node on
                const uint32_t first = numbering.localBegin(h, 1);
                const uint32_t begin = numbering.localBegin(h, l) - first;
                const uint32_t end = numbering.localBegin(h, l + 1) - first;
                for (uint32_t i = begin; i < end; ++i)
                    out.push_back(parents ? numbering.global(h, l - 1, stored[i]) : stored[i]);
                consumed[h].release(stored + end);
            }
        }
        freeNow(*from[0]);
        freeNow(*from[1]);
    };
    if (split) {
        inParallel([&] { appendHalves(true); }, [&] { appendHalves(false); });
        for (int h = 0; h < 2; ++h) {
            size_t l = 1;
            for (StackEnd &end : halves[h].ends) {
                while (end.node >= numbering.localBegin(h, l + 1))
                    ++l;
                end.node = numbering.global(h, l, end.node);
            }
        }
    }
    const uint32_t n = uint32_t(top.parents.size());
    m_t.nodeParents = std::move(top.parents);
    m_t.nodeFrames = std::move(top.frames);

    // The growing's scratch is all freed: hand it back before the last arrays are made.
    returnFreedMemory();

    // Children ranges: the parents of a breadth-first order never decrease, and the
    // children of node n come right after those of node n - 1. Each thread takes half of
    // the nodes, the second one first finding where its first node's children begin.
    const std::vector<uint32_t> &parents = m_t.nodeParents;
    m_t.nodeChildBegin = freshLargeArray<uint32_t>(size_t(n) + 1, 0);
    auto childRanges = [&](uint32_t begin, uint32_t end) {
        uint32_t child =
            uint32_t(std::lower_bound(parents.begin() + 1, parents.end(), begin) - parents.begin());
        for (uint32_t node = begin; node < end; ++node) {
            m_t.nodeChildBegin[node] = child;
            while (child < n && parents[child] == node)
                ++child;
        }
    };
    if (n >= kParallelFrames)
        inParallel([&] { childRanges(0, n / 2); }, [&] { childRanges(n / 2, n + 1); });
    else
        childRanges(0, n + 1);

    // Unique stacks: sources that end at the same node are one stack. Each thread sums
    // about half of the ends, split where a node's run of ends begins.
    std::vector<StackEnd> ends = std::move(top.ends);
    const size_t topEnds = ends.size();
    ends.resize(topEnds + halves[0].ends.size() + halves[1].ends.size());
    std::merge(halves[0].ends.begin(), halves[0].ends.end(), halves[1].ends.begin(),
               halves[1].ends.end(), ends.begin() + ptrdiff_t(topEnds),
               [](const StackEnd &a, const StackEnd &b) { return a.node < b.node; });
    freeNow(halves[0].ends);
    freeNow(halves[1].ends);
    if (m_options.keepLabels) {
        m_nodeOfSource.assign(sources.size(), kNone);
        for (const StackEnd &end : ends)
            m_nodeOfSource[end.source] = end.node;
    }
    size_t splitEnd = ends.size() / 2;
    while (splitEnd > 0 && splitEnd < ends.size() && ends[splitEnd].node == ends[splitEnd - 1].node)
        ++splitEnd;
    size_t stacks = 0, stacksBeforeSplit = 0;
    for (size_t i = 0; i < ends.size(); ++i) {
        if (i == splitEnd)
            stacksBeforeSplit = stacks;
        stacks += i == 0 || ends[i].node != ends[i - 1].node;
    }
    m_t.stackNodes = freshLargeArray<uint32_t>(stacks, 0);
    m_t.stackValues = freshLargeArray<int64_t>(stacks * columns, 0);
    auto sumEnds = [&](size_t begin, size_t end, size_t stack) {
        for (size_t i = begin; i < end; ++i) {
            if (i + 8 < end) {
                const SourceStack &ahead = sources[ends[i + 8].source];
                __builtin_prefetch(prepared[ahead.profile].values.data() + ahead.stack * columns);
            }
            if (i > begin && ends[i].node != ends[i - 1].node)
                ++stack;
            m_t.stackNodes[stack] = ends[i].node;
            const SourceStack &src = sources[ends[i].source];
            const int64_t *v = prepared[src.profile].values.data() + size_t(src.stack) * columns;
            int64_t *out = m_t.stackValues.data() + stack * columns;
            for (size_t c = 0; c < columns; ++c)
                out[c] = addSaturating(out[c], v[c]);
        }
    };
    if (ends.size() >= kParallelStacks)
        inParallel([&] { sumEnds(0, splitEnd, 0); },
                   [&] { sumEnds(splitEnd, ends.size(), stacksBeforeSplit); });
    else
        sumEnds(0, ends.size(), 0);
    return true;
}

} // namespace embers::stackbuild
