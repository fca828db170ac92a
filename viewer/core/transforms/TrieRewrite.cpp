#include "TrieRewrite.h"

#include "FewKeptRewrite.h"
#include "RewrittenStacks.h"
#include "StackAt.h"

#include <algorithm>

namespace embers {

namespace {

constexpr uint8_t kGraftedAway = 1, kHasGrafts = 2;

// A level's work, in output node order. run == 0: one of the source nodes that land on
// output node `out` (consecutive cursors with the same `out` are its group). run > 0:
// output nodes out.. out+run-1 are source nodes in.. in+run-1, one each, whose subtrees
// the rewrite leaves as they are: they are copied a level at a time as runs, with no
// per-node decisions.
struct Cursor
{
    uint32_t out, in, run;
};

// The rewrite's fixed inputs, shared by the threads that grow a level.
struct RewriteInput
{
    const StackTable &in;
    const TrieRewrite &rw;
    const StackAt &stackAt;
    const std::vector<TrieRewrite::Graft> &grafts; // sorted by target
    const uint8_t *flags;                          // graft flags per node, or null
    const uint8_t *dirty; // per node: something at or below it changes; null: all may
    bool wantOutOf;
};

// Where a level's groups put what they make: the output's own arrays, or a thread's
// buffers whose node ids start at 0 (made global when they are appended).
struct LevelSink
{
    std::vector<uint32_t> &parents, &frames, &childBegin;
    std::vector<AbsorbedStack> &absorbed;
    std::vector<NodePair> &outOf; // (output node, source node whose stack it took)
    std::vector<Cursor> &next;
    uint32_t idBase;   // the id of the node at parents[firstIndex]
    size_t firstIndex; // where this level's nodes start in `parents`

    uint32_t nextId() const { return idBase + uint32_t(parents.size() - firstIndex); }
};

// Appends from[0, count) + delta, a block at a time, so that the adding reads what was
// just copied from the cache.
void appendShifted(std::vector<uint32_t> &to, const uint32_t *from, size_t count, uint32_t delta)
{
    constexpr size_t kBlock = 4096;
    for (size_t done = 0; done < count;) {
        const size_t k = std::min(kBlock, count - done);
        const size_t at = to.size();
        to.insert(to.end(), from + done, from + done + k);
        uint32_t *p = to.data() + at;
        for (size_t j = 0; j < k; ++j)
            p[j] += delta;
        done += k;
    }
}

// A run cursor, joined to the one before when both runs continue each other.
void pushRun(std::vector<Cursor> &next, uint32_t out, uint32_t in, uint32_t run)
{
    if (!next.empty()) {
        Cursor &last = next.back();
        if (last.run && last.out + last.run == out && last.in + last.run == in) {
            last.run += run;
            return;
        }
    }
    next.push_back({out, in, run});
}

// Grows the output by groups of cursors: for each output node (a group of cursors, in
// node order), the source nodes' kept children, sorted by output frame, become its
// children.
class LevelGrower
{
public:
    explicit LevelGrower(const RewriteInput &input) : m(input) {}

