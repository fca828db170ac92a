#include "TrieRewrite.h"

#include <algorithm>
#include <bit>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace embers {

namespace {

// Child ranges from the parents of a breadth-first trie (parents never decrease).
void computeChildRanges(StackTable &t)
{
    const size_t n = t.nodeParents.size();
    t.nodeChildBegin.assign(n + 1, 0);
    for (size_t node = 1; node < n; ++node)
        ++t.nodeChildBegin[t.nodeParents[node] + 1];
    t.nodeChildBegin[0] = 1;
    for (size_t node = 1; node <= n; ++node)
        t.nodeChildBegin[node] += t.nodeChildBegin[node - 1];
}

// Which nodes end a stack, and which: a bit per node and a count per 64 bits, a fraction
// of the memory of an index per node.
class StackAt
{
public:
    explicit StackAt(const StackTable &t)
        : m_words((t.nodeCount() + 63) / 64, 0), m_before(m_words.size() + 1, 0)
    {
        for (uint32_t node : t.stackNodes)
            m_words[node >> 6] |= uint64_t(1) << (node & 63);
        for (size_t w = 0; w < m_words.size(); ++w)
            m_before[w + 1] = m_before[w] + uint32_t(std::popcount(m_words[w]));
    }

    void prefetch(uint32_t node) const { __builtin_prefetch(m_words.data() + (node >> 6)); }
    // Whether a stack ends at `node` (most nodes end none: a bit test, no count).
    bool ends(uint32_t node) const { return (m_words[node >> 6] >> (node & 63)) & 1; }

    // The stack that ends at `node`, or kNone.
    uint32_t operator()(uint32_t node) const
    {
        const uint64_t word = m_words[node >> 6], bit = uint64_t(1) << (node & 63);
        if (!(word & bit))
            return kNone;
        return m_before[node >> 6] + uint32_t(std::popcount(word & (bit - 1)));
    }

private:
    std::vector<uint64_t> m_words;
    std::vector<uint32_t> m_before;
};

// Whether some leaf ends no stack (nodes were kept that no stack needs).
bool hasEmptyLeaf(const StackTable &t)
{
    std::vector<uint8_t> isStack(t.nodeCount(), 0);
    for (uint32_t node : t.stackNodes)
        isStack[node] = 1;
    for (uint32_t node = 1; node < t.nodeCount(); ++node) {
        if (!isStack[node] && t.firstChild(node) == t.childEnd(node))
            return true;
    }
    return false;
}

constexpr uint8_t kGraftedAway = 1, kHasGrafts = 2;

} // namespace

namespace {

template <typename T> void reserveHuge(std::vector<T> &v, size_t count)
{
    v.reserve(count);
#ifdef __linux__
    constexpr uintptr_t kHuge = uintptr_t(2) << 20;
    const size_t bytes = v.capacity() * sizeof(T);
    if (bytes < 4 * kHuge)
        return;
    const uintptr_t begin = (uintptr_t(v.data()) + kHuge - 1) & ~(kHuge - 1);
    const uintptr_t end = (uintptr_t(v.data()) + bytes) & ~(kHuge - 1);
    if (end > begin)
        madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

} // namespace

void reserveLarge(std::vector<uint32_t> &v, size_t count)
{
    reserveHuge(v, count);
}

void reserveLarge(std::vector<uint8_t> &v, size_t count)
{
    reserveHuge(v, count);
}

void pruneEmptyNodes(StackTable &t, std::vector<uint32_t> *renumbered)
{
    const uint32_t n = uint32_t(t.nodeCount());
    std::vector<uint8_t> keep(n, 0);
    keep[StackTable::kRoot] = 1;
    for (uint32_t node : t.stackNodes)
        keep[node] = 1;
    for (uint32_t node = n; node-- > 1;) {
        if (keep[node])
            keep[t.nodeParents[node]] = 1;
    }
    // Kept nodes keep their order, which stays breadth-first: renumber in place.
    std::vector<uint32_t> map(n, kNone);
    map[StackTable::kRoot] = StackTable::kRoot;
    uint32_t m = 1;
    for (uint32_t node = 1; node < n; ++node) {
        if (!keep[node])
            continue;
        map[node] = m;
        t.nodeParents[m] = map[t.nodeParents[node]];
        t.nodeFrames[m] = t.nodeFrames[node];
        ++m;
    }
    t.nodeParents.resize(m);
    t.nodeFrames.resize(m);
    computeChildRanges(t);
    for (uint32_t &node : t.stackNodes)
        node = map[node];
    if (renumbered)
        *renumbered = std::move(map);
}

namespace {

struct Cursor
{
    uint32_t out, in;
};

struct Absorbed
{
    uint32_t out, stack;
};

// The rewrite's fixed inputs, shared by the threads that grow a level.
struct RewriteInput
{
    const StackTable &in;
    const TrieRewrite &rw;
    const StackAt &stackAt;
    const std::vector<TrieRewrite::Graft> &grafts; // sorted by target
    const uint8_t *flags;                          // graft flags per node, or null
    bool wantOutOf;
};

// Where a level's groups put what they make: the output's own arrays, or a thread's
// buffers whose node ids start at 0 (made global when they are appended).
struct LevelSink
{
    std::vector<uint32_t> &parents, &frames, &childBegin;
    std::vector<Absorbed> &absorbed;
    std::vector<Cursor> &outOf; // (output node, source node whose stack it took)
    std::vector<Cursor> &next;
    uint32_t idBase;   // the id of the node at parents[firstIndex]
    size_t firstIndex; // where this level's nodes start in `parents`

