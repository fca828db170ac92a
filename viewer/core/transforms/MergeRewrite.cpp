#include "MergeRewrite.h"

#include "RewrittenStacks.h"
#include "StackAt.h"
#include "TrieRewrite.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace embers {

namespace {

// A level's cursors are source nodes in output node order, with their frame and child
// range (read with their parent's children, a range at a time, so that what a cursor reads
// next is known without a load: a prefetch ahead finds it). kGroupStart marks the first of
// the source nodes that land on one output node, so that output node ids follow from the
// count of groups; kEndsStack those at which a stack ends (so that the others need no look
// at the stacks).
constexpr uint32_t kGroupStart = 0x80000000u;
constexpr uint32_t kEndsStack = 0x40000000u;
constexpr uint32_t kNodeMask = 0x1FFFFFFFu; // node ids stay below 2^29

struct Cursor
{
    uint32_t node;  // | kGroupStart | kEndsStack
    uint32_t frame; // the node's: whether a child merges follows from it
    uint32_t begin, end;
};

// Where a thread puts what it makes of a level.
struct LevelSink
{
    std::vector<uint32_t> &parents, &frames, &childBegin;
    std::vector<AbsorbedStack> &absorbed;
    std::vector<NodePair> &outOf; // (output node, source node whose stack it took)
    std::vector<Cursor> &next;    // the next level's cursors
};

// Aligned: each thread writes its own grower's members.
class alignas(64) MergeGrower
{
public:
    // The nodes that merge are those set in `merged`, or when it is null, those with their
    // parent's function.
    MergeGrower(const StackTable &in, const NodeBits *merged, const StackAt &stackAt,
                bool wantOutOf)
        : m_frames(in.nodeFrames.data()), m_childBegins(in.nodeChildBegin.data()),
          m_merged(merged ? merged->data() : nullptr), m_stackAt(stackAt), m_wantOutOf(wantOutOf)
    {}

    // The root's cursor. Its frame, kNoFrame, is no function's (frame ids index the
    // frames): none of its children merges by the recursion rule.
    Cursor rootCursor() const
    {
        Cursor root = cursorAt(StackTable::kRoot, kGroupStart);
        root.frame = StackTable::kNoFrame;
        return root;
    }

    // Some output node other than the root was left with no children and no stack.
    bool leftEmpty = false;

    // Grows output nodes out.. (one per group of cursors): their children, with ids from
    // nextId, and the stacks that end at them. Both ids are left at the next ones.
    void grow(const Cursor *cursors, size_t count, uint32_t &outId, uint32_t &childId,
              LevelSink &sink)
    {
        // In registers: the arrays' stores could alias them otherwise, and another thread
        // writes what is beside them.
        uint32_t out = outId, nextId = childId;
        for (size_t i = 0; i < count; ++out) {
            // Merges interleave the source's depths, so the cursors read it out of order:
            // fetch what the cursors ahead will read (known from them, with no load).
            if (i + kAhead < count) {
                const Cursor &ahead = cursors[i + kAhead];
                __builtin_prefetch(m_frames + ahead.begin);
                __builtin_prefetch(m_childBegins + ahead.begin);
            }
            const Cursor &cursor = cursors[i];
            sink.childBegin.push_back(nextId);
            if (i + 1 == count || (cursors[i + 1].node & kGroupStart)) {
                // Most output nodes have one source node whose children all keep their
                // frame: they become the output node's children as they are.
                const uint32_t begin = cursor.begin, end = cursor.end;
                if (keptInOrder(begin, end, cursor.frame)) {
                    ++i;
                    const bool absorbed =
                        (cursor.node & kEndsStack) && absorb(out, cursor.node & kNodeMask, sink);
                    if (begin == end && !absorbed && out != StackTable::kRoot)
                        leftEmpty = true;
                    for (uint32_t c = begin; c < end; ++c) {
                        sink.parents.push_back(out);
                        sink.frames.push_back(m_frames[c]);
                        sink.next.push_back(cursorAt(c, kGroupStart));
                    }
                    nextId += end - begin;
                    continue;
                }
            }
            size_t end = i + 1;
            while (end < count && !(cursors[end].node & kGroupStart))
                ++end;
            nextId += growGroup(cursors + i, end - i, out, sink);
            i = end;
        }
        outId = out;
        childId = nextId;
    }

private:
    // Whether `node`, whose parent has `parentFrame`, merges into it.
    bool merges(uint32_t node, uint32_t parentFrame) const
    {
        if (m_merged)
            return (m_merged[node >> 6] >> (node & 63)) & 1;
        return !((m_frames[node] ^ parentFrame) & kFrameMask);
    }

