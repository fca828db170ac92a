#include "TrieCompaction.h"

#include "BitCount.h"
#include "DerivedStackTable.h"
#include "LargeArrays.h"

#include <algorithm>

namespace embers {

namespace {

// The kept nodes: a bit each, and how many are kept before each word.
class KeptNodes
{
public:
    explicit KeptNodes(uint32_t n) : m_words((size_t(n) + 63) / 64, 0) {}

    void set(uint32_t node) { m_words[node >> 6] |= uint64_t(1) << (node & 63); }
    bool test(uint32_t node) const { return (m_words[node >> 6] >> (node & 63)) & 1; }

    void count()
    {
        m_before.assign(m_words.size() + 1, 0);
        for (size_t w = 0; w < m_words.size(); ++w)
            m_before[w + 1] = m_before[w] + bitCount(m_words[w]);
    }
    uint32_t total() const { return m_before.back(); }
    // The new index of `node`: the kept nodes before it (node <= the node count).
    uint32_t rank(uint32_t node) const
    {
        const size_t w = node >> 6;
        const uint64_t word = w < m_words.size() ? m_words[w] : 0;
        return m_before[w] + bitCount(word & ((uint64_t(1) << (node & 63)) - 1));
    }

    size_t wordCount() const { return m_words.size(); }
    uint64_t word(size_t w) const { return m_words[w]; }
    uint32_t before(size_t w) const { return m_before[w]; }

private:
    std::vector<uint64_t> m_words;
    std::vector<uint32_t> m_before;
};

// Below this many nodes one thread writes the result.
constexpr uint32_t kParallelNodes = uint32_t(1) << 16;

} // namespace

std::optional<StackTable> compactStacks(const StackTable &in, const std::vector<uint8_t> &keep,
                                        const std::vector<int64_t> *values,
                                        const std::atomic_bool *cancel,
                                        std::vector<uint32_t> *renumbered)
{
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const uint32_t n = uint32_t(in.nodeCount());
    const size_t columns = in.columnCount();
    if (values == nullptr)
        values = &in.stackValues;

    // The kept stacks' nodes, then every ancestor: children come after their parents, so
    // one pass from the last node up reaches them all.
    KeptNodes kept(n);
    kept.set(StackTable::kRoot);
    for (size_t s = 0; s < in.stackCount(); ++s) {
        if (keep[s])
            kept.set(in.stackNodes[s]);
    }
    const uint32_t *parents = in.nodeParents.data();
    for (uint32_t node = n; node-- > 1;) {
        if (kept.test(node))
            kept.set(parents[node]);
    }
    kept.count();
    if (cancelled())
        return std::nullopt;

    StackTable out = derivedStackTable(in);
    const uint32_t m = kept.total();
    const bool twoThreads = n >= kParallelNodes;
    auto sized = [&](std::vector<uint32_t> &v, size_t count) {
        v.clear();
        reserveLarge(v, count);
        v.resize(count);
    };
    auto sizeParents = [&] {
        sized(out.nodeParents, m);
        sized(out.nodeChildBegin, size_t(m) + 1);
    };
    auto sizeFrames = [&] { sized(out.nodeFrames, m); };
    if (twoThreads)
        inParallel(sizeParents, sizeFrames);
    else {
        sizeParents();
        sizeFrames();
    }
    // Each kept node: its parent's and its first child's new index (its kept children
    // are the kept nodes of its child range, in order).
    const uint32_t *frames = in.nodeFrames.data();
    const uint32_t *childBegins = in.nodeChildBegin.data();
    uint32_t *toParents = out.nodeParents.data();
    uint32_t *toFrames = out.nodeFrames.data();
    uint32_t *toChildBegins = out.nodeChildBegin.data();
    auto fill = [&](size_t wordBegin, size_t wordEnd) {
        for (size_t w = wordBegin; w < wordEnd; ++w) {
            uint64_t bits = kept.word(w);
            uint32_t i = kept.before(w);
            while (bits) {
                const uint32_t node = uint32_t(w * 64) + uint32_t(std::countr_zero(bits));
                bits &= bits - 1;
                toParents[i] = kept.rank(parents[node]);
                toFrames[i] = frames[node];
                toChildBegins[i] = kept.rank(childBegins[node]);
                ++i;
            }
        }
    };
    const size_t words = kept.wordCount();
    if (twoThreads) {
        size_t half = 0;
        while (half < words && kept.before(half) < m / 2)
            ++half;
        inParallel([&] { fill(0, half); }, [&] { fill(half, words); });
    } else {
        fill(0, words);
    }
    toChildBegins[m] = m;
    if (cancelled())
        return std::nullopt;

    out.stackNodes.clear();
    out.stackValues.clear();
    const size_t stacks = size_t(std::count(keep.begin(), keep.end(), 1));
    out.stackNodes.reserve(stacks);
    out.stackValues.reserve(stacks * columns);
    for (size_t s = 0; s < in.stackCount(); ++s) {
        if (keep[s])
            appendStack(out, kept.rank(in.stackNodes[s]), values->data() + s * columns);
    }
    if (renumbered) {
        assignLarge<uint32_t>(*renumbered, n, kNone);
        for (uint32_t node = 0; node < n; ++node) {
            if (kept.test(node))
                (*renumbered)[node] = kept.rank(node);
        }
    }
    return out;
}

void pruneEmptyNodes(StackTable &t, std::vector<uint32_t> *renumbered)
{
    const uint32_t n = uint32_t(t.nodeCount());
    KeptNodes kept(n);
    kept.set(StackTable::kRoot);
    for (uint32_t node : t.stackNodes)
        kept.set(node);
    for (uint32_t node = n; node-- > 1;) {
        if (kept.test(node))
            kept.set(t.nodeParents[node]);
    }
    kept.count();
    // Kept nodes keep their order, which stays breadth-first: renumber in place (a node
    // moves down to its rank, after everything before it was read).
    for (uint32_t node = 1; node < n; ++node) {
        if (!kept.test(node))
            continue;
        const uint32_t m = kept.rank(node);
        t.nodeParents[m] = kept.rank(t.nodeParents[node]);
        t.nodeFrames[m] = t.nodeFrames[node];
    }
    t.nodeParents.resize(kept.total());
    t.nodeFrames.resize(kept.total());
    computeChildRanges(t);
    for (uint32_t &node : t.stackNodes)
        node = kept.rank(node);
    if (renumbered) {
        assignLarge<uint32_t>(*renumbered, n, kNone);
        for (uint32_t node = 0; node < n; ++node) {
            if (kept.test(node))
                (*renumbered)[node] = kept.rank(node);
        }
    }
}

} // namespace embers
