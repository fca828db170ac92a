// Helpers for tests of derived StackTables: the trie's invariants, and its stacks as
// folded text ("main;a;b" -> value) to compare with what a brute-force pass over the
// source stacks gives.
#pragma once

#include "StackTable.h"

#include <QString>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace embers::test {

// "" when the table is a well-formed trie (as StackTable::build makes them), else what
// is wrong: breadth-first with contiguous children, siblings with distinct frames,
// stacks ascending, values for every stack, every leaf a stack.
inline QString trieProblems(const StackTable &t)
{
    const size_t n = t.nodeCount();
    if (n == 0 || t.nodeFrames.size() != n || t.nodeChildBegin.size() != n + 1)
        return QStringLiteral("array sizes");
    if (t.nodeParents[0] != StackTable::kRoot || t.nodeChildBegin[0] != 1 ||
        t.nodeChildBegin[n] != n)
        return QStringLiteral("root or sentinel");
    for (uint32_t node = 0; node < n; ++node) {
        if (t.nodeChildBegin[node] > t.nodeChildBegin[node + 1])
            return QStringLiteral("child ranges decrease at %1").arg(node);
        std::vector<uint32_t> frames;
        for (uint32_t c = t.firstChild(node); c < t.childEnd(node); ++c) {
            if (t.nodeParent(c) != node)
                return QStringLiteral("node %1 is not a child of %2").arg(c).arg(node);
            frames.push_back(t.nodeFrame(c));
        }
        std::sort(frames.begin(), frames.end());
        if (std::adjacent_find(frames.begin(), frames.end()) != frames.end())
            return QStringLiteral("two children of %1 share a frame").arg(node);
        if (node > 0 && (t.nodeFrame(node) & kFrameMask) >= t.frameCount())
            return QStringLiteral("node %1 has no frame").arg(node);
    }
    if (t.stackValues.size() != t.stackCount() * t.columnCount())
        return QStringLiteral("stack values");
    std::vector<uint8_t> isStack(n, 0);
    for (size_t s = 0; s < t.stackCount(); ++s) {
        if (s > 0 && t.stackNodes[s] <= t.stackNodes[s - 1])
            return QStringLiteral("stacks not ascending");
        if (t.stackNodes[s] >= n)
            return QStringLiteral("stack beyond the nodes");
        isStack[t.stackNodes[s]] = 1;
    }
    for (uint32_t node = 1; node < n; ++node) {
        if (t.firstChild(node) == t.childEnd(node) && !isStack[node])
            return QStringLiteral("leaf %1 ends no stack").arg(node);
    }
    return {};
}

// A frame as text: its name, with "+" when inlined into its caller.
inline std::string frameText(const StackTable &t, uint32_t frame)
{
    return t.frameName(frame & kFrameMask) + ((frame & kInlineBit) ? "+" : "");
}

inline std::string foldedPath(const StackTable &t, const std::vector<uint32_t> &frames)
{
    std::string path;
    for (uint32_t f : frames) {
        if (!path.empty())
            path += ';';
        path += frameText(t, f);
    }
    return path;
}

// Every stack of the table as "root;...;leaf" -> its value in one column.
inline std::map<std::string, int64_t> foldedStacks(const StackTable &t, size_t column)
{
    std::map<std::string, int64_t> out;
    std::vector<uint32_t> frames;
    for (size_t s = 0; s < t.stackCount(); ++s) {
        t.stackFrames(s, frames);
        out[foldedPath(t, frames)] += t.value(s, column);
    }
    return out;
}

inline QString describe(const std::map<std::string, int64_t> &stacks)
{
    QString out;
    for (const auto &[path, value] : stacks)
        out += QStringLiteral("\n  %1 = %2").arg(QString::fromStdString(path)).arg(value);
    return out;
}

// Whether two tables hold the same trie node for node, with the same stacks and values.
inline bool sameTrie(const StackTable &a, const StackTable &b)
{
    return a.nodeParents == b.nodeParents && a.nodeFrames == b.nodeFrames &&
           a.nodeChildBegin == b.nodeChildBegin && a.stackNodes == b.stackNodes &&
           a.stackValues == b.stackValues;
}

} // namespace embers::test
