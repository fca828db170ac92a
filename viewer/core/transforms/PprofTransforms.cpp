#include "PprofTransforms.h"

#include "DerivedStackTable.h"
#include "TrieRewrite.h"

#include <algorithm>

namespace embers {

namespace {

int64_t magnitude(int64_t v)
{
    return v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v;
}

} // namespace

bool PprofFilters::any() const
{
    return !focus.empty() || !ignore.empty() || !hide.empty() || !show.empty() ||
           !showFrom.empty() || !tagFocus.empty() || !tagIgnore.empty() || !tagShow.empty() ||
           !tagHide.empty() || !tagRoot.empty() || !tagLeaf.empty() || relativePercentages;
}

std::vector<Transform> PprofFilters::transforms() const
{
    std::vector<Transform> out;
    auto add = [&](TransformKind kind, const std::string &pattern) {
        if (!pattern.empty())
            out.push_back({kind, pattern, {}, true});
    };
    add(TransformKind::TagRoot, tagRoot);
    add(TransformKind::TagLeaf, tagLeaf);
    add(TransformKind::Focus, focus);
    add(TransformKind::Ignore, ignore);
    add(TransformKind::Hide, hide);
    add(TransformKind::Show, show);
    add(TransformKind::ShowFrom, showFrom);
    add(TransformKind::TagFocus, tagFocus);
    add(TransformKind::TagIgnore, tagIgnore);
    return out;
}

std::vector<std::string> PprofFilters::headerLines() const
{
    std::vector<std::string> lines;
    auto add = [&](const char *name, const std::string &value) {
        if (value.empty())
            return;
        std::string line = std::string(name) + "=" + value;
        // pprof cuts long filters at 80 bytes.
        if (line.size() > 80) {
            line.resize(80);
            line += "\xE2\x80\xA6";
        }
        lines.push_back("   " + line);
    };
    add("focus", focus);
    add("ignore", ignore);
    add("hide", hide);
    add("show", show);
    add("show_from", showFrom);
    add("tagfocus", tagFocus);
    add("tagignore", tagIgnore);
    add("tagshow", tagShow);
    add("taghide", tagHide);
    if (!lines.empty())
        lines.insert(lines.begin(), "Active filters:");
    return lines;
}

void openForFilters(StackTableOptions &model, const PprofFilters &filters)
{
    model.pruneFrom = filters.pruneFrom;
    if (!filters.any())
        return;
    model.origins = FrameOriginMode::Split;
    model.noInlines = false; // finishForReport() merges them after the filters
    model.keepLabels = model.keepLabels || filters.needsLabels();
}

std::shared_ptr<const StackTable> finishForReport(const std::shared_ptr<const StackTable> &table,
                                                  bool noInlines, const std::atomic_bool *cancel)
{
    const StackTable &in = *table;
    StackTable out = derivedStackTable(in);
    // Each frame's twin without an origin (added when the table has none).
    std::vector<uint32_t> plain(in.frameCount());
    bool split = false;
    {
        FrameAdder adder(out);
        for (uint32_t f = 0; f < in.frameCount(); ++f) {
            Frame frame = in.frames[f];
            split = split || frame.origin != 0;
            frame.origin = 0;
            plain[f] = adder.add(frame);
        }
    }
    if (!split && !noInlines)
        return table;
    TrieRewrite rw;
    assignLarge<uint32_t>(rw.frameOf, in.nodeCount(), TrieRewrite::kMerge);
    for (uint32_t node = 1; node < in.nodeCount(); ++node) {
        const uint32_t f = in.nodeFrame(node);
        if (!(noInlines && (f & kInlineBit)))
            rw.frameOf[node] = plain[f & kFrameMask] | (f & kInlineBit);
    }
    std::optional<StackTable> t = rewriteTrie(in, std::move(out), rw, nullptr, cancel);
    if (!t)
        return nullptr;
    return std::make_shared<const StackTable>(std::move(*t));
}

FilteredTable applyPprofFilters(const std::shared_ptr<const StackTable> &table,
                                const PprofFilters &filters, bool noInlines, bool pprofNames,
                                const std::atomic_bool *cancel)
{
    FilteredTable out;
    TransformContext context;
    context.cancel = cancel;
    context.pprofNames = pprofNames;
    std::shared_ptr<const StackTable> t = table;
    for (const Transform &transform : filters.transforms()) {
        TransformResult r = applyTransform(t, transform, context);
        if (!r.table) {
            out.cancelled = r.cancelled;
            out.error = std::string(transformKindName(transform.kind)) + ": " + r.error;
            return out;
        }
        if (!r.matched) {
            static const std::pair<TransformKind, const char *> names[] = {
                {TransformKind::Focus, "Focus"},         {TransformKind::Ignore, "Ignore"},
                {TransformKind::Hide, "Hide"},           {TransformKind::Show, "Show"},
                {TransformKind::ShowFrom, "ShowFrom"},   {TransformKind::TagFocus, "TagFocus"},
                {TransformKind::TagIgnore, "TagIgnore"}, {TransformKind::TagRoot, "TagRoot"},
                {TransformKind::TagLeaf, "TagLeaf"}};
            for (const auto &[kind, name] : names) {
                if (kind == transform.kind)
                    out.warnings.push_back(std::string(name) + " expression matched no samples");
            }
        }
        t = r.table;
    }
    t = finishForReport(t, noInlines, cancel);
    if (!t) {
        out.cancelled = true;
        out.error = "cancelled";
        return out;
    }
    if (filters.relativePercentages) {
        // Percentages of what is left: the totals of the stacks that remain. (A derived
        // table, not a copy: a copied string pool would index the source's strings.)
        StackTable relative = derivedStackTable(*t);
        relative.nodeParents = t->nodeParents;
        relative.nodeFrames = t->nodeFrames;
        relative.nodeChildBegin = t->nodeChildBegin;
        relative.stackNodes = t->stackNodes;
        relative.stackValues = t->stackValues;
        relative.sampleLabels = t->sampleLabels;
        for (size_t c = 0; c < relative.columnCount(); ++c) {
            int64_t total = 0;
            for (size_t s = 0; s < relative.stackCount(); ++s)
                total = addSaturating(total, magnitude(relative.value(s, c)));
            relative.totals[c] = total;
        }
        t = std::make_shared<const StackTable>(std::move(relative));
    }
    out.table = t;
    return out;
}

void addActiveFilters(TopTable &table, const PprofFilters &filters)
{
    const std::vector<std::string> lines = filters.headerLines();
    if (lines.empty())
        return;
    auto at = std::find_if(table.headerLines.begin(), table.headerLines.end(),
                           [](const std::string &l) { return l.starts_with("Showing nodes"); });
    table.headerLines.insert(at, lines.begin(), lines.end());
}

} // namespace embers
