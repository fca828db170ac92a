#include "CallerCallee.h"

#include "DerivedStackTable.h"

#include <algorithm>
#include <bit>

namespace embers {

namespace {

// Which nodes end a stack, and which: a bit per node and the count of set bits before
// each word. Stacks are in node order, so the stacks that end in a run of nodes are a
// run of stacks, found in constant time.
class StackEnds
{
public:
    explicit StackEnds(const StackTable &t)
        : m_words(t.nodeCount() / 64 + 1, 0), m_before(m_words.size(), 0)
    {
        for (uint32_t node : t.stackNodes)
            m_words[node >> 6] |= uint64_t(1) << (node & 63);
        for (size_t w = 1; w < m_words.size(); ++w)
            m_before[w] = m_before[w - 1] + uint32_t(std::popcount(m_words[w - 1]));
    }

    // How many stacks end before `node` (node <= nodeCount()).
    size_t before(uint32_t node) const
    {
        const uint64_t bit = uint64_t(1) << (node & 63);
        return m_before[node >> 6] + size_t(std::popcount(m_words[node >> 6] & (bit - 1)));
    }
    // The stack that ends at `node`, or -1.
    int64_t at(uint32_t node) const
    {
        if (!(m_words[node >> 6] & (uint64_t(1) << (node & 63))))
            return -1;
        return int64_t(before(node));
    }

private:
    std::vector<uint64_t> m_words;
    std::vector<uint32_t> m_before;
};

// The nodes where the function occurs with nothing of it above, ascending. A bit per
// node marks the function's nodes and everything beneath them; parents come first.
std::vector<uint32_t> findOutermost(const StackTable &t, uint32_t frame)
{
    std::vector<uint32_t> nodes;
    std::vector<uint64_t> under(t.nodeCount() / 64 + 1, 0);
    auto marked = [&](uint32_t node) { return (under[node >> 6] >> (node & 63)) & 1; };
    for (uint32_t node = 1; node < t.nodeCount(); ++node) {
        if (marked(t.nodeParent(node))) {
            under[node >> 6] |= uint64_t(1) << (node & 63);
        } else if ((t.nodeFrame(node) & kFrameMask) == frame) {
            under[node >> 6] |= uint64_t(1) << (node & 63);
            nodes.push_back(node);
        }
    }
    return nodes;
}

// Adds what a node's subtree costs, per column, to `out`. The subtree is a run of nodes
// at every level below (breadth-first, children contiguous), so its stacks are a run of
// stacks per level.
void addSubtreeTotal(const StackTable &t, const StackEnds &ends, uint32_t node, int64_t *out)
{
    for (uint32_t begin = node, end = node + 1; begin < end;) {
        for (size_t s = ends.before(begin), last = ends.before(end); s < last; ++s) {
            for (size_t c = 0; c < t.columnCount(); ++c)
                out[c] = addSaturating(out[c], t.value(s, c));
        }
        begin = t.firstChild(begin);
        end = t.firstChild(end);
    }
}

// A node of the source table on its way into the derived trie, and (callers) the
// outermost occurrence it comes from.
struct Source
{
    uint32_t node;
    uint32_t origin;
};

// Where a derived node's children come from: source nodes keyed by their frame (with
// kInlineBit); each distinct key becomes one child.
struct Candidate
{
    uint32_t key;
    Source source;
};

// Grows a derived trie one level at a time from the function's node, whose sources are
// the function's outermost occurrences. `expand(source, candidates, ends)` lists where a
// source leads and adds what ends at its derived node to `ends` (per column), returning
// whether anything does. Derived nodes come out breadth-first with contiguous children,
// sorted by frame.
template <typename Expand>
std::optional<StackTable> grow(const StackTable &t, uint32_t frame,
                               const std::vector<uint32_t> &outermost,
                               const std::atomic_bool *cancel, Expand expand)
{
    StackTable out = derivedStackTable(t, DerivedStrings::UsedLater);
    if (outermost.empty()) {
        usedStringsOnly(out, t);
        return out;
    }
    const size_t columns = t.columnCount();
    out.nodeParents.push_back(StackTable::kRoot);
    out.nodeFrames.push_back(frame);
    out.nodeChildBegin = {CallerCallee::kFunctionNode};

    // The current level's derived nodes are [levelBegin, levelBegin + groupEnds.size());
    // the sources of its g-th node are sources[groupEnds[g - 1], groupEnds[g]).
    std::vector<Source> sources, nextSources;
    std::vector<size_t> groupEnds, nextGroupEnds;
    for (uint32_t o = 0; o < outermost.size(); ++o)
        sources.push_back({outermost[o], o});
    groupEnds.push_back(sources.size());
    uint32_t levelBegin = CallerCallee::kFunctionNode;
    std::vector<Candidate> candidates;
    std::vector<int64_t> ends(columns);
    while (!groupEnds.empty()) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return std::nullopt;
        nextSources.clear();
        nextGroupEnds.clear();
        size_t groupBegin = 0;
        for (size_t g = 0; g < groupEnds.size(); ++g) {
            const uint32_t node = levelBegin + uint32_t(g);
            out.nodeChildBegin.push_back(uint32_t(out.nodeParents.size()));
            candidates.clear();
            std::fill(ends.begin(), ends.end(), 0);
            bool ended = false;
            for (size_t i = groupBegin; i < groupEnds[g]; ++i)
                ended |= expand(sources[i], candidates, ends.data());
            if (ended)
                appendStack(out, node, ends.data());
            // One source's candidates are its children: distinct, and sorted by frame.
            if (groupEnds[g] - groupBegin > 1) {
                std::sort(candidates.begin(), candidates.end(),
                          [](const Candidate &a, const Candidate &b) {
                              return a.key != b.key ? a.key < b.key : a.source.node < b.source.node;
                          });
            }
            groupBegin = groupEnds[g];
            for (size_t i = 0; i < candidates.size(); ++i) {
                if (i == 0 || candidates[i].key != candidates[i - 1].key) {
                    if (i != 0)
                        nextGroupEnds.push_back(nextSources.size());
                    out.nodeParents.push_back(node);
                    out.nodeFrames.push_back(candidates[i].key);
                }
                nextSources.push_back(candidates[i].source);
            }
            if (!candidates.empty())
                nextGroupEnds.push_back(nextSources.size());
        }
        levelBegin += uint32_t(groupEnds.size());
        std::swap(sources, nextSources);
        std::swap(groupEnds, nextGroupEnds);
    }
    out.nodeChildBegin.push_back(uint32_t(out.nodeParents.size()));
    usedStringsOnly(out, t);
    return out;
}

std::optional<StackTable> growCallers(const StackTable &t, uint32_t frame,
                                      const std::vector<uint32_t> &outermost,
                                      const StackEnds &stackEnds, const std::atomic_bool *cancel)
{
    // What each outermost occurrence costs: the stacks that end at or beneath it.
    const size_t columns = t.columnCount();
    std::vector<int64_t> weights(outermost.size() * columns, 0);
    for (size_t o = 0; o < outermost.size(); ++o)
        addSubtreeTotal(t, stackEnds, outermost[o], weights.data() + o * columns);
    return grow(t, frame, outermost, cancel,
                [&](const Source &s, std::vector<Candidate> &next, int64_t *ends) {
                    const uint32_t parent = t.nodeParent(s.node);
                    if (parent != StackTable::kRoot) {
                        next.push_back({t.nodeFrame(parent), {parent, s.origin}});
                        return false;
                    }
                    // The stack's root: the occurrence's whole cost ends here.
                    for (size_t c = 0; c < columns; ++c)
                        ends[c] = addSaturating(ends[c], weights[s.origin * columns + c]);
                    return true;
                });
}

std::optional<StackTable> growCallees(const StackTable &t, uint32_t frame,
                                      const std::vector<uint32_t> &outermost,
                                      const StackEnds &stackEnds, const std::atomic_bool *cancel)
{
    const size_t columns = t.columnCount();
    return grow(t, frame, outermost, cancel,
                [&](const Source &s, std::vector<Candidate> &next, int64_t *ends) {
                    for (uint32_t c = t.firstChild(s.node); c < t.childEnd(s.node); ++c)
                        next.push_back({t.nodeFrame(c), {c, s.origin}});
                    const int64_t stack = stackEnds.at(s.node);
                    if (stack < 0)
                        return false;
                    for (size_t c = 0; c < columns; ++c)
                        ends[c] = addSaturating(ends[c], t.value(size_t(stack), c));
                    return true;
                });
}

} // namespace

std::vector<uint32_t> CallerCallee::outermostNodes(const StackTable &t, uint32_t frame)
{
    return findOutermost(t, frame);
}

std::optional<CallerCallee::Trees> CallerCallee::build(const StackTable &t, uint32_t frame,
                                                       const std::atomic_bool *cancel)
{
    const std::vector<uint32_t> outermost = findOutermost(t, frame);
    const StackEnds ends(t);
    auto up = growCallers(t, frame, outermost, ends, cancel);
    if (!up)
        return std::nullopt;
    auto down = growCallees(t, frame, outermost, ends, cancel);
    if (!down)
        return std::nullopt;
    return Trees{std::move(*up), std::move(*down)};
}

std::optional<StackTable> CallerCallee::callers(const StackTable &t, uint32_t frame,
                                                const std::atomic_bool *cancel)
{
    return growCallers(t, frame, findOutermost(t, frame), StackEnds(t), cancel);
}

std::optional<StackTable> CallerCallee::callees(const StackTable &t, uint32_t frame,
                                                const std::atomic_bool *cancel)
{
    return growCallees(t, frame, findOutermost(t, frame), StackEnds(t), cancel);
}

} // namespace embers
