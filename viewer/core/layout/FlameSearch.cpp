#include "FlameSearch.h"

#include <QRegularExpression>

namespace embers {

int64_t FlameSearch::profileTotal(const CallTree &tree)
{
    const StackTable &t = tree.stacks();
    int64_t total = tree.column() < t.totals.size() ? t.totals[tree.column()] : 0;
    if (total == 0 && tree.nodeCount() > 0) {
        int64_t r = tree.total(CallTree::kRoot);
        total = r == INT64_MIN ? INT64_MAX : (r < 0 ? -r : r);
    }
    return total;
}

FlameSearchResult FlameSearch::run(const CallTree &tree,
                                   const std::function<bool(uint32_t frame)> &frameMatches)
{
    FlameSearchResult r;
    r.valid = true;
    const StackTable &t = tree.stacks();
    r.profileTotal = profileTotal(tree);
    r.frameBits.assign(t.frameCount(), 0);
    for (uint32_t f = 0; f < t.frameCount(); ++f)
        r.frameBits[f] = frameMatches(f) ? 1 : 0;

    const size_t n = tree.nodeCount();
    r.nodeBits.assign(n, 0);
    // 2 in frameBits marks a matching frame already counted in matchedFrames.
    std::vector<uint8_t> &frames = r.frameBits;
    // Parents come before children (breadth-first), so one forward pass knows each
    // node's ancestors' state from its parent.
    for (uint32_t node = 1; node < n; ++node) {
        const uint8_t parent = r.nodeBits[tree.parent(node)];
        uint8_t bits = (parent & (FlameSearchResult::Matches | FlameSearchResult::UnderMatch))
                           ? FlameSearchResult::UnderMatch
                           : 0;
        const uint32_t f = tree.frame(node);
        if (f < frames.size() && frames[f]) {
            bits |= FlameSearchResult::Matches;
            ++r.matchedNodes;
            if (frames[f] == 1) {
                frames[f] = 2;
                ++r.matchedFrames;
            }
            if (!(bits & FlameSearchResult::UnderMatch))
                r.matchedTotal = addSaturating(r.matchedTotal, tree.total(node));
        }
        r.nodeBits[node] = bits;
    }
    for (uint8_t &b : frames)
        b = b ? 1 : 0;
    r.matchedPercent = r.profileTotal ? 100.0 * double(r.matchedTotal) / double(r.profileTotal) : 0;
    return r;
}

FlameSearchResult FlameSearch::run(const CallTree &tree, const QString &pattern, bool regex,
                                   Qt::CaseSensitivity cs)
{
    if (pattern.isEmpty())
        return {};
    const StackTable &t = tree.stacks();
    // The function's name, not its file: "parse" should not match every function of
    // parser/main.go. Frames without a name (addresses, binaries) match their label.
    auto label = [&t](uint32_t f) {
        const std::string &name = t.strings[t.frames[f].name];
        return QString::fromStdString(name.empty() ? t.frameName(f) : name);
    };
    if (regex) {
        QRegularExpression re(pattern, cs == Qt::CaseInsensitive
                                           ? QRegularExpression::CaseInsensitiveOption
                                           : QRegularExpression::NoPatternOption);
        if (!re.isValid()) {
            FlameSearchResult r;
            r.error = re.errorString();
            return r;
        }
        re.optimize();
        return run(tree, [&](uint32_t f) { return re.match(label(f)).hasMatch(); });
    }
    return run(tree, [&](uint32_t f) { return label(f).contains(pattern, cs); });
}

} // namespace embers
