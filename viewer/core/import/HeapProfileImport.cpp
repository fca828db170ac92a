#include "HeapProfileImport.h"

#include "StackTable.h"
#include "V8CallFrame.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>

namespace embers {

namespace {

constexpr uint32_t kNoParent = 0xFFFFFFFFu;

ImportResult invalid(const std::string &why)
{
    return {nullptr, "not a valid Chrome .heapprofile: " + why};
}

} // namespace

bool isHeapProfile(const QJsonObject &root)
{
    const QJsonObject head = root.value(QLatin1String("head")).toObject();
    return head.value(QLatin1String("callFrame")).isObject() &&
           head.contains(QLatin1String("selfSize"));
}

ImportResult importHeapProfile(const QJsonObject &root)
{
    // The tree, flattened without recursion: each node's parent, id, callFrame, selfSize.
    struct Node
    {
        QJsonObject callFrame;
        uint32_t parent;
        int64_t selfSize;
    };
    std::vector<Node> nodes;
    std::unordered_map<int64_t, uint32_t> byId;
    std::vector<std::pair<QJsonObject, uint32_t>> pending{
        {root.value(QLatin1String("head")).toObject(), kNoParent}};
    while (!pending.empty()) {
        auto [node, parent] = std::move(pending.back());
        pending.pop_back();
        const uint32_t index = uint32_t(nodes.size());
        const QJsonValue callFrame = node.value(QLatin1String("callFrame"));
        if (!callFrame.isObject())
            return invalid("a node has no callFrame");
        int64_t selfSize = 0;
        if (!wholeNumber(node.value(QLatin1String("selfSize")), &selfSize) || selfSize < 0)
            return invalid("a node has no valid selfSize");
        nodes.push_back({callFrame.toObject(), parent, selfSize});
        if (int64_t id = 0; wholeNumber(node.value(QLatin1String("id")), &id)) {
            if (!byId.emplace(id, index).second)
                return invalid("node id " + std::to_string(id) + " appears twice");
        }
        for (const QJsonValue child : node.value(QLatin1String("children")).toArray()) {
            if (!child.isObject())
                return invalid("a node's children are not all nodes");
            pending.emplace_back(child.toObject(), index);
        }
    }

    const QJsonValue samplesValue = root.value(QLatin1String("samples"));
    const bool haveSamples = samplesValue.isArray();
    std::vector<int64_t> objects(nodes.size(), 0), bytes(nodes.size(), 0);
    size_t missing = 0;
    if (haveSamples) {
        const QJsonArray samples = samplesValue.toArray();
        for (qsizetype i = 0; i < samples.size(); ++i) {
            const QJsonObject sample = samples[i].toObject();
            int64_t id = 0, size = 0;
            if (!wholeNumber(sample.value(QLatin1String("nodeId")), &id))
                return invalid("sample #" + std::to_string(i) + " has no nodeId");
            if (!wholeNumber(sample.value(QLatin1String("size")), &size) || size < 0)
                return invalid("sample #" + std::to_string(i) + " has no valid size");
            auto node = byId.find(id);
            if (node == byId.end()) {
                // V8 lists samples taken after it wrote the tree (seen in real files): their
                // bytes are kept, under a frame of their own below the root.
                QJsonObject frame;
                frame.insert(QLatin1String("functionName"),
                             QStringLiteral("(missing node %1)").arg(id));
                node = byId.emplace(id, uint32_t(nodes.size())).first;
                nodes.push_back({frame, 0, 0});
                objects.push_back(0);
                bytes.push_back(0);
                ++missing;
            }
            ++objects[node->second];
            if (__builtin_add_overflow(bytes[node->second], size, &bytes[node->second]))
                return {nullptr, "the sizes of the samples at node " + std::to_string(id) +
                                     " add up beyond what a profile can hold (" +
                                     std::to_string(INT64_MAX) + ")"};
        }
    } else {
        for (size_t n = 0; n < nodes.size(); ++n)
            bytes[n] = nodes[n].selfSize;
    }

    const bool allocations = root.value(QLatin1String("includeObjectsCollectedByMajorGC")).toBool();
    const char *space = allocations ? "alloc_space" : "inuse_space";
    ProfileAssembler assembler(haveSamples ? SampleTypeNames{{"samples", "count"}, {space, "bytes"}}
                                           : SampleTypeNames{{space, "bytes"}});
    Profile &p = assembler.profile();
    p.periodType = {assembler.string("space"), assembler.string("bytes")};
    if (int64_t interval = 0;
        wholeNumber(root.value(QLatin1String("samplingInterval")), &interval) && interval > 0)
        p.period = interval;
    if (missing)
        p.warnings.push_back(std::to_string(missing) +
                             " sample node id(s) are not in the tree; their samples are shown "
                             "under \"(missing node ID)\"");
    // The head is V8's "(root)", not a frame of the program: stacks start below it.
    const bool headIsRoot =
        !nodes.empty() && nodes[0].callFrame.value(QLatin1String("functionName")).toString() ==
                              QLatin1String("(root)");
    std::vector<uint32_t> locations(nodes.size(), kNone);
    std::vector<uint32_t> stack;
    for (uint32_t n = 0; n < uint32_t(nodes.size()); ++n) {
        if (objects[n] == 0 && bytes[n] == 0)
            continue;
        stack.clear();
        for (uint32_t at = n; at != kNoParent && !(at == 0 && headIsRoot); at = nodes[at].parent) {
            if (locations[at] == kNone)
                locations[at] = v8FrameLocation(assembler, nodes[at].callFrame);
            stack.push_back(locations[at]);
        }
        if (haveSamples) {
            const int64_t values[] = {objects[n], bytes[n]};
            assembler.addSample(stack, values);
        } else {
            assembler.addSample(stack, std::span(&bytes[n], 1));
        }
    }
    return {assembler.finish(), {}};
}

} // namespace embers
