#include "Transform.h"

#include "FrameMatch.h"
#include "StackFilter.h"
#include "StackLabels.h"
#include "TransformRules.h"
#include "TrieCompaction.h"
#include "TrieRewrite.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QString>

#include <algorithm>

namespace embers::rules {

std::vector<uint32_t> ownFrames(const StackTable &in)
{
    std::vector<uint32_t> v;
    reserveLarge(v, in.nodeCount());
    v.assign(in.nodeFrames.begin(), in.nodeFrames.end());
    return v;
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

void carryLabels(const StackTable &in, StackTable &out, const std::vector<uint32_t> &outOf)
{
    if (in.sampleLabels)
        out.sampleLabels = in.sampleLabels->remapped(outOf);
}

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

TransformResult doneDerived(std::optional<StackTable> t, std::optional<StackDerivation> how)
{
    if (!t)
        return cancelledResult();
    if (how)
        t->derivedFrom = std::make_shared<const StackDerivation>(std::move(*how));
    return done(std::move(*t), true);
}

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

} // namespace embers::rules

namespace embers {

namespace {

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
    using namespace rules;
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
