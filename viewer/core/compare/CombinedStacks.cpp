#include "CombinedStacks.h"

#include "Hashing.h"
#include "Units.h"
#include "ValueRange.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace embers {

namespace {

constexpr uint32_t kUnmapped = 0xFFFFFFFFu;

// The common columns (first table's order, finest unit) and, per table, which of its
// columns feeds each one and the unit conversion (into maps).
bool planColumns(std::span<const StackTable *const> tables, std::vector<SampleColumn> &columns,
                 CombineMaps &plan, std::string *error)
{
    const StackTable &first = *tables.front();
    for (size_t c = 0; c < first.columnsPerGroup(); ++c) {
        const SampleColumn &col = first.columns[c];
        bool everywhere = true;
        for (const StackTable *t : tables) {
            everywhere =
                everywhere &&
                std::any_of(t->columns.begin(), t->columns.begin() + long(t->columnsPerGroup()),
                            [&](const SampleColumn &o) { return o.type == col.type; });
        }
        if (everywhere)
            columns.push_back(col);
    }
    if (columns.empty()) {
        *error = "the captures have no sample type in common";
        return false;
    }
    plan.source.resize(tables.size());
    plan.ratio.resize(tables.size());
    for (SampleColumn &c : columns) {
        for (size_t t = 0; t < tables.size(); ++t) {
            const StackTable &table = *tables[t];
            for (size_t i = 0; i < table.columnsPerGroup(); ++i) {
                if (table.columns[i].type != c.type)
                    continue;
                double ratio = 1;
                if (!units::compatibleUnits(table.columns[i].unit, c.unit, &ratio)) {
                    *error = "sample type " + c.type + " has incompatible units: " + c.unit +
                             " and " + table.columns[i].unit;
                    return false;
                }
                if (ratio < 1)
                    c.unit = table.columns[i].unit;
                break;
            }
        }
    }
    for (size_t t = 0; t < tables.size(); ++t) {
        const StackTable &table = *tables[t];
        for (const SampleColumn &c : columns) {
            for (size_t i = 0; i < table.columnsPerGroup(); ++i) {
                if (table.columns[i].type == c.type) {
                    double ratio = 1;
                    units::compatibleUnits(table.columns[i].unit, c.unit, &ratio);
                    plan.source[t].push_back(i);
                    plan.ratio[t].push_back(ratio);
                    break;
                }
            }
        }
    }
    return true;
}

int64_t convert(int64_t v, double ratio)
{
    return ratio == 1 ? v : int64_t(std::llround(double(v) * ratio));
}

// The build's rule for large values (valuesBeyondRangeMessage): each column of the
// combined table, its values converted to the column's unit, must add up in magnitude
// within 64 bits — a merge sums every input into one group, Apart gives each its own —
// so that no sum of them (a merged stack, a total, a function's cum) can overflow.
bool valuesFit(std::span<const StackTable *const> tables, const CombineMaps &plan, CombineMode mode,
               const std::vector<SampleColumn> &common, std::string *error)
{
    const size_t perGroup = common.size();
    std::vector<int64_t> sums(perGroup, 0);
    for (size_t t = 0; t < tables.size(); ++t) {
        if (mode == CombineMode::Apart)
            std::fill(sums.begin(), sums.end(), 0);
        const StackTable &table = *tables[t];
        for (size_t s = 0; s < table.stackCount(); ++s) {
            for (size_t c = 0; c < perGroup; ++c) {
                const int64_t v = table.value(s, plan.source[t][c]);
                const double ratio = plan.ratio[t][c];
                const double x = std::abs(double(v) * ratio);
                const bool fits = v != INT64_MIN && (ratio == 1 || x < 0x1p63);
                const int64_t m = ratio == 1 ? magnitudeOf(v) : fits ? std::llround(x) : 0;
                if (!fits || __builtin_add_overflow(sums[c], m, &sums[c])) {
                    *error = valuesBeyondRangeMessage(common[c]);
                    return false;
                }
            }
        }
    }
    return true;
}

// A node of an input trie (or, for frames, a frame of an input).
struct Source
{
    uint32_t table;
    uint32_t node;
};

// The frames of every table matched by content (name, file, binary, lines, address:
// never by pprof id) to the combined table's frames, numbered as they are first seen,
// table after table. Strings are compared by content through their hashes, so that only
// the first of each frame has its strings interned into the combined table (which
// internFrames does, on its own).
struct MatchedFrames
{
    std::vector<std::vector<uint32_t>> map; // [table][frame]: the combined frame
    std::vector<Source> first;              // per combined frame: where it was first seen
};

MatchedFrames matchFrames(std::span<const StackTable *const> tables)
{
    std::vector<std::vector<uint64_t>> stringHash(tables.size());
    size_t frames = 0;
    for (size_t t = 0; t < tables.size(); ++t) {
        const StringPool &strings = tables[t]->strings;
        stringHash[t].resize(strings.size());
        for (uint32_t s = 0; s < strings.size(); ++s)
            stringHash[t][s] = std::hash<std::string_view>()(strings[s]);
        frames += tables[t]->frameCount();
    }
    auto hashOf = [&](uint32_t t, const Frame &f) {
        const std::vector<uint64_t> &h = stringHash[t];
        uint64_t x = mix64(h[f.name] ^ uint64_t(f.line));
        x = mix64(x ^ h[f.file] ^ uint64_t(f.startLine));
        return mix64(x ^ h[f.objfile] ^ f.address);
    };
    auto sameString = [&](uint32_t t, uint32_t s, uint32_t u, uint32_t r) {
        return stringHash[t][s] == stringHash[u][r] &&
               tables[t]->strings[s] == tables[u]->strings[r];
    };
    auto same = [&](uint32_t t, const Frame &f, uint32_t u, const Frame &g) {
        return f.line == g.line && f.startLine == g.startLine && f.address == g.address &&
               sameString(t, f.name, u, g.name) && sameString(t, f.file, u, g.file) &&
               sameString(t, f.objfile, u, g.objfile);
    };
    // Open addressing over combined frames, a tag of the hash in each slot.
    struct Slot
    {
        uint32_t tag = 0;
        uint32_t frame = kUnmapped;
    };
    std::vector<Slot> buckets(std::bit_ceil(std::max<size_t>(frames * 2, 1024)));
    const size_t mask = buckets.size() - 1;
    MatchedFrames m;
    m.map.resize(tables.size());
    for (uint32_t t = 0; t < tables.size(); ++t) {
        const std::vector<Frame> &own = tables[t]->frames;
        m.map[t].resize(own.size());
        for (uint32_t f = 0; f < own.size(); ++f) {
            const uint64_t h = hashOf(t, own[f]);
            const uint32_t tag = uint32_t(h >> 32);
            for (size_t i = h & mask;; i = (i + 1) & mask) {
                Slot &slot = buckets[i];
                if (slot.frame == kUnmapped) {
                    slot = {tag, uint32_t(m.first.size())};
                    m.first.push_back({t, f});
                    m.map[t][f] = slot.frame;
                    break;
                }
                const Source seen = m.first[slot.frame];
                if (slot.tag == tag &&
                    same(t, own[f], seen.table, tables[seen.table]->frames[seen.node])) {
                    m.map[t][f] = slot.frame;
                    break;
                }
            }
        }
    }
    return m;
}

// The combined table's frames, their strings interned into its string pool.
void internFrames(std::span<const StackTable *const> tables, const std::vector<Source> &first,
                  StackTable &out)
{
    std::vector<std::vector<uint32_t>> stringMap(tables.size());
    for (size_t t = 0; t < tables.size(); ++t)
        stringMap[t].assign(tables[t]->strings.size(), kUnmapped);
    out.frames.reserve(first.size());
    for (const Source &at : first) {
        const StackTable &table = *tables[at.table];
        auto str = [&](uint32_t id) {
            uint32_t &m = stringMap[at.table][id];
            if (m == kUnmapped)
                m = out.strings.intern(table.strings[id]);
            return m;
        };
        Frame g = table.frames[at.node];
        g.name = str(g.name);
        g.file = str(g.file);
        g.objfile = str(g.objfile);
        out.frames.push_back(g);
    }
}

// Which nodes of a table end a stack, and which stack: a bitmap with a rank per word, so
// that both are a lookup (a table's stacks are in node order).
class StackEnds
{
public:
    explicit StackEnds(const StackTable &t)
        : m_bits(t.nodeCount() / 64 + 1, 0), m_rank(m_bits.size(), 0)
    {
        for (uint32_t node : t.stackNodes)
            m_bits[node >> 6] |= uint64_t(1) << (node & 63);
        uint32_t rank = 0;
        for (size_t w = 0; w < m_bits.size(); ++w) {
            m_rank[w] = rank;
            rank += uint32_t(std::popcount(m_bits[w]));
        }
    }

