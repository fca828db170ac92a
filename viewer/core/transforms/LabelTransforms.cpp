#include "TransformRules.h"

#include "DerivedStackTable.h"
#include "LargeArrays.h"
#include "PprofNames.h"
#include "StackLabels.h"
#include "TagFilter.h"

#include <QCoreApplication>
#include <QString>

#include <algorithm>
#include <map>

namespace embers::rules {

namespace {

// Label transforms need the samples' labels, which a table keeps only when asked to.
std::string noLabels()
{
    return QCoreApplication::translate("Transform", "the profile was opened without its labels")
        .toStdString();
}

// A build with FrameOriginMode::Split keeps each frame's origin in the frame itself.
bool splitByOrigin(const StackTable &t)
{
    return !t.frames.empty() && t.frames.front().origin != 0;
}

// The frames pprof's -tagroot and -tagleaf add for the samples' labels: per key, a
// function named after the sample's values of it (joined by ","), in a file named after
// the key, with no binary; the same frame for every sample with the same values. A
// "prefix" is a label set's frames, one per key in the keys' order.
struct LabelFrames
{
    std::vector<std::vector<uint32_t>> prefixes; // distinct
    std::vector<uint32_t> entryPrefix;           // per StackLabels entry
    bool matched = false;                        // some sample has one of the keys
};

std::vector<std::string> labelKeys(const std::string &pattern)
{
    std::vector<std::string> keys;
    for (size_t begin = 0; begin <= pattern.size();) {
        size_t comma = pattern.find(',', begin);
        if (comma == std::string::npos)
            comma = pattern.size();
        if (comma > begin)
            keys.push_back(pattern.substr(begin, comma - begin));
        begin = comma + 1;
    }
    return keys;
}

LabelFrames makeLabelFrames(const StackTable &in, StackTable &out,
                            const std::vector<std::string> &keys, const TransformContext &context)
{
    const StackLabels &labels = *in.sampleLabels;
    const LabelSets &sets = *labels.labelSets;
    FrameAdder adder(out);
    const bool split = splitByOrigin(in);
    std::map<std::pair<std::string, std::string>, uint32_t> labelFrames;
    auto labelFrame = [&](const std::string &values, const std::string &key) {
        auto [it, added] = labelFrames.emplace(std::pair{values, key}, 0);
        if (!added)
            return it->second;
        FrameOrigin origin;
        origin.name = out.strings.intern(values);
        origin.file = out.strings.intern(key);
        Frame f;
        if (context.pprofNames)
            f.name = out.strings.intern(pprofDisplayName(values, {}));
        else if (values.empty())
            // pprof's unnamed frame, which the window would show as "<unknown>": named
            // after the label its samples lack.
            f.name = out.strings.intern(QCoreApplication::translate("Transform", "(no %1)")
                                            .arg(QString::fromStdString(key))
                                            .toStdString());
        else
            f.name = origin.name;
        if (in.granularity != Granularity::Functions)
            f.file = origin.file;
        if (split)
            f.origin = uint32_t(out.origins.origins.size()) + 1;
        return it->second = adder.add(f, &origin);
    };
    LabelFrames result;
    std::map<std::vector<uint32_t>, uint32_t> prefixIds;
    std::vector<uint32_t> prefixOfSet(sets.count(), kNone);
    auto prefixOf = [&](uint32_t set) {
        if (prefixOfSet[set] != kNone)
            return prefixOfSet[set];
        std::vector<uint32_t> frames;
        for (const std::string &key : keys) {
            const std::vector<std::string> values = sets.values(set, key);
            result.matched = result.matched || !values.empty();
            std::string joined;
            for (size_t i = 0; i < values.size(); ++i)
                joined += (i ? "," : "") + values[i];
            frames.push_back(labelFrame(joined, key));
        }
        auto [it, added] = prefixIds.emplace(frames, uint32_t(result.prefixes.size()));
        if (added)
            result.prefixes.push_back(frames);
        return prefixOfSet[set] = it->second;
    };
    result.entryPrefix.resize(labels.size());
    for (size_t e = 0; e < labels.size(); ++e)
        result.entryPrefix[e] = prefixOf(labels.sets[e]);
    return result;
}

// The stacks of a table whose labels are in place: each node's entries summed.
void stacksFromLabels(StackTable &out, std::shared_ptr<StackLabels> moved)
{
    const size_t columns = out.columnCount();
    moved->normalize();
    for (size_t e = 0; e < moved->size();) {
        const uint32_t node = moved->nodes[e];
        const size_t first = out.stackValues.size();
        out.stackNodes.push_back(node);
        out.stackValues.insert(out.stackValues.end(), moved->valuesOf(e),
                               moved->valuesOf(e) + columns);
        for (++e; e < moved->size() && moved->nodes[e] == node; ++e) {
            for (size_t c = 0; c < columns; ++c)
                out.stackValues[first + c] =
                    addSaturating(out.stackValues[first + c], moved->valuesOf(e)[c]);
        }
    }
    out.sampleLabels = std::move(moved);
}

} // namespace

// pprof's -tagfocus / -tagignore: the samples whose labels match (or do not) are kept.
TransformResult filterByLabels(const TablePtr &source, const Transform &transform,
                               const TransformContext &context)
{
    const StackTable &in = *source;
    if (!in.sampleLabels)
        return failed(noLabels());
    std::string error;
    const std::optional<TagFilter> filter = TagFilter::parse(transform.pattern, &error);
    if (!filter)
        return failed(error);
    const StackLabels &labels = *in.sampleLabels;
    const std::vector<uint8_t> setMatches = filter->matchSets(*labels.labelSets);
    const bool focus = transform.kind == TransformKind::TagFocus;
    const size_t columns = in.columnCount();

    // Per stack, the values of its kept entries (entries and stacks are both in node order).
    std::vector<int64_t> values(in.stackCount() * columns, 0);
    std::vector<uint8_t> keep(in.stackCount(), 0);
    std::vector<uint32_t> outOf = largeArray<uint32_t>(in.nodeCount(), kNone);
    bool matched = false, changed = false;
    size_t s = 0;
    for (size_t e = 0; e < labels.size(); ++e) {
        const bool m = setMatches[labels.sets[e]];
        matched = matched || m;
        const bool kept = focus ? m : !m;
        while (s < in.stackCount() && in.stackNodes[s] < labels.nodes[e])
            ++s;
        if (!kept || s == in.stackCount() || in.stackNodes[s] != labels.nodes[e]) {
            changed = true;
            continue;
        }
        keep[s] = 1;
        outOf[labels.nodes[e]] = labels.nodes[e];
        for (size_t c = 0; c < columns; ++c)
            values[s * columns + c] = addSaturating(values[s * columns + c], labels.valuesOf(e)[c]);
    }
    if (!changed)
        return unchanged(source, matched);
    if (cancelledBy(context))
        return cancelledResult();
    std::vector<uint32_t> renumbered;
    std::optional<StackTable> t = keepStacks(in, keep, &values, context, &renumbered);
    if (!t)
        return cancelledResult();
    t->totals = in.totals;
    for (uint32_t &node : outOf) {
        if (node != kNone)
            node = renumbered[node];
    }
    // The entries of the samples that were dropped go too.
    auto kept = std::make_shared<StackLabels>();
    kept->labelSets = labels.labelSets;
    kept->columns = columns;
    for (size_t e = 0; e < labels.size(); ++e) {
        const bool m = setMatches[labels.sets[e]];
        if ((focus ? m : !m) && outOf[labels.nodes[e]] != kNone) {
            kept->nodes.push_back(outOf[labels.nodes[e]]);
            kept->sets.push_back(labels.sets[e]);
            kept->values.insert(kept->values.end(), labels.valuesOf(e),
                                labels.valuesOf(e) + columns);
        }
    }
    kept->normalize();
    t->sampleLabels = std::move(kept);
    return done(std::move(*t), matched);
}

// pprof's -tagroot: per sample, frames "value" (the key as file) for each key, outermost
// first, above its stack. Each combination of values roots a copy of the part of the
// trie its samples use.
TransformResult rootByLabels(const TablePtr &source, const Transform &transform,
                             const TransformContext &context)
{
    const StackTable &in = *source;
    if (!in.sampleLabels)
        return failed(noLabels());
    const std::vector<std::string> keys = labelKeys(transform.pattern);
    if (keys.empty())
        return unchanged(source, false);
    const StackLabels &labels = *in.sampleLabels;
    const size_t columns = in.columnCount();

    StackTable out = derivedStackTable(in);
    const LabelFrames made = makeLabelFrames(in, out, keys, context);
    const bool matched = made.matched;
    const std::vector<std::vector<uint32_t>> &prefixes = made.prefixes;
    const std::vector<uint32_t> &entryPrefix = made.entryPrefix;
    if (cancelledBy(context))
        return cancelledResult();

    // The label levels: prefixes sorted by their frames make them breadth-first.
    const size_t depth = keys.size();
    std::vector<uint32_t> order(prefixes.size());
    for (uint32_t p = 0; p < order.size(); ++p)
        order[p] = p;
    std::sort(order.begin(), order.end(),
              [&](uint32_t a, uint32_t b) { return prefixes[a] < prefixes[b]; });
    std::vector<uint32_t> at(prefixes.size(), StackTable::kRoot); // the prefix's node so far
    for (size_t d = 0; d < depth; ++d) {
        uint32_t lastParent = kNone, lastFrame = kNone, lastNode = kNone;
        for (uint32_t p : order) {
            const uint32_t parent = at[p], frame = prefixes[p][d];
            if (parent != lastParent || frame != lastFrame) {
                lastNode = uint32_t(out.nodeParents.size());
                out.nodeParents.push_back(parent);
                out.nodeFrames.push_back(frame);
                lastParent = parent;
                lastFrame = frame;
            }
            at[p] = lastNode;
        }
    }

    // Below each prefix, the source nodes its samples pass through, level by level.
    const uint32_t n = uint32_t(in.nodeCount());
    std::vector<uint32_t> nodeDepth(n, 0);
    for (uint32_t node = 1; node < n; ++node)
        nodeDepth[node] = nodeDepth[in.nodeParent(node)] + 1;
    std::vector<std::vector<uint32_t>> groupNodes(prefixes.size());
    {
        std::vector<std::vector<uint32_t>> entriesOf(prefixes.size());
        for (size_t e = 0; e < labels.size(); ++e)
            entriesOf[entryPrefix[e]].push_back(labels.nodes[e]);
        std::vector<uint32_t> stamp(n, kNone);
        for (uint32_t p = 0; p < prefixes.size(); ++p) {
            for (uint32_t node : entriesOf[p]) {
                for (; node != StackTable::kRoot && stamp[node] != p; node = in.nodeParent(node)) {
                    stamp[node] = p;
                    groupNodes[p].push_back(node);
                }
            }
            std::sort(groupNodes[p].begin(), groupNodes[p].end());
        }
    }
    if (cancelledBy(context))
        return cancelledResult();
    std::vector<std::vector<uint32_t>> groupOut(prefixes.size());
    std::vector<size_t> cursor(prefixes.size(), 0);
    for (uint32_t p = 0; p < prefixes.size(); ++p)
        groupOut[p].resize(groupNodes[p].size());
    // Prefix leaves in node order, so that each level's nodes come in parent order.
    std::vector<uint32_t> byLeaf = order;
    std::sort(byLeaf.begin(), byLeaf.end(), [&](uint32_t a, uint32_t b) { return at[a] < at[b]; });
    auto outOfNode = [&](uint32_t p, uint32_t node) {
        if (node == StackTable::kRoot)
            return at[p];
        const auto &g = groupNodes[p];
        return groupOut[p][size_t(std::lower_bound(g.begin(), g.end(), node) - g.begin())];
    };
    for (uint32_t d = 1;; ++d) {
        bool any = false;
        for (uint32_t p : byLeaf) {
            const auto &g = groupNodes[p];
            size_t &i = cursor[p];
            for (; i < g.size() && nodeDepth[g[i]] == d; ++i) {
                groupOut[p][i] = uint32_t(out.nodeParents.size());
                out.nodeParents.push_back(outOfNode(p, in.nodeParent(g[i])));
                out.nodeFrames.push_back(in.nodeFrame(g[i]));
                any = true;
            }
        }
        if (!any)
            break;
        if (cancelledBy(context))
            return cancelledResult();
    }
    out.nodeChildBegin.assign(out.nodeParents.size() + 1, 0);
    for (size_t node = 1; node < out.nodeParents.size(); ++node)
        ++out.nodeChildBegin[out.nodeParents[node] + 1];
    out.nodeChildBegin[0] = 1;
    for (size_t node = 1; node <= out.nodeParents.size(); ++node)
        out.nodeChildBegin[node] += out.nodeChildBegin[node - 1];

    // Stacks and labels: each entry at its node below its prefix.
    auto moved = std::make_shared<StackLabels>();
    moved->labelSets = labels.labelSets;
    moved->columns = columns;
    for (size_t e = 0; e < labels.size(); ++e) {
        moved->nodes.push_back(outOfNode(entryPrefix[e], labels.nodes[e]));
        moved->sets.push_back(labels.sets[e]);
        moved->values.insert(moved->values.end(), labels.valuesOf(e), labels.valuesOf(e) + columns);
    }
    stacksFromLabels(out, std::move(moved));
    return done(std::move(out), matched);
}

// pprof's -tagleaf: per sample, frames "value" (the key as file) for each key, the last
// key's innermost, below its stack. The trie is grown a level at a time from groups of
// sources: a source node (its children, and the label frames of its samples) or a range
// of one node's samples whose first label frames are the same (their next label frame).
TransformResult leafByLabels(const TablePtr &source, const Transform &transform,
                             const TransformContext &context)
{
    const StackTable &in = *source;
    if (!in.sampleLabels)
        return failed(noLabels());
    const std::vector<std::string> keys = labelKeys(transform.pattern);
    if (keys.empty())
        return unchanged(source, false);
    const StackLabels &labels = *in.sampleLabels;
    const size_t columns = in.columnCount();
    const uint32_t depth = uint32_t(keys.size());

    StackTable out = derivedStackTable(in);
    const LabelFrames made = makeLabelFrames(in, out, keys, context);
    // Entries by node, then by their label frames, so that the samples of a node that
    // share their first k label frames are a range.
    std::vector<uint32_t> order(labels.size());
    for (uint32_t e = 0; e < order.size(); ++e)
        order[e] = e;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        if (labels.nodes[a] != labels.nodes[b])
            return labels.nodes[a] < labels.nodes[b];
        const auto &pa = made.prefixes[made.entryPrefix[a]];
        const auto &pb = made.prefixes[made.entryPrefix[b]];
        return pa != pb ? pa < pb : a < b;
    });
    // Per source node, its entries in `order`: [entriesAt[node], entriesAt[node + 1]).
    const uint32_t n = uint32_t(in.nodeCount());
    std::vector<uint32_t> entriesAt(size_t(n) + 1, 0);
    for (uint32_t e : order)
        ++entriesAt[labels.nodes[e] + 1];
    for (uint32_t node = 0; node < n; ++node)
        entriesAt[node + 1] += entriesAt[node];
    auto frameOf = [&](uint32_t position, uint32_t k) {
        return made.prefixes[made.entryPrefix[order[position]]][k];
    };
    if (cancelledBy(context))
        return cancelledResult();

    // A source of an output node: a source node (k == kNone), or the entries [begin, end)
    // of `order` after their first k label frames.
    struct Source
    {
        uint32_t out, begin, end, k;
    };
    std::vector<uint32_t> entryOut(labels.size(), kNone);
    std::vector<Source> level{{StackTable::kRoot, StackTable::kRoot, 0, kNone}}, next;
    struct Candidate
    {
        uint32_t frame;
        Source source;
    };
    std::vector<Candidate> candidates;
    out.nodeChildBegin.clear();
    while (!level.empty()) {
        if (cancelledBy(context))
            return cancelledResult();
        next.clear();
        for (size_t i = 0; i < level.size();) {
            const uint32_t parent = level[i].out;
            out.nodeChildBegin.push_back(uint32_t(out.nodeParents.size()));
            candidates.clear();
            auto labelChildren = [&](uint32_t begin, uint32_t end, uint32_t k) {
                if (k == depth) { // the samples' stacks end here
                    for (uint32_t p = begin; p < end; ++p)
                        entryOut[order[p]] = parent;
                    return;
                }
                for (uint32_t p = begin; p < end;) {
                    uint32_t q = p + 1;
                    while (q < end && frameOf(q, k) == frameOf(p, k))
                        ++q;
                    candidates.push_back({frameOf(p, k), {0, p, q, k + 1}});
                    p = q;
                }
            };
            for (; i < level.size() && level[i].out == parent; ++i) {
                const Source &s = level[i];
                if (s.k != kNone) {
                    labelChildren(s.begin, s.end, s.k);
                    continue;
                }
                for (uint32_t c = in.firstChild(s.begin); c < in.childEnd(s.begin); ++c)
                    candidates.push_back({in.nodeFrame(c), {0, c, 0, kNone}});
                labelChildren(entriesAt[s.begin], entriesAt[s.begin + 1], 0);
            }
            std::stable_sort(
                candidates.begin(), candidates.end(),
                [](const Candidate &a, const Candidate &b) { return a.frame < b.frame; });
            for (size_t k = 0; k < candidates.size();) {
                const uint32_t node = uint32_t(out.nodeParents.size());
                out.nodeParents.push_back(parent);
                out.nodeFrames.push_back(candidates[k].frame);
                const uint32_t frame = candidates[k].frame;
                for (; k < candidates.size() && candidates[k].frame == frame; ++k) {
                    Source s = candidates[k].source;
                    s.out = node;
                    next.push_back(s);
                }
            }
        }
        level.swap(next);
    }
    out.nodeChildBegin.push_back(uint32_t(out.nodeParents.size()));

    auto moved = std::make_shared<StackLabels>();
    moved->labelSets = labels.labelSets;
    moved->columns = columns;
    for (size_t e = 0; e < labels.size(); ++e) {
        moved->nodes.push_back(entryOut[e]);
        moved->sets.push_back(labels.sets[e]);
        moved->values.insert(moved->values.end(), labels.valuesOf(e), labels.valuesOf(e) + columns);
    }
    stacksFromLabels(out, std::move(moved));
    return done(std::move(out), made.matched);
}

} // namespace embers::rules