    // Some output node other than the root was left with no children and no stack.
    bool leftEmpty = false;

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
                return false;
            sink.absorbed.push_back({parent, s});
            if (m.wantOutOf)
                sink.outOf.push_back({parent, node});
            return true;
        };
        auto pushChild = [&](uint32_t out, uint32_t in) {
            if (m.dirty && !m.dirty[in])
                pushRun(sink.next, out, in, 1);
            else
                sink.next.push_back({out, in, 0});
        };
        const size_t count = size_t(end - cursors);
        const uint32_t *parents = m.in.nodeParents.data();
        for (size_t i = 0; i < count;) {
            // The source nodes of merged subtrees, and the runs that other changes cut
            // small, are scattered: fetch what the cursors ahead will read (their child
            // ranges, then their children).
            if (i + 16 < count)
                __builtin_prefetch(childBegins + cursors[i + 16].in);
            if (i + 8 < count) {
                const uint32_t first = childBegins[cursors[i + 8].in];
                __builtin_prefetch(frameOf + first);
                if (cursors[i + 8].run)
                    __builtin_prefetch(parents + first);
                m.stackAt.prefetch(cursors[i + 8].in);
            }
            if (cursors[i].run) {
                copyRun(cursors[i], sink);
                ++i;
                continue;
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
                    const bool absorbed = m.stackAt.ends(node) && absorb(parent, node);
                    const uint32_t first = sink.nextId();
                    const uint32_t children = childEnd - begin;
                    if (children == 1) {
                        // The commonest case by far (deep chains): no range inserts.
                        sink.parents.push_back(parent);
                        sink.frames.push_back(frameOf[begin]);
                        pushChild(first, begin);
                    } else if (children > 1) {
                        sink.parents.insert(sink.parents.end(), children, parent);
                        sink.frames.insert(sink.frames.end(), frameOf + begin, frameOf + childEnd);
                        for (uint32_t k = 0; k < children; ++k)
                            pushChild(first + k, begin + k);
                    } else if (!absorbed && parent != StackTable::kRoot) {
                        leftEmpty = true;
                    }
                    continue;
                }
            }
            m_work.clear();
            m_candidates.clear();
            for (; i < count && cursors[i].out == parent && !cursors[i].run; ++i)
                m_work.push_back(cursors[i].in);
            auto take = [&](uint32_t c) {
                const uint32_t f = frameOf[c];
                if (f == TrieRewrite::kMerge) {
                    __builtin_prefetch(childBegins + c); // read once this node is done
                    m_work.push_back(c);
                } else if (f != TrieRewrite::kDrop) {
                    m_candidates.push_back(uint64_t(f) << 32 | c);
                }
            };
            // Merged nodes join the work list: their children are this node's too.
            bool absorbed = false;
            for (size_t k = 0; k < m_work.size(); ++k) {
                const uint32_t node = m_work[k];
                absorbed = absorb(parent, node) || absorbed;
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
            if (m_candidates.empty() && !absorbed && parent != StackTable::kRoot)
                leftEmpty = true;
            // One source node's children come sorted; merged ones need sorting.
            if (m_candidates.size() > 1 &&
                !std::is_sorted(m_candidates.begin(), m_candidates.end()))
                std::sort(m_candidates.begin(), m_candidates.end());
            for (size_t k = 0; k < m_candidates.size();) {
                const uint32_t frame = uint32_t(m_candidates[k] >> 32);
                const uint32_t node = sink.nextId();
                sink.parents.push_back(parent);
                sink.frames.push_back(frame);
                size_t e = k + 1;
                while (e < m_candidates.size() && uint32_t(m_candidates[e] >> 32) == frame)
                    ++e;
                if (e == k + 1) {
                    pushChild(node, uint32_t(m_candidates[k]));
                } else {
                    for (; k < e; ++k)
                        sink.next.push_back({node, uint32_t(m_candidates[k]), 0});
                }
                k = e;
            }
        }
    }

private:
    // A run of unchanged subtrees: the sources' child ranges, stacks and children, with
    // their node ids shifted.
    void copyRun(const Cursor &run, LevelSink &sink)
    {
        const StackTable &in = m.in;
        const uint32_t *childBegins = in.nodeChildBegin.data();
        const uint32_t first = childBegins[run.in], last = childBegins[run.in + run.run];
        const uint32_t base = sink.nextId();
        const uint32_t delta = run.out - run.in;
        if (run.run <= kSmallRun && last - first <= kSmallRun) {
            // Where other changes cut the unchanged part into many small runs: no ranges.
            for (uint32_t node = run.in; node < run.in + run.run; ++node) {
                sink.childBegin.push_back(base + (childBegins[node] - first));
                if (m.stackAt.ends(node)) {
                    sink.absorbed.push_back({node + delta, m.stackAt(node)});
                    if (m.wantOutOf)
                        sink.outOf.push_back({node + delta, node});
                }
            }
            for (uint32_t c = first; c < last; ++c) {
                sink.parents.push_back(in.nodeParents[c] + delta);
                sink.frames.push_back(m.rw.frameOf[c]);
            }
        } else {
            appendShifted(sink.childBegin, childBegins + run.in, run.run, base - first);
            const uint32_t stackEnd = m.stackAt.before(run.in + run.run);
            for (uint32_t s = m.stackAt.before(run.in); s < stackEnd; ++s) {
                const uint32_t node = in.stackNodes[s];
                sink.absorbed.push_back({node + delta, s});
                if (m.wantOutOf)
                    sink.outOf.push_back({node + delta, node});
            }
            appendShifted(sink.parents, in.nodeParents.data() + first, last - first, delta);
            sink.frames.insert(sink.frames.end(), in.nodeFrames.data() + first,
                               in.nodeFrames.data() + last);
        }
        if (last > first)
            pushRun(sink.next, base, first, last - first);
    }

    static constexpr uint32_t kSmallRun = 8;

    const RewriteInput &m;
    std::vector<uint32_t> m_work;
    std::vector<uint64_t> m_candidates; // frame << 32 | source node
};

// Below this many source nodes the rewrite stays on one thread; a level with this many
// cursors is grown by two.
constexpr uint32_t kParallelNodes = uint32_t(1) << 18;
constexpr uint64_t kSplitNodes = 8192;