    bool endsStack(uint32_t node) const { return (m_bits[node >> 6] >> (node & 63)) & 1; }
    uint32_t stackOf(uint32_t node) const
    {
        const uint64_t below = m_bits[node >> 6] & ((uint64_t(1) << (node & 63)) - 1);
        return m_rank[node >> 6] + uint32_t(std::popcount(below));
    }
    // Calls f(node, stack) for each node in [begin, end) that ends a stack, in order.
    template <typename F> void forEach(uint32_t begin, uint32_t end, F &&f) const
    {
        if (begin >= end)
            return;
        const uint32_t last = (end - 1) >> 6;
        for (uint32_t w = begin >> 6; w <= last; ++w) {
            uint64_t bits = m_bits[w];
            if (w == begin >> 6)
                bits &= ~uint64_t(0) << (begin & 63);
            if (w == last && (end & 63) != 0)
                bits &= (uint64_t(1) << (end & 63)) - 1;
            for (; bits != 0; bits &= bits - 1) {
                const uint32_t node = (w << 6) + uint32_t(std::countr_zero(bits));
                f(node, stackOf(node));
            }
        }
    }

private:
    std::vector<uint64_t> m_bits;
    std::vector<uint32_t> m_rank; // stacks ending before each word
};

// What the level-by-level merge reads of each input, as plain arrays.
struct MergeInput
{
    struct Table
    {
        const uint32_t *childBegin, *parents, *frames;
        const uint32_t *frameMap; // null when the input's frame ids are the combined ones
        StackEnds ends;

