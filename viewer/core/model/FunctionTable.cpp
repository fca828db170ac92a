#include "FunctionTable.h"

#include "BitCount.h"
#include "LargeArrays.h"

#include <algorithm>

namespace embers {

namespace {

// Below this many nodes, one thread walks the whole tree.
constexpr uint64_t kParallelNodes = uint64_t(1) << 16;

// Which nodes end a stack, and which stack: a bit per node and the number of set bits
// before each word, a fraction of the size of a per-node array.
class StackAtNode
{
public:
    explicit StackAtNode(const StackTable &t)
        : m_words((t.nodeCount() + 63) / 64, 0), m_before(m_words.size(), 0)
    {
        for (uint32_t node : t.stackNodes)
            m_words[node >> 6] |= uint64_t(1) << (node & 63);
        for (size_t w = 1; w < m_words.size(); ++w)
            m_before[w] = m_before[w - 1] + bitCount(m_words[w - 1]);
    }

    // The stack that ends at `node`, or -1 when none does.
    int64_t stackAt(uint32_t node) const
    {
        const uint64_t word = m_words[node >> 6], bit = uint64_t(1) << (node & 63);
        if (!(word & bit))
            return -1;
        return m_before[node >> 6] + bitCount(word & (bit - 1));
    }

    void prefetch(uint32_t node) const { __builtin_prefetch(m_words.data() + (node >> 6)); }

private:
    std::vector<uint64_t> m_words;
    std::vector<uint32_t> m_before;
};

// True when no sum of values of a column can overflow: then sums may be taken in any
// order and come out exact, as they do when saturating adds never saturate.
bool sumsFit(const StackTable &stacks)
{
    for (size_t c = 0; c < stacks.columnCount(); ++c) {
        uint64_t sum = 0;
        for (size_t s = 0; s < stacks.stackCount(); ++s) {
            const int64_t v = stacks.value(s, c);
            const uint64_t magnitude = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
            if (__builtin_add_overflow(sum, magnitude, &sum) || sum > uint64_t(INT64_MAX))
                return false;
        }
    }
    return true;
}

// Per node, how many of the frames `marked` holds are on its path from the root (itself
// included), up to 2. One pass: a node's parent comes before it.
std::vector<uint8_t> markedOnPath(const StackTable &t, const std::vector<uint8_t> &marked)
{
    const uint32_t n = uint32_t(t.nodeCount());
    const uint32_t *parents = t.nodeParents.data();
    const uint32_t *frames = t.nodeFrames.data();
    std::vector<uint8_t> count = largeArray<uint8_t>(n, 0);
    for (uint32_t node = 1; node < n; ++node) {
        const unsigned here = count[parents[node]] + (marked[frames[node] & kFrameMask] ? 1u : 0u);
        count[node] = uint8_t(std::min(here, 2u));
    }
    return count;
}

// About how many nodes the subtrees of a run of nodes of one level have: their
// descendants form a run at every level below (breadth-first order, children contiguous).
// Only the first levels are counted, so that a very deep tree costs no more: this only
// weighs the work for the threads.
uint64_t nodesBelow(const StackTable &t, uint32_t begin, uint32_t end)
{
    uint64_t count = 0;
    for (int level = 0; level < 256 && begin < end; ++level) {
        count += end - begin;
        begin = t.firstChild(begin);
        end = t.firstChild(end);
    }
    return count;
}

// Cum by depth-first walks of whole subtrees, keeping a running sum of the values met:
// a subtree's total is the running sum after it minus the one before it, so no per-node
// totals are stored. A frame's outermost node on the path (counted in onPath) subtracts
// the running sum on the way in and adds it on the way out. The sums wrap (unsigned);
// with sumsFit() every result is exact.
class CumWalker
{
public:
    CumWalker(const StackTable &t, const StackAtNode &ends, const std::atomic_bool *cancel)
        : onPath(t.frameCount(), 0), cum(t.frameCount() * t.columnCount(), 0), m_t(t), m_ends(ends),
          m_columns(t.columnCount()), m_running(t.columnCount(), 0), m_cancel(cancel)
    {}

