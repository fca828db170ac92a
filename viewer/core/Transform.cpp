#include "Transform.h"

#include "DerivedStackTable.h"
#include "FrameMatch.h"
#include "MergeRewrite.h"
#include "PprofNames.h"
#include "StackFilter.h"
#include "StackLabels.h"
#include "TagFilter.h"
#include "TrieCompaction.h"
#include "TrieRewrite.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace embers {

namespace {

using TablePtr = std::shared_ptr<const StackTable>;

// A copy of the nodes' own frames: a rewrite's frameOf, to change where the rule says.
std::vector<uint32_t> ownFrames(const StackTable &in)
{
    std::vector<uint32_t> v;
    reserveLarge(v, in.nodeCount());
    v.assign(in.nodeFrames.begin(), in.nodeFrames.end());
    return v;
}

// Runs rule(begin, end) over the nodes [1, n), in two halves on two threads when there
// are many: for rules that read only the source and write only the nodes they are given.
template <typename Rule> void overNodes(uint32_t n, Rule &&rule)
{
    if (n < (uint32_t(1) << 16)) {
        rule(uint32_t(1), n);
        return;
    }
    const uint32_t half = n / 2;
    inParallel([&] { rule(uint32_t(1), half); }, [&] { rule(half, n); });
}

bool cancelledBy(const TransformContext &c)
{
    return c.cancel && c.cancel->load(std::memory_order_relaxed);
}

// Label transforms need the samples' labels, which a table keeps only when asked to.
std::string noLabels()
{
    return QCoreApplication::translate("Transform", "the profile was opened without its labels")
        .toStdString();
}

TransformResult failed(std::string error)
{
    TransformResult r;
    r.error = std::move(error);
    return r;
}

TransformResult cancelledResult()
{
    TransformResult r;
    r.cancelled = true;
    r.error = "cancelled";
    return r;
}

TransformResult unchanged(const TablePtr &source, bool matched)
{
    TransformResult r;
    r.table = source;
    r.matched = matched;
    return r;
}

TransformResult done(StackTable &&t, bool matched)
{
    TransformResult r;
    r.table = std::make_shared<const StackTable>(std::move(t));
    r.matched = matched;
    return r;
}

// A build with FrameOriginMode::Split keeps each frame's origin in the frame itself.
bool splitByOrigin(const StackTable &t)
{
    return !t.frames.empty() && t.frames.front().origin != 0;
}

bool anyUsed(const StackTable &t, const FrameMask &mask)
{
    return StackFilter::anyStackThrough(t, mask);
}

FrameMask maskOfFrames(const StackTable &t, const std::vector<uint32_t> &frames)
{
    FrameMask mask(t.frameCount(), 0);
    for (uint32_t f : frames) {
        if ((f & kFrameMask) < mask.size())
            mask[f & kFrameMask] = 1;
    }
    return mask;
}

std::optional<QRegularExpression> compile(const std::string &pattern, std::string *error)
{
    QRegularExpression rx(QString::fromStdString(pattern));
    if (!rx.isValid()) {
        *error = QCoreApplication::translate("Transform", "bad regular expression '%1': %2")
                     .arg(QString::fromStdString(pattern), rx.errorString())
                     .toStdString();
        return std::nullopt;
    }
    rx.optimize();
    return rx;
}

// Carries the samples' labels over to the rewritten table.
void carryLabels(const StackTable &in, StackTable &out, const std::vector<uint32_t> &outOf)
{
    if (in.sampleLabels)
        out.sampleLabels = in.sampleLabels->remapped(outOf);
}

// The rewritten table, with the samples' labels; nullopt when cancelled.
std::optional<StackTable> rewrittenTable(const StackTable &in, StackTable out, TrieRewrite &rw,
                                         const TransformContext &context)
{
    rw.copyUnchanged = rw.copyUnchanged && context.fastPaths;
    std::vector<uint32_t> outOf;
    std::optional<StackTable> t =
        rewriteTrie(in, std::move(out), rw, in.sampleLabels ? &outOf : nullptr, context.cancel);
    if (t)
        carryLabels(in, *t, outOf);
    return t;
}

TransformResult rewritten(const StackTable &in, StackTable out, TrieRewrite &rw,
                          const TransformContext &context, bool matched)
{
    std::optional<StackTable> t = rewrittenTable(in, std::move(out), rw, context);
    if (!t)
        return cancelledResult();
    return done(std::move(*t), matched);
}

// A finished rewrite that records how it came from its source, when that tells its
// function table (StackDerivation); nullopt: it was cancelled.
TransformResult doneDerived(std::optional<StackTable> t, std::optional<StackDerivation> how)
{
    if (!t)
        return cancelledResult();
    if (how)
        t->derivedFrom = std::make_shared<const StackDerivation>(std::move(*how));
    return done(std::move(*t), true);
}

// The stacks whose byte is set (new values when given), and each node's new index.
std::optional<StackTable> keepStacks(const StackTable &in, const std::vector<uint8_t> &keep,
                                     const std::vector<int64_t> *values,
                                     const TransformContext &context,
                                     std::vector<uint32_t> *renumbered)
{
    if (context.fastPaths)
        return compactStacks(in, keep, values, context.cancel, renumbered);
    return StackFilter::keepStacks(in, keep, values, StackFilter::Totals::Kept, context.cancel,
                                   renumbered);
}

// The source with only the stacks whose byte is set (new values when given).
TransformResult keptStacks(const TablePtr &source, const std::vector<uint8_t> &keep,
                           const std::vector<int64_t> *values, const TransformContext &context,
                           bool matched)
{
    const StackTable &in = *source;
    std::vector<uint32_t> renumbered;
    const bool labels = in.sampleLabels && !values;
    std::optional<StackTable> t =
        keepStacks(in, keep, values, context, labels ? &renumbered : nullptr);
    if (!t)
        return cancelledResult();
    if (labels) {
        // Entries go with their stack.
        std::vector<uint32_t> outOf = largeArray<uint32_t>(in.nodeCount(), kNone);
        for (size_t s = 0; s < in.stackCount(); ++s) {
            if (keep[s])
                outOf[in.stackNodes[s]] = renumbered[in.stackNodes[s]];
        }
        carryLabels(in, *t, outOf);
    }
    if (!values)
        t->derivedFrom = std::make_shared<const StackDerivation>(
            StackDerivation{StackDerivation::Kind::Subset, source, keep, {}});
    return done(std::move(*t), matched);
}

// pprof's -focus / -ignore, and the window's "drop samples with this function".
TransformResult throughFrames(const TablePtr &source, const FrameMask &mask, bool keepThrough,
                              bool dropEmpty, const TransformContext &context)
{
    const StackTable &in = *source;
    std::vector<uint8_t> keep = StackFilter::stacksThrough(in, mask);
    bool matched = false, changed = false;
    for (size_t s = 0; s < keep.size(); ++s) {
        matched = matched || keep[s];
        if (!keepThrough)
            keep[s] = !keep[s];
        // pprof drops samples that have no location at all.
        if (dropEmpty && in.stackNodes[s] == StackTable::kRoot)
            keep[s] = 0;
        changed = changed || !keep[s];
    }
    if (!changed)
        return unchanged(source, matched);
    if (cancelledBy(context))
        return cancelledResult();
    return keptStacks(source, keep, nullptr, context, matched);
}

// pprof's -hide / -show and the window's "merge function": removed frames join their
// caller. A location's inlined frames are one unit: when its outermost frame goes, the
// next one it keeps is no longer inlined.
TransformResult removeFrames(const TablePtr &source, const FrameMask &removed, bool dropEmpty,
                             const TransformContext &context, bool fewRemoved = true)
{
    const StackTable &in = *source;
    const uint32_t n = uint32_t(in.nodeCount());
    TrieRewrite rw;
    bool any = false;
    if (std::find(removed.begin(), removed.end(), 1) != removed.end()) {
        rw.frameOf = ownFrames(in);
        const uint32_t *frames = in.nodeFrames.data();
        const uint32_t *parents = in.nodeParents.data();
        uint32_t *frameOf = rw.frameOf.data();
        bool found[2] = {false, false};
        // Removed frames merge; the first kept frame of a location whose frames above it
        // (in the location) all went is no longer inlined.
        auto rule = [&](uint32_t begin, uint32_t end) {
            bool &anyHere = found[begin == 1 ? 0 : 1];
            for (uint32_t node = begin; node < end; ++node) {
                const uint32_t f = frames[node];
                if (removed[f & kFrameMask]) {
                    frameOf[node] = TrieRewrite::kMerge;
                    anyHere = true;
                    continue;
                }
                if (!(f & kInlineBit))
                    continue;
                bool keptBefore = false;
                for (uint32_t p = parents[node]; p != StackTable::kRoot; p = parents[p]) {
                    if (!removed[frames[p] & kFrameMask]) {
                        keptBefore = true;
                        break;
                    }
                    if (!(frames[p] & kInlineBit))
                        break;
                }
                if (!keptBefore)
                    frameOf[node] = f & kFrameMask;
            }
        };
        overNodes(n, rule);
        any = found[0] || found[1];
    }
    if (!any) {
        // Nothing to remove; pprof still drops the samples that have no frame.
        const bool emptyStack = in.stackCount() && in.stackNodes[0] == StackTable::kRoot;
        if (!dropEmpty || !emptyStack)
            return unchanged(source, false);
        std::vector<uint8_t> keep(in.stackCount(), 1);
        keep[0] = 0;
        return keptStacks(source, keep, nullptr, context, false);
    }
    rw.dropEmptyStacks = dropEmpty;
    rw.copyUnchanged = fewRemoved;
    if (cancelledBy(context))
        return cancelledResult();
    return doneDerived(rewrittenTable(in, derivedStackTable(in), rw, context),
                       StackDerivation{StackDerivation::Kind::FramesMerged, source, {}, removed});
}

// pprof's -show_from and the window's "focus on function": each stack starts at its
// outermost matching frame; stacks without one go. With `cutLocations` (pprof), a
// location whose inlined frame matches loses its outer frames in every stack, as pprof
// cuts the location's lines.
TransformResult startFrom(const TablePtr &source, const FrameMask &mask, bool cutLocations,
                          const TransformContext &context)
{
    const StackTable &in = *source;
    const uint32_t n = uint32_t(in.nodeCount());
    const uint32_t *frames = in.nodeFrames.data();
    const uint32_t *parents = in.nodeParents.data();
    // Which subtrees hold a match: the others, above any start, go whole (rather than
    // every node of theirs merging into the root, only to be dropped).
    enum : uint8_t { Started = 1, LocationMatched = 2, MatchBelow = 4 };
    std::vector<uint8_t> state = largeArray<uint8_t>(n, 0);
    for (uint32_t node = n; node-- > 1;) {
        if (mask[frames[node] & kFrameMask])
            state[node] |= MatchBelow;
        state[parents[node]] |= state[node] & MatchBelow;
    }
    const bool matched = n > 1 && (state[StackTable::kRoot] & MatchBelow);
    TrieRewrite rw;
    rw.frameOf = largeArray<uint32_t>(n, TrieRewrite::kMerge);
    rw.dropValue = largeArray<uint8_t>(n, 0);
    rw.dropEmptyStacks = cutLocations;
    rw.dropValue[StackTable::kRoot] = 1;
    for (uint32_t node = 1; node < n; ++node) {
        const uint32_t f = frames[node], parent = parents[node];
        const bool inlined = f & kInlineBit;
        const bool m = mask[f & kFrameMask];
        const bool startedBefore = state[parent] & Started;
        const bool matchedBefore = inlined && (state[parent] & LocationMatched);
        state[node] = uint8_t((state[node] & MatchBelow) | (startedBefore || m ? Started : 0) |
                              (matchedBefore || m ? LocationMatched : 0));
        if (!startedBefore && !m) {
            // Above the start: its stack has none, and its subtree may.
            if (state[node] & MatchBelow)
                rw.dropValue[node] = 1;
            else
                rw.frameOf[node] = TrieRewrite::kDrop;
            continue;
        }
        rw.frameOf[node] = f;
        if (m && !startedBefore)
            rw.frameOf[node] = f & kFrameMask; // the new root is nobody's inlined callee
        if (cutLocations && m && !matchedBefore && inlined) {
            rw.frameOf[node] = f & kFrameMask;
            if (startedBefore) {
                uint32_t head = parent;
                while (frames[head] & kInlineBit)
                    head = parents[head];
                rw.grafts.push_back({parents[head], node});
            }
        }
    }
    // The part kept is small and merged or grafted: nothing to copy as it is.
    rw.copyUnchanged = false;
    if (cancelledBy(context))
        return cancelledResult();
    return rewritten(in, derivedStackTable(in), rw, context, matched);
}

// The nodes reached from the root through `path` (callPathSteps): one frame per depth
// matches exactly, with its inline bit; a set matches any of its frames, inline bits
// aside (a path picked at a coarser granularity).
std::vector<uint32_t> nodesOfPath(const StackTable &t, const std::vector<uint32_t> &path)
{
    std::vector<std::vector<uint32_t>> steps = callPathSteps(path);
    if (steps.empty())
        return {};
    std::vector<uint32_t> level{StackTable::kRoot}, next;
    for (std::vector<uint32_t> &step : steps) {
        const bool exact = step.size() == 1;
        for (uint32_t &f : step)
            f = exact ? f : f & kFrameMask;
        std::sort(step.begin(), step.end());
        next.clear();
        for (uint32_t node : level) {
            for (uint32_t c = t.firstChild(node); c < t.childEnd(node); ++c) {
                const uint32_t f = exact ? t.nodeFrame(c) : t.nodeFrame(c) & kFrameMask;
                if (std::binary_search(step.begin(), step.end(), f))
                    next.push_back(c);
            }
        }
        std::swap(level, next);
        if (level.empty())
            break;
    }
    return level;
}

TransformResult focusSubtree(const TablePtr &source, const std::vector<uint32_t> &path,
                             const TransformContext &context)
{
    const StackTable &in = *source;
    // Several targets when the path has sets of frames; at one depth, none is below another.
    const std::vector<uint32_t> targets = nodesOfPath(in, path);
    const uint32_t n = uint32_t(in.nodeCount());
    TrieRewrite rw;
    rw.frameOf = largeArray<uint32_t>(n, TrieRewrite::kDrop);
    rw.dropValue = largeArray<uint8_t>(n, 0);
    rw.dropValue[StackTable::kRoot] = 1;
    std::vector<uint8_t> below(targets.empty() ? 0 : n, 0);
    for (uint32_t target : targets) {
        // Targets share callers: those already merged have their own callers merged too.
        for (uint32_t node = in.nodeParent(target);
             node != StackTable::kRoot && rw.frameOf[node] != TrieRewrite::kMerge;
             node = in.nodeParent(node)) {
            rw.frameOf[node] = TrieRewrite::kMerge;
            rw.dropValue[node] = 1;
        }
        rw.frameOf[target] = in.nodeFrame(target) & kFrameMask;
        below[target] = 1;
    }
    // Breadth-first: a node's parent comes before it.
    for (uint32_t node = targets.empty() ? n : targets.front() + 1; node < n; ++node) {
        if (below[in.nodeParent(node)]) {
            below[node] = 1;
            rw.frameOf[node] = in.nodeFrame(node);
        }
    }
    rw.copyUnchanged = false; // one subtree kept, below merged nodes
    if (cancelledBy(context))
        return cancelledResult();
    return rewritten(in, derivedStackTable(in), rw, context, !targets.empty());
}

// Every function's direct recursion: recursion is everywhere, so most nodes are below a
// merge, and the rewrite made for merges alone (MergeRewrite) does it.
TransformResult collapseEveryDirectRecursion(const TablePtr &source,
                                             const TransformContext &context)
{
    const StackTable &in = *source;
    // Most profiles recurse early on: the scan stops at the first; the rewrite finds the
    // rest as it reads the source.
    if (!hasDirectRecursion(in))
        return unchanged(source, false);
    if (cancelledBy(context))
        return cancelledResult();
    std::vector<uint32_t> outOf;
    std::optional<StackTable> t = rewriteMerges(in, derivedStackTable(in), nullptr,
                                                in.sampleLabels ? &outOf : nullptr, context.cancel);
    if (!t)
        return cancelledResult();
    carryLabels(in, *t, outOf);
    t->derivedFrom = std::make_shared<const StackDerivation>(
        StackDerivation{StackDerivation::Kind::SameFunctions, source, {}, {}});
    return done(std::move(*t), true);
}

TransformResult collapseDirectRecursion(const TablePtr &source, const std::vector<uint32_t> &only,
                                        const TransformContext &context)
{
    const StackTable &in = *source;
    if (only.empty() && context.fastPaths && in.nodeCount() <= kMergeRewriteNodes)
        return collapseEveryDirectRecursion(source, context);
    const FrameMask mask = maskOfFrames(in, only);
    const uint32_t n = uint32_t(in.nodeCount());
    TrieRewrite rw;
    // A node's output frame is always its own frame (merged nodes have their output
    // parent's, which equals theirs): a node merges when its parent has its frame.
    rw.frameOf = ownFrames(in);
    const uint32_t *frames = in.nodeFrames.data();
    const uint32_t *parents = in.nodeParents.data();
    uint32_t *frameOf = rw.frameOf.data();
    bool found[2] = {false, false};
    overNodes(n, [&](uint32_t begin, uint32_t end) {
        bool &anyHere = found[begin == 1 ? 0 : 1];
        for (uint32_t node = begin; node < end; ++node) {
            const uint32_t f = frames[node] & kFrameMask, parent = parents[node];
            if (parent != StackTable::kRoot && (frames[parent] & kFrameMask) == f &&
                (only.empty() || mask[f])) {
                frameOf[node] = TrieRewrite::kMerge;
                anyHere = true;
            }
        }
    });
    const bool any = found[0] || found[1];
    if (!any)
        return unchanged(source, false);
    // Every function's: recursion is everywhere, so there is little to copy as it is.
    rw.copyUnchanged = !only.empty();
    if (cancelledBy(context))
        return cancelledResult();
    return doneDerived(rewrittenTable(in, derivedStackTable(in), rw, context),
                       StackDerivation{StackDerivation::Kind::SameFunctions, source, {}, {}});
}

// The nodes between an outer and an inner call left with nothing once the inner calls are
// grafted away (no stack ends there, every child gone) are dropped up front: otherwise
// the rewrite makes them and then prunes them in a second pass over the whole result.
void dropEmptiedByGrafts(const StackTable &in, TrieRewrite &rw)
{
    std::unordered_set<uint32_t> targets, gone;
    for (const TrieRewrite::Graft &g : rw.grafts) {
        targets.insert(g.target);
        gone.insert(g.source);
    }
    auto endsStack = [&](uint32_t node) {
        return std::binary_search(in.stackNodes.begin(), in.stackNodes.end(), node);
    };
    std::unordered_map<uint32_t, uint32_t> childrenLeft;
    for (const TrieRewrite::Graft &g : rw.grafts) {
        for (uint32_t node = g.source;;) {
            const uint32_t parent = in.nodeParent(node);
            if (parent == StackTable::kRoot || targets.contains(parent) || endsStack(parent))
                break;
            auto [left, fresh] =
                childrenLeft.try_emplace(parent, in.childEnd(parent) - in.firstChild(parent));
            // A grafted node is gone already (counted once, from its own graft).
            if (--left->second != 0 || !gone.insert(parent).second)
                break;
            rw.frameOf[parent] = TrieRewrite::kDrop;
            node = parent;
        }
    }
}

TransformResult collapseRecursion(const TablePtr &source, const std::vector<uint32_t> &functions,
                                  const TransformContext &context)
{
    const StackTable &in = *source;
    const FrameMask mask = maskOfFrames(in, functions);
    const uint32_t n = uint32_t(in.nodeCount());
    TrieRewrite rw;
    rw.frameOf = ownFrames(in);
    // The function's nodes, by two threads; each inner call (one with a call of the
    // function above it) goes below the outermost one. Nodes come after their parents, so
    // the nearest call above a node is done before it.
    std::vector<uint32_t> calls[2];
    overNodes(n, [&](uint32_t begin, uint32_t end) {
        std::vector<uint32_t> &here = calls[begin == 1 ? 0 : 1];
        for (uint32_t node = begin; node < end; ++node) {
            if (mask[in.nodeFrame(node) & kFrameMask])
                here.push_back(node);
        }
    });
    std::vector<uint32_t> &all = calls[0];
    all.insert(all.end(), calls[1].begin(), calls[1].end());
    std::vector<uint32_t> outermostOf(all.size()); // per call
    for (size_t i = 0; i < all.size(); ++i) {
        const uint32_t node = all[i];
        outermostOf[i] = node;
        for (uint32_t a = in.nodeParent(node); a != StackTable::kRoot; a = in.nodeParent(a)) {
            if (!mask[in.nodeFrame(a) & kFrameMask])
                continue;
            const size_t j =
                size_t(std::lower_bound(all.begin(), all.begin() + ptrdiff_t(i), a) - all.begin());
            outermostOf[i] = outermostOf[j];
            rw.frameOf[node] = TrieRewrite::kMerge;
            rw.grafts.push_back({outermostOf[j], node});
            break;
        }
    }
    if (rw.grafts.empty())
        return unchanged(source, false);
    dropEmptiedByGrafts(in, rw);
    if (cancelledBy(context))
        return cancelledResult();
    return doneDerived(
        rewrittenTable(in, derivedStackTable(in), rw, context),
        StackDerivation{StackDerivation::Kind::RecursionCollapsed, source, {}, mask});
}

// The frames of a file, package or binary, looked up in the frames' origins too (the
// functions granularity keeps no file, a named frame no binary).
FrameMask framesOfResource(const StackTable &t, TransformKind kind, const std::string &resource)
{
    FrameMask mask(t.frameCount(), 0);
    auto baseName = [](const std::string &path) {
        const size_t slash = path.find_last_of('/');
        return slash == std::string::npos ? path : path.substr(slash + 1);
    };
    auto matches = [&](uint32_t name, uint32_t file, uint32_t binary) {
        switch (kind) {
        case TransformKind::CollapseFile:
            return file != 0 && t.strings[file] == resource;
        case TransformKind::CollapsePackage: {
            // A package is the start of its functions' names: the others need no parse.
            if (name == 0 || !std::string_view(t.strings[name]).starts_with(resource))
                return false;
            return packageOfFunction(t.strings[name]) == resource;
        }
        default:
            return binary != 0 && binary != FrameOrigin::kNoMapping &&
                   (t.strings[binary] == resource || baseName(t.strings[binary]) == resource);
        }
    };
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        const Frame &frame = t.frames[f];
        bool m = matches(frame.name, frame.file, frame.objfile);
        for (uint32_t o : t.origins.of(f)) {
            const FrameOrigin &origin = t.origins.origins[o];
            m = m || matches(origin.name, origin.file, origin.mapping);
        }
        mask[f] = m;
    }
    return mask;
}