        uint32_t frame(uint32_t node) const
        {
            const uint32_t f = frames[node];
            return frameMap ? frameMap[f & kFrameMask] | (f & kInlineBit) : f;
        }
    };
    std::vector<Table> tables;

    MergeInput(std::span<const StackTable *const> inputs,
               const std::vector<std::vector<uint32_t>> &frameMap)
    {
        tables.reserve(inputs.size());
        for (size_t i = 0; i < inputs.size(); ++i) {
            const StackTable &t = *inputs[i];
            const std::vector<uint32_t> &map = frameMap[i];
            bool same = true;
            for (uint32_t f = 0; f < map.size() && same; ++f)
                same = map[f] == f;
            tables.push_back({t.nodeChildBegin.data(), t.nodeParents.data(), t.nodeFrames.data(),
                              same ? nullptr : map.data(), StackEnds(t)});
        }
    }
};

constexpr uint32_t kSeveral = 0xFFFFFFFFu;

// Consecutive combined nodes of one level. Most are runs: nodes that each come from one
// node of one table, consecutive there (a call path that one capture has and the others
// do not, and below it its whole subtree). The children of a run's nodes are consecutive
// in that table too, so they are a run of the next level, and such a subtree is copied
// without matching anything. The others are single nodes with several sources, whose
// children are matched by frame.
struct Segment
{
    uint32_t table; // kSeveral: one node with several sources
    uint32_t first; // the first source node; with kSeveral, the first of its sources
    uint32_t count; // nodes; with kSeveral, sources

