#include "StackFilter.h"

#include "DerivedStackTable.h"
#include "FrameMatch.h"
#include "LargeArrays.h"
#include "StackLabels.h"

#include <QString>

#include <algorithm>
#include <array>
#include <string_view>

namespace embers {

namespace {

int64_t magnitude(int64_t v)
{
    return v == INT64_MIN ? INT64_MAX : (v < 0 ? -v : v);
}

// Per node: 1 when its stack passes through a masked frame (the node's own or an
// ancestor's). Breadth-first order puts every parent before its children.
std::vector<uint8_t> nodesThrough(const StackTable &t, const FrameMask &mask)
{
    std::vector<uint8_t> through = largeArray<uint8_t>(t.nodeCount(), 0);
    for (uint32_t node = 1; node < t.nodeCount(); ++node) {
        const uint32_t f = t.nodeFrame(node) & kFrameMask;
        through[node] = through[t.nodeParent(node)] | (f < mask.size() ? mask[f] : 0);
    }
    return through;
}

} // namespace

FrameMask StackFilter::frames(const StackTable &t, const std::function<bool(uint32_t frame)> &match)
{
    FrameMask mask(t.frameCount(), 0);
    for (uint32_t f = 0; f < t.frameCount(); ++f)
        mask[f] = match(f) ? 1 : 0;
    return mask;
}

FrameMask StackFilter::framesMatching(const StackTable &t, const QRegularExpression &rx)
{
    return matchFrames(t, rx, FrameMatchRule::Location);
}

bool StackFilter::isV8PseudoFrame(const StackTable &t, uint32_t frame)
{
    static constexpr std::array<std::string_view, 4> kNames = {
        "(program)", "(idle)", "(garbage collector)", "Garbage Collection"};
    const Frame &f = t.frames[frame];
    if (f.file != 0)
        return false;
    const std::string &name = t.strings[f.name];
    return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

FrameMask StackFilter::v8PseudoFrames(const StackTable &t)
{
    return frames(t, [&](uint32_t f) { return isV8PseudoFrame(t, f); });
}

bool StackFilter::anyStackThrough(const StackTable &t, const FrameMask &mask)
{
    if (std::none_of(mask.begin(), mask.end(), [](uint8_t m) { return m != 0; }))
        return false;
    // Every node lies on some stack's path (the trie holds nothing else).
    for (uint32_t node = 1; node < t.nodeCount(); ++node) {
        const uint32_t f = t.nodeFrame(node) & kFrameMask;
        if (f < mask.size() && mask[f])
            return true;
    }
    return false;
}

std::vector<int64_t> StackFilter::totalThrough(const StackTable &t, const FrameMask &mask)
{
    std::vector<int64_t> total(t.columnCount(), 0);
    const std::vector<uint8_t> through = nodesThrough(t, mask);
    for (size_t s = 0; s < t.stackCount(); ++s) {
        if (!through[t.stackNodes[s]])
            continue;
        for (size_t c = 0; c < t.columnCount(); ++c)
            total[c] = addSaturating(total[c], magnitude(t.value(s, c)));
    }
    return total;
}

std::vector<uint8_t> StackFilter::stacksThrough(const StackTable &t, const FrameMask &mask)
{
    const std::vector<uint8_t> through = nodesThrough(t, mask);
    std::vector<uint8_t> out(t.stackCount());
    for (size_t s = 0; s < t.stackCount(); ++s)
        out[s] = through[t.stackNodes[s]];
    return out;
}

std::optional<StackTable> StackFilter::withoutFrames(const StackTable &t, const FrameMask &mask,
                                                     Totals totals, const std::atomic_bool *cancel)
{
    std::vector<uint8_t> keep = stacksThrough(t, mask);
    for (uint8_t &k : keep)
        k = !k;
    return keepStacks(t, keep, nullptr, totals, cancel);
}

std::optional<StackTable> StackFilter::keepStacks(const StackTable &t,
                                                  const std::vector<uint8_t> &keepStack,
                                                  const std::vector<int64_t> *values, Totals totals,
                                                  const std::atomic_bool *cancel,
                                                  std::vector<uint32_t> *renumbered)
{
    auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const uint32_t n = uint32_t(t.nodeCount());
    const size_t columns = t.columnCount();
    StackTable out = derivedStackTable(t);
    if (values == nullptr)
        values = &t.stackValues;

    // The kept stacks, and the nodes they pass through: their ends and every ancestor.
    std::vector<uint8_t> keep = largeArray<uint8_t>(n, 0);
    std::vector<int64_t> dropped(columns, 0), kept(columns, 0);
    std::vector<size_t> keptStacks;
    keptStacks.reserve(t.stackCount());
    for (size_t s = 0; s < t.stackCount(); ++s) {
        if (!keepStack[s]) {
            for (size_t c = 0; c < columns; ++c)
                dropped[c] = addSaturating(dropped[c], magnitude(t.value(s, c)));
            continue;
        }
        keptStacks.push_back(s);
        keep[t.stackNodes[s]] = 1;
        for (size_t c = 0; c < columns; ++c)
            kept[c] = addSaturating(kept[c], magnitude((*values)[s * columns + c]));
    }
    if (cancelled())
        return std::nullopt;
    keep[StackTable::kRoot] = 1;
    for (uint32_t node = n; node-- > 1;) {
        if (keep[node])
            keep[t.nodeParent(node)] = 1;
    }
    if (cancelled())
        return std::nullopt;

    // The kept nodes in their order are still breadth-first with contiguous children:
    // renumber them, and count each one's children for the child ranges.
    std::vector<uint32_t> map = largeArray<uint32_t>(n, kNone);
    map[StackTable::kRoot] = StackTable::kRoot;
    const size_t keptNodes = size_t(std::count(keep.begin(), keep.end(), 1));
    reserveLarge(out.nodeParents, keptNodes);
    reserveLarge(out.nodeFrames, keptNodes);
    for (uint32_t node = 1; node < n; ++node) {
        if (!keep[node])
            continue;
        map[node] = uint32_t(out.nodeParents.size());
        out.nodeParents.push_back(map[t.nodeParent(node)]);
        out.nodeFrames.push_back(t.nodeFrame(node));
    }
    computeChildRanges(out);

    out.stackNodes.reserve(keptStacks.size());
    out.stackValues.reserve(keptStacks.size() * columns);
    for (size_t s : keptStacks)
        appendStack(out, map[t.stackNodes[s]], values->data() + s * columns);
    // The labels of the kept stacks go along (label filters apply after this one); not
    // when the values were replaced, as the labels' values would no longer add up.
    if (t.sampleLabels && values == &t.stackValues) {
        std::vector<uint32_t> outOf = largeArray<uint32_t>(n, kNone);
        for (size_t s : keptStacks)
            outOf[t.stackNodes[s]] = map[t.stackNodes[s]];
        out.sampleLabels = t.sampleLabels->remapped(outOf);
    }
    if (totals == Totals::Recomputed) {
        for (size_t c = 0; c < columns; ++c) {
            out.totals[c] =
                values == &t.stackValues ? std::max<int64_t>(0, t.totals[c] - dropped[c]) : kept[c];
        }
    }
    if (renumbered)
        *renumbered = std::move(map);
    return out;
}

} // namespace embers