    // Read with the node's siblings, in order: their frames and child ranges are side by side.
    Cursor cursorAt(uint32_t node, uint32_t flags) const
    {
        return {node | flags | (m_stackAt.ends(node) ? kEndsStack : 0), m_frames[node],
                m_childBegins[node], m_childBegins[node + 1]};
    }

    // Whether the nodes [begin, end), children of a node with `frame`, all keep their frame,
    // in increasing order (siblings always are, unless a table was made otherwise).
    bool keptInOrder(uint32_t begin, uint32_t end, uint32_t frame) const
    {
        for (uint32_t c = begin; c < end; ++c) {
            if (merges(c, frame) || (c > begin && m_frames[c] <= m_frames[c - 1]))
                return false;
        }
        return true;
    }

    bool absorb(uint32_t out, uint32_t node, LevelSink &sink) const
    {
        const uint32_t s = m_stackAt(node);
        if (s == kNone)
            return false;
        sink.absorbed.push_back({out, s});
        if (m_wantOutOf)
            sink.outOf.push_back({out, node});
        return true;
    }

    // An output node made of several source nodes, or of one with merged children: the
    // source nodes, with the merged nodes below them, bring their stacks and their kept
    // children, each node's children a run sorted by frame; the runs are merged, and
    // children of the same frame become one output node. Returns its child count.
    uint32_t growGroup(const Cursor *cursors, size_t count, uint32_t out, LevelSink &sink)
    {
        m_work.assign(cursors, cursors + count);
        m_keys.clear();
        m_runs.clear();
        bool absorbed = false, sorted = true;
        for (size_t k = 0; k < m_work.size(); ++k) {
            const Cursor member = m_work[k];
            if (member.node & kEndsStack)
                absorbed = absorb(out, member.node & kNodeMask, sink) || absorbed;
            const size_t runStart = m_keys.size();
            for (uint32_t c = member.begin; c < member.end; ++c) {
                if (merges(c, member.frame)) {
                    // Read once this node is done.
                    __builtin_prefetch(m_frames + m_childBegins[c]);
                    __builtin_prefetch(m_childBegins + m_childBegins[c]);
                    m_work.push_back(cursorAt(c, 0));
                } else {
                    const uint64_t key = uint64_t(m_frames[c]) << 32 | c;
                    sorted = sorted && (m_keys.size() == runStart || key > m_keys.back());
                    m_keys.push_back(key);
                }
            }
            if (m_keys.size() > runStart)
                m_runs.push_back(runStart);
        }
        if (m_keys.empty() && !absorbed && out != StackTable::kRoot)
            leftEmpty = true;
        // The order rewriteTrie's sort gives: by frame, then by source node.
        if (!sorted)
            std::sort(m_keys.begin(), m_keys.end());
        else if (m_runs.size() > 1 && !std::is_sorted(m_keys.begin(), m_keys.end()))
            mergeRuns();
        uint32_t made = 0;
        for (size_t k = 0; k < m_keys.size(); ++made) {
            const uint32_t frame = uint32_t(m_keys[k] >> 32);
            sink.parents.push_back(out);
            sink.frames.push_back(frame);
            uint32_t flag = kGroupStart;
            do {
                const uint32_t c = uint32_t(m_keys[k]);
                sink.next.push_back(cursorAt(c, flag));
                flag = 0;
            } while (++k < m_keys.size() && uint32_t(m_keys[k] >> 32) == frame);
        }
        return made;
    }

    // m_keys holds sorted runs starting at m_runs: merged, one run after another (there
    // are rarely more than two).
    void mergeRuns()
    {
        m_runs.push_back(m_keys.size());
        for (size_t r = 1; r + 1 < m_runs.size(); ++r) {
            m_merging.clear();
            std::merge(m_keys.begin(), m_keys.begin() + ptrdiff_t(m_runs[r]),
                       m_keys.begin() + ptrdiff_t(m_runs[r]),
                       m_keys.begin() + ptrdiff_t(m_runs[r + 1]), std::back_inserter(m_merging));
            std::copy(m_merging.begin(), m_merging.end(), m_keys.begin());
        }
    }

    const uint32_t *m_frames, *m_childBegins;
    const uint64_t *m_merged;
    const StackAt &m_stackAt;
    const bool m_wantOutOf;
    static constexpr size_t kAhead = 16;
    std::vector<Cursor> m_work;
    std::vector<uint64_t> m_keys; // frame << 32 | source node
    std::vector<size_t> m_runs;   // where each source node's kept children start in m_keys
    std::vector<uint64_t> m_merging;
};

// Below this many source nodes the rewrite stays on one thread; a level with this many
// cursors is grown by two.
constexpr uint32_t kParallelNodes = uint32_t(1) << 18;
constexpr size_t kSplitCursors = 8192;

// A second thread for the second parts of wide levels, kept for the whole rewrite. Either
// thread does a part: whichever claims it first, so that a helper the scheduler has not
// run yet (the cores busy with other work) costs no wait: this thread does it.
class LevelHelper
{
public:
    LevelHelper() : m_thread([this] { run(); }) {}
    ~LevelHelper()
    {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_quit = true;
        }
        m_posted.notify_one();
        m_thread.join();
    }