    uint32_t nodes() const { return table == kSeveral ? 1 : count; }
};

struct Level
{
    std::vector<Segment> segments;
    std::vector<Source> sources; // of the segments with several

    void addRun(uint32_t table, uint32_t node, uint32_t count)
    {
        // A run that goes on where the last one stops, in its table and in the level,
        // extends it.
        if (!segments.empty()) {
            Segment &last = segments.back();
            if (last.table == table && last.first + last.count == node) {
                last.count += count;
                return;
            }
        }
        segments.push_back({table, node, count});
    }
    void addSeveral(std::span<const Source> from)
    {
        segments.push_back({kSeveral, uint32_t(sources.size()), uint32_t(from.size())});
        sources.insert(sources.end(), from.begin(), from.end());
    }
};

// A child of a combined node's sources, keyed by its combined frame (with the inline bit).
struct ChildEntry
{
    uint32_t key;
    uint32_t table;
    uint32_t node;
};

// An input's stack that ends at a combined node.
struct StackEnd
{
    uint32_t node;
    uint32_t table;
    uint32_t stack;
};

// Levels with more nodes than this are expanded on two threads.
constexpr uint32_t kParallelLevel = 1u << 14;
constexpr size_t kParallelSegments = 1u << 12;

// Consecutive segments of a level, [begin, end). A level split inside a run has the
// run's start after the first half's segments (tail) and its rest before the second
// half's (lead).
struct SegmentRange
{
    size_t begin = 0, end = 0;
    std::optional<Segment> lead, tail;

    template <typename F> void forEach(const Level &level, F &&f) const
    {
        if (lead)
            f(*lead);
        for (size_t i = begin; i < end; ++i)
            f(level.segments[i]);
        if (tail)
            f(*tail);
    }
};

// Expands consecutive segments of one level: first counts their children (matching those
// of the nodes with several sources), then, once it is known where they go, writes them.
class LevelPart
{
public:
    uint32_t children = 0;
    Level next;
    std::vector<StackEnd> stackEnds; // at the level's nodes, in node order

    void count(const MergeInput &in, const Level &level, const SegmentRange &range)
    {
        children = 0;
        m_groupKeys.clear();
        m_groupEnd.clear();
        m_groupSources.clear();
        m_segmentGroupEnd.clear();
        range.forEach(level, [&](const Segment seg) {
            if (seg.table != kSeveral) {
                const uint32_t *childBegin = in.tables[seg.table].childBegin;
                children += childBegin[seg.first + seg.count] - childBegin[seg.first];
                return;
            }
            m_entries.clear();
            for (uint32_t j = seg.first; j < seg.first + seg.count; ++j) {
                const Source src = level.sources[j];
                const MergeInput::Table &t = in.tables[src.table];
                for (uint32_t c = t.childBegin[src.node]; c < t.childBegin[src.node + 1]; ++c)
                    m_entries.push_back({t.frame(c), src.table, c});
            }
            std::sort(m_entries.begin(), m_entries.end(),
                      [](const ChildEntry &x, const ChildEntry &y) {
                          return x.key != y.key ? x.key < y.key : x.table < y.table;
                      });
            for (size_t k = 0; k < m_entries.size(); ++k) {
                if (k > 0 && m_entries[k].key != m_entries[k - 1].key)
                    m_groupEnd.push_back(uint32_t(m_groupSources.size()));
                if (k == 0 || m_entries[k].key != m_entries[k - 1].key)
                    m_groupKeys.push_back(m_entries[k].key);
                m_groupSources.push_back({m_entries[k].table, m_entries[k].node});
            }
            if (!m_entries.empty())
                m_groupEnd.push_back(uint32_t(m_groupSources.size()));
            m_segmentGroupEnd.push_back(uint32_t(m_groupKeys.size()));
        });
        children += uint32_t(m_groupKeys.size());
    }