TransformResult collapseResource(const TablePtr &source, const Transform &transform,
                                 const TransformContext &context)
{
    const StackTable &in = *source;
    const FrameMask mask = framesOfResource(in, transform.kind, transform.pattern);
    if (!anyUsed(in, mask))
        return unchanged(source, false);
    StackTable out = derivedStackTable(in);
    Frame resourceFrame;
    resourceFrame.name = out.strings.intern(transform.pattern);
    const uint32_t collapsed = FrameAdder(out).add(resourceFrame);

    const uint32_t n = uint32_t(in.nodeCount());
    TrieRewrite rw;
    // A run of the resource's frames becomes its first node, with the collapsed frame.
    rw.frameOf = ownFrames(in);
    const uint32_t *frames = in.nodeFrames.data();
    const uint32_t *parents = in.nodeParents.data();
    uint32_t *frameOf = rw.frameOf.data();
    overNodes(n, [&](uint32_t begin, uint32_t end) {
        for (uint32_t node = begin; node < end; ++node) {
            if (!mask[frames[node] & kFrameMask])
                continue;
            const uint32_t parent = parents[node];
            frameOf[node] = parent != StackTable::kRoot && mask[frames[parent] & kFrameMask]
                                ? TrieRewrite::kMerge
                                : collapsed;
        }
    });
    if (cancelledBy(context))
        return cancelledResult();
    // A frame of that name that was there already holds its own cost too: no rule then.
    std::optional<StackDerivation> how;
    if (collapsed == in.frameCount())
        how = StackDerivation{StackDerivation::Kind::FramesCollapsed, source, {}, mask, collapsed};
    return doneDerived(rewrittenTable(in, std::move(out), rw, context), std::move(how));
}

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

} // namespace

