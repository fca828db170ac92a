#include "FewKeptRewrite.h"

#include "LargeArrays.h"
#include "RewrittenStacks.h"

#include <algorithm>

namespace embers {

namespace {

bool keepsFrame(uint32_t frameOf)
{
    return frameOf != TrieRewrite::kMerge && frameOf != TrieRewrite::kDrop;
}

// The output nodes met, numbered as they are met (a parent before its children), with a
// hash table from (parent, frame) to number: open addressing, at most half full.
class MetNodes
{
public:
    MetNodes()
    {
        parents.push_back(StackTable::kRoot);
        frames.push_back(StackTable::kNoFrame);
        resize(1024);
    }

    uint32_t intern(uint32_t parent, uint32_t frame)
    {
        for (size_t i = slotOf(parent, frame);; i = (i + 1) & m_mask) {
            const uint32_t id = m_slots[i];
            if (id == kEmpty) {
                const uint32_t made = uint32_t(parents.size());
                m_slots[i] = made;
                parents.push_back(parent);
                frames.push_back(frame);
                if (2 * parents.size() > m_slots.size())
                    resize(2 * m_slots.size());
                return made;
            }
            if (parents[id] == parent && frames[id] == frame)
                return id;
        }
    }

    std::vector<uint32_t> parents, frames; // by number; number 0 is the root

private:
    static constexpr uint32_t kEmpty = 0xFFFFFFFFu;

    size_t slotOf(uint32_t parent, uint32_t frame) const
    {
        uint64_t key = uint64_t(parent) << 32 | frame;
        key ^= key >> 29;
        key *= 0xBF58476D1CE4E5B9ull;
        return (key ^ (key >> 32)) & m_mask;
    }

    // Rehashes every number but the root's into `count` slots.
    void resize(size_t count)
    {
        m_slots.assign(count, kEmpty);
        m_mask = count - 1;
        for (uint32_t id = 1; id < parents.size(); ++id) {
            size_t i = slotOf(parents[id], frames[id]);
            while (m_slots[i] != kEmpty)
                i = (i + 1) & m_mask;
            m_slots[i] = id;
        }
    }
    std::vector<uint32_t> m_slots;
    size_t m_mask = 0;
};

} // namespace

bool fewKept(const StackTable &in, const TrieRewrite &rw)
{
    if (!rw.grafts.empty() || rw.frameOf.size() != in.nodeCount())
        return false;
    // Dropped subtrees cost the level rewrite nothing (it never reads them), this one a
    // pass: it pays where most nodes merge.
    const size_t n = in.nodeCount(), mostKept = n / kFewKeptShare, leastMerged = n / 2;
    size_t kept = 0, merged = 0;
    for (size_t node = 1; node < n; ++node) {
        const uint32_t f = rw.frameOf[node];
        merged += f == TrieRewrite::kMerge;
        kept += keepsFrame(f);
        // Most rewrites are told apart within a few nodes.
        if (kept > mostKept || merged + (n - node) < leastMerged)
            return false;
    }
    return merged >= leastMerged;
}

std::optional<StackTable> rewriteFewKept(const StackTable &in, StackTable out,
                                         const TrieRewrite &rw, std::vector<uint32_t> *outOf,
                                         const std::atomic_bool *cancel)
{
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const uint32_t n = uint32_t(in.nodeCount());
    const uint32_t *parents = in.nodeParents.data(), *frameOf = rw.frameOf.data();

    // Each source node's output node, numbered as met (kNone: dropped). Breadth-first order
    // puts every parent first.
    MetNodes met;
    std::vector<uint32_t> metOf = largeArray<uint32_t>(n, kNone);
    metOf[StackTable::kRoot] = 0;
    for (uint32_t node = 1; node < n; ++node) {
        if ((node & 0xFFFFF) == 0 && cancelled())
            return std::nullopt;
        const uint32_t parent = metOf[parents[node]], f = frameOf[node];
        if (parent == kNone || f == TrieRewrite::kDrop)
            continue;
        metOf[node] = f == TrieRewrite::kMerge ? parent : met.intern(parent, f);
    }

    // Breadth first: a level's nodes by their parent's output node, then by frame (as
    // rewriteTrie orders siblings).
    const uint32_t count = uint32_t(met.parents.size());
    std::vector<uint32_t> depth(count, 0), outNode(count, kNone);
    uint32_t deepest = 0;
    for (uint32_t m = 1; m < count; ++m)
        deepest = std::max(deepest, depth[m] = depth[met.parents[m]] + 1);
    std::vector<std::vector<uint32_t>> levels(deepest + 1);
    for (uint32_t m = 1; m < count; ++m)
        levels[depth[m]].push_back(m);
    out.nodeParents.assign(1, StackTable::kRoot);
    out.nodeFrames.assign(1, StackTable::kNoFrame);
    outNode[0] = StackTable::kRoot;
    std::vector<uint64_t> keys;
    for (uint32_t d = 1; d <= deepest; ++d) {
        keys.clear();
        for (uint32_t m : levels[d])
            keys.push_back(uint64_t(outNode[met.parents[m]]) << 32 | met.frames[m]);
        std::vector<uint32_t> &level = levels[d];
        std::vector<uint32_t> order(level.size());
        for (uint32_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(),
                  [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
        for (uint32_t i : order) {
            outNode[level[i]] = uint32_t(out.nodeParents.size());
            out.nodeParents.push_back(uint32_t(keys[i] >> 32));
            out.nodeFrames.push_back(uint32_t(keys[i]));
        }
    }
    const size_t nodes = out.nodeParents.size();
    computeChildRanges(out);
    if (cancelled())
        return std::nullopt;

    // The stacks, each where its node went, in output node order (stable: by source stack
    // within a node, as rewriteTrie absorbs them).
    std::vector<uint32_t> stackOut(in.stackCount(), kNone);
    std::vector<uint32_t> perNode(nodes + 1, 0);
    for (size_t s = 0; s < in.stackCount(); ++s) {
        const uint32_t node = in.stackNodes[s];
        if (metOf[node] == kNone || (!rw.dropValue.empty() && rw.dropValue[node]))
            continue;
        const uint32_t o = outNode[metOf[node]];
        if (rw.dropEmptyStacks && o == StackTable::kRoot)
            continue;
        stackOut[s] = o;
        ++perNode[o + 1];
    }
    for (size_t node = 1; node <= nodes; ++node)
        perNode[node] += perNode[node - 1];
    std::vector<AbsorbedStack> absorbed(perNode[nodes]);
    std::vector<NodePair> pairs(outOf ? absorbed.size() : 0);
    for (size_t s = 0; s < in.stackCount(); ++s) {
        const uint32_t o = stackOut[s];
        if (o == kNone)
            continue;
        const uint32_t at = perNode[o]++;
        absorbed[at] = {o, uint32_t(s)};
        if (outOf)
            pairs[at] = {o, in.stackNodes[s]};
    }
    // Drops may leave nodes with nothing below them; the output is small, pruning is cheap.
    finishRewrite(in, out, absorbed, pairs, true, outOf);
    return out;
}

} // namespace embers