    // Writes the children of the segments counted last, numbering the level's nodes from
    // `node` on and their children from `child` on.
    void write(const MergeInput &in, const Level &level, const SegmentRange &range, uint32_t node,
               uint32_t child, StackTable &out)
    {
        uint32_t *parents = out.nodeParents.data();
        uint32_t *frames = out.nodeFrames.data();
        uint32_t *childBegin = out.nodeChildBegin.data();
        next.segments.clear();
        next.sources.clear();
        stackEnds.clear();
        uint32_t group = 0, several = 0;
        range.forEach(level, [&](const Segment seg) {
            if (seg.table != kSeveral) {
                const MergeInput::Table &t = in.tables[seg.table];
                const uint32_t first = t.childBegin[seg.first];
                const uint32_t last = t.childBegin[seg.first + seg.count];
                // Source node + toNode = combined node, and the same for the children
                // (unsigned: wrapping around is fine).
                const uint32_t toNode = node - seg.first, toChild = child - first;
                for (uint32_t n = seg.first; n < seg.first + seg.count; ++n)
                    childBegin[n + toNode] = t.childBegin[n] + toChild;
                for (uint32_t c = first; c < last; ++c)
                    parents[c + toChild] = t.parents[c] + toNode;
                if (!t.frameMap) {
                    for (uint32_t c = first; c < last; ++c)
                        frames[c + toChild] = t.frames[c];
                } else {
                    for (uint32_t c = first; c < last; ++c)
                        frames[c + toChild] = t.frame(c);
                }
                if (seg.count == 1) {
                    if (t.ends.endsStack(seg.first))
                        stackEnds.push_back({node, seg.table, t.ends.stackOf(seg.first)});
                } else {
                    t.ends.forEach(seg.first, seg.first + seg.count,
                                   [&](uint32_t n, uint32_t stack) {
                                       stackEnds.push_back({n + toNode, seg.table, stack});
                                   });
                }
                if (last > first)
                    next.addRun(seg.table, first, last - first);
                node += seg.count;
                child += last - first;
                return;
            }
            childBegin[node] = child;
            for (uint32_t j = seg.first; j < seg.first + seg.count; ++j) {
                const Source src = level.sources[j];
                const StackEnds &ends = in.tables[src.table].ends;
                if (ends.endsStack(src.node))
                    stackEnds.push_back({node, src.table, ends.stackOf(src.node)});
            }
            for (const uint32_t groups = m_segmentGroupEnd[several++]; group < groups; ++group) {
                parents[child] = node;
                frames[child] = m_groupKeys[group];
                const uint32_t from = group > 0 ? m_groupEnd[group - 1] : 0;
                const uint32_t to = m_groupEnd[group];
                if (to - from == 1)
                    next.addRun(m_groupSources[from].table, m_groupSources[from].node, 1);
                else
                    next.addSeveral({m_groupSources.data() + from, to - from});
                ++child;
            }
            ++node;
        });
    }

private:
    std::vector<ChildEntry> m_entries;
    // The matched children of the counted segments with several sources, in order: per
    // child its key and the end of its sources; per segment the end of its children.
    std::vector<uint32_t> m_groupKeys, m_groupEnd;
    std::vector<Source> m_groupSources;
    std::vector<uint32_t> m_segmentGroupEnd;
};

// Splits a level in two halves, of levelNodes / 2 nodes and the rest, splitting a run
// when the middle falls inside one.
void splitLevel(const Level &level, uint32_t levelNodes, SegmentRange halves[2])
{
    const uint32_t middle = levelNodes / 2;
    uint32_t seen = 0;
    size_t i = 0;
    for (; i < level.segments.size() && seen + level.segments[i].nodes() <= middle; ++i)
        seen += level.segments[i].nodes();
    halves[0] = {0, i, {}, {}};
    halves[1] = {i, level.segments.size(), {}, {}};
    if (seen < middle) {
        // Only a run can hold the middle strictly inside.
        const Segment seg = level.segments[i];
        const uint32_t before = middle - seen;
        halves[0].tail = Segment{seg.table, seg.first, before};
        halves[1].lead = Segment{seg.table, seg.first + before, seg.count - before};
        halves[1].begin = i + 1;
    }
}

// Shrinks a vector that was given room for the most it could need, and gives the pages
// of the room it did not use back to the system (which only touched them to zero them).
template <typename T> void shrinkToUsed(std::vector<T> &v, size_t size)
{
    v.resize(size);
#ifdef __linux__
    static const uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE));
    const uintptr_t from = (uintptr_t(v.data() + v.size()) + page - 1) & ~(page - 1);
    const uintptr_t to = uintptr_t(v.data() + v.capacity()) & ~(page - 1);
    if (to > from)
        madvise(reinterpret_cast<void *>(from), to - from, MADV_DONTNEED);
