#include "CombinedStacks.h"

#include "FrameIndex.h"
#include "Units.h"

#include <algorithm>
#include <cmath>

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

// The frames of every table, re-interned (strings and frames) into the combined table.
std::vector<std::vector<uint32_t>> mapFrames(std::span<const StackTable *const> tables,
                                             StackTable &out)
{
    FrameIndex index(out.frames);
    std::vector<std::vector<uint32_t>> frameMap(tables.size());
    for (size_t t = 0; t < tables.size(); ++t) {
        const StackTable &table = *tables[t];
        std::vector<uint32_t> stringMap(table.strings.size(), kUnmapped);
        auto str = [&](uint32_t id) {
            uint32_t &m = stringMap[id];
            if (m == kUnmapped)
                m = out.strings.intern(table.strings[id]);
            return m;
        };
        frameMap[t].reserve(table.frames.size());
        for (const Frame &f : table.frames) {
            Frame g = f;
            g.name = str(f.name);
            g.file = str(f.file);
            g.objfile = str(f.objfile);
            frameMap[t].push_back(index.intern(g));
        }
    }
    return frameMap;
}

// A node of a source trie that takes part in a combined node.
struct Source
{
    uint32_t table;
    uint32_t node;
};

// A child of a combined node's sources, keyed by its combined frame (with the inline bit).
struct ChildEntry
{
    uint32_t key;
    uint32_t table;
    uint32_t node;
};

// Levels with more nodes than this are expanded on two threads.
constexpr uint32_t kParallelLevel = 1u << 14;

// The children of a run of one level's combined nodes, with ids relative to the run:
// child g has parent parents[g], frame frames[g], and the sources
// next[nextBegin[g] .. nextBegin[g + 1]).
struct LevelPart
{
    std::vector<uint32_t> parents, frames;
    std::vector<uint32_t> childBegin; // per level node of the run: its first child
    std::vector<Source> next;
    std::vector<uint32_t> nextBegin;
    std::vector<ChildEntry> entries;

    void expand(const std::vector<Source> &level, const std::vector<uint32_t> &levelBegin,
                uint32_t begin, uint32_t end, uint32_t levelFirstNode,
                std::span<const StackTable *const> tables,
                const std::vector<std::vector<uint32_t>> &frameMap)
    {
        parents.clear();
        frames.clear();
        childBegin.clear();
        next.clear();
        nextBegin.assign(1, 0);
        for (uint32_t u = begin; u < end; ++u) {
            const uint32_t combined = levelFirstNode + u;
            childBegin.push_back(uint32_t(parents.size()));
            const uint32_t b = levelBegin[u], e = levelBegin[u + 1];
            if (e - b == 1) {
                // One source (the common case below the first levels): no matching needed.
                const Source src = level[b];
                const StackTable &table = *tables[src.table];
                for (uint32_t c = table.firstChild(src.node); c < table.childEnd(src.node); ++c) {
                    const uint32_t f = table.nodeFrame(c);
                    parents.push_back(combined);
                    frames.push_back(frameMap[src.table][f & kFrameMask] | (f & kInlineBit));
                    next.push_back({src.table, c});
                    nextBegin.push_back(uint32_t(next.size()));
                }
                continue;
            }
            entries.clear();
            for (uint32_t i = b; i < e; ++i) {
                const Source src = level[i];
                const StackTable &table = *tables[src.table];
                for (uint32_t c = table.firstChild(src.node); c < table.childEnd(src.node); ++c) {
                    const uint32_t f = table.nodeFrame(c);
                    entries.push_back(
                        {frameMap[src.table][f & kFrameMask] | (f & kInlineBit), src.table, c});
                }
            }
            std::sort(entries.begin(), entries.end(), [](const ChildEntry &x, const ChildEntry &y) {
                return x.key != y.key ? x.key < y.key : x.table < y.table;
            });
            for (size_t i = 0; i < entries.size();) {
                parents.push_back(combined);
                frames.push_back(entries[i].key);
                size_t j = i;
                for (; j < entries.size() && entries[j].key == entries[i].key; ++j)
                    next.push_back({entries[j].table, entries[j].node});
                nextBegin.push_back(uint32_t(next.size()));
                i = j;
            }
        }
    }
};

} // namespace