const char *transformKindName(TransformKind kind)
{
    switch (kind) {
    case TransformKind::Focus:
        return "focus";
    case TransformKind::Ignore:
        return "ignore";
    case TransformKind::Hide:
        return "hide";
    case TransformKind::Show:
        return "show";
    case TransformKind::ShowFrom:
        return "show_from";
    case TransformKind::TagFocus:
        return "tagfocus";
    case TransformKind::TagIgnore:
        return "tagignore";
    case TransformKind::TagRoot:
        return "tagroot";
    case TransformKind::TagLeaf:
        return "tagleaf";
    case TransformKind::FocusFunction:
        return "focus-function";
    case TransformKind::FocusSubtree:
        return "focus-subtree";
    case TransformKind::MergeFunction:
        return "merge-function";
    case TransformKind::DropFunction:
        return "drop-function";
    case TransformKind::CollapseDirectRecursion:
        return "collapse-direct-recursion";
    case TransformKind::CollapseRecursion:
        return "collapse-recursion";
    case TransformKind::CollapseFile:
        return "collapse-file";
    case TransformKind::CollapsePackage:
        return "collapse-package";
    case TransformKind::CollapseLibrary:
        return "collapse-library";
    }
    return "?";
}

bool transformNeedsLabels(TransformKind kind)
{
    return kind == TransformKind::TagFocus || kind == TransformKind::TagIgnore ||
           kind == TransformKind::TagRoot || kind == TransformKind::TagLeaf;
}

