#include "TruncatedStacks.h"

#include "DerivedStackTable.h"

#include <algorithm>
#include <atomic>

namespace embers {

namespace {

// Work done in this process (truncationDetectionCount()), so process-wide by definition.
std::atomic<uint64_t> g_detections{0};

bool isGroupFrame(const StackTable &t, uint32_t frame)
{
    const Frame &f = t.frames[frame & kFrameMask];
    return t.strings[f.name] == kTruncatedFrameName && f.file == 0 && f.address == 0;
}

} // namespace

uint64_t truncationDetectionCount()
{
    return g_detections.load();
}

StackTruncation detectTruncation(const StackTable &t, size_t minStacks)
{
    ++g_detections;
    StackTruncation out;
    const uint32_t n = uint32_t(t.nodeCount());
    out.stack.assign(t.stackCount(), 0);
    out.node.assign(n, 0);
    // Per node, root first (breadth-first order has parents first): frames (logical
    // depth), locations (frames not inlined into their caller), the outermost location's
    // lines, and whether the node still is in that location. Depths saturate at 65535,
    // far past every known limit: 16-bit counts and one byte of flags keep this pass to
    // 7 bytes a node (it runs beside the window on 9M-node tries).
    enum : uint8_t { InOuter = 1, Grouped = 2, Cut = 4, Whole = 8 };
    std::vector<uint16_t> logical(n, 0), physical(n, 0), outer(n, 0);
    std::vector<uint8_t> flags(n, 0);
    auto plus = [](uint16_t v, bool add) { return uint16_t(v + (add && v < UINT16_MAX)); };
    for (uint32_t node = 1; node < n; ++node) {
        const uint32_t parent = t.nodeParent(node);
        const uint32_t frame = t.nodeFrame(node);
        if (parent == StackTable::kRoot && isGroupFrame(t, frame)) {
            flags[node] = Grouped | InOuter; // counts as no frame
            continue;
        }
        const bool grouped = flags[parent] & Grouped;
        const bool inlined = frame & kInlineBit;
        const bool first = parent == StackTable::kRoot || (grouped && logical[parent] == 0);
        const bool inOuter = first || ((flags[parent] & InOuter) && inlined);
        logical[node] = plus(logical[parent], true);
        physical[node] = plus(physical[parent], !inlined);
        outer[node] = plus(outer[parent], inOuter);
        flags[node] = uint8_t((grouped ? Grouped : 0) | (inOuter ? InOuter : 0));
    }
    auto isGrouped = [&](uint32_t node) { return (flags[node] & Grouped) != 0; };
    auto reaches = [&](uint32_t node, uint32_t limit) {
        return physical[node] == limit ||
               (uint32_t(logical[node] - outer[node]) < limit && limit <= logical[node]);
    };
    auto exceeds = [&](uint32_t node, uint32_t limit) {
        return physical[node] > limit && uint32_t(logical[node] - outer[node]) >= limit;
    };
    for (int limit : kKnownStackLimits) {
        size_t reached = 0;
        bool exceeded = false;
        for (uint32_t node : t.stackNodes) {
            if (isGrouped(node))
                continue;
            exceeded = exceeded || exceeds(node, uint32_t(limit));
            reached += reaches(node, uint32_t(limit)) ? 1 : 0;
        }
        if (!exceeded && reached >= minStacks) {
            out.limit = limit;
            break;
        }
    }
    bool anyGrouped = false;
    for (size_t s = 0; s < t.stackCount(); ++s) {
        const uint32_t node = t.stackNodes[s];
        anyGrouped = anyGrouped || isGrouped(node);
        if (isGrouped(node) || (out.limit > 0 && reaches(node, uint32_t(out.limit))))
            out.stack[s] = 1;
    }
    // A grouped table whose limit is not known from the rest: the deepest grouped stack's.
    if (anyGrouped && out.limit == 0) {
        for (size_t s = 0; s < t.stackCount(); ++s) {
            if (isGrouped(t.stackNodes[s]))
                out.limit = std::max(out.limit, int(physical[t.stackNodes[s]]));
        }
    }
    for (uint8_t c : out.stack)
        out.truncatedStacks += c;
    if (!out.any())
        return out;
    // Nodes through which only cut stacks pass: up from each stack, in reverse order.
    for (size_t s = 0; s < t.stackCount(); ++s)
        flags[t.stackNodes[s]] |= out.stack[s] ? Cut : Whole;
    for (uint32_t node = n; node-- > 1;) {
        const uint32_t parent = t.nodeParent(node);
        flags[parent] |= flags[node] & (Cut | Whole);
        out.node[node] = (flags[node] & (Cut | Whole)) == Cut;
        if (isGrouped(node) && parent == StackTable::kRoot)
            out.groupNode = node;
    }
    return out;
}

std::optional<StackTable> groupTruncated(const StackTable &t, const StackTruncation &truncation,
                                         const std::atomic_bool *cancel)
{
    StackTable out = derivedStackTable(t);
    out.origins = t.origins;
    if (!truncation.any() || truncation.groupNode != StackTable::kNoFrame) {
        out.nodeParents = t.nodeParents;
        out.nodeFrames = t.nodeFrames;
        out.nodeChildBegin = t.nodeChildBegin;
        out.stackNodes = t.stackNodes;
        out.stackValues = t.stackValues;
        return out;
    }
    Frame group;
    group.name = out.strings.intern(kTruncatedFrameName);
    const uint32_t groupFrame = FrameAdder(out).add(group);

    const uint32_t n = uint32_t(t.nodeCount());
    // Which kinds of stack pass through each source node: 1 whole, 2 cut.
    std::vector<uint8_t> kinds(n, 0);
    std::vector<uint32_t> stackOf(n, UINT32_MAX);
    for (size_t s = 0; s < t.stackCount(); ++s) {
        const uint32_t node = t.stackNodes[s];
        stackOf[node] = uint32_t(s);
        kinds[node] |= truncation.stack[s] ? 2 : 1;
    }
    for (uint32_t node = n; node-- > 1;)
        kinds[t.nodeParent(node)] |= kinds[node];
    if (cancel && cancel->load())
        return std::nullopt;

    // Output nodes breadth-first: each is (source node, kind), or the group node.
    struct Item
    {
        uint32_t source;
        uint8_t kind;
    };
    constexpr uint32_t kGroup = UINT32_MAX;
    std::vector<Item> items{{StackTable::kRoot, 1}};
    out.nodeParents = {StackTable::kRoot};
    out.nodeFrames = {StackTable::kNoFrame};
    out.nodeChildBegin.clear();
    for (size_t i = 0; i < items.size(); ++i) {
        out.nodeChildBegin.push_back(uint32_t(items.size()));
        const Item item = items[i];
        auto addChildren = [&](uint32_t source, uint8_t kind) {
            for (uint32_t c = t.firstChild(source); c < t.childEnd(source); ++c) {
                if (!(kinds[c] & kind))
                    continue;
                items.push_back({c, kind});
                out.nodeParents.push_back(uint32_t(i));
                out.nodeFrames.push_back(t.nodeFrame(c));
            }
        };
        if (item.source == kGroup) {
            addChildren(StackTable::kRoot, 2);
        } else {
            addChildren(item.source, item.kind);
            if (i == 0) {
                items.push_back({kGroup, 2}); // the group's frame is the last one: sorts last
                out.nodeParents.push_back(0);
                out.nodeFrames.push_back(groupFrame);
            }
        }
        if (i % 65536 == 0 && cancel && cancel->load())
            return std::nullopt;
    }
    out.nodeChildBegin.push_back(uint32_t(items.size()));
    // Stacks in node order, each on the copy of its kind.
    const size_t columns = t.columnCount();
    for (uint32_t i = 1; i < items.size(); ++i) {
        const Item item = items[i];
        if (item.source == kGroup)
            continue;
        const uint32_t s = stackOf[item.source];
        if (s == UINT32_MAX || (truncation.stack[s] ? 2 : 1) != item.kind)
            continue;
        appendStack(out, i, t.stackValues.data() + size_t(s) * columns);
    }
    return out;
}

} // namespace embers