#endif
}

// Merges the input tries into out's nodes (whose arrays have room for every input node),
// and lists where the inputs' stacks end in it (in node order, and at a shared node in
// the inputs' order). False when cancelled.
bool mergeTries(const MergeInput &in, StackTable &out, std::vector<StackEnd> &stackEnds,
                const std::atomic_bool *cancel)
{
    // Breadth-first merge of the tries, a level at a time, from the root: one node whose
    // sources are the inputs' roots. Big levels are split in two halves, expanded on both
    // cores: each half counts its children, then writes them, the second half's after
    // the first half's.
    Level level;
    for (uint32_t t = 0; t < in.tables.size(); ++t)
        level.sources.push_back({t, StackTable::kRoot});
    level.segments.push_back({kSeveral, 0, uint32_t(in.tables.size())});
    out.nodeParents[0] = StackTable::kRoot;
    out.nodeFrames[0] = StackTable::kNoFrame;
    LevelPart parts[2];
    uint32_t levelFirst = 0, levelNodes = 1;
    while (!level.segments.empty()) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return false;
        const bool split = levelNodes >= kParallelLevel;
        SegmentRange halves[2];
        if (split)
            splitLevel(level, levelNodes, halves);
        else
            halves[0] = {0, level.segments.size(), {}, {}};
        // Counting is quick for runs: both cores only for many segments.
        if (split && level.segments.size() >= kParallelSegments) {
            inParallel([&] { parts[0].count(in, level, halves[0]); },
                       [&] { parts[1].count(in, level, halves[1]); });
        } else {
            parts[0].count(in, level, halves[0]);
            if (split)
                parts[1].count(in, level, halves[1]);
        }
        const uint32_t firstChild = levelFirst + levelNodes;
        const uint32_t secondChild = firstChild + parts[0].children;
        const uint32_t end = secondChild + (split ? parts[1].children : 0);
        if (split)
            inParallel([&] { parts[0].write(in, level, halves[0], levelFirst, firstChild, out); },
                       [&] {
                           parts[1].write(in, level, halves[1], levelFirst + levelNodes / 2,
                                          secondChild, out);
                       });
        else
            parts[0].write(in, level, halves[0], levelFirst, firstChild, out);
        // The next level: the first half's segments, then the second half's.
        Level &next = parts[0].next;
        if (split) {
            const uint32_t sources = uint32_t(next.sources.size());
            for (Segment seg : parts[1].next.segments) {
                if (seg.table == kSeveral)
                    seg.first += sources;
                next.segments.push_back(seg);
            }
            next.sources.insert(next.sources.end(), parts[1].next.sources.begin(),
                                parts[1].next.sources.end());
        }
        std::swap(level, next);
        for (int i = 0; i < (split ? 2 : 1); ++i)
            stackEnds.insert(stackEnds.end(), parts[i].stackEnds.begin(), parts[i].stackEnds.end());
        levelFirst = firstChild;
        levelNodes = end - firstChild;
    }
    shrinkToUsed(out.nodeParents, levelFirst);
    shrinkToUsed(out.nodeFrames, levelFirst);
    shrinkToUsed(out.nodeChildBegin, levelFirst + 1);
    out.nodeChildBegin[levelFirst] = levelFirst;

    return true;
}

