#include "CpuProfileImport.h"

#include "V8CallFrame.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>

namespace embers {

namespace {

constexpr uint32_t kNoParent = 0xFFFFFFFFu;

// a x b, held at the int64 limits rather than wrapping (the file's numbers are anything):
// for the header's times; a sample's value past the limits is refused instead.
int64_t multiplySaturating(int64_t a, int64_t b)
{
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r))
        return (a < 0) != (b < 0) ? INT64_MIN : INT64_MAX;
    return r;
}

ImportResult invalid(const std::string &why)
{
    return {nullptr, "not a valid Chrome .cpuprofile: " + why};
}

} // namespace

bool isCpuProfile(const QJsonObject &root)
{
    return root.value(QLatin1String("nodes")).isArray() &&
           root.value(QLatin1String("samples")).isArray();
}

ImportResult importCpuProfile(const QJsonObject &root)
{
    const QJsonArray nodes = root.value(QLatin1String("nodes")).toArray();
    const QJsonArray samples = root.value(QLatin1String("samples")).toArray();
    const QJsonValue deltasValue = root.value(QLatin1String("timeDeltas"));
    const QJsonArray deltas = deltasValue.toArray();

    // Nodes by id, and each node's parent (from the parents' `children`, or a node's own
    // `parent` as trace-event profile chunks write it).
    std::unordered_map<int64_t, uint32_t> byId;
    std::vector<int64_t> ids(size_t(nodes.size()));
    std::vector<QJsonObject> callFrames(size_t(nodes.size()));
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const QJsonObject node = nodes[i].toObject();
        if (!wholeNumber(node.value(QLatin1String("id")), &ids[size_t(i)]))
            return invalid("node #" + std::to_string(i) + " has no numeric id");
        if (!byId.emplace(ids[size_t(i)], uint32_t(i)).second)
            return invalid("node id " + std::to_string(ids[size_t(i)]) + " appears twice");
        const QJsonValue callFrame = node.value(QLatin1String("callFrame"));
        if (!callFrame.isObject())
            return invalid("node " + std::to_string(ids[size_t(i)]) + " has no callFrame");
        callFrames[size_t(i)] = callFrame.toObject();
    }
    std::vector<uint32_t> parents(size_t(nodes.size()), kNoParent);
    auto setParent = [&](uint32_t child, uint32_t parent) {
        if (parents[child] != kNoParent && parents[child] != parent)
            return false;
        parents[child] = parent;
        return true;
    };
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const QJsonObject node = nodes[i].toObject();
        const std::string id = std::to_string(ids[size_t(i)]);
        for (const QJsonValue c : node.value(QLatin1String("children")).toArray()) {
            int64_t childId = 0;
            auto child = wholeNumber(c, &childId) ? byId.find(childId) : byId.end();
            if (child == byId.end())
                return invalid("node " + id + " lists child " +
                               (c.isDouble() ? std::to_string(childId) : std::string("?")) +
                               ", which is not in nodes");
            if (!setParent(child->second, uint32_t(i)))
                return invalid("node " + std::to_string(childId) + " has two parents");
        }
        if (const QJsonValue p = node.value(QLatin1String("parent")); !p.isUndefined()) {
            int64_t parentId = 0;
            auto parent = wholeNumber(p, &parentId) ? byId.find(parentId) : byId.end();
            if (parent == byId.end())
                return invalid("node " + id + " has parent " + std::to_string(parentId) +
                               ", which is not in nodes");
            if (!setParent(uint32_t(i), parent->second))
                return invalid("node " + id + " has two parents");
        }
    }

    // Ticks per node.
    std::vector<int64_t> hits(size_t(nodes.size()), 0);
    for (qsizetype i = 0; i < samples.size(); ++i) {
        int64_t id = 0;
        auto node = wholeNumber(samples[i], &id) ? byId.find(id) : byId.end();
        if (node == byId.end())
            return invalid("sample #" + std::to_string(i) + " refers to node id " +
                           (samples[i].isDouble() ? std::to_string(id) : std::string("?")) +
                           ", which is not in nodes");
        ++hits[node->second];
    }

    // The period: the median interval between ticks (robust against the long first
    // delta and the odd late tick), in nanoseconds.
    ProfileAssembler assembler(SampleTypeNames{{"sample", "count"}, {"wall", "nanoseconds"}});
    Profile &p = assembler.profile();
    int64_t start = 0, end = 0;
    const bool haveTimes = wholeNumber(root.value(QLatin1String("startTime")), &start) &&
                           wholeNumber(root.value(QLatin1String("endTime")), &end) && end >= start;
    if (haveTimes)
        p.durationNanos = multiplySaturating(end - start, 1000);
    int64_t periodMicros = 0;
    if (!samples.isEmpty() && deltas.size() == samples.size()) {
        std::vector<int64_t> d(size_t(deltas.size()));
        for (qsizetype i = 0; i < deltas.size(); ++i) {
            if (!wholeNumber(deltas[i], &d[size_t(i)]))
                return invalid("timeDeltas #" + std::to_string(i) + " is not a whole number");
        }
        std::nth_element(d.begin(), d.begin() + ptrdiff_t(d.size() / 2), d.end());
        periodMicros = d[d.size() / 2];
    } else if (!samples.isEmpty()) {
        if (!haveTimes)
            return invalid(deltasValue.isUndefined()
                               ? "it has samples but no timeDeltas nor startTime/endTime"
                               : "timeDeltas and samples differ in length, and there is no "
                                 "startTime/endTime");
        periodMicros = (end - start) / int64_t(samples.size());
        p.warnings.push_back((deltasValue.isUndefined()
                                  ? std::string("there are no timeDeltas")
                                  : "timeDeltas has " + std::to_string(deltas.size()) +
                                        " entries for " + std::to_string(samples.size()) +
                                        " samples") +
                             "; the interval is taken as (endTime - startTime) / samples");
    }
    if (periodMicros < 0)
        return invalid("the median time delta is negative");
    const int64_t period = multiplySaturating(periodMicros, 1000);
    p.period = period;
    p.periodType = {assembler.string("wall"), assembler.string("nanoseconds")};

    // V8's "(root)" is the tree's root, not a frame of the program: stacks start below it.
    auto isRoot = [&](uint32_t n) {
        return parents[n] == kNoParent &&
               callFrames[n].value(QLatin1String("functionName")).toString() ==
                   QLatin1String("(root)");
    };
    std::vector<uint32_t> locations(size_t(nodes.size()), kNone);
    std::vector<uint32_t> stack;
    for (uint32_t n = 0; n < uint32_t(nodes.size()); ++n) {
        if (hits[n] == 0)
            continue;
        stack.clear();
        for (uint32_t at = n; at != kNoParent && !isRoot(at); at = parents[at]) {
            if (stack.size() > size_t(nodes.size()))
                return invalid("the node tree has a cycle through node " + std::to_string(ids[at]));
            if (locations[at] == kNone)
                locations[at] = v8FrameLocation(assembler, callFrames[at]);
            stack.push_back(locations[at]);
        }
        int64_t wall = 0;
        if (__builtin_mul_overflow(hits[n], period, &wall))
            return {nullptr, "the wall time of node " + std::to_string(ids[n]) + " (" +
                                 std::to_string(hits[n]) + " samples of " + std::to_string(period) +
                                 " ns) is beyond what a profile can hold (" +
                                 std::to_string(INT64_MAX) + ")"};
        // The node's own ticks per line of its function (positionTicks): each line's share
        // is a sample whose leaf is the function at that line. The samples array stays
        // the truth: ticks past the node's hits are dropped, hits no line claims stay on
        // the function's own line.
        int64_t left = hits[n];
        const QJsonArray positionTicks =
            stack.empty()
                ? QJsonArray()
                : nodes[qsizetype(n)].toObject().value(QLatin1String("positionTicks")).toArray();
        for (const QJsonValue tick : positionTicks) {
            const QJsonObject t = tick.toObject();
            int64_t line = 0, ticks = 0;
            if (!wholeNumber(t.value(QLatin1String("line")), &line) ||
                !wholeNumber(t.value(QLatin1String("ticks")), &ticks) || line <= 0 || ticks <= 0)
                continue;
            ticks = std::min(ticks, left);
            if (ticks == 0)
                break;
            left -= ticks;
            stack.front() = v8FrameLocation(assembler, callFrames[n], line);
            const int64_t values[] = {ticks, ticks * period}; // within hits x period
            assembler.addSample(stack, values);
        }
        if (left > 0) {
            if (!stack.empty())
                stack.front() = locations[n];
            const int64_t values[] = {left, left * period};
            assembler.addSample(stack, values);
        }
    }
    return {assembler.finish(), {}};
}

} // namespace embers