std::optional<StackTable> combineStackTables(std::span<const StackTable *const> tables,
                                             CombineMode mode, std::string *error,
                                             const std::atomic_bool *cancel, CombineMaps *maps)
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
    if (!planColumns(tables, common, plan, error))
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

    plan.frames = mapFrames(tables, out);
    const std::vector<std::vector<uint32_t>> &frameMap = plan.frames;

    // Breadth-first merge of the tries. Each combined node of the current level has a
    // run of sources (the nodes of the input tries on the same call path); its children
    // are the union of theirs, matched by combined frame. Big levels are split in two
    // halves, expanded on both cores and then concatenated.
    std::vector<std::vector<uint32_t>> nodeMap(tables.size());
    for (size_t t = 0; t < tables.size(); ++t) {
        nodeMap[t].assign(tables[t]->nodeCount(), kUnmapped);
        nodeMap[t][StackTable::kRoot] = StackTable::kRoot;
    }
    std::vector<Source> level;
    std::vector<uint32_t> levelBegin{0};
    for (uint32_t t = 0; t < tables.size(); ++t)
        level.push_back({t, StackTable::kRoot});
    levelBegin.push_back(uint32_t(level.size()));
    LevelPart parts[2];
    // At most every input node once: reserving it spares the copies of growing.
    size_t mostNodes = 1;
    for (const StackTable *t : tables)
        mostNodes += t->nodeCount() - 1;
    out.nodeParents.reserve(mostNodes);
    out.nodeFrames.reserve(mostNodes);
    out.nodeChildBegin.clear();
    out.nodeChildBegin.reserve(mostNodes + 1);
    std::vector<Source> nextLevel;
    std::vector<uint32_t> nextBegin;
    uint32_t levelFirstNode = 0;
    while (levelBegin.size() > 1) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            *error = "cancelled";
            return std::nullopt;
        }
        const uint32_t levelNodes = uint32_t(levelBegin.size() - 1);
        const bool split = levelNodes >= kParallelLevel;
        const uint32_t middle = split ? levelNodes / 2 : levelNodes;
        auto expandPart = [&](int i, uint32_t begin, uint32_t end) {
            parts[i].expand(level, levelBegin, begin, end, levelFirstNode, tables, frameMap);
        };
        if (split)
            inParallel([&] { expandPart(0, 0, middle); },
                       [&] { expandPart(1, middle, levelNodes); });
        else
            expandPart(0, 0, levelNodes);
        // Concatenate: the second half's children come after the first half's.
        const uint32_t firstId = uint32_t(out.nodeParents.size());
        const uint32_t secondId = firstId + uint32_t(parts[0].parents.size());
        auto mapSources = [&](const LevelPart &part, uint32_t first) {
            for (size_t g = 0; g + 1 < part.nextBegin.size(); ++g) {
                for (uint32_t i = part.nextBegin[g]; i < part.nextBegin[g + 1]; ++i)
                    nodeMap[part.next[i].table][part.next[i].node] = first + uint32_t(g);
            }
        };
        if (split)
            inParallel([&] { mapSources(parts[0], firstId); },
                       [&] { mapSources(parts[1], secondId); });
        else
            mapSources(parts[0], firstId);
        nextLevel.clear();
        nextBegin.clear();
        for (int i = 0; i < (split ? 2 : 1); ++i) {
            const LevelPart &part = parts[i];
            const uint32_t first = i == 0 ? firstId : secondId;
            for (uint32_t b : part.childBegin)
                out.nodeChildBegin.push_back(first + b);
            out.nodeParents.insert(out.nodeParents.end(), part.parents.begin(), part.parents.end());
            out.nodeFrames.insert(out.nodeFrames.end(), part.frames.begin(), part.frames.end());
            const uint32_t sourceOffset = uint32_t(nextLevel.size());
            if (i == 0)
                nextBegin.push_back(0);
            for (size_t g = 1; g < part.nextBegin.size(); ++g)
                nextBegin.push_back(sourceOffset + part.nextBegin[g]);
            nextLevel.insert(nextLevel.end(), part.next.begin(), part.next.end());
        }
        levelFirstNode += levelNodes;
        level.swap(nextLevel);
        levelBegin.swap(nextBegin);
    }
    out.nodeChildBegin.push_back(uint32_t(out.nodeParents.size()));

    // Stacks: a combined node is a stack when it ends a stack of some table.
    std::vector<uint32_t> stackOf(out.nodeCount(), kUnmapped);
    for (size_t t = 0; t < tables.size(); ++t) {
        for (uint32_t node : tables[t]->stackNodes)
            stackOf[nodeMap[t][node]] = 0;
    }
    for (uint32_t n = 0; n < stackOf.size(); ++n) {
        if (stackOf[n] != kUnmapped) {
            stackOf[n] = uint32_t(out.stackNodes.size());
            out.stackNodes.push_back(n);
        }
    }
    const size_t columns = out.columns.size();
    out.stackValues.assign(out.stackNodes.size() * columns, 0);
    for (size_t t = 0; t < tables.size(); ++t) {
        const StackTable &table = *tables[t];
        const size_t offset = mode == CombineMode::Apart ? t * perGroup : 0;
        for (size_t s = 0; s < table.stackCount(); ++s) {
            int64_t *v =
                out.stackValues.data() + size_t(stackOf[nodeMap[t][table.stackNodes[s]]]) * columns;
            for (size_t c = 0; c < perGroup; ++c)
                v[offset + c] = addSaturating(
                    v[offset + c], convert(table.value(s, plan.source[t][c]), plan.ratio[t][c]));
        }
    }
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