    // Runs `mine` here and `theirs` on the helper or, if it has not started it by then,
    // here after `mine`; returns when both are done.
    void together(const std::function<void()> &mine, const std::function<void()> &theirs)
    {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_job = &theirs;
            m_claimed = m_done = false;
            m_thrown = nullptr;
            ++m_posts;
        }
        m_posted.notify_one();
        // Whatever `mine` throws, `theirs` is done or never started before this returns:
        // it uses the caller's buffers.
        std::exception_ptr thrown;
        try {
            mine();
        } catch (...) {
            thrown = std::current_exception();
        }
        std::unique_lock<std::mutex> lock(m_mutex);
        if (!m_claimed) {
            m_claimed = true;
            lock.unlock();
            if (thrown)
                std::rethrow_exception(thrown);
            theirs();
            return;
        }
        m_finished.wait(lock, [this] { return m_done; });
        if (!thrown)
            thrown = m_thrown;
        if (thrown)
            std::rethrow_exception(thrown);
    }

private:
    void run()
    {
        uint64_t seen = 0;
        std::unique_lock<std::mutex> lock(m_mutex);
        for (;;) {
            m_posted.wait(lock, [&] { return m_quit || m_posts != seen; });
            if (m_quit)
                return;
            seen = m_posts;
            if (m_claimed)
                continue;
            m_claimed = true;
            const std::function<void()> &job = *m_job;
            lock.unlock();
            std::exception_ptr thrown;
            try {
                job();
            } catch (...) {
                thrown = std::current_exception();
            }
            lock.lock();
            m_thrown = thrown;
            m_done = true;
            m_finished.notify_one();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_posted, m_finished;
    const std::function<void()> *m_job = nullptr;
    uint64_t m_posts = 0;
    bool m_claimed = false, m_done = false, m_quit = false;
    std::exception_ptr m_thrown;
    std::thread m_thread; // last: started once the rest is ready
};

template <typename T> void appendShifted(std::vector<uint32_t> &to, const T &from, uint32_t delta)
{
    const size_t at = to.size();
    to.resize(at + from.size());
    uint32_t *p = to.data() + at;
    for (size_t k = 0; k < from.size(); ++k)
        p[k] = from[k] + delta;
}

} // namespace