    // Walks each subtree of the nodes [begin, end), all of one level, and writes its
    // total to totals[(node - begin) * columns + column].
    void walk(uint32_t begin, uint32_t end, uint64_t *totals)
    {
        for (uint32_t top = begin; top < end && !cancelled(); ++top) {
            // The frames above the subtree are on its path.
            for (uint32_t a = m_t.nodeParent(top); a != StackTable::kRoot; a = m_t.nodeParent(a))
                ++onPath[m_t.nodeFrame(a) & kFrameMask];
            uint64_t *total = totals + size_t(top - begin) * m_columns;
            for (size_t c = 0; c < m_columns; ++c)
                total[c] = 0 - m_running[c];
            walkSubtree(top);
            for (size_t c = 0; c < m_columns; ++c)
                total[c] += m_running[c];
            for (uint32_t a = m_t.nodeParent(top); a != StackTable::kRoot; a = m_t.nodeParent(a))
                --onPath[m_t.nodeFrame(a) & kFrameMask];
        }
    }

    std::vector<uint32_t> onPath; // per frame
    std::vector<uint64_t> cum;    // frame x column

private:
    struct Visit
    {
        uint32_t node;
        uint32_t nextChild;
    };

    void enter(uint32_t node)
    {
        // The children are visited next: fetch what is read of them.
        const uint32_t first = m_t.firstChild(node);
        __builtin_prefetch(m_t.nodeFrames.data() + first);
        __builtin_prefetch(m_t.nodeChildBegin.data() + first);
        m_ends.prefetch(first);
        const uint32_t f = m_t.nodeFrame(node) & kFrameMask;
        if (onPath[f]++ == 0) {
            for (size_t c = 0; c < m_columns; ++c)
                cum[f * m_columns + c] -= m_running[c];
        }
        if (const int64_t s = m_ends.stackAt(node); s >= 0) {
            for (size_t c = 0; c < m_columns; ++c)
                m_running[c] += uint64_t(m_t.value(size_t(s), c));
        }
        m_path.push_back({node, first});
    }

    void leave(uint32_t node)
    {
        const uint32_t f = m_t.nodeFrame(node) & kFrameMask;
        if (--onPath[f] == 0) {
            for (size_t c = 0; c < m_columns; ++c)
                cum[f * m_columns + c] += m_running[c];
        }
    }

    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    void walkSubtree(uint32_t top)
    {
        enter(top);
        for (uint32_t steps = 0; !m_path.empty(); ++steps) {
            if ((steps & 8191) == 0 && cancelled()) {
                m_path.clear(); // the result is thrown away
                return;
            }
            Visit &v = m_path.back();
            if (v.nextChild < m_t.childEnd(v.node)) {
                enter(v.nextChild++);
            } else {
                leave(v.node);
                m_path.pop_back();
            }
        }
    }