// The combined table's stacks and their values, from where the inputs' stacks end
// (stackValues is zeros, at least as many as needed).
void addStacks(std::span<const StackTable *const> tables, const std::vector<StackEnd> &stackEnds,
               const CombineMaps &plan, CombineMode mode, StackTable &out)
{
    const size_t perGroup = out.columnsPerGroup();
    // A combined node is a stack when it ends a stack of some input.
    for (size_t i = 0; i < stackEnds.size(); ++i) {
        if (i == 0 || stackEnds[i].node != stackEnds[i - 1].node)
            out.stackNodes.push_back(stackEnds[i].node);
    }
    const size_t columns = out.columns.size();
    out.stackValues.resize(out.stackNodes.size() * columns); // zeros: made room for all
    int64_t *row = out.stackValues.data();
    for (size_t i = 0; i < stackEnds.size(); ++i) {
        const StackEnd &e = stackEnds[i];
        if (i > 0 && e.node != stackEnds[i - 1].node)
            row += columns;
        const StackTable &table = *tables[e.table];
        const size_t offset = mode == CombineMode::Apart ? e.table * perGroup : 0;
        for (size_t c = 0; c < perGroup; ++c)
            row[offset + c] = addSaturating(
                row[offset + c],
                convert(table.value(e.stack, plan.source[e.table][c]), plan.ratio[e.table][c]));
    }
}

} // namespace