std::optional<StackTable> rewriteMerges(const StackTable &in, StackTable out,
                                        const NodeBits *merged, std::vector<uint32_t> *outOf,
                                        const std::atomic_bool *cancel)
{
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const uint32_t n = uint32_t(in.nodeCount());
    const StackAt stackAt(in);

    startRewrite(out, n);
    std::vector<AbsorbedStack> absorbed; // in output node order: groups are done in order
    reserveLarge(absorbed, in.stackCount());
    std::vector<NodePair> outOfPairs;
    // A level's cursors are cursors[0] then cursors[1]: what each thread made of the level
    // before, so that neither is copied. Reserved for the source's widest level.
    size_t widest = 1;
    for (uint32_t first = 0; first < n;) {
        const uint32_t next = in.nodeChildBegin[first];
        widest = std::max<size_t>(widest, next - first);
        first = next > first ? next : n;
    }
    // Each on its own cache line: the threads grow them at the same time.
    struct alignas(64) Cursors : std::vector<Cursor>
    {};
    Cursors cursors[2], next[2];
    for (std::vector<Cursor> *v : {&cursors[0], &cursors[1], &next[0], &next[1]})
        v->reserve(widest + widest / 4);
    // What the second thread makes of a level, its node ids from 0: appended to the output
    // by the first thread while the second grows the next level (so two, in turns).
    struct alignas(64) Helper
    {
        std::vector<uint32_t> parents, frames, childBegin;
        std::vector<AbsorbedStack> absorbed;
        std::vector<NodePair> outOf;
        uint32_t outDelta = 0, childDelta = 0; // what makes its ids global
        bool pending = false;
    } helpers[2];
    for (Helper &h : helpers) {
        for (std::vector<uint32_t> *v : {&h.parents, &h.frames, &h.childBegin})
            v->reserve(widest);
    }
    auto flush = [&](Helper &h) {
        if (!h.pending)
            return;
        appendShifted(out.nodeParents, h.parents, h.outDelta);
        out.nodeFrames.insert(out.nodeFrames.end(), h.frames.begin(), h.frames.end());
        appendShifted(out.nodeChildBegin, h.childBegin, h.childDelta);
        for (const AbsorbedStack &a : h.absorbed)
            absorbed.push_back({a.out + h.outDelta, a.stack});
        for (const NodePair &p : h.outOf)
            outOfPairs.push_back({p.out + h.outDelta, p.in});
        h.pending = false;
    };
    int filling = 0; // the helper the second thread fills next
    const bool twoThreads = n >= kParallelNodes && std::thread::hardware_concurrency() > 1;
    std::optional<LevelHelper> helper;
    if (twoThreads)
        helper.emplace();
    MergeGrower growers[2] = {MergeGrower(in, merged, stackAt, outOf != nullptr),
                              MergeGrower(in, merged, stackAt, outOf != nullptr)};
    cursors[0].push_back(growers[0].rootCursor());

    uint32_t levelFirst = 0; // the id of this level's first output node
    while (!cursors[0].empty() || !cursors[1].empty()) {
        if (cancelled())
            return std::nullopt;
        next[0].clear();
        next[1].clear();
        Helper &pending = helpers[1 - filling]; // the level before's, not yet appended
        const size_t pendingNodes = pending.pending ? pending.parents.size() : 0;
        const uint32_t childBase = uint32_t(out.nodeParents.size() + pendingNodes);
        LevelSink sink{out.nodeParents, out.nodeFrames, out.nodeChildBegin,
                       absorbed,        outOfPairs,     next[0]};
        const size_t total = cursors[0].size() + cursors[1].size();
        // The first `split` cursors for this thread, the others for the helper (cut where a
        // group starts); this thread has fewer, as it appends the helper's last level too.
        size_t split = total;
        if (twoThreads && total >= kSplitCursors) {
            split = (total - std::min(total / 2, pendingNodes / 8)) / 2;
            while (split < total) {
                const Cursor &c = split < cursors[0].size() ? cursors[0][split]
                                                            : cursors[1][split - cursors[0].size()];
                if (c.node & kGroupStart)
                    break;
                ++split;
            }
        }
        // Cursors [from, to) of the level, a segment at a time.
        auto growPart = [&](MergeGrower &grower, size_t from, size_t to, uint32_t &outId,
                            uint32_t &childId, LevelSink &into) {
            const size_t first = cursors[0].size();
            if (from < first)
                grower.grow(cursors[0].data() + from, std::min(to, first) - from, outId, childId,
                            into);
            if (to > first) {
                const size_t begin = std::max(from, first) - first;
                grower.grow(cursors[1].data() + begin, to - first - begin, outId, childId, into);
            }
        };
        uint32_t outId = levelFirst, childId = childBase;
        if (split == total) {
            flush(pending);
            growPart(growers[0], 0, total, outId, childId, sink);
        } else {
            Helper &h = helpers[filling];
            h.parents.clear();
            h.frames.clear();
            h.childBegin.clear();
            h.absorbed.clear();
            h.outOf.clear();
            LevelSink sink2{h.parents, h.frames, h.childBegin, h.absorbed, h.outOf, next[1]};
            uint32_t outId2 = 0, childId2 = 0;
            helper->together(
                [&] {
                    flush(pending);
                    growPart(growers[0], 0, split, outId, childId, sink);
                },
                [&] { growPart(growers[1], split, total, outId2, childId2, sink2); });
            // The second part's ids follow the first part's.
            h.outDelta = outId;
            h.childDelta = childId;
            h.pending = true;
            filling = 1 - filling;
        }
        levelFirst = childBase;
        std::swap(cursors, next);
    }
    flush(helpers[1 - filling]);
    out.nodeChildBegin.push_back(uint32_t(out.nodeParents.size()));
    // Only a source trie with a leaf that ends no stack leaves nodes no stack passes through.
    finishRewrite(in, out, absorbed, outOfPairs, growers[0].leftEmpty || growers[1].leftEmpty,
                  outOf);
    return out;
}

bool hasDirectRecursion(const StackTable &in)
{
    const uint32_t *frames = in.nodeFrames.data(), *parents = in.nodeParents.data();
    // Nodes below the root's children, up to the first with its parent's function.
    for (uint32_t node = in.nodeCount() > 0 ? in.firstChild(StackTable::kRoot) : 0;
         node < in.nodeCount(); ++node) {
        const uint32_t parent = parents[node];
        if (parent != StackTable::kRoot && !((frames[parent] ^ frames[node]) & kFrameMask))
            return true;
    }
    return false;
}

} // namespace embers