    const StackTable &m_t;
    const StackAtNode &m_ends;
    const size_t m_columns;
    std::vector<uint64_t> m_running; // per column
    std::vector<Visit> m_path;
    const std::atomic_bool *m_cancel;
};

// Where two threads can split the walk: the first level, from the root down, whose nodes
// divide into two runs of about equal subtree sizes. {begin, split, end}: the level's
// nodes and the first of the second run; split == end when one thread should do it all.
struct WalkSplit
{
    uint32_t begin, split, end;
};

WalkSplit splitWalk(const StackTable &t)
{
    const uint32_t rootBegin = t.firstChild(StackTable::kRoot);
    const uint32_t rootEnd = t.childEnd(StackTable::kRoot);
    uint32_t begin = rootBegin, end = rootEnd;
    // Each look costs walks down the levels: give up after a few.
    for (int level = 0; level < 16 && begin < end; ++level) {
        const uint64_t total = nodesBelow(t, begin, end);
        if (total < kParallelNodes)
            break;
        // The first split point that puts half or more in the first run, and the one before.
        uint32_t lo = begin + 1, hi = end;
        while (lo < hi) {
            const uint32_t mid = lo + (hi - lo) / 2;
            if (nodesBelow(t, begin, mid) * 2 >= total)
                hi = mid;
            else
                lo = mid + 1;
        }
        for (uint32_t split : {lo, lo - 1}) {
            if (split <= begin || split >= end)
                continue;
            const uint64_t first = nodesBelow(t, begin, split);
            if (std::max(first, total - first) * 5 <= total * 3) // at most 60% on one side
                return {begin, split, end};
        }
        begin = t.firstChild(begin);
        end = t.firstChild(end);
    }
    return {rootBegin, rootEnd, rootEnd};
}

// pprof's cum with saturating adds, in the order they were always taken: for values so
// large that their sums can overflow. Keeps every node's total in every column.
void cumBySubtreeTotals(const StackTable &stacks, std::vector<int64_t> &cumOut)
{
    const size_t columns = stacks.columnCount();
    const size_t nodes = stacks.nodeCount();
    std::vector<int64_t> total(nodes * columns, 0);
    for (size_t s = 0; s < stacks.stackCount(); ++s) {
        for (size_t c = 0; c < columns; ++c)
            total[size_t(stacks.stackNodes[s]) * columns + c] = stacks.value(s, c);
    }
    for (size_t node = nodes; node-- > 1;) {
        int64_t *to = total.data() + size_t(stacks.nodeParent(uint32_t(node))) * columns;
        const int64_t *from = total.data() + node * columns;
        for (size_t c = 0; c < columns; ++c)
            to[c] = addSaturating(to[c], from[c]);
    }
    std::vector<uint32_t> onPath(stacks.frameCount(), 0);
    struct Visit
    {
        uint32_t node;
        uint32_t nextChild;
    };
    std::vector<Visit> path;
    auto enter = [&](uint32_t node) {
        uint32_t f = stacks.nodeFrame(node) & kFrameMask;
        if (onPath[f]++ == 0) {
            int64_t *cum = cumOut.data() + size_t(f) * columns;
            for (size_t c = 0; c < columns; ++c)
                cum[c] = addSaturating(cum[c], total[size_t(node) * columns + c]);
        }
        path.push_back({node, stacks.firstChild(node)});
    };
    for (uint32_t top = stacks.firstChild(StackTable::kRoot);
         top < stacks.childEnd(StackTable::kRoot); ++top) {
        enter(top);
        while (!path.empty()) {
            Visit &v = path.back();
            if (v.nextChild < stacks.childEnd(v.node)) {
                enter(v.nextChild++);
            } else {
                --onPath[stacks.nodeFrame(v.node) & kFrameMask];
                path.pop_back();
            }
        }
    }
}

} // namespace

FunctionTable FunctionTable::fromValues(size_t columns, std::vector<int64_t> flat,
                                        std::vector<int64_t> cum)
{
    FunctionTable f;
    f.m_columns = columns;
    f.m_flat = std::move(flat);
    f.m_cum = std::move(cum);
    return f;
}

FunctionTable FunctionTable::build(const StackTable &stacks, const std::atomic_bool *cancel)
{
    FunctionTable t;
    const size_t columns = stacks.columnCount();
    t.m_columns = columns;
    t.m_flat.assign(stacks.frameCount() * columns, 0);
    t.m_cum.assign(stacks.frameCount() * columns, 0);

    // flat: what stacks ending in a frame sampled.
    for (size_t s = 0; s < stacks.stackCount(); ++s) {
        uint32_t node = stacks.stackNodes[s];
        if (node == StackTable::kRoot)
            continue; // a sample without locations counts in the total only
        int64_t *flat = t.m_flat.data() + size_t(stacks.nodeFrame(node) & kFrameMask) * columns;
        for (size_t c = 0; c < columns; ++c)
            flat[c] = addSaturating(flat[c], stacks.value(s, c));
    }

    // cum: a frame's outermost nodes' subtree totals, so that a stack that recurses
    // through the frame counts once.
    if (!sumsFit(stacks)) {
        cumBySubtreeTotals(stacks, t.m_cum);
        return t;
    }
    // Two threads walk the subtrees of the two runs of a level; the levels above it are
    // summed up from the subtrees' totals afterwards.
    const WalkSplit split = splitWalk(stacks);
    const StackAtNode ends(stacks);
    std::vector<uint64_t> subtreeTotals(size_t(split.end - split.begin) * columns);
    CumWalker first(stacks, ends, cancel), second(stacks, ends, cancel);
    auto walkFirst = [&] { first.walk(split.begin, split.split, subtreeTotals.data()); };
    auto walkSecond = [&] {
        second.walk(split.split, split.end,
                    subtreeTotals.data() + size_t(split.split - split.begin) * columns);
    };
    if (split.split < split.end)
        inParallel(walkFirst, walkSecond);
    else
        walkFirst();

    // The nodes above the split level, from the deepest up: their totals, and the cum of
    // those that are their frame's outermost node on their path.
    std::vector<uint64_t> aboveTotals(size_t(split.begin) * columns, 0);
    auto totalOf = [&](uint32_t node) {
        return node < split.begin ? aboveTotals.data() + size_t(node) * columns
                                  : subtreeTotals.data() + size_t(node - split.begin) * columns;
    };
    for (uint32_t node = split.begin; node-- > 0;) {
        uint64_t *total = totalOf(node);
        if (const int64_t s = ends.stackAt(node); s >= 0) {
            for (size_t c = 0; c < columns; ++c)
                total[c] = uint64_t(stacks.value(size_t(s), c));
        }
        for (uint32_t child = stacks.firstChild(node); child < stacks.childEnd(node); ++child) {
            for (size_t c = 0; c < columns; ++c)
                total[c] += totalOf(child)[c];
        }
        if (node == StackTable::kRoot)
            continue;
        const uint32_t f = stacks.nodeFrame(node) & kFrameMask;
        bool outermost = true;
        for (uint32_t a = stacks.nodeParent(node); a != StackTable::kRoot && outermost;
             a = stacks.nodeParent(a))
            outermost = (stacks.nodeFrame(a) & kFrameMask) != f;
        if (outermost) {
            for (size_t c = 0; c < columns; ++c)
                first.cum[f * columns + c] += total[c];
        }
    }
    for (size_t i = 0; i < t.m_cum.size(); ++i)
        t.m_cum[i] = int64_t(first.cum[i] + second.cum[i]);
    return t;
}

std::optional<FunctionTable> FunctionTable::acrossSubset(const FunctionTable &from,
                                                         const StackTable &superset,
                                                         const std::vector<uint8_t> &kept,
                                                         Step step, const std::atomic_bool *cancel)
{
    const size_t columns = superset.columnCount();
    // Within sumsFit every partial sum is exact, so taking a stack out undoes adding it.
    if (from.m_columns != columns || from.frameCount() != superset.frameCount() ||
        kept.size() != superset.stackCount() || !sumsFit(superset))
        return std::nullopt;
    FunctionTable t = from;
    const int64_t sign = step == Step::Apply ? -1 : 1;
    // The stack (+ 1) that last counted each frame's cum: once per stack, as build().
    std::vector<uint32_t> countedBy(superset.frameCount(), 0);
    for (size_t s = 0; s < kept.size(); ++s) {
        if (kept[s])
            continue;
        if (cancel && (s & 0xFFF) == 0 && cancel->load(std::memory_order_relaxed))
            return std::nullopt;
        uint32_t node = superset.stackNodes[s];
        if (node == StackTable::kRoot)
            continue; // counts in the total only
        const int64_t *values = &superset.stackValues[s * columns];
        int64_t *flat = t.m_flat.data() + size_t(superset.nodeFrame(node) & kFrameMask) * columns;
        for (size_t c = 0; c < columns; ++c)
            flat[c] += sign * values[c];
        for (; node != StackTable::kRoot; node = superset.nodeParent(node)) {
            const uint32_t f = superset.nodeFrame(node) & kFrameMask;
            if (countedBy[f] == s + 1)
                continue;
            countedBy[f] = uint32_t(s + 1);
            int64_t *cum = t.m_cum.data() + size_t(f) * columns;
            for (size_t c = 0; c < columns; ++c)
                cum[c] += sign * values[c];
        }
    }
    return t;
}

std::optional<FunctionTable> FunctionTable::acrossMergedFrames(const FunctionTable &from,
                                                               const StackTable &superset,
                                                               const std::vector<uint8_t> &merged,
                                                               const std::atomic_bool *cancel)
{
    const size_t columns = superset.columnCount();
    if (from.m_columns != columns || from.frameCount() != superset.frameCount() ||
        merged.size() != superset.frameCount() || !sumsFit(superset))
        return std::nullopt;
    FunctionTable t = from;
    for (size_t f = 0; f < merged.size(); ++f) {
        if (!merged[f])
            continue;
        std::fill_n(t.m_flat.begin() + ptrdiff_t(f * columns), columns, 0);
        std::fill_n(t.m_cum.begin() + ptrdiff_t(f * columns), columns, 0);
    }
    auto isMerged = [&](uint32_t node) { return merged[superset.nodeFrame(node) & kFrameMask]; };
    for (size_t s = 0; s < superset.stackCount(); ++s) {
        uint32_t node = superset.stackNodes[s];
        if (node == StackTable::kRoot || !isMerged(node))
            continue;
        if (cancel && cancel->load(std::memory_order_relaxed))
            return std::nullopt;
        while (node != StackTable::kRoot && isMerged(node))
            node = superset.nodeParent(node);
        if (node == StackTable::kRoot)
            continue; // nothing left to hold it (pprof drops such samples)
        const int64_t *values = &superset.stackValues[s * columns];
        int64_t *flat = t.m_flat.data() + size_t(superset.nodeFrame(node) & kFrameMask) * columns;
        for (size_t c = 0; c < columns; ++c)
            flat[c] += values[c];
    }
    return t;
}

std::optional<FunctionTable>
FunctionTable::acrossCollapsedRecursion(const FunctionTable &from, const StackTable &source,
                                        const std::vector<uint8_t> &calls, Step step,
                                        const std::atomic_bool *cancel)
{
    const size_t columns = source.columnCount();
    if (from.m_columns != columns || from.frameCount() != source.frameCount() ||
        calls.size() != source.frameCount() || !sumsFit(source))
        return std::nullopt;
    FunctionTable t = from;
    const int64_t sign = step == Step::Apply ? -1 : 1;
    const std::vector<uint8_t> onPath = markedOnPath(source, calls);
    auto isCall = [&](uint32_t node) { return calls[source.nodeFrame(node) & kFrameMask] != 0; };
    // The stack (+ 1) that last met each frame: kept ones first, then the removed ones
    // not met yet lose the stack once.
    std::vector<uint32_t> metBy(source.frameCount(), 0);
    std::vector<uint32_t> path; // leaf first
    for (size_t s = 0; s < source.stackCount(); ++s) {
        const uint32_t leaf = source.stackNodes[s];
        if (onPath[leaf] < 2)
            continue;
        if (cancel && cancel->load(std::memory_order_relaxed))
            return std::nullopt;
        path.clear();
        for (uint32_t node = leaf; node != StackTable::kRoot; node = source.nodeParent(node))
            path.push_back(node);
        size_t inner = 0, outer = path.size() - 1;
        while (!isCall(path[inner]))
            ++inner;
        while (!isCall(path[outer]))
            --outer;
        const uint32_t stamp = uint32_t(s + 1);
        auto frameAt = [&](size_t i) { return source.nodeFrame(path[i]) & kFrameMask; };
        for (size_t i = 0; i < path.size(); ++i) {
            if (i < inner || i >= outer)
                metBy[frameAt(i)] = stamp;
        }
        const int64_t *values = &source.stackValues[s * columns];
        for (size_t i = inner; i < outer; ++i) {
            const uint32_t f = frameAt(i);
            if (metBy[f] == stamp)
                continue;
            metBy[f] = stamp;
            int64_t *cum = t.m_cum.data() + size_t(f) * columns;
            for (size_t c = 0; c < columns; ++c)
                cum[c] += sign * values[c];
        }
        if (inner == 0) {
            // The stack ended in an inner call; now it ends in the outermost one.
            int64_t *flat = t.m_flat.data() + size_t(frameAt(0)) * columns;
            int64_t *outermost = t.m_flat.data() + size_t(frameAt(outer)) * columns;
            for (size_t c = 0; c < columns; ++c) {
                flat[c] += sign * values[c];
                outermost[c] -= sign * values[c];
            }
        }
    }
    return t;
}

std::optional<FunctionTable>
FunctionTable::acrossCollapsedFrames(const FunctionTable &from, const StackTable &source,
                                     const std::vector<uint8_t> &collapsed, uint32_t into,
                                     const std::atomic_bool *cancel)
{
    const size_t columns = source.columnCount();
    if (from.m_columns != columns || from.frameCount() != source.frameCount() ||
        collapsed.size() != source.frameCount() || into != source.frameCount() || !sumsFit(source))
        return std::nullopt;
    FunctionTable t = from;
    t.m_flat.resize(t.m_flat.size() + columns, 0);
    t.m_cum.resize(t.m_cum.size() + columns, 0);
    int64_t *intoFlat = t.m_flat.data() + size_t(into) * columns;
    for (size_t f = 0; f < collapsed.size(); ++f) {
        if (!collapsed[f])
            continue;
        for (size_t c = 0; c < columns; ++c)
            intoFlat[c] += t.m_flat[f * columns + c];
        std::fill_n(t.m_flat.begin() + ptrdiff_t(f * columns), columns, 0);
        std::fill_n(t.m_cum.begin() + ptrdiff_t(f * columns), columns, 0);
    }
    if (cancel && cancel->load(std::memory_order_relaxed))
        return std::nullopt;
    const std::vector<uint8_t> onPath = markedOnPath(source, collapsed);
    int64_t *intoCum = t.m_cum.data() + size_t(into) * columns;
    for (size_t s = 0; s < source.stackCount(); ++s) {
        if (!onPath[source.stackNodes[s]])
            continue;
        const int64_t *values = &source.stackValues[s * columns];
        for (size_t c = 0; c < columns; ++c)
            intoCum[c] += values[c];
    }
    return t;
}

} // namespace embers