// Per source node, whether the rewrite changes anything at or below it: a frame, a
// dropped value, a graft, or children out of frame order (which the output sorts). The
// rest are copied as they are. One pass from the leaves up. Empty when more than a few
// percent change: the unchanged parts are then cut into runs of a node or two, which cost
// more than growing them node by node.
std::vector<uint8_t> dirtyNodes(const StackTable &in, const TrieRewrite &rw, const uint8_t *flags)
{
    const uint32_t n = uint32_t(in.nodeCount());
    const uint32_t *frameOf = rw.frameOf.data();
    const uint32_t *frames = in.nodeFrames.data();
    const uint32_t *parents = in.nodeParents.data();
    const uint8_t *dropValue = rw.dropValue.empty() ? nullptr : rw.dropValue.data();
    // The nodes that change, found by two threads; then their ancestors, each marked once.
    auto changes = [&](uint32_t begin, uint32_t end, std::vector<uint32_t> &found) {
        for (uint32_t node = begin; node < end; ++node) {
            if (frameOf[node] != frames[node] || (dropValue && dropValue[node]) ||
                (flags && flags[node]))
                found.push_back(node);
            else if (parents[node - 1] == parents[node] && frames[node - 1] >= frames[node])
                found.push_back(parents[node]); // out of frame order: the parent sorts
        }
    };
    std::vector<uint32_t> first, second;
    const uint32_t half = n / 2 + 1;
    if (n >= kParallelNodes)
        inParallel([&] { changes(1, half, first); }, [&] { changes(half, n, second); });
    else
        changes(1, n, first);
    std::vector<uint8_t> dirty;
    reserveLarge(dirty, n);
    dirty.assign(n, 0);
    dirty[StackTable::kRoot] = 1;
    uint32_t count = 1;
    for (const std::vector<uint32_t> *found : {&first, &second}) {
        for (uint32_t node : *found) {
            for (; !dirty[node]; node = parents[node]) {
                dirty[node] = 1;
                if (++count > n / 32)
                    return {};
            }
        }
    }
    return dirty;
}

} // namespace

std::optional<StackTable> rewriteTrie(const StackTable &in, StackTable out, const TrieRewrite &rw,
                                      std::vector<uint32_t> *outOf, const std::atomic_bool *cancel)
{
    if (rw.hashWhenFewKept && fewKept(in, rw))
        return rewriteFewKept(in, std::move(out), rw, outOf, cancel);
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const uint32_t n = uint32_t(in.nodeCount());

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
    const uint8_t *flags = graftFlags.empty() ? nullptr : graftFlags.data();
    std::vector<uint8_t> dirty;
    if (rw.copyUnchanged)
        dirty = dirtyNodes(in, rw, flags);
    if (cancelled())
        return std::nullopt;
    const RewriteInput input{
        in, rw, stackAt, grafts, flags, dirty.empty() ? nullptr : dirty.data(), outOf != nullptr};

    startRewrite(out, n);
    std::vector<AbsorbedStack> absorbed; // in output node order: groups are done in order
    absorbed.reserve(in.stackCount());
    std::vector<NodePair> outOfPairs;
    std::vector<Cursor> cursors{{StackTable::kRoot, StackTable::kRoot, 0}}, next;
    // The second thread's buffers, reused level after level.
    std::vector<uint32_t> parents2, frames2, childBegin2;
    std::vector<AbsorbedStack> absorbed2;
    std::vector<NodePair> outOf2;
    std::vector<Cursor> next2;
    LevelGrower growers[2] = {LevelGrower(input), LevelGrower(input)};
    const bool twoThreads = n >= kParallelNodes && std::thread::hardware_concurrency() > 1;

    while (!cursors.empty()) {
        if (cancelled())
            return std::nullopt;
        next.clear();
        const size_t firstIndex = out.nodeParents.size();
        LevelSink sink{out.nodeParents, out.nodeFrames, out.nodeChildBegin,   absorbed,
                       outOfPairs,      next,           uint32_t(firstIndex), firstIndex};
        // A wide level: the second half of its nodes on a helper thread, into buffers
        // appended after the first half's. A run is cut in two where the halves meet.
        size_t split = cursors.size();
        if (twoThreads) {
            uint64_t width = 0;
            for (const Cursor &c : cursors)
                width += c.run ? c.run : 1; // this level's nodes
            if (width >= kSplitNodes) {
                uint64_t before = 0;
                split = 0;
                auto widthOf = [](const Cursor &c) { return uint64_t(c.run ? c.run : 1); };
                for (; split < cursors.size() && before + widthOf(cursors[split]) <= width / 2;
                     ++split)
                    before += widthOf(cursors[split]);
                if (split < cursors.size() && cursors[split].run > 1 && before < width / 2) {
                    const Cursor whole = cursors[split];
                    const uint32_t k = uint32_t(width / 2 - before);
                    cursors[split] = {whole.out, whole.in, k};
                    cursors.insert(cursors.begin() + ptrdiff_t(split) + 1,
                                   Cursor{whole.out + k, whole.in + k, whole.run - k});
                    ++split;
                }
                while (split > 0 && split < cursors.size() && !cursors[split].run &&
                       cursors[split].out == cursors[split - 1].out)
                    ++split;
                if (split == 0)
                    split = cursors.size();
            }
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
                next.push_back({c.out + base, c.in, c.run});
        }
        cursors.swap(next);
    }
    out.nodeChildBegin.push_back(uint32_t(out.nodeParents.size()));
    // Grafts, dropped values and subtrees can leave nodes that no stack passes through.
    finishRewrite(in, out, absorbed, outOfPairs, growers[0].leftEmpty || growers[1].leftEmpty,
                  outOf);
    return out;
}

} // namespace embers