TransformResult applyTransform(const std::shared_ptr<const StackTable> &source,
                               const Transform &transform, const TransformContext &context)
{
    if (!source)
        return failed("no table");
    const StackTable &in = *source;
    std::string error;
    auto regexMask = [&](FrameMatchRule rule) -> std::optional<FrameMask> {
        std::optional<QRegularExpression> rx = compile(transform.pattern, &error);
        if (!rx)
            return std::nullopt;
        return matchFrames(in, *rx, rule);
    };
    switch (transform.kind) {
    case TransformKind::Focus:
    case TransformKind::Ignore: {
        std::optional<FrameMask> mask = regexMask(FrameMatchRule::Location);
        if (!mask)
            return failed(error);
        return throughFrames(source, *mask, transform.kind == TransformKind::Focus, true, context);
    }
    case TransformKind::Hide: {
        std::optional<FrameMask> mask = regexMask(FrameMatchRule::Location);
        if (!mask)
            return failed(error);
        return removeFrames(source, *mask, true, context);
    }
    case TransformKind::Show: {
        std::optional<FrameMask> mask = regexMask(FrameMatchRule::ShowKeeps);
        if (!mask)
            return failed(error);
        const bool matched = anyUsed(in, *mask);
        for (uint8_t &m : *mask)
            m = !m;
        // Most frames go: no unchanged subtrees worth looking for.
        TransformResult r = removeFrames(source, *mask, true, context, false);
        r.matched = matched;
        return r;
    }
    case TransformKind::ShowFrom: {
        std::optional<FrameMask> mask = regexMask(FrameMatchRule::Location);
        if (!mask)
            return failed(error);
        return startFrom(source, *mask, true, context);
    }
    case TransformKind::TagFocus:
    case TransformKind::TagIgnore:
        return filterByLabels(source, transform, context);
    case TransformKind::TagRoot:
        return rootByLabels(source, transform, context);
    case TransformKind::TagLeaf:
        return leafByLabels(source, transform, context);
    case TransformKind::FocusFunction:
        return startFrom(source, maskOfFrames(in, transform.frames), false, context);
    case TransformKind::FocusSubtree:
        return focusSubtree(source, transform.frames, context);
    case TransformKind::MergeFunction:
        return removeFrames(source, maskOfFrames(in, transform.frames), false, context);
    case TransformKind::DropFunction:
        return throughFrames(source, maskOfFrames(in, transform.frames), false, false, context);
    case TransformKind::CollapseDirectRecursion:
        return collapseDirectRecursion(source, transform.frames, context);
    case TransformKind::CollapseRecursion:
        return collapseRecursion(source, transform.frames, context);
    case TransformKind::CollapseFile:
    case TransformKind::CollapsePackage:
    case TransformKind::CollapseLibrary:
        return collapseResource(source, transform, context);
    }
    return failed("unknown transform");
}

