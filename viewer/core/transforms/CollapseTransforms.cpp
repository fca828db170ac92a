#include "TransformRules.h"

#include "DerivedStackTable.h"
#include "MergeRewrite.h"
#include "TrieRewrite.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace embers::rules {

namespace {

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

} // namespace

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

} // namespace embers::rules