    uint32_t nextId() const { return idBase + uint32_t(parents.size() - firstIndex); }
};

// Grows the output by groups of cursors: for each output node (a group of cursors, in
// node order), the source nodes' kept children, sorted by output frame, become its
// children.
class LevelGrower
{
public:
    explicit LevelGrower(const RewriteInput &input) : m(input) {}

    bool mayLeaveEmpty = false;

    void grow(const Cursor *cursors, const Cursor *end, LevelSink &sink)
    {
        const TrieRewrite &rw = m.rw;
        const uint32_t *frameOf = rw.frameOf.data();
        const uint8_t *dropValue = rw.dropValue.empty() ? nullptr : rw.dropValue.data();
        const uint8_t *flags = m.flags;
        const uint32_t *childBegins = m.in.nodeChildBegin.data();
        auto absorb = [&](uint32_t parent, uint32_t node) {
            const uint32_t s = m.stackAt(node);
            if (s == kNone || (dropValue && dropValue[node]) ||
                (parent == StackTable::kRoot && rw.dropEmptyStacks))
                return;
            sink.absorbed.push_back({parent, s});
            if (m.wantOutOf)
                sink.outOf.push_back({parent, node});
        };
        const size_t count = size_t(end - cursors);
        for (size_t i = 0; i < count;) {
            // The source nodes of merged subtrees are scattered: fetch what the cursors
            // ahead will read (their child ranges, then their children's frames).
            if (i + 16 < count)
                __builtin_prefetch(childBegins + cursors[i + 16].in);
            if (i + 8 < count) {
                __builtin_prefetch(frameOf + childBegins[cursors[i + 8].in]);
                m.stackAt.prefetch(cursors[i + 8].in);
            }
            const uint32_t parent = cursors[i].out;
            sink.childBegin.push_back(sink.nextId());
            // Most output nodes have one source node whose children all keep a frame, in
            // frame order: they become the output node's children as they are.
            if ((i + 1 == count || cursors[i + 1].out != parent) &&
                (!flags || !(flags[cursors[i].in] & kHasGrafts))) {
                const uint32_t node = cursors[i].in;
                const uint32_t begin = childBegins[node], childEnd = childBegins[node + 1];
                bool simple = true;
                uint32_t previous = 0;
                for (uint32_t c = begin; c < childEnd && simple; ++c) {
                    const uint32_t f = frameOf[c];
                    simple = f < TrieRewrite::kMerge && (c == begin || f > previous) &&
                             (!flags || !(flags[c] & kGraftedAway));
                    previous = f;
                }
                if (simple) {
                    ++i;
                    if (m.stackAt.ends(node))
                        absorb(parent, node);
                    const uint32_t first = sink.nextId();
                    const uint32_t children = childEnd - begin;
                    if (children == 1) {
                        // The commonest case by far (deep chains): no range inserts.
                        sink.parents.push_back(parent);
                        sink.frames.push_back(frameOf[begin]);
                        sink.next.push_back({first, begin});
                    } else if (children > 1) {
                        sink.parents.insert(sink.parents.end(), children, parent);
                        sink.frames.insert(sink.frames.end(), frameOf + begin, frameOf + childEnd);
                        const size_t at = sink.next.size();
                        sink.next.resize(at + children);
                        Cursor *to = sink.next.data() + at;
                        for (uint32_t k = 0; k < children; ++k)
                            to[k] = {first + k, begin + k};
                    }
                    continue;
                }
            }
            m_work.clear();
            m_candidates.clear();
            for (; i < count && cursors[i].out == parent; ++i)
                m_work.push_back(cursors[i].in);
            auto take = [&](uint32_t c) {
                const uint32_t f = frameOf[c];
                if (f == TrieRewrite::kDrop)
                    mayLeaveEmpty = true;
                else if (f == TrieRewrite::kMerge) {
                    __builtin_prefetch(childBegins + c); // read once this node is done
                    m_work.push_back(c);
                } else
                    m_candidates.push_back(uint64_t(f) << 32 | c);
            };
            // Merged nodes join the work list: their children are this node's too.
            for (size_t k = 0; k < m_work.size(); ++k) {
                const uint32_t node = m_work[k];
                absorb(parent, node);
                for (uint32_t c = childBegins[node]; c < childBegins[node + 1]; ++c) {
                    if (!flags || !(flags[c] & kGraftedAway))
                        take(c);
                }
                if (flags && (flags[node] & kHasGrafts)) {
                    auto g = std::lower_bound(
                        m.grafts.begin(), m.grafts.end(), node,
                        [](const TrieRewrite::Graft &a, uint32_t t) { return a.target < t; });
                    for (; g != m.grafts.end() && g->target == node; ++g)
                        take(g->source);
                }
            }
            // One source node's children come sorted; merged ones need sorting.
            if (m_candidates.size() > 1 &&
                !std::is_sorted(m_candidates.begin(), m_candidates.end()))
                std::sort(m_candidates.begin(), m_candidates.end());
            for (size_t k = 0; k < m_candidates.size();) {
                const uint32_t frame = uint32_t(m_candidates[k] >> 32);
                const uint32_t node = sink.nextId();
                sink.parents.push_back(parent);
                sink.frames.push_back(frame);
                for (; k < m_candidates.size() && uint32_t(m_candidates[k] >> 32) == frame; ++k)
                    sink.next.push_back({node, uint32_t(m_candidates[k])});
            }
        }
    }

private:
    const RewriteInput &m;
    std::vector<uint32_t> m_work;
    std::vector<uint64_t> m_candidates; // frame << 32 | source node
};

// Below this many source nodes the rewrite stays on one thread; a level with this many
// cursors is grown by two.
constexpr uint32_t kParallelNodes = uint32_t(1) << 18;
constexpr size_t kSplitCursors = 8192;

} // namespace

std::optional<StackTable> rewriteTrie(const StackTable &in, StackTable out, const TrieRewrite &rw,
                                      std::vector<uint32_t> *outOf, const std::atomic_bool *cancel)
{
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const uint32_t n = uint32_t(in.nodeCount());
    const size_t columns = in.columnCount();

    const StackAt stackAt(in);
    std::vector<TrieRewrite::Graft> grafts = rw.grafts;
    std::vector<uint8_t> graftFlags;
    if (!grafts.empty()) {
        std::sort(grafts.begin(), grafts.end(), [](const auto &a, const auto &b) {
            return a.target != b.target ? a.target < b.target : a.source < b.source;
        });
        graftFlags.assign(n, 0);
        for (const TrieRewrite::Graft &g : grafts) {
            graftFlags[g.source] |= kGraftedAway;
            graftFlags[g.target] |= kHasGrafts;
        }
    }
    if (cancelled())
        return std::nullopt;
    const RewriteInput input{in,
                             rw,
                             stackAt,
                             grafts,
                             graftFlags.empty() ? nullptr : graftFlags.data(),
                             outOf != nullptr};

    // At most a node per source node: reserving is free until touched.
    out.nodeParents.clear();
    out.nodeFrames.clear();
    out.nodeChildBegin.clear();
    reserveLarge(out.nodeParents, n);
    reserveLarge(out.nodeFrames, n);
    reserveLarge(out.nodeChildBegin, size_t(n) + 1);
    out.nodeParents.push_back(StackTable::kRoot);
    out.nodeFrames.push_back(StackTable::kNoFrame);
    std::vector<Absorbed> absorbed; // in output node order: groups are done in order
    absorbed.reserve(in.stackCount());
    std::vector<Cursor> outOfPairs;
    std::vector<Cursor> cursors{{StackTable::kRoot, StackTable::kRoot}}, next;
    // The second thread's buffers, reused level after level.
    std::vector<uint32_t> parents2, frames2, childBegin2;
    std::vector<Absorbed> absorbed2;
    std::vector<Cursor> outOf2, next2;
    LevelGrower growers[2] = {LevelGrower(input), LevelGrower(input)};
    const bool twoThreads = n >= kParallelNodes && std::thread::hardware_concurrency() > 1;

    while (!cursors.empty()) {
        if (cancelled())
            return std::nullopt;
        next.clear();
        const size_t firstIndex = out.nodeParents.size();
        LevelSink sink{out.nodeParents, out.nodeFrames, out.nodeChildBegin,   absorbed,
                       outOfPairs,      next,           uint32_t(firstIndex), firstIndex};
        // A wide level: the second half of its groups on a helper thread, into buffers
        // appended after the first half's.
        size_t split = cursors.size();
        if (twoThreads && cursors.size() >= kSplitCursors) {
            split = cursors.size() / 2;
            while (split < cursors.size() && cursors[split].out == cursors[split - 1].out)
                ++split;
        }
        if (split == cursors.size()) {
            growers[0].grow(cursors.data(), cursors.data() + cursors.size(), sink);
        } else {
            parents2.clear();
            frames2.clear();
            childBegin2.clear();
            absorbed2.clear();
            outOf2.clear();
            next2.clear();
            LevelSink sink2{parents2, frames2, childBegin2, absorbed2, outOf2, next2, 0, 0};
            inParallel([&] { growers[0].grow(cursors.data(), cursors.data() + split, sink); },
                       [&] {
                           growers[1].grow(cursors.data() + split, cursors.data() + cursors.size(),
                                           sink2);
                       });
            const uint32_t base = uint32_t(out.nodeParents.size());
            out.nodeParents.insert(out.nodeParents.end(), parents2.begin(), parents2.end());
            out.nodeFrames.insert(out.nodeFrames.end(), frames2.begin(), frames2.end());
            for (uint32_t first : childBegin2)
                out.nodeChildBegin.push_back(first + base);
            absorbed.insert(absorbed.end(), absorbed2.begin(), absorbed2.end());
            outOfPairs.insert(outOfPairs.end(), outOf2.begin(), outOf2.end());
            for (const Cursor &c : next2)
                next.push_back({c.out + base, c.in});
        }
        cursors.swap(next);
    }
    out.nodeChildBegin.push_back(uint32_t(out.nodeParents.size()));
    const bool mayLeaveEmpty = growers[0].mayLeaveEmpty || growers[1].mayLeaveEmpty ||
                               !grafts.empty() || !rw.dropValue.empty();
    if (outOf) {
        outOf->assign(n, kNone);
        for (const Cursor &c : outOfPairs)
            (*outOf)[c.in] = c.out;
    }

    // Stacks: the sources absorbed by each output node, summed.
    out.stackNodes.clear();
    out.stackValues.clear();
    out.stackNodes.reserve(absorbed.size());
    out.stackValues.reserve(absorbed.size() * columns);
    for (size_t k = 0; k < absorbed.size();) {
        const uint32_t node = absorbed[k].out;
        out.stackNodes.push_back(node);
        const size_t at = out.stackValues.size();
        const int64_t *first = &in.stackValues[size_t(absorbed[k].stack) * columns];
        out.stackValues.insert(out.stackValues.end(), first, first + columns);
        for (++k; k < absorbed.size() && absorbed[k].out == node; ++k) {
            const int64_t *v = &in.stackValues[size_t(absorbed[k].stack) * columns];
            for (size_t c = 0; c < columns; ++c)
                out.stackValues[at + c] = addSaturating(out.stackValues[at + c], v[c]);
        }
    }

    // Grafts, dropped values and subtrees can leave nodes that no stack passes through.
    if (mayLeaveEmpty && hasEmptyLeaf(out)) {
        std::vector<uint32_t> renumbered;
        pruneEmptyNodes(out, outOf ? &renumbered : nullptr);
        if (outOf) {
            for (uint32_t &node : *outOf) {
                if (node != kNone)
                    node = renumbered[node];
            }
        }
    }
    return out;
}

} // namespace embers