std::vector<uint32_t> callPathOf(const StackTable &table, uint32_t node)
{
    std::vector<uint32_t> path;
    for (; node != StackTable::kRoot && node < table.nodeCount(); node = table.nodeParent(node))
        path.push_back(table.nodeFrame(node));
    std::reverse(path.begin(), path.end());
    return path;
}

std::vector<std::vector<uint32_t>> callPathSteps(const std::vector<uint32_t> &frames)
{
    std::vector<std::vector<uint32_t>> steps;
    if (std::find(frames.begin(), frames.end(), StackTable::kNoFrame) == frames.end()) {
        for (uint32_t f : frames)
            steps.push_back({f});
        return steps;
    }
    std::vector<uint32_t> step;
    for (uint32_t f : frames) {
        if (f != StackTable::kNoFrame) {
            step.push_back(f);
        } else if (!step.empty()) {
            steps.push_back(std::move(step));
            step.clear();
        }
    }
    if (!step.empty())
        steps.push_back(std::move(step));
    return steps;
}

std::vector<uint32_t> callPathOfSteps(const std::vector<std::vector<uint32_t>> &steps)
{
    const bool sets = std::any_of(steps.begin(), steps.end(),
                                  [](const std::vector<uint32_t> &s) { return s.size() != 1; });
    std::vector<uint32_t> frames;
    for (const std::vector<uint32_t> &step : steps) {
        frames.insert(frames.end(), step.begin(), step.end());
        if (sets)
            frames.push_back(StackTable::kNoFrame);
    }
    return frames;
}

std::string packageOfFunction(std::string_view name)
{
    // C++: the scope before the last "::" outside template arguments and parameters.
    int depth = 0;
    size_t lastScope = std::string_view::npos;
    for (size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '<' || c == '[')
            ++depth;
        else if ((c == '>' || c == ']') && depth > 0)
            --depth;
        else if (c == '(' && depth == 0 && name.substr(0, i).find("::") != std::string_view::npos)
            break;
        else if (depth == 0 && c == ':' && i + 1 < name.size() && name[i + 1] == ':')
            lastScope = i++;
    }
    if (lastScope != std::string_view::npos)
        return std::string(name.substr(0, lastScope));
    // Go: the import path ends at the first '.' after the last '/'.
    const size_t slash = name.rfind('/');
    const size_t dot = name.find('.', slash == std::string_view::npos ? 0 : slash);
    if (dot == std::string_view::npos || dot == 0)
        return {};
    return std::string(name.substr(0, dot));
}

} // namespace embers