std::optional<StackTable> combineStackTables(std::span<const StackTable *const> tables,
                                             CombineMode mode, std::string *error,
                                             const std::atomic_bool *cancel, CombineMaps *maps,
                                             CombineContent content)
{
    std::string localError;
    if (!error)
        error = &localError;
    if (tables.empty()) {
        *error = "no captures";
        return std::nullopt;
    }
    for (const StackTable *t : tables) {
        if (t->granularity != tables.front()->granularity) {
            *error = "the captures were opened at different granularities";
            return std::nullopt;
        }
    }
    CombineMaps localMaps;
    CombineMaps &plan = maps ? *maps : localMaps;
    plan = {};
    std::vector<SampleColumn> common;
    if (!planColumns(tables, common, plan, error) || !valuesFit(tables, plan, mode, common, error))
        return std::nullopt;
    const size_t perGroup = common.size();
    const size_t groups = mode == CombineMode::Apart ? tables.size() : 1;

    StackTable out;
    out.granularity = tables.front()->granularity;
    out.groups = groups;
    for (size_t g = 0; g < groups; ++g)
        out.columns.insert(out.columns.end(), common.begin(), common.end());
    out.totals.assign(out.columns.size(), 0);
    out.header = tables.front()->header;
    const StackTable &first = *tables.front();
    if (first.defaultColumn >= 0) {
        const std::string &type = first.columns[size_t(first.defaultColumn)].type;
        for (size_t c = 0; c < perGroup && out.defaultColumn < 0; ++c) {
            if (common[c].type == type)
                out.defaultColumn = int(c);
        }
    }
    if (out.defaultColumn < 0)
        out.defaultColumn = 0;
    for (size_t t = 0; t < tables.size(); ++t) {
        const StackTable &table = *tables[t];
        const size_t offset = mode == CombineMode::Apart ? t * perGroup : 0;
        for (size_t c = 0; c < perGroup; ++c)
            out.totals[offset + c] = addSaturating(
                out.totals[offset + c], convert(table.totals[plan.source[t][c]], plan.ratio[t][c]));
        if (t > 0 && mode == CombineMode::Sum) {
            out.header.durationNanos += table.header.durationNanos;
            if (table.header.timeNanos != 0 &&
                (out.header.timeNanos == 0 || table.header.timeNanos < out.header.timeNanos))
                out.header.timeNanos = table.header.timeNanos;
        }
        out.warnings.insert(out.warnings.end(), table.warnings.begin(), table.warnings.end());
    }

    // Every combined node is a node of some input and every node of an input is one
    // combined node: the trie's arrays get room for all input nodes, and the values for
    // all input stacks. Making that room is mostly the system zeroing pages, done on
    // one core while the other matches the frames by content, and then while the tries
    // are merged, on one core (both for big levels) while the other interns the frames'
    // strings (a table's strings live in its own pool).
    if (content == CombineContent::FramesOnly) {
        MatchedFrames frames = matchFrames(tables);
        plan.frames = std::move(frames.map);
        internFrames(tables, frames.first, out);
        out.nodeParents = {StackTable::kRoot};
        out.nodeFrames = {StackTable::kNoFrame};
        out.nodeChildBegin = {1, 1};
        return out;
    }
    size_t nodes = 1, stacks = 0;
    for (const StackTable *t : tables) {
        nodes += t->nodeCount() - 1;
        stacks += t->stackCount();
    }
    MatchedFrames frames;
    std::optional<MergeInput> in;
    inParallel(
        [&] {
            frames = matchFrames(tables);
            plan.frames = std::move(frames.map);
            in.emplace(tables, plan.frames);
            out.nodeChildBegin.resize(nodes + 1);
        },
        [&] {
            out.nodeParents.resize(nodes);
            out.nodeFrames.resize(nodes);
        });
    bool merged = false;
    std::vector<StackEnd> stackEnds;
    stackEnds.reserve(stacks);
    inParallel([&] { merged = mergeTries(*in, out, stackEnds, cancel); },
               [&] {
                   internFrames(tables, frames.first, out);
                   // Room for every input stack in every column: for a few captures
                   // about what is used; for many, apart, mostly rows of zeros (each
                   // stack has a capture's columns only), so addStacks sizes it then.
                   if (groups <= 4)
                       out.stackValues.resize(stacks * out.columns.size());
               });
    if (!merged) {
        *error = "cancelled";
        return std::nullopt;
    }
    addStacks(tables, stackEnds, plan, mode, out);
    shrinkToUsed(out.stackValues, out.stackValues.size());
    return out;
}

FunctionTable combineFunctionTables(std::span<const FunctionTable *const> functions,
                                    const StackTable &combined, CombineMode mode,
                                    const CombineMaps &maps)
{
    const size_t columns = combined.columnCount();
    const size_t perGroup = combined.columnsPerGroup();
    std::vector<int64_t> flat(combined.frameCount() * columns, 0);
    std::vector<int64_t> cum(combined.frameCount() * columns, 0);
    for (size_t t = 0; t < functions.size(); ++t) {
        const FunctionTable &f = *functions[t];
        const size_t offset = mode == CombineMode::Apart ? t * perGroup : 0;
        for (uint32_t frame = 0; frame < f.frameCount(); ++frame) {
            const size_t row = size_t(maps.frames[t][frame]) * columns + offset;
            for (size_t c = 0; c < perGroup; ++c) {
                const size_t from = maps.source[t][c];
                const double ratio = maps.ratio[t][c];
                flat[row + c] = addSaturating(flat[row + c], convert(f.flat(frame, from), ratio));
                cum[row + c] = addSaturating(cum[row + c], convert(f.cum(frame, from), ratio));
            }
        }
    }
    return FunctionTable::fromValues(columns, std::move(flat), std::move(cum));
}

} // namespace embers
