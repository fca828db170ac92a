#include "HeapSnapshotImport.h"

#include "Dominators.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

namespace embers {

namespace {

constexpr uint32_t kNoIndex = 0xFFFFFFFFu;

// A cursor over the JSON text: just what a snapshot's top level needs, no recursion.
class JsonCursor
{
public:
    JsonCursor(const char *begin, const char *end) : m_begin(begin), m_at(begin), m_end(end) {}

    size_t offset() const { return size_t(m_at - m_begin); }
    bool atEnd() const { return m_at == m_end; }
    void skipSpace()
    {
        while (m_at != m_end && (*m_at == ' ' || *m_at == '\n' || *m_at == '\r' || *m_at == '\t'))
            ++m_at;
    }
    bool take(char c)
    {
        skipSpace();
        if (m_at == m_end || *m_at != c)
            return false;
        ++m_at;
        return true;
    }
    bool peekIs(char c)
    {
        skipSpace();
        return m_at != m_end && *m_at == c;
    }
    // A string; its decoded text into *out when out is not null.
    bool string(std::string *out)
    {
        if (!take('"'))
            return false;
        while (m_at != m_end) {
            const char c = *m_at++;
            if (c == '"')
                return true;
            if (c != '\\') {
                if (out)
                    out->push_back(c);
                continue;
            }
            if (m_at == m_end)
                return false;
            const char e = *m_at++;
            if (e != 'u') {
                static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
                const char *f = std::strchr(from, e);
                if (!f || e == 0)
                    return false;
                if (out)
                    out->push_back(to[f - from]);
                continue;
            }
            uint32_t code = 0;
            if (!hex4(&code))
                return false;
            if (code >= 0xD800 && code < 0xDC00 && m_end - m_at >= 6 && m_at[0] == '\\' &&
                m_at[1] == 'u') {
                const char *back = m_at;
                m_at += 2;
                uint32_t low = 0;
                if (hex4(&low) && low >= 0xDC00 && low < 0xE000)
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                else
                    m_at = back;
            }
            if (out)
                appendUtf8(out, code);
        }
        return false;
    }
    // Any value, passed over (strings, nesting), without building it.
    bool skipValue()
    {
        skipSpace();
        int depth = 0;
        do {
            skipSpace();
            if (m_at == m_end)
                return false;
            const char c = *m_at;
            if (c == '"') {
                if (!string(nullptr))
                    return false;
            } else if (c == '{' || c == '[') {
                ++depth;
                ++m_at;
            } else if (c == '}' || c == ']') {
                if (--depth < 0)
                    return false;
                ++m_at;
            } else {
                ++m_at; // numbers, literals, commas, colons
            }
        } while (depth > 0);
        return true;
    }
    // `[n, n, ...]` of whole numbers, each to `sink(index, value)`; false if not that.
    template <typename Sink> bool numbers(Sink &&sink)
    {
        if (!take('['))
            return false;
        uint64_t index = 0;
        if (take(']'))
            return true;
        for (;;) {
            skipSpace();
            uint64_t v = 0;
            const char *start = m_at;
            while (m_at != m_end && *m_at >= '0' && *m_at <= '9') {
                if (v > (UINT64_MAX - 9) / 10)
                    return false;
                v = v * 10 + uint64_t(*m_at++ - '0');
            }
            if (m_at == start)
                return false;
            if (!sink(index++, v))
                return false;
            if (take(']'))
                return true;
            if (!take(','))
                return false;
        }
    }
    // `["...", ...]`: where each string's raw text lies (decoded later, if ever needed).
    bool stringSpans(std::vector<std::pair<size_t, uint32_t>> *spans)
    {
        if (!take('['))
            return false;
        if (take(']'))
            return true;
        for (;;) {
            skipSpace();
            const size_t start = offset();
            if (!string(nullptr))
                return false;
            const size_t length = offset() - start;
            if (length > UINT32_MAX)
                return false;
            spans->emplace_back(start, uint32_t(length));
            if (take(']'))
                return true;
            if (!take(','))
                return false;
        }
    }
    const char *at() const { return m_at; }

private:
    bool hex4(uint32_t *code)
    {
        if (m_end - m_at < 4)
            return false;
        for (int i = 0; i < 4; ++i) {
            const char h = *m_at++;
            const int d = h >= '0' && h <= '9'   ? h - '0'
                          : h >= 'a' && h <= 'f' ? h - 'a' + 10
                          : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                 : -1;
            if (d < 0)
                return false;
            *code = *code * 16 + uint32_t(d);
        }
        return true;
    }
    static void appendUtf8(std::string *out, uint32_t c)
    {
        if (c >= 0xD800 && c < 0xE000)
            c = 0xFFFD; // a lone surrogate
        if (c < 0x80) {
            out->push_back(char(c));
        } else if (c < 0x800) {
            out->push_back(char(0xC0 | (c >> 6)));
            out->push_back(char(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            out->push_back(char(0xE0 | (c >> 12)));
            out->push_back(char(0x80 | ((c >> 6) & 0x3F)));
            out->push_back(char(0x80 | (c & 0x3F)));
        } else {
            out->push_back(char(0xF0 | (c >> 18)));
            out->push_back(char(0x80 | ((c >> 12) & 0x3F)));
            out->push_back(char(0x80 | ((c >> 6) & 0x3F)));
            out->push_back(char(0x80 | (c & 0x3F)));
        }
    }

    const char *m_begin, *m_at, *m_end;
};

ImportResult invalid(const std::string &why)
{
    return {nullptr, "not a valid V8 heap snapshot: " + why};
}

int indexOf(const QJsonArray &names, const char *name)
{
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (names[i].toString() == QLatin1String(name))
            return int(i);
    }
    return -1;
}

// DevTools' Summary classes: what a node of each type is grouped under; empty where the
// node's own name is its class (objects by constructor, native and synthetic nodes).
std::string classOfType(const std::string &type)
{
    if (type == "object" || type == "native" || type == "synthetic")
        return {};
    if (type == "hidden")
        return "(system)";
    if (type == "code")
        return "(compiled code)";
    if (type == "string" || type == "concatenated string" || type == "sliced string")
        return "(string)";
    return "(" + type + ")"; // (array), (closure), (regexp), (number), (symbol), ...
}

} // namespace

bool isHeapSnapshot(QByteArrayView head)
{
    JsonCursor c(head.data(), head.data() + head.size());
    std::string key;
    return c.take('{') && c.string(&key) && key == "snapshot" && c.take(':') && c.peekIs('{');
}

ImportResult importHeapSnapshot(QByteArrayView text, const std::atomic_bool *cancel)
{
    auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
    const char *begin = text.data(), *end = text.data() + text.size();
    JsonCursor c(begin, end);
    auto endedEarly = [&](const char *what) {
        return invalid(std::string(what) + " at byte " + std::to_string(c.offset()) +
                       (c.atEnd() ? ": the file ends there; is it truncated?" : ""));
    };

    // Where each top-level value lies; parsed below in the order their meanings need.
    struct Span
    {
        const char *begin = nullptr, *end = nullptr;
    };
    Span meta, nodes, edges, strings;
    if (!c.take('{'))
        return endedEarly("no JSON object");
    for (bool first = true; !c.take('}'); first = false) {
        if (!first && !c.take(','))
            return endedEarly("no ',' between two fields");
        std::string key;
        if (!c.string(&key) || !c.take(':'))
            return endedEarly("no field name");
        c.skipSpace();
        Span span{c.at(), nullptr};
        if (!c.skipValue())
            return endedEarly(("field \"" + key + "\" is not valid JSON").c_str());
        span.end = c.at();
        if (key == "snapshot")
            meta = span;
        else if (key == "nodes")
            nodes = span;
        else if (key == "edges")
            edges = span;
        else if (key == "strings")
            strings = span;
    }
    if (!meta.begin || !nodes.begin || !edges.begin || !strings.begin)
        return invalid("it lacks one of snapshot, nodes, edges and strings");
    if (cancelled())
        return {};

    QJsonParseError error;
    const QJsonObject snapshot =
        QJsonDocument::fromJson(QByteArray::fromRawData(meta.begin, meta.end - meta.begin), &error)
            .object();
    const QJsonObject m = snapshot.value(QLatin1String("meta")).toObject();
    const QJsonArray nodeFields = m.value(QLatin1String("node_fields")).toArray();
    const QJsonArray edgeFields = m.value(QLatin1String("edge_fields")).toArray();
    const QJsonArray nodeTypes = m.value(QLatin1String("node_types")).toArray().first().toArray();
    const QJsonArray edgeTypes = m.value(QLatin1String("edge_types")).toArray().first().toArray();
    const int nodeFieldCount = int(nodeFields.size()), edgeFieldCount = int(edgeFields.size());
    const int typeField = indexOf(nodeFields, "type"), nameField = indexOf(nodeFields, "name"),
              sizeField = indexOf(nodeFields, "self_size"),
              edgeCountField = indexOf(nodeFields, "edge_count"),
              detachednessField = indexOf(nodeFields, "detachedness");
    const int edgeTypeField = indexOf(edgeFields, "type"),
              toNodeField = indexOf(edgeFields, "to_node");
    if (typeField < 0 || nameField < 0 || sizeField < 0 || edgeCountField < 0 ||
        edgeTypeField < 0 || toNodeField < 0 || nodeTypes.isEmpty() || edgeTypes.isEmpty())
        return invalid("its meta does not name the node fields type, name, self_size and "
                       "edge_count and the edge fields type and to_node with their types");
    const int weakType = indexOf(edgeTypes, "weak"), shortcutType = indexOf(edgeTypes, "shortcut");

    // The nodes as columns: the fields a profile needs and no others.
    std::vector<uint8_t> nodeType;
    std::vector<uint32_t> nodeName, edgeCount;
    std::vector<int64_t> selfSize;
    std::vector<uint32_t> detached; // in order
    std::string why;
    JsonCursor nodeCursor(nodes.begin, nodes.end);
    const bool nodesRead = nodeCursor.numbers([&](uint64_t i, uint64_t v) {
        const int field = int(i % uint64_t(nodeFieldCount));
        const uint64_t node = i / uint64_t(nodeFieldCount);
        if (field == 0 && node >= kNoIndex) {
            why = "it has more nodes than Embers can hold";
            return false;
        }
        if (field == typeField) {
            if (v >= uint64_t(nodeTypes.size())) {
                why = "node #" + std::to_string(node) + " has type " + std::to_string(v) +
                      ", which the meta does not name";
                return false;
            }
            nodeType.push_back(uint8_t(v));
        } else if (field == nameField) {
            nodeName.push_back(uint32_t(std::min<uint64_t>(v, kNoIndex)));
        } else if (field == sizeField) {
            // No object is a TiB: a larger size is a hostile file's, kept from overflowing sums.
            selfSize.push_back(int64_t(std::min<uint64_t>(v, uint64_t(1) << 40)));
        } else if (field == detachednessField) {
            // V8's value 2: a DOM node no document holds, which DevTools names "Detached".
            if (v == 2)
                detached.push_back(uint32_t(node));
        } else if (field == edgeCountField) {
            edgeCount.push_back(uint32_t(std::min<uint64_t>(v, kNoIndex)));
        }
        return true;
    });
    if (!nodesRead)
        return invalid(why.empty() ? "its nodes are not a list of whole numbers" : why);
    const size_t nodeCount = edgeCount.size();
    if (nodeCount == 0 || nodeType.size() != nodeCount || nodeName.size() != nodeCount ||
        selfSize.size() != nodeCount)
        return invalid(nodeCount == 0 ? "it has no nodes"
                                      : "its nodes list ends in the middle of a node");
    if (cancelled())
        return {};

    // The edges that retain, as successor lists (they come in the order of the nodes).
    std::vector<uint64_t> offsets(nodeCount + 1, 0);
    std::vector<uint32_t> targets;
    uint64_t edgeTotal = 0;
    for (size_t n = 0; n < nodeCount; ++n)
        edgeTotal += edgeCount[n];
    targets.reserve(size_t(std::min<uint64_t>(edgeTotal, uint64_t(1) << 32)));
    {
        size_t from = 0;
        uint64_t leftOfNode = edgeCount[0];
        uint64_t edgeIndex = 0;
        int type = 0;
        uint32_t to = 0;
        JsonCursor edgeCursor(edges.begin, edges.end);
        const bool edgesRead = edgeCursor.numbers([&](uint64_t i, uint64_t v) {
            const int field = int(i % uint64_t(edgeFieldCount));
            if (field == 0) {
                while (from < nodeCount && leftOfNode == 0) {
                    offsets[from + 1] = targets.size();
                    if (++from < nodeCount)
                        leftOfNode = edgeCount[from];
                }
                if (from == nodeCount) {
                    why = "it has more edges than its nodes' edge counts add up to";
                    return false;
                }
            }
            if (field == edgeTypeField)
                type = v > uint64_t(INT32_MAX) ? -1 : int(v);
            if (field == toNodeField) {
                if (v % uint64_t(nodeFieldCount) != 0 ||
                    v / uint64_t(nodeFieldCount) >= nodeCount) {
                    why = "edge #" + std::to_string(edgeIndex) + " goes to " + std::to_string(v) +
                          ", which is not a node";
                    return false;
                }
                to = uint32_t(v / uint64_t(nodeFieldCount));
            }
            if (field == edgeFieldCount - 1) {
                // DevTools' rule: a shortcut from the root marks a global object it holds.
                if (type != weakType && (type != shortcutType || from == 0))
                    targets.push_back(to);
                --leftOfNode;
                ++edgeIndex;
            }
            return true;
        });
        if (!edgesRead)
            return invalid(why.empty() ? "its edges are not a list of whole numbers" : why);
        if (edgeIndex != edgeTotal)
            return invalid("its nodes' edge counts add up to " + std::to_string(edgeTotal) +
                           " edges, and it lists " + std::to_string(edgeIndex));
        for (; from < nodeCount; ++from)
            offsets[from + 1] = targets.size();
    }
    if (cancelled())
        return {};

    std::vector<std::pair<size_t, uint32_t>> stringAt;
    JsonCursor stringCursor(strings.begin, strings.end);
    if (!stringCursor.stringSpans(&stringAt))
        return invalid("its strings are not a list of strings");
    auto stringOf = [&](uint32_t index) {
        std::string s;
        JsonCursor at(strings.begin + stringAt[index].first,
                      strings.begin + stringAt[index].first + stringAt[index].second);
        at.string(&s);
        return s;
    };

    const DominatorTree tree = computeDominators(offsets, targets, 0, cancel);
    if (tree.cancelled)
        return {};
    std::vector<uint32_t>().swap(targets);
    std::vector<uint64_t>().swap(offsets);

    // Each node's class, as an index into the profile's locations.
    SampleTypeNames types{{"objects", "count"}, {"size", "bytes"}};
    ProfileAssembler assembler(types);
    Profile &p = assembler.profile();
    std::vector<std::string> typeClass;
    for (const QJsonValue t : nodeTypes)
        typeClass.push_back(classOfType(t.toString().toStdString()));
    // (type class, or name and whether detached) -> location
    std::unordered_map<uint64_t, uint32_t> classByName;
    std::vector<bool> isDetached(nodeCount, false);
    for (const uint32_t node : detached)
        isDetached[node] = true;
    auto classOf = [&](uint32_t node) {
        const std::string &byType = typeClass[nodeType[node]];
        const bool detachedNode = byType.empty() && isDetached[node];
        const uint64_t key = !byType.empty() ? (uint64_t(1) << 33) | nodeType[node]
                             : detachedNode  ? (uint64_t(1) << 32) | nodeName[node]
                                             : nodeName[node];
        auto [it, added] = classByName.try_emplace(key, 0);
        if (added) {
            std::string name = byType;
            if (name.empty()) {
                if (nodeName[node] >= stringAt.size())
                    return kNoIndex;
                name = stringOf(nodeName[node]);
                if (name.empty())
                    name = "(anonymous)";
                if (detachedNode)
                    name = "Detached " + name;
            }
            it->second = assembler.location(name, {}, 0, 0, 0, 0);
        }
        return it->second;
    };

    // Paths of classes down the dominator tree, interned as a trie: objects that share a
    // path share a sample.
    struct PathNode
    {
        uint32_t parent, location, depth;
        int64_t objects = 0, bytes = 0;
    };
    std::vector<PathNode> paths{{kNoIndex, kNoIndex, 0}};
    std::unordered_map<uint64_t, uint32_t> pathByStep;
    std::vector<uint32_t> pathOf(nodeCount, 0), classAt(nodeCount, kNoIndex);
    uint32_t deeper = kNoIndex; // made when a path first needs it
    uint64_t cut = 0;
    for (const uint32_t node : tree.order) {
        if (node == 0)
            continue;
        const uint32_t location = classOf(node);
        if (location == kNoIndex)
            return invalid("node #" + std::to_string(node) + " is named by string " +
                           std::to_string(nodeName[node]) + ", which is not in its strings");
        classAt[node] = location;
        const uint32_t dominator = tree.idom[node];
        uint32_t path = pathOf[dominator];
        if (classAt[dominator] != location || dominator == 0) {
            const PathNode &up = paths[path];
            const bool tooDeep = up.depth >= uint32_t(kMaxDominatorDepth);
            if (tooDeep && deeper == kNoIndex)
                deeper = assembler.location("(deeper)", {}, 0, 0, 0, 0);
            const uint32_t step = tooDeep ? deeper : location;
            if (deeper != kNoIndex && up.location == deeper) {
                ++cut;
            } else {
                auto [it, added] =
                    pathByStep.try_emplace((uint64_t(path) << 32) | step, uint32_t(paths.size()));
                if (added)
                    paths.push_back({path, step, up.depth + 1});
                path = it->second;
            }
        }
        pathOf[node] = path;
        paths[path].objects += 1;
        paths[path].bytes += selfSize[node];
    }
    std::vector<uint32_t>().swap(classAt);
    std::vector<uint32_t>().swap(pathOf);
    std::vector<uint32_t> stack;
    for (const PathNode &path : paths) {
        if (path.objects == 0)
            continue;
        stack.clear();
        for (const PathNode *at = &path; at->parent != kNoIndex; at = &paths[at->parent])
            stack.push_back(at->location);
        const int64_t values[] = {path.objects, path.bytes};
        assembler.addSample(stack, values);
    }
    p.periodType = {assembler.string("space"), assembler.string("bytes")};
    if (tree.unreachable)
        p.warnings.push_back(std::to_string(tree.unreachable) +
                             " objects are not reachable from the snapshot's root; they are "
                             "shown below it, as DevTools shows them");
    if (cut)
        p.warnings.push_back(std::to_string(cut) + " objects lie deeper than " +
                             std::to_string(kMaxDominatorDepth) +
                             " classes in the dominator tree; they are counted in \"(deeper)\"");
    return {assembler.finish(), {}};
}

} // namespace embers
